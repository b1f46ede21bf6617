"""Shared checks of rules data (TOML), for both games of the package.

:class:`TomlChecker` checks one rules file's data and raises the game's error class
with the file, the place and the rule broken in the message
(``"my.toml: [setup] hand_size: must be an integer, got 'x'"``); Nottingham's rules
(:mod:`sheriff_core.nottingham.rules`) are read with it.

Only the standard library is imported, so the rules layer can use it too. The save
envelope (bounded JSON parsing, the ``format`` tag, required and unknown keys, the
seed, the generators' states, the replay of ``history`` through ``apply`` and the
check of the stored state against the replay) has one copy, the public helpers of
:mod:`sheriff_core.engine.saves`, which Nottingham's saves
(:mod:`sheriff_core.nottingham.saves`) use as well.

>>> from sheriff_core.errors import VariantError
>>> c = TomlChecker("my.toml", VariantError)
>>> c.int_key({"hand_size": 6}, "hand_size", "setup")
6
>>> c.int_key({"hand_size": "six"}, "hand_size", "setup")
Traceback (most recent call last):
...
sheriff_core.errors.VariantError: my.toml: [setup] hand_size: must be an integer, got 'six'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["TomlChecker"]


class TomlChecker:
    """Checks of one rules file's data; every failure is ``error(f"{path}: {where}: {msg}")``.

    ``where`` names the place: ``"[players]"`` for a table, ``"[players] min"`` for a
    key in it, ``"'extra'"`` for a top-level key.

    >>> from sheriff_core.errors import VariantError
    >>> TomlChecker("r.toml", VariantError).names(["Ann", "Ann"], "[players] names", 2)
    Traceback (most recent call last):
    ...
    sheriff_core.errors.VariantError: r.toml: [players] names: needs at least 2 distinct non-empty names
    """

    def __init__(self, path: str, error: type[Exception]) -> None:
        self.path, self.error = path, error

    def fail(self, where: str, msg: str) -> Exception:
        """The error to raise (``raise checker.fail(where, msg)``)."""
        return self.error(f"{self.path}: {where}: {msg}")

    def table(self, value: Any, where: str) -> dict[str, Any]:
        """``value`` if it is a table (``where``: its dotted name, e.g. ``items.Gold``)."""
        if not isinstance(value, dict):
            raise self.fail(f"[{where}]", "must be a table")
        return value

    def need(self, section: Mapping[str, Any], key: str, where: str) -> Any:
        """``section[key]``; a missing key names the table ``where``."""
        if key not in section:
            raise self.fail(f"[{where}]", f"missing required key {key!r}")
        return section[key]

    def integer(self, value: Any, where: str, minimum: int = 0) -> int:
        """``value`` if it is a whole number >= ``minimum`` (not a bool)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"must be an integer, got {value!r}")
        if value < minimum:
            raise self.fail(where, f"must be >= {minimum}, got {value}")
        return value

    def int_key(self, section: Mapping[str, Any], key: str, where: str, minimum: int = 0) -> int:
        """``section[key]`` (required) as a whole number >= ``minimum``."""
        return self.integer(self.need(section, key, where), f"[{where}] {key}", minimum)

    def names(self, value: Any, where: str, n: int) -> tuple[str, ...]:
        """At least ``n`` distinct non-empty strings."""
        if (
            not isinstance(value, list)
            or len(value) < n
            or len(set(value)) != len(value)
            or not all(isinstance(v, str) and v for v in value)
        ):
            raise self.fail(where, f"needs at least {n} distinct non-empty names")
        return tuple(value)

    def check_keys(
        self,
        data: Mapping[str, Any],
        schema: Mapping[str, Any],
        entries: Mapping[str, set[str]],
    ) -> None:
        """Unknown and missing keys. ``schema``: per top-level key, a set of the keys of
        its table, ``"table"`` for a table of entries whose keys ``entries[key]`` lists,
        or a type (a plain value, checked elsewhere)."""
        for key, value in data.items():
            if key not in schema:
                raise self.fail(repr(key), f"unknown key; known keys: {sorted(schema)}")
            spec = schema[key]
            if isinstance(spec, set):
                self._known(self.table(value, key), spec, key)
            elif spec == "table":
                for entry, fields in self.table(value, key).items():
                    where = f"{key}.{entry}"
                    self._known(self.table(fields, where), entries[key], where)
        for key in schema:
            if key not in data:
                raise self.fail(repr(key), "missing required key")

    def _known(self, table: Mapping[str, Any], known: set[str], where: str) -> None:
        for sub in table:
            if sub not in known:
                raise self.fail(f"[{where}]", f"unknown key {sub!r}; known keys: {sorted(known)}")
