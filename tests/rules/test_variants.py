"""Variants as data: loading, inheritance, validation errors that name file and key."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from scenarios import fresh, to_inspection

import sheriff_core as sc
from sheriff_core.bots import play_game

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


@pytest.mark.rules("ROY-1")
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


@pytest.mark.rules("SET-3", "SRC-1")
def test_classic_goods_match_the_rules_table(classic):
    basic = {n: row for n, row in RULES_TABLE.items() if row[3] != "royal"}
    got = {n: (g.count, g.value, g.penalty, g.kind, g.counts_as) for n, g in classic.goods.items()}
    assert got == basic
    assert sum(row[0] for row in basic.values()) == 204


@pytest.mark.rules("SET-3")
def test_basic_game_has_no_royal_goods_and_204_cards(classic):
    assert all(g.kind != "royal" for g in classic.goods.values())
    assert len(sc.build_deck(classic, 5)) == 204


@pytest.mark.rules("SET-4")
def test_three_player_removal_of_4plus_cards(classic):
    deck = sc.build_deck(classic, 3)
    assert "Bread" not in deck
    assert (deck.count("Pepper"), deck.count("Mead"), deck.count("Silk")) == (18, 16, 9)
    assert deck.count("Crossbow") == 5 and len(deck) == 204 - 36 - 12


@pytest.mark.rules("GAME-1")
def test_rounds_per_player_count(classic):
    assert [classic.rounds(n) for n in (3, 4, 5)] == [9, 8, 10]
    with pytest.raises(sc.RulesError, match="3-5 players"):
        classic.rounds(6)


@pytest.mark.rules("SUM-1", "SRC-1")
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


@pytest.mark.rules("SCO-2")
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
    path = write(tmp_path, 'extends = "classic"\n[setup]\nhand_size = 45\n[round]\nbag_max = 5\n')
    with pytest.raises(sc.VariantError, match="cannot deal"):
        sc.load_variant(path)


def test_variant_round_trips_through_data():
    for name in sc.variant_names():
        v = sc.load_variant(name)
        again = sc.Variant.from_data(v.to_data())
        assert again == dataclasses.replace(v, source=again.source)


# --------------------------------------------------------------------------- fail fast (issue 12)


@pytest.mark.parametrize(
    "text, pattern",
    [
        # limits, checked before anything big is built
        (
            'extends = "classic"\n[players]\nmax = 1000000000\n',
            r"\[players\] max: must be at most 12, got 1000000000",
        ),
        ('extends = "classic"\n[players]\nmin = 1\n', r"\[players\] min: must be >= 2, got 1"),
        (
            'extends = "classic"\n[goods.Apples]\ncount = 100000000\n',
            r"\[goods\.Apples\] count: must be at most 1,000, got 100000000",
        ),
        (
            'extends = "classic"\n'
            + "".join(
                f'[goods.G{i}]\nkind = "legal"\ncount = 1000\nvalue = 1\npenalty = 1\n'
                for i in range(5)
            ),
            r"\[goods\]: the deck would hold 5,\d{3} cards; at most 5,000",
        ),
        (
            'extends = "classic"\n[setup]\ndiscard_piles = 1000\n',
            r"\[setup\] discard_piles: must be at most 10, got 1000",
        ),
        (
            'extends = "classic"\n[setup]\nhand_size = 0\n',
            r"\[setup\] hand_size: must be >= 1, got 0",
        ),
        (
            'extends = "classic"\n[setup]\nhand_size = 900\n',
            r"\[setup\] hand_size: must be at most 50, got 900",
        ),
        ('extends = "classic"\n[round]\nbag_min = 0\n', r"\[round\] bag_min: must be >= 1, got 0"),
        (
            'extends = "classic"\n[round]\nsheriff_turns = 1000\n',
            r"\[round\] sheriff_turns: must be at most 10, got 1000",
        ),
        (
            'extends = "classic"\n[setup]\nstarting_gold = 10000000000000000000\n',
            r"\[setup\] starting_gold: must be at most 1,000,000",
        ),
        # the key AND the value
        (
            'extends = "classic"\n[round]\nsheriff_turns_by_players = {4 = -1}\n',
            r"\[round\] sheriff_turns_by_players\.4: must be >= 1, got -1",
        ),
        (
            'extends = "classic"\n[round]\nsheriff_turns_by_players = {four = 2}\n',
            r"\[round\] sheriff_turns_by_players: key 'four' must be a player count 2-12",
        ),
        (
            'extends = "classic"\n[setup]\nhand_size = "six"\n',
            r"\[setup\] hand_size: must be an integer, got 'six'",
        ),
        ('extends = "classic"\ncolour = "red"\n', r"unknown key 'colour' \(= 'red'\)"),
        ('extends = "classic"\ntitle = 5\n', r"title: must be a string, got 5"),
        (
            'extends = "classic"\nreplace = ["players"]\n',
            r"replace: must be a list drawn from .*got \['players'\]",
        ),
        # keys outside the player range
        (
            'extends = "classic"\n[players]\nmin = 3\nmax = 6\nnames = ["A","B","C","D","E","F"]\n[removed.9]\nCrossbow = 1\n',
            r"\[removed\.9\]: player count outside 3-6",
        ),
        (
            'extends = "classic"\n[removed.x]\nCrossbow = 1\n',
            r"\[removed\]: key 'x' must be a player count",
        ),
        (
            'extends = "classic"\n[removed.3]\nTurnips = 2\n',
            r"\[removed\.3\] Turnips = 2: no such good",
        ),
        # deep nesting: an error, never a RecursionError
        (
            'extends = "classic"\nx = ' + "[" * 5000 + "]" * 5000 + "\n",
            r"mine\.toml: nested too deeply",
        ),
        (
            'extends = "classic"\n[terms]\nking = ' + "[" * 20 + "]" * 20 + "\n",
            r"mine\.toml: terms\.king.*nested deeper than 8",
        ),
    ],
)
def test_bad_files_fail_fast_naming_file_key_and_value(tmp_path, text, pattern):
    path = write(tmp_path, text)
    with pytest.raises(sc.VariantError, match=pattern) as info:
        sc.load_variant(path)
    assert str(path) in str(info.value)


def test_limits_are_checked_before_building(tmp_path):
    import time

    path = write(
        tmp_path,
        'extends = "classic"\n[players]\nmax = 1000000000\n[goods.Apples]\ncount = 100000000\n',
    )
    start = time.perf_counter()
    with pytest.raises(sc.VariantError):
        sc.load_variant(path)
    assert time.perf_counter() - start < 1.0


def test_a_file_at_the_limits_loads_and_plays(tmp_path):
    names = ", ".join(f'"P{i}"' for i in range(12))
    path = write(
        tmp_path,
        'extends = "classic"\nreplace = ["removed"]\n'
        f"[players]\nmin = 12\nmax = 12\nnames = [{names}]\n"
        "[goods.Apples]\ncount = 1000\n",
    )
    v = sc.load_variant(path)
    assert v.max_players == 12 and v.goods["Apples"].count == 1000
    game = sc.new_game(v, players=12, seed=0)
    assert len(game.deck) + sum(map(len, game.hands)) + sum(map(len, game.piles)) == sum(
        g.count for g in v.goods.values()
    )


def test_empty_path_and_folder(tmp_path):
    with pytest.raises(sc.VariantError, match="variant name or path is empty"):
        sc.load_variant("")
    with pytest.raises(sc.VariantError, match=rf"{tmp_path}: is a folder, not a variant file"):
        sc.load_variant(tmp_path)
    (tmp_path / "sub").mkdir()
    path = write(tmp_path, 'extends = "sub/"\n')
    with pytest.raises(sc.VariantError, match=r"mine\.toml: extends: sub/: is a folder"):
        sc.load_variant(path)


def test_latin1_file_is_named_with_the_bad_byte(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes('extends = "classic"\ntitle = "Fête"\n'.encode("latin-1"))
    with pytest.raises(sc.VariantError, match=r"latin\.toml: not UTF-8 text \(byte 0xea"):
        sc.load_variant(path)


def test_huge_file_is_refused_unread(tmp_path):
    path = write(tmp_path, 'extends = "classic"\n' + "# padding\n" * 200_000)
    with pytest.raises(sc.VariantError, match=r"mine\.toml: file larger than 1,000,000 bytes"):
        sc.load_variant(path)


def test_circular_extends_through_relative_paths(tmp_path):
    (tmp_path / "d").mkdir()
    (tmp_path / "e").mkdir()
    write(tmp_path, 'extends = "../e/b.toml"\nname = "a"\n', "d/a.toml")
    write(tmp_path, 'extends = "../d/a.toml"\nname = "b"\n', "e/b.toml")
    with pytest.raises(
        sc.VariantError, match=r"circular chain .*a\.toml -> .*b\.toml -> .*a\.toml"
    ):
        sc.load_variant(tmp_path / "d" / "a.toml")


def test_missing_parent_names_the_file_that_asked(tmp_path):
    write(tmp_path, 'extends = "gone.toml"\nname = "b"\n', "b.toml")
    path = write(tmp_path, 'extends = "b.toml"\nname = "a"\n', "a.toml")
    with pytest.raises(sc.VariantError) as info:
        sc.load_variant(path)
    assert str(info.value) == (
        f"in {tmp_path / 'b.toml'}, extended by {path}: extends: variant file not found: gone.toml"
    )


def test_error_in_a_parent_names_the_chain(tmp_path):
    write(tmp_path, 'extends = "classic"\nname = "c"\n[setup]\nstarting_cash = 3\n', "c.toml")
    write(tmp_path, 'extends = "c"\nname = "b"\n', "b.toml")
    path = write(tmp_path, 'extends = "./b.toml"\nname = "a"\n', "a.toml")
    with pytest.raises(sc.VariantError) as info:
        sc.load_variant(path)
    message = str(info.value)
    assert message.startswith(
        f"in {tmp_path / 'c.toml'}, extended by {tmp_path / 'b.toml'}, extended by {path}: "
        "[setup] unknown key 'starting_cash' (= 3)"
    ), message


def test_deputies_inherit_an_unused_turns_key_outside_their_range():
    v = sc.load_variant("deputies")
    assert (v.min_players, v.max_players) == (6, 6) and v.sheriff_turns_by_players == {3: 3}


def test_loading_stays_fast():
    import time

    start = time.perf_counter()
    for _ in range(20):
        for name in sc.variant_names():
            sc.load_variant(name)
    per_load = (time.perf_counter() - start) / (20 * len(sc.variant_names()))
    assert per_load < 0.02, per_load


def test_unusable_paths_are_variant_errors(tmp_path, monkeypatch):
    with pytest.raises(sc.VariantError, match="variant file not found"):
        sc.load_variant("a\0b.toml")
    with pytest.raises(sc.VariantError, match="not a usable variant name or path"):
        sc.load_variant("x" * 5000 + ".toml")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "classic").mkdir()  # a folder named like a bundled variant does not shadow it
    assert sc.load_variant("classic").name == "classic"
    with pytest.raises(sc.VariantError, match=r"^\.: is a folder"):
        sc.load_variant(".")


def test_deep_dotted_keys_and_long_extends_chains(tmp_path):
    path = write(tmp_path, 'extends = "classic"\n' + ".".join(["a"] * 3000) + " = 1\n")
    with pytest.raises(sc.VariantError, match=r"mine\.toml: a\.a\.a.*nested deeper than 8"):
        sc.load_variant(path)
    write(tmp_path, 'extends = "classic"\nname = "v0"\n', "v0.toml")
    for i in range(1, 25):
        write(tmp_path, f'extends = "v{i - 1}"\nname = "v{i}"\n', f"v{i}.toml")
    assert sc.load_variant(tmp_path / "v18.toml").lineage[-2:] == ("v17", "v18")
    with pytest.raises(sc.VariantError, match=r"extends: more than 20 files in the chain"):
        sc.load_variant(tmp_path / "v24.toml")


def test_a_bad_value_inherited_from_a_parent_names_the_parent(tmp_path):
    write(tmp_path, 'extends = "classic"\nname = "c"\n[goods.Apples]\ncount = 5000\n', "c.toml")
    write(tmp_path, 'extends = "c"\nname = "b"\n[setup]\nstarting_gold = 60\n', "b.toml")
    path = write(tmp_path, 'extends = "b"\nname = "a"\n', "a.toml")
    with pytest.raises(sc.VariantError) as info:
        sc.load_variant(path)
    assert str(info.value) == (
        f"in {tmp_path / 'c.toml'}, extended by {tmp_path / 'b.toml'}, extended by {path}: "
        "[goods.Apples] count: must be at most 1,000, got 5000"
    )
    # the child's own mistake is the child's: no chain
    path = write(tmp_path, 'extends = "classic"\nname = "d"\n[setup]\nhand_size = 0\n', "d.toml")
    with pytest.raises(sc.VariantError) as info:
        sc.load_variant(path)
    assert str(info.value) == f"{path}: [setup] hand_size: must be >= 1, got 0"


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


def test_bundled_variants_are_all_there():
    assert set(sc.variant_names()) >= {
        "classic",
        "classic-royal",
        "summary-sheet",
        "second-edition",
        "deputies",
        "disney",
    }


@pytest.mark.parametrize("name", sc.variant_names())
def test_every_variant_plays_complete_games_for_every_player_count(name):
    v = sc.load_variant(name)
    for players in range(v.min_players, v.max_players + 1):
        g = play_game(sc.new_game(v, players=players, seed=players))
        assert g.is_over and len(g.score_rows()) == players


@pytest.mark.rules("DIS-SET-1", "DIS-SET-2", "DIS-SET-3", "SRC-5")
def test_disney_goods_treasure_and_data_choice(disney):
    assert disney.legal_goods == ("Carrots", "Cheese", "Wood", "Fabric")
    treasure = {n: (g.value, g.penalty) for n, g in disney.goods.items() if g.kind != "legal"}
    assert treasure == {
        "Jewels": (9, 4),
        "Rings": (10, 4),
        "Money Bags": (11, 4),
        "Crowns": (15, 4),
    }
    assert len(sc.build_deck(disney, 4)) == 204
    assert len(sc.build_deck(disney, 3)) == 204 - 36 - 4 - 5 - 3
    assert disney.term("contraband") == "Stolen Treasure"


def test_compare_variants_covers_every_variant_and_reads_the_data():
    table = sc.compare_variants()
    assert list(table.columns) == sc.variant_names()
    assert table.loc["discard piles", "classic"] == 2
    assert table.loc["discard piles", "second-edition"] == 1
    assert table.loc["market starts", "disney"] == "the Sheriff chooses"
    assert "Deputies" in table.loc["Sheriffs", "deputies"]
    assert table.loc["rounds", "deputies"] == "6p: 9"
    assert "Rabbit" in table.loc["tokens", "disney"]
    assert table.loc["tokens", "classic"] == "-"
    diff = sc.compare_variants(["classic", "summary-sheet"], only_differences=True)
    assert "contraband goods (value/penalty)" in diff.index and "starting gold" not in diff.index
