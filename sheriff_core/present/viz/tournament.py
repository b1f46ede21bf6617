"""Charts of a bot tournament: the leaderboard, the head-to-head matrix, the opponents' mix.

Tables come from :mod:`sheriff_core.analysis.tournament` (a ``TournamentResult``'s
``leaderboard()`` and ``head_to_head()``, and ``win_rate_by_mix``); this module only
draws them. Each chart takes the result itself or the table, so a table read back from a
file draws the same chart. Entrants' names come from students' files: they are drawn as
:func:`~sheriff_core.base.safe_text.printable` shows them (vl-convert aborts the whole
process on a control character in a chart's text).

>>> import pandas as pd
>>> board = pd.DataFrame({"entrant": ["mine", "honest"], "games": [100, 100],
...     "wins": [40, 25], "win_rate": [0.40, 0.25], "win_lo": [0.31, 0.17],
...     "win_hi": [0.50, 0.34]})
>>> spec = leaderboard_chart(board).to_dict()
>>> spec["layer"][-1]["encoding"]["y"]["sort"]
['mine', 'honest']
"""

from __future__ import annotations

from typing import Any

import altair as alt
import pandas as pd

from sheriff_core.base.safe_text import printable
from sheriff_core.present.words import fmt, number, percent

__all__ = ["leaderboard_chart", "head_to_head_chart", "mix_chart"]

#: The columns each chart reads (a table without one of them is refused, naming it).
LEADERBOARD_COLUMNS = ("entrant", "games", "win_rate", "win_lo", "win_hi")
RATING_COLUMNS = ("rating", "rating_lo", "rating_hi")
HEAD_TO_HEAD_COLUMNS = ("entrant", "opponent", "games", "win_rate", "win_lo", "win_hi")
MIX_COLUMNS = ("entrant", "win_rate", "win_lo", "win_hi")

_PCT = alt.Axis(format="%")


def _table(source: Any, method: str | None, columns: tuple[str, ...], what: str) -> pd.DataFrame:
    """``source.method()`` when ``source`` is a tournament result, else ``source`` itself,
    as a DataFrame holding ``columns`` (a copy: the caller's table is never changed)."""
    table = getattr(source, method)() if method and hasattr(source, method) else source
    if not isinstance(table, pd.DataFrame):
        raise TypeError(
            f"{what} takes a tournament result or its {method or 'DataFrame'} table, not "
            f"{type(source).__name__}"
        )
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"{what}: the table has no column {', '.join(map(repr, missing))}")
    return table.copy()


def _fair(source: Any, fair: float | None) -> float | None:
    """The fair share of wins (1 / players) when the caller or the result knows it."""
    if fair is not None:
        return fair
    players = getattr(source, "players", None)
    return 1 / players if isinstance(players, int) and players > 0 else None


def _names(column: pd.Series) -> pd.Series:
    return column.astype(str).map(printable)


def _interval_panel(
    data: pd.DataFrame,
    order: list[str],
    value: str,
    title: str,
    axis: alt.Axis | None,
    *,
    fair: float | None = None,
    labels: bool = True,
) -> alt.LayerChart:
    """One panel of the leaderboard: a dot per entrant and its interval as a bar (and a
    dashed line at ``fair``); ``labels=False``: no axis of names (a panel beside another)."""
    base = alt.Chart(data)
    y = alt.Y("entrant:N", title=None, sort=order, axis=alt.Axis() if labels else None)
    form = "%" if axis is _PCT else ".1f"
    bars = base.mark_errorbar(ticks=True).encode(
        x=alt.X(f"{value}_lo:Q", title=title, axis=axis or alt.Axis()),
        x2=f"{value}_hi:Q",
        y=y,
    )
    tooltip = [
        alt.Tooltip("entrant:N"),
        alt.Tooltip("games:Q", format=","),
        alt.Tooltip(f"{value}:Q", format=form.replace("%", ".1%")),
        alt.Tooltip(
            f"{value}_lo:Q", format=form.replace("%", ".1%"), title=fmt("95 % interval from")
        ),
        alt.Tooltip(
            f"{value}_hi:Q", format=form.replace("%", ".1%"), title=fmt("95 % interval to")
        ),
    ]
    dots = base.mark_point(filled=True, size=70).encode(x=alt.X(f"{value}:Q"), y=y, tooltip=tooltip)
    marks: list[Any] = [bars, dots]
    if fair is not None:
        marks.insert(0, base.mark_rule(color="gray", strokeDash=[4, 3]).encode(x=alt.datum(fair)))
    chart = alt.layer(*marks)
    assert isinstance(chart, alt.LayerChart)  # alt.layer facets only when asked to
    return chart.properties(width=300, height=max(60, 24 * len(order)))


