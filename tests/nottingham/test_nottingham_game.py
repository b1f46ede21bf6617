"""Scenario tests: every action's effect, Defend, ambushes, tasks, reshuffle, end."""

from __future__ import annotations

import pytest
from nottingham_helpers import hand, position

from sheriff_core import nottingham as nt
from sheriff_core.base.errors import RulesError


@pytest.fixture
def make():
    return position


@pytest.fixture
def hand_of():
    return hand


def kinds(events):
    return [e.kind for e in events]


@pytest.mark.rules("NOT-TURN-1")
def test_new_game_deals_three_each_and_reveals_for_seat_0():
    g = nt.new_game(nt.load_rules(), 5, seed=11)
    assert [g.hand_size(s) for s in range(5)] == [3, 3, 3, 3, 3]
    assert len(g.deck) == 84 - 15 - 1 and g.revealed is not None
    assert g.decision == "reveal" and g.to_move == 0 and g.turn == 1
    assert sorted(g.ambush_pile) == sorted(nt.load_rules().ambush_cards(5))
    assert "white" not in g.ambush_pile and "purple" in g.ambush_pile


def test_player_names_and_bad_counts():
    g = nt.new_game(None, ["Robin", "Marian", "Tuck"], seed=0)
    assert g.scores() == {"Robin": 0, "Marian": 0, "Tuck": 0}
    for bad in (2, 8):
        with pytest.raises(RulesError, match="3-7 players"):
            nt.new_game(None, bad)
    with pytest.raises(RulesError, match="distinct"):
        nt.new_game(None, ["A", "A", "B"])
    for flag in (True, False, "abc"):  # a bool or a string is neither a count nor names
        with pytest.raises(TypeError, match="players: a number of players or a list of names"):
            nt.new_game(None, flag)


@pytest.mark.rules("NOT-TURN-1")
def test_keep_takes_the_card_into_hand(make, hand_of):
    g = make(hands={0: {"Gold": 1}}, revealed="Pearls")
    ev = g.apply(nt.Keep())
    assert hand_of(g, 0) == {"Gold": 1, "Pearls": 1} and g.revealed is None
    assert kinds(ev) == ["keep"] and g.decision == "score"


@pytest.mark.rules("NOT-ACT-1", "NOT-TURN-1")
def test_purchase_offers_accept_and_coin_goes_to_owner(make, hand_of):
    g = make(
        4,
        hands={0: {"Gold": 1}, 1: {"Pearls": 1, "Copper": 1}, 2: {"Copper": 2}, 3: {}},
        revealed="Copper",
    )
    ev = g.apply(nt.Use())
    # seat 2 holds only Copper: shows the hand; seat 3 has nothing: both skipped
    assert [(e.kind, e.seat) for e in ev[1:]] == [("show_hand", 2), ("no_offer", 3)]
    assert g.decision == "offer" and g.to_move == 1
    assert g.legal_actions() == [nt.Offer(("Pearls",))]
    with pytest.raises(nt.IllegalOffer, match="may not include Copper"):
        g.apply(nt.Offer(("Copper",)))
    with pytest.raises(nt.IllegalOffer, match="offer 1 card"):
        g.apply(nt.Offer(("Pearls", "Pearls")))
    g.apply(nt.Offer(("Pearls",)))
    assert g.decision == "accept" and g.to_move == 0
    assert set(g.legal_actions()) == {nt.Accept(1), nt.Decline()}
    g.apply(nt.Accept(1))
    assert hand_of(g, 0) == {"Gold": 1, "Pearls": 1}
    assert hand_of(g, 1) == {"Copper": 2}
    assert hand_of(g, 2) == {"Copper": 2} and g.decision == "score"


