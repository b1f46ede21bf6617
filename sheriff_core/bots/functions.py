"""A bot from plain functions: the shortest way for a student to write one.

A merchant is a pair of functions, ``load(view)`` and ``declare(view)``; a Sheriff is one,
``decide(view, merchant)``. :func:`bot_from_functions` wraps them in a
:class:`~sheriff_core.bots.MerchantBot` / :class:`~sheriff_core.bots.SheriffBot` (every
other step keeps the bundled default) and registers them by name, so the name works
wherever a bot's name does: ``make_player``, ``simulate``, ``sc.tournament``, the play
table and game night.

>>> from sheriff_core.engine import Declare, Load, Inspect, LetPass
>>> def load(view):  # my most common legal good (any card if none is legal)
...     cards = [c for c in view.hand if c in view.variant.legal_goods] or list(view.hand)
...     good = max(cards, key=cards.count)
...     return Load(tuple(c for c in cards if c == good)[:5])
>>> def declare(view):  # the truth when the bag's good is legal
...     good = view.bag[0]
...     return Declare(good if good in view.variant.legal_goods else "Apples", len(view.bag))
>>> def decide(view, merchant):
...     return Inspect(merchant) if view.declared[merchant][1] >= 4 else LetPass(merchant)
>>> bot_from_functions("pairs", load=load, declare=declare, decide=decide)
['merchant pairs', 'sheriff pairs']
>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player, play_game
>>> game = play_game(sc.new_game("classic", players=3, seed=1), [make_player("pairs", "pairs")] * 3)
>>> game.is_over
True
>>> from sheriff_core.bots.base import unregister
>>> unregister("pairs", "merchant"); unregister("pairs", "sheriff")
"""

from __future__ import annotations

from collections.abc import Callable

from sheriff_core.base.i18n import N_, Message
from sheriff_core.bots.base import MerchantBot, SheriffBot, register
from sheriff_core.engine.actions import Action
from sheriff_core.engine.view import SeatView

__all__ = ["bot_from_functions"]

ViewFunction = Callable[[SeatView], Action]
SheriffFunction = Callable[[SeatView, int], Action]


_NOT_A_FUNCTION = {
    "merchant": N_("bot {name!r}: a merchant needs a function {what}(view...), not {fn}"),
    "Sheriff": N_("bot {name!r}: a Sheriff needs a function {what}(view...), not {fn}"),
}


def _checked(name: str, role: str, **functions: object) -> None:
    for what, fn in functions.items():
        if not callable(fn):
            raise TypeError(Message(_NOT_A_FUNCTION[role], name=name, what=what, fn=repr(fn)))


def bot_from_functions(
    name: str,
    *,
    load: ViewFunction | None = None,
    declare: ViewFunction | None = None,
    decide: SheriffFunction | None = None,
) -> list[str]:
    """Register a merchant made of ``load`` and ``declare`` and/or a Sheriff made of
    ``decide`` under ``name``; returns what was registered (``"merchant NAME"``,
    ``"sheriff NAME"``).

    ``load(view)`` returns a :class:`~sheriff_core.engine.Load`, ``declare(view)`` a
    :class:`~sheriff_core.engine.Declare` and ``decide(view, merchant)`` an
    :class:`~sheriff_core.engine.Inspect` or :class:`~sheriff_core.engine.LetPass` for
    the merchant's bag. A merchant needs both of its functions.

    >>> bot_from_functions("half", load=print)
    Traceback (most recent call last):
    ...
    TypeError: bot 'half': a merchant needs both load(view) and declare(view)
    """
    if not name or not isinstance(name, str):
        raise TypeError(Message("a bot's name is a non-empty string, not {name}", name=repr(name)))
    made = []
    if load is not None or declare is not None:
        if load is None or declare is None:
            raise TypeError(
                Message(
                    "bot {name!r}: a merchant needs both load(view) and declare(view)", name=name
                )
            )
        _checked(name, "merchant", load=load, declare=declare)
        register(_merchant(name, load, declare))
        made.append(f"merchant {name}")
    if decide is not None:
        _checked(name, "Sheriff", decide=decide)
        register(_sheriff(name, decide))
        made.append(f"sheriff {name}")
    if not made:
        raise TypeError(
            Message(
                "bot {name!r}: give load and declare (a merchant) or decide (a Sheriff)", name=name
            )
        )
    return made


def _home(fn: object) -> str:
    """The module of the student's function (``__main__`` in a notebook): the bot is the
    student's code, not sheriff_core's, so a tournament guards it."""
    return str(getattr(fn, "__module__", None) or "__main__")


def _merchant(name: str, load: ViewFunction, declare: ViewFunction) -> type[MerchantBot]:
    def load_method(self: MerchantBot, view: SeatView) -> Action:
        return load(view)

    def declare_method(self: MerchantBot, view: SeatView) -> Action:
        return declare(view)

    doc = f"A merchant made of the functions {load.__name__} and {declare.__name__}."
    attrs = {"name": name, "load": load_method, "declare": declare_method, "__doc__": doc}
    attrs["__module__"] = _home(load)
    return type(f"FunctionMerchant_{name}", (MerchantBot,), attrs)


def _sheriff(name: str, decide: SheriffFunction) -> type[SheriffBot]:
    def decide_method(self: SheriffBot, view: SeatView, merchant: int) -> Action:
        return decide(view, merchant)

    doc = f"A Sheriff made of the function {decide.__name__}."
    attrs = {"name": name, "decide": decide_method, "__doc__": doc}
    attrs["__module__"] = _home(decide)
    return type(f"FunctionSheriff_{name}", (SheriffBot,), attrs)
