"""The game-night app (sheriff_core.present.widgets.game_night): set-up, pass-and-play with the
controls alone, nothing secret on screen, save and resume, every variant, final scores."""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ipywidgets import Button, Widget

import sheriff_core as sc
from sheriff_core.engine.actions import parse_action
from sheriff_core.present.pictures import bag_html, cards_html
from sheriff_core.present.rules_summary import rules_summary_html
from sheriff_core.present.widgets.game_night import PAGE_SCRIPT, GameNight, PassAndPlayTable
from sheriff_core.present.widgets.play import PICTURE_SCALE

APP = Path(__file__).resolve().parents[2] / "apps" / "game_night.ipynb"
FACE_UP_HAND = re.compile(r"hand: \d+ cards?\b(?! \(hidden\))")


def on_screen(app: GameNight) -> str:
    """Everything the displayed widget tree shows: HTML, labels, options, values."""
    parts: list[str] = []

    def walk(w: Widget) -> None:
        for attr in ("value", "description", "placeholder", "tooltip"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                parts.append(v)
        labels = getattr(w, "_options_labels", None)
        if labels:
            parts.extend(labels)
        titles = getattr(w, "titles", None)
        if titles:
            parts.extend(t for t in titles if t)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(app)
    return "\n".join(parts)


def hand_markup(game: sc.Game, seat: int) -> str:
    hand = game.hands[seat]
    n = len(hand)
    label = f"hand: {n} card{'s' if n != 1 else ''}"
    return cards_html(game.variant, hand, label=label, scale=PICTURE_SCALE)


def check_no_secrets(app: GameNight) -> int:
    """Nothing on screen that the person with the screen may not see; returns the
    viewer (or -1 while the screen waits to be passed)."""
    table = app.table
    assert table is not None
    game, html = table.game, on_screen(app)
    viewer = table.seat if table.revealed and not game.is_over else -1
    if game.is_over:
        return viewer
    # hands: only the viewer's face up; none while the screen waits to be passed
    for p in table.people:
        if p != viewer and game.hands[p]:
            assert hand_markup(game, p) not in html, (game.players[p], viewer)
    assert len(FACE_UP_HAND.findall(html)) == (1 if viewer >= 0 else 0)
    if viewer < 0:
        assert set(table.descriptions()) == {table.reveal_label}
    # the others' secret log lines (cards loaded, drawn, set aside) never show
    for s, name in enumerate(game.players):
        if s != viewer:
            assert not re.search(rf"{name} loads \d+ card\(s\): ", html)
            assert not re.search(rf"{name} draws \d+ card\(s\): ", html)
            assert not re.search(rf"{name} sets aside \d+ card\(s\) \(", html)
    # a Sheriff (or Deputy) never sees an unopened bag's contents
    for m, bag in game.bags.items():
        if m != viewer and bag and m not in game.resolved:
            up = bag_html(game.variant, bag, declared=game.declared.get(m), scale=PICTURE_SCALE)
            assert up not in html, (game.players[m], viewer)
    return viewer


def prepare(table: PassAndPlayTable, rng: np.random.Generator) -> None:
    """Set some controls of the decision due, as a person would with the mouse."""
    step, names = table.game.step, table.descriptions()
    if step == "load":
        boxes = [d for d in names if d.startswith("load card")]
        for d in boxes[: int(rng.integers(1, 4))]:
            table.set(d, True)
    elif step == "market" and rng.random() < 0.5:
        for d in [d for d in names if d.startswith("set aside card")][:2]:
            table.set(d, True)
    elif step == "declare":
        options = table.control("declare good").options
        table.set("declare good", options[int(rng.integers(len(options)))])
    elif step in ("merchant", "negotiation"):
        prefix = "offer" if step == "merchant" else "demand"
        gold = table.control(f"{prefix} gold")
        table.set(f"{prefix} gold", int(rng.integers(0, min(gold.max, 6) + 1)))


def press_something(table: PassAndPlayTable, rng: np.random.Generator) -> None:
    before = len(table.game.history)
    prepare(table, rng)
    buttons = [
        d
        for d in table.descriptions()
        if isinstance(table.control(d), Button) and not table.control(d).disabled
    ]
    rng.shuffle(buttons)
    buttons.sort(key=lambda d: d.startswith(("take top", "undo", "clear")))
    assert any(table.press(d) for d in buttons), (table.game.step, buttons)
    assert len(table.game.history) > before


def play_out(app: GameNight, seed: int = 0, limit: int = 3000) -> dict[str, Any]:
    """Play the game to its end by the controls alone, checking the screen at every
    moment; returns how many times each thing happened."""
    table = app.table
    assert table is not None
    rng = np.random.default_rng(seed)
    seen: dict[str, Any] = {"gates": 0, "decisions": 0, "steps": set()}
    for _ in range(limit):
        if table.game.is_over:
            break
        viewer = check_no_secrets(app)
        if viewer < 0:
            seen["gates"] += 1
            assert "Pass the screen to " in table.outcome_text
            assert table.press(table.reveal_label) is False  # it shows cards, plays nothing
            assert table.revealed
            continue
        assert table.game.to_move == viewer and table.lineup[viewer] is None
        seen["steps"].add(table.game.step)
        press_something(table, rng)
        seen["decisions"] += 1
    assert table.game.is_over
    return seen


def two_people_two_bots(variant: str = "classic", seed: int = 3) -> GameNight:
    app = GameNight(pause=0)
    app.variant.value = variant
    app.seed.value = seed
    app.set_seat(0, name="Robin", kind="person")
    app.set_seat(1, name="Marian", kind="person")
    app.set_seat(2, kind="bot", merchant="smuggler", sheriff="bayesian")
    app.set_seat(3, kind="bot", merchant="briber", sheriff="threshold")
    return app


def test_two_people_two_bots_whole_game_by_the_controls_with_nothing_secret_shown():
    app = two_people_two_bots()
    app.start()
    table = app.table
    assert app.screen == "play" and table.people == [0, 1]
    assert table.game.players == ("Robin", "Marian", "Cat", "Dan")
    # the first person sees nothing before pressing the button
    assert not table.revealed and table.descriptions() == ["I am Marian, show my cards"]
    assert "Pass the screen to Marian" in table.gate.value
    seen = play_out(app, seed=3)
    assert seen["gates"] >= 8 and seen["decisions"] >= 40, seen  # 8 rounds, 2 people
    # the people were merchants and Sheriffs: the gate held for both sides of the table
    assert {"market", "load", "declare", "sheriff", "negotiation"} <= seen["steps"], seen
    assert app.screen == "final"
    html = on_screen(app)
    assert "Final scores" in html and "<svg" in app.final.value
    assert not FACE_UP_HAND.findall(html) and table.status not in app.children  # no hands
    assert "Game over. Winner(s): " in table.journal.value
    for row in table.game.score_rows():
        assert f"<td>{row['player']}</td>" in app.final.value
        assert f"<td><b>{row['total']}</b></td>" in app.final.value


def test_nobody_sees_another_person_s_hand_in_any_variant_for_a_few_rounds():
    for variant in sc.variant_names():
        app = two_people_two_bots(variant, seed=5)
        if variant == "deputies":
            app.players.value = 6
        app.start()
        table = app.table
        rng = np.random.default_rng(1)
        gates = 0
        while table.game.round < 2 and not table.game.is_over:
            if check_no_secrets(app) < 0:
                gates += 1
                table.reveal()
                continue
            press_something(table, rng)
        assert gates >= 2, variant


@pytest.mark.parametrize("variant", sc.variant_names())
def test_every_variant_can_be_set_up(variant):
    v = sc.load_variant(variant)
    app = GameNight(pause=0)
    app.variant.value = variant
    assert list(app.players.options) == list(range(v.min_players, v.max_players + 1))
    assert len(app.rows) == app.players.value
    app.start()
    assert app.screen == "play" and app.table.game.variant.name == variant
    assert app.table.game.n == app.players.value
    app.table.reveal()
    words = app.legal_in_words()
    assert words and all(app.table.game.can(parse_action(text)) for _w, text in words)
    assert "you must" in app.help.value
    assert "Rules summary" in app.side.titles
    assert app.rules.value == rules_summary_html(variant, page=False)


def test_what_can_i_do_now_hides_choices_until_the_screen_is_passed():
    app = two_people_two_bots()
    app.start()
    assert app.legal_in_words() == [] and "Pass the screen to Marian" in app.help.value
    app.table.reveal()
    words = dict((text, w) for w, text in app.legal_in_words())
    assert words["market keep"] == "keep your whole hand"
    assert len(words) > 1 and all(text.startswith("market") for text in words)


def test_save_and_resume_through_the_widget_give_the_same_game():
    app = two_people_two_bots()
    app.start()
    table, rng = app.table, np.random.default_rng(0)
    while table.game.round < 1:
        if not table.revealed:
            table.reveal()
        else:
            press_something(table, rng)
    table.reveal()
    app.save_button.click()
    link = app.save_link.value
    href = re.search(r'href="data:application/json;base64,([^"]+)"', link).group(1)
    text = base64.b64decode(href).decode()
    assert text == table.game.to_json()
    # the link is gone as soon as anything changes (it holds every card)
    press_something(table, rng)
    assert app.save_link.value == ""
    # resume in a new app through the upload control
    other = GameNight(pause=0)
    other.upload.value = (
        {
            "name": "save.json",
            "type": "application/json",
            "size": len(text),
            "content": memoryview(text.encode()),
            "last_modified": datetime.now(UTC),
        },
    )
    assert "Loaded a saved game" in other.setup_message.value
    assert [r.name.value for r in other.rows] == ["Robin", "Marian", "Cat", "Dan"]
    for seat in (2, 3):
        other.set_seat(seat, kind="bot")
    other.set_seat(2, merchant="smuggler", sheriff="bayesian")
    other.set_seat(3, merchant="briber", sheriff="threshold")
    other.start()
    assert other.table.game.to_json() == text
    assert other.table.seat == sc.Game.from_json(text).to_move


def test_changing_the_set_up_after_loading_a_save_starts_a_new_game():
    game = sc.new_game("classic", players=3, seed=4)
    app = GameNight(pause=0)
    assert app.resume(game.to_json()) and app.players.value == 3
    app.players.value = 4
    assert app.setup_message.value == ""
    app.start()
    assert app.table.game.n == 4 and app.table.game.history == []


def test_a_broken_save_is_refused_with_the_engine_message():
    app = GameNight(pause=0)
    assert not app.resume('{"format": 1}')
    assert "cannot resume: format: version 1 is not supported" in app.setup_message.value
    assert app.screen == "setup"


def test_set_up_refusals_name_the_rule():
    app = GameNight(pause=0)
    for seat in range(4):
        app.set_seat(seat, kind="bot")
    app.start()
    assert "at least one seat must be a person" in app.setup_message.value
    assert app.screen == "setup"
    app.set_seat(0, kind="person")
    app.set_seat(1, name="Ann")
    app.start()
    assert "player names must be distinct" in app.setup_message.value and app.table is None


def test_short_game_reaches_the_final_scores():
    app = two_people_two_bots(seed=8)
    app.fast_forward.value = True
    app.start()
    game = app.table.game
    assert game.round == game.rounds - 1
    play_out(app, seed=8)
    assert app.screen == "final" and app.children[0] is app.final
    assert "winner" in app.final.value and "points" in app.final.value


def test_bots_pause_between_their_actions(monkeypatch):
    naps: list[float] = []
    monkeypatch.setattr("sheriff_core.present.widgets.game_night.time.sleep", naps.append)
    app = GameNight(pause=0.25)
    for seat in (0, 2, 3):
        app.set_seat(seat, kind="bot")
    app.start()  # dealing: the bots' first moves are not shown one by one
    assert naps == []
    table = app.table
    before = len(table.game.history)
    assert table.press("make market turn")
    bot_moves = len(table.game.history) - before - 1
    assert bot_moves > 0 and naps == [0.25] * bot_moves


def _hand_off(app: GameNight) -> PassAndPlayTable:
    """A started two-person game at its first hand-off screen."""
    app.start()
    assert not app.table.revealed
    return app.table


def test_saving_is_offered_only_from_a_player_s_view_and_the_link_goes_once_downloaded():
    app = two_people_two_bots()
    table = _hand_off(app)
    # the hand-off screen: anybody may be looking, and the file holds every hand
    assert app.save_button.disabled
    assert app._make_link() is False
    assert "data:" not in app.save_link.value and "show your cards first" in app.save_link.value
    table.reveal()
    assert not app.save_button.disabled
    app.save_button.click()
    assert 'href="data:application/json;base64,' in app.save_link.value
    # the link's click presses the app's hidden "saved" button: the link leaves the page
    ack = app.saved_class
    assert ack in app.saved_button._dom_classes
    assert f"document.querySelector('.{ack}').click()" in app.save_link.value
    app.saved_button.click()
    assert app.save_link.value == ""
    assert app.saved_button.layout.display == "none"


def _tampered_save(field: str, seat: int, value: Any) -> tuple[sc.Game, str]:
    game = sc.new_game("classic", ["Ann", "Ben", "Cat"], seed=6)
    data = json.loads(game.to_json())
    data[field][seat] = value
    return game, json.dumps(data)


def test_a_refused_save_names_the_player():
    app = GameNight(pause=0)
    _game, text = _tampered_save("gold", 1, 154)
    assert not app.resume(text)
    assert "Ben&#x27;s gold: the file says 154, the game&#x27;s history gives 50" in (
        app.setup_message.value
    )
    game, text = _tampered_save("hands", 2, ["Apples"] * 6)
    data = json.loads(game.to_json())
    assert not app.resume(text)
    card = next(i for i, c in enumerate(data["hands"][2]) if c != "Apples")
    assert f"Cat&#x27;s hand, card {card + 1}: the file says &quot;Apples&quot;" in (
        app.setup_message.value
    )


def test_start_after_a_refused_save_does_not_silently_deal_a_new_game():
    app = GameNight(pause=0)
    saved = sc.new_game("classic", players=3, seed=4)
    for _ in range(3):
        saved.apply(next(iter(saved.legal_actions())))
    assert app.resume(saved.to_json())
    _game, broken = _tampered_save("gold", 0, 7)
    assert not app.resume(broken)
    app.start()  # neither the earlier save nor a new game without a word
    assert app.table is None and app.screen == "setup"
    assert "the save file was refused" in app.setup_message.value
    app.start()  # pressed again: a new game, as the message said
    assert app.screen == "play" and app.table.game.n == 3
    assert app.table.game.history == []  # not the save loaded first


def test_the_seed_box_shows_the_resumed_game_s_seed():
    app = GameNight(pause=0)
    assert app.seed.value == 1
    assert app.resume(sc.new_game("classic", players=3, seed=4321).to_json())
    assert app.seed.value == 4321


def test_nobody_is_told_you_about_a_bag_a_bot_played_for_them():
    app = two_people_two_bots(seed=8)
    app.fast_forward.value = True  # bots play the people's seats until the last round
    table = _hand_off(app)
    for p in table.people:
        assert table._recent.get(p, []) == [], table._recent[p]
    table.reveal()
    assert "You " not in table.outcome_text and "Your " not in table.outcome_text
    # from now on the people's own decisions are told to them again
    rng = np.random.default_rng(0)
    for _ in range(200):
        told = [line for lines in table._recent.values() for line in lines]
        if any(line.startswith("You") for line in told):
            break
        if not table.revealed:
            table.reveal()
        else:
            press_something(table, rng)
    else:
        raise AssertionError("nobody was told of their own decisions")


def test_which_seats_are_people_is_said_in_words_and_marked_pressed():
    app = GameNight(pause=0)
    app.set_seat(2, kind="bot")
    assert app.rows[0].label.value == "seat 1: <b>a person</b> at this screen"
    assert app.rows[2].label.value == "seat 3: <b>a bot</b>"
    app.set_seat(2, kind="person")
    assert "a person" in app.rows[2].label.value
    assert all("sheriff-seat-kind" in r.kind._dom_classes for r in app.rows)
    # the app page runs PAGE_SCRIPT: aria-pressed follows the chosen button
    assert "aria-pressed" in PAGE_SCRIPT and ".sheriff-seat-kind button" in PAGE_SCRIPT
    app_source = "".join(json.loads(APP.read_text())["cells"][0]["source"])
    assert "display(Javascript(PAGE_SCRIPT))" in app_source
