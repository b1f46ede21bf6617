"""Nottingham's actions with odd values in every field: refused with a rules error
(state unchanged) or, when accepted, a game that saves and loads back identically.

Same rule as the Sheriff engine's fuzz (tests/test_fuzz_illegal.py): floats, bools,
strings, None, huge and negative numbers and numpy integers in each field of each
action class, at many decisions of seeded games.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sheriff_core import nottingham as nt
from sheriff_core.base.errors import RulesError

ODD = (1.5, True, False, "x", "", None, 10**30, -1, np.int64(1), np.int64(-3), ("Gold",), [])

ACTION_CLASSES = [
    c
    for c in vars(nt).values()
    if isinstance(c, type) and issubclass(c, nt.Action) and c is not nt.Action
]


def odd_actions(game: nt.Game):
    """Each legal action with one field replaced by each odd value (and each class built
    from odd values alone)."""
    legal = list(game.legal_actions())[:12]
    for action in legal:
        for field in dataclasses.fields(action):
            for value in ODD:
                yield type(action), {**dataclasses.asdict(action), field.name: value}
    for cls in ACTION_CLASSES:
        for value in ODD:
            yield cls, {f.name: value for f in dataclasses.fields(cls)}


@pytest.mark.rules("NOT-ACT-1")
@pytest.mark.parametrize("seed", range(6))
def test_odd_values_in_every_field_are_refused_or_played_cleanly(seed: int) -> None:
    game = nt.new_game(nt.load_rules().with_track(10), 3 + seed % 4, seed=seed)
    bot = nt.RandomBot()
    refused = accepted = 0
    steps = 0
    while not game.is_over and steps < 60:
        steps += 1
        if steps % 3 == 0:
            before = game.to_json()
            for cls, fields in odd_actions(game):
                try:
                    action = cls(**fields)
                except RulesError:
                    refused += 1
                    continue
                trial = nt.Game.from_json(before)
                try:
                    trial.apply(action)
                except RulesError:
                    refused += 1
                    assert trial.to_json() == before, f"{action!r} changed the game"
                    continue
                accepted += 1
                saved = trial.to_json()
                assert nt.Game.from_json(saved).to_json() == saved, action
            assert game.to_json() == before
        game.apply(bot.choose(game))
    assert refused > 500, refused
