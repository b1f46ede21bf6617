"""The worked examples of the 1st-edition rulebook (Arcane Wonders, 2014), as scenarios.

Each test names the example or the rule it checks (docs/rules.md). Every scenario
driver fails (naming the step) on a step it does not handle, and stops after a
bounded number of steps (see ``engine_helpers.drive``).
"""

from __future__ import annotations

import pytest
from engine_helpers import arrange, drive, play_to_inspection

import sheriff_core as sc

SIX = ["Apples", "Apples", "Cheese", "Bread", "Pepper", "Mead"]


def fresh(players: int = 4, seed: int = 0, variant: str = "classic") -> sc.Game:
    return sc.new_game(variant, players=players, seed=seed)


# --------------------------------------------------------------------------- setup


def test_setup_gold_hands_piles_and_first_sheriff():
    g = sc.new_game("classic", players=5, seed=2, first_sheriff=3)
    assert g.gold == [50] * 5
    assert [len(h) for h in g.hands] == [6] * 5
    assert [len(p) for p in g.piles] == [5, 5]
    assert len(g.deck) == 204 - 30 - 10
    assert g.sheriff == 3 and g.to_move == 4  # market starts at the Sheriff's left


def test_bad_setup_arguments():
    with pytest.raises(sc.RulesError, match="3-5 players, not 2"):
        sc.new_game("classic", players=2)
    with pytest.raises(sc.RulesError, match="first_sheriff must be a seat 0-3"):
        sc.new_game("classic", players=4, first_sheriff=4)
    with pytest.raises(sc.RulesError, match="distinct"):
        sc.new_game("classic", players=["Ann", "Ann", "Ben"])


# --------------------------------------------------------------------------- market


def test_little_johns_market():
    """Little John takes the top two cards of the left pile (a Chicken is second),
    one card from the draw pile, then puts his three set-aside cards on the right pile."""
    g = fresh()
    john = g.to_move
    arrange(
        g,
        hands={john: ["Chickens", "Chickens", "Apples", "Pepper", "Bread", "Mead"]},
        piles={
            0: ["Cheese", "Bread", "Silk", "Chickens", "Apples"],  # top is last
            1: ["Mead", "Mead", "Cheese", "Cheese", "Bread"],
        },
        deck=g.deck[:-1] + ["Crossbow"],
    )
    g.apply(sc.Market(set_aside=("Apples", "Bread", "Mead"), take=(0, 0), pile=1))
    assert sorted(g.hands[john]) == sorted(
        ["Chickens", "Chickens", "Pepper", "Apples", "Chickens", "Crossbow"]
    )
    assert g.piles[0] == ["Cheese", "Bread", "Silk"]
    assert g.piles[1][-3:] == ["Apples", "Bread", "Mead"]  # placed in the chosen order


def test_market_rules_are_enforced_and_state_kept():
    g = fresh()
    hand = g.hands[g.to_move]
    refused = [
        (sc.Market(tuple(hand), (), 0), "at most 5 cards"),
        (sc.Market(("Crossbow",) * 2, (), 0), "only cards in your hand"),
        (sc.Market((hand[0],), (0, 0), 0), "1 to draw, not 2"),
        (sc.Market((hand[0],), (), 2), "no discard pile 2"),
    ]
    for action, message in refused:
        before = g.to_json()  # compared after each refusal, never overwritten first
        with pytest.raises(sc.IllegalMarket, match=message):
            g.apply(action)
        assert g.to_json() == before, action
    arrange(g, piles={1: []})
    before = g.to_json()
    with pytest.raises(sc.IllegalMarket, match="pile 1 has no more cards"):
        g.apply(sc.Market((hand[0],), (1,), 0))
    assert g.to_json() == before


def test_market_order_is_clockwise_from_sheriffs_left_and_sheriff_skips():
    g = sc.new_game("classic", players=4, seed=0, first_sheriff=2)
    seen = []
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [3, 0, 1]


# --------------------------------------------------------------------------- load and declare


def test_alan_a_dales_bag_holds_at_most_five():
    g = fresh()
    while g.step == "market":
        g.apply(sc.Market())
    alan = g.to_move
    g.hands[alan] = ["Apples"] * 4 + ["Crossbow", "Silk"]
    before = g.to_json()
    with pytest.raises(sc.IllegalLoad, match="a bag holds 1-5 cards, not 6"):
        g.apply(sc.Load(tuple(g.hands[alan])))
    with pytest.raises(sc.IllegalLoad, match="not 0"):
        g.apply(sc.Load(()))
    with pytest.raises(sc.IllegalLoad, match="only cards in your hand"):
        g.apply(sc.Load(("Apples", "Chickens")))
    assert g.to_json() == before
    g.apply(sc.Load(("Apples",) * 4 + ("Crossbow",)))
    assert g.bags[alan] == ["Apples"] * 4 + ["Crossbow"] and g.hands[alan] == ["Silk"]


