"""Nottingham's rules as data: load and validate ``data/nottingham/rules.toml``.

The file lists the items (value, count, action), the ambush cards, the task
cards and the Sheriff's track. Every key is checked; an unknown or missing key
is a :class:`~sheriff_core.nottingham.errors.NottinghamDataError` naming the
file and the key. The loaded :class:`Rules` is frozen; change it by making a
new one (:meth:`Rules.with_track`, :meth:`Rules.replace_data`).

>>> r = load_rules()
>>> r.items["Pearls"].value, r.items["Pearls"].action, len(r.deck())
(10, 'rob', 84)
>>> len(r.track), len(r.with_track(10).track)
(24, 10)
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sheriff_core.base.schema import TomlChecker, parse_toml, show
from sheriff_core.nottingham.errors import NottinghamDataError
from sheriff_core.rules.variants import data_dir, freeze, thaw

__all__ = ["ACTIONS", "LIMITS", "Item", "Task", "Rules", "load_rules", "rules_path"]

#: The loader's limits (like the Sheriff variant loader's ``LIMITS``), checked before
#: anything is dealt, so a typo cannot make a hundred million cards, and every game
#: the rules deal can load its own save (a save holds at most 10,000 cards).
LIMITS: Mapping[str, int] = MappingProxyType(
    {
        "players": 12,  # [players] max
        "card_count": 1_000,  # each [items.X] count
        "deck": 5_000,  # all item cards together
        "items": 100,  # kinds of items
        "tasks": 100,  # kinds of task cards
        "task_copies": 100,  # each [tasks.X] copies
        "pairs": 1_000,  # ambush pair cards
        "track": 1_000,  # spaces of the Sheriff's track
        "rounds": 100,  # [turn] ambush_draw, stalemate_rounds
        "name_chars": 100,  # an item's, task's or colour's name
        "number": 1_000_000,  # values, task scores, the numbers on the track
        "file_bytes": 1_000_000,  # size of the rules file
        "depth": 8,  # nesting of tables and lists
    }
)

#: The item actions the engine knows (see the comments in the rules file).
ACTIONS = ("purchase", "steal", "ambush", "rob", "hold_up", "defend", "trade")
#: Actions that choose a target player.
TARGETED = ("steal", "rob", "hold_up")

_SCHEMA: dict[str, Any] = {
    "name": str,
    "title": str,
    "players": {"min", "max", "names", "colours"},
    "setup": {"hand_size", "first_player"},
    "turn": {"ambush_draw", "defend_cancels", "stalemate_rounds"},
    "tasks_rule": {"shared_scores_low"},
    "items": "table",
    "ambush": {"pairs"},
    "tasks": "table",
    "track": {"spaces"},
}
_ITEM_KEYS = {"title", "count", "value", "action"}
_TASK_KEYS = {"title", "distinct", "each", "copies", "first", "second"}


def rules_path() -> Path:
    """The bundled rules file: ``data_dir() / "nottingham" / "rules.toml"``.

    >>> rules_path().name
    'rules.toml'
    """
    return data_dir() / "nottingham" / "rules.toml"


@dataclass(frozen=True, slots=True)
class Item:
    """One item type: its points when scored face down and its action."""

    name: str
    title: str
    count: int
    value: int
    action: str


@dataclass(frozen=True, slots=True)
class Task:
    """A task (assignment) card kind: ``distinct`` items, ``each`` cards of each."""

    name: str
    title: str
    distinct: int
    each: int
    copies: int
    first: int
    second: int

    @property
    def size(self) -> int:
        """How many cards the task takes from the hand."""
        return self.distinct * self.each


@dataclass(frozen=True)
class Rules:
    """A validated, read-only Nottingham rule set. Build it with :func:`load_rules`.

    >>> r = load_rules()
    >>> r.ambush_cards(4)
    ('Copper/Candlestick', 'Candlestick/Pearls', 'Pearls/Jewels', 'Jewels/Necklace', 'Necklace/Chest', 'Chest/Copper', 'red', 'blue', 'green', 'yellow')
    """

    name: str
    title: str
    source: str = field(compare=False)
    min_players: int
    max_players: int
    default_names: tuple[str, ...]
    colours: tuple[str, ...]
    hand_size: int
    first_player: int
    ambush_draw: int
    defend_cancels: frozenset[str]
    stalemate_rounds: int
    shared_scores_low: bool
    items: Mapping[str, Item]
    pairs: tuple[tuple[str, str], ...]
    tasks: Mapping[str, Task]
    track: tuple[int, ...]
    raw: Mapping[str, Any] = field(repr=False, compare=False)

    # Rules are immutable: copies share them, and pickle rebuilds them from their data
    # (the path saves take), since read-only mappings (MappingProxyType) cannot be pickled.

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as ``Rules.from_data(self.to_data(), self.source)``.

        >>> import pickle
        >>> r = load_rules()
        >>> pickle.loads(pickle.dumps(r)) == r
        True
        """
        return (_rules_from_data, (self.to_data(), self.source))

    @property
    def item_names(self) -> tuple[str, ...]:
        """Item names in file order (the order used everywhere)."""
        return tuple(self.items)

    def deck(self) -> list[str]:
        """All item cards, unshuffled, in item order.

        >>> load_rules().deck()[:2]
        ['Copper', 'Copper']
        """
        out: list[str] = []
        for item in self.items.values():
            out.extend([item.name] * item.count)
        return out

    def pair_card(self, pair: tuple[str, str]) -> str:
        """The name of the ambush card naming two items, e.g. ``'Pearls/Jewels'``."""
        return f"{pair[0]}/{pair[1]}"

    def ambush_cards(self, players: int) -> tuple[str, ...]:
        """The ambush cards in a game of ``players``: item pairs then seated colours."""
        return tuple(self.pair_card(p) for p in self.pairs) + self.colours[:players]

    def ambush_items(self, card: str) -> tuple[str, ...]:
        """Items an ambush card triggers on (empty for a colour card).

        >>> load_rules().ambush_items("Pearls/Jewels"), load_rules().ambush_items("red")
        (('Pearls', 'Jewels'), ())
        """
        for p in self.pairs:
            if self.pair_card(p) == card:
                return p
        return ()

    def check_players(self, players: int) -> None:
        """Raise :class:`NottinghamRulesError` unless ``players`` is a supported count."""
        from sheriff_core.nottingham.errors import NottinghamRulesError

        if not self.min_players <= players <= self.max_players:
            raise NottinghamRulesError(
                "players: Nottingham is played by {min_players}-{max_players} players, not {players}",
                min_players=self.min_players,
                max_players=self.max_players,
                players=players,
            )

    def to_data(self) -> dict[str, Any]:
        """The rules as plain JSON-able data (what the file holds)."""
        return json.loads(json.dumps(thaw(self.raw)))

    @classmethod
    def from_data(cls, data: Mapping[str, Any], source: str = "<data>") -> Rules:
        """Build and validate rules from data as returned by :meth:`to_data`."""
        return _build(copy.deepcopy(dict(data)), source)

    def replace_data(self, **sections: Any) -> Rules:
        """A copy with whole top-level sections replaced, validated again.

        >>> load_rules().replace_data(setup={"hand_size": 4, "first_player": 0}).hand_size
        4
        """
        data = self.to_data()
        data.update(copy.deepcopy(sections))
        return _build(data, f"{self.source} (modified)")

    def with_track(self, track: int | Sequence[int]) -> Rules:
        """A copy whose Sheriff track is ``track``.

        A list gives the number on every space (``track[0]`` is Nottingham); an
        integer ``n`` keeps the default pattern, cycled or cut to ``n`` spaces.

        >>> r = load_rules()
        >>> r.with_track([5, 3, 4]).track
        (5, 3, 4)
        >>> r.with_track(5).track
        (5, 3, 4, 5, 3)
        """
        if isinstance(track, bool) or not isinstance(track, int | Sequence):
            raise NottinghamDataError(
                "{source}: track: need a length or a list of ints", source=self.source
            )
        if isinstance(track, int):
            if track < 2:
                raise NottinghamDataError(
                    "{source}: track: needs at least 2 spaces", source=self.source
                )
            spaces = [self.track[i % len(self.track)] for i in range(track)]
        else:
            spaces = list(track)
        return self.replace_data(track={"spaces": spaces})


