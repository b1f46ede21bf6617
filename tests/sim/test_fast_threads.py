"""The compiled kernel on threads: parts of a chunk played at once give the same arrays
to the last bit, and the first game that is not OK is still the one reported."""

from __future__ import annotations

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core.analysis import fastsim, sim
from sheriff_core.analysis.fastsim.seeds import SeedRange
from sheriff_core.analysis.fastsim.tables import compile_bots, compile_variant

pytestmark = pytest.mark.skipif(not fastsim.available(), reason="numba is not installed")

LINEUP = ["honest", "smuggler", "adaptive", "bluffer"]


@pytest.mark.parametrize(
    ("variant", "players", "games"),
    [("classic", 4, 1000), ("deputies", 6, 450), ("classic-royal", 3, 333)],
)
def test_threads_play_the_same_games(variant: str, players: int, games: int) -> None:
    v = sc.load_variant(variant)
    seeds = SeedRange(7, 0, games)
    one = fastsim.play_chunk(v, players, seeds, 0, LINEUP, ["bayesian"], True, True, threads=1)
    for threads in (2, 3, 7):
        many = fastsim.play_chunk(
            v, players, seeds, 0, LINEUP, ["bayesian"], True, True, threads=threads
        )
        for got, want in zip(many, one, strict=True):
            assert want is not None and got is not None
            assert got.keys() == want.keys()
            for column in want:
                np.testing.assert_array_equal(got[column], want[column], err_msg=column)


def test_first_failing_game_is_reported_across_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in for the compiled loop fails the games whose first seed word is 1: the
    earliest of them (in the second of three parts) is reported, not the later one."""
    from sheriff_core.analysis.fastsim import kernel as k

    def fake_loop(words: np.ndarray, *args: object) -> tuple[int, int]:
        bad = np.flatnonzero(words[:, 0] == 1)
        return (int(bad[0]), k.SHORT_HAND) if len(bad) else (-1, k.OK)

    monkeypatch.setattr(k, "_play_all", fake_loop)
    cv, cb = compile_variant(sc.load_variant("classic"), 3), compile_bots(["honest"], ["trusting"])
    games = 3 * k.MIN_PART
    words = np.zeros((games, 2), dtype=np.uint64)
    words[[k.MIN_PART + 5, 2 * k.MIN_PART + 1], 0] = 1

    def play(threads: int) -> tuple[int, int]:
        seats = np.zeros((games, 3), dtype=np.intp)  # every seat: the line-up's first bot
        return k.play_games(
            words, cv.vi, cv.gi, cv.ti, cv.deck0, cv.by_rank, cv.cover_order,
            cb.mkind[seats], cb.mparam[seats], cb.mscale[seats], cb.madapt[seats],
            cb.skind[seats], cb.sp[seats],
            np.zeros((games * 3, k.N_OUT), dtype=np.int64),
            np.zeros((0, k.N_BAG), dtype=np.int64), np.zeros((games, 0), dtype=np.int64),
            threads,
        )  # fmt: skip

    assert play(1) == (k.MIN_PART + 5, k.SHORT_HAND)
    assert play(3) == (k.MIN_PART + 5, k.SHORT_HAND)
    words[:] = 0
    assert play(3) == (-1, k.OK)


def test_in_process_runs_use_every_cpu_and_pools_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate in one process hands the kernel one thread per CPU (``workers=1``: one);
    a chunk sent to a worker process or an executor plays on one thread (the workers are
    the parallelism)."""
    seen: list[int] = []
    real = fastsim.play_chunk

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(int(args[8]))  # type: ignore[call-overload]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fastsim, "play_chunk", spy)
    monkeypatch.setattr(sim, "cpu_count", lambda: 3)
    sc.simulate("classic", 3, games=40, seed=1, engine="fast", progress=False)
    assert seen == [3]
    seen.clear()
    sc.simulate("classic", 3, games=40, seed=1, engine="fast", progress=False, workers=1)
    assert seen == [1]  # asked for one: one thread
    seen.clear()
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        sc.simulate("classic", 3, games=600, seed=1, engine="fast", executor=pool, progress=False)
    assert seen and set(seen) == {1}
