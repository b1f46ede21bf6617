"""A game is an ordinary Python object: ``copy.deepcopy`` and ``pickle`` work (both games).

A teacher copies a game to try a move: the copy plays on independently (its own lists,
its own generators), the original is unchanged, and a pickled game loads back equal (the
same save). Before issue 25 both raised ``TypeError: cannot pickle 'mappingproxy'``.
"""

from __future__ import annotations

import copy
import pickle

import pytest

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.bots import RandomBot
from sheriff_core.bots.random_bot import play_game


def _sheriff_positions():
    """Sheriff games at several decisions (market, load, negotiation...) of every variant."""
    for name in sc.variant_names():
        g = sc.new_game(name, players=sc.load_variant(name).max_players, seed=3)
        bot = RandomBot(talk=0.6)
        for k in range(60):
            if g.is_over:
                break
            if k in (0, 7, 23, 59):
                yield name, k, g
            g.apply(bot.choose(g))


def _nottingham_positions():
    for players in (3, 5):
        g = nt.new_game(nt.load_rules(track=6), players=players, seed=players)
        bot = nt.RandomBot()
        for k in range(40):
            if g.is_over:
                break
            if k in (0, 9, 31):
                yield players, k, g
            g.apply(bot.choose(g))


def _sheriff_move(game: sc.Game, pick: int) -> sc.Action:
    acts = []
    for a in game.legal_actions():
        acts.append(a)
        if len(acts) > pick:
            break
    return acts[min(pick, len(acts) - 1)]


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_sheriff_copy_plays_on_independently_and_the_original_is_unchanged(how):
    tried = 0
    for _name, _k, g in _sheriff_positions():
        before = g.to_json()
        twin = copy.deepcopy(g) if how == "deepcopy" else pickle.loads(pickle.dumps(g))
        assert twin is not g and twin.to_json() == before
        assert twin.rng is not g.rng and twin.players_rng is not g.players_rng
        assert twin.rng.bit_generator.state == g.rng.bit_generator.state
        # The copy plays a few moves; the original does not move at all.
        for _ in range(3):
            if twin.is_over:
                break
            twin.apply(_sheriff_move(twin, 1))
        assert g.to_json() == before
        assert len(twin.history) > len(g.history) or twin.is_over
        # Both play the same next moves and stay equal (nothing shared, nothing lost).
        again = copy.deepcopy(g) if how == "deepcopy" else pickle.loads(pickle.dumps(g))
        for _ in range(3):
            if g.is_over:
                break
            move = _sheriff_move(g, 0)
            assert g.apply(move) == again.apply(move)
        assert g.to_json() == again.to_json()
        tried += 1
    assert tried >= 2 * len(sc.variant_names())


def test_a_sheriff_deepcopy_shares_no_list_or_dict():
    for _name, _k, g in _sheriff_positions():
        twin = copy.deepcopy(g)
        for name, value in vars(g).items():
            if isinstance(value, (list, dict)):
                assert vars(twin)[name] is not value, name
        for a, b in zip(
            g.hands + g.piles + g.stands, twin.hands + twin.piles + twin.stands, strict=True
        ):
            assert a is not b


def test_a_staged_sheriff_game_copies_its_hand_made_state():
    g = sc.new_game("classic", players=3, seed=0)
    g.mark_staged()
    g.stands[1] = ["Cheese", "Mead"]
    for twin in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert twin.stands[1] == ["Cheese", "Mead"] and not twin.replayable
        twin.stands[1].append("Silk")
        assert g.stands[1] == ["Cheese", "Mead"]


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_nottingham_copy_plays_on_independently_and_the_original_is_unchanged(how):
    tried = 0
    for _players, _k, g in _nottingham_positions():
        before = g.to_json()
        twin = copy.deepcopy(g) if how == "deepcopy" else pickle.loads(pickle.dumps(g))
        assert twin is not g and twin.to_json() == before
        assert twin.rng is not g.rng and twin.players_rng is not g.players_rng
        assert twin.hands is not g.hands and twin.hands[0] is not g.hands[0]
        for _ in range(3):
            if twin.is_over:
                break
            twin.apply(twin.legal_actions()[-1])
        assert g.to_json() == before
        again = copy.deepcopy(g) if how == "deepcopy" else pickle.loads(pickle.dumps(g))
        for _ in range(3):
            if g.is_over:
                break
            move = g.legal_actions()[0]
            assert g.apply(move) == again.apply(move)
        assert g.to_json() == again.to_json()
        tried += 1
    assert tried >= 4


def test_rules_and_variants_are_shared_by_copies_and_rebuilt_equal_by_pickle():
    for name in sc.variant_names():
        v = sc.load_variant(name)
        assert copy.deepcopy(v) is v and copy.copy(v) is v
        back = pickle.loads(pickle.dumps(v))
        assert back == v and back.to_data() == v.to_data() and back.source == v.source
    r = nt.load_rules(track=[5, 3, 4])
    assert copy.deepcopy(r) is r
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.to_data() == r.to_data()


def test_a_finished_game_pickles_with_its_scores():
    g = play_game(sc.new_game("classic", players=3, seed=2))
    back = pickle.loads(pickle.dumps(g))
    assert back.is_over and back.score_rows() == g.score_rows() and back.to_json() == g.to_json()
    n = nt.play_game(nt.load_rules(track=4), [nt.RandomBot()] * 3, seed=1)
    assert pickle.loads(pickle.dumps(n)).to_json() == n.to_json()
