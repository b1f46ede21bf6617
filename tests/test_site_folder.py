"""tools/build_site.py writes only where it may: the folder given to ``--out`` must be new,
empty, or a site it wrote before (its ``.sheriff-site`` file lists what it wrote), and a
rebuild deletes only those files. Anything else is refused with a message, before any work,
and every file in it is left as it was. Also: no name reaches a page as markup.

Every folder a test hands the builder is a temporary one: the repository and the home
folder are stood in for by temporary folders (``build_site.ROOT``, ``$HOME``), so that a
builder that deletes its ``--out`` folder (as it once did: ``--out .`` deleted the checkout,
``.git`` included) can only delete files made for the test. The builds are tiny (one short
lesson, no execution, no widget scripts): about half a second each.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent

if "build_site" in sys.modules:
    build_site = sys.modules["build_site"]
else:
    _spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    build_site = importlib.util.module_from_spec(_spec)
    sys.modules["build_site"] = build_site
    _spec.loader.exec_module(build_site)

MARKER = ".sheriff-site"  # build_site.MARKER, spelled out: these tests also judge older builders


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``folder``, by relative path."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def _user_files(folder: Path) -> dict[str, bytes | None]:
    """A folder of someone's own files, as a checkout or a project folder might hold."""
    (folder / ".git" / "objects").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (folder / "thesis.tex").write_text("\\chapter{Bluffing}\n")
    (folder / "data").mkdir()
    (folder / "data" / "results.csv").write_text("game,score\n1,42\n")
    return _snapshot(folder)


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    """A notebooks folder with one short lesson."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# 00 · A short lesson\n\nIt says hello.")]
    nbformat.write(nb, folder / "00_short.ipynb")
    return folder


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for the repository (``build_site.ROOT``) inside a stand-in home folder."""
    home = tmp_path / "home"
    repo = home / "src" / "sheriff-notebooks"
    repo.mkdir(parents=True)
    _user_files(repo)
    monkeypatch.setattr(build_site, "ROOT", repo)
    monkeypatch.setenv("HOME", str(home))
    return repo


def _build(out: Path, lessons: Path, messages: list[str] | None = None) -> None:
    build_site.build_site(
        out,
        execute_lessons=False,
        vendor_assets=False,
        notebooks=lessons,
        log=(messages if messages is not None else []).append,
    )


