"""Game.clone(): an independent structural copy that equals a save/load round-trip."""

from __future__ import annotations

import numpy as np

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine.state import COPIED, GAME_STATE, Copy


def snapshot(game: sc.Game) -> str:
    state = {k: v for k, v in vars(game).items() if k not in ("variant", "rng", "players_rng")}
    rngs = (game.rng.bit_generator.state, game.players_rng.bit_generator.state)
    return repr((state, rngs)) + game.to_json()


def positions(seeds=range(2), every=17):
    """Games at many decisions (every step kind) of random-bot games in every variant."""
    for name in sc.variant_names():
        v = sc.load_variant(name)
        for players in sorted({v.min_players, v.max_players}):
            for seed in seeds:
                g = sc.new_game(v, players=players, seed=seed)
                bot = RandomBot(talk=0.6)
                k = 0
                while not g.is_over:
                    if k % every == 0:
                        yield g
                    g.apply(bot.choose(g))
                    k += 1
                yield g


def test_every_attribute_is_declared_once_with_how_it_is_copied():
    names = [f.name for f in GAME_STATE]
    assert len(names) == len(set(names))
    for variant in ("deputies", "disney"):
        g = sc.new_game(variant, players=4 if variant == "disney" else 6, seed=0)
        assert set(vars(g)) == set(names)
        while not g.is_over:  # no attribute appears later in a game
            g.apply(RandomBot(talk=0.6).choose(g))
        assert set(vars(g)) == set(names)
    assert {n for names in COPIED.values() for n in names} == set(names)


def _mutables(obj, depth=2):
    if isinstance(obj, (list, dict)):
        yield obj
        if depth:
            for item in obj.values() if isinstance(obj, dict) else obj:
                yield from _mutables(item, depth - 1)


def test_a_clone_shares_no_list_or_dict_with_its_original():
    for g in positions(seeds=[0]):
        twin = g.clone()
        for name, value in vars(g).items():
            if name in COPIED[Copy.SHARE]:  # immutable, or never changed (_penalty)
                continue
            ours = {id(x) for x in _mutables(value)}
            theirs = {id(x) for x in _mutables(getattr(twin, name))}
            assert not ours & theirs, name
        assert twin.rng is not g.rng and twin.rng.bit_generator is not g.rng.bit_generator


def test_playing_on_a_clone_leaves_the_original_unchanged_and_matches_a_reload():
    played = 0
    for g in positions(seeds=[1], every=45):
        before = snapshot(g)
        twin = g.clone()
        reloaded = sc.Game.from_json(g.to_json())
        assert twin.to_json() == g.to_json() == reloaded.to_json()
        assert (twin.step, twin.to_move, twin.events) == (reloaded.step, reloaded.to_move, g.events)
        bot_a, bot_b = RandomBot(talk=0.6), RandomBot(talk=0.6)
        while not twin.is_over:  # the same choices on the clone and on the reloaded save
            twin.apply(bot_a.choose(twin))
            reloaded.apply(bot_b.choose(reloaded))
            played += 1
        assert twin.to_json() == reloaded.to_json() and twin.events == reloaded.events
        assert snapshot(g) == before
    assert played > 500


def test_a_clone_of_a_hand_arranged_position_keeps_it():
    g = sc.new_game("classic", players=3, seed=0)
    g.stands[1] = ["Cheese", "Mead"]  # a staged lesson deal: not replayable from history
    twin = g.clone()
    assert twin.stands[1] == ["Cheese", "Mead"] and twin.stands[1] is not g.stands[1]
    assert np.array_equal(twin.rng.random(3), g.rng.random(3))
    assert g.copy().to_json() == g.to_json()
