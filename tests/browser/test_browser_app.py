"""Game night in a real browser: ``voila apps/game_night.ipynb`` in headless Chromium.

Two people share the screen with two bots and play a short game (the bots play every
seat until the last round, then the people play it with the mouse): the set-up
screen, the "pass the screen" button, the controls of every decision, the final
scores. After every step a DOM check looks into every hand and bag drawn: face-up
cards only in the hand and bag of the person who pressed "I am NAME, show my cards",
and none at all while the screen waits to be passed. The page gets no network: every
request that is not to the Voilà server is recorded and refused, and the game is
played all the same.

Screenshots go to artifacts/browser/ (git-ignored); with SHERIFF_SCREENSHOT_DIR set
(e.g. docs/images) the README's ``game_night.png`` is also written there. Without
Chromium or Playwright the test skips (fails with $CI set), as the notebook browser
tests do.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from jupyter_browser import CHROMIUM_ARGS, find_chromium, missing, publish, require_chromium
from voila_server import VoilaServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "apps" / "game_night.ipynb"
ARTIFACTS = ROOT / "artifacts" / "browser"
TIMEOUT = 60  # seconds, for any single wait in the page
VIEWPORT = {"width": 1400, "height": 900}

# What the page shows now: the gate, the buttons, the outcome line, and every hand and
# bag drawn with how many of its cards are face up and whose place it is in.
_JS_STATE = """() => {
  const visible = (e) => !!(e && e.offsetParent !== null);
  const text = (sel) => { const e = document.querySelector(sel); return e ? e.innerText.trim() : ''; };
  const buttons = [...document.querySelectorAll('button.widget-button')]
    .filter((b) => visible(b) && !b.disabled).map((b) => b.innerText.trim());
  const sections = [];
  const found = document.evaluate(
    "//div[not(*) and (starts-with(normalize-space(.), 'hand: ') or starts-with(normalize-space(.), 'bag: '))]",
    document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  for (let i = 0; i < found.snapshotLength; i++) {
    const label = found.snapshotItem(i);
    const section = label.parentElement;
    const up = [...section.querySelectorAll('svg[aria-label]')]
      .filter((s) => /value \\d/.test(s.getAttribute('aria-label'))).length;
    let block = section;
    while (block && !(block.style && block.style.borderRadius === '12px' && block.style.flex)) {
      block = block.parentElement;
    }
    const owner = block ? block.querySelector('span').innerText.trim() : null;
    sections.push({label: label.innerText.trim(), owner, up});
  }
  return {gate: text('.sheriff-gate'), outcome: text('.sheriff-outcome'), buttons, sections,
          final: text('.sheriff-final'), setup: visible(document.querySelector('.sheriff-setup'))};
}"""


def _screenshot(page, name: str, readme: bool = False) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    if readme:
        publish(path, "game_night.png")


def _check_secrets(state: dict, viewer: str | None) -> int:
    """Face-up cards only in the viewer's own hand and bag; returns how many hands and
    bags were looked at."""
    for s in state["sections"]:
        if s["up"]:
            assert viewer is not None and not state["gate"], (s, state["gate"])
            # owner None: the decision's own controls (the bag being declared), not a place
            assert s["owner"] in (viewer, None), f"{s['owner']}'s {s['label']} is up for {viewer}"
    return len(state["sections"])


def _signature(state: dict) -> tuple:
    return (state["gate"], state["outcome"], tuple(state["buttons"]), state["final"])


def test_game_night_two_people_two_bots_with_the_mouse(tmp_path):
    require_chromium()
    from playwright.sync_api import sync_playwright

    if importlib.util.find_spec("voila") is None:
        missing('Voila is not installed: pip install -e ".[app]"')
    start = time.monotonic()
    blocked: list[str] = []
    with VoilaServer(tmp_path, APP) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=VIEWPORT)

            def offline(route) -> None:  # the test machine has no network: neither has the page
                if urlparse(route.request.url).hostname in ("127.0.0.1", "localhost"):
                    route.continue_()
                else:
                    blocked.append(route.request.url)
                    route.abort()

            context.route("**/*", offline)
            page = context.new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            try:
                played = _play(page, server)
            except BaseException:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "FAILED-game_night.png"))
                (ARTIFACTS / "FAILED-game_night-voila.log").write_text(server.log_tail(200))
                raise
        finally:
            browser.close()
        server.remember_children()
    assert server.leftovers() == [], "processes Voilà started are still running"
    # The only things the page asks of the internet are Voilà template's icon font
    # stylesheets (Font Awesome from a CDN); the app uses no icons.
    assert all("fontawesome" in url for url in blocked), blocked
    assert played["decisions"] >= 6 and played["gates"] >= 2, played
    assert played["checks"] >= played["decisions"]
    assert time.monotonic() - start < 2 * TIMEOUT


def _play(page, server: VoilaServer) -> dict:
    """Set up, play the people's last round with the mouse, reach the final scores."""
    page.goto(server.url)
    setup = page.locator(".sheriff-setup")
    setup.wait_for()
    assert page.locator(".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor").count() == 0  # no code
    kinds = setup.locator(".widget-toggle-buttons")
    assert kinds.count() == 4
    setup.locator(".widget-checkbox", has_text="short game").locator("input").check()
    _screenshot(page, "game_night_setup")
    page.get_by_role("button", name="Start the game", exact=True).click()
    page.locator(".sheriff-gate", has_text="Pass the screen to").wait_for()
    _screenshot(page, "game_night_pass_the_screen")

    viewer: str | None = None
    played = {"decisions": 0, "gates": 0, "checks": 0, "people": set()}
    readme_shot = False
    deadline = time.monotonic() + 2 * TIMEOUT
    while time.monotonic() < deadline:
        state = page.evaluate(_JS_STATE)
        if state["gate"]:
            viewer = None
        played["checks"] += _check_secrets(state, viewer) > 0
        if state["final"]:
            break
        buttons = state["buttons"]
        reveal = next((b for b in buttons if b.startswith("I am ")), None)
        if reveal is not None:
            viewer = reveal.removeprefix("I am ").removesuffix(", show my cards")
            played["gates"] += 1
            played["people"].add(viewer)
            _click(page, reveal, state)
            continue
        choice = _choose(page, buttons)
        if choice is None:  # the bots are moving (a short pause per move)
            time.sleep(0.2)
            continue
        if choice == "load bag" and not readme_shot:
            _screenshot(page, "game_night", readme=True)
            readme_shot = True
        _click(page, choice, state)
        played["decisions"] += 1
    final = page.locator(".sheriff-final")
    final.get_by_text("Final scores").wait_for()
    assert final.locator("svg").count() >= 1  # the points chart, drawn as SVG
    assert final.locator("tr").count() == 5  # a header and one row per player
    _check_secrets(page.evaluate(_JS_STATE), viewer)
    _screenshot(page, "game_night_final")
    assert played["people"] == {"Ann", "Ben"}
    return played


def _choose(page, buttons: list[str]) -> str | None:
    """The button a person presses for the decision on screen (keep the hand, load the
    first card, declare what the form suggests, decline threats, let bags pass)."""
    for name in ("make market turn", "declare", "decline", "done exchanging", "pay debt"):
        if name in buttons:
            return name
    if "load bag" in buttons:
        box = page.locator(".widget-checkbox", has_text="load card 1:").locator("input")
        box.check()
        page.locator(".widget-html", has_text="bag: 1 card").first.wait_for()
        return "load bag"
    for b in buttons:
        if (b.startswith("let ") and b.endswith(" pass")) or b.endswith(" starts the market"):
            return b
    if "place confiscated cards" in buttons:
        return "place confiscated cards"
    return None


def _click(page, name: str, before: dict) -> None:
    """Click a button and wait until the screen has answered and is still for 0.3 s (the
    widgets' updates arrive one message at a time)."""
    page.get_by_role("button", name=name, exact=True).first.click()
    deadline = time.monotonic() + TIMEOUT
    last = _signature(before)
    still_since = None
    while True:
        assert time.monotonic() < deadline, f"the screen did not settle after pressing {name!r}"
        now = _signature(page.evaluate(_JS_STATE))
        if now != last:
            last, still_since = now, time.monotonic()
        elif still_since is not None and time.monotonic() - still_since > 0.3:
            return
        time.sleep(0.05)


def _kernels_settle(server: VoilaServer, count: int, seconds: float = 20) -> list[int]:
    """The server's kernels once there are ``count`` of them (or after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while len(server.kernels()) != count and time.monotonic() < deadline:
        time.sleep(0.25)
    return server.kernels()


def _tampered_save(seed: int, seat: int | None = None, gold: int = 0) -> bytes:
    import json

    import sheriff_core as sc

    game = sc.new_game("classic", ["Ann", "Ben", "Cat", "Dan"], seed=seed)
    data = json.loads(game.to_json())
    if seat is not None:
        data["gold"][seat] = gold
    return json.dumps(data).encode()


def _upload(page, content: bytes) -> None:
    """Resume from a file, as a person does: the upload button, then the file chooser."""
    with page.expect_file_chooser() as chooser:
        page.locator(".sheriff-setup .widget-upload").click()
    chooser.value.set_files(
        files=[{"name": "save.json", "mimeType": "application/json", "buffer": content}]
    )


def test_game_night_loose_ends_in_the_browser(tmp_path):
    """Seats marked pressed and said in words; a refused save names the player and Start
    then asks; the seed box shows a resumed game's seed; no save from the hand-off
    screen, and the save link leaves the page once clicked; one kernel per page load,
    shut down when the page goes."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    if importlib.util.find_spec("voila") is None:
        missing('Voila is not installed: pip install -e ".[app]"')
    # Offline as in the test above, but by the browser's resolver, not by routing: a
    # routed request sent while a page unloads (Voila's kernel-shutdown beacon) is lost.
    offline = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
    with VoilaServer(tmp_path, APP) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=find_chromium(), args=[*CHROMIUM_ARGS, offline]
        )
        try:
            context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
            page = context.new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            try:
                _loose_ends(page, server)
                second = context.new_page()
                second.goto(server.url)
                second.locator(".sheriff-setup").wait_for()
                assert len(_kernels_settle(server, 2)) == 2  # one kernel per page load
                page.close(run_before_unload=True)
                assert len(_kernels_settle(server, 1)) == 1  # closing a page releases its kernel
                second.goto("about:blank")  # leaving the page does too
                assert _kernels_settle(server, 0) == []
            except BaseException:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(Exception):  # the page may be closed already
                    page.screenshot(path=str(ARTIFACTS / "FAILED-game_night_loose_ends.png"))
                (ARTIFACTS / "FAILED-game_night_loose_ends-voila.log").write_text(
                    server.log_tail(200)
                )
                raise
        finally:
            browser.close()
        server.remember_children()
    assert server.leftovers() == [], "processes Voilà started are still running"


