"""The compiled batch simulator (``simulate(..., engine="fast")``, :mod:`sheriff_core.analysis.fastsim`)
against the checked engine, the referee: the same frame (``DataFrame.equals``) game by game.

First the premises: numba draws what numpy draws from a ``numpy.random.Generator`` passed
into compiled code, on the calls the engine and the bots make (``shuffle`` of the deck and of
the reshuffled discards, ``random()`` / ``random(k)`` of the smuggling bots, ``permutation`` of
the deputy deck); and so does the kernel's own PCG64 (it re-implements numpy's, because
passing Generator objects cost more than a game). Then the identity, on a few hundred games per player count, half of which pay
a debt in goods (the minimal-cover search), and the refusals of what the kernel does not play.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

numba = pytest.importorskip("numba", reason="the compiled simulator needs numba (the fast extra)")

import sheriff_core as sc  # noqa: E402
from sheriff_core.analysis import sim  # noqa: E402
from sheriff_core.analysis.fastsim import kernel  # noqa: E402
from sheriff_core.analysis.fastsim.tables import compile_variant  # noqa: E402
from sheriff_core.bots.merchants import Smuggler  # noqa: E402
from sheriff_core.engine import payments  # noqa: E402


@numba.njit(cache=True)
def _nb_calls(rng, deck, k):
    rng.shuffle(deck)  # the engine shuffles a list of card names in place
    one = rng.random()  # a single contraband card
    many = rng.random(k)  # several (one call, as Smuggler makes)
    perm = rng.permutation(5)  # the deputy deck
    return one, many, perm


@pytest.mark.parametrize("seed", range(40))
def test_numba_draws_what_numpy_draws_on_the_engines_calls(seed: int) -> None:
    v = sc.load_variant("classic")
    cards = list(v.goods)
    for size in (204, 156, 37, 2, 1):  # decks of 4 and 3 players, reshuffles
        names = [cards[i % len(cards)] for i in range(size)]
        codes = np.array([cards.index(c) for c in names], dtype=np.int64)
        ss = np.random.SeedSequence(seed, spawn_key=(size,))
        ref, comp = np.random.default_rng(ss), np.random.default_rng(ss)
        ref.shuffle(names)
        want = (ref.random(), ref.random(3).tolist(), ref.permutation(5).tolist())
        one, many, perm = _nb_calls(comp, codes, 3)
        assert [cards[i] for i in codes] == names
        assert (one, many.tolist(), perm.tolist()) == want
        assert ref.random() == comp.random()  # the two generators end in the same state


@pytest.mark.parametrize("seed", range(40))
def test_the_kernels_pcg64_is_numpys(seed: int) -> None:
    """The kernel's own PCG64 (it takes seed words, not Generator objects): seeded as
    default_rng seeds it, then the same shuffles (one after another, so numpy's kept
    32-bit half carries over) and the same doubles as numpy's generator."""
    ss = np.random.SeedSequence(seed, spawn_key=(seed % 5, 3))
    ref = np.random.default_rng(ss)
    g = np.zeros(6, dtype=np.uint64)
    kernel._pcg_seed(g, ss.generate_state(4, np.uint64))
    state = ref.bit_generator.state["state"]
    assert (int(g[0]) << 64 | int(g[1]), int(g[2]) << 64 | int(g[3])) == (
        state["state"],
        state["inc"],
    )
    for size in (204, 156, 37, 2, 1, 0, 93):
        names = list(range(size))
        ref.shuffle(names)
        codes = np.arange(size, dtype=np.int64)
        kernel._shuffle(g, codes)
        assert codes.tolist() == names
    assert ref.random(3).tolist() == [kernel._random(g) for _ in range(3)]
    assert ref.bit_generator.state["state"]["state"] == int(g[0]) << 64 | int(g[1])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_default_lineup_identical_game_by_game(players: int) -> None:
    kw = dict(players=players, games=240, seed=2026 + players, progress=False)
    checked = sc.simulate("classic", engine="checked", **kw)
    fast = sc.simulate("classic", engine="fast", **kw)
    assert fast.equals(checked)
    assert (fast["fines_paid"] > 0).any() and (fast["compensation_paid"] > 0).any()