def leaderboard_chart(
    result_or_frame: Any, *, fair: float | None = None, title: str | None = None
) -> alt.LayerChart | alt.HConcatChart:
    """The leaderboard: each entrant's win rate as a dot with its 95 % interval as a bar,
    best first (the table's ``rating`` when it has one, else its win rate); a dashed line
    at the fair share (``fair``, else 1 / the result's ``players`` when it says). A table
    with ratings (``rating``, ``rating_lo``, ``rating_hi``) gets a second panel, the rating
    with its interval, on the same rows.

    ``result_or_frame``: a tournament result (its ``leaderboard()``) or that table.

    >>> import pandas as pd
    >>> board = pd.DataFrame({"entrant": ["a", "b"], "games": [10, 10],
    ...     "win_rate": [0.2, 0.5], "win_lo": [0.05, 0.24], "win_hi": [0.5, 0.76],
    ...     "rating": [20.0, 26.0], "rating_lo": [17.0, 23.0], "rating_hi": [23.0, 29.0]})
    >>> spec = leaderboard_chart(board, fair=0.25).to_dict()
    >>> [c["layer"][-2]["encoding"]["x"]["field"] for c in spec["hconcat"]]
    ['win_rate_lo', 'rating_lo']
    >>> spec["hconcat"][0]["layer"][-1]["encoding"]["y"]["sort"]
    ['b', 'a']
    """
    data = _table(result_or_frame, "leaderboard", LEADERBOARD_COLUMNS, "leaderboard_chart")
    rated = all(c in data.columns for c in RATING_COLUMNS)
    data = data.sort_values("rating" if rated else "win_rate", ascending=False, kind="stable")
    data["entrant"] = _names(data["entrant"])
    keep = list(LEADERBOARD_COLUMNS) + (list(RATING_COLUMNS) if rated else [])
    data = data[keep].rename(columns={"win_lo": "win_rate_lo", "win_hi": "win_rate_hi"})
    order = list(dict.fromkeys(data["entrant"]))
    share = _fair(result_or_frame, fair)
    wins = _interval_panel(
        data, order, "win_rate", fmt("win rate (bar: 95 % interval)"), _PCT, fair=share
    )
    games = int(data["games"].max()) if len(data) else 0
    heading = (
        printable(title)
        if title
        else fmt("Leaderboard ({games} games per entrant, best first)", games=number(games))
    )
    subtitle = (
        fmt(
            "Dot: the entrant's win rate; bar: its 95 % interval; dashed line: the fair "
            "share ({share}).",
            share=percent(share),
        )
        if share is not None
        else fmt("Dot: the entrant's win rate; bar: its 95 % interval.")
    )
    head = alt.TitleParams(heading, subtitle=[subtitle], anchor="start")
    if not rated:
        return wins.properties(title=head)
    rating = _interval_panel(
        data, order, "rating", fmt("rating (bar: 95 % interval)"), None, labels=False
    )
    return alt.hconcat(wins, rating).properties(title=head)


def head_to_head_chart(
    result_or_frame: Any, *, fair: float | None = None, title: str | None = None
) -> alt.LayerChart:
    """The head-to-head matrix: one row per entrant, one column per opponent, each cell
    coloured by the row's win rate in the games the two played together and labelled with
    it (hover: its 95 % interval and the number of games). Colours diverge from the fair
    share (``fair``, else 1 / the result's ``players``, else the mean of the cells):
    blue above it, red below.

    ``result_or_frame``: a tournament result (its ``head_to_head()``) or that table.

    >>> import pandas as pd
    >>> h2h = pd.DataFrame({"entrant": ["a", "b"], "opponent": ["b", "a"], "games": [10, 10],
    ...     "win_rate": [0.3, 0.2], "win_lo": [0.1, 0.05], "win_hi": [0.6, 0.5]})
    >>> spec = head_to_head_chart(h2h, fair=0.25).to_dict()
    >>> spec["layer"][0]["mark"]["type"], spec["layer"][1]["encoding"]["text"]["format"]
    ('rect', '.0%')
    """
    data = _table(result_or_frame, "head_to_head", HEAD_TO_HEAD_COLUMNS, "head_to_head_chart")
    data = data[list(HEAD_TO_HEAD_COLUMNS)]
    for c in ("entrant", "opponent"):
        data[c] = _names(data[c])
    middle = _fair(result_or_frame, fair)
    if middle is None:
        middle = float(data["win_rate"].mean()) if len(data) else 0.5
    order = list(dict.fromkeys(data["entrant"]))
    order += [o for o in dict.fromkeys(data["opponent"]) if o not in order]
    base = alt.Chart(data).encode(
        x=alt.X("opponent:N", title=fmt("opponent"), sort=order, axis=alt.Axis(labelAngle=-30)),
        y=alt.Y("entrant:N", title=fmt("entrant"), sort=order),
    )
    cells = base.mark_rect().encode(
        color=alt.Color(
            "win_rate:Q",
            title=fmt("win rate"),
            scale=alt.Scale(scheme="redblue", domainMid=middle, domain=[0, 1]),
            legend=alt.Legend(format="%"),
        ),
        tooltip=[
            alt.Tooltip("entrant:N"),
            alt.Tooltip("opponent:N"),
            alt.Tooltip("games:Q", format=","),
            alt.Tooltip("win_rate:Q", format=".1%"),
            alt.Tooltip("win_lo:Q", format=".1%", title=fmt("95 % interval from")),
            alt.Tooltip("win_hi:Q", format=".1%", title=fmt("95 % interval to")),
        ],
    )
    text = base.mark_text(fontSize=12).encode(text=alt.Text("win_rate:Q", format=".0%"))
    heading = (
        printable(title) if title else fmt("Head to head: the row's win rate against the column")
    )
    size = max(120, 44 * len(order))
    chart = alt.layer(cells, text)
    assert isinstance(chart, alt.LayerChart)  # alt.layer facets only when asked to
    return chart.properties(
        width=size,
        height=size,
        title=alt.TitleParams(
            heading,
            subtitle=[
                fmt(
                    "In the games both sat at the table; blue: above {share}, red: below.",
                    share=percent(middle),
                )
            ],
            anchor="start",
        ),
    )


