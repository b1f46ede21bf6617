"""Self-checks for lesson 09, the house-rules lab.

The right answers are computed with the libraries the lab uses: the games needed from
the power of the paired t-test (``statsmodels``' ``TTestPower`` at
:data:`sheriff_core.analysis.lab.POWER`, as :func:`sheriff_core.analysis.lab.compare_rules` says it), the
house rule by :func:`sheriff_core.rules.house.house_rule` (the variant loader itself).

>>> from sheriff_core.exercises import check
>>> check("09.1", 40)
Not quite: 40 games tell a difference of 0.15 standard deviations apart from noise only 15% of the time, not 80%; more games are needed.
>>> check("09.2", {"setup.starting_gold": 30})
Not quite: the bags of this house rule hold 1 to 5 cards; the rule asks for another size.
>>> check("09.2", {"setup.startingGold": 30})
Not quite: the variant loader refuses it: classic-house.toml: [setup] unknown key 'startingGold' (= 30); known keys: ['discard_pile_setup', 'discard_piles', 'hand_size', 'starting_gold'].
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from sheriff_core.exercises import exercise, number

__all__ = ["DIFFERENCE", "SPREAD", "CONFIDENCE", "HOUSE_RULE", "games_needed", "power_at"]

#: 09.1: the difference in mean score to tell apart, and the standard deviation of the
#: per-game (paired) differences, in points.
DIFFERENCE, SPREAD = 1.5, 10.0
CONFIDENCE = 0.95

#: 09.2: the house rule described in the lesson, as field values of ``classic``.
HOUSE_RULE = {
    "setup.starting_gold": 30,
    "round.bag_min": 2,
    "round.bag_max": 4,
    "goods.Crossbow.penalty": 9,
}


def power_at(games: float, difference: float = DIFFERENCE, spread: float = SPREAD) -> float:
    """The chance that ``games`` paired games show ``difference`` as distinguishable from
    noise (paired t-test at :data:`CONFIDENCE`).

    >>> round(power_at(352), 2)
    0.8
    """
    from statsmodels.stats.power import TTestPower

    return float(
        TTestPower().power(effect_size=difference / spread, nobs=games, alpha=1 - CONFIDENCE)
    )


def games_needed(difference: float = DIFFERENCE, spread: float = SPREAD) -> int:
    """Paired games needed to tell ``difference`` from noise with the lab's power.

    >>> games_needed()
    351
    """
    from statsmodels.stats.power import TTestPower

    from sheriff_core.analysis.lab import POWER

    n = TTestPower().solve_power(
        effect_size=difference / spread, alpha=1 - CONFIDENCE, power=POWER, nobs=None
    )
    return math.ceil(n)


@exercise(
    "09.1",
    hint=(
        "The effect size is the difference divided by the standard deviation of the paired "
        "differences; the games needed at 95 % confidence and 80 % power are about "
        "((1.96 + 0.84) / effect)² (statsmodels' TTestPower gives the exact number)."
    ),
    right=(
        "Halving the difference you want to see quadruples the games needed: the noise of "
        "a mean shrinks with the square root of the number of games."
    ),
)
def _games_for_difference(answer: Any) -> str | None:
    from sheriff_core.analysis.lab import POWER

    games = number(answer, "a number of games")
    if isinstance(games, str):
        return games
    if games < 2:
        return f"{games:g} games cannot show a difference: a paired test needs at least 2"
    need = games_needed()
    if abs(games - need) <= max(3, 0.02 * need):
        return None
    power = power_at(games)
    if games < need:
        return (
            f"{games:g} games tell a difference of {DIFFERENCE / SPREAD:.2f} standard "
            f"deviations apart from noise only {power:.0%} of the time, not {POWER:.0%}; "
            "more games are needed"
        )
    if abs(games - 2 * need) <= 0.1 * need:
        return (
            f"{games:g} is about twice too many: the two rule sets are played on the same "
            "seeds, so it is one sample of paired differences, not two independent samples"
        )
    return (
        f"{games:g} games would tell it apart {power:.1%} of the time, more than the "
        f"{POWER:.0%} asked: fewer games are enough"
    )


@exercise(
    "09.2",
    hint=(
        "Write a dict whose keys are field paths such as 'setup.starting_gold' or "
        "'goods.Pepper.penalty' (see editable_fields) and whose values are the new numbers."
    ),
    right="The loader accepts it and every rule described is in force, and nothing else.",
)
def _changes_mapping(answer: Any) -> str | None:
    from sheriff_core.base.errors import VariantError
    from sheriff_core.rules.house import editable_fields, house_rule

    if not isinstance(answer, Mapping):
        return (
            f"{answer!r} is not a mapping; write a dict like "
            "{'goods.Pepper.penalty': 6} with one entry per rule changed"
        )
    try:
        mine = house_rule("classic", answer)
    except VariantError as exc:
        return f"the variant loader refuses it: {exc}"
    want = house_rule("classic", HOUSE_RULE)
    if mine.starting_gold != want.starting_gold:
        return f"the house rule starts with {mine.starting_gold} gold, not what the rule says"
    if (mine.bag_min, mine.bag_max) != (want.bag_min, want.bag_max):
        return (
            f"the bags of this house rule hold {mine.bag_min} to {mine.bag_max} cards; the "
            "rule asks for another size"
        )
    if mine.goods["Crossbow"].penalty != want.goods["Crossbow"].penalty:
        return (
            f"the Crossbow is fined {mine.goods['Crossbow'].penalty} per card, not what the "
            "rule says"
        )
    theirs = {f.path: f.value for f in editable_fields(mine)}
    for f in editable_fields(want):
        if theirs.get(f.path) != f.value:
            return f"it also changes {f.label!r}, which the rule leaves as in classic"
    return None
