"""Self-checks of lesson 01 (Setup and the market).

>>> from sheriff_core.exercises import check
>>> check("01.1", "take the Silk")
Not quite: write a market action, sc.Market(set_aside=(...), take=(...), pile=...), not a str.
"""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.engine.game import Game
from sheriff_core.exercises import exercise

__all__ = ["lesson_game"]


def lesson_game() -> Game:
    """The lesson's seeded game (classic, 4 players, seed 3): Ben (seat 1) to move.

    >>> g = lesson_game()
    >>> g.step, g.players[g.to_move]
    ('market', 'Ben')
    """
    return sc.new_game("classic", players=4, seed=3)


@exercise(
    "01.1",
    hint="Count the cards that lie above the Silk on pile 1: you must take each of them "
    "first, and you set aside as many cards as you draw back.",
    right="The engine accepts the turn: Ben keeps his three Cheese and draws the Silk.",
)
def _silk(answer: object) -> str | None:
    if not isinstance(answer, sc.Market):
        return (
            "write a market action, sc.Market(set_aside=(...), take=(...), pile=...), "
            f"not a {type(answer).__name__}"
        )
    game = lesson_game()
    seat = game.to_move
    assert seat is not None  # the lesson's game waits for a market turn
    cheese = game.hands[seat].count("Cheese")
    try:
        game.apply(answer)
    except sc.RulesError as err:
        return f"the engine refuses this turn: {err}"
    hand = game.hands[seat]
    if hand.count("Cheese") < cheese:
        return f"Ben ends with {hand.count('Cheese')} Cheese: he must keep all {cheese}"
    if "Silk" not in hand:
        return f"the turn is legal, but Ben's new hand has no Silk: {', '.join(hand)}"
    return None
