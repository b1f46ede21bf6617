"""Load, merge and validate variant files into frozen :class:`Variant` rules.

A variant is a TOML file. It may name a parent with ``extends`` and then lists
only what differs: tables are merged key by key, except the tables named in
``replace``, which replace the parent's table whole. Every key is checked: an
unknown key, a negative count or a bonus for a good that does not exist is a
:class:`~sheriff_core.base.errors.VariantError` naming the file, the key and the
value (the checks of :class:`sheriff_core.base.schema.TomlChecker`, shared with
Nottingham's rules); an error in a parent file also names the chain of files that
extend it ("in b.toml, extended by a.toml: ..."). Sizes are limited
(:data:`LIMITS`) and checked before anything is built, so a typo cannot make a
billion cards.

>>> v = load_variant("classic")
>>> v.goods["Pepper"].penalty, v.rounds(3), v.rounds(4)
(4, 9, 8)
>>> load_variant("summary-sheet").goods["Pepper"].penalty
6
"""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sheriff_core.base.errors import RulesError, VariantError
from sheriff_core.base.i18n import N_, Message, Names
from sheriff_core.base.schema import TomlChecker, parse_toml, show
from sheriff_core.rules.fields import (
    FIELDS,
    KINDS,
    LIMITS,
    REQUIRED,
    TIEBREAKS,
    scalar,
)
from sheriff_core.rules.fields import field as rule_field

__all__ = [
    "Good",
    "Bonus",
    "Token",
    "Variant",
    "load_variant",
    "variant_names",
    "data_dir",
    "name_problem",
]

REPLACEABLE = ("goods", "removed", "bonuses", "tokens")


def data_dir() -> Path:
    """The folder holding the bundled data (``variants/`` inside it).

    In a wheel the data lives in ``sheriff_core/data``; in a source checkout
    (editable install) it is the repository's top-level ``data/``.
    """
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "data", here.parent / "data"):
        if (candidate / "variants").is_dir():
            return candidate
    raise FileNotFoundError("sheriff_core data folder not found (expected data/variants)")


# A name ending like a market turn's take list ("... take 0") would read back as one.
_TAKE_TAIL = re.compile(r".* take -?\d+")


def name_problem(name: str, kind: str = "good") -> str | None:
    """Why the action text form (``str(action)`` / ``parse_action``) cannot carry the good
    or token name ``name``, or None if it can. The loader refuses such names, so every
    action a variant allows reads back as itself.

    >>> name_problem("Salt") is None
    True
    >>> name_problem("Salt, Fine")
    "a good's name cannot contain ',' (the action text form separates cards with it)"
    """
    if not name:
        return f"a {kind}'s name cannot be empty"
    if len(name) > LIMITS["name_chars"]:
        return (
            f"a {kind}'s name is at most {LIMITS['name_chars']} characters, not {len(name):,} "
            "(a save lists every card by its name)"
        )
    if name != name.strip():
        return f"a {kind}'s name cannot start or end with a space (the action text form strips it)"
    for ch, why in ((",", "separates cards with it"), (";", "separates an offer's parts with it")):
        if ch in name:
            return f"a {kind}'s name cannot contain {ch!r} (the action text form {why})"
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            return (
                f"a {kind}'s name cannot contain the control character or line break {ch!r} "
                "(the action text form is one line of text)"
            )
    if _TAKE_TAIL.fullmatch(name):
        return (
            f"a {kind}'s name cannot end in ' take' and a number (a market turn's text form "
            "would read it as the discard piles drawn from)"
        )
    return None


def variant_names() -> list[str]:
    """Names of the bundled variants, sorted.

    >>> "classic" in variant_names()
    True
    """
    return sorted(p.stem for p in (data_dir() / "variants").glob("*.toml"))


@dataclass(frozen=True, slots=True)
class Good:
    """One kind of goods card: what it is worth and what it costs when caught."""

    name: str
    kind: str
    count: int
    value: int
    penalty: int
    counts_as: tuple[str, int] | None = None

    @property
    def is_legal(self) -> bool:
        return self.kind == "legal"


@dataclass(frozen=True, slots=True)
class Bonus:
    """King (most) and Queen (second most) bonus for one legal good or one token.

    ``counts`` is ``"goods"`` (cards of that good on the stand, royal goods
    counting as several) or ``"tokens"`` (tokens of that name).
    """

    king: int
    queen: int
    counts: str = "goods"


