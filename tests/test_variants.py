"""Variants as data: loading, inheritance, validation errors that name file and key."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import sheriff_core as sc

RULES_TABLE = {  # docs/rules.md SET-3: count, value, penalty, kind, counts_as
    "Apples": (48, 2, 2, "legal", None),
    "Cheese": (36, 3, 2, "legal", None),
    "Bread": (36, 3, 2, "legal", None),
    "Chickens": (24, 4, 2, "legal", None),
    "Pepper": (22, 6, 4, "contraband", None),
    "Mead": (21, 7, 4, "contraband", None),
    "Silk": (12, 8, 4, "contraband", None),
    "Crossbow": (5, 9, 4, "contraband", None),
    "Green Apples": (2, 4, 3, "royal", ("Apples", 2)),
    "Golden Apples": (2, 6, 4, "royal", ("Apples", 3)),
    "Gouda Cheese": (2, 6, 4, "royal", ("Cheese", 2)),
    "Bleu Cheese": (1, 9, 5, "royal", ("Cheese", 3)),
    "Rye Bread": (2, 6, 4, "royal", ("Bread", 2)),
    "Pumpernickel Bread": (1, 9, 5, "royal", ("Bread", 3)),
    "Royal Rooster": (2, 8, 4, "royal", ("Chickens", 2)),
}


def test_bundled_names():
    assert {"classic", "classic-royal", "summary-sheet"} <= set(sc.variant_names())


def test_classic_royal_matches_the_rules_table():
    v = sc.load_variant("classic-royal")
    assert set(v.goods) == set(RULES_TABLE)
    for name, (count, value, penalty, kind, counts_as) in RULES_TABLE.items():
        g = v.goods[name]
        assert (g.count, g.value, g.penalty, g.kind, g.counts_as) == (
            count,
            value,
            penalty,
            kind,
            counts_as,
        ), name
    assert sum(g.count for g in v.goods.values()) == 216
    assert len(sc.build_deck(v, 4)) == 216


def test_basic_game_has_no_royal_goods_and_204_cards(classic):
    assert all(g.kind != "royal" for g in classic.goods.values())
    assert len(sc.build_deck(classic, 5)) == 204


def test_three_player_removal_of_4plus_cards(classic):
    deck = sc.build_deck(classic, 3)
    assert "Bread" not in deck
    assert (deck.count("Pepper"), deck.count("Mead"), deck.count("Silk")) == (18, 16, 9)
    assert deck.count("Crossbow") == 5 and len(deck) == 204 - 36 - 12


def test_rounds_per_player_count(classic):
    assert [classic.rounds(n) for n in (3, 4, 5)] == [9, 8, 10]
    with pytest.raises(sc.RulesError, match="3-5 players"):
        classic.rounds(6)


def test_summary_sheet_changes_only_contraband_penalties(classic):
    s = sc.load_variant("summary-sheet")
    assert {n: g.penalty for n, g in s.goods.items() if g.kind == "contraband"} == {
        "Pepper": 6,
        "Mead": 7,
        "Silk": 8,
        "Crossbow": 9,
    }
    for name, g in s.goods.items():
        if g.kind == "legal":
            assert g == classic.goods[name]
    assert s.lineage == ("classic", "summary-sheet")


def test_bonus_tables(classic):
    assert {n: (b.king, b.queen) for n, b in classic.bonuses.items()} == {
        "Apples": (20, 10),
        "Cheese": (15, 10),
        "Bread": (15, 10),
        "Chickens": (10, 5),
    }


def test_loaded_rules_are_read_only(classic):
    with pytest.raises(dataclasses.FrozenInstanceError):
        classic.starting_gold = 100  # type: ignore[misc]
    with pytest.raises(TypeError):
        classic.goods["Pepper"] = classic.goods["Mead"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        classic.goods["Pepper"].penalty = 1  # type: ignore[misc]


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_user_file_extending_classic(tmp_path):
    path = write(tmp_path, 'extends = "classic"\nname = "rich"\n[setup]\nstarting_gold = 80\n')
    v = sc.load_variant(path)
    assert v.name == "rich" and v.starting_gold == 80 and v.goods["Pepper"].penalty == 4
    game = sc.new_game(v, players=3, seed=0)
    assert game.gold == [80, 80, 80]


@pytest.mark.parametrize(
    "text, pattern",
    [
        ('extends = "classic"\ncolour = "red"\n', r"mine\.toml: unknown key 'colour'"),
        (
            'extends = "classic"\n[setup]\nstarting_cash = 3\n',
            r"\[setup\] unknown key 'starting_cash'",
        ),
        (
            'extends = "classic"\n[goods.Pepper]\ncount = -1\n',
            r"\[goods\.Pepper\] count: must be non-negative",
        ),
        (
            'extends = "classic"\n[goods.Pepper]\nflavour = 1\n',
            r"\[goods\.Pepper\] unknown key 'flavour'",
        ),
        (
            'extends = "classic"\n[bonuses.Pepper]\nking = 5\nqueen = 1\n',
            r"\[bonuses\.Pepper\].*not a legal good",
        ),
        ('extends = "classic"\n[bonuses.Turnips]\nking = 5\nqueen = 1\n', r"\[bonuses\.Turnips\]"),
        (
            'extends = "classic"\n[goods.Gold]\nkind = "royal"\ncount = 1\nvalue = 9\npenalty = 3\ncounts_as = ["Pepper", 2]\n',
            r"\[goods\.Gold\] counts_as: 'Pepper' is not a legal good",
        ),
        (
            'extends = "classic"\n[goods.Pepper]\nkind = "spice"\n',
            r"\[goods\.Pepper\] kind: must be one of",
        ),
        (
            'extends = "classic"\n[removed.3]\nCrossbow = 9\n',
            r"\[removed\.3\] Crossbow: removes 9 of only 5",
        ),
        (
            'extends = "classic"\n[removed.7]\nCrossbow = 1\n',
            r"\[removed\.7\]: player count outside 3-5",
        ),
        (
            'extends = "classic"\n[round]\nbag_max = 9\n',
            r"\[round\] bag_max: 9 exceeds the hand size",
        ),
        (
            'extends = "classic"\n[round]\nmarket_starter = "youngest"\n',
            r"\[round\] market_starter",
        ),
        ('extends = "nowhere"\n', r"unknown variant 'nowhere'"),
        ('extends = "classic"\n[players]\nmax = 9\n', r"\[players\] names: needs 9"),
        ('extends = "classic"\nthis is not toml\n', r"mine\.toml: not valid TOML"),
    ],
)
def test_validation_errors_name_file_and_key(tmp_path, text, pattern):
    path = write(tmp_path, text)
    with pytest.raises(sc.VariantError, match=pattern):
        sc.load_variant(path)


def test_circular_extends(tmp_path):
    write(tmp_path, 'extends = "b"\nname = "a"\n', "a.toml")
    write(tmp_path, 'extends = "a"\nname = "b"\n', "b.toml")
    with pytest.raises(sc.VariantError, match="circular"):
        sc.load_variant(tmp_path / "a.toml")


def test_replace_table_instead_of_merging(tmp_path):
    path = write(
        tmp_path,
        'extends = "classic"\nreplace = ["goods", "removed", "bonuses"]\n'
        '[goods.Turnips]\nkind = "legal"\ncount = 150\nvalue = 1\npenalty = 1\n'
        '[goods.Gems]\nkind = "contraband"\ncount = 60\nvalue = 5\npenalty = 3\n'
        "[bonuses.Turnips]\nking = 10\nqueen = 5\n",
    )
    v = sc.load_variant(path)
    assert list(v.goods) == ["Turnips", "Gems"] and v.legal_goods == ("Turnips",)


def test_deck_too_small_to_deal(tmp_path):
    path = write(tmp_path, 'extends = "classic"\n[setup]\nhand_size = 60\n[round]\nbag_max = 5\n')
    with pytest.raises(sc.VariantError, match="cannot deal"):
        sc.load_variant(path)


def test_variant_round_trips_through_data():
    for name in sc.variant_names():
        v = sc.load_variant(name)
        again = sc.Variant.from_data(v.to_data())
        assert again == dataclasses.replace(v, source=again.source)
