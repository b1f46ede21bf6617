"""Property tests over random complete games for every variant and player count."""

from __future__ import annotations

from collections import Counter

from engine_helpers import all_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core.bots import RandomBot

VARIANTS = sc.variant_names()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
    talk=st.floats(0.0, 0.9),
)
def test_random_games_keep_every_invariant(variant, data, seed, talk):
    v = sc.load_variant(variant)
    players = data.draw(st.integers(v.min_players, v.max_players))
    first = data.draw(st.integers(0, players - 1))
    g = sc.new_game(v, players=players, seed=seed, first_sheriff=first)
    deck = Counter(sc.build_deck(v, players))
    total_gold = sum(g.gold) + g.loot
    supply = dict(g.token_supply)
    bot = RandomBot(talk=talk)
    rounds_seen = {g.round}
    steps = 0
    while not g.is_over:
        g.apply(bot.choose(g))
        steps += 1
        rounds_seen.add(g.round)
        assert all_cards(g) == deck  # every card is always somewhere, once
        assert sum(g.gold) + g.loot == total_gold  # gold is conserved (the Loot included)
        assert min(g.gold) >= 0 and g.loot >= 0  # nobody's gold goes negative
        for name, n in supply.items():  # tokens never exceed the supply
            held = sum(t[name] for t in g.tokens)
            assert held + g.token_supply[name] == n and g.token_supply[name] >= 0
        if steps % 25 == 0:
            assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()
    assert len(rounds_seen) == v.rounds(players)
    starts = [e.info["sheriffs"] for e in g.events if e.kind == "round_start"]
    assert len(starts) == v.rounds(players)
    if v.sheriff_selection == "rotate":
        assert starts == [[(first + r) % players] for r in range(v.rounds(players))]
    else:  # each pass of the deputy deck makes every player a Deputy exactly once
        per_pass = players // v.sheriffs_per_round
        for k in range(v.deputy_deck_passes):
            seats = sum(starts[k * per_pass : (k + 1) * per_pass], [])
            assert sorted(seats) == list(range(players))
    text = g.to_json()
    assert sc.Game.from_json(text).to_json() == text


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_same_seed_and_actions_give_the_same_game(seed):
    a = sc.new_game("classic-royal", players=4, seed=seed)
    b = sc.new_game("classic-royal", players=4, seed=seed)
    bot_a, bot_b = RandomBot(), RandomBot()
    while not a.is_over:
        act = bot_a.choose(a)
        assert bot_b.choose(b) == act
        a.apply(act)
        b.apply(act)
    assert a.to_json() == b.to_json()


def test_a_saved_game_continues_exactly_like_the_original():
    g = sc.new_game("classic", players=5, seed=99)
    bot = RandomBot()
    for _ in range(150):
        g.apply(bot.choose(g))
    copy = sc.Game.from_json(g.to_json())
    while not g.is_over:
        action = bot.choose(g)
        assert bot.choose(copy) == action
        g.apply(action)
        copy.apply(action)
    assert copy.to_json() == g.to_json()


def test_different_seeds_deal_differently():
    hands = {tuple(map(tuple, sc.new_game("classic", 4, seed=s).hands)) for s in range(5)}
    assert len(hands) == 5