@dataclass(frozen=True, slots=True)
class Token:
    """A token that ``per_token`` goods of one kind on the stand may be exchanged for.

    ``supply`` is the number in the box; ``supply_by_players`` overrides it for
    some player counts (e.g. 0 Otto tokens with 3 players in Disney's game).
    """

    name: str
    good: str
    per_token: int
    value: int
    supply: int
    supply_by_players: Mapping[int, int]

    def supply_for(self, players: int) -> int:
        return self.supply_by_players.get(players, self.supply)


@dataclass(frozen=True)
class Variant:
    """A loaded, validated, read-only rule set. Build it with :func:`load_variant`."""

    name: str
    title: str
    summary: str
    lineage: tuple[str, ...]
    source: str
    min_players: int
    max_players: int
    default_names: tuple[str, ...]
    starting_gold: int
    hand_size: int
    discard_piles: int
    discard_pile_setup: int
    sheriff_turns: int
    sheriff_turns_by_players: Mapping[int, int]
    market_starter: str
    set_aside_max: int
    draw_from_discards: bool
    bag_min: int
    bag_max: int
    reshuffle_keep: int
    debt_order: str
    tiebreaks: tuple[str, ...]
    goods: Mapping[str, Good]
    removed: Mapping[int, Mapping[str, int]]
    bonuses: Mapping[str, Bonus]
    sheriff_selection: str = "rotate"
    market_order: str = "draw-then-discard"
    sheriffs_per_round: int = 1
    deputy_deck_passes: int = 0
    tokens: Mapping[str, Token] = field(default_factory=lambda: MappingProxyType({}))
    terms: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: The values of the registry's rule fields that have no attribute of their own here
    #: (``sheriff_core.rules.fields``), by their ``attr``: read them with :meth:`rule`.
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    raw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)

    # A variant is immutable: copies share it, and pickle rebuilds it from its data (the
    # path saves take), since its read-only mappings (MappingProxyType) cannot be pickled.

    def __copy__(self) -> Variant:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Variant:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as ``Variant.from_data(self.to_data(), self.source)``.

        >>> import pickle
        >>> v = load_variant("classic")
        >>> pickle.loads(pickle.dumps(v)) == v
        True
        """
        return (_variant_from_data, (self.to_data(), self.source))

    def rule(self, attr: str) -> Any:
        """The value of the rule field whose ``attr`` (``sheriff_core.rules.fields``) is
        ``attr``: an attribute of the variant, or a field kept in :attr:`extra`.

        >>> load_variant("classic").rule("bag_max")
        5
        """
        if attr in self.extra:
            return self.extra[attr]
        if attr in _ATTRS:
            return getattr(self, attr)
        raise AttributeError(Message("{name}: no rule field {attr!r}", name=self.name, attr=attr))

    @property
    def legal_goods(self) -> tuple[str, ...]:
        """Names of the goods that may be declared, in file order."""
        return tuple(n for n, g in self.goods.items() if g.kind == "legal")

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless ``players`` is a supported count."""
        if not self.min_players <= players <= self.max_players:
            raise RulesError(
                "{name} is played by {min_players}-{max_players} players, not {players}",
                name=self.name,
                min_players=self.min_players,
                max_players=self.max_players,
                players=players,
            )

    def sheriff_turns_for(self, players: int) -> int:
        """How many times each player is Sheriff (or Deputy) in a game of ``players``."""
        if self.sheriff_selection == "deputy_deck":
            return self.deputy_deck_passes
        return self.sheriff_turns_by_players.get(players, self.sheriff_turns)

    def rounds(self, players: int) -> int:
        """Number of rounds in a game of ``players``.

        Rotating Sheriff: each player is Sheriff ``sheriff_turns`` times. Deputy
        deck: the deck of one card per player is dealt ``sheriffs_per_round`` at a
        time and used up ``deputy_deck_passes`` times.
        """
        self.check_players(players)
        if self.sheriff_selection == "deputy_deck":
            return self.deputy_deck_passes * (players // self.sheriffs_per_round)
        return players * self.sheriff_turns_for(players)

    def term(self, key: str) -> str:
        """The variant's word for a thing (``"contraband"``, ``"king"``, ``"stand"``...)."""
        return self.terms.get(key, _DEFAULT_TERMS.get(key, key))

    def deck_counts(self, players: int) -> dict[str, int]:
        """Card counts in the deck for ``players``, after the removals."""
        self.check_players(players)
        gone = self.removed.get(players, {})
        return {n: g.count - gone.get(n, 0) for n, g in self.goods.items()}

    def to_data(self) -> dict[str, Any]:
        """The merged variant data (no ``extends``), as plain JSON-able values."""
        return json.loads(json.dumps(thaw(self.raw)))

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str = "<data>") -> Variant:
        """Build a variant from merged data, as returned by :meth:`to_data`.

        Equal data (and source) give the same object (a small cache: variants are
        immutable), so loading many saves or simulation chunks builds each once.

        >>> v = load_variant("classic")
        >>> Variant.from_data(v.to_data(), "x") is Variant.from_data(v.to_data(), "x")
        True
        """
        try:
            key = (json.dumps(data, sort_keys=True, separators=(",", ":")), source)
        except (TypeError, ValueError):  # not JSON-like data: build it (and let it fail)
            return _build(dict(copy.deepcopy(dict(data))), source, None)
        hit = _FROM_DATA.get(key)
        if hit is None:
            if len(_FROM_DATA) > 64:
                _FROM_DATA.clear()
            hit = _FROM_DATA[key] = _build(dict(copy.deepcopy(dict(data))), source, None)
        return hit


