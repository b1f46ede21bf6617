"""The inspection simulator: the learner is the Sheriff; bots answer threats."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.widgets.inspection import (
    deal_to_inspection,
    inspection_simulator,
    staged_inspection,
)


def test_threat_gets_the_bribers_offer_and_passing_takes_it():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    assert sim.press("threaten Ben")
    assert game.step == "negotiation" and game.negotiation["offer"] == sc.Offer(12)
    assert "Ben offers 12 gold." in sim.lines
    assert sim.press("let Ben pass")
    assert game.gold[0] == 62 and game.gold[1] == 38


def test_demand_refused_then_inspect_and_confiscate():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    sim.press("threaten Ben")
    sim.control("demand gold").value = 40  # more than the briber will pay
    assert sim.press("demand")
    assert "Ben makes no (further) offer." in sim.lines
    assert sim.press("inspect Ben")
    assert game.step == "confiscate" and game.to_move == 0
    sim.control("confiscated cards go on").value = 1
    top = len(game.piles[1])
    assert sim.press("place confiscated cards")
    assert len(game.piles[1]) == top + 2
    assert game.gold[1] == 50 - 8


def test_refusal_is_explained_and_state_kept():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    before = game.to_json()
    assert not sim.type_action("inspect 0")
    assert sim.error.startswith("seat 0 has no bag waiting")
    assert "refused" in sim.message.value and game.to_json() == before


def test_round_ends_and_simulator_stops():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    for name in ("Ben", "Cat", "Dan"):
        sim.press(f"let {name} pass")
    assert sim.finished and game.round == 1 and sim.descriptions() == []
    assert "Round 1 of 8 is over" in sim.status.value
    assert not sim.act(sc.Market())


def test_staged_richard_at_the_lee_binds_the_sheriff():
    game = staged_inspection(
        {1: ["Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)},
        names=["Sheriff", "Richard", "Guy", "Tuck"],
    )
    game.apply(sc.Threaten(1))
    game.apply(sc.Offer(20, promises=(sc.Promise("inspect", 2),)))
    game.apply(sc.LetPass(1))
    with pytest.raises(sc.IllegalInspection, match="promised this round to inspect"):
        game.apply(sc.LetPass(2))
