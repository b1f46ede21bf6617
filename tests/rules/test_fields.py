"""The registry of rule fields (sheriff_core.rules.fields): every place that lists rule
fields agrees with it, and every bound it declares is the loader's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import sheriff_core as sc
from sheriff_core.analysis.compare import RULE_FIELDS, compare_variants
from sheriff_core.analysis.fastsim.tables import unsupported
from sheriff_core.analysis.sim import FastEngineFallback
from sheriff_core.present.rules_summary import summary_blocks
from sheriff_core.rules import fields as registry
from sheriff_core.rules.fields import FIELDS, REQUIRED, instances, kernel_problems, scalar
from sheriff_core.rules.house import editable_fields, house_rule

VARIANTS = sc.variant_names()
ROOT = Path(__file__).resolve().parents[2]
#: Variant attributes that are not rules (names, words, where it was read from).
NOT_RULES = {"name", "title", "summary", "lineage", "source", "default_names", "terms", "raw"}


def test_every_rule_attribute_of_a_variant_has_a_field() -> None:
    attrs = {f.name for f in dataclasses.fields(sc.Variant)} - NOT_RULES - {"extra"}
    declared = {f.attr for f in FIELDS}
    assert attrs - declared == set(), "Variant attributes no registry field fills"
    # A field with no attribute of its own is kept in Variant.extra, read by Variant.rule.
    extra = {f.attr for f in FIELDS if scalar(f)} - attrs
    for name in VARIANTS:
        v = sc.load_variant(name)
        assert set(v.extra) == extra
        for f in FIELDS:
            if scalar(f):
                assert v.rule(f.attr) == f.value(v)


def test_each_field_is_declared_once_and_whole() -> None:
    paths = [f.path for f in FIELDS]
    assert len(paths) == len(set(paths))
    rules_md = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for f in FIELDS:
        assert f.type in ("int", "bool", "choice"), f.path
        assert (f.bounds is not None) == (f.type == "int"), f.path
        assert f.type != "choice" or bool(f.choices) != bool(f.choices_from), f.path
        if f.bounds is not None:
            assert f.bounds[0] <= f.bounds[1], f.path
        assert f.group in ("Setup", "Round", "Goods", "Bonuses", "Scoring"), f.path
        assert f.label and f.rule, f.path
        assert f"**[{f.rule}]**" in rules_md, f"{f.path}: rule {f.rule} is not in docs/rules.md"
        for other in (f.at_least, f.at_most):
            assert other is None or other in paths, (f.path, other)
        # A field is told somewhere: a row, a sentence, or it names what tells it.
        assert f.row or f.says or f.told_by, f.path
        for section, _ in f.says:
            assert section in registry.SECTIONS, (f.path, section)
        if f.default is not REQUIRED and f.type == "int" and f.default is not None:
            assert f.bounds[0] <= f.default <= f.bounds[1], f.path
        if f.default is not REQUIRED and f.type == "choice" and f.choices and f.default is not None:
            assert f.default in f.choices, f.path


@pytest.mark.parametrize("name", VARIANTS)
def test_the_editor_lists_the_registry_and_reads_the_variant(name: str) -> None:
    v = sc.load_variant(name)
    listed = editable_fields(v)
    found = list(instances(v))
    assert [f.path for f in listed] == [path for _, path, _ in found]
    for shown, (f, _, names) in zip(listed, found, strict=True):
        assert shown.value == f.value(v, **names)
        assert shown.bounds == f.bounds
        assert shown.allows(shown.value), shown.path  # a variant's own value is in bounds


def test_the_difference_table_has_a_row_per_single_field() -> None:
    rows = registry.table_rows()
    assert list(RULE_FIELDS)[-len(rows) :] == list(rows)
    for f in FIELDS:
        if scalar(f) and f.row:
            assert f.row in RULE_FIELDS, f.path
    table = compare_variants(VARIANTS)
    assert list(table.index) == list(RULE_FIELDS)


def _out_of_bounds(f: registry.RuleField, current: object) -> list[object]:
    if f.type == "int":
        assert f.bounds is not None
        lo, hi = f.bounds
        return [lo - 1, hi + 1, "7", True]
    if f.type == "bool":
        return [1, "yes"]
    return ["no such choice", 3]


@pytest.mark.parametrize("name", ["classic", "classic-royal", "deputies", "disney"])
def test_the_loader_refuses_every_value_outside_a_fields_bounds(name: str) -> None:
    """A value outside a field's declared bounds or choices is refused by the loader,
    naming the field's key (the bounds are the loader's, not the editor's own)."""
    v = sc.load_variant(name)
    tried, seen = 0, set()
    for f, path, names in instances(v):
        if f.path == "scoring.tiebreaks" or f.path in seen:
            continue  # tie-breaks: a list, each word checked (tests/rules/test_variants.py)
        seen.add(f.path)  # a field of each good...: its first instance
        for bad in _out_of_bounds(f, f.value(v, **names)):
            if f.type == "int" and isinstance(bad, int) and not isinstance(bad, bool):
                if bad > f.bounds[1] and (f.at_most is not None or f.path == "sheriffs.per_round"):
                    # Bounded by another field, worded by its builder.
                    with pytest.raises(sc.VariantError):
                        house_rule(v, {path: bad})
                    continue
            with pytest.raises(sc.VariantError) as refused:
                house_rule(v, {path: bad})
            key = "counts_as" if ".counts_as." in path else path.rsplit(".", 1)[-1]
            if f.path in ("removed.{n}.{good}",):
                key = names["good"]
            assert key in str(refused.value), (path, bad, str(refused.value))
            tried += 1
    assert tried > 40


