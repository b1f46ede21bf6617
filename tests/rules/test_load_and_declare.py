"""Loading the bag and declaring (LOAD-*, DECL-*, ROY-2): what a bag holds, the order of
loading, one kind of legal good per declaration, the declaration's wording.

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

import pytest
from scenarios import after_market, fresh, refused

import sheriff_core as sc


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


@pytest.mark.rules("DECL-1", "DECL-3")
def test_thai_declaration_example_four_chickens():
    """The Thai text's example: "ไก่ 4 ตัวครับ!" -- four Chickens, whatever the bag holds."""
    v = sc.load_variant("second-edition")
    sc.check_declaration(v, 4, "Chickens", 4)
    with pytest.raises(sc.IllegalDeclaration, match="only legal goods"):
        sc.check_declaration(v, 4, "Crossbow", 4)
    with pytest.raises(sc.IllegalDeclaration, match="exact number"):
        sc.check_declaration(v, 4, "Chickens", 3)


@pytest.mark.rules("DECL-1")
def test_stolen_treasure_cannot_be_declared(disney):
    with pytest.raises(sc.IllegalDeclaration) as err:
        sc.inspect_bag(disney, ["Jewels"], "Jewels", 1)
    assert "only legal goods (Carrots, Cheese, Wood, Fabric) may be declared" in str(err.value)


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
