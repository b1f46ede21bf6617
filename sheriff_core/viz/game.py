"""Charts of one game: gold after each round (from :func:`sheriff_core.narrate.play_rounds`).

>>> import pandas as pd
>>> rows = pd.DataFrame({"round": [1, 1, 2, 2], "player": ["Ann", "Ben"] * 2,
...                      "gold": [50, 50, 58, 42]})
>>> gold_by_round(rows).to_dict()["mark"]["type"]
'line'
"""

from __future__ import annotations

import altair as alt
import pandas as pd

__all__ = ["gold_by_round"]


def gold_by_round(
    rows: pd.DataFrame | list[dict], title: str = "Gold after each round"
) -> alt.Chart:
    """A line per player: gold (y) after each round (x). ``rows`` has columns
    ``round``, ``player``, ``gold`` (what ``play_rounds`` returns)."""
    df = pd.DataFrame(rows)[["round", "player", "gold"]]
    return (
        alt.Chart(df, title=title)
        .mark_line(point=True)
        .encode(
            x=alt.X("round:O", title="round"),
            y=alt.Y("gold:Q", title="gold"),
            color=alt.Color("player:N", title="player"),
            tooltip=["round", "player", "gold"],
        )
        .properties(width=420, height=220)
    )
