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

from sheriff_core.driver import drive
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
from sheriff_core.engine.game import Game
from sheriff_core.engine.steps import ConfiscateChoice

__all__ = ["RandomBot", "play_game"]


class RandomBot:
    """Chooses a random legal action with the game's own generator.

    ``talk``: probability of negotiating (threats, offers) rather than settling
    a bag at once; the negotiation always ends because settling stays likely.
    """

    def __init__(self, talk: float = 0.3) -> None:
        self.talk = talk

    def choose(self, game: Game) -> Action:
        rng = game.players_rng
        step = game.step
        seat = game.to_move
        v = game.variant
        if v.tokens and step in ("market", "load", "declare") and rng.random() < 0.5:
            trades = [a for a in game.legal_actions() if isinstance(a, Exchange)]
            if trades:
                return trades[int(rng.integers(len(trades)))]
        if step == "market":
            hand = game.hands[seat]  # type: ignore[index]
            k = int(rng.integers(0, min(v.set_aside_max, len(hand)) + 1))
            idx = rng.permutation(len(hand))[:k]
            set_aside = tuple(hand[i] for i in idx)
            take: list[int] = []
            if v.draw_from_discards and k:
                sizes = [len(p) for p in game.piles]
                for _ in range(int(rng.integers(0, k + 1))):
                    open_piles = [i for i, s in enumerate(sizes) if s > 0]
                    if not open_piles:
                        break
                    i = open_piles[int(rng.integers(len(open_piles)))]
                    sizes[i] -= 1
                    take.append(i)
            return Market(set_aside, tuple(take), int(rng.integers(len(game.piles))))
        if step == "load":
            hand = game.hands[seat]  # type: ignore[index]
            k = int(rng.integers(v.bag_min, min(v.bag_max, len(hand)) + 1))
            return Load(tuple(hand[i] for i in rng.permutation(len(hand))[:k]))
        if step == "sheriff":
            options = list(game.legal_actions())
            if rng.random() < self.talk:
                threats = [a for a in options if isinstance(a, Threaten)]
                if threats:
                    return threats[int(rng.integers(len(threats)))]
            settle = [a for a in options if not isinstance(a, Threaten)]
            return settle[int(rng.integers(len(settle)))]
        if step == "negotiation":
            assert game.negotiation is not None  # both steps have one
            seat_m = game.negotiation.seat
            if rng.random() < self.talk:
                return self._offer(game, seat_m)
            options = [a for a in (Inspect(seat_m), LetPass(seat_m)) if game.can(a)]
            return options[int(rng.integers(len(options)))]
        if step == "merchant":
            assert game.negotiation is not None  # both steps have one
            seat_m = game.negotiation.seat
            r = rng.random()
            if game.can(Accept()) and r < 0.4:
                return Accept()
            if r < 0.4 + self.talk:
                return self._offer(game, seat_m)
            return Decline()
        if step == "confiscate":
            due = game.pending[0]
            assert type(due) is ConfiscateChoice  # the confiscate step
            cards = list(due.cards)
            order = tuple(cards[i] for i in rng.permutation(len(cards)))
            return Confiscate(int(rng.integers(len(game.piles))), order)
        options = list(game.legal_actions())
        return options[int(rng.integers(len(options)))]

    def _offer(self, game: Game, seat: int) -> Offer:
        rng = game.players_rng
        gold = int(rng.integers(0, game.gold[seat] + 1)) if rng.random() < 0.8 else 0
        stand = game.stands[seat]
        pick = rng.permutation(len(stand))[: int(rng.integers(0, min(3, len(stand)) + 1))]
        goods = list(game.variant.goods)
        bag_size = len(game.bags[seat])
        bag = tuple(
            goods[int(rng.integers(len(goods)))] for _ in range(int(rng.integers(0, bag_size + 1)))
        )
        promises: list[Promise] = []
        others = [s for s in game.unresolved() if s != seat and s not in game.binding]
        if others and rng.random() < 0.3:
            kind = "inspect" if rng.random() < 0.5 else "pass"
            promises.append(Promise(kind, others[int(rng.integers(len(others)))]))
        if rng.random() < 0.2:
            promises.append(Promise("future", None, "I will not inspect you next time"))
        return Offer(gold, tuple(stand[i] for i in pick), bag, tuple(promises))


def play_game(game: Game, bots: Sequence[object] | None = None, max_actions: int = 100_000) -> Game:
    """Play ``game`` to the end with one bot per seat (default: :class:`RandomBot`)."""
    seats = list(bots) if bots is not None else [RandomBot()] * game.n
    drive(game, seats, max_actions=max_actions)
    return game
