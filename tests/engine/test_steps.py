"""The step machine: one table (``STEPS``), typed sub-states, and a pure ``can()``."""

from __future__ import annotations

import dataclasses
from itertools import islice

import pytest

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine import (
    STEPS,
    ConfiscateChoice,
    DebtChoice,
    ExchangeChoice,
    Negotiation,
    PromiseRecord,
    Step,
    Vote,
)

SUB_STATES = (Negotiation, Vote, ConfiscateChoice, DebtChoice, ExchangeChoice, PromiseRecord)


def random_games(variants=None, seeds=range(2)):
    """(game, step) at every decision of random-bot games (the game moves on after)."""
    for name in variants or sc.variant_names():
        v = sc.load_variant(name)
        for players in sorted({v.min_players, v.max_players}):
            for seed in seeds:
                game = sc.new_game(v, players=players, seed=seed)
                bot = RandomBot(talk=0.6)
                while not game.is_over:
                    yield game
                    game.apply(bot.choose(game))


def snapshot(game: sc.Game) -> bytes:
    """Everything a game holds (generators' states included), as bytes."""
    state = {k: v for k, v in vars(game).items() if k not in ("variant", "rng", "players_rng")}
    rngs = (game.rng.bit_generator.state, game.players_rng.bit_generator.state)
    return repr((state, rngs)).encode() + game.to_json().encode()


def odd_actions(game: sc.Game) -> list[sc.Action]:
    """Actions of every type, most of them illegal now."""
    goods = list(game.variant.goods)
    seats = range(-1, game.n + 1)
    return [
        sc.Market(),
        sc.Market((goods[0],), (0,), 0),
        sc.Load((goods[0], goods[1])),
        sc.Declare(game.variant.legal_goods[0], 2),
        sc.Offer(10**6),
        sc.Offer(1, stand=(goods[-1],), bag=(goods[0],)),
        sc.Accept(),
        sc.Decline(),
        sc.Done(),
        sc.Confiscate(0, (goods[0],)),
        sc.PayDebt((goods[0],)),
        sc.Exchange("nothing"),
        *(cls(s) for s in seats for cls in (sc.Threaten, sc.Inspect, sc.LetPass)),
        *(sc.ChooseStarter(s) for s in seats),
    ]


def test_every_step_the_game_reaches_is_in_the_table_with_its_actions():
    seen = set()
    for game in random_games():
        step = game.step
        assert type(step) is Step and step in STEPS
        seen.add(step)
        for action in islice(game.legal_actions(), 40):
            assert type(action) in STEPS[step].takes, (step, action)
    assert seen >= set(STEPS) - {Step.OVER, Step.STARTER, Step.DEBT}


def test_can_never_changes_the_game_legal_or_not():
    checked = legal = 0
    for i, game in enumerate(random_games(seeds=[0])):
        if i % 3:
            continue  # every third decision: enough of each step, quick enough
        before = snapshot(game)
        listed = list(islice(game.legal_actions(), 30))
        answers = [game.can(a) for a in listed + odd_actions(game)]
        assert snapshot(game) == before, game.step
        assert all(answers[: len(listed)])
        checked += len(answers)
        legal += sum(answers)
    assert checked > 10_000 and 0 < legal < checked


def test_sub_states_are_typed_frozen_records_with_the_saved_dict_form():
    kinds = set()
    for game in random_games(seeds=[1]):
        records = [game.negotiation, game.vote, *game.pending, *game.promises]
        for rec in records:
            if rec is None:
                continue
            assert isinstance(rec, SUB_STATES)
            kinds.add(type(rec))
            field = dataclasses.fields(rec)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(rec, field, 0)
            for key, value in rec.to_dict().items():
                expected = getattr(rec, key)
                if isinstance(expected, tuple):
                    expected = list(expected)
                elif hasattr(expected, "to_dict"):
                    expected = expected.to_dict()
                assert value == expected
            with pytest.raises(TypeError):  # the dict-style read is gone (issue 30)
                rec[field]  # type: ignore[index]
    assert kinds == set(SUB_STATES)


def test_the_step_is_a_str_enum_that_compares_saves_and_prints_as_its_word():
    g = sc.new_game("classic", players=3, seed=0)
    assert g.step == "market" and g.step is Step.MARKET and {"market": 1}[g.step] == 1
    assert f"{g.step}" == "market" and str(g.step) == "market"
    assert g.legal_actions().step is Step.MARKET


def test_inspect_and_let_pass_take_the_offer_only_in_a_negotiation():
    g = sc.new_game("classic", players=3, seed=4)
    while g.step != "sheriff":
        g.apply(next(iter(g.legal_actions())))
    m = g.unresolved()[0]
    g.apply(sc.Threaten(m))
    g.apply(sc.Offer(2))
    assert g.negotiation == Negotiation(m, "sheriff", sc.Offer(2), "merchant")
    gold = g.gold[:]
    events = g.apply(sc.LetPass(m))
    assert g.gold[m] == gold[m] - 2 and g.gold[g.sheriff] == gold[g.sheriff] + 2
    assert events[0].kind == "passed" and events[0].info["bribe_gold"] == 2
    m2 = g.unresolved()[0]
    gold = g.gold[:]
    events = g.apply(sc.LetPass(m2))  # no negotiation: no offer taken
    assert g.gold == gold and "bribe" not in events[0].info
