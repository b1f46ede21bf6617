"""Actions: small frozen values, one per kind of decision, each with a text form.

The game decides *who* acts (``game.to_move``); an action says *what* they do.

>>> a = Declare("Chickens", 4)
>>> str(a)
'declare 4 Chickens'
>>> parse_action(str(a)) == a
True
>>> str(Offer(gold=8, stand=("Apples", "Apples")))
'offer 8 gold; stand Apples,Apples'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from sheriff_core.errors import IllegalAction

__all__ = [
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

PROMISE_KINDS = ("inspect", "pass", "future")


def _cards(cards: tuple[str, ...]) -> str:
    return ",".join(cards)


def _split(text: str) -> tuple[str, ...]:
    text = text.strip()
    return tuple(c.strip() for c in text.split(",")) if text else ()


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

    def __str__(self) -> str:
        return f"starter {self.seat}"


@dataclass(frozen=True, slots=True)
class Market(Action):
    """A market turn.

    ``set_aside``: cards from your hand, in the order they go on the pile (last
    on top); ``take``: the discard piles you draw from, one top card each, in
    order, before the rest comes from the draw pile; ``pile``: the discard pile
    that receives the set-aside cards.
    """

    set_aside: tuple[str, ...] = ()
    take: tuple[int, ...] = ()
    pile: int = 0

    def __str__(self) -> str:
        if not self.set_aside:
            return "market keep"
        text = f"market set-aside {_cards(self.set_aside)}"
        if self.take:
            text += f" take {','.join(map(str, self.take))}"
        return text + f" pile {self.pile}"


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Merchant: put these hand cards in your bag (1-5)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"load {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Merchant: "my bag holds ``count`` ``good``"."""

    good: str
    count: int

    def __str__(self) -> str:
        return f"declare {self.count} {self.good}"


@dataclass(frozen=True, slots=True)
class Threaten(Action):
    """Sheriff: pick up ``seat``'s bag and threaten to open it; the merchant may answer."""

    seat: int

    def __str__(self) -> str:
        return f"threaten {self.seat}"


@dataclass(frozen=True, slots=True)
class Inspect(Action):
    """Sheriff: open ``seat``'s bag (refusing any bribe on the table)."""

    seat: int

    def __str__(self) -> str:
        return f"inspect {self.seat}"


@dataclass(frozen=True, slots=True)
class LetPass(Action):
    """Sheriff: let ``seat``'s bag pass, taking the merchant's offer if one is on the table."""

    seat: int

    def __str__(self) -> str:
        return f"pass {self.seat}"


@dataclass(frozen=True, slots=True)
class Promise:
    """A promise inside a deal.

    ``kind="inspect"`` / ``"pass"``: the Sheriff will inspect / let pass
    ``seat``'s bag this inspection phase -- binding, enforced by the engine.
    ``kind="future"``: any favour after this inspection phase -- recorded, not
    binding ("honor among thieves").
    """

    kind: str
    seat: int | None = None
    text: str = ""

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

    def __str__(self) -> str:
        return f"confiscate pile {self.pile} {_cards(self.order)}"


@dataclass(frozen=True, slots=True)
class PayDebt(Action):
    """Debtor out of gold: give these stand cards (at card value, no change)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"pay-debt {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Trade the goods on your stand for one ``token`` (variants with tokens)."""

    token: str

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


def parse_action(text: str) -> Action:
    """Parse the text form of an action (what ``str(action)`` gives).

    >>> parse_action("market set-aside Cheese,Pepper take 0,0 pile 1")
    Market(set_aside=('Cheese', 'Pepper'), take=(0, 0), pile=1)
    >>> parse_action("offer 5 gold; bag Apples; promise inspect 3").promises
    (Promise(kind='inspect', seat=3, text=''),)
    """
    t = text.strip()
    word, _, rest = t.partition(" ")
    try:
        if word in _SIMPLE and not rest:
            return _SIMPLE[word]()
        if word in _SEAT:
            return _SEAT[word](int(rest))
        if word == "exchange" and rest:
            return Exchange(rest.strip())
        if word == "declare":
            count, _, good = rest.partition(" ")
            return Declare(good.strip(), int(count))
        if word == "load":
            return Load(_split(rest))
        if word == "pay-debt":
            return PayDebt(_split(rest))
        if word == "confiscate":
            _, pile, cards = (rest.split(" ", 2) + [""])[:3]
            return Confiscate(int(pile), _split(cards))
        if word == "market":
            if rest.strip() == "keep":
                return Market()
            set_aside, take, pile = "", "", "0"
            body = rest.replace(" take ", " | take ").replace(" pile ", " | pile ")
            for part in body.split(" | "):
                key, _, value = part.strip().partition(" ")
                if key == "set-aside":
                    set_aside = value
                elif key == "take":
                    take = value
                elif key == "pile":
                    pile = value
                else:
                    raise ValueError(part)
            return Market(_split(set_aside), tuple(int(x) for x in _split(take)), int(pile))
        if word == "offer":
            gold, stand, bag, promises = 0, (), (), []
            for part in t[len("offer ") :].split(";"):
                part = part.strip()
                if part.endswith(" gold"):
                    gold = int(part[: -len(" gold")])
                elif part.startswith("stand "):
                    stand = _split(part[6:])
                elif part.startswith("bag "):
                    bag = _split(part[4:])
                elif part.startswith("promise "):
                    kind, _, arg = part[8:].partition(" ")
                    if kind == "future":
                        promises.append(Promise("future", None, arg))
                    else:
                        promises.append(Promise(kind, int(arg)))
                else:
                    raise ValueError(part)
            return Offer(gold, stand, bag, tuple(promises))
    except ValueError:
        pass
    raise IllegalAction(f"cannot read action {text!r}")


def action_from_dict(data: dict[str, Any]) -> Action:
    """Inverse of :meth:`Action.to_dict`.

    >>> action_from_dict(Offer(3, promises=(Promise("pass", 2),)).to_dict())
    Offer(gold=3, stand=(), bag=(), promises=(Promise(kind='pass', seat=2, text=''),))
    """
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
