"""Actions are values of the right type or refused; apply is all or nothing; events hold
copies; len(legal_actions()); every action's text form reads back as an equal action."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from engine_helpers import all_cards
from hypothesis import given, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine import game as game_module

# --------------------------------------------------------------------------- field types


@pytest.mark.parametrize(
    "make",
    [
        lambda: sc.Declare("Apples", True),
        lambda: sc.Market(pile=True),
        lambda: sc.Market(set_aside=("Apples",), pile=0.5),
        lambda: sc.Inspect(1.0),
        lambda: sc.Confiscate(0.5, ("Silk",)),
        lambda: sc.Offer(0, promises=(sc.Promise("pass", True),)),
        lambda: sc.Promise("bogus", 1),
        lambda: sc.ChooseStarter(1.0),
        lambda: sc.Threaten(None),
        lambda: sc.LetPass("1"),
        lambda: sc.Load("Apples"),  # a string is not a list of cards
        lambda: sc.Load((1,)),
        lambda: sc.Load(("",)),
        lambda: sc.Load((" Apples",)),
        lambda: sc.PayDebt(("Ap,ples",)),
        lambda: sc.Exchange(None),
        lambda: sc.Offer(gold=2.0),
        lambda: sc.Offer(stand=None),
        lambda: sc.Offer(promises=("pass 2",)),
        lambda: sc.Market(take=(0.0,)),
        lambda: sc.Promise("future", None, "a; b"),
        lambda: sc.Promise("future", 2, "text"),
        lambda: sc.Promise("inspect", 2, "text"),
        lambda: sc.Declare(np.float64(1.0), 1),
    ],
)
def test_badly_typed_actions_are_refused_when_built(make):
    with pytest.raises(sc.BadAction) as err:
        make()
    assert isinstance(err.value, sc.RulesError) and isinstance(err.value, TypeError)
    assert str(err.value)


def test_numpy_integers_become_plain_ints_and_lists_become_tuples():
    a = sc.Threaten(np.int64(1))
    assert a == sc.Threaten(1) and type(a.seat) is int and hash(a) == hash(sc.Threaten(1))
    m = sc.Market(["Apples"], [np.int32(0)], np.uint8(1))
    assert m == sc.Market(("Apples",), (0,), 1) and type(m.take[0]) is int
    assert sc.Load(["Apples"]) == sc.Load(("Apples",)) and hash(sc.Load(["Apples"]))
    assert type(sc.Promise("pass", np.int16(2)).seat) is int


def test_a_normalised_numpy_seat_is_played_and_saved():
    g = sc.new_game("classic", players=4, seed=0)
    while g.step != "sheriff":
        g.apply(RandomBot().choose(g))
    g.apply(sc.Threaten(np.int64(g.unresolved()[0])))
    text = g.to_json()  # no numpy value reached the state
    assert sc.Game.from_json(text).to_json() == text


def test_wrong_player_gets_a_readable_not_your_turn():
    g = sc.new_game("classic", players=4, seed=0)
    before = g.to_json()
    for player in (99, -1, True, 1.0, "1"):
        with pytest.raises(sc.NotYourTurn, match=r"no seat .* it is Ben \(seat 1\)'s decision"):
            g.apply(sc.Market(), player=player)
        assert not g.can(sc.Market(), player)
    with pytest.raises(sc.NotYourTurn, match=r"not Cat \(seat 2\)'s"):
        g.apply(sc.Market(), player=2)
    g.apply(sc.Market(), player=np.int64(1))
    assert g.to_json() != before


def test_can_does_not_write_state():
    g = sc.new_game("classic", players=3, seed=0)
    hand = g.hands[g.to_move]
    state = dict(vars(g))
    assert g.can(sc.Market((hand[0],), (), 0))
    assert not g.can(sc.Market(("Turnips",), (), 0))
    assert {k: v for k, v in vars(g).items()} == state
    assert all(vars(g)[k] is v for k, v in state.items())


# --------------------------------------------------------------------------- all or nothing


@pytest.fixture
def fail_at(monkeypatch):
    """fail_at["n"] = k makes the k-th event emitted from then on raise (a simulated bug);
    fail_at["advance"] = True makes the end of apply (after all effects) raise, once.
    Each failure happens once: a bug on an action that earlier actions did not reach (a
    replayable game is restored by replaying those actions)."""
    plan: dict[str, object] = {"n": None, "advance": False}
    emit, advance = game_module.Game._emit, game_module.Game._advance

    def failing_emit(self, event):
        emit(self, event)
        if plan["n"] is not None:
            plan["n"] -= 1  # type: ignore[operator]
            if plan["n"] == 0:
                raise KeyError("simulated bug")

    def failing_advance(self):
        advance(self)
        if plan["advance"]:
            plan["advance"] = False
            raise ZeroDivisionError("simulated bug at the very end")

    monkeypatch.setattr(game_module.Game, "_emit", failing_emit)
    monkeypatch.setattr(game_module.Game, "_advance", failing_advance)
    return plan


@pytest.mark.parametrize("variant", sc.variant_names())
def test_a_failure_after_the_checks_restores_the_state_exactly(variant, fail_at):
    v = sc.load_variant(variant)
    failures = 0
    for seed in range(2):
        g = sc.new_game(v, players=v.min_players + seed % (v.max_players - v.min_players + 1))
        bot = RandomBot(talk=0.5)
        while not g.is_over:
            action = bot.choose(g)
            before = g.to_json()
            copy = sc.Game.from_json(before)
            emitted = len(copy.apply(action))
            for k in [*range(1, emitted + 1), None]:
                fail_at["n"], fail_at["advance"] = k, k is None
                with pytest.raises(sc.EngineBug, match="simulated bug.*restored"):
                    g.apply(action)
                fail_at["n"], fail_at["advance"] = None, False
                assert g.to_json() == before, (action, k)
                failures += 1
            g.apply(action)
            assert g.to_json() == copy.to_json()  # and then the same action works
    assert failures > 300


# --------------------------------------------------------------------------- events


def test_events_hold_copies_not_the_states_lists():
    g = sc.new_game("classic", players=3, seed=0)
    start = [e for e in g.events if e.kind == "round_start"][-1]
    start.info["sheriffs"].append(3)
    assert g.sheriffs == [0]
    from engine_helpers import play_to_inspection

    play_to_inspection(
        g, {1: [g.hands[1][0]], 2: [g.hands[2][0]]}, {1: ("Apples", 1), 2: ("Apples", 1)}
    )
    g.bags[1] = ["Silk", "Mead"]  # two kinds confiscated: they wait for a pile choice
    events = g.apply(sc.Inspect(1))
    inspected = [e for e in events if e.kind == "inspected"][0]
    inspected.info["confiscated"].clear()
    inspected.info["inspectors"].append(9)
    assert sorted(g.pending[0].cards) == ["Mead", "Silk"] and g.sheriffs == [0]


# --------------------------------------------------------------------------- len(legal)


@pytest.mark.parametrize("variant", sc.variant_names())
def test_len_of_legal_actions_is_the_number_listed(variant):
    v = sc.load_variant(variant)
    checked = 0
    for players in range(v.min_players, v.max_players + 1):
        g = sc.new_game(v, players=players, seed=players)
        bot = RandomBot(talk=0.5)
        steps = set()
        markets = 0
        while not g.is_over:
            legal = g.legal_actions()
            if legal.step == "market":  # thousands of orders each: list a few per game
                markets += 1
                if markets > 4:
                    g.apply(bot.choose(g))
                    continue
            listed = list(legal)
            assert len(legal) == len(listed), (legal.step, len(legal), len(listed))
            steps.add(legal.step)
            checked += 1
            g.apply(bot.choose(g))
        assert len(g.legal_actions()) == 0 == len(list(g.legal_actions()))
        assert {"market", "load", "declare", "sheriff"} <= steps
    assert checked > 100


# --------------------------------------------------------------------------- text forms

_letters = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -'", max_size=12)
names = _letters.map(str.strip).filter(bool)
seats = st.integers(-(10**20), 10**20)
cards = st.lists(names, max_size=5).map(tuple)
texts = st.text(
    alphabet=st.characters(blacklist_characters=";\n\r", blacklist_categories=("Cs",)),
    max_size=30,
).map(str.strip)
promises = st.one_of(
    st.builds(sc.Promise, st.sampled_from(["inspect", "pass"]), seats),
    st.builds(sc.Promise, st.just("future"), st.none(), texts),
)


def _market(set_aside, take, pile):
    try:
        return sc.Market(set_aside, take, pile)
    except sc.BadAction:  # a last card named like "... take 3" is refused, documented
        return sc.Market()


actions = st.one_of(
    st.builds(sc.ChooseStarter, seats),
    st.builds(_market, cards, st.lists(seats, max_size=4).map(tuple), seats),
    st.builds(sc.Load, cards),
    st.builds(sc.Declare, names, seats),
    st.builds(sc.Threaten, seats),
    st.builds(sc.Inspect, seats),
    st.builds(sc.LetPass, seats),
    st.builds(sc.Offer, seats, cards, cards, st.lists(promises, max_size=3).map(tuple)),
    st.builds(sc.Accept),
    st.builds(sc.Decline),
    st.builds(sc.Confiscate, seats, cards),
    st.builds(sc.PayDebt, cards),
    st.builds(sc.Exchange, names),
    st.builds(sc.Done),
)


@settings(max_examples=600, deadline=None)
@given(actions)
def test_every_action_reads_back_from_its_text_and_its_dict(action):
    assert sc.parse_action(str(action)) == action
    assert sc.engine.action_from_dict(action.to_dict()) == action


@given(texts)
def test_future_promise_texts_round_trip(text):
    offer = sc.Offer(3, ("Apples",), (), (sc.Promise("future", None, text),))
    assert sc.parse_action(str(offer)) == offer


def test_unreadable_text_and_dicts_raise_rules_errors():
    for text in ("", "market", "offer gold", "offer x gold", "starter 1.0", "declare x", 5):
        with pytest.raises(sc.RulesError):
            sc.parse_action(text)  # type: ignore[arg-type]
    for data in ({}, {"type": "Nope"}, {"type": "Inspect"}, {"type": "Inspect", "seat": 1.5}):
        with pytest.raises(sc.BadAction):
            sc.engine.action_from_dict(data)


def test_conservation_helper_counts_every_card():
    g = sc.new_game("disney", players=4, seed=1)
    assert sum(all_cards(g).values()) == g.total_cards() == len(sc.build_deck(g.variant, 4))
    assert dataclasses.is_dataclass(sc.Market())
