"""Shared checks of rules data (TOML), for both games of the package.

:class:`TomlChecker` checks one rules file's data and raises the game's error class
with the file, the place and the rule broken in the message
(``"my.toml: [setup] hand_size: must be an integer, got 'x'"``). Sheriff's variant
loader (:mod:`sheriff_core.rules.variants`) and Nottingham's rules
(:mod:`sheriff_core.nottingham.rules`) are both read with it, so both games word
the same rule the same way:

- a value is shown with :func:`show` (its ``repr``, cut to 60 characters);
- a missing key: ``[setup] missing required key 'hand_size'``; a missing table:
  ``missing required table [players]``;
- an unknown key, with its value and the keys allowed there:
  ``[setup] unknown key 'x' (= 1); known keys: [...]``;
- not a table: ``[setup] must be a table, got 5``;
- a number: ``must be an integer``, ``must be non-negative`` (minimum 0),
  ``must be >= 2``, ``must be at most 1,000,000`` (the checker's ``maximum``);
- a choice: ``must be one of [...]``, a list of choices: ``must be a list drawn
  from [...]``, a player-count key: ``key 'x' must be a player count 2-12``.
- the file itself (:func:`parse_toml`): ``file larger than N bytes``, ``not UTF-8
  text (byte 0x.. at offset N)``, ``not valid TOML: ...``; and its nesting
  (:meth:`TomlChecker.depth`): ``nested deeper than N levels``.

Only the standard library is imported, so the rules layer can use it too. The save
envelope (bounded JSON parsing, the ``format`` tag, required and unknown keys, the
seed, the generators' states, the replay of ``history`` through ``apply`` and the
check of the stored state against the replay) has one copy, the base-layer module
:mod:`sheriff_core.base.save_envelope`, which Sheriff's saves (:mod:`sheriff_core.engine.saves`)
and Nottingham's (:mod:`sheriff_core.nottingham.saves`) both use.

>>> from sheriff_core.base.errors import VariantError
>>> c = TomlChecker("my.toml", VariantError)
>>> c.int_key({"hand_size": 6}, "hand_size", "setup")
6
>>> c.int_key({"hand_size": "six"}, "hand_size", "setup")
Traceback (most recent call last):
...
sheriff_core.base.errors.VariantError: my.toml: [setup] hand_size: must be an integer, got 'six'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from sheriff_core.base.errors import Explained
from sheriff_core.base.i18n import Message

__all__ = ["TomlChecker", "parse_toml", "show"]


def show(value: Any) -> str:
    """A short ``repr`` of a value for an error message (at most 60 characters).

    >>> show("Pepper"), len(show("x" * 100)), show("x" * 100)[-5:]
    ("'Pepper'", 60, 'xx...')
    """
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_toml(raw: bytes, loc: str, error: type[Explained], file_bytes: int, depth: int) -> Any:
    """A rules file's TOML from its bytes (read with at most ``file_bytes + 1`` of them):
    refused, with ``error`` naming ``loc``, when larger than ``file_bytes``, not UTF-8, not
    valid TOML or nested past the parser's own limit (``depth`` is the loader's limit,
    which :meth:`TomlChecker.depth` checks on the parsed data).

    >>> from sheriff_core.base.errors import VariantError
    >>> parse_toml(b"a = 1", "r.toml", VariantError, 100, 8)
    {'a': 1}
    >>> parse_toml(b"a = \\xff", "r.toml", VariantError, 100, 8)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: r.toml: not UTF-8 text (byte 0xff at offset 4); save the file as UTF-8
    """
    if len(raw) > file_bytes:
        raise error("{loc}: file larger than {file_bytes:,} bytes", loc=loc, file_bytes=file_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(
            "{loc}: not UTF-8 text (byte 0x{raw:02x} at offset {start}); save the file as UTF-8",
            loc=loc,
            raw=raw[exc.start],
            start=exc.start,
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error("{loc}: not valid TOML: {exc}", loc=loc, exc=exc) from None
    except RecursionError:
        raise error(
            "{loc}: nested too deeply (at most {depth} levels)", loc=loc, depth=depth
        ) from None


class TomlChecker:
    """Checks of one rules file's data; every failure is ``error(f"{path}: {where}: {msg}")``
    (``error(f"{path}: {msg}")`` when ``where`` is empty).

    ``where`` names the place: ``"[players]"`` for a table, ``"[players] min"`` for a
    key in it, ``"name"`` for a top-level key. ``maximum`` is the default upper limit
    of :meth:`integer` (``None``: no limit).

    >>> from sheriff_core.base.errors import VariantError
    >>> TomlChecker("r.toml", VariantError).names(["Ann", "Ann"], "[players] names", 2)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.VariantError: r.toml: [players] names: needs 2 distinct non-empty names, got ['Ann', 'Ann']
    """

    def __init__(self, path: str, error: type[Explained], maximum: int | None = None) -> None:
        self.path, self.error, self.maximum = path, error, maximum

    def fail(self, where: str, msg: str | Message, /, **params: object) -> Exception:
        """The error to raise (``raise checker.fail(where, msg, **params)``): ``msg`` is a
        message id with ``str.format`` fields filled from ``params``, rendered lazily in
        the current language (:class:`~sheriff_core.base.i18n.Message`).

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).fail("", "missing required table [goods]")
        VariantError('r.toml: missing required table [goods]')
        """
        said = msg if isinstance(msg, Message) else Message(msg, **params)
        if where:
            return self.error(
                Message("{path}: {where}: {msg}", path=self.path, where=where, msg=said)
            )
        return self.error(Message("{path}: {msg}", path=self.path, msg=said))

    def depth(self, data: Any, limit: int) -> None:
        """Refuse tables and lists nested deeper than ``limit`` (no recursion).

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).depth({"a": {"b": [1]}}, 2)
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: a.b[0]: nested deeper than 2 levels
        """
        stack: list[tuple[Any, int, str]] = [(data, 0, "")]
        while stack:
            value, depth, where = stack.pop()
            if depth > limit:
                raise self.fail(where, "nested deeper than {limit} levels", limit=limit)
            if isinstance(value, dict):
                stack.extend((v, depth + 1, f"{where}.{k}".lstrip(".")) for k, v in value.items())
            elif isinstance(value, list):
                stack.extend((v, depth + 1, f"{where}[{i}]") for i, v in enumerate(value))

    def table(self, value: Any, where: str) -> dict[str, Any]:
        """``value`` if it is a table (``where``: its dotted name, e.g. ``goods.Apples``).

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).table(5, "goods.Apples")
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [goods.Apples] must be a table, got 5
        """
        if not isinstance(value, dict):
            raise self.fail(
                "", "[{where}] must be a table, got {show}", where=where, show=show(value)
            )
        return value

    def need(self, section: Mapping[str, Any], key: str, where: str) -> Any:
        """``section[key]``; a missing key names the table ``where``.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).need({}, "min", "players")
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [players] missing required key 'min'
        """
        if key not in section:
            raise self.fail("", "[{where}] missing required key {key!r}", where=where, key=key)
        return section[key]

    def integer(self, value: Any, where: str, minimum: int = 0, maximum: int | None = None) -> int:
        """``value`` if it is a whole number (not a bool) from ``minimum`` to ``maximum``
        (default: the checker's ``maximum``).

        >>> from sheriff_core.base.errors import VariantError
        >>> c = TomlChecker("r.toml", VariantError, maximum=1_000_000)
        >>> c.integer(-1, "[setup] starting_gold")
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [setup] starting_gold: must be non-negative, got -1
        >>> c.integer(10**7, "[setup] starting_gold")
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [setup] starting_gold: must be at most 1,000,000, got 10000000
        """
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, "must be an integer, got {show}", show=show(value))
        if value < minimum:
            qualifier = "non-negative" if minimum == 0 else f">= {minimum}"
            raise self.fail(
                where, "must be {qualifier}, got {value}", qualifier=qualifier, value=value
            )
        most = self.maximum if maximum is None else maximum
        if most is not None and value > most:
            raise self.fail(
                where, "must be at most {most:,}, got {show}", most=most, show=show(value)
            )
        return value

    def int_key(
        self,
        section: Mapping[str, Any],
        key: str,
        where: str,
        minimum: int = 0,
        maximum: int | None = None,
    ) -> int:
        """``section[key]`` (required) as a whole number, checked by :meth:`integer`.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).int_key({"min": 1}, "min", "players", 2)
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [players] min: must be >= 2, got 1
        """
        return self.integer(self.need(section, key, where), f"[{where}] {key}", minimum, maximum)

    def choice(self, value: Any, where: str, options: tuple[str, ...]) -> str:
        """``value`` if it is one of ``options``.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).choice("x", "[debts] order", ("any",))
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [debts] order: must be one of ['any'], got 'x'
        """
        if value not in options:
            raise self.fail(
                where, "must be one of {list}, got {show}", list=list(options), show=show(value)
            )
        return value

    def choices(self, value: Any, where: str, options: tuple[str, ...]) -> list[str]:
        """``value`` if it is a list whose items are all among ``options``.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).choices("goods", "replace", ("goods",))
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: replace: must be a list drawn from ['goods'], got 'goods'
        """
        if not isinstance(value, list) or any(v not in options for v in value):
            raise self.fail(
                where,
                "must be a list drawn from {list}, got {show}",
                list=list(options),
                show=show(value),
            )
        return value

    def boolean(self, value: Any, where: str) -> bool:
        """``value`` if it is ``true`` or ``false``.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).boolean(1, "[round] draw_from_discards")
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [round] draw_from_discards: must be true or false, got 1
        """
        if not isinstance(value, bool):
            raise self.fail(where, "must be true or false, got {show}", show=show(value))
        return value

    def string(self, value: Any, where: str, *, empty: bool = True) -> str:
        """``value`` if it is a string (a non-empty one unless ``empty``).

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).string("", "name", empty=False)
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: name: must be a non-empty string, got ''
        """
        if not isinstance(value, str) or not (empty or value):
            kind = "a string" if empty else "a non-empty string"
            raise self.fail(where, "must be {kind}, got {show}", kind=kind, show=show(value))
        return value

    def names(self, value: Any, where: str, n: int) -> tuple[str, ...]:
        """At least ``n`` distinct non-empty strings.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).names(["Ann", "Bob", "Cy"], "names", 2)
        ('Ann', 'Bob', 'Cy')
        >>> TomlChecker("r.toml", VariantError).names(["Ann", {"x": 1}], "names", 2)
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: names: needs 2 distinct non-empty names, got ['Ann', {'x': 1}]
        """
        if (
            not isinstance(value, list)
            or len(value) < n
            or not all(isinstance(v, str) and v for v in value)  # before set(): hashable
            or len(set(value)) != len(value)
        ):
            raise self.fail(
                where, "needs {n} distinct non-empty names, got {show}", n=n, show=show(value)
            )
        return tuple(value)

    def player_key(self, key: str, where: str, most: int) -> int:
        """A table key that is a player count (``{3 = 3}``): a whole number 2 to ``most``.

        >>> from sheriff_core.base.errors import VariantError
        >>> c = TomlChecker("r.toml", VariantError)
        >>> c.player_key("3", "[removed]", 12)
        3
        >>> c.player_key("13", "[removed]", 12)
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [removed]: key '13' must be a player count 2-12
        """
        try:
            n = int(key)
        except ValueError:
            n = None
        if n is None or not 2 <= n <= most:
            raise self.fail(
                where, "key {key!r} must be a player count 2-{most}", key=key, most=most
            )
        return n

    def check_keys(
        self,
        data: Mapping[str, Any],
        schema: Mapping[str, Any],
        entries: Mapping[str, set[str]],
    ) -> None:
        """Unknown keys, in file order. ``schema``: per top-level key, a set of the keys
        of its table, ``"table"`` for a table of entries whose keys ``entries[key]``
        lists, ``"strings"`` for a table of strings, or a type (a plain value or a table
        checked elsewhere).

        >>> from sheriff_core.base.errors import VariantError
        >>> c = TomlChecker("r.toml", VariantError)
        >>> c.check_keys({"setup": {"hand": 6}}, {"setup": {"hand_size"}}, {})
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: [setup] unknown key 'hand' (= 6); known keys: ['hand_size']
        """
        for key, value in data.items():
            if key not in schema:
                raise self.fail(
                    "",
                    "unknown key {key!r} (= {show}); known keys: {sorted}",
                    key=key,
                    show=show(value),
                    sorted=sorted(schema),
                )
            spec = schema[key]
            if isinstance(spec, set):
                self._known(self.table(value, key), spec, key)
            elif spec == "strings":
                for sub, word in self.table(value, key).items():
                    self.string(word, f"[{key}] {sub}")
            elif spec == "table":
                for entry, fields in self.table(value, key).items():
                    where = f"{key}.{entry}"
                    self._known(self.table(fields, where), entries[key], where)

    def require(self, data: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
        """The keys of ``schema`` (as in :meth:`check_keys`) are all in ``data``.

        >>> from sheriff_core.base.errors import VariantError
        >>> TomlChecker("r.toml", VariantError).require({}, {"goods": "table"})
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.VariantError: r.toml: missing required table [goods]
        """
        for key, spec in schema.items():
            if key not in data:
                if isinstance(spec, set) or spec in ("table", "strings"):
                    raise self.fail("", "missing required table [{key}]", key=key)
                raise self.fail("", "missing required key {key!r}", key=key)

    def _known(self, table: Mapping[str, Any], known: set[str], where: str) -> None:
        for sub, value in table.items():
            if sub not in known:
                raise self.fail(
                    "",
                    "[{where}] unknown key {sub!r} (= {show}); known keys: {sorted}",
                    where=where,
                    sub=sub,
                    show=show(value),
                    sorted=sorted(known),
                )
