"""The inspection simulator (notebook 03): you are the Sheriff, bot merchants have loaded
and declared their bags; threaten, hear offers, demand more, let pass or inspect.

:func:`deal_to_inspection` deals a seeded game and lets bot merchants play the market,
load and declare; :func:`inspection_simulator` gives the Sheriff's seat to the learner
for the rest of that round (a :class:`~sheriff_core.widgets.play.PlayTable` that stops
when the round ends). A threatened bot merchant answers through the engine's
negotiation steps (its ``respond`` strategy). :func:`staged_inspection` sets up a
position with chosen bags, for the rulebook's examples.

>>> game, lineup = deal_to_inspection(seed=0)
>>> game.step, game.to_move
('sheriff', 0)
>>> sim = inspection_simulator(game, lineup)
>>> sorted(d for d in sim.descriptions() if d.startswith("inspect"))
['inspect Ben', 'inspect Cat', 'inspect Dan']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sheriff_core.bots import Player, make_player
from sheriff_core.engine.actions import Declare, Load, Market
from sheriff_core.engine.game import Game, new_game
from sheriff_core.widgets.play import PlayTable, run_bots

__all__ = ["deal_to_inspection", "inspection_simulator", "staged_inspection"]


def deal_to_inspection(
    variant: str = "classic",
    seed: int = 0,
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


def inspection_simulator(game: Game, lineup: Sequence[Any]) -> PlayTable:
    """The Sheriff's seat of ``game``'s current round, played by the learner (buttons
    ``"threaten NAME"``, ``"let NAME pass"``, ``"inspect NAME"``; during a negotiation
    ``"demand gold"`` + ``"demand"``; ``"confiscated cards go on"`` + ``"place
    confiscated cards"``). It stops when the round ends."""
    return PlayTable(game, lineup, seat=game.sheriff, stop_round=game.round)


def staged_inspection(
    bags: Mapping[int, Sequence[str]],
    declared: Mapping[int, tuple[str, int]],
    stands: Mapping[int, Sequence[str]] | None = None,
    players: int = 4,
    names: Sequence[str] | None = None,
    seed: int = 0,
) -> Game:
    """A classic game at the inspection phase with the given bags and declarations
    (seat 0 is the Sheriff). The merchants' hands are set to their bag plus filler
    cards from the deck; everybody keeps their hand at the market. A teaching set-up:
    from here every action goes through the engine.

    >>> g = staged_inspection({1: ["Silk"], 2: ["Cheese"], 3: ["Bread"]},
    ...                       {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)})
    >>> g.step, g.declared[1]
    ('sheriff', ('Bread', 1))
    """
    game = new_game("classic", players=list(names) if names else players, seed=seed)
    for seat, bag in bags.items():
        filler = [c for c in game.hands[seat] if c not in bag]
        game.hands[seat] = (list(bag) + filler + ["Apples"] * 6)[: game.variant.hand_size]
    for seat, stand in (stands or {}).items():
        game.stands[seat] = list(stand)
    while game.step == "market":
        game.apply(Market())
    while game.step == "load":
        game.apply(Load(tuple(bags[game.to_move])))
    while game.step == "declare":
        good, count = declared[game.to_move]
        game.apply(Declare(good, count))
    return game
