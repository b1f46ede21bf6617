"""The DataFrame contract of simulate / simulate_bags, for every variant and player count."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import BAG_COLUMNS, PLAYER_COLUMNS

CONFIGS = [
    (name, n)
    for name in sc.variant_names()
    for n in range(sc.load_variant(name).min_players, sc.load_variant(name).max_players + 1)
]
LINEUP = {"merchants": sc.bots.bot_names("merchant"), "sheriffs": sc.bots.bot_names("sheriff")}


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_player_and_bag_frames_hold_for_every_variant(variant, players):
    games = 3
    df = sc.simulate(variant, players=players, games=games, seed=11, **LINEUP)
    assert tuple(df.columns) == PLAYER_COLUMNS
    assert len(df) == games * players
    assert sorted(set(zip(df["game"], df["seat"], strict=True))) == [
        (g, s) for g in range(games) for s in range(players)
    ]
    assert (df["variant"] == variant).all() and (df["players"] == players).all()
    assert (df["win"] == (df["rank"] == 1)).all()
    assert (df.groupby("game")["rank"].min() == 1).all()
    assert (df["total"] >= df["gold"] + df["goods_value"]).all()
    for col in PLAYER_COLUMNS:
        if col not in ("player", "strategy", "sheriff_strategy", "variant", "win"):
            assert df[col].dtype == "int64", col
    per_game = df.groupby("game").agg(
        bags=("bags", "sum"),
        caught=("caught", "sum"),
        inspected=("inspected", "sum"),
        passed=("game_bags_passed", "first"),
        opened=("game_bags_inspected", "first"),
        lies_caught=("game_lies_caught", "first"),
        bribe_gold=("game_bribe_gold", "first"),
        bribes_paid=("bribes_paid", "sum"),
        fines=("game_fines", "first"),
        fines_paid=("fines_paid", "sum"),
    )
    assert (per_game["bags"] == per_game["passed"] + per_game["opened"]).all()
    assert (per_game["inspected"] == per_game["opened"]).all()
    assert (per_game["caught"] == per_game["lies_caught"]).all()
    assert (per_game["bribe_gold"] == per_game["bribes_paid"]).all()
    assert (per_game["fines"] == per_game["fines_paid"]).all()
    assert (df["caught"] <= df["lies"]).all() and (df["lies"] <= df["bags"]).all()

    bags = sc.simulate_bags(variant, players=players, games=games, seed=11, **LINEUP)
    assert tuple(bags.columns) == BAG_COLUMNS
    assert len(bags) == df["bags"].sum()
    counted = bags.groupby(["game", "seat"]).size()
    assert (counted == df.set_index(["game", "seat"])["bags"][counted.index]).all()
    assert set(bags["outcome"]) <= {"passed", "bribed", "caught", "cleared"}
    assert (bags["inspected"] == bags["outcome"].isin(["caught", "cleared"])).all()
    assert not bags.loc[bags["outcome"] == "caught", "truthful"].any()
    assert bags.loc[bags["outcome"] == "cleared", "truthful"].all()
    assert (bags["declared_count"] == bags["bag_size"]).all()
    assert (bags.loc[bags["outcome"] == "cleared", "merchant_pays"] < 0).all()
    assert set(bags["declared_good"]) <= set(sc.load_variant(variant).legal_goods)


def test_strategies_rotate_through_the_seats():
    df = sc.simulate("classic", players=4, games=8, seed=0, merchants=["honest", "smuggler"])
    # seat s of game g plays entry (s + g) % 4 of the (cycled) list
    assert set(df.loc[df["seat"] == 0, "strategy"]) == {"honest", "smuggler"}
    fixed = sc.simulate(
        "classic", players=4, games=4, seed=0, merchants=["honest", "smuggler"], rotate=False
    )
    assert (fixed.loc[fixed["seat"] % 2 == 0, "strategy"] == "honest").all()


def test_zero_games_and_bad_arguments():
    assert sc.simulate(games=0).empty and tuple(sc.simulate(games=0).columns) == PLAYER_COLUMNS
    with pytest.raises(sc.RulesError, match="3-5 players, not 7"):
        sc.simulate("classic", players=7, games=1)
    with pytest.raises(sc.VariantError, match="unknown variant"):
        sc.simulate("no-such-variant", games=1)
    with pytest.raises(ValueError, match="games must be"):
        sc.simulate(games=-1)
    with pytest.raises(ValueError, match="workers must be"):
        sc.simulate(games=1, workers=0)
    with pytest.raises(ValueError, match="unknown sheriff bot"):
        sc.simulate(games=1, sheriffs=["honest"])
    with pytest.raises(ValueError, match="per must be"):
        sc.simulate(games=1, per="round")


def test_simulate_gives_the_garbage_collector_back_as_it_found_it():
    import gc

    from sheriff_core.analysis.sim import _collector_tuned_for_games

    thresholds = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with _collector_tuned_for_games():
        assert gc.get_freeze_count() > 0  # the older heap is out of the collector's way
        assert gc.get_threshold()[0] >= 20_000
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds
    sc.simulate("classic", players=3, games=3, seed=0, progress=False)
    assert gc.get_freeze_count() == 0 and gc.isenabled() and gc.get_threshold() == thresholds
    # A caller who froze objects of their own keeps them frozen.
    gc.freeze()
    try:
        sc.simulate("classic", players=3, games=3, seed=0, progress=False)
        assert gc.get_freeze_count() > 0  # (unfreezing would have emptied it)
    finally:
        gc.unfreeze()
