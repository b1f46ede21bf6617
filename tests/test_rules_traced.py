"""Sheriff rules of docs/rules.md that no other test checked yet, one focused test each.

Grouped by phase like docs/rules.md; each test names its rules with
``@pytest.mark.rules``. Every refusal is checked to name the rule broken and to
leave the game exactly as it was (``to_json`` before and after).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core.bots import play_game
from sheriff_core.narrate import round_lines


def fresh(variant: str = "classic", players: int = 4, seed: int = 0, **kw: object) -> sc.Game:
    return sc.new_game(variant, players=players, seed=seed, **kw)


def after_market(game: sc.Game, hands: dict[int, list[str]] | None = None) -> sc.Game:
    """Every merchant keeps their hand at market; then the given hands replace the dealt ones."""
    if game.step == "starter":
        game.apply(sc.ChooseStarter(game.merchants[0]))
    while game.step == "market":
        game.apply(sc.Market())
    assert game.step == "load"
    for seat, cards in (hands or {}).items():
        game.hands[seat] = list(cards)
    return game


def to_inspection(
    game: sc.Game, bags: dict[int, list[str]], declares: dict[int, tuple[str, int]]
) -> sc.Game:
    """Market (keep), then each merchant's hand becomes its bag plus fillers; load, declare."""
    after_market(game, {s: bags[s] + ["Cheese"] * (6 - len(bags[s])) for s in game.merchants})
    while game.step == "load":
        game.apply(sc.Load(tuple(bags[game.to_move])))
    while game.step == "declare":
        game.apply(sc.Declare(*declares[game.to_move]))
    assert game.step == "sheriff"
    return game


def honest_round(game: sc.Game) -> sc.Game:
    """Merchants 1.. load one Apples each, declare it; returns at the Sheriff's first choice."""
    m = game.merchants
    return to_inspection(game, {s: ["Apples"] for s in m}, {s: ("Apples", 1) for s in m})


def refused(game: sc.Game, action: sc.Action, error: type[Exception], match: str) -> None:
    """``action`` raises ``error`` naming the rule (``match``) and changes nothing."""
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(action)
    assert game.to_json() == before


# =========================================================================== sources


@pytest.mark.rules("SRC-1", "SUM-1")
def test_the_contraband_fine_is_4_in_classic_and_the_value_on_the_summary_sheet():
    fines = {}
    for variant in ("classic", "summary-sheet"):
        g = to_inspection(fresh(variant), {1: ["Crossbow"], 2: ["Apples"], 3: ["Apples"]},
                          {1: ("Apples", 1), 2: ("Apples", 1), 3: ("Apples", 1)})  # fmt: skip
        g.apply(sc.Inspect(1))
        fines[variant] = 50 - g.gold[1]
        assert g.gold[0] == 50 + fines[variant]
    assert fines == {"classic": 4, "summary-sheet": 9}


@pytest.mark.rules("SRC-6")
def test_what_a_variant_text_leaves_unsaid_is_the_rulebooks():
    classic = sc.load_variant("classic")
    for name in ("second-edition", "deputies", "disney", "classic-royal", "summary-sheet"):
        v = sc.load_variant(name)
        assert v.lineage[0] == "classic", name
        for field in ("starting_gold", "hand_size", "set_aside_max", "bag_min", "bag_max"):
            assert getattr(v, field) == getattr(classic, field), (name, field)
    assert (classic.starting_gold, classic.hand_size, classic.bag_max) == (50, 6, 5)
    # and the choice is written in the data file, e.g. second edition's 3-player removal
    text = Path(sc.load_variant("second-edition").source).read_text(encoding="utf-8")
    assert "inherited" in text and "(A)" in text


# =========================================================================== setup


@pytest.mark.rules("SET-1")
def test_three_to_five_players():
    for n in (3, 4, 5):
        assert fresh(players=n).n == n
    for n in (2, 6):
        with pytest.raises(sc.RulesError, match=f"3-5 players, not {n}"):
            fresh(players=n)


@pytest.mark.rules("SET-2")
def test_everyone_starts_with_50_gold():
    for n in (3, 4, 5):
        assert fresh(players=n).gold == [50] * n


