"""Self-checks of lesson 02 (Load and declare).

>>> from sheriff_core.exercises import check
>>> check("02.1", "Silk")
Not quite: cannot declare Silk: only legal goods (Apples, Cheese, Bread, Chickens) may be declared.
"""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.exercises import exercise

__all__ = ["WILL_BAG", "cost_if_opened"]

#: Will Scarlet's bag in the rulebook's example.
WILL_BAG = ("Chickens", "Chickens", "Cheese", "Silk")


def cost_if_opened(good: str, bag: tuple[str, ...] = WILL_BAG) -> int:
    """Gold the merchant pays when ``bag``, declared as all ``good``, is opened (classic).

    >>> cost_if_opened("Apples", ("Apples", "Pepper"))
    4
    """
    classic = sc.load_variant("classic")
    return sc.inspect_bag(classic, list(bag), good, len(bag)).merchant_pays


@exercise(
    "02.1",
    hint="An opened bag costs the merchant the penalty of every card that does not match "
    "the declaration. Try each legal good with bag_outcomes and compare.",
    right="Declaring the good you really carry most of leaves the fewest cards to "
    "confiscate, so the fine is the smallest.",
)
def _cheapest(answer: object) -> str | None:
    if not isinstance(answer, str):
        return f'name one good as a string, like "Apples", not a {type(answer).__name__}'
    classic = sc.load_variant("classic")
    if answer not in classic.goods:
        return f"{answer!r} is not a good of the classic game: {', '.join(classic.goods)}"
    try:
        sc.check_declaration(classic, len(WILL_BAG), answer, len(WILL_BAG))
    except sc.IllegalDeclaration as err:
        return str(err)
    costs = {good: cost_if_opened(good) for good in classic.legal_goods}
    if costs[answer] == min(costs.values()):
        return None
    return (
        f"declaring 4 {answer}, Will pays {costs[answer]} gold if the bag is opened; "
        "another legal good costs him less"
    )
