"""The inspection simulator (notebook 03): you are the Sheriff, bot merchants have loaded
and declared their bags; threaten, hear offers, demand more, let pass or inspect.

:func:`deal_to_inspection` deals a seeded game and lets bot merchants play the market,
load and declare; :func:`inspection_simulator` gives the Sheriff's seat to the learner
for the rest of that round (an :class:`InspectionSimulator`, a
:class:`~sheriff_core.present.widgets.play.PlayTable` that stops when the round ends, with a
``"deal a new round"`` button). A threatened bot merchant answers through the engine's
negotiation steps (its ``respond`` strategy). :func:`staged_inspection` sets up a
position with chosen bags, for the rulebook's examples: the cards it needs are taken
from the draw pile (swapped, never created), and every move goes through the engine.

>>> game, lineup = deal_to_inspection(seed=0)
>>> game.step, game.to_move
('sheriff', 0)
>>> sim = inspection_simulator(game, lineup)
>>> sim
Inspection simulator: run this cell to open it
>>> sorted(d for d in sim.descriptions() if d.startswith("inspect"))
['inspect Ben', 'inspect Cat', 'inspect Dan']
>>> sim.press("deal a new round"), sim.game is game, sim.game.step
(True, False, 'sheriff')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np

from sheriff_core.base import i18n
from sheriff_core.base.errors import RulesError
from sheriff_core.base.i18n import N_, _
from sheriff_core.bots import Player, make_player
from sheriff_core.engine.actions import Declare, Load, Market
from sheriff_core.engine.game import Game, new_game
from sheriff_core.engine.steps import ConfiscateChoice, Step
from sheriff_core.present.widgets.play import PlayTable, run_bots
from sheriff_core.present.words import check_language, fmt, named, rendering

__all__ = [
    "InspectionSimulator",
    "card_counts",
    "deal_to_inspection",
    "inspection_simulator",
    "staged_inspection",
]

NEW_ROUND = N_("deal a new round")


def deal_to_inspection(
    variant: str = "classic",
    seed: int | np.random.SeedSequence = 0,
    merchants: Sequence[str] = ("briber", "smuggler", "honest"),
    sheriff: str = "trusting",
) -> tuple[Game, list[Player]]:
    """Deal a game (seat 0 is the Sheriff; one merchant bot per other seat, in seat
    order) and play the market, load and declare phases with the bots.

    Returns the game at the Sheriff's first decision and the lineup (seat 0 gets a
    ``sheriff`` bot too, used only if you hand it a decision).
    """
    lineup = [make_player("honest", sheriff)] + [make_player(m, sheriff) for m in merchants]
    game = new_game(variant, players=len(lineup), seed=seed, first_sheriff=0)
    run_bots(game, lineup, stop_seat=game.sheriff)
    return game, lineup


class InspectionSimulator(PlayTable):
    """The Sheriff's seat of one round, played by the learner; ``"deal a new round"``
    (also :meth:`new_round`) deals a fresh game with the same bots and a new seed
    (derived from the first game's seed: the k-th new round is the same every time)."""

    def __init__(self, game: Game, lineup: Sequence[Any], language: str | None = None) -> None:
        self._first_seed = game.seed if game.seed is not None else np.random.SeedSequence(0)
        self.deals = 0
        with i18n.language(check_language(language)):
            self.new_round_button = named(
                widgets.Button(
                    tooltip=_(
                        "start again at a freshly dealt round (the bots load and declare anew)"
                    ),
                    layout=widgets.Layout(width="auto"),
                ),
                NEW_ROUND,
            )
        self.new_round_button.on_click(lambda _b: self.new_round())
        super().__init__(game, lineup, seat=game.sheriff, stop_round=game.round, language=language)
        self._fixed[NEW_ROUND] = self.new_round_button
        self.children: tuple[Any, ...] = (self.new_round_button, *self.children)

    @rendering
    def __repr__(self) -> str:
        return _("Inspection simulator: run this cell to open it")

    def _round_over(self) -> str:
        return fmt(
            "Round {n} is over: press {button} for another.",
            n=self.stop_round + 1,  # type: ignore[operator]
            button=repr(_(NEW_ROUND)),
        )

    def new_round(self) -> Game:
        """Deal a fresh round (a new game at the Sheriff's first decision) and seat the
        learner at it; returns the new game."""
        self.deals += 1
        old = self.game
        seed = np.random.SeedSequence(
            self._first_seed.entropy, spawn_key=(*self._first_seed.spawn_key, 0x5EED, self.deals)
        )
        game = new_game(old.variant, players=list(old.players), seed=seed, first_sheriff=0)
        run_bots(game, self.lineup, stop_seat=game.sheriff)
        self.seat, self.stop_round = game.sheriff, game.round
        self._start(game)
        return game

    def press(self, description: str) -> bool:
        """As :meth:`PlayTable.press`; ``"deal a new round"`` is True when a round was dealt."""
        if description == NEW_ROUND:
            before = self.game
            self.new_round_button.click()
            return self.game is not before
        return super().press(description)


def inspection_simulator(
    game: Game, lineup: Sequence[Any], language: str | None = None
) -> InspectionSimulator:
    """The Sheriff's seat of ``game``'s current round, played by the learner (buttons
    ``"threaten NAME"``, ``"let NAME pass"``, ``"inspect NAME"``; during a negotiation
    the demand builder, ``"demand gold"`` ... ``"demand"``; ``"confiscated cards go on"`` +
    ``"place confiscated cards"``; ``"deal a new round"``). It stops when the round ends.
    ``language``: as :func:`~sheriff_core.present.widgets.play.play_table`'s."""
    return InspectionSimulator(game, lineup, language=language)


def card_counts(game: Game) -> Counter[str]:
    """Every card of ``game`` wherever it is (draw pile, discard piles, hands, stands,
    bags, confiscated cards waiting, goods exchanged for tokens), counted by name.

    >>> g = new_game("classic", players=4, seed=0)
    >>> card_counts(g) == Counter(g.variant.deck_counts(4))
    True
    """
    counts: Counter[str] = Counter(game.deck)
    for cards in (*game.piles, *game.hands, *game.stands, *game.bags.values()):
        counts.update(cards)
    for p in game.pending:
        if isinstance(p, ConfiscateChoice):
            counts.update(p.cards)
    counts.update(game.exchanged)
    return counts


def _take_from_deck(game: Game, card: str, why: str) -> None:
    """Remove one ``card`` from the draw pile (a staging step), or raise naming it."""
    game.mark_staged()  # changed by hand: apply can no longer restore it by replaying
    try:
        game.deck.remove(card)
    except ValueError:
        raise RulesError(
            f"cannot stage {why}: no {card} is left in the draw pile of this deal "
            f"(the deck of {game.variant.name} has {game.variant.goods[card].count} "
            "at most)"
        ) from None


def staged_inspection(
    bags: Mapping[int, Sequence[str]],
    declared: Mapping[int, tuple[str, int]],
    stands: Mapping[int, Sequence[str]] | None = None,
    players: int = 4,
    names: Sequence[str] | None = None,
    seed: int = 0,
) -> Game:
    """A classic game at the inspection phase with the given bags and declarations
    (seat 0 is the Sheriff). A teaching set-up: the cards of each bag (and stand) are
    swapped in from the draw pile for hand cards the bag does not need -- no card is
    created or lost -- then every merchant keeps the hand at the market, loads the bag
    and declares, all through the engine.

    >>> g = staged_inspection({1: ["Silk"], 2: ["Cheese"], 3: ["Bread"]},
    ...                       {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)})
    >>> g.step, g.declared[1], g.bags[1]
    ('sheriff', ('Bread', 1), ['Silk'])
    >>> card_counts(g) == Counter(g.variant.deck_counts(4))
    True
    """
    game = new_game("classic", players=list(names) if names else players, seed=seed)
    game.mark_staged()  # the cards below are moved by hand, not by apply
    for seat, bag in bags.items():
        hand = game.hands[seat]
        missing = Counter(bag) - Counter(hand)
        spare = list((Counter(hand) - Counter(bag)).elements())
        for card in missing.elements():
            _take_from_deck(game, card, f"{game.players[seat]}'s bag")
            out = spare.pop()
            hand.remove(out)
            hand.append(card)
            game.deck.insert(0, out)  # the swapped-out card goes to the bottom
    for seat, stand in (stands or {}).items():
        for card in stand:
            _take_from_deck(game, card, f"{game.players[seat]}'s stand")
            game.stands[seat].append(card)
    while game.step == Step.MARKET:
        game.apply(Market())
    while game.step == Step.LOAD:
        assert game.to_move is not None  # a merchant loads: someone is on turn
        game.apply(Load(tuple(bags[game.to_move])))
    while game.step == Step.DECLARE:
        assert game.to_move is not None
        good, count = declared[game.to_move]
        game.apply(Declare(good, count))
    return game
