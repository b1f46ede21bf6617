"""The load choice, relative scores, bribes and commitment (sheriff_core.theory.choices):
closed forms against independent computations (CFR on the extensive game, best
responses by brute force, nashpy's support and vertex enumeration)."""

from __future__ import annotations

import dataclasses
import os
import platform
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

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


# --- C. bribes ---


def _solve_bribes(variant, contraband, max_bribe=24):
    game = theory.sheriff_game_from_variant(
        variant, legal="Apples", contraband=contraband, max_bribe=max_bribe, num_rounds=1
    )
    sol = theory.solve(game, target=1e-4)
    assert sol.nash_conv <= 1e-4
    return sol, choices.outcomes(sol)


def test_classic_crossbow_bribe_of_twenty_always_accepted() -> None:
    cond = choices.bribe_condition(CLASSIC, legal="Apples", contraband="Crossbow", max_bribe=24)
    assert cond.possible and cond.load == 5 and cond.least_bribe == 20
    sol, out = _solve_bribes(CLASSIC, "Crossbow")
    assert len(out) == 1
    row = out.iloc[0]
    assert (row["load"], row["bribe"], row["sheriff"]) == (5, 20, "pass")
    assert row["probability"] > 0.999
    assert sol.values[1] == pytest.approx(20, abs=1e-2)  # the Sheriff earns the bribe


@pytest.mark.parametrize(
    ("variant", "contraband"),
    [(SUMMARY, "Crossbow"), (CLASSIC, "Pepper")],
    ids=["summary-sheet Crossbow", "classic Pepper"],
)
def test_no_bribe_when_the_condition_fails(variant, contraband) -> None:
    cond = choices.bribe_condition(variant, legal="Apples", contraband=contraband, max_bribe=24)
    assert not cond.possible and cond.margin <= 0
    _, out = _solve_bribes(variant, contraband)
    assert set(out["bribe"]) == {0}
    assert set(out["load"]) == {0, 5}  # and the count-choosing game is back
    eq = choices.count_equilibrium(variant, legal="Apples", contraband=contraband)
    smuggled = out.loc[out["load"] == 5, "probability"].sum()
    inspected = out.loc[out["sheriff"] == "inspect", "probability"].sum()
    assert smuggled == pytest.approx(float(eq.smuggle_prob), abs=5e-3)
    assert inspected == pytest.approx(float(eq.inspect_prob), abs=5e-3)


def test_a_cap_below_the_full_bag_fine_buys_nothing() -> None:
    """A bribe reveals a loaded bag but not how loaded: it must cover a full bag's fine."""
    cond = choices.bribe_condition(CLASSIC, contraband="Crossbow", max_bribe=19)
    assert not cond.possible and "less than the fine on a full bag" in cond.reason
    _, out = _solve_bribes(CLASSIC, "Crossbow", max_bribe=19)
    assert set(out["bribe"]) == {0}


@pytest.mark.parametrize("contraband", ["Pepper", "Mead", "Silk", "Crossbow"])
@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
def test_bribe_condition_is_the_margin_over_legal_plus_fine(variant, contraband) -> None:
    v_l, _, v_c, p_c = _goods(variant, "Apples", contraband)
    cond = choices.bribe_condition(variant, legal="Apples", contraband=contraband)
    assert cond.margin == v_c - v_l - p_c
    assert cond.possible == (v_c > v_l + p_c and 24 >= 5 * p_c)
    assert (cond.least_bribe, cond.most_bribe) == (5 * p_c, 5 * (v_c - v_l))


def test_bribe_and_outcome_bad_input() -> None:
    with pytest.raises(ValueError, match="max_bribe must be a whole number of gold >= 0"):
        choices.bribe_condition(CLASSIC, max_bribe=-1)
    sol = theory.solve(theory.bimatrix_game([[1, 0], [0, 1]], [[0, 1], [1, 0]]), target=1e-3)
    with pytest.raises(ValueError, match="not a Sheriff game"):
        choices.outcomes(sol)


