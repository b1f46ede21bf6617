"""Nottingham rules of docs/rules.md that no scenario test checked yet, one focused test each.

Grouped by phase; each test names its rule with ``@pytest.mark.rules``.
"""

from __future__ import annotations

import pytest
from nottingham_helpers import hand, position

from sheriff_core import nottingham as nt

# --------------------------------------------------------------------------- a turn


@pytest.mark.rules("NOT-ACT-2")
def test_steal_needs_a_target_holding_a_card_and_a_refusal_changes_nothing():
    g = position(hands={0: {}, 1: {}, 2: {"Chest": 1}}, revealed="Candlestick")
    assert g.legal_actions() == [nt.Keep(), nt.Use(2)]  # seat 1 holds nothing
    before = g.to_json()
    with pytest.raises(nt.IllegalTarget, match="has no cards to take"):
        g.apply(nt.Use(1))
    with pytest.raises(nt.IllegalTarget, match="another player"):
        g.apply(nt.Use(0))
    assert g.to_json() == before
    g.apply(nt.Use(2))
    assert hand(g, 0) == {"Chest": 1} and hand(g, 2) == {"Candlestick": 1}


@pytest.mark.rules("NOT-SCO-1")
def test_a_set_is_three_or_more_of_one_item_and_a_short_lay_changes_nothing():
    g = position(hands={0: {"Pearls": 2, "Gold": 3}}, decision="score", deck=["Copper"] * 10)
    before = g.to_json()
    with pytest.raises(nt.IllegalScore, match="lay 3 or more cards of one item, not 2"):
        g.apply(nt.Lay("Pearls", 2))
    with pytest.raises(nt.IllegalScore, match="you have 2 Pearls, cannot lay 3"):
        g.apply(nt.Lay("Pearls", 3))
    assert g.to_json() == before
    g.apply(nt.Lay("Gold", 3))
    assert g.scored[0] == ["Gold"] and g.score(0) == 9
    # one score per turn: the turn has passed to the next player
    assert g.active == 1 and g.decision != "score"


# --------------------------------------------------------------------------- scoring


@pytest.mark.rules("NOT-WIN-1")
def test_gold_under_an_ambush_card_does_not_score():
    plain = position(scored=[["Chest"], [], []])
    ambushing = position(scored=[["Chest"], [], []], ambushes=[[0, "blue", "Gold"]])
    assert plain.score(0) == ambushing.score(0) == 13
    assert ambushing.results()[0]["cards_scored"] == 1
