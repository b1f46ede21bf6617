"""A hypothesis state machine over every variant: legal moves, odd or illegal moves,
save and reload, with cards and gold conserved throughout."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from engine_helpers import all_cards
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import sheriff_core as sc

VARIANTS = [sc.load_variant(n) for n in sc.variant_names()]
GOODS = sorted({g for v in VARIANTS for g in v.goods} | {"Turnips"})
ODD = st.one_of(
    st.integers(-(10**30), 10**30),
    st.integers(-2, 7),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.sampled_from(GOODS),
    st.integers(0, 6).map(np.int64),
)
NAMES = st.one_of(st.sampled_from(GOODS), ODD)
CARDS = st.one_of(st.lists(NAMES, max_size=6).map(tuple), st.lists(NAMES, max_size=6), ODD)
SEATS = st.one_of(st.integers(-1, 7), ODD)


def _build(cls, *args):
    """A constructor call kept for later: odd fields are refused when it is made."""
    return (cls, args)


PROMISES = st.lists(
    st.builds(
        _build,
        st.just(sc.Promise),
        st.sampled_from(["inspect", "pass", "future", "bogus"]),
        SEATS,
        st.one_of(st.just(""), ODD),
    ),
    max_size=2,
)
ACTIONS = st.one_of(
    st.builds(_build, st.just(sc.ChooseStarter), SEATS),
    st.builds(
        _build, st.just(sc.Market), CARDS, st.one_of(st.lists(SEATS, max_size=4), ODD), SEATS
    ),
    st.builds(_build, st.just(sc.Load), CARDS),
    st.builds(_build, st.just(sc.Declare), NAMES, SEATS),
    st.builds(_build, st.sampled_from([sc.Threaten, sc.Inspect, sc.LetPass]), SEATS),
    st.builds(
        _build, st.just(sc.Offer), st.one_of(st.integers(-5, 80), ODD), CARDS, CARDS, PROMISES
    ),
    st.builds(_build, st.sampled_from([sc.Accept, sc.Decline, sc.Done])),
    st.builds(_build, st.just(sc.Confiscate), SEATS, CARDS),
    st.builds(_build, st.just(sc.PayDebt), CARDS),
    st.builds(_build, st.just(sc.Exchange), NAMES),
)


def make(call):
    """Make the action (and its promises); BadAction if a field is refused."""
    cls, args = call
    if cls is sc.Offer:
        args = (*args[:3], tuple(p_cls(*p_args) for p_cls, p_args in args[3]))
    return cls(*args)


COUNTS: Counter = Counter()


class GameMachine(RuleBasedStateMachine):
    @initialize(data=st.data(), seed=st.integers(0, 2**32 - 1))
    def deal(self, data, seed):
        v = data.draw(st.sampled_from(VARIANTS))
        players = data.draw(st.integers(v.min_players, v.max_players))
        self.game = sc.new_game(v, players=players, seed=seed, first_sheriff=seed % players)
        self.deck = Counter(sc.build_deck(v, players))
        self.gold = sum(self.game.gold)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def play_a_legal_action(self, data):
        g = self.game
        legal = list(g.legal_actions())[:200]  # the market lists thousands: the first 200
        g.apply(data.draw(st.sampled_from(legal)))
        COUNTS["legal"] += 1

    @rule(call=ACTIONS, data=st.data())
    def try_an_odd_action(self, call, data):
        try:
            action = make(call)
        except sc.BadAction as err:
            assert isinstance(err, sc.RulesError) and str(err)
            COUNTS["refused_when_built"] += 1
            return
        g = self.game
        player = data.draw(st.one_of(st.none(), SEATS))
        before = g.to_json()
        if g.can(action, player):
            g.apply(action, player)
            COUNTS["accepted"] += 1
        else:
            with pytest.raises(sc.RulesError):
                g.apply(action, player)
            assert g.to_json() == before
            COUNTS["refused"] += 1

    @rule()
    def save_and_reload(self):
        text = self.game.to_json()
        self.game = sc.Game.from_json(text)
        assert self.game.to_json() == text

    @invariant()
    def cards_and_gold_are_conserved(self):
        g = self.game
        assert all_cards(g) == self.deck
        assert sum(g.gold) + g.loot == self.gold
        assert min(g.gold) >= 0 and g.loot >= 0


def test_game_machine():
    COUNTS.clear()
    run_state_machine_as_test(
        GameMachine,
        settings=settings(
            max_examples=25,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
    print(f"\nstate machine: {dict(COUNTS)}")
    assert COUNTS["legal"] > 50 and COUNTS["refused"] + COUNTS["refused_when_built"] > 50