_FROM_DATA: dict[tuple[str, str], Variant] = {}
#: The Variant attributes rule fields fill (a field naming another attribute goes in ``extra``).
_ATTRS = frozenset(f.attr for f in FIELDS) & frozenset(f.name for f in fields(Variant))


def _variant_from_data(data: dict[str, Any], source: str) -> Variant:
    """Unpickle a :class:`Variant` (see ``Variant.__reduce__``)."""
    return Variant.from_data(data, source)


# --------------------------------------------------------------------------- loading


def load_variant(name_or_path: str | Path | Variant) -> Variant:
    """Load a bundled variant by name, or a user's own TOML file by path.

    A loaded :class:`Variant` is returned as it is.

    >>> load_variant("classic-royal").goods["Bleu Cheese"].counts_as
    ('Cheese', 3)
    >>> load_variant("")
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: variant name or path is empty
    """
    if isinstance(name_or_path, Variant):
        return name_or_path
    path = _resolve(str(name_or_path), None)
    merged, lineage = _load_merged(path, ())
    merged["lineage"] = list(lineage)
    try:
        return _build(merged, str(path), lineage)
    except VariantError as exc:
        body = _body(exc, path)
        chain = _inherited_from(path, body)
        if chain is None:
            raise
        where = f"in {chain[0]}, extended by " + ", extended by ".join(chain[1:])
        raise VariantError("{where}: {body}", where=where, body=body) from None


def _body(exc: VariantError, path: Path) -> str:
    """The message of ``exc`` without its leading ``"<path>: "``."""
    return str(exc).removeprefix(f"{path}: ")


def _inherited_from(path: Path, body: str) -> tuple[str, ...] | None:
    """If the parent of ``path`` already fails with ``body``, the files from the one that
    brought the error in down to ``path`` (only called on the error path)."""
    ref = _read_toml(path, str(path)).get("extends")
    if not isinstance(ref, str):
        return None
    parent = _resolve(ref, path.parent)
    merged, lineage = _load_merged(parent, ())
    merged["lineage"] = list(lineage)
    try:
        _build(merged, str(parent), lineage)
    except VariantError as exc:
        if _body(exc, parent) == body:
            return (_inherited_from(parent, body) or (str(parent),)) + (str(path),)
    return None


def _resolve(ref: str, relative_to: Path | None) -> Path:
    """The file a variant name or path refers to (resolved, so cycles are seen)."""
    if not ref.strip():
        raise VariantError("variant name or path is empty")
    try:
        return _find(ref, relative_to)
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte...
        if isinstance(exc, VariantError):
            raise
        raise VariantError(
            "{show}: not a usable variant name or path: {exc}", show=show(ref), exc=exc
        ) from None


def _find(ref: str, relative_to: Path | None) -> Path:
    candidate = Path(ref)
    if candidate.suffix == ".toml" or candidate.is_file() or "/" in ref or "\\" in ref:
        if not candidate.is_absolute() and relative_to is not None:
            candidate = relative_to / candidate
        if candidate.is_dir():
            raise VariantError("{ref}: is a folder, not a variant file", ref=ref)
        if candidate.exists():
            return candidate.resolve()
        raise VariantError("variant file not found: {ref}", ref=ref)
    if relative_to is not None and (relative_to / f"{ref}.toml").is_file():
        return (relative_to / f"{ref}.toml").resolve()
    bundled = data_dir() / "variants" / f"{ref}.toml"
    if bundled.exists():
        return bundled.resolve()
    if candidate.is_dir():
        raise VariantError("{ref}: is a folder, not a variant file", ref=ref)
    raise VariantError(
        "unknown variant {ref!r}; bundled variants: {variant_names}",
        ref=ref,
        variant_names=Names(variant_names()),
    )


