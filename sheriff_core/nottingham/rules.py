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
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sheriff_core.nottingham.errors import NottinghamDataError
from sheriff_core.rules.variants import data_dir, freeze, thaw

__all__ = ["ACTIONS", "Item", "Task", "Rules", "load_rules", "rules_path"]

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
                f"players: Nottingham is played by {self.min_players}-{self.max_players} "
                f"players, not {players}"
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
            raise NottinghamDataError(f"{self.source}: track: need a length or a list of ints")
        if isinstance(track, int):
            if track < 2:
                raise NottinghamDataError(f"{self.source}: track: needs at least 2 spaces")
            spaces = [self.track[i % len(self.track)] for i in range(track)]
        else:
            spaces = list(track)
        return self.replace_data(track={"spaces": spaces})


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
        file = rules_path() if path is None else Path(path)
        if not file.exists():
            raise NottinghamDataError(f"{file}: rules file not found")
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise NottinghamDataError(f"{file}: not valid TOML: {exc}") from None
        rules = _build(data, str(file))
    return rules if track is None else rules.with_track(track)


# --------------------------------------------------------------------------- validation


def _fail(path: str, where: str, msg: str) -> NottinghamDataError:
    return NottinghamDataError(f"{path}: {where}: {msg}")


def _table(value: Any, path: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"[{where}]", "must be a table")
    return value


def _need(section: Mapping[str, Any], key: str, path: str, where: str) -> Any:
    if key not in section:
        raise _fail(path, f"[{where}]", f"missing required key {key!r}")
    return section[key]


def _int(value: Any, path: str, where: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, where, f"must be an integer, got {value!r}")
    if value < minimum:
        raise _fail(path, where, f"must be >= {minimum}, got {value}")
    return value


def _names(value: Any, path: str, where: str, n: int) -> tuple[str, ...]:
    if (
        not isinstance(value, list)
        or len(value) < n
        or len(set(value)) != len(value)
        or not all(isinstance(v, str) and v for v in value)
    ):
        raise _fail(path, where, f"needs at least {n} distinct non-empty names")
    return tuple(value)


def _check_keys(data: Mapping[str, Any], path: str) -> None:
    for key, value in data.items():
        if key not in _SCHEMA:
            raise _fail(path, repr(key), f"unknown key; known keys: {sorted(_SCHEMA)}")
        spec = _SCHEMA[key]
        if isinstance(spec, set):
            for sub in _table(value, path, key):
                if sub not in spec:
                    raise _fail(
                        path, f"[{key}]", f"unknown key {sub!r}; known keys: {sorted(spec)}"
                    )
        elif spec == "table":
            keys = _ITEM_KEYS if key == "items" else _TASK_KEYS
            for entry, fields in _table(value, path, key).items():
                for sub in _table(fields, path, f"{key}.{entry}"):
                    if sub not in keys:
                        raise _fail(
                            path,
                            f"[{key}.{entry}]",
                            f"unknown key {sub!r}; known keys: {sorted(keys)}",
                        )
    for key in _SCHEMA:
        if key not in data:
            raise _fail(path, repr(key), "missing required key")


