"""Helpers for engine tests: arrange a game in a chosen position, count its cards."""

from __future__ import annotations

from collections import Counter

import sheriff_core as sc
from sheriff_core.engine.steps import ConfiscateChoice

STEP_LIMIT = 5000  # no scenario driver loops longer than this


def arrange(
    game: sc.Game,
    *,
    hands: dict[int, list[str]] | None = None,
    piles: dict[int, list[str]] | None = None,
    stands: dict[int, list[str]] | None = None,
    **fields: object,
) -> sc.Game:
    """Put a game in a scenario's position: ``hands`` / ``piles`` / ``stands`` replace
    the listed seats' (piles') cards; other keywords replace whole fields (``deck``,
    ``gold``, ...). At least one change must be given."""
    if not (hands or piles or stands or fields):
        raise TypeError("arrange() needs at least one field to change")
    game.mark_staged()  # changed by hand: apply restores it from a clone, not a replay
    for seat, cards in (hands or {}).items():
        game.hands[seat] = list(cards)
    for i, cards in (piles or {}).items():
        game.piles[i] = list(cards)
    for seat, cards in (stands or {}).items():
        game.stands[seat] = list(cards)
    for name, value in fields.items():
        if not hasattr(game, name):
            raise AttributeError(f"a game has no field {name!r}")
        setattr(game, name, value)
    game._refresh()
    return game


def all_cards(g: sc.Game) -> Counter:
    """Every card of the game wherever it is (tokens' goods included): conserved."""
    cards = Counter(g.deck)
    for group in (g.piles, g.hands, g.stands, g.bags.values()):
        for part in group:
            cards.update(part)
    for p in g.pending:
        if isinstance(p, ConfiscateChoice):
            cards.update(p.cards)
    cards.update(g.exchanged)  # goods traded for tokens leave play
    return cards


def drive(game: sc.Game, handlers: dict[str, object], until: object, limit: int = STEP_LIMIT):
    """Apply ``handlers[game.step](game)`` until ``until(game)``; a step without a handler
    (or more than ``limit`` steps) fails the test, naming the step."""
    for _ in range(limit):
        if until(game):
            return game
        handler = handlers.get(game.step)
        if handler is None:
            raise AssertionError(f"the scenario does not handle step {game.step!r}")
        game.apply(handler(game))  # type: ignore[operator]
    raise AssertionError(f"the scenario did not finish in {limit} steps (at {game.step!r})")


def play_to_inspection(game: sc.Game, loads: dict[int, list[str]], declares: dict[int, tuple]):
    """Every merchant keeps their hand at market, then loads and declares as given."""
    return drive(
        game,
        {
            "market": lambda g: sc.Market(),
            "load": lambda g: sc.Load(tuple(loads[g.to_move])),
            "declare": lambda g: sc.Declare(*declares[g.to_move]),
        },
        until=lambda g: g.step == "sheriff",
    )
