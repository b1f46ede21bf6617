"""Self-checks for lesson 08, Nottingham.

The right answers come from the library: the track from
:meth:`sheriff_core.nottingham.Rules.with_track`, the game length from
:func:`sheriff_core.nottingham.simulate` with the lesson's seed. A wrong answer
is told what is wrong with it, not what the solution is.

>>> from sheriff_core import nottingham as nt
>>> from sheriff_core.exercises import check
>>> check("08.1", nt.load_rules().with_track([7] * 23))
Not quite: the track has 23 spaces, not 24.
>>> check("08.1", nt.load_rules().with_track([7] * 23 + [6]))
Not quite: space 23 is numbered 6, not 7.
>>> check("08.1", [7] * 24)
Not quite: a list is not a Rules object: make one from the lesson's rules (its with_track method).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sheriff_core.exercises import exercise, number

__all__: list[str] = []

#: The lesson's experiment: a 24-space track, every number 7; 40 games of four
#: greedy players from seed 0.
SPACES, NUMBER, GAMES, SEED = 24, 7, 40, 0


@cache
def generous_mean_turns() -> float:
    """Mean turns per game on the generous track (computed once, by simulation)."""
    from sheriff_core import nottingham as nt

    rules = nt.load_rules().with_track([NUMBER] * SPACES)
    runs = nt.simulate(rules, players=4, games=GAMES, seed=SEED, bots=nt.GreedyCollector)
    return float(runs["turns"].mean())


@exercise(
    "08.1",
    hint=(
        "Rules are frozen: make a new Rules object from `rules` with its `with_track` "
        "method, giving it the list of numbers, one per space."
    ),
    right="Every player holding 7 cards or fewer now draws after each score.",
)
def _generous_track(answer: Any) -> str | None:
    from sheriff_core.nottingham import Rules

    if not isinstance(answer, Rules):
        return (
            f"a {type(answer).__name__} is not a Rules object: make one from the lesson's "
            "rules (its with_track method)"
        )
    track = tuple(answer.track)
    if len(track) != SPACES:
        return f"the track has {len(track)} spaces, not {SPACES}"
    for i, space in enumerate(track):
        if space != NUMBER:
            return f"space {i} is numbered {space}, not {NUMBER}"
    return None


@exercise(
    "08.2",
    hint=(
        f"Simulate {GAMES} games of four GreedyCollector players with seed={SEED} on the "
        "generous track (nt.simulate) and take the mean of the `turns` column."
    ),
    right=(
        "Compare it with the default 24-space track in the table above: with more cards "
        "in hand, sets come together faster and the same 24 scores take fewer turns."
    ),
)
def _generous_turns(answer: Any) -> str | None:
    turns = number(answer, "a mean number of turns")
    if isinstance(turns, str):
        return turns
    if abs(turns - generous_mean_turns()) < 0.05:
        return None
    return (
        f"{turns:g} is not the mean over {GAMES} games of four greedy players from "
        f"seed {SEED} on the generous track; check the track, the seed and the number of games"
    )
