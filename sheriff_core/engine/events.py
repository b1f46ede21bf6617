"""Events: one frozen class per kind of thing an applied action did.

Every event is a small named tuple of its own class (``Declared``, ``Passed``, ...),
with ``round`` and ``seat`` first, then the fields of its kind, and the class attribute
``kind`` (the word saves, frames and the narration have always used: ``"declared"``,
``"passed"``...). Readers test the class (``type(e) is Passed``, ``isinstance``,
``match``) and read attributes (``e.smuggled``); :data:`EVENT_TYPES` maps each kind
to its class and ``docs/events.md`` lists them with their fields.

``to_dict()`` gives the same dict as before the events were typed (``round``, ``kind``,
``seat``, then the fields in order; a passed bag's six bribe fields only when it was
bribed): ``tests/engine/test_event_dicts.py`` holds digests made before the change.
``info`` (the fields as a read-only mapping) is kept for old code.

>>> e = Declared(0, 1, "Apples", 3)
>>> e.kind, e.good, e.count
('declared', 'Apples', 3)
>>> e.to_dict()
{'round': 0, 'kind': 'declared', 'seat': 1, 'good': 'Apples', 'count': 3}
>>> Event.from_dict(e.to_dict()) == e
True
>>> e == Drew(0, 1, "Apples", 3)  # same values, another kind: not equal
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

from sheriff_core.base.i18n import Message

__all__ = [
    "EVENT_TYPES",
    "Confiscated",
    "Declared",
    "Declined",
    "DeputyDeckShuffled",
    "Drew",
    "Event",
    "Exchanged",
    "GameOver",
    "GameSetUp",
    "Inspected",
    "Loaded",
    "LootSplit",
    "MarketTurn",
    "OfferMade",
    "Paid",
    "PaidInGoods",
    "Passed",
    "Reshuffled",
    "RoundEnded",
    "RoundStarted",
    "StarterChosen",
    "Threatened",
    "VoteCast",
    "event_fields",
]

_tuple_eq: Callable[[Any, Any], bool] = tuple.__eq__
_tuple_ne: Callable[[Any, Any], bool] = tuple.__ne__
_tuple_hash: Callable[[Any], int] = tuple.__hash__


class Event:
    """The base of every event class: ``round`` (0-based), ``kind`` (a class attribute),
    ``seat`` (the seat it concerns, or None) and the fields of its kind.

    Two events are equal when they are of the same class with the same values.
    """

    __slots__ = ()
    kind: ClassVar[str]
    if TYPE_CHECKING:

        @property
        def round(self) -> int: ...
        @property
        def seat(self) -> int | None: ...
        def __iter__(self) -> Any: ...
        def __getitem__(self, i: Any) -> Any: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Each event class is (its NamedTuple of fields, Event): the tuple's comparison
        # comes first in the MRO, so the class gets Event's, which compares the class too.
        super().__init_subclass__(**kwargs)
        cls.__eq__ = Event.__eq__  # type: ignore[method-assign]
        cls.__ne__ = Event.__ne__  # type: ignore[method-assign]
        cls.__hash__ = Event.__hash__  # type: ignore[method-assign]

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and _tuple_eq(self, other)

    def __ne__(self, other: object) -> bool:
        return type(self) is not type(other) or _tuple_ne(self, other)

    def __hash__(self) -> int:
        return hash((self.kind, _tuple_hash(self)))

    def fields(self) -> dict[str, Any]:
        """The fields of this kind (all but ``round``, ``kind`` and ``seat``), in order.

        >>> Loaded(0, 2, ["Silk"], 1).fields()
        {'cards': ['Silk'], 'size': 1}
        """
        names: tuple[str, ...] = self._fields  # type: ignore[attr-defined]
        return dict(zip(names[2:], self[2:], strict=True))

    def to_dict(self) -> dict[str, Any]:
        """The event as it has always been written: ``round``, ``kind``, ``seat``, then
        the fields of its kind."""
        return {"round": self.round, "kind": self.kind, "seat": self.seat, **self.fields()}

    @property
    def info(self) -> Mapping[str, Any]:
        """The fields as a read-only mapping (the form events had before they were
        typed; read the attributes instead)."""
        return MappingProxyType(self.fields())

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        """The event ``to_dict()`` wrote (its class chosen by ``kind``); fields missing
        from ``data`` take their defaults (the bribe of an unbribed bag).

        >>> Event.from_dict({"round": 1, "kind": "threatened", "seat": 2})
        Threatened(round=1, seat=2)
        """
        d = dict(data)
        kind = d.pop("kind")
        cls = EVENT_TYPES.get(kind)
        if cls is None:
            raise ValueError(
                Message(
                    "not an event kind: {kind!r}; kinds: {kinds}",
                    kind=kind,
                    kinds=", ".join(EVENT_TYPES),
                )
            )
        return cls(**d)


# ---------------------------------------------------------------- the fields of each kind
# One NamedTuple per kind (fast to make: events are on the simulation's hot path), and
# one class on top of it and the shared base Event.
# `count` shadows tuple.count on purpose (the saved word); mypy is told so.


class _GameSetUp(NamedTuple):
    round: int
    seat: None
    players: list[str]
    sheriff: int
    piles: list[list[str]]


class _Seat(NamedTuple):
    round: int
    seat: int


class _DeputyDeckShuffled(NamedTuple):
    round: int
    seat: None
    deck_pass: int


class _RoundStarted(NamedTuple):
    round: int
    seat: int
    sheriff: str
    sheriffs: list[int]


class _LootSplit(NamedTuple):
    round: int
    seat: None
    each: int
    to: list[int]
    left: int


class _GameOver(NamedTuple):
    round: int
    seat: None
    winners: list[str]


class _Drew(NamedTuple):
    round: int
    seat: int
    cards: list[str]
    count: int  # type: ignore[assignment]


class _Reshuffled(NamedTuple):
    round: int
    seat: None
    cards: int


class _MarketTurn(NamedTuple):
    round: int
    seat: int
    set_aside: list[str]
    pile: int
    took: list[str]
    took_from: list[int]
    drew: int
    drawn: list[str]


class _Loaded(NamedTuple):
    round: int
    seat: int
    cards: list[str]
    size: int


class _Declared(NamedTuple):
    round: int
    seat: int
    good: str
    count: int  # type: ignore[assignment]


class _VoteCast(NamedTuple):
    round: int
    seat: int
    deputy: int
    choice: Literal["inspect", "pass"]


class _OfferMade(NamedTuple):
    round: int
    seat: int
    by: Literal["merchant", "sheriff"]
    offer: str


class _Passed(NamedTuple):
    round: int
    seat: int
    declared: str
    cards: list[str]
    smuggled: int
    truthful: bool
    bribe: str | None = None
    bribe_to: int | str | None = None
    bribe_gold: int = 0
    bribe_stand: list[str] | None = None
    bribe_bag: list[str] | None = None
    not_owed: list[str] | None = None


class _Inspected(NamedTuple):
    round: int
    seat: int
    declared: str
    cards: list[str]
    truthful: bool
    admitted: list[str]
    confiscated: list[str]
    merchant_pays: int
    inspectors: list[int]


class _Confiscated(NamedTuple):
    round: int
    seat: int
    pile: int
    cards: list[str]


class _Paid(NamedTuple):
    round: int
    seat: int
    to: int | str
    gold: int
    owed: int


class _PaidInGoods(NamedTuple):
    round: int
    seat: int
    to: int
    cards: list[str]
    value: int
    forgiven: int


class _Exchanged(NamedTuple):
    round: int
    seat: int
    token: str
    goods: list[str]


# ---------------------------------------------------------------- the event classes


class GameSetUp(_GameSetUp, Event):
    """The deal (seat None): the players' names, the first Sheriff's seat, the
    discard piles as dealt."""

    __slots__ = ()
    kind = "setup"


class StarterChosen(_Seat, Event):
    """The Sheriff chose ``seat`` to start the market (variants where the Sheriff chooses)."""

    __slots__ = ()
    kind = "starter"


class DeputyDeckShuffled(_DeputyDeckShuffled, Event):
    """The Deputies' deck was shuffled (seat None) for its ``deck_pass``-th pass."""

    __slots__ = ()
    kind = "deputy_deck_shuffled"


