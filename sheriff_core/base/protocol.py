"""The small shape every game of this package has: :class:`GameProtocol`.

Both :class:`sheriff_core.engine.Game` (Sheriff of Nottingham and its variants) and
:class:`sheriff_core.nottingham.Game` satisfy it, under the same names for the same
ideas, so one driver (:func:`sheriff_core.play.driver.drive`), the save tools and the tests
can serve both:

==================================  ===============================================
name                                meaning
==================================  ===============================================
``step``                            the kind of decision due now (a ``str``)
``to_move``                         the seat that decides now (None when over)
``is_over``                         True once the game has ended
``events``                          every event so far, oldest first
``legal_actions()``                 the legal actions of ``to_move`` (iterable)
``verify(action, player=None)``     raise a ``RulesError`` naming the rule if
                                    ``action`` (by ``player``) is illegal now
``apply(action, player=None)``      play it (checked); return the new events
``to_json()``                       the save (reloaded by ``Game.from_json``)
==================================  ===============================================

A *player* (what :func:`~sheriff_core.play.driver.drive` moves a seat with) needs only
``choose(game) -> action`` (:class:`PlayerProtocol`); in a Sheriff of Nottingham game
the driver hands it the seat's view instead of the game
(``sheriff_core.engine.view.observe(game, seat)``).

>>> import sheriff_core as sc
>>> from sheriff_core import nottingham as nt
>>> isinstance(sc.new_game("classic", players=3, seed=1), GameProtocol)
True
>>> isinstance(nt.new_game(None, 3, seed=1), GameProtocol)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = ["GameProtocol", "PlayerProtocol"]


@runtime_checkable
class GameProtocol(Protocol):
    """What the driver, the save tools and the tests use of a game (see the module)."""

    @property
    def step(self) -> str: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def events(self) -> Sequence[Any]: ...

    def legal_actions(self) -> Iterable[Any]: ...

    def verify(self, action: Any, player: int | None = None) -> None: ...

    def apply(self, action: Any, player: int | None = None) -> Sequence[Any]: ...

    def to_json(self) -> str: ...


@runtime_checkable
class PlayerProtocol(Protocol):
    """One seat's decision maker: ``choose(game)`` returns the action of ``game.to_move``
    (given the seat's view, not the game, in a Sheriff of Nottingham game)."""

    def choose(self, game: Any) -> Any: ...
