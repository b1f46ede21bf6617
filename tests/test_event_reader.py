"""The one event reader (sheriff_core.play.record.bag_records) and the fast per-player path.

``sim._player_rows`` keeps its own one-pass loop over the events (it also reads the
payments, which are not per-bag, and it is the simulation's hot path); these tests
check that it agrees with the bag records, and that the bag records match the events.
"""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import simulate, simulate_bags
from sheriff_core.bots import play_game
from sheriff_core.engine.events import Declared, Inspected, Passed
from sheriff_core.play.record import OUTCOMES, bag_records


@pytest.fixture(scope="module")
def frames() -> tuple:
    kw = dict(players=4, games=50, seed=11, progress=False)
    return simulate("classic", **kw), simulate_bags("classic", **kw)


def test_player_rows_agree_with_the_bag_records_on_50_seeded_games(frames):
    players, bags = frames
    per_seat = bags.groupby(["game", "seat"])
    agg = per_seat.agg(
        bags=("outcome", "size"),
        lies=("truthful", lambda t: int((~t).sum())),
        inspected=("inspected", "sum"),
        caught=("outcome", lambda o: int((o == "caught").sum())),
        smuggled=("smuggled", "sum"),
        bribes_paid=("bribe", "sum"),
    )
    table = players.set_index(["game", "seat"])
    agg.columns = [f"{c}_bags" for c in agg.columns]
    joined = table.join(agg, how="left").fillna(0)
    assert len(joined) == 200 and joined["bags"].sum() > 300 and joined["lies"].sum() > 0
    for col in ("bags", "lies", "inspected", "caught", "smuggled", "bribes_paid"):
        assert (joined[col] == joined[f"{col}_bags"]).all(), col
    per_game = bags.groupby("game")
    assert (
        players.groupby("game")["game_bags_inspected"].first() == per_game["inspected"].sum()
    ).all()
    assert (players.groupby("game")["game_bribe_gold"].first() == per_game["bribe"].sum()).all()


@pytest.mark.parametrize("name", ["classic", "deputies", "summary-sheet"])
def test_bag_records_follow_the_events(name):
    v = sc.load_variant(name)
    game = play_game(sc.new_game(v, players=v.max_players, seed=4))
    records = bag_records(game)
    settled = [e for e in game.events if isinstance(e, (Passed, Inspected))]
    assert [(r.round, r.seat) for r in records] == [(e.round, e.seat) for e in settled]
    for r, e in zip(records, settled, strict=True):
        assert r.settled is e and r.outcome in OUTCOMES
        assert r.inspected == (type(e) is Inspected)
        declared = game.events[r.order]
        assert type(declared) is Declared and declared.seat == r.seat
        assert (r.good, r.count) == (declared.good, declared.count)
        assert len(r.cards) == r.count
        if r.outcome == "caught":
            assert r.merchant_pays > 0 and not r.truthful
        if r.outcome == "bribed":
            assert r.bribe is not None and e.bribe == r.bribe


def test_a_game_just_dealt_has_no_bag_records():
    assert bag_records(sc.new_game("classic", players=3, seed=0)) == []
