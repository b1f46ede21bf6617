"""Closed forms of the one-bag inspection game against brute force on a grid."""

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.theory.inspection import InspectionGame

VARIANTS = ["classic", "summary-sheet", "classic-royal"]
GRID = np.linspace(0.0, 1.0, 2001)


def _games():
    for name in VARIANTS:
        v = sc.load_variant(name)
        for good in (g for g in v.goods.values() if g.kind != "legal"):
            for legal in v.legal_goods:
                for j in (1, 3, v.bag_max):
                    yield theory.inspection_game(v, legal=legal, contraband=good.name, j=j)


GAMES = list(_games())


def _brute_best(payoff_fn, grid=GRID):
    vals = np.array([payoff_fn(x) for x in grid])
    return grid[np.isclose(vals, vals.max(), rtol=0, atol=1e-9)]


@pytest.mark.parametrize("game", GAMES[::7], ids=lambda g: g.label)
def test_mixed_equilibrium_is_a_best_response_pair_by_brute_force(game):
    eq = theory.equilibrium(game)
    p = dict(game.params)
    if p["value"] < p["legal_value"]:  # smuggling cannot pay: honesty is the pure equilibrium
        assert (eq.kind, eq.smuggle_prob, eq.inspect_prob) == ("pure", 0.0, 0.0)
        return
    if p["value"] == p["legal_value"]:  # smuggling gains nothing: a continuum (Sheriff passes)
        assert (eq.kind, eq.unique, eq.inspect_prob) == ("continuum", False, 0.0)
        (((s_lo, s_hi), (q_lo, q_hi)),) = eq.equilibria
        assert (s_lo, q_lo, q_hi) == (0, 0, 0) and 0 < s_hi < 1
        assert theory.merchant_best_response(game, 0.0) == (0.0, 1.0)  # any mix, if q = 0
        for s in np.linspace(0, float(s_hi), 5):  # and q = 0 is a best reply to each of them
            assert theory.sheriff_best_response(game, float(s))[0] == 0.0
        assert theory.sheriff_best_response(game, float(s_hi) + 1e-6) == (1.0, 1.0)
        return
    assert eq.kind == "mixed"
    assert 0 < eq.smuggle_prob < 1 and 0 < eq.inspect_prob < 1
    # Against q*, every smuggling probability on the grid earns the same (indifference)...
    m = [game.expected(s, eq.inspect_prob)[0] for s in GRID]
    assert np.ptp(m) < 1e-9
    sh = [game.expected(eq.smuggle_prob, q)[1] for q in GRID]
    assert np.ptp(sh) < 1e-9
    # ... and no grid point of the other player's mix is better than the equilibrium value.
    assert max(m) <= eq.merchant_value + 1e-9
    assert max(sh) <= eq.sheriff_value + 1e-9


@pytest.mark.parametrize("game", GAMES[::5], ids=lambda g: g.label)
def test_best_response_functions_match_brute_force(game):
    eq = theory.equilibrium(game)
    for q in (0.0, 0.05, eq.inspect_prob - 0.01, eq.inspect_prob + 0.01, 0.7, 1.0):
        lo, hi = theory.merchant_best_response(game, q)
        best = _brute_best(lambda s, q=q: game.expected(s, q)[0])
        assert best.min() == pytest.approx(lo) and best.max() == pytest.approx(hi)
    for s in (0.0, 0.1, eq.smuggle_prob - 0.01, eq.smuggle_prob + 0.01, 1.0):
        lo, hi = theory.sheriff_best_response(game, s)
        best = _brute_best(lambda q, s=s: game.expected(s, q)[1])
        assert best.min() == pytest.approx(lo) and best.max() == pytest.approx(hi)


def test_brute_force_equilibrium_search_finds_the_closed_form():
    game = theory.inspection_game(sc.load_variant("classic"), contraband="Silk", j=2)
    eq = theory.equilibrium(game)
    grid = np.linspace(0, 1, 401)
    s, q = np.meshgrid(grid, grid, indexing="ij")
    a, b = np.asarray(game.merchant), np.asarray(game.sheriff)

    def pay(m, s, q):
        return (1 - s) * ((1 - q) * m[0, 0] + q * m[0, 1]) + s * ((1 - q) * m[1, 0] + q * m[1, 1])

    # total best-response gain at every grid point; the equilibrium minimises it
    gain = np.maximum(pay(a, 0.0, q), pay(a, 1.0, q)) - pay(a, s, q)
    gain += np.maximum(pay(b, s, 0.0), pay(b, s, 1.0)) - pay(b, s, q)
    i, k = np.unravel_index(np.argmin(gain), gain.shape)
    best = (gain[i, k], grid[i], grid[k])
    assert best[1] == pytest.approx(eq.smuggle_prob, abs=2.5e-3)
    assert best[2] == pytest.approx(eq.inspect_prob, abs=2.5e-3)


