"""Self-checks of lesson 03 (inspection and bribes).

03.1 -- in the deal ``deal_to_inspection(seed=0)``, does the Sheriff end the round with
more gold by taking Ben's bribe (``"pass"``) or by opening his bag (``"inspect"``)?
The check plays both on fresh copies of the deal.

>>> from sheriff_core.exercises import check
>>> check("03.1", ...)
Not yet. Play both choices on the deal (threaten Ben, hear his offer, then let pass or inspect) and compare the Sheriff's gold.
>>> check("03.1", "open it")
Not quite: answer "pass" or "inspect", not 'open it'.
"""

from __future__ import annotations

from typing import Any

from sheriff_core.engine.actions import Inspect, LetPass, Threaten
from sheriff_core.exercises import exercise

CHOICES = ("pass", "inspect")


def sheriff_gold(choice: str, seed: int = 0) -> int:
    """The Sheriff's gold after threatening Ben, hearing his bot's offer and then
    letting the bag pass (``"pass"``) or opening it (``"inspect"``).

    >>> sheriff_gold("pass") - sheriff_gold("inspect") != 0
    True
    """
    from sheriff_core.widgets.inspection import deal_to_inspection

    game, bots = deal_to_inspection(seed=seed)
    game.apply(Threaten(1))
    game.apply(bots[1].choose(game))  # Ben's answer to the threat
    game.apply(LetPass(1) if choice == "pass" else Inspect(1))
    return game.gold[game.sheriff]


@exercise(
    "03.1",
    hint="Play both choices on the deal (threaten Ben, hear his offer, then let pass or "
    "inspect) and compare the Sheriff's gold.",
    right="That choice leaves the Sheriff with more gold, as both endings played on the "
    "engine show: weigh a sure bribe against the fine an opened bag would bring.",
)
def _better_choice(answer: Any) -> str | None:
    if answer not in CHOICES:
        return f'answer "pass" or "inspect", not {answer!r}'
    gold = {c: sheriff_gold(c) for c in CHOICES}
    if gold[answer] < max(gold.values()):
        return (
            f'with "{answer}" the Sheriff ends with {gold[answer]} gold; the other choice '
            "leaves the Sheriff richer"
        )
    return None
