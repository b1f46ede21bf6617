"""Variants side by side: deck composition and simulated outcomes, as tidy tables and charts.

Tables come from the library (:func:`sheriff_core.build_deck`,
:func:`sheriff_core.simulate`, :func:`sheriff_core.simulate_bags`); this module
only counts, averages and draws.

>>> deck_composition(["classic"], players=[3]).groupby("kind")["cards"].sum().to_dict()
{'contraband': 48, 'legal': 108}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import altair as alt
import pandas as pd

import sheriff_core as sc
from sheriff_core.analysis.compare import (
    simulate_variants,  # moved to the analysis layer; re-exported
)
from sheriff_core.base.i18n import _
from sheriff_core.present.viz import specs
from sheriff_core.present.words import fmt, tips

__all__ = [
    "deck_composition",
    "deck_composition_chart",
    "simulate_variants",
    "win_rates",
    "win_rate_chart",
    "win_rate_spec",
    "score_distribution_chart",
    "score_distribution_spec",
    "lies_caught",
    "lies_caught_chart",
    "lies_caught_spec",
]

KIND_ORDER = ("legal", "contraband", "royal")


def _names(variants: Iterable[str | sc.Variant] | str | sc.Variant | None) -> list[sc.Variant]:
    if variants is None:
        variants = sc.variant_names()
    if isinstance(variants, str | sc.Variant):
        variants = [variants]
    return [sc.load_variant(v) for v in variants]


def deck_composition(
    variants: Iterable[str | sc.Variant] | str | None = None,
    players: Iterable[int] | None = None,
) -> pd.DataFrame:
    """Cards in the deck per variant, player count and good (from :func:`sheriff_core.build_deck`).

    Columns: ``variant``, ``players``, ``good``, ``kind`` (legal, contraband,
    royal), ``cards``. Player counts a variant does not support are skipped
    (``players=None``: every count each variant supports).

    >>> d = deck_composition("classic", players=[3, 4])
    >>> d.groupby("players")["cards"].sum().to_dict()
    {3: 156, 4: 204}
    """
    rows = []
    for v in _names(variants):
        counts = range(v.min_players, v.max_players + 1) if players is None else players
        for n in counts:
            if not v.min_players <= n <= v.max_players:
                continue
            deck = Counter(sc.build_deck(v, n))
            for good, g in v.goods.items():
                rows.append(
                    {
                        "variant": v.name,
                        "players": n,
                        "good": good,
                        "kind": g.kind,
                        "cards": deck.get(good, 0),
                    }
                )
    return pd.DataFrame(rows, columns=["variant", "players", "good", "kind", "cards"])


def deck_composition_chart(
    variants: Iterable[str | sc.Variant] | str | None = None,
    players: Iterable[int] | None = None,
) -> alt.Chart:
    """Stacked bars: one bar per variant and player count, one segment per kind of card
    (legal, contraband, royal), the goods in the tooltip.

    >>> spec = deck_composition_chart(["classic", "disney"], players=[4]).to_dict()
    >>> spec["encoding"]["x"]["field"], spec["encoding"]["color"]["field"]
    ('cards', 'kind')
    """
    data = deck_composition(variants, players)
    data["label"] = data["variant"] + " · " + data["players"].map(lambda n: fmt("{n}p", n=n))
    data["kind_order"] = data["kind"].map(lambda k: KIND_ORDER.index(k) if k in KIND_ORDER else 9)
    data["kind"] = data["kind"].map(_)
    data["good"] = data["good"].map(_)
    return (
        alt.Chart(data, title=_("Deck composition"))
        .mark_bar()
        .encode(
            x=alt.X("cards:Q", aggregate="sum", title=_("cards in the deck")),
            y=alt.Y("label:N", title=None, sort=None),
            color=alt.Color("kind:N", sort=[_(k) for k in KIND_ORDER], title=_("kind")),
            order=alt.Order("kind_order:Q"),
            tooltip=tips("variant:N", "players:Q", "good:N", "kind:N", "cards:Q"),
        )
        .properties(width=420, height=alt.Step(22))
    )


def win_rates(sim: pd.DataFrame) -> pd.DataFrame:
    """Win rate per variant and merchant strategy of a :func:`sheriff_core.simulate` table.

    Columns: ``variant``, ``strategy``, ``seats`` (player-games), ``wins``,
    ``win_rate`` (a shared win counts as a win) and ``mean_total``.

    >>> df = sc.simulate("classic", players=4, games=20, seed=1)
    >>> win_rates(df)[["strategy", "seats"]].values.tolist()
    [['bluffer', 20], ['briber', 20], ['honest', 20], ['smuggler', 20]]
    """
    g = sim.groupby(["variant", "strategy"], sort=True)
    out = g.agg(seats=("win", "size"), wins=("win", "sum"), mean_total=("total", "mean"))
    out["win_rate"] = out["wins"] / out["seats"]
    out = out.reset_index()
    out["wins"] = out["wins"].astype(int)
    return out[["variant", "strategy", "seats", "wins", "win_rate", "mean_total"]]


def win_rate_chart(sim: pd.DataFrame) -> alt.Chart:
    """Grouped bars: win rate per merchant strategy, one colour per variant.

    The data (:func:`win_rates`) is the chart's named dataset ``"win_rates"``
    (see :func:`win_rate_spec`).

    >>> df = sc.simulate("classic", players=3, games=3, seed=1)
    >>> win_rate_chart(df).to_dict()["encoding"]["y"]["axis"]["format"]
    '%'
    """
    return _win_rate_chart({"win_rates": specs.records(win_rates(sim))})


def win_rate_spec(sim: pd.DataFrame, rates: pd.DataFrame | None = None) -> specs.Spec:
    """The spec of :func:`win_rate_chart` without building the chart (its validated
    spec, built once, with this table's dataset); ``rates``: :func:`win_rates` of
    ``sim`` if already computed.

    >>> df = sc.simulate("classic", players=3, games=3, seed=1)
    >>> win_rate_spec(df).to_dict() == win_rate_chart(df).to_dict()
    True
    """
    data = {"win_rates": specs.records(win_rates(sim) if rates is None else rates)}
    return specs.filled("win_rate", lambda: _win_rate_chart(data), data)


def _win_rate_chart(data: dict[str, list[dict[str, object]]]) -> alt.Chart:
    return (
        alt.Chart(alt.NamedData("win_rates"), title=_("Win rate by merchant strategy"))
        .mark_bar()
        .encode(
            x=alt.X("strategy:N", title=_("merchant strategy")),
            xOffset=alt.XOffset("variant:N"),
            y=alt.Y("win_rate:Q", title=_("win rate"), axis=alt.Axis(format="%")),
            color=alt.Color("variant:N", title=_("variant")),
            tooltip=tips(
                "variant:N",
                "strategy:N",
                "seats:Q",
                "wins:Q",
                alt.Tooltip("win_rate:Q", format=".1%"),
            ),
        )
        .properties(width=360, height=220, datasets=data)
    )


def score_distribution_chart(sim: pd.DataFrame) -> alt.Chart:
    """Box plots of final totals per merchant strategy, one colour per variant.

    The legend shows squares, like the boxes it draws (not Vega-Lite's default circles).
    A min-max box plot draws five numbers per box, so the chart carries only those
    (computed here as Vega-Lite would, linear quartiles): the same boxes as from every
    row, and less to render (about 30 % less time with 100 games, the explorer's default).

    >>> df = sc.simulate("classic", players=3, games=3, seed=1)
    >>> spec = score_distribution_chart(df).to_dict()
    >>> spec["mark"]["type"], spec["encoding"]["color"]["legend"]["symbolType"]
    ('boxplot', 'square')
    >>> five = _five_numbers(df)
    >>> five.groupby("strategy")["total"].agg(["min", "median", "max"]).equals(
    ...     df.groupby("strategy")["total"].agg(["min", "median", "max"]).astype(float))
    True
    """
    return _score_chart({"five_numbers": specs.records(_five_numbers(sim))})


def score_distribution_spec(sim: pd.DataFrame) -> specs.Spec:
    """The spec of :func:`score_distribution_chart` without building the chart (its
    validated spec, built once, with this table's dataset).

    >>> df = sc.simulate("classic", players=3, games=3, seed=1)
    >>> score_distribution_spec(df).to_dict() == score_distribution_chart(df).to_dict()
    True
    """
    data = {"five_numbers": specs.records(_five_numbers(sim))}
    return specs.filled("score_distribution", lambda: _score_chart(data), data)


def _score_chart(data: dict[str, list[dict[str, object]]]) -> alt.Chart:
    return (
        alt.Chart(alt.NamedData("five_numbers"), title=_("Final scores by merchant strategy"))
        .mark_boxplot(extent="min-max")
        .encode(
            x=alt.X("strategy:N", title=_("merchant strategy")),
            xOffset=alt.XOffset("variant:N"),
            y=alt.Y("total:Q", title=_("final score")),
            color=alt.Color(
                "variant:N", title=_("variant"), legend=alt.Legend(symbolType="square")
            ),
        )
        .properties(width=360, height=220, datasets=data)
    )


def _five_numbers(sim: pd.DataFrame) -> pd.DataFrame:
    """Min, quartiles and max of ``total`` per variant and strategy, as five rows per box,
    in the order the groups first appear (the order Vega-Lite draws the boxes in)."""
    q = sim.groupby(["variant", "strategy"], sort=False)["total"].quantile(
        [0, 0.25, 0.5, 0.75, 1], interpolation="linear"
    )
    return q.rename("total").reset_index()[["variant", "strategy", "total"]]


def lies_caught(bags: pd.DataFrame, by: Sequence[str] = ("variant", "strategy")) -> pd.DataFrame:
    """How often a lying bag is caught, from a :func:`sheriff_core.simulate_bags` table.

    A *lie* is a bag whose declaration is not the truth (``truthful`` is False);
    it is *caught* when the Sheriff inspects it (outcome ``caught``). Columns:
    the ``by`` columns, ``bags``, ``lies``, ``caught``, ``lie_rate`` (lies / bags)
    and ``caught_rate`` (caught / lies; NaN without lies).

    >>> bags = sc.simulate_bags("classic", players=3, games=3, seed=1)
    >>> t = lies_caught(bags, by=["variant"])
    >>> bool((t["caught"] <= t["lies"]).all())
    True
    """
    by = list(by)
    df = bags.assign(lie=~bags["truthful"].astype(bool), caught=bags["outcome"].eq("caught"))
    df["caught"] = df["caught"] & df["lie"]
    out = df.groupby(by, sort=True).agg(
        bags=("lie", "size"), lies=("lie", "sum"), caught=("caught", "sum")
    )
    out = out.reset_index()
    out["lies"] = out["lies"].astype(int)
    out["caught"] = out["caught"].astype(int)
    out["lie_rate"] = out["lies"] / out["bags"]
    out["caught_rate"] = out["caught"] / out["lies"].where(out["lies"] > 0)
    return out


def lies_caught_chart(bags: pd.DataFrame) -> alt.Chart:
    """Bars: the share of lying bags caught, per merchant strategy and variant
    (strategies that never lie are left out).

    >>> bags = sc.simulate_bags("classic", players=3, games=3, seed=1)
    >>> lies_caught_chart(bags).to_dict()["encoding"]["y"]["field"]
    'caught_rate'
    """
    return _lies_caught_chart({"lies_caught": _caught_records(bags)})


def lies_caught_spec(bags: pd.DataFrame) -> specs.Spec:
    """The spec of :func:`lies_caught_chart` without building the chart (its validated
    spec, built once, with this table's dataset).

    >>> bags = sc.simulate_bags("classic", players=3, games=3, seed=1)
    >>> lies_caught_spec(bags).to_dict() == lies_caught_chart(bags).to_dict()
    True
    """
    data = {"lies_caught": _caught_records(bags)}
    return specs.filled("lies_caught", lambda: _lies_caught_chart(data), data)


def _caught_records(bags: pd.DataFrame) -> list[dict[str, object]]:
    return specs.records(lies_caught(bags).dropna(subset=["caught_rate"]))


def _lies_caught_chart(data: dict[str, list[dict[str, object]]]) -> alt.Chart:
    return (
        alt.Chart(alt.NamedData("lies_caught"), title=_("Share of lies caught"))
        .mark_bar()
        .encode(
            x=alt.X("strategy:N", title=_("merchant strategy")),
            xOffset=alt.XOffset("variant:N"),
            y=alt.Y(
                "caught_rate:Q",
                title=_("lies caught"),
                axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=alt.Color("variant:N", title=_("variant")),
            tooltip=tips(
                "variant:N",
                "strategy:N",
                "lies:Q",
                "caught:Q",
                alt.Tooltip("caught_rate:Q", format=".1%"),
            ),
        )
        .properties(width=360, height=220, datasets=data)
    )
