"""Fines and debts (DEBT-*, DIS-DEBT-1): paying in gold, then legal goods, then contraband;
what cannot be paid is forgiven; the Sheriff's debts too.

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

import pytest
from engine_helpers import play_to_inspection
from scenarios import disney_game, fresh, refused, setup_bags, to_inspection

import sheriff_core as sc


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


@pytest.mark.rules("DIS-DEBT-1")
def test_disney_debts_any_goods_debtors_choice():
    g = disney_game()
    m = g.merchants
    play_to_inspection(g, {s: [g.hands[s][0]] for s in m}, {s: ("Carrots", 1) for s in m})
    liar = m[0]
    g.bags[liar] = ["Jewels", "Rings"]
    g.declared[liar] = ("Carrots", 2)
    g.gold[liar] = 0
    g.stands[liar] = ["Carrots", "Crowns", "Fabric", "Fabric"]
    g.apply(sc.Inspect(liar))  # owes 8
    assert g.step == "debt"
    options = {tuple(sorted(o.cards)) for o in g.debt_options()}
    assert ("Crowns",) in options  # treasure may go before legal goods in this variant
    assert ("Fabric", "Fabric") in options
    g.apply(sc.PayDebt(("Crowns",)))
    assert g.stands[g.sheriff] == ["Crowns"]
