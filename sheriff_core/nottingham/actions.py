"""Nottingham actions (frozen, hashable values with a text form) and events.

An action does not name its player: it is always the decision of
``game.to_move``. Each kind of action belongs to one kind of decision
(:attr:`Game.step <sheriff_core.nottingham.game.Game.step>`, a
:class:`~sheriff_core.nottingham.steps.Decision`; the decision table
:data:`~sheriff_core.nottingham.game.DECISIONS` is where this is decided):

====================  ===========================================================
decision              actions
====================  ===========================================================
``reveal``            :class:`Keep`, :class:`Use`
``defend``            :class:`Defend`, :class:`Allow`
``take``              :class:`TakeCard`
``offer``             :class:`Offer`
``accept``            :class:`Accept`, :class:`Decline`
``ambush_card``       :class:`ChooseAmbush`
``score``             :class:`Pass`, :class:`Lay`, :class:`CompleteTask`
``spring``            :class:`Spring`, :class:`Hold`
``discard``           :class:`Discard`
====================  ===========================================================

>>> str(Lay("Pearls", 3)), str(Use(2)), str(Offer(("Gold", "Chest")))
('lay 3 Pearls', 'use on seat 2', 'offer Chest+Gold')
>>> Offer(("Gold", "Chest")) == Offer(("Chest", "Gold"))
True
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from sheriff_core.nottingham.errors import BadAction

__all__ = [
    "Action",
    "Keep",
    "Use",
    "Defend",
    "Allow",
    "TakeCard",
    "Offer",
    "Accept",
    "Decline",
    "ChooseAmbush",
    "Pass",
    "Lay",
    "CompleteTask",
    "Spring",
    "Hold",
    "Discard",
    "Event",
    "action_kinds",
    "action_types",
    "action_to_dict",
    "action_from_dict",
]


def _typed(action: Action) -> None:
    """Check (and normalise) every field of ``action`` by its annotation."""
    for f in fields(action):
        value = getattr(action, f.name)
        kind = f.type
        where = f"{type(action).__name__}.{f.name}"
        if kind in ("int", "int | None"):
            if value is None and kind == "int | None":
                continue
            if isinstance(value, np.integer):
                value = int(value)
                object.__setattr__(action, f.name, value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadAction(
                    "{where} must be a whole number, not {value!r}", where=where, value=value
                )
        elif kind == "str":
            if not isinstance(value, str) or not value.strip():
                raise BadAction(
                    "{where} must be a non-empty name, not {value!r}", where=where, value=value
                )
        elif kind == "tuple[str, ...]":
            if not isinstance(value, (tuple, list)) or not all(
                isinstance(x, str) and x.strip() for x in value
            ):
                raise BadAction(
                    "{where} must be a list of card names, not {value!r}", where=where, value=value
                )
            object.__setattr__(action, f.name, tuple(sorted(value)))


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every Nottingham action. Fields are checked when it is built
    (:class:`~sheriff_core.nottingham.errors.BadAction` names the field).

    >>> Lay("Gold", 3).count, Lay("Gold", np.int64(3)) == Lay("Gold", 3)
    (3, True)
    >>> Lay("Gold", 1.5)
    Traceback (most recent call last):
    ...
    sheriff_core.nottingham.errors.BadAction: Lay.count must be a whole number, not 1.5
    """

    def __post_init__(self) -> None:
        _typed(self)

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        return type(self).__name__.lower()


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Take the revealed card into your hand instead of using its action."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use the revealed card's action; ``target`` is the seat for Steal / Rob / Hold up."""

    target: int | None = None

    def __str__(self) -> str:
        return "use" if self.target is None else f"use on seat {self.target}"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Play a Necklace against a red action: the two cards swap, nothing else happens."""

    def __str__(self) -> str:
        return "defend"


@dataclass(frozen=True, slots=True)
class Allow(Action):
    """Do not defend (keep the Necklace)."""

    def __str__(self) -> str:
        return "allow"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Rob / Hold up: the item you take from the target's hand."""

    item: str

    def __str__(self) -> str:
        return f"take {self.item}"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Purchase / Trade: the card(s) you offer face down (order does not matter)."""

    items: tuple[str, ...]

    def __post_init__(self) -> None:
        _typed(self)  # also sorts the items

    def __str__(self) -> str:
        return "offer " + "+".join(self.items)


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Purchase / Trade: take the offer of the player at ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"accept seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Purchase / Trade: take none of the offers and keep the revealed card."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class ChooseAmbush(Action):
    """Ambush: the drawn ambush card you keep on your Gold."""

    card: str

    def __str__(self) -> str:
        return f"ambush with {self.card}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do not score this turn."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Score: lay ``count`` (3 or more) cards of ``item``."""

    item: str
    count: int

    def __str__(self) -> str:
        return f"lay {self.count} {self.item}"


