"""Build the course as a static HTML site that a class reads with nothing installed.

    python tools/build_site.py                    # execute every lesson, write site/
    python tools/build_site.py --out /tmp/site    # another folder
    python tools/build_site.py --no-execute       # use the outputs stored in the notebooks
    python -m http.server -d site                 # preview on http://localhost:8000

What goes in the folder:

- ``index.html``: the contents, every lesson of ``notebooks/*.ipynb`` (the students'
  copies) in lesson order with its title and first paragraph, then the rules summaries;
- ``NN_name.html``: each lesson, executed in memory (the notebook files are not touched)
  with the widgets' state stored, exported with nbconvert's HTML exporter (JupyterLab's
  look): prose, code, tables, the altair charts (stored as SVG by the notebooks) and the
  widgets' last state, which the ``@jupyter-widgets/html-manager`` script draws as
  controls; links between lessons (``NN_x.ipynb``) point to the pages (``NN_x.html``);
  a bar at the top and bottom links the previous lesson, the contents and the next one;
  other files of the repository a lesson links to (``../docs/rules.md``, an image) are
  copied into ``files/`` and the links follow them;
- ``rules-<variant>.html``: one rules summary per bundled variant
  (:func:`sheriff_core.rules_summary.rules_summary_html`);
- ``_static/``: require.js and the widget manager, taken from the npm registry with
  ``npm pack`` at a pinned version the first time (kept in ``~/.cache/sheriff-notebooks``,
  or ``$SHERIFF_SITE_CACHE``), so the pages need no internet. ``--cdn`` (or no ``npm``)
  links the public CDN instead: then the widgets need internet, everything else does not.

``--no-execute`` takes the stored outputs as they are; the notebooks are stored without
widget state, so each widget shows a note instead of its controls. ``--execute-only
NAME...`` executes only the lessons named (the others as with ``--no-execute``).
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
STATIC = "_static"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: npm packages vendored into ``_static/``: (package, version, files kept from its ``package/``).
#: html-manager 1.x is the one for ipywidgets 8 (widget state version 2).
NPM_ASSETS = {
    "requirejs": ("2.3.8", ("require.js",)),
    "@jupyter-widgets/html-manager": ("1.0.15", ("dist/",)),
}
#: Files of those folders left out: other builds and source maps the pages never load.
NPM_SKIP = ("dist/embed.js", "dist/embed.js.map", "dist/libembed-amd.js")
CDN_REQUIRE = "https://cdnjs.cloudflare.com/ajax/libs/require.js/2.3.7/require.min.js"

TEMPLATE = r"""{%- extends 'index.html.j2' -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block extra_css -%}<style>{{ resources.site_css }}</style>{%- endblock extra_css -%}
{%- block body_header -%}{{ super() }}{{ resources.site_nav }}{%- endblock body_header -%}
{% block body_footer %}{{ resources.site_nav }}{{ super() }}{% endblock body_footer %}
"""

NAV_CSS = """
nav.site{display:flex;gap:1.5rem;justify-content:space-between;padding:.6rem 1rem;
margin:0 0 1rem;background:#f5f0e6;border-bottom:2px solid #d4af37;font:15px Verdana,sans-serif}
nav.site a{color:#1a4f8b}
.jupyter-widgets,.widget-note{font-family:var(--jp-ui-font-family);font-size:var(--jp-ui-font-size1)}
""".strip()

INDEX_CSS = """
body{font-family:Verdana,'DejaVu Sans',Arial,sans-serif;max-width:52rem;margin:1.5rem auto;
padding:0 1rem;line-height:1.5;color:#222}
h1{font-size:1.7rem}h2{font-size:1.25rem;border-bottom:2px solid #d4af37;margin-top:2rem}
ul.lessons{list-style:none;padding:0}ul.lessons>li{margin:.9rem 0}ul.lessons a.lesson{font-weight:bold;font-size:1.05rem}
ul.lessons p{margin:.2rem 0}a{color:#1a4f8b}
""".strip()


@dataclass
class Lesson:
    """One lesson of the site: its notebook, page name, title and first paragraph (HTML)."""

    path: Path
    page: str
    title: str
    intro: str
    title_html: str = ""


# --------------------------------------------------------------------------- lessons


def lesson_paths(folder: Path = NOTEBOOKS) -> list[Path]:
    """The students' notebooks in lesson order (their ``NN_`` prefix, then the name).

    >>> [p.name for p in lesson_paths()][:2]
    ['00_start_here.ipynb', '01_setup_and_market.ipynb']
    """

    def key(p: Path) -> tuple[int, str]:
        m = re.match(r"(\d+)", p.name)
        return (int(m.group(1)) if m else 10**6, p.name)

    return sorted(folder.glob("*.ipynb"), key=key)


def page_name(path: Path | str) -> str:
    """The page of a notebook: ``05_variants.ipynb`` -> ``05_variants.html``."""
    return Path(path).with_suffix(".html").name


_IPYNB_LINK = re.compile(r'((?:href|src)=")(?![a-zA-Z][a-zA-Z0-9+.-]*:)([^"#?]*?)\.ipynb([#?"])')


def rewrite_links(text: str) -> str:
    """Local links to notebooks point to their pages instead.

    >>> rewrite_links('<a href="05_variants.ipynb#Fines">x</a> <a href="https://a.org/b.ipynb">y</a>')
    '<a href="05_variants.html#Fines">x</a> <a href="https://a.org/b.ipynb">y</a>'
    """
    return _IPYNB_LINK.sub(lambda m: f"{m.group(1)}{m.group(2)}.html{m.group(3)}", text)


def _markdown_html(text: str) -> str:
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    return rewrite_links(markdown2html_mistune(text))


_LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")


def _is_nav(block: str) -> bool:
    """True for a paragraph of links only (a lesson's "previous / next" line)."""
    rest = _LINK.sub("", block)
    return bool(_LINK.search(block)) and not re.sub(r"[\s·|:]|next|previous", "", rest)


def plain(markdown: str) -> str:
    """Inline Markdown as plain text (for a page title).

    >>> plain("00 · Start here: *Sheriff of Nottingham* in `one` game")
    '00 · Start here: Sheriff of Nottingham in one game'
    """
    return re.sub(r"[*_`]", "", _LINK.sub(r"\1", markdown))


def lesson_info(path: Path, nb) -> Lesson:  # noqa: ANN001 (an nbformat notebook)
    """Title (the first ``#`` heading, as HTML) and first paragraph of prose (HTML) of a
    lesson; the navigation line of links is not prose."""
    title, intro = "", ""
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for block in re.split(r"\n\s*\n", cell.source.strip()):
            block = block.strip()
            if block.startswith("# ") and not title:
                title = block.splitlines()[0][2:].strip()
                block = "\n".join(block.splitlines()[1:]).strip()
            if (
                block
                and not intro
                and not _is_nav(block)
                and not block.startswith(("#", "<", "|", ">", "- ", "* ", "1. "))
            ):
                intro = block
            if title and intro:
                break
        if title and intro:
            break
    title = title or path.stem
    head = _markdown_html(title).strip().removeprefix("<p>").removesuffix("</p>")
    body = _markdown_html(intro).strip() if intro else ""
    return Lesson(path=path, page=page_name(path), title=plain(title), intro=body, title_html=head)


def execute(nb, cwd: Path) -> None:  # noqa: ANN001
    """Run every cell of ``nb`` in place, in a kernel that imports this checkout, storing
    the widgets' state in the notebook's metadata."""
    from nbclient import NotebookClient

    before = os.environ.get("PYTHONPATH")
    paths = [str(ROOT)] + [p for p in (before or "").split(os.pathsep) if p and p != str(ROOT)]
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)  # the kernel inherits it
    try:
        NotebookClient(
            nb,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(cwd)}},
            store_widget_state=True,
        ).execute()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def widget_note(nb) -> int:  # noqa: ANN001
    """Where ``nb`` has no widget state, put a note in place of each widget; how many."""
    if nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state"):
        return 0
    n = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if WIDGET_VIEW in out.get("data", {}):
                out["data"] = {
                    "text/html": '<p class="widget-note"><em>An interactive widget: open '
                    "this lesson in Jupyter (or build the site with execution) to use it."
                    "</em></p>"
                }
                n += 1
    return n


# --------------------------------------------------------------------------- assets


def cache_dir() -> Path:
    default = Path.home() / ".cache" / "sheriff-notebooks" / "site-assets"
    return Path(os.environ.get("SHERIFF_SITE_CACHE", default))


def npm_asset(package: str, version: str, cache: Path) -> Path:
    """The unpacked ``package/`` folder of ``package@version``, fetched once with ``npm pack``."""
    folder = cache / f"{package.replace('/', '+')}@{version}"
    if (folder / "package" / "package.json").is_file():
        return folder / "package"
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is not installed")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [npm, "pack", f"{package}@{version}", "--json", "--pack-destination", tmp],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if out.returncode != 0:
            raise RuntimeError(f"npm pack {package}@{version} failed: {out.stderr.strip()[-300:]}")
        tgz = Path(tmp) / json.loads(out.stdout)[0]["filename"]
        staging = Path(tempfile.mkdtemp(dir=cache.parent if cache.parent.exists() else None))
        with tarfile.open(tgz) as tar:
            tar.extractall(staging, filter="data")
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.move(str(staging), folder)
    return folder / "package"


def vendor(static: Path, cache: Path) -> dict[str, str]:
    """Copy require.js and the widget manager into ``static``; the exporter's URLs."""
    for package, (version, keep) in NPM_ASSETS.items():
        src = npm_asset(package, version, cache)
        for item in keep:
            for f in sorted(src.glob(item + "**/*" if item.endswith("/") else item)):
                rel = f.relative_to(src).as_posix()
                if f.is_file() and rel not in NPM_SKIP:
                    dest = static / package.split("/")[-1] / rel
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(f, dest)
    return {
        "require_js_url": f"{STATIC}/requirejs/require.js",
        "widget_renderer_url": f"{STATIC}/html-manager/dist/embed-amd.js",
    }


# --------------------------------------------------------------------------- pages


def _nav(lessons: list[Lesson], i: int) -> str:
    prev = (
        f'<a href="{lessons[i - 1].page}">&larr; {html.escape(lessons[i - 1].title)}</a>'
        if i > 0
        else "<span></span>"
    )
    nxt = (
        f'<a href="{lessons[i + 1].page}">{html.escape(lessons[i + 1].title)} &rarr;</a>'
        if i + 1 < len(lessons)
        else "<span></span>"
    )
    return f'<nav class="site">{prev}<a href="index.html">Contents</a>{nxt}</nav>'


_NO_ALT = "No description has been provided for this image"
_SVG_IMG = re.compile(
    r'<img alt="' + _NO_ALT + r'" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"'
)


def chart_alt(svg: str) -> str:
    """A text alternative for a chart from the ``aria-label`` of its title and axes (altair
    writes them into the SVG); "Chart" when it has none.

    >>> chart_alt('<svg><g aria-label="Title text &apos;gold&apos;"/>'
    ...           '<g aria-label="X-axis titled &apos;round&apos; for a linear scale"/></svg>')
    'Chart: gold; x: round; y: -'
    """
    labels = [html.unescape(a) for a in re.findall(r'aria-label="([^"]*)"', svg)]
    titles = [m.group(1) for a in labels if (m := re.match(r"Title text '(.*)'$", a))]
    axes = {}
    for a in labels:
        m = re.match(r"([XY])-axis titled '(.*?)'", a)
        if m and m.group(1) not in axes:
            axes[m.group(1)] = m.group(2)
    if not titles and not axes:
        return "Chart"
    parts = ["; ".join(titles)] if titles else []
    parts += [f"x: {axes.get('X', '-')}", f"y: {axes.get('Y', '-')}"]
    return "Chart: " + "; ".join(parts)


def _alt_texts(page: str) -> str:
    def one(m: re.Match[str]) -> str:
        svg = base64.b64decode(m.group(1)).decode("utf-8", "replace")
        alt = html.escape(chart_alt(svg))
        return m.group(0).replace(f'alt="{_NO_ALT}"', f'alt="{alt}"', 1)

    return _SVG_IMG.sub(one, page)


_LOCAL_REF = re.compile(r'((?:href|src)=")(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^"#?]+)([^"]*")')


def copy_local_files(page: str, source: Path, out: Path) -> str:
    """Copy the repository files a page links to (an image, ``../docs/rules.md``...)
    into ``out/files/`` and point the links there; a link to a page of the site, or
    to nothing in the repository, is left as it is.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     copy_local_files('<a href="../docs/site.md#Tests">x</a>', NOTEBOOKS, Path(tmp))
    '<a href="files/docs/site.md#Tests">x</a>'
    """

    def one(m: re.Match[str]) -> str:
        ref = m.group(2)
        if (out / ref).is_file() or ref.endswith((".html", ".ipynb")):
            return m.group(0)
        target = (source / ref).resolve()
        if not target.is_file() or not target.is_relative_to(ROOT):
            return m.group(0)
        rel = target.relative_to(ROOT).as_posix()
        dest = out / "files" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, dest)
        return f"{m.group(1)}files/{rel}{m.group(3)}"

    return _LOCAL_REF.sub(one, page)


def export(nb, lesson: Lesson, nav: str, urls: dict[str, str]):  # noqa: ANN001, ANN201
    """The lesson's page (HTML text), as nbconvert's lab template writes it."""
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[DictLoader({"site.html.j2": TEMPLATE})],
        template_file="site.html.j2",
        **urls,
    )
    resources = {
        "metadata": {"name": lesson.title},
        "site_nav": nav,
        "site_css": NAV_CSS,
    }
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return rewrite_links(_alt_texts(body))


def index_page(lessons: list[Lesson], variants: list[tuple[str, str, str]]) -> str:
    """The contents page: the lessons in order, then a rules summary per variant."""
    items = "\n".join(
        f'<li><a class="lesson" href="{le.page}">{le.title_html}</a>\n{le.intro}</li>'
        for le in lessons
    )
    rules = "\n".join(
        f'<li><a href="{page}">{html.escape(title)}</a> ({html.escape(name)})</li>'
        for name, title, page in variants
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>Sheriff of Nottingham: the course</title>\n<style>\n{INDEX_CSS}\n</style>\n"
        "</head>\n<body>\n<h1>Sheriff of Nottingham: the course</h1>\n"
        "<p>The game theory of bluffing, one lesson at a time. Each lesson is a Jupyter "
        "notebook shown here with its results; open the notebooks in Jupyter to change the "
        "code and play.</p>\n"
        f'<h2 id="lessons">Lessons</h2>\n<ul class="lessons">\n{items}\n</ul>\n'
        f'<h2 id="rules">Rules summaries</h2>\n<ul class="rules">\n{rules}\n</ul>\n'
        "</body>\n</html>\n"
    )


def _variant_page(name: str) -> str:
    from sheriff_core.rules_summary import rules_summary_html

    page = rules_summary_html(name)
    nav = f'<nav class="site"><a href="index.html">Contents</a></nav>\n<style>{NAV_CSS}</style>'
    return page.replace("<body>\n", f"<body>\n{nav}\n", 1)


def build_site(
    out: Path,
    *,
    execute_lessons: bool | set[str] = True,
    vendor_assets: bool = True,
    notebooks: Path = NOTEBOOKS,
    log=print,  # noqa: ANN001
) -> dict[str, float]:
    """Write the site into ``out`` (emptied first); the seconds each step took.

    ``execute_lessons``: True (all), False (none) or a set of notebook names.
    """
    import nbformat

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from sheriff_core.rules.variants import load_variant, variant_names

    times: dict[str, float] = {}
    start = time.perf_counter()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    urls = {"require_js_url": CDN_REQUIRE}
    if vendor_assets:
        try:
            urls = vendor(out / STATIC, cache_dir())
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            log(f"widget scripts not vendored ({exc}); the pages link the CDN instead")
    times["assets"] = time.perf_counter() - start

    paths = lesson_paths(notebooks)
    books = [nbformat.read(p, as_version=4) for p in paths]
    lessons = [lesson_info(p, nb) for p, nb in zip(paths, books, strict=True)]
    for i, (lesson, nb) in enumerate(zip(lessons, books, strict=True)):
        t = time.perf_counter()
        run = execute_lessons is True or (
            isinstance(execute_lessons, set) and lesson.path.name in execute_lessons
        )
        if run:
            execute(nb, notebooks)
        notes = widget_note(nb)
        page = copy_local_files(export(nb, lesson, _nav(lessons, i), urls), notebooks, out)
        (out / lesson.page).write_text(page, "utf-8")
        times[lesson.page] = time.perf_counter() - t
        how = "executed" if run else "stored outputs"
        log(
            f"{lesson.page}: {how}, {times[lesson.page]:.1f} s"
            + (f", {notes} widget notes" if notes else "")
        )

    variants = []
    for name in variant_names():
        page = f"rules-{name}.html"
        (out / page).write_text(_variant_page(name), "utf-8")
        variants.append((name, load_variant(name).title, page))
    (out / "index.html").write_text(index_page(lessons, variants), "utf-8")
    times["total"] = time.perf_counter() - start
    log(f"site written to {out} in {times['total']:.1f} s")
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="folder (default site/)")
    parser.add_argument("--no-execute", action="store_true", help="use the stored outputs")
    parser.add_argument(
        "--execute-only", nargs="+", metavar="NAME", help="execute only these notebooks"
    )
    parser.add_argument("--cdn", action="store_true", help="link the widget scripts' CDN")
    args = parser.parse_args(argv)
    execute_lessons: bool | set[str] = not args.no_execute
    if args.execute_only:
        execute_lessons = {Path(n).name for n in args.execute_only}
    build_site(args.out.resolve(), execute_lessons=execute_lessons, vendor_assets=not args.cdn)


if __name__ == "__main__":
    main()