@pytest.mark.rules("SET-5")
def test_six_cards_each_from_one_seeded_shuffle_rest_is_the_draw_pile():
    state = np.random.get_state()[1].copy()
    g = fresh(players=5, seed=3)
    assert [len(h) for h in g.hands] == [6] * 5
    every = g.deck + [c for p in g.piles for c in p] + [c for h in g.hands for c in h]
    assert Counter(every) == Counter(sc.build_deck(g.variant, 5))
    assert fresh(players=5, seed=3).hands == g.hands and fresh(players=5, seed=4).hands != g.hands
    assert (np.random.get_state()[1] == state).all()  # numpy's global generator untouched


@pytest.mark.rules("SET-6")
def test_two_discard_piles_of_five_face_up_cards_from_the_draw_pile():
    g = fresh(players=4, seed=1)
    assert [len(p) for p in g.piles] == [5, 5]
    assert len(g.deck) == 204 - 24 - 10
    setup = next(e for e in g.events if e.kind == "setup")
    assert setup.info["piles"] == g.piles  # public: everybody sees both piles


@pytest.mark.rules("SET-7")
def test_the_caller_names_the_first_sheriff_default_seat_0():
    assert fresh().sheriff == 0
    g = fresh(players=5, first_sheriff=3)
    assert g.sheriff == 3 and g.to_move == 4
    with pytest.raises(sc.RulesError, match="first_sheriff must be a seat 0-4, not 5"):
        fresh(players=5, first_sheriff=5)


# =========================================================================== market


@pytest.mark.rules("MKT-1")
def test_market_turns_go_clockwise_from_the_sheriffs_left_and_skip_him():
    g = fresh(players=5, first_sheriff=2)
    seen = []
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [3, 4, 0, 1] and g.step == "load"


@pytest.mark.rules("MKT-2")
def test_set_aside_zero_to_five_cards_never_six():
    g = fresh()
    hand = tuple(g.hands[g.to_move])
    refused(g, sc.Market(hand, (), 0), sc.IllegalMarket, "at most 5 cards, not 6")
    refused(g, sc.Market(("Crossbow",) * 2, (), 0), sc.IllegalMarket, "only cards in your hand")
    five = sc.Game.from_json(g.to_json())
    five.apply(sc.Market(hand[:5], (), 0))
    assert len(five.hands[g.to_move]) == 6 and five.piles[0][-5:] == list(hand[:5])
    none = sc.Game.from_json(g.to_json())
    none.apply(sc.Market())
    assert none.hands[g.to_move] == list(hand)


@pytest.mark.rules("MKT-3")
def test_discard_draws_take_top_cards_one_at_a_time_never_more_than_needed():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples", "Apples", "Cheese", "Cheese", "Bread", "Bread"]
    g.piles[0] = ["Mead", "Silk", "Crossbow"]  # top is last
    g.piles[1] = ["Pepper", "Chickens"]
    # two to draw: three cards from the piles is one too many
    refused(g, sc.Market(("Bread", "Bread"), (0, 0, 1), 0), sc.IllegalMarket, "2 to draw, not 3")
    # the Silk is reached only by taking the Crossbow above it; piles in any order
    g.apply(sc.Market(("Bread", "Bread"), (1, 0), 1))
    assert Counter(g.hands[seat]) == Counter(
        ["Apples", "Apples", "Cheese", "Cheese", "Chickens", "Crossbow"]
    )
    assert g.piles[0] == ["Mead", "Silk"] and g.piles[1] == ["Pepper", "Bread", "Bread"]


@pytest.mark.rules("MKT-4")
def test_after_the_discard_piles_the_rest_of_the_draw_comes_from_the_draw_pile():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples"] * 3 + ["Cheese"] * 3
    g.piles[0] = ["Pepper", "Mead"]
    g.deck[-2:] = ["Silk", "Crossbow"]  # the top two cards of the draw pile
    piles_before = [list(p) for p in g.piles]
    g.apply(sc.Market(("Cheese",) * 3, (0,), 1))
    # one card from pile 0, then two from the draw pile, although pile 0 still had a card
    assert Counter(g.hands[seat]) == Counter(["Apples"] * 3 + ["Mead", "Crossbow", "Silk"])
    assert g.piles[0] == ["Pepper"]
    assert g.piles[1] == piles_before[1] + ["Cheese"] * 3


