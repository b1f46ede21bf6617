"""The load choice, relative scores, bribes and commitment (sheriff_core.theory.choices):
closed forms against independent computations (CFR on the extensive game, best
responses by brute force, nashpy's support enumeration)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.theory import choices

CLASSIC = sc.load_variant("classic")
SUMMARY = sc.load_variant("summary-sheet")


def _goods(variant, legal, contraband):
    lg, cg = variant.goods[legal], variant.goods[contraband]
    return (Fraction(x) for x in (lg.value, lg.penalty, cg.value, cg.penalty))


# --- A. the load choice: only empty or full bags ---


@pytest.mark.parametrize(
    ("variant", "smuggle", "inspect"),
    [(CLASSIC, Fraction(1, 3), Fraction(1, 3)), (SUMMARY, Fraction(1, 4), Fraction(2, 7))],
    ids=["classic", "summary-sheet"],
)
def test_count_equilibrium_of_a_five_card_pepper_bag(variant, smuggle, inspect) -> None:
    eq = choices.count_equilibrium(variant, legal="Apples", contraband="Pepper", k=5)
    assert (eq.load, eq.smuggle_prob, eq.inspect_prob, eq.kind) == (5, smuggle, inspect, "mixed")
    assert isinstance(eq.smuggle_prob, Fraction) and isinstance(eq.inspect_prob, Fraction)


@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
@pytest.mark.parametrize("legal", ["Apples", "Chickens"])
@pytest.mark.parametrize("contraband", ["Pepper", "Crossbow"])
@pytest.mark.parametrize("k", [1, 3, 5])
def test_count_equilibrium_matches_the_closed_forms(variant, legal, contraband, k) -> None:
    v_l, p_l, v_c, p_c = _goods(variant, legal, contraband)
    eq = choices.count_equilibrium(variant, legal=legal, contraband=contraband, k=k)
    assert eq.inspect_prob == (v_c - v_l) / (p_l + v_c + p_c)
    assert eq.smuggle_prob == p_l / (p_l + p_c)
    assert eq.load == k
    assert eq.sheriff_value == 0  # passing earns nothing, and he is indifferent
    assert eq.merchant_value == k * v_l + eq.inspect_prob * k * p_l  # the honest bag's worth


def test_at_the_equilibrium_rate_only_the_empty_and_full_loads_are_best() -> None:
    game = choices.bag_game(CLASSIC, legal="Apples", contraband="Pepper")
    eq = choices.count_equilibrium(CLASSIC, legal="Apples", contraband="Pepper")
    values = choices.load_values(game, eq.inspect_prob)
    best = max(values.values())
    assert [n for n, x in values.items() if x == best] == [0, 5]
    # and the Sheriff, against the merchant's mix, is indifferent
    s = eq.smuggle_prob
    for col in (0, 1):
        pass_or_inspect = (1 - s) * game.sheriff[0][col] + s * game.sheriff[5][col]
        assert pass_or_inspect == 0


@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
def test_cfr_on_the_extensive_game_finds_the_same_load_choice(variant) -> None:
    """One round, no bribe: the extensive Sheriff game is the count-choosing game."""
    game = theory.sheriff_game_from_variant(
        variant, legal="Apples", contraband="Pepper", max_bribe=0, num_rounds=1
    )
    sol = theory.solve(game, target=1e-6, max_iterations=20_000)
    assert sol.nash_conv <= 1e-6
    eq = choices.count_equilibrium(variant, legal="Apples", contraband="Pepper")
    pol = sol.policy.set_index("action")["probability"]
    assert pol["load 0"] == pytest.approx(1 - float(eq.smuggle_prob), abs=1e-3)
    assert pol["load 5"] == pytest.approx(float(eq.smuggle_prob), abs=1e-3)
    for n in (1, 2, 3, 4):
        assert pol[f"load {n}"] < 1e-3
    assert pol["inspect"] == pytest.approx(float(eq.inspect_prob), abs=1e-3)


def test_a_worthless_contraband_is_never_smuggled() -> None:
    """If contraband is worth no more than the legal good, the equilibrium is pure."""
    goods = dict(CLASSIC.goods)
    goods["Pepper"] = dataclasses.replace(goods["Pepper"], value=2)
    cheap = dataclasses.replace(CLASSIC, goods=goods)
    eq = choices.count_equilibrium(cheap, legal="Apples", contraband="Pepper")
    assert (eq.kind, eq.smuggle_prob, eq.inspect_prob) == ("pure", 0, 0)


def test_bad_input_names_the_rule() -> None:
    with pytest.raises(ValueError, match="no good 'Gold'"):
        choices.count_equilibrium(CLASSIC, contraband="Gold")
    with pytest.raises(ValueError, match="'Apples' is legal"):
        choices.count_equilibrium(CLASSIC, contraband="Apples")
    with pytest.raises(ValueError, match="bag size k must be at least 1"):
        choices.bag_game(CLASSIC, k=0)
    with pytest.raises(ValueError, match="loads repeat"):
        choices.bag_game(CLASSIC, loads=(0, 1, 1))


# --- B. relative scores ---


def test_relative_scores_one_pepper_bag_smuggles_ten_seventeenths() -> None:
    eq = choices.relative_equilibrium(CLASSIC, legal="Apples", contraband="Pepper", j=1)
    assert eq.smuggle_prob == Fraction(10, 17)
    assert eq.merchant_value == -eq.sheriff_value  # two players: zero-sum


@pytest.mark.parametrize("players", [2, 3, 4, 5, 10])
@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
def test_relative_full_bag_matches_the_closed_forms(variant, players) -> None:
    v_l, p_l, v_c, p_c = _goods(variant, "Apples", "Pepper")
    w = Fraction(1, players - 1)
    eq = choices.relative_equilibrium(variant, players=players, legal="Apples", contraband="Pepper")
    assert eq.load == 5
    assert eq.inspect_prob == (v_c - v_l) / (v_c + (1 + w) * (p_l + p_c))
    assert eq.smuggle_prob == (1 + w) * p_l / ((1 + w) * (p_l + p_c) + w * v_c)


def test_relative_equilibrium_is_an_equilibrium_of_the_relative_payoffs() -> None:
    """Brute force: neither player gains by a pure deviation, for N = 2..5 and j = 1..5."""
    for players in (2, 3, 4, 5):
        for j in range(1, 6):
            eq = choices.relative_equilibrium(
                CLASSIC, players=players, legal="Apples", contraband="Silk", j=j
            )
            g = choices.bag_game(
                CLASSIC, legal="Apples", contraband="Silk", loads=(0, j), players=players
            )
            s, q = eq.smuggle_prob, eq.inspect_prob
            rows = [(1 - q) * r[0] + q * r[1] for r in g.merchant]
            cols = [(1 - s) * g.sheriff[0][c] + s * g.sheriff[1][c] for c in (0, 1)]
            assert rows[0] == rows[1] == eq.merchant_value
            assert cols[0] == cols[1] == eq.sheriff_value


def test_many_players_tend_to_absolute_scores() -> None:
    absolute = choices.count_equilibrium(CLASSIC, legal="Apples", contraband="Pepper")
    gaps = [
        abs(
            choices.relative_equilibrium(CLASSIC, players=n, contraband="Pepper").smuggle_prob
            - absolute.smuggle_prob
        )
        for n in (2, 3, 5, 101)
    ]
    assert gaps == sorted(gaps, reverse=True) and gaps[-1] < Fraction(1, 100)


def test_relative_bad_input() -> None:
    for bad in (1, 0, 2.5, True):
        with pytest.raises(ValueError, match="players must be an integer of at least 2"):
            choices.relative_equilibrium(CLASSIC, players=bad)
    with pytest.raises(ValueError, match="j must be between 1 and k=5"):
        choices.relative_equilibrium(CLASSIC, j=6)