@pytest.mark.rules("NOT-ACT-1")
def test_purchase_decline_keeps_the_coin(make, hand_of):
    g = make(hands={0: {}, 1: {"Gold": 1}, 2: {"Jewels": 1}}, revealed="Copper")
    g.apply(nt.Use())
    g.apply(nt.Offer(("Gold",)))
    g.apply(nt.Offer(("Jewels",)))
    g.apply(nt.Decline())
    assert hand_of(g, 0) == {"Copper": 1}
    assert hand_of(g, 1) == {"Gold": 1} and hand_of(g, 2) == {"Jewels": 1}


@pytest.mark.rules("NOT-ACT-1")
def test_purchase_with_nobody_able_to_offer_keeps_the_card(make, hand_of):
    g = make(hands={0: {}, 1: {"Copper": 1}, 2: {}}, revealed="Copper")
    ev = g.apply(nt.Use())
    assert kinds(ev)[-1] == "keep" and hand_of(g, 0) == {"Copper": 1} and g.decision == "score"


@pytest.mark.rules("NOT-ACT-7")
def test_trade_takes_one_players_whole_offer(make, hand_of):
    g = make(
        hands={0: {}, 1: {"Gold": 2, "Chest": 1}, 2: {"Pearls": 1, "Jewels": 1}},
        revealed="Chest",
    )
    g.apply(nt.Use())
    offers = g.legal_actions()
    assert nt.Offer(("Gold", "Gold")) in offers and nt.Offer(("Gold",)) in offers
    assert all("Chest" not in o.items for o in offers)
    with pytest.raises(nt.IllegalOffer, match="1-2 card"):
        g.apply(nt.Offer(()))
    g.apply(nt.Offer(("Gold", "Gold")))
    g.apply(nt.Offer(("Jewels",)))
    g.apply(nt.Accept(1))
    assert hand_of(g, 0) == {"Gold": 2}
    assert hand_of(g, 1) == {"Chest": 2}
    assert hand_of(g, 2) == {"Pearls": 1, "Jewels": 1}


@pytest.mark.rules("NOT-ACT-2")
def test_steal_draws_blind_and_victim_gets_the_candlestick(make, hand_of):
    seen = set()
    for seed in range(12):
        g = make(hands={0: {}, 1: {"Gold": 1, "Pearls": 1}}, revealed="Candlestick", seed=seed)
        ev = g.apply(nt.Use(1))
        assert kinds(ev) == ["use", "steal", "compensated"]
        stolen = ev[1].item
        seen.add(stolen)
        assert hand_of(g, 0) == {stolen: 1}
        assert sum(g.hands[1].values()) == 2 and g.hands[1]["Candlestick"] == 1
    assert seen == {"Gold", "Pearls"}  # blind: either card can come


@pytest.mark.rules("NOT-ACT-4", "NOT-ACT-5")
@pytest.mark.parametrize("card,reveals", [("Pearls", False), ("Jewels", True)])
def test_rob_and_hold_up_take_a_chosen_card(make, hand_of, card, reveals):
    g = make(hands={0: {}, 1: {}, 2: {"Gold": 1, "Chest": 2}}, revealed=card)
    assert g.legal_actions() == [nt.Keep(), nt.Use(2)]  # seat 1 has no cards
    with pytest.raises(nt.IllegalTarget, match="no cards"):
        g.apply(nt.Use(1))
    ev = g.apply(nt.Use(2))
    assert ("show_hand" in kinds(ev)) is reveals
    assert g.decision == "take" and set(g.legal_actions()) == {
        nt.TakeCard("Gold"),
        nt.TakeCard("Chest"),
    }
    with pytest.raises(nt.IllegalTarget):
        g.apply(nt.TakeCard("Pearls"))
    g.apply(nt.TakeCard("Chest"))
    assert hand_of(g, 0) == {"Chest": 1}
    assert hand_of(g, 2) == {"Gold": 1, "Chest": 1, card: 1}


