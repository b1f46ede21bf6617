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
