"""House-rule lab: what a rule change does, measured on paired games, with error bars.

:func:`compare_rules` plays a parent rule set and a variant on the *same* seeds
(``simulate`` deals game ``i`` from ``SeedSequence(seed).spawn(games)[i]``
whatever the rules, so both sides see the same shuffles: common random numbers)
and reports, per metric, the parent value, the variant value, the paired
difference with a confidence interval, and a plain sentence with units; a
:class:`RuleComparison` leads with one ``headline`` and carries the ``note`` that
explains the intervals. :func:`sweep` does the same for one rule field over a range
of values, :func:`compare_each_change` for each change of a house rule on its own;
:func:`balance_report` asks whether one rule set is balanced (strategies against
each Sheriff bot, seats, spread).

Statistics (see :func:`paired_difference`): Tango's score interval for 0/1 metrics
(from the discordant pairs), the paired t interval for metrics that vary in
enough games, and a score interval with a variance floor when few games differ,
so that rare effects and "no difference seen" get honest bounds, never a
zero-width "identical". Holm's adjustment (:func:`holm_adjusted`, statsmodels' numbers) over the
metrics of a comparison, and over every cell of a sweep, decides what counts as
distinguishable. Win rates against a fair share use the exact binomial test and
Clopper-Pearson intervals; the games needed use the power of the paired t-test
(``statsmodels.stats.power.TTestPower``, 80 % power). Coverage and false alarms
are tested in ``tests/sim/test_lab_coverage.py``.

>>> r = compare_rules("classic", "summary-sheet", players=3, games=30, seed=2)
>>> r.table.loc[r.table["metric"] == "mean_score", ["parent", "variant"]].shape
(1, 2)
>>> bool((r.table["ci_low"] <= r.table["difference"]).all())
True
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from sheriff_core.analysis.sim import (
    DEFAULT_MERCHANTS,
    DEFAULT_SHERIFFS,
    chunk_games,
    cpu_count,
    ignore_sigint,
    simulate,
    stop_workers,
)
from sheriff_core.base.i18n import N_, Message, _, ngettext
from sheriff_core.bots.base import BotSpec, bot_names
from sheriff_core.rules.variants import Variant, load_variant

__all__ = [
    "METRICS",
    "holm_adjusted",
    "UNITS",
    "POWER",
    "RARE_GAMES",
    "RuleComparison",
    "BalanceReport",
    "paired_difference",
    "game_metrics",
    "compare_frames",
    "compare_rules",
    "with_field",
    "sweep",
    "compare_each_change",
    "headline",
    "note",
    "same_rules",
    "balance_report",
]

#: Power used for "about N games would be needed" (the usual 80 %).
POWER = 0.8

#: Metric key -> (label, kind), the label in plain words. ``kind`` "rate" is a share
#: (shown in %, its differences in percentage points), "number" is counted in
#: :data:`UNITS`. ``win_rate`` has one row per merchant strategy.
METRICS: Mapping[str, tuple[str, str]] = {
    "win_rate": (N_("win rate of the {strategy} bot"), "rate"),
    "mean_score": (N_("average final score"), "number"),
    "score_sd": (N_("spread of the final scores in a game (standard deviation)"), "number"),
    "gold_moved": (N_("gold changing hands per game (fines, bribes, compensation)"), "number"),
    "lies_per_bag": (N_("share of bags with a lie"), "rate"),
    "caught_per_bag": (N_("share of bags caught lying"), "rate"),
    "bribes": (N_("bribes paid per game"), "number"),
    "first_seat_win": (N_("win rate of seat 1 (the first Sheriff)"), "rate"),
    "bonus_decides": (N_("share of games the King and Queen bonuses decide"), "rate"),
}

#: Metric key -> the unit of its values and differences ("rate" metrics: the
#: differences are in percentage points).
UNITS: Mapping[str, str] = {
    "win_rate": N_("percentage points"),
    "mean_score": N_("game points"),
    "score_sd": N_("game points"),
    "gold_moved": N_("gold"),
    "lies_per_bag": N_("percentage points"),
    "caught_per_bag": N_("percentage points"),
    "bribes": N_("bribes"),
    "first_seat_win": N_("percentage points"),
    "bonus_decides": N_("percentage points"),
}

_TIEBREAK_COLUMNS = {"legal_goods": "stand_legal", "contraband": "stand_contraband"}


# --------------------------------------------------------------------------- statistics


def _games_needed(d: np.ndarray, confidence: float) -> float:
    """Games for a paired t-test at ``1 - confidence`` to detect the observed mean
    difference with :data:`POWER` (the power of statsmodels' ``TTestPower``, solved
    for the number of games; below 20 games the normal approximation
    ``((z_a/2 + z_b) / effect)^2`` with ``effect = |mean| / sd`` of the per-game
    differences). One row of :func:`_games_needed_rows`."""
    return float(_games_needed_rows(np.asarray(d, dtype=float)[None, :], confidence)[0])


def _t_power(effect: np.ndarray, n: np.ndarray, alpha: float) -> np.ndarray:
    """Power of the two-sided one-sample t-test of ``n`` observations at ``alpha`` for a
    standardised ``effect``: statsmodels' ``ttest_power`` (both tails of the noncentral
    t), element by element."""
    from scipy import stats

    df, nc = n - 1, effect * np.sqrt(n)
    crit = stats.t.isf(alpha / 2, df)
    return stats.nct.sf(crit, df, nc) + stats.nct.cdf(-crit, df, nc)


def _games_needed_rows(d: np.ndarray, confidence: float) -> np.ndarray:
    """:func:`_games_needed` for each row of ``d`` (rows of per-game differences) at
    once: the normal approximation, then, where it says 20 games or more, the fewest
    whole games at which :func:`_t_power` reaches :data:`POWER` (bisection from a
    bracket around the approximation, to a double's precision, then the whole number
    checked; where the power cannot be computed, the approximation), at least 2;
    ``inf`` for a zero mean or spread."""
    from scipy import stats

    rows, games = d.shape
    sd = d.std(axis=1, ddof=1) if games > 1 else np.zeros(rows)
    mean = d.mean(axis=1) if games else np.zeros(rows)
    out = np.full(rows, math.inf)
    ok = (sd != 0.0) & (mean != 0.0)
    if not ok.any():
        return out
    effect = np.abs(mean[ok]) / sd[ok]
    alpha = 1.0 - confidence
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(POWER)
    n = (z / effect) ** 2  # the normal approximation
    big = n >= 20  # below, the t-test's solution is a handful of games: keep the approximation
    if big.any():
        e = effect[big]
        lo, hi = n[big] / 2, 2 * n[big] + 10
        for _step in range(200):  # power rises with n: widen the bracket, then halve it
            short = _t_power(e, hi, alpha) < POWER
            over = (_t_power(e, lo, alpha) >= POWER) & (lo > 2)
            if not (short.any() or over.any()):
                break
            hi = np.where(short, 2 * hi, hi)
            lo = np.where(over, np.maximum(lo / 2, 2.0), lo)
        for _step in range(100):  # to 1e-9 of the bracket's top (a double's precision)
            if np.all(hi - lo <= 1e-9 * hi):
                break
            mid = (lo + hi) / 2
            enough = _t_power(e, mid, alpha) >= POWER
            lo, hi = np.where(enough, lo, mid), np.where(enough, mid, hi)
        # the fewest whole games: hi has the power; one game fewer may too, at the edge
        whole = np.ceil(hi)
        fewer = (whole > 2) & (_t_power(e, whole - 1, alpha) >= POWER)
        whole = np.where(fewer, whole - 1, whole)
        solved = np.isfinite(_t_power(e, whole, alpha))  # else keep the approximation
        n[np.flatnonzero(big)[solved]] = whole[solved]
    out[ok] = np.ceil(np.maximum(n, 2.0))
    return out


#: Below this many games whose difference deviates from the usual one (the median
#: per-game difference, 0 when most games are unchanged), a non-binary metric's
#: interval is the score interval with a variance floor (see
#: :func:`paired_difference`), not the plain t interval.
RARE_GAMES = 20


def _edge(
    inside: Callable[[np.ndarray], np.ndarray], near: np.ndarray, far: np.ndarray
) -> np.ndarray:
    """Vectorised bisection: per row, the edge between ``near`` (inside the interval)
    and ``far`` (outside), to about 1e-15 of the bracket."""
    for _step in range(55):
        mid = (near + far) / 2
        ok = inside(mid)
        near, far = np.where(ok, mid, near), np.where(ok, far, mid)
    return near


def _tango(up: np.ndarray, down: np.ndarray, n: int, z: float) -> tuple[np.ndarray, ...]:
    """Tango's (1998) score interval for a difference of paired proportions
    ``(up - down) / n`` (``up``: pairs 0 -> 1, ``down``: 1 -> 0), and the score test of
    no difference (McNemar's statistic without continuity correction)."""
    from scipy import stats

    up, down = up.astype(float), down.astype(float)

    def score(delta: np.ndarray) -> np.ndarray:
        a = 2.0 * n
        b = -up - down + (2.0 * n - up + down) * delta
        c = -down * delta * (1.0 - delta)
        q = (np.sqrt(np.maximum(b * b - 4 * a * c, 0.0)) - b) / (2 * a)
        var = n * (2 * q + delta * (1.0 - delta))
        with np.errstate(divide="ignore", invalid="ignore"):
            return (up - down - n * delta) / np.sqrt(var)

    mean = (up - down) / n
    one = np.ones_like(mean)

    def inside(t: np.ndarray) -> np.ndarray:
        return ~(np.abs(score(t)) > z)  # 0/0 at the estimate itself: inside

    lo = _edge(inside, mean, -one)
    hi = _edge(inside, mean, one)
    k = up + down
    with np.errstate(divide="ignore", invalid="ignore"):
        stat = np.where(k > 0, (up - down) / np.sqrt(k), 0.0)
    p = 2 * stats.norm.sf(np.abs(stat))
    return lo, hi, p


def _floored(
    mean: np.ndarray,
    s2: np.ndarray,
    m: np.ndarray,
    cap: np.ndarray,
    centre: np.ndarray,
    n: int,
    c: float,
) -> tuple[np.ndarray, ...]:
    """Score interval of a mean difference that few games carry: the candidate values
    ``delta`` with ``|mean - delta| <= c * sqrt(V(delta) / n)``. With ``u = |delta -
    centre|``, ``V`` is the larger of the sample variance and ``min(u * m, cap) - u**2``:
    the variance the difference would have if only the share of games that deviate
    were uncertain (``m``: the deviations' mean square over their mean, or the
    metric's observed range when none deviates, the Bhatia-Davis bound; ``cap``: their
    mean square, every game deviating). For a 0/1 difference this is Wilson's interval.
    The p-value is the score test at zero (the paired t-test when ``centre`` is 0)."""
    from scipy import stats

    def score(delta: np.ndarray) -> np.ndarray:
        u = np.abs(delta - centre)
        var = np.maximum(s2, np.minimum(u * m, cap) - u * u)
        with np.errstate(divide="ignore", invalid="ignore"):
            return (mean - delta) / np.sqrt(var / n)

    def inside(t: np.ndarray) -> np.ndarray:
        return ~(np.abs(score(t)) > c)

    lo = _edge(inside, mean, mean - 2 * m)
    hi = _edge(inside, mean, mean + 2 * m)
    zero = score(np.zeros_like(mean))
    p = np.where(np.isnan(zero), 1.0, 2 * stats.t.sf(np.abs(np.nan_to_num(zero)), n - 1))
    return lo, hi, p


def _paired_batch(x: np.ndarray, y: np.ndarray, confidence: float) -> dict[str, np.ndarray]:
    """The lab's interval and p-value for each row of ``x`` / ``y`` (shape ``(rows,
    games)``, paired by column, no NaN): what :func:`paired_difference` computes, for
    many samples at once (the coverage tests use this). Keys: ``difference``,
    ``ci_low``, ``ci_high``, ``p_value``, ``changed`` (games whose value differs),
    ``binary`` (both sides 0/1) and ``method`` (an int code, see ``_METHODS``)."""
    from scipy import stats

    x = np.atleast_2d(np.asarray(x, dtype=float))
    y = np.atleast_2d(np.asarray(y, dtype=float))
    rows, n = x.shape
    d = y - x
    mean = d.mean(axis=1)
    up, down = (d > 0).sum(axis=1), (d < 0).sum(axis=1)
    changed = up + down
    binary = (np.isin(x, (0.0, 1.0)).all(axis=1)) & (np.isin(y, (0.0, 1.0)).all(axis=1))
    alpha = 1 - confidence
    lo, hi, p = np.full(rows, np.nan), np.full(rows, np.nan), np.full(rows, np.nan)
    method = np.zeros(rows, dtype=int)
    if n < 2:
        return {
            "difference": mean,
            "ci_low": lo,
            "ci_high": hi,
            "p_value": p,
            "changed": changed,
            "binary": binary,
            "method": method,
        }
    if binary.any():
        z = float(stats.norm.ppf(1 - alpha / 2))
        b = binary
        lo[b], hi[b], p[b] = _tango(up[b], down[b], n, z)
        method[b] = 1
    s2 = d.var(axis=1, ddof=1)
    c = float(stats.t.ppf(1 - alpha / 2, n - 1))
    # "Few games differ": from the usual difference (the median; 0 when most games are
    # unchanged, +30 when nearly every game gains 30), fewer than RARE_GAMES deviate.
    centre = np.median(d, axis=1)
    dev = d - centre[:, None]
    deviating = (dev != 0).sum(axis=1)
    plain = ~binary & (deviating >= RARE_GAMES) & (s2 > 0)
    if plain.any():
        se = np.sqrt(s2[plain] / n)
        lo[plain], hi[plain] = mean[plain] - c * se, mean[plain] + c * se
        p[plain] = 2 * stats.t.sf(np.abs(mean[plain] / se), n - 1)
        method[plain] = 2
    rare = ~binary & ~plain
    if rare.any():
        dev, k = dev[rare], deviating[rare]
        x, y = x[rare], y[rare]
        span = np.maximum(x.max(axis=1), y.max(axis=1)) - np.minimum(x.min(axis=1), y.min(axis=1))
        with np.errstate(divide="ignore", invalid="ignore"):
            typical = (dev * dev).sum(axis=1) / np.abs(dev.sum(axis=1))  # E[e^2] / |E[e]|
        m = np.where((k > 0) & np.isfinite(typical), typical, span)
        m = np.where(m > 0, m, 1.0)
        cap = np.where(k > 0, (dev * dev).sum(axis=1) / np.maximum(k, 1), np.inf)
        lo[rare], hi[rare], p[rare] = _floored(mean[rare], s2[rare], m, cap, centre[rare], n, c)
        method[rare] = 3
    return {
        "difference": mean,
        "ci_low": lo,
        "ci_high": hi,
        "p_value": p,
        "changed": changed,
        "binary": binary,
        "method": method,
    }


_METHODS = {
    0: "",
    1: "Tango score (paired 0/1)",
    2: "paired t",
    3: "score, few games differ",
}


def paired_difference(
    parent: Sequence[float] | np.ndarray,
    variant: Sequence[float] | np.ndarray,
    *,
    confidence: float = 0.95,
    method: str = "auto",
    seed: int = 0,
    resamples: int = 2000,
) -> dict[str, Any]:
    """Mean of ``variant - parent`` over paired observations, with its interval.

    ``method="auto"`` (the lab's): when both sides are 0/1 (a win, a game the bonuses
    decide), Tango's score interval for a difference of paired proportions, built
    from the discordant pairs, and its score test (McNemar's statistic); otherwise
    the paired t interval and test (``scipy.stats``) when at least
    :data:`RARE_GAMES` games differ, and when fewer do, a score interval whose
    variance is at least what a difference carried by that share of the games could
    have (it is Wilson's interval for a 0/1 difference; see ``interval``). When no
    game differs the interval is not a point: it says how big a difference the
    sample could still have missed. ``"t"``: the paired t interval whatever the data
    (zero width when every difference is equal); ``"bootstrap"``: a percentile
    bootstrap over pairs (``scipy.stats.bootstrap``, ``paired=True``) from a generator
    seeded with ``seed`` (the p-value is then the paired t-test's). Pairs with a
    missing value on either side are dropped.

    Keys: ``parent``, ``variant``, ``difference``, ``ci_low``, ``ci_high``,
    ``p_value``, ``games``, ``changed`` (games whose value differs), ``interval``
    (the method used), ``games_needed`` (pairs a paired t-test would need to detect
    this difference with :data:`POWER`; ``inf`` for a zero difference), and a
    second opinion that leans on no approximation, ``check_test`` /
    ``check_p_value``: the exact McNemar test when both sides are 0/1, the Wilcoxon
    signed-rank test otherwise.

    >>> r = paired_difference([0, 1, 1, 0, 1, 1], [1, 1, 1, 1, 1, 0])
    >>> round(r["difference"], 3), r["ci_low"] < r["difference"] < r["ci_high"]
    (0.167, True)
    >>> r = paired_difference([0] * 300, [0] * 300)  # nothing seen, but not "identical"
    >>> r["changed"], round(r["ci_low"], 4), round(r["ci_high"], 4)
    (0, -0.0126, 0.0126)
    >>> paired_difference([1, 2], [1, 2, 3])
    Traceback (most recent call last):
    ...
    ValueError: not paired: 2 parent values but 3 variant values (compare the same games)
    """

    x, y = _paired_values(parent, variant, confidence, method)
    d = y - x
    out = _summary(x, y)
    if len(d) < 2:
        return out
    if method == "auto":
        return _paired_rows(x[None, :], y[None, :], confidence)[0]
    out["games_needed"] = _games_needed(d, confidence)
    out["check_test"], out["check_p_value"] = _second_opinion(x, y)
    out.update(_t_or_bootstrap(x, y, method, confidence, seed, resamples))
    return out


def _summary(x: np.ndarray, y: np.ndarray) -> dict[str, Any]:
    """:func:`paired_difference`'s keys for the pairs ``x`` / ``y``: the means, games and
    changed games filled in, the interval, tests and games needed still empty."""
    d = y - x
    n = len(d)
    return {
        "parent": float(x.mean()) if n else math.nan,
        "variant": float(y.mean()) if n else math.nan,
        "difference": float(d.mean()) if n else math.nan,
        "ci_low": math.nan,
        "ci_high": math.nan,
        "p_value": math.nan,
        "games": float(n),
        "changed": int(np.sum(d != 0)),
        "interval": "",
        "games_needed": math.nan,
        "check_test": "",
        "check_p_value": math.nan,
    }


def _paired_rows(x: np.ndarray, y: np.ndarray, confidence: float) -> list[dict[str, Any]]:
    """``paired_difference(x[i], y[i], confidence=confidence)`` (method ``"auto"``) for
    each row of ``x`` / ``y`` (C-contiguous, the same number of games, at least 2, no
    NaN), computed together: one :func:`_paired_batch` and one
    :func:`_games_needed_rows` for all the rows (a comparison table's metrics)."""
    r = _paired_batch(x, y, confidence)
    need = _games_needed_rows(y - x, confidence)
    out = []
    for i in range(x.shape[0]):
        row = _summary(x[i], y[i])
        row["ci_low"], row["ci_high"] = float(r["ci_low"][i]), float(r["ci_high"][i])
        row["p_value"] = float(r["p_value"][i])
        row["interval"] = _METHODS[int(r["method"][i])]
        row["games_needed"] = float(need[i])
        row["check_test"], row["check_p_value"] = _second_opinion(x[i], y[i])
        out.append(row)
    return out


def _paired_columns(
    ma: pd.DataFrame,
    mb: pd.DataFrame,
    columns: Sequence[str],
    confidence: float,
    method: str,
    seed: int,
) -> list[dict[str, Any]]:
    """``paired_difference(ma[c], mb[c], ...)`` for each column ``c``: the columns with
    no missing value together (:func:`_paired_rows`), the others one by one."""
    out: dict[str, dict[str, Any]] = {}
    if method == "auto" and len(ma) >= 2:
        _check_options(confidence, method)  # the same errors as paired_difference
        x, y = ma[list(columns)].to_numpy(dtype=float), mb[list(columns)].to_numpy(dtype=float)
        clean = ~(np.isnan(x).any(axis=0) | np.isnan(y).any(axis=0))
        if clean.any():
            rows = _paired_rows(
                np.ascontiguousarray(x[:, clean].T), np.ascontiguousarray(y[:, clean].T), confidence
            )
            kept = [c for c, ok in zip(columns, clean, strict=True) if ok]
            out = dict(zip(kept, rows, strict=True))
    for c in columns:
        if c not in out:
            out[c] = paired_difference(
                ma[c].to_numpy(), mb[c].to_numpy(), confidence=confidence, method=method, seed=seed
            )
    return [out[c] for c in columns]


def _paired_values(
    parent: Sequence[float] | np.ndarray,
    variant: Sequence[float] | np.ndarray,
    confidence: float,
    method: str,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`paired_difference`'s arguments checked, its pairs as two float arrays with
    the pairs missing a value on either side dropped."""
    x = np.asarray(parent, dtype=float)
    y = np.asarray(variant, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(
            Message(
                "not paired: {a} parent values but {b} variant values (compare the same games)",
                a=x.size,
                b=y.size,
            )
        )
    _check_options(confidence, method)
    keep = ~(np.isnan(x) | np.isnan(y))
    return x[keep], y[keep]


def _check_options(confidence: float, method: str) -> None:
    """Refuse a ``confidence`` outside [0.5, 1) or an unknown interval ``method``."""
    if not 0.5 <= confidence < 1:
        raise ValueError(
            Message("confidence must be in [0.5, 1), not {confidence}", confidence=repr(confidence))
        )
    if method not in ("auto", "t", "bootstrap"):
        raise ValueError(
            Message("method must be 'auto', 't' or 'bootstrap', not {method}", method=repr(method))
        )


def _second_opinion(x: np.ndarray, y: np.ndarray) -> tuple[str, float]:
    """``(test, p-value)`` of a test that leans on no approximation: McNemar's exact test
    when both sides are 0/1, the Wilcoxon signed-rank test otherwise."""
    from scipy import stats

    d = y - x
    if np.isin(x, (0.0, 1.0)).all() and np.isin(y, (0.0, 1.0)).all():
        # exact McNemar: the discordant pairs are a fair coin under no difference
        up, down = int(np.sum(d > 0)), int(np.sum(d < 0))
        return "McNemar exact", (
            float(stats.binomtest(up, up + down, 0.5).pvalue) if up + down else 1.0
        )
    return "Wilcoxon signed-rank", (
        float(stats.wilcoxon(y, x, zero_method="wilcox").pvalue) if np.any(d != 0) else 1.0
    )


def _t_or_bootstrap(
    x: np.ndarray, y: np.ndarray, method: str, confidence: float, seed: int, resamples: int
) -> dict[str, Any]:
    """``ci_low``, ``ci_high``, ``p_value`` and ``interval`` of :func:`paired_difference`'s
    ``"t"`` and ``"bootstrap"`` methods (the p-value is the paired t-test's for both)."""
    from scipy import stats

    d = y - x
    if np.all(d == d[0]):  # the t interval has zero width
        p_value = 1.0 if d[0] == 0 else 0.0
        return {
            "ci_low": float(d[0]),
            "ci_high": float(d[0]),
            "p_value": p_value,
            "interval": "paired t",
        }
    res = stats.ttest_rel(y, x)
    if method == "t":
        ci = res.confidence_interval(confidence_level=confidence)
        low, high, interval = float(ci.low), float(ci.high), "paired t"
    else:
        boot = stats.bootstrap(
            (x, y),
            lambda a, b, axis: np.mean(b - a, axis=axis),
            paired=True,
            vectorized=True,
            confidence_level=confidence,
            n_resamples=resamples,
            method="percentile",
            rng=np.random.default_rng(seed),
        )
        low, high = float(boot.confidence_interval.low), float(boot.confidence_interval.high)
        interval = "bootstrap"
    return {"ci_low": low, "ci_high": high, "p_value": float(res.pvalue), "interval": interval}


# --------------------------------------------------------------------------- per-game metrics


def game_metrics(sim: pd.DataFrame, tiebreaks: Sequence[str] | None = None) -> pd.DataFrame:
    """One row per game of a :func:`sheriff_core.simulate` table, one column per metric.

    Columns: ``win_rate:<strategy>`` (share of that strategy's seats in the game that
    won; a shared win counts), ``mean_score``, ``score_sd`` (sd of the players' totals),
    ``gold_moved`` (fines + bribe gold + compensation paid), ``lies_per_bag``,
    ``caught_per_bag``, ``bribes``, ``first_seat_win`` (seat 0, the first Sheriff) and
    ``bonus_decides`` (1 when ranking by total minus King/Queen bonuses, with the
    same tie-breaks, gives other winners; ``tiebreaks`` defaults to legal goods then
    contraband, the ones the table carries).

    >>> import sheriff_core as sc
    >>> m = game_metrics(sc.simulate("classic", players=4, games=5, seed=1))
    >>> len(m), sorted(c for c in m.columns if c.startswith("win_rate:"))
    (5, ['win_rate:bluffer', 'win_rate:briber', 'win_rate:honest', 'win_rate:smuggler'])
    """
    if tiebreaks is None:
        tiebreaks = ("legal_goods", "contraband")
    fast = _metrics_on_arrays(sim, tiebreaks)
    return fast if fast is not None else _metrics_by_groupby(sim, tiebreaks)


#: The columns :func:`game_metrics` reads, besides the tie-breaks' (all whole numbers).
_METRIC_INPUTS = (
    "game", "seat", "win", "total", "bonus", "bags", "lies", "caught", "game_fines",
    "game_bribe_gold", "game_compensation", "game_bribes",
)  # fmt: skip


def _metrics_on_arrays(sim: pd.DataFrame, tiebreaks: Sequence[str]) -> pd.DataFrame | None:
    """:func:`game_metrics` on numpy arrays, for a table laid out as ``simulate`` returns
    it (each game's seats ``0..n-1`` in order, games ascending, whole-number columns, no
    missing strategy); None for any other table (:func:`_metrics_by_groupby` then). The
    same floats to the last bit: sums of whole numbers are exact, and ``score_sd`` is
    pandas' own one-pass (Welford) variance, seat by seat (``tests/sim/test_lab_metrics.py``
    compares the two on many tables)."""
    cols = [*_METRIC_INPUTS, *(c for t in tiebreaks if (c := _TIEBREAK_COLUMNS.get(t)))]
    if len(sim) == 0 or any(c not in sim or sim[c].dtype.kind not in "biu" for c in cols):
        return None
    seat, game = sim["seat"].to_numpy(), sim["game"].to_numpy()
    n = int(seat[-1]) + 1
    if n < 1 or len(sim) % n or not np.array_equal(seat, np.tile(np.arange(n), len(sim) // n)):
        return None
    games = game[::n]
    if not np.array_equal(game, np.repeat(games, n)) or np.any(games[1:] <= games[:-1]):
        return None
    codes, names = pd.factorize(sim["strategy"], sort=True)
    if np.any(codes < 0):
        return None

    def per_game(c: str) -> np.ndarray:
        return sim[c].to_numpy().reshape(-1, n)

    win, codes = per_game("win").astype(bool), codes.reshape(-1, n)
    out: dict[str, np.ndarray] = {}
    with np.errstate(invalid="ignore", divide="ignore"):
        for k, strategy in enumerate(names):
            seats = codes == k
            out[f"win_rate:{strategy}"] = (win & seats).sum(1) / seats.sum(1)
        total = per_game("total").astype(np.int64)
        out["mean_score"] = total.sum(1) / n
        mean, m2 = np.zeros(len(games)), np.zeros(len(games))
        for k in range(n):  # pandas' group variance: Welford, one seat at a time
            x = total[:, k].astype(float)
            old, mean = mean, mean + (x - mean) / (k + 1)
            m2 = m2 + (x - mean) * (x - old)
        out["score_sd"] = np.sqrt(m2 / n)
        first = {c: per_game(c)[:, 0].astype(np.int64) for c in cols}
        out["gold_moved"] = (
            first["game_fines"] + first["game_bribe_gold"] + first["game_compensation"]
        ).astype(float)
        bags = per_game("bags").sum(1).astype(float)
        bags[bags == 0] = np.nan
        out["lies_per_bag"] = per_game("lies").sum(1) / bags
        out["caught_per_bag"] = per_game("caught").sum(1) / bags
    out["bribes"] = first["game_bribes"].astype(float)
    out["first_seat_win"] = first["win"].astype(float)
    key = total - per_game("bonus").astype(np.int64)
    for t in tiebreaks:
        if (c := _TIEBREAK_COLUMNS.get(t)) is not None:
            key = key * 10_000 + per_game(c).astype(np.int64)
    top = key == key.max(1, keepdims=True)
    out["bonus_decides"] = (top != win).any(1).astype(float)
    return pd.DataFrame(out, index=pd.Index(games, name="game"))


def _metrics_by_groupby(sim: pd.DataFrame, tiebreaks: Sequence[str]) -> pd.DataFrame:
    """:func:`game_metrics` for any table: rows in any order, games of any size."""
    df = sim.sort_values(["game", "seat"])
    g = df.groupby("game", sort=True)
    wins = df.pivot_table(index="game", columns="strategy", values="win", aggfunc="mean")
    out = pd.DataFrame(index=wins.index)
    for strategy in wins.columns:
        out[f"win_rate:{strategy}"] = wins[strategy].astype(float)
    first = df[df["seat"] == 0].set_index("game")
    out["mean_score"] = g["total"].mean()
    out["score_sd"] = g["total"].std(ddof=0)
    out["gold_moved"] = (
        first["game_fines"] + first["game_bribe_gold"] + first["game_compensation"]
    ).astype(float)
    bags = g["bags"].sum().replace(0, np.nan)
    out["lies_per_bag"] = g["lies"].sum() / bags
    out["caught_per_bag"] = g["caught"].sum() / bags
    out["bribes"] = first["game_bribes"].astype(float)
    out["first_seat_win"] = first["win"].astype(float)
    # Winners without the bonuses: the highest (total - bonus), then the tie-breaks.
    key = (df["total"] - df["bonus"]).astype(np.int64)
    for t in tiebreaks:
        col = _TIEBREAK_COLUMNS.get(t)
        if col is not None:
            key = key * 10_000 + df[col].astype(np.int64)
    top = key.eq(key.groupby(df["game"]).transform("max"))
    out["bonus_decides"] = (top != df["win"].astype(bool)).groupby(df["game"]).any().astype(float)
    return out


def _metric_columns(columns: Sequence[str]) -> list[tuple[str, str, str]]:
    """(column, metric key, strategy) in :data:`METRICS` order."""
    out: list[tuple[str, str, str]] = []
    for key in METRICS:
        if key == "win_rate":
            out.extend(
                (c, key, c.split(":", 1)[1]) for c in sorted(columns) if c.startswith("win_rate:")
            )
        elif key in columns:
            out.append((key, key, ""))
    return out


def _level(value: float, kind: str, unit: str) -> str:
    """A value as a person reads it: rates in %, the rest with its unit."""
    if not math.isfinite(value):
        return "n/a"
    if kind == "rate":
        return f"{value * 100:.1f} %"
    return f"{value:,.2f} {_(unit)}"


def _num(value: float, kind: str, sign: bool = True, small: bool = True) -> str:
    """A difference without its unit: rates in percentage points. ``small``: a value
    that rounds to zero keeps two significant digits (an interval's end)."""
    if not math.isfinite(value):
        return "n/a"
    v, places = (value * 100, 1) if kind == "rate" else (value, 2)
    if v == 0:
        return f"{0:.{places}f}"
    if round(v, places) == 0 and not small:
        return f"{0:.{places}f}"
    if round(v, places) == 0:  # a small bound still reads as a number, not as 0
        return f"{v:+.2g}" if sign else f"{abs(v):.2g}"
    return f"{v:+,.{places}f}" if sign else f"{abs(v):,.{places}f}"


def _unit(kind: str, unit: str) -> str:
    return _("percentage points") if kind == "rate" else _(unit)


def _label(row: Mapping[str, Any]) -> str:
    """A metric's label in the current language (the table keeps the English one)."""
    metric = METRICS.get(row.get("metric", ""))
    if metric is None:  # a row without its metric key: its own label, as given
        return _(str(row["label"]))
    return _(metric[0]).format(strategy=row.get("strategy", ""))


def _about(value: float) -> str:
    """``value`` rounded for a headline: two significant figures, at least a tenth."""
    v = abs(value)
    if v >= 10:
        return f"{v:,.0f}"
    if v >= 0.95:
        return f"{v:.1f}".removesuffix(".0")
    return f"{v:.1g}" if v >= 0.1 else f"{v:.2f}"


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.2g}"


def _sentence(row: Mapping[str, Any], confidence: float, family: int) -> str:
    """The plain sentence of one row of a comparison table (after its verdict)."""
    kind, unit, n = row["kind"], row["unit"], int(row["games"])
    units = _unit(kind, unit)
    if row.get("same_rules", False):
        return _(
            "{row}: {level} on both sides; identical, because the two rule sets are the same."
        ).format(row=_label(row), level=_level(row["parent"], kind, unit))
    lo, hi = row["ci_low"], row["ci_high"]
    ci = (
        _("{confidence:.0%} CI {num} to {num2}")
        .format(confidence=confidence, num=_num(lo, kind), num2=_num(hi, kind))
        .replace("%", " %", 1)
    )
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return _("{row}: too few games to say.").format(row=_label(row))
    if row["changed"] == 0:
        return _(
            "{row}: {level} on both sides; no difference seen in any of the {n:,} games ({ci} {units}: a difference that small could still be there)."
        ).format(row=_label(row), level=_level(row["parent"], kind, unit), n=n, ci=ci, units=units)
    head = _("{label}: {parent} -> {variant} ({difference} {units}; {ci})").format(
        label=_label(row),
        parent=_level(row["parent"], kind, unit),
        variant=_level(row["variant"], kind, unit),
        difference=_num(row["difference"], kind, small=False),
        units=units,
        ci=ci,
    )
    if row["distinguishable"]:
        return _("{head}: more than noise (Holm-adjusted {p}).").format(
            head=head, p=_p(row["p_holm"])
        )
    if lo > 0 or hi < 0:
        return _(
            "{head}: the interval leaves out zero, but with {family} things measured at once that happens by chance too often to count (Holm-adjusted {p})."
        ).format(head=head, family=family, p=_p(row["p_holm"]))
    need = row["games_needed"]
    places = 1 if kind == "rate" else 2
    shown = round(row["difference"] * (100 if kind == "rate" else 1), places) != 0
    if shown and math.isfinite(need) and n < need <= 100 * n:
        return _(
            "{head}: not distinguishable from noise at {n:,} games; about {int:,} games would be needed to tell a difference this size."
        ).format(head=head, n=n, int=int(need))
    return _("{head}: not distinguishable from noise at {n:,} games.").format(head=head, n=n)


_TABLE_COLUMNS = [
    "metric",
    "strategy",
    "label",
    "kind",
    "unit",
    "parent",
    "variant",
    "difference",
    "ci_low",
    "ci_high",
    "p_value",
    "p_holm",
    "interval",
    "check_test",
    "check_p_value",
    "games",
    "changed",
    "same_rules",
    "distinguishable",
    "games_needed",
    "sentence",
]


def holm_adjusted(p: np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values of ``p`` (no NaN), in the order given: the same
    numbers as ``statsmodels.stats.multitest.multipletests(p, method="holm")[1]``, by the
    same arithmetic, without the ``gc.collect()`` statsmodels runs on every call (about
    0.35 s with the lessons' modules loaded; a sweep calls this once per value).

    >>> holm_adjusted(np.array([0.01, 0.04, 0.03, 0.5])).tolist()
    [0.04, 0.09, 0.09, 0.5]
    """
    p = np.asarray(p, dtype=float)
    order = np.argsort(p)
    raw = p[order] * np.arange(len(p), 0, -1)
    stepped = np.maximum.accumulate(raw)
    stepped[stepped > 1] = 1
    out = np.empty_like(stepped)
    out[order] = stepped
    return out


def _verdicts(table: pd.DataFrame, confidence: float) -> pd.DataFrame:
    """Holm's adjustment (:func:`holm_adjusted`) over every row of ``table``
    that could be tested (a p-value, and at least one game that differs): ``p_holm``,
    ``distinguishable`` (``p_holm < 1 - confidence``) and the sentences. The whole
    table is one family: a comparison's metrics, or every cell of a sweep."""
    t = table.copy()
    p = t["p_value"].to_numpy(dtype=float)
    ok = ~np.isnan(p) & (t["changed"].to_numpy() > 0) & ~t["same_rules"].to_numpy(dtype=bool)
    adjusted = np.full(len(t), np.nan)
    if ok.any():
        adjusted[ok] = holm_adjusted(p[ok])
    t["p_holm"] = adjusted
    t["distinguishable"] = ok & (np.nan_to_num(adjusted, nan=1.0) < 1 - confidence)
    t["sentence"] = [_sentence(row, confidence, len(t)) for row in t.to_dict("records")]
    return t


def _check_paired(parent_sim: pd.DataFrame, variant_sim: pd.DataFrame) -> None:
    cols = ["game", "seat", "strategy", "sheriff_strategy", "players"]
    for name, df in (("parent", parent_sim), ("variant", variant_sim)):
        missing = [c for c in cols + ["win", "total"] if c not in df.columns]
        if missing:
            raise ValueError(
                Message(
                    "{name} table is not a simulate() table: no {missing}",
                    name=name,
                    missing=missing,
                )
            )
    a = parent_sim[cols].sort_values(["game", "seat"]).reset_index(drop=True)
    b = variant_sim[cols].sort_values(["game", "seat"]).reset_index(drop=True)
    if len(a) != len(b) or not a.equals(b):
        ga, gb = set(parent_sim["game"]), set(variant_sim["game"])
        why = (
            Message("games {a} vs {b}", a=len(ga), b=len(gb))
            if ga != gb
            else Message("the same games have different players, seats or bots")
        )
        raise ValueError(
            Message(
                "not paired: the two tables are not the same games and line-ups ({why}); "
                "simulate both with the same players, games, seed, merchants and sheriffs",
                why=why,
            )
        )


def compare_frames(
    parent_sim: pd.DataFrame,
    variant_sim: pd.DataFrame,
    *,
    confidence: float = 0.95,
    method: str = "auto",
    seed: int = 0,
    tiebreaks: Sequence[str] | None = None,
    same_rules: bool = False,
) -> pd.DataFrame:
    """The comparison table of two :func:`sheriff_core.simulate` tables of the same games.

    Raises ``ValueError`` ("not paired: ...") unless both tables hold the same games
    with the same seats, players and bots. One row per metric (:data:`METRICS`; one
    per strategy for the win rate): ``label`` and ``unit`` in words, ``parent``,
    ``variant``, ``difference`` (variant minus parent), ``ci_low``/``ci_high`` (the
    plain interval of :func:`paired_difference`), ``p_value``, ``p_holm`` (Holm's
    adjustment over the table's metrics that changed in at least one game),
    ``distinguishable`` (``p_holm < 1 - confidence``: with no real effect, the chance
    that any row is called distinguishable is at most ``1 - confidence``),
    ``changed`` (games that differ), ``games_needed`` and ``sentence``.
    ``same_rules``: the two tables come from the same rules (the sentences then say
    "identical"; :func:`compare_rules` sets it).

    >>> import sheriff_core as sc
    >>> a = sc.simulate("classic", players=3, games=6, seed=1)
    >>> t = compare_frames(a, a)
    >>> float(t["difference"].abs().max()), bool(t["distinguishable"].any())
    (0.0, False)
    >>> t["sentence"].iloc[-1].split("; ")[1][:40]
    'no difference seen in any of the 6 games'
    >>> compare_frames(a, sc.simulate("classic", players=3, games=5, seed=1))
    Traceback (most recent call last):
    ...
    ValueError: not paired: the two tables are not the same games and line-ups (games 6 vs 5); simulate both with the same players, games, seed, merchants and sheriffs
    """
    _check_paired(parent_sim, variant_sim)
    return _compare_metrics(
        game_metrics(parent_sim, tiebreaks),
        game_metrics(variant_sim, tiebreaks),
        confidence=confidence,
        method=method,
        seed=seed,
        same_rules=same_rules,
    )


def _compare_to(
    base: pd.DataFrame,
    ma: pd.DataFrame,
    got: pd.DataFrame,
    tiebreaks: Sequence[str] | None,
    **kw: Any,
) -> pd.DataFrame:
    """``compare_frames(base, got, tiebreaks=tiebreaks, **kw)`` where ``ma`` is ``base``'s
    :func:`game_metrics`, computed once by a sweep for all its values."""
    _check_paired(base, got)
    return _compare_metrics(ma, game_metrics(got, tiebreaks), **kw)


def _compare_metrics(
    ma: pd.DataFrame,
    mb: pd.DataFrame,
    *,
    confidence: float,
    method: str,
    seed: int,
    same_rules: bool,
) -> pd.DataFrame:
    """:func:`compare_frames`' table from the two tables' :func:`game_metrics` (a sweep
    computes its parent's once for all its values)."""
    columns = _metric_columns(list(ma.columns))
    results = _paired_columns(ma, mb, [c for c, _, _ in columns], confidence, method, seed)
    rows = []
    for (_col, key, strategy), r in zip(columns, results, strict=True):
        label, kind = METRICS[key]
        row: dict[str, Any] = {
            "metric": key,
            "strategy": strategy,
            "label": label.format(strategy=strategy),
            "kind": kind,
            "unit": UNITS[key],
            **r,
        }
        row["games"] = int(r["games"])
        row["same_rules"] = bool(same_rules)
        if same_rules and r["changed"] == 0:  # nothing can differ: no interval to draw
            row["ci_low"] = row["ci_high"] = row["difference"]
            row["p_value"] = math.nan
        rows.append(row)
    table = pd.DataFrame(rows)
    for c in ("p_holm", "distinguishable", "sentence"):
        table[c] = np.nan if c == "p_holm" else (False if c == "distinguishable" else "")
    return _verdicts(table, confidence)[_TABLE_COLUMNS]


# --------------------------------------------------------------------------- compare_rules


_PHRASES: Mapping[str, tuple[str, str, str]] = {
    # metric -> (sentence with {x} and {more}, word for more, word for less)
    "win_rate": (
        N_("the {strategy} bot wins about {x} percentage points {more} often"),
        N_("more"),
        N_("less"),
    ),
    "mean_score": (
        N_("the average final score is about {x} game points {more}"),
        N_("higher"),
        N_("lower"),
    ),
    "score_sd": (N_("final scores spread about {x} game points {more}"), N_("more"), N_("less")),
    "gold_moved": (N_("about {x} {more} gold changes hands per game"), N_("more"), N_("less")),
    "lies_per_bag": (
        N_("merchants lie in about {x} percentage points {more} of their bags"),
        N_("more"),
        N_("fewer"),
    ),
    "caught_per_bag": (
        N_("about {x} percentage points {more} of the bags are caught lying"),
        N_("more"),
        N_("fewer"),
    ),
    "bribes": (N_("about {x} {more} bribes are paid per game"), N_("more"), N_("fewer")),
    "first_seat_win": (
        N_("the first Sheriff (seat 1) wins about {x} percentage points {more} often"),
        N_("more"),
        N_("less"),
    ),
    "bonus_decides": (
        N_("the King and Queen bonuses decide about {x} percentage points {more} of the games"),
        N_("more"),
        N_("fewer"),
    ),
}


def _phrase(row: Mapping[str, Any]) -> str:
    text, more, less = _PHRASES[row["metric"]]
    v = row["difference"] * (100 if row["kind"] == "rate" else 1)
    return _(text).format(strategy=row["strategy"], x=_about(v), more=_(more if v > 0 else less))


def headline(table: pd.DataFrame, games: int | None = None) -> str:
    """One plain sentence for a comparison table: what moved beyond noise (Holm-adjusted),
    biggest first, at most three named, and that nothing else did.

    >>> t = pd.DataFrame({"metric": ["gold_moved", "bribes"], "strategy": "",
    ...     "kind": "number", "difference": [53.7, 0.0], "distinguishable": [True, False],
    ...     "same_rules": False, "games": 300, "ci_low": [52.3, -0.1],
    ...     "ci_high": [55.1, 0.1]})
    >>> headline(t)
    'With this house rule about 54 more gold changes hands per game; nothing else you measured moved beyond noise.'
    """
    m = len(table)
    n = int(games if games is not None else (table["games"].max() if m else 0))
    if m and table["same_rules"].all():
        return _("The two rule sets are the same, so nothing can differ.")
    moved = table[table["distinguishable"]]
    if n < 2:
        return ngettext(
            "Too few games to say anything: {n} game played.",
            "Too few games to say anything: {n} games played.",
            n,
        ).format(n=n)
    if moved.empty:
        return _(
            "No difference seen beyond noise in any of the {m} things measured over {n:,} games."
        ).format(m=m, n=n)
    width = (moved["ci_high"] - moved["ci_low"]).replace(0, np.nan)
    order = (moved["difference"].abs() / width).fillna(np.inf).sort_values(ascending=False)
    named = [_phrase(moved.loc[i]) for i in order.index[:3]]
    extra = len(moved) - len(named)
    if extra:
        named.append(
            ngettext("{n} more thing changed", "{n} more things changed", extra).format(n=extra)
        )
    said = (
        named[0]
        if len(named) == 1
        else _("{items} and {last}").format(items=_(", ").join(named[:-1]), last=named[-1])
    )
    if len(moved) < m:
        return _(
            "With this house rule {said}; nothing else you measured moved beyond noise."
        ).format(said=said)
    return _("With this house rule {said}; every one of the things measured moved.").format(
        said=said
    )


def note(table: pd.DataFrame, confidence: float = 0.95) -> str:
    """The one-time plain explanation of the intervals and of the correction for
    measuring many things at once, for a comparison table or a sweep.

    >>> note(pd.DataFrame({"metric": ["bribes"] * 12}))[:60]
    '"95 % CI a to b" means: the true difference is very likely b'
    """
    m = len(table)
    c = f"{confidence:.0%}".replace("%", " %")
    alpha = f"{1 - confidence:.0%}".replace("%", " %")
    return _(
        '"{c} CI a to b" means: the true difference is very likely between a and b (rates in percentage points, scores in game points). {m} things are measured at once, so some would look different by chance alone; a difference counts as more than noise only if it passes Holm\'s correction for all of them, which keeps the chance of even one false alarm, when the rule changes nothing, at {alpha} or less.'
    ).format(c=c, m=m, alpha=alpha)


@dataclass(frozen=True)
class RuleComparison:
    """What :func:`compare_rules` returns: ``.table`` (one row per metric),
    ``.headline`` (one plain sentence), ``.note`` (how to read the intervals and the
    correction for many metrics), ``.sentences`` (one per metric)."""

    parent: str
    variant: str
    games: int
    confidence: float
    table: pd.DataFrame
    parent_sim: pd.DataFrame = field(repr=False)
    variant_sim: pd.DataFrame = field(repr=False)

    @property
    def sentences(self) -> list[str]:
        """One plain sentence per metric, in the current language (the table's
        ``sentence`` column keeps the language the comparison was made in)."""
        family = len(self.table)
        return [_sentence(row, self.confidence, family) for row in self.table.to_dict("records")]

    @property
    def headline(self) -> str:
        """One plain sentence: what moved beyond noise, and that nothing else did."""
        return headline(self.table, self.games)

    @property
    def note(self) -> str:
        """How to read the intervals, and the correction for measuring many things."""
        return note(self.table, self.confidence)

    def __str__(self) -> str:
        head = _("{variant} vs {parent}, {games:,} paired games").format(
            variant=self.variant, parent=self.parent, games=self.games
        )
        return "\n".join([head, self.headline, *self.sentences, self.note])

    def _repr_html_(self) -> str:
        from sheriff_core.base.safe_text import escape  # html.escape, control characters shown

        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences)
        return (
            f"<p><b>{escape(self.variant)}</b> vs <b>{escape(self.parent)}</b>, "
            f"{self.games:,} paired games</p><p><b>{escape(self.headline)}</b></p>"
            f"<ul>{items}</ul><p><small>{escape(self.note)}</small></p>"
        )


def _variant(v: Variant | str) -> Variant:
    return v if isinstance(v, Variant) else load_variant(v)


def _check_games(games: object, what: str) -> None:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(
            Message(
                "games must be a whole number >= 1 ({what} needs games), not {games}",
                what=what,
                games=repr(games),
            )
        )


_NOT_RULES = ("name", "title", "summary", "lineage", "source", "default_names")


def same_rules(a: Variant | str, b: Variant | str) -> bool:
    """Whether two variants play by the same rules (names and descriptions aside).

    >>> same_rules("classic", with_field("classic", "goods.Pepper.penalty", 4))
    True
    >>> same_rules("classic", "summary-sheet")
    False
    """
    import dataclasses

    va, vb = _variant(a), _variant(b)
    keep = {f: getattr(va, f) for f in _NOT_RULES}
    return dataclasses.replace(vb, **keep) == va


def compare_rules(
    parent: Variant | str,
    variant: Variant | str,
    *,
    players: int = 4,
    games: int = 2000,
    seed: int = 0,
    merchants: BotSpec | Sequence[BotSpec] = DEFAULT_MERCHANTS,
    sheriffs: BotSpec | Sequence[BotSpec] = DEFAULT_SHERIFFS,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    engine: str = "auto",
    confidence: float = 0.95,
    method: str = "auto",
) -> RuleComparison:
    """Play ``parent`` and ``variant`` on the same ``games`` seeds and compare them.

    Both runs use :func:`sheriff_core.simulate` with the same ``players``, ``seed``
    and bots, so game ``i`` is dealt from the same seed on both sides (paired).
    ``executor`` / ``workers`` / ``progress`` / ``engine`` are passed to ``simulate``
    (``engine``: ``"auto"``, the default, plays with the compiled simulator where it plays
    the run: the same games and so the same table); ``method`` to
    :func:`paired_difference`. See
    :func:`compare_frames` for the table.

    >>> r = compare_rules("classic", "classic", players=4, games=20, seed=4)
    >>> float(r.table["difference"].abs().max()), bool(r.table["distinguishable"].any())
    (0.0, False)
    >>> r.headline
    'The two rule sets are the same, so nothing can differ.'
    >>> r.sentences[-1].split("; ")[-1]
    'identical, because the two rule sets are the same.'
    """
    _check_games(games, "a comparison")
    p, v = _variant(parent), _variant(variant)
    kw = {
        "players": players,
        "games": games,
        "seed": seed,
        "merchants": merchants,
        "sheriffs": sheriffs,
        "executor": executor,
        "workers": workers,
        "progress": progress,
        "engine": engine,
    }
    a = simulate(p, **kw)  # type: ignore[arg-type]
    b = simulate(v, **kw)  # type: ignore[arg-type]
    table = compare_frames(
        a,
        b,
        confidence=confidence,
        method=method,
        seed=seed,
        tiebreaks=p.tiebreaks,
        same_rules=same_rules(p, v),
    )
    return RuleComparison(p.name, v.name, games, confidence, table, a, b)


# --------------------------------------------------------------------------- sweep


def with_field(parent: Variant | str, field: str, value: Any) -> Variant:
    """``parent`` with one rule field (a path of
    :func:`sheriff_core.rules.house.editable_fields`, e.g. ``"goods.Pepper.penalty"``) set
    to ``value``: :func:`sheriff_core.rules.house.house_rule`, named
    ``"<parent> <field>=<value>"``. An unknown field or a value the loader refuses is a
    :class:`~sheriff_core.base.errors.VariantError` naming the field or the rule broken.

    >>> v = with_field("classic", "goods.Pepper.penalty", 6)
    >>> v.goods["Pepper"].penalty, v.name
    (6, 'classic goods.Pepper.penalty=6')
    >>> with_field("classic", "goods.Peppers.penalty", 6)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: classic: no rule field 'goods.Peppers.penalty'
    """
    from sheriff_core.rules.house import field_value, house_rule

    p = _variant(parent)
    if not isinstance(field, str):
        raise TypeError(
            Message("field must be a rule field path (a string), not {field}", field=repr(field))
        )
    field_value(p, field)  # an unknown field: the house module's own error
    return house_rule(p, {field: value}, name=f"{p.name} {field}={value}")


class _CountingExecutor(Executor):
    """Passes tasks to ``inner`` and advances one progress bar by the games of each chunk."""

    def __init__(self, inner: Executor, bar: Any) -> None:
        self._inner, self._bar, self._lock = inner, bar, threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        task = args[0] if args else None
        n = chunk_games(task)

        def done(_: Future[Any]) -> None:
            with self._lock:
                self._bar.update(n)

        fut = self._inner.submit(fn, *args, **kwargs)
        fut.add_done_callback(done)
        return fut

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The inner executor belongs to the caller: left running."""


def _lineups(lineups: Mapping[str, Mapping[str, Any]] | None) -> dict[str, dict[str, Any]]:
    if lineups is None:
        return {"default": {"merchants": DEFAULT_MERCHANTS, "sheriffs": DEFAULT_SHERIFFS}}
    if not isinstance(lineups, Mapping) or not lineups:
        raise ValueError(
            Message(
                "lineups must be a non-empty mapping name -> {'merchants': ..., 'sheriffs': ...}"
            )
        )
    out = {}
    for name, spec in lineups.items():
        if not isinstance(spec, Mapping) or set(spec) - {"merchants", "sheriffs"}:
            raise ValueError(
                Message(
                    "line-up {name!r}: give a mapping with 'merchants' and/or 'sheriffs', not {spec}",
                    name=name,
                    spec=repr(spec),
                )
            )
        out[str(name)] = {
            "merchants": spec.get("merchants", DEFAULT_MERCHANTS),
            "sheriffs": spec.get("sheriffs", DEFAULT_SHERIFFS),
        }
    return out


def sweep(
    parent: Variant | str,
    field: str | Callable[[Any], Variant],
    values: Sequence[Any],
    *,
    lineups: Mapping[str, Mapping[str, Any]] | None = None,
    players: int = 4,
    games: int = 2000,
    seed: int = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
    engine: str = "auto",
    confidence: float = 0.95,
    method: str = "auto",
) -> pd.DataFrame:
    """One rule field over ``values``, each value compared with ``parent`` on the same seeds.

    ``field``: a rule field path (``"goods.Pepper.penalty"``, ``"setup.starting_gold"``;
    see :func:`with_field`) or a callable ``value -> Variant``. Every variant is built
    (and checked) before any game is played. ``lineups``: name -> ``{"merchants": ...,
    "sheriffs": ...}`` (default: one line-up, ``simulate``'s defaults). Per line-up the
    parent is played once and each value on the same ``games`` seeds. ``workers``: local
    processes (one pool for the whole sweep); ``executor``: any
    ``concurrent.futures.Executor`` (e.g. ``distributed.Client(...).get_executor()``);
    one ``tqdm`` bar counts the games of the whole sweep. The result does not depend on
    either. ``engine``: as for :func:`sheriff_core.simulate` (``"auto"``, the default: the
    compiled simulator where it plays the run; the same games, the same table). Columns:
    ``field``, ``field_label`` (the field in words), ``value``,
    ``lineup`` and those of :func:`compare_frames`; Holm's adjustment (``p_holm``,
    ``distinguishable``) runs over every cell of the sweep at once.

    >>> df = sweep("classic", "goods.Pepper.penalty", [4, 8], players=4, games=10,
    ...            progress=False)
    >>> df.groupby("value")["metric"].size().to_dict()
    {4: 12, 8: 12}
    >>> float(df.loc[df["value"] == 4, "difference"].abs().max())
    0.0
    """
    from tqdm.auto import tqdm

    p = _variant(parent)
    values = list(values)
    name, words, variants = _swept_variants(p, field, values)
    lineup = _lineups(lineups)
    total = games * (len(values) + 1) * len(lineup)
    inner, own_pool = _sweep_pool(executor, workers)
    frames = []
    try:
        with tqdm(total=total, disable=not progress, unit="game", desc=f"sweep {name}") as bar:
            pool = None if inner is None else _CountingExecutor(inner, bar)

            def run(v: Variant, kw: dict[str, Any]) -> pd.DataFrame:
                got = simulate(v, executor=pool, workers=workers, progress=False, **kw)
                bar.update(games if pool is None else 0)  # played here (workers=1: one thread)
                return got

            for lname, spec in lineup.items():
                kw = {"players": players, "games": games, "seed": seed, "engine": engine, **spec}
                base = run(p, kw)
                ma = game_metrics(base, p.tiebreaks)  # once for all the values
                how = {"confidence": confidence, "method": method, "seed": seed}
                for value, v in zip(values, variants, strict=True):
                    got = run(v, kw)
                    t = _compare_to(base, ma, got, p.tiebreaks, same_rules=same_rules(p, v), **how)
                    t.insert(0, "lineup", lname)
                    t.insert(0, "value", value)
                    t.insert(0, "field_label", words)
                    t.insert(0, "field", name)
                    frames.append(t)
    except BaseException:
        if own_pool is not None:
            stop_workers(own_pool)
            own_pool = None
        raise
    finally:
        if own_pool is not None:
            own_pool.shutdown()
    # one family: Holm over every cell of the sweep (values x line-ups x metrics)
    return _verdicts(pd.concat(frames, ignore_index=True), confidence)


def _sweep_pool(
    executor: Executor | None, workers: int | None
) -> tuple[Executor | None, ProcessPoolExecutor | None]:
    """The executor a sweep plays on, and the process pool it made for that (to shut down
    after the sweep), if any: ``executor`` when given, else a pool of ``workers`` local
    processes when more than one, else None: the games run in this process (``simulate``
    without an executor: the compiled kernel on every CPU, or on one thread with
    ``workers=1``)."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)):
        raise ValueError(
            Message(
                "workers must be None or a whole number >= 1, not {workers}", workers=repr(workers)
            )
        )
    if workers is not None and workers < 1:
        raise ValueError(
            Message(
                "workers must be None or a whole number >= 1, not {workers}", workers=repr(workers)
            )
        )
    if executor is not None:
        return executor, None
    if workers is not None and min(workers, cpu_count()) > 1:
        own_pool = ProcessPoolExecutor(min(workers, cpu_count()), initializer=ignore_sigint)
        return own_pool, own_pool
    return None, None


def _swept_variants(
    p: Variant, field: str | Callable[[Any], Variant], values: list[Any]
) -> tuple[str, str, list[Variant]]:
    """``(field's name, field in words, one variant per value)`` of :func:`sweep`, every
    variant built (and checked) before any game is played."""
    if not values:
        raise ValueError(Message("values: give at least one value to sweep"))
    if callable(field):
        make: Callable[[Any], Variant] = field
        name = words = getattr(field, "__name__", "custom")
    elif isinstance(field, str):
        from sheriff_core.rules.house import editable_fields

        name = field
        words = next((f.label for f in editable_fields(p) if f.path == field), field)
        make = lambda value: with_field(p, field, value)  # noqa: E731
    else:
        raise TypeError(
            Message(
                "field must be a dotted rule path or a callable, not {field}", field=repr(field)
            )
        )
    variants = [make(v) for v in values]  # fail fast on bad fields or values
    for v in variants:
        if not isinstance(v, Variant):
            raise TypeError(
                Message("field callable must return a Variant, not {cls}", cls=type(v).__name__)
            )
    return name, words, variants


def compare_each_change(
    parent: Variant | str,
    changes: Mapping[str, Any],
    *,
    players: int = 4,
    games: int = 2000,
    seed: int = 0,
    merchants: BotSpec | Sequence[BotSpec] = DEFAULT_MERCHANTS,
    sheriffs: BotSpec | Sequence[BotSpec] = DEFAULT_SHERIFFS,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    engine: str = "auto",
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Each change of a house rule measured on its own, and all of them together.

    ``changes``: ``{field path: value}`` as for
    :func:`sheriff_core.rules.house.house_rule`. The parent is played once; every
    single change, and (with two or more) all changes at once, on the same seeds.
    Columns: ``change`` (``"<field>=<value>"`` or ``"all changes"``) and those of
    :func:`compare_frames`; Holm's adjustment runs over the whole table.

    >>> t = compare_each_change("classic", {"goods.Pepper.penalty": 8,
    ...     "setup.starting_gold": 60}, games=20, progress=False)
    >>> list(dict.fromkeys(t["change"]))
    ['goods.Pepper.penalty=8', 'setup.starting_gold=60', 'all changes']
    """
    from sheriff_core.rules.house import house_rule

    p = _variant(parent)
    if not isinstance(changes, Mapping) or not changes:
        raise ValueError(Message("changes: give at least one {field path: value} to measure"))
    variants = {f"{k}={v}": with_field(p, k, v) for k, v in changes.items()}
    if len(changes) > 1:
        variants["all changes"] = house_rule(p, dict(changes), name=f"{p.name}-house")
    kw = {
        "players": players,
        "games": games,
        "seed": seed,
        "merchants": merchants,
        "sheriffs": sheriffs,
        "executor": executor,
        "workers": workers,
        "progress": progress,
        "engine": engine,
    }
    base = simulate(p, **kw)  # type: ignore[arg-type]
    ma = game_metrics(base, p.tiebreaks)  # once for all the changes
    frames = []
    for name, v in variants.items():
        t = _compare_to(
            base,
            ma,
            simulate(v, **kw),  # type: ignore[arg-type]
            p.tiebreaks,
            confidence=confidence,
            method="auto",
            seed=0,
            same_rules=same_rules(p, v),
        )
        t.insert(0, "change", name)
        frames.append(t)
    return _verdicts(pd.concat(frames, ignore_index=True), confidence)


# --------------------------------------------------------------------------- balance


@dataclass(frozen=True)
class BalanceReport:
    """What :func:`balance_report` returns: ``.win_rates`` (strategy x Sheriff bot),
    ``.seats`` (win rate by seat), ``.spread`` (score spread and winning margin), all
    with intervals, and ``.sentences``."""

    variant: str
    players: int
    games: int
    confidence: float
    win_rates: pd.DataFrame
    seats: pd.DataFrame
    spread: pd.DataFrame

    @property
    def sentences(self) -> list[str]:
        """Plain sentences: the verdicts of the win-rate and seat rows, then the spread."""
        return [
            *self.win_rates["sentence"],
            *self.seats["sentence"],
            *self.spread["sentence"],
        ]

    @property
    def balanced(self) -> bool:
        """No strategy and no seat differs from its fair share once the many tests of
        the report are accounted for (every Holm-adjusted p-value >= 1 - confidence)."""
        alpha = 1 - self.confidence
        return not (
            (self.win_rates["p_holm"] < alpha).any() or (self.seats["p_holm"] < alpha).any()
        )

    def __str__(self) -> str:
        head = _("{variant}, {players} players, {games:,} games per Sheriff bot").format(
            variant=self.variant, players=self.players, games=self.games
        )
        return "\n".join([head, *self.sentences])

    def _repr_html_(self) -> str:
        from sheriff_core.base.safe_text import escape  # html.escape, control characters shown

        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences)
        verdict = (
            "no strategy or seat stands out from its fair share"
            if self.balanced
            else "some strategies or seats stand out from their fair share"
        )
        return (
            f"<p><b>{escape(self.variant)}</b>, {self.players} players, {self.games:,} games "
            f"per Sheriff bot ({self.confidence:.0%} intervals): {verdict}.</p><ul>{items}</ul>"
        )


def _proportion_rows(
    wins: int, n: int, fair: float, confidence: float
) -> tuple[float, float, float, bool]:
    """Clopper-Pearson interval of wins/n and the exact binomial p-value against ``fair``."""
    from scipy import stats

    if n == 0:
        return math.nan, math.nan, math.nan, False
    test = stats.binomtest(wins, n, fair)
    ci = test.proportion_ci(confidence_level=confidence, method="exact")
    lo, hi = float(ci.low), float(ci.high)
    return lo, hi, float(test.pvalue), bool(fair < lo or fair > hi)


def _share_row(
    sheriff: str,
    key: str,
    value: Any,
    count: str,
    what: str,
    sub: pd.DataFrame,
    fair: float,
    games: int,
    confidence: float,
) -> dict[str, Any]:
    """One row of the balance report: the wins of ``sub``'s seats (one strategy, or one
    seat) against the fair share, with the exact interval, p-value and sentence."""
    n, w = len(sub), int(sub["win"].sum())
    lo, hi, pv, dist = _proportion_rows(w, n, fair, confidence)
    return {
        "sheriff": sheriff,
        key: value,
        count: n,
        "wins": w,
        "win_rate": w / n,
        "ci_low": lo,
        "ci_high": hi,
        "fair": fair,
        "p_value": pv,
        "distinguishable": dist,
        "sentence": _("Against {sheriff}, ").format(sheriff=sheriff)
        + _verdict(what, w / n, lo, hi, fair, games, confidence),
    }


def _verdict(what: str, rate: float, lo: float, hi: float, fair: float, n: int, conf: float) -> str:
    head = _(
        "{what} wins {rate:.1%} ({conf:.0%} CI {lo:.1%} to {hi:.1%}; fair share {fair:.1%})"
    ).format(what=what, rate=rate, conf=conf, lo=lo, hi=hi, fair=fair)
    if hi < fair:
        return _("{head}: below its fair share, distinguishable from noise at {n:,} games.").format(
            head=head, n=n
        )
    if lo > fair:
        return _("{head}: above its fair share, distinguishable from noise at {n:,} games.").format(
            head=head, n=n
        )
    return _("{head}: not distinguishable from its fair share at {n:,} games.").format(
        head=head, n=n
    )


def balance_report(
    variant: Variant | str,
    *,
    players: int = 4,
    games: int = 1000,
    seed: int = 0,
    merchants: BotSpec | Sequence[BotSpec] = DEFAULT_MERCHANTS,
    sheriffs: Sequence[BotSpec] | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
    engine: str = "auto",
    confidence: float = 0.95,
) -> BalanceReport:
    """Is this rule set balanced? ``games`` seeded games against each Sheriff bot.

    Every seat plays the same Sheriff bot in a run (one run per entry of ``sheriffs``,
    default: every registered Sheriff bot); merchant strategies rotate through the
    seats. *Fair share*: the mean win rate of a seat in that run (``1 / players``
    plus shared wins). Win rates per strategy and per seat get an exact
    (Clopper-Pearson) interval and an exact binomial test against the fair share;
    the spread (sd of the totals in a game) and the winning margin (winner minus
    runner-up) a t interval of their mean. With many strategies, seats and bots some
    rows fall outside by chance: ``p_holm`` is Holm's adjustment over all the report's
    tests, and :attr:`BalanceReport.balanced` uses it. A strategy is counted once per game
    only when there are at least as many strategies as seats (otherwise its seats in
    one game are not independent and its interval is too narrow). ``engine``: as for
    :func:`sheriff_core.simulate`.

    >>> r = balance_report("classic", players=3, games=30, sheriffs=["trusting"])
    >>> r.seats[["sheriff", "seat", "games"]].values.tolist()
    [['trusting', 0, 30], ['trusting', 1, 30], ['trusting', 2, 30]]
    >>> bool((r.win_rates["ci_low"] <= r.win_rates["win_rate"]).all())
    True
    """
    _check_games(games, "a balance report")
    v = _variant(variant)
    bots = list(bot_names("sheriff") if sheriffs is None else sheriffs)
    if not bots:
        raise ValueError(Message("sheriffs: give at least one Sheriff bot"))
    win_rows, seat_rows, spread_rows = [], [], []
    for bot in bots:
        sim = simulate(
            v,
            players=players,
            games=games,
            seed=seed,
            merchants=merchants,
            sheriffs=[bot],
            executor=executor,
            workers=workers,
            progress=progress,
            engine=engine,
        )
        label = str(sim["sheriff_strategy"].iloc[0]) if len(sim) else str(bot)
        wins, seats = _share_rows(sim, label, games, confidence)
        win_rows += wins
        seat_rows += seats
        spread_rows += _spread_rows(sim, label, players, games, confidence)
    wins_t, seats_t = pd.DataFrame(win_rows), pd.DataFrame(seat_rows)
    _holm([wins_t, seats_t], confidence)
    return BalanceReport(
        v.name, players, games, confidence, wins_t, seats_t, pd.DataFrame(spread_rows)
    )


def _share_rows(
    sim: pd.DataFrame, label: str, games: int, confidence: float
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The win-rate rows per strategy and per seat of one Sheriff bot's run, each against
    the run's fair share (the mean win rate of a seat)."""
    fair = float(sim["win"].mean()) if len(sim) else math.nan
    win_rows = [
        _share_row(
            label,
            "strategy",
            strategy,
            "seats",
            _("the {strategy} bot").format(strategy=strategy),
            sub,
            fair,
            games,
            confidence,
        )
        for strategy, sub in sim.groupby("strategy", sort=True)
    ]
    seat_rows = [
        _share_row(
            label,
            "seat",
            int(seat),
            "games",
            _("seat {value}").format(value=seat + 1)
            + (_(" (the first Sheriff)") if seat == 0 else ""),
            sub,
            fair,
            games,
            confidence,
        )
        for seat, sub in sim.groupby("seat", sort=True)
    ]
    return win_rows, seat_rows


def _spread_rows(
    sim: pd.DataFrame, label: str, players: int, games: int, confidence: float
) -> list[dict[str, Any]]:
    """The score spread and the winning margin of one Sheriff bot's run, each with a t
    interval of its mean (rows of :attr:`BalanceReport.spread`)."""
    from scipy import stats

    totals = sim.sort_values(["game", "total"], ascending=[True, False]).groupby("game")
    measures = {
        "score_sd": totals["total"].std(ddof=0).to_numpy(dtype=float),
        "margin": (totals["total"].nth(0).to_numpy() - totals["total"].nth(1).to_numpy())
        if players > 1
        else np.zeros(games),
    }
    names = {
        "score_sd": _("score spread (sd of the totals in a game)"),
        "margin": _("winning margin (winner minus runner-up)"),
    }
    rows = []
    for key, values in measures.items():
        values = np.asarray(values, dtype=float)
        mean = float(values.mean()) if len(values) else math.nan
        if len(values) > 1 and np.std(values) > 0:
            ci = stats.ttest_1samp(values, 0.0).confidence_interval(confidence)
            lo, hi = float(ci.low), float(ci.high)
        else:
            lo = hi = mean
        rows.append(
            {
                "sheriff": label,
                "measure": key,
                "label": names[key],
                "mean": mean,
                "ci_low": lo,
                "ci_high": hi,
                "games": len(values),
                "sentence": _(
                    "Against {label}, the {names} averages {mean:.1f} points ({confidence:.0%} CI {lo:.1f} to {hi:.1f})."
                ).format(
                    label=label, names=names[key], mean=mean, confidence=confidence, lo=lo, hi=hi
                ),
            }
        )
    return rows


def _holm(tables: Sequence[pd.DataFrame], confidence: float) -> None:
    """Add ``p_holm`` (Holm's adjustment over every test of ``tables``,
    :func:`holm_adjusted`) and say it in the sentences of the distinguishable rows."""
    p = pd.concat([t["p_value"] for t in tables], ignore_index=True).to_numpy(dtype=float)
    ok = ~np.isnan(p)
    adjusted = np.full(len(p), np.nan)
    if ok.any():
        adjusted[ok] = holm_adjusted(p[ok])
    start = 0
    for t in tables:
        t["p_holm"] = adjusted[start : start + len(t)]
        start += len(t)
        for i in t.index[t["distinguishable"]]:
            kept = "still" if t.at[i, "p_holm"] < 1 - confidence else "no longer"
            t.at[i, "sentence"] = t.at[i, "sentence"].removesuffix(".") + (
                _(" (Holm-adjusted p = {p:.2g} over the report's {n} tests: still significant).")
                if kept == "still"
                else _(
                    " (Holm-adjusted p = {p:.2g} over the report's {n} tests: no longer "
                    "significant)."
                )
            ).format(p=t.at[i, "p_holm"], n=int(ok.sum()))