@pytest.mark.rules("MKT-5", "SRC-2")
def test_set_aside_cards_go_on_one_pile_in_order_after_the_draw():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples", "Cheese", "Bread", "Chickens", "Pepper", "Mead"]
    g.piles[1] = ["Bread", "Cheese"]
    g.deck[-1] = "Chickens"
    refused(g, sc.Market(("Pepper",), (), 2), sc.IllegalMarket, "no discard pile 2")
    # set aside onto pile 1 and take from pile 1: the card taken is the old top, not
    # a set-aside card (the rulebook's order: set aside, draw, then discard)
    g.apply(sc.Market(("Mead", "Pepper"), (1,), 1))
    assert Counter(g.hands[seat]) == Counter(
        ["Apples", "Cheese", "Bread", "Chickens", "Cheese", "Chickens"]
    )
    assert g.piles[1] == ["Bread", "Mead", "Pepper"]  # the chosen order, last on top


@pytest.mark.rules("SRC-2", "MKT-5")
def test_classic_set_aside_cards_stay_out_of_a_reshuffle_in_their_own_turn():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples", "Cheese", "Bread", "Chickens", "Silk", "Crossbow"]
    g.deck = []
    g.piles = [["Pepper"] * 6, ["Mead"] * 6]  # one card of each pile can be reshuffled
    g.apply(sc.Market(("Silk", "Crossbow"), (), 0))
    assert Counter(g.hands[seat]) == Counter(
        ["Apples", "Cheese", "Bread", "Chickens", "Pepper", "Mead"]
    )
    assert g.piles == [["Pepper"] * 5 + ["Silk", "Crossbow"], ["Mead"] * 5] and g.deck == []


# =========================================================================== load


@pytest.mark.rules("LOAD-1")
def test_a_bag_holds_one_to_five_cards_from_the_hand():
    g = after_market(fresh())
    seat = g.to_move
    hand = tuple(g.hands[seat])
    refused(g, sc.Load(()), sc.IllegalLoad, "1-5 cards, not 0")
    refused(g, sc.Load(hand), sc.IllegalLoad, "1-5 cards, not 6")
    missing = "Crossbow" if "Crossbow" not in hand else "Apples"
    g.hands[seat] = [c for c in hand if c != missing][:5] + ["Cheese"] * (
        6 - len([c for c in hand if c != missing][:5])
    )
    refused(g, sc.Load((missing,)), sc.IllegalLoad, "only cards in your hand")
    five = tuple(g.hands[seat][:5])
    g.apply(sc.Load(five))
    assert g.bags[seat] == list(five) and len(g.hands[seat]) == 1


@pytest.mark.rules("LOAD-2")
def test_bags_are_loaded_clockwise_from_the_sheriffs_left_and_stay_closed():
    g = after_market(fresh(first_sheriff=2))
    order = []
    while g.step == "load":
        seat = g.to_move
        order.append(seat)
        g.apply(sc.Load((g.hands[seat][0],)))
        bag, before = list(g.bags[seat]), g.to_json()
        if g.step == "load":  # no second load for the same merchant
            with pytest.raises(sc.NotYourTurn):
                g.apply(sc.Load((g.hands[seat][0],)), player=seat)
        assert g.bags[seat] == bag and g.to_json() == before
    assert order == [3, 0, 1]
    first = order[0]
    before = list(g.bags[first])
    while g.step == "declare":
        g.apply(sc.Declare("Apples", 1))
    assert g.bags[first] == before


# =========================================================================== declare


