"""Thai and Chinese in a real browser: the play table and game night, served by Voilà, in
headless Chromium, with screenshots.

For each language the test opens (1) a one-cell notebook that shows the play table
(``play_table(..., language=LANG)``, notebook 07's table) and (2) game night
(``apps/game_night.ipynb``), picks the language in the set-up screen's menu, starts a
short game and shows the first person's cards. On each page it checks that:

- the page's text holds the expected words of the language (the buttons' and labels'
  words come from ``screens.po``) and none of a few English ones;
- the text is drawn with real glyphs, not "tofu" boxes: in the font the page uses, a
  Thai tone mark (U+0E49) takes no width of its own and a Thai letter does, and a
  Chinese character is one em wide and unlike a character no font has (U+E000, which
  Chromium draws as a box);
- the fonts that hold the glyphs are installed: ``fc-list :lang=th`` and
  ``fc-list :lang=zh`` name at least one font each (Debian: ``fonts-thai-tlwg``,
  ``fonts-noto-cjk``; ``.ci/run`` installs them).

Screenshots: ``artifacts/browser/{play_table,game_night,game_night_setup}_{th,zh}.png``
(git-ignored); with
``SHERIFF_SCREENSHOT_DIR`` set (e.g. ``docs/images``) they are also written there for the
README and the issue. Without Chromium, Playwright or Voilà the test skips (fails with
$CI set), as the other browser tests do.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from jupyter_browser import CHROMIUM_ARGS, find_chromium, missing, publish, require_chromium
from screens_i18n import ensure_compiled
from voila_server import VoilaServer

from sheriff_core.base.i18n import SUPPORTED

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "apps" / "game_night.ipynb"
ARTIFACTS = ROOT / "artifacts" / "browser"
TIMEOUT = 60
VIEWPORT = {"width": 1400, "height": 900}

#: Per language: words the play table shows, words game night shows (set-up, then the
#: play screen), the start button, the short-game box, the reveal button's first word.
WORDS = {
    "th": {
        "table": ["เล่นตาตลาด", "บันทึก", "ไพ่ในมือ", "มูลค่า"],
        "setup": ["เริ่มเกม", "ภาษา", "ที่นั่ง 1"],
        "play": ["ตอนนี้ฉันทำอะไรได้บ้าง?", "บันทึกเกม"],
        "start": "เริ่มเกม",
        "short": "เกมสั้น",
        "reveal": "ฉันคือ",
    },
    "zh": {
        "table": ["完成市场回合", "记录", "手牌", "价值"],
        "setup": ["开始游戏", "语言", "座位 1"],
        "play": ["我现在能做什么？", "保存游戏"],
        "start": "开始游戏",
        "short": "短局",
        "reveal": "我是",
    },
}
#: English words of the screens that must not be on a Thai or Chinese page.
ENGLISH = ["make market turn", "Start the game", "What can I do now?", "Save the game", "Log"]

_GLYPHS = """(sel) => {
  const el = document.querySelector(sel) || document.body;
  const font = getComputedStyle(el).font;
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = font;
  const w = (s) => ctx.measureText(s).width;
  return {font, em: parseFloat(getComputedStyle(el).fontSize),
          thai_letter: w('\\u0E01'), thai_mark: w('\\u0E01\\u0E49') - w('\\u0E01'),
          han: w('\\u90E1'), missing: w('\\uE000')};
}"""

PLAY_TABLE_NOTEBOOK = """import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.present.widgets.play import play_table