def test_will_scarlets_declaration():
    g = fresh()
    while g.step == "market":
        g.apply(sc.Market())
    will = g.to_move
    g.hands[will] = ["Chickens", "Chickens", "Cheese", "Silk", "Apples", "Apples"]
    g.apply(sc.Load(("Chickens", "Chickens", "Cheese", "Silk")))
    while g.step == "load":
        g.apply(sc.Load((g.hands[g.to_move][0],)))
    assert g.to_move == will
    before = g.to_json()
    for count in (3, 5):
        with pytest.raises(sc.IllegalDeclaration, match="exact number of cards in your bag"):
            g.apply(sc.Declare("Chickens", count))
    with pytest.raises(sc.IllegalDeclaration, match="only legal goods"):
        g.apply(sc.Declare("Silk", 4))
    with pytest.raises(sc.IllegalDeclaration, match="cannot declare Chickens and Cheese"):
        g.apply(sc.Declare("Chickens and Cheese", 4))  # one kind of good only
    assert g.to_json() == before
    g.apply(sc.Declare("Chickens", 4))
    assert g.declared[will] == ("Chickens", 4)
    # If inspected: the two Chickens enter, Cheese and Silk are confiscated, fine 2 + 4.
    res = sc.inspect_bag(g.variant, g.bags[will], "Chickens", 4)
    assert (res.admitted, res.confiscated, res.merchant_pays) == (
        ["Chickens", "Chickens"],
        ["Cheese", "Silk"],
        6,
    )


def test_declaration_error_message_is_the_documented_one(classic):
    with pytest.raises(sc.IllegalDeclaration) as err:
        sc.inspect_bag(classic, ["Pepper"], "Pepper", 1)
    assert str(err.value) == (
        "cannot declare Pepper: only legal goods (Apples, Cheese, Bread, Chickens) may be declared"
    )


# --------------------------------------------------------------------------- inspection


def setup_bags(g: sc.Game, bags: dict[int, list[str]], declares: dict[int, tuple]) -> sc.Game:
    for seat, bag in bags.items():
        g.hands[seat] = list(bag) + ["Apples"] * (6 - len(bag))
    return play_to_inspection(g, bags, declares)


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


def test_promises_of_future_favours_are_recorded_not_enforced():
    """Sir Guy: "If you don't inspect my bag, I won't inspect yours when I am Sheriff"."""
    g = sc.new_game("classic", players=3, seed=4)  # Sheriff 0; Guy is seat 1
    setup_bags(g, {1: ["Silk"], 2: ["Cheese"]}, {1: ("Bread", 1), 2: ("Cheese", 1)})
    promise = sc.Promise("future", None, "I won't inspect Ann's bag when I am Sheriff")
    g.apply(sc.Threaten(1))
    g.apply(sc.Offer(promises=(promise,)))
    g.apply(sc.LetPass(1))
    g.apply(sc.LetPass(2))
    assert g.promises[0]["kind"] == "future" and not g.promises[0]["binding"]
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


# --------------------------------------------------------------------------- running out of gold


