"""The static site of the course (tools/build_site.py): pages, links, charts, widgets.

One build into a temporary folder serves every test. To keep the suite short it
executes one lesson with widgets (02, about 10 s) and exports the others from the
outputs stored in the notebooks (nbval keeps those equal to a fresh run); the
whole build takes about 30 s here. The widget scripts come from the npm registry
once (``npm pack``) and are cached (see the tool's docstring).
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import re
import sys
import tempfile
import warnings
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest

from sheriff_core import load_variant, variant_names
from sheriff_core.base.i18n import _, language

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EXECUTED = "02_load_and_declare.ipynb"  # the lesson executed for real: it has a widget

_spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
sys.modules["build_site"] = build_site
_spec.loader.exec_module(build_site)

# every lesson file starts with its number; the English ones first, then each translation
LESSONS = build_site.lesson_paths(NOTEBOOKS)


#: What the fixture's build said: its log lines, what reached the terminal's error stream
#: (the kernel's among it) and the warnings Python would show a newcomer.
BUILD_OUTPUT: dict[str, list[str]] = {}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    messages: list[str] = []
    with tempfile.TemporaryFile() as err, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("default")  # what `python tools/build_site.py` would show
        saved = os.dup(2)
        os.dup2(err.fileno(), 2)  # the error stream the kernel process inherits
        try:
            build_site.build_site(out, execute_lessons={EXECUTED}, log=messages.append)
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    BUILD_OUTPUT["log"] = messages
    BUILD_OUTPUT["stderr"] = stderr.splitlines()
    hidden = (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning)
    BUILD_OUTPUT["warnings"] = [
        f"{w.category.__name__}: {w.message}" for w in caught if not issubclass(w.category, hidden)
    ]
    assert not any("not vendored" in m for m in messages), messages
    return out


class _Page(HTMLParser):
    """The links (href/src) and the ids/names of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.lesson_links: list[str] = []
        self.outbound: list[str] = []  # <a href="https://..."> a reader may follow

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for key in ("href", "src"):
            value = a.get(key)
            if not value:
                continue
            if tag == "a" and key == "href" and urlsplit(value).scheme in ("http", "https"):
                self.outbound.append(value)  # a reference to read elsewhere, not a resource
            else:
                self.links.append(value)
        for key in ("id", "name"):
            if a.get(key) and (key == "id" or tag == "a"):
                self.ids.add(a[key])  # type: ignore[arg-type]
        if tag == "a" and a.get("class") == "lesson":
            self.lesson_links.append(a["href"] or "")


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _title(nb_path: Path) -> str:
    nb = nbformat.read(nb_path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("# "):
            return re.sub(r"[*_`]", "", cell.source.splitlines()[0][2:]).strip()
    raise AssertionError(f"{nb_path.name} has no title")


def test_index_lists_every_lesson_in_order_with_its_title(site: Path) -> None:
    index = _parse(site / "index.html")
    assert index.lesson_links == [p.with_suffix(".html").name for p in LESSONS]
    text = re.sub(r"<[^>]+>", "", (site / "index.html").read_text(encoding="utf-8"))
    positions = [text.index(_title(p)) for p in LESSONS]
    assert positions == sorted(positions)
    # the first paragraph of prose (not the navigation line) follows each title
    assert "is a card game about bluffing" in text
    assert "Every round starts with the market" in text


def test_the_thai_and_chinese_lessons_are_listed_under_their_language(site: Path) -> None:
    """Lessons 00 and 07 in Thai and Chinese (issue 28): a list per language on the contents
    page, and each page's bar goes to the previous and next lesson of its language."""
    text = (site / "index.html").read_text(encoding="utf-8")
    for lang, name, contents in (("th", "ไทย", "สารบัญ"), ("zh", "中文", "目录")):
        section = text.split(f'<h2 id="lessons-{lang}" lang="{lang}">{name}</h2>')[1]
        section = section.split("</ul>")[0]
        pages = re.findall(r'class="lesson" href="([^"]+)"', section)
        assert pages == [f"00_start_here.{lang}.html", f"07_play_a_game.{lang}.html"]
        first = (site / pages[0]).read_text(encoding="utf-8")
        bar = re.search(r'<nav class="site">(.*?)</nav>', first, re.S).group(1)
        assert f'<a href="index.html">{contents}</a>' in bar
        assert f'href="07_play_a_game.{lang}.html"' in bar and "01_setup" not in bar
    english = (site / "00_start_here.html").read_text(encoding="utf-8")
    bar = re.search(r'<nav class="site">(.*?)</nav>', english, re.S).group(1)
    assert 'href="01_setup_and_market.html"' in bar and ".th." not in bar


def test_every_variant_has_a_rules_page_linked_from_the_index(site: Path) -> None:
    links = _parse(site / "index.html").links
    for name in variant_names():
        page = site / f"rules-{name}.html"
        assert f"rules-{name}.html" in links
        body = page.read_text(encoding="utf-8")
        assert f"<h1>{load_variant(name).title}</h1>" in body
        assert 'href="index.html"' in body


def test_every_internal_link_and_anchor_exists(site: Path) -> None:
    pages = sorted(site.glob("*.html"))
    assert len(pages) == len(LESSONS) + len(variant_names()) + 2  # index, the full rules
    parsed = {p: _parse(p) for p in pages}
    checked = 0
    for page, info in parsed.items():
        for link in info.links:
            parts = urlsplit(link)
            if parts.scheme in ("http", "https"):
                # nothing the page needs comes from the internet (scripts, styles, images);
                # plain <a> references to documentation elsewhere are counted apart
                raise AssertionError(f"{page.name} links {link}")
            if parts.scheme or link.startswith("//"):  # data:, mailto:, ...
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.is_file(), f"{page.name}: {link} -> no such file"
            assert target.suffix != ".ipynb", f"{page.name}: {link} still points to a notebook"
            if parts.fragment:
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                # a browser looks for the fragment as written, then percent-decoded
                found = parts.fragment in ids or unquote(parts.fragment) in ids
                assert found, f"{page.name}: {link}: no such anchor"
            checked += 1
    assert checked > 100  # the lessons' links, anchors, previous/next bars, scripts


def _chart_outputs(nb_path: Path) -> int:
    nb = nbformat.read(nb_path, as_version=4)
    return sum(
        1
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if {"image/svg+xml", "image/png"} & set(out.get("data", {}))
    )


@pytest.mark.parametrize("lesson", [p.name for p in LESSONS])
def test_each_lesson_page_has_its_charts(site: Path, lesson: str) -> None:
    html = (site / build_site.page_name(lesson)).read_text(encoding="utf-8")
    charts = re.findall(
        r'data-mime-type="image/svg\+xml"[^>]*>\s*<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"',
        html,
    )
    svgs = len(charts)
    charts += re.findall(r'data-mime-type="image/png"[^>]*>\s*<img [^>]*src="data:image/png', html)
    assert len(charts) == _chart_outputs(NOTEBOOKS / lesson)
    for chart in charts:
        if not chart.startswith("data:"):
            assert b"<svg" in base64.b64decode(chart)[:400]
    # every chart says in words what it shows (its title and axes)
    assert not re.search(r'alt="No description[^"]*" src="data:image/svg', html)
    assert len(re.findall(r'<img alt="Chart[^"]*" src="data:image/svg', html)) == svgs


def test_some_lessons_have_charts() -> None:
    assert sum(_chart_outputs(p) for p in LESSONS) >= 10


def _views(nb_path: Path) -> int:
    nb = nbformat.read(nb_path, as_version=4)
    return sum(
        1
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if build_site.WIDGET_VIEW in out.get("data", {})
    )


def test_the_executed_lesson_embeds_its_widgets_state(site: Path) -> None:
    html = (site / build_site.page_name(EXECUTED)).read_text(encoding="utf-8")
    views = re.findall(
        r'<script type="application/vnd\.jupyter\.widget-view\+json">\s*(\{.*?\})\s*</script>',
        html,
        re.S,
    )
    assert len(views) == _views(NOTEBOOKS / EXECUTED) >= 1
    state = re.search(
        r'<script type="application/vnd\.jupyter\.widget-state\+json">\s*(\{.*?\})\s*</script>',
        html,
        re.S,
    )
    assert state, "no widget state in the page"
    models = json.loads(state.group(1))["state"]
    for view in views:
        model = json.loads(view)["model_id"]
        assert model in models
        assert models[model]["model_name"] in ("VBoxModel", "HBoxModel", "BoxModel")
    # the renderer comes from the site itself
    assert "var widgetRendererSrc = '_static/html-manager/dist/embed-amd.js'" in html
    assert (site / "_static/html-manager/dist/embed-amd.js").stat().st_size > 1_000_000


@pytest.mark.parametrize("lesson", [p.name for p in LESSONS if p.name != EXECUTED and _views(p)])
def test_lessons_built_from_stored_outputs_say_where_a_widget_is(site: Path, lesson: str) -> None:
    html = (site / build_site.page_name(lesson)).read_text(encoding="utf-8")
    assert html.count('class="widget-note"') == _views(NOTEBOOKS / lesson)
    assert "widget-state+json" not in html


@pytest.mark.browser
def test_the_widgets_draw_in_a_browser_with_no_network(site: Path) -> None:
    """Chromium opens the executed lesson from the folder, with every request that is
    not a local file refused, and the widget manager draws the controls."""
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from jupyter_browser import CHROMIUM_ARGS, require_chromium

    chromium = require_chromium()
    from playwright.sync_api import sync_playwright

    refused: list[str] = []
    failed: list[str] = []  # files of the site asked for and not there

    def route(r) -> None:  # noqa: ANN001
        if r.request.url.startswith("file://"):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.route("**/*", route)
            page.on("requestfailed", lambda r: r.url.startswith("file:") and failed.append(r.url))
            page.goto((site / build_site.page_name(EXECUTED)).as_uri())
            page.wait_for_selector(".jupyter-widgets .widget-dropdown", timeout=60_000)
            drawn = page.locator(".jupyter-widgets .widget-dropdown, .jupyter-widgets button")
            assert drawn.count() >= 2
            # the icon fonts of the buttons load (a missing one: a NetworkError here)
            faces = page.evaluate(
                """async () => (await Promise.all(['900 16px "Font Awesome 5 Free"',
                '400 16px "Font Awesome 5 Free"', '400 16px "Font Awesome 5 Brands"']
                .map(f => document.fonts.load(f)))).map(l => l.length)"""
            )
            assert faces == [1, 1, 1]
        finally:
            browser.close()
    assert refused == []
    assert failed == []


def test_rewrite_links_touches_only_local_notebook_links() -> None:
    text = (
        '<a href="03_x.ipynb">a</a><a href="03_x.ipynb#Top">b</a><a href="http://h/y.ipynb">c</a>'
    )
    assert build_site.rewrite_links(text) == (
        '<a href="03_x.html">a</a><a href="03_x.html#Top">b</a><a href="http://h/y.ipynb">c</a>'
    )


def test_the_tools_doctests_pass() -> None:
    """tools/ is not among the suite's doctest paths: run build_site's examples here."""
    import doctest

    result = doctest.testmod(build_site)
    assert result.attempted >= 4 and result.failed == 0


def test_links_to_repository_files_are_copied_into_the_site(tmp_path: Path) -> None:
    page = (
        '<a href="../docs/site.md#Tests">site</a><img src="../docs/nope.png">'
        '<a href="../../../../../../etc/hostname">x</a><a href="01_x.html">y</a>'
        '<a href="../docs/rules.md#SET-1">rules</a>'
    )
    out = build_site.copy_local_files(page, NOTEBOOKS, tmp_path)
    assert out == (
        '<a href="files/docs/site.md#Tests">site</a><img src="../docs/nope.png">'
        '<a href="../../../../../../etc/hostname">x</a><a href="01_x.html">y</a>'
        '<a href="rules.html#SET-1">rules</a>'  # the rules are a page of the site
    )
    copied = tmp_path / "files" / "docs" / "site.md"
    assert copied.read_bytes() == (ROOT / "docs" / "site.md").read_bytes()
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["site.md"]


# --------------------------------------------------------------------------- issue 24, item 8


def test_pages_with_widgets_say_they_are_a_static_copy(site: Path) -> None:
    """Widgets on the site are drawn but do nothing: every page with one says so at the top
    (07's prose says "play with the mouse"), and points to where they work."""
    with_widgets = [p for p in LESSONS if _views(p)]
    assert "07_play_a_game.ipynb" in [p.name for p in with_widgets]
    for lesson in LESSONS:
        html = (site / build_site.page_name(lesson.name)).read_text(encoding="utf-8")
        notes = re.findall(r'<div class="static-note" role="note">(.*?)</div>', html, re.S)
        if lesson not in with_widgets:
            assert notes == [], lesson.name
            continue
        assert len(notes) == 1, lesson.name
        text = re.sub(r"<[^>]+>", "", notes[0])
        lang = build_site.lesson_language(lesson)
        with language(lang):  # a Thai or Chinese lesson's notice is in its language
            static, nothing = _("This page is a static copy:"), "do nothing"
        assert static in text and (lang != "en" or nothing in text), text
        assert f"notebooks/{lesson.name}" in text and "JupyterLab" in text
        assert (lang != "en" or "game night" in text) and "apps/game_night.ipynb" in text
        # at the top: before the lesson's first cell
        assert html.index('class="static-note"') < html.index('<div class="jp-Cell')


_FONT = re.compile(r'"([0-9a-f]{20}\.(?:woff2|woff|ttf|eot|svg))"')


def test_every_icon_font_the_pages_ask_for_is_in_the_site(site: Path) -> None:
    """The widget manager's buttons use Font Awesome; its script asks for the fonts beside
    each AMD module it defines. Those modules must be put (require.js paths) in the folder
    that holds the fonts, or every icon is a box; and no CSS of a page may name a file the
    site does not have."""
    script = site / "_static/html-manager/dist/embed-amd.js"
    js = script.read_text(encoding="utf-8")
    fonts = set(_FONT.findall(js))
    assert len(fonts) >= 10  # three faces, several formats
    modules = set(re.findall(r'define\("(@jupyter-widgets/[^"]+)"', js))
    assert "@jupyter-widgets/html-manager" in modules
    with_widgets = 0
    for page in sorted(site.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        for url in re.findall(r"url\(\s*[\"']?([^\"')]+)", html):
            if url.startswith(("data:", "#")):
                continue
            assert not urlsplit(url).scheme, f"{page.name}: a style loads {url}"
            assert (page.parent / unquote(urlsplit(url).path)).is_file(), f"{page.name}: {url}"
        if "embed-amd.js" not in html:
            continue
        with_widgets += 1
        config = re.search(r"require\.config\(\{paths: (\{.*?\})\}\);", html)
        assert config, f"{page.name}: the widget modules' folder is not set"
        paths = json.loads(config.group(1))
        assert set(paths) == modules
        for name, path in paths.items():
            folder = (page.parent / path).parent
            missing = sorted(f for f in fonts if not (folder / f).is_file())
            assert not missing, f"{page.name}: {name} looks for {missing} in {folder}"
    assert with_widgets >= 1


def test_charts_inside_widgets_get_a_text_alternative() -> None:
    """An Output widget keeps its chart as an SVG (or PNG) output, which the widget manager
    draws as an <img> without alt: the builder gives each an alt from its title and axes."""
    svg = (
        '<svg class="marks" width="10" height="10"><g aria-label="Title text &apos;Win rate&apos;"/>'
        '<g aria-label="X-axis titled &apos;strategy&apos; for a discrete scale"/>'
        '<g aria-label="Y-axis titled &apos;win rate&apos; for a linear scale"/></svg>'
    )
    nb = nbformat.v4.new_notebook()
    outputs = [
        {"output_type": "display_data", "metadata": {}, "data": {"image/svg+xml": svg}},
        {"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBORw0KGgo="}},
        {"output_type": "stream", "name": "stdout", "text": "hello"},
    ]
    nb.metadata["widgets"] = {
        build_site.WIDGET_STATE: {
            "state": {
                "out": {"model_name": "OutputModel", "state": {"outputs": outputs}},
                "html": {"model_name": "HTMLModel", "state": {"value": f"<p>{svg}</p>"}},
                "label": {"model_name": "LabelModel", "state": {"value": "no chart"}},
            }
        }
    }
    assert build_site.widget_chart_alts(nb) == 3
    models = nb.metadata["widgets"][build_site.WIDGET_STATE]["state"]
    first, second, third = models["out"]["state"]["outputs"]
    assert first["data"]["text/html"].startswith(
        '<img alt="Chart: Win rate; x: strategy; y: win rate" src="data:image/svg+xml;base64,'
    )
    src = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', first["data"]["text/html"])
    assert base64.b64decode(src.group(1)).decode() == svg  # the same picture
    assert "image/svg+xml" not in first["data"]
    assert (
        second["data"]["text/html"] == '<img alt="Chart" src="data:image/png;base64,iVBORw0KGgo=">'
    )
    assert third == {"output_type": "stream", "name": "stdout", "text": "hello"}
    assert models["html"]["state"]["value"].startswith(
        '<p><svg role="img" aria-label="Chart: Win rate; x: strategy; y: win rate" class="marks"'
    )
    assert models["label"]["state"]["value"] == "no chart"
    assert build_site.widget_chart_alts(nb) == 0  # once is enough


def test_rules_summaries_link_the_full_rules_page(site: Path) -> None:
    """The last line of a summary names docs/rules.md: it links the site's page of it."""
    full = site / build_site.RULES_PAGE
    ids = _parse(full).ids
    rule_ids = set(
        re.findall(r"\*\*\[([A-Z0-9]+(?:-[A-Z0-9]+)+)\]\*\*", (ROOT / "docs/rules.md").read_text())
    )
    assert len(rule_ids) > 50 and rule_ids <= ids  # every rule can be linked: rules.html#MKT-1
    for name in variant_names():
        body = (site / f"rules-{name}.html").read_text(encoding="utf-8")
        last = re.findall(r"<p>(.*?)</p>", body, re.S)[-1]
        assert f'<a href="{build_site.RULES_PAGE}">docs/rules.md</a>' in last
    assert build_site.RULES_PAGE in _parse(site / "index.html").links


def test_the_build_says_nothing_a_newcomer_would_read_as_trouble(site: Path) -> None:
    """One line per lesson and a last line; nothing on the error stream (the kernel used to
    warn there about an unencrypted connection on every start), no warnings."""
    log = BUILD_OUTPUT["log"]
    assert len(log) == len(LESSONS) + 1 and all(".html: " in line for line in log[:-1])
    assert log[-1].startswith("site written to ")
    assert BUILD_OUTPUT["stderr"] == []
    assert BUILD_OUTPUT["warnings"] == []
