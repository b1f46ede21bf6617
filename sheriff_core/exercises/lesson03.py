"""Self-checks of lesson 03 (inspection and bribes).

03.1 -- in the deal ``deal_to_inspection(seed=2)`` (not the demonstration's deal, so
the lesson's outputs do not show the answer), does the Sheriff who threatens Ben end
the round with more gold by letting his bag pass, taking whatever Ben offers
(``"pass"``), or by opening it (``"inspect"``)?
The check plays both on fresh copies of the deal.

>>> from sheriff_core.exercises import check
>>> check("03.1", ...)
Not yet. Deal it with deal_to_inspection(seed=2), threaten Ben and hear his answer (bots[1].choose(game)); then weigh what passing brings against what opening brings (sc.inspect_bag tells you the fine, or what an honest bag costs the Sheriff).
>>> check("03.1", "open it")
Not quite: answer "pass" or "inspect", not 'open it'.
"""

from __future__ import annotations

from typing import Any

from sheriff_core.engine.actions import Inspect, LetPass, Threaten
from sheriff_core.engine.view import observe
from sheriff_core.exercises import exercise

CHOICES = ("pass", "inspect")
SEED = 2  # the exercise's deal


def sheriff_gold(choice: str, seed: int = 0) -> int:
    """The Sheriff's gold after threatening Ben, hearing his bot's offer and then
    letting the bag pass (``"pass"``) or opening it (``"inspect"``).

    >>> sheriff_gold("pass") - sheriff_gold("inspect") != 0
    True
    """
    from sheriff_core.present.widgets.inspection import deal_to_inspection

    game, bots = deal_to_inspection(seed=seed)
    game.apply(Threaten(1))
    game.apply(bots[1].choose(observe(game, 1)))  # Ben's answer to the threat
    game.apply(LetPass(1) if choice == "pass" else Inspect(1))
    return game.gold[game.sheriff]


@exercise(
    "03.1",
    hint="Deal it with deal_to_inspection(seed=2), threaten Ben and hear his answer "
    "(bots[1].choose(game)); then weigh what passing brings against what opening brings "
    "(sc.inspect_bag tells you the fine, or what an honest bag costs the Sheriff).",
    right="That choice leaves the Sheriff with more gold, as both endings played on the "
    "engine show: weigh what a bag brings when it passes against what opening it brings "
    "(a fine for a lie, compensation to pay for the truth).",
)
def _better_choice(answer: Any) -> str | None:
    if answer not in CHOICES:
        return f'answer "pass" or "inspect", not {answer!r}'
    gold = {c: sheriff_gold(c, SEED) for c in CHOICES}
    if gold[answer] < max(gold.values()):
        return (
            f'with "{answer}" the Sheriff ends the round with {gold[answer]} gold; play the '
            "other ending too and compare"
        )
    return None