class RoundStarted(_RoundStarted, Event):
    """A round starts; ``seat`` is the (lead) Sheriff, ``sheriff`` their name and
    ``sheriffs`` every Sheriff's or Deputy's seat."""

    __slots__ = ()
    kind = "round_start"


class LootSplit(_LootSplit, Event):
    """The Deputies' Loot is shared at the end of a round (seat None): ``each`` to every
    seat of ``to``, ``left`` stays in the Loot."""

    __slots__ = ()
    kind = "loot_split"


class RoundEnded(_Seat, Event):
    """The round of Sheriff ``seat`` ends."""

    __slots__ = ()
    kind = "round_end"


class GameOver(_GameOver, Event):
    """The game is over (seat None); ``winners`` are the names ranked first."""

    __slots__ = ()
    kind = "game_over"


class Drew(_Drew, Event):
    """``seat`` drew ``count`` ``cards`` at the end of a round (back to a full hand)."""

    __slots__ = ()
    kind = "drew"


class Reshuffled(_Reshuffled, Event):
    """The discard piles were shuffled into a new draw pile of ``cards`` cards (seat None)."""

    __slots__ = ()
    kind = "reshuffled"


class MarketTurn(_MarketTurn, Event):
    """``seat``'s market turn: ``set_aside`` put on pile ``pile``, ``took`` taken from the
    piles ``took_from``, ``drew`` cards drawn (``drawn``)."""

    __slots__ = ()
    kind = "market"


