"""One conformance test for every game that satisfies the game protocol (issue 30).

As OpenSpiel's ``random_sim_test`` and pgx's ``api_test`` do for their games, every
bundled Sheriff variant (at its smallest and largest table) and Nottingham (3 and 7
players) is played to the end by random legal moves drawn from one seeded generator,
a few games each, and at every decision:

- the turn is ``None`` exactly when the game is over, and the game lists legal actions
  exactly when it is not;
- the step is a member of the game's ``str`` enum and has a row in its table (the
  engine's ``STEPS``, Nottingham's ``DECISIONS``) that takes every listed action's type;
- every listed action passes ``can`` (all of them when a decision lists at most
  ``CHECK_ALL``; otherwise ``CHECK_ALL`` drawn at random: a market turn lists thousands
  of orders, of which the first ``LIST_CAP`` are read and the move is drawn from them);
- a refusal changes nothing: actions listed at earlier decisions that are illegal now,
  and a listed action played by the wrong seat, raise a ``RulesError`` and leave the game
  byte for byte as it was (the pickle of every field, both generators included);
- ``apply`` returns exactly the events it adds to ``events``, each with ``to_dict()``;
- a save round-trips (every ``SAVE_EVERY`` decisions and at the end): loading it gives
  the same save, step and seat to move.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping
from enum import Enum
from itertools import islice
from typing import Any

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.base.errors import RulesError
from sheriff_core.base.protocol import GameProtocol
from sheriff_core.engine import STEPS

CHECK_ALL = 12
LIST_CAP = 200
SAVE_EVERY = 25
REFUSALS = 3
GAMES = 2
MAX_ACTIONS = 5_000


def _sheriff_cases() -> list[tuple[str, Callable[[int], Any]]]:
    cases = []
    for name in sc.variant_names():
        v = sc.load_variant(name)
        for n in sorted({v.min_players, v.max_players}):
            cases.append((f"{name}-{n}", lambda seed, v=v, n=n: sc.new_game(v, n, seed=seed)))
    return cases


def _nottingham_cases() -> list[tuple[str, Callable[[int], Any]]]:
    rules = nt.load_rules()
    return [(f"nottingham-{n}", lambda seed, n=n: nt.new_game(rules, n, seed=seed)) for n in (3, 7)]


CASES = _sheriff_cases() + _nottingham_cases()


def table(game: Any) -> Mapping[Any, Any]:
    """The game's table of steps (each row has ``takes``: action type -> check, effect)."""
    return STEPS if isinstance(game, sc.Game) else nt.DECISIONS


def snapshot(game: Any) -> bytes:
    """Every field of the game (both generators' states included) as bytes, but the
    frozen rules data; the event and action lists by length and last entry (pickling them
    whole at every decision would make a game's check quadratic)."""
    lists = ("events", "history")
    frozen = ("variant", "rules")  # immutable rules data, the same object throughout
    state = {k: v for k, v in vars(game).items() if k not in lists + frozen}
    tails = [(len(getattr(game, k)), getattr(game, k)[-1:]) for k in lists]
    same = [id(getattr(game, k, None)) for k in frozen]
    return pickle.dumps((state, tails, same))


def check_decision(game: Any, listed: list[Any], rng: np.random.Generator) -> None:
    over = game.is_over
    assert (game.to_move is None) == over, (game.step, game.to_move)
    assert bool(listed) != over, (game.step, len(listed))
    assert isinstance(game.step, Enum) and isinstance(game.step, str), repr(game.step)
    takes = table(game)[game.step].takes
    assert all(type(a) in takes for a in listed), game.step
    sample = listed
    if len(listed) > CHECK_ALL:
        sample = [listed[int(i)] for i in rng.choice(len(listed), CHECK_ALL, replace=False)]
    for action in sample:
        assert game.can(action), f"{action} is listed at {game.step!r} but can() refuses it"


def check_refusals(game: Any, pool: list[Any], listed: list[Any], rng: np.random.Generator) -> int:
    """Refused actions change nothing; returns how many were tried."""
    before, tried = snapshot(game), 0
    tries = [pool[int(i)] for i in rng.integers(len(pool), size=REFUSALS)] if pool else []
    wrong: list[tuple[Any, int | None]] = [(a, None) for a in tries if not game.can(a)]
    if listed and game.n > 1:
        wrong.append((listed[0], (game.to_move + 1) % game.n))
    for action, seat in wrong:
        with pytest.raises(RulesError):
            game.apply(action, seat)
        assert snapshot(game) == before, f"refusing {action} (seat {seat}) changed the game"
        tried += 1
    return tried


def check_save(game: Any) -> None:
    text = game.to_json()
    again = type(game).from_json(text)
    assert again.to_json() == text
    assert (again.step, again.to_move) == (game.step, game.to_move)


@pytest.mark.parametrize(("name", "make"), CASES, ids=[c[0] for c in CASES])
def test_random_legal_playouts_keep_the_protocol(name, make):
    rng = np.random.default_rng(30)
    refused = 0
    for seed in range(GAMES):
        game = make(seed)
        assert isinstance(game, GameProtocol)
        pool: list[Any] = []
        for k in range(MAX_ACTIONS):
            listed = list(islice(game.legal_actions(), LIST_CAP))
            check_decision(game, listed, rng)
            refused += check_refusals(game, pool, listed, rng)
            if k % SAVE_EVERY == 0 or game.is_over:
                check_save(game)
            if game.is_over:
                break
            action = listed[int(rng.integers(len(listed)))]
            pool.append(action)
            n_events = len(game.events)
            new = game.apply(action)
            assert list(new) == list(game.events[n_events:])
            assert all(isinstance(e.to_dict(), dict) for e in new)
        else:
            pytest.fail(f"{name} seed {seed}: not over after {MAX_ACTIONS} random actions")
    assert refused > 10  # the refusals were tried, not skipped