def _another_value(f: registry.RuleField, v: sc.Variant, path: str, names: dict) -> list:
    now = f.value(v, **names)
    if f.type == "bool":
        return [not now]
    if f.type == "int":
        assert f.bounds is not None
        return [x for x in (now + 1, now - 1, f.bounds[0]) if f.bounds[0] <= x <= f.bounds[1]]
    choices = getattr(v, f.choices_from) if f.choices_from else f.choices
    return [c for c in choices if c != now]


# Changes a house rule cannot make alone (the loader's rules between fields), with the
# companion change that makes them loadable.
_WITH = {
    "round.market_order": {"round.draw_from_discards": False},
    "sheriffs.selection": {"sheriffs.per_round": 1},
}


def _rules(v: sc.Variant) -> list:
    """The summary's blocks after the title and the introduction (which, for a house rule,
    lists its changes)."""
    return [dataclasses.astuple(b) for b in summary_blocks(v)[2:]][:-1]


@pytest.mark.parametrize("name", ["classic", "deputies", "disney"])
def test_every_field_that_applies_shows_in_the_summary_and_the_table(name: str) -> None:
    """Changing any single field a variant uses changes its rules summary or its row of
    the difference table: no rule field is silent."""
    v = sc.load_variant(name)
    summary = _rules(v)
    table = compare_variants([v])[v.name]
    silent, alone = [], []
    for f, path, names in instances(v):
        if f.applies is not None and not f.applies(v):
            continue
        made = None
        for value in _another_value(f, v, path, names):
            try:
                made = house_rule(v, {path: value, **_WITH.get(path, {})})
                break
            except sc.VariantError:
                continue
        if made is None:
            alone.append(path)
            continue
        same_summary = _rules(made) == summary
        same_row = (
            compare_variants([made])[made.name]
            .drop(["title", "extends"])
            .equals(table.drop(["title", "extends"]))
        )
        if same_summary and same_row:
            silent.append(path)
    assert silent == []
    # The few a house rule cannot change alone (a legal good's kind: its bonus; Disney's
    # discard-then-draw market needs no drawing from the piles...) are not most of them.
    assert len(alone) <= 10, alone


@pytest.mark.parametrize("name", sc.variant_names())
def test_the_compiled_simulator_plays_every_bundled_variant(name: str) -> None:
    """Every field's ``kernel`` is None (fastsim plays every value the loader accepts), so
    neither the registry nor fastsim.tables.unsupported names anything of a bundled variant."""
    v = sc.load_variant(name)
    assert kernel_problems(v) == [] and unsupported(v, [], []) == []


def test_a_field_the_kernel_does_not_play_is_named_by_the_compiled_simulator(monkeypatch) -> None:
    """fastsim.tables.unsupported reads the registry: a field whose ``kernel`` leaves out
    the variant's value is refused by name (as a new rule field is, until the kernel plays it)."""
    from dataclasses import replace

    for changes in ({"round.bag_min": 2}, {"round.market_starter": "sheriff_chooses"}):
        v = house_rule("classic", changes)
        assert unsupported(v, [], []) == []
    path = "round.market_starter"
    narrowed = tuple(
        replace(f, kernel=("sheriff_left",)) if f.path == path else f for f in registry.FIELDS
    )
    monkeypatch.setattr(registry, "FIELDS", narrowed)
    v = house_rule("classic", {path: "sheriff_chooses"})
    assert unsupported(v, [], []) == [
        "variant field market_starter='sheriff_chooses' (the kernel plays 'sheriff_left')"
    ]