@pytest.mark.rules("DECL-2")
def test_one_kind_of_good_per_declaration():
    g = after_market(fresh(), {1: ["Apples", "Cheese"] + ["Bread"] * 4})
    g.apply(sc.Load(("Apples", "Cheese")))
    g.apply(sc.Load((g.hands[2][0],)))
    g.apply(sc.Load((g.hands[3][0],)))
    assert g.step == "declare" and g.to_move == 1
    refused(g, sc.Declare("Apples and Cheese", 2), sc.IllegalDeclaration, "only legal goods")
    g.apply(sc.Declare("Apples", 2))
    assert g.declared[1] == ("Apples", 2)
    assert [e.info for e in g.events if e.kind == "declared"] == [{"good": "Apples", "count": 2}]


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


# =========================================================================== inspection


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


# =========================================================================== bribes


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
    assert [(p["kind"], p["binding"]) for p in g.promises] == [
        ("inspect", True),
        ("future", False),
    ]
    g.apply(sc.LetPass(3))
    assert g.round == 1 and g.binding == {}  # nothing carries over to the next round


# =========================================================================== debts


def fined(gold: int, stand: list[str], bag: list[str]) -> sc.Game:
    """Merchant 1 (gold, stand) is caught with ``bag`` declared as Apples; confiscation done."""
    g = to_inspection(fresh(), {1: bag, 2: ["Apples"], 3: ["Apples"]},
                      {1: ("Apples", len(bag)), 2: ("Apples", 1), 3: ("Apples", 1)})  # fmt: skip
    g.gold[1], g.stands[1] = gold, list(stand)
    g.apply(sc.Inspect(1))
    if g.step == "confiscate":
        g.apply(next(iter(g.legal_actions())))
    return g


@pytest.mark.rules("DEBT-1", "DEBT-2", "DEBT-3")
def test_a_fine_is_paid_in_gold_first_then_legal_goods_worth_at_least_the_rest():
    g = fined(2, ["Apples", "Cheese", "Chickens", "Mead"], ["Crossbow", "Silk"])
    assert g.gold[1] == 0 and g.gold[0] == 52  # 2 of the 8 in gold
    assert g.step == "debt" and g.to_move == 1
    refused(g, sc.PayDebt(("Mead",)), sc.IllegalDebtPayment, "contraband may not be given")
    refused(g, sc.PayDebt(("Apples", "Cheese")), sc.IllegalDebtPayment, "do not cover the 6")
    refused(
        g, sc.PayDebt(("Apples", "Cheese", "Chickens")), sc.IllegalDebtPayment, "no change is given"
    )
    refused(g, sc.PayDebt(("Pepper",)), sc.IllegalDebtPayment, "goods from your own stand")
    assert set(g.legal_actions()) == {
        sc.PayDebt(("Chickens", "Cheese")),
        sc.PayDebt(("Chickens", "Apples")),
    }
    g.apply(sc.PayDebt(("Apples", "Chickens")))
    assert g.stands[1] == ["Cheese", "Mead"] and sorted(g.stands[0]) == ["Apples", "Chickens"]


@pytest.mark.rules("DEBT-2")
def test_contraband_pays_only_when_the_legal_goods_are_not_enough():
    g = fined(0, ["Apples", "Mead"], ["Crossbow", "Silk"])  # owes 8, legal goods worth 2
    assert g.stands[1] == [] and sorted(g.stands[0]) == ["Apples", "Mead"]
    paid = [e.info for e in g.events if e.kind == "paid_in_goods"]
    assert paid == [{"to": 0, "cards": ["Apples", "Mead"], "value": 9, "forgiven": 0}]


@pytest.mark.rules("DEBT-4", "DEBT-1")
def test_what_an_empty_stand_cannot_pay_is_forgiven():
    g = fined(3, [], ["Crossbow", "Silk"])
    assert (g.gold[1], g.gold[0]) == (0, 53) and g.step == "sheriff"
    assert [e.info["forgiven"] for e in g.events if e.kind == "paid_in_goods"] == [5]
    # a Sheriff who owes compensation pays the same way
    s = to_inspection(fresh(), {1: ["Chickens"] * 2, 2: ["Apples"], 3: ["Apples"]},
                      {1: ("Chickens", 2), 2: ("Apples", 1), 3: ("Apples", 1)})  # fmt: skip
    s.gold[0] = 1
    s.apply(sc.Inspect(1))
    assert (s.gold[0], s.gold[1]) == (0, 51) and s.step == "sheriff"