def _rules_from_data(data: dict[str, Any], source: str) -> Rules:
    """Unpickle :class:`Rules` (see ``Rules.__reduce__``)."""
    return Rules.from_data(data, source)


def load_rules(
    path: str | Path | Rules | None = None, *, track: int | Sequence[int] | None = None
) -> Rules:
    """Load the bundled rules, or a user's TOML file; optionally set the track.

    >>> load_rules(track=[4, 4, 4]).track
    (4, 4, 4)
    """
    if isinstance(path, Rules):
        rules = path
    else:
        file = rules_path() if path is None else _rules_file(path)
        rules = _build(_read_rules(file), str(file))
    return rules if track is None else rules.with_track(track)


def _rules_file(path: Any) -> Path:
    """The file a user's rules path names: refused (NottinghamDataError) if empty or not a
    path at all; a folder, a missing file and an unreadable path are refused on reading."""
    if not isinstance(path, str | os.PathLike):
        raise NottinghamDataError(
            "rules: a path to a TOML file (str or Path), not {show} ({name__})",
            show=show(path),
            name__=type(path).__name__,
        )
    if not str(os.fspath(path)).strip():
        raise NottinghamDataError("rules path is empty")
    return Path(path)


def _read_rules(file: Path) -> dict[str, Any]:
    """Parse a rules file, refusing a folder, a missing, huge, non-UTF-8, invalid or too
    deeply nested one (each a NottinghamDataError naming the file)."""
    limit = LIMITS["file_bytes"]
    try:
        if file.is_dir():
            raise NottinghamDataError("{file}: is a folder, not a rules file", file=file)
        if not file.exists():
            raise NottinghamDataError("{file}: rules file not found", file=file)
        with file.open("rb") as f:
            raw = f.read(limit + 1)
    except (OSError, ValueError) as exc:  # a NUL byte, a name too long, no permission...
        if isinstance(exc, NottinghamDataError):
            raise
        reason = getattr(exc, "strerror", None) or exc
        raise NottinghamDataError(
            "{show}: cannot read the rules file: {reason}", show=show(str(file)), reason=reason
        ) from None
    return parse_toml(raw, str(file), NottinghamDataError, limit, LIMITS["depth"])


