"""The lab's per-game metrics on arrays equal the same metrics by pandas' groupby.

``lab.game_metrics`` computes a table laid out as ``simulate`` returns it on numpy
arrays (``lab._metrics_on_arrays``) and any other table by groupby
(``lab._metrics_by_groupby``). The two must give the same frame to the last bit: same
index, columns, dtypes and floats (``score_sd`` is pandas' one-pass variance, which
``numpy.std`` does not reproduce exactly).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.analysis import lab

CASES = [
    ("classic", 4, {}, "fast"),
    ("classic", 3, {"merchants": ["honest", "honest", "bluffer"]}, "fast"),
    ("classic", 5, {"merchants": ["adaptive"], "sheriffs": ["bayesian"]}, "fast"),
    ("classic-royal", 4, {"merchants": ["smuggler", "briber"]}, "fast"),
    ("second-edition", 3, {}, "fast"),
    ("deputies", 6, {}, "fast"),
    ("disney", 4, {}, "fast"),
    ("classic", 4, {"merchants": ["bluffer", "honest"]}, "checked"),
]


@pytest.mark.parametrize(("variant", "players", "lineup", "engine"), CASES)
def test_arrays_equal_groupby(variant: str, players: int, lineup: dict, engine: str) -> None:
    games = 400 if engine == "fast" else 60
    table = sc.simulate(
        variant, players, games=games, seed=3, progress=False, engine=engine, **lineup
    )
    v = sc.load_variant(variant)
    for tiebreaks in (v.tiebreaks, ("legal_goods", "contraband"), ("contraband",), ()):
        fast = lab._metrics_on_arrays(table, tiebreaks)
        assert fast is not None
        slow = lab._metrics_by_groupby(table, tiebreaks)
        pd.testing.assert_frame_equal(fast, slow, check_exact=True)
        assert fast.equals(slow)


def test_other_tables_take_the_groupby_path() -> None:
    """Shuffled rows, a seat missing, a missing strategy: groupby, and the same answer
    as for the table in order where there is one."""
    table = sc.simulate("classic", 4, games=200, seed=8, progress=False)
    want = lab.game_metrics(table)
    shuffled = table.sample(frac=1.0, random_state=np.random.default_rng(1))
    assert lab._metrics_on_arrays(shuffled, ("legal_goods", "contraband")) is None
    pd.testing.assert_frame_equal(lab.game_metrics(shuffled), want, check_exact=True)
    gappy = table[table["game"] % 3 != 1]  # games 0, 2, 3, 5, ...: still in order
    pd.testing.assert_frame_equal(
        lab._metrics_on_arrays(gappy, ("legal_goods", "contraband")),
        lab._metrics_by_groupby(gappy, ("legal_goods", "contraband")),
        check_exact=True,
    )
    no_seat = table[~((table["game"] == 7) & (table["seat"] == 2))]
    assert lab._metrics_on_arrays(no_seat, ()) is None
    unknown = table.copy()
    unknown.loc[5, "strategy"] = None
    assert lab._metrics_on_arrays(unknown, ()) is None
    assert len(lab.game_metrics(unknown)) == 200
    floats = table.astype({"total": float})
    assert lab._metrics_on_arrays(floats, ()) is None
    pd.testing.assert_frame_equal(lab.game_metrics(floats), want, check_exact=True)
