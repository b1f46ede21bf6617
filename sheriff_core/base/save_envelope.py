"""The save envelope both games share (base layer): what any trustworthy save needs
around its game.

A save of either game (:mod:`sheriff_core.engine.saves`, Sheriff of Nottingham;
:mod:`sheriff_core.nottingham.saves`) is one JSON object: a ``format`` tag, how the
game was made (rules, seed, players) and every action taken (``history``), then the
state after the history. Loading deals a new game from the seed and replays the
history through the game's own ``apply``, so every action is checked again, and a
stored state field that disagrees with the replay is refused by name. Each game keeps
its own fields and checks; this module holds what they share:

- bounded parsing (:func:`parse_save`: at most :data:`MAX_BYTES` characters and
  :data:`MAX_DEPTH` levels of nesting, checked before ``json.loads``);
- the ``format`` tag (:func:`check_format`), required and unknown keys
  (:func:`need_keys`), typed values (:func:`need_int`, :func:`need_type`,
  :func:`need_names`, :func:`per_seat`);
- the seed (:func:`seed_sequence`, :func:`seed_to_data`, :func:`seed_from_data`) and the
  generators' saved states (:func:`rng_from_state`);
- actions read from their saved dicts, checked against their classes' annotations
  (:func:`read_action`, :func:`register_record`), and the history replayed through
  ``apply`` (:func:`replay_history`);
- the stored state checked against the replay (:func:`check_state`,
  :func:`first_difference`).

Every refusal is a :class:`~sheriff_core.base.errors.SaveError` (a ``ValueError``) naming the
field. It imports the standard library, numpy (seeds, generators) and
:mod:`sheriff_core.base.errors` only. ``sheriff_core.engine.saves`` re-exports every name,
as it held them before.

>>> parse_save('{"format": 2}')
{'format': 2}
>>> need_int(-1, "gold[0]")
Traceback (most recent call last):
...
sheriff_core.base.errors.SaveError: gold[0]: must be a non-negative integer, not -1
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any

import numpy as np

from sheriff_core.base.errors import Explained, RulesError, SaveError
from sheriff_core.base.i18n import Names, Term

__all__ = [
    "MAX_BYTES",
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_PLAYERS",
    "MAX_SEED_INT",
    "MAX_SEED_ITEMS",
    "check_format",
    "check_state",
    "clip",
    "first_difference",
    "is_int",
    "need_int",
    "need_keys",
    "need_names",
    "need_type",
    "nesting_depth",
    "parse_save",
    "per_seat",
    "read_action",
    "register_record",
    "replay_history",
    "rng_from_state",
    "seed_from_data",
    "seed_sequence",
    "seed_to_data",
    "short",
]

#: Largest save accepted, in characters (checked before parsing).
MAX_BYTES = 20_000_000
#: Deepest ``[``/``{`` nesting accepted (checked before parsing).
MAX_DEPTH = 64
#: Largest player count a saved variant may allow.
MAX_PLAYERS = 100
#: Most cards a saved variant (or Nottingham rule set) may deal (the bundled ones: about 200).
MAX_CARDS = 10_000


def short(value: Any, limit: int = 60) -> str:
    """``value`` as JSON if that is short, else its type and size.

    >>> short([1, 2]), short(list(range(100)))
    ('[1, 2]', 'a list of 100 items')
    """
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) <= limit:
        return text
    if isinstance(value, (list, dict, str)):
        kind = {list: "list", dict: "object", str: "string"}[type(value)]
        unit = "characters" if isinstance(value, str) else "items"
        return f"a {kind} of {len(value)} {unit}"
    return text[: limit - 3] + "..."


# A JSON string (the "unrolled loop" form: fast on long texts).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_DEPTH_STEP = np.zeros(256, dtype=np.int8)
_DEPTH_STEP[[ord("["), ord("{")]] = 1
_DEPTH_STEP[[ord("]"), ord("}")]] = -1


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting of JSON ``text``, brackets inside strings not counted.

    >>> nesting_depth('[{"a": "[[[["}, [1, [2]]]')
    3
    """
    bare = _STRING.sub("", text).encode("utf-8", "replace")
    steps = _DEPTH_STEP[np.frombuffer(bare, dtype=np.uint8)]
    return int(np.cumsum(steps, dtype=np.int64).max(initial=0))


