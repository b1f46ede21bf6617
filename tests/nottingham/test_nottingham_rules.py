"""The rules file: values, validation (unknown keys name file and key), track helpers."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from sheriff_core import nottingham as nt
from sheriff_core.base.errors import VariantError
from sheriff_core.rules.variants import data_dir, load_variant


def test_bundled_file_lives_in_the_data_dir():
    assert nt.rules_path() == data_dir() / "nottingham" / "rules.toml"


@pytest.mark.rules("NOT-SET-1", "NOT-SET-2", "NOT-SET-3", "NOT-SET-4", "NOT-SET-5", "NOT-ACT-6")
def test_bundled_rules_match_the_text():
    r = nt.load_rules()
    assert len(r.deck()) == 84 and all(i.count == 12 for i in r.items.values())
    assert [i.value for i in r.items.values()] == [7, 8, 9, 10, 11, 12, 13]
    assert [i.action for i in r.items.values()] == [
        "purchase", "steal", "ambush", "rob", "hold_up", "defend", "trade",
    ]  # fmt: skip
    # 6 item-pair cards, every item but Gold on two of them; 7 colours
    named = [i for p in r.pairs for i in p]
    assert len(r.pairs) == 6 and all(named.count(i) == 2 for i in r.item_names if i != "Gold")
    assert "Gold" not in named and len(r.colours) == 7
    assert len(r.ambush_cards(7)) == 13
    assert {t: (x.first, x.second, x.copies) for t, x in r.tasks.items()} == {
        "one_of_each": (30, 25, 2),
        "five_of_a_kind": (30, 25, 2),
        "four_pairs": (30, 25, 2),
        "three_pairs": (15, 10, 2),
    }
    assert r.hand_size == 3 and (r.min_players, r.max_players) == (3, 7)
    assert r.defend_cancels == {"steal", "rob", "hold_up"}


def test_rules_are_frozen():
    r = nt.load_rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.hand_size = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        r.items["Gold"] = r.items["Pearls"]  # type: ignore[index]


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "my.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_unknown_keys_name_the_file_and_the_key(tmp_path):
    base = nt.rules_path().read_text(encoding="utf-8")
    p = write(tmp_path, base.replace("hand_size = 3", "hand_size = 3\nhandsize = 4"))
    with pytest.raises(
        nt.NottinghamDataError, match=r"my\.toml: \[setup\] unknown key 'handsize' \(= 4\)"
    ):
        nt.load_rules(p)
    p = write(tmp_path, "extra = 1\n" + base)
    with pytest.raises(VariantError, match=r"my\.toml: unknown key 'extra' \(= 1\)"):
        nt.load_rules(p)
    p = write(tmp_path, base.replace('action = "rob"', 'action = "rob"\npower = 2'))
    with pytest.raises(
        nt.NottinghamDataError, match=r"\[items\.Pearls\] unknown key 'power' \(= 2\)"
    ):
        nt.load_rules(p)


@pytest.mark.parametrize(
    "old,new,msg",
    [
        ('action = "rob"', 'action = "fly"', r"\[items.Pearls\] action: must be one of"),
        ("count = 12\nvalue = 9", "count = -1\nvalue = 9", r"\[items.Gold\] count: must be >= 1"),
        ('["Pearls", "Jewels"],', '["Pearls", "Pearls"],', r"pairs\[2\]: must name two"),
        ("first = 15", 'first = "x"', r"three_pairs\] first: must be an integer"),
        ("min = 3 ", "min = 1 ", r"\[players\] min: must be >= 2"),
        ("distinct = 7", "distinct = 8", r"one_of_each\] distinct: only 7 items"),
    ],
)
def test_bad_values_are_reported(tmp_path, old, new, msg):
    base = nt.rules_path().read_text(encoding="utf-8")
    assert old in base
    with pytest.raises(nt.NottinghamDataError, match=msg):
        nt.load_rules(write(tmp_path, base.replace(old, new, 1)))


def test_missing_file_and_bad_toml(tmp_path):
    with pytest.raises(nt.NottinghamDataError, match="not found"):
        nt.load_rules(tmp_path / "nope.toml")
    with pytest.raises(nt.NottinghamDataError, match="not valid TOML"):
        nt.load_rules(write(tmp_path, "= ="))


@pytest.mark.rules("NOT-TRK-2")
def test_with_track_and_load_rules_track():
    r = nt.load_rules()
    assert r.with_track([6, 2, 2, 2]).track == (6, 2, 2, 2)
    assert len(r.with_track(40).track) == 40 and r.with_track(40).track[:24] == r.track
    assert nt.load_rules(track=8).track == r.track[:8]
    assert r.track == nt.load_rules().track  # the original is unchanged
    for bad in (1, [5], [5, -1], "long", True):
        with pytest.raises(nt.NottinghamDataError):
            r.with_track(bad)


def test_to_data_round_trip():
    r = nt.load_rules(track=[4, 4, 4])
    again = nt.Rules.from_data(r.to_data())
    assert again == r and again.track == (4, 4, 4)


def test_rules_layer_does_not_import_ui_or_pandas():
    code = (
        "import sys; from sheriff_core import nottingham as nt; "
        "nt.play_game(nt.load_rules(track=5), [nt.RandomBot()] * 3, seed=0); "
        "print(sorted(m for m in ('pandas', 'altair', 'ipywidgets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_table_among_the_names_is_a_rules_error_in_both_games(tmp_path):
    """One shared check (schema.TomlChecker.names): a name that is a table or a list was a
    TypeError ("unhashable type") in both games; it is now each game's rules error."""
    nott = nt.rules_path().read_text(encoding="utf-8")
    old = 'names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]'
    assert old in nott
    bad = nott.replace(old, 'names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", ["Gus"]]')
    with pytest.raises(nt.NottinghamDataError, match=r"\[players\] names: needs 7 distinct"):
        nt.load_rules(write(tmp_path, bad))
    classic = (data_dir() / "variants" / "classic.toml").read_text(encoding="utf-8")
    old = 'names = ["Ann", "Ben", "Cat", "Dan", "Eve"]'
    assert old in classic
    variant = tmp_path / "odd.toml"
    variant.write_text(classic.replace(old, 'names = ["Ann", "Ben", "Cat", "Dan", {x = 1}]'))
    with pytest.raises(VariantError, match=r"\[players\] names: needs 5 distinct"):
        load_variant(variant)
