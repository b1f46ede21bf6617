"""The notebooks in a real browser: JupyterLab + headless Chromium, driven by Playwright.

nbval proves every cell runs and the widgets' Python side works; these tests prove
what only a browser can: the widgets are drawn and answer clicks and key presses,
their Output areas redraw, and the altair charts arrive as SVG. One JupyterLab
server (127.0.0.1, no token, a temporary copy of the notebooks, its own config
folders) and one Chromium serve the whole module; both are stopped at the end,
kernels included.

Screenshots go to artifacts/browser/ (git-ignored). With SHERIFF_SCREENSHOT_DIR set
(e.g. docs/images) the README screenshot is also written there.

Without Chromium (/usr/bin/chromium, or $SHERIFF_CHROMIUM) or Playwright the tests
skip and say how to install them; with $CI set they fail instead: CI must run them.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import nbformat
import pytest
from jupyter_browser import CHROMIUM_ARGS, INSTALL_HINT, JupyterLab, Lab, find_chromium

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "artifacts" / "browser"
TIMEOUT = 60  # seconds, for any single wait in the page


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: the browser tests must run). {INSTALL_HINT}")
    pytest.skip(f"{reason}. {INSTALL_HINT}")


def _widget_sanity_notebook(path: Path) -> Path:
    """A tiny notebook: an IntSlider whose observer rewrites an Output widget."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Widget sanity check (made by the browser test)"),
        nbformat.v4.new_code_cell(
            "import ipywidgets as widgets\n\n"
            'slider = widgets.IntSlider(value=3, min=0, max=10, description="bag size")\n'
            "out = widgets.Output()\n\n\n"
            "def show(change=None):\n"
            "    out.outputs = ()\n"
            '    out.append_stdout(f"bag size is {slider.value}\\n")\n\n\n'
            'slider.observe(show, names="value")\n'
            "show()\n"
            "widgets.VBox([slider, out])"
        ),
    ]
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    chromium = find_chromium()
    if chromium is None:
        _missing("Chromium not found")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("Playwright (the Python package) is not installed")
    root = tmp_path_factory.mktemp("jupyterlab")
    extra = _widget_sanity_notebook(tmp_path_factory.mktemp("extra") / "widget_sanity.ipynb")
    notebooks = [*sorted(NOTEBOOKS.glob("*.ipynb")), extra]
    with JupyterLab(root, notebooks) as lab:
        yield lab
    assert lab.leftovers() == [], "processes the JupyterLab server started are still running"


@pytest.fixture(scope="module")
def lab(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=find_chromium(), args=CHROMIUM_ARGS, headless=True
        )
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            yield Lab(page, server, timeout=TIMEOUT)
        finally:
            browser.close()


@contextlib.contextmanager
def screenshot_on_failure(lab: Lab, name: str):
    """If the block fails, save what the page showed as artifacts/browser/FAILED-name.png."""
    try:
        yield
    except BaseException:
        with contextlib.suppress(Exception):
            lab.screenshot(ARTIFACTS / f"FAILED-{name}.png")
            (ARTIFACTS / f"FAILED-{name}-jupyterlab.log").write_text(lab.server.log_tail(200))
        raise


def save_screenshot(lab: Lab, name: str, target=None, readme: bool = False) -> Path:
    """Save artifacts/browser/name.png; README screenshots also to $SHERIFF_SCREENSHOT_DIR."""
    path = lab.screenshot(ARTIFACTS / f"{name}.png", target)
    if readme and os.environ.get("SHERIFF_SCREENSHOT_DIR"):
        target_dir = Path(os.environ["SHERIFF_SCREENSHOT_DIR"])
        if not target_dir.is_absolute():
            target_dir = ROOT / target_dir
        target_dir.mkdir(parents=True, exist_ok=True)
        (target_dir / f"{name}.png").write_bytes(path.read_bytes())
    return path


def test_widget_slider_redraws_its_output(lab):
    """The harness itself: a slider moved by the keyboard rewrites an Output widget."""
    with screenshot_on_failure(lab, "widget_sanity"):
        lab.open("widget_sanity.ipynb")
        lab.run_all()
        out = lab.notebook.locator(".widget-output").first
        out.get_by_text("bag size is 3").wait_for()
        slider = lab.notebook.locator(".widget-slider", has_text="bag size").first
        lab.press_slider(slider, "ArrowRight", times=2)
        out.get_by_text("bag size is 5").wait_for()
        assert slider.locator(".widget-readout").inner_text().strip() == "5"
        save_screenshot(lab, "widget_sanity", slider)


def test_nottingham_charts_render_as_svg(lab):
    """08_nottingham draws its altair charts offline, as SVG."""
    with screenshot_on_failure(lab, "08_nottingham"):
        start = time.monotonic()
        lab.open("08_nottingham.ipynb")
        state = lab.run_all()
        assert state["total"] > 10
        charts = lab.svg_charts()
        lab.wait_rendered(charts)
        assert charts.count() >= 2
        save_screenshot(lab, "08_nottingham", charts.first)
        assert time.monotonic() - start < 2 * TIMEOUT
