"""Charts of the house-rule lab: effects with error bars, sweeps, the balance page.

Tables come from :mod:`sheriff_core.analysis.lab` (:func:`~sheriff_core.analysis.lab.compare_rules`,
:func:`~sheriff_core.analysis.lab.sweep`, :func:`~sheriff_core.analysis.lab.balance_report`); this
module only draws them.

>>> from sheriff_core.analysis.lab import compare_rules
>>> r = compare_rules("classic", "summary-sheet", players=4, games=20, seed=1)
>>> effects_chart(r).to_dict()["facet"]["row"]["field"]
'row'
"""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd

from sheriff_core.analysis.lab import BalanceReport, RuleComparison
from sheriff_core.base.i18n import N_, _
from sheriff_core.present.words import fmt, number, tips

__all__ = ["effects_chart", "sweep_chart", "balance_chart"]

#: The verdicts of the effects chart's legend, for message extraction.
_VERDICTS = (N_("more than noise"), N_("noise"))


def _scaled(table: pd.DataFrame) -> pd.DataFrame:
    """Rates in percentage points, numbers as they are, and each row's unit in words
    (``unit``; older tables without one: "percentage points" or "per game")."""
    data = table.copy()
    rate = data["kind"].eq("rate")
    for c in ("parent", "variant", "difference", "ci_low", "ci_high"):
        data[c] = data[c].where(~rate, data[c] * 100).astype(float)
    if "unit" not in data.columns:
        data["unit"] = rate.map({True: "percentage points", False: "per game"})
    return data


def effects_chart(result: RuleComparison | pd.DataFrame) -> alt.FacetChart:
    """The effect of a rule change per metric: the difference (house rule minus parent)
    as a dot with its 95 % interval as a bar, one row per metric labelled in words
    with its unit (rates in percentage points), each row on its own scale, a dashed
    rule at zero; solid dots are more than noise (after Holm's correction for
    measuring every metric at once), hollow dots are not.

    ``result``: a :class:`~sheriff_core.analysis.lab.RuleComparison` or its ``.table``.

    >>> from sheriff_core.analysis.lab import compare_rules
    >>> r = compare_rules("classic", "classic", players=4, games=10, seed=1)
    >>> spec = effects_chart(r).to_dict()
    >>> spec["spec"]["layer"][1]["encoding"]["x"]["field"]
    'ci_low'
    >>> spec["facet"]["row"]["field"]
    'row'
    """
    table = result.table if isinstance(result, RuleComparison) else result
    title = (
        fmt(
            "What {variant} changes compared with {parent} ({games} paired games)",
            variant=result.variant,
            parent=result.parent,
            games=number(result.games),
        )
        if isinstance(result, RuleComparison)
        else _("Effect of the rule change")
    )
    data = _scaled(table)
    data["unit"] = data["unit"].map(_)
    data["row"] = data["label"].map(_) + " (" + data["unit"] + ")"
    more, noise = _("more than noise"), _("noise")
    data["verdict"] = data["distinguishable"].map({True: more, False: noise})
    data = data[["row", "unit", "parent", "variant", "difference", "ci_low", "ci_high", "verdict"]]
    base = alt.Chart()
    zero = base.mark_rule(color="gray", strokeDash=[4, 3]).encode(x=alt.datum(0))
    bars = base.mark_errorbar(ticks=True).encode(
        x=alt.X("ci_low:Q", title=None),
        x2="ci_high:Q",
    )
    dots = base.mark_point(size=70, filled=True, stroke="#1f77b4", strokeWidth=1.5).encode(
        x="difference:Q",
        fill=alt.Fill(
            "verdict:N",
            title=None,
            scale=alt.Scale(domain=[more, noise], range=["#1f77b4", "white"]),
        ),
        tooltip=[
            alt.Tooltip("row:N", title=_("what")),
            alt.Tooltip("parent:Q", format=".2f", title=_("parent")),
            alt.Tooltip("variant:Q", format=".2f", title=_("house rule")),
            alt.Tooltip("difference:Q", format="+.2f", title=_("difference")),
            alt.Tooltip("ci_low:Q", format="+.2f", title=_("95 % CI from")),
            alt.Tooltip("ci_high:Q", format="+.2f", title=_("95 % CI to")),
        ],
    )
    return (
        alt.layer(zero, bars, dots, data=data)
        .properties(width=360, height=26)
        .facet(
            row=alt.Row(
                "row:N",
                title=None,
                sort=list(dict.fromkeys(data["row"])),
                header=alt.Header(labelAngle=0, labelAlign="left", labelLimit=420),
            )
        )
        .resolve_scale(x="independent")
        .properties(
            title=alt.TitleParams(
                title,
                subtitle=[
                    _(
                        "Dot: the difference the house rule made; bar: its 95 % interval "
                        "(the true difference is very likely on it); dashed line: no change."
                    ),
                    _(
                        "Solid dots are more than noise (after Holm's correction for "
                        "measuring everything at once); hollow dots are not."
                    ),
                ],
                anchor="start",
            )
        )
    )


