"""Worker pools (one start per call, the variant built once per worker, guided chunks,
start methods) and the caches behind the explorers' latency."""

from __future__ import annotations

import os
import signal

import pandas as pd
import pytest

import sheriff_core as sc
import sheriff_core.analysis.sim as sim
from sheriff_core.analysis.sim import _bounds, simulate_tables
from sheriff_core.present.widgets import explore

ARGS = {"variant": "classic", "players": 4, "seed": 11}


@pytest.mark.parametrize(
    ("games", "chunk_size", "slots"),
    [(2000, None, 2), (10, None, 2), (999, None, 3), (2000, None, 1), (7, 2, 2), (0, None, 2)],
)
def test_chunks_cover_every_game_once_in_order(games, chunk_size, slots):
    bounds = _bounds(games, chunk_size, slots)
    assert [a for a, _ in bounds] == ([0] + [b for _, b in bounds[:-1]] if games else [])
    assert (bounds[-1][1] if bounds else 0) == games
    sizes = [b - a for a, b in bounds]
    if chunk_size is None and slots > 1:  # guided: never growing, within the limits
        assert sizes == sorted(sizes, reverse=True)
        assert all(s <= sim._MAX_CHUNK for s in sizes)
        assert all(s >= sim._MIN_CHUNK for s in sizes[:-1])
    elif bounds:
        assert set(sizes[:-1]) <= {chunk_size or sim._CHUNK}


def test_guided_chunks_end_small_for_two_workers():
    sizes = [b - a for a, b in _bounds(2000, None, 2)]
    assert sizes[0] == 500 and sizes[-1] <= sim._MIN_CHUNK and len(sizes) < 20


class _Recording(sim.ProcessPoolExecutor):
    made: list[dict] = []
    tasks: list[sim._Task] = []

    def __init__(self, max_workers=None, **kwargs):
        type(self).made.append({"workers": max_workers, **kwargs})
        super().__init__(max_workers, **kwargs)

    def submit(self, fn, /, *args, **kwargs):
        type(self).tasks.extend(a for a in args if isinstance(a, sim._Task))
        return super().submit(fn, *args, **kwargs)


def test_one_pool_per_call_and_the_variant_built_once_per_worker(monkeypatch):
    monkeypatch.setattr(_Recording, "made", [])
    monkeypatch.setattr(_Recording, "tasks", [])
    monkeypatch.setattr(sim, "ProcessPoolExecutor", _Recording)
    monkeypatch.setattr(sim, "cpu_count", lambda: 2)
    got = sc.simulate(**ARGS, games=120, workers=2)
    assert len(_Recording.made) == 1
    made = _Recording.made[0]
    assert made["workers"] == 2 and made["initializer"] is sim._init_worker
    (payload,) = made["initargs"]
    assert isinstance(payload, sc.Variant if sim.START_METHOD == "fork" else tuple)
    assert len(_Recording.tasks) > 2 and all(t.variant is None for t in _Recording.tasks)
    pd.testing.assert_frame_equal(got, sc.simulate(**ARGS, games=120))


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_other_start_methods_give_the_same_frame(monkeypatch, method):
    monkeypatch.setattr(sim, "cpu_count", lambda: 2)
    monkeypatch.setattr(sim, "START_METHOD", method)
    got = sc.simulate(**ARGS, games=60, workers=2, chunk_size=20)
    pd.testing.assert_frame_equal(got, sc.simulate(**ARGS, games=60))


def _die(task):
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.skipif(sim.START_METHOD != "fork", reason="the workers inherit the patch by fork")
def test_a_dead_worker_is_a_worker_error_and_no_worker_is_left(monkeypatch):
    psutil = pytest.importorskip("psutil")
    monkeypatch.setattr(sim, "cpu_count", lambda: 2)
    monkeypatch.setattr(sim, "_run_chunk", _die)
    before = set(psutil.Process().children())  # e.g. a forkserver started by another test
    with pytest.raises(sim.WorkerError, match="worker process died"):
        sc.simulate(**ARGS, games=100, workers=2)
    alive = [p for p in psutil.Process().children() if p.status() != psutil.STATUS_ZOMBIE]
    assert set(alive) <= before