# =========================================================================== draw pile


@pytest.mark.rules("DECK-1")
def test_an_empty_draw_pile_is_refilled_from_all_but_the_top_five_of_each_pile():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples"] * 6
    g.deck = []
    g.piles = [["Pepper", "Pepper", "Mead"] + ["Cheese"] * 5, ["Silk"] + ["Bread"] * 5]
    ev = g.apply(sc.Market(("Apples",), (), 0))
    assert [e.info["cards"] for e in ev if e.kind == "reshuffled"] == [4]
    assert g.piles == [["Cheese"] * 5 + ["Apples"], ["Bread"] * 5]
    assert Counter(g.deck + g.hands[seat]) == Counter(
        ["Pepper", "Pepper", "Mead", "Silk"] + ["Apples"] * 5
    )


@pytest.mark.rules("DECK-2")
def test_with_too_few_cards_anywhere_the_player_draws_what_there_is():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples"] * 6
    g.deck = []
    g.piles = [["Cheese"] * 6, ["Bread"] * 5]  # one card can be reshuffled
    g.apply(sc.Market(("Apples",) * 3, (), 1))
    assert Counter(g.hands[seat]) == Counter(["Apples"] * 3 + ["Cheese"])
    assert g.deck == [] and g.step == "market"


# =========================================================================== end of round / game


@pytest.mark.rules("END-1", "END-2")
def test_after_the_last_bag_everyone_draws_to_six_clockwise_and_the_sheriff_passes_left():
    g = honest_round(fresh(first_sheriff=2))
    top = g.deck[-3:][::-1]  # the next three cards, top first
    for s in g.unresolved():
        ev = g.apply(sc.LetPass(s))
    drew = [(e.seat, e.info["cards"]) for e in ev if e.kind == "drew"]
    assert drew == [(3, [top[0]]), (0, [top[1]]), (1, [top[2]])]  # the Sheriff had 6
    assert [len(h) for h in g.hands] == [6] * 4
    assert g.round == 1 and g.sheriff == 3 and g.to_move == 0


@pytest.mark.rules("GAME-1", "END-2")
def test_three_players_are_each_sheriff_three_times_then_the_game_ends():
    g = play_game(fresh(players=3, seed=5, first_sheriff=1))
    sheriffs = [e.info["sheriff"] for e in g.events if e.kind == "round_start"]
    assert len(sheriffs) == 9 == g.rounds
    assert sheriffs == [g.players[(1 + r) % 3] for r in range(9)]
    assert g.is_over and g.events[-1].kind == "game_over"


@pytest.mark.rules("GAME-2")
def test_cards_left_in_hand_score_nothing():
    g = honest_round(fresh())
    rows = g.score_rows()
    g.hands[1] = ["Crossbow"] * 6
    assert g.score_rows() == rows


# =========================================================================== royal goods


@pytest.mark.rules("ROY-2")
def test_royal_goods_are_smuggled_like_contraband():
    g = fresh("classic-royal")
    hands = {1: ["Golden Apples"], 2: ["Apples"], 3: ["Royal Rooster"]}
    after_market(g, {s: h + ["Apples"] * 5 for s, h in hands.items()})
    for s in (1, 2, 3):
        g.apply(sc.Load(tuple(hands[s])))
    refused(g, sc.Declare("Golden Apples", 1), sc.IllegalDeclaration, "only legal goods")
    for good in ("Apples", "Apples", "Chickens"):
        g.apply(sc.Declare(good, 1))
    ev = g.apply(sc.LetPass(1))
    assert next(e for e in ev if e.kind == "passed").info["smuggled"] == 1
    assert g.stand_view(1) == {"legal": {}, "contraband": 1}
    g.apply(sc.Inspect(3))  # caught: confiscated and fined its penalty, 4
    assert "Royal Rooster" not in g.stands[3] and g.gold[3] == 46 and g.gold[0] == 54