def _read_toml(path: Path, loc: str) -> dict[str, Any]:
    """Parse one file, refusing huge, non-UTF-8 or too deeply nested ones."""
    limit = LIMITS["file_bytes"]
    try:
        with path.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise VariantError(
            "{loc}: cannot read the file: {value}", loc=loc, value=exc.strerror or exc
        ) from None
    data = parse_toml(raw, loc, VariantError, limit, LIMITS["depth"])
    TomlChecker(loc, VariantError).depth(data, LIMITS["depth"])
    return data


def _load_merged(path: Path, seen: tuple[str, ...]) -> tuple[dict[str, Any], tuple[str, ...]]:
    # ``seen``: the files that extend this one, the file the user named first.
    loc = (
        str(path)
        if not seen
        else f"in {path}, extended by " + ", extended by ".join(reversed(seen))
    )
    if str(path) in seen:
        chain = " -> ".join(seen + (str(path),))
        raise VariantError("{seen}: extends: circular chain {chain}", seen=seen[-1], chain=chain)
    if len(seen) >= LIMITS["extends"]:
        raise VariantError(
            "{loc}: extends: more than {LIMITS} files in the chain",
            loc=loc,
            LIMITS=LIMITS["extends"],
        )
    data = _read_toml(path, loc)
    parent_ref = data.pop("extends", None)
    replace = data.pop("replace", [])
    c = _checker(loc)
    c.choices(replace, "replace", REPLACEABLE)
    c.check_keys(data, _SCHEMA, _ENTRIES)
    if parent_ref is None:
        return data, (str(data.get("name", path.stem)),)
    if not isinstance(parent_ref, str):
        raise VariantError(
            "{loc}: extends: must be a variant name or a path, got {show}",
            loc=loc,
            show=show(parent_ref),
        )
    try:
        parent_path = _resolve(parent_ref, path.parent)
    except VariantError as exc:
        raise VariantError("{loc}: extends: {exc}", loc=loc, exc=exc) from None
    parent, lineage = _load_merged(parent_path, seen + (str(path),))
    for table in replace:
        parent.pop(table, None)
    merged = _merge(parent, data)
    if "name" not in data:
        merged["name"] = path.stem
    return merged, lineage + (str(merged["name"]),)


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


# The words a variant file's [terms] may replace (shown through the core catalog).
_DEFAULT_TERMS = {
    "contraband": N_("contraband"),
    "king": N_("King"),
    "queen": N_("Queen"),
    "stand": N_("merchant stand"),
    "sheriff": N_("Sheriff"),
    "sheriffs": N_("Sheriffs"),
    "token": N_("token"),
}

# Schema of one file (see TomlChecker.check_keys): per top-level key, the keys of its
# table, "table" for a table of named entries (their keys in _ENTRIES), "strings" for a
# table of words, or a type (a value or a table checked while building). The rule
# fields' keys come from the registry (sheriff_core.rules.fields); the rest are not rules.
_SCHEMA: dict[str, Any] = {
    "terms": "strings",
    "sheriffs": set(),
    "tokens": "table",
    "name": str,
    "title": str,
    "summary": str,
    "players": {"names"},
    "setup": set(),
    "round": set(),
    "debts": set(),
    "scoring": set(),
    "goods": "table",
    "removed": dict,
    "bonuses": "table",
    "lineage": list,
}
_ENTRIES: dict[str, set[str]] = {"goods": set(), "bonuses": set(), "tokens": set()}
for _f in FIELDS:
    if _f.section in _ENTRIES:
        _ENTRIES[_f.section].add(_f.key)
    elif isinstance(_SCHEMA.get(_f.section, set()), set):
        _SCHEMA.setdefault(_f.section, set()).add(_f.key)
# The tables every merged variant has, in the order a missing one is reported.
_REQUIRED = ("players", "setup", "round", "debts", "scoring", "goods", "bonuses")


def _checker(path: str) -> TomlChecker:
    """The checks of one file (or merged data): errors are :class:`VariantError` naming
    ``path``; numbers are at most ``LIMITS["number"]`` unless a check says otherwise."""
    return TomlChecker(path, VariantError, LIMITS["number"])


