"""Actions: small frozen values, one per kind of decision, each with a text form.

The game decides *who* acts (``game.to_move``); an action says *what* they do.

>>> a = Declare("Chickens", 4)
>>> str(a)
'declare 4 Chickens'
>>> parse_action(str(a)) == a
True
>>> str(Offer(gold=8, stand=("Apples", "Apples")))
'offer 8 gold; stand Apples,Apples'

**Field types are checked when an action is built** (one rule for every class):

* seats, counts, piles and gold are ``int``; a numpy integer is converted to a
  plain ``int``; ``bool``, ``float``, ``str``, ``None`` and anything else are
  refused;
* cards, goods and tokens are strings that can be written in the text form:
  non-empty, no leading or trailing spaces, no ``,``, ``;`` or line break (whether
  the name is a card of the variant is the engine's check, when it is played);
* card lists are a tuple or a list (stored as a tuple, so actions are hashable);
* a :class:`Promise` is ``Promise("inspect"|"pass", seat)`` or
  ``Promise("future", None, text)``.

A refused field raises :class:`~sheriff_core.base.errors.BadAction`, a
:class:`~sheriff_core.base.errors.RulesError` (and a ``TypeError``):

>>> Load(["Apples"]) == Load(("Apples",))
True
>>> import numpy as np
>>> Threaten(np.int64(1)).seat, type(Threaten(np.int64(1)).seat).__name__
(1, 'int')
>>> Declare("Apples", True)
Traceback (most recent call last):
...
sheriff_core.base.errors.BadAction: Declare.count must be a whole number (int), not True (bool)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

import numpy as np

from sheriff_core.base.errors import BadAction, IllegalAction
from sheriff_core.base.i18n import Message, Names
from sheriff_core.rules.terms import english_name

__all__ = [
    "ACTION_TYPES",
    "Action",
    "ChooseStarter",
    "Market",
    "Load",
    "Declare",
    "Threaten",
    "Inspect",
    "LetPass",
    "Promise",
    "Offer",
    "Accept",
    "Decline",
    "Confiscate",
    "PayDebt",
    "Exchange",
    "Done",
    "parse_action",
    "action_from_dict",
]

#: The kinds of :class:`Promise` (the engine enforces "inspect" and "pass").
PROMISE_KINDS = ("inspect", "pass", "future")

_BAD_NAME = re.compile(r"[,;\n\r]")
_TAKE_TAIL = re.compile(r".* take -?\d+(,-?\d+)*")
_NAMES_OK: set[str] = set()  # names already found writable (a small cache: a hot path)


def _int(value: Any, where: str) -> int:
    """``value`` as a plain int, or :class:`BadAction` (the one rule for whole numbers)."""
    if type(value) is int:
        return value
    if isinstance(value, np.integer):
        return int(value)
    raise BadAction(
        "{where} must be a whole number (int), not {value!r} ({name__})",
        where=where,
        value=value,
        name__=type(value).__name__,
    )


def _name(value: Any, where: str) -> str:
    """``value`` as a card/good/token name that the text form can carry, or BadAction."""
    if type(value) is str and value in _NAMES_OK:
        return value
    if not isinstance(value, str):
        raise BadAction(
            "{where} must be a name (str), not {value!r} ({name__})",
            where=where,
            value=value,
            name__=type(value).__name__,
        )
    value = str(value)
    if not value or value != value.strip() or _BAD_NAME.search(value):
        raise BadAction(
            "{where} must be a non-empty name without surrounding spaces, ',', ';' or line breaks, not {value!r}",
            where=where,
            value=value,
        )
    if len(_NAMES_OK) < 4096:
        _NAMES_OK.add(value)
    return value


def _names(value: Any, where: str) -> tuple[str, ...]:
    """A tuple of names from a tuple or list, or BadAction."""
    if type(value) is not tuple:
        if not isinstance(value, (tuple, list)):
            raise BadAction(
                "{where} must be a tuple or list of names, not {value!r} ({name__})",
                where=where,
                value=value,
                name__=type(value).__name__,
            )
        value = tuple(value)
    ok = _NAMES_OK
    for c in value:
        if type(c) is not str or c not in ok:
            return tuple(_name(c, f"{where} item") for c in value)
    return value


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if type(value) is not tuple:
        if not isinstance(value, (tuple, list)):
            raise BadAction(
                "{where} must be a tuple or list of whole numbers, not {value!r} ({name__})",
                where=where,
                value=value,
                name__=type(value).__name__,
            )
        value = tuple(value)
    for i in value:
        if type(i) is not int:
            return tuple(_int(i, f"{where} item") for i in value)
    return value


def _set(obj: object, name: str, value: Any) -> None:
    object.__setattr__(obj, name, value)


def _cards(cards: tuple[str, ...]) -> str:
    return ",".join(cards)


#: Separators of a typed list of cards: the text form's ',' and the Chinese '、' / '，'.
_SEPARATORS = re.compile(r"[,、，]")


def _split(text: str) -> tuple[str, ...]:
    """Typed card names, each read back to its English key (a Thai or Chinese good name
    is accepted: :func:`~sheriff_core.rules.terms.english_name`)."""
    text = text.strip()
    return tuple(english_name(c.strip()) for c in _SEPARATORS.split(text)) if text else ()


class Action:
    """Base class of every action (for ``isinstance`` checks and serialisation)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [v.to_dict() if isinstance(v, Promise) else v for v in value]
            out[f.name] = value
        return out


