"""Where each player's points came from: the final scoring table as a stacked bar chart.

The scoring table (:func:`sheriff_core.final_scores`, :meth:`Game.final_scores`
or :func:`sheriff_core.rules.scoring.score_rows`) is wide: one row per player, one
column per source of points. :func:`score_breakdown` melts it to tidy form
(one row per player and source) and :func:`score_breakdown_chart` stacks it.

>>> import sheriff_core as sc
>>> v = sc.load_variant("classic")
>>> table = sc.final_scores(v, {"Ann": ["Apples", "Apples"], "Ben": ["Pepper"]},
...                         {"Ann": 10, "Ben": 20})
>>> score_breakdown(table)[["player", "source", "points"]].to_dict("records")[:3]
[{'player': 'Ann', 'source': 'gold', 'points': 10}, {'player': 'Ann', 'source': 'goods value', 'points': 4}, {'player': 'Ann', 'source': 'King/Queen: Apples', 'points': 20}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import altair as alt
import pandas as pd

from sheriff_core.base.i18n import N_, _
from sheriff_core.base.safe_text import printable
from sheriff_core.present.words import fmt, tips

__all__ = ["score_breakdown", "score_breakdown_chart", "strategy_breakdown", "SOURCE_COLUMNS"]

#: Wide columns of the scoring table that are points, and their names in the chart.
SOURCE_COLUMNS: dict[str, str] = {
    "gold": N_("gold"),
    "goods_value": N_("goods value"),
    "tokens_value": N_("villager tokens"),
}
_BONUSES = N_("King/Queen bonuses")


def _source_shown(source: str) -> str:
    """A source of points (``score_breakdown``'s English) in the current language."""
    if source.startswith("King/Queen: "):
        return fmt("King/Queen: {good}", good=_(source.split(": ", 1)[1]))
    return _(source)


BONUS_PREFIX = "bonus_"


def _table(scores: pd.DataFrame | Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    table = scores if isinstance(scores, pd.DataFrame) else pd.DataFrame(list(scores))
    missing = {"player", "gold", "goods_value", "total"} - set(table.columns)
    if missing:
        raise ValueError(f"not a scoring table: missing columns {sorted(missing)}")
    return table


def _sources(table: pd.DataFrame) -> dict[str, str]:
    sources = {c: n for c, n in SOURCE_COLUMNS.items() if c in table.columns}
    bonus = [c for c in table.columns if c.startswith(BONUS_PREFIX)]
    if bonus:
        # one segment per bonus good: "King/Queen: Apples"
        sources.update({c: f"King/Queen: {c[len(BONUS_PREFIX) :]}" for c in bonus})
    elif "bonus" in table.columns:
        sources["bonus"] = "King/Queen bonuses"
    return sources


def score_breakdown(scores: pd.DataFrame | Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """The scoring table melted to tidy form: one row per player and source of points.

    Columns: ``player``, ``rank``, ``total``, ``source`` (``gold``, ``goods
    value``, ``King/Queen: <good>`` per bonus good, ``villager tokens`` in
    variants with tokens), ``points`` and ``order`` (the source's position, for
    stacking). Sources are in a fixed order; every player has every source
    (0 points included), and the points of a player add up to the ``total``.

    >>> import sheriff_core as sc
    >>> t = sc.final_scores(sc.load_variant("classic"), {"Ann": ["Cheese"]}, {"Ann": 3})
    >>> score_breakdown(t).query("points > 0")[["source", "points"]].values.tolist()
    [['gold', 3], ['goods value', 3], ['King/Queen: Cheese', 15]]
    """
    table = _table(scores)
    sources = _sources(table)
    ids = [c for c in ("player", "rank", "total") if c in table.columns]
    tidy = table.melt(id_vars=ids, value_vars=list(sources), var_name="column", value_name="points")
    order = {c: i for i, c in enumerate(sources)}
    tidy["order"] = tidy["column"].map(order)
    tidy["source"] = tidy["column"].map(sources)
    sort = ["rank", "player", "order"] if "rank" in tidy.columns else ["player", "order"]
    tidy = tidy.sort_values(sort, kind="stable").reset_index(drop=True)
    return tidy[[*ids, "source", "points", "order"]]


def score_breakdown_chart(
    scores: pd.DataFrame | Sequence[Mapping[str, Any]], title: str | None = None
) -> alt.Chart:
    """A horizontal stacked bar per player (winner on top): gold, goods value, each
    King/Queen bonus and tokens, with the total in the tooltip.

    The legend lists only the sources drawn: a source worth 0 points to every
    player (a bonus nobody won) has no bar, so it is left out of the chart.

    >>> import sheriff_core as sc
    >>> t = sc.final_scores(sc.load_variant("classic"), {"Ann": ["Cheese"]}, {"Ann": 3})
    >>> spec = score_breakdown_chart(t).to_dict()
    >>> spec["mark"]["type"], spec["encoding"]["x"]["aggregate"]
    ('bar', 'sum')
    >>> spec["encoding"]["color"]["sort"]
    ['gold', 'goods value', 'King/Queen: Cheese']
    """
    tidy = score_breakdown(scores)
    tidy["source"] = tidy["source"].map(_source_shown)
    # vl-convert aborts the whole process on a control character in chart text
    tidy["player"] = tidy["player"].map(printable)
    drawn = tidy.groupby("source")["points"].transform(lambda p: (p != 0).any())
    tidy = tidy[drawn].reset_index(drop=True)
    players = tidy.drop_duplicates("player")["player"].tolist()  # ranked order
    sources = tidy.drop_duplicates("source").sort_values("order")["source"].tolist()
    return (
        alt.Chart(tidy, title=printable(title or _("Where the points came from")))
        .mark_bar()
        .encode(
            x=alt.X("sum(points):Q", title=_("points")),
            y=alt.Y("player:N", sort=players, title=None),
            color=alt.Color("source:N", sort=sources, title=_("source")),
            order=alt.Order("order:Q"),
            tooltip=tips("player:N", "source:N", "points:Q", "total:Q"),
        )
        .properties(width=420, height=alt.Step(28))
    )


def strategy_breakdown(sim: pd.DataFrame) -> pd.DataFrame:
    """Mean points per source for each merchant strategy of a :func:`sheriff_core.simulate`
    run (gold, goods value, bonus), tidy: ``variant``, ``strategy``, ``source``, ``points``.

    >>> import sheriff_core as sc
    >>> df = strategy_breakdown(sc.simulate("classic", players=3, games=3, seed=1))
    >>> sorted(df["source"].unique())
    ['King/Queen bonuses', 'gold', 'goods value']
    """
    cols = {"gold": "gold", "goods_value": "goods value", "bonus": "King/Queen bonuses"}
    means = sim.groupby(["variant", "strategy"], sort=True)[list(cols)].mean().reset_index()
    tidy = means.melt(
        id_vars=["variant", "strategy"], value_vars=list(cols), var_name="col", value_name="points"
    )
    tidy["source"] = tidy["col"].map(cols)
    return tidy[["variant", "strategy", "source", "points"]]