@pytest.mark.parametrize(
    "merchants, sheriffs, rotate",
    [
        (["smuggler:risk=1", "briber:risk=0", "bluffer:bluff=1", "honest"], "always-inspect", True),
        (["bluffer", Smuggler(risk=0.9)], ["trusting", "threshold:size=3,grudge=false"], True),
        (["briber", "smuggler:risk=0.2", "honest"], ["threshold:size=2", "always-inspect"], False),
        # threats, offers, bribes taken and refused (scale 0.5: x.5 rounds to even)
        (["briber", "briber:scale=0.3", "honest", "smuggler"], "threshold:bribe=3", True),
        (["briber:risk=1,scale=1.5", "bluffer"], ["threshold:bribe=0,size=3", "trusting"], True),
        # bayesian: beliefs from the public record, threats, offers, one demand each
        (["briber", "bluffer", "smuggler", "honest"], "bayesian", True),
        (["briber:scale=0.2", "briber:scale=2"], ["bayesian:signal=4,margin=1", "threshold"], True),
        (["bluffer", "honest", "briber"], "bayesian:explore=0.3,threaten=false", True),
    ],
)
def test_other_lineups_identical(merchants: list, sheriffs: object, rotate: bool) -> None:
    kw = dict(players=4, games=120, seed=7, merchants=merchants, sheriffs=sheriffs, rotate=rotate)
    assert sc.simulate("classic", engine="fast", **kw).equals(
        sc.simulate("classic", engine="checked", **kw)
    )


@pytest.mark.parametrize(
    "changes, players, seed",
    [
        # bags of 2 with several contraband cards chosen: only the first 2 go in (the
        # kernel once wrote the others into the next seat's bag); no gold, so every
        # payment is in goods
        ({"setup.starting_gold": 0, "round.bag_max": 2}, 5, 5),
        ({"round.market_order": "discard-then-draw", "round.draw_from_discards": False}, 4, 1),
        ({"setup.discard_piles": 1, "round.reshuffle_keep": 0, "debts.order": "any"}, 3, 2),
        ({"setup.hand_size": 8, "goods.Cheese.value": 4, "bonuses.Apples.king": 40}, 4, 3),
    ],
)
def test_house_rules_identical(changes: dict, players: int, seed: int) -> None:
    from sheriff_core.rules.house import house_rule

    v = house_rule("classic", changes)
    kw = dict(players=players, games=60, seed=seed)
    assert sc.simulate(v, engine="fast", **kw).equals(sc.simulate(v, engine="checked", **kw))


@pytest.mark.parametrize("players", [3, 5])
def test_bag_tables_identical(players: int) -> None:
    kw = dict(players=players, games=100, seed=9, merchants=["bluffer", "smuggler", "honest"])
    bags = sc.simulate_bags("classic", engine="fast", **kw)
    assert bags.equals(sc.simulate_bags("classic", engine="checked", **kw))
    assert set(bags["outcome"]) == {"passed", "caught", "cleared"}
    kw["merchants"] = ["briber", "honest", "smuggler"]
    bribed = sc.simulate_bags("classic", engine="fast", sheriffs="threshold:bribe=2", **kw)
    assert bribed.equals(
        sc.simulate_bags("classic", engine="checked", sheriffs="threshold:bribe=2", **kw)
    )
    assert set(bribed["outcome"]) == {"passed", "caught", "cleared", "bribed"}
    both = sim.simulate_tables("classic", engine="fast", sheriffs="always-inspect", **kw)
    want = sim.simulate_tables("classic", engine="checked", sheriffs="always-inspect", **kw)
    assert both[0].equals(want[0]) and both[1].equals(want[1])


def test_debts_in_goods_are_played() -> None:
    """The seeds above do pay debts with goods (the search of payments._minimal_covers)."""
    seen = 0
    for i, ss in enumerate(sim.game_seeds(2030, 0, 40)):
        lineup = [
            sc.bots.make_player(sim.DEFAULT_MERCHANTS[(s + i) % 4], "threshold") for s in range(4)
        ]
        game = sim.play_seeded(sc.load_variant("classic"), 4, ss, lineup)
        seen += any(e.kind == "paid_in_goods" for e in game.events)
    assert seen >= 5


def test_first_cover_is_the_engines_first_minimal_cover() -> None:
    v = sc.load_variant("classic")
    cv = compile_variant(v, 4)
    goods = list(v.goods)
    rng = np.random.default_rng(1)
    for _ in range(400):
        pool = rng.integers(0, 4, len(goods))
        names = [g for g, k in zip(goods, pool, strict=True) for _ in range(k)]
        need = int(rng.integers(1, 40))
        want = next(payments._minimal_covers(names, need, v.goods, limit=1), None)
        chosen = np.zeros(len(goods), dtype=np.int64)
        found = kernel._first_cover(pool.astype(np.int64), need, cv.gi, cv.cover_order, chosen)
        assert found == (want is not None)
        if want is not None:
            assert chosen.tolist() == [want.count(g) for g in goods]


