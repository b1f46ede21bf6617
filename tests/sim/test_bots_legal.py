"""Bots only make legal moves, in every variant and player count, and behave as documented."""

from __future__ import annotations

from collections import Counter

import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import play_seeded
from sheriff_core.bots import bot_names, make_bot, make_player, parse_spec

CONFIGS = [
    (name, n)
    for name in sc.variant_names()
    for n in range(sc.load_variant(name).min_players, sc.load_variant(name).max_players + 1)
]
MERCHANTS = bot_names("merchant")
SHERIFFS = bot_names("sheriff") + ["threshold:bribe=3,size=3", "bayesian:threaten=false"]


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_every_bot_plays_only_legal_moves(variant, players):
    v = sc.load_variant(variant)
    kinds: Counter[str] = Counter()
    for seed in range(10):
        lineup = [
            make_player(
                MERCHANTS[(seed + s) % len(MERCHANTS)], SHERIFFS[(seed * 3 + s) % len(SHERIFFS)]
            )
            for s in range(players)
        ]
        # play_seeded applies every action through game.apply: an illegal one raises
        game = play_seeded(v, players, seed, lineup)
        assert game.is_over
        assert game.round + 1 == game.rounds
        kinds.update(e.kind for e in game.events)
    # the bots reach the interesting decisions, not just "let everything pass"
    for kind in ("inspected", "passed", "threatened", "offer"):
        assert kinds[kind] > 0, kind


def _bags(merchants, sheriffs, games=12, variant="classic", players=4):
    return sc.simulate_bags(
        variant, players=players, games=games, seed=5, merchants=merchants, sheriffs=sheriffs
    )


def test_honest_merchants_tell_the_truth_and_trusting_sheriffs_never_open():
    bags = _bags(["honest"], ["trusting"])
    assert bags["truthful"].mean() > 0.97  # a hand with no legal good forces a lie
    assert not bags["inspected"].any()
    assert (bags["outcome"] == "passed").all()


def test_always_inspect_opens_every_bag_and_catches_smugglers():
    bags = _bags(["smuggler:risk=1"], ["always-inspect"])
    assert bags["inspected"].all()
    assert (bags["outcome"] == "caught").mean() > 0.5
    assert (bags.loc[bags["outcome"] == "caught", "merchant_pays"] > 0).all()


def test_risk_zero_smuggler_carries_no_contraband_and_bluffer_only_legal_goods():
    bags = _bags(["smuggler:risk=0", "bluffer:bluff=1"], ["trusting"])
    assert bags["contraband"].sum() == 0
    bluffs = bags[bags["strategy"] == "bluffer(bluff=1)"]
    assert (~bluffs["truthful"]).mean() > 0.5


def test_bribers_pay_threshold_sheriffs_that_take_bribes():
    bags = _bags(["briber:risk=1"], ["threshold:size=1,bribe=1,grudge=false"])
    assert bags["threatened"].all()
    assert (bags["outcome"] == "bribed").any()
    bribed = bags[bags["outcome"] == "bribed"]
    assert (bribed["bribe"] >= 1).all() and (~bribed["truthful"]).all()


def test_bayesian_sheriff_learns_to_open_liars_more_than_honest_players():
    bags = _bags(["honest", "smuggler:risk=1"], ["bayesian"], games=30)
    rate = bags.groupby("strategy")["inspected"].mean()
    assert rate["smuggler(risk=1)"] > rate["honest"] + 0.2


def test_adaptive_merchant_smuggles_less_against_an_inspecting_sheriff():
    lax = _bags(["adaptive"], ["trusting"], games=20)
    strict = _bags(["adaptive"], ["always-inspect"], games=20)
    assert lax["contraband"].mean() > strict["contraband"].mean() + 0.3


def test_specs_labels_and_errors():
    assert parse_spec("threshold:size=3,grudge=false") == (
        "threshold",
        {"size": 3, "grudge": False},
    )
    assert make_bot("smuggler", "merchant").label() == "smuggler"
    assert make_bot(("smuggler", {"risk": 0.9}), "merchant").label() == "smuggler(risk=0.9)"
    bot = make_bot("briber:scale=2", "merchant")
    clone = make_bot(bot, "merchant")
    assert clone is not bot and clone.label() == "briber(scale=2)"
    with pytest.raises(ValueError, match="unknown merchant bot 'nobody'"):
        make_bot("nobody", "merchant")
    with pytest.raises(ValueError, match="bad parameters"):
        make_bot("honest:risk=1", "merchant")
    with pytest.raises(ValueError, match="is a sheriff bot"):
        make_bot(make_bot("trusting", "sheriff"), "merchant")
    with pytest.raises(ValueError, match="key=value"):
        parse_spec("smuggler:0.5")


def test_every_bot_has_a_docstring_naming_its_parameters():
    import inspect

    for role in ("merchant", "sheriff"):
        for name in bot_names(role):
            cls = type(make_bot(name, role))
            doc = cls.__doc__ or ""
            assert len(doc) > 40, name
            for param in inspect.signature(cls.__init__).parameters:
                if param != "self":
                    assert f"``{param}``" in doc, (name, param)
