"""The Sheriff game tree: OpenSpiel's sizes, payoffs, variant numbers."""

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core.theory.sheriff_game import (
    OPENSPIEL_SIZES,
    bimatrix_game,
    build_game,
    sheriff_game,
    sheriff_game_from_variant,
)


@pytest.mark.parametrize("key", sorted(OPENSPIEL_SIZES), ids=lambda k: "/".join(map(str, k)))
def test_sizes_match_openspiel_table(key):
    g = sheriff_game(max_bribe=key[0], max_items=key[1], num_rounds=key[2])
    s = g.sizes()
    got = (s["sequences_0"], s["sequences_1"], s["infosets_0"], s["infosets_1"], s["terminals"])
    assert got == OPENSPIEL_SIZES[key]


def test_terminal_payoffs_follow_the_formula():
    g = sheriff_game(num_rounds=2)
    for hist, (u0, u1) in zip(g.histories, g.payoff, strict=True):
        n, b, inspect = hist[0] - 2, hist[-2] - 6, hist[-1]
        if not inspect:
            assert (u0, u1) == (n * 1.0 - b, b)
        elif n > 0:
            assert (u0, u1) == (-2.0 * n, 2.0 * n)
        else:
            assert (u0, u1) == (3.0, -3.0)


def test_only_the_last_round_is_binding():
    g = sheriff_game(max_bribe=2, max_items=2, num_rounds=3)
    by_last = {}
    for hist, pay in zip(g.histories, map(tuple, g.payoff), strict=True):
        by_last.setdefault((hist[0], hist[-2], hist[-1]), set()).add(pay)
    assert all(len(p) == 1 for p in by_last.values())


def test_sheriff_infosets_hide_the_load():
    g = sheriff_game(num_rounds=1)
    assert all("num_illegal_items" not in name for name in g.infosets[1])
    assert g.infosets[0][0] == "T=0 num_illegal_items:none"


def test_variant_numbers():
    for name, fine in (("classic", 4.0), ("summary-sheet", 6.0)):
        g = sheriff_game_from_variant(sc.load_variant(name), max_bribe=2, num_rounds=1)
        assert g.params["item_penalty"] == fine
        pay = dict(zip(g.histories, map(tuple, g.payoff), strict=True))
        # 5 Apples (2 each, penalty 2) with n Pepper (6 each): h = (2+n, bribe id, feedback)
        bribe0 = 3 + 5
        assert pay[(2 + 0, bribe0 + 1, 0)] == (10.0 - 1, 1.0)  # honest, bribe 1, passed
        assert pay[(2 + 0, bribe0 + 0, 1)] == (10.0 + 10.0, -10.0)  # honest, inspected
        assert pay[(2 + 2, bribe0 + 2, 0)] == (2 * 6 + 3 * 2 - 2, 2.0)
        assert pay[(2 + 2, bribe0 + 0, 1)] == (3 * 2 - 2 * fine, 2 * fine)


def test_unknown_parameter_and_bad_values_are_errors():
    with pytest.raises(ValueError, match="known:"):
        sheriff_game(rounds=3)
    with pytest.raises(ValueError, match="num_rounds"):
        sheriff_game(num_rounds=0)


def test_perfect_recall_is_checked():
    def forgetful(h):
        if len(h) == 2:
            return ("terminal", (0, 0))
        return ("player", 0, "same", [(0, "a"), (1, "b")])

    with pytest.raises(ValueError, match="perfect recall"):
        build_game(forgetful, "bad", ("a", "b"))


def test_bimatrix_game():
    g = bimatrix_game([[1, 2], [3, 4]], [[5, 6], [7, 8]])
    assert g.payoff.tolist() == [[1, 5], [2, 6], [3, 7], [4, 8]]
    assert not g.is_zero_sum()
    assert np.array_equal(g.term_seq[0], [1, 1, 2, 2])
