"""A guard around a bot someone else wrote: a fault loses one decision, never the game.

A :class:`Guard` plays one seat with a player (a :class:`~sheriff_core.bots.base.Player`
or any object with ``choose(view)``). It asks the player for each decision, and when the
player

* raises an exception (``"raised"``),
* returns something the rules do not allow now, checked with ``view.can`` (``"illegal"``),
* or thinks longer than ``time_limit`` seconds of CPU time, or waits longer than
  ``wall_limit`` seconds of wall-clock time (``"slow"``),

it plays the fallback player's action instead (the bundled ``honest`` merchant and
``trusting`` Sheriff by default; the first legal action the engine lists if even that
fails) and records a :class:`Fault`: the seat, the round, the step, what went wrong and
the state as text, so the bot's author can find the decision and fix it. A fault's text
(``message``, ``state``) is English, the same in every language (a fault is data, like a
simulation frame); its ``said`` holds the same two as messages read in the current language
(the tournament's report shows them).

The limit is on **CPU time** (the thread's, ``time.thread_time``), so a machine busy with
other work does not make a bot slow: the same seed gives the same games on a quiet laptop
and on a crowded class server. The wall-clock limit (default ``max(1, 20 x time_limit)``
seconds) catches a bot that waits instead of thinking (``time.sleep``, ``input()``, the
network).

An endless loop is stopped, not only measured: inside :func:`time_limits` (POSIX, main
thread: what a notebook kernel and the command line run on) each decision runs under two
interval timers (``signal.setitimer``): ``ITIMER_PROF`` (the process's CPU time,
``SIGPROF``) and ``ITIMER_REAL`` (wall-clock, ``SIGALRM``); the first to run out raises
:class:`DecisionTimeout` in the bot's code, and again every period after that if the bot
swallows it. Elsewhere (Windows, a worker thread) the times are measured after the
decision returns: a slow decision still loses, but a bot that never returns hangs the game
(documented in ``docs/tournament.md``).

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player, play_game
>>> from sheriff_core.bots.base import MerchantBot
>>> class Broken(MerchantBot):
...     name = "broken"
...     def load(self, view):
...         raise RuntimeError("oops")
...     def declare(self, view):
...         return sc.Declare("Apples", 99)  # more cards than the bag holds: illegal
>>> guard = Guard(make_player(Broken(), "trusting"), "broken")
>>> game = play_game(sc.new_game("classic", players=3, seed=1), [guard] + [make_player()] * 2)
>>> game.is_over, sorted({f.kind for f in guard.faults}), guard.faults[0].step
(True, ['illegal', 'raised'], 'load')
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, cast

from sheriff_core.base.errors import message_of
from sheriff_core.base.i18n import Joined, Message, Names, Term, language
from sheriff_core.bots.base import Player
from sheriff_core.bots.merchants import HonestMerchant
from sheriff_core.bots.sheriffs import TrustingSheriff
from sheriff_core.engine.actions import Action
from sheriff_core.engine.view import SeatView, as_view

__all__ = [
    "DecisionTimeout",
    "Fault",
    "Guard",
    "FAULT_KINDS",
    "default_fallback",
    "describe_state",
    "state_message",
    "time_limits",
    "hard_stop_available",
]

#: The kinds of fault a guard records.
FAULT_KINDS: tuple[str, ...] = ("raised", "illegal", "slow")


class DecisionTimeout(BaseException):
    """Raised inside a bot's code when its decision is out of time (a ``BaseException``,
    so a bot's ``except Exception`` does not swallow it)."""


@dataclass(frozen=True)
class Fault:
    """One decision a guarded bot lost: who (``entrant``, ``seat``), when (``round``,
    1-based, and ``step``), what (``kind``: one of :data:`FAULT_KINDS`, ``message``),
    the action played instead (``played``), the wall-clock and CPU seconds the bot took
    (``seconds``, ``cpu_seconds``) and the seat's state as text (``state``,
    :func:`describe_state`). ``message`` and ``state`` are English; ``said``: the two as
    messages rendered in the language current when read (None: shown as they are)."""

    entrant: str
    seat: int
    round: int
    step: str
    kind: str
    message: str
    played: str
    seconds: float
    cpu_seconds: float
    state: str
    said: tuple[object, object] | None = field(default=None, compare=False, repr=False)


# The timers' handler raises only while a guard waits for a decision (a late signal,
# between the decision's end and the timers' reset, is ignored); _FIRED: which timer.
_ARMED = [False]
_INSTALLED = [False]
_FIRED = [0]
_SIGNALS = ("SIGPROF", "SIGALRM")


def _on_timer(signum: int, frame: Any) -> None:
    if _ARMED[0]:
        _FIRED[0] = signum
        raise DecisionTimeout()