def test_merchant_out_of_gold_pays_with_legal_goods_no_change():
    g = fresh()
    setup_bags(
        g,
        {1: ["Silk", "Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Apples", 2), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.gold[1] = 3
    g.stands[1] = ["Apples", "Apples", "Apples", "Cheese", "Chickens", "Pepper"]
    g.apply(sc.Inspect(1))
    g.apply(sc.Confiscate(0, ("Silk", "Silk")))
    assert g.step == "debt" and g.to_move == 1 and g.gold[1] == 0  # 3 gold paid, 5 owed
    options = {tuple(sorted(o.cards)) for o in g.debt_options()}
    assert options == {
        ("Apples", "Chickens"),
        ("Cheese", "Chickens"),
        ("Apples", "Cheese"),
        ("Apples", "Apples", "Apples"),
    }
    before = g.to_json()
    with pytest.raises(sc.IllegalDebtPayment, match="contraband may not be given"):
        g.apply(sc.PayDebt(("Pepper",)))
    with pytest.raises(sc.IllegalDebtPayment, match="do not cover the 5"):
        g.apply(sc.PayDebt(("Apples", "Apples")))
    with pytest.raises(sc.IllegalDebtPayment, match="no change is given"):
        g.apply(sc.PayDebt(("Apples", "Apples", "Cheese")))
    assert g.to_json() == before
    g.apply(sc.PayDebt(("Cheese", "Chickens")))  # worth 7 for a debt of 5: no change
    assert g.stands[0] == ["Cheese", "Chickens"]
    assert sorted(g.stands[1]) == ["Apples", "Apples", "Apples", "Pepper"]


def test_merchant_without_enough_legal_goods_hands_over_contraband():
    g = fresh()
    setup_bags(
        g,
        {1: ["Silk", "Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Apples", 2), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.gold[1] = 0
    g.stands[1] = ["Apples", "Pepper", "Mead"]
    g.apply(sc.Inspect(1))
    g.apply(sc.Confiscate(0, ("Silk", "Silk")))
    assert g.step == "debt"  # owes 8: Apples (2) then Pepper or Mead for the other 6
    with pytest.raises(sc.IllegalDebtPayment, match="all your legal goods must be given"):
        g.apply(sc.PayDebt(("Mead",)))
    g.apply(sc.PayDebt(("Apples", "Pepper")))
    assert g.stands[1] == ["Mead"] and sorted(g.stands[0]) == ["Apples", "Pepper"]


def test_debt_beyond_all_goods_is_forgiven():
    g = fresh()
    setup_bags(
        g,
        {1: ["Silk", "Silk"], 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Apples", 2), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.gold[1] = 1
    g.stands[1] = ["Apples"]
    events = g.apply(sc.Inspect(1))
    events += g.apply(sc.Confiscate(0, ("Silk", "Silk")))
    goods = [e for e in events if e.kind == "paid_in_goods"]
    assert goods and goods[0].info["forgiven"] == 8 - 1 - 2
    assert g.gold[1] == 0 and g.stands[1] == [] and g.stands[0] == ["Apples"]
    assert g.step == "sheriff"


def test_sheriff_out_of_gold_pays_honest_merchant_in_goods():
    g = fresh()
    setup_bags(
        g,
        {1: ["Chickens"] * 4, 2: ["Cheese"], 3: ["Bread"]},
        {1: ("Chickens", 4), 2: ("Cheese", 1), 3: ("Bread", 1)},
    )
    g.gold[0] = 2
    g.stands[0] = ["Bread", "Bread", "Silk"]
    g.apply(sc.Inspect(1))  # the Sheriff owes 8: 2 gold, then Bread + Bread (6 of 6)
    assert g.gold[0] == 0 and g.gold[1] == 52
    assert g.stands[0] == ["Silk"]
    assert sorted(g.stands[1]) == ["Bread", "Bread"] + ["Chickens"] * 4


# --------------------------------------------------------------------------- reshuffle and end


def test_reshuffle_keeps_top_five_of_each_discard_pile():
    g = fresh()
    merchant = g.to_move
    g.deck = []
    g.piles[0] = ["Silk", "Mead", "Apples", "Apples", "Apples", "Apples", "Apples"]
    g.piles[1] = ["Crossbow", "Cheese", "Cheese", "Cheese", "Cheese", "Cheese"]
    g.hands[merchant] = ["Bread"] * 6
    events = g.apply(sc.Market(("Bread",), (), 0))
    assert any(e.kind == "reshuffled" and e.info["cards"] == 3 for e in events)
    assert g.piles[0] == ["Apples"] * 5 + ["Bread"]
    assert g.piles[1] == ["Cheese"] * 5
    assert len(g.deck) == 2
    drawn = [c for c in g.hands[merchant] if c != "Bread"]
    assert len(drawn) == 1 and sorted(drawn + g.deck) == ["Crossbow", "Mead", "Silk"]


def test_game_ends_after_each_player_was_sheriff_twice_and_hands_score_nothing():
    g = fresh(players=4, seed=11)
    sheriffs = []

    def market(g: sc.Game) -> sc.Action:
        if not sheriffs or sheriffs[-1] != g.sheriff:
            sheriffs.append(g.sheriff)
        return sc.Market()

    drive(
        g,
        {
            "market": market,
            "load": lambda g: sc.Load((g.hands[g.to_move][0],)),
            "declare": lambda g: sc.Declare("Apples", 1),
            "sheriff": lambda g: sc.LetPass(g.unresolved()[0]),
        },
        until=lambda g: g.is_over,
    )
    assert sheriffs == [0, 1, 2, 3, 0, 1, 2, 3]
    assert g.round == 7 and g.events[-1].kind == "game_over"
    assert [len(h) for h in g.hands] == [5, 5, 5, 6]  # no draw after the last round
    rows = g.score_rows()
    for seat, row in enumerate(rows):
        assert row["goods_value"] == sum(g.variant.goods[c].value for c in g.stands[seat])
    with pytest.raises(sc.GameOver):
        g.apply(sc.Market())


def test_three_player_game_has_nine_rounds():
    g = sc.new_game("classic", players=3, seed=1)
    from sheriff_core.bots import play_game

    play_game(g)
    assert g.round == 8 and g.is_over
    assert [e.seat for e in g.events if e.kind == "round_start"] == [0, 1, 2] * 3


def test_a_driver_fails_on_a_step_it_does_not_handle():
    g = fresh()
    with pytest.raises(AssertionError, match="does not handle step 'load'"):
        drive(g, {"market": lambda g: sc.Market()}, until=lambda g: g.is_over)
    with pytest.raises(AssertionError, match="did not finish in 2 steps"):
        drive(g, {"load": lambda g: sc.Load((g.hands[g.to_move][0],))}, lambda g: False, 2)


def test_arrange_changes_the_game_or_refuses():
    g = fresh()
    with pytest.raises(TypeError, match="at least one field"):
        arrange(g)
    arrange(g, gold=[1, 2, 3, 4], hands={1: ["Silk"]})
    assert g.gold == [1, 2, 3, 4] and g.hands[1] == ["Silk"]


# --------------------------------------------------------------------------- text forms


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


# --------------------------------------------------------------------------- market order


def _reshuffling_market(variant: str | sc.Variant) -> tuple[sc.Game, list[str], list[str]]:
    """A market turn that sets aside one card when the draw pile is empty."""
    g = sc.new_game(variant, players=3, seed=0)
    g.apply(sc.ChooseStarter(1))
    hand = list(g.hands[1])
    on_pile = ["Mead", "Pepper", "Silk"]
    arrange(g, deck=[], piles={0: on_pile})
    return g, hand, on_pile


def test_second_edition_discards_before_drawing_so_the_discard_is_shuffled_in():
    """2nd edition: discard up to 5 face up, then draw back to 6 -- the draw pile is
    empty, so the discard pile (with this turn's discard on top) is shuffled in."""
    g, hand, on_pile = _reshuffling_market("second-edition")
    assert g.variant.market_order == "discard-then-draw"
    events = g.apply(sc.Market((hand[0],), (), 0))
    assert [e.info["cards"] for e in events if e.kind == "reshuffled"] == [4]
    assert g.piles[0] == [] and len(g.deck) == 3
    drawn = [e for e in events if e.kind == "market"][0].info["drawn"]
    assert sorted(drawn + g.deck) == sorted(on_pile + [hand[0]])
    assert sorted(g.hands[1]) == sorted(hand[1:] + drawn)


def test_first_edition_order_keeps_this_turns_discard_out_of_the_reshuffle(tmp_path):
    """The same position with the market order set to the 1st edition's: the draw
    comes first, so only the 3 cards already on the pile are shuffled; the discard
    is then put on the emptied pile."""
    path = tmp_path / "first-order.toml"
    path.write_text(
        'extends = "second-edition"\nname = "first-order"\n'
        '[round]\nmarket_order = "draw-then-discard"\n'
    )
    g, hand, on_pile = _reshuffling_market(sc.load_variant(path))
    events = g.apply(sc.Market((hand[0],), (), 0))
    assert [e.info["cards"] for e in events if e.kind == "reshuffled"] == [3]
    assert g.piles[0] == [hand[0]] and len(g.deck) == 2
    drawn = [e for e in events if e.kind == "market"][0].info["drawn"]
    assert sorted(drawn + g.deck) == sorted(on_pile)


def test_market_order_is_validated_when_the_variant_loads(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('extends = "classic"\nname = "bad"\n[round]\nmarket_order = "sideways"\n')
    with pytest.raises(sc.VariantError, match=r"bad.toml: \[round\] market_order: .*'sideways'"):
        sc.load_variant(path)
    path.write_text(
        'extends = "classic"\nname = "bad"\n[round]\nmarket_order = "discard-then-draw"\n'
    )
    with pytest.raises(sc.VariantError, match="needs draw_from_discards = false"):
        sc.load_variant(path)


@pytest.mark.rules("DIS-MKT-1", "2E-MKT-2")
def test_disney_and_deputies_play_the_second_edition_market_order():
    assert sc.load_variant("disney").market_order == "discard-then-draw"
    assert sc.load_variant("deputies").market_order == "discard-then-draw"
    assert sc.load_variant("classic").market_order == "draw-then-discard"
