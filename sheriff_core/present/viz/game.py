"""Charts of one game: gold after each round (from :func:`sheriff_core.play.narrate.play_rounds`).

>>> import pandas as pd
>>> rows = pd.DataFrame({"round": [1, 1, 2, 2], "player": ["Ann", "Ben"] * 2,
...                      "gold": [50, 50, 58, 42]})
>>> gold_by_round(rows).to_dict()["mark"]["type"]
'line'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

from sheriff_core.base.i18n import _
from sheriff_core.base.safe_text import printable
from sheriff_core.present.words import tips

__all__ = ["gold_by_round", "LINE_WITH_POINT"]

#: The legend symbol of a line drawn with points: a short stroke through a dot (SVG path
#: in the unit square Vega-Lite scales to the symbol size), so the legend shows both marks.
LINE_WITH_POINT = "M-1,0L1,0M0.3,0A0.3,0.3 0 1,1 -0.3,0A0.3,0.3 0 1,1 0.3,0Z"


def gold_by_round(rows: pd.DataFrame | list[dict], title: str | None = None) -> alt.Chart:
    """A line per player, with a dot at each round: gold (y) after each round (x).

    ``rows`` has columns ``round``, ``player``, ``gold``, rounds counted from 1 as
    people count them (what ``play_rounds`` returns). The legend shows a line
    through a dot, the marks drawn.

    >>> spec = gold_by_round([{"round": 1, "player": "Ann", "gold": 50}]).to_dict()
    >>> spec["encoding"]["x"]["title"], spec["encoding"]["color"]["legend"]["symbolType"][:8]
    ('round', 'M-1,0L1,')
    """
    df = pd.DataFrame(rows)[["round", "player", "gold"]]
    # vl-convert aborts the whole process on a control character in chart text
    df["player"] = df["player"].map(printable)
    legend = alt.Legend(symbolType=LINE_WITH_POINT, symbolStrokeWidth=2, symbolSize=120)
    return (
        alt.Chart(df, title=printable(title or _("Gold after each round")))
        .mark_line(point=True)
        .encode(
            x=alt.X("round:O", title=_("round"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y("gold:Q", title=_("gold")),
            color=alt.Color("player:N", title=_("player"), legend=legend),
            tooltip=tips("round", "player", "gold"),
        )
        .properties(width=420, height=220)
    )