def _arm(cpu: float, wall: float) -> None:
    _ARMED[0] = True
    signal.setitimer(signal.ITIMER_PROF, cpu, cpu)
    signal.setitimer(signal.ITIMER_REAL, wall, wall)


def _disarm() -> None:
    _ARMED[0] = False
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.setitimer(signal.ITIMER_REAL, 0)


def hard_stop_available() -> bool:
    """True where :func:`time_limits` can stop an endless loop (POSIX, main thread).

    >>> isinstance(hard_stop_available(), bool)
    True
    """
    return (
        hasattr(signal, "setitimer")
        and hasattr(signal, "SIGPROF")
        and threading.current_thread() is threading.main_thread()
    )


@contextmanager
def time_limits() -> Iterator[bool]:
    """Let the guards stop a decision that runs past its time limits (``SIGPROF``,
    ``SIGALRM``), for the ``with`` block; yields whether they can
    (:func:`hard_stop_available`). The previous handlers are put back at the end; nested
    blocks share the first.

    >>> with time_limits() as hard:
    ...     hard == hard_stop_available()
    True
    """
    if _INSTALLED[0] or not hard_stop_available():
        yield _INSTALLED[0]
        return
    signums = [getattr(signal, name) for name in _SIGNALS]
    previous = [signal.signal(signum, _on_timer) for signum in signums]
    _INSTALLED[0] = True
    try:
        yield True
    finally:
        _disarm()
        for signum, handler in zip(signums, previous, strict=True):
            signal.signal(signum, handler)
        _INSTALLED[0] = False


def describe_state(view: SeatView) -> str:
    """The seat's decision as text: what its author needs to find it again (only what
    the seat may know), in English (:func:`state_message`: the same in any language).

    >>> import sheriff_core as sc
    >>> from sheriff_core.engine.view import observe
    >>> print(describe_state(observe(sc.new_game("classic", players=3, seed=0), 1)))
    ... # doctest: +ELLIPSIS
    round 1 of ..., step 'market', seat 1 (Ben) to decide; Sheriff: seat 0; gold: 50, 50, 50; hand: ...
    """
    with language("en"):
        return str(state_message(view))


def state_message(view: SeatView) -> Joined:
    """:func:`describe_state`'s text, rendered in the language current when it is read
    (game words translated; names, numbers and typed text as they are).

    >>> import sheriff_core as sc
    >>> from sheriff_core.engine.view import observe
    >>> said = state_message(observe(sc.new_game("classic", players=3, seed=0), 1))
    >>> with language("zh"):
    ...     str(said).startswith("第1轮")
    True
    """
    parts: list[Message] = [
        Message(
            "round {round} of {rounds}, step '{step}', seat {seat} ({name}) to decide",
            round=view.round + 1,
            rounds=view.rounds,
            step=Term(view.step),
            seat=view.seat,
            name=view.players[view.seat],
        ),
        Message("Sheriff: seat {seat}", seat=view.sheriff),
        Message("gold: {gold}", gold=", ".join(map(str, view.gold))),
        Message("hand: {cards}", cards=Names(view.hand)) if view.hand else Message("hand: empty"),
    ]
    if view.bag:
        parts.append(Message("own bag: {cards}", cards=Names(view.bag)))
    declared = view.declared
    if declared:
        each = [
            Message("seat {seat}: {n} {good}", seat=s, n=c, good=Term(g))
            for s, (g, c) in declared.items()
        ]
        parts.append(Message("declared: {bags}", bags=Joined(each, ", ")))
    if view.negotiation is not None:
        parts.append(Message("negotiation: {offer}", offer=str(view.negotiation)))
    return Joined(parts)


def _english(said: object) -> str:
    """``said`` rendered in English (a fault's text is the same in every language)."""
    with language("en"):
        return str(said)


def default_fallback() -> Player:
    """The bundled ``honest`` merchant and ``trusting`` Sheriff (by class, so a user's bot
    registered under one of those names does not replace them).

    >>> str(default_fallback())
    'honest/trusting'
    """
    return Player(HonestMerchant(), TrustingSheriff())


def _fallback_action(fallback: Any, view: SeatView) -> Action:
    """The fallback player's action, or the engine's first legal one if that fails."""
    try:
        action = fallback.choose(view)
        if view.can(action):
            return action
    except Exception:  # noqa: BLE001, S110 - a bundled bot failing is covered below
        pass
    return next(iter(view.legal_actions()))


