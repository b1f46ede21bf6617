"""Bots for Nottingham: each chooses one of ``game.legal_actions()``.

Bots hold no state and no generator of their own: any randomness comes from the
players' generator ``game.players_rng`` (derived from the game's seed), never from
the rules' ``game.rng``. So the game depends only on its seed and its actions: the
recorded ``history`` replayed from the seed gives the same game, and a saved bot
game goes on after loading exactly as it would have.

>>> from sheriff_core import nottingham as nt
>>> game = play_game(nt.load_rules(track=6), [RandomBot(), GreedyCollector(), RandomBot()], seed=0)
>>> game.is_over, game.sheriff
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from sheriff_core.nottingham.actions import (
    Accept,
    Action,
    ChooseAmbush,
    CompleteTask,
    Defend,
    Discard,
    Keep,
    Lay,
    Offer,
    Pass,
    Spring,
    TakeCard,
    Use,
)
from sheriff_core.nottingham.game import Game, new_game
from sheriff_core.nottingham.rules import Rules
from sheriff_core.nottingham.steps import Decision, OfferChoice
from sheriff_core.play.driver import drive

__all__ = ["Bot", "RandomBot", "GreedyCollector", "play_game"]


class Bot(Protocol):
    """Anything with a ``name`` and ``choose(game) -> action``."""

    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, drawing from ``game.players_rng``.

    >>> from sheriff_core import nottingham as nt
    >>> g = nt.new_game(None, 3, seed=0)
    >>> RandomBot().choose(g) in g.legal_actions()
    True
    """

    name = "random"

    def choose(self, game: Game) -> Action:
        actions = game.legal_actions()
        return actions[int(game.players_rng.integers(len(actions)))]

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyCollector:
    """Collects sets and scores the most points it can, every turn.

    Keeps cards it already holds (towards 3 of a kind) and Necklaces; otherwise
    uses the card, aiming Steal / Rob / Hold up at the biggest hand; always
    defends, always springs ambushes; offers its least useful card; scores the
    option worth most now, laying extra cards to survive ambushes it can see.

    >>> from sheriff_core import nottingham as nt
    >>> g = nt.new_game(None, 3, seed=4)
    >>> str(GreedyCollector().choose(g))
    'keep'
    """

    name = "greedy"

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = game.to_move
        assert me is not None
        return _GREEDY[game.step](self, game, me, legal)

    @staticmethod
    def _worth(game: Game, me: int, item: str) -> tuple[int, int]:
        """How much ``me`` wants ``item``: copies held, then its value."""
        return (game.hands[me][item], game.rules.items[item].value)

    def _reveal(self, game: Game, me: int, legal: list[Action]) -> Action:
        card = game.revealed
        assert card is not None
        uses = [a for a in legal if isinstance(a, Use)]
        if not uses or game.hands[me][card] >= 1 or game.rules.items[card].action == "defend":
            return Keep()
        return max(uses, key=lambda a: -1 if a.target is None else game.hand_size(a.target))

    def _take(self, game: Game, me: int, legal: list[Action]) -> Action:
        return max(
            legal,
            key=lambda a: self._worth(game, me, a.item) if isinstance(a, TakeCard) else (0, 0),
        )

    def _offer(self, game: Game, me: int, legal: list[Action]) -> Action:
        offers = [a for a in legal if isinstance(a, Offer)]
        return min(
            offers, key=lambda a: (len(a.items), [self._worth(game, me, i) for i in a.items])
        )

    def _accept(self, game: Game, me: int, legal: list[Action]) -> Action:
        card = game.revealed
        assert card is not None and isinstance(game.pending, OfferChoice)
        offered = game.pending.by_seat()
        hand, items = game.hands[me], game.rules.items

        def gain(a: Action) -> tuple[int, int]:
            got = offered[a.seat] if isinstance(a, Accept) else (card,)
            return (sum(hand[i] for i in got) + len(got), sum(items[i].value for i in got))

        return max(legal, key=gain)

    def _ambush_card(self, game: Game, me: int, legal: list[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, ChooseAmbush)]
        leader = max((s for s in range(game.n) if s != me), key=lambda s: (game.score(s), -s))
        for a in cards:
            if a.card == game.colour(leader):
                return a
        return cards[0]

    def _discard(self, game: Game, me: int, legal: list[Action]) -> Action:
        discards = (a for a in legal if isinstance(a, Discard))
        return min(discards, key=lambda a: self._worth(game, me, a.item))

    def _score(self, game: Game, me: int, legal: list[Action]) -> Action:
        items = game.rules.items
        colour = game.colour(me)
        best: tuple[float, int] = (0.0, 0)
        choice: Action = Pass()
        for a in legal:
            if isinstance(a, Lay):
                threats = sum(
                    1
                    for owner, card, _ in game.ambushes
                    if owner != me and (card == colour or a.item in game.rules.ambush_items(card))
                )
                need = 3 + threats
                if a.count != min(game.hands[me][a.item], need):
                    continue
                points = items[a.item].value * (1.0 if a.count >= need else 0.5)
                key = (points, -a.count)
            elif isinstance(a, CompleteTask):
                t = game.rules.tasks[a.task]
                takers = len(game.task_takers[a.task])
                points = float(t.first if takers == 0 else t.second)
                key = (points, -t.size)
            else:
                continue
            if key > best:
                best, choice = key, a
        return choice

    def __repr__(self) -> str:
        return "GreedyCollector()"


#: GreedyCollector's choice per decision (a decision with one legal action never asks).
_GREEDY: dict[Decision, Callable[[GreedyCollector, Game, int, list[Action]], Action]] = {
    Decision.REVEAL: GreedyCollector._reveal,
    Decision.DEFEND: lambda bot, game, me, legal: Defend(),
    Decision.TAKE: GreedyCollector._take,
    Decision.OFFER: GreedyCollector._offer,
    Decision.ACCEPT: GreedyCollector._accept,
    Decision.AMBUSH_CARD: GreedyCollector._ambush_card,
    Decision.SCORE: GreedyCollector._score,
    Decision.SPRING: lambda bot, game, me, legal: Spring(),
    Decision.DISCARD: GreedyCollector._discard,
}


def play_game(
    rules: Rules | None,
    bots: Sequence[Bot],
    seed: int | np.random.SeedSequence | None = 0,
    names: Sequence[str] | None = None,
    max_steps: int = 200_000,
) -> Game:
    """Play one game to the end with one bot per seat; return the finished game.

    >>> from sheriff_core import nottingham as nt
    >>> g = play_game(nt.load_rules(track=4), [GreedyCollector()] * 3, seed=2)
    >>> g.is_over, sum(len(s) + len(t) for s, t in zip(g.scored, g.tasks)) <= 4
    (True, True)
    """
    players: int | Sequence[str] = len(bots) if names is None else names
    game = new_game(rules, players, seed)
    drive(game, bots, max_actions=max_steps)  # the one driver (sheriff_core.play.driver)
    return game
