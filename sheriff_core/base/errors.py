"""Errors raised by the rules engine and the variant loader.

Every illegal move raises a subclass of :class:`RulesError` whose message names
the rule that was broken; the game state is left exactly as it was.

>>> issubclass(IllegalDeclaration, RulesError) and issubclass(RulesError, ValueError)
True

An action built with a field of the wrong type is refused when it is built, with
:class:`BadAction` -- a :class:`RulesError` (so callers of ``Game.verify`` catch
one type) that is also a :class:`TypeError`:

>>> issubclass(BadAction, IllegalAction) and issubclass(BadAction, TypeError)
True

:class:`EngineBug` is not a rules error: it means the engine failed *after* it had
accepted an action -- a bug to report. The state was restored first.

>>> issubclass(EngineBug, RuntimeError) and not issubclass(EngineBug, RulesError)
True
"""

from __future__ import annotations

__all__ = [
    "RulesError",
    "IllegalAction",
    "BadAction",
    "EngineBug",
    "NotYourTurn",
    "IllegalMarket",
    "IllegalLoad",
    "IllegalDeclaration",
    "IllegalOffer",
    "IllegalInspection",
    "IllegalDebtPayment",
    "GameOver",
    "VariantError",
    "SaveError",
]


class RulesError(ValueError):
    """An action or argument breaks a rule of the game."""


class IllegalAction(RulesError):
    """The action is not one of the kinds allowed at this step of the game."""


class BadAction(IllegalAction, TypeError):
    """An action field has the wrong type or an unreadable value (raised when it is built).

    Seats, counts, piles and gold are ``int`` (a numpy integer is converted to a
    plain ``int``; ``bool``, ``float``, ``str`` and ``None`` are refused); cards,
    goods and tokens are non-empty strings that can be written in the text form.
    """


class EngineBug(RuntimeError):
    """The engine failed while applying an action it had accepted: a bug, not a rule.

    ``Game.apply`` restores the state exactly as it was before raising it (a game
    changed by hand without ``Game.mark_staged()`` may not be restorable: the message
    then says so).
    """


class NotYourTurn(RulesError):
    """The acting player is not the one whose decision it is."""


class GameOver(RulesError):
    """The game has ended; no more actions are accepted."""


class IllegalMarket(RulesError):
    """A market turn breaks the set-aside / draw / discard rules."""


class IllegalLoad(RulesError):
    """A bag load breaks the bag rules (1-5 cards from your own hand)."""


class IllegalDeclaration(RulesError):
    """A declaration is not one legal good with the exact number of cards."""


class IllegalOffer(RulesError):
    """A bribe offers something the merchant does not have or may not give."""


class IllegalInspection(RulesError):
    """The Sheriff's choice breaks an inspection rule or a binding promise."""


class IllegalDebtPayment(RulesError):
    """Goods given for a debt break the "no change" or order rules."""


class VariantError(ValueError):
    """A variant file is malformed: the message names the file and the key."""


class SaveError(ValueError):
    """A saved game cannot be loaded: the message names the field (and the value if short).

    A save is refused when it is not JSON text, is too big or too deeply nested, has
    a field of the wrong type or out of range, an unsupported format version, an
    action that was illegal at its point of the history, or a stored state that
    disagrees with the replay of its history.
    """
