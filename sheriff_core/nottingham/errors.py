"""Errors of the Nottingham game: every one names the rule that was broken.

>>> from sheriff_core.base.errors import RulesError, VariantError
>>> issubclass(IllegalScore, NottinghamRulesError) and issubclass(NottinghamRulesError, RulesError)
True
>>> issubclass(NottinghamDataError, VariantError)
True
"""

from __future__ import annotations

from sheriff_core.base.errors import RulesError, VariantError

__all__ = [
    "NottinghamRulesError",
    "BadAction",
    "WrongDecision",
    "GameFinished",
    "IllegalUse",
    "IllegalTarget",
    "IllegalOffer",
    "IllegalAmbush",
    "IllegalScore",
    "IllegalDiscard",
    "NottinghamDataError",
]


class NottinghamRulesError(RulesError):
    """An action breaks a rule of Nottingham; the game state is unchanged."""


class BadAction(NottinghamRulesError, TypeError):
    """An action field has the wrong type (raised when the action is built).

    Seats and counts are ``int`` (a numpy integer becomes a plain ``int``; ``bool``,
    ``float``, ``str`` and ``None`` are refused); items, tasks and cards are
    non-empty strings; lists of items are tuples (a list is accepted and stored as
    a tuple).
    """


class WrongDecision(NottinghamRulesError):
    """The action is not a kind of decision the game is waiting for now."""


class GameFinished(NottinghamRulesError):
    """The Sheriff is back in Nottingham: the game is over."""


class IllegalUse(NottinghamRulesError):
    """The revealed card's action cannot be used (e.g. a Necklace, or no target)."""


class IllegalTarget(NottinghamRulesError):
    """A Steal / Rob / Hold up names a player who cannot be its target."""


class IllegalOffer(NottinghamRulesError):
    """A Purchase / Trade offer or the choice among offers breaks its rule."""


class IllegalAmbush(NottinghamRulesError):
    """An ambush card choice or an ambush response breaks the ambush rules."""


class IllegalScore(NottinghamRulesError):
    """A score (3+ of one item or a task card) is not possible from this hand."""


class IllegalDiscard(NottinghamRulesError):
    """A card discarded down to the Sheriff's hand limit is not in the hand."""


class NottinghamDataError(VariantError):
    """The Nottingham rules file is malformed: the message names the file and key."""