def mix_chart(
    frame: pd.DataFrame,
    *,
    x: str | None = None,
    entrant: str | None = None,
    opponents: tuple[str, str] | None = None,
    title: str | None = None,
) -> alt.LayerChart:
    """How each entrant's win rate moves with the opponents' mix: x the share of the
    first opponent (``opponent_a``) among the other seats, y the win rate, one line per
    entrant, its 95 % interval as a band.

    ``frame``: what ``win_rate_by_mix`` returns (one entrant: name it with ``entrant``),
    or several of them stacked with an ``entrant`` column; ``x``: the column of the mix
    (default: the first of ``fraction``, ``mix``, ``share`` the table has);
    ``opponents``: the names ``(opponent_a, opponent_b)`` for the axis (else the
    table's ``opponent_a`` and ``opponent_b`` columns, if any).

    >>> import pandas as pd
    >>> mix = pd.DataFrame({"fraction": [0.0, 1.0], "win_rate": [0.3, 0.2],
    ...     "win_lo": [0.25, 0.15], "win_hi": [0.35, 0.25]})
    >>> spec = mix_chart(mix, entrant="mine", opponents=("honest", "smuggler")).to_dict()
    >>> [layer["mark"]["type"] for layer in spec["layer"]]
    ['area', 'line']
    >>> spec["layer"][1]["encoding"]["x"]["title"]
    'share of honest among the other seats (the rest: smuggler)'
    """
    data = _table(frame, None, MIX_COLUMNS[1:], "mix_chart")
    if "entrant" not in data.columns:
        data["entrant"] = entrant or "entrant"
    if x is None:
        x = next((c for c in ("fraction", "mix", "share") if c in data.columns), None)
        if x is None:
            raise ValueError("mix_chart: the table has no column 'fraction' (nor 'mix', 'share')")
    elif x not in data.columns:
        raise ValueError(f"mix_chart: the table has no column {x!r}")
    if opponents is None and {"opponent_a", "opponent_b"} <= set(data.columns) and len(data):
        opponents = (str(data["opponent_a"].iloc[0]), str(data["opponent_b"].iloc[0]))
    axis_title = fmt("share of the first opponent among the other seats")
    if opponents is not None:
        a, b = (printable(str(o)) for o in opponents)
        axis_title = fmt("share of {a} among the other seats (the rest: {b})", a=a, b=b)
    data = data[[x, *MIX_COLUMNS]].rename(columns={x: "mix"})
    data["entrant"] = _names(data["entrant"])
    base = alt.Chart(data)
    xs = alt.X("mix:Q", title=axis_title, axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1]))
    band = base.mark_area(opacity=0.2).encode(
        x=xs,
        y=alt.Y("win_lo:Q", title=fmt("win rate"), axis=_PCT),
        y2="win_hi:Q",
        color="entrant:N",
    )
    line = base.mark_line(point=True).encode(
        x=xs,
        y="win_rate:Q",
        color=alt.Color("entrant:N", title=fmt("entrant")),
        tooltip=[
            alt.Tooltip("entrant:N"),
            alt.Tooltip("mix:Q", format=".0%", title=fmt("share")),
            alt.Tooltip("win_rate:Q", format=".1%"),
            alt.Tooltip("win_lo:Q", format=".1%", title=fmt("95 % interval from")),
            alt.Tooltip("win_hi:Q", format=".1%", title=fmt("95 % interval to")),
        ],
    )
    heading = printable(title) if title else fmt("Win rate as the opponents' mix changes")
    chart = alt.layer(band, line)
    assert isinstance(chart, alt.LayerChart)  # alt.layer facets only when asked to
    return chart.properties(
        width=420,
        height=240,
        title=alt.TitleParams(heading, subtitle=[fmt("Band: the 95 % interval.")], anchor="start"),
    )
