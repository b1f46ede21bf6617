"""The vectorised solver: exact NashConv, convergence, tidy outputs."""

import itertools

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.theory import (
    CFRSolver,
    bimatrix_game,
    nash_conv,
    policy_frame,
    sheriff_game,
    sheriff_game_from_variant,
    solve,
)


def _inspection_as_tree(name="classic", **kw):
    g = theory.inspection_game(sc.load_variant(name), **kw)
    tree = bimatrix_game(g.merchant, g.sheriff, ("honest", "smuggle"), ("pass", "inspect"))
    return g, tree


@pytest.mark.parametrize("name", ["classic", "summary-sheet"])
@pytest.mark.parametrize("j", [1, 3])
def test_closed_form_equilibrium_has_zero_nash_conv(name, j):
    g, tree = _inspection_as_tree(name, contraband="Mead", j=j)
    eq = theory.equilibrium(g)
    s, q = eq.smuggle_prob, eq.inspect_prob
    exact = (np.array([1, 1 - s, s]), np.array([1, 1 - q, q]))
    assert nash_conv(tree, exact) == pytest.approx(0.0, abs=1e-12)
    off = (np.array([1, 1 - s + 0.05, s - 0.05]), np.array([1, 1 - q, q]))
    assert nash_conv(tree, off) > 1e-3


def test_solver_finds_the_closed_form_of_the_inspection_game():
    g, tree = _inspection_as_tree("summary-sheet", contraband="Silk", j=2)
    eq = theory.equilibrium(g)
    sol = solve(tree, target=1e-7, max_iterations=20_000)
    assert sol.nash_conv <= 1e-7
    p = sol.policy.set_index("action").probability
    assert p["smuggle"] == pytest.approx(eq.smuggle_prob, abs=1e-3)
    assert p["inspect"] == pytest.approx(eq.inspect_prob, abs=1e-3)
    assert sol.values[0] == pytest.approx(eq.merchant_value, abs=1e-2)


def _pure_strategies(game, p):
    """All pure strategies of player p as behaviour vectors over sequences."""
    infos = range(len(game.infosets[p]))
    seqs = {
        i: [s for s in range(1, len(game.seq_infoset[p])) if game.seq_infoset[p][s] == i]
        for i in infos
    }
    for choice in itertools.product(*(seqs[i] for i in infos)):
        sig = np.zeros(len(game.seq_infoset[p]))
        sig[0] = 1
        sig[list(choice)] = 1
        yield sig


def test_nash_conv_equals_brute_force_over_all_pure_deviations():
    game = sheriff_game(max_bribe=1, max_items=2, num_rounds=1)
    solver = CFRSolver(game, "cfr+")
    solver.iterate(7)  # some arbitrary, non-equilibrium profile
    strat = solver.average_strategy()
    plans = [solver._realize(p, strat[p][solver.sides[p].old_of_new]) for p in (0, 1)]

    t0 = solver.sides[0].new_of_old[game.term_seq[0]]
    t1 = solver.sides[1].new_of_old[game.term_seq[1]]

    def value(p, x_new, y_new):
        return float((x_new[t0] * y_new[t1]) @ game.payoff[:, p])

    base = [value(p, plans[0], plans[1]) for p in (0, 1)]
    best = [-np.inf, -np.inf]
    for p in (0, 1):
        for pure in _pure_strategies(game, p):
            plan = solver._realize(p, pure[solver.sides[p].old_of_new])
            prof = (plan, plans[1]) if p == 0 else (plans[0], plan)
            best[p] = max(best[p], value(p, *prof))
    brute = best[0] - base[0] + best[1] - base[1]
    assert brute > 1e-3
    assert nash_conv(game, strat) == pytest.approx(brute, abs=1e-12)


def test_default_instance_below_1e4_in_a_small_budget():
    sol = solve(sheriff_game(), target=1e-4, max_iterations=600, check_every=50)
    assert sol.nash_conv <= 1e-4
    assert sol.iterations <= 600
    tr = sol.trace
    assert list(tr.columns) == ["iteration", "seconds", "nash_conv"]
    assert tr.nash_conv.iloc[-1] == pytest.approx(sol.nash_conv)


def test_policy_frame_is_a_distribution_per_infoset_and_round_trips():
    game = sheriff_game(num_rounds=2)
    sol = solve(game, max_iterations=60, check_every=20)
    sums = sol.policy.groupby(["player", "infoset"]).probability.sum()
    assert np.allclose(sums, 1.0)
    assert (sol.policy.probability >= 0).all()
    assert len(sol.policy) == sum(len(s) - 1 for s in game.seq_infoset)
    assert nash_conv(game, sol.policy) == pytest.approx(sol.nash_conv, abs=1e-12)
    assert policy_frame(game, sol.strategy).equals(sol.policy)


def test_deterministic():
    game = sheriff_game(num_rounds=2)
    a = solve(game, max_iterations=40, check_every=20)
    b = solve(game, max_iterations=40, check_every=20)
    assert a.policy.equals(b.policy) and a.nash_conv == b.nash_conv


@pytest.mark.parametrize("method", theory.METHODS)
def test_every_method_makes_progress(method):
    s = CFRSolver(sheriff_game(num_rounds=2), method)
    s.iterate(5)
    early = s.nash_conv()
    s.iterate(300)
    assert s.nash_conv() < early / 5


def test_zero_sum_game_value():
    # rock-paper-scissors variant with a known value 0 and a unique equilibrium (1/3 each)
    a = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    sol = solve(bimatrix_game(a, -np.asarray(a)), target=1e-8, max_iterations=50_000)
    assert sol.policy.probability.to_numpy() == pytest.approx([1 / 3] * 6, abs=1e-3)
    assert sol.values[0] == pytest.approx(0.0, abs=1e-6)


def test_variant_games_solve_and_summary_sheet_smuggles_less():
    loads = {}
    for name in ("classic", "summary-sheet"):
        game = sheriff_game_from_variant(sc.load_variant(name), max_bribe=6, num_rounds=1)
        sol = solve(game, target=1e-4, max_iterations=3000, check_every=50)
        assert sol.nash_conv <= 1e-4
        root = sol.policy[sol.policy.infoset == "T=0 num_illegal_items:none"]
        loads[name] = float((root.action_id - 2) @ root.probability)
    assert loads["summary-sheet"] < loads["classic"]


def test_unknown_method():
    with pytest.raises(ValueError, match="known"):
        CFRSolver(sheriff_game(num_rounds=1), "fictitious")
