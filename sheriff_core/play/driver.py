"""The one game driver: :func:`drive` moves every seat of a game with its player.

Simulation (:func:`sheriff_core.analysis.sim.play_seeded`), narration (:func:`play_rounds`),
the play widgets (:func:`sheriff_core.present.widgets.play.run_bots`), the command line and
Nottingham (:func:`sheriff_core.nottingham.play_game`) all play through it. It works
on any game of the :class:`~sheriff_core.base.protocol.GameProtocol` shape; every action
goes through ``game.apply`` (the rules' full check).

Stop conditions are plain functions of the game (``until(game) -> bool``, asked
before each action); :func:`round_over` and :func:`seat_to_move` build the usual ones.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player
>>> g = sc.new_game("classic", players=3, seed=1)
>>> drive(g, [make_player()] * 3, until=round_over(g)), g.round
(8, 1)
>>> drive(g, [make_player()] * 3) > 0, g.is_over
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sheriff_core.base.i18n import Message
from sheriff_core.base.protocol import GameProtocol
from sheriff_core.engine.game import Game
from sheriff_core.engine.steps import Step
from sheriff_core.engine.view import SeatView, observe

__all__ = ["drive", "round_over", "seat_to_move", "play_rounds", "MAX_ACTIONS"]

#: Most actions :func:`drive` applies in one call before it decides the game is stuck.
MAX_ACTIONS = 100_000

Until = Callable[[Any], bool]
OnEvents = Callable[[Sequence[Any]], object]


def drive(
    game: GameProtocol,
    players: Sequence[Any],
    until: Until | None = None,
    on_events: OnEvents | None = None,
    max_actions: int = MAX_ACTIONS,
) -> int:
    """Play ``game`` with one player per seat until it is over or ``until(game)`` is
    true (asked before each action); hand the events of each action to ``on_events``.
    Returns the number of actions applied.

    A Sheriff of Nottingham game hands each player its seat's view, never the game:
    ``players[seat].choose(observe(game, seat))`` (:mod:`sheriff_core.engine.view`);
    other games (Nottingham) hand the game: ``players[seat].choose(game)``.

    Raises ``RuntimeError`` if ``max_actions`` actions do not end it (a stuck game), and
    ``ValueError`` if there are fewer players than seats.

    >>> import sheriff_core as sc
    >>> from sheriff_core.bots import make_player
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> seen = []
    >>> drive(g, [make_player()] * 3, until=seat_to_move(2), on_events=seen.extend)
    1
    >>> g.to_move, [e.kind for e in seen]
    (2, ['market'])
    """
    seats = getattr(game, "n", None)
    if isinstance(seats, int) and len(players) < seats:
        raise ValueError(
            Message(
                "a game of {n} players needs a player for each seat, not {k}",
                n=seats,
                k=len(players),
            )
        )
    inputs: Sequence[Any] = [game] * len(players)
    if type(game) is Game:
        inputs = [observe(game, seat) for seat in range(game.n)]
        if until is None and on_events is None:
            tables = [getattr(p, "by_step", None) for p in players]
            if None not in tables:
                return _to_the_end(game, players, tables, inputs, max_actions)
    apply = game.apply
    for done in range(max_actions):
        if game.is_over or (until is not None and until(game)):
            return done
        seat = game.to_move
        assert seat is not None  # someone is to move until the game is over
        events = apply(players[seat].choose(inputs[seat]))
        if on_events is not None:
            on_events(events)
    if game.is_over or (until is not None and until(game)):
        return max_actions
    raise RuntimeError(Message("game did not end within {n} actions", n=max_actions))


def _to_the_end(
    game: Game,
    lineup: Sequence[Any],
    tables: list[Any],
    views: list[SeatView],
    max_actions: int,
) -> int:
    """:func:`drive`'s hot loop (simulation): an engine game, bots with ``by_step``
    tables, no stop condition. What ``Player.act`` does, one call less per action; each
    seat's view is made once (a view follows the game)."""
    apply = game.apply
    over = Step.OVER
    for done in range(max_actions):
        step = game.step
        if step is over:
            return done
        seat: int = game.to_move  # type: ignore[assignment]  # None only when over
        fn = tables[seat].get(step)
        apply(fn(views[seat]) if fn is not None else lineup[seat].act(views[seat]))
    if game.step is over:
        return max_actions
    raise RuntimeError(Message("game did not end within {n} actions", n=max_actions))


def round_over(game: Game) -> Until:
    """A stop condition: the round being played now (``game.round``) has ended.

    >>> import sheriff_core as sc
    >>> stop = round_over(sc.new_game("classic", players=3, seed=0))
    >>> stop(sc.new_game("classic", players=3, seed=0))
    False
    """
    start = game.round
    return lambda g: g.round != start


def seat_to_move(seat: int | None) -> Until:
    """A stop condition: it is ``seat``'s decision (a person's turn).

    >>> import sheriff_core as sc
    >>> seat_to_move(1)(sc.new_game("classic", players=3, seed=0))
    True
    """
    return lambda g: g.to_move == seat


def play_rounds(
    game: Game, lineup: Sequence[Any], rounds: int | None = None
) -> list[dict[str, Any]]:
    """Play ``rounds`` more rounds (all, by default) with one player per seat,
    recording each player's gold and stand size after every round: one dict per
    player and round. Every action goes through ``game.apply``.

    >>> import sheriff_core as sc
    >>> from sheriff_core.bots import make_player
    >>> g = sc.new_game("classic", players=3, seed=1)
    >>> rows = play_rounds(g, [make_player()] * 3, rounds=2)
    >>> [r["round"] for r in rows], g.round
    ([1, 1, 1, 2, 2, 2], 2)
    """
    rows: list[dict[str, Any]] = []
    played = 0
    while not game.is_over and (rounds is None or played < rounds):
        start = game.round
        drive(game, lineup, until=round_over(game))
        played += 1
        for seat, player in enumerate(game.players):
            rows.append(
                {
                    "round": start + 1,
                    "player": player,
                    "gold": game.gold[seat],
                    "stand": len(game.stands[seat]),
                    "contraband": game.stand_view(seat)["contraband"],
                }
            )
    return rows