def sweep_chart(df: pd.DataFrame, metric: str = "win_rate") -> alt.LayerChart | alt.FacetChart:
    """Effect ± interval per swept value for one metric of a :func:`~sheriff_core.analysis.lab.sweep`
    table: x the value, y the difference from the parent, one colour per strategy (win
    rate) or line-up, one panel per line-up when there are several.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"field": "f", "value": [1, 2], "lineup": "default",
    ...     "metric": "mean_score", "strategy": "", "label": "mean final score",
    ...     "kind": "number", "parent": 1.0, "variant": [1.0, 2.0],
    ...     "difference": [0.0, 1.0], "ci_low": [0.0, 0.5], "ci_high": [0.0, 1.5],
    ...     "distinguishable": [False, True]})
    >>> sweep_chart(df, "mean_score").to_dict()["layer"][1]["encoding"]["y"]["field"]
    'ci_low'
    """
    data = df[df["metric"] == metric]
    if data.empty:
        known = ", ".join(sorted(df["metric"].unique()))
        raise ValueError(f"no metric {metric!r} in this sweep (metrics: {known})")
    data = _scaled(data)
    field = str(
        data["field_label"].iloc[0] if "field_label" in data.columns else data["field"].iloc[0]
    )
    field = _(field)
    label = _(str(data["label"].iloc[0])) if metric != "win_rate" else _("win rate")
    unit = _(str(data["unit"].iloc[0]))
    several = data["lineup"].nunique() > 1
    colour = "strategy:N" if metric == "win_rate" else "lineup:N"
    colour_title = _("merchant strategy") if metric == "win_rate" else _("line-up")
    data = data[
        ["value", "lineup", "strategy", "difference", "ci_low", "ci_high", "distinguishable"]
    ]
    base = alt.Chart(data if not several else alt.Undefined)
    x = alt.X("value:Q", title=field)
    zero = base.mark_rule(color="gray", strokeDash=[4, 3]).encode(y=alt.datum(0))
    bars = base.mark_errorbar(ticks=True).encode(
        x=x,
        y=alt.Y("ci_low:Q", title=fmt("change in {label} ({unit})", label=label, unit=unit)),
        y2="ci_high:Q",
        color=alt.Color(colour, title=colour_title),
    )
    line = base.mark_line(point=True).encode(
        x=x,
        y="difference:Q",
        color=alt.Color(colour),
        tooltip=tips(
            "value:Q",
            "lineup:N",
            "strategy:N",
            alt.Tooltip("difference:Q", format="+.2f"),
            alt.Tooltip("ci_low:Q", format="+.2f"),
            alt.Tooltip("ci_high:Q", format="+.2f"),
            "distinguishable:N",
        ),
    )
    title = fmt("{field}: effect on {label} (bars: 95 % intervals)", field=field, label=label)
    if several:
        return (
            alt.layer(zero, bars, line, data=data)
            .properties(width=300, height=220)
            .facet(column=alt.Column("lineup:N", title=_("line-up")))
            .properties(title=title)
        )
    return alt.layer(zero, bars, line).properties(width=420, height=240, title=title)


