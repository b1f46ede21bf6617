"""Pure rules about cards: the deck for a player count and what an inspection does.

These functions read a :class:`~sheriff_core.rules.variants.Variant` and their
arguments only; the game engine calls them too, so a notebook that asks "what
happens if this bag is inspected?" gets exactly the engine's answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sheriff_core.base.errors import IllegalDeclaration
from sheriff_core.base.i18n import Names, Term
from sheriff_core.rules.variants import Variant

__all__ = ["build_deck", "check_declaration", "Inspection", "inspect_bag", "split_bag"]


def build_deck(variant: Variant, players: int = 4) -> list[str]:
    """The card names for ``players``, unshuffled, in the variant's goods order.

    >>> from sheriff_core import load_variant
    >>> len(build_deck(load_variant("classic"), 4)), len(build_deck(load_variant("classic"), 3))
    (204, 156)
    """
    deck: list[str] = []
    for name, n in variant.deck_counts(players).items():
        deck.extend([name] * n)
    return deck


def check_declaration(variant: Variant, bag_size: int, declared: str, count: int) -> None:
    """Raise :class:`IllegalDeclaration` unless ``count`` x ``declared`` is a legal declaration.

    >>> from sheriff_core import load_variant
    >>> check_declaration(load_variant("classic"), 3, "Pepper", 3)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.IllegalDeclaration: cannot declare Pepper: only legal goods (Apples, Cheese, Bread, Chickens) may be declared
    """
    if not variant.bag_min <= bag_size <= variant.bag_max:
        raise IllegalDeclaration(
            "a bag holds {bag_min}-{bag_max} cards, not {bag_size}",
            bag_min=variant.bag_min,
            bag_max=variant.bag_max,
            bag_size=bag_size,
        )
    good = variant.goods.get(declared)
    if good is None or good.kind != "legal":
        raise IllegalDeclaration(
            "cannot declare {declared}: only legal goods ({legal_goods}) may be declared",
            declared=Term(declared),
            legal_goods=Names(variant.legal_goods),
        )
    if count != bag_size:
        raise IllegalDeclaration(
            "cannot declare {count} {declared}: you must declare the exact number of cards in your bag ({bag_size})",
            count=count,
            declared=Term(declared),
            bag_size=bag_size,
        )


@dataclass(frozen=True, slots=True)
class Inspection:
    """The outcome of opening a bag.

    ``merchant_pays`` > 0: the merchant pays the Sheriff that much (fines);
    < 0: the Sheriff pays the merchant (compensation for an honest bag).
    """

    truthful: bool
    admitted: list[str]
    confiscated: list[str]
    merchant_pays: int


def inspect_bag(variant: Variant, bag: list[str], declared: str, count: int) -> Inspection:
    """What happens when the Sheriff opens ``bag`` declared as ``count`` x ``declared``.

    Truthful: every card goes to the stand and the Sheriff pays the penalty of
    each. Lying: cards of the declared good go to the stand, the rest are
    confiscated and the merchant pays the penalty of each confiscated card.

    >>> from sheriff_core import load_variant
    >>> v = load_variant("classic")
    >>> inspect_bag(v, ["Chickens", "Chickens", "Cheese", "Silk"], "Chickens", 4)
    Inspection(truthful=False, admitted=['Chickens', 'Chickens'], confiscated=['Cheese', 'Silk'], merchant_pays=6)
    >>> inspect_bag(v, ["Apples"] * 3, "Apples", 3).merchant_pays
    -6
    """
    for card in bag:
        if card not in variant.goods:
            raise IllegalDeclaration(
                "{card!r} is not a card of {name}", card=card, name=variant.name
            )
    check_declaration(variant, len(bag), declared, count)
    penalty = {name: g.penalty for name, g in variant.goods.items()}
    admitted, confiscated, pays = split_bag(bag, declared, penalty)
    return Inspection(not confiscated, admitted, confiscated, pays)


def split_bag(
    bag: list[str], declared: str, penalty: Mapping[str, int]
) -> tuple[list[str], list[str], int]:
    """The rule of an opened bag, for a declaration already checked: (cards of the
    declared good, confiscated cards, what the merchant pays; < 0: the Sheriff pays).
    The engine calls it with its own penalty table; :func:`inspect_bag` checks first.

    >>> split_bag(["Apples", "Silk"], "Apples", {"Apples": 2, "Silk": 4})
    (['Apples'], ['Silk'], 4)
    """
    # One pass, no comprehension (each would build a function object: a hot path).
    admitted: list[str] = []
    confiscated: list[str] = []
    pays = 0
    for c in bag:
        if c == declared:
            admitted.append(c)
        else:
            confiscated.append(c)
            pays += penalty[c]
    if confiscated:
        return admitted, confiscated, pays
    return admitted, confiscated, -penalty[declared] * len(bag) if bag else 0
