"""House-rule lab charts: valid Vega-Lite (``to_dict`` validates) drawn from the lab's tables."""

from __future__ import annotations

import pytest

from sheriff_core.analysis import lab
from sheriff_core.present.viz import lab as vl


@pytest.fixture(scope="module")
def comparison() -> lab.RuleComparison:
    return lab.compare_rules("classic", "summary-sheet", players=4, games=30, seed=1)


@pytest.fixture(scope="module")
def swept():
    lineups = {"threshold": {}, "inspect": {"sheriffs": "always-inspect"}}
    return lab.sweep(
        "classic", "goods.Pepper.penalty", [2, 6], lineups=lineups, games=15, progress=False
    )


def test_effects_chart_has_one_row_per_metric_in_percentage_points(comparison):
    spec = vl.effects_chart(comparison).to_dict()
    (rows,) = spec["datasets"].values()
    data = vl._scaled(comparison.table)
    words = [f"{label} ({unit})" for label, unit in zip(data["label"], data["unit"], strict=True)]
    assert spec["facet"]["row"]["sort"] == words  # labels in words, with their units
    assert "win rate of seat 1 (the first Sheriff) (percentage points)" in words
    assert "gold changing hands per game (fines, bribes, compensation) (gold)" in words
    assert spec["title"]["text"].startswith("What summary-sheet changes compared with classic")
    assert "95 % interval" in spec["title"]["subtitle"][0]
    assert spec["spec"]["layer"][0]["encoding"]["x"] == {"datum": 0}  # zero marked
    rates = comparison.table["kind"] == "rate"
    assert (data.loc[rates, "difference"] == comparison.table.loc[rates, "difference"] * 100).all()
    assert len(rows) == len(comparison.table)
    assert spec["resolve"]["scale"]["x"] == "independent"
    # the table alone draws the same chart, with a generic title
    generic = vl.effects_chart(comparison.table).to_dict()["title"]["text"]
    assert generic == "Effect of the rule change"


def test_sweep_chart_one_panel_per_lineup_and_one_chart_for_one(swept):
    spec = vl.sweep_chart(swept, "win_rate").to_dict()
    assert spec["facet"]["column"]["field"] == "lineup"
    assert spec["spec"]["layer"][1]["encoding"]["x"]["title"] == "Pepper: fine per card (penalty)"
    one = vl.sweep_chart(swept[swept["lineup"] == "inspect"], "gold_moved").to_dict()
    assert one["layer"][1]["encoding"]["y"]["title"] == (
        "change in gold changing hands per game (fines, bribes, compensation) (gold)"
    )
    assert one["layer"][2]["encoding"]["x"]["field"] == "value"
    assert one["layer"][2]["encoding"]["color"]["field"] == "lineup"
    with pytest.raises(ValueError, match="no metric 'wins' in this sweep"):
        vl.sweep_chart(swept, "wins")


def test_balance_chart_page():
    r = lab.balance_report("classic", players=4, games=10, sheriffs=["threshold", "trusting"])
    spec = vl.balance_chart(r).to_dict()
    assert len(spec["vconcat"]) == 3
    assert spec["resolve"]["scale"]["color"] == "independent"
    assert "Balance of classic" in spec["title"]
    seats = next(d for d in spec["datasets"].values() if "seat" in d[0])
    assert sorted({row["seat"] for row in seats}) == [1, 2, 3, 4]  # counted from 1
