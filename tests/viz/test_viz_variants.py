"""Variant charts: deck composition from build_deck, outcomes from simulate/simulate_bags."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.present.viz import variants as vv


@pytest.fixture(scope="module")
def sims() -> pd.DataFrame:
    return vv.simulate_variants(["classic", "summary-sheet"], players=4, games=40, seed=5)


@pytest.fixture(scope="module")
def bags() -> pd.DataFrame:
    return vv.simulate_variants(
        ["classic", "summary-sheet"], players=4, games=40, seed=5, per="bag"
    )


def test_deck_composition_matches_build_deck() -> None:
    d = vv.deck_composition()
    for (name, n), sub in d.groupby(["variant", "players"]):
        v = sc.load_variant(name)
        assert sub["cards"].sum() == len(sc.build_deck(v, n))
        assert sub.set_index("good")["cards"].to_dict() == v.deck_counts(n)
    assert set(d["variant"]) == set(sc.variant_names())
    # deputies is 6 players only; the others 3-5
    assert sorted(d[d.variant == "deputies"]["players"].unique()) == [6]
    assert sorted(d[d.variant == "classic"]["players"].unique()) == [3, 4, 5]


def test_deck_composition_kinds_and_skipped_counts() -> None:
    d = vv.deck_composition(["classic-royal", "deputies"], players=[4])
    assert set(d["variant"]) == {"classic-royal"}  # deputies cannot be played by 4
    assert set(d["kind"]) == {"legal", "contraband", "royal"}


def test_deck_chart_spec() -> None:
    spec = vv.deck_composition_chart(["classic", "disney"], players=[3, 4]).to_dict()
    enc = spec["encoding"]
    assert spec["mark"]["type"] == "bar"
    assert enc["x"]["field"] == "cards" and enc["x"]["aggregate"] == "sum"
    assert enc["color"]["field"] == "kind"
    assert enc["color"]["sort"] == ["legal", "contraband", "royal"]
    data = next(iter(spec["datasets"].values()))
    labels = {r["label"] for r in data}
    assert labels == {"classic · 3p", "classic · 4p", "disney · 3p", "disney · 4p"}


def test_simulate_variants_is_seeded(sims: pd.DataFrame) -> None:
    again = vv.simulate_variants(["classic", "summary-sheet"], players=4, games=40, seed=5)
    assert sims.equals(again)
    assert sims.groupby("variant").size().to_dict() == {"classic": 160, "summary-sheet": 160}


def test_simulate_variants_clamps_player_count() -> None:
    df = vv.simulate_variants(["deputies"], players=4, games=2, seed=1)
    assert df["players"].unique().tolist() == [6]


def test_win_rates(sims: pd.DataFrame) -> None:
    w = vv.win_rates(sims)
    assert len(w) == 2 * 4
    assert (w["seats"] == 40).all()
    for r in w.itertuples():
        sub = sims[(sims.variant == r.variant) & (sims.strategy == r.strategy)]
        assert r.wins == int(sub["win"].sum())
        assert r.win_rate == pytest.approx(sub["win"].mean())
    # at least one winner per game: the rates of a variant add up to >= 1 game's worth
    per_variant = w.groupby("variant")["wins"].sum()
    assert (per_variant >= 40).all()


def test_win_rate_chart_spec(sims: pd.DataFrame) -> None:
    spec = vv.win_rate_chart(sims).to_dict()
    enc = spec["encoding"]
    assert enc["y"]["field"] == "win_rate" and enc["y"]["axis"]["format"] == "%"
    assert enc["xOffset"]["field"] == "variant" and enc["color"]["field"] == "variant"
    data = next(iter(spec["datasets"].values()))
    assert len(data) == 8


def test_score_distribution_chart_spec(sims: pd.DataFrame) -> None:
    spec = vv.score_distribution_chart(sims).to_dict()
    assert spec["mark"]["type"] == "boxplot"
    assert spec["encoding"]["y"]["field"] == "total"
    # the legend shows the boxes drawn (squares), not Vega-Lite's default circles
    assert spec["encoding"]["color"]["legend"]["symbolType"] == "square"
    data = next(iter(spec["datasets"].values()))  # five numbers per box (min-max box plot)
    assert len(data) == 5 * sims.groupby(["variant", "strategy"]).ngroups


def test_lies_caught_counts(bags: pd.DataFrame) -> None:
    t = vv.lies_caught(bags)
    honest = t[t.strategy == "honest"]
    assert (honest["lies"] == 0).all() and honest["caught_rate"].isna().all()
    for r in t.itertuples():
        sub = bags[(bags.variant == r.variant) & (bags.strategy == r.strategy)]
        lies = sub[~sub["truthful"]]
        assert r.lies == len(lies)
        assert r.caught == int((lies["outcome"] == "caught").sum())
        if r.lies:
            assert math.isclose(r.caught_rate, r.caught / r.lies)
    assert (t["caught"] <= t["lies"]).all()


def test_lies_caught_chart_leaves_out_strategies_that_never_lie(bags: pd.DataFrame) -> None:
    spec = vv.lies_caught_chart(bags).to_dict()
    assert spec["encoding"]["y"]["field"] == "caught_rate"
    assert spec["encoding"]["y"]["scale"]["domain"] == [0, 1]
    data = next(iter(spec["datasets"].values()))
    assert "honest" not in {r["strategy"] for r in data}
    assert all(0 <= r["caught_rate"] <= 1 for r in data)