def _name(c: TomlChecker, name: str, where: str) -> None:
    """A card's name: at most ``LIMITS["name_chars"]`` characters (saves list every card)."""
    if len(name) > LIMITS["name_chars"]:
        raise c.fail(
            where,
            "a name is at most {LIMITS} characters, not {n_name:,}",
            LIMITS=LIMITS["name_chars"],
            n_name=len(name),
        )


# --------------------------------------------------------------------------- validation
# The checks are sheriff_core.base.schema.TomlChecker's (shared); messages name file and key.


def _build(data: dict[str, Any], path: str) -> Rules:
    c = TomlChecker(path, NottinghamDataError, LIMITS["number"])
    c.depth(data, LIMITS["depth"])
    c.check_keys(data, _SCHEMA, {"items": _ITEM_KEYS, "tasks": _TASK_KEYS})
    c.require(data, _SCHEMA)
    name = c.string(data["name"], "name", empty=False)
    min_p, max_p, names, colours = _players(c, data["players"])
    items = _items(c, data["items"])
    pairs = _pairs(c, data["ambush"], items, colours)
    tasks = _tasks(c, data["tasks"], items)
    spaces = c.need(data["track"], "spaces", "track")
    if not isinstance(spaces, list) or not 2 <= len(spaces) <= LIMITS["track"]:
        raise c.fail(
            "[track] spaces", "must be a list of 2-{LIMITS:,} numbers", LIMITS=LIMITS["track"]
        )
    track = tuple(c.integer(s, f"[track] spaces[{i}]") for i, s in enumerate(spaces))
    tu = data["turn"]
    cancels = c.choices(c.need(tu, "defend_cancels", "turn"), "[turn] defend_cancels", TARGETED)
    shared = c.boolean(
        c.need(data["tasks_rule"], "shared_scores_low", "tasks_rule"),
        "[tasks_rule] shared_scores_low",
    )
    hand, first = _setup(c, data["setup"], items, min_p, max_p)
    return Rules(
        name=name,
        title=str(data["title"]),
        source=path,
        min_players=min_p,
        max_players=max_p,
        default_names=names,
        colours=colours,
        hand_size=hand,
        first_player=first,
        ambush_draw=c.int_key(tu, "ambush_draw", "turn", 1, LIMITS["rounds"]),
        defend_cancels=frozenset(cancels),
        stalemate_rounds=c.int_key(tu, "stalemate_rounds", "turn", 1, LIMITS["rounds"]),
        shared_scores_low=shared,
        items=MappingProxyType(items),
        pairs=tuple(pairs),
        tasks=MappingProxyType(tasks),
        track=track,
        raw=freeze(data),
    )


def _players(
    c: TomlChecker, pl: dict[str, Any]
) -> tuple[int, int, tuple[str, ...], tuple[str, ...]]:
    min_p = c.int_key(pl, "min", "players", 2, LIMITS["players"])
    max_p = c.int_key(pl, "max", "players", min_p, LIMITS["players"])
    names = c.names(c.need(pl, "names", "players"), "[players] names", max_p)
    colours = c.names(c.need(pl, "colours", "players"), "[players] colours", max_p)
    for i, colour in enumerate(colours):
        _name(c, colour, f"[players] colours[{i}]")
    return min_p, max_p, names, colours


