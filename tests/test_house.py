"""House rules (sheriff_core.rules.house): made, checked and saved through the real loader."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core.rules.house import (
    Field,
    editable_fields,
    field_value,
    house_rule,
    house_rule_toml,
    rule_changes,
    save_house_rule,
)

VARIANTS = sc.variant_names()
FIELDS = {name: editable_fields(name) for name in VARIANTS}
HEADER = {"extends", "name", "title", "summary"}


def _same_rules(a: sc.Variant, b: sc.Variant) -> list[str]:
    """The Variant fields (every one but ``source``, where the file is) that differ."""
    out = [
        f.name
        for f in dataclasses.fields(sc.Variant)
        if f.name != "source" and getattr(a, f.name) != getattr(b, f.name)
    ]
    if a.to_data() != b.to_data():
        out.append("to_data()")
    return out


def _leaves(data: dict, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for key, value in data.items():
        if isinstance(value, dict):
            out |= _leaves(value, (*prefix, key))
        else:
            out.add((*prefix, key))
    return out


def _value(field: Field) -> st.SearchStrategy:
    """A value within the field's own bounds/choices, near the current one for numbers
    (so edits of several fields often make a variant the loader accepts)."""
    if field.type == "bool":
        return st.booleans()
    if field.type == "choice":
        return st.sampled_from(field.choices)
    lo, hi = field.bounds
    return st.integers(max(lo, field.value - 5), min(hi, field.value + 5))


@st.composite
def edits(draw) -> tuple[str, dict]:
    name = draw(st.sampled_from(VARIANTS))
    fields = draw(
        st.lists(st.sampled_from(FIELDS[name]), min_size=1, max_size=4, unique_by=lambda f: f.path)
    )
    return name, {f.path: draw(_value(f)) for f in fields}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edit=edits())
def test_random_edits_save_and_load_back_equal_or_are_refused_by_the_loader(edit, tmp_path_factory):
    parent, changes = edit
    folder = tmp_path_factory.mktemp("house")
    target = folder / "mine.toml"
    try:
        made = house_rule(parent, changes, name="mine")
    except sc.VariantError as refused:
        event("refused by the loader")
        # The same text, saved: the same message (naming the target), and no file at all.
        with pytest.raises(sc.VariantError) as again:
            save_house_rule(target, parent, changes)
        assert str(again.value) == str(refused).replace("mine.toml", str(target), 1)
        assert list(folder.iterdir()) == []
        return
    event("loaded")
    saved = save_house_rule(target, parent, changes)
    loaded = sc.load_variant(saved)
    assert _same_rules(made, loaded) == []
    assert loaded.lineage[-2:] == (parent, "mine") and loaded.source == str(saved.resolve())
    # Every change is in force, and the file lists only the changes.
    for path, value in changes.items():
        want = tuple(value) if isinstance(value, list) else value
        assert field_value(loaded, path) == want, path
    listed = _leaves(tomllib.loads(saved.read_text(encoding="utf-8"))) - {(k,) for k in HEADER}
    assert len(listed) == len({p.replace(".counts_as.good", ".counts_as.n") for p in changes})
    # The rules differ from the parent's where a change gave a new value, and elsewhere only
    # in a per-player-count value that follows a changed default (sheriff turns, a supply).
    new = {
        p
        for p, v in changes.items()
        if field_value(parent, p) != (tuple(v) if isinstance(v, list) else v)
    }
    differ = set(rule_changes(parent, loaded))
    assert new <= differ
    for path in differ - new:
        default = re.sub(r"_by_players\.\d+$", "", path)
        assert re.search(r"_by_players\.\d+$", path) and default in changes, (path, changes)


def test_a_few_valid_edits_load_back_field_for_field(tmp_path: Path) -> None:
    cases = [
        ("classic", {"goods.Pepper.penalty": 6}),
        ("classic", {"setup.starting_gold": 30, "round.bag_max": 4}),
        ("second-edition", {"scoring.tiebreaks": ("contraband", "legal_goods")}),
        ("classic-royal", {"goods.Bleu Cheese.counts_as.n": 4, "removed.3.Pepper": 0}),
        ("disney", {"tokens.Otto.supply_by_players.3": 2, "bonuses.Owl.king": 12}),
        ("deputies", {"sheriffs.deck_passes": 2, "round.reshuffle_keep": 3}),
        ("summary-sheet", {"round.sheriff_turns_by_players.4": 3, "debts.order": "any"}),
    ]
    for i, (parent, changes) in enumerate(cases):
        made = house_rule(parent, changes)
        saved = save_house_rule(tmp_path / f"rule{i}.toml", parent, changes, name=made.name)
        loaded = sc.load_variant(saved)
        assert _same_rules(made, loaded) == [], (parent, changes)
        assert set(rule_changes(parent, made)) == set(changes), (parent, changes)
    assert sc.load_variant(tmp_path / "rule4.toml").tokens["Otto"].supply_for(3) == 2
    assert sc.load_variant(tmp_path / "rule5.toml").rounds(6) == 2 * 3


def test_the_toml_lists_only_the_changes() -> None:
    text = house_rule_toml("classic", {"goods.Pepper.penalty": 6, "setup.starting_gold": 30})
    data = tomllib.loads(text)
    assert data["extends"] == "classic"
    assert _leaves(data) - {(k,) for k in HEADER} == {
        ("goods", "Pepper", "penalty"),
        ("setup", "starting_gold"),
    }
    assert data["summary"] == (
        "Changes from classic: Pepper: fine per card (penalty) from 4 to 6; "
        "starting gold from 50 to 30."
    )


def test_the_house_rule_is_its_parent_with_the_change_and_nothing_else() -> None:
    fine = house_rule("classic", {"goods.Pepper.penalty": 6})
    assert rule_changes("classic", fine) == {"goods.Pepper.penalty": (4, 6)}
    table = sc.compare_variants(["classic", fine], only_differences=True)
    assert table.loc["contraband goods (value/penalty)", fine.name].startswith("Pepper 6/6,")
    assert set(table.index) == {"contraband goods (value/penalty)", "title", "extends"}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"setup.startin_gold": 30}, "[setup] unknown key 'startin_gold'"),
        ({"goods.Salt.value": 3}, "[goods.Salt] missing required key 'kind'"),
        ({"harvest": 3}, "unknown key 'harvest'"),
        ({"round.bag_min": 4, "round.bag_max": 3}, "[round] bag_max: must be >= 4, got 3"),
        ({"goods.Pepper.penalty": -1}, "[goods.Pepper] penalty: must be non-negative, got -1"),
        ({"goods.Pepper.penalty": 6.5}, "[goods.Pepper] penalty: must be an integer, got 6.5"),
        ({"setup.hand_size": 4}, "[round] bag_max: 5 exceeds the hand size 4"),
        ({"round.market_order": "discard-then-draw"}, "needs draw_from_discards = false"),
        ({"goods.Pepper.penalty": None}, "goods.Pepper.penalty: None cannot be written"),
    ],
)
def test_bad_changes_raise_the_loaders_message_naming_the_rule(changes, message) -> None:
    with pytest.raises(sc.VariantError) as err:
        house_rule("classic", changes)
    assert message in str(err.value)
    assert str(err.value).startswith("classic-house.toml: ") or "cannot be written" in message


def test_a_refused_save_leaves_the_existing_file_as_it_was(tmp_path: Path) -> None:
    target = save_house_rule(tmp_path / "mine.toml", "classic", {"setup.starting_gold": 40})
    before = target.read_bytes()
    with pytest.raises(sc.VariantError, match=r"mine\.toml: \[round\] bag_max"):
        save_house_rule(target, "classic", {"round.bag_max": 9})
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


def test_a_file_named_like_its_parent_is_refused(tmp_path: Path) -> None:
    with pytest.raises(sc.VariantError, match="would find the file itself"):
        save_house_rule(tmp_path / "classic.toml", "classic", {"setup.starting_gold": 40})
    assert not (tmp_path / "classic.toml").exists()


def test_a_house_rule_of_a_saved_house_rule_extends_it_by_path(tmp_path: Path) -> None:
    first = sc.load_variant(save_house_rule(tmp_path / "a.toml", "classic", {"round.bag_max": 4}))
    second = house_rule(first, {"setup.starting_gold": 20}, name="b")
    assert (second.bag_max, second.starting_gold, second.lineage) == (4, 20, ("classic", "a", "b"))
    assert tomllib.loads(house_rule_toml(first, {}))["extends"] == str(tmp_path / "a.toml")
    # A house rule of a house rule that has no file: built in memory from the loaded one;
    # only its file needs the parent's file.
    unsaved = house_rule("classic", {"round.bag_max": 4})
    third = house_rule(unsaved, {"setup.starting_gold": 20}, name="c")
    assert (third.bag_max, third.starting_gold, third.lineage) == (
        4,
        20,
        ("classic", "classic-house", "c"),
    )
    with pytest.raises(sc.VariantError, match="save it first"):
        house_rule_toml(unsaved, {"setup.starting_gold": 20})
    with pytest.raises(sc.VariantError, match="save it first"):
        save_house_rule(tmp_path / "c.toml", unsaved, {"setup.starting_gold": 20})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.toml"]


def test_numpy_integers_and_tuples_are_written_as_toml() -> None:
    v = house_rule("classic", {"setup.starting_gold": np.int64(35), "scoring.tiebreaks": ()})
    assert v.starting_gold == 35 and v.tiebreaks == ()


def test_fields_cover_the_schema_with_the_loaders_limits() -> None:
    fields = {f.path: f for f in FIELDS["classic"]}
    for path in [
        "players.min",
        "setup.starting_gold",
        "setup.hand_size",
        "setup.discard_piles",
        "setup.discard_pile_setup",
        "round.sheriff_turns",
        "round.sheriff_turns_by_players.5",
        "round.market_starter",
        "round.market_order",
        "round.set_aside_max",
        "round.draw_from_discards",
        "round.bag_min",
        "round.bag_max",
        "round.reshuffle_keep",
        "sheriffs.selection",
        "debts.order",
        "scoring.tiebreaks",
        "goods.Crossbow.count",
        "goods.Crossbow.value",
        "goods.Crossbow.penalty",
        "removed.3.Bread",
        "bonuses.Chickens.queen",
    ]:
        assert path in fields, path
    assert fields["setup.hand_size"].bounds == (1, 50)  # LIMITS["hand_size"]
    assert fields["round.sheriff_turns"].bounds == (1, 10)  # LIMITS["sheriff_turns"]
    assert fields["goods.Pepper.count"].bounds == (0, 1000)  # LIMITS["card_count"]
    assert ("tokens", "legal_goods") in fields["scoring.tiebreaks"].choices
    assert {f.group for f in FIELDS["disney"]} == {"Setup", "Round", "Goods", "Bonuses", "Scoring"}
    assert "tokens.Owl.per_token" in {f.path for f in FIELDS["disney"]}
    assert "goods.Royal Rooster.counts_as.good" in {f.path for f in FIELDS["classic-royal"]}
    # Each field's current value loads unchanged: the fields say what the variant is.
    for name in VARIANTS:
        same = house_rule(name, {f.path: f.value for f in FIELDS[name]})
        assert rule_changes(name, same) == {}, name
        assert all(f.allows(f.value) for f in FIELDS[name]), name
