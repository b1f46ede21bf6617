"""The end of a round and of the game (END-*, GAME-*): drawing back up, the next Sheriff,
the number of rounds, cards left in hand.

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

import pytest
from engine_helpers import drive
from scenarios import fresh, honest_round

import sheriff_core as sc
from sheriff_core.bots import play_game


@pytest.mark.rules("END-1", "END-2")
def test_after_the_last_bag_everyone_draws_to_six_clockwise_and_the_sheriff_passes_left():
    g = honest_round(fresh(first_sheriff=2))
    top = g.deck[-3:][::-1]  # the next three cards, top first
    for s in g.unresolved():
        ev = g.apply(sc.LetPass(s))
    drew = [(e.seat, e.info["cards"]) for e in ev if e.kind == "drew"]
    assert drew == [(3, [top[0]]), (0, [top[1]]), (1, [top[2]])]  # the Sheriff had 6
    assert [len(h) for h in g.hands] == [6] * 4
    assert g.round == 1 and g.sheriff == 3 and g.to_move == 0


def test_game_ends_after_each_player_was_sheriff_twice_and_hands_score_nothing():
    g = fresh(players=4, seed=11)
    sheriffs = []

    def market(g: sc.Game) -> sc.Action:
        if not sheriffs or sheriffs[-1] != g.sheriff:
            sheriffs.append(g.sheriff)
        return sc.Market()

    drive(
        g,
        {
            "market": market,
            "load": lambda g: sc.Load((g.hands[g.to_move][0],)),
            "declare": lambda g: sc.Declare("Apples", 1),
            "sheriff": lambda g: sc.LetPass(g.unresolved()[0]),
        },
        until=lambda g: g.is_over,
    )
    assert sheriffs == [0, 1, 2, 3, 0, 1, 2, 3]
    assert g.round == 7 and g.events[-1].kind == "game_over"
    assert [len(h) for h in g.hands] == [5, 5, 5, 6]  # no draw after the last round
    rows = g.score_rows()
    for seat, row in enumerate(rows):
        assert row["goods_value"] == sum(g.variant.goods[c].value for c in g.stands[seat])
    with pytest.raises(sc.GameOver):
        g.apply(sc.Market())


def test_three_player_game_has_nine_rounds():
    g = sc.new_game("classic", players=3, seed=1)
    from sheriff_core.bots import play_game

    play_game(g)
    assert g.round == 8 and g.is_over
    assert [e.seat for e in g.events if e.kind == "round_start"] == [0, 1, 2] * 3


@pytest.mark.rules("GAME-1", "END-2")
def test_three_players_are_each_sheriff_three_times_then_the_game_ends():
    g = play_game(fresh(players=3, seed=5, first_sheriff=1))
    sheriffs = [e.info["sheriff"] for e in g.events if e.kind == "round_start"]
    assert len(sheriffs) == 9 == g.rounds
    assert sheriffs == [g.players[(1 + r) % 3] for r in range(9)]
    assert g.is_over and g.events[-1].kind == "game_over"


@pytest.mark.rules("GAME-2")
def test_cards_left_in_hand_score_nothing():
    g = honest_round(fresh())
    rows = g.score_rows()
    g.hands[1] = ["Crossbow"] * 6
    assert g.score_rows() == rows