class Guard:
    """Plays a seat with ``player``; a fault plays ``fallback``'s action instead and is
    added to :attr:`faults` (see the module's text). ``name``: the entrant's name in the
    faults. ``time_limit``: CPU seconds per decision (None: no limit, in either time);
    ``wall_limit``: wall-clock seconds per decision (None: ``max(1, 20 x time_limit)``).
    ``explain``: an
    optional ``explain(action, seat)`` giving the rule an illegal action breaks, as text or
    a message (None: no reason; the tournament passes the engine's message).
    """

    __slots__ = ("player", "name", "fallback", "time_limit", "wall_limit", "faults", "explain")

    def __init__(
        self,
        player: Any,
        name: str,
        *,
        fallback: Any = None,
        time_limit: float | None = 0.05,
        wall_limit: float | None = None,
        explain: Callable[[Any, int], object] | None = None,
    ) -> None:
        if time_limit is not None and not time_limit > 0:
            raise ValueError(
                Message(
                    "time_limit is seconds per decision, above 0 (or None), not {limit}",
                    limit=time_limit,
                )
            )
        self.player = player
        self.name = name
        self.fallback = fallback if fallback is not None else default_fallback()
        self.time_limit = time_limit
        if wall_limit is not None and not wall_limit > 0:
            raise ValueError(
                Message(
                    "wall_limit is seconds per decision, above 0 (or None), not {limit}",
                    limit=wall_limit,
                )
            )
        if wall_limit is None and time_limit is not None:
            wall_limit = max(1.0, 20 * time_limit)
        self.wall_limit = wall_limit
        self.faults: list[Fault] = []
        self.explain = explain

    def __repr__(self) -> str:
        return f"<Guard {self.name}: {len(self.faults)} faults>"

    def clone(self) -> Guard:
        """A fresh guard (no faults) around fresh copies of the players."""
        player = self.player.clone() if hasattr(self.player, "clone") else self.player
        fallback = self.fallback.clone() if isinstance(self.fallback, Player) else self.fallback
        return Guard(
            player,
            self.name,
            fallback=fallback,
            time_limit=self.time_limit,
            wall_limit=self.wall_limit,
            explain=self.explain,
        )

    def choose(self, view: SeatView) -> Action:
        """The player's action for this decision, or the fallback's after a fault."""
        view = as_view(view)
        action, kind, said, seconds, cpu = self._ask(view)
        if kind is None and not _legal(view, action):
            kind = "illegal"
            why = self.explain(action, view.seat) if self.explain is not None else None
            said = (
                Message(
                    "returned {action}, which the rules do not allow now: {why}",
                    action=repr(action),
                    why=why,
                )
                if why
                else Message(
                    "returned {action}, which the rules do not allow now", action=repr(action)
                )
            )
        if kind is None:
            return action  # checked legal above
        played = _fallback_action(self.fallback, view)
        state = state_message(view)
        self.faults.append(
            Fault(
                self.name,
                view.seat,
                view.round + 1,
                str(view.step),
                kind,
                _english(said),
                repr(played),
                seconds,
                cpu,
                _english(state),
                (said, state),
            )
        )
        return played

    def _ask(self, view: SeatView) -> tuple[Any, str | None, object, float, float]:
        """(action, fault kind or None, message, wall seconds, CPU seconds) of a decision."""
        limit, wall = self.time_limit, self.wall_limit
        hard = limit is not None and wall is not None and _INSTALLED[0]
        start, cpu_start = time.perf_counter(), time.thread_time()
        action: Any = None
        kind, message = None, cast(object, "")
        try:
            try:
                if hard:
                    _arm(limit, wall)  # type: ignore[arg-type]  # both set when hard
                action = self.player.choose(view)
            finally:
                if hard:
                    _disarm()
        except DecisionTimeout:
            _disarm()  # in case the signal landed before the timers' reset
            kind = "slow"
            if _FIRED[0] == signal.SIGALRM:
                message = Message(
                    "still deciding after {limit} s of wall-clock time: stopped", limit=wall
                )
            else:
                message = Message(
                    "still deciding after {limit} s of CPU time: stopped", limit=limit
                )
        except (Exception, SystemExit) as exc:  # a bot's sys.exit() loses a decision too
            kind = "raised"
            message = Message(
                "raised {error}: {detail}", error=type(exc).__name__, detail=message_of(exc)
            )
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu_start
        if kind is None and limit is not None and cpu > limit:
            kind = "slow"
            message = Message(
                "thought for {cpu:.3f} s of CPU time, over the limit of {limit} s",
                cpu=cpu,
                limit=limit,
            )
        elif kind is None and wall is not None and seconds > wall:
            kind = "slow"
            message = Message(
                "took {seconds:.3f} s of wall-clock time, over the limit of {limit} s",
                seconds=seconds,
                limit=wall,
            )
        return (None if kind else action), kind, message, seconds, cpu


def _legal(view: SeatView, action: Any) -> bool:
    """Is ``action`` a legal action of this seat now (anything else is not)?"""
    if not isinstance(action, Action):
        return False
    try:
        return view.can(action)
    except Exception:  # noqa: BLE001 - a malformed action the check cannot read
        return False