@pytest.mark.parametrize("card", ["Candlestick", "Pearls", "Jewels"])
def test_defend_cancels_each_red_action_and_swaps_the_two_cards(make, hand_of, card):
    g = make(hands={0: {"Gold": 1}, 1: {"Necklace": 1, "Chest": 3}}, revealed=card)
    g.apply(nt.Use(1))
    assert g.decision == "defend" and g.to_move == 1
    assert set(g.legal_actions()) == {nt.Defend(), nt.Allow()}
    ev = g.apply(nt.Defend())
    assert kinds(ev) == ["defend"]
    assert hand_of(g, 0) == {"Gold": 1, "Necklace": 1}
    assert hand_of(g, 1) == {"Chest": 3, card: 1}
    assert g.decision == "score" and g.to_move == 0 and g.revealed is None


def test_allow_lets_the_attack_go_on(make, hand_of):
    g = make(hands={0: {}, 1: {"Necklace": 1, "Chest": 1}}, revealed="Pearls")
    g.apply(nt.Use(1))
    g.apply(nt.Allow())
    assert g.decision == "take"
    g.apply(nt.TakeCard("Necklace"))
    assert hand_of(g, 0) == {"Necklace": 1} and hand_of(g, 1) == {"Chest": 1, "Pearls": 1}


def test_no_defend_decision_without_a_necklace(make):
    g = make(hands={0: {}, 1: {"Chest": 1}}, revealed="Jewels")
    g.apply(nt.Use(1))
    assert g.decision == "take"


def test_necklace_can_only_be_kept(make):
    g = make(hands={1: {"Gold": 1}}, revealed="Necklace")
    assert g.legal_actions() == [nt.Keep()]
    before = g.to_json()
    with pytest.raises(nt.IllegalUse, match="only be taken into hand"):
        g.apply(nt.Use())
    assert g.to_json() == before


@pytest.mark.rules("NOT-ACT-3")
def test_ambush_draws_two_keeps_one_and_returns_the_other(make):
    g = make(revealed="Gold", ambush_pile=["red", "Pearls/Jewels", "blue", "green"])
    g.apply(nt.Use())
    assert g.decision == "ambush_card" and g.pending.drawn == ("red", "Pearls/Jewels")
    # seat 0 is red: it may not keep its own colour
    assert g.legal_actions() == [nt.ChooseAmbush("Pearls/Jewels")]
    with pytest.raises(nt.IllegalAmbush, match="own colour"):
        g.apply(nt.ChooseAmbush("red"))
    with pytest.raises(nt.IllegalAmbush, match="drawn"):
        g.apply(nt.ChooseAmbush("blue"))
    g.apply(nt.ChooseAmbush("Pearls/Jewels"))
    assert g.ambushes == [(0, "Pearls/Jewels", "Gold")]
    assert g.ambush_pile == ["blue", "green", "red"]
    assert g.card_counts()["ambush"] == 4


@pytest.mark.rules("NOT-ACT-3")
def test_ambush_needs_a_pile_and_fizzles_on_own_colour(make, hand_of):
    g = make(hands={0: {}}, revealed="Gold", ambush_pile=[])
    assert g.legal_actions() == [nt.Keep()]
    g = make(hands={0: {}}, revealed="Gold", ambush_pile=["red"])
    ev = g.apply(nt.Use())
    assert kinds(ev)[-1] == "ambush_fizzles" and hand_of(g, 0) == {"Gold": 1}
    assert g.ambush_pile == ["red"]


def lay_position(make, n, ambushes, **kw):
    return make(
        hands={0: {"Pearls": n}, 1: {}, 2: {}},
        decision="score",
        revealed=None,
        ambushes=ambushes,
        ambush_pile=["green"],
        deck=["Copper"] * 10,
        **kw,
    )


