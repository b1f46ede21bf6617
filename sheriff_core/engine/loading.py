"""Loading and declaring: each merchant in turn puts cards from the hand in the bag (1-5 in
the classic game), then, in the same order, declares it (one legal good, the exact
number of cards)."""

from __future__ import annotations

from sheriff_core.base.errors import IllegalLoad
from sheriff_core.base.i18n import Names
from sheriff_core.engine.actions import Declare, Load
from sheriff_core.engine.events import Declared, Loaded
from sheriff_core.engine.state import GameState, take_multiset
from sheriff_core.rules.cards import check_declaration


class LoadRules(GameState):
    """Load and declare: their checks and effects."""

    def _check_load(self, a: Load) -> list[str]:
        v = self.variant
        seat = self.merchant_order[self.turn]
        # LOAD-1: 1 to 5 cards in the bag (fields bag_min, bag_max)
        if not v.bag_min <= len(a.cards) <= v.bag_max:
            raise IllegalLoad(
                "a bag holds {bag_min}-{bag_max} cards, not {n_cards}",
                bag_min=v.bag_min,
                bag_max=v.bag_max,
                n_cards=len(a.cards),
            )
        # LOAD-1: only cards from the hand go in the bag
        rest = take_multiset(self.hands[seat], a.cards)
        if rest is None:
            raise IllegalLoad(
                "cannot load {cards}: only cards in your hand ({hands}) go in the bag",
                cards=Names(a.cards),
                hands=Names(self.hands[seat]),
            )
        return rest

    def _do_load(self, a: Load, rest: list[str]) -> None:
        seat = self.merchant_order[self.turn]
        self.hands[seat] = rest  # a new list, from _check_load
        # LOAD-2: the bag is closed; no action changes it until it is settled
        self.bags[seat] = list(a.cards)
        self._emit(Loaded(self.round, seat, list(a.cards), len(a.cards)))
        self.turn += 1

    # ------------------------------------------------------------ declare

    def _check_declare(self, a: Declare) -> None:
        size = len(self.bags[self.merchant_order[self.turn]])
        v = self.variant
        # DECL-1 (a legal good; ROY-2: never a royal good), DECL-2 (one kind),
        # DECL-3 (exactly the number of cards in the bag): rules.cards.check_declaration
        if a.count != size or a.good not in self._declarable or not v.bag_min <= size <= v.bag_max:
            check_declaration(self.variant, size, a.good, a.count)  # raises, naming the rule

    def _do_declare(self, a: Declare, _: None) -> None:
        seat = self.merchant_order[self.turn]
        self.declared[seat] = (a.good, a.count)
        self._emit(Declared(self.round, seat, a.good, a.count))
        self.turn += 1
