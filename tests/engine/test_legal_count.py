"""``legal_actions()`` on a valid variant with large hands: more actions than ``len()`` can
return (issue 25). ``count()`` gives the exact number; ``len`` raises a clear
OverflowError pointing to it (it raised "cannot fit 'int' into an index-sized integer").
"""

from __future__ import annotations

import math
import sys

import pytest

import sheriff_core as sc
from sheriff_core.rules.variants import LIMITS


def _big_hands(hand: int) -> sc.Variant:
    data = sc.load_variant("classic").to_data()
    data["setup"]["hand_size"] = hand
    data["round"]["set_aside_max"] = hand
    for good in data["goods"].values():
        good["count"] = LIMITS["card_count"] // 2
    return sc.Variant.from_data(data, "<big hands>")


def test_a_market_with_more_turns_than_len_can_return_counts_them_exactly():
    game = sc.new_game(_big_hands(LIMITS["hand_size"]), players=3, seed=0)
    legal = game.legal_actions()
    n = legal.count()
    assert type(n) is int and n > sys.maxsize
    # At least every order of every set of distinct set-aside cards is a turn.
    assert n >= math.factorial(len(set(game.hands[game.to_move])))
    with pytest.raises(OverflowError, match=r"more than len\(\) can return .*legal\.count\(\)"):
        len(legal)
    assert legal  # truth does not need len()
    assert sc.Market() in legal


@pytest.mark.parametrize("hand", [6, 8])
def test_count_is_len_and_the_listed_actions_when_they_fit(hand):
    game = sc.new_game(_big_hands(hand), players=3, seed=1)
    legal = game.legal_actions()
    assert legal.count() == len(legal) <= sys.maxsize
    if hand == 6:
        assert legal.count() == sum(1 for _ in legal)


def test_count_and_len_agree_at_every_step_of_a_game():
    from sheriff_core.bots import RandomBot

    game = sc.new_game("classic", players=3, seed=4)
    bot = RandomBot(talk=0.6)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal.count() == len(legal) and bool(legal) == (len(legal) > 0)
        game.apply(bot.choose(game))
