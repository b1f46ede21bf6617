"""Helpers for the Nottingham tests: build a game in an exact position.

Not a conftest.py: the top-level tests import their own ``conftest`` by name.
"""

from __future__ import annotations

from typing import Any

from sheriff_core import nottingham as nt
from sheriff_core.nottingham.saves import STATE_FIELDS


def position(
    players: int = 3,
    *,
    rules: nt.Rules | None = None,
    hands: dict[int, dict[str, int]] | None = None,
    deck: list[str] | None = None,
    discards: list[str] | None = None,
    revealed: str | None = None,
    decision: str | None = None,
    active: int = 0,
    ambushes: list[list[Any]] | None = None,
    ambush_pile: list[str] | None = None,
    sheriff: int = 0,
    seed: int = 0,
    **fields: Any,
) -> nt.Game:
    """A game with the given fields (others as dealt by ``new_game``).

    The fields are set on the game directly: such a position need not be reachable
    by play, so it is not a loadable save (loading replays the history).
    """
    rules = rules or nt.load_rules()
    game = nt.new_game(rules, players, seed=seed)
    data = game.to_data()
    if hands is not None:
        data["hands"] = [
            {i: hands.get(s, {}).get(i, 0) for i in rules.item_names} for s in range(players)
        ]
    if deck is not None:
        data["deck"] = deck
    if discards is not None:
        data["discards"] = discards
    if revealed is not None:
        data["revealed"] = revealed
        data["decision"] = decision or "reveal"
        data["pending"] = {}
    if decision is not None:
        data["decision"] = decision
        if revealed is None:
            data["revealed"] = None
            data["pending"] = {}
    if ambushes is not None:
        data["ambushes"] = ambushes
    if ambush_pile is not None:
        data["ambush_pile"] = ambush_pile
    data["active"] = active
    data["sheriff"] = sheriff
    data.update(fields)
    for name in STATE_FIELDS[1:]:
        if name not in ("decision", "pending", "ambushes"):
            setattr(game, name, data[name])
    game.step = nt.Decision(data["decision"])
    game.pending = nt.steps.pending_from_dict(game.step, data["pending"])
    game.ambushes = [nt.Ambush(*a) for a in data["ambushes"]]
    return game


def hand(game: nt.Game, seat: int) -> dict[str, int]:
    """The non-zero part of a hand."""
    return {i: n for i, n in game.hands[seat].items() if n}
