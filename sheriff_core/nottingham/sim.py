"""Simulate many Nottingham games into one tidy pandas DataFrame.

This is the only module of the game that uses pandas (imported inside
:func:`simulate`, so the rules layer never loads it).

>>> from sheriff_core import nottingham as nt
>>> df = simulate(nt.load_rules(track=6), players=3, games=2, seed=0)
>>> list(df.columns)
['game', 'seat', 'player', 'bot', 'turns', 'score', 'cards_scored', 'tasks', 'rank', 'track_length', 'end']
>>> len(df), df.groupby("game")["rank"].min().tolist()
(6, [1, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sheriff_core.analysis.sim import game_seeds
from sheriff_core.base.save_envelope import seed_sequence
from sheriff_core.nottingham.bots import Bot, RandomBot, play_game
from sheriff_core.nottingham.errors import NottinghamRulesError
from sheriff_core.nottingham.rules import Rules, load_rules

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["simulate", "game_rows"]


def game_rows(game: Any, bots: Sequence[Bot], index: int = 0) -> list[dict[str, Any]]:
    """The rows of one finished game: one dict per seat."""
    rows = []
    for r in game.results():
        rows.append(
            {
                "game": index,
                "seat": r["seat"],
                "player": r["player"],
                "bot": bots[r["seat"]].name,
                "turns": game.turn,
                "score": r["score"],
                "cards_scored": r["cards_scored"],
                "tasks": r["tasks"],
                "rank": r["rank"],
                "track_length": len(game.rules.track),
                "end": "stalemate" if game.end_reason.startswith("stalemate") else "sheriff",
            }
        )
    return rows


def simulate(
    rules: Rules | str | None = None,
    players: int = 4,
    games: int = 100,
    seed: int | None = 0,
    bots: Bot | type | Sequence[Bot | type] | None = None,
) -> pd.DataFrame:
    """Play ``games`` games; one row per game and seat.

    ``bots``: one bot (or bot class) for every seat, or one per seat; default
    :class:`RandomBot`. Game ``k`` is seeded with child ``k`` of
    ``numpy.random.SeedSequence(seed).spawn(games)``, so the same arguments
    give the same table. ``seed`` is checked as :func:`~sheriff_core.nottingham.game.new_game`
    checks it (a numpy integer is a plain ``int``; a bool, a float or a negative number
    is a :class:`~sheriff_core.nottingham.errors.NottinghamRulesError` naming ``seed``).

    >>> from sheriff_core import nottingham as nt
    >>> a = simulate(None, players=3, games=2, seed=5, bots=nt.GreedyCollector)
    >>> a.equals(simulate(None, players=3, games=2, seed=5, bots=nt.GreedyCollector))
    True
    """
    import pandas as pd

    if not isinstance(rules, Rules):
        rules = load_rules(rules)
    if bots is None:
        bots = RandomBot
    seat_bots: list[Bot | type]
    if isinstance(bots, type) or hasattr(bots, "choose"):
        seat_bots = [bots] * players  # type: ignore[list-item]  # mypy cannot narrow by hasattr
    else:
        seat_bots = list(bots)
    if len(seat_bots) != players:
        raise ValueError(f"bots: need {players} bots, one per seat, got {len(seat_bots)}")
    made: list[Bot] = [b() if isinstance(b, type) else b for b in seat_bots]
    rows: list[dict[str, Any]] = []
    # A numpy integer seed is a plain int; a bool, a float or a negative number is refused.
    entropy = seed_sequence(seed, "seed", NottinghamRulesError).entropy
    if not isinstance(entropy, int):
        raise NottinghamRulesError(
            "seed: simulate takes an integer >= 0 or None, not {seed!r}", seed=seed
        )
    for k, child in enumerate(game_seeds(entropy, 0, games)):  # the seeds simulate() uses
        game = play_game(rules, made, seed=child)
        rows.extend(game_rows(game, made, k))
    return pd.DataFrame(rows)
