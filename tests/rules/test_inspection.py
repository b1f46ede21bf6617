"""Inspection, bribes and negotiation (INSP-*, BRIBE-*, DIS-TOK-*, DEP-*): the Sheriff's
choice, penalties, confiscation, offers and promises, Disney's villager tokens, the
Deputies' votes and loot.

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

import pytest
from engine_helpers import play_to_inspection
from scenarios import (
    deputies_round,
    disney_game,
    fresh,
    honest_round,
    refused,
    setup_bags,
    to_inspection,
)

import sheriff_core as sc
from sheriff_core.play.narrate import round_lines


def test_honest_bag_inspected_sheriff_pays_penalties():
    g = fresh()
    setup_bags(
        g,
        {1: ["Apples"] * 4, 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Apples", 4), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    events = g.apply(sc.Inspect(1))
    assert events[0].kind == "inspected" and events[0].info["truthful"]
    assert g.gold[0] == 50 - 8 and g.gold[1] == 50 + 8
    assert g.stands[1] == ["Apples"] * 4


def test_lying_bag_inspected_confiscated_to_chosen_pile_and_fined():
    g = fresh()
    setup_bags(
        g,
        {1: ["Chickens", "Chickens", "Cheese", "Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Chickens", 4), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.apply(sc.Inspect(1))
    assert g.step == "confiscate" and g.to_move == 0
    before = g.to_json()
    with pytest.raises(sc.IllegalAction, match="place exactly those"):
        g.apply(sc.Confiscate(0, ("Silk",)))
    assert g.to_json() == before
    g.apply(sc.Confiscate(1, ("Silk", "Cheese")))
    assert g.piles[1][-2:] == ["Silk", "Cheese"]
    assert g.stands[1] == ["Chickens", "Chickens"]
    assert g.gold[1] == 50 - 6 and g.gold[0] == 50 + 6


def test_maid_marian_passes_contraband_face_down():
    """Marian passes unbribed: 2 Cheese face up, her contraband face down (count shown)."""
    g = fresh()
    setup_bags(
        g,
        {1: ["Cheese", "Cheese", "Mead"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Cheese", 3), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    events = g.apply(sc.LetPass(1))
    assert events[0].kind == "passed" and events[0].info["smuggled"] == 1
    assert not events[0].info["truthful"]
    assert sorted(g.stands[1]) == ["Cheese", "Cheese", "Mead"]
    assert g.stand_view(1) == {"legal": {"Cheese": 2}, "contraband": 1}
    assert g.gold == [50] * 4


@pytest.mark.rules("DECL-4")
def test_the_sheriff_decides_without_seeing_inside_the_bag():
    declares = {1: ("Apples", 2), 2: ("Apples", 2), 3: ("Apples", 2)}
    honest = to_inspection(fresh(), {s: ["Apples"] * 2 for s in (1, 2, 3)}, declares)
    lying = to_inspection(fresh(), {s: ["Crossbow", "Silk"] for s in (1, 2, 3)}, declares)
    assert list(honest.legal_actions()) == list(lying.legal_actions())
    assert [honest.stand_view(s) for s in range(4)] == [lying.stand_view(s) for s in range(4)]
    # what the table has been told so far is the same: bag sizes and declarations only
    public = [round_lines(g, 0, secrets=False) for g in (honest, lying)]
    assert public[0] == public[1] and "loads 2 card(s)." in public[0][-4]
    assert round_lines(honest, 0) != round_lines(lying, 0)  # the owners know the difference


@pytest.mark.rules("INSP-1")
def test_the_sheriff_settles_bags_one_at_a_time_in_any_order():
    g = honest_round(fresh())
    g.apply(sc.LetPass(3))  # the last merchant first
    refused(g, sc.Inspect(3), sc.IllegalInspection, "no bag waiting")
    g.apply(sc.Inspect(1))
    assert g.unresolved() == [2] and g.round == 0
    g.apply(sc.LetPass(2))
    assert g.round == 1  # all settled: the next round begins
    # opening none at all is allowed too
    g2 = honest_round(fresh(seed=1))
    for s in (2, 1, 3):
        g2.apply(sc.LetPass(s))
    assert g2.round == 1 and not any(e.kind == "inspected" for e in g2.events)


@pytest.mark.rules("INSP-4")
def test_a_passed_bag_goes_to_the_stand_contraband_face_down_declaration_unchecked():
    g = to_inspection(fresh(), {1: ["Apples", "Crossbow", "Silk"], 2: ["Apples"], 3: ["Apples"]},
                      {1: ("Apples", 3), 2: ("Apples", 1), 3: ("Apples", 1)})  # fmt: skip
    ev = g.apply(sc.LetPass(1))
    assert sorted(g.stands[1]) == ["Apples", "Crossbow", "Silk"] and g.gold[1] == 50
    assert g.stand_view(1) == {"legal": {"Apples": 1}, "contraband": 2}
    passed = next(e for e in ev if e.kind == "passed")
    assert passed.info["smuggled"] == 2 and passed.info["truthful"] is False


@pytest.mark.rules("INSP-7")
def test_the_sheriff_puts_confiscated_cards_on_a_pile_of_his_choice_in_his_order():
    g = to_inspection(fresh(), {1: ["Crossbow", "Silk"], 2: ["Apples"], 3: ["Apples"]},
                      {1: ("Apples", 2), 2: ("Apples", 1), 3: ("Apples", 1)})  # fmt: skip
    g.apply(sc.Inspect(1))
    assert g.step == "confiscate" and g.to_move == 0
    refused(g, sc.Confiscate(1, ("Silk",)), sc.IllegalAction, "place exactly those")
    refused(g, sc.Confiscate(2, ("Silk", "Crossbow")), sc.IllegalAction, "no discard pile 2")
    top = list(g.piles[1])
    g.apply(sc.Confiscate(1, ("Silk", "Crossbow")))
    assert g.piles[1] == top + ["Silk", "Crossbow"] and g.step == "sheriff"
    # one pile nobody draws from: the choice cannot matter, the engine places them
    e2 = fresh("second-edition")
    e2 = to_inspection(e2, {s: ["Crossbow", "Silk"] for s in e2.merchants},
                       {s: ("Apples", 2) for s in e2.merchants})  # fmt: skip
    s = e2.merchants[0]
    e2.apply(sc.Inspect(s))
    assert e2.step == "sheriff" and e2.piles[0][-2:] == ["Crossbow", "Silk"]


@pytest.mark.rules("INSP-6")
def test_robin_hood_as_a_stork_pays_six(disney):
    res = sc.inspect_bag(disney, ["Cheese", "Wood", "Fabric", "Fabric"], "Cheese", 4)
    assert res.admitted == ["Cheese"] and sorted(res.confiscated) == ["Fabric", "Fabric", "Wood"]
    assert res.merchant_pays == 6


@pytest.mark.rules("INSP-5")
def test_little_johns_honest_carrots_earn_eight(disney):
    res = sc.inspect_bag(disney, ["Carrots"] * 4, "Carrots", 4)
    assert res.truthful and res.merchant_pays == -8


def test_friar_tucks_bribe_with_counter_offer():
    """Tuck offers 5 gold and two Apples from his stand; the Sheriff demands 8 gold
    (and the Apples); Tuck accepts, pays, and his bag passes unopened."""
    g = fresh()
    setup_bags(
        g,
        {1: ["Bread", "Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Bread", 2), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.stands[1] = ["Apples", "Apples", "Apples"]
    g.apply(sc.Threaten(1))
    assert g.step == "merchant" and g.to_move == 1
    g.apply(sc.Offer(gold=5, stand=("Apples", "Apples")))
    assert g.step == "negotiation" and g.to_move == 0
    g.apply(sc.Offer(gold=8, stand=("Apples", "Apples")))  # "Make it eight Gold"
    assert g.to_move == 1
    events = g.apply(sc.Accept())
    assert events[-1].kind == "passed" and events[-1].info["bribe_gold"] == 8
    assert g.gold[1] == 42 and g.gold[0] == 58
    assert g.stands[0] == ["Apples", "Apples"]
    assert sorted(g.stands[1]) == ["Apples", "Bread", "Silk"]


def test_sheriff_letting_pass_takes_the_offer_and_inspecting_refuses_it():
    g = fresh()
    setup_bags(
        g,
        {1: ["Silk"], 2: ["Pepper"], 3: ["Bread"]},
        {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.apply(sc.Threaten(1))
    g.apply(sc.Offer(gold=5))
    g.apply(sc.LetPass(1))
    assert g.gold[0] == 55 and g.gold[1] == 45
    g.apply(sc.Threaten(2))
    g.apply(sc.Offer(gold=5))
    g.apply(sc.Inspect(2))  # refuses the bribe
    assert g.gold[2] == 50 - 4 and g.gold[0] == 55 + 4


@pytest.mark.rules("INSP-3")
def test_passing_takes_the_bribe_on_the_table_inspecting_refuses_it():
    g = honest_round(fresh())
    g.apply(sc.Threaten(1))
    g.apply(sc.Offer(gold=5))
    g.apply(sc.Inspect(1))  # the honest Apples: the Sheriff pays 2, no bribe taken
    assert (g.gold[0], g.gold[1]) == (48, 52)
    g.apply(sc.Threaten(2))
    g.apply(sc.Offer(gold=5))
    g.apply(sc.LetPass(2))
    assert (g.gold[0], g.gold[2]) == (53, 45)
    refused(g, sc.Inspect(2), sc.IllegalInspection, "no bag waiting")  # final


def test_bribes_cannot_hold_hand_cards_or_gold_you_lack():
    g = fresh()
    setup_bags(
        g,
        {1: ["Silk"], 2: ["Pepper"], 3: ["Bread"]},
        {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.apply(sc.Threaten(1))
    before = g.to_json()
    with pytest.raises(sc.IllegalOffer, match="cannot offer 51 gold: Ben \\(seat 1\\) has only 50"):
        g.apply(sc.Offer(gold=51))
    with pytest.raises(sc.IllegalOffer, match="hand cards never"):
        g.apply(sc.Offer(stand=(g.hands[1][0],)))
    with pytest.raises(sc.IllegalOffer, match="no demand from the Sheriff"):
        g.apply(sc.Accept())
    with pytest.raises(sc.IllegalAction, match="not inspect"):
        g.apply(sc.Inspect(1))  # the merchant speaks now, not the Sheriff
    assert g.to_json() == before


@pytest.mark.rules("BRIBE-2")
def test_no_hand_cards_and_no_gold_one_does_not_have_in_a_bribe():
    g = honest_round(fresh())
    g.stands[1] = ["Cheese"]
    g.apply(sc.Threaten(1))
    card = g.hands[1][0]
    refused(g, sc.Offer(stand=(card, card)), sc.IllegalOffer, "hand cards never")
    refused(g, sc.Offer(gold=51), sc.IllegalOffer, "gold you do not have")
    g.apply(sc.Offer(gold=50, stand=("Cheese",)))
    g.apply(sc.LetPass(1))
    assert g.gold[1] == 0 and g.gold[0] == 100 and "Cheese" in g.stands[0]


def test_honor_among_thieves_bag_goods_not_in_the_bag_are_not_owed():
    g = fresh()
    setup_bags(
        g,
        {1: ["Pepper", "Cheese"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Cheese", 2), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.apply(sc.Threaten(1))
    g.apply(sc.Offer(gold=1, bag=("Pepper", "Pepper")))
    events = g.apply(sc.LetPass(1))
    info = events[-1].info
    assert info["bribe_bag"] == ["Pepper"] and info["not_owed"] == ["Pepper"]
    assert g.stands[0] == ["Pepper"] and g.stands[1] == ["Cheese"]


@pytest.mark.rules("BRIBE-4")
def test_promised_bag_goods_are_owed_only_if_they_are_in_the_bag():
    g = to_inspection(fresh(), {1: ["Apples", "Crossbow"], 2: ["Apples"], 3: ["Apples"]},
                      {1: ("Apples", 2), 2: ("Apples", 1), 3: ("Apples", 1)})  # fmt: skip
    g.apply(sc.Threaten(1))
    g.apply(sc.Offer(bag=("Crossbow", "Silk")))
    ev = g.apply(sc.LetPass(1))
    passed = next(e for e in ev if e.kind == "passed")
    assert passed.info["bribe_bag"] == ["Crossbow"] and passed.info["not_owed"] == ["Silk"]
    assert g.stands[0] == ["Crossbow"] and g.stands[1] == ["Apples"]


def test_richard_at_the_lees_deal_binds_the_sheriff_this_round():
    """Richard pays 20 gold to pass if the Sheriff inspects Sir Guy whatever he offers."""
    g = fresh()
    richard, guy = 1, 2
    setup_bags(
        g,
        {1: ["Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.apply(sc.Threaten(richard))
    g.apply(sc.Offer(gold=20, promises=(sc.Promise("inspect", guy),)))
    g.apply(sc.LetPass(richard))
    assert g.gold[0] == 70 and g.binding == {guy: "inspect"}
    before = g.to_json()
    for action in (sc.LetPass(guy), sc.Threaten(guy)):
        with pytest.raises(sc.IllegalInspection, match="promised this round to inspect"):
            g.apply(action)
    assert g.to_json() == before
    g.apply(sc.Inspect(guy))
    assert g.gold[0] == 70 - 2  # Guy was honest: the Sheriff pays his penalty


@pytest.mark.rules("BRIBE-5")
def test_a_promise_about_this_phase_binds_the_sheriff_a_later_one_does_not():
    g = honest_round(fresh())
    g.apply(sc.Threaten(1))
    g.apply(
        sc.Offer(gold=1, promises=(sc.Promise("inspect", 2), sc.Promise("future", text="round 3")))
    )
    g.apply(sc.LetPass(1))
    refused(g, sc.LetPass(2), sc.IllegalInspection, "promised this round to inspect")
    refused(g, sc.Threaten(2), sc.IllegalInspection, "promised this round to inspect")
    g.apply(sc.Inspect(2))
    assert [(p.kind, p.binding) for p in g.promises] == [
        ("inspect", True),
        ("future", False),
    ]
    g.apply(sc.LetPass(3))
    assert g.round == 1 and g.binding == {}  # nothing carries over to the next round


def test_promises_of_future_favours_are_recorded_not_enforced():
    """Sir Guy: "If you don't inspect my bag, I won't inspect yours when I am Sheriff"."""
    g = sc.new_game("classic", players=3, seed=4)  # Sheriff 0; Guy is seat 1
    setup_bags(g, {1: ["Silk"], 2: ["Cheese"]}, {1: ("Bread", 1), 2: ("Cheese", 1)})
    promise = sc.Promise("future", None, "I won't inspect Ann's bag when I am Sheriff")
    g.apply(sc.Threaten(1))
    g.apply(sc.Offer(promises=(promise,)))
    g.apply(sc.LetPass(1))
    g.apply(sc.LetPass(2))
    assert g.promises[0].kind == "future" and not g.promises[0].binding
    # Next round Guy (seat 1) is Sheriff and may betray his word and inspect Ann.
    assert g.sheriff == 1
    play_to_inspection(
        g, {0: g.hands[0][:1], 2: g.hands[2][:1]}, {0: ("Apples", 1), 2: ("Apples", 1)}
    )
    assert sc.Inspect(0) in g.legal_actions()


def test_contradictory_promises_are_refused():
    g = fresh()
    setup_bags(
        g,
        {1: ["Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Bread", 1), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.apply(sc.Threaten(1))
    with pytest.raises(sc.IllegalOffer, match="contradicts"):
        g.apply(sc.Offer(promises=(sc.Promise("inspect", 2), sc.Promise("pass", 2))))
    with pytest.raises(sc.IllegalOffer, match="another merchant"):
        g.apply(sc.Offer(promises=(sc.Promise("pass", 0),)))


@pytest.mark.parametrize(
    "action",
    [
        sc.Offer(5, ("Apples", "Apples"), ("Pepper",), (sc.Promise("inspect", 2),)),
        sc.Offer(0, (), ("Silk", "Mead"), (sc.Promise("pass", 3), sc.Promise("inspect", 2))),
        sc.Offer(1, ("Cheese",), (), (sc.Promise("future", None, "I owe you, Ann, 5 gold"),)),
        sc.Offer(2, promises=(sc.Promise("future"),)),
        sc.Market(("Mead",), (0, 1), 1),
        sc.Market((), (0,), 1),
        sc.Confiscate(1, ("Silk", "Cheese")),
    ],
    ids=str,
)
def test_offers_with_goods_and_promises_read_back_from_their_text(action):
    assert sc.parse_action(str(action)) == action


@pytest.mark.rules("INSP-2", "BRIBE-1", "BRIBE-3")
def test_maid_marians_bribe_of_eight_gold_and_two_cheese():
    g = disney_game()
    marian = g.merchants[0]
    m = g.merchants
    play_to_inspection(g, {s: [g.hands[s][0]] for s in m}, {s: ("Carrots", 1) for s in m})
    g.stands[marian] = ["Cheese", "Cheese"]
    g.apply(sc.Threaten(marian))
    g.apply(sc.Offer(stand=("Cheese",)))  # "Cheese for your trouble?"
    g.apply(sc.Offer(gold=8, stand=("Cheese", "Cheese")))  # "Make it 8 Gold and 2 Cheeses"
    g.apply(sc.Accept())
    assert g.gold[g.sheriff] == 58 and g.gold[marian] == 42
    assert g.stands[g.sheriff] == ["Cheese", "Cheese"]


@pytest.mark.rules("DIS-BRIBE-1")
def test_goods_turned_into_villager_tokens_cannot_be_offered():
    g = fresh("disney", players=4)
    g.apply(sc.ChooseStarter(1))
    g.stands[1] = ["Carrots"] * 4
    g.apply(sc.Exchange("Rabbit"))
    assert g.stands[1] == ["Carrots"]
    m = g.merchants
    to_inspection(g, {s: ["Carrots"] for s in m}, {s: ("Carrots", 1) for s in m})
    g.apply(sc.Threaten(1))
    refused(g, sc.Offer(stand=("Carrots", "Carrots")), sc.IllegalOffer, "only goods on")
    g.apply(sc.Offer(stand=("Carrots",)))
    g.apply(sc.LetPass(1))
    assert g.stands[0] == ["Carrots"] and g.tokens[1]["Rabbit"] == 1


@pytest.mark.rules("DIS-TOK-1", "DIS-TOK-2", "DIS-TOK-3", "DIS-TOK-4", "DIS-SET-3")
def test_villager_tokens_exchange_supply_and_protection():
    g = disney_game(players=3)
    seat = g.to_move
    assert g.token_supply == {"Rabbit": 12, "Mouse": 9, "Otto": 0, "Owl": 6}  # no Otto for 3
    g.stands[seat] = ["Carrots"] * 4 + ["Wood"] * 3
    before = g.to_json()
    with pytest.raises(sc.IllegalAction, match="no Otto tokens are left"):
        g.apply(sc.Exchange("Otto"))
    with pytest.raises(sc.IllegalAction, match="costs 3 Cheese on your player board; you have 0"):
        g.apply(sc.Exchange("Mouse"))
    assert g.to_json() == before
    g.apply(sc.Exchange("Rabbit"))  # during their own (market) turn
    assert g.tokens[seat]["Rabbit"] == 1 and g.stands[seat] == ["Carrots"] + ["Wood"] * 3
    assert g.token_supply["Rabbit"] == 11 and g.step == "market" and g.to_move == seat
    # Tokens are not goods: they cannot be offered or taken for debts.
    play_to_inspection(
        g, {s: [g.hands[s][0]] for s in g.merchants}, {s: ("Carrots", 1) for s in g.merchants}
    )
    g.apply(sc.Threaten(seat))
    with pytest.raises(sc.IllegalOffer, match="only goods on"):
        g.apply(sc.Offer(stand=("Rabbit",)))


@pytest.mark.rules("DIS-TOK-3")
def test_exchange_window_after_the_bag_is_resolved():
    g = disney_game()
    m = g.merchants
    for s in m:
        g.hands[s][:3] = ["Carrots"] * 3
    play_to_inspection(g, {s: ["Carrots"] * 3 for s in m}, {s: ("Carrots", 3) for s in m})
    g.apply(sc.LetPass(m[0]))
    assert g.step == "exchange" and g.to_move == m[0]
    assert list(g.legal_actions()) == [sc.Exchange("Rabbit"), sc.Done()]
    with pytest.raises(sc.IllegalAction, match="not threaten"):
        g.apply(sc.Threaten(m[1]))
    g.apply(sc.Exchange("Rabbit"))
    assert g.step == "sheriff"  # nothing more to exchange: the window closes by itself
    g.apply(sc.Inspect(m[1]))
    assert g.step == "exchange" and g.to_move == m[1]
    g.apply(sc.Done())
    assert g.stands[m[1]] == ["Carrots"] * 3 and g.step == "sheriff"


@pytest.mark.rules("DEP-LEAD-1")
def test_the_first_deputy_drawn_leads_the_market_the_bags_and_the_talks():
    g = fresh("deputies", players=6, seed=2)
    lead, second = g.sheriffs
    assert g.step == "starter" and g.to_move == lead
    g.apply(sc.ChooseStarter(g.merchants[1]))
    to_inspection(g, {s: ["Apples"] for s in g.merchants}, {s: ("Apples", 1) for s in g.merchants})
    assert g.to_move == lead
    m = g.merchants[0]
    with pytest.raises(sc.NotYourTurn):
        g.apply(sc.Threaten(m), player=second)
    g.apply(sc.Threaten(m), player=lead)
    g.apply(sc.Offer(gold=3), player=m)
    assert g.step == "negotiation" and g.to_move == lead
    g.apply(sc.LetPass(m), player=lead)
    assert g.step == "vote" and g.to_move == second  # the second Deputy only votes


@pytest.mark.rules("DEP-VOTE-1", "DEP-VOTE-2", "DEP-LOOT-1")
def test_deputies_who_agree_to_pass_put_the_bribe_in_the_loot_split_at_round_end():
    g = deputies_round(seed=1)
    lead, second = g.sheriffs
    m = g.merchants
    bags = {s: [g.hands[s][0]] for s in m}
    play_to_inspection(g, bags, {s: ("Apples", 1) for s in m})
    gold = list(g.gold)
    g.apply(sc.Threaten(m[0]))
    g.apply(sc.Offer(gold=7))
    g.apply(sc.LetPass(m[0]))  # the leading Deputy votes first
    assert g.step == "vote" and g.to_move == second
    with pytest.raises(sc.NotYourTurn):
        g.apply(sc.LetPass(m[0]), player=lead)  # a Deputy acting out of turn
    g.apply(sc.LetPass(m[0]))
    assert g.loot == 7 and g.gold[m[0]] == gold[m[0]] - 7
    assert g.gold[lead] == gold[lead] and g.gold[second] == gold[second]
    for s in m[1:]:
        g.apply(sc.LetPass(s))
        g.apply(sc.LetPass(s))
    # Round over: 7 split two ways, 3 each, the odd coin stays in the Loot.
    assert g.loot == 1
    assert g.gold[lead] == gold[lead] + 3 and g.gold[second] == gold[second] + 3


@pytest.mark.rules("DEP-VOTE-4")
def test_deputies_who_disagree_the_inspector_acts_alone_and_no_bribe_is_taken():
    g = deputies_round(seed=2)
    lead, second = g.sheriffs
    m = g.merchants
    bags = {s: ["Apples"] for s in m}
    for s in m:
        g.hands[s][0] = "Apples"
    play_to_inspection(g, bags, {s: ("Apples", 1) for s in m})
    g.apply(sc.Threaten(m[0]))
    g.apply(sc.Offer(gold=5))
    g.apply(sc.LetPass(m[0]))
    before = list(g.gold)
    events = g.apply(sc.Inspect(m[0]))  # the second Deputy wants to inspect
    inspected = [e for e in events if e.kind == "inspected"][0]
    assert inspected.info["inspectors"] == [second] and inspected.info["truthful"]
    assert g.gold[second] == before[second] - 2  # pays the honest merchant alone
    assert g.gold[m[0]] == before[m[0]] + 2  # and no bribe was paid
    assert g.gold[lead] == before[lead] and g.loot == 0


@pytest.mark.rules("DEP-VOTE-3")
def test_deputies_who_both_inspect_an_honest_bag_pay_half_each_odd_coin_on_the_left():
    g = deputies_round(seed=3)
    m = g.merchants
    bags = {s: ["Apples"] for s in m}
    for s in m:
        g.hands[s][0] = "Apples"
    play_to_inspection(g, bags, {s: ("Apples", 1) for s in m})
    target = m[0]
    left = g.left_sheriff(target)
    other = [d for d in g.sheriffs if d != left][0]
    before = list(g.gold)
    g.apply(sc.Inspect(target))
    g.apply(sc.Inspect(target))  # compensation 2 for one Apples: 1 each
    assert g.gold[left] == before[left] - 1 and g.gold[other] == before[other] - 1
    # A liar caught by both: the fine goes to the Loot.
    liar = m[1]
    g.bags[liar] = ["Pepper"]
    g.apply(sc.Inspect(liar))
    g.apply(sc.Inspect(liar))
    assert g.loot == 4


@pytest.mark.rules("DEP-VOTE-3")
def test_deputies_odd_compensation_is_paid_by_the_deputy_on_the_merchants_left(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text('extends = "deputies"\nname = "odd"\n[goods.Apples]\npenalty = 3\n')
    g = sc.new_game(sc.load_variant(path), players=6, seed=4)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    m = g.merchants
    for s in m:
        g.hands[s][0] = "Apples"
    play_to_inspection(g, {s: ["Apples"] for s in m}, {s: ("Apples", 1) for s in m})
    for target in m:
        left = g.left_sheriff(target)
        other = [d for d in g.sheriffs if d != left][0]
        before = list(g.gold)
        g.apply(sc.Inspect(target))
        g.apply(sc.Inspect(target))  # compensation 3: 2 from the left Deputy, 1 from the other
        assert g.gold[left] == before[left] - 2 and g.gold[other] == before[other] - 1
        assert g.gold[target] == before[target] + 3