def test_field_lookup_and_rule_values() -> None:
    v = sc.load_variant("classic")
    assert registry.field("round.bag_max").value(v) == v.bag_max == v.rule("bag_max")
    with pytest.raises(KeyError, match="no rule field 'round.bag'"):
        registry.field("round.bag")
    with pytest.raises(AttributeError, match="no rule field 'name'"):
        v.rule("name")
    with pytest.raises(KeyError, match="unknown section"):
        registry.sentences(v, "nowhere")


def _with_new_field(monkeypatch, new: registry.RuleField) -> None:
    """The registry with ``new`` added at its end (as a branch adding a field would)."""
    monkeypatch.setattr(registry, "FIELDS", (*registry.FIELDS, new))


def _setting(v: sc.Variant, attr: str, value: object) -> sc.Variant:
    """``v`` with a field kept in ``Variant.extra`` set (as the loader keeps a new field)."""
    from types import MappingProxyType

    return dataclasses.replace(v, extra=MappingProxyType({**v.extra, attr: value}))


def test_a_new_field_without_a_kernel_declaration_is_refused_unless_at_its_default(
    monkeypatch,
) -> None:
    """A field added with no ``kernel`` is played by the compiled simulator only at its
    default: any other value is named by fastsim.tables.unsupported, so engine="fast"
    refuses it and engine="auto" plays the checked engine (issue 30: a new field's kernel
    used to default to "every value", and the kernel silently played without the rule)."""
    new = registry.RuleField(
        "round.example_cap", "example_cap", "int", "Round",
        "an example cap", (0, 12), default=12, rule="INSP-1",
    )  # fmt: skip
    assert new.kernel is registry.DEFAULT_ONLY
    _with_new_field(monkeypatch, new)
    classic = sc.load_variant("classic")
    at_default = _setting(classic, "example_cap", 12)
    assert kernel_problems(at_default) == [] and unsupported(at_default, [], []) == []
    for value in (0, 1, 11):
        capped = _setting(classic, "example_cap", value)
        assert unsupported(capped, ["honest"], ["threshold"]) == [
            f"variant field example_cap={value} (the kernel plays only the default, 12; "
            "the field declares no kernel)"
        ]
    capped = _setting(classic, "example_cap", 1)
    with pytest.raises(ValueError, match="example_cap=1"):
        sc.simulate(capped, players=3, games=1, seed=1, engine="fast", progress=False)
    with pytest.warns(FastEngineFallback, match="example_cap=1"):
        sc.simulate(capped, players=3, games=1, seed=1, engine="auto", progress=False)


def test_a_field_declared_to_play_every_value_or_some_values(monkeypatch) -> None:
    """``kernel=EVERY`` plays every value; a tuple plays those values (a bool is not 1);
    a required field with no kernel declared is refused whatever its value; and
    ``kernel=None``, which used to mean "every value", is refused when the entry is made."""
    RuleField = registry.RuleField
    classic = sc.load_variant("classic")
    every = RuleField("round.a", "a", "int", "Round", "a", (0, 9), default=0, kernel=registry.EVERY)
    some = RuleField("round.b", "b", "int", "Round", "b", (0, 9), default=0, kernel=(0, 1))
    flag = RuleField("round.c", "c", "bool", "Round", "c", default=False, kernel=(False,))
    required = RuleField("round.d", "d", "int", "Round", "d", (0, 9))
    monkeypatch.setattr(registry, "FIELDS", (*registry.FIELDS, every, some, flag, required))
    v = classic
    for attr, value in (("a", 7), ("b", 1), ("c", False), ("d", 0)):
        v = _setting(v, attr, value)
    assert kernel_problems(v) == [
        "variant field d=0 (the kernel plays no value: no default; the field declares no kernel)"
    ]
    v = _setting(_setting(v, "b", 2), "c", 0)
    assert [p.split(" (")[0] for p in kernel_problems(v)] == [
        "variant field b=2",
        "variant field c=0",
        "variant field d=0",
    ]
    with pytest.raises(ValueError, match=r"round\.e: kernel=None is not a declaration"):
        RuleField("round.e", "e", "int", "Round", "e", (0, 9), default=0, kernel=None)
    with pytest.raises(ValueError, match=r"kernel=\[0\] is not a declaration"):
        RuleField("round.e", "e", "int", "Round", "e", (0, 9), default=0, kernel=[0])