game = sc.new_game("classic", players=4, seed=3)
play_table(game, [make_player("honest", "trusting")] * 4, seat=1, language={lang!r})"""


def _fonts(lang: str) -> list[str]:
    """Font families fontconfig has for ``lang`` (``fc-list :lang=th family``)."""
    if shutil.which("fc-list") is None:
        pytest.fail("fc-list (fontconfig) is missing: the browser cannot find fonts either")
    out = subprocess.run(
        ["fc-list", f":lang={lang}", "family"], capture_output=True, text=True, check=True
    ).stdout
    return sorted({line.split(",")[0].strip() for line in out.splitlines() if line.strip()})


def _screenshot(page, name: str, readme: bool = True) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    if readme:
        publish(path)
    return path


def _check_text(page, lang: str, words: list[str], selector: str) -> None:
    # the widgets' words arrive one message at a time: wait for all of them
    page.wait_for_function(
        "(words) => words.every((w) => document.body.innerText.includes(w))", arg=words
    )
    text = page.inner_text("body")
    for word in words:
        assert word in text, f"{word!r} is not on the {lang} page"
    for word in ENGLISH:
        assert word not in text, f"English {word!r} is on the {lang} page"
    g = page.evaluate(_GLYPHS, selector)
    if lang == "th":
        # a Thai font: the tone mark sits on its letter; a box would take a width
        assert g["thai_letter"] > 0 and abs(g["thai_mark"]) < 0.05 * g["em"], g
    else:
        # a Chinese font: one em wide, and not the box of a character no font has
        assert abs(g["han"] - g["em"]) < 0.1 * g["em"] and g["han"] != g["missing"], g


def _play_table_page(page, server: VoilaServer, lang: str) -> None:
    page.goto(server.url)
    page.locator(".sheriff-outcome").wait_for()
    page.get_by_role("button", name=WORDS[lang]["table"][0], exact=True).wait_for()
    _check_text(page, lang, WORDS[lang]["table"], ".sheriff-outcome")
    _screenshot(page, f"play_table_{lang}")


def _game_night_page(page, server: VoilaServer, lang: str) -> None:
    words = WORDS[lang]
    page.goto(server.url)
    setup = page.locator(".sheriff-setup")
    setup.wait_for()
    # the menu shows each language's name in its own language
    setup.locator(".sheriff-language select").select_option(label=SUPPORTED[lang])
    page.get_by_role("button", name=words["start"], exact=True).wait_for()
    _check_text(page, lang, words["setup"], ".sheriff-setup")
    _screenshot(page, f"game_night_setup_{lang}", readme=False)
    setup.locator(".widget-checkbox", has_text=words["short"]).locator("input").check()
    page.get_by_role("button", name=words["start"], exact=True).click()
    # the bots play every seat to the last round, then the first person's gate shows;
    # press "I am NAME, show my cards" until that person's market turn is on screen
    reveal = page.locator("button.sheriff-reveal", has_text=words["reveal"])
    market = page.get_by_role("button", name=WORDS[lang]["table"][0], exact=True)
    deadline = time.monotonic() + TIMEOUT
    while not market.is_visible():
        assert time.monotonic() < deadline, "the first person's market turn did not show"
        if reveal.is_visible():
            reveal.click()
        time.sleep(0.3)
    _check_text(page, lang, words["play"], ".sheriff-outcome")
    _screenshot(page, f"game_night_{lang}")


def test_thai_and_chinese_fonts_are_installed():
    assert _fonts("th"), "no font for Thai: apt-get install fonts-thai-tlwg"
    assert _fonts("zh"), "no font for Chinese: apt-get install fonts-noto-cjk"


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_play_table_and_game_night_in_the_language(tmp_path, lang):
    require_chromium()
    from playwright.sync_api import sync_playwright

    if importlib.util.find_spec("voila") is None:
        missing('Voila is not installed: pip install -e ".[app]"')
    ensure_compiled()  # the kernel reads the compiled catalogs of this checkout
    notebook = tmp_path / f"play_table_{lang}.ipynb"
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "table",
        "metadata": {},
        "outputs": [],
        "source": PLAY_TABLE_NOTEBOOK.format(lang=lang),
    }
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    notebook.write_text(
        json.dumps(
            {
                "cells": [cell],
                "metadata": {"kernelspec": kernel},
                "nbformat": 4,
                "nbformat_minor": 5,
            }
        )
    )
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            for name, path, visit in (
                ("play_table", notebook, _play_table_page),
                ("game_night", APP, _game_night_page),
            ):
                (tmp_path / name).mkdir()
                with VoilaServer(tmp_path / name, path) as server:
                    try:
                        visit(page, server, lang)
                    except BaseException:
                        ARTIFACTS.mkdir(parents=True, exist_ok=True)
                        page.screenshot(path=str(ARTIFACTS / f"FAILED-{name}_{lang}.png"))
                        (ARTIFACTS / f"FAILED-{name}_{lang}-voila.log").write_text(
                            server.log_tail(200)
                        )
                        raise
                    page.goto("about:blank")
                    server.remember_children()
                assert server.leftovers() == [], "processes Voilà started are still running"
        finally:
            browser.close()
