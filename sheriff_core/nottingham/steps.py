"""The kinds of decision (:class:`Decision`) and the typed records of the open decision.

``game.step`` is a :class:`Decision`, a ``str`` enum (as the Sheriff engine's
:class:`~sheriff_core.engine.steps.Step`): ``game.step == "score"`` keeps working and
``str(step)`` / JSON give the plain word. ``game.pending`` holds the details of the open
decision as a frozen record, replaced (never changed) when the game moves on; its
``to_dict()`` is the saved form (the ``pending`` field of a save, unchanged from the
``dict`` the game held before these records):

====================  ========================  ==========================================
decision              ``pending``               what it holds
====================  ========================  ==========================================
``reveal``            :class:`NoPending`        nothing (the card is ``game.revealed``)
``defend``            :class:`Target`           the seat attacked, who may defend
``take``              :class:`Target`           the seat the active player takes from
``offer``             :class:`OfferRound`       seats still to offer (the first moves),
                                                the offers made so far
``accept``            :class:`OfferChoice`      the offers, by seat
``ambush_card``       :class:`AmbushDraw`       the ambush cards drawn
``score``             :class:`NoPending`        nothing
``spring``            :class:`SpringQueue`      the item laid, how many are left, the
                                                ambushes still to ask
``discard``           :class:`DiscardQueue`     seats still over the hand limit
``over``              :class:`NoPending`        nothing
====================  ========================  ==========================================

>>> Decision("spring") is Decision.SPRING, Decision.SPRING == "spring", Decision.SPRING
(True, True, 'spring')
>>> p = SpringQueue("Pearls", 3, (Ambush(1, "red", "Gold"),))
>>> p.queue[0].owner, p.to_dict()
(1, {'item': 'Pearls', 'count': 3, 'queue': [[1, 'red', 'Gold']]})
>>> pending_from_dict("spring", p.to_dict()) == p
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

__all__ = [
    "Ambush",
    "AmbushDraw",
    "Decision",
    "DiscardQueue",
    "NoPending",
    "OfferChoice",
    "OfferRound",
    "Pending",
    "SpringQueue",
    "Target",
    "pending_from_dict",
]


class Decision(StrEnum):
    """The kind of decision due now (``game.step``); each takes the actions the decision
    table of :mod:`sheriff_core.nottingham.game` (``DECISIONS``) lists for it."""

    REVEAL = "reveal"
    DEFEND = "defend"
    TAKE = "take"
    OFFER = "offer"
    ACCEPT = "accept"
    AMBUSH_CARD = "ambush_card"
    SCORE = "score"
    SPRING = "spring"
    DISCARD = "discard"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self._value_)  # as the plain word was shown (messages, test ids)


class Ambush(NamedTuple):
    """An ambush lying in front of ``owner``: the ambush ``card`` kept on a ``gold`` item
    (``game.ambushes``; saved as ``[owner, card, gold]``)."""

    owner: int
    card: str
    gold: str


@dataclass(frozen=True, slots=True)
class NoPending:
    """The open decision needs no details (``reveal``, ``score``, ``over``)."""

    def to_dict(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True, slots=True)
class Target:
    """Steal / Rob / Hold up against ``target``: its Defend choice, or the card taken."""

    target: int

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target}


@dataclass(frozen=True, slots=True)
class OfferRound:
    """Purchase / Trade: ``queue`` are the seats still to offer (the first is to move),
    ``offers`` the offers made so far as ``(seat, items)``."""

    queue: tuple[int, ...]
    offers: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"queue": list(self.queue), "offers": _offers(self.offers)}


@dataclass(frozen=True, slots=True)
class OfferChoice:
    """Purchase / Trade: the active player chooses among ``offers`` (``(seat, items)``)."""

    offers: tuple[tuple[int, tuple[str, ...]], ...]

    def by_seat(self) -> dict[int, tuple[str, ...]]:
        """The offered items by seat."""
        return dict(self.offers)

    def to_dict(self) -> dict[str, Any]:
        return {"offers": _offers(self.offers)}


@dataclass(frozen=True, slots=True)
class AmbushDraw:
    """Gold used: the ambush cards ``drawn``, one of which the active player keeps."""

    drawn: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"drawn": list(self.drawn)}


@dataclass(frozen=True, slots=True)
class SpringQueue:
    """``count`` cards of ``item`` lie on the table; ``queue`` are the ambushes that may
    spring on them, asked in order (the first one's owner is to move)."""

    item: str
    count: int
    queue: tuple[Ambush, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"item": self.item, "count": self.count, "queue": [list(a) for a in self.queue]}


@dataclass(frozen=True, slots=True)
class DiscardQueue:
    """Hand limit: ``queue`` are the seats still over it (the first one discards)."""

    queue: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"queue": list(self.queue)}


Pending = NoPending | Target | OfferRound | OfferChoice | AmbushDraw | SpringQueue | DiscardQueue


def _offers(offers: tuple[tuple[int, tuple[str, ...]], ...]) -> list[list[Any]]:
    return [[seat, list(items)] for seat, items in offers]


def _read_offers(data: list[Any]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    return tuple((int(seat), tuple(items)) for seat, items in data)


def pending_from_dict(decision: str, data: dict[str, Any]) -> Pending:
    """The record of ``decision`` from its saved form (inverse of ``to_dict``; the values
    are not checked: a save is checked by replaying it).

    >>> pending_from_dict("offer", {"queue": [2], "offers": [[1, ["Gold"]]]})
    OfferRound(queue=(2,), offers=((1, ('Gold',)),))
    >>> pending_from_dict("score", {})
    NoPending()
    """
    d = Decision(decision)
    if d in (Decision.DEFEND, Decision.TAKE):
        return Target(data["target"])
    if d is Decision.OFFER:
        return OfferRound(tuple(data["queue"]), _read_offers(data["offers"]))
    if d is Decision.ACCEPT:
        return OfferChoice(_read_offers(data["offers"]))
    if d is Decision.AMBUSH_CARD:
        return AmbushDraw(tuple(data["drawn"]))
    if d is Decision.SPRING:
        queue = tuple(Ambush(*a) for a in data["queue"])
        return SpringQueue(data["item"], data["count"], queue)
    if d is Decision.DISCARD:
        return DiscardQueue(tuple(data["queue"]))
    return NoPending()
