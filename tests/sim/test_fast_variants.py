"""The compiled kernel on every bundled variant it plays, and on the bots beyond the first
step (``docs/compiled_sim.md``): for each, the frames of ``simulate`` and
``simulate_bags`` equal the checked engine's (``DataFrame.equals``), game by game.

Each test also asserts that the games exercise what it is about (a starter step, a
royal good on a stand, an adaptive merchant smuggling...), so that a kernel that skips
the rule could not pass by luck.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba", reason="the compiled simulator needs numba (the fast extra)")

import sheriff_core as sc  # noqa: E402
from sheriff_core import sim  # noqa: E402
from sheriff_core.fastsim.tables import unsupported  # noqa: E402


def _same_tables(variant: object, **kw: object) -> tuple:
    """Both tables of the same games with each engine; asserts they are equal."""
    fast = sim.simulate_tables(variant, engine="fast", progress=False, **kw)
    checked = sim.simulate_tables(variant, engine="checked", progress=False, **kw)
    assert fast[0].equals(checked[0]), "player tables differ"
    assert fast[1].equals(checked[1]), "bag tables differ"
    return fast


@pytest.mark.parametrize("players", [3, 4, 5])
def test_second_edition_identical(players: int) -> None:
    """market_starter = "sheriff_chooses": the Sheriff bots name their left neighbour
    (SheriffBot.starter) and the kernel starts the market there; one discard pile,
    discard-then-draw, no drawing from the discards, reshuffle_keep 0."""
    v = sc.load_variant("second-edition")
    assert v.market_starter == "sheriff_chooses" and unsupported(v, ["honest"], ["threshold"]) == []
    per_player, per_bag = _same_tables(v, players=players, games=120, seed=40 + players)
    assert (per_player["fines_paid"] > 0).any() and per_bag["inspected"].any()


@pytest.mark.parametrize(
    "variant, merchants, sheriffs",
    [
        # the derived threshold per load (theory.inspection) against a Sheriff whose rate
        # it reads; bribes when threatened (threshold:bribe) and a bayesian's demands
        ("classic", ["adaptive", "honest", "smuggler", "bluffer"], "threshold"),
        ("classic", ["adaptive", "adaptive:prior=1,base=0.1,scale=1", "briber"], "bayesian"),
        ("summary-sheet", ["adaptive", "briber", "honest"], ["threshold:bribe=2", "trusting"]),
        ("second-edition", ["adaptive:threshold=0.4", "adaptive:threshold=1"], "always-inspect"),
    ],
)
def test_adaptive_merchant_identical(variant: str, merchants: list, sheriffs: object) -> None:
    """The fifth merchant: the public record of each Sheriff (bags faced and opened) read
    at the market and the load, the plan of AdaptiveMerchant.plan with the one-bag
    threshold per load, and the briber's answer to threats."""
    assert unsupported(sc.load_variant(variant), merchants, sim.bot_list(sheriffs, "sheriff")) == []
    per_player, per_bag = _same_tables(
        variant, players=4, games=120, seed=11, merchants=merchants, sheriffs=sheriffs
    )
    mine = per_bag[per_bag["strategy"].str.startswith("adaptive")]
    assert (~mine["truthful"]).any() and mine["truthful"].any()  # it smuggles, and not always
    assert (mine["contraband"] > 0).any()
