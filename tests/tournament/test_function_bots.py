"""A bot written as plain functions (issue 29: "a small class or a pair of functions")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import sheriff_core as sc
from sheriff_core.bots import bot_names, make_player, play_game
from sheriff_core.bots.base import unregister
from sheriff_core.engine import Declare, Inspect, LetPass, Load, SeatView


def greedy_load(view: SeatView) -> Load:
    """The most common legal good in hand (any card if none is legal)."""
    cards = [c for c in view.hand if c in view.variant.legal_goods] or list(view.hand)
    good = max(cards, key=cards.count)
    return Load(tuple(c for c in cards if c == good)[:5])


def honest_declare(view: SeatView) -> Declare:
    """The bag's good when it is legal (else the first legal good: a lie)."""
    good = view.bag[0] if view.bag[0] in view.variant.legal_goods else view.variant.legal_goods[0]
    return Declare(good, len(view.bag))


def big_bags(view: SeatView, merchant: int) -> Inspect | LetPass:
    return Inspect(merchant) if view.declared[merchant][1] >= 2 else LetPass(merchant)


@pytest.fixture
def fn_bots() -> Iterator[None]:
    sc.bot_from_functions("fn-pair", load=greedy_load, declare=honest_declare, decide=big_bags)
    yield
    unregister("fn-pair", "merchant")
    unregister("fn-pair", "sheriff")


def test_registered_in_both_roles_and_playing(fn_bots: None) -> None:
    assert "fn-pair" in bot_names("merchant") and "fn-pair" in bot_names("sheriff")
    game = play_game(
        sc.new_game("classic", players=3, seed=4), [make_player("fn-pair", "fn-pair")] * 3
    )
    assert game.is_over
    # its Sheriff (decide) opened exactly the bags declared with 2 cards or more
    big = sum(e.kind == "declared" and e.count >= 2 for e in game.events)
    opened = sum(e.kind == "inspected" for e in game.events)
    assert opened == big > 0


def test_a_tournament_guards_it_and_ranks_it(fn_bots: None) -> None:
    result = sc.tournament(["fn-pair"], games=40, seed=2, players=3)
    board = result.leaderboard()
    assert "fn-pair" in set(board["entrant"])
    row = board.set_index("entrant").loc["fn-pair"]
    assert row["win_lo"] <= row["win_rate"] <= row["win_hi"]


def test_the_fast_engine_refuses_it_by_name(fn_bots: None) -> None:
    with pytest.raises(ValueError, match="fn-pair"):
        sc.simulate("classic", players=3, games=2, merchants=["fn-pair"], engine="fast")


def test_a_function_that_breaks_a_rule_is_a_fault_not_a_crash() -> None:
    def lie_about_pepper(view: SeatView) -> Declare:
        return Declare("Pepper", len(view.bag))  # contraband may not be declared

    sc.bot_from_functions("fn-liar", load=greedy_load, declare=lie_about_pepper)
    try:
        result = sc.tournament(["fn-liar"], games=8, seed=1, players=3)
    finally:
        unregister("fn-liar", "merchant")
    faults = result.faults
    assert len(faults) > 0 and set(faults["kind"]) == {"illegal"}
    assert (faults["entrant"] == "fn-liar").all()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"load": greedy_load}, "needs both load"),
        ({"declare": honest_declare}, "needs both load"),
        ({}, "give load and declare"),
        ({"decide": "inspect"}, "needs a function decide"),
    ],
)
def test_clear_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        sc.bot_from_functions("fn-bad", **kwargs)
    assert "fn-bad" not in bot_names("merchant") + bot_names("sheriff")
