"""Nottingham on the engine's shape (issue 30): a Decision enum, typed pending records, one
decision table, and the engine's names for the same ideas (``players``, ``n``,
``Event.to_dict``)."""

from __future__ import annotations

import dataclasses

import pytest

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.nottingham.steps import pending_from_dict

#: The record each decision holds (docs: sheriff_core/nottingham/steps.py).
RECORD = {
    nt.Decision.REVEAL: nt.NoPending,
    nt.Decision.DEFEND: nt.Target,
    nt.Decision.TAKE: nt.Target,
    nt.Decision.OFFER: nt.OfferRound,
    nt.Decision.ACCEPT: nt.OfferChoice,
    nt.Decision.AMBUSH_CARD: nt.AmbushDraw,
    nt.Decision.SCORE: nt.NoPending,
    nt.Decision.SPRING: nt.SpringQueue,
    nt.Decision.DISCARD: nt.DiscardQueue,
    nt.Decision.OVER: nt.NoPending,
}


def positions(games: int = 12):
    """Every decision of a few seeded bot games (the game moves on after each)."""
    bots = [nt.RandomBot(), nt.GreedyCollector()] * 4
    for seed in range(games):
        g = nt.new_game(nt.load_rules(track=8), 3 + seed % 3, seed=seed)
        while True:
            yield g
            if g.is_over:
                break
            g.apply(bots[g.to_move].choose(g))


def test_the_decision_table_covers_every_decision_and_every_action_once():
    assert set(nt.DECISIONS) == set(nt.Decision)
    kinds = nt.action_kinds()
    assert list(kinds) == [d for d in nt.Decision if d is not nt.Decision.OVER]
    listed = [cls for classes in kinds.values() for cls in classes]
    assert sorted(c.__name__ for c in listed) == sorted(nt.actions.action_types())
    assert nt.DECISIONS[nt.Decision.OVER].takes == {}


def test_step_is_a_decision_member_and_pending_the_record_the_table_names():
    seen = set()
    for g in positions():
        assert type(g.step) is nt.Decision and g.decision is g.step
        assert type(g.pending) is RECORD[g.step], (g.step, g.pending)
        assert g.to_move == nt.DECISIONS[g.step].to_move(g)
        saved = g.to_data()
        assert saved["decision"] == g.step.value and saved["pending"] == g.pending.to_dict()
        assert pending_from_dict(saved["decision"], saved["pending"]) == g.pending
        seen.add(g.step)
    assert seen >= set(RECORD) - {nt.Decision.DISCARD}  # discards need an empty draw pile


def test_pending_records_are_frozen_and_replaced_not_changed():
    for g in positions(4):
        if isinstance(g.pending, nt.OfferRound):
            before = g.pending
            g.apply(nt.GreedyCollector().choose(g))
            assert g.pending is not before and len(before.offers) + 1 == len(g.pending.offers)
            with pytest.raises(dataclasses.FrozenInstanceError):
                g.pending.queue = ()  # type: ignore[misc]
            return
    pytest.fail("no offer decision reached")


def test_players_are_the_names_by_seat_and_n_their_number_as_in_the_engine():
    g = nt.new_game(None, ["Robin", "Marian", "John"], seed=0)
    e = sc.new_game("classic", ["Robin", "Marian", "John"], seed=0)
    assert g.players == e.players == ("Robin", "Marian", "John") == g.names
    assert g.n == e.n == 3


def test_events_have_to_dict_as_the_engines_and_as_dict_is_deprecated():
    g = nt.new_game(None, 3, seed=4)
    (event,) = g.apply(nt.Keep())
    assert event.to_dict() == {
        "kind": "keep",
        "seat": 0,
        "item": "Necklace",
        "other": None,
        "count": None,
        "note": "",
    }
    assert nt.Event.from_dict(event.to_dict()) == event
    assert hasattr(sc.new_game("classic", 3, seed=0).events[0], "to_dict")
    with pytest.deprecated_call(match="to_dict"):
        assert event.as_dict() == event.to_dict()