def _build(data: dict[str, Any], path: str, lineage: tuple[str, ...] | None) -> Variant:
    """Check merged variant data and build its :class:`Variant` (``lineage``: the
    names of the files read, or None to take the checked ``lineage`` of the data).

    One helper per part of the file, called in the order the checks report errors
    (the first rule broken is the one named): the top level, goods, players, removed
    cards, tokens, bonuses, the round, the Sheriffs, the tie-breaks, then the values
    read while building and the deck's size for every player count.
    """
    c = _checker(path)
    name = _check_top(data, c)
    lineage = _check_lineage(data.get("lineage", []), c) if lineage is None else lineage
    goods = _build_goods(data["goods"], c)
    legal = _check_goods(goods, c)
    min_p, max_p, names = _build_players(data["players"], c)
    removed = _build_removed(data.get("removed", {}), c, goods, (min_p, max_p))
    tokens = _build_tokens(data.get("tokens", {}), c, goods, legal)
    bonuses = _build_bonuses(data["bonuses"], c, legal, tokens)
    st, rd = data["setup"], data["round"]
    turns_by = _build_turns_by(rd, c)
    table = _build_table(st, rd, c)
    sheriffs = _build_sheriffs(data.get("sheriffs", {}), c, (min_p, max_p))
    tiebreaks = data["scoring"].get("tiebreaks", [])
    if not isinstance(tiebreaks, list):
        raise c.fail("[scoring] tiebreaks", "must be a list, got {show}", show=show(tiebreaks))
    for t in tiebreaks:
        c.choice(t, "[scoring] tiebreaks", TIEBREAKS)
    if "tokens" in tiebreaks and not tokens:
        raise c.fail(
            "[scoring] tiebreaks",
            "'tokens' breaks a tie by the most tokens, and this variant has no [tokens]",
        )
    variant = Variant(
        name=name,
        title=str(data.get("title", name)),
        summary=str(data.get("summary", "")),
        lineage=tuple(lineage),
        source=path,
        min_players=min_p,
        max_players=max_p,
        default_names=tuple(names),
        sheriff_turns_by_players=MappingProxyType(turns_by),
        tiebreaks=tuple(tiebreaks),
        goods=MappingProxyType(goods),
        removed=MappingProxyType({k: MappingProxyType(v) for k, v in removed.items()}),
        bonuses=MappingProxyType(bonuses),
        tokens=MappingProxyType(tokens),
        terms=MappingProxyType(dict(data.get("terms", {}))),
        raw=freeze(data),
        **table,
        **sheriffs,
        **_build_numbers(data, st, rd, c),
        extra=MappingProxyType(_build_extra(data, c)),
    )
    _check_deck_size(variant, c)
    return variant


def _read(
    c: TomlChecker,
    table: Mapping[str, Any],
    path: str,
    values: Mapping[str, Any] | None = None,
    *,
    most: bool = True,
) -> Any:
    """The rule field ``path`` of ``table`` (its section of the file), checked as the
    registry declares it (``sheriff_core.rules.fields``): required or its default, its
    type, its own bounds or choices. ``values``: fields read so far, for a lower bound
    set by another field (``at_least``). An upper bound set by another field
    (``at_most``) is the builder's to check, with its own words, as is the top of
    ``bounds`` when ``most`` is False.
    """
    f = rule_field(path)
    if f.default is REQUIRED:
        raw = c.need(table, f.key, f.section)
    else:
        raw = table.get(f.key, f.default)
    if f.type == "int":
        assert f.bounds is not None, path
        lo, hi = f.bounds
        if f.at_least is not None and values is not None and f.at_least in values:
            lo = values[f.at_least]
        return c.integer(raw, f.where, lo, hi if most and f.at_most is None else None)
    if f.type == "bool":
        return c.boolean(raw, f.where)
    assert f.choices is not None, path
    return c.choice(raw, f.where, f.choices)


def _bounded(c: TomlChecker, raw: Any, where: str, path: str) -> int:
    """``raw`` checked against the registry's bounds of the field ``path`` (a field of each
    good, token, bonus or player count), the loader's messages naming it ``where``."""
    f = rule_field(path)
    assert f.bounds is not None, path
    lo, hi = f.bounds
    return c.integer(raw, where, lo, None if f.at_most is not None else hi)


def _build_extra(data: Mapping[str, Any], c: TomlChecker) -> dict[str, Any]:
    """The registry's rule fields that have no Variant attribute of their own."""
    return {
        f.attr: _read(c, c.table(data.get(f.section, {}), f.section), f.path)
        for f in FIELDS
        if scalar(f) and f.attr not in _ATTRS
    }


def _check_top(data: dict[str, Any], c: TomlChecker) -> str:
    """Depth, known keys, the required tables, name, title, summary; returns the name."""
    c.depth(data, LIMITS["depth"])
    c.check_keys(data, _SCHEMA, _ENTRIES)
    c.require(data, {sec: _SCHEMA[sec] for sec in _REQUIRED})
    name = c.string(data.get("name"), "name", empty=False)
    for key in ("title", "summary"):
        c.string(data.get(key, ""), key)
    if len(data["goods"]) > LIMITS["goods"]:
        raise c.fail(
            "[goods]",
            "at most {LIMITS} kinds of goods, got {n_data}",
            LIMITS=LIMITS["goods"],
            n_data=len(data["goods"]),
        )
    return name


