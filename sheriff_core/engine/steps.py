"""The kinds of decision (:class:`Step`) and the typed sub-states of the inspection phase.

``game.step`` is a :class:`Step`, a ``str`` enum: ``game.step == "load"`` and
``{"load": ...}[game.step]`` keep working, and ``str(step)`` / JSON give the plain
word. The sub-states are frozen dataclasses, replaced (never changed) when the game
moves on: ``game.negotiation`` (:class:`Negotiation` or None), ``game.vote``
(:class:`Vote` or None), ``game.pending`` (a list of :class:`ConfiscateChoice`,
:class:`DebtChoice` and :class:`ExchangeChoice`, the first one due now) and
``game.promises`` (a list of :class:`PromiseRecord`). Read them by attribute
(``game.negotiation.seat``; the dict-style reads deprecated since issue 15,
``game.negotiation["seat"]``, were removed in issue 30); their words are ``Literal``
types (``Negotiation.to_move``: ``"merchant"`` or ``"sheriff"``...). ``to_dict()``
gives the saved form (see :mod:`sheriff_core.engine.saves`). :class:`Phase` is the part
of the round (``game.phase``), a ``str`` enum as :class:`Step` is.

>>> Step("vote") is Step.VOTE, Step.VOTE == "vote", f"{Step.VOTE}", Step.VOTE
(True, True, 'vote', 'vote')
>>> n = Negotiation(seat=2, to_move="merchant")
>>> n.seat, n.to_dict()
(2, {'seat': 2, 'to_move': 'merchant', 'offer': None, 'by': None})
>>> Phase("inspect") is Phase.INSPECT, f"{Phase.INSPECT}"
(True, 'inspect')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Literal

from sheriff_core.engine.actions import Offer

__all__ = [
    "ConfiscateChoice",
    "DebtChoice",
    "ExchangeChoice",
    "Negotiation",
    "PendingChoice",
    "Phase",
    "PromiseRecord",
    "Step",
    "Vote",
]


class Step(StrEnum):
    """The kind of decision due now (``game.step``); each takes the actions the step
    table of :mod:`sheriff_core.engine.game` lists for it."""

    SETUP = "setup"  # only while a game is being dealt
    STARTER = "starter"
    MARKET = "market"
    LOAD = "load"
    DECLARE = "declare"
    SHERIFF = "sheriff"
    MERCHANT = "merchant"
    NEGOTIATION = "negotiation"
    CONFISCATE = "confiscate"
    DEBT = "debt"
    VOTE = "vote"
    EXCHANGE = "exchange"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self._value_)  # as the plain word was shown (messages, test ids)


class Phase(StrEnum):
    """The part of the round (``game.phase``): setup, the Sheriff naming who starts the
    market (some variants), market, load, declare, inspect; over at the end."""

    SETUP = "setup"
    STARTER = "starter"
    MARKET = "market"
    LOAD = "load"
    DECLARE = "declare"
    INSPECT = "inspect"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self._value_)


#: Who answers next in a negotiation, and who made the offer on the table.
Side = Literal["merchant", "sheriff"]
#: A Deputy's vote, and a promise's kind.
Choice = Literal["inspect", "pass"]
PromiseKind = Literal["inspect", "pass", "future"]


class _Record:
    """The base of the sub-state records: each gives its saved form with ``to_dict``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Negotiation(_Record):
    """The bribe negotiation over ``seat``'s bag: who answers next (``to_move``:
    ``"merchant"`` or ``"sheriff"``) and the offer on the table (``offer``, made ``by``
    ``"merchant"`` or ``"sheriff"``; None before any offer or after a decline)."""

    seat: int
    to_move: Side
    offer: Offer | None = None
    by: Side | None = None

    @property
    def merchant_offer(self) -> Offer | None:
        """The merchant's offer on the table (what letting the bag pass takes), or None."""
        return self.offer if self.by == "merchant" else None

    @property
    def demand(self) -> Offer | None:
        """The Sheriff's counter-offer on the table (what Accept accepts), or None."""
        return self.offer if self.by == "sheriff" else None

    def to_dict(self) -> dict[str, Any]:
        offer = self.offer.to_dict() if self.offer is not None else None
        return {"seat": self.seat, "to_move": self.to_move, "offer": offer, "by": self.by}


@dataclass(frozen=True, slots=True)
class Vote(_Record):
    """Two Deputies decide ``seat``'s bag: the first voted ``lead`` (inspect / pass)."""

    seat: int
    lead: Choice

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "lead": self.lead}


@dataclass(frozen=True, slots=True)
class ConfiscateChoice(_Record):
    """Inspector ``by`` places the ``cards`` confiscated from ``seat`` on a discard pile."""

    type: ClassVar[str] = "confiscate"
    step: ClassVar[Step] = Step.CONFISCATE
    seat: int
    cards: tuple[str, ...]
    by: int

    @property
    def who(self) -> int:
        return self.by

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": list(self.cards), "by": self.by}


@dataclass(frozen=True, slots=True)
class DebtChoice(_Record):
    """``debtor`` chooses stand goods to pay ``debt`` gold still owed to ``creditor``
    (a seat, or -1 for the Deputies' Loot): ``forced`` goods go anyway, goods worth
    ``need`` more are chosen."""

    type: ClassVar[str] = "debt"
    step: ClassVar[Step] = Step.DEBT
    debtor: int
    creditor: int
    debt: int
    forced: tuple[str, ...]
    need: int

    @property
    def who(self) -> int:
        return self.debtor

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "debtor": self.debtor,
            "creditor": self.creditor,
            "debt": self.debt,
            "forced": list(self.forced),
            "need": self.need,
        }


@dataclass(frozen=True, slots=True)
class ExchangeChoice(_Record):
    """After their bag, merchant ``seat`` may exchange goods for tokens (or be done)."""

    type: ClassVar[str] = "exchange"
    step: ClassVar[Step] = Step.EXCHANGE
    seat: int

    @property
    def who(self) -> int:
        return self.seat

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}


PendingChoice = ConfiscateChoice | DebtChoice | ExchangeChoice


@dataclass(frozen=True, slots=True)
class PromiseRecord(_Record):
    """A promise made in a deal with ``deal_with`` in ``round``: ``kind`` (inspect /
    pass / future), the ``seat`` it names, its ``text``, and whether it is ``binding``.

    >>> PromiseRecord(0, 2, "pass", 1, "", True).binding
    True
    """

    round: int
    deal_with: int
    kind: PromiseKind
    seat: int | None
    text: str
    binding: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "deal_with": self.deal_with,
            "kind": self.kind,
            "seat": self.seat,
            "text": self.text,
            "binding": self.binding,
        }