@pytest.mark.rules("NOT-SCO-2")
def test_ambush_removes_one_laid_card_and_score_survives(make, hand_of):
    g = lay_position(make, 4, [[1, "Pearls/Jewels", "Gold"]])
    g.apply(nt.Lay("Pearls", 4))
    assert g.decision == "spring" and g.to_move == 1
    ev = g.apply(nt.Spring())
    assert "ambush" in kinds(ev) and "score" in kinds(ev)
    assert g.scored[0] == ["Pearls"] and g.discards.count("Pearls") == 2
    assert g.ambushes == [] and g.ambush_pile == ["green", "Pearls/Jewels"]
    assert g.sheriff == 1
    # ambusher got a Pearls, the victim got the Gold (plus draws after the score)
    assert g.hands[1]["Pearls"] == 1 and g.hands[0]["Gold"] == 1


@pytest.mark.rules("NOT-SCO-2")
def test_ambush_cancels_a_short_score(make, hand_of):
    g = lay_position(make, 3, [[2, "blue", "Gold"], [1, "red", "Gold"]])
    g.apply(nt.Lay("Pearls", 3))
    # clockwise from the left of seat 0: seat 1's red card (matches seat 0's colour)
    assert g.to_move == 1
    assert len(g.pending.queue) == 1
    ev = g.apply(nt.Spring())
    assert kinds(ev)[-3:] == ["score_cancelled", "turn", "reveal"]
    assert g.scored[0] == [] and g.sheriff == 0
    assert hand_of(g, 0) == {"Pearls": 2, "Gold": 1}
    assert hand_of(g, 1) == {"Pearls": 1}
    assert g.ambushes == [(2, "blue", "Gold")]  # blue names seat 1, never matched seat 0


@pytest.mark.rules("NOT-SCO-2")
def test_which_ambushes_trigger(make):
    # item card matches the laid item, colour card matches the layer, own never
    g = lay_position(
        make,
        3,
        [[0, "Pearls/Jewels", "Gold"], [1, "Jewels/Necklace", "Gold"], [2, "Chest/Copper", "Gold"],
         [2, "red", "Gold"], [1, "Candlestick/Pearls", "Gold"]],
    )  # fmt: skip
    g.apply(nt.Lay("Pearls", 3))
    assert [q[:2] for q in g.pending.queue] == [(1, "Candlestick/Pearls"), (2, "red")]


@pytest.mark.rules("NOT-SCO-2")
def test_hold_keeps_the_ambush_for_later(make):
    g = lay_position(make, 3, [[1, "Candlestick/Pearls", "Gold"]])
    g.apply(nt.Lay("Pearls", 3))
    g.apply(nt.Hold())
    assert g.scored[0] == ["Pearls"] and g.ambushes == [(1, "Candlestick/Pearls", "Gold")]


@pytest.mark.rules("NOT-SCO-1", "NOT-SCO-2", "NOT-TRK-1")
def test_lay_keeps_one_face_down_discards_rest_and_sheriff_hands_out_cards(make, hand_of):
    g = make(
        4,
        hands={0: {"Chest": 5}, 1: {"Gold": 6}, 2: {"Gold": 3}, 3: {"Gold": 4}},
        decision="score",
        deck=["Copper", "Pearls", "Jewels", "Necklace", "Candlestick"],
        sheriff=0,
    )
    assert g.rules.track[1] == 3  # the number on the Sheriff's next space
    g.apply(nt.Lay("Chest", 5))
    assert g.scored[0] == ["Chest"] and g.discards == ["Chest"] * 4 and g.sheriff == 1
    # hands 0 (0 cards), 2 (3 cards) draw in clockwise order from the active player;
    # 1 (6) and 3 (4) are above the number 3
    assert hand_of(g, 0) == {"Candlestick": 1}
    assert hand_of(g, 2) == {"Gold": 3, "Necklace": 1}
    assert g.hands[1]["Gold"] == 6 and g.hand_size(3) == 4
    assert g.active == 1 and g.revealed == "Jewels"
    assert g.score(0) == 13