def _check_lineage(value: Any, c: TomlChecker) -> tuple[str, ...]:
    """``lineage`` (the names of the variant's ``extends`` chain, the variant last): a list
    of at most ``LIMITS["extends"] + 1`` non-empty strings (a save carries it)."""
    most = LIMITS["extends"] + 1
    if (
        not isinstance(value, list | tuple)
        or len(value) > most
        or not all(isinstance(v, str) and v for v in value)
    ):
        raise c.fail(
            "lineage",
            "must be a list of at most {most} non-empty names, got {show}",
            most=most,
            show=show(value),
        )
    return tuple(value)


def _build_goods(table: Mapping[str, Any], c: TomlChecker) -> dict[str, Good]:
    """Each ``[goods.X]`` table as a :class:`Good`, in file order."""
    return {gname: _build_good(gname, g, c) for gname, g in table.items()}


def _build_good(gname: str, g: Mapping[str, Any], c: TomlChecker) -> Good:
    where = f"[goods.{gname}]"
    problem = name_problem(gname)
    if problem is not None:
        raise c.fail(f"[goods.{json.dumps(gname)}]", problem)
    entry = f"goods.{gname}"

    def number(key: str) -> int:
        return _bounded(c, c.need(g, key, entry), f"{where} {key}", f"goods.{{good}}.{key}")

    kind = c.choice(c.need(g, "kind", entry), f"{where} kind", KINDS)
    counts_as = g.get("counts_as")
    if counts_as is not None:
        if (
            not isinstance(counts_as, list)
            or len(counts_as) != 2
            or not isinstance(counts_as[0], str)
        ):
            raise c.fail(
                f"{where} counts_as", "must be [good, n], got {show}", show=show(counts_as)
            )
        times = _bounded(c, counts_as[1], f"{where} counts_as", "goods.{royal}.counts_as.n")
        counts_as = (counts_as[0], times)
    return Good(
        name=gname,
        kind=kind,
        count=number("count"),
        value=number("value"),
        penalty=number("penalty"),
        counts_as=counts_as,
    )


def _check_goods(goods: Mapping[str, Good], c: TomlChecker) -> list[str]:
    """The deck's size limit, at least one legal good, royal goods counting as legal ones;
    returns the legal goods' names."""
    total = sum(g.count for g in goods.values())
    if total > LIMITS["deck"]:
        raise c.fail(
            "[goods]",
            "the deck would hold {total:,} cards; at most {LIMITS:,}",
            total=total,
            LIMITS=LIMITS["deck"],
        )
    legal = [n for n, g in goods.items() if g.kind == "legal"]
    if not legal:
        raise c.fail("", "[goods] needs at least one legal good to declare")
    for g in goods.values():
        if g.counts_as is not None and g.counts_as[0] not in legal:
            raise c.fail(
                f"[goods.{g.name}] counts_as",
                "{counts_as!r} is not a legal good (legal goods: {legal})",
                counts_as=g.counts_as[0],
                legal=Names(legal),
            )
    return legal


def _build_players(pl: Mapping[str, Any], c: TomlChecker) -> tuple[int, int, tuple[str, ...]]:
    """``[players]``: the fewest and most players and the default names."""
    min_p = _read(c, pl, "players.min")
    max_p = _read(c, pl, "players.max", {"players.min": min_p})
    names = pl["names"] if "names" in pl else [f"Player {i + 1}" for i in range(max_p)]
    return min_p, max_p, c.names(names, "[players] names", max_p)


def _build_removed(
    table: Any, c: TomlChecker, goods: Mapping[str, Good], players: tuple[int, int]
) -> dict[int, dict[str, int]]:
    """``[removed.N]``: cards of each good taken out of the deck with N players."""
    min_p, max_p = players
    removed: dict[int, dict[str, int]] = {}
    for count_key, cards in c.table(table, "removed").items():
        n = c.player_key(count_key, "[removed]", LIMITS["players"])
        if not min_p <= n <= max_p:
            raise c.fail(
                f"[removed.{count_key}]",
                "player count outside {min_p}-{max_p}",
                min_p=min_p,
                max_p=max_p,
            )
        removed[n] = {}
        for gname, k in c.table(cards, f"removed.{count_key}").items():
            if gname not in goods:
                raise c.fail(
                    "",
                    "[removed.{count_key}] {gname} = {show}: no such good",
                    count_key=count_key,
                    gname=gname,
                    show=show(k),
                )
            gone = _bounded(c, k, f"[removed.{count_key}] {gname}", "removed.{n}.{good}")
            if gone > goods[gname].count:
                raise c.fail(
                    f"[removed.{count_key}] {gname}",
                    "removes {gone} of only {count} cards",
                    gone=gone,
                    count=goods[gname].count,
                )
            removed[n][gname] = gone
    return removed


