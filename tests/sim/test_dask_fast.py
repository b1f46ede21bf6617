"""The compiled simulator on Dask: the same frames and the same sweep table whatever the
number of workers and the chunks (what benchmarks/dask_sweep.py runs at a million games)."""

from __future__ import annotations

import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.analysis import lab

distributed = pytest.importorskip("distributed")

ARGS = {"variant": "classic", "players": 4, "games": 300, "seed": 12}
SWEEP = ("classic", "setup.starting_gold", [20, 60])
SWEEP_KW = {"games": 120, "seed": 3, "progress": False}


def _on_cluster(workers: int) -> dict[str, pd.DataFrame]:
    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pool = client.get_executor()
        out = {
            f"chunks of {size}": sc.simulate(**ARGS, engine="fast", executor=pool, chunk_size=size)
            for size in (7, 64, None)
        }
        out["bags"] = sc.simulate_bags(**ARGS, engine="fast", executor=pool, chunk_size=50)
        out["sweep"] = lab.sweep(*SWEEP, executor=pool, **SWEEP_KW)
        return out


def test_one_or_two_workers_and_any_chunks_give_the_same_frames():
    want = sc.simulate(**ARGS, engine="checked")
    bags = sc.simulate_bags(**ARGS, engine="checked")
    table = lab.sweep(*SWEEP, engine="checked", **SWEEP_KW)
    for workers in (1, 2):
        got = _on_cluster(workers)
        for name in ("chunks of 7", "chunks of 64", "chunks of None"):
            assert got[name].equals(want), (workers, name)
        assert got["bags"].equals(bags), workers
        pd.testing.assert_frame_equal(got["sweep"], table)
