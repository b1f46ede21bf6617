"""The bag builder: checkboxes and dropdowns -> engine verdict and outcome table."""

from __future__ import annotations

import re

import sheriff_core as sc
from sheriff_core.present.widgets.bag import bag_builder, bag_outcomes

HAND = ["Chickens", "Chickens", "Cheese", "Silk", "Apples", "Apples"]


def test_will_scarlets_bag_outcomes_use_inspect_bag():
    v = sc.load_variant("classic")
    rows = bag_outcomes(v, HAND[:4], "Chickens", 4)
    passed, inspected = rows
    assert passed["stand_face_down"] == "Silk" and passed["merchant_gold"] == 0
    assert inspected["confiscated"] == "Cheese, Silk"
    assert inspected["merchant_gold"] == -6 and inspected["sheriff_gold"] == 6
    honest = bag_outcomes(v, ["Apples"] * 3, "Apples", 3)[1]
    assert honest["merchant_gold"] == 6 and honest["sheriff_gold"] == -6


def test_widget_updates_on_every_change():
    b = bag_builder(HAND)
    assert b.error == "a bag holds 1-5 cards, not 0"
    assert "illegal declaration" in b.result.value
    for box in b.cards[:4]:
        box.value = True
    b.good.value = "Chickens"
    assert b.error.startswith("cannot declare 1 Chickens: you must declare the exact number")
    b.count.value = 4
    assert b.error is None and b.bag == HAND[:4]
    assert "legal, but a lie" in b.result.value and "Cheese, Silk" in b.result.value
    b.good.value = "Silk"
    assert "only legal goods" in b.error


def test_six_cards_and_truth():
    b = bag_builder(HAND)
    for box in b.cards:
        box.value = True
    b.count.value = 6
    assert b.error == "a bag holds 1-5 cards, not 6"
    for box in b.cards[:4]:
        box.value = False
    b.good.value, b.count.value = "Apples", 2
    assert "legal, and the truth" in b.result.value
    assert [r["stand_value"] for r in b.outcomes] == [4, 4]


def test_descriptions_are_stable():
    b = bag_builder(HAND)
    assert [c.description for c in b.cards][:2] == ["bag card 1: Chickens", "bag card 2: Chickens"]
    assert (b.good.description, b.count.description) == ("declare good", "declare count")


def titles(html: str) -> list[str]:
    return re.findall(r"<title>([^<]*)</title>", html)


def test_hand_and_bag_are_drawn_as_cards_and_follow_the_ticks():
    b = bag_builder(HAND)
    assert [t.split(":")[0] for t in titles(b.hand_view.value)] == HAND
    assert not any(t.endswith("selected") for t in titles(b.hand_view.value))
    assert "empty bag" in b.result.value and not titles(b.result.value)
    b.cards[1].value = b.cards[3].value = True
    b.good.value, b.count.value = "Chickens", 2
    marked = [i for i, t in enumerate(titles(b.hand_view.value)) if t.endswith(", selected")]
    assert marked == [1, 3]
    assert [t.split(":")[0] for t in titles(b.result.value)] == ["Chickens", "Silk"]
    assert "bag: 2 cards \u2014 declared: 2 Chickens" in b.result.value
    b.cards[3].value = False
    assert [t.split(":")[0] for t in titles(b.result.value)] == ["Chickens"]


def test_repr_says_what_it_is_before_the_cell_runs():
    assert repr(bag_builder(HAND)) == "Bag builder for a hand of 6 cards (run this cell to open it)"