def _build_tokens(
    table: Any, c: TomlChecker, goods: Mapping[str, Good], legal: list[str]
) -> dict[str, Token]:
    """``[tokens.X]``: at most ``LIMITS["tokens"]`` kinds, one per legal good."""
    token_table = c.table(table, "tokens")
    if len(token_table) > LIMITS["tokens"]:
        raise c.fail(
            "[tokens]",
            "at most {LIMITS} kinds of tokens, got {n_token_table}",
            LIMITS=LIMITS["tokens"],
            n_token_table=len(token_table),
        )
    tokens = {tname: _build_token(tname, t, c, goods, legal) for tname, t in token_table.items()}
    if len({t.good for t in tokens.values()}) != len(tokens):
        doubled = sorted(
            {t.good for t in tokens.values() if [u.good for u in tokens.values()].count(t.good) > 1}
        )
        raise c.fail(
            "[tokens]",
            "each good may have one token at most; {doubled} has more",
            doubled=Names(doubled),
        )
    return tokens


def _build_token(
    tname: str, t: Mapping[str, Any], c: TomlChecker, goods: Mapping[str, Good], legal: list[str]
) -> Token:
    where = f"[tokens.{tname}]"
    problem = name_problem(tname, "token")
    if problem is not None:
        raise c.fail(f"[tokens.{json.dumps(tname)}]", problem)
    good = c.need(t, "good", f"tokens.{tname}")
    if good not in legal:
        raise c.fail(
            f"{where} good",
            "{good!r} is not a legal good (legal goods: {legal})",
            good=good,
            legal=Names(legal),
        )
    if tname in goods:
        raise c.fail(where, "a token cannot share a good's name")
    by_players: dict[int, int] = {}
    for k, n in c.table(t.get("supply_by_players", {}), f"tokens.{tname}").items():
        key = c.player_key(k, f"{where} supply_by_players", LIMITS["players"])
        by_players[key] = _bounded(
            c, n, f"{where} supply_by_players.{k}", "tokens.{token}.supply_by_players.{n}"
        )

    def number(key: str) -> int:
        raw = c.need(t, key, f"tokens.{tname}")
        return _bounded(c, raw, f"{where} {key}", f"tokens.{{token}}.{key}")

    return Token(
        name=tname,
        good=good,
        per_token=number("per_token"),
        value=number("value"),
        supply=number("supply"),
        supply_by_players=MappingProxyType(by_players),
    )


def _build_bonuses(
    table: Mapping[str, Any], c: TomlChecker, legal: list[str], tokens: Mapping[str, Token]
) -> dict[str, Bonus]:
    """``[bonuses.X]``: King and Queen bonuses for a legal good or a token."""
    bonuses: dict[str, Bonus] = {}
    for bname, b in table.items():
        if bname not in legal and bname not in tokens:
            raise c.fail(
                f"[bonuses.{bname}]",
                "{bname!r} is not a legal good or a token of this variant (legal goods: {legal}; tokens: {value})",
                bname=bname,
                legal=Names(legal),
                value=", ".join(tokens) or "none",
            )
        bonuses[bname] = Bonus(
            counts="tokens" if bname in tokens else "goods",
            king=_bounded(
                c,
                c.need(b, "king", f"bonuses.{bname}"),
                f"[bonuses.{bname}] king",
                "bonuses.{bonus}.king",
            ),
            queen=_bounded(
                c,
                c.need(b, "queen", f"bonuses.{bname}"),
                f"[bonuses.{bname}] queen",
                "bonuses.{bonus}.queen",
            ),
        )
    return bonuses


def _build_turns_by(rd: Mapping[str, Any], c: TomlChecker) -> dict[int, int]:
    """``[round] sheriff_turns_by_players``: times each player is Sheriff, per player count."""
    turns_by: dict[int, int] = {}
    turns_table = rd.get("sheriff_turns_by_players", {})
    for k, v in c.table(turns_table, "round.sheriff_turns_by_players").items():
        # Keys outside this variant's player range are allowed (a file extending classic
        # for 4-5 players inherits { 3 = 3 } and cannot delete it) and never used.
        key = c.player_key(k, "[round] sheriff_turns_by_players", LIMITS["players"])
        turns_by[key] = _bounded(
            c, v, f"[round] sheriff_turns_by_players.{k}", "round.sheriff_turns_by_players.{n}"
        )
    return turns_by


