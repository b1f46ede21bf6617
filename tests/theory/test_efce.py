"""Extensive-form correlated equilibria (sheriff_core.theory.efce): the LP against an
independent brute force, the verifier, the normal-form bound and OpenSpiel's distances."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import sparse
from scipy.optimize import linprog

from sheriff_core import theory
from sheriff_core.theory import bimatrix_game, efce, sheriff_game, solve
from sheriff_core.theory.efce import MEDIATOR_EXAMPLE

DEFAULT_SMALL = {"max_bribe": 1, "max_items": 1, "num_rounds": 1}
CHICKEN = ([[6, 2], [7, 0]], [[6, 7], [2, 0]])


def _sequence_payoffs(game):
    out = []
    for p in (0, 1):
        a = np.zeros((len(game.seq_infoset[0]), len(game.seq_infoset[1])))
        np.add.at(a, (game.term_seq[0], game.term_seq[1]), game.payoff[:, p])
        out.append(a)
    return out


def _continuations(game, p, i):
    """Pure continuation strategies of player p from infoset i on (lists of sequences)."""
    seqs = [[] for _ in game.infosets[p]]
    for s in range(1, len(game.seq_infoset[p])):
        seqs[int(game.seq_infoset[p][s])].append(s)
    kids = {}
    for j, par in enumerate(game.infoset_parent[p]):
        kids.setdefault(int(par), []).append(j)

    def expand(active):
        if not active:
            return [[]]
        out = []
        for choice in itertools.product(*(seqs[j] for j in active)):
            nxt = [j for s in choice for j in kids.get(s, [])]
            out.extend(list(choice) + rest for rest in expand(nxt))
        return out

    below, stack = [], [i]
    while stack:
        j = stack.pop()
        below.extend(seqs[j])
        stack.extend(k for s in seqs[j] for k in kids.get(s, []))
    return seqs, expand([i]), below


def brute_force_efce(game, reward):
    """Max of sum_z reward(z) P(z) over EFCEs, as an LP over all reduced pure profiles
    with one constraint per trigger (I, a) and per pure continuation from I (the
    textbook definition; no correlation plan, no duals)."""
    x = [efce.pure_strategies(game, 0), efce.pure_strategies(game, 1)]
    a = _sequence_payoffs(game)
    n0, n1 = len(x[0]), len(x[1])
    rows = []
    for p in (0, 1):
        for i in range(len(game.infosets[p])):
            seqs, conts, below = _continuations(game, p, i)
            for t in seqs[i]:
                told = np.flatnonzero(x[p][:, t] > 0.5)
                for rho in conts:
                    r = np.zeros((n0, n1))
                    for k in told:
                        dev = x[p][k].copy()
                        dev[below] = 0.0
                        dev[rho] = 1.0
                        diff = dev - x[p][k]
                        if p == 0:
                            r[k, :] = diff @ a[0] @ x[1].T
                        else:
                            r[:, k] = x[0] @ a[1] @ diff
                    rows.append(r.ravel())
    rew = np.zeros_like(a[0])
    np.add.at(rew, (game.term_seq[0], game.term_seq[1]), reward)
    lp = linprog(
        -(x[0] @ rew @ x[1].T).ravel(),
        A_ub=sparse.csr_matrix(np.array(rows)),
        b_ub=np.zeros(len(rows)),
        A_eq=np.ones((1, n0 * n1)),
        b_eq=[1.0],
        bounds=(0, None),
        method="highs",
    )
    assert lp.status == 0
    return -lp.fun


def _reward(game, name):
    return {
        "welfare": game.payoff.sum(axis=1),
        "smuggler": game.payoff[:, 0],
        "sheriff": game.payoff[:, 1],
        "bribe": efce.bribe_weights(game),
        "-smuggler": -game.payoff[:, 0],
    }[name]


# -- the LP is right --------------------------------------------------------------


def test_chicken_gives_aumanns_correlated_equilibrium():
    g = bimatrix_game(*CHICKEN)
    res, nf = efce.solve_efce(g), efce.normal_form_ce(g)
    # one information set each: EFCE = NFCE; the best CE mixes (C,C) 1/2, (C,D), (D,C) 1/4
    assert res.welfare == pytest.approx(10.5, abs=1e-9)
    assert nf.welfare == pytest.approx(10.5, abs=1e-9)
    assert nf.mu == pytest.approx(np.array([[0.5, 0.25], [0.25, 0.0]]), abs=1e-9)


@pytest.mark.parametrize(
    "params",
    [DEFAULT_SMALL, MEDIATOR_EXAMPLE, {"max_bribe": 1, "max_items": 1, "num_rounds": 2}],
    ids=["default-1-1-1", "mediator-example", "default-1-1-2"],
)
@pytest.mark.parametrize("name", ["welfare", "smuggler", "sheriff", "bribe", "-smuggler"])
def test_lp_optimum_equals_brute_force_over_pure_profiles(params, name):
    g = sheriff_game(**params)
    w = _reward(g, name)
    res = efce.solve_efce(g, terminal_weights=w)
    got = float(res.plan.terminal_probabilities() @ w)
    assert got == pytest.approx(brute_force_efce(g, w), abs=1e-7)
    assert efce.verify(g, res.plan) <= 1e-9


@pytest.mark.parametrize(
    "params",
    [
        {"max_bribe": 3, "max_items": 3, "num_rounds": 1},
        {"max_bribe": 3, "max_items": 3, "num_rounds": 2},
        MEDIATOR_EXAMPLE,
        {**MEDIATOR_EXAMPLE, "num_rounds": 2},
    ],
    ids=["3-3-1", "3-3-2", "mediator", "mediator-2-rounds"],
)
@pytest.mark.parametrize("objective", efce.OBJECTIVES)
def test_every_plan_the_lp_returns_passes_the_independent_checks(params, objective):
    g = sheriff_game(**params)
    res = efce.solve_efce(g, objective)
    assert efce.verify(g, res.plan) <= 1e-9
    assert efce.consistency_error(g, res.plan) <= 1e-9
    assert res.plan.terminal_probabilities().sum() == pytest.approx(1.0, abs=1e-9)
    assert res.welfare == pytest.approx(sum(res.values), abs=1e-12)
    assert res.variables > res.plan_variables and res.constraints > 0


def test_verify_reports_the_gain_of_a_broken_plan():
    g = sheriff_game(max_bribe=3, max_items=3, num_rounds=1)
    x0, x1 = np.zeros(len(g.seq_infoset[0])), np.zeros(len(g.seq_infoset[1]))
    load3 = g.seq_label[0].index("load 3")
    bribe0 = next(
        s
        for s in range(1, len(x0))
        if g.seq_label[0][s] == "bribe 0"
        and "num_illegal_items:3" in g.infosets[0][g.seq_infoset[0][s]]
    )
    passes = [s for s in range(1, len(x1)) if g.seq_label[1][s] == "pass"]
    x0[[0, load3, bribe0]] = 1.0
    x1[[0, *passes]] = 1.0
    plan = efce.product_plan(g, x0, x1)  # a consistent plan: smuggle 3 unbribed, always pass
    assert efce.consistency_error(g, plan) == 0.0
    gains = efce.trigger_gains(g, plan)
    # the Sheriff told "pass" at bribe 0 would rather inspect and fine 3 items x 2
    top = gains.loc[gains["gain"].idxmax()]
    assert (top["player"], top["infoset"], top["action"]) == ("sheriff", "T=2 /bribe:0", "pass")
    assert efce.verify(g, plan) == pytest.approx(6.0, abs=1e-12)
    # mixing it into an equilibrium keeps the plan consistent but breaks the incentives
    eq = efce.solve_efce(g).plan
    mixed = efce.CorrelationPlan(g, eq.pairs, 0.5 * eq.value + 0.5 * plan.value)
    assert efce.consistency_error(g, mixed) <= 1e-12
    assert efce.verify(g, mixed) > 0.5


def test_consistency_error_catches_a_plan_that_leaks_probability():
    g = sheriff_game(**DEFAULT_SMALL)
    plan = efce.solve_efce(g).plan
    value = plan.value.copy()
    value[plan.index[(1, 0)]] += 0.1
    assert efce.consistency_error(g, efce.CorrelationPlan(g, plan.pairs, value)) == pytest.approx(
        0.1, abs=1e-12
    )
    with pytest.raises(KeyError, match="not relevant"):
        plan[10**6, 0]


# -- against the normal form and Nash -----------------------------------------------


@pytest.mark.parametrize(
    "params", [DEFAULT_SMALL, {"max_bribe": 3, "max_items": 3, "num_rounds": 1}, MEDIATOR_EXAMPLE]
)
def test_every_nfce_is_an_efce_so_its_welfare_is_a_lower_bound(params):
    g = sheriff_game(**params)
    nf, res = efce.normal_form_ce(g), efce.solve_efce(g)
    assert efce.verify(g, nf.plan) <= 1e-9
    assert efce.consistency_error(g, nf.plan) <= 1e-9
    assert nf.welfare <= res.welfare + 1e-9
    assert nf.mu.sum() == pytest.approx(1.0, abs=1e-9)


def test_the_mediator_example_pays_bribes_that_no_nfce_and_no_nash_equilibrium_pays():
    g = sheriff_game(**MEDIATOR_EXAMPLE)
    res, nf = efce.solve_efce(g), efce.normal_form_ce(g)
    assert res.welfare > nf.welfare + 1.0  # 1.814 against 0.615
    assert efce.bribe_stats(g, res.plan)["paid_prob"] > 0.5
    # the most bribe any NFCE pays is zero; every Nash equilibrium is an NFCE
    most = efce.normal_form_ce(g, terminal_weights=efce.bribe_weights(g))
    assert efce.bribe_stats(g, most.plan)["expected_bribe"] <= 1e-9
    assert efce.bribe_stats(g, efce.solve_efce(g, terminal_weights=efce.bribe_weights(g)).plan)[
        "expected_bribe"
    ] == pytest.approx(0.845, abs=1e-3)


@pytest.mark.parametrize(
    "params",
    [MEDIATOR_EXAMPLE, {"max_bribe": 3, "max_items": 3, "num_rounds": 2}],
    ids=["mediator", "3-3-2"],
)
def test_efce_welfare_is_at_least_a_nash_equilibriums(params):
    g = sheriff_game(**params)
    sol = solve(g, target=1e-6, max_iterations=20_000)
    assert sol.nash_conv <= 1e-6
    res = efce.solve_efce(g)
    assert res.welfare >= sum(sol.values) - 1e-9
    # the Nash profile as a correlation plan: each trigger's gain is one deviation,
    # so it is at most the NashConv
    ne = efce.behaviour_plan(g, sol.strategy)
    assert efce.consistency_error(g, ne) <= 1e-9
    assert efce.verify(g, ne) <= sol.nash_conv + 1e-12
    assert efce.plan_values(g, ne) == pytest.approx(sol.values, abs=1e-12)


def test_decomposition_reproduces_the_plan():
    g = sheriff_game(**MEDIATOR_EXAMPLE)
    res = efce.solve_efce(g)
    parts = efce.decompose(g, res.plan)
    rebuilt = sum(w * np.outer(x0, x1) for w, x0, x1 in parts)
    got = rebuilt[res.plan.pairs[:, 0], res.plan.pairs[:, 1]]
    assert got == pytest.approx(res.plan.value, abs=1e-9)
    assert sum(w for w, _, _ in parts) == pytest.approx(1.0, abs=1e-9)


def test_bad_arguments_name_the_rule():
    g = sheriff_game(**DEFAULT_SMALL)
    with pytest.raises(ValueError, match="unknown EFCE objective 'bribes'"):
        efce.solve_efce(g, "bribes")
    with pytest.raises(ValueError, match="one entry per terminal"):
        efce.solve_efce(g, terminal_weights=np.ones(3))
    with pytest.raises(ValueError, match="not a Sheriff game"):
        efce.bribe_weights(bimatrix_game(*CHICKEN))


def test_relevant_pairs_of_the_sheriff_game_cover_every_terminal():
    g = sheriff_game(max_bribe=3, max_items=3, num_rounds=2)
    pairs = {tuple(p) for p in efce.relevant_pairs(g).tolist()}
    assert all((int(a), int(b)) in pairs for a, b in zip(*g.term_seq, strict=True))
    # bribes of different loads are never on a common path with each other's Sheriff
    # replies: fewer pairs than the full product
    assert len(pairs) < len(g.seq_infoset[0]) * len(g.seq_infoset[1])


# -- OpenSpiel ----------------------------------------------------------------------


def _pyspiel_game(params):
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel, pyspiel.load_game("sheriff", {k: params[k] for k in params})


@pytest.mark.parametrize(
    "params", [MEDIATOR_EXAMPLE, {"max_bribe": 3, "max_items": 3, "num_rounds": 1}]
)
def test_openspiel_distances_of_our_equilibria(params):
    pyspiel, ps = _pyspiel_game(params)
    g = sheriff_game(**params)
    res, nf = efce.solve_efce(g), efce.normal_form_ce(g)
    ef_parts = efce.decompose(g, res.plan)
    nf_parts = [
        (float(nf.mu[i, j]), nf.strategies[0][i], nf.strategies[1][j])
        for i, j in zip(*np.nonzero(nf.mu > 1e-12), strict=True)
    ]
    ef_dev, nf_dev = efce.openspiel_device(g, ef_parts), efce.openspiel_device(g, nf_parts)
    # NFCCE distance: an EFCE is coarse-correlated, so zero
    assert pyspiel.cce_dist(ps, ef_dev).dist_value <= 1e-6
    # NFCE distance: zero for our brute-force NFCE, and OpenSpiel's number is ours
    info = pyspiel.ce_dist(ps, nf_dev)
    assert info.dist_value <= 1e-6
    assert sum(info.on_policy_values) == pytest.approx(nf.welfare, abs=1e-9)
    ef_info = pyspiel.ce_dist(ps, ef_dev)
    assert ef_info.dist_value == pytest.approx(efce.nfce_distance(g, ef_parts), abs=1e-9)
    assert tuple(ef_info.on_policy_values) == pytest.approx(res.values, abs=1e-9)
    if res.welfare > nf.welfare + 1e-6:
        # more welfare than any NFCE: no way of playing it out is an NFCE
        assert ef_info.dist_value > 1e-3


def test_benchmark_script_runs_on_the_mediator_example(capsys):
    import json
    import runpy
    from pathlib import Path

    bench = Path(__file__).resolve().parents[2] / "benchmarks" / "efce.py"
    main = runpy.run_path(str(bench))["main"]
    assert main(["--json", "2/2/1:4,2,1"]) == 0
    row = json.loads(capsys.readouterr().out.strip())
    assert row["max_gain"] <= 1e-9
    assert row["efce_welfare"] >= row["ne_welfare"] - 1e-9
    assert row["nfce_welfare"] <= row["efce_welfare"] + 1e-9
    assert row["nfce_max_expected_bribe"] == 0.0 < row["efce_bribe_paid"]


def test_openspiels_efr_learner_approaches_the_efce_set_but_not_the_lps_choice() -> None:
    """OpenSpiel's no-regret learner (efr.py, causal partial-sequence deviations): the
    largest trigger gain of its empirical play shrinks with the iterations, while the
    welfare and bribes stay well below what the LP's best EFCE reaches (it drifts towards
    the no-bribe equilibria, not the best one)."""
    pytest.importorskip("pyspiel")
    game = theory.sheriff_game(**efce.MEDIATOR_EXAMPLE)
    short, long = efce.efr_plan(game, 30), efce.efr_plan(game, 300)
    assert efce.consistency_error(game, long) < 1e-9
    assert efce.verify(game, long) < 0.5 * efce.verify(game, short)
    best = theory.solve_efce(game)
    assert sum(efce.plan_values(game, long)) < best.welfare - 0.5
    most = theory.solve_efce(game, terminal_weights=efce.bribe_weights(game))
    assert (
        efce.bribe_stats(game, long)["expected_bribe"]
        < efce.bribe_stats(game, most.plan)["expected_bribe"] - 0.5
    )


def test_efr_plan_refuses_a_game_openspiel_does_not_have() -> None:
    pytest.importorskip("pyspiel")
    import sheriff_core as sc

    variant_game = theory.sheriff_game_from_variant(sc.load_variant("classic"), num_rounds=1)
    with pytest.raises(ValueError, match="not an OpenSpiel sheriff game"):
        efce.efr_plan(variant_game, 1)
