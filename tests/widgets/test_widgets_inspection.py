"""The inspection simulator: the learner is the Sheriff; bots answer threats."""

from __future__ import annotations

from collections import Counter

import pytest

import sheriff_core as sc
from sheriff_core.present.widgets.inspection import (
    card_counts,
    deal_to_inspection,
    inspection_simulator,
    staged_inspection,
)


def test_threat_gets_the_bribers_offer_and_passing_takes_it():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    assert sim.press("threaten Ben")
    assert game.step == "negotiation" and game.negotiation.offer == sc.Offer(12)
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


def test_outcome_sentence_after_a_demand():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    assert sim.press("threaten Ben")
    assert "Ben offers you 12 gold." in sim.outcome_text
    assert sim.set("demand gold", 40)
    assert not sim.control("demand").disabled
    assert sim.press("demand")
    assert "Ben refused your demand of 40 gold." in sim.outcome_text
    assert sim.outcome_text.endswith("(Round 1 of 8).")


def test_demand_builder_is_checked_by_the_engine():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    sim.press("threaten Ben")
    # a promise about Ben himself is not offered; one about Cat is
    assert "demand: promise about Ben" not in sim.descriptions()
    sim.set("demand: promise about Cat", "pass")
    sim.set("demand: promise about Dan", "pass")
    assert not sim.control("demand").disabled
    sim.set("demand from bag: good", "Silk")
    sim.set("demand from bag: count", 3)
    assert (
        str(sim.builder.offer) == "offer 0 gold; bag Silk,Silk,Silk; promise pass 2; promise pass 3"
    )
    assert sim.builder.error is None and game.can(sim.builder.offer)
    sim.set("demand from bag: count", 0)
    sim.set("demand gold", 7)
    assert sim.press("demand")
    assert "The Sheriff demands 7 gold, the Sheriff's word to let pass Cat's bag" in sim.lines[-2]


def test_new_round_control_deals_a_fresh_round_at_a_decision():
    game, lineup = deal_to_inspection(seed=0)
    sim = inspection_simulator(game, lineup)
    for name in ("Ben", "Cat", "Dan"):
        sim.press(f"let {name} pass")
    assert sim.finished and sim.descriptions() == []
    assert sim.press("deal a new round")
    fresh = sim.game
    assert fresh is not game and fresh.step == "sheriff" and sim.my_turn
    assert fresh.round == 0 and sim.lines and sim.rounds[0][1].startswith("Round 1 of 8")
    assert "threaten Ben" in sim.descriptions() and sim.error is None
    assert card_counts(fresh) == Counter(fresh.variant.deck_counts(4))
    # the k-th new round is the same every time (seeded), and differs from the first deal
    again = inspection_simulator(*deal_to_inspection(seed=0))
    again.press("deal a new round")
    assert again.game.to_json() == fresh.to_json() != game.to_json()


def test_staged_deals_keep_every_card():
    game = staged_inspection(
        {1: ["Pepper", "Cheese"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Cheese", 2), 2: ("Cheese", 1), 3: ("Bread", 1)},
        stands={2: ["Silk", "Apples"]},
    )
    assert card_counts(game) == Counter(game.variant.deck_counts(4))
    assert game.bags[1] == ["Pepper", "Cheese"] and game.stands[2] == ["Silk", "Apples"]
    game.apply(sc.Threaten(1))
    game.apply(sc.Offer(gold=1, bag=("Pepper", "Pepper")))
    game.apply(sc.LetPass(1))
    assert card_counts(game) == Counter(game.variant.deck_counts(4))


def test_staging_more_cards_than_the_deck_holds_is_refused():
    with pytest.raises(sc.RulesError, match="no Crossbow is left in the draw pile"):
        staged_inspection({1: ["Crossbow"]}, {1: ("Bread", 1)}, stands={2: ["Crossbow"] * 9})


def test_reprs_read_as_sentences():
    game, lineup = deal_to_inspection(seed=0)
    assert repr(inspection_simulator(game, lineup)) == (
        "Inspection simulator: run this cell to open it"
    )
