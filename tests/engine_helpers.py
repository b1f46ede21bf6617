"""Helpers for engine scenario tests: arrange a game in a chosen position."""

from __future__ import annotations

import sheriff_core as sc


def arrange(game: sc.Game, **fields: object) -> sc.Game:
    """Overwrite state fields (hands, piles, deck, stands, gold, ...) for a scenario."""
    for name, value in fields.items():
        assert hasattr(game, name), name
        setattr(game, name, value)
    return game


def play_to_inspection(game: sc.Game, loads: dict[int, list[str]], declares: dict[int, tuple]):
    """Every merchant keeps their hand at market, then loads and declares as given."""
    while game.step == "market":
        game.apply(sc.Market())
    while game.step == "load":
        game.apply(sc.Load(tuple(loads[game.to_move])))
    while game.step == "declare":
        good, count = declares[game.to_move]
        game.apply(sc.Declare(good, count))
    assert game.step == "sheriff"
    return game
