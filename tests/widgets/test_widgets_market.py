"""The market turn builder: controls -> Market action -> engine preview on a copy."""

from __future__ import annotations

import re

import pytest

import sheriff_core as sc
from sheriff_core.present.widgets.market import market_turn, preview_market


@pytest.fixture
def game() -> sc.Game:
    return sc.new_game("classic", players=4, seed=3)


def test_preview_leaves_the_game_unchanged(game):
    before = game.to_json()
    hand = game.hands[game.to_move]
    p = preview_market(game, sc.Market((hand[0],), (0,), 1))
    assert p.error is None and len(p.hand) == 6 and game.to_json() == before
    assert p.piles[1][-1] == hand[0]


def test_ticking_order_is_pile_order_and_takes_are_sequenced(game):
    turn = market_turn(game)
    hand = game.hands[turn.seat]
    turn.cards[2].value = True
    turn.cards[0].value = True
    turn.take_buttons[0].click()
    turn.take_buttons[0].click()
    turn.pile.value = 1
    assert turn.action == sc.Market((hand[2], hand[0]), (0, 0), 1)
    assert turn.error is None
    assert turn.preview.piles[1][-2:] == [hand[2], hand[0]]
    top_two = game.piles[0][-2:][::-1]
    assert turn.hand[4:6] == top_two  # taken cards join the hand
    assert "new hand" in turn.result.value


def test_illegal_choice_shows_the_engines_message(game):
    turn = market_turn(game)
    turn.cards[0].value = True
    turn.take_buttons[1].click()
    turn.take_buttons[1].click()  # only one card to draw back
    assert turn.error == "you draw back up to 6 cards: 1 to draw, not 2 from the discard piles"
    assert "illegal" in turn.result.value and turn.hand is None
    turn.undo_take.click()
    assert turn.error is None
    turn.cards[0].value = False
    turn.clear_take.click()
    assert turn.action == sc.Market()


def test_hidden_draws_and_apply(game):
    turn = market_turn(game, reveal_draws=False)
    for box in turn.cards[:3]:
        box.value = True
    assert turn.result.value.count("?") == 3
    seat = turn.seat
    turn.apply()
    assert game.to_move != seat and len(game.hands[seat]) == 6


def test_only_at_a_market_step():
    g = sc.new_game("classic", players=3, seed=0)
    while g.step == "market":
        g.apply(sc.Market())
    with pytest.raises(ValueError, match="not a market turn"):
        market_turn(g)


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


def test_hand_piles_and_new_hand_are_drawn_as_cards(game):
    turn = market_turn(game, reveal_draws=False)
    hand = game.hands[turn.seat]
    assert [t.split(":")[0] for t in titles(turn.hand_view.value)] == hand
    turn.cards[4].value = True
    turn.cards[1].value = True
    marked = [i for i, t in enumerate(titles(turn.hand_view.value)) if t.endswith(", selected")]
    assert marked == [1, 4]
    turn.take_buttons[0].click()
    new = titles(turn.result.value)
    # kept cards, then the top of pile 0 face up, then one card from the draw pile face down
    kept = [c for i, c in enumerate(hand) if i not in (1, 4)]
    assert [t.split(":")[0] for t in new[:5]] == [*kept, game.piles[0][-1]]
    assert new[5] == "face-down card"
    assert "pile 0:" in turn.result.value and "pile 1:" in turn.result.value
    shown = market_turn(game)
    shown.cards[0].value = True
    assert [t.split(":")[0] for t in titles(shown.result.value)][:6] == shown.hand


def test_repr_says_what_it_is_before_the_cell_runs(game):
    # people count seats from 1: no seat number (Ben's index is 1) where a person reads
    assert repr(market_turn(game)) == "Market turn of Ben (run this cell to open it)"
    assert "seat" not in market_turn(game).children[0].value
