"""Load, merge and validate variant files into frozen :class:`Variant` rules.

A variant is a TOML file. It may name a parent with ``extends`` and then lists
only what differs: tables are merged key by key, except the tables named in
``replace``, which replace the parent's table whole. Every key is checked: an
unknown key, a negative count or a bonus for a good that does not exist is a
:class:`~sheriff_core.errors.VariantError` naming the file, the key and the
value; an error in a parent file also names the chain of files that extend it
("in b.toml, extended by a.toml: ..."). Sizes are limited (:data:`LIMITS`) and
checked before anything is built, so a typo cannot make a billion cards.

>>> v = load_variant("classic")
>>> v.goods["Pepper"].penalty, v.rounds(3), v.rounds(4)
(4, 9, 8)
>>> load_variant("summary-sheet").goods["Pepper"].penalty
6
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sheriff_core.errors import RulesError, VariantError

__all__ = ["Good", "Bonus", "Token", "Variant", "load_variant", "variant_names", "data_dir"]

KINDS = ("legal", "contraband", "royal")
MARKET_STARTERS = ("sheriff_left", "sheriff_chooses")
DEBT_ORDERS = ("legal_first", "any")
# A market turn: "draw-then-discard" (1st edition: draw back up, then put the set-aside
# cards on a pile) or "discard-then-draw" (2nd edition: discard first, so the cards just
# discarded are shuffled in if the draw pile runs out during the draw).
MARKET_ORDERS = ("draw-then-discard", "discard-then-draw")
TIEBREAKS = ("legal_goods", "contraband", "tokens")
REPLACEABLE = ("goods", "removed", "bonuses", "tokens")
SHERIFF_SELECTIONS = ("rotate", "deputy_deck")

#: Upper limits checked when a file is loaded (lower limits are in the checks).
LIMITS: Mapping[str, int] = MappingProxyType(
    {
        "players": 12,  # [players] max
        "card_count": 1_000,  # each [goods.X] count
        "deck": 5_000,  # all cards together
        "goods": 100,  # kinds of goods
        "tokens": 50,  # kinds of tokens
        "hand_size": 50,
        "discard_piles": 10,
        "sheriff_turns": 10,  # times each player is Sheriff; deputy deck passes
        "number": 1_000_000,  # gold, values, penalties, bonuses, token supplies
        "file_bytes": 1_000_000,  # size of one TOML file
        "depth": 8,  # nesting of tables and lists
        "extends": 20,  # files in one extends chain
    }
)


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
    raw: Mapping[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @property
    def legal_goods(self) -> tuple[str, ...]:
        """Names of the goods that may be declared, in file order."""
        return tuple(n for n, g in self.goods.items() if g.kind == "legal")

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless ``players`` is a supported count."""
        if not self.min_players <= players <= self.max_players:
            raise RulesError(
                f"{self.name} is played by {self.min_players}-{self.max_players} players, "
                f"not {players}"
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
            return _build(dict(copy.deepcopy(dict(data))), source, tuple(data.get("lineage", ())))
        hit = _FROM_DATA.get(key)
        if hit is None:
            if len(_FROM_DATA) > 64:
                _FROM_DATA.clear()
            lineage = tuple(data.get("lineage", ()))
            hit = _FROM_DATA[key] = _build(dict(copy.deepcopy(dict(data))), source, lineage)
        return hit


_FROM_DATA: dict[tuple[str, str], Variant] = {}


# --------------------------------------------------------------------------- loading


def load_variant(name_or_path: str | Path | Variant) -> Variant:
    """Load a bundled variant by name, or a user's own TOML file by path.

    A loaded :class:`Variant` is returned as it is.

    >>> load_variant("classic-royal").goods["Bleu Cheese"].counts_as
    ('Cheese', 3)
    >>> load_variant("")
    Traceback (most recent call last):
    ...
    sheriff_core.errors.VariantError: variant name or path is empty
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
        raise VariantError(f"{where}: {body}") from None


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


def _show(value: Any) -> str:
    """A short ``repr`` of a value for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _resolve(ref: str, relative_to: Path | None) -> Path:
    """The file a variant name or path refers to (resolved, so cycles are seen)."""
    if not ref.strip():
        raise VariantError("variant name or path is empty")
    try:
        return _find(ref, relative_to)
    except (OSError, ValueError) as exc:  # a name too long, a NUL byte...
        if isinstance(exc, VariantError):
            raise
        raise VariantError(f"{_show(ref)}: not a usable variant name or path: {exc}") from None


def _find(ref: str, relative_to: Path | None) -> Path:
    candidate = Path(ref)
    if candidate.suffix == ".toml" or candidate.is_file() or "/" in ref or "\\" in ref:
        if not candidate.is_absolute() and relative_to is not None:
            candidate = relative_to / candidate
        if candidate.is_dir():
            raise VariantError(f"{ref}: is a folder, not a variant file")
        if candidate.exists():
            return candidate.resolve()
        raise VariantError(f"variant file not found: {ref}")
    if relative_to is not None and (relative_to / f"{ref}.toml").is_file():
        return (relative_to / f"{ref}.toml").resolve()
    bundled = data_dir() / "variants" / f"{ref}.toml"
    if bundled.exists():
        return bundled.resolve()
    if candidate.is_dir():
        raise VariantError(f"{ref}: is a folder, not a variant file")
    raise VariantError(f"unknown variant {ref!r}; bundled variants: {', '.join(variant_names())}")


def _read_toml(path: Path, loc: str) -> dict[str, Any]:
    """Parse one file, refusing huge, non-UTF-8 or too deeply nested ones."""
    limit = LIMITS["file_bytes"]
    try:
        with path.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise VariantError(f"{loc}: cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise VariantError(f"{loc}: file larger than {limit:,} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VariantError(
            f"{loc}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start}); "
            "save the file as UTF-8"
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError(f"{loc}: not valid TOML: {exc}") from None
    except RecursionError:
        raise VariantError(f"{loc}: nested too deeply (at most {LIMITS['depth']} levels)") from None
    _check_depth(data, loc)
    return data


def _check_depth(data: Any, loc: str) -> None:
    """Refuse tables/lists nested deeper than ``LIMITS["depth"]`` (no recursion)."""
    limit = LIMITS["depth"]
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, where = stack.pop()
        if depth > limit:
            raise VariantError(f"{loc}: {where}: nested deeper than {limit} levels")
        if isinstance(value, dict):
            stack.extend((v, depth + 1, f"{where}.{k}".lstrip(".")) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, depth + 1, f"{where}[{i}]") for i, v in enumerate(value))


def _load_merged(path: Path, seen: tuple[str, ...]) -> tuple[dict[str, Any], tuple[str, ...]]:
    # ``seen``: the files that extend this one, the file the user named first.
    loc = (
        str(path)
        if not seen
        else f"in {path}, extended by " + ", extended by ".join(reversed(seen))
    )
    if str(path) in seen:
        chain = " -> ".join(seen + (str(path),))
        raise VariantError(f"{seen[-1]}: extends: circular chain {chain}")
    if len(seen) >= LIMITS["extends"]:
        raise VariantError(f"{loc}: extends: more than {LIMITS['extends']} files in the chain")
    data = _read_toml(path, loc)
    parent_ref = data.pop("extends", None)
    replace = data.pop("replace", [])
    if not isinstance(replace, list) or any(r not in REPLACEABLE for r in replace):
        raise VariantError(
            f"{loc}: replace: must be a list drawn from {list(REPLACEABLE)}, got {_show(replace)}"
        )
    _check_keys(data, loc)
    if parent_ref is None:
        return data, (str(data.get("name", path.stem)),)
    if not isinstance(parent_ref, str):
        raise VariantError(
            f"{loc}: extends: must be a variant name or a path, got {_show(parent_ref)}"
        )
    try:
        parent_path = _resolve(parent_ref, path.parent)
    except VariantError as exc:
        raise VariantError(f"{loc}: extends: {exc}") from None
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


_DEFAULT_TERMS = {
    "contraband": "contraband",
    "king": "King",
    "queen": "Queen",
    "stand": "merchant stand",
    "sheriff": "Sheriff",
    "sheriffs": "Sheriffs",
    "token": "token",
}

# Schema: section -> allowed keys. "*" sections are tables of named entries.
_TOP = {
    "terms",
    "sheriffs",
    "tokens",
    "name",
    "title",
    "summary",
    "players",
    "setup",
    "round",
    "debts",
    "scoring",
    "goods",
    "removed",
    "bonuses",
    "lineage",
}
_SECTIONS = {
    "players": {"min", "max", "names"},
    "setup": {"starting_gold", "hand_size", "discard_piles", "discard_pile_setup"},
    "round": {
        "sheriff_turns",
        "sheriff_turns_by_players",
        "market_starter",
        "market_order",
        "set_aside_max",
        "draw_from_discards",
        "bag_min",
        "bag_max",
        "reshuffle_keep",
    },
    "debts": {"order"},
    "sheriffs": {"selection", "per_round", "deck_passes"},
    "scoring": {"tiebreaks"},
}
_GOOD_KEYS = {"kind", "count", "value", "penalty", "counts_as"}
_BONUS_KEYS = {"king", "queen"}
_TOKEN_KEYS = {"good", "per_token", "value", "supply", "supply_by_players"}


def _check_keys(data: Mapping[str, Any], path: Path | str) -> None:
    """Reject unknown keys in one file (before merging), naming file and key."""
    for key, value in data.items():
        if key not in _TOP:
            raise VariantError(
                f"{path}: unknown key {key!r} (= {_show(value)}); known keys: {sorted(_TOP)}"
            )
        allowed = _SECTIONS.get(key)
        if allowed is not None:
            _table(value, path, key)
            for sub, subvalue in value.items():
                if sub not in allowed:
                    raise VariantError(
                        f"{path}: [{key}] unknown key {sub!r} (= {_show(subvalue)}); "
                        f"known keys: {sorted(allowed)}"
                    )
        elif key == "terms":
            for sub, word in _table(value, path, key).items():
                if not isinstance(word, str):
                    raise VariantError(
                        f"{path}: [terms] {sub}: must be a string, got {_show(word)}"
                    )
        elif key in ("goods", "bonuses", "tokens"):
            keys = {"goods": _GOOD_KEYS, "bonuses": _BONUS_KEYS, "tokens": _TOKEN_KEYS}[key]
            for entry, fields in _table(value, path, key).items():
                for sub, subvalue in _table(fields, path, f"{key}.{entry}").items():
                    if sub not in keys:
                        raise VariantError(
                            f"{path}: [{key}.{entry}] unknown key {sub!r} (= {_show(subvalue)}); "
                            f"known keys: {sorted(keys)}"
                        )


def _table(value: Any, path: Path | str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise VariantError(f"{path}: [{where}] must be a table, got {_show(value)}")
    return value


def _int(
    value: Any, path: str, where: str, minimum: int = 0, maximum: int = LIMITS["number"]
) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VariantError(f"{path}: {where}: must be an integer, got {_show(value)}")
    if value < minimum:
        qualifier = "non-negative" if minimum == 0 else f">= {minimum}"
        raise VariantError(f"{path}: {where}: must be {qualifier}, got {value}")
    if value > maximum:
        raise VariantError(f"{path}: {where}: must be at most {maximum:,}, got {_show(value)}")
    return value


def _player_key(key: str, path: str, where: str) -> int:
    """A table key that is a player count (``{3 = 3}``): a whole number 2..max players."""
    try:
        n = int(key)
    except ValueError:
        n = None
    if n is None or not 2 <= n <= LIMITS["players"]:
        raise VariantError(
            f"{path}: {where}: key {key!r} must be a player count 2-{LIMITS['players']}"
        )
    return n


def _choice(value: Any, path: str, where: str, options: tuple[str, ...]) -> str:
    if value not in options:
        raise VariantError(f"{path}: {where}: must be one of {list(options)}, got {_show(value)}")
    return value


def _need(section: Mapping[str, Any], key: str, path: str, where: str) -> Any:
    if key not in section:
        raise VariantError(f"{path}: [{where}] missing required key {key!r}")
    return section[key]


def _build(data: dict[str, Any], path: str, lineage: tuple[str, ...]) -> Variant:
    """Check merged variant data and build its :class:`Variant`.

    One helper per part of the file, called in the order the checks report errors
    (the first rule broken is the one named): the top level, goods, players, removed
    cards, tokens, bonuses, the round, the Sheriffs, the tie-breaks, then the values
    read while building and the deck's size for every player count.
    """
    name = _check_top(data, path)
    goods = _build_goods(data["goods"], path)
    legal = _check_goods(goods, path)
    min_p, max_p, names = _build_players(data["players"], path)
    removed = _build_removed(data.get("removed", {}), path, goods, (min_p, max_p))
    tokens = _build_tokens(data.get("tokens", {}), path, goods, legal)
    bonuses = _build_bonuses(data["bonuses"], path, legal, tokens)
    st, rd = data["setup"], data["round"]
    turns_by = _build_turns_by(rd, path)
    table = _build_table(st, rd, path)
    sheriffs = _build_sheriffs(data.get("sheriffs", {}), path, (min_p, max_p))
    tiebreaks = data["scoring"].get("tiebreaks", [])
    if not isinstance(tiebreaks, list):
        raise VariantError(f"{path}: [scoring] tiebreaks: must be a list, got {_show(tiebreaks)}")
    for t in tiebreaks:
        _choice(t, path, "[scoring] tiebreaks", TIEBREAKS)
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
        **_build_numbers(data, st, rd, path),
    )
    _check_deck_size(variant, path)
    return variant


def _check_top(data: dict[str, Any], path: str) -> str:
    """Depth, known keys, the required tables, name, title, summary; returns the name."""
    _check_depth(data, path)
    _check_keys(data, path)
    for sec in ("players", "setup", "round", "debts", "scoring", "goods", "bonuses"):
        if sec not in data:
            raise VariantError(f"{path}: missing required table [{sec}]")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise VariantError(f"{path}: name: must be a non-empty string, got {_show(name)}")
    for key in ("title", "summary"):
        if not isinstance(data.get(key, ""), str):
            raise VariantError(f"{path}: {key}: must be a string, got {_show(data[key])}")
    if len(data["goods"]) > LIMITS["goods"]:
        raise VariantError(
            f"{path}: [goods]: at most {LIMITS['goods']} kinds of goods, got {len(data['goods'])}"
        )
    return name


def _build_goods(table: Mapping[str, Any], path: str) -> dict[str, Good]:
    """Each ``[goods.X]`` table as a :class:`Good`, in file order."""
    return {gname: _build_good(gname, g, path) for gname, g in table.items()}


def _build_good(gname: str, g: Mapping[str, Any], path: str) -> Good:
    where = f"[goods.{gname}]"
    kind = _choice(_need(g, "kind", path, f"goods.{gname}"), path, f"{where} kind", KINDS)
    counts_as = g.get("counts_as")
    if counts_as is not None:
        if (
            not isinstance(counts_as, list)
            or len(counts_as) != 2
            or not isinstance(counts_as[0], str)
        ):
            raise VariantError(
                f"{path}: {where} counts_as: must be [good, n], got {_show(counts_as)}"
            )
        counts_as = (counts_as[0], _int(counts_as[1], path, f"{where} counts_as", 1))
    return Good(
        name=gname,
        kind=kind,
        count=_int(
            _need(g, "count", path, f"goods.{gname}"),
            path,
            f"{where} count",
            maximum=LIMITS["card_count"],
        ),
        value=_int(_need(g, "value", path, f"goods.{gname}"), path, f"{where} value"),
        penalty=_int(_need(g, "penalty", path, f"goods.{gname}"), path, f"{where} penalty"),
        counts_as=counts_as,
    )


def _check_goods(goods: Mapping[str, Good], path: str) -> list[str]:
    """The deck's size limit, at least one legal good, royal goods counting as legal ones;
    returns the legal goods' names."""
    total = sum(g.count for g in goods.values())
    if total > LIMITS["deck"]:
        raise VariantError(
            f"{path}: [goods]: the deck would hold {total:,} cards; at most {LIMITS['deck']:,}"
        )
    legal = [n for n, g in goods.items() if g.kind == "legal"]
    if not legal:
        raise VariantError(f"{path}: [goods] needs at least one legal good to declare")
    for g in goods.values():
        if g.counts_as is not None and g.counts_as[0] not in legal:
            raise VariantError(
                f"{path}: [goods.{g.name}] counts_as: {g.counts_as[0]!r} is not a legal good "
                f"(legal goods: {', '.join(legal)})"
            )
    return legal


def _build_players(pl: Mapping[str, Any], path: str) -> tuple[int, int, list[str]]:
    """``[players]``: the fewest and most players and the default names."""
    most = LIMITS["players"]
    min_p = _int(_need(pl, "min", path, "players"), path, "[players] min", 2, most)
    max_p = _int(_need(pl, "max", path, "players"), path, "[players] max", min_p, most)
    names = pl["names"] if "names" in pl else [f"Player {i + 1}" for i in range(max_p)]
    if (
        not isinstance(names, list)
        or len(names) < max_p
        or len(set(names)) != len(names)
        or not all(isinstance(n, str) and n for n in names)
    ):
        raise VariantError(
            f"{path}: [players] names: needs {max_p} distinct non-empty names, got {_show(names)}"
        )
    return min_p, max_p, names


def _build_removed(
    table: Any, path: str, goods: Mapping[str, Good], players: tuple[int, int]
) -> dict[int, dict[str, int]]:
    """``[removed.N]``: cards of each good taken out of the deck with N players."""
    min_p, max_p = players
    removed: dict[int, dict[str, int]] = {}
    for count_key, cards in _table(table, path, "removed").items():
        n = _player_key(count_key, path, "[removed]")
        if not min_p <= n <= max_p:
            raise VariantError(
                f"{path}: [removed.{count_key}]: player count outside {min_p}-{max_p}"
            )
        removed[n] = {}
        for gname, k in _table(cards, path, f"removed.{count_key}").items():
            if gname not in goods:
                raise VariantError(
                    f"{path}: [removed.{count_key}] {gname} = {_show(k)}: no such good"
                )
            gone = _int(k, path, f"[removed.{count_key}] {gname}")
            if gone > goods[gname].count:
                raise VariantError(
                    f"{path}: [removed.{count_key}] {gname}: removes {gone} of only "
                    f"{goods[gname].count} cards"
                )
            removed[n][gname] = gone
    return removed


def _build_tokens(
    table: Any, path: str, goods: Mapping[str, Good], legal: list[str]
) -> dict[str, Token]:
    """``[tokens.X]``: at most ``LIMITS["tokens"]`` kinds, one per legal good."""
    token_table = _table(table, path, "tokens")
    if len(token_table) > LIMITS["tokens"]:
        raise VariantError(
            f"{path}: [tokens]: at most {LIMITS['tokens']} kinds of tokens, got {len(token_table)}"
        )
    tokens = {tname: _build_token(tname, t, path, goods, legal) for tname, t in token_table.items()}
    if len({t.good for t in tokens.values()}) != len(tokens):
        doubled = sorted(
            {t.good for t in tokens.values() if [u.good for u in tokens.values()].count(t.good) > 1}
        )
        raise VariantError(
            f"{path}: [tokens]: each good may have one token at most; {', '.join(doubled)} has more"
        )
    return tokens


def _build_token(
    tname: str, t: Mapping[str, Any], path: str, goods: Mapping[str, Good], legal: list[str]
) -> Token:
    where = f"[tokens.{tname}]"
    good = _need(t, "good", path, f"tokens.{tname}")
    if good not in legal:
        raise VariantError(
            f"{path}: {where} good: {good!r} is not a legal good (legal goods: {', '.join(legal)})"
        )
    if tname in goods:
        raise VariantError(f"{path}: {where}: a token cannot share a good's name")
    by_players: dict[int, int] = {}
    for k, n in _table(t.get("supply_by_players", {}), path, f"tokens.{tname}").items():
        key = _player_key(k, path, f"{where} supply_by_players")
        by_players[key] = _int(n, path, f"{where} supply_by_players.{k}")
    return Token(
        name=tname,
        good=good,
        per_token=_int(
            _need(t, "per_token", path, f"tokens.{tname}"), path, f"{where} per_token", 1
        ),
        value=_int(_need(t, "value", path, f"tokens.{tname}"), path, f"{where} value"),
        supply=_int(_need(t, "supply", path, f"tokens.{tname}"), path, f"{where} supply"),
        supply_by_players=MappingProxyType(by_players),
    )


def _build_bonuses(
    table: Mapping[str, Any], path: str, legal: list[str], tokens: Mapping[str, Token]
) -> dict[str, Bonus]:
    """``[bonuses.X]``: King and Queen bonuses for a legal good or a token."""
    bonuses: dict[str, Bonus] = {}
    for bname, b in table.items():
        if bname not in legal and bname not in tokens:
            raise VariantError(
                f"{path}: [bonuses.{bname}]: {bname!r} is not a legal good or a token of this "
                f"variant (legal goods: {', '.join(legal)}; tokens: {', '.join(tokens) or 'none'})"
            )
        bonuses[bname] = Bonus(
            counts="tokens" if bname in tokens else "goods",
            king=_int(_need(b, "king", path, f"bonuses.{bname}"), path, f"[bonuses.{bname}] king"),
            queen=_int(
                _need(b, "queen", path, f"bonuses.{bname}"), path, f"[bonuses.{bname}] queen"
            ),
        )
    return bonuses


def _build_turns_by(rd: Mapping[str, Any], path: str) -> dict[int, int]:
    """``[round] sheriff_turns_by_players``: times each player is Sheriff, per player count."""
    turns_by: dict[int, int] = {}
    turns_table = rd.get("sheriff_turns_by_players", {})
    for k, v in _table(turns_table, path, "round.sheriff_turns_by_players").items():
        # Keys outside this variant's player range are allowed (a file extending classic
        # for 4-5 players inherits { 3 = 3 } and cannot delete it) and never used.
        key = _player_key(k, path, "[round] sheriff_turns_by_players")
        turns_by[key] = _int(
            v, path, f"[round] sheriff_turns_by_players.{k}", 1, LIMITS["sheriff_turns"]
        )
    return turns_by


def _build_table(st: Mapping[str, Any], rd: Mapping[str, Any], path: str) -> dict[str, Any]:
    """The hand, the bag's size, the set-aside cards, the market and the discard piles
    (the :class:`Variant` fields they fill, by name)."""
    hand = _int(
        _need(st, "hand_size", path, "setup"), path, "[setup] hand_size", 1, LIMITS["hand_size"]
    )
    bag_min = _int(_need(rd, "bag_min", path, "round"), path, "[round] bag_min", 1)
    bag_max = _int(_need(rd, "bag_max", path, "round"), path, "[round] bag_max", bag_min)
    if bag_max > hand:
        raise VariantError(f"{path}: [round] bag_max: {bag_max} exceeds the hand size {hand}")
    set_aside = _int(_need(rd, "set_aside_max", path, "round"), path, "[round] set_aside_max")
    if set_aside > hand:
        raise VariantError(f"{path}: [round] set_aside_max: {set_aside} exceeds the hand size")
    draw_from_discards = rd.get("draw_from_discards", True)
    if not isinstance(draw_from_discards, bool):
        raise VariantError(
            f"{path}: [round] draw_from_discards: must be true or false, got "
            f"{_show(draw_from_discards)}"
        )
    market_order = _choice(
        rd.get("market_order", "draw-then-discard"), path, "[round] market_order", MARKET_ORDERS
    )
    if market_order == "discard-then-draw" and draw_from_discards:
        raise VariantError(
            f"{path}: [round] market_order: 'discard-then-draw' needs draw_from_discards = false"
        )
    piles = _int(
        _need(st, "discard_piles", path, "setup"),
        path,
        "[setup] discard_piles",
        1,
        LIMITS["discard_piles"],
    )
    return {
        "hand_size": hand,
        "bag_min": bag_min,
        "bag_max": bag_max,
        "set_aside_max": set_aside,
        "draw_from_discards": draw_from_discards,
        "market_order": market_order,
        "discard_piles": piles,
    }


def _build_sheriffs(table: Any, path: str, players: tuple[int, int]) -> dict[str, Any]:
    """``[sheriffs]``: a rotating Sheriff, or a deck of deputy cards dealt 1-2 at a time."""
    sh = _table(table, path, "sheriffs")
    selection = _choice(
        sh.get("selection", "rotate"), path, "[sheriffs] selection", SHERIFF_SELECTIONS
    )
    per_round = _int(sh.get("per_round", 1), path, "[sheriffs] per_round", 1)
    deck_passes = _int(
        sh.get("deck_passes", 0), path, "[sheriffs] deck_passes", 0, LIMITS["sheriff_turns"]
    )
    if selection == "rotate" and per_round != 1:
        raise VariantError(
            f"{path}: [sheriffs] per_round: a rotating Sheriff is one player, got {per_round}"
        )
    if selection == "deputy_deck":
        if per_round > 2:
            raise VariantError(
                f"{path}: [sheriffs] per_round: at most 2 Deputies are supported, got {per_round}"
            )
        if deck_passes < 1:
            raise VariantError(
                f"{path}: [sheriffs] deck_passes: must be >= 1 for a deputy deck, got {deck_passes}"
            )
        for n in range(players[0], players[1] + 1):
            if n % per_round or n - per_round < 1:
                raise VariantError(
                    f"{path}: [sheriffs] per_round: {n} players cannot be dealt deputy cards "
                    f"{per_round} at a time"
                )
    return {
        "sheriff_selection": selection,
        "sheriffs_per_round": per_round,
        "deputy_deck_passes": deck_passes,
    }


def _build_numbers(
    data: Mapping[str, Any], st: Mapping[str, Any], rd: Mapping[str, Any], path: str
) -> dict[str, Any]:
    """The remaining single values (gold, piles at setup, turns, market starter, reshuffle,
    debts), checked last and in this order."""
    return {
        "starting_gold": _int(
            _need(st, "starting_gold", path, "setup"), path, "[setup] starting_gold"
        ),
        "discard_pile_setup": _int(
            st.get("discard_pile_setup", 0),
            path,
            "[setup] discard_pile_setup",
            maximum=LIMITS["deck"],
        ),
        "sheriff_turns": _int(
            _need(rd, "sheriff_turns", path, "round"),
            path,
            "[round] sheriff_turns",
            1,
            LIMITS["sheriff_turns"],
        ),
        "market_starter": _choice(
            _need(rd, "market_starter", path, "round"),
            path,
            "[round] market_starter",
            MARKET_STARTERS,
        ),
        "reshuffle_keep": _int(
            rd.get("reshuffle_keep", 0), path, "[round] reshuffle_keep", maximum=LIMITS["deck"]
        ),
        "debt_order": _choice(
            data["debts"].get("order", "legal_first"), path, "[debts] order", DEBT_ORDERS
        ),
    }


def _check_deck_size(variant: Variant, path: str) -> None:
    """Every supported table can be dealt its hands and its discard piles."""
    for n in range(variant.min_players, variant.max_players + 1):
        deck = sum(variant.deck_counts(n).values())
        needed = n * variant.hand_size + variant.discard_piles * variant.discard_pile_setup
        if deck < needed:
            raise VariantError(
                f"{path}: [goods]: a {n}-player deck of {deck} cards cannot deal {needed} cards"
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
