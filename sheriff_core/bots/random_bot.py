"""A bot that plays uniformly random legal moves, for tests and fuzzing.

It reaches every kind of decision the engine has -- discard-pile draws,
composite bribes with stand goods, bag goods and promises, counter-offers,
debts paid in goods -- so property tests over its games exercise the rules.

>>> import sheriff_core as sc
>>> game = play_game(sc.new_game("classic", players=3, seed=5))
>>> game.is_over, game.round + 1 == game.rounds
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from sheriff_core.base.protocol import GameProtocol
from sheriff_core.engine.actions import (
    Accept,
    Action,
    Confiscate,
    Decline,
    Exchange,
    Inspect,
    LetPass,
    Load,
    Market,
    Offer,
    Promise,
    Threaten,
)
from sheriff_core.engine.steps import ConfiscateChoice
from sheriff_core.engine.view import SeatView, as_view
from sheriff_core.play.driver import drive

__all__ = ["RandomBot", "play_game"]


class _Seated(GameProtocol, Protocol):
    n: int  # the number of players


_G = TypeVar("_G", bound=_Seated)  # play_game returns the game it was given


class RandomBot:
    """Chooses a random legal action with the game's own generator.

    ``talk``: probability of negotiating (threats, offers) rather than settling
    a bag at once; the negotiation always ends because settling stays likely.
    """

    def __init__(self, talk: float = 0.3) -> None:
        self.talk = talk

    def choose(self, view: SeatView) -> Action:
        """A random legal action for the view's seat (a game: the seat to move)."""
        view = as_view(view)
        rng = view.players_rng
        step = view.step
        v = view.variant
        if v.tokens and step in ("market", "load", "declare") and rng.random() < 0.5:
            trades = [a for a in view.legal_actions() if isinstance(a, Exchange)]
            if trades:
                return trades[int(rng.integers(len(trades)))]
        if step == "market":
            hand = view.hand
            k = int(rng.integers(0, min(v.set_aside_max, len(hand)) + 1))
            idx = rng.permutation(len(hand))[:k]
            set_aside = tuple(hand[i] for i in idx)
            take: list[int] = []
            if v.draw_from_discards and k:
                sizes = [len(p) for p in view.piles]
                for _ in range(int(rng.integers(0, k + 1))):
                    open_piles = [i for i, s in enumerate(sizes) if s > 0]
                    if not open_piles:
                        break
                    i = open_piles[int(rng.integers(len(open_piles)))]
                    sizes[i] -= 1
                    take.append(i)
            return Market(set_aside, tuple(take), int(rng.integers(len(view.piles))))
        if step == "load":
            hand = view.hand
            k = int(rng.integers(v.bag_min, min(v.bag_max, len(hand)) + 1))
            return Load(tuple(hand[i] for i in rng.permutation(len(hand))[:k]))
        if step == "sheriff":
            options = list(view.legal_actions())
            if rng.random() < self.talk:
                threats = [a for a in options if isinstance(a, Threaten)]
                if threats:
                    return threats[int(rng.integers(len(threats)))]
            settle = [a for a in options if not isinstance(a, Threaten)]
            return settle[int(rng.integers(len(settle)))]
        if step == "negotiation":
            neg = view.negotiation
            assert neg is not None  # both steps have one
            seat_m = neg.seat
            if rng.random() < self.talk:
                return self._offer(view, seat_m)
            options = [a for a in (Inspect(seat_m), LetPass(seat_m)) if view.can(a)]
            return options[int(rng.integers(len(options)))]
        if step == "merchant":
            neg = view.negotiation
            assert neg is not None  # both steps have one
            seat_m = neg.seat
            r = rng.random()
            if view.can(Accept()) and r < 0.4:
                return Accept()
            if r < 0.4 + self.talk:
                return self._offer(view, seat_m)
            return Decline()
        if step == "confiscate":
            due = view.pending[0]
            assert type(due) is ConfiscateChoice  # the confiscate step
            cards = list(due.cards)
            order = tuple(cards[i] for i in rng.permutation(len(cards)))
            return Confiscate(int(rng.integers(len(view.piles))), order)
        options = list(view.legal_actions())
        return options[int(rng.integers(len(options)))]

    def _offer(self, view: SeatView, seat: int) -> Offer:
        """A random offer about ``seat``'s bag: by its merchant, or the Sheriff's demand.
        A merchant offers goods of its own stand; a Sheriff demands goods it can see on
        the merchant's stand (a face-down contraband card it picks is left out)."""
        rng = view.players_rng
        gold = int(rng.integers(0, view.gold[seat] + 1)) if rng.random() < 0.8 else 0
        stand: Sequence[str | None] = view.stand if seat == view.seat else view.stands[seat].faces
        pick = rng.permutation(len(stand))[: int(rng.integers(0, min(3, len(stand)) + 1))]
        goods = list(view.variant.goods)
        bag_size = view.bags[seat].size
        bag = tuple(
            goods[int(rng.integers(len(goods)))] for _ in range(int(rng.integers(0, bag_size + 1)))
        )
        promises: list[Promise] = []
        binding = view.binding
        others = [s for s in view.unresolved() if s != seat and s not in binding]
        if others and rng.random() < 0.3:
            kind = "inspect" if rng.random() < 0.5 else "pass"
            promise = Promise(kind, others[int(rng.integers(len(others)))])
            if view.can(Offer(0, promises=(promise,))):  # a rule may forbid it (a cap)
                promises.append(promise)
        if rng.random() < 0.2:
            promises.append(Promise("future", None, "I will not inspect you next time"))
        demand = tuple(card for i in pick if (card := stand[i]) is not None)
        return Offer(gold, demand, bag, tuple(promises))


def play_game(game: _G, bots: Sequence[object] | None = None, max_actions: int = 100_000) -> _G:
    """Play ``game`` to the end with one bot per seat (default: :class:`RandomBot`)."""
    seats = list(bots) if bots is not None else [RandomBot()] * game.n
    drive(game, seats, max_actions=max_actions)
    return game
