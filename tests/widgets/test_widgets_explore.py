"""Explorer widgets driven without a kernel: set .value / click(), assert on the state."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.present.widgets.explore import (
    InspectionExplorer,
    SimulationExplorer,
    inspection_explorer,
    simulation_explorer,
)


@pytest.fixture
def sim() -> SimulationExplorer:
    return simulation_explorer(games=20, seed=3)


def test_first_run_draws_three_charts(sim: SimulationExplorer) -> None:
    assert sim.runs == 1
    assert len(sim.out.outputs) == 3
    assert all(o["output_type"] == "display_data" for o in sim.out.outputs)
    assert sim.results is not None and len(sim.results) == 20 * 4
    assert set(sim.results["strategy"]) == {"honest", "smuggler", "bluffer", "briber"}
    assert "20 games of <b>classic</b>" in sim.status.value
    assert [c.to_dict()["title"] for c in sim.charts] == [
        "Win rate by merchant strategy",
        "Final scores by merchant strategy",
        "Share of lies caught",
    ]


def test_results_match_simulate(sim: SimulationExplorer) -> None:
    expected = sc.simulate(
        "classic", players=4, games=20, seed=3, merchants=list(sim.merchants.value)
    )
    assert sim.results is not None and sim.results.equals(expected)


def test_changing_a_control_reruns(sim: SimulationExplorer) -> None:
    sim.players.value = 3
    assert sim.runs == 2 and sim.results["players"].unique().tolist() == [3]
    sim.merchants.value = ("honest", "adaptive")
    assert sim.runs == 3 and set(sim.results["strategy"]) == {"honest", "adaptive"}
    sim.sheriff.value = "always-inspect"
    assert set(sim.results["sheriff_strategy"]) == {"always-inspect"}
    assert (sim.bags["inspected"]).all()
    sim.seed.value = 4
    assert sim.results.equals(
        sc.simulate(
            "classic",
            players=3,
            games=20,
            seed=4,
            merchants=["honest", "adaptive"],
            sheriffs=["always-inspect"],
        )
    )


def test_variant_change_updates_player_options_and_runs_once(sim: SimulationExplorer) -> None:
    sim.variant.value = "deputies"
    assert sim.players.options == (6,)
    assert sim.runs == 2
    assert sim.results["variant"].unique().tolist() == ["deputies"]
    sim.variant.value = "summary-sheet"  # back to the 4 players asked for, not the nearest 5
    assert sim.players.options == (3, 4, 5) and sim.players.value == 4
    assert sim.runs == 3


def test_player_count_chosen_survives_a_variant_with_other_counts(sim: SimulationExplorer) -> None:
    sim.players.value = 3
    sim.variant.value = "deputies"
    assert sim.players.value == 6
    sim.variant.value = "classic"
    assert sim.players.value == 3 and sim.results["players"].unique().tolist() == [3]


def test_no_strategy_is_a_message_not_an_error(sim: SimulationExplorer) -> None:
    sim.merchants.value = ()
    assert "at least one" in sim.status.value
    assert sim.out.outputs == ()
    assert sim.run() is None


def test_manual_mode_waits_for_the_button() -> None:
    ex = SimulationExplorer(games=20, seed=1, auto=False, run=False)
    assert ex.runs == 0 and ex.out.outputs == ()
    ex.games.value = 40
    assert ex.runs == 0
    ex.run_button.click()
    assert ex.runs == 1 and len(ex.results) == 40 * 4


def test_inspection_sliders_have_stable_descriptions() -> None:
    ex = inspection_explorer("classic")
    assert [w.description for w in (ex.value, ex.penalty, ex.bag_size, ex.to_sheriff)] == [
        "contraband value",
        "fine per card",
        "bag size",
        "fine goes to the Sheriff",
    ]
    assert (ex.value.value, ex.penalty.value, ex.bag_size.value) == (6, 4, 5)  # Pepper, 5 Apples


def test_sliders_move_the_equilibrium() -> None:
    ex = inspection_explorer("classic")
    assert ex.equilibrium.inspect_prob == pytest.approx(0.2)
    assert len(ex.out.outputs) == 1
    ex.penalty.value = 8
    assert ex.equilibrium.inspect_prob == pytest.approx(4 / 24)
    assert ex.equilibrium.smuggle_prob == pytest.approx(10 / 18)
    assert len(ex.out.outputs) == 1  # replaced, not appended
    assert "16.7%" in ex.readout.value and "55.6%" in ex.readout.value
    ex.value.value = 10
    expected = theory.equilibrium(
        theory.inspection_game(sc.load_variant("classic"), value=10, penalty=8)
    )
    assert ex.equilibrium == expected
    ex.bag_size.value = 2
    assert dict(ex.game.params)["k"] == 2
    point = ex.chart.to_dict()
    label = point["datasets"][point["layer"][1]["data"]["name"]][0]["label"]
    assert f"{ex.equilibrium.inspect_prob:.1%}" in label


def test_tsebelis_checkbox_freezes_the_smuggling_rate() -> None:
    ex = inspection_explorer("classic")
    ex.to_sheriff.value = False
    rates = set()
    for p in (2, 4, 8, 12):
        ex.penalty.value = p
        rates.add(round(ex.equilibrium.smuggle_prob, 9))
    assert len(rates) == 1  # Tsebelis: the fine does not move the violation rate
    assert "the state (Tsebelis)" in ex.readout.value
    ex.to_sheriff.value = True
    assert ex.equilibrium.smuggle_prob < min(rates)  # fine 12 paid to the Sheriff deters


def test_other_variant_and_goods() -> None:
    ex = InspectionExplorer("summary-sheet", legal="Chickens", contraband="Crossbow", j=2)
    assert (ex.legal, ex.contraband) == ("Chickens", "Crossbow")
    assert ex.penalty.value == 9 and ex.bag_size.min == 2
    assert "2 Crossbow" in ex.readout.value


def test_stored_output_is_a_sentence() -> None:
    """Before a notebook is run, a widget cell shows its text/plain: the widget's repr,
    cut by ipywidgets at 110 characters. It must read as an instruction to a person."""
    for widget in (simulation_explorer(games=20, run=False), inspection_explorer("classic")):
        plain = widget._repr_mimebundle_()["text/plain"]
        assert len(repr(widget)) <= 110 and plain == repr(widget)
        assert "run this cell" in plain and "children=" not in plain