def _build(data: dict[str, Any], path: str) -> Rules:
    _check_keys(data, path)
    name = data["name"]
    if not isinstance(name, str) or not name:
        raise _fail(path, "name", "must be a non-empty string")
    pl, st, tu = data["players"], data["setup"], data["turn"]
    min_p = _int(_need(pl, "min", path, "players"), path, "[players] min", 2)
    max_p = _int(_need(pl, "max", path, "players"), path, "[players] max", min_p)
    names = _names(_need(pl, "names", path, "players"), path, "[players] names", max_p)
    colours = _names(_need(pl, "colours", path, "players"), path, "[players] colours", max_p)

    items: dict[str, Item] = {}
    for iname, it in _table(data["items"], path, "items").items():
        where = f"items.{iname}"
        action = _need(it, "action", path, where)
        if action not in ACTIONS:
            raise _fail(
                path, f"[{where}] action", f"must be one of {list(ACTIONS)}, got {action!r}"
            )
        if "/" in iname:
            raise _fail(path, f"[{where}]", "an item name may not contain '/'")
        items[iname] = Item(
            name=iname,
            title=str(it.get("title", iname)),
            count=_int(_need(it, "count", path, where), path, f"[{where}] count", 1),
            value=_int(_need(it, "value", path, where), path, f"[{where}] value"),
            action=action,
        )
    if len(items) < 2:
        raise _fail(path, "[items]", "needs at least two items")

    pairs: list[tuple[str, str]] = []
    raw_pairs = _need(data["ambush"], "pairs", path, "ambush")
    if not isinstance(raw_pairs, list):
        raise _fail(path, "[ambush] pairs", "must be a list of [item, item]")
    for i, p in enumerate(raw_pairs):
        if not (
            isinstance(p, list) and len(p) == 2 and all(x in items for x in p) and p[0] != p[1]
        ):
            raise _fail(path, f"[ambush] pairs[{i}]", f"must name two different items, got {p!r}")
        pairs.append((p[0], p[1]))
    pair_names = {f"{a}/{b}" for a, b in pairs}
    if len(pair_names) != len(pairs):
        raise _fail(path, "[ambush] pairs", "the same pair appears twice")
    if pair_names & set(colours):
        raise _fail(path, "[players] colours", "a colour has the name of an ambush pair card")

    tasks: dict[str, Task] = {}
    for tname, t in _table(data["tasks"], path, "tasks").items():
        where = f"tasks.{tname}"
        task = Task(
            name=tname,
            title=str(t.get("title", tname)),
            distinct=_int(_need(t, "distinct", path, where), path, f"[{where}] distinct", 1),
            each=_int(_need(t, "each", path, where), path, f"[{where}] each", 1),
            copies=_int(_need(t, "copies", path, where), path, f"[{where}] copies", 1),
            first=_int(_need(t, "first", path, where), path, f"[{where}] first"),
            second=_int(_need(t, "second", path, where), path, f"[{where}] second"),
        )
        if task.distinct > len(items):
            raise _fail(path, f"[{where}] distinct", f"only {len(items)} items exist")
        if sum(it.count >= task.each for it in items.values()) < task.distinct:
            raise _fail(path, f"[{where}] each", "too few items have that many cards")
        tasks[tname] = task

    spaces = _need(data["track"], "spaces", path, "track")
    if not isinstance(spaces, list) or len(spaces) < 2:
        raise _fail(path, "[track] spaces", "must be a list of at least 2 numbers")
    track = tuple(_int(s, path, f"[track] spaces[{i}]") for i, s in enumerate(spaces))

    cancels = _need(tu, "defend_cancels", path, "turn")
    if not isinstance(cancels, list) or any(c not in TARGETED for c in cancels):
        raise _fail(path, "[turn] defend_cancels", f"must be a list drawn from {list(TARGETED)}")
    shared = _need(data["tasks_rule"], "shared_scores_low", path, "tasks_rule")
    if not isinstance(shared, bool):
        raise _fail(path, "[tasks_rule] shared_scores_low", "must be true or false")
    hand = _int(_need(st, "hand_size", path, "setup"), path, "[setup] hand_size")
    if hand * max_p > sum(it.count for it in items.values()):
        raise _fail(path, "[setup] hand_size", f"the deck cannot deal {hand} cards to {max_p}")
    first = _int(_need(st, "first_player", path, "setup"), path, "[setup] first_player")
    if first >= min_p:
        raise _fail(path, "[setup] first_player", f"must be a seat below {min_p}")

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
        ambush_draw=_int(_need(tu, "ambush_draw", path, "turn"), path, "[turn] ambush_draw", 1),
        defend_cancels=frozenset(cancels),
        stalemate_rounds=_int(
            _need(tu, "stalemate_rounds", path, "turn"), path, "[turn] stalemate_rounds", 1
        ),
        shared_scores_low=shared,
        items=MappingProxyType(items),
        pairs=tuple(pairs),
        tasks=MappingProxyType(tasks),
        track=track,
        raw=freeze(data),
    )
