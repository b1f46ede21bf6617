"""Play against your own bot (lesson 11): a bot registered in a notebook cell, after the
widget modules were imported, plays in the play table and is offered by game night's
set-up screen, as a merchant and as a Sheriff."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from test_game_night import press_something  # the same folder: pytest puts it on sys.path

import sheriff_core as sc
from sheriff_core.bots import SheriffBot, Smuggler, make_player, register
from sheriff_core.bots import base as bots_base
from sheriff_core.engine import Declare, Inspect, LetPass, Load
from sheriff_core.present.widgets.game_night import GameNight
from sheriff_core.present.widgets.play import play_table


class StudentMerchant(Smuggler):
    """A student's merchant: one card at a time, declared as the first legal good; it
    counts its decisions, so a test sees that it, not a bundled bot, played."""

    name = "student-merchant"
    calls = 0

    def load(self, view):
        StudentMerchant.calls += 1
        return Load(view.hand[:1])

    def declare(self, view):
        StudentMerchant.calls += 1
        return Declare(view.variant.legal_goods[0], len(view.bag))


class StudentSheriff(SheriffBot):
    """A student's Sheriff: opens every second bag it decides."""

    name = "student-sheriff"
    calls = 0

    def decide(self, view, merchant):
        StudentSheriff.calls += 1
        return Inspect(merchant) if StudentSheriff.calls % 2 else LetPass(merchant)


@pytest.fixture
def registered() -> Iterator[None]:
    """The two bots registered now (after the widgets were imported), removed afterwards
    so that no other test sees them."""
    StudentMerchant.calls = StudentSheriff.calls = 0
    register(StudentMerchant)
    register(StudentSheriff)
    try:
        yield
    finally:
        bots_base._REGISTRY["merchant"].pop(StudentMerchant.name, None)
        bots_base._REGISTRY["sheriff"].pop(StudentSheriff.name, None)


def test_game_night_offers_a_bot_registered_after_import_and_plays_it(registered) -> None:
    app = GameNight(pause=0)
    row = app.rows[2]
    assert StudentMerchant.name in [v for _label, v in row.merchant.options]
    assert StudentSheriff.name in [v for _label, v in row.sheriff.options]
    app.set_seat(0, name="Robin", kind="person")
    for seat in (1, 2, 3):
        app.set_seat(seat, kind="bot", merchant="student-merchant", sheriff="student-sheriff")
    lineup = app.lineup()
    assert lineup[0] is None and str(lineup[2]) == "student-merchant/student-sheriff"
    app.start()
    assert app.screen == "play"
    table = app.table
    rng = np.random.default_rng(0)
    while table.game.round < 2 and not table.game.is_over:
        if not table.revealed:
            table.reveal()
        else:
            press_something(table, rng)
    # the student's bots played seats 1-3: both were asked, and every bag of theirs
    # held one card
    assert StudentMerchant.calls >= 4 and StudentSheriff.calls >= 1
    loads = [e for e in table.game.events if e.kind == "loaded" and e.seat != 0]
    assert loads and all(len(e.cards) == 1 for e in loads)


def test_a_round_in_the_play_table_against_a_student_bot(registered) -> None:
    game = sc.new_game("classic", players=3, seed=4)
    bots = [make_player("student-merchant", "student-sheriff") for _ in range(3)]
    table = play_table(game, bots, seat=1)
    assert game.step == "market" and game.to_move == 1
    assert table.press("make market turn")
    hand = list(game.hands[1])
    table.control(f"load card 1: {hand[0]}").value = True
    assert table.press("load bag")
    table.control("declare count").value = 1
    table.control("declare good").value = (
        hand[0] if hand[0] in game.variant.legal_goods else (game.variant.legal_goods[0])
    )
    assert table.press("declare")
    # seat 0 (the student's Sheriff) dealt with the bags: it was asked to decide, and the
    # student's merchant (seat 2) loaded one card and declared it
    assert StudentSheriff.calls >= 1 and StudentMerchant.calls >= 2
    assert game.round == 1 and game.sheriff == 1 and table.my_turn
    loaded = [line for line in table.lines if line.startswith("Cat loads")]
    assert loaded and loaded[0].startswith("Cat loads 1 card(s).")
