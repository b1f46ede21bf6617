"""Helpers shared by the rule tests of tests/rules/: fresh games, a game driven to the
market's end or to the Sheriff's first choice, a refusal that must leave the game as it was.

(Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py.)
"""

from __future__ import annotations

import pytest
from engine_helpers import play_to_inspection

import sheriff_core as sc

SIX = ["Apples", "Apples", "Cheese", "Bread", "Pepper", "Mead"]


def fresh(variant: str = "classic", players: int = 4, seed: int = 0, **kw: object) -> sc.Game:
    return sc.new_game(variant, players=players, seed=seed, **kw)


def after_market(game: sc.Game, hands: dict[int, list[str]] | None = None) -> sc.Game:
    """Every merchant keeps their hand at market; then the given hands replace the dealt ones."""
    if game.step == "starter":
        game.apply(sc.ChooseStarter(game.merchants[0]))
    while game.step == "market":
        game.apply(sc.Market())
    assert game.step == "load"
    for seat, cards in (hands or {}).items():
        game.hands[seat] = list(cards)
    return game


def to_inspection(
    game: sc.Game, bags: dict[int, list[str]], declares: dict[int, tuple[str, int]]
) -> sc.Game:
    """Market (keep), then each merchant's hand becomes its bag plus fillers; load, declare."""
    after_market(game, {s: bags[s] + ["Cheese"] * (6 - len(bags[s])) for s in game.merchants})
    while game.step == "load":
        game.apply(sc.Load(tuple(bags[game.to_move])))
    while game.step == "declare":
        game.apply(sc.Declare(*declares[game.to_move]))
    assert game.step == "sheriff"
    return game


def honest_round(game: sc.Game) -> sc.Game:
    """Merchants 1.. load one Apples each, declare it; returns at the Sheriff's first choice."""
    m = game.merchants
    return to_inspection(game, {s: ["Apples"] for s in m}, {s: ("Apples", 1) for s in m})


def refused(game: sc.Game, action: sc.Action, error: type[Exception], match: str) -> None:
    """``action`` raises ``error`` naming the rule (``match``) and changes nothing."""
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(action)
    assert game.to_json() == before


def setup_bags(g: sc.Game, bags: dict[int, list[str]], declares: dict[int, tuple]) -> sc.Game:
    for seat, bag in bags.items():
        g.hands[seat] = list(bag) + ["Apples"] * (6 - len(bag))
    return play_to_inspection(g, bags, declares)


def deputies_round(seed: int = 0) -> sc.Game:
    g = sc.new_game("deputies", players=6, seed=seed)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    return g


def disney_game(players: int = 4, seed: int = 0) -> sc.Game:
    g = sc.new_game("disney", players=players, seed=seed)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    return g