def test_classic_numbers_by_hand():
    # 5 Apples declared (v=2, p=2), 1 Pepper (v=6, fine 4) smuggled.
    g = theory.inspection_game(sc.load_variant("classic"), legal="Apples", contraband="Pepper")
    assert g.merchant == ((10.0, 20.0), (14.0, 4.0))
    assert g.sheriff == ((0.0, -10.0), (0.0, 4.0))
    eq = theory.equilibrium(g)
    assert eq.smuggle_prob == pytest.approx(10 / 14)
    assert eq.inspect_prob == pytest.approx(4 / 20)
    assert eq.merchant_value == pytest.approx(12.0)
    assert eq.sheriff_value == pytest.approx(0.0)


def test_tsebelis_fine_not_paid_to_sheriff_moves_only_inspection():
    df = theory.sweep(sc.load_variant("classic"), "penalty", [1, 2, 4, 6, 9, 12])
    wide = df.pivot_table(index="penalty", columns=["regime", "quantity"], values="amount")
    tse = wide["fine not to Sheriff"]
    rules = wide["fine to Sheriff"]
    assert np.ptp(tse["smuggle_prob"]) < 1e-12  # violation rate independent of the fine
    assert (np.diff(tse["inspect_prob"]) < 0).all()  # fine lowers inspection
    assert (np.diff(rules["smuggle_prob"]) < 0).all()  # paid to the Sheriff: both fall
    assert (np.diff(rules["inspect_prob"]) < 0).all()
    # the two regimes agree at the variant's own fine (4)
    assert tse.loc[4.0].to_numpy() == pytest.approx(rules.loc[4.0].to_numpy())


def test_summary_sheet_vs_classic():
    t = theory.compare_variants([sc.load_variant("classic"), sc.load_variant("summary-sheet")])
    key = ["contraband", "j"]
    c = t[t.variant == "classic"].set_index(key)
    s = t[t.variant == "summary-sheet"].set_index(key)
    assert (s["penalty"] > c["penalty"]).all()
    assert (s["smuggle_prob"] < c["smuggle_prob"]).all()
    assert (s["inspect_prob"] < c["inspect_prob"]).all()


def test_sweeps_are_tidy_for_value_and_bag_size():
    v = sc.load_variant("classic")
    for param, values in (("value", [4, 6, 8]), ("k", [1, 3, 5])):
        df = theory.sweep(v, param, values)
        assert list(df.columns) == [param, "regime", "quantity", "amount"]
        assert len(df) == len(values) * 2 * 4
    with pytest.raises(ValueError, match="unknown parameter"):
        theory.sweep(v, "fine", [1])


def test_pure_equilibrium_when_smuggling_does_not_pay():
    # Contraband worth less than the declared good: honesty dominates, Sheriff passes.
    g = theory.inspection_game(sc.load_variant("classic"), legal="Chickens", value=3.0)
    eq = theory.equilibrium(g)
    assert (eq.kind, eq.smuggle_prob, eq.inspect_prob) == ("pure", 0.0, 0.0)


def test_best_response_curves_cross_at_the_equilibrium():
    g = theory.inspection_game(sc.load_variant("summary-sheet"), contraband="Mead", j=2)
    eq = theory.equilibrium(g)
    df = theory.best_response_curves(g, points=201)
    m = df[df.player == "merchant"]
    assert (m[m.opponent_prob < eq.inspect_prob - 1e-9].best_low == 1).all()
    assert (m[m.opponent_prob > eq.inspect_prob + 1e-9].best_high == 0).all()


def test_errors_name_the_problem():
    v = sc.load_variant("classic")
    with pytest.raises(ValueError, match="no good"):
        theory.inspection_game(v, contraband="Gold")
    with pytest.raises(ValueError, match="is legal"):
        theory.inspection_game(v, contraband="Apples")
    with pytest.raises(ValueError, match="j must be"):
        theory.inspection_game(v, j=6)
    assert isinstance(theory.inspection_game(v), InspectionGame)
