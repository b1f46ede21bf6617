"""What one seat may know: :func:`observe` gives a :class:`SeatView` of a game.

Bots read a seat's view, never the :class:`~sheriff_core.engine.game.Game`: so "a bot
never sees a closed bag" is a property of the type, not a promise. A view shows

- everything public: the variant, the players, the round, whose decision it is, gold,
  declarations, the discard piles (face up), the size of the draw pile, what every
  stand shows (legal goods face up, contraband only counted), the negotiation on the
  table, votes, promises, the cards confiscated, and the events as the seat saw them;
- the seat's own secrets: its hand (``hand``), its bag (``bag``), its stand
  (``stand``, contraband included);
- the engine's answers to questions about the rules: :meth:`SeatView.can`,
  :meth:`SeatView.legal_actions`, :meth:`SeatView.forced` (the one way the rules
  leave to settle a bag, e.g. after a binding promise), :meth:`SeatView.may_inspect`.

Nothing else: there is no ``hands`` (another seat's hand), a bag seen from outside
(:class:`ClosedBag`) has a size and a declaration but no ``cards``, and other seats'
private event details (the cards a bag carried past the Sheriff, the cards a player
drew) are left out of :attr:`SeatView.events`.

A view is read-only and hands out read-only values (tuples, read-only mappings, frozen
records), so nothing done with it changes the game. It is a window on the game as it
is now, not a copy: read it while the seat decides (copying the state for each of the
~100 decisions of a game would cost more than the bots' thinking).

>>> from sheriff_core.engine.game import new_game
>>> g = new_game("classic", players=3, seed=0)
>>> me = observe(g, 1)
>>> me.seat, me.step, me.to_move, len(me.hand), me.hand_sizes
(1, 'market', 1, 6, (6, 6, 6))
>>> me.hands
Traceback (most recent call last):
...
AttributeError: 'SeatView' object has no attribute 'hands'
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, overload

import numpy as np

from sheriff_core.base.errors import NotYourTurn
from sheriff_core.base.i18n import Message
from sheriff_core.engine.actions import Action, Inspect, LetPass, PayDebt
from sheriff_core.engine.events import Event
from sheriff_core.engine.steps import Negotiation, PendingChoice, PromiseRecord, Step, Vote
from sheriff_core.rules.variants import Variant

if TYPE_CHECKING:
    from sheriff_core.engine.game import Game, LegalActions

__all__ = ["ClosedBag", "EventsSeen", "SeatView", "StandSeen", "as_view", "observe"]

#: Per kind of event, the details only the event's own seat knows (the others' view of
#: that event leaves them out): cards drawn from the draw pile, the cards loaded, what a
#: bag that passed unopened carried (and so whether it told the truth; how many of its
#: cards were contraband, ``smuggled``, is public, as are the goods handed over as a bribe).
PRIVATE_DETAILS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "market": frozenset({"drawn"}),
        "drew": frozenset({"cards"}),
        "loaded": frozenset({"cards"}),
        "passed": frozenset({"cards", "truthful"}),
    }
)


#: The kinds of :data:`PRIVATE_DETAILS` (a set: the hot paths ask it per event).
_PRIVATE_KINDS = frozenset(PRIVATE_DETAILS)


class ClosedBag(NamedTuple):
    """A bag seen from outside: its ``size`` and its declaration (None before it is
    declared). There is no ``cards``: only the merchant knows what is inside
    (:attr:`SeatView.bag`), until an inspection opens it."""

    size: int
    declared: tuple[str, int] | None


class StandSeen(NamedTuple):
    """What everybody sees of a stand: each legal good face up (``legal``: good ->
    cards), how many contraband cards lie face down (``contraband``), and the stand's
    cards in the order they were placed with None for each face-down card (``faces``)."""

    legal: Mapping[str, int]
    contraband: int
    faces: tuple[str | None, ...]


_tuple_new: Callable[..., Any] = tuple.__new__


def _seen_class(cls: type[Event]) -> type[Event]:
    """``cls`` as another seat sees it: a subclass whose private details
    (:data:`PRIVATE_DETAILS`) are not there (reading one raises AttributeError, and
    ``fields()``, ``info`` and ``to_dict()`` leave them out). Made once per class, by
    :func:`_copy_plan`."""
    hide = PRIVATE_DETAILS[cls.kind]

    def hidden(name: str) -> property:
        def get(self: Event) -> Any:
            raise AttributeError(
                Message(
                    "{name!r}: only seat {seat} knows this detail of its {kind!r} event",
                    name=name,
                    seat=self.seat,
                    kind=self.kind,
                )
            )

        return property(get)

    def fields(self: Event) -> dict[str, Any]:
        as_real = _tuple_new(cls, tuple(self))  # the kind's own fields() (None hidden)
        return {k: v for k, v in cls.fields(as_real).items() if k not in hide}

    namespace: dict[str, Any] = {"__slots__": (), "fields": fields}
    namespace.update({name: hidden(name) for name in hide})
    return type(cls.__name__ + "Seen", (cls,), namespace)


#: Per event class: its seen class and the positions of its private details.
_COPY_PLANS: dict[type[Event], tuple[type[Event], tuple[int, ...]]] = {}


def _copy_plan(cls: type[Event]) -> tuple[type[Event], tuple[int, ...]]:
    plan = _COPY_PLANS.get(cls)
    if plan is None:
        hide = PRIVATE_DETAILS[cls.kind]
        names: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]
        plan = _COPY_PLANS[cls] = (
            _seen_class(cls),
            tuple(i for i, n in enumerate(names) if n in hide),
        )
    return plan


def _seen_copy(e: Event) -> Event:
    """The event ``e`` of another seat, without its private details (their values are
    not kept in the copy either: None in their places).

    >>> from sheriff_core.engine.events import Passed
    >>> e = Passed(0, 2, "2 Apples", ("Apples", "Pepper"), 1, False)
    >>> seen = _seen_copy(e)
    >>> seen.seat, seen.declared, seen.smuggled, tuple(seen)[3:6]
    (2, '2 Apples', 1, (None, 1, None))
    """
    seen_cls, hidden = _COPY_PLANS.get(type(e)) or _copy_plan(type(e))
    values = list(e)
    for i in hidden:
        values[i] = None
    seen: Event = _tuple_new(seen_cls, values)
    return seen


class EventsSeen(Sequence[Event]):
    """A game's events as one seat saw them (``seat`` None: as everybody saw them).

    The seat's own events are whole; another seat's event of a kind with private
    details (:data:`PRIVATE_DETAILS`) is a copy without them, made once per event.
    It follows the game: events applied later appear in it.
    """

    __slots__ = ("_events", "_seat", "_hidden", "__weakref__")

    def __init__(
        self, events: list[Event], seat: int | None = None, hidden: dict[int, Any] | None = None
    ) -> None:
        self._events = events
        self._seat = seat
        # id(event) -> (event, its public copy): shared by a game's views
        self._hidden: dict[int, Any] = {} if hidden is None else hidden

    def _seen(self, e: Event) -> Event:
        if e.kind not in _PRIVATE_KINDS or (e.seat is not None and e.seat == self._seat):
            return e
        hit = self._hidden.get(id(e))
        if hit is not None and hit[0] is e:
            return hit[1]
        if len(self._hidden) > 4096:
            self._hidden.clear()
        public = _seen_copy(e)
        self._hidden[id(e)] = (e, public)
        return public

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...
    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        if isinstance(i, slice):
            seen = self._seen
            return [seen(e) for e in self._events[i]]
        return self._seen(self._events[i])

    def __iter__(self) -> Iterator[Event]:
        return map(self._seen, self._events)

    def since(self, start: int, kinds: frozenset[str] | set[str]) -> list[Event]:
        """The events from index ``start`` on whose kind is in ``kinds``, as seen (the
        others are skipped without being looked at: a reader that keeps a cursor pays
        only for the events it reads).

        >>> from sheriff_core.engine.game import new_game
        >>> g = new_game("classic", players=3, seed=0)
        >>> [e.kind for e in observe(g, 0).events.since(0, {"setup", "round_start"})]
        ['setup', 'round_start']
        """
        # Hot path (the bots' public record reads it before most Sheriff decisions): one
        # comprehension over the events (timed faster than a loop or C-level filters on
        # CPython 3.11), then _seen for the kinds with private details only.
        wanted = [e for e in self._events[start:] if e.kind in kinds]
        if kinds.isdisjoint(_PRIVATE_KINDS):
            return wanted
        seen = self._seen
        for i, e in enumerate(wanted):
            if e.kind in _PRIVATE_KINDS:
                wanted[i] = seen(e)
        return wanted

    def __repr__(self) -> str:
        who = "everybody" if self._seat is None else f"seat {self._seat}"
        return f"<EventsSeen by {who}: {len(self)} events>"


#: Each game's public events (held without the game itself: the game stays collectable).
_PUBLIC: weakref.WeakKeyDictionary[Game, EventsSeen] = weakref.WeakKeyDictionary()


_LAST: list[Any] = [None, None]  # the last game asked about, and its public events


def _public_events(game: Game) -> EventsSeen:
    if _LAST[0] is game:
        seen: EventsSeen = _LAST[1]
    else:
        seen = _PUBLIC.get(game)  # type: ignore[assignment]
    if seen is None or seen._events is not game.events:
        seen = _PUBLIC[game] = EventsSeen(game.events)
    _LAST[0], _LAST[1] = game, seen
    return seen


def _ro(*_: object) -> None:
    raise AttributeError(Message("a SeatView is read-only: act through the actions it returns"))


class SeatView:
    """What seat ``seat`` of ``game`` may know now (see the module's text). Make it with
    :func:`observe`.

    >>> from sheriff_core.engine.game import new_game
    >>> from sheriff_core.engine.actions import Market
    >>> g = new_game("classic", players=3, seed=0)
    >>> v = observe(g, 1)
    >>> v.can(Market()), v.gold, len(v.piles), v.deck_size > 0
    (True, (50, 50, 50), 2, True)
    >>> v.seat = 2
    Traceback (most recent call last):
    ...
    AttributeError: a SeatView is read-only: act through the actions it returns
    """

    # Fixed for the game's life, so plain attributes (cheaper than properties: a bot reads
    # them at every decision): seat, variant, n, players.
    __slots__ = ("_game", "_events", "_public", "seat", "variant", "n", "players")
    _game: Game
    _events: EventsSeen | None
    _public: EventsSeen | None
    seat: int  #: the seat this view belongs to
    variant: Variant
    n: int  #: the number of players
    players: tuple[str, ...]  #: the players' names, by seat

    __setattr__ = _ro
    __delattr__ = _ro

    def __init__(self, game: Game, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < game.n:
            raise ValueError(
                Message("there is no seat {seat!r} (seats 0-{last})", seat=seat, last=game.n - 1)
            )
        put = object.__setattr__
        put(self, "_game", game)
        put(self, "_events", None)
        put(self, "_public", None)
        put(self, "seat", seat)
        put(self, "variant", game.variant)
        put(self, "n", game.n)
        put(self, "players", game.players)

    def __repr__(self) -> str:
        g = self._game
        return f"<SeatView of {g.name(self.seat)}: round {g.round + 1}, {g.step}>"

    # ------------------------------------------------------------ the table (public)

    def name(self, seat: int) -> str:
        """``"Ann (seat 0)"``."""
        return self._game.name(seat)

    @property
    def round(self) -> int:
        """The round being played (0-based)."""
        return self._game.round

    @property
    def rounds(self) -> int:
        return self._game.rounds

    @property
    def phase(self) -> str:
        return self._game.phase

    @property
    def step(self) -> Step:
        """The kind of decision due now (``Step.OVER`` at the end)."""
        return self._game.step

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (None at the end)."""
        return self._game.to_move

    @property
    def is_over(self) -> bool:
        return self._game.is_over

    @property
    def players_rng(self) -> np.random.Generator:
        """The players' generator (every bot's chance; the rules never draw from it)."""
        return self._game.players_rng

    @property
    def sheriff(self) -> int:
        """The (lead) Sheriff's seat this round."""
        return self._game.sheriff

    @property
    def sheriffs(self) -> tuple[int, ...]:
        """This round's Sheriff, or its two Deputies."""
        return tuple(self._game.sheriffs)

    @property
    def gold(self) -> tuple[int, ...]:
        return tuple(self._game.gold)

    @property
    def loot(self) -> int:
        """Gold in the Deputies' shared Loot."""
        return self._game.loot

    @property
    def tokens(self) -> tuple[Mapping[str, int], ...]:
        return tuple(MappingProxyType(t) for t in self._game.tokens)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._game.hands))

    @property
    def deck_size(self) -> int:
        """Cards in the draw pile (face down)."""
        return len(self._game.deck)

    @property
    def piles(self) -> tuple[tuple[str, ...], ...]:
        """The discard piles, face up (top card last)."""
        return tuple(map(tuple, self._game.piles))

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """How many cards each discard pile holds (``piles`` without copying them)."""
        return tuple(map(len, self._game.piles))

    @property
    def stands(self) -> tuple[StandSeen, ...]:
        """Every stand as the table sees it (legal goods, a count of contraband)."""
        goods = self._game.variant.goods
        seen = []
        for cards in self._game.stands:
            faces = tuple(c if goods[c].kind == "legal" else None for c in cards)
            legal = Counter(c for c in faces if c is not None)
            hidden = len(faces) - sum(legal.values())
            seen.append(StandSeen(MappingProxyType(dict(legal)), hidden, faces))
        return tuple(seen)

    @property
    def merchant_order(self) -> tuple[int, ...]:
        """This round's merchants, clockwise from the (lead) Sheriff's left."""
        return tuple(self._game.merchant_order)

    @property
    def resolved(self) -> tuple[int, ...]:
        """Merchants whose bag has been dealt with this round, in that order."""
        return tuple(self._game.resolved)

    def unresolved(self) -> list[int]:
        """Merchants whose bag is still waiting, in seat order from the Sheriff's left
        (``Game.unresolved``, read here in one call: a Sheriff asks before every bag)."""
        g = self._game
        resolved = g.resolved
        waiting = []
        for s in g.merchant_order:
            if s not in resolved:
                waiting.append(s)
        return waiting

    @property
    def declared(self) -> Mapping[int, tuple[str, int]]:
        """Each declared bag's declaration: seat -> (good, count)."""
        return MappingProxyType(self._game.declared)

    @property
    def bags(self) -> Mapping[int, ClosedBag]:
        """Every bag of this round as the table sees it: size and declaration, no cards."""
        g = self._game
        declared = g.declared
        return MappingProxyType(
            {s: ClosedBag(len(cards), declared.get(s)) for s, cards in g.bags.items()}
        )

    @property
    def negotiation(self) -> Negotiation | None:
        return self._game.negotiation

    @property
    def vote(self) -> Vote | None:
        return self._game.vote

    @property
    def pending(self) -> tuple[PendingChoice, ...]:
        """Choices due before play goes on (confiscated cards to place, debts, tokens)."""
        return tuple(self._game.pending)

    @property
    def binding(self) -> Mapping[int, str]:
        """This round's binding promises: merchant seat -> "inspect" or "pass"."""
        return MappingProxyType(self._game.binding)

    @property
    def promises(self) -> tuple[PromiseRecord, ...]:
        return tuple(self._game.promises)

    @property
    def events(self) -> EventsSeen:
        """The events as this seat saw them (others' private details left out)."""
        seen = self._events
        g = self._game
        if seen is None or seen._events is not g.events:
            seen = EventsSeen(g.events, self.seat, _public_events(g)._hidden)
            object.__setattr__(self, "_events", seen)
        return seen

    @property
    def public_events(self) -> EventsSeen:
        """The events as everybody saw them: the same object for every view of a game."""
        seen = self._public
        if seen is None or seen._events is not self._game.events:
            seen = _public_events(self._game)
            object.__setattr__(self, "_public", seen)
        return seen

    # ------------------------------------------------------------ this seat's secrets

    @property
    def hand(self) -> tuple[str, ...]:
        """This seat's hand."""
        return tuple(self._game.hands[self.seat])

    @property
    def bag(self) -> tuple[str, ...]:
        """The cards in this seat's bag (empty when it has none)."""
        return tuple(self._game.bags.get(self.seat, ()))

    @property
    def stand(self) -> tuple[str, ...]:
        """This seat's stand, contraband included."""
        return tuple(self._game.stands[self.seat])

    # ------------------------------------------------------------ the engine's answers

    def can(self, action: Action) -> bool:
        """True if ``action`` is legal for this seat now (the rules' full check)."""
        return self._game.can(action, self.seat)

    def _my_decision(self, what: str) -> None:
        if self._game.to_move != self.seat:
            raise NotYourTurn(
                "{what}: it is not {player}'s decision (to move: {to_move})",
                what=what,
                player=self._game.name(self.seat),
                to_move=self._game.to_move,
            )

    def legal_actions(self) -> LegalActions:
        """The legal actions of this seat's decision (``NotYourTurn`` if it is not)."""
        self._my_decision("no legal actions to list")
        return self._game.legal_actions()

    def debt_options(self, limit: int | None = None) -> list[PayDebt]:
        """The minimal ways to pay this seat's debt in goods (the engine's list)."""
        self._my_decision("no debt to pay")
        return self._game.debt_options(limit)

    def forced(self, merchant: int) -> Inspect | LetPass | None:
        """The one way the rules leave to settle ``merchant``'s waiting bag (a binding
        promise, a rule of the variant) as an action, or None when the Sheriff may
        choose (the engine's ``Game.forced_action``)."""
        return self._game.forced_action(merchant)

    def forced_bag(self) -> Inspect | LetPass | None:
        """The first waiting bag (in merchant order) that the rules leave one way to
        settle, as that action, or None (the engine's ``Game.forced_bag``)."""
        return self._game.forced_bag()

    def may_inspect(self, merchant: int) -> bool:
        """True if the rules allow inspecting ``merchant``'s waiting bag now."""
        return self._game.may_inspect(merchant)


def observe(game: Game, seat: int) -> SeatView:
    """What ``seat`` of ``game`` may know: a :class:`SeatView` (cheap: a window on the
    game, not a copy; a ``ValueError`` for a seat the game does not have).

    >>> from sheriff_core.engine.game import new_game
    >>> g = new_game("classic", players=3, seed=0)
    >>> [len(b) for b in (observe(g, 0).hand, observe(g, 2).hand)]
    [6, 6]
    >>> observe(g, 3)
    Traceback (most recent call last):
    ...
    ValueError: there is no seat 3 (seats 0-2)
    """
    return SeatView(game, seat)


def as_view(game_or_view: SeatView | Game) -> SeatView:
    """``game_or_view`` itself if it is a view, else the view of the seat to move
    (what a bot's ``choose`` accepts, so callers that pass a game keep working).

    >>> from sheriff_core.engine.game import new_game
    >>> as_view(new_game("classic", players=3, seed=0)).seat
    1
    """
    if type(game_or_view) is SeatView:
        return game_or_view
    seat = game_or_view.to_move
    if seat is None:
        raise NotYourTurn("the game is over: no seat is to move")
    return SeatView(game_or_view, seat)  # type: ignore[arg-type]
