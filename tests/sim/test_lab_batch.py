"""The lab's comparison tables computed together equal the same statistics one by one.

``compare_frames``, ``sweep`` and ``compare_each_change`` compute a table's metrics in
one batch (``lab._paired_rows``: one ``_paired_batch`` and one ``_games_needed_rows``
for all the rows) and reuse the parent's per-game metrics across a sweep's values.
These tests hold them to ``paired_difference`` metric by metric, exactly, and the
games-needed solver to its definition and to statsmodels' ``TTestPower``.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.analysis import lab

STATS = ["parent", "variant", "difference", "ci_low", "ci_high", "p_value", "games"]
STATS += ["changed", "interval", "games_needed", "check_test", "check_p_value"]


@pytest.fixture(scope="module")
def pair() -> tuple[pd.DataFrame, pd.DataFrame]:
    kw = {"players": 4, "games": 600, "seed": 5, "progress": False}
    a = sc.simulate("classic", **kw)
    b = sc.simulate(lab.with_field("classic", "goods.Pepper.penalty", 8), **kw)
    return a, b


def _one_by_one(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """The comparison's statistics, ``paired_difference`` called for each metric."""
    ma, mb = lab.game_metrics(a), lab.game_metrics(b)
    rows = [
        lab.paired_difference(ma[c].to_numpy(), mb[c].to_numpy())
        for c, _key, _strategy in lab._metric_columns(list(ma.columns))
    ]
    return pd.DataFrame(rows)[STATS]


def test_compare_frames_equals_paired_difference_metric_by_metric(pair) -> None:
    a, b = pair
    table = lab.compare_frames(a, b)
    expected = _one_by_one(a, b)
    expected["games"] = expected["games"].astype(table["games"].dtype)  # the table's are whole
    assert set(table["interval"]) == {
        "Tango score (paired 0/1)",
        "paired t",
        "score, few games differ",
    }
    pd.testing.assert_frame_equal(table[STATS].reset_index(drop=True), expected, check_exact=True)


def test_a_metric_with_missing_values_is_computed_on_its_own(pair) -> None:
    a, b = pair
    ma, mb = lab.game_metrics(a), lab.game_metrics(b)
    mb.loc[mb.index[:7], "lies_per_bag"] = np.nan  # e.g. games without a bag
    cols = [c for c, _key, _strategy in lab._metric_columns(list(ma.columns))]
    got = pd.DataFrame(lab._paired_columns(ma, mb, cols, 0.95, "auto", 0))
    expected = pd.DataFrame(
        [lab.paired_difference(ma[c].to_numpy(), mb[c].to_numpy()) for c in cols]
    )
    assert got.loc[cols.index("lies_per_bag"), "games"] == len(ma) - 7
    pd.testing.assert_frame_equal(got, expected, check_exact=True)


def test_the_batch_refuses_what_paired_difference_refuses(pair) -> None:
    a, _b = pair
    with pytest.raises(ValueError, match="confidence must be in"):
        lab.compare_frames(a, a, confidence=1.5)


def test_a_sweep_reuses_the_parents_metrics_without_changing_a_number() -> None:
    kw = {"players": 4, "games": 300, "seed": 2}
    df = lab.sweep("classic", "goods.Pepper.penalty", [2, 9], progress=False, **kw)
    base = sc.simulate("classic", progress=False, **kw)
    for value in (2, 9):
        got = sc.simulate(
            lab.with_field("classic", "goods.Pepper.penalty", value), progress=False, **kw
        )
        one = lab.compare_frames(base, got)
        cells = df[df["value"] == value].reset_index(drop=True)
        pd.testing.assert_frame_equal(cells[STATS], one[STATS], check_exact=True)


def _rows(effects: np.ndarray, games: int = 60) -> np.ndarray:
    """Rows of per-game differences whose effect (mean / sd) is exactly ``effects``."""
    noise = np.random.default_rng(0).normal(size=(len(effects), games))
    noise = (noise - noise.mean(axis=1, keepdims=True)) / noise.std(axis=1, ddof=1, keepdims=True)
    return noise + effects[:, None]


@pytest.mark.parametrize("confidence", [0.95, 0.9, 0.99])
def test_games_needed_is_the_fewest_games_with_the_power(confidence) -> None:
    effects = np.geomspace(0.004, 0.6, 1500)  # from 0.004 (half a million games) to 0.6
    need = lab._games_needed_rows(_rows(effects), confidence)
    big = need >= 25  # where the t-test's power is solved (the normal approximation below)
    assert big.sum() >= 1400
    power = lab._t_power(effects[big], need[big], 1 - confidence)
    below = lab._t_power(effects[big], need[big] - 1, 1 - confidence)
    assert np.all(power >= lab.POWER) and np.all(below < lab.POWER)


@pytest.mark.parametrize("confidence", [0.95, 0.9])
def test_games_needed_agrees_with_statsmodels(confidence) -> None:
    from statsmodels.stats.power import TTestPower

    effects = np.geomspace(0.01, 0.5, 30)
    need = lab._games_needed_rows(_rows(effects), confidence)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sm = [
            math.ceil(
                TTestPower().solve_power(effect_size=e, alpha=1 - confidence, power=lab.POWER)
            )
            for e in effects
        ]
    assert need.tolist() == sm


def test_games_needed_of_no_difference_is_infinite() -> None:
    assert lab._games_needed_rows(np.zeros((2, 10)), 0.95).tolist() == [math.inf, math.inf]
    assert lab._games_needed(np.array([1.0, -1.0, 1.0, -1.0]), 0.95) == math.inf


def test_games_needed_of_a_tiny_effect_is_solved() -> None:
    # billions of games: the bisection stops at a double's precision (an absolute
    # tolerance never would: doubles that large are further apart than it)
    effects = np.array([1e-5, 3e-7])
    need = lab._games_needed_rows(_rows(effects), 0.95)
    assert np.all(np.isfinite(need)) and need[0] > 7e10 and need[1] > need[0]
    assert lab._t_power(effects[:1], need[:1], 0.05)[0] >= lab.POWER
