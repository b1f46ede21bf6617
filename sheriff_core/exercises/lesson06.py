"""Self-checks for lesson 06, the game theory of bluffing.

Every right answer is computed with the library (:func:`sheriff_core.theory.equilibrium`
of :func:`sheriff_core.theory.inspection_game`), never typed in; a wrong answer is told
what it does instead, not what the solution is.

>>> from sheriff_core.exercises import check
>>> check("06.1", 3)
Not quite: at a fine of 3 per card the merchant smuggles 0.769 of the time, not 1/2; a harsher fine makes him smuggle less.
>>> check("06.1", "ten")
Not quite: 'ten' is not a number; the answer is a fine in gold per card.
>>> check("06.2", 0.2)
Not quite: 0.200 is the inspection rate for one Pepper; the bag here holds two (j = 2).
"""

from __future__ import annotations

from typing import Any

from sheriff_core.exercises import exercise, number

__all__: list[str] = []

#: The one-bag game of both exercises: 5 cards declared as Apples, Pepper smuggled.
BAG = {"legal": "Apples", "contraband": "Pepper"}


def _equilibrium(variant: str, **overrides: Any) -> Any:
    from sheriff_core import load_variant, theory

    return theory.equilibrium(
        theory.inspection_game(
            load_variant(variant), legal=BAG["legal"], contraband=BAG["contraband"], **overrides
        )
    )


@exercise(
    "06.1",
    hint=(
        "Write s* for the summary sheet with k = 5 Apples (penalty 2 each) and j = 1, "
        "set it to 1/2 and solve for the fine per card; the sliders can confirm it."
    ),
    right=(
        "At that fine the Sheriff's reward for a catch equals the compensation he pays "
        "for opening an honest bag, so he is indifferent only when half the bags lie."
    ),
)
def _fine_for_half(answer: Any) -> str | None:
    fine = number(answer, "a fine in gold per card")
    if isinstance(fine, str):
        return fine
    if fine <= 0:
        return f"a fine of {fine:g} is no fine: the rules' fines are positive"
    smuggle = _equilibrium("summary-sheet", j=1, penalty=fine).smuggle_prob
    if abs(smuggle - 0.5) < 1e-9:
        return None
    direction = "less" if smuggle > 0.5 else "more"
    harsher = "harsher" if smuggle > 0.5 else "milder"
    return (
        f"at a fine of {fine:g} per card the merchant smuggles {smuggle:.3f} of the time, "
        f"not 1/2; a {harsher} fine makes him smuggle {direction}"
    )


@exercise(
    "06.2",
    hint=(
        "Use the formula for q* with the classic numbers: k = 5 cards declared as Apples "
        "(vL = 2, pL = 2), j = 2 of them Pepper (vC = 6, pC = 4). Answer a probability."
    ),
    right=(
        "Two Pepper gain the merchant more when they pass, so the Sheriff must open bags "
        "more often than with one to keep him indifferent."
    ),
)
def _inspect_two_pepper(answer: Any) -> str | None:
    rate = number(answer, "a probability between 0 and 1")
    if isinstance(rate, str):
        return rate
    if not 0 <= rate <= 1:
        return f"{rate:g} is not a probability: give a number between 0 and 1"
    two = _equilibrium("classic", j=2)
    if abs(rate - two.inspect_prob) < 0.0005:
        return None
    if abs(rate - _equilibrium("classic", j=1).inspect_prob) < 0.0005:
        return f"{rate:.3f} is the inspection rate for one Pepper; the bag here holds two (j = 2)"
    if abs(rate - two.smuggle_prob) < 0.0005:
        return (
            f"{rate:.3f} is how often the merchant smuggles (s*), not how often the Sheriff "
            "inspects (q*)"
        )
    return (
        f"{rate:.3f} is not the Sheriff's equilibrium inspection rate for 2 Pepper among 5 "
        "cards declared as Apples; check j·(vC − vL) and k·pL + j·(vC + pC)"
    )
