"""Theory charts and the Sheriff-game equilibrium in words."""

from __future__ import annotations

import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.present.viz import theory as vt
from sheriff_core.theory import Solution


@pytest.fixture(scope="module")
def small_solution() -> Solution:
    return theory.solve(theory.sheriff_game(num_rounds=1), target=1e-5, max_iterations=20_000)


def test_sweep_chart_spec() -> None:
    df = theory.sweep(sc.load_variant("classic"), "penalty", [2, 4, 8])
    spec = vt.sweep_chart(df).to_dict()
    inner = spec["spec"]["encoding"]
    assert inner["x"]["field"] == "penalty"
    assert inner["y"]["field"] == "amount" and inner["y"]["scale"]["domain"] == [0, 1]
    assert inner["strokeDash"]["field"] == "regime"
    assert spec["facet"]["column"]["sort"] == ["merchant smuggles", "Sheriff inspects"]
    data = next(iter(spec["datasets"].values()))
    assert len(data) == 3 * 2 * 2  # values x regimes x two quantities


def test_sweep_chart_legend_shows_the_line_styles_it_draws() -> None:
    df = theory.sweep(sc.load_variant("classic"), "penalty", [2, 4, 8])
    spec = vt.sweep_chart(df).to_dict()
    enc = spec["spec"]["encoding"]
    assert spec["spec"]["mark"]["type"] == "line" and "point" not in spec["spec"]["mark"]
    styles = {}
    for channel in ("color", "strokeDash", "strokeWidth"):
        assert enc[channel]["field"] == "regime"
        assert enc[channel]["legend"]["symbolType"] == "stroke"  # a line, not a dot
        assert enc[channel]["title"] == "the fine goes"  # one merged legend
        scale = enc[channel]["scale"]
        styles[channel] = dict(zip(scale["domain"], scale["range"], strict=True))
    # the rules' case is solid, Tsebelis' case dashed, and the two look different
    assert styles["strokeDash"]["fine to Sheriff"] == [1, 0]
    assert styles["strokeDash"]["fine not to Sheriff"][0] > 1
    assert styles["strokeWidth"]["fine to Sheriff"] > styles["strokeWidth"]["fine not to Sheriff"]
    assert styles["color"]["fine to Sheriff"] != styles["color"]["fine not to Sheriff"]
    # where they coincide (the inspection rate) the thin dashed line is drawn over the wide one
    data = next(iter(spec["datasets"].values()))
    order = [row["regime"] for row in data]
    assert order.index("fine not to Sheriff") > max(
        i for i, r in enumerate(order) if r == "fine to Sheriff"
    )
    inspect = df[df.quantity == "inspect_prob"].pivot_table(
        index="penalty", columns="regime", values="amount"
    )
    assert (inspect["fine to Sheriff"] - inspect["fine not to Sheriff"]).abs().max() < 1e-12


def test_sweep_chart_values_and_k() -> None:
    df = theory.sweep(sc.load_variant("classic"), "k", [1, 3, 5])
    spec = vt.sweep_chart(df, quantities=("merchant_value",)).to_dict()
    assert spec["spec"]["encoding"]["x"]["field"] == "k"
    assert "domain" not in spec["spec"]["encoding"]["y"]["scale"]
    with pytest.raises(ValueError, match="not a sweep table"):
        vt.sweep_chart(df.assign(extra=1))


def test_best_response_curves_cross_at_the_equilibrium() -> None:
    g = theory.inspection_game(sc.load_variant("summary-sheet"))
    eq = theory.equilibrium(g)
    df = vt.best_response_frame(g, points=21)
    merchant = df[df.curve == "merchant's best response"]
    sheriff = df[df.curve == "Sheriff's best response"]
    # merchant smuggles below q*, is honest above; the jump is exactly at q*
    assert (merchant.loc[merchant.inspect_prob < eq.inspect_prob - 1e-9, "smuggle_prob"] == 1).all()
    assert (merchant.loc[merchant.inspect_prob > eq.inspect_prob + 1e-9, "smuggle_prob"] == 0).all()
    at = merchant[(merchant.inspect_prob - eq.inspect_prob).abs() < 1e-9]
    assert set(at["smuggle_prob"]) == {0.0, 1.0}
    # Sheriff passes below s*, inspects above
    assert (sheriff.loc[sheriff.smuggle_prob < eq.smuggle_prob - 1e-9, "inspect_prob"] == 0).all()
    assert (sheriff.loc[sheriff.smuggle_prob > eq.smuggle_prob + 1e-9, "inspect_prob"] == 1).all()
    # drawing order: consecutive steps move monotonically along each curve
    assert merchant["step"].tolist() == list(range(len(merchant)))
    assert merchant["inspect_prob"].is_monotonic_increasing
    assert sheriff["smuggle_prob"].is_monotonic_increasing


