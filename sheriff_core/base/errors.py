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

A rules, variant or save error keeps its message id and parameters and renders its text
in the language current when it is *read* (so an error caught in English and shown after
``set_language("th")`` reads in Thai); raising one formats nothing:

>>> e = IllegalLoad("a bag holds {low}-{high} cards, not {n}", low=1, high=5, n=7)
>>> str(e), e.msgid, e.params["n"]
('a bag holds 1-5 cards, not 7', 'a bag holds {low}-{high} cards, not {n}', 7)

The plain Python errors a newcomer meets from the public functions (a ``ValueError`` for
a bad argument, a ``TypeError`` for a wrong type, a ``KeyError`` for an unknown name) keep
their class and carry a :class:`~sheriff_core.base.i18n.Message` as their only argument:
``str()`` of a builtin exception is ``str(args[0])``, so the text is rendered when read,
in the language current then, and ``except ValueError`` still catches it. A ``KeyError``
shows its argument's ``repr``: give it a :class:`Quoted` message (its ``repr`` is the
rendered text's, as a ``KeyError`` of a string shows):

>>> str(ValueError(Message("bad {x}", x=1))), str(KeyError(Quoted("no field {p}", p=2)))
('bad 1', "'no field 2'")
"""

from __future__ import annotations

from sheriff_core.base.i18n import Message

__all__ = [
    "Quoted",
    "message_of",
    "Explained",
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


class Explained(Exception):
    """An error whose text is a :class:`~sheriff_core.base.i18n.Message`: the message id
    (``msgid``, also ``args[0]``) and its parameters (``params``), rendered lazily.

    Give it a message id with ``str.format`` fields and the fields as keywords, or a
    ready :class:`~sheriff_core.base.i18n.Message`:

    >>> str(RulesError("no bag waiting for seat {seat}", seat=2))
    'no bag waiting for seat 2'
    """

    message: Message

    def __init__(self, message: str | Message = "", /, **params: object) -> None:
        msg = message if isinstance(message, Message) else Message(str(message), **params)
        super().__init__(msg.msgid)
        self.message = msg

    @property
    def msgid(self) -> str:
        """The English message id (the catalogs' key)."""
        return self.message.msgid

    @property
    def params(self) -> dict[str, object]:
        """The values filled into the message."""
        return self.message.params

    def __str__(self) -> str:
        return str(self.message)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"


class RulesError(Explained, ValueError):
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


class VariantError(Explained, ValueError):
    """A variant file is malformed: the message names the file and the key."""


class SaveError(Explained, ValueError):
    """A saved game cannot be loaded: the message names the field (and the value if short).

    A save is refused when it is not JSON text, is too big or too deeply nested, has
    a field of the wrong type or out of range, an unsupported format version, an
    action that was illegal at its point of the history, or a stored state that
    disagrees with the replay of its history.
    """


class Quoted(Message):
    """A :class:`~sheriff_core.base.i18n.Message` for a ``KeyError``, which shows its
    argument's ``repr``: the ``repr`` of a quoted message is its rendered text's.

    >>> KeyError(Quoted("no rule field {path!r}", path="x"))
    KeyError("no rule field 'x'")
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return repr(str(self))

    def __reduce__(self) -> tuple[object, ...]:
        return (_quoted, (self.msgid, self.params))


def _quoted(msgid: str, params: dict[str, object]) -> Quoted:
    return Quoted(msgid, **params)


def message_of(exc: BaseException) -> object:
    """What ``exc`` says: its :class:`~sheriff_core.base.i18n.Message` when it carries one
    (read later, in the language current then), else its text now.

    >>> message_of(ValueError(Message("bad {x}", x=1))), message_of(KeyError("k"))
    (Message('bad {x}', **{'x': 1}), "'k'")
    """
    if isinstance(exc, Explained):
        return exc.message
    args = exc.args
    if len(args) == 1 and isinstance(args[0], Message) and type(exc).__str__ in _PLAIN_STR:
        if isinstance(exc, KeyError):  # a KeyError shows its argument's repr
            # TRANSLATORS: a quoted text (as Python quotes it): keep it as it is
            return Message("{key!r}", key=args[0])
        return args[0]
    return str(exc)


# The builtin ways of showing one argument: str(args[0]) (a KeyError: its repr).
_PLAIN_STR = (BaseException.__str__, AttributeError.__str__, KeyError.__str__)