@dataclass(frozen=True, slots=True)
class ChooseStarter(Action):
    """Sheriff (variants where the Sheriff chooses): ``seat`` takes the first market turn."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int:
            _set(self, "seat", _int(self.seat, "ChooseStarter.seat"))

    def __str__(self) -> str:
        return f"starter {self.seat}"


@dataclass(frozen=True, slots=True)
class Market(Action):
    """A market turn.

    ``set_aside``: cards from your hand, in the order they go on the pile (last
    on top); ``take``: the discard piles you draw from, one top card each, in
    order, before the rest comes from the draw pile; ``pile``: the discard pile
    that receives the set-aside cards.

    >>> str(Market()), str(Market(("Mead",), (0,), 1))
    ('market keep', 'market set-aside Mead take 0 pile 1')
    """

    set_aside: tuple[str, ...] = ()
    take: tuple[int, ...] = ()
    pile: int = 0

    def __post_init__(self) -> None:
        set_aside = _names(self.set_aside, "Market.set_aside")
        take = _ints(self.take, "Market.take")
        if set_aside is not self.set_aside:
            _set(self, "set_aside", set_aside)
        if take is not self.take:
            _set(self, "take", take)
        if type(self.pile) is not int:
            _set(self, "pile", _int(self.pile, "Market.pile"))
        if set_aside and not take and _TAKE_TAIL.fullmatch(set_aside[-1]):
            raise BadAction(
                "Market.set_aside: a last card named {set_aside!r} would read back as a take list",
                set_aside=set_aside[-1],
            )

    def __str__(self) -> str:
        if not self.set_aside:
            text = "market keep"
        else:
            text = f"market set-aside {_cards(self.set_aside)}"
        if self.take:
            text += f" take {','.join(map(str, self.take))}"
        if self.set_aside or self.pile != 0:
            text += f" pile {self.pile}"
        return text


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Merchant: put these hand cards in your bag (1-5)."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        cards = _names(self.cards, "Load.cards")
        if cards is not self.cards:
            _set(self, "cards", cards)

    def __str__(self) -> str:
        return f"load {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Merchant: "my bag holds ``count`` ``good``"."""

    good: str
    count: int

    def __post_init__(self) -> None:
        if type(self.good) is not str or self.good not in _NAMES_OK:
            _set(self, "good", _name(self.good, "Declare.good"))
        if type(self.count) is not int:
            _set(self, "count", _int(self.count, "Declare.count"))

    def __str__(self) -> str:
        return f"declare {self.count} {self.good}"


