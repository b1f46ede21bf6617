"""House-rule lab: what a rule change does, measured on paired games, with error bars.

:func:`compare_rules` plays a parent rule set and a variant on the *same* seeds
(``simulate`` deals game ``i`` from ``SeedSequence(seed).spawn(games)[i]``
whatever the rules, so both sides see the same shuffles: common random numbers)
and reports, per metric, the parent value, the variant value, the paired
difference with a confidence interval, and a plain sentence: distinguishable
from noise, or about how many games it would take. :func:`sweep` does the same
for one rule field over a range of values; :func:`balance_report` asks whether
one rule set is balanced (strategies against each Sheriff bot, seats, spread).

Statistics come from scipy and statsmodels, not from hand-written formulas:
the interval of a mean paired difference is the paired t interval
(``scipy.stats.ttest_rel``) or a seeded paired bootstrap
(``scipy.stats.bootstrap``); win rates against a fair share use the exact
binomial test and Clopper-Pearson intervals; the games needed use the power of
the paired t-test (``statsmodels.stats.power.TTestPower``, 80 % power).

>>> r = compare_rules("classic", "summary-sheet", players=3, games=30, seed=2)
>>> r.table.loc[r.table["metric"] == "mean_score", ["parent", "variant"]].shape
(1, 2)
>>> bool((r.table["ci_low"] <= r.table["difference"]).all())
True
"""

from __future__ import annotations

import math
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from sheriff_core.bots.base import BotSpec, bot_names
from sheriff_core.rules.variants import Variant, load_variant
from sheriff_core.sim import (
    DEFAULT_MERCHANTS,
    DEFAULT_SHERIFFS,
    chunk_games,
    cpu_count,
    ignore_sigint,
    simulate,
    stop_workers,
)

__all__ = [
    "METRICS",
    "POWER",
    "RuleComparison",
    "BalanceReport",
    "paired_difference",
    "game_metrics",
    "compare_frames",
    "compare_rules",
    "with_field",
    "sweep",
    "balance_report",
]

#: Power used for "about N games would be needed" (the usual 80 %).
POWER = 0.8

#: Metric key -> (label, kind). ``kind`` "rate" is shown in %, "number" as is.
#: ``win_rate`` has one row per merchant strategy.
METRICS: Mapping[str, tuple[str, str]] = {
    "win_rate": ("win rate of {strategy}", "rate"),
    "mean_score": ("mean final score", "number"),
    "score_sd": ("score spread (sd of the totals in a game)", "number"),
    "gold_moved": ("gold moved per game (fines + bribes + compensation)", "number"),
    "lies_per_bag": ("lies told per bag", "rate"),
    "caught_per_bag": ("lies caught per bag", "rate"),
    "bribes": ("bribes paid per game", "number"),
    "first_seat_win": ("win rate of seat 0 (the first Sheriff)", "rate"),
    "bonus_decides": ("games whose winner the King/Queen bonuses decide", "rate"),
}

_TIEBREAK_COLUMNS = {"legal_goods": "stand_legal", "contraband": "stand_contraband"}


# --------------------------------------------------------------------------- statistics


def _games_needed(d: np.ndarray, confidence: float) -> float:
    """Games for a paired t-test at ``1 - confidence`` to detect the observed mean
    difference with :data:`POWER` (statsmodels ``TTestPower``; below 20 games, or
    where that solver gives up, the normal approximation ``((z_a/2 + z_b) / effect)^2``
    with ``effect = |mean| / sd`` of the per-game differences)."""
    from scipy import stats

    sd = float(np.std(d, ddof=1)) if len(d) > 1 else 0.0
    mean = float(np.mean(d)) if len(d) else 0.0
    if sd == 0.0 or mean == 0.0:
        return math.inf
    effect = abs(mean) / sd
    alpha = 1.0 - confidence
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(POWER)
    n = (z / effect) ** 2  # the normal approximation
    if n >= 20:  # statsmodels' root finder does not converge for a handful of games
        from statsmodels.stats.power import TTestPower

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exact = float(
                TTestPower().solve_power(effect_size=effect, alpha=alpha, power=POWER, nobs=None)
            )
        if math.isfinite(exact) and exact > 0:
            n = exact
    return float(math.ceil(max(n, 2.0)))


