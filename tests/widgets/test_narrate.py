"""Narration: sentences from events, round blocks, bag table, round-by-round play."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import DEFAULT_MERCHANTS
from sheriff_core.bots import make_player
from sheriff_core.engine.events import Loaded, Passed
from sheriff_core.play.narrate import bag_rows, describe_event, describe_offer, narrate, play_rounds

NAMES = ["Ann", "Ben", "Cat", "Dan"]


def lineup(sheriff: str = "threshold:bribe=3") -> list:
    return [make_player(m, sheriff) for m in DEFAULT_MERCHANTS]


def test_describe_offer_words_goods_and_promises():
    offer = sc.Offer(5, ("Apples", "Apples"), ("Pepper",), (sc.Promise("inspect", 2),))
    text = describe_offer(offer, NAMES)
    assert text == (
        "5 gold, 2 Apples from the stand, 1 Pepper from the bag and the Sheriff's word to "
        "inspect Cat's bag this round (binding)"
    )
    assert describe_offer("offer 0 gold") == "0 gold"
    with pytest.raises(TypeError, match="describe_offer needs an offer.*declare 3 Cheese"):
        describe_offer("declare 3 Cheese")


def test_secret_bag_contents_only_with_secrets():
    e = Loaded(0, 1, ["Silk", "Apples"], 2)
    assert "Silk" in describe_event(e, NAMES, secrets=True)
    assert describe_event(e, NAMES, secrets=False) == "Ben loads 2 card(s)."


def test_honor_among_thieves_is_told():
    e = Passed(
        0,
        1,
        declared="2 Cheese",
        cards=["Cheese"],
        smuggled=0,
        truthful=False,
        bribe="offer 1 gold; bag Pepper,Pepper",
        bribe_to=0,
        bribe_gold=1,
        bribe_stand=[],
        bribe_bag=["Pepper"],
        not_owed=["Pepper"],
    )
    text = describe_event(e, NAMES)
    assert "1 Pepper promised from the bag was not in it: not owed" in text


def test_every_event_of_a_full_game_is_told_and_rounds_are_headed():
    game = sc.new_game("classic", players=4, seed=1)
    rows = play_rounds(game, lineup())
    assert game.is_over and len(rows) == 4 * game.rounds
    text = narrate(game)
    assert text.count("Round ") >= game.rounds
    assert text.splitlines()[0] == "Round 1 of 8 - Sheriff: Ann"
    assert "Game over. Winner(s):" in text
    for e in game.events:
        line = describe_event(e, game.players)
        assert line is None or not line.startswith(e.kind + ":"), e  # no generic fallback


def test_bag_rows_match_the_events():
    game = sc.new_game("classic", players=4, seed=1)
    play_rounds(game, lineup(), rounds=3)
    rows = bag_rows(game)
    assert len(rows) == 9  # 3 rounds x 3 merchants
    inspected = [e for e in game.events if e.kind == "inspected"]
    assert sum(r["outcome"].startswith("inspected") for r in rows) == len(inspected)
    assert sum(r["fine"] for r in rows) == sum(e.info["merchant_pays"] for e in inspected)
    bribed = [r for r in rows if r["bribe"]]
    assert all(r["threatened"] and r["outcome"].startswith("passed") for r in bribed)


def test_play_rounds_records_gold_after_each_round():
    game = sc.new_game("classic", players=3, seed=4)
    rows = play_rounds(game, [make_player("honest", "always-inspect")] * 3, rounds=2)
    assert game.round == 2
    last = [r for r in rows if r["round"] == 2]
    assert [r["gold"] for r in last] == game.gold
    assert sum(r["gold"] for r in last) == 150  # gold only moves between players here


def test_gold_by_round_chart_spec():
    from sheriff_core.present.viz.game import gold_by_round

    game = sc.new_game("classic", players=3, seed=4)
    rows = play_rounds(game, [make_player("honest", "always-inspect")] * 3, rounds=3)
    spec = gold_by_round(rows).to_dict()
    assert spec["mark"] == {"type": "line", "point": True}
    assert spec["encoding"]["x"]["field"] == "round"
    assert spec["encoding"]["color"]["field"] == "player"
    values = next(iter(spec["datasets"].values()))
    assert len(values) == 9 and {v["player"] for v in values} == {"Ann", "Ben", "Cat"}


def test_describe_for_tells_the_learner_in_the_second_person():
    from sheriff_core.play.narrate import describe_for
    from sheriff_core.present.widgets.inspection import deal_to_inspection

    game, _bots = deal_to_inspection(seed=0)
    game.apply(sc.Threaten(1))
    game.apply(sc.Offer(5))
    events = game.apply(sc.Inspect(1))
    to_ben = [describe_for(e, game.players, 1, game.sheriffs) for e in events]
    to_ann = [describe_for(e, game.players, 0, game.sheriffs) for e in events]
    to_cat = [describe_for(e, game.players, 2, game.sheriffs) for e in events]
    assert to_ben[0].startswith('Ann opened your bag ("3 Chickens"): 1 Crossbow, 1 Mead')
    assert "a fine of 8 gold" in to_ben[0]
    assert "You paid 8 gold to Ann." in to_ben and "Ben paid you 8 gold." in to_ann
    assert to_ann[0].startswith("You opened Ben's bag")
    assert to_cat == [None] * len(events)  # not Cat's business


def test_rounds_are_counted_from_one_for_people():
    from sheriff_core.play.narrate import bag_rows, round_lines

    game = sc.new_game("classic", players=3, seed=2)
    play_rounds(game, [make_player("honest", "always-inspect")] * 3, rounds=2)
    assert round_lines(game, 1)[0] == "Round 2 of 9 - Sheriff: Ben"
    assert {r["round"] for r in bag_rows(game)} == {1, 2}