@dataclass(frozen=True, slots=True)
class Threaten(Action):
    """Sheriff: pick up ``seat``'s bag and threaten to open it; the merchant may answer."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int:
            _set(self, "seat", _int(self.seat, "Threaten.seat"))

    def __str__(self) -> str:
        return f"threaten {self.seat}"


@dataclass(frozen=True, slots=True)
class Inspect(Action):
    """Sheriff: open ``seat``'s bag (refusing any bribe on the table)."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int:
            _set(self, "seat", _int(self.seat, "Inspect.seat"))

    def __str__(self) -> str:
        return f"inspect {self.seat}"


@dataclass(frozen=True, slots=True)
class LetPass(Action):
    """Sheriff: let ``seat``'s bag pass, taking the merchant's offer if one is on the table."""

    seat: int

    def __post_init__(self) -> None:
        if type(self.seat) is not int:
            _set(self, "seat", _int(self.seat, "LetPass.seat"))

    def __str__(self) -> str:
        return f"pass {self.seat}"


@dataclass(frozen=True, slots=True)
class Promise:
    """A promise inside a deal.

    ``kind="inspect"`` / ``"pass"``: the Sheriff will inspect / let pass
    ``seat``'s bag this inspection phase -- binding, enforced by the engine.
    ``kind="future"``: any favour after this inspection phase -- recorded, not
    binding ("honor among thieves"); its ``text`` is one line without ``;``
    (which separates the parts of an offer's text form) and no surrounding spaces.

    >>> Promise("bogus", 1)
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.BadAction: Promise.kind must be one of inspect, pass, future, not 'bogus'
    """

    kind: str
    seat: int | None = None
    text: str = ""

    def __post_init__(self) -> None:
        kind = self.kind
        if type(kind) is not str or kind not in PROMISE_KINDS:
            raise BadAction(
                "Promise.kind must be one of {PROMISE_KINDS}, not {kind!r}",
                PROMISE_KINDS=Names(PROMISE_KINDS),
                kind=kind,
            )
        text = self.text
        if kind == "future":
            if self.seat is not None:
                raise BadAction(
                    "a future promise names no seat (seat=None), not {seat!r}", seat=self.seat
                )
            if not isinstance(text, str):
                raise BadAction("Promise.text must be a str, not {text!r}", text=text)
            if text != text.strip() or _BAD_NAME.search(text.replace(",", "")):
                raise BadAction(
                    "Promise.text must be one line without ';' or surrounding spaces: {text!r}",
                    text=text,
                )
            if type(text) is not str:
                _set(self, "text", str(text))
            return
        if type(self.seat) is not int:
            _set(self, "seat", _int(self.seat, f"Promise({kind!r}).seat"))
        if text != "":
            raise BadAction(
                "a promise to {kind} a bag has no text (only 'future' ones do)", kind=kind
            )

    def __str__(self) -> str:
        if self.kind == "future":
            return f"promise future {self.text}".rstrip()
        return f"promise {self.kind} {self.seat}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "text": self.text}


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A bribe offered by the merchant, or demanded by the Sheriff (a counter-offer).

    ``gold``; ``stand``: cards from the merchant's stand (legal or contraband);
    ``bag``: goods the merchant says are in the bag (owed only if they are);
    ``promises``: see :class:`Promise`. Hand cards can never be offered.
    """

    gold: int = 0
    stand: tuple[str, ...] = ()
    bag: tuple[str, ...] = ()
    promises: tuple[Promise, ...] = ()

    def __post_init__(self) -> None:
        if type(self.gold) is not int:
            _set(self, "gold", _int(self.gold, "Offer.gold"))
        if self.stand:
            stand = _names(self.stand, "Offer.stand")
            if stand is not self.stand:
                _set(self, "stand", stand)
        elif type(self.stand) is not tuple:
            _set(self, "stand", _names(self.stand, "Offer.stand"))
        if self.bag:
            bag = _names(self.bag, "Offer.bag")
            if bag is not self.bag:
                _set(self, "bag", bag)
        elif type(self.bag) is not tuple:
            _set(self, "bag", _names(self.bag, "Offer.bag"))
        promises = self.promises
        if type(promises) is not tuple:
            if not isinstance(promises, (tuple, list)):
                raise BadAction(
                    "Offer.promises must be a tuple or list, not {promises!r}", promises=promises
                )
            promises = tuple(promises)
            _set(self, "promises", promises)
        for p in promises:
            if type(p) is not Promise:
                raise BadAction("Offer.promises holds Promise values, not {p!r}", p=p)

    def __str__(self) -> str:
        parts = [f"offer {self.gold} gold"]
        if self.stand:
            parts.append(f"stand {_cards(self.stand)}")
        if self.bag:
            parts.append(f"bag {_cards(self.bag)}")
        parts.extend(str(p) for p in self.promises)
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Merchant: accept the Sheriff's demand; the bag passes and the bribe is paid."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Merchant: make no (further) offer; the Sheriff decides."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Confiscate(Action):
    """Sheriff: put the confiscated cards on discard pile ``pile`` in this order (last on top)."""

    pile: int
    order: tuple[str, ...]

    def __post_init__(self) -> None:
        if type(self.pile) is not int:
            _set(self, "pile", _int(self.pile, "Confiscate.pile"))
        order = _names(self.order, "Confiscate.order")
        if order is not self.order:
            _set(self, "order", order)

    def __str__(self) -> str:
        return f"confiscate pile {self.pile} {_cards(self.order)}".rstrip()


@dataclass(frozen=True, slots=True)
class PayDebt(Action):
    """Debtor out of gold: give these stand cards (at card value, no change)."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        cards = _names(self.cards, "PayDebt.cards")
        if cards is not self.cards:
            _set(self, "cards", cards)

    def __str__(self) -> str:
        return f"pay-debt {_cards(self.cards)}".rstrip()


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Trade the goods on your stand for one ``token`` (variants with tokens)."""

    token: str

    def __post_init__(self) -> None:
        if type(self.token) is not str or self.token not in _NAMES_OK:
            _set(self, "token", _name(self.token, "Exchange.token"))

    def __str__(self) -> str:
        return f"exchange {self.token}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End your exchanges after your bag was dealt with."""

    def __str__(self) -> str:
        return "done"


