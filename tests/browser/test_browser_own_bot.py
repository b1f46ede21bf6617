"""Play against your own bot, in a real browser (JupyterLab + headless Chromium).

Lesson 11 is opened in JupyterLab and run from its first cell down to the cell that
defines and registers the student's bot (``class Greedy``); a new cell then opens the
play table with that bot in the other seats, and the test plays the learner's first
round with the mouse only: the market turn, a one-card bag, its declaration. The same
code runs in this process (the *mirror*, given the same inputs): after every click the
page's outcome line must read what the mirror's says, and the bots that moved between
the learner's decisions must be the student's (the mirror's players are ``greedy``).
See docs/browser.md for the server, the browser and how to run these tests.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import nbformat
import pytest
from jupyter_browser import CHROMIUM_ARGS, JupyterLab, Lab, require_chromium

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "11_write_your_own_bot.ipynb"
ARTIFACTS = ROOT / "artifacts" / "browser"
TIMEOUT = 60
BOT_CELL = "class Greedy"

OWN_TABLE = """\
from sheriff_core.widgets.play import play_table

own = play_table(
    sc.new_game("classic", players=3, seed=7), [make_player("greedy", "threshold")] * 3, seat=1
)
own"""

_JS_ADD_AND_RUN = """async (source) => {
  const app = window.jupyterapp, nb = app.shell.currentWidget.content;
  await app.commands.execute('notebook:insert-cell-below');
  await app.commands.execute('notebook:change-cell-to-code');
  nb.activeCell.model.sharedModel.setSource(source);
  await app.commands.execute('notebook:run-cell');
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    require_chromium()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT * 1000)
    with JupyterLab(tmp_path_factory.mktemp("jupyterlab"), [LESSON]) as server:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=require_chromium(), args=CHROMIUM_ARGS, headless=True
            )
            try:
                page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
                page.set_default_timeout(TIMEOUT * 1000)
                yield Lab(page, server, timeout=TIMEOUT)
            finally:
                browser.close()
    assert server.leftovers() == [], "processes the JupyterLab server started are still running"


def _mirror() -> object:
    """The lesson's cells down to the bot's, then the new cell, run in this process."""
    nb = nbformat.read(LESSON, as_version=4)
    code = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            code.append(cell.source.replace('alt.renderers.enable("svg")', "None"))
        if BOT_CELL in cell.source:
            break
    space: dict = {}
    exec(compile("\n\n".join([*code, OWN_TABLE]), LESSON.name, "exec"), space)
    return space["own"]


def _words(text: str) -> str:
    return " ".join(text.split())


def test_a_round_in_the_play_table_against_the_student_s_bot(lab):
    from playwright.sync_api import expect

    try:
        lab.open(LESSON.name)
        state = lab.run_through(BOT_CELL)
        assert state["later"] == 0, state
        lab.page.evaluate(_JS_ADD_AND_RUN, OWN_TABLE)
        mirror = _mirror()
        assert {str(p) for i, p in enumerate(mirror.lineup) if i != 1} == {"greedy/threshold"}
        root = lab.cell_with("own = play_table(").locator(".jp-OutputArea-output").first
        outcome = root.locator(".sheriff-outcome").first
        expect(outcome).to_have_text(_words(mirror.outcome_text))

        def press(name: str) -> None:
            before = mirror.outcome_text
            root.get_by_role("button", name=name, exact=True).click()
            assert mirror.press(name), (name, mirror.error)
            assert mirror.outcome_text != before
            expect(outcome).to_have_text(_words(mirror.outcome_text))

        assert mirror.game.step == "market" and mirror.game.to_move == 1
        press("make market turn")
        assert mirror.game.step == "load"
        card = mirror.game.hands[1][0]
        box = root.locator(".widget-checkbox", has_text=f"load card 1: {card}").locator("input")
        box.click()
        expect(box).to_be_checked()
        mirror.set(f"load card 1: {card}", True)
        press("load bag")
        legal = mirror.game.variant.legal_goods
        good = card if card in legal else legal[0]
        select = root.locator(".widget-dropdown", has_text="declare good").locator("select")
        select.select_option(label=good)
        mirror.set("declare good", good)
        press("declare")
        # the student's bots played the rest of the round: seat 2 loaded after the
        # learner, seat 0 (a greedy merchant with the threshold Sheriff) settled the bags
        g = mirror.game
        assert g.round >= 1, (g.round, g.step)
        loaded = [e.seat for e in g.events if e.kind == "loaded"]
        assert 2 in loaded and 1 in loaded
        settled = [e.seat for e in g.events if e.kind in ("passed", "inspected")]
        assert 1 in settled, settled
        expect(root).to_contain_text(re.compile(r"Cat loads \d card"))
        lab.screenshot(ARTIFACTS / "11_own_bot_play_table.png")
    except BaseException:
        with contextlib.suppress(Exception):
            lab.screenshot(ARTIFACTS / "FAILED-11_own_bot.png")
            (ARTIFACTS / "FAILED-11_own_bot-jupyterlab.log").write_text(lab.server.log_tail(200))
        raise
