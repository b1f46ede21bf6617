"""A local Dask cluster runs the same seeded games and returns the same DataFrame."""

from __future__ import annotations

import pandas as pd
import pytest

import sheriff_core as sc

distributed = pytest.importorskip("distributed")


def test_dask_executor_matches_in_process_run():
    args = {"variant": "classic", "players": 4, "games": 60, "seed": 3}
    base = sc.simulate(**args)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = sc.simulate(**args, executor=client.get_executor(), chunk_size=8)
        bags = sc.simulate_bags(**args, executor=client.get_executor(), chunk_size=25)
    pd.testing.assert_frame_equal(base, got)
    pd.testing.assert_frame_equal(sc.simulate_bags(**args), bags)