_SIMPLE = {"accept": Accept, "decline": Decline, "done": Done}
_SEAT = {"starter": ChooseStarter, "threaten": Threaten, "inspect": Inspect, "pass": LetPass}
_TYPES = {
    cls.__name__: cls
    for cls in (
        ChooseStarter,
        Market,
        Load,
        Declare,
        Threaten,
        Inspect,
        LetPass,
        Offer,
        Accept,
        Decline,
        Confiscate,
        PayDebt,
        Exchange,
        Done,
    )
}
#: Action class by the ``"type"`` name saves use (read-only).
ACTION_TYPES: Mapping[str, type[Action]] = MappingProxyType(_TYPES)
_INT = re.compile(r"-?\d+")
_MARKET = re.compile(
    r"(?:set-aside (?P<cards>.*?)|keep)(?: take (?P<take>-?\d+(?:,-?\d+)*))?"
    r"(?: pile (?P<pile>-?\d+))?"
)
_GOLD = re.compile(r"offer (-?\d+) gold")


def _number(text: str) -> int:
    text = text.strip()
    if not _INT.fullmatch(text):
        raise ValueError(text)
    return int(text)


def _offer(t: str) -> Offer:
    """An offer's text form (``offer N gold; stand ...; bag ...; promise ...``) read back;
    a part it cannot read raises ``ValueError`` (``parse_action`` names the text)."""
    first, *parts = t.split(";")
    g = _GOLD.fullmatch(first.strip())
    if g is None:
        raise ValueError(
            Message(
                "an offer starts 'offer N gold'; stand goods, bag goods and promises "
                "follow as parts after ';'"
            )
        )
    gold, promises = int(g[1]), []
    stand: tuple[str, ...] = ()
    bag: tuple[str, ...] = ()
    for part in parts:
        part = part.strip()
        if part.startswith("stand "):
            stand = _split(part[6:])
        elif part.startswith("bag "):
            bag = _split(part[4:])
        elif part == "promise future":
            promises.append(Promise("future", None, ""))
        elif part.startswith("promise future "):
            promises.append(Promise("future", None, part[len("promise future ") :]))
        elif part.startswith("promise "):
            kind, _, arg = part[8:].partition(" ")
            promises.append(Promise(kind, _number(arg)))
        else:
            raise ValueError(
                Message(
                    "{part!r} is not a part of an offer (stand ..., bag ..., promise ...)",
                    part=part,
                )
            )
    return Offer(gold, stand, bag, tuple(promises))


