"""Build the course as a static HTML site that a class reads with nothing installed.

    python tools/build_site.py                    # execute every lesson, write site/
    python tools/build_site.py --out /tmp/site    # another folder (new, or a site built before)
    python tools/build_site.py --no-execute       # use the outputs stored in the notebooks
    python -m http.server -d site                 # preview on http://localhost:8000

What goes in the folder:

- ``index.html``: the contents, every lesson of ``notebooks/*.ipynb`` (the students'
  copies) in lesson order with its title and first paragraph, then the lessons translated
  into Thai and Chinese (``NN_name.th.ipynb``, ``NN_name.zh.ipynb``), one list per
  language, then the rules summaries;
- ``NN_name.html``: each lesson, executed in memory (the notebook files are not touched)
  with the widgets' state stored, exported with nbconvert's HTML exporter (JupyterLab's
  look): prose, code, tables, the altair charts (stored as SVG by the notebooks) and the
  widgets' last state, which the ``@jupyter-widgets/html-manager`` script draws as
  controls; links between lessons (``NN_x.ipynb``) point to the pages (``NN_x.html``);
  a bar at the top and bottom links the previous lesson, the contents and the next one;
  a translated lesson's bar links the previous and next lessons of its language and says
  "Contents" in it, and its widget notice is in its language (the ``lessons`` catalog);
  a link to ``../docs/rules.md`` goes to ``rules.html``; other files of the repository a
  lesson links to (another document, an image) are copied into ``files/`` and the links
  follow them;
- ``rules-<variant>.html``: one rules summary per bundled variant
  (:func:`sheriff_core.present.rules_summary.rules_summary_html`), its last line linking
  ``rules.html``, the full rules (``docs/rules.md`` as a page);
- a notice on every lesson page with widgets: the page is a static copy, the widgets do
  nothing there; open the notebook in JupyterLab or run game night to play;
- ``_static/``: require.js and the widget manager, taken from the npm registry with
  ``npm pack`` at a pinned version the first time (kept in ``~/.cache/sheriff-notebooks``,
  or ``$SHERIFF_SITE_CACHE``), so the pages need no internet. ``--cdn`` (or no ``npm``)
  links the public CDN instead: then the widgets need internet, everything else does not.

The folder given to ``--out`` must be new, empty, or a site this builder wrote before
(it leaves a ``.sheriff-site`` file listing what it wrote): anything else is refused
with a message, and a rebuild deletes only the files the previous build listed. The
site is written into a temporary folder beside it first, so a failed build leaves the
previous site as it was.

``--no-execute`` takes the stored outputs as they are; the notebooks are stored without
widget state, so each widget shows a note instead of its controls. ``--execute-only
NAME...`` executes only the lessons named (the others as with ``--no-execute``).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
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
from urllib.parse import quote

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

#: The widget manager's script defines AMD modules (``@jupyter-widgets/base``...) and asks
#: for its own files, the Font Awesome icon fonts of buttons, in the folder of each module's
#: address, which require.js makes ``@jupyter-widgets/...`` beside the page unless told
#: otherwise: nothing is there, so the icons were boxes. This script tells require.js that
#: every one of those modules lives in the folder of the script, where the fonts are.
AMD_PATHS_JS = "<script>require.config({{paths: {paths}}});</script>"

TEMPLATE = r"""{%- extends 'index.html.j2' -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block jupyter_widgets -%}{{ resources.site_head_js }}{{ super() }}{%- endblock jupyter_widgets -%}
{%- block extra_css -%}<style>{{ resources.site_css }}</style>{%- endblock extra_css -%}
{%- block body_header -%}{{ super() }}{{ resources.site_nav }}{{ resources.site_notice }}{%- endblock body_header -%}
{% block body_footer %}{{ resources.site_nav }}{{ super() }}{% endblock body_footer %}
"""

NAV_CSS = """
nav.site{display:flex;gap:1.5rem;justify-content:space-between;padding:.6rem 1rem;
margin:0 0 1rem;background:#f5f0e6;border-bottom:2px solid #d4af37;font:15px Verdana,sans-serif}
nav.site a{color:#1a4f8b}
.jupyter-widgets,.widget-note{font-family:var(--jp-ui-font-family);font-size:var(--jp-ui-font-size1)}
.static-note{margin:0 1rem 1rem;padding:.6rem 1rem;background:#fff8dc;border-left:4px solid #d4af37;
font:15px Verdana,sans-serif}
""".strip()

#: The notice at the top of a lesson page with widgets (the ``{notebook}`` filled in).
STATIC_NOTE = (
    '<div class="static-note" role="note"><strong>This page is a static copy:</strong> '
    "its widgets are drawn as the lesson left them, but nothing here runs Python, so "
    "their buttons, menus and sliders do nothing. Open the notebook <code>{notebook}</code> "
    "in JupyterLab or run game night (<code>voila apps/game_night.ipynb</code>) to play.</div>"
)


def static_note(notebook: str, lang: str = "en") -> str:
    """:data:`STATIC_NOTE` for ``notebook`` in the lesson's language (the ``lessons``
    catalog's words).

    >>> "静态副本" in static_note("notebooks/07_play_a_game.zh.ipynb", "zh")
    True
    """
    if lang == "en":
        return STATIC_NOTE.format(notebook=notebook)
    from sheriff_core.base.i18n import _, language

    with language(lang):
        head = _("This page is a static copy:")
        body = _(
            "its widgets are drawn as the lesson left them, but nothing here runs Python, so "
            "their buttons, menus and sliders do nothing. Open the notebook {notebook} "
            "in JupyterLab or run game night ({command}) to play."
        )
    body = html.escape(body).format(
        notebook=f"<code>{notebook}</code>", command="<code>voila apps/game_night.ipynb</code>"
    )
    return f'<div class="static-note" role="note"><strong>{html.escape(head)}</strong> {body}</div>'


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


#: The languages of the lessons, in the order the contents page lists them, each with its
#: name in its own language (a translated lesson is ``NN_name.<code>.ipynb``).
LANGUAGES = {"en": "English", "th": "ไทย", "zh": "中文"}


def lesson_language(path: Path | str) -> str:
    """The language of a lesson notebook: ``en``, or the code before ``.ipynb``.

    >>> lesson_language("00_start_here.ipynb"), lesson_language("07_play_a_game.zh.ipynb")
    ('en', 'zh')
    """
    parts = Path(path).name.removesuffix(".ipynb").split(".")
    return parts[-1] if len(parts) > 1 and parts[-1] in LANGUAGES else "en"


def lesson_paths(folder: Path = NOTEBOOKS) -> list[Path]:
    """The students' notebooks in lesson order: the English lessons by their ``NN_``
    prefix, then the Thai ones, then the Chinese ones.

    >>> [p.name for p in lesson_paths()][:2]
    ['00_start_here.ipynb', '01_setup_and_market.ipynb']
    >>> [p.name for p in lesson_paths()][-2:]
    ['00_start_here.zh.ipynb', '07_play_a_game.zh.ipynb']
    """
    order = list(LANGUAGES)

    def key(p: Path) -> tuple[int, int, str]:
        m = re.match(r"(\d+)", p.name)
        return (order.index(lesson_language(p)), int(m.group(1)) if m else 10**6, p.name)

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
    return bool(_LINK.search(block)) and not re.sub(
        r"[\s·|:：]|next|previous|ถัดไป|下一课", "", rest
    )


def plain(markdown: str) -> str:
    """Inline Markdown as plain text (for a page title).

    >>> plain("00 · Start here: *Sheriff of Nottingham* in `one` game")
    '00 · Start here: Sheriff of Nottingham in one game'
    """
    return re.sub(r"[*_`]", "", _LINK.sub(r"\1", markdown))


def inline_html(markdown: str) -> str:
    """A title's inline Markdown as HTML: the text escaped (any ``<`` in it is text, never
    markup), then ``*em*``, ``**strong**`` and ```code``` marked; links keep their text.

    >>> inline_html("00 · *Sheriff* & `<b>` [rules](x.md) <script>")
    '00 · <em>Sheriff</em> &amp; <code>&lt;b&gt;</code> rules &lt;script&gt;'
    """
    text = html.escape(_LINK.sub(r"\1", markdown), quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])", r"<em>\1</em>", text)


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
    body = _markdown_html(intro).strip() if intro else ""
    return Lesson(
        path=path,
        page=page_name(path),
        title=plain(title),
        intro=body,
        title_html=inline_html(title),
    )


def execute(nb, cwd: Path) -> None:  # noqa: ANN001
    """Run every cell of ``nb`` in place, in a kernel that imports this checkout, storing
    the widgets' state in the notebook's metadata."""
    from nbclient import NotebookClient

    old = os.environ.get("PYTHONPATH")
    paths = [str(ROOT)] + [p for p in (old or "").split(os.pathsep) if p and p != str(ROOT)]
    env = {  # the kernel inherits these
        "PYTHONPATH": os.pathsep.join(paths),
        # the debugger inside the kernel warns about frozen modules on some Pythons: noise
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }
    before = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        NotebookClient(
            nb,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(cwd)}},
            store_widget_state=True,
            # the kernel's own log, not the lesson's output: at its default level it warns
            # on every start that the local connection is not encrypted, which reads as
            # trouble to a newcomer; its errors still show
            extra_arguments=["--IPKernelApp.log_level=ERROR"],
        ).execute()
    finally:
        for k, v in before.items():
            if v is None:
                del os.environ[k]
            else:
                os.environ[k] = v


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
    """The unpacked ``package/`` folder of ``package@version``, fetched once with ``npm pack``
    and kept in ``cache/<package>@<version>``. A folder of that name without the package in
    it is not one this builder finished: RuntimeError (the build then links the CDN), the
    folder left alone. Unpacking goes into a temporary folder inside ``cache``, renamed
    into place once complete; nothing is deleted but that temporary folder."""
    folder = cache / f"{package.replace('/', '+')}@{version}"
    if (folder / "package" / "package.json").is_file():
        return folder / "package"
    if folder.exists():
        raise RuntimeError(
            f"{folder} is there but holds no package/package.json, so it is not a copy this "
            "builder finished; delete it yourself to fetch the package again"
        )
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
            cwd=tmp,
        )
        if out.returncode != 0:
            raise RuntimeError(f"npm pack {package}@{version} failed: {out.stderr.strip()[-300:]}")
        tgz = Path(tmp) / json.loads(out.stdout)[0]["filename"]
        cache.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".unpacking-", dir=cache))
        try:
            with tarfile.open(tgz) as tar:
                tar.extractall(staging, filter="data")
            os.rename(staging, folder)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)  # the temporary folder made above
            raise
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


def amd_paths(script: Path, url: str) -> str:
    """The ``<script>`` that puts every AMD module the widget manager's ``script`` defines
    in the folder of its ``url`` (see ``AMD_PATHS_JS``), so that the files it asks for
    beside itself (icon fonts) are found.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     js = Path(tmp) / "embed-amd.js"
    ...     _ = js.write_text('define("@jupyter-widgets/base",["module"],f);'
    ...                       'define("@jupyter-widgets/html-manager/dist/libembed-amd",[]);')
    ...     amd_paths(js, "_static/html-manager/dist/embed-amd.js")
    '<script>require.config({paths: {"@jupyter-widgets/base": "_static/html-manager/dist/base", "@jupyter-widgets/html-manager/dist/libembed-amd": "_static/html-manager/dist/libembed-amd"}});</script>'
    """
    folder = url.rsplit("/", 1)[0]
    names = re.findall(r'define\("(@jupyter-widgets/[^"]+)"', script.read_text("utf-8"))
    paths = {n: f"{folder}/{n.rsplit('/', 1)[-1]}" for n in dict.fromkeys(names)}
    return AMD_PATHS_JS.format(paths=json.dumps(paths))


# --------------------------------------------------------------------------- pages


def href(page: str) -> str:
    """A file name of the site as the value of an ``href`` (quoted for a URL and for HTML).

    >>> href('rules-my "house" rules.html')
    'rules-my%20%22house%22%20rules.html'
    """
    return html.escape(quote(page), quote=True)


def _nav(lessons: list[Lesson], i: int) -> str:
    """The bar of a lesson's page: the previous lesson of its language, the contents, the
    next one."""
    lang = lesson_language(lessons[i].path)
    group = [le for le in lessons if lesson_language(le.path) == lang]
    i = group.index(lessons[i])
    lessons = group
    prev = (
        f'<a href="{href(lessons[i - 1].page)}">&larr; {html.escape(lessons[i - 1].title)}</a>'
        if i > 0
        else "<span></span>"
    )
    nxt = (
        f'<a href="{href(lessons[i + 1].page)}">{html.escape(lessons[i + 1].title)} &rarr;</a>'
        if i + 1 < len(lessons)
        else "<span></span>"
    )
    from sheriff_core.base.i18n import _, language

    with language(lang):
        contents = html.escape(_("Contents"))
    return f'<nav class="site">{prev}<a href="index.html">{contents}</a>{nxt}</nav>'


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


_CHART_MIMES = ("image/svg+xml", "image/png")
#: An altair chart drawn inline (its root ``<svg class="marks" ...>``) with no label yet.
_INLINE_CHART = re.compile(r'<svg(?![^>]*aria-label)([^>]*class="marks"[^>]*)>(.*?</svg>)', re.S)


def _chart_img(mime: str, data: str | list[str]) -> str:
    text = "".join(data) if isinstance(data, list) else data
    if mime == "image/svg+xml":
        alt = chart_alt(text)
        text = base64.b64encode(text.encode("utf-8")).decode("ascii")
    else:
        alt = "Chart"
    return f'<img alt="{html.escape(alt)}" src="data:{mime};base64,{text.strip()}">'


def widget_chart_alts(nb) -> int:  # noqa: ANN001 (an nbformat notebook)
    """Give every chart in the notebook's stored widget state a text alternative; how many.

    An ``Output`` widget keeps a chart as an SVG or PNG output, which the widget manager
    draws as an ``<img>`` with no ``alt``: each becomes an HTML output of the same image
    with an ``alt`` (:func:`chart_alt`; the manager prefers HTML). An altair chart drawn
    inline in an ``HTML`` widget gets ``role="img"`` and an ``aria-label``.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook()
    >>> svg = '<svg class="marks"><g aria-label="Title text &apos;fines&apos;"/></svg>'
    >>> out = {"output_type": "display_data", "metadata": {}, "data": {"image/svg+xml": svg}}
    >>> nb.metadata["widgets"] = {WIDGET_STATE: {"state": {
    ...     "a": {"model_name": "OutputModel", "state": {"outputs": [out]}},
    ...     "b": {"model_name": "HTMLModel", "state": {"value": "<div>" + svg + "</div>"}}}}}
    >>> widget_chart_alts(nb)
    2
    >>> models = nb.metadata["widgets"][WIDGET_STATE]["state"]
    >>> models["a"]["state"]["outputs"][0]["data"]["text/html"][:53]
    '<img alt="Chart: fines; x: -; y: -" src="data:image/s'
    >>> models["b"]["state"]["value"][:68]
    '<div><svg role="img" aria-label="Chart: fines; x: -; y: -" class="ma'
    """
    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    n = 0
    for model in models.values():
        state = model.get("state", {})
        if model.get("model_name") == "OutputModel":
            for out in state.get("outputs", []):
                data = out.get("data", {})
                mime = next((m for m in _CHART_MIMES if m in data), None)
                if mime and "text/html" not in data:
                    out["data"] = {"text/html": _chart_img(mime, data.pop(mime)), **data}
                    n += 1
        elif isinstance(state.get("value"), str) and "<svg" in state["value"]:

            def label(m: re.Match[str]) -> str:
                alt = html.escape(chart_alt(m.group(0)))
                return f'<svg role="img" aria-label="{alt}"{m.group(1)}>{m.group(2)}'

            state["value"], k = _INLINE_CHART.subn(label, state["value"])
            n += k
    return n


_LOCAL_REF = re.compile(r'((?:href|src)=")(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^"#?]+)([^"]*")')


def copy_local_files(page: str, source: Path, out: Path) -> str:
    """Copy the repository files a page links to (an image, ``../docs/site.md``...)
    into ``out/files/`` and point the links there; a link to ``docs/rules.md`` points to
    the site's page of it (``rules.html``, where every rule id is an anchor); a link to a
    page of the site, or to nothing in the repository, is left as it is.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     copy_local_files('<a href="../docs/site.md#Tests">x</a>', NOTEBOOKS, Path(tmp))
    '<a href="files/docs/site.md#Tests">x</a>'
    >>> copy_local_files('<a href="../docs/rules.md#MKT-1">x</a>', NOTEBOOKS, Path("unused"))
    '<a href="rules.html#MKT-1">x</a>'
    """

    def one(m: re.Match[str]) -> str:
        ref = m.group(2)
        if (out / ref).is_file() or ref.endswith((".html", ".ipynb")):
            return m.group(0)
        target = (source / ref).resolve()
        if not target.is_file() or not target.is_relative_to(ROOT):
            return m.group(0)
        if target == RULES_DOC.resolve():
            return f"{m.group(1)}{RULES_PAGE}{m.group(3)}"
        rel = target.relative_to(ROOT).as_posix()
        dest = out / "files" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(target, dest)
        return f"{m.group(1)}files/{rel}{m.group(3)}"

    return _LOCAL_REF.sub(one, page)


def export(  # noqa: ANN201
    nb,  # noqa: ANN001 (an nbformat notebook)
    lesson: Lesson,
    nav: str,
    urls: dict[str, str],
    notice: str = "",
    head_js: str = "",
):
    """The lesson's page (HTML text), as nbconvert's lab template writes it, with the site's
    bar of links (``nav``) and ``notice`` at the top; ``head_js`` goes before the widgets'
    script (:func:`amd_paths`)."""
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
        "site_notice": notice,
        "site_css": NAV_CSS,
        "site_head_js": head_js,
    }
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return rewrite_links(_alt_texts(body))


def _views(nb) -> int:  # noqa: ANN001
    return sum(
        1
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if WIDGET_VIEW in out.get("data", {})
    )


RULES_PAGE = "rules.html"
RULES_DOC = ROOT / "docs" / "rules.md"
_RULE_ID = re.compile(r"<strong>\[([A-Z0-9]+(?:-[A-Z0-9]+)+)\]</strong>")


def rules_page(source: Path = RULES_DOC) -> str:
    """The full rules (``docs/rules.md``) as a page of the site, each rule's id an anchor
    (``rules.html#MKT-1``).

    >>> page = rules_page()
    >>> '<strong id="MKT-1">[MKT-1]</strong>' in page, "<h1" in page
    (True, True)
    """
    body = _RULE_ID.sub(r'<strong id="\1">[\1]</strong>', _markdown_html(source.read_text("utf-8")))
    rel = html.escape(source.resolve().relative_to(ROOT).as_posix())
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>The rules the engine plays</title>\n<style>\n{INDEX_CSS}\n{NAV_CSS}\n"
        "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.2rem .4rem}\n"
        "a.anchor-link{display:none}\n</style>\n</head>\n<body>\n"
        '<nav class="site"><a href="index.html">Contents</a></nav>\n'
        f"<p><em>This page is {rel} of the repository.</em></p>\n{body}\n</body>\n</html>\n"
    )


def index_page(lessons: list[Lesson], variants: list[tuple[str, str, str]]) -> str:
    """The contents page: the lessons in order, then the full rules and a rules summary per
    variant. Every name and title is escaped: none of it can be markup."""

    def items(lang: str) -> str:
        return "\n".join(
            f'<li><a class="lesson" href="{href(le.page)}">{le.title_html}</a>\n{le.intro}</li>'
            for le in lessons
            if lesson_language(le.path) == lang
        )

    translated = "".join(
        f'<h2 id="lessons-{code}" lang="{code}">{name}</h2>\n'
        f'<ul class="lessons" lang="{code}">\n{items(code)}\n</ul>\n'
        for code, name in LANGUAGES.items()
        if code != "en" and items(code)
    )
    rules = "\n".join(
        f'<li><a href="{href(page)}">{html.escape(title)}</a> ({html.escape(name)})</li>'
        for name, title, page in variants
    )
    full = (
        f'<li><a href="{RULES_PAGE}">The full rules</a> (every variant, with the sources '
        "and rule ids: docs/rules.md)</li>"
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>Sheriff of Nottingham: the course</title>\n<style>\n{INDEX_CSS}\n</style>\n"
        "</head>\n<body>\n<h1>Sheriff of Nottingham: the course</h1>\n"
        "<p>The game theory of bluffing, one lesson at a time. Each lesson is a Jupyter "
        "notebook shown here with its results; open the notebooks in Jupyter to change the "
        "code and play.</p>\n"
        f'<h2 id="lessons">Lessons</h2>\n<ul class="lessons">\n{items("en")}\n</ul>\n'
        f"{translated}"
        f'<h2 id="rules">Rules</h2>\n<ul class="rules">\n{full}\n{rules}\n</ul>\n'
        "</body>\n</html>\n"
    )


def variant_page(name: str) -> str:
    """The rules summary of a bundled variant as a page of the site: a bar of links on top,
    and its last line's ``docs/rules.md`` a link to the full rules' page.

    >>> page = variant_page("classic")
    >>> f'<a href="{RULES_PAGE}">docs/rules.md</a>' in page
    True
    """
    from sheriff_core.present.rules_summary import rules_summary_html

    page = rules_summary_html(name)
    i = page.rfind("docs/rules.md")
    if i >= 0:
        page = (
            f'{page[:i]}<a href="{RULES_PAGE}">docs/rules.md</a>{page[i + len("docs/rules.md") :]}'
        )
    nav = (
        '<nav class="site"><a href="index.html">Contents</a>'
        f'<a href="{RULES_PAGE}">The full rules</a></nav>\n<style>{NAV_CSS}</style>'
    )
    return page.replace("<body>\n", f"<body>\n{nav}\n", 1)


# --------------------------------------------------------------------------- the folder

#: The file a build leaves in the site's folder: what the folder is, and the files the
#: build wrote (the only ones the next build into that folder deletes).
MARKER = ".sheriff-site"
MARKER_HEAD = """\
This folder is the course web site written by tools/build_site.py (sheriff-notebooks).
A new build into this folder replaces the files listed below, and only them; it stops
without deleting anything if the folder holds other files. Delete the folder yourself
when you no longer need it.

files:
"""


class SiteFolderError(ValueError):
    """The folder asked for the site is one the builder must not write into."""


def _tree(folder: Path) -> tuple[set[str], set[str]]:
    """The files (symbolic links included, never followed) and the folders under ``folder``,
    as relative POSIX paths."""
    files: set[str] = set()
    dirs: set[str] = set()
    for here, subdirs, names in os.walk(folder):
        rel = Path(here).relative_to(folder)
        for d in list(subdirs):
            if (Path(here) / d).is_symlink():
                files.add((rel / d).as_posix())
                subdirs.remove(d)
            else:
                dirs.add((rel / d).as_posix())
        files.update((rel / n).as_posix() for n in names)
    return files, dirs


def _marker_files(out: Path) -> list[str]:
    """The files a previous build listed in ``out``'s marker; SiteFolderError if damaged."""
    text = (out / MARKER).read_text("utf-8", errors="replace")
    head, sep, listing = text.partition("\nfiles:\n")
    files = [line for line in listing.splitlines() if line]
    bad = [
        f for f in files if f.startswith("/") or ".." in Path(f).parts or "\\" in f or f == MARKER
    ]
    if not sep or bad:
        raise SiteFolderError(
            f"refusing to build the site in {out}: its {MARKER} file is not one this builder "
            "wrote, so what the folder holds is unknown. Choose a new folder, or delete it "
            "yourself."
        )
    return files


def check_out_folder(out: Path) -> list[str]:
    """Check that the site may be written into ``out``; the files of the previous build
    there (the only ones a new build deletes), ``[]`` for a new or empty folder.

    Refused with SiteFolderError, nothing touched: the root of the file system, the home
    folder, this repository or a folder holding it, a file, a folder that is not empty and
    holds no marker of a previous build, and a previous site holding files it did not write.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = (Path(tmp) / "thesis.tex").write_text("my thesis")
    ...     check_out_folder(Path(tmp))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    build_site.SiteFolderError: refusing to build the site in ...: the folder is not empty and was not written by this builder (it has no .sheriff-site file), so building there could delete your files. Choose a new folder, or delete it yourself.
    """
    out = out.resolve()
    special = {
        Path(out.anchor): "the root of the file system",
        Path.home().resolve(): "your home folder",
        ROOT: "the repository itself",
    }
    what = special.get(out) or (
        "a folder holding the repository" if ROOT.is_relative_to(out) else ""
    )
    if what:
        raise SiteFolderError(
            f"refusing to build the site in {out}: it is {what}. Choose a new folder "
            "(for example --out site)."
        )
    if not out.exists():
        return []
    if not out.is_dir():
        raise SiteFolderError(
            f"refusing to build the site in {out}: it is a file, not a folder. Choose a new folder."
        )
    if not any(out.iterdir()):
        return []
    if not (out / MARKER).is_file():
        raise SiteFolderError(
            f"refusing to build the site in {out}: the folder is not empty and was not "
            f"written by this builder (it has no {MARKER} file), so building there could "
            "delete your files. Choose a new folder, or delete it yourself."
        )
    listed = _marker_files(out)
    files, dirs = _tree(out)
    kept = {str(p.as_posix()) for f in listed for p in Path(f).parents} - {"."}
    others = sorted((files - set(listed) - {MARKER}) | (dirs - kept))
    if others:
        shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        raise SiteFolderError(
            f"refusing to build the site in {out}: it holds a site built before, but also "
            f"files that build did not write ({shown}). Move them away, or choose a new folder."
        )
    return listed


def _install(built: Path, out: Path, previous: list[str]) -> None:
    """Replace the previous build's files in ``out`` (``previous``, listed by its marker)
    with the site written in ``built``, and remove ``built``. Deletes nothing else: a
    folder is removed only once empty."""
    out.mkdir(exist_ok=True)
    for rel in previous:
        (out / rel).unlink(missing_ok=True)
    parents = {p for rel in previous for p in Path(rel).parents if p != Path(".")}
    for folder in sorted(parents, key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):  # not empty: something else is in it, keep it
            (out / folder).rmdir()
    os.replace(built / MARKER, out / MARKER)  # first: it lists every file moved in next
    for entry in sorted(built.iterdir()):
        os.replace(entry, out / entry.name)
    built.rmdir()


def build_site(
    out: Path,
    *,
    execute_lessons: bool | set[str] = True,
    vendor_assets: bool = True,
    notebooks: Path = NOTEBOOKS,
    log=print,  # noqa: ANN001
) -> dict[str, float]:
    """Write the site into ``out``; the seconds each step took.

    ``out`` must be a new or empty folder, or a site built here before (see
    :func:`check_out_folder`; refused with SiteFolderError before anything is written).
    The site is written into a temporary folder beside ``out``, then the previous build's
    files are replaced by the new ones: a failed build leaves ``out`` as it was.
    ``execute_lessons``: True (all), False (none) or a set of notebook names.
    """
    out = out.resolve()
    check_out_folder(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    built = Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))
    try:
        times = _write_site(built, execute_lessons, vendor_assets, notebooks, log)
        files, _ = _tree(built)
        (built / MARKER).write_text(MARKER_HEAD + "".join(f"{f}\n" for f in sorted(files)), "utf-8")
        _install(built, out, check_out_folder(out))  # checked again: the build took a while
    except BaseException:
        shutil.rmtree(built, ignore_errors=True)  # the temporary folder made above
        raise
    log(f"site written to {out} in {times['total']:.1f} s")
    return times


def _write_site(  # noqa: ANN001
    out: Path, execute_lessons: bool | set[str], vendor_assets: bool, notebooks: Path, log
) -> dict[str, float]:
    """Write every file of the site into the new folder ``out``; the seconds each step took."""
    import nbformat

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from sheriff_core.rules.variants import load_variant, variant_names

    times: dict[str, float] = {}
    start = time.perf_counter()
    urls, head_js = {"require_js_url": CDN_REQUIRE}, ""
    if vendor_assets:
        try:
            urls = vendor(out / STATIC, cache_dir())
            head_js = amd_paths(out / urls["widget_renderer_url"], urls["widget_renderer_url"])
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
        notice = ""
        if _views(nb):
            rel = html.escape(lesson.path.resolve().relative_to(ROOT).as_posix())
            notice = static_note(rel, lesson_language(lesson.path))
        notes = widget_note(nb)
        widget_chart_alts(nb)
        page = export(nb, lesson, _nav(lessons, i), urls, notice, head_js)
        (out / lesson.page).write_text(copy_local_files(page, notebooks, out), "utf-8")
        times[lesson.page] = time.perf_counter() - t
        how = "executed" if run else "stored outputs"
        log(
            f"{lesson.page}: {how}, {times[lesson.page]:.1f} s"
            + (f", {notes} widget notes" if notes else "")
        )

    variants = []
    for name in variant_names():
        page = f"rules-{name}.html"
        (out / page).write_text(variant_page(name), "utf-8")
        variants.append((name, load_variant(name).title, page))
    (out / RULES_PAGE).write_text(copy_local_files(rules_page(), RULES_DOC.parent, out), "utf-8")
    (out / "index.html").write_text(index_page(lessons, variants), "utf-8")
    times["total"] = time.perf_counter() - start
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "site",
        help="folder (default site/): a new folder, or one a previous build wrote",
    )
    parser.add_argument("--no-execute", action="store_true", help="use the stored outputs")
    parser.add_argument(
        "--execute-only", nargs="+", metavar="NAME", help="execute only these notebooks"
    )
    parser.add_argument("--cdn", action="store_true", help="link the widget scripts' CDN")
    args = parser.parse_args(argv)
    execute_lessons: bool | set[str] = not args.no_execute
    if args.execute_only:
        execute_lessons = {Path(n).name for n in args.execute_only}
    try:
        build_site(args.out, execute_lessons=execute_lessons, vendor_assets=not args.cdn)
    except SiteFolderError as exc:
        parser.exit(2, f"build_site.py: {exc}\n")


if __name__ == "__main__":
    main()