@dataclass(frozen=True, slots=True)
class CompleteTask(Action):
    """Score: complete the task card ``task`` with ``task.each`` cards of each of ``items``."""

    task: str
    items: tuple[str, ...]

    def __post_init__(self) -> None:
        _typed(self)  # also sorts the items

    def __str__(self) -> str:
        return f"task {self.task} with " + "+".join(self.items)


@dataclass(frozen=True, slots=True)
class Spring(Action):
    """Reveal your ambush: swap your Gold for one of the laid cards."""

    def __str__(self) -> str:
        return "spring ambush"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Do not reveal your ambush now (it stays for later)."""

    def __str__(self) -> str:
        return "hold ambush"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one card down to the hand limit on the Sheriff's space."""

    item: str

    def __str__(self) -> str:
        return f"discard {self.item}"


def action_kinds() -> dict[str, tuple[type[Action], ...]]:
    """Which action classes answer which decision (read from the decision table
    :data:`~sheriff_core.nottingham.game.DECISIONS`; keys are ``Decision`` members, which
    equal their words).

    >>> [c.__name__ for c in action_kinds()["score"]]
    ['Pass', 'Lay', 'CompleteTask']
    """
    from sheriff_core.nottingham.game import DECISIONS  # the table is built on the game

    return {d: tuple(rule.takes) for d, rule in DECISIONS.items() if rule.takes}


def action_types() -> dict[str, type[Action]]:
    """Every action class by name (the ``type`` of a saved action).

    >>> sorted(action_types())[:3]
    ['Accept', 'Allow', 'ChooseAmbush']
    """
    return {cls.__name__: cls for kinds in action_kinds().values() for cls in kinds}


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as plain JSON-able data: ``{"type": class name, field: value, ...}``.

    >>> action_to_dict(CompleteTask("purse", ("Gold", "Chest")))
    {'type': 'CompleteTask', 'task': 'purse', 'items': ['Chest', 'Gold']}
    """
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in fields(action):
        value = getattr(action, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def action_from_dict(data: dict[str, Any]) -> Action:
    """Inverse of :func:`action_to_dict` (no checks of the values: a game checks them).

    >>> action_from_dict({"type": "Lay", "item": "Pearls", "count": 3})
    Lay(item='Pearls', count=3)
    """
    data = dict(data)
    cls = action_types()[data.pop("type")]
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``kind`` plus who, what item and how many.

    >>> str(Event("reveal", seat=0, item="Gold"))
    'seat 0: reveal Gold'
    """

    kind: str
    seat: int | None = None
    item: str | None = None
    other: int | None = None
    count: int | None = None
    note: str = field(default="")

    def __str__(self) -> str:
        parts = [f"seat {self.seat}:" if self.seat is not None else "game:", self.kind]
        if self.count is not None:
            parts.append(str(self.count))
        if self.item is not None:
            parts.append(self.item)
        if self.other is not None:
            parts.append(f"(seat {self.other})")
        if self.note:
            parts.append(f"- {self.note}")
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The event as a plain dict (one row of an event table), as the Sheriff engine's
        ``Event.to_dict``.

        >>> Event("lay", 1, "Gold", count=3).to_dict()
        {'kind': 'lay', 'seat': 1, 'item': 'Gold', 'other': None, 'count': 3, 'note': ''}
        """
        return {
            "kind": self.kind,
            "seat": self.seat,
            "item": self.item,
            "other": self.other,
            "count": self.count,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Inverse of :meth:`to_dict`.

        >>> e = Event("lay", 1, "Gold", count=3)
        >>> Event.from_dict(e.to_dict()) == e
        True
        """
        return cls(**data)

    def as_dict(self) -> dict[str, Any]:
        """Deprecated: :meth:`to_dict` (the name both games use)."""
        warnings.warn(
            "Event.as_dict() is deprecated: call Event.to_dict() (docs/nottingham.md)",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.to_dict()
