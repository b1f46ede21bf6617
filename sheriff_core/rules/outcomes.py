"""What happens to a bag if the Sheriff lets it pass or opens it (no bribe), as rows.

A rules function (pure Python, from the variant's data and
:func:`~sheriff_core.rules.cards.inspect_bag`); the bag builder widget of notebook 02
(:mod:`sheriff_core.present.widgets.bag`) shows it and re-exports it.

>>> from sheriff_core.rules import load_variant
>>> [r["merchant_gold"] for r in bag_outcomes(load_variant("classic"), ["Apples"] * 3, "Apples", 3)]
[0, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sheriff_core.base.i18n import N_
from sheriff_core.rules.cards import inspect_bag
from sheriff_core.rules.variants import Variant

__all__ = ["bag_outcomes", "OUTCOME_COLUMNS"]

#: Columns of :func:`bag_outcomes`, with their headings in the widget's table.
OUTCOME_COLUMNS: dict[str, str] = {
    "sheriff": "if the Sheriff...",
    "stand_face_up": "to your stand, face up",
    "stand_face_down": "to your stand, face down",
    "confiscated": "confiscated",
    "merchant_gold": "your gold",
    "sheriff_gold": "Sheriff's gold",
    "stand_value": "value of goods you keep",
}


#: The ``sheriff`` column's values (shown translated by the bag builder: ``_(value)``).
LETS_PASS = N_("lets it pass")
INSPECTS = N_("inspects it")


def _names(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "-"


def bag_outcomes(
    variant: Variant, bag: Sequence[str], good: str, count: int
) -> list[dict[str, Any]]:
    """The two outcomes of a bag declared as ``count`` x ``good`` (no bribe): let pass,
    then inspected. Raises the engine's :class:`~sheriff_core.IllegalDeclaration` if the
    declaration is not legal. Gold columns are changes (+ gains, - pays).

    >>> import sheriff_core as sc
    >>> rows = bag_outcomes(sc.load_variant("classic"), ["Chickens", "Chickens", "Cheese", "Silk"], "Chickens", 4)
    >>> [(r["sheriff"], r["confiscated"], r["merchant_gold"], r["stand_value"]) for r in rows]
    [('lets it pass', '-', 0, 19), ('inspects it', 'Cheese, Silk', -6, 8)]
    """
    bag = list(bag)
    res = inspect_bag(variant, bag, good, count)  # checks the declaration first
    goods = variant.goods
    up = [c for c in bag if goods[c].is_legal]
    down = [c for c in bag if not goods[c].is_legal]
    kept_up = [c for c in res.admitted if goods[c].is_legal]
    kept_down = [c for c in res.admitted if not goods[c].is_legal]
    return [
        {
            "sheriff": LETS_PASS,
            "stand_face_up": _names(up),
            "stand_face_down": _names(down),
            "confiscated": "-",
            "merchant_gold": 0,
            "sheriff_gold": 0,
            "stand_value": sum(goods[c].value for c in bag),
        },
        {
            "sheriff": INSPECTS,
            "stand_face_up": _names(kept_up),
            "stand_face_down": _names(kept_down),
            "confiscated": _names(res.confiscated),
            "merchant_gold": -res.merchant_pays,
            "sheriff_gold": res.merchant_pays,
            "stand_value": sum(goods[c].value for c in res.admitted),
        },
    ]
