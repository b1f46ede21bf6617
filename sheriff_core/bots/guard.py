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
the state as text, so the bot's author can find the decision and fix it.

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
from dataclasses import dataclass
from typing import Any

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
    :func:`describe_state`)."""

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
    the seat may know).

    >>> import sheriff_core as sc
    >>> from sheriff_core.engine.view import observe
    >>> print(describe_state(observe(sc.new_game("classic", players=3, seed=0), 1)))
    ... # doctest: +ELLIPSIS
    round 1 of ..., step 'market', seat 1 (Ben) to decide; Sheriff: seat 0; gold: 50, 50, 50; hand: ...
    """
    parts = [
        f"round {view.round + 1} of {view.rounds}, step {str(view.step)!r}, "
        f"seat {view.seat} ({view.players[view.seat]}) to decide",
        f"Sheriff: seat {view.sheriff}",
        "gold: " + ", ".join(map(str, view.gold)),
        "hand: " + (", ".join(view.hand) or "empty"),
    ]
    if view.bag:
        parts.append("own bag: " + ", ".join(view.bag))
    declared = view.declared
    if declared:
        parts.append(
            "declared: " + ", ".join(f"seat {s}: {c} {g}" for s, (g, c) in declared.items())
        )
    if view.negotiation is not None:
        parts.append(f"negotiation: {view.negotiation}")
    return "; ".join(parts)


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
    optional ``explain(action, seat) -> str | None`` giving the rule an illegal action
    breaks (the tournament passes the engine's message).
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
        explain: Callable[[Any, int], str | None] | None = None,
    ) -> None:
        if time_limit is not None and not time_limit > 0:
            raise ValueError(
                f"time_limit is seconds per decision, above 0 (or None), not {time_limit}"
            )
        self.player = player
        self.name = name
        self.fallback = fallback if fallback is not None else default_fallback()
        self.time_limit = time_limit
        if wall_limit is not None and not wall_limit > 0:
            raise ValueError(
                f"wall_limit is seconds per decision, above 0 (or None), not {wall_limit}"
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
        action, kind, message, seconds, cpu = self._ask(view)
        if kind is None and not _legal(view, action):
            kind = "illegal"
            why = self.explain(action, view.seat) if self.explain is not None else None
            message = f"returned {action!r}, which the rules do not allow now" + (
                f": {why}" if why else ""
            )
        if kind is None:
            return action  # checked legal above
        played = _fallback_action(self.fallback, view)
        self.faults.append(
            Fault(
                self.name,
                view.seat,
                view.round + 1,
                str(view.step),
                kind,
                message,
                repr(played),
                seconds,
                cpu,
                describe_state(view),
            )
        )
        return played

    def _ask(self, view: SeatView) -> tuple[Any, str | None, str, float, float]:
        """(action, fault kind or None, message, wall seconds, CPU seconds) of a decision."""
        limit, wall = self.time_limit, self.wall_limit
        hard = limit is not None and wall is not None and _INSTALLED[0]
        start, cpu_start = time.perf_counter(), time.thread_time()
        action: Any = None
        kind, message = None, ""
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
            what = f"{wall} s of wall-clock" if _FIRED[0] == signal.SIGALRM else f"{limit} s of CPU"
            kind, message = "slow", f"still deciding after {what} time: stopped"
        except (Exception, SystemExit) as exc:  # a bot's sys.exit() loses a decision too
            kind, message = "raised", f"raised {type(exc).__name__}: {exc}"
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu_start
        if kind is None and limit is not None and cpu > limit:
            kind, message = (
                "slow",
                f"thought for {cpu:.3f} s of CPU time, over the limit of {limit} s",
            )
        elif kind is None and wall is not None and seconds > wall:
            kind = "slow"
            message = f"took {seconds:.3f} s of wall-clock time, over the limit of {wall} s"
        return (None if kind else action), kind, message, seconds, cpu


def _legal(view: SeatView, action: Any) -> bool:
    """Is ``action`` a legal action of this seat now (anything else is not)?"""
    if not isinstance(action, Action):
        return False
    try:
        return view.can(action)
    except Exception:  # noqa: BLE001 - a malformed action the check cannot read
        return False