def test_a_folder_of_unrelated_files_is_refused_and_left_intact(
    tmp_path: Path, lessons: Path
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    before = _user_files(out)
    siblings = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(build_site.SiteFolderError) as err:
        _build(out, lessons)
    assert "Choose a new folder, or delete it yourself" in str(err.value)
    assert str(out) in str(err.value)
    assert _snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == siblings  # no temporary folder left


def test_out_dot_in_a_checkout_like_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    """``python tools/build_site.py --out .`` used to delete the folder, .git included."""
    folder = tmp_path / "checkout"
    folder.mkdir()
    before = _user_files(folder)
    monkeypatch.chdir(folder)
    with pytest.raises(SystemExit) as ended:
        build_site.main(["--out", ".", "--no-execute", "--cdn"])
    assert ended.value.code == 2
    message = capsys.readouterr().err
    assert "refusing to build the site in" in message
    assert "Choose a new folder, or delete it yourself" in message
    assert _snapshot(folder) == before


def test_the_repository_its_parents_and_home_are_refused(
    checkout: Path, lessons: Path, capsys: pytest.CaptureFixture
) -> None:
    home = checkout.parent.parent
    before = _snapshot(home)
    for folder, why in (
        (checkout, "the repository itself"),
        (checkout.parent, "a folder holding the repository"),
        (home, "your home folder"),
    ):
        with pytest.raises(build_site.SiteFolderError, match=why):
            _build(folder, lessons)
        with pytest.raises(SystemExit):
            build_site.main(["--out", str(folder), "--no-execute", "--cdn"])
        assert why in capsys.readouterr().err
        assert _snapshot(home) == before


def test_the_root_of_the_file_system_is_refused() -> None:
    """Only checked (never built into), so a broken check cannot cost anything."""
    with pytest.raises(build_site.SiteFolderError, match="the root of the file system"):
        build_site.check_out_folder(Path("/"))


def test_a_file_is_refused(tmp_path: Path, lessons: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    with pytest.raises(build_site.SiteFolderError, match="a file, not a folder"):
        _build(target, lessons)
    assert target.read_text() == "mine"


def test_a_new_folder_and_an_empty_folder_get_the_site_and_its_marker(
    tmp_path: Path, lessons: Path
) -> None:
    for out in (tmp_path / "new" / "site", tmp_path / "empty"):
        if out.name == "empty":
            out.mkdir()
        _build(out, lessons)
        assert (out / "index.html").is_file() and (out / "00_short.html").is_file()
        listed = build_site._marker_files(out)
        files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
        assert set(listed) == files - {MARKER}
        assert "tools/build_site.py" in (out / MARKER).read_text()
    # nothing left beside the sites (the temporary build folders are gone)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "lessons", "new"]
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["site"]


def test_a_previous_site_is_rebuilt_and_only_its_files_are_replaced(
    tmp_path: Path, lessons: Path
) -> None:
    out = tmp_path / "site"
    _build(out, lessons)
    # a lesson that is gone since: its page was written by the builder, so it goes too
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# 01 · Gone soon\n\nBye.")]
    nbformat.write(nb, lessons / "01_gone.ipynb")
    _build(out, lessons)
    assert (out / "01_gone.html").is_file()
    (lessons / "01_gone.ipynb").unlink()
    (lessons / "00_short.ipynb").write_text(
        (lessons / "00_short.ipynb").read_text().replace("It says hello.", "It says more.")
    )
    messages: list[str] = []
    _build(out, lessons, messages)
    assert not (out / "01_gone.html").exists()
    assert "It says more." in (out / "00_short.html").read_text()
    assert "01_gone.html" not in build_site._marker_files(out)
    assert messages[-1].startswith(f"site written to {out}")


def test_a_previous_site_holding_a_file_of_yours_is_refused_and_left_intact(
    tmp_path: Path, lessons: Path
) -> None:
    out = tmp_path / "site"
    _build(out, lessons)
    (out / "my notes.txt").write_text("keep me")
    (out / "drafts").mkdir()
    before = _snapshot(out)
    with pytest.raises(build_site.SiteFolderError, match="files that build did not write"):
        _build(out, lessons)
    assert _snapshot(out) == before


def test_a_marker_listing_files_outside_the_folder_is_refused(
    tmp_path: Path, lessons: Path
) -> None:
    """The marker says what a rebuild deletes: one naming ``../`` is not the builder's."""
    outside = tmp_path / "precious.txt"
    outside.write_text("mine")
    out = tmp_path / "site"
    _build(out, lessons)
    marker = out / MARKER
    marker.write_text(marker.read_text() + "../precious.txt\n")
    before = _snapshot(out)
    with pytest.raises(build_site.SiteFolderError, match="not one this builder wrote"):
        _build(out, lessons)
    assert outside.read_text() == "mine"
    assert _snapshot(out) == before


def test_a_failed_build_leaves_the_previous_site_as_it_was(
    tmp_path: Path, lessons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    _build(out, lessons)
    before = _snapshot(out)

    def broken(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise RuntimeError("the exporter broke")

    monkeypatch.setattr(build_site, "export", broken)
    with pytest.raises(RuntimeError, match="the exporter broke"):
        _build(out, lessons)
    assert _snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lessons", "site"]


# --------------------------------------------------------------------------- no markup from data


def test_titles_and_names_are_text_never_markup(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(
            '# 11 · <img src=x onerror="alert(1)"> & *more*\n\nThe first paragraph.'
        )
    ]
    lesson = build_site.lesson_info(tmp_path / '11_x"y.ipynb', nb)
    assert lesson.title_html == '11 · &lt;img src=x onerror="alert(1)"&gt; &amp; <em>more</em>'
    other = build_site.Lesson(
        path=tmp_path / "12.ipynb", page="12.html", title="<script>alert(2)</script>", intro=""
    )
    index = build_site.index_page(
        [lesson, other], [('<b>bold"name', '"><script>alert(3)</script>', 'rules-<b>"x.html')]
    )
    nav = build_site._nav([lesson, other], 0) + build_site._nav([lesson, other], 1)
    for page in (index, nav):
        assert "<script>" not in page and "<img" not in page and "<b>" not in page
    assert 'href="11_x%22y.html"' in index and 'href="11_x%22y.html"' in nav
    assert 'href="rules-%3Cb%3E%22x.html"' in index
    assert "&lt;b&gt;bold&quot;name" in index
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in nav


def test_a_lesson_page_title_is_escaped(tmp_path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# 11 · </title><script>alert(1)</script>")]
    lesson = build_site.lesson_info(tmp_path / "11_x.ipynb", nb)
    page = build_site.export(nb, lesson, "", {"require_js_url": build_site.CDN_REQUIRE})
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title and "&lt;script&gt;" in title


def test_a_cache_folder_the_builder_did_not_finish_is_left_alone(tmp_path: Path) -> None:
    """The widget scripts' cache (``$SHERIFF_SITE_CACHE`` may be any folder) is never
    emptied: a folder named like a package but without it is refused, not replaced."""
    cache = tmp_path / "cache"
    folder = cache / "requirejs@2.3.8"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    before = _snapshot(cache)
    with pytest.raises(RuntimeError, match="delete it yourself"):
        build_site.npm_asset("requirejs", "2.3.8", cache)
    assert _snapshot(cache) == before