def parse_action(text: str) -> Action:
    """Parse the text form of an action (what ``str(action)`` gives).

    Every action's text form reads back as an equal action. Text that is not an
    action raises :class:`~sheriff_core.base.errors.IllegalAction`.

    >>> parse_action("market set-aside Cheese,Pepper take 0,0 pile 1")
    Market(set_aside=('Cheese', 'Pepper'), take=(0, 0), pile=1)
    >>> parse_action("offer 5 gold; bag Apples; promise inspect 3").promises
    (Promise(kind='inspect', seat=3, text=''),)

    Good and token names may be typed in Thai or Chinese too; the action holds the
    English keys (its text form, a save and the events never change with the language):

    >>> str(parse_action("declare 3 奶酪")), str(parse_action("load ชีส,พริกไทย"))
    ('declare 3 Cheese', 'load Cheese,Pepper')
    """
    if not isinstance(text, str):
        raise BadAction("an action's text form is a str, not {text!r}", text=text)
    t = text.strip()
    word, _, rest = t.partition(" ")
    try:
        if word in _SIMPLE and not rest:
            return _SIMPLE[word]()
        if word in _SEAT:
            return _SEAT[word](_number(rest))
        if word == "exchange" and rest:
            return Exchange(english_name(rest.strip()))
        if word == "declare":
            count, _, good = rest.partition(" ")
            return Declare(english_name(good.strip()), _number(count))
        if word == "load":
            return Load(_split(rest))
        if word == "pay-debt":
            return PayDebt(_split(rest))
        if word == "confiscate":
            key, _, rest = rest.partition(" ")
            pile, _, cards = rest.partition(" ")
            if key != "pile":
                raise ValueError(key)
            return Confiscate(_number(pile), _split(cards))
        if word == "market":
            m = _MARKET.fullmatch(rest)
            if m is None or (m["cards"] is not None and m["pile"] is None):
                raise ValueError(rest)
            take = tuple(int(x) for x in m["take"].split(",")) if m["take"] else ()
            return Market(_split(m["cards"] or ""), take, int(m["pile"] or 0))
        if word == "offer":
            return _offer(t)
    except (ValueError, BadAction) as err:
        raise IllegalAction("cannot read action {text!r}: {err}", text=text, err=err) from None
    raise IllegalAction("cannot read action {text!r}", text=text)


def action_from_dict(data: dict[str, Any]) -> Action:
    """Inverse of :meth:`Action.to_dict`; bad data raises :class:`BadAction`.

    >>> action_from_dict(Offer(3, promises=(Promise("pass", 2),)).to_dict())
    Offer(gold=3, stand=(), bag=(), promises=(Promise(kind='pass', seat=2, text=''),))
    """
    try:
        data = dict(data)
        cls = _TYPES[data.pop("type")]
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key == "promises":
                value = tuple(Promise(**p) for p in value)
            elif isinstance(value, list):
                value = tuple(value)
            kwargs[key] = value
        return cls(**kwargs)
    except BadAction:
        raise
    except (KeyError, TypeError, ValueError) as err:
        raise BadAction(
            "not an action: {data!r} ({name__}: {err})",
            data=data,
            name__=type(err).__name__,
            err=err,
        ) from None