def parse_save(text: Any, what: str = "save") -> dict[str, Any]:
    """Parse save text into a dict, refusing anything that is not a bounded JSON object.

    Size and nesting are checked *before* ``json.loads`` (a bracket scan outside
    strings), so no ``RecursionError`` or ``MemoryError`` can come out of the parser.

    >>> parse_save('{"format": 2}')
    {'format': 2}
    >>> parse_save("[" * 100_000)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.SaveError: save: JSON nested deeper than 64 levels
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise SaveError(
            "{what}: must be JSON text (str), not {name__}; decode it",
            what=what,
            name__=type(text).__name__,
        )
    if not isinstance(text, str):
        raise SaveError(
            "{what}: must be JSON text (str), not {name__}", what=what, name__=type(text).__name__
        )
    if len(text) > MAX_BYTES:
        raise SaveError(
            "{what}: {n_text:,} characters is over the limit of {MAX_BYTES:,}",
            what=what,
            n_text=len(text),
            MAX_BYTES=MAX_BYTES,
        )
    # Fewer openers than the limit cannot nest deeper: the scan is needed only otherwise.
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting_depth(text) > MAX_DEPTH:
        raise SaveError(
            "{what}: JSON nested deeper than {MAX_DEPTH} levels", what=what, MAX_DEPTH=MAX_DEPTH
        )
    try:
        data = json.loads(text)
    except RecursionError:  # pragma: no cover - the scan above bounds the depth
        raise SaveError("{what}: JSON nested too deeply", what=what) from None
    except ValueError as exc:
        raise SaveError("{what}: not valid JSON ({exc})", what=what, exc=exc) from None
    if not isinstance(data, dict):
        raise SaveError("{what}: must be a JSON object, not {short}", what=what, short=short(data))
    return data


def is_int(value: Any) -> bool:
    """True for a JSON integer (``bool`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def need_int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is an integer in ``low..high`` (inclusive), else a :class:`SaveError`."""
    if not is_int(value):
        raise SaveError("{where}: must be an integer, not {short}", where=where, short=short(value))
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"{low}-{high}"
        if low == 0 and high is None:
            span = "a non-negative integer"
        raise SaveError(
            "{where}: must be {span}, not {short}", where=where, span=span, short=short(value)
        )
    return value


def need_type(value: Any, kind: type, where: str) -> Any:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    ok = isinstance(value, kind) and (kind is not int or not isinstance(value, bool))
    if not ok:
        raise SaveError(
            "{where}: must be {get}, not {short}",
            where=where,
            get=names.get(kind, kind.__name__),
            short=short(value),
        )
    return value


def need_keys(
    data: Mapping[str, Any], where: str, known: tuple[str, ...], required: tuple[str, ...]
):
    for key in data:
        if key not in known:
            raise SaveError(
                "{where}unknown field {short}; known fields: {known}",
                where=where,
                short=short(key),
                known=Names(known),
            )
    for key in required:
        if key not in data:
            raise SaveError(
                "{where}{key}: missing (a save needs {required})",
                where=where,
                key=key,
                required=Names(required),
            )


def need_names(value: Any, where: str) -> list[str]:
    """Player names: a list of distinct non-empty strings (at most :data:`MAX_PLAYERS`)."""
    names = need_type(value, list, where)
    if len(names) > MAX_PLAYERS:
        raise SaveError(
            "{where}: {n_names} players is over the limit of {MAX_PLAYERS}",
            where=where,
            n_names=len(names),
            MAX_PLAYERS=MAX_PLAYERS,
        )
    seen: set[str] = set()
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name:
            raise SaveError(
                "{where}[{i}]: must be a non-empty string, not {short}",
                where=where,
                i=i,
                short=short(name),
            )
        if name in seen:
            raise SaveError(
                "{where}[{i}]: the name {short} is used twice", where=where, i=i, short=short(name)
            )
        seen.add(name)
    return names


#: Most integers in a seed's entropy list or spawn key (what a save may hold).
MAX_SEED_ITEMS = 1000
#: Every integer of a seed is below this (a save holds it as a JSON number, and Python
#: reads at most 4300 digits of one; 2**1024 has 309).
MAX_SEED_INT = 2**1024


def _seed_int(value: Any, where: str, error: type[Explained]) -> int:
    """``value`` as a plain ``int`` seed word (numpy integers converted), or ``error``."""
    if isinstance(value, bool | np.bool_):
        raise error(
            "{where}: {value!r} is a bool, not a seed; a seed is an integer >= 0 (e.g. seed=1) or None (fresh entropy)",
            where=where,
            value=value,
        )
    if isinstance(value, float | np.floating):
        raise error(
            "{where}: {value!r} is a float, not a seed; a seed is an integer >= 0 (write int(...) if you mean a whole number)",
            where=where,
            value=value,
        )
    if not isinstance(value, int | np.integer):
        raise error(
            "{where}: a seed is an integer >= 0, a list of them, a numpy SeedSequence or None, not {short} ({name__})",
            where=where,
            short=short(value),
            name__=type(value).__name__,
        )
    value = int(value)
    if not 0 <= value < MAX_SEED_INT:
        raise error(
            "{where}: a seed is an integer 0 <= seed < 2**1024, not {short}",
            where=where,
            short=short(value),
        )
    return value


def _seed_ints(values: Any, where: str, error: type[Explained]) -> list[int]:
    items = list(values)
    if not 0 < len(items) <= MAX_SEED_ITEMS:
        raise error(
            "{where}: a list of seed integers holds 1-{MAX_SEED_ITEMS}, not {n_items}",
            where=where,
            MAX_SEED_ITEMS=MAX_SEED_ITEMS,
            n_items=len(items),
        )
    return [_seed_int(x, f"{where}[{i}]", error) for i, x in enumerate(items)]


def seed_sequence(
    seed: Any, where: str = "seed", error: type[Explained] = RulesError
) -> np.random.SeedSequence:
    """The ``numpy.random.SeedSequence`` a game is dealt from, for every seed a save can hold.

    ``seed`` is an integer ``0 <= seed < 2**1024`` (a Python ``int`` or any numpy
    integer, stored as a plain ``int``), a non-empty list of them (at most
    :data:`MAX_SEED_ITEMS`), a ``SeedSequence`` of such entropy, or ``None`` (fresh
    entropy from the system). Anything else is refused with ``error`` naming
    ``where``: a ``bool`` (almost surely a mistake), a float (even a whole one: say
    ``int(x)``), a negative number, a string... So every game that can be dealt can
    be saved and loaded back.

    >>> seed_sequence(np.uint8(7)).entropy, type(seed_sequence(np.int64(7)).entropy)
    (7, <class 'int'>)
    >>> seed_sequence(True)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.RulesError: seed: True is a bool, not a seed; a seed is an integer >= 0 (e.g. seed=1) or None (fresh entropy)
    """
    if seed is None:
        return np.random.SeedSequence()
    if isinstance(seed, np.random.SeedSequence):
        entropy, keys = seed.entropy, seed.spawn_key
        if seed.pool_size != _POOL_SIZE:
            raise error(
                "{where}: a SeedSequence with pool_size {pool_size} cannot be saved",
                where=where,
                pool_size=seed.pool_size,
            )
        clean_keys = tuple(_seed_ints(keys, f"{where}.spawn_key", error)) if keys else ()
        if isinstance(entropy, list | tuple | np.ndarray):
            clean: Any = _seed_ints(entropy, f"{where}.entropy", error)
        else:
            clean = _seed_int(entropy, f"{where}.entropy", error)
        if type(entropy) is int and all(type(k) is int for k in keys):
            return seed  # already plain (the usual case: nothing rebuilt)
        return np.random.SeedSequence(
            clean, spawn_key=clean_keys, n_children_spawned=seed.n_children_spawned
        )
    if isinstance(seed, np.ndarray) and seed.ndim == 0:
        seed = seed.item()  # a 0-d array is its one value
    if isinstance(seed, list | tuple | np.ndarray):
        return np.random.SeedSequence(_seed_ints(seed, where, error))
    return np.random.SeedSequence(_seed_int(seed, where, error))


_POOL_SIZE = np.random.SeedSequence(0).pool_size


def seed_to_data(seed: np.random.SeedSequence | None) -> dict[str, Any]:
    """A game's seed as JSON data: its entropy and spawn key.

    >>> seed_to_data(np.random.SeedSequence(7, spawn_key=(1, 2)))
    {'entropy': 7, 'spawn_key': [1, 2]}
    """
    if not isinstance(seed, np.random.SeedSequence):
        raise SaveError(
            "seed: this game has no seed (it was not made by new_game), so it cannot be saved"
        )
    if seed.pool_size != np.random.SeedSequence().pool_size:
        raise SaveError("seed: pool_size {pool_size} is not supported", pool_size=seed.pool_size)
    entropy = seed.entropy
    if isinstance(entropy, np.integer):
        entropy = int(entropy)
    elif not is_int(entropy):
        entropy = [int(x) for x in entropy]  # type: ignore[union-attr]
    return {"entropy": entropy, "spawn_key": [int(k) for k in seed.spawn_key]}


def _saved_seed_int(value: Any, where: str) -> int:
    need_int(value, where)
    if value >= MAX_SEED_INT:
        raise SaveError(
            "{where}: a seed's integers are below 2**1024, not {short}",
            where=where,
            short=short(value),
        )
    return int(value)


def seed_from_data(data: Any, where: str = "seed") -> np.random.SeedSequence:
    """The ``numpy.random.SeedSequence`` saved by :func:`seed_to_data` (checked).

    >>> seed_from_data({"entropy": 7, "spawn_key": [1, 2]}).spawn_key
    (1, 2)
    """
    need_type(data, dict, where)
    need_keys(data, f"{where}: ", ("entropy", "spawn_key"), ("entropy", "spawn_key"))
    entropy = data["entropy"]
    if isinstance(entropy, list):
        if not entropy or len(entropy) > 1000:
            raise SaveError(
                "{where}.entropy: a list of entropy must hold 1-1000 integers", where=where
            )
        for i, x in enumerate(entropy):
            _saved_seed_int(x, f"{where}.entropy[{i}]")
    else:
        _saved_seed_int(entropy, f"{where}.entropy")
    keys = need_type(data["spawn_key"], list, f"{where}.spawn_key")
    if len(keys) > 1000:
        raise SaveError("{where}.spawn_key: more than 1000 integers", where=where)
    for i, k in enumerate(keys):
        _saved_seed_int(k, f"{where}.spawn_key[{i}]")
    try:
        return np.random.SeedSequence(entropy, spawn_key=tuple(keys))
    except (TypeError, ValueError, OverflowError) as exc:  # pragma: no cover - checked above
        raise SaveError("{where}: not a usable seed ({exc})", where=where, exc=exc) from None


_U128 = 2**128


def rng_from_state(state: Any, where: str) -> np.random.Generator:
    """A generator set to a saved PCG64 ``bit_generator.state`` (checked field by field).

    >>> rng = np.random.default_rng(3)
    >>> copy = rng_from_state(rng.bit_generator.state, "rng")
    >>> int(copy.integers(1000)) == int(rng.integers(1000))
    True
    """
    need_type(state, dict, where)
    keys = ("bit_generator", "state", "has_uint32", "uinteger")
    need_keys(state, f"{where}: ", keys, keys)
    if state["bit_generator"] != "PCG64":
        raise SaveError(
            '{where}.bit_generator: must be "PCG64", not {short}',
            where=where,
            short=short(state["bit_generator"]),
        )
    inner = need_type(state["state"], dict, f"{where}.state")
    need_keys(inner, f"{where}.state: ", ("state", "inc"), ("state", "inc"))
    need_int(inner["state"], f"{where}.state.state", 0, _U128 - 1)
    need_int(inner["inc"], f"{where}.state.inc", 0, _U128 - 1)
    if inner["inc"] % 2 == 0:
        raise SaveError(
            "{where}.state.inc: must be odd (a PCG64 increment), not {inner}",
            where=where,
            inner=inner["inc"],
        )
    need_int(state["has_uint32"], f"{where}.has_uint32", 0, 1)
    need_int(state["uinteger"], f"{where}.uinteger", 0, 2**32 - 1)
    rng = np.random.Generator(np.random.PCG64(0))
    rng.bit_generator.state = state
    return rng


def first_difference(saved: Any, replay: Any, where: str) -> str | None:
    """The path of the first place where two JSON values differ, or None if equal.

    >>> first_difference({"a": [1, 2]}, {"a": [1, 3]}, "x")
    'x.a[1]'
    """
    if type(saved) is not type(replay):
        return where
    if isinstance(saved, dict):
        if list(saved) != list(replay):
            return where
        for k in saved:
            found = first_difference(saved[k], replay[k], f"{where}.{k}")
            if found:
                return found
        return None
    if isinstance(saved, list):
        for i, (a, b) in enumerate(zip(saved, replay, strict=False)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return where if len(saved) != len(replay) else None
    return None if saved == replay else where


def _lookup(data: Any, path: str, top: str) -> Any:
    """The value at ``path`` (as made by :func:`first_difference`) below ``top``."""
    value = data
    for part in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path[len(top) :]):
        value = value[part[0]] if part[0] else value[int(part[1])]
    return value


def check_state(saved: Mapping[str, Any], replay: Mapping[str, Any], names: tuple[str, ...]):
    """Refuse the first stored state field (in ``names`` order) that differs from the replay."""
    for name in names:
        if name not in saved or saved[name] == replay[name]:
            continue
        path = first_difference(saved[name], replay[name], name)
        if path is not None:
            try:
                was, now = _lookup(saved[name], path, name), _lookup(replay[name], path, name)
            except (KeyError, IndexError, TypeError):  # pragma: no cover - defensive
                was, now = saved[name], replay[name]
            raise SaveError(
                "{path}: the saved state ({short}) disagrees with the replay of the history ({short2})",
                path=path,
                short=short(was),
                short2=short(now),
            )


# Allowed JSON types per annotation (exact types: a bool is not an int).
_SCALARS: dict[str, tuple[tuple[type, ...], str]] = {
    "int": ((int,), "an integer"),
    "str": ((str,), "a string"),
    "int|None": ((int, type(None)), "an integer or null"),
    "str|None": ((str, type(None)), "a string or null"),
}
_SPECS: dict[type, tuple[frozenset[str], tuple[tuple[str, str, Any], ...]]] = {}


def _spec(cls: type) -> tuple[frozenset[str], tuple[tuple[str, str, Any], ...]]:
    """(field names, checks) of an action class, from its annotations; built once."""
    hit = _SPECS.get(cls)
    if hit is None:
        checks: list[tuple[str, str, Any]] = []
        for f in fields(cls):
            kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", None)
            if kind is None or not isinstance(f.type, (str, type)):  # tuple[...], int | None
                kind = str(f.type)
            kind = kind.replace(" ", "").replace("NoneType", "None")
            if kind in _SCALARS:
                checks.append((f.name, "scalar", _SCALARS[kind]))
            elif kind.startswith("tuple[") and kind.endswith(",...]"):
                inner = kind[len("tuple[") : -len(",...]")]
                if inner in _SCALARS:
                    checks.append((f.name, "list", _SCALARS[inner]))
                else:  # a tuple of small dataclasses (promises): checked recursively
                    checks.append((f.name, "records", inner))
        hit = _SPECS[cls] = (frozenset(f.name for f in fields(cls)) | {"type"}, tuple(checks))
    return hit


def _check_record(data: Any, cls: type, where: str) -> None:
    """Check the JSON form of an action (or promise) against the class's annotations."""
    if type(data) is not dict:
        need_type(data, dict, where)
    known, checks = _spec(cls)
    if not data.keys() <= known:
        key = next(k for k in data if k not in known)
        raise SaveError(
            "{where}: {name__} has no field {short}",
            where=where,
            name__=cls.__name__,
            short=short(key),
        )
    for name, how, arg in checks:
        value = data.get(name, _MISSING)
        if value is _MISSING:
            continue  # a default applies (or the constructor names the missing field)
        if how == "scalar":
            if type(value) not in arg[0]:
                raise SaveError(
                    "{where}.{name}: must be {arg}, not {short}",
                    where=where,
                    name=name,
                    arg=arg[1],
                    short=short(value),
                )
        elif type(value) is not list:
            raise SaveError(
                "{where}.{name}: must be a list, not {short}",
                where=where,
                name=name,
                short=short(value),
            )
        elif how == "list":
            allowed = arg[0]
            for i, item in enumerate(value):
                if type(item) not in allowed:
                    raise SaveError(
                        "{where}.{name}[{i}]: must be {arg}, not {short}",
                        where=where,
                        name=name,
                        i=i,
                        arg=arg[1],
                        short=short(item),
                    )
        else:
            sub = _RECORDS.get(arg)
            for i, item in enumerate(value):
                if sub is None:
                    raise SaveError(
                        "{where}.{name}[{i}]: cannot be checked ({arg})",
                        where=where,
                        name=name,
                        i=i,
                        arg=arg,
                    )
                _check_record(item, sub, f"{where}.{name}[{i}]")


_MISSING = object()
#: Dataclasses that appear inside actions (by annotation name), registered by the loaders.
_RECORDS: dict[str, type] = {}


def register_record(name: str, cls: type) -> None:
    """Let :func:`read_action` check ``cls`` (a dataclass) where an action's annotation
    names it (``tuple[Promise, ...]``)."""
    _RECORDS.setdefault(name, cls)


# Checked actions by the repr of their saved dict (repr tells true from 1 and 1.0 from 1),
# one table per action factory; actions are immutable, so games may share them.
_ACTIONS: dict[Any, dict[str, Any]] = {}


def read_action(
    data: Any, where: str, from_dict: Callable[[dict[str, Any]], Any], kinds: Mapping[str, type]
) -> Any:
    """An action from its saved dict, or a :class:`SaveError` naming ``where``."""
    if type(data) is not dict:
        need_type(data, dict, where)
    seen = _ACTIONS.get(from_dict)
    if seen is None:
        seen = _ACTIONS[from_dict] = {}
    key = repr(data)
    action = seen.get(key)
    if action is not None:
        return action
    kind = data.get("type")
    if type(kind) is not str or kind not in kinds:
        raise SaveError("{where}.type: not an action type: {short}", where=where, short=short(kind))
    _check_record(data, kinds[kind], where)
    try:
        action = from_dict(dict(data))
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise SaveError(
            "{where}: not a valid {kind} action ({exc})", where=where, kind=kind, exc=exc
        ) from None
    if len(key) < 1000:  # small actions only: the table stays small
        if len(seen) > 4096:
            seen.clear()
        seen[key] = action
    return action


def check_format(data: Mapping[str, Any], expected: Any, what: str) -> None:
    """Refuse a save whose ``format`` is not ``expected`` (saying which version it is);
    ``what``: the game's name (a message id: shown translated)."""
    fmt = data.get("format", None)
    if fmt == expected and type(fmt) is type(expected):
        return
    if "format" not in data:
        raise SaveError(
            "format: missing; this is not a saved {what} (format {expected!r})",
            what=Term(what),
            expected=expected,
        )
    if is_int(fmt) or isinstance(fmt, str):
        raise SaveError(
            "format: version {short} is not supported; this version of sheriff_core reads {what} saves of format {expected!r} only",
            short=short(fmt),
            what=Term(what),
            expected=expected,
        )
    raise SaveError(
        "format: must be {expected!r}, not {short}", expected=expected, short=short(fmt)
    )


def per_seat(value: Any, where: str, n: int) -> list[Any]:
    need_type(value, list, where)
    if len(value) != n:
        raise SaveError(
            "{where}: must have one entry per player ({n}), not {n_value}",
            where=where,
            n=n,
            n_value=len(value),
        )
    return value


def replay_history(
    game: Any,
    history: list[Any],
    players: int,
    from_dict: Callable[[dict[str, Any]], Any],
    kinds: Mapping[str, type],
) -> None:
    """Apply every ``[seat, action]`` of ``history`` to ``game`` through its ``apply``;
    a :class:`SaveError` names the first entry that is malformed, out of turn or illegal."""
    apply = game.apply
    seen = _ACTIONS.get(from_dict, {})
    for i, entry in enumerate(history):
        if type(entry) is not list or len(entry) != 2:
            raise SaveError(
                "history[{i}]: must be [seat, action], not {short}", i=i, short=short(entry)
            )
        seat, data = entry
        if type(seat) is not int or not 0 <= seat < players:
            need_int(seat, f"history[{i}][0]", 0, players - 1)
        action = seen.get(repr(data)) if type(data) is dict else None
        if action is None:
            action = read_action(data, f"history[{i}][1]", from_dict, kinds)
            seen = _ACTIONS[from_dict]
        if seat != game.to_move:
            if game.is_over:
                raise SaveError(
                    "history[{i}]: {clip} comes after the end of the game", i=i, clip=clip(action)
                )
            raise SaveError(
                "history[{i}]: recorded for seat {seat}, but it was seat {to_move}'s decision",
                i=i,
                seat=seat,
                to_move=game.to_move,
            )
        try:
            apply(action)
        except RulesError as exc:
            raise SaveError(
                "history[{i}]: {clip} was illegal at that point: {clip2}",
                i=i,
                clip=clip(action),
                clip2=clip(exc, 300),
            ) from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise SaveError(
                "history[{i}]: {clip} cannot be applied ({clip2})",
                i=i,
                clip=clip(action),
                clip2=clip(repr(exc), 300),
            ) from None


def clip(value: object, limit: int = 80) -> str:
    """``str(value)``, cut to ``limit`` characters (messages stay readable).

    >>> clip("x" * 100, 10)
    'xxxxxxx...'
    """
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
