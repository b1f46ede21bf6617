"""A guard around a bot someone else wrote: a fault loses one decision, never the game.

A :class:`Guard` plays one seat with a player (a :class:`~sheriff_core.bots.base.Player`
or any object with ``choose(view)``). It asks the player for each decision, and when the
player

* raises an exception (``"raised"``),
* returns something the rules do not allow now, checked with ``view.can`` (``"illegal"``),
* or takes longer than ``time_limit`` seconds (``"slow"``),

it plays the fallback player's action instead (the bundled ``honest`` merchant and
``trusting`` Sheriff by default; the first legal action the engine lists if even that
fails) and records a :class:`Fault`: the seat, the round, the step, what went wrong and
the state as text, so the bot's author can find the decision and fix it.

An endless loop is stopped, not only measured: inside :func:`time_limits` (POSIX, main
thread: what a notebook kernel and the command line run on) each decision is given a
``SIGALRM`` interval timer (``signal.setitimer``) that raises :class:`DecisionTimeout`
in the bot's code when the time is up, and again every ``time_limit`` seconds after that
if the bot swallows it. Elsewhere (Windows, a worker thread) the time is measured after
the decision returns: a slow decision still loses, but a bot that never returns hangs the
game (documented in ``docs/tournament.md``).

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
    the action played instead (``played``), the seconds the bot took (``seconds``) and
    the seat's state as text (``state``, :func:`describe_state`)."""

    entrant: str
    seat: int
    round: int
    step: str
    kind: str
    message: str
    played: str
    seconds: float
    state: str


# The SIGALRM handler raises only while a guard waits for a decision (a late alarm,
# between the decision's end and the timer's reset, is ignored).
_ARMED = [False]
_INSTALLED = [False]


def _on_alarm(signum: int, frame: Any) -> None:
    if _ARMED[0]:
        raise DecisionTimeout()


def hard_stop_available() -> bool:
    """True where :func:`time_limits` can stop an endless loop (POSIX, main thread).

    >>> isinstance(hard_stop_available(), bool)
    True
    """
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def time_limits() -> Iterator[bool]:
    """Let the guards stop a decision that runs past its time limit (``SIGALRM``),
    for the ``with`` block; yields whether they can (:func:`hard_stop_available`). The
    previous ``SIGALRM`` handler is put back at the end; nested blocks share the first.

    >>> with time_limits() as hard:
    ...     hard == hard_stop_available()
    True
    """
    if _INSTALLED[0] or not hard_stop_available():
        yield _INSTALLED[0]
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    _INSTALLED[0] = True
    try:
        yield True
    finally:
        _ARMED[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
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
    faults. ``time_limit``: seconds per decision (None: no limit). ``explain``: an
    optional ``explain(action, seat) -> str | None`` giving the rule an illegal action
    breaks (the tournament passes the engine's message).
    """

    __slots__ = ("player", "name", "fallback", "time_limit", "faults", "explain")

    def __init__(
        self,
        player: Any,
        name: str,
        *,
        fallback: Any = None,
        time_limit: float | None = 0.05,
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
        self.faults: list[Fault] = []
        self.explain = explain

    def __repr__(self) -> str:
        return f"<Guard {self.name}: {len(self.faults)} faults>"

    def clone(self) -> Guard:
        """A fresh guard (no faults) around fresh copies of the players."""
        player = self.player.clone() if hasattr(self.player, "clone") else self.player
        fallback = self.fallback.clone() if isinstance(self.fallback, Player) else self.fallback
        return Guard(
            player, self.name, fallback=fallback, time_limit=self.time_limit, explain=self.explain
        )

    def choose(self, view: SeatView) -> Action:
        """The player's action for this decision, or the fallback's after a fault."""
        view = as_view(view)
        action, kind, message, seconds = self._ask(view)
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
                describe_state(view),
            )
        )
        return played

    def _ask(self, view: SeatView) -> tuple[Any, str | None, str, float]:
        """(action, fault kind or None, message, seconds) of one decision."""
        limit = self.time_limit
        hard = limit is not None and _INSTALLED[0]
        start = time.perf_counter()
        action: Any = None
        try:
            try:
                if hard:
                    _ARMED[0] = True
                    signal.setitimer(signal.ITIMER_REAL, limit, limit)  # type: ignore[arg-type]
                action = self.player.choose(view)
            finally:
                if hard:
                    _ARMED[0] = False
                    signal.setitimer(signal.ITIMER_REAL, 0)
        except DecisionTimeout:
            seconds = time.perf_counter() - start
            return (
                None,
                "slow",
                f"still deciding after the time limit of {limit} s: stopped",
                seconds,
            )
        except (Exception, SystemExit) as exc:  # a bot's sys.exit() loses a decision too
            seconds = time.perf_counter() - start
            return None, "raised", f"raised {type(exc).__name__}: {exc}", seconds
        seconds = time.perf_counter() - start
        if limit is not None and seconds > limit:
            return None, "slow", f"took {seconds:.3f} s, over the time limit of {limit} s", seconds
        return action, None, "", seconds


def _legal(view: SeatView, action: Any) -> bool:
    """Is ``action`` a legal action of this seat now (anything else is not)?"""
    if not isinstance(action, Action):
        return False
    try:
        return view.can(action)
    except Exception:  # noqa: BLE001 - a malformed action the check cannot read
        return False
