"""Self-checks of lesson 00 (Start here).

The checks replay the lesson's seeded game with the library and compare.

>>> from sheriff_core.exercises import check
>>> check("00.1", "eleven")
Not quite: give a whole number of bags, like 3, not 'eleven' (str).
>>> check("00.1", -1)
Not quite: a count of bags cannot be negative.

In Thai or Chinese (:func:`sheriff_core.set_language`) the check answers in that language:

>>> from sheriff_core.base.i18n import language
>>> with language("zh"):
...     check("00.1", -1)
还不对：袋子的数目不能是负数。

A count made with pandas or numpy (``(bags["outcome"] == ...).sum()`` is a numpy
integer) is checked like a Python ``int``:

>>> import numpy as np
>>> check("00.1", np.int64(10**6)).status
'not quite'
"""

from __future__ import annotations

from functools import lru_cache
from numbers import Integral, Real

import sheriff_core as sc
from sheriff_core.base.i18n import N_, _
from sheriff_core.bots import make_player
from sheriff_core.engine.events import Inspected
from sheriff_core.engine.game import Game
from sheriff_core.exercises import exercise
from sheriff_core.play.narrate import play_rounds

__all__ = ["MERCHANTS", "SHERIFF", "lesson_game"]

#: The lesson's lineup: one merchant strategy per seat, all with this Sheriff bot.
MERCHANTS = ("honest", "smuggler", "bluffer", "briber")
SHERIFF = "threshold:bribe=3"


@lru_cache(maxsize=1)
def _played() -> str:
    game = sc.new_game("classic", players=4, seed=1)
    play_rounds(game, [make_player(m, SHERIFF) for m in MERCHANTS])
    return game.to_json()


def lesson_game() -> Game:
    """The lesson's game (classic, 4 players, seed 1, the four bots), played to the end.

    >>> lesson_game().is_over
    True
    """
    return Game.from_json(_played())


def lies_caught(game: Game) -> int:
    """How many bags the Sheriffs opened that were lies, from the event log."""
    return sum(1 for e in game.events if type(e) is Inspected and not e.truthful)


@exercise(
    "00.1",
    hint=N_(
        "Look at the outcome column of `bags`: which outcome means that the Sheriff "
        "opened a bag and found a lie? Count those rows."
    ),
    right=N_("Every one of those bags was opened and held something other than its declaration."),
)
def _caught(answer: object) -> str | None:
    if (
        isinstance(answer, bool)
        or not isinstance(answer, Real)
        or not (isinstance(answer, Integral) or float(answer).is_integer())  # 3.0, numpy 3.0
    ):
        return _("give a whole number of bags, like 3, not {answer} ({type})").format(
            answer=repr(answer), type=type(answer).__name__
        )
    bags = int(answer) if isinstance(answer, Integral) else int(float(answer))  # numpy too
    if bags < 0:
        return _("a count of bags cannot be negative")
    game = lesson_game()
    right = lies_caught(game)
    if bags == right:
        return None
    opened = sum(1 for e in game.events if type(e) is Inspected)
    if bags > opened:
        return _("{bags} is more than all the bags the Sheriffs opened ({opened})").format(
            bags=bags, opened=opened
        )
    if bags > right:
        return _("{bags} is too high: count only opened bags that held a lie").format(bags=bags)
    return _("{bags} is too low: some opened lies are missing from your count").format(bags=bags)
