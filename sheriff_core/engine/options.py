"""The legal actions of each step as :class:`~sheriff_core.engine.game.LegalActions`
lists them (one action per distinct effect) and counts them (without listing where that
is cheaper: the market's thousands of orders), for the step table ``STEPS``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import permutations
from math import comb

from sheriff_core.engine.actions import (
    Accept,
    Action,
    ChooseStarter,
    Confiscate,
    Declare,
    Decline,
    Done,
    Exchange,
    Inspect,
    LetPass,
    Load,
    Market,
    Offer,
    Threaten,
)
from sheriff_core.engine.state import GameState
from sheriff_core.engine.steps import ConfiscateChoice, ExchangeChoice


class LegalOptions(GameState):
    """Per step: what iterating ``legal_actions()`` lists, and its ``len`` where counted."""

    # What iterating LegalActions lists, per step (see STEPS).

    def _options_none(self) -> Iterator[Action]:
        return iter(())

    def _options_starter(self) -> Iterator[Action]:
        return (ChooseStarter(s) for s in self.merchants)

    def _options_market(self) -> Iterator[Action]:
        yield from (Exchange(t) for t in self._exchanges(self.order[self.turn]))
        yield from self._enumerate_market()

    def _options_load(self) -> Iterator[Action]:
        v = self.variant
        seat = self.merchant_order[self.turn]
        yield from (Exchange(t) for t in self._exchanges(seat))
        hand = self.hands[seat]
        for k in range(v.bag_min, min(v.bag_max, len(hand)) + 1):
            yield from (Load(c) for c in _sub_multisets(hand, k))

    def _options_declare(self) -> Iterator[Action]:
        seat = self.merchant_order[self.turn]
        yield from (Exchange(t) for t in self._exchanges(seat))
        size = len(self.bags[seat])
        yield from (Declare(g, size) for g in self.variant.legal_goods)

    def _options_vote(self) -> Iterator[Action]:
        seat = self._vote().seat
        return (a for a in (Inspect(seat), LetPass(seat)) if self.can(a))

    def _options_exchange(self) -> Iterator[Action]:
        yield from (Exchange(t) for t in self._exchanges(self._pending(ExchangeChoice).seat))
        yield Done()

    def _options_sheriff(self) -> Iterator[Action]:
        for s in self.unresolved():
            for a in (Threaten(s), Inspect(s), LetPass(s)):
                if self.can(a):
                    yield a

    def _options_negotiation(self) -> Iterator[Action]:
        seat = self._negotiation().seat
        for a in (Inspect(seat), LetPass(seat)):
            if self.can(a):
                yield a
        yield from (Offer(g) for g in range(self.gold[seat] + 1))

    def _options_merchant(self) -> Iterator[Action]:
        seat = self._negotiation().seat
        yield Decline()
        if self.can(Accept()):
            yield Accept()
        yield from (Offer(g) for g in range(self.gold[seat] + 1))

    def _options_confiscate(self) -> Iterator[Action]:
        cards = self._pending(ConfiscateChoice).cards
        for p in range(len(self.piles)):
            for order in sorted(set(permutations(cards))):
                yield Confiscate(p, order)

    def _options_debt(self) -> Iterator[Action]:
        return iter(self.debt_options())

    # len(LegalActions) without listing, where that is cheaper (see STEPS).

    def _count_market(self) -> int:
        v = self.variant
        seat = self.order[self.turn]
        hand = self.hands[seat]
        total = len(self._exchanges(seat)) + 1  # + Market() for "keep"
        caps = list(Counter(hand).values())
        sizes = [len(p) for p in self.piles]
        for k in range(1, min(v.set_aside_max, len(hand)) + 1):
            need = v.hand_size - len(hand) + k
            takes = _count_sequences(sizes, need if v.draw_from_discards else 0, upto=True)
            total += _count_sequences(caps, k) * takes * len(self.piles)
        return total

    def _count_load(self) -> int:
        v = self.variant
        seat = self.merchant_order[self.turn]
        hand = self.hands[seat]
        caps = list(Counter(hand).values())
        total = len(self._exchanges(seat))
        for k in range(v.bag_min, min(v.bag_max, len(hand)) + 1):
            total += _count_multisets(caps, k)
        return total

    def _count_confiscate(self) -> int:
        caps = list(Counter(self._pending(ConfiscateChoice).cards).values())
        return len(self.piles) * _count_sequences(caps, sum(caps))

    # ------------------------------------------------------------ the market's turns

    def _enumerate_market(self) -> Iterator[Market]:
        v = self.variant
        hand = self.hands[self.order[self.turn]]
        yield Market()
        for k in range(1, min(v.set_aside_max, len(hand)) + 1):
            need = v.hand_size - len(hand) + k
            for subset in _sub_multisets(hand, k):
                orders = sorted(set(permutations(subset)))
                for take in self._take_sequences(need if v.draw_from_discards else 0):
                    for pile in range(len(self.piles)):
                        for order in orders:
                            yield Market(order, take, pile)

    def _take_sequences(self, most: int) -> Iterator[tuple[int, ...]]:
        sizes = [len(p) for p in self.piles]

        def grow(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
            yield prefix
            if len(prefix) == most:
                return
            for i, size in enumerate(sizes):
                if prefix.count(i) < size:
                    yield from grow(prefix + (i,))

        yield from grow(())


def _count_sequences(caps: Sequence[int], k: int, upto: bool = False) -> int:
    """Distinct sequences of length ``k`` (every length 0..k if ``upto``) drawn from
    kinds with ``caps[i]`` copies each: sum of k!/prod(c_i!) over counts c_i <= caps[i].

    >>> _count_sequences([2, 1], 2), _count_sequences([2, 1], 2, upto=True)
    (3, 6)
    """
    ways = [1] + [0] * k  # ways[L]: sequences of length L from the kinds seen so far
    for cap in caps:
        new = [0] * (k + 1)
        for length, w in enumerate(ways):
            if w:
                for c in range(min(cap, k - length) + 1):
                    new[length + c] += w * comb(length + c, c)
        ways = new
    return sum(ways) if upto else ways[k]


def _count_multisets(caps: Sequence[int], k: int) -> int:
    """Distinct sub-multisets of size ``k`` of kinds with ``caps[i]`` copies each.

    >>> _count_multisets([2, 1], 2)
    2
    """
    ways = [1] + [0] * k
    for cap in caps:
        new = [0] * (k + 1)
        for length, w in enumerate(ways):
            if w:
                for c in range(min(cap, k - length) + 1):
                    new[length + c] += w
        ways = new
    return ways[k]


def _sub_multisets(cards: Sequence[str], k: int) -> Iterator[tuple[str, ...]]:
    """Distinct sub-multisets of size k, each as a tuple in first-seen card order."""
    counts = Counter(cards)
    names = list(counts)

    def rec(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(names):
            return
        for take in range(min(counts[names[i]], left), -1, -1):
            for rest in rec(i + 1, left - take):
                yield (names[i],) * take + rest

    yield from rec(0, k)