@pytest.mark.rules("NOT-SCO-1", "NOT-TASK-1", "NOT-TASK-2")
def test_task_scores_first_and_second(make):
    rules = nt.load_rules()
    pairs = {"Gold": 2, "Pearls": 2, "Jewels": 2}
    g = make(hands={0: dict(pairs), 1: dict(pairs), 2: dict(pairs)}, decision="score", rules=rules)
    act = nt.CompleteTask("three_pairs", ("Gold", "Pearls", "Jewels"))
    assert act in g.legal_actions()
    g.apply(act)
    assert g.tasks[0] == ["three_pairs"] and g.score(0) == 15 and g.sheriff == 1
    assert g.discards.count("Gold") == 2
    g.apply(nt.Keep()) if g.decision == "reveal" else None
    g.apply(act)
    # R reading (default): two holders -> both score the low side
    assert g.score(1) == 10 and g.score(0) == 10
    g.apply(nt.Keep()) if g.decision == "reveal" else None
    with pytest.raises(nt.IllegalScore, match="both copies"):
        g.apply(act)
    assert act not in g.legal_actions()


@pytest.mark.rules("NOT-TASK-2")
def test_task_order_reading_keeps_first_high(make):
    data = nt.load_rules().to_data()
    data["tasks_rule"]["shared_scores_low"] = False
    rules = nt.Rules.from_data(data)
    pairs = {"Gold": 2, "Pearls": 2, "Jewels": 2}
    g = make(hands={0: dict(pairs), 1: dict(pairs)}, decision="score", rules=rules)
    act = nt.CompleteTask("three_pairs", ("Jewels", "Gold", "Pearls"))  # any order
    g.apply(act)
    g.apply(nt.Keep())
    g.apply(act)
    assert (g.score(0), g.score(1)) == (15, 10)


@pytest.mark.rules("NOT-TASK-1")
def test_task_once_per_player(make):
    g = make(hands={0: {"Gold": 10}}, decision="score", task_takers={
        "one_of_each": [], "five_of_a_kind": [0], "four_pairs": [], "three_pairs": []},
        tasks=[["five_of_a_kind"], [], []])  # fmt: skip
    with pytest.raises(nt.IllegalScore, match="once per player"):
        g.apply(nt.CompleteTask("five_of_a_kind", ("Gold",)))
    with pytest.raises(nt.IllegalScore, match="you need 2 x Jewels"):
        g.apply(nt.CompleteTask("three_pairs", ("Gold", "Pearls", "Jewels")))
    with pytest.raises(nt.IllegalScore, match="3 different"):
        g.apply(nt.CompleteTask("three_pairs", ("Gold",)))


@pytest.mark.rules("NOT-TASK-1")
def test_one_of_each_and_five_of_a_kind(make):
    g = make(hands={0: {i: 1 for i in nt.load_rules().item_names} | {"Gold": 5}},
             decision="score")  # fmt: skip
    tasks = {a for a in g.legal_actions() if isinstance(a, nt.CompleteTask)}
    assert nt.CompleteTask("one_of_each", nt.load_rules().item_names) in tasks
    assert nt.CompleteTask("five_of_a_kind", ("Gold",)) in tasks
    g.apply(nt.CompleteTask("one_of_each", nt.load_rules().item_names))
    assert g.score(0) == 30 and g.hands[0]["Gold"] >= 4


@pytest.mark.rules("NOT-DECK-1")
def test_reshuffle_when_deck_is_empty(make):
    g = make(hands={0: {}}, decision="score", deck=[], discards=["Gold", "Pearls", "Chest"])
    ev = g.apply(nt.Pass())
    assert "reshuffle" in kinds(ev) and len(g.deck) == 2 and g.discards == []
    assert g.revealed in {"Gold", "Pearls", "Chest"} and g.active == 1