def _loose_ends(page, server: VoilaServer) -> None:
    page.goto(server.url)
    setup = page.locator(".sheriff-setup")
    setup.wait_for()
    assert len(_kernels_settle(server, 1)) == 1
    # which seats are people: aria-pressed on the chosen button, and a label in words
    kinds = setup.locator(".sheriff-seat-kind")
    second = kinds.nth(1)
    assert second.get_by_role("button", name="person").get_attribute("aria-pressed") == "true"
    assert second.get_by_role("button", name="bot").get_attribute("aria-pressed") == "false"
    labels = setup.locator(".sheriff-seat-label")
    assert labels.nth(1).inner_text().strip() == "seat 2: a person at this screen"
    second.get_by_role("button", name="bot").click()
    labels.nth(1).get_by_text("seat 2: a bot").wait_for()
    page.wait_for_function(
        "() => document.querySelectorAll('.sheriff-seat-kind')[1]"
        ".querySelector('button[aria-pressed=\"true\"]').innerText.trim() === 'bot'"
    )
    assert labels.nth(2).inner_text().strip() == "seat 3: a bot"
    second.get_by_role("button", name="person").click()
    labels.nth(1).get_by_text("seat 2: a person").wait_for()
    # a refused save names the player, and Start then asks before dealing a new game
    _upload(page, _tampered_save(7, seat=1, gold=154))
    setup.get_by_text("Ben's gold: the file says 154, the game's history gives 50").wait_for()
    page.get_by_role("button", name="Start the game", exact=True).click()
    setup.get_by_text("the save file was refused").wait_for()
    assert setup.is_visible() and page.locator(".sheriff-gate").count() == 0
    # a resumed game's seed is in the seed box
    _upload(page, _tampered_save(4321))
    setup.get_by_text("Loaded a saved game").wait_for()
    assert page.locator(".sheriff-seed input").input_value() == "4321"
    page.get_by_role("button", name="Start the game", exact=True).click()
    gate = page.locator(".sheriff-gate", has_text="Pass the screen to")
    gate.wait_for()
    # no save from the hand-off screen (anybody may be looking; the file holds every hand)
    save = page.get_by_role("button", name="Save the game", exact=True)
    assert save.is_disabled()
    reveal = page.get_by_role("button", name=re.compile(r"^I am .*, show my cards$"))
    reveal.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('button')].some("
        "(b) => b.innerText.trim() === 'Save the game' && !b.disabled)"
    )
    save.click()
    link = page.locator("a.sheriff-save-link")
    link.wait_for()
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == "sheriff-classic-round1.json"
    page.wait_for_function(
        "() => !document.querySelector('a.sheriff-save-link') && "
        "!document.body.innerHTML.includes('data:application/json')"
    )
    time.sleep(0.5)  # the kernel's answer (the link's value cleared) would redraw it
    assert "data:application/json" not in page.content()
