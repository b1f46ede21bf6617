"""The points-breakdown chart: tidy data that adds up, and a spec that stacks it."""

from __future__ import annotations

import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.present.viz.scoring import (
    score_breakdown,
    score_breakdown_chart,
    strategy_breakdown,
)
from sheriff_core.rules.scoring import score_rows

STANDS = {
    "Ann": ["Apples"] * 3 + ["Pepper"],
    "Ben": ["Apples"] * 3 + ["Cheese"],
    "Cat": ["Cheese"] * 2 + ["Silk"],
}
GOLD = {"Ann": 10, "Ben": 12, "Cat": 30}


@pytest.fixture
def table(classic: sc.Variant) -> pd.DataFrame:
    return sc.final_scores(classic, STANDS, GOLD)


def test_points_add_up_to_each_total(table: pd.DataFrame) -> None:
    tidy = score_breakdown(table)
    sums = tidy.groupby("player")["points"].sum()
    assert sums.to_dict() == table.set_index("player")["total"].to_dict()


def test_king_tie_splits_king_and_queen(table: pd.DataFrame) -> None:
    # Ann and Ben tie for most Apples: (20 + 10) // 2 = 15 each, no Queen.
    tidy = score_breakdown(table).set_index(["player", "source"])["points"]
    assert tidy[("Ann", "King/Queen: Apples")] == 15
    assert tidy[("Ben", "King/Queen: Apples")] == 15
    assert tidy[("Cat", "King/Queen: Apples")] == 0
    # Cat is King of Cheese (2), Ben Queen (1).
    assert tidy[("Cat", "King/Queen: Cheese")] == 15
    assert tidy[("Ben", "King/Queen: Cheese")] == 10


def test_one_row_per_player_and_source_in_a_fixed_order(table: pd.DataFrame) -> None:
    tidy = score_breakdown(table)
    sources = ["gold", "goods value"] + [
        f"King/Queen: {g}" for g in sc.load_variant("classic").bonuses
    ]
    assert len(tidy) == 3 * len(sources)
    for _, sub in tidy.groupby("player"):
        assert sub.sort_values("order")["source"].tolist() == sources
    # ranked order: the winner's rows come first
    winner = table.sort_values("rank")["player"].iloc[0]
    assert tidy["player"].iloc[0] == winner


def test_accepts_score_rows_dicts(classic: sc.Variant, table: pd.DataFrame) -> None:
    rows = score_rows(classic, STANDS, GOLD)
    assert score_breakdown(rows).equals(score_breakdown(table))


def test_royal_goods_count_as_several() -> None:
    royal = sc.load_variant("classic-royal")
    t = sc.final_scores(
        royal, {"Ann": ["Cheese", "Bleu Cheese"], "Ben": ["Cheese"] * 3}, {"Ann": 0, "Ben": 0}
    )
    tidy = score_breakdown(t).set_index(["player", "source"])["points"]
    # Bleu Cheese counts as 3 Cheese: Ann has 4 and is King, Ben (3) Queen.
    assert tidy[("Ann", "King/Queen: Cheese")] == royal.bonuses["Cheese"].king
    assert tidy[("Ben", "King/Queen: Cheese")] == royal.bonuses["Cheese"].queen


def test_tokens_are_a_source_in_disney() -> None:
    disney = sc.load_variant("disney")
    token = next(iter(disney.tokens))
    t = sc.final_scores(
        disney, {"Ann": [], "Ben": []}, {"Ann": 5, "Ben": 5}, tokens={"Ann": {token: 2}}
    )
    tidy = score_breakdown(t)
    assert "villager tokens" in set(tidy["source"])
    ann = tidy[tidy.player == "Ann"].set_index("source")["points"]
    assert ann["villager tokens"] == 2 * disney.tokens[token].value
    assert tidy.groupby("player")["points"].sum().to_dict() == dict(
        zip(t["player"], t["total"], strict=True)
    )


def test_not_a_scoring_table_is_an_error() -> None:
    with pytest.raises(ValueError, match="missing columns"):
        score_breakdown(pd.DataFrame({"player": ["Ann"]}))


def test_chart_spec_stacks_sources_per_player(table: pd.DataFrame) -> None:
    spec = score_breakdown_chart(table, title="Final scores").to_dict()
    enc = spec["encoding"]
    assert spec["mark"]["type"] == "bar"
    assert enc["x"]["field"] == "points" and enc["x"]["aggregate"] == "sum"
    assert enc["y"]["field"] == "player"
    assert enc["y"]["sort"] == table.sort_values("rank")["player"].tolist()
    assert enc["color"]["field"] == "source"
    assert enc["color"]["sort"][:2] == ["gold", "goods value"]
    assert enc["order"]["field"] == "order"
    assert spec["title"] == "Final scores"
    data = next(iter(spec["datasets"].values()))
    assert sum(r["points"] for r in data) == int(table["total"].sum())


def test_a_played_game_charts(classic: sc.Variant) -> None:
    df = sc.simulate(classic, players=3, games=1, seed=3)
    assert len(score_breakdown(df)) == 3 * 3  # gold, goods value, bonus (one column)
    assert set(score_breakdown(df)["source"]) == {"gold", "goods value", "King/Queen bonuses"}


def test_strategy_breakdown_means(classic: sc.Variant) -> None:
    df = sc.simulate(classic, players=4, games=8, seed=2)
    tidy = strategy_breakdown(df)
    assert len(tidy) == 4 * 3
    honest_gold = tidy.query("strategy == 'honest' and source == 'gold'")["points"].item()
    assert honest_gold == pytest.approx(df[df.strategy == "honest"]["gold"].mean())


def test_legend_shows_only_sources_with_bars() -> None:
    """Disney: only the Rabbit bonus is won, so the chart's legend (the colour domain,
    i.e. the data's sources) lists Rabbit and no other villager's bonus."""
    disney = sc.load_variant("disney")
    table = sc.final_scores(
        disney,
        {"Ann": ["Carrots"] * 2, "Ben": ["Wood"]},
        {"Ann": 10, "Ben": 10},
        tokens={"Ann": {"Rabbit": 2}, "Ben": {"Rabbit": 1}},
    )
    spec = score_breakdown_chart(table).to_dict()
    drawn = sorted({row["source"] for row in next(iter(spec["datasets"].values()))})
    assert spec["encoding"]["color"]["sort"] == [
        "gold",
        "goods value",
        "villager tokens",
        "King/Queen: Rabbit",
    ]
    assert drawn == sorted(spec["encoding"]["color"]["sort"])
    # score_breakdown itself keeps every source (0 points included): the totals add up
    assert "King/Queen: Owl" in set(score_breakdown(table)["source"])


def test_gold_chart_counts_rounds_from_one_and_its_legend_draws_line_and_point() -> None:
    from sheriff_core.bots import make_player
    from sheriff_core.play.narrate import play_rounds
    from sheriff_core.present.viz.game import LINE_WITH_POINT, gold_by_round

    game = sc.new_game("classic", players=3, seed=5)
    rows = play_rounds(game, [make_player()] * 3, rounds=2)
    spec = gold_by_round(rows).to_dict()
    data = next(iter(spec["datasets"].values()))
    assert sorted({r["round"] for r in data}) == [1, 2]  # people's numbering
    assert spec["mark"] == {"type": "line", "point": True}
    assert spec["encoding"]["color"]["legend"]["symbolType"] == LINE_WITH_POINT