def paired_difference(
    parent: Sequence[float] | np.ndarray,
    variant: Sequence[float] | np.ndarray,
    *,
    confidence: float = 0.95,
    method: str = "t",
    seed: int = 0,
    resamples: int = 2000,
) -> dict[str, float]:
    """Mean of ``variant - parent`` over paired observations, with its interval.

    ``method="t"``: the paired t interval and p-value (``scipy.stats.ttest_rel``);
    ``"bootstrap"``: a percentile bootstrap over pairs (``scipy.stats.bootstrap``,
    ``paired=True``) from a generator seeded with ``seed`` (the p-value is still the
    paired t-test's). Pairs with a missing value on either side are dropped.
    ``games_needed``: pairs a paired t-test would need to detect this difference
    with :data:`POWER` (``inf`` for a zero difference). ``check_test`` /
    ``check_p_value``: a second opinion that does not lean on the t approximation, the
    exact McNemar test (binomial on the discordant pairs) when both sides are 0/1,
    the Wilcoxon signed-rank test otherwise.

    >>> r = paired_difference([0, 1, 1, 0, 1, 1], [1, 1, 1, 1, 1, 0])
    >>> round(r["difference"], 3), r["ci_low"] < r["difference"] < r["ci_high"]
    (0.167, True)
    >>> paired_difference([1, 2], [1, 2, 3])
    Traceback (most recent call last):
    ...
    ValueError: not paired: 2 parent values but 3 variant values (compare the same games)
    """
    from scipy import stats

    x = np.asarray(parent, dtype=float)
    y = np.asarray(variant, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError(
            f"not paired: {x.size} parent values but {y.size} variant values "
            "(compare the same games)"
        )
    if not 0.5 <= confidence < 1:
        raise ValueError(f"confidence must be in [0.5, 1), not {confidence!r}")
    if method not in ("t", "bootstrap"):
        raise ValueError(f"method must be 't' or 'bootstrap', not {method!r}")
    keep = ~(np.isnan(x) | np.isnan(y))
    x, y = x[keep], y[keep]
    d = y - x
    n = len(d)
    out = {
        "parent": float(x.mean()) if n else math.nan,
        "variant": float(y.mean()) if n else math.nan,
        "difference": float(d.mean()) if n else math.nan,
        "ci_low": math.nan,
        "ci_high": math.nan,
        "p_value": math.nan,
        "games": float(n),
        "games_needed": math.nan,
        "check_test": "",
        "check_p_value": math.nan,
    }
    if n < 2:
        return out
    if np.all(d == d[0]):  # no variation at all: the difference is known exactly
        out["ci_low"] = out["ci_high"] = float(d[0])
        out["p_value"] = 1.0 if d[0] == 0 else 0.0
        out["games_needed"] = math.inf if d[0] == 0 else 2.0
        return out
    binary = bool(np.isin(x, (0.0, 1.0)).all() and np.isin(y, (0.0, 1.0)).all())
    if binary:  # exact McNemar: the discordant pairs are a fair coin under no difference
        up, down = int(np.sum(d > 0)), int(np.sum(d < 0))
        out["check_test"] = "McNemar exact"
        out["check_p_value"] = float(stats.binomtest(up, up + down, 0.5).pvalue)
    else:
        out["check_test"] = "Wilcoxon signed-rank"
        out["check_p_value"] = float(stats.wilcoxon(y, x, zero_method="wilcox").pvalue)
    res = stats.ttest_rel(y, x)
    out["p_value"] = float(res.pvalue)
    if method == "t":
        ci = res.confidence_interval(confidence_level=confidence)
        out["ci_low"], out["ci_high"] = float(ci.low), float(ci.high)
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
        out["ci_low"] = float(boot.confidence_interval.low)
        out["ci_high"] = float(boot.confidence_interval.high)
    out["games_needed"] = _games_needed(d, confidence)
    return out


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
    out = []
    for key in METRICS:
        if key == "win_rate":
            out.extend(
                (c, key, c.split(":", 1)[1]) for c in sorted(columns) if c.startswith("win_rate:")
            )
        elif key in columns:
            out.append((key, key, ""))
    return out


def _fmt(value: float, kind: str) -> str:
    if not math.isfinite(value):
        return "n/a"
    return f"{value:.1%}" if kind == "rate" else f"{value:,.2f}"


def _fmt_diff(value: float, kind: str) -> str:
    if not math.isfinite(value):
        return "n/a"
    return f"{value * 100:+.1f} points" if kind == "rate" else f"{value:+,.2f}"


def _sentence(row: Mapping[str, Any], confidence: float) -> str:
    kind = row["kind"]
    n = int(row["games"])
    lo, hi = row["ci_low"], row["ci_high"]
    head = (
        f"{row['label']}: {_fmt(row['parent'], kind)} -> {_fmt(row['variant'], kind)} "
        f"({_fmt_diff(row['difference'], kind)}, {confidence:.0%} CI "
        f"{_fmt_diff(lo, kind)} to {_fmt_diff(hi, kind)})"
    )
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return f"{head}: too few games to say."
    if lo == hi == 0:
        return f"{head}: identical in every one of the {n:,} games."
    if row["distinguishable"]:
        return f"{head}: distinguishable from noise at {n:,} games."
    need = row["games_needed"]
    if not math.isfinite(need) or row["difference"] == 0:
        return f"{head}: not distinguishable; the measured difference is zero."
    return (
        f"{head}: not distinguishable; about {int(need):,} games would be needed "
        f"to tell a difference this size."
    )


_TABLE_COLUMNS = [
    "metric",
    "strategy",
    "label",
    "kind",
    "parent",
    "variant",
    "difference",
    "ci_low",
    "ci_high",
    "p_value",
    "check_test",
    "check_p_value",
    "games",
    "distinguishable",
    "games_needed",
    "sentence",
]


def _check_paired(parent_sim: pd.DataFrame, variant_sim: pd.DataFrame) -> None:
    cols = ["game", "seat", "strategy", "sheriff_strategy", "players"]
    for name, df in (("parent", parent_sim), ("variant", variant_sim)):
        missing = [c for c in cols + ["win", "total"] if c not in df.columns]
        if missing:
            raise ValueError(f"{name} table is not a simulate() table: no {missing}")
    a = parent_sim[cols].sort_values(["game", "seat"]).reset_index(drop=True)
    b = variant_sim[cols].sort_values(["game", "seat"]).reset_index(drop=True)
    if len(a) != len(b) or not a.equals(b):
        ga, gb = set(parent_sim["game"]), set(variant_sim["game"])
        why = (
            f"games {len(ga)} vs {len(gb)}"
            if ga != gb
            else "the same games have different players, seats or bots"
        )
        raise ValueError(
            f"not paired: the two tables are not the same games and line-ups ({why}); "
            "simulate both with the same players, games, seed, merchants and sheriffs"
        )


def compare_frames(
    parent_sim: pd.DataFrame,
    variant_sim: pd.DataFrame,
    *,
    confidence: float = 0.95,
    method: str = "t",
    seed: int = 0,
    tiebreaks: Sequence[str] | None = None,
) -> pd.DataFrame:
    """The comparison table of two :func:`sheriff_core.simulate` tables of the same games.

    Raises ``ValueError`` ("not paired: ...") unless both tables hold the same games
    with the same seats, players and bots. One row per metric (:data:`METRICS`; one
    per strategy for the win rate): ``parent``, ``variant``, ``difference`` (variant
    minus parent), ``ci_low``/``ci_high``, ``p_value``, ``games``, ``distinguishable``
    (the interval excludes 0), ``games_needed`` and ``sentence``.

    >>> import sheriff_core as sc
    >>> a = sc.simulate("classic", players=3, games=6, seed=1)
    >>> t = compare_frames(a, a)
    >>> float(t["difference"].abs().max()), bool(t["distinguishable"].any())
    (0.0, False)
    >>> compare_frames(a, sc.simulate("classic", players=3, games=5, seed=1))
    Traceback (most recent call last):
    ...
    ValueError: not paired: the two tables are not the same games and line-ups (games 6 vs 5); simulate both with the same players, games, seed, merchants and sheriffs
    """
    _check_paired(parent_sim, variant_sim)
    ma = game_metrics(parent_sim, tiebreaks)
    mb = game_metrics(variant_sim, tiebreaks)
    rows = []
    for col, key, strategy in _metric_columns(list(ma.columns)):
        label, kind = METRICS[key]
        r = paired_difference(
            ma[col].to_numpy(), mb[col].to_numpy(), confidence=confidence, method=method, seed=seed
        )
        row: dict[str, Any] = {
            "metric": key,
            "strategy": strategy,
            "label": label.format(strategy=strategy),
            "kind": kind,
            **r,
        }
        row["games"] = int(r["games"])
        lo, hi = r["ci_low"], r["ci_high"]
        row["distinguishable"] = bool(
            math.isfinite(lo) and math.isfinite(hi) and (lo > 0 or hi < 0)
        )
        row["sentence"] = _sentence(row, confidence)
        rows.append(row)
    return pd.DataFrame(rows, columns=_TABLE_COLUMNS)


# --------------------------------------------------------------------------- compare_rules


@dataclass(frozen=True)
class RuleComparison:
    """What :func:`compare_rules` returns: ``.table`` (one row per metric), ``.sentences``."""

    parent: str
    variant: str
    games: int
    confidence: float
    table: pd.DataFrame
    parent_sim: pd.DataFrame = field(repr=False)
    variant_sim: pd.DataFrame = field(repr=False)

    @property
    def sentences(self) -> list[str]:
        """One plain sentence per metric."""
        return list(self.table["sentence"])

    def __str__(self) -> str:
        head = f"{self.variant} vs {self.parent}, {self.games:,} paired games"
        return "\n".join([head, *self.sentences])

    def _repr_html_(self) -> str:
        from sheriff_core.safe_text import escape  # html.escape, control characters shown

        items = "".join(f"<li>{escape(s)}</li>" for s in self.sentences)
        return (
            f"<p><b>{escape(self.variant)}</b> vs <b>{escape(self.parent)}</b>, "
            f"{self.games:,} paired games ({self.confidence:.0%} intervals)</p><ul>{items}</ul>"
        )


def _variant(v: Variant | str) -> Variant:
    return v if isinstance(v, Variant) else load_variant(v)


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
    confidence: float = 0.95,
    method: str = "t",
) -> RuleComparison:
    """Play ``parent`` and ``variant`` on the same ``games`` seeds and compare them.

    Both runs use :func:`sheriff_core.simulate` with the same ``players``, ``seed``
    and bots, so game ``i`` is dealt from the same seed on both sides (paired).
    ``executor`` / ``workers`` / ``progress`` are passed to ``simulate``; ``method``
    to :func:`paired_difference`. See :func:`compare_frames` for the table.

    >>> r = compare_rules("classic", "classic", players=4, games=20, seed=4)
    >>> float(r.table["difference"].abs().max()), bool(r.table["distinguishable"].any())
    (0.0, False)
    >>> r.sentences[-1].split(": ")[-1]
    'identical in every one of the 20 games.'
    """
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
    }
    a = simulate(p, **kw)  # type: ignore[arg-type]
    b = simulate(v, **kw)  # type: ignore[arg-type]
    table = compare_frames(
        a, b, confidence=confidence, method=method, seed=seed, tiebreaks=p.tiebreaks
    )
    return RuleComparison(p.name, v.name, games, confidence, table, a, b)