def test_best_response_chart_labels_the_equilibrium() -> None:
    g = theory.inspection_game(sc.load_variant("classic"))
    spec = vt.best_response_chart(g).to_dict()
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["line", "point", "text"]
    assert spec["title"] == g.label
    point = spec["datasets"][spec["layer"][1]["data"]["name"]][0]
    assert point["inspect_prob"] == pytest.approx(0.2)
    assert point["smuggle_prob"] == pytest.approx(5 / 7)
    assert point["label"] == "equilibrium: inspect 20.0%, smuggle 71.4%"


def test_best_response_chart_with_a_pure_equilibrium() -> None:
    # contraband worth less than the declared good: nobody smuggles, nobody inspects
    g = theory.inspection_game(sc.load_variant("classic"), value=1)
    eq = theory.equilibrium(g)
    assert eq.kind == "pure"
    df = vt.best_response_frame(g, points=5)
    assert (df[df.curve.str.startswith("merchant")]["smuggle_prob"] == 0).all()
    assert vt.best_response_chart(g).to_dict()["layer"][0]["mark"]["type"] == "line"


def test_convergence_chart_log_scale(small_solution: Solution) -> None:
    spec = vt.convergence_chart(small_solution).to_dict()
    assert spec["encoding"]["y"]["scale"]["type"] == "log"
    assert spec["encoding"]["x"]["field"] == "iteration"
    data = next(iter(spec["datasets"].values()))
    assert set(data[0]) == {"iteration", "nash_conv"}  # no wall-clock seconds
    assert len(data) == len(small_solution.trace)


def test_outcomes_are_a_probability_distribution(small_solution: Solution) -> None:
    out = vt.outcome_frame(small_solution)
    assert out["probability"].sum() == pytest.approx(1.0)
    assert set(out["items"]) <= set(range(4)) and set(out["bribe"]) <= set(range(4))
    # expected payoffs from the outcomes equal the solver's values
    u0 = (out["probability"] * out["smuggler"]).sum()
    u1 = (out["probability"] * out["sheriff"]).sum()
    assert (u0, u1) == pytest.approx(small_solution.values, abs=1e-6)


def test_load_distribution_and_bribes(small_solution: Solution) -> None:
    loads = vt.load_distribution(small_solution)
    assert loads["probability"].sum() == pytest.approx(1.0)
    assert loads["inspected"].between(0, 1).all()
    bribes = vt.bribe_acceptance(small_solution)
    assert bribes["probability"].sum() == pytest.approx(1.0)
    assert bribes["accepted"].between(0, 1).all()
    assert bribes["mean_items"].between(0, 3).all()


def test_describe_in_words(small_solution: Solution) -> None:
    text = vt.describe_sheriff_solution(small_solution)
    lines = text.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("The smuggler loads ")
    assert "binding round" in lines[1]
    assert f"smuggler {small_solution.values[0]:+.2f}," in lines[2]
    assert "-0.00" not in text
    loads = vt.load_distribution(small_solution)
    for r in loads[loads.probability >= 0.01].itertuples():
        assert f"{r.probability:.0%}" in lines[0]


def test_variant_game_is_described() -> None:
    g = theory.sheriff_game_from_variant(sc.load_variant("classic"), max_bribe=2, num_rounds=1)
    sol = theory.solve(g, target=1e-3, max_iterations=5000)
    loads = vt.load_distribution(sol)
    assert set(loads["items"]) <= set(range(6))  # a bag of 5
    assert "illegal item" in vt.describe_sheriff_solution(sol)


def test_not_a_sheriff_game_is_an_error() -> None:
    sol = theory.solve(theory.bimatrix_game([[1, 0], [0, 1]], [[0, 1], [1, 0]]), target=1e-3)
    with pytest.raises(ValueError, match="not a Sheriff game"):
        vt.outcome_frame(sol)


def test_plans_match_sequence_form() -> None:
    # realization plans from behaviour strategies: every infoset's actions sum to its parent
    g = theory.sheriff_game(num_rounds=1)
    sol = theory.solve(g, target=1e-3)
    x, _ = vt._plans(g, sol.strategy)
    df = pd.DataFrame({"infoset": g.seq_infoset[0][1:], "plan": x[1:]})
    sums = df.groupby("infoset")["plan"].sum()
    for i, total in sums.items():
        assert total == pytest.approx(x[int(g.infoset_parent[0][i])])