def _build_table(st: Mapping[str, Any], rd: Mapping[str, Any], c: TomlChecker) -> dict[str, Any]:
    """The hand, the bag's size, the set-aside cards, the market and the discard piles
    (the :class:`Variant` fields they fill, by name)."""
    hand = _read(c, st, "setup.hand_size")
    bag_min = _read(c, rd, "round.bag_min")
    bag_max = _read(c, rd, "round.bag_max", {"round.bag_min": bag_min})
    if bag_max > hand:
        raise c.fail(
            "[round] bag_max", "{bag_max} exceeds the hand size {hand}", bag_max=bag_max, hand=hand
        )
    set_aside = _read(c, rd, "round.set_aside_max")
    if set_aside > hand:
        raise c.fail(
            "[round] set_aside_max", "{set_aside} exceeds the hand size", set_aside=set_aside
        )
    draw_from_discards = _read(c, rd, "round.draw_from_discards")
    market_order = _read(c, rd, "round.market_order")
    if market_order == "discard-then-draw" and draw_from_discards:
        raise c.fail("[round] market_order", "'discard-then-draw' needs draw_from_discards = false")
    piles = _read(c, st, "setup.discard_piles")
    return {
        "hand_size": hand,
        "bag_min": bag_min,
        "bag_max": bag_max,
        "set_aside_max": set_aside,
        "draw_from_discards": draw_from_discards,
        "market_order": market_order,
        "discard_piles": piles,
    }


def _build_sheriffs(table: Any, c: TomlChecker, players: tuple[int, int]) -> dict[str, Any]:
    """``[sheriffs]``: a rotating Sheriff, or a deck of deputy cards dealt 1-2 at a time."""
    sh = c.table(table, "sheriffs")
    selection = _read(c, sh, "sheriffs.selection")
    per_round = _read(c, sh, "sheriffs.per_round", most=False)  # the top is worded below
    deck_passes = _read(c, sh, "sheriffs.deck_passes")
    if selection == "rotate" and per_round != 1:
        raise c.fail(
            "[sheriffs] per_round",
            "a rotating Sheriff is one player, got {per_round}",
            per_round=per_round,
        )
    if selection == "deputy_deck":
        deputies = rule_field("sheriffs.per_round").bounds or (1, 1)
        if per_round > deputies[1]:
            raise c.fail(
                "[sheriffs] per_round",
                "at most {deputies} Deputies are supported, got {per_round}",
                deputies=deputies[1],
                per_round=per_round,
            )
        if deck_passes < 1:
            raise c.fail(
                "[sheriffs] deck_passes",
                "must be >= 1 for a deputy deck, got {deck_passes}",
                deck_passes=deck_passes,
            )
        for n in range(players[0], players[1] + 1):
            if n % per_round or n - per_round < 1:
                raise c.fail(
                    "[sheriffs] per_round",
                    "{n} players cannot be dealt deputy cards {per_round} at a time",
                    n=n,
                    per_round=per_round,
                )
    return {
        "sheriff_selection": selection,
        "sheriffs_per_round": per_round,
        "deputy_deck_passes": deck_passes,
    }


def _build_numbers(
    data: Mapping[str, Any], st: Mapping[str, Any], rd: Mapping[str, Any], c: TomlChecker
) -> dict[str, Any]:
    """The remaining single values (gold, piles at setup, turns, market starter, reshuffle,
    debts), checked last and in this order."""
    return {
        "starting_gold": _read(c, st, "setup.starting_gold"),
        "discard_pile_setup": _read(c, st, "setup.discard_pile_setup"),
        "sheriff_turns": _read(c, rd, "round.sheriff_turns"),
        "market_starter": _read(c, rd, "round.market_starter"),
        "reshuffle_keep": _read(c, rd, "round.reshuffle_keep"),
        "debt_order": _read(c, data["debts"], "debts.order"),
    }


def _check_deck_size(variant: Variant, c: TomlChecker) -> None:
    """Every supported table can be dealt its hands and its discard piles."""
    for n in range(variant.min_players, variant.max_players + 1):
        deck = sum(variant.deck_counts(n).values())
        needed = n * variant.hand_size + variant.discard_piles * variant.discard_pile_setup
        if deck < needed:
            raise c.fail(
                "[goods]",
                "a {n}-player deck of {deck} cards cannot deal {needed} cards",
                n=n,
                deck=deck,
                needed=needed,
            )


def freeze(value: Any) -> Any:
    """Nested dicts/lists as read-only mappings/tuples (loaded rules are immutable)."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: plain dicts and lists again (for JSON)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value