# --------------------------------------------------------------------------- sweep


def with_field(parent: Variant | str, field: str, value: Any) -> Variant:
    """``parent`` with one rule field (a path of
    :func:`sheriff_core.rules.house.editable_fields`, e.g. ``"goods.Pepper.penalty"``) set
    to ``value``: :func:`sheriff_core.rules.house.house_rule`, named
    ``"<parent> <field>=<value>"``. An unknown field or a value the loader refuses is a
    :class:`~sheriff_core.errors.VariantError` naming the field or the rule broken.

    >>> v = with_field("classic", "goods.Pepper.penalty", 6)
    >>> v.goods["Pepper"].penalty, v.name
    (6, 'classic goods.Pepper.penalty=6')
    >>> with_field("classic", "goods.Peppers.penalty", 6)
    Traceback (most recent call last):
    ...
    sheriff_core.errors.VariantError: classic: no rule field 'goods.Peppers.penalty'
    """
    from sheriff_core.rules.house import field_value, house_rule

    p = _variant(parent)
    if not isinstance(field, str):
        raise TypeError(f"field must be a rule field path (a string), not {field!r}")
    field_value(p, field)  # an unknown field: the house module's own error
    return house_rule(p, {field: value}, name=f"{p.name} {field}={value}")


class _InlineExecutor(Executor):
    """Runs each task in this process as it is submitted (the sweep's one-core path)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        try:
            fut.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future
            fut.set_exception(exc)
        return fut


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
            "lineups must be a non-empty mapping name -> {'merchants': ..., 'sheriffs': ...}"
        )
    out = {}
    for name, spec in lineups.items():
        if not isinstance(spec, Mapping) or set(spec) - {"merchants", "sheriffs"}:
            raise ValueError(
                f"line-up {name!r}: give a mapping with 'merchants' and/or 'sheriffs', not {spec!r}"
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
    confidence: float = 0.95,
    method: str = "t",
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
    either. Columns: ``field``, ``value``, ``lineup`` and those of :func:`compare_frames`.

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
    if not values:
        raise ValueError("values: give at least one value to sweep")
    if callable(field):
        make: Callable[[Any], Variant] = field
        name = getattr(field, "__name__", "custom")
    elif isinstance(field, str):
        name = field
        make = lambda value: with_field(p, field, value)  # noqa: E731
    else:
        raise TypeError(f"field must be a dotted rule path or a callable, not {field!r}")
    variants = [make(v) for v in values]  # fail fast on bad fields or values
    for v in variants:
        if not isinstance(v, Variant):
            raise TypeError(f"field callable must return a Variant, not {type(v).__name__}")
    lineup = _lineups(lineups)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)):
        raise ValueError(f"workers must be None or a whole number >= 1, not {workers!r}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be None or a whole number >= 1, not {workers!r}")
    total = games * (len(values) + 1) * len(lineup)
    own_pool: ProcessPoolExecutor | None = None
    inner: Executor
    if executor is not None:
        inner = executor
    elif workers is not None and min(workers, cpu_count()) > 1:
        own_pool = ProcessPoolExecutor(min(workers, cpu_count()), initializer=ignore_sigint)
        inner = own_pool
    else:
        inner = _InlineExecutor()
    frames = []
    try:
        with tqdm(total=total, disable=not progress, unit="game", desc=f"sweep {name}") as bar:
            pool = _CountingExecutor(inner, bar)
            for lname, spec in lineup.items():
                kw = {"players": players, "games": games, "seed": seed, **spec}
                base = simulate(p, executor=pool, progress=False, **kw)
                for value, v in zip(values, variants, strict=True):
                    got = simulate(v, executor=pool, progress=False, **kw)
                    t = compare_frames(
                        base,
                        got,
                        confidence=confidence,
                        method=method,
                        seed=seed,
                        tiebreaks=p.tiebreaks,
                    )
                    t.insert(0, "lineup", lname)
                    t.insert(0, "value", value)
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
    return pd.concat(frames, ignore_index=True)


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
        head = f"{self.variant}, {self.players} players, {self.games:,} games per Sheriff bot"
        return "\n".join([head, *self.sentences])

    def _repr_html_(self) -> str:
        from sheriff_core.safe_text import escape  # html.escape, control characters shown

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
        "sentence": f"Against {sheriff}, " + _verdict(what, w / n, lo, hi, fair, games, confidence),
    }


def _verdict(what: str, rate: float, lo: float, hi: float, fair: float, n: int, conf: float) -> str:
    head = f"{what} wins {rate:.1%} ({conf:.0%} CI {lo:.1%} to {hi:.1%}; fair share {fair:.1%})"
    if hi < fair:
        return f"{head}: below its fair share, distinguishable from noise at {n:,} games."
    if lo > fair:
        return f"{head}: above its fair share, distinguishable from noise at {n:,} games."
    return f"{head}: not distinguishable from its fair share at {n:,} games."


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
    one game are not independent and its interval is too narrow).

    >>> r = balance_report("classic", players=3, games=30, sheriffs=["trusting"])
    >>> r.seats[["sheriff", "seat", "games"]].values.tolist()
    [['trusting', 0, 30], ['trusting', 1, 30], ['trusting', 2, 30]]
    >>> bool((r.win_rates["ci_low"] <= r.win_rates["win_rate"]).all())
    True
    """
    from scipy import stats

    v = _variant(variant)
    bots = list(bot_names("sheriff") if sheriffs is None else sheriffs)
    if not bots:
        raise ValueError("sheriffs: give at least one Sheriff bot")
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
        )
        label = str(sim["sheriff_strategy"].iloc[0]) if len(sim) else str(bot)
        fair = float(sim["win"].mean()) if len(sim) else math.nan
        win_rows += [
            _share_row(
                label,
                "strategy",
                strategy,
                "seats",
                f"the {strategy} bot",
                sub,
                fair,
                games,
                confidence,
            )
            for strategy, sub in sim.groupby("strategy", sort=True)
        ]
        seat_rows += [
            _share_row(
                label,
                "seat",
                int(seat),
                "games",
                f"seat {seat}" + (" (the first Sheriff)" if seat == 0 else ""),
                sub,
                fair,
                games,
                confidence,
            )
            for seat, sub in sim.groupby("seat", sort=True)
        ]
        totals = sim.sort_values(["game", "total"], ascending=[True, False]).groupby("game")
        measures = {
            "score_sd": totals["total"].std(ddof=0).to_numpy(dtype=float),
            "margin": (totals["total"].nth(0).to_numpy() - totals["total"].nth(1).to_numpy())
            if players > 1
            else np.zeros(games),
        }
        names = {
            "score_sd": "score spread (sd of the totals in a game)",
            "margin": "winning margin (winner minus runner-up)",
        }
        for key, values in measures.items():
            values = np.asarray(values, dtype=float)
            mean = float(values.mean()) if len(values) else math.nan
            if len(values) > 1 and np.std(values) > 0:
                ci = stats.ttest_1samp(values, 0.0).confidence_interval(confidence)
                lo, hi = float(ci.low), float(ci.high)
            else:
                lo = hi = mean
            spread_rows.append(
                {
                    "sheriff": label,
                    "measure": key,
                    "label": names[key],
                    "mean": mean,
                    "ci_low": lo,
                    "ci_high": hi,
                    "games": len(values),
                    "sentence": f"Against {label}, the {names[key]} averages {mean:.1f} "
                    f"points ({confidence:.0%} CI {lo:.1f} to {hi:.1f}).",
                }
            )
    wins_t, seats_t = pd.DataFrame(win_rows), pd.DataFrame(seat_rows)
    _holm([wins_t, seats_t], confidence)
    return BalanceReport(
        v.name, players, games, confidence, wins_t, seats_t, pd.DataFrame(spread_rows)
    )


def _holm(tables: Sequence[pd.DataFrame], confidence: float) -> None:
    """Add ``p_holm`` (Holm's adjustment over every test of ``tables``, statsmodels'
    ``multipletests``) and say it in the sentences of the distinguishable rows."""
    from statsmodels.stats.multitest import multipletests

    p = pd.concat([t["p_value"] for t in tables], ignore_index=True).to_numpy(dtype=float)
    ok = ~np.isnan(p)
    adjusted = np.full(len(p), np.nan)
    if ok.any():
        adjusted[ok] = multipletests(p[ok], alpha=1 - confidence, method="holm")[1]
    start = 0
    for t in tables:
        t["p_holm"] = adjusted[start : start + len(t)]
        start += len(t)
        for i in t.index[t["distinguishable"]]:
            kept = "still" if t.at[i, "p_holm"] < 1 - confidence else "no longer"
            t.at[i, "sentence"] = (
                t.at[i, "sentence"].removesuffix(".")
                + f" (Holm-adjusted p = {t.at[i, 'p_holm']:.2g} over the report's "
                + f"{int(ok.sum())} tests: {kept} significant)."
            )
