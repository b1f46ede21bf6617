"""Charts for the mediator's equilibrium (extensive-form correlated equilibrium) of the Sheriff game.

* :func:`outcome_frame` -- how the game ends under one or more correlation plans
  (a Nash equilibrium as a product plan, an EFCE from
  :func:`sheriff_core.theory.efce.solve_efce`), one row per (plan, load, bribe, inspection);
* :func:`mediator_chart` -- stacked bars per smuggler type (items loaded): how
  often each ends inspected, passed without a bribe, or passed after a bribe.

>>> from sheriff_core.theory import efce, sheriff_game
>>> g = sheriff_game(**efce.MEDIATOR_EXAMPLE)
>>> chart = mediator_chart(outcome_frame(g, {"EFCE": efce.solve_efce(g).plan}))
>>> chart.to_dict()["mark"]["type"]
'bar'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from sheriff_core.base.i18n import _
from sheriff_core.present.words import fmt, tips
from sheriff_core.theory import ExtensiveGame
from sheriff_core.theory.efce import CorrelationPlan, outcome_table

__all__ = ["outcome_frame", "mediator_chart", "outcome_label"]


def outcome_label(bribe: int, inspected: bool) -> str:
    """How one play ends, in words: ``"inspected"``, ``"passed, no bribe"`` or
    ``"passed, bribe b"``.

    >>> outcome_label(0, False), outcome_label(2, False), outcome_label(2, True)
    ('passed, no bribe', 'passed, bribe 2', 'inspected')
    """
    if inspected:
        return "inspected"
    return "passed, no bribe" if bribe == 0 else f"passed, bribe {bribe}"


def outcome_frame(game: ExtensiveGame, plans: dict[str, CorrelationPlan]) -> pd.DataFrame:
    """Outcomes of a Sheriff game under each named plan, tidy.

    Columns: ``plan`` (the dict's key), ``items`` loaded, the final ``bribe``,
    ``inspected``, ``outcome`` (:func:`outcome_label`), ``probability``, and the
    payoffs ``smuggler`` and ``sheriff``. Outcomes below 1e-9 are dropped.

    >>> from sheriff_core.theory import efce, sheriff_game
    >>> g = sheriff_game(**efce.MEDIATOR_EXAMPLE)
    >>> df = outcome_frame(g, {"EFCE": efce.solve_efce(g).plan})
    >>> round(float(df["probability"].sum()), 9), sorted(df["outcome"].unique())[:2]
    (1.0, ['inspected', 'passed, bribe 1'])
    """
    frames = []
    for name, plan in plans.items():
        df = outcome_table(game, plan)
        df.insert(0, "plan", name)
        df.insert(
            4,
            "outcome",
            [
                outcome_label(int(b), bool(i))
                for b, i in zip(df["bribe"], df["inspected"], strict=True)
            ],
        )
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def mediator_chart(frame: pd.DataFrame, title: str | None = None) -> alt.Chart:
    """Stacked bars: for each plan (column) and each number of items loaded (x), the
    probability (y) of each way the bag ends (colour): inspected in red, passed
    without a bribe in grey, passed after a bribe in gold (darker = bigger bribe).

    >>> import pandas as pd
    >>> df = pd.DataFrame({"plan": ["a", "a"], "items": [0, 2], "outcome": ["inspected",
    ...     "passed, bribe 1"], "probability": [0.5, 0.5], "bribe": [0, 1]})
    >>> mediator_chart(df).to_dict()["encoding"]["color"]["scale"]["range"][0]
    '#d62728'
    """
    bribes = sorted({int(b) for b in frame["bribe"]} - {0})
    domain = ["inspected", "passed, no bribe", *[f"passed, bribe {b}" for b in bribes]]
    shown = [_("inspected"), _("passed, no bribe")]
    shown += [fmt("passed, bribe {b}", b=b) for b in bribes]
    words = dict(zip(domain, shown, strict=True))
    golds = ["#fdd835", "#f9a825", "#e65100", "#bf360c", "#7f2704"]
    colours = ["#d62728", "#9e9e9e", *[golds[min(k, len(golds) - 1)] for k in range(len(bribes))]]
    data = frame.groupby(["plan", "items", "outcome"], as_index=False)["probability"].sum()
    order = {name: k for k, name in enumerate(domain)}
    data["order"] = data["outcome"].map(order)
    data["outcome"] = data["outcome"].map(lambda o: words.get(o, o))
    domain = shown
    chart = (
        alt.Chart(data, title=title or _("How each bag ends, by items loaded"))
        .mark_bar()
        .encode(
            x=alt.X("items:O", title=_("illegal items loaded"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("probability:Q", title=_("probability"), stack="zero"),
            color=alt.Color(
                "outcome:N",
                title=_("the bag is"),
                scale=alt.Scale(domain=domain, range=colours),
                sort=domain,
            ),
            order=alt.Order("order:Q"),
            column=alt.Column("plan:N", title=None, sort=list(dict.fromkeys(frame["plan"]))),
            tooltip=tips("plan", "items", "outcome", alt.Tooltip("probability:Q", format=".3f")),
        )
        .properties(width=220, height=220)
    )
    return chart
