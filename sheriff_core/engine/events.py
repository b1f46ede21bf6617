"""Events: the frozen record of what each applied action did."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

__all__ = ["Event"]


class Event(NamedTuple):
    """Something that happened: ``kind`` (e.g. ``"inspected"``), the round, the seat
    it concerns (or None) and details in ``info``.

    >>> e = Event(0, "declared", 1, MappingProxyType({"good": "Apples", "count": 3}))
    >>> e.to_dict()
    {'round': 0, 'kind': 'declared', 'seat': 1, 'good': 'Apples', 'count': 3}
    """

    round: int
    kind: str
    seat: int | None
    info: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "seat": self.seat, **self.info}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle (and deep-copy) with ``info`` as a plain dict, read-only again on load
        (a ``MappingProxyType`` cannot be pickled).

        >>> import pickle
        >>> e = Event(0, "declared", 1, MappingProxyType({"good": "Apples", "count": 3}))
        >>> pickle.loads(pickle.dumps(e)) == e
        True
        """
        return (_event, (self.round, self.kind, self.seat, dict(self.info)))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        d = dict(data)
        return cls(d.pop("round"), d.pop("kind"), d.pop("seat"), MappingProxyType(d))


def _event(round: int, kind: str, seat: int | None, info: dict[str, Any]) -> Event:
    """Unpickle an :class:`Event` (see ``Event.__reduce__``)."""
    return Event(round, kind, seat, MappingProxyType(info))