# --- D. commitment ---


@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
@pytest.mark.parametrize("contraband", ["Pepper", "Crossbow"])
def test_commitment_gains_the_fine_times_the_rate(variant, contraband) -> None:
    _, _, _, p_c = _goods(variant, "Apples", contraband)
    c = choices.commitment(variant, legal="Apples", contraband=contraband)
    eq = choices.count_equilibrium(variant, legal="Apples", contraband=contraband)
    assert c.inspect_prob == eq.inspect_prob and c.load == 5
    assert c.nash_sheriff_value == 0
    assert c.gain == c.leader_sheriff_value == eq.inspect_prob * 5 * p_c > 0
    assert c.leader_merchant_value == c.nash_merchant_value


def test_no_announced_rate_does_better_than_just_under_q_star() -> None:
    """Brute force over a grid of announced rates: the leader's payoff is q·k·pC below
    q* (full bags) and −q·k·pL above it (honest bags); its supremum is at q*."""
    c = choices.commitment(CLASSIC, legal="Apples", contraband="Pepper")
    grid = [Fraction(i, 300) for i in range(301)]
    for q in grid:
        load, _, sheriff = choices.leader_values(CLASSIC, q, legal="Apples", contraband="Pepper")
        if q <= c.inspect_prob:
            assert (load, sheriff) == (5, q * 20)
        else:
            assert (load, sheriff) == (0, -q * 10)
        assert sheriff <= c.leader_sheriff_value
    just_under = c.inspect_prob - Fraction(1, 10**6)
    load, merchant, sheriff = choices.leader_values(CLASSIC, just_under, contraband="Pepper")
    honest = choices.load_values(choices.bag_game(CLASSIC, contraband="Pepper"), just_under)[0]
    assert load == 5 and merchant > honest  # strictly: no tie-break needed
    assert c.leader_sheriff_value - sheriff == Fraction(20, 10**6)


def test_leader_values_bad_rate() -> None:
    with pytest.raises(ValueError, match="a probability between 0 and 1"):
        choices.leader_values(CLASSIC, 1.5)


# --- E. nashpy agrees ---


@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
@pytest.mark.parametrize("contraband", ["Pepper", "Mead", "Silk", "Crossbow"])
def test_nashpy_support_enumeration_agrees_with_the_closed_form(variant, contraband) -> None:
    eq = choices.count_equilibrium(variant, legal="Apples", contraband=contraband)
    game = choices.bag_game(variant, legal="Apples", contraband=contraband, loads=(0, 5))
    ((mix, q),) = choices.nashpy_equilibria(game)
    assert q == pytest.approx(float(eq.inspect_prob), abs=1e-9)
    assert mix == pytest.approx(
        {"honest": float(1 - eq.smuggle_prob), f"5 {contraband}": float(eq.smuggle_prob)},
        abs=1e-9,
    )
    # on the full count game (all loads) vertex enumeration finds it too
    full = choices.bag_game(variant, legal="Apples", contraband=contraband)
    ((mix, q),) = choices.nashpy_equilibria(full, method="vertex_enumeration")
    assert set(mix) == {"honest", f"5 {contraband}"}
    assert q == pytest.approx(float(eq.inspect_prob), abs=1e-9)


def test_nashpy_on_the_menu_game_summary_sheet() -> None:
    """Pepper or Crossbow: the merchant fills with Crossbow; nashpy and the exact
    2x2 equilibrium of (honest, Crossbow) agree, and Pepper is never the best."""
    menu = choices.menu_game(SUMMARY, ["Pepper", "Crossbow"], legal="Apples")
    ((mix, q),) = choices.nashpy_equilibria(menu, method="vertex_enumeration")
    eq = choices.count_equilibrium(SUMMARY, legal="Apples", contraband="Crossbow")
    assert set(mix) == {"honest", "5 Crossbow"}
    assert (mix["5 Crossbow"], q) == pytest.approx(
        (float(eq.smuggle_prob), float(eq.inspect_prob)), abs=1e-9
    )
    values = [(1 - eq.inspect_prob) * r[0] + eq.inspect_prob * r[1] for r in menu.merchant]
    assert values[0] == values[2] > values[1]