# =========================================================================== second edition


@pytest.mark.rules("2E-SET-2")
def test_second_edition_three_players_remove_bread_and_the_classic_contraband():
    deck = Counter(sc.build_deck(sc.load_variant("second-edition"), 3))
    assert deck["Bread"] == 0
    assert (deck["Pepper"], deck["Mead"], deck["Silk"], deck["Crossbow"]) == (18, 16, 9, 5)
    assert sum(deck.values()) == 204 - 36 - 12
    assert Counter(sc.build_deck(sc.load_variant("second-edition"), 4))["Bread"] == 36


def discard_then_draw_check(variant: str) -> None:
    """A market turn that empties the draw pile: the cards just discarded are reshuffled."""
    g = fresh(variant, players=4)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    seat = g.to_move
    hand = list(g.hands[seat])
    only = hand[0]  # the single card left in the draw pile
    g.deck = [only]
    g.piles[0] = []
    total = g.total_cards()
    g.apply(sc.Market((hand[1], hand[2]), (), 0))
    # draw 1 from the draw pile, then the pile (the two cards just discarded) is
    # shuffled into a new draw pile and one of them is drawn
    assert len(g.hands[seat]) == 6
    assert len(g.deck) == 1 and g.piles[0] == [] and g.total_cards() == total


@pytest.mark.rules("2E-MKT-2")
def test_second_edition_discards_then_draws_so_the_discards_can_be_reshuffled():
    discard_then_draw_check("second-edition")


@pytest.mark.rules("DIS-MKT-1")
def test_disney_discards_then_draws_like_the_second_edition():
    discard_then_draw_check("disney")


@pytest.mark.rules("2E-MKT-2")
def test_the_market_order_is_a_named_field_so_the_classic_order_stays_available():
    classic, second = sc.load_variant("classic"), sc.load_variant("second-edition")
    assert classic.market_order != second.market_order
    assert sc.load_variant("summary-sheet").market_order == classic.market_order


# =========================================================================== deputies


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


# =========================================================================== Disney


@pytest.mark.rules("DIS-SET-4")
def test_disney_deals_no_discard_piles_and_has_one():
    g = fresh("disney", players=4)
    assert g.piles == [[]]
    assert len(g.deck) == len(sc.build_deck(g.variant, 4)) - 24


@pytest.mark.rules("DIS-MKT-1")
def test_disney_market_sheriff_picks_the_starter_merchants_exchange_up_to_five():
    g = fresh("disney", players=4, first_sheriff=2)
    assert g.step == "starter" and g.to_move == 2
    refused(g, sc.ChooseStarter(2), sc.IllegalAction, "must choose a merchant")
    g.apply(sc.ChooseStarter(0))
    hand = tuple(g.hands[0])
    g.piles[0] = ["Rings"]
    refused(g, sc.Market(hand, (), 0), sc.IllegalMarket, "at most 5 cards, not 6")
    refused(g, sc.Market(hand[:1], (0,), 0), sc.IllegalMarket, "draw pile only")
    top = g.deck[-5:][::-1]
    g.apply(sc.Market(hand[:5], (), 0))
    assert g.piles[0] == ["Rings", *hand[:5]]  # face up on the one pile
    assert Counter(g.hands[0]) == Counter([hand[5], *top])
    seen = [0]
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [0, 1, 3]  # clockwise, the Sheriff (seat 2) does not exchange


@pytest.mark.rules("DIS-DECK-1")
def test_disney_replaces_an_empty_draw_pile_with_the_whole_discard_pile():
    g = fresh("disney", players=4)
    g.apply(sc.ChooseStarter(1))
    hand = list(g.hands[1])
    g.deck = []
    g.piles[0] = ["Jewels"] * 7  # more than the 5 a classic reshuffle would keep
    ev = g.apply(sc.Market((hand[0],), (), 0))
    assert [e.info["cards"] for e in ev if e.kind == "reshuffled"] in ([7], [8])
    assert len(g.hands[1]) == 6
    assert "Jewels" not in g.piles[0] and len(g.deck) + len(g.piles[0]) == 7


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