def test_workers_and_chunks_give_the_same_frame() -> None:
    kw = dict(players=4, games=60, seed=3)
    fast = sc.simulate("classic", engine="fast", workers=2, chunk_size=25, **kw)
    assert fast.equals(sc.simulate("classic", engine="checked", **kw))


class _Sly(Smuggler):
    """A subclass of a bot the kernel plays: it may change any method, so it is refused."""

    name = "sly"


def test_fast_refuses_by_name_what_it_does_not_play() -> None:
    from dataclasses import replace

    # the tie-break "tokens" in a variant without tokens: the loader refuses it (a house
    # rule cannot ask for it), so only a Variant built by hand reaches the kernel's check
    v = replace(sc.load_variant("classic"), tiebreaks=("tokens",))
    with pytest.raises(ValueError) as err:
        sc.simulate(v, players=4, games=2, engine="fast", merchants=_Sly())
    text = str(err.value)
    assert "tie-break 'tokens'" in text and "merchant bot 'sly'" in text
    with pytest.raises(ValueError, match="merchant bot 'sly'"):
        sc.simulate("classic", games=2, engine="fast", merchants=["honest", _Sly()])
    with pytest.raises(ValueError, match="engine must be one of"):
        sc.simulate("classic", games=2, engine="compiled")


def test_auto_falls_back_to_checked_and_says_why() -> None:
    kw = dict(players=4, games=3, seed=1, merchants=[_Sly(), "honest"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        auto = sc.simulate("classic", engine="auto", **kw)
    assert auto.equals(sc.simulate("classic", engine="checked", **kw))
    assert len(caught) == 1 and caught[0].category is sim.FastEngineFallback
    assert "'sly'" in str(caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a run the kernel plays: no warning
        sc.simulate("classic", engine="auto", players=4, games=3, seed=1)


def test_the_checked_engine_never_runs_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(task: object) -> None:
        raise AssertionError("the compiled kernel ran with engine='checked'")

    monkeypatch.setattr(sim, "_fast_chunk", boom)
    assert len(sc.simulate("classic", players=3, games=2, seed=0, engine="checked")) == 6


def test_the_benchmark_runs() -> None:
    """benchmarks/fast_sim.py (side by side) cannot rot: it runs and checks the frames agree."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks" / "fast_sim.py"),
            "--games",
            "30",
            "--repeats",
            "2",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    ).stdout
    assert "checked" in out and "fast/checked median" in out


def test_without_numba_fast_refuses_and_auto_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import sheriff_core.analysis.fastsim as fastsim

    monkeypatch.setattr(fastsim, "available", lambda: False)
    with pytest.raises(ValueError, match="numba is not installed"):
        sc.simulate("classic", games=2, engine="fast")
    with pytest.warns(sim.FastEngineFallback, match="numba is not installed"):
        auto = sc.simulate("classic", games=2, seed=4, engine="auto")
    assert auto.equals(sc.simulate("classic", games=2, seed=4, engine="checked"))


# --- the lab and the command line take the engine too ------------------------------------


def test_the_labs_tables_are_the_same_with_either_engine() -> None:
    """compare_rules, compare_each_change, sweep and balance_report with engine="fast" give
    the checked engine's tables: the same games, so the same statistics."""
    import pandas as pd

    from sheriff_core.analysis import lab

    changes = {"goods.Pepper.penalty": 6, "setup.starting_gold": 40}
    kw = {"players": 4, "games": 60, "seed": 3, "progress": False}
    pairs = [
        (
            lambda e: (
                lab.compare_rules(
                    "classic", lab.with_field("classic", "goods.Pepper.penalty", 6), engine=e, **kw
                ).table
            )
        ),
        (lambda e: lab.compare_each_change("classic", changes, engine=e, **kw)),
        (lambda e: lab.sweep("classic", "goods.Pepper.penalty", [2, 6], engine=e, **kw)),
        (
            lambda e: (
                lab.balance_report(
                    "classic", sheriffs=["threshold"], engine=e, **{**kw, "progress": None}
                ).win_rates
            )
        ),
    ]
    for make in pairs:
        checked, fast = make("checked"), make("fast")
        pd.testing.assert_frame_equal(checked, fast)


def test_the_command_line_takes_the_engine(tmp_path) -> None:
    """`sheriff simulate --engine fast` writes the checked engine's rows; an engine the run
    cannot use is refused with its reason."""
    from sheriff_core.cli import main

    outs = {}
    for engine in ("checked", "fast"):
        out = tmp_path / f"{engine}.csv"
        assert (
            main(
                [
                    "simulate",
                    "--games",
                    "30",
                    "--seed",
                    "2",
                    "--no-progress",
                    "--engine",
                    engine,
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
        outs[engine] = out.read_text()
    assert outs["fast"] == outs["checked"]
