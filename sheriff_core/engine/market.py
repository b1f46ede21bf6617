"""The market phase: each merchant in turn sets cards aside on a discard pile (or keeps
the hand), takes cards from the discard piles where the variant allows it, and draws
back up to a full hand."""

from __future__ import annotations

from sheriff_core.base.errors import IllegalMarket
from sheriff_core.base.i18n import Names
from sheriff_core.engine.actions import Market
from sheriff_core.engine.events import MarketTurn
from sheriff_core.engine.state import GameState, take_multiset


class MarketRules(GameState):
    """The market turn: its check and its effect."""

    def _check_market(self, a: Market) -> list[str]:
        v = self.variant
        seat = self.order[self.turn]
        hand = self.hands[seat]
        # MKT-2: set aside 0 to 5 cards (field set_aside_max); 2E-MKT-2, DIS-MKT-1
        if len(a.set_aside) > v.set_aside_max:
            raise IllegalMarket(
                "you may set aside at most {set_aside_max} cards, not {n_set_aside}",
                set_aside_max=v.set_aside_max,
                n_set_aside=len(a.set_aside),
            )
        # MKT-2: only cards from your own hand
        rest = take_multiset(hand, a.set_aside)
        if rest is None:
            raise IllegalMarket(
                "cannot set aside {set_aside}: only cards in your hand ({hand}) may be set aside",
                set_aside=Names(a.set_aside),
                hand=Names(hand),
            )
        # MKT-5: the set-aside cards go onto one discard pile of your choice
        if not 0 <= a.pile < len(self.piles):
            raise IllegalMarket(
                "there is no discard pile {pile}; piles are numbered 0-{value}",
                pile=a.pile,
                value=len(self.piles) - 1,
            )
        if not a.take:
            return rest
        # 2E-MKT-2, DIS-MKT-1: draw from the draw pile only (field draw_from_discards)
        if not v.draw_from_discards:
            raise IllegalMarket("in this variant merchants draw from the draw pile only")
        # MKT-3: take no more cards than you need to draw back up to a full hand
        need = v.hand_size - len(hand) + len(a.set_aside)
        if len(a.take) > need:
            raise IllegalMarket(
                "you draw back up to {hand_size} cards: {need} to draw, not {n_take} from the discard piles",
                hand_size=v.hand_size,
                need=need,
                n_take=len(a.take),
            )
        # MKT-3: the top card of a pile, one at a time, from either pile in any order
        sizes = list(map(len, self.piles))
        for i in a.take:
            if not 0 <= i < len(sizes):
                raise IllegalMarket(
                    "there is no discard pile {i}; piles are numbered 0-{value}",
                    i=i,
                    value=len(sizes) - 1,
                )
            if sizes[i] == 0:
                raise IllegalMarket("discard pile {i} has no more cards to take", i=i)
            sizes[i] -= 1
        return rest

    def _do_market(self, a: Market, hand: list[str]) -> None:
        v = self.variant
        seat = self.order[self.turn]
        # hand: a new list, the hand without the set-aside cards (from _check_market)
        # "discard-then-draw" (2nd edition): the set-aside cards are on the pile before
        # the draw, so a reshuffle during this draw takes them in. "draw-then-discard"
        # (1st edition): they go on the pile after the draw. (Taking from the discard
        # piles is only allowed with draw-then-discard: the variant loader checks it.)
        # MKT-5 (draw, then discard) or 2E-MKT-2 (discard, then draw): field market_order
        first = v.market_order == "discard-then-draw"
        piles = self.piles
        if first and a.set_aside:
            self.piles[a.pile].extend(a.set_aside)
        took: list[str] = []
        # MKT-3, MKT-4: the discard piles first, then the draw pile (DECK-1, DECK-2 in _draw_many)
        if a.take:
            for i in a.take:
                took.append(piles[i].pop())
            hand.extend(took)
        drawn = self._draw_many(v.hand_size - len(hand)) if len(hand) < v.hand_size else []
        hand.extend(drawn)
        self.hands[seat] = hand
        if a.set_aside and not first:
            self.piles[a.pile].extend(a.set_aside)
        self._emit(
            MarketTurn(
                self.round, seat, list(a.set_aside), a.pile, took, list(a.take), len(drawn), drawn
            )
        )
        self.turn += 1
