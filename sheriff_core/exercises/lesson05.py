"""Self-checks of lesson 05 (Variants).

>>> from sheriff_core.exercises import check
>>> check("05.1", "cheater")
Not quite: 'cheater' is not one of the merchant strategies at the table: honest, smuggler, bluffer, briber.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import sheriff_core as sc
from sheriff_core.analysis.sim import DEFAULT_MERCHANTS
from sheriff_core.exercises import exercise
from sheriff_core.present.widgets.explore import GAMES

__all__ = ["EXPERIMENT", "win_rates_against_inspector"]

#: The exercise's experiment, as set in the lesson's picker (its default number of games,
#: on the compiled simulator where it plays them: the same games as the rules engine's).
EXPERIMENT: dict[str, Any] = dict(
    variant="classic",
    players=4,
    games=GAMES,
    seed=0,
    sheriffs="always-inspect",
    engine="auto",
)


@lru_cache(maxsize=1)
def win_rates_against_inspector() -> dict[str, float]:
    """Share of its seats each default merchant strategy wins in :data:`EXPERIMENT`.

    >>> sorted(win_rates_against_inspector()) == sorted(DEFAULT_MERCHANTS)
    True
    """
    table = sc.simulate(**EXPERIMENT, progress=False)
    return table.groupby("strategy")["win"].mean().to_dict()


@exercise(
    "05.1",
    hint="In the picker choose the Sheriff bot always-inspect (classic, 4 players, "
    f"{GAMES:,} games, seed 0) and read the win-rate chart.",
    right="That strategy wins more of its seats than any other when every bag is opened.",
)
def _best(answer: object) -> str | None:
    if not isinstance(answer, str):
        return f'name a strategy as a string, like "smuggler", not a {type(answer).__name__}'
    if answer not in DEFAULT_MERCHANTS:
        return f"{answer!r} is not one of the merchant strategies at the table: " + ", ".join(
            DEFAULT_MERCHANTS
        )
    rates = win_rates_against_inspector()
    if rates[answer] == max(rates.values()):
        return None
    return (
        f"the {answer} wins {rates[answer]:.0%} of its seats against always-inspect; "
        "another strategy wins more often"
    )