def _items(c: TomlChecker, table: Any) -> dict[str, Item]:
    items: dict[str, Item] = {}
    table = c.table(table, "items")
    if len(table) > LIMITS["items"]:
        raise c.fail(
            "[items]",
            "at most {LIMITS} kinds of items, got {n_table:,}",
            LIMITS=LIMITS["items"],
            n_table=len(table),
        )
    for iname, it in table.items():
        where = f"items.{iname}"
        action = c.choice(c.need(it, "action", where), f"[{where}] action", ACTIONS)
        if "/" in iname:
            raise c.fail(f"[{where}]", "an item name may not contain '/'")
        _name(c, iname, f"[{where}]")
        items[iname] = Item(
            name=iname,
            title=str(it.get("title", iname)),
            count=c.int_key(it, "count", where, 1, LIMITS["card_count"]),
            value=c.int_key(it, "value", where),
            action=action,
        )
    if len(items) < 2:
        raise c.fail("[items]", "needs at least two items")
    total = sum(it.count for it in items.values())
    if total > LIMITS["deck"]:
        raise c.fail(
            "[items]",
            "the deck would hold {total:,} cards; at most {LIMITS:,}",
            total=total,
            LIMITS=LIMITS["deck"],
        )
    return items


def _pairs(
    c: TomlChecker, ambush: dict[str, Any], items: dict[str, Item], colours: tuple[str, ...]
) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    raw_pairs = c.need(ambush, "pairs", "ambush")
    if not isinstance(raw_pairs, list):
        raise c.fail("[ambush] pairs", "must be a list of [item, item]")
    if len(raw_pairs) > LIMITS["pairs"]:
        raise c.fail(
            "[ambush] pairs",
            "at most {LIMITS:,} pairs, got {n_raw_pairs:,}",
            LIMITS=LIMITS["pairs"],
            n_raw_pairs=len(raw_pairs),
        )
    for i, p in enumerate(raw_pairs):
        if not (
            isinstance(p, list) and len(p) == 2 and all(x in items for x in p) and p[0] != p[1]
        ):
            raise c.fail(f"[ambush] pairs[{i}]", "must name two different items, got {p!r}", p=p)
        pairs.append((p[0], p[1]))
    pair_names = {f"{a}/{b}" for a, b in pairs}
    if len(pair_names) != len(pairs):
        raise c.fail("[ambush] pairs", "the same pair appears twice")
    if pair_names & set(colours):
        raise c.fail("[players] colours", "a colour has the name of an ambush pair card")
    return pairs


def _tasks(c: TomlChecker, table: Any, items: dict[str, Item]) -> dict[str, Task]:
    tasks: dict[str, Task] = {}
    table = c.table(table, "tasks")
    if len(table) > LIMITS["tasks"]:
        raise c.fail(
            "[tasks]",
            "at most {LIMITS} kinds of tasks, got {n_table:,}",
            LIMITS=LIMITS["tasks"],
            n_table=len(table),
        )
    for tname, t in table.items():
        where = f"tasks.{tname}"
        _name(c, tname, f"[{where}]")
        task = Task(
            name=tname,
            title=str(t.get("title", tname)),
            distinct=c.int_key(t, "distinct", where, 1),
            each=c.int_key(t, "each", where, 1),
            copies=c.int_key(t, "copies", where, 1, LIMITS["task_copies"]),
            first=c.int_key(t, "first", where),
            second=c.int_key(t, "second", where),
        )
        if task.distinct > len(items):
            raise c.fail(f"[{where}] distinct", "only {n_items} items exist", n_items=len(items))
        if sum(it.count >= task.each for it in items.values()) < task.distinct:
            raise c.fail(f"[{where}] each", "too few items have that many cards")
        tasks[tname] = task
    return tasks


def _setup(
    c: TomlChecker, st: dict[str, Any], items: dict[str, Item], min_p: int, max_p: int
) -> tuple[int, int]:
    hand = c.int_key(st, "hand_size", "setup")
    if hand * max_p > sum(it.count for it in items.values()):
        raise c.fail(
            "[setup] hand_size",
            "the deck cannot deal {hand} cards to {max_p}",
            hand=hand,
            max_p=max_p,
        )
    first = c.int_key(st, "first_player", "setup")
    if first >= min_p:
        raise c.fail("[setup] first_player", "must be a seat below {min_p}", min_p=min_p)
    return hand, first