def test_nashpy_bad_method_and_menu_input() -> None:
    game = choices.bag_game(CLASSIC, loads=(0, 5))
    with pytest.raises(ValueError, match="unknown nashpy method 'lemke'"):
        choices.nashpy_equilibria(game, method="lemke")
    with pytest.raises(ValueError, match="distinct goods"):
        choices.menu_game(CLASSIC, ["Pepper", "Pepper"])
    with pytest.raises(ValueError, match="several rows load 5 cards"):
        choices.menu_game(CLASSIC, ["Pepper", "Silk"]).row(5)


@pytest.mark.parametrize("variant", [CLASSIC, SUMMARY], ids=lambda v: v.name)
@pytest.mark.parametrize("contraband", ["Pepper", "Crossbow"])
def test_load_equilibrium_is_the_inspection_game_in_fractions(variant, contraband) -> None:
    v_l, p_l, v_c, p_c = _goods(variant, "Apples", contraband)
    for j in range(1, 6):
        eq = choices.load_equilibrium(variant, j, legal="Apples", contraband=contraband)
        assert eq.inspect_prob == j * (v_c - v_l) / (5 * p_l + j * (v_c + p_c))
        assert eq.smuggle_prob == 5 * p_l / (5 * p_l + j * p_c)
        floats = theory.equilibrium(
            theory.inspection_game(variant, legal="Apples", contraband=contraband, j=j)
        )
        assert (float(eq.smuggle_prob), float(eq.inspect_prob)) == pytest.approx(
            (floats.smuggle_prob, floats.inspect_prob), abs=1e-12
        )
    with pytest.raises(ValueError, match="j must be between 1 and k=5, got 0"):
        choices.load_equilibrium(variant, 0)


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    return {f for line in text.splitlines() if line.startswith("flags") for f in line.split()}


# OpenBLAS kernels to try: Prescott (SSE3) and Haswell/Zen (AVX2) run on any x86-64 machine
# these tests run on; SkylakeX (AVX-512) only where the processor has it.
_KERNELS = ["Prescott", "Haswell", "Zen"] + (["SkylakeX"] if "avx512f" in _cpu_flags() else [])

_MENU_SCRIPT = """
import warnings
warnings.simplefilter("ignore")
from sheriff_core.exercises import lesson10
from sheriff_core.theory import choices, menu_game
import sheriff_core as sc
menu = menu_game(sc.load_variant("summary-sheet"), ["Pepper", "Crossbow"], legal="Apples")
print(len(choices.nashpy_equilibria(menu, method="vertex_enumeration")))
print(*(round(x, 12) for x in lesson10.menu_equilibrium()))
"""


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86-64 kernels")
@pytest.mark.parametrize("kernel", _KERNELS)
def test_the_lessons_nashpy_check_finds_the_menu_equilibrium_with_every_cpu_kernel(kernel) -> None:
    """Lesson 10's exercise 10.5 checks answers against nashpy. Its support enumeration
    finds this equilibrium or not depending on which OpenBLAS kernels numpy picks for the
    processor (none with SkylakeX: a zero comes out as -1e-17); vertex enumeration, which
    the lesson and the checker use, must find exactly one, the same, with every kernel."""
    env = {**os.environ, "OPENBLAS_CORETYPE": kernel}
    out = subprocess.run(
        [sys.executable, "-c", _MENU_SCRIPT], env=env, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    eq = choices.count_equilibrium(SUMMARY, legal="Apples", contraband="Crossbow")
    assert out[0] == "1"
    s, q = (float(x) for x in out[1].split())
    assert (s, q) == pytest.approx((float(eq.smuggle_prob), float(eq.inspect_prob)), abs=1e-9)