class Loaded(_Loaded, Event):
    """``seat`` loaded ``cards`` (``size`` of them) into the bag (secret)."""

    __slots__ = ()
    kind = "loaded"


class Declared(_Declared, Event):
    """``seat`` declared ``count`` ``good``."""

    __slots__ = ()
    kind = "declared"


class Threatened(_Seat, Event):
    """The Sheriff threatened to inspect ``seat``'s bag."""

    __slots__ = ()
    kind = "threatened"


class VoteCast(_VoteCast, Event):
    """Deputy ``deputy`` voted ``choice`` (``"inspect"`` or ``"pass"``) on ``seat``'s bag."""

    __slots__ = ()
    kind = "vote"


class OfferMade(_OfferMade, Event):
    """An offer about ``seat``'s bag: ``by`` ``"merchant"`` (a bribe) or ``"sheriff"``
    (a demand); ``offer`` is the action's text (``"offer 3 gold"``)."""

    __slots__ = ()
    kind = "offer"


class Declined(_Seat, Event):
    """The Sheriff declined the offer about ``seat``'s bag."""

    __slots__ = ()
    kind = "declined"


class Passed(_Passed, Event):
    """``seat``'s bag passed unopened: ``declared`` (``"3 Apples"``), the ``cards``, how
    many were ``smuggled`` (not declarable), whether it was ``truthful``; if it was
    bribed, the ``bribe`` (its text), ``bribe_to`` (a seat or ``"loot"``),
    ``bribe_gold``, ``bribe_stand``, ``bribe_bag`` and ``not_owed`` (bag goods promised
    but not in the bag). Without a bribe those are None (0 gold) and ``to_dict`` leaves
    them out, as it always did."""

    __slots__ = ()
    kind = "passed"

    def fields(self) -> dict[str, Any]:
        if self.bribe is not None:
            return super().fields()
        return {
            "declared": self.declared,
            "cards": self.cards,
            "smuggled": self.smuggled,
            "truthful": self.truthful,
        }


class Inspected(_Inspected, Event):
    """``seat``'s bag was opened by ``inspectors``: ``declared``, the ``cards``,
    ``truthful``, the goods ``admitted`` to the stand and ``confiscated``, and
    ``merchant_pays`` (a fine; negative: the inspectors pay)."""

    __slots__ = ()
    kind = "inspected"


class Confiscated(_Confiscated, Event):
    """``seat``'s confiscated ``cards`` went onto discard pile ``pile`` (in that order)."""

    __slots__ = ()
    kind = "confiscated"


class Paid(_Paid, Event):
    """``seat`` paid ``gold`` of ``owed`` to ``to`` (a seat or ``"loot"``); the rest is a debt."""

    __slots__ = ()
    kind = "paid"


class PaidInGoods(_PaidInGoods, Event):
    """``seat`` paid a debt in goods: ``cards`` worth ``value`` to ``to``; ``forgiven`` is
    what the goods could not cover."""

    __slots__ = ()
    kind = "paid_in_goods"


class Exchanged(_Exchanged, Event):
    """``seat`` exchanged a ``token`` for ``goods``."""

    __slots__ = ()
    kind = "exchanged"


#: Each event kind (the word in ``to_dict()``) and its class, in the order of a game.
EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        GameSetUp,
        DeputyDeckShuffled,
        RoundStarted,
        StarterChosen,
        MarketTurn,
        Loaded,
        Declared,
        Threatened,
        OfferMade,
        Declined,
        VoteCast,
        Passed,
        Inspected,
        Confiscated,
        Paid,
        PaidInGoods,
        Exchanged,
        RoundEnded,
        LootSplit,
        Drew,
        Reshuffled,
        GameOver,
    )
}


def event_fields(cls: type[Event]) -> dict[str, str]:
    """The fields of an event class in order (``round`` and ``seat`` first) and their
    types as written (``docs/events.md`` lists them; a test keeps it true).

    >>> event_fields(Declared)
    {'round': 'int', 'seat': 'int', 'good': 'str', 'count': 'int'}
    """
    fields_of = next(b for b in cls.__mro__ if "_fields" in vars(b))
    names: tuple[str, ...] = vars(fields_of)["_fields"]
    notes = vars(fields_of)["__annotations__"]
    return {n: str(getattr(notes[n], "__forward_arg__", notes[n])) for n in names}
