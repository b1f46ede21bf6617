"""The hot paths rewritten for speed (issue 15) compute what their plain definitions do.

The reference digests (test_reference_outputs.py) check whole games; these tests check
the rewritten pieces directly on many inputs, so a difference shows where it is.
"""

from __future__ import annotations

import random

import pytest

import sheriff_core as sc
from sheriff_core.bots.base import goods_info, interned
from sheriff_core.engine.actions import Declare, Load, Market
from sheriff_core.engine.view import observe
from sheriff_core.rules.cards import split_bag


def _split_bag_plain(bag, declared, penalty):
    admitted = [c for c in bag if c == declared]
    confiscated = [c for c in bag if c != declared]
    if not confiscated:
        return admitted, [], -sum(penalty[c] for c in bag)
    return admitted, confiscated, sum(penalty[c] for c in confiscated)


@pytest.mark.parametrize("variant", sc.variant_names())
def test_split_bag_is_the_plain_rule(variant):
    v = sc.load_variant(variant)
    penalty = {n: g.penalty for n, g in v.goods.items()}
    names = list(v.goods)
    rnd = random.Random(variant)
    for _ in range(2000):
        bag = [rnd.choice(names) for _ in range(rnd.randint(0, 6))]
        declared = rnd.choice(v.legal_goods)
        assert split_bag(bag, declared, penalty) == _split_bag_plain(bag, declared, penalty)


def test_interned_actions_are_equal_to_new_ones_and_shared():
    for cls, args in [
        (Market, (("Apples", "Silk"), (), 1)),
        (Market, (("Apples", "Silk"), (0,), 1)),
        (Load, (("Cheese", "Cheese"),)),
        (Declare, ("Cheese", 2)),
    ]:
        a = interned(cls, *args)
        assert a == cls(*args) and type(a) is cls
        assert interned(cls, *args) is a
    assert interned(Market, ("Apples",), (), 0) != interned(Market, ("Apples",), (), 1)


def test_the_merchants_market_choice_is_the_plain_rule():
    """_market: the hand without the target good (keeping contraband if asked), in order."""
    from sheriff_core.bots.merchants import _market, _target_count

    v = sc.load_variant("classic")
    info = goods_info(v)
    g = sc.new_game(v, players=4, seed=0)
    names = list(v.goods)
    rnd = random.Random(1)
    seat = g.to_move
    for _ in range(500):
        g.hands[seat] = [rnd.choice(names) for _ in range(6)]
        g.piles = [[], []]  # no discard-pile take: the set-aside part alone
        hand = g.hands[seat]
        target = _target_count(hand, info)[0]
        for keep in (False, True):
            plain = [c for c in hand if c != target and (not keep or info.is_legal[c])]
            plain = plain[: v.set_aside_max]
            got = _market(observe(g, seat), info, keep)
            assert got == (Market(tuple(plain), (), 1) if plain else Market()), (hand, keep)