def test_simulate_tables_is_simulate_and_simulate_bags_in_one_run(monkeypatch):
    monkeypatch.setattr(sim, "cpu_count", lambda: 2)
    players, bags = simulate_tables(**ARGS, games=60, workers=2, merchants=["honest", "briber"])
    kw = {**ARGS, "games": 60, "merchants": ["honest", "briber"]}
    pd.testing.assert_frame_equal(players, sc.simulate(**kw))
    pd.testing.assert_frame_equal(bags, sc.simulate_bags(**kw))


def test_simulation_explorer_plays_a_setting_once_and_redraws_it_from_the_cache(monkeypatch):
    calls: list[tuple] = []

    def counting(*args, **kwargs):
        calls.append((args, tuple(sorted(kwargs))))
        return simulate_tables(*args, **kwargs)

    explore._draw_run.cache_clear()
    monkeypatch.setattr(explore, "simulate_tables", counting)
    ex = explore.simulation_explorer(games=20, seed=101)
    first = ex.out.outputs
    ex.seed.value = 102
    assert len(calls) == 2 and ex.runs == 2
    ex.seed.value = 101  # seen before: no new games, the same rendered charts
    assert len(calls) == 2 and ex.runs == 3 and ex.out.outputs == first
    assert ex.results.equals(sc.simulate(**{**ARGS, "seed": 101, "games": 20}))
    ex.results.loc[0, "total"] = -1  # the caller's copy: the cache keeps the simulated table
    ex.seed.value = 102
    ex.seed.value = 101
    assert ex.results.loc[0, "total"] != -1


def test_inspection_explorer_redraws_a_value_seen_before_from_the_cache(monkeypatch):
    drawn: list[object] = []
    real = explore.vt.best_response_spec  # what the explorer draws a new setting with

    def counting(game, title=None):
        drawn.append(game)
        return real(game, title=title)

    monkeypatch.setattr(explore.vt, "best_response_spec", counting)
    ex = explore.inspection_explorer("classic")
    start = (ex.equilibrium, ex.readout.value, ex.out.outputs)
    ex.value.value = 9
    ex.value.value = 6  # back to the start
    assert len(drawn) == 2
    assert (ex.equilibrium, ex.readout.value, ex.out.outputs) == start
    ex.to_sheriff.value = False
    assert len(drawn) == 3 and "Tsebelis" in ex.readout.value


def test_light_box_plot_renders_the_same_svg_as_every_row():
    vlc = pytest.importorskip("vl_convert")
    import altair as alt

    from sheriff_core.present.viz import variants as vv

    df = vv.simulate_variants(["classic", "second-edition"], players=4, games=30, seed=4)
    light = vv.score_distribution_chart(df)
    every_row = light.properties(data=df[["variant", "strategy", "total"]])
    assert isinstance(every_row, alt.Chart)
    assert vlc.vegalite_to_svg(light.to_dict()) == vlc.vegalite_to_svg(every_row.to_dict())


def test_simulate_variants_keeps_runs_and_serves_shorter_ones_and_the_other_table(monkeypatch):
    from sheriff_core.analysis import compare as vv  # simulate_variants lives in the analysis layer

    calls: list[int] = []
    real = vv.simulate_tables

    def counting(*args, **kwargs):
        calls.append(kwargs["games"])
        return real(*args, **kwargs)

    names = ["classic", "summary-sheet"]
    fresh_players = pd.concat(
        [sc.simulate(n, players=3, games=12, seed=77) for n in names], ignore_index=True
    )
    fresh_bags = pd.concat(
        [sc.simulate_bags(n, players=3, games=7, seed=77) for n in names], ignore_index=True
    )
    vv._RUNS.clear()
    monkeypatch.setattr(vv, "simulate_tables", counting)
    players = vv.simulate_variants(names, players=3, games=12, seed=77)
    bags = vv.simulate_variants(names, players=3, games=7, seed=77, per="bag")
    assert calls == [12, 12]  # once per variant; the 7-game bags come from the 12 games
    pd.testing.assert_frame_equal(players, fresh_players)
    pd.testing.assert_frame_equal(bags, fresh_bags)
    players.loc[0, "total"] = -1  # the caller's frame: what is kept stays as simulated
    assert vv.simulate_variants(names, players=3, games=12, seed=77).loc[0, "total"] != -1
    vv.simulate_variants(names, players=3, games=12, seed=77, merchants=["honest"])
    assert calls == [12, 12, 12, 12]  # other bots: other games
