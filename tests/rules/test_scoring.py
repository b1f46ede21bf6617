"""Final scoring: goods, gold, King/Queen bonuses with ties, winner tie-breaks (docs/rules.md)."""

from __future__ import annotations

import pytest

import sheriff_core as sc


def rows(variant, stands, gold=None):
    gold = gold or dict.fromkeys(stands, 0)
    return {r["player"]: r for r in sc.scoring.score_rows(variant, stands, gold)}


@pytest.mark.rules("SCO-2")
def test_king_and_queen(classic):
    r = rows(classic, {"A": ["Apples"] * 3, "B": ["Apples"] * 2, "C": ["Apples"]})
    assert [r[p]["bonus_Apples"] for p in "ABC"] == [20, 10, 0]


@pytest.mark.rules("SCO-3")
def test_king_tie_splits_king_plus_queen_rounded_down_and_no_queen(classic):
    r = rows(classic, {"A": ["Chickens"] * 2, "B": ["Chickens"] * 2, "C": ["Chickens"]})
    assert [r[p]["bonus_Chickens"] for p in "ABC"] == [7, 7, 0]  # (10 + 5) // 2
    r = rows(classic, {"A": ["Apples"], "B": ["Apples"], "C": ["Apples"]})
    assert [r[p]["bonus_Apples"] for p in "ABC"] == [10, 10, 10]  # 30 // 3


@pytest.mark.rules("SCO-4")
def test_queen_tie_splits_queen_rounded_down(classic):
    r = rows(classic, {"A": ["Chickens"] * 3, "B": ["Chickens"], "C": ["Chickens"]})
    assert [r[p]["bonus_Chickens"] for p in "ABC"] == [10, 2, 2]  # 5 // 2
    r = rows(classic, {"A": ["Cheese"] * 3, "B": ["Cheese"], "C": ["Cheese"]})
    assert [r[p]["bonus_Cheese"] for p in "ABC"] == [15, 5, 5]


@pytest.mark.rules("SCO-2")
def test_nobody_with_none_of_a_good_gets_its_bonus(classic):
    r = rows(classic, {"A": ["Apples"], "B": [], "C": ["Pepper"]})
    assert r["A"]["bonus"] == 20 and r["B"]["bonus"] == 0 and r["C"]["bonus"] == 0


@pytest.mark.rules("ROY-3", "SCO-4")
def test_royal_goods_count_as_several_for_king_and_queen():
    v = sc.load_variant("classic-royal")
    r = rows(v, {"A": ["Golden Apples"], "B": ["Apples", "Apples"], "C": ["Green Apples"]})
    assert [r[p]["bonus_Apples"] for p in "ABC"] == [
        20,
        5,
        5,
    ]  # 3 beats 2 and 2 (Queen tie: 10 // 2)
    assert r["A"]["goods_value"] == 6 and r["A"]["contraband"] == 1


@pytest.mark.rules("SCO-1")
def test_total_is_gold_plus_goods_value_plus_bonus_including_contraband(classic):
    r = rows(classic, {"A": ["Apples", "Crossbow"], "B": []}, {"A": 10, "B": 40})
    assert r["A"]["goods_value"] == 11 and r["A"]["total"] == 10 + 11 + 20


@pytest.mark.rules("SCO-5", "SRC-4")
def test_winner_tie_breaks_legal_goods_then_contraband_else_shared(classic):
    # A and B both total 20 (A: 20 gold; B: 3 Cheese worth 9 + 11 gold, no bonus since C is King)
    stands = {"A": ["Chickens"] * 0, "B": ["Apples"] * 2, "C": ["Apples"] * 5}
    r = rows(classic, stands, {"A": 24, "B": 10, "C": 0})
    assert r["A"]["total"] == r["B"]["total"] == 24
    assert r["B"]["rank"] < r["A"]["rank"]  # more legal goods
    r = rows(classic, {"A": ["Pepper"], "B": ["Mead"]}, {"A": 11, "B": 10})
    assert r["A"]["total"] == r["B"]["total"] == 17
    assert r["A"]["rank"] == r["B"]["rank"] == 1  # same legal goods and contraband: shared win
    r = rows(classic, {"A": ["Crossbow"], "B": ["Pepper", "Pepper"]}, {"A": 12, "B": 9})
    assert r["A"]["total"] == r["B"]["total"] == 21
    assert (r["B"]["rank"], r["A"]["rank"]) == (1, 2)  # more contraband


def test_final_scores_dataframe_contract(classic):
    df = sc.final_scores(classic, {"Ann": ["Cheese"], "Ben": ["Bread"]}, {"Ann": 3, "Ben": 3})
    assert list(df.columns[:6]) == [
        "player",
        "gold",
        "goods_value",
        "bonus",
        "total",
        "legal_goods",
    ]
    assert "rank" in df.columns and df["rank"].tolist() == [1, 1]


def test_final_scores_rejects_unknown_cards(classic):
    with pytest.raises(ValueError, match="not cards of classic"):
        sc.final_scores(classic, {"Ann": ["Turnips"]}, {"Ann": 0})


@pytest.mark.rules("DIS-SCO-1", "DIS-SCO-2", "DIS-SCO-3")
def test_king_richards_bonuses_by_tokens_and_token_tie_break(disney):
    stands = {"Robin": [], "John": [], "Marian": []}
    gold = {"Robin": 10, "John": 8, "Marian": 0}
    tokens = {
        "Robin": {"Rabbit": 2, "Owl": 1},
        "John": {"Rabbit": 2, "Mouse": 1},
        "Marian": {"Mouse": 1, "Owl": 1},
    }
    rows = {r["player"]: r for r in sc.scoring.score_rows(disney, stands, gold, tokens)}
    assert rows["Robin"]["bonus_Rabbit"] == rows["John"]["bonus_Rabbit"] == 15  # tie: 30 // 2
    assert rows["Robin"]["bonus_Owl"] == rows["Marian"]["bonus_Owl"] == 7  # tie: 15 // 2
    assert rows["John"]["bonus_Mouse"] == rows["Marian"]["bonus_Mouse"] == 12  # 25 // 2
    assert rows["Robin"]["tokens_value"] == 2 * 6 + 12
    assert rows["Robin"]["total"] == 10 + 24 + 15 + 7
    assert rows["John"]["total"] == 8 + 21 + 15 + 12
    assert rows["Robin"]["total"] == rows["John"]["total"]
    assert rows["Robin"]["tokens"] == rows["John"]["tokens"] == 3
    assert rows["Robin"]["rank"] == rows["John"]["rank"] == 1  # same tokens: shared
    # Equal totals, more tokens overall wins.
    rows = sc.scoring.score_rows(
        disney, {"A": [], "B": []}, {"A": 12, "B": 38}, {"A": {"Rabbit": 1}, "B": {}}
    )
    assert [(r["total"], r["rank"]) for r in rows] == [(38, 1), (38, 2)]
    df = sc.final_scores(disney, stands, gold, tokens)
    assert {"tokens_Rabbit", "tokens_Mouse", "tokens_Otto", "tokens_Owl", "tokens"} <= set(df)
