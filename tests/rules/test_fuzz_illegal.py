"""Fuzz: odd values (floats, numpy integers, bools, strings, None, huge and negative ints)
in every field of every action class, at the states of complete games of every variant
and player count.

Refused actions raise a RulesError (BadAction when the action is built) and leave the
game unchanged; accepted ones (a numpy integer normalised to an int, a list for a tuple)
are played, and cards and gold are conserved and the game saves and reloads exactly.
Run with ``-s`` to see the counts; ``SUMMARY`` holds them and the test asserts them.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter

import numpy as np
import pytest
from engine_helpers import all_cards

import sheriff_core as sc
from sheriff_core.bots import RandomBot, make_player

GAMES = 2000  # complete games per run, spread over every variant and player count
MIN_REFUSED = 100_000
FULL_CHECK_EVERY = 150  # states between full to_json() comparisons of a refusal
ACCEPTABLE = 0.003  # share of mutations that keep the value (numpy int, list): accepted
SUMMARY: Counter = Counter()

INT_ODD = [
    0.5,
    1.0,
    float("nan"),
    float("inf"),
    True,
    False,
    "1",
    "",
    None,
    10**30,
    -(10**30),
    -1,
    7,
    np.int64(1),
    np.int8(-1),
    np.uint64(2**63),
    np.float64(1.0),
    [1],
    b"1",
]
STR_ODD = [
    1,
    1.5,
    None,
    True,
    b"Apples",
    "",
    " Apples",
    "Ap,ples",
    "A;B",
    "Turnips",
    "Rabbit",
    np.int64(0),
    ["Apples"],
]
TUPLE_ODD = ["Apples", None, 3, 2.5, True, {"Apples": 1}]
DEFAULTS: dict[type, sc.Action] = {
    sc.ChooseStarter: sc.ChooseStarter(1),
    sc.Market: sc.Market(),
    sc.Load: sc.Load(("Apples",)),
    sc.Declare: sc.Declare("Apples", 1),
    sc.Threaten: sc.Threaten(1),
    sc.Inspect: sc.Inspect(1),
    sc.LetPass: sc.LetPass(1),
    sc.Offer: sc.Offer(1),
    sc.Accept: sc.Accept(),
    sc.Decline: sc.Decline(),
    sc.Confiscate: sc.Confiscate(0, ("Silk",)),
    sc.PayDebt: sc.PayDebt(("Apples",)),
    sc.Exchange: sc.Exchange("Rabbit"),
    sc.Done: sc.Done(),
}
CLASSES = list(DEFAULTS)
INT_FIELDS = {"seat", "count", "pile", "gold"}
STR_FIELDS = {"good", "token"}


def odd_value(rng: np.random.Generator, name: str, value: object) -> object:
    """An odd replacement for field ``name`` (whose current value is ``value``)."""
    if name in INT_FIELDS:
        if rng.random() < ACCEPTABLE and type(value) is int:
            return np.int64(value)  # the same number as a numpy integer: accepted
        return INT_ODD[int(rng.integers(len(INT_ODD)))]
    if name in STR_FIELDS:
        if rng.random() < ACCEPTABLE:
            return np.str_(value)  # a str subclass: accepted as the same name
        return STR_ODD[int(rng.integers(len(STR_ODD)))]
    assert isinstance(value, tuple), name
    r = rng.random()
    if r < ACCEPTABLE:
        return list(value)  # a list for a tuple: accepted
    if r < 0.2:
        return TUPLE_ODD[int(rng.integers(len(TUPLE_ODD)))]
    items = list(value) or [None]
    i = int(rng.integers(len(items)))
    if name == "take":
        items[i] = INT_ODD[int(rng.integers(len(INT_ODD)))]
    elif name == "promises":
        kind = ["inspect", "pass", "future", "bogus", None, 1][int(rng.integers(6))]
        seat = INT_ODD[int(rng.integers(len(INT_ODD)))]
        items[i] = (kind, seat) if rng.random() < 0.2 else _promise(kind, seat)
    else:
        items[i] = STR_ODD[int(rng.integers(len(STR_ODD)))]
    return tuple(items)


def _promise(kind: object, seat: object) -> object:
    try:
        return sc.Promise(kind, None if kind == "future" else seat)  # type: ignore[arg-type]
    except sc.BadAction:
        SUMMARY["refused_when_built"] += 1
        return "not a promise"


def odd_action(rng: np.random.Generator, legal: sc.Action) -> sc.Action:
    """Build an action of a random class with one odd field (raises BadAction if refused)."""
    cls = CLASSES[int(rng.integers(len(CLASSES)))] if rng.random() < 0.6 else type(legal)
    base = legal if type(legal) is cls else DEFAULTS[cls]
    kwargs = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    if kwargs:
        name = list(kwargs)[int(rng.integers(len(kwargs)))]
        kwargs[name] = odd_value(rng, name, kwargs[name])
    return cls(**kwargs)


def fingerprint(g: sc.Game) -> tuple:
    """A cheap summary that any change made by a refused action would alter."""
    return (
        len(g.history),
        len(g.events),
        g.step,
        g.to_move,
        tuple(g.gold),
        g.loot,
        len(g.deck),
        tuple(map(len, g.hands)),
        tuple(map(len, g.piles)),
        tuple(map(len, g.stands)),
        len(g.pending),
    )


def check_invariants(g: sc.Game, deck: Counter, gold: int, reload: bool = True) -> None:
    assert all_cards(g) == deck
    assert sum(g.gold) + g.loot == gold and min(g.gold) >= 0 and g.loot >= 0
    if not reload:
        return
    text = g.to_json()
    assert sc.Game.from_json(text).to_json() == text


def fuzz_game(variant: sc.Variant, players: int, seed: int, rng: np.random.Generator) -> None:
    g = sc.new_game(variant, players=players, seed=seed, first_sheriff=seed % players)
    deck = Counter(sc.build_deck(variant, players))
    gold = sum(g.gold)
    # One game in four with RandomBot (every kind of offer and promise), the others with
    # the simulation's faster strategy bots, a different mix per game.
    if seed % 4 == 0:
        bot = RandomBot(talk=0.5)
        lineup = [bot] * players
    else:
        merchants = ("honest", "smuggler", "bluffer", "briber")
        sheriffs = ("threshold", "trusting")
        lineup = [
            make_player(merchants[(seed + k) % 4], sheriffs[(seed + k) % 2]) for k in range(players)
        ]
    state = 0
    while not g.is_over:
        state += 1
        legal = lineup[g.to_move].choose(g)  # type: ignore[index]
        full = state % FULL_CHECK_EVERY == 0
        before = g.to_json() if full else None
        played = False
        for _ in range(1 if rng.random() < 0.6 else 0):
            try:
                action = odd_action(rng, legal)
            except sc.BadAction as err:
                assert str(err)
                SUMMARY["refused_when_built"] += 1
                continue
            player = INT_ODD[int(rng.integers(len(INT_ODD)))] if rng.random() < 0.1 else None
            if g.can(action, player):  # type: ignore[arg-type]
                g.apply(action, player)  # type: ignore[arg-type]
                SUMMARY["accepted"] += 1
                check_invariants(g, deck, gold)
                played = True
                break
            fp = fingerprint(g)
            with pytest.raises(sc.RulesError) as err:
                g.apply(action, player)  # type: ignore[arg-type]
            assert str(err.value) and fingerprint(g) == fp
            SUMMARY["refused_by_engine"] += 1
        if full and not played:
            assert g.to_json() == before
            SUMMARY["full_checks"] += 1
        if not played:
            g.apply(legal)
        if state % 20 == 0:
            check_invariants(g, deck, gold, reload=False)
    check_invariants(g, deck, gold)
    SUMMARY["games"] += 1
    SUMMARY[f"games {variant.name} x{players}"] += 1


def test_odd_actions_in_every_variant_and_player_count():
    configs = [
        (v, n)
        for v in map(sc.load_variant, sc.variant_names())
        for n in range(v.min_players, v.max_players + 1)
    ]
    rng = np.random.default_rng(20261201)
    start = time.perf_counter()
    for i in range(GAMES):
        variant, players = configs[i % len(configs)]
        fuzz_game(variant, players, seed=i, rng=rng)
    SUMMARY["seconds"] = round(time.perf_counter() - start)
    refused = SUMMARY["refused_when_built"] + SUMMARY["refused_by_engine"]
    print(f"\nfuzz: {refused:,} refused, {dict(SUMMARY)}")
    assert SUMMARY["games"] >= GAMES
    assert all(SUMMARY[f"games {v.name} x{n}"] > 0 for v, n in configs)
    assert refused >= MIN_REFUSED
    assert SUMMARY["refused_by_engine"] > 10_000 and SUMMARY["refused_when_built"] > 10_000
    assert SUMMARY["accepted"] > 100 and SUMMARY["full_checks"] > 500


def test_wrong_player_is_told_whose_turn_it_is():
    g = sc.new_game("classic", 4, seed=0)
    with pytest.raises(sc.NotYourTurn, match=r"it is Ben \(seat 1\)'s decision"):
        g.apply(sc.Market(), player=2)


def test_actions_after_game_over_raise():
    from sheriff_core.bots import play_game

    g = play_game(sc.new_game("classic", 3, seed=2))
    with pytest.raises(sc.GameOver):
        g.apply(sc.Decline())


def test_every_enumerated_action_is_legal_and_text_round_trips():
    g = sc.new_game("classic", 3, seed=8)
    bot = RandomBot(talk=0.6)
    seen_steps = set()
    while not g.is_over:
        legal = g.legal_actions()
        seen_steps.add(legal.step)
        for i, action in enumerate(legal):
            if i >= 40:
                break
            assert action in legal
            assert sc.parse_action(str(action)) == action
        g.apply(bot.choose(g))
    assert {"market", "load", "declare", "sheriff", "merchant", "negotiation"} <= seen_steps