@pytest.mark.rules("NOT-DECK-1")
def test_hand_limit_when_deck_and_discards_are_empty(make, hand_of):
    g = make(
        hands={0: {}, 1: {"Gold": 4, "Chest": 3}, 2: {"Pearls": 2}},
        decision="score",
        deck=[],
        discards=[],
        sheriff=2,  # number 4 on the default track
    )
    assert g.rules.track[2] == 4
    ev = g.apply(nt.Pass())
    assert "hand_limit" in kinds(ev) and g.decision == "discard" and g.to_move == 1
    with pytest.raises(nt.IllegalDiscard):
        g.apply(nt.Discard("Pearls"))
    for _ in range(3):
        g.apply(nt.Discard("Chest"))
    assert hand_of(g, 1) == {"Gold": 4}
    assert g.decision == "reveal" and g.revealed == "Chest" and g.deck == ["Chest"] * 2


@pytest.mark.rules("NOT-END-2")
def test_no_card_to_reveal_goes_to_scoring_and_a_dead_round_ends_the_game(make):
    g = make(hands={0: {"Gold": 1}, 1: {"Gold": 1}, 2: {"Gold": 1}}, decision="score",
             deck=[], discards=[], turn_revealed=False)  # fmt: skip
    g.apply(nt.Pass())
    assert g.decision == "score" and g.revealed is None and g.active == 1
    g.apply(nt.Pass())
    ev = g.apply(nt.Pass())
    assert g.is_over and "stalemate" in g.end_reason and kinds(ev)[-1] == "game_over"


@pytest.mark.rules("NOT-END-1", "NOT-WIN-1")
def test_game_ends_when_the_sheriff_returns_and_ranks_by_tiebreak(make):
    g = make(
        hands={0: {"Pearls": 3}},
        decision="score",
        sheriff=23,
        scored=[["Gold"], ["Jewels"], ["Copper", "Copper"]],
    )
    # before the last score: 0 has 9, 1 has 11, 2 has 14
    ev = g.apply(nt.Lay("Pearls", 3))
    assert g.is_over and g.sheriff == 0 and kinds(ev)[-1] == "game_over"
    assert g.legal_actions() == [] and g.to_move is None
    before = g.to_json()
    with pytest.raises(nt.GameFinished):
        g.apply(nt.Pass())
    assert g.to_json() == before
    res = {r["player"]: (r["score"], r["cards_scored"], r["rank"]) for r in g.results()}
    # Ann 19 with 2 cards beats Cat 14; Ben 11 last; a tie on points breaks by cards
    assert res == {"Ann": (19, 2, 1), "Ben": (11, 1, 3), "Cat": (14, 2, 2)}


@pytest.mark.rules("NOT-WIN-1")
def test_tie_on_points_breaks_by_cards_scored(make):
    g = make(scored=[["Copper", "Copper", "Copper"], ["Pearls", "Jewels"], ["Chest", "Copper"]])
    res = {r["player"]: (r["score"], r["cards_scored"], r["rank"]) for r in g.results()}
    assert res == {"Ann": (21, 3, 1), "Ben": (21, 2, 2), "Cat": (20, 2, 3)}
    g2 = make(scored=[["Copper"], ["Jewels", "Copper"], []], tasks=[["three_pairs"], [], []],
              task_takers={"one_of_each": [], "five_of_a_kind": [], "four_pairs": [],
                           "three_pairs": [0]})  # fmt: skip
    res = {r["player"]: (r["score"], r["cards_scored"], r["rank"]) for r in g2.results()}
    assert res == {"Ann": (22, 2, 1), "Ben": (18, 2, 2), "Cat": (0, 0, 3)}
    g3 = make(scored=[["Chest", "Copper"], ["Chest", "Copper"], ["Gold", "Gold", "Copper"]])
    ranks = {r["player"]: (r["score"], r["cards_scored"], r["rank"]) for r in g3.results()}
    assert ranks == {"Ann": (20, 2, 2), "Ben": (20, 2, 2), "Cat": (25, 3, 1)}
