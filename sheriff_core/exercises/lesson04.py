"""Self-checks of lesson 04 (End of round and scoring).

>>> from sheriff_core.exercises import check
>>> check("04.1", {"Ann": 10, "Ben": 5})
Not quite: give a number for each of Ann, Ben and Cat (missing: Cat).
"""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.exercises import exercise

__all__ = ["CHICKENS", "chicken_bonus"]

#: The exercise's position: Chickens on each player's stand.
CHICKENS = {"Ann": 2, "Ben": 2, "Cat": 1}


def chicken_bonus(chickens: dict[str, int] = CHICKENS) -> dict[str, int]:
    """Each player's King/Queen bonus for Chickens (classic), from :func:`sc.final_scores`.

    >>> chicken_bonus({"Ann": 3, "Ben": 1})
    {'Ann': 10, 'Ben': 5}
    """
    classic = sc.load_variant("classic")
    stands = {p: ["Chickens"] * n for p, n in chickens.items()}
    table = sc.final_scores(classic, stands, {p: 0 for p in chickens})
    return {p: int(b) for p, b in table.set_index("player")["bonus_Chickens"].items()}


@exercise(
    "04.1",
    hint="Read the tie rules above: when two players share the most of a good, what do "
    "they split, and is anybody Queen then?",
    right="A King tie splits King + Queen between the tied players, rounded down, and "
    "nobody gets the Queen's bonus.",
)
def _chickens(answer: object) -> str | None:
    if not isinstance(answer, dict):
        return 'give a dict of points per player, like {"Ann": 0, "Ben": 0, "Cat": 0}'
    missing = [p for p in CHICKENS if p not in answer]
    if missing:
        return f"give a number for each of Ann, Ben and Cat (missing: {', '.join(missing)})"
    extra = [repr(p) for p in answer if p not in CHICKENS]
    if extra:
        return f"only Ann, Ben and Cat play: remove {', '.join(extra)}"
    for player, points in answer.items():
        if isinstance(points, bool) or not isinstance(points, int):
            return f"{player}'s bonus must be a whole number of points (bonuses round down)"
    truth = chicken_bonus()
    wrong = [
        f"{p}'s {answer[p]} is too {'high' if answer[p] > truth[p] else 'low'}"
        for p in CHICKENS
        if answer[p] != truth[p]
    ]
    return "; ".join(wrong) or None