def balance_chart(report: BalanceReport) -> alt.VConcatChart:
    """One page for :func:`~sheriff_core.analysis.lab.balance_report`: win rate per merchant
    strategy against each Sheriff bot, win rate by seat, score spread and winning
    margin; every value with its interval, the fair share as a tick. Seats are
    counted from 1 (seat 1 is the first Sheriff).

    >>> from sheriff_core.analysis.lab import balance_report
    >>> r = balance_report("classic", players=4, games=8, sheriffs=["trusting"])
    >>> len(balance_chart(r).to_dict()["vconcat"])
    3
    """
    pct = alt.Axis(format="%")

    def rates(data: pd.DataFrame, x: str, title: str) -> alt.LayerChart:
        base = alt.Chart(data)
        xo = alt.XOffset("sheriff:N")
        tooltip: list[Any] = tips(
            "sheriff:N",
            f"{x}",
            alt.Tooltip("win_rate:Q", format=".1%"),
            alt.Tooltip("ci_low:Q", format=".1%"),
            alt.Tooltip("ci_high:Q", format=".1%"),
            alt.Tooltip("fair:Q", format=".1%"),
        )
        dots = base.mark_point(filled=True, size=50).encode(
            x=alt.X(x, title=title, axis=alt.Axis(labelAngle=0)),
            xOffset=xo,
            y=alt.Y("win_rate:Q", title=_("win rate"), axis=pct),
            color=alt.Color("sheriff:N", title=_("Sheriff bot")),
            tooltip=tooltip,
        )
        bars = base.mark_errorbar().encode(
            x=alt.X(x),
            xOffset=xo,
            y=alt.Y("ci_low:Q", title=_("win rate"), axis=pct),
            y2="ci_high:Q",
            color="sheriff:N",
        )
        fair = base.mark_tick(color="gray", thickness=1, size=14).encode(
            x=alt.X(x), xOffset=xo, y="fair:Q"
        )
        chart = alt.layer(fair, bars, dots)
        assert isinstance(chart, alt.LayerChart)  # alt.layer facets only when asked to
        return chart.properties(
            width=420, height=200, title=fmt("Win rate by {what} (tick: fair share)", what=title)
        )

    spread = report.spread[["sheriff", "label", "mean", "ci_low", "ci_high"]].copy()
    spread["label"] = spread["label"].map(_)
    sbase = alt.Chart(spread)
    spread_chart = alt.layer(
        sbase.mark_bar().encode(
            x=alt.X("sheriff:N", title=_("Sheriff bot"), axis=alt.Axis(labelAngle=0)),
            xOffset="label:N",
            y=alt.Y("mean:Q", title=_("points")),
            color=alt.Color("label:N", title=None, legend=alt.Legend(labelLimit=320)),
            tooltip=tips(
                "sheriff:N",
                "label:N",
                alt.Tooltip("mean:Q", format=".1f"),
                alt.Tooltip("ci_low:Q", format=".1f"),
                alt.Tooltip("ci_high:Q", format=".1f"),
            ),
        ),
        sbase.mark_errorbar().encode(
            x="sheriff:N",
            xOffset="label:N",
            y=alt.Y("ci_low:Q", title=_("points")),
            y2="ci_high:Q",
        ),
    ).properties(width=420, height=180, title=_("Score spread and winning margin"))
    return (
        alt.vconcat(
            rates(report.win_rates, "strategy:N", _("merchant strategy")),
            # people count seats from 1 (seat 1 is the first Sheriff), as on game night
            rates(report.seats.assign(seat=report.seats["seat"] + 1), "seat:O", _("seat")),
            spread_chart,
        )
        .resolve_scale(color="independent")
        .properties(
            title=fmt(
                "Balance of {variant}, {players} players, {games} games per Sheriff bot",
                variant=report.variant,
                players=report.players,
                games=number(report.games),
            )
        )
    )
