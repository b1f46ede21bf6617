"""What every strategy bot shares: the seat/role split, public memory, goods facts, specs.

A *player* at the table is a :class:`Player`: one :class:`MerchantBot` (market,
load, declare, answering a threat, paying debts) and one :class:`SheriffBot`
(choosing the market starter, dealing with bags, negotiating, placing
confiscated cards). :meth:`Player.choose` dispatches on the step due only, so
the same bots play every variant; the engine decides who is to move.

Every bot method receives a :class:`~sheriff_core.engine.view.SeatView`, never the
game: what its seat may know (its own hand, bag and stand, the declarations, the
discard piles, gold, the public events, read by :class:`PublicLog`: what inspections
revealed, how many contraband cards a passed bag smuggled, who was Sheriff) and the
engine's answers about the rules (``view.can``, ``view.legal_actions()``,
``view.forced(merchant)``: the action a binding promise forces). All their
randomness comes from ``view.players_rng``, never from the rules' generator.
How to write one: ``docs/bots.md``.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player, play_game
>>> players = [make_player("honest", "trusting") for _ in range(3)]
>>> game = play_game(sc.new_game("classic", players=3, seed=1), players)
>>> game.is_over, str(players[0])
(True, 'honest/trusting')
"""

from __future__ import annotations

import functools
import inspect
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from sheriff_core.base.i18n import N_, Message
from sheriff_core.engine.actions import (
    Action,
    ChooseStarter,
    Confiscate,
    Declare,
    Decline,
    Inspect,
    LetPass,
    Load,
    Market,
    Threaten,
)
from sheriff_core.engine.events import Inspected, Passed, RoundStarted
from sheriff_core.engine.steps import ConfiscateChoice, Step
from sheriff_core.engine.view import EventsSeen, SeatView, as_view
from sheriff_core.rules.variants import Variant

__all__ = [
    "Bot",
    "MerchantBot",
    "SheriffBot",
    "Player",
    "GoodsInfo",
    "goods_info",
    "PublicLog",
    "public_log",
    "register",
    "unregister",
    "bot_names",
    "make_bot",
    "make_player",
    "parse_spec",
]


# --------------------------------------------------------------------------- goods facts


class GoodsInfo:
    """Plain dicts of a variant's goods for the bots' inner loops (built once per variant).

    ``legal``: declarable goods in file order; ``is_legal``, ``value``,
    ``penalty``: per card name. Contraband is every good whose kind is not "legal".
    ``by_rank``: the legal goods, highest ``rank`` first.
    """

    __slots__ = ("legal", "is_legal", "value", "penalty", "rank", "by_rank", "contraband_penalty")

    def __init__(self, variant: Variant) -> None:
        goods = variant.goods
        self.legal: tuple[str, ...] = tuple(n for n, g in goods.items() if g.kind == "legal")
        self.is_legal: dict[str, bool] = {n: g.kind == "legal" for n, g in goods.items()}
        self.value: dict[str, int] = {n: g.value for n, g in goods.items()}
        self.penalty: dict[str, int] = {n: g.penalty for n, g in goods.items()}
        # rank: legal goods ordered by value (ties: file order), -1 for contraband
        order = sorted(self.legal, key=lambda n: (goods[n].value, -self.legal.index(n)))
        self.rank: dict[str, int] = {n: -1 for n in goods} | {n: i for i, n in enumerate(order)}
        self.by_rank: tuple[str, ...] = tuple(reversed(order))
        contraband = [g.penalty for g in goods.values() if g.kind != "legal"]
        self.contraband_penalty = sum(contraband) / len(contraband) if contraband else 0.0


_INFO: dict[int, tuple[Variant, GoodsInfo]] = {}
_LAST_INFO: list[Any] = [None, None]


def goods_info(variant: Variant) -> GoodsInfo:
    """The cached :class:`GoodsInfo` of ``variant`` (by identity: variants are immutable)."""
    if _LAST_INFO[0] is variant:
        return _LAST_INFO[1]
    _LAST_INFO[0] = None
    hit = _INFO.get(id(variant))
    if hit is not None and hit[0] is variant:
        info = hit[1]
    else:
        if len(_INFO) > 64:
            _INFO.clear()
        info = GoodsInfo(variant)
        _INFO[id(variant)] = (variant, info)
    _LAST_INFO[0], _LAST_INFO[1] = variant, info
    return info


# --------------------------------------------------------------------------- actions


class Interned(dict[tuple[Any, ...], Action]):
    """``table[args]`` is ``cls(*args)``, the same object every time for equal
    arguments: a subscript (no Python call when the action was made before).

    Actions are frozen values, so equal ones are interchangeable; building one (a
    frozen dataclass) costs several times this dict lookup, and the bots return one
    for every decision. ``args``: a tuple of ints, strings and tuples of them (the key
    compares them by value). The table is cleared when it grows large.

    >>> from sheriff_core.engine.actions import Declare
    >>> declare = Interned(Declare)
    >>> declare[("Apples", 3)], declare[("Apples", 3)] is declare[("Apples", 3)]
    (Declare(good='Apples', count=3), True)
    """

    __slots__ = ("cls",)

    def __init__(self, cls: type[Action]) -> None:
        super().__init__()
        self.cls: Callable[..., Action] = cls

    def __missing__(self, args: tuple[Any, ...]) -> Action:
        if len(self) >= 16384:
            self.clear()
        action = self[args] = self.cls(*args)
        return action


_INTERNED: dict[type[Action], Interned] = {}


def interned(cls: type[Action], *args: Any) -> Action:
    """``cls(*args)``, the same object every time for equal arguments (one
    :class:`Interned` table per class)."""
    table = _INTERNED.get(cls)
    if table is None:
        table = _INTERNED[cls] = Interned(cls)
    return table[args]


class _PerSeat(dict[int, Action]):
    """``seat -> cls(seat)``, each made once on first use: the Sheriffs' actions on a
    bag, looked up by subscript (cheaper than a call to :func:`interned`)."""

    __slots__ = ("cls",)

    def __init__(self, cls: type[Action]) -> None:
        super().__init__()
        self.cls: Callable[[int], Action] = cls

    def __missing__(self, seat: int) -> Action:
        action = self[seat] = self.cls(seat)
        return action


#: The bots' own tables (shared with :func:`interned`): ``MARKET[(set_aside, take,
#: pile)]``, ``LOAD[(cards,)]``, ``DECLARE[(good, count)]``, ``CONFISCATE[(pile, cards)]``.
MARKET = _INTERNED[Market] = Interned(Market)
LOAD = _INTERNED[Load] = Interned(Load)
DECLARE = _INTERNED[Declare] = Interned(Declare)
CONFISCATE = _INTERNED[Confiscate] = Interned(Confiscate)

LET_PASS = _PerSeat(LetPass)
INSPECT = _PerSeat(Inspect)
THREATEN = _PerSeat(Threaten)
#: The market turn that keeps the whole hand.
KEEP = Market()


# --------------------------------------------------------------------------- public memory


class PublicLog:
    """What everybody at the table knows from the events so far, per seat.

    Read from the public events (``view.public_events``) incrementally:
    ``inspected`` events (the bag was opened in front of everyone),
    ``passed`` events' ``smuggled`` count (info["cards"] is never read),
    bribes, and who was Sheriff each round.

    Per seat: ``bags`` (bags resolved), ``inspected``, ``caught`` (lies
    found), ``cleared`` (honest bags opened), ``smuggled`` (passed bags that
    carried contraband), ``bluffs`` (lies found with no contraband: legal goods
    only, a lie that a passed bag does not show); as Sheriff: ``faced`` (bags decided) and
    ``opened`` (bags inspected). ``fine_total`` / ``fine_cards``: fines of
    caught bags and their declared sizes, for the average fine per card.
    """

    __slots__ = (
        "_cursor",
        "sheriff",
        "sheriffs",
        "bags",
        "inspected",
        "caught",
        "cleared",
        "smuggled",
        "bluffs",
        "faced",
        "opened",
        "fine_total",
        "fine_cards",
        "__weakref__",
    )

    def __init__(self, n: int) -> None:
        self._cursor = 0
        self.sheriff: int | None = None
        self.sheriffs: list[int] = []
        self.bags = [0] * n
        self.inspected = [0] * n
        self.caught = [0] * n
        self.cleared = [0] * n
        self.smuggled = [0] * n
        self.bluffs = [0] * n
        self.faced = [0] * n
        self.opened = [0] * n
        self.fine_total = 0
        self.fine_cards = 0

    def update(self, view: SeatView) -> PublicLog:
        """Read the events since the last update (each event exactly once)."""
        events = view.public_events
        end = len(events)
        # Hot path (a Sheriff bot asks before most bags): only the kinds this log reads
        # (most events are not: market, loaded, declared, drew, paid, ...), each read by
        # its class and attributes.
        for e in events.since(self._cursor, _LOG_KINDS):
            if isinstance(e, Passed):
                s = e.seat
                self.bags[s] += 1
                if e.smuggled:
                    self.smuggled[s] += 1
                faced = self.faced
                for sh in self.sheriffs:
                    faced[sh] += 1
            elif type(e) is Inspected:
                s = e.seat
                self.bags[s] += 1
                self.inspected[s] += 1
                if e.truthful:
                    self.cleared[s] += 1
                else:
                    self.caught[s] += 1
                    is_legal = goods_info(view.variant).is_legal
                    for c in e.cards:
                        if not is_legal[c]:
                            break
                    else:  # only legal goods: a bluff
                        self.bluffs[s] += 1
                    self.fine_total += e.merchant_pays
                    self.fine_cards += int(e.declared.split(" ", 1)[0])
                faced = self.faced
                for sh in self.sheriffs:
                    faced[sh] += 1
                opened = self.opened
                for sh in e.inspectors:
                    opened[sh] += 1
            elif type(e) is RoundStarted:
                s = e.seat
                self.sheriff = s
                self.sheriffs = list(e.sheriffs)
        self._cursor = end
        return self


#: The event kinds :meth:`PublicLog.update` reads.
_LOG_KINDS: frozenset[str] = frozenset(c.kind for c in (Passed, Inspected, RoundStarted))


# Keyed by the game's public events (one object per game, the same for every seat).
_LOGS: weakref.WeakKeyDictionary[EventsSeen, PublicLog] = weakref.WeakKeyDictionary()
_LAST_LOG: list[Any] = [None, None]  # the last game's public events, and its log


def public_log(view: SeatView) -> PublicLog:
    """The up-to-date :class:`PublicLog` of the game ``view`` looks at (one per game,
    shared by its bots: it reads public events only)."""
    key = view.public_events
    if _LAST_LOG[0] is key:
        log = _LAST_LOG[1]
    else:
        log = _LOGS.get(key)
        if log is None:
            log = _LOGS[key] = PublicLog(view.n)
        _LAST_LOG[0], _LAST_LOG[1] = key, log
    if log._cursor != len(key):
        log.update(view)
    return log


# --------------------------------------------------------------------------- bots


@functools.cache
def _defaults(cls: type) -> dict[str, Any]:
    return {
        k: p.default
        for k, p in inspect.signature(cls).parameters.items()
        if p.default is not inspect.Parameter.empty
    }


class Bot:
    """Base of all strategy bots. ``params`` are the keyword arguments it was made with."""

    name = "bot"
    role = ""

    def __init__(self, **params: Any) -> None:
        self.params = params

    def clone(self) -> Bot:
        """A fresh bot with the same parameters (no memory of earlier games)."""
        return type(self)(**self.params)

    def label(self) -> str:
        """Name plus any non-default parameters, e.g. ``smuggler(risk=0.8)``."""
        defaults = _defaults(type(self))  # type: ignore[arg-type]  # classes are hashable
        args = ",".join(
            f"{k}={v}" for k, v in self.params.items() if k not in defaults or defaults[k] != v
        )
        return f"{self.name}({args})" if args else self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label()}>"

    def debt(self, view: SeatView) -> Action:
        """Pay a debt in goods: the first minimal choice the engine lists."""
        return view.debt_options(limit=1)[0]


class MerchantBot(Bot):
    """A merchant strategy: ``market``, ``load``, ``declare``, ``respond`` (to a threat)."""

    role = "merchant"

    def market(self, view: SeatView) -> Action:
        return KEEP

    def load(self, view: SeatView) -> Action:
        raise NotImplementedError

    def declare(self, view: SeatView) -> Action:
        raise NotImplementedError

    def respond(self, view: SeatView) -> Action:
        return Decline()

    def exchange(self, view: SeatView) -> Action:
        """Variants with tokens: take every token the stand pays for, then stop."""
        for a in view.legal_actions():
            return a  # the engine lists the possible exchanges first, "done" last
        raise RuntimeError("no legal action at an exchange step")


class SheriffBot(Bot):
    """A Sheriff (or Deputy) strategy: ``pick`` a bag, ``negotiate``, place confiscated cards."""

    role = "sheriff"

    def starter(self, view: SeatView) -> Action:
        """Who starts the market (variants where the Sheriff chooses): the left neighbour."""
        n, seat = view.n, view.seat
        for k in range(1, n):
            a = ChooseStarter((seat + k) % n)
            if view.can(a):
                return a
        return next(iter(view.legal_actions()))

    def pick(self, view: SeatView) -> Action:
        """Deal with the next bag: first a bag the rules leave one way to settle (a
        binding promise: ``view.forced``), else :meth:`decide` on the next bag."""
        must = view.forced_bag()
        if must is not None:
            return must
        waiting = view.unresolved()
        seat = view.seat
        for s in waiting:
            if s != seat:
                return self.decide(view, s)
        return LET_PASS[waiting[0]]

    def decide(self, view: SeatView, merchant: int) -> Action:
        """Threaten, Inspect or LetPass ``merchant``'s bag (no bribe on the table yet)."""
        return LET_PASS[merchant]

    def vote(self, view: SeatView) -> Action:
        """A second Deputy's vote on the bag being decided: Inspect or LetPass only.

        Uses :meth:`negotiate` when a bribe negotiation is open, else :meth:`decide`;
        a threat or a counter-offer becomes a vote to inspect; what the rules force
        (``view.forced``) wins.
        """
        vote = view.vote
        assert vote is not None  # the vote step has a vote
        m = vote.seat
        a = self.negotiate(view) if view.negotiation is not None else self.decide(view, m)
        if type(a) is not LetPass and type(a) is not Inspect:
            a = INSPECT[m]
        must = view.forced(m)
        return a if must is None else must

    def negotiate(self, view: SeatView) -> Action:
        """Answer the merchant in a negotiation (default: take any offer and let it pass)."""
        neg = view.negotiation
        assert neg is not None  # the negotiation step has one
        m = neg.seat
        must = view.forced(m)
        return LET_PASS[m] if must is None else must

    def confiscate(self, view: SeatView) -> Action:
        """Put the confiscated cards on the smallest discard pile, in the order given."""
        due = view.pending[0]
        assert type(due) is ConfiscateChoice  # the confiscate step
        cards = due.cards
        sizes = view.pile_sizes
        return CONFISCATE[sizes.index(min(sizes)), cards]  # the first of the smallest


class Player:
    """One seat's strategy: a merchant bot and a Sheriff bot, dispatched by the step due.

    Unknown steps (from variants this code predates) fall back to the first
    legal action the engine lists, so a new variant never makes a bot stall.
    """

    __slots__ = ("merchant", "sheriff", "by_step")

    def __init__(self, merchant: MerchantBot, sheriff: SheriffBot) -> None:
        self.merchant = merchant
        self.sheriff = sheriff
        m, s = merchant, sheriff
        #: The bot method for each step (read it, do not change it): ``by_step[step](view)``.
        self.by_step: dict[Step, Callable[[SeatView], Action]] = {
            Step.MARKET: m.market,
            Step.LOAD: m.load,
            Step.DECLARE: m.declare,
            Step.MERCHANT: m.respond,
            Step.DEBT: m.debt,
            Step.STARTER: s.starter,
            Step.SHERIFF: s.pick,
            Step.NEGOTIATION: s.negotiate,
            Step.CONFISCATE: s.confiscate,
            Step.VOTE: s.vote,
            Step.EXCHANGE: m.exchange,
        }

    def choose(self, view: SeatView) -> Action:
        """The action for this player's seat, given its view (a game is read as the
        view of the seat to move: ``observe(game, game.to_move)``)."""
        return self.act(as_view(view))

    def act(self, view: SeatView) -> Action:
        """:meth:`choose` when the caller already holds the seat's view."""
        fn = self.by_step.get(view.step)
        if fn is None:
            return next(iter(view.legal_actions()))
        return fn(view)

    def clone(self) -> Player:
        return Player(self.merchant.clone(), self.sheriff.clone())  # type: ignore[arg-type]

    def __str__(self) -> str:
        return f"{self.merchant.label()}/{self.sheriff.label()}"

    def __repr__(self) -> str:
        return f"<Player {self}>"


# --------------------------------------------------------------------------- registry and specs

_REGISTRY: dict[str, dict[str, type[Bot]]] = {"merchant": {}, "sheriff": {}}


def register(cls: type[Bot]) -> type[Bot]:
    """Class decorator: make a bot available by ``cls.name`` to specs, ``simulate`` and the CLI."""
    _REGISTRY[cls.role][cls.name] = cls
    return cls


def unregister(name: str, role: str) -> None:
    """Forget the ``role`` bot registered as ``name`` (a KeyError if there is none).

    >>> @register
    ... class Lenient(SheriffBot):
    ...     name = "lenient"
    >>> unregister("lenient", "sheriff"); "lenient" in bot_names("sheriff")
    False
    """
    del _REGISTRY[role][name]


def bot_names(role: str) -> list[str]:
    """Names of the registered ``"merchant"`` or ``"sheriff"`` bots.

    >>> bot_names("sheriff")
    ['trusting', 'always-inspect', 'threshold', 'bayesian']
    """
    return list(_REGISTRY[role])


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """Read ``"name"`` or ``"name:key=value,key=value"`` into (name, params).

    >>> parse_spec("smuggler:risk=0.8")
    ('smuggler', {'risk': 0.8})
    """
    name, _, rest = text.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(
                Message(
                    "bad bot parameter {part!r} in {text!r}: use key=value", part=part, text=text
                )
            )
        params[key.strip().replace("-", "_")] = _value(value.strip())
    return name.strip(), params


BotSpec = str | Bot | tuple[str, Mapping[str, Any]]

# The errors of make_bot, one message per role (a role is a word of the sentence); None:
# a role that is neither (its key is then shown as it is).
_WRONG_ROLE = {
    "merchant": N_("{bot} is a sheriff bot, not a merchant bot"),
    "sheriff": N_("{bot} is a merchant bot, not a sheriff bot"),
    None: N_("{bot} is a {other} bot, not a {role} bot"),
}
_NOT_A_SPEC = {
    "merchant": N_("a merchant bot spec is a name, (name, params) or a bot, not {spec}"),
    "sheriff": N_("a sheriff bot spec is a name, (name, params) or a bot, not {spec}"),
    None: N_("a {role} bot spec is a name, (name, params) or a bot, not {spec}"),
}
_UNKNOWN_BOT = {
    "merchant": N_("unknown merchant bot {name!r}; known: {known}"),
    "sheriff": N_("unknown sheriff bot {name!r}; known: {known}"),
    None: N_("unknown {role} bot {name!r}; known: {known}"),
}
_BAD_PARAMS = {
    "merchant": N_("bad parameters for merchant bot {name!r}: {exc}"),
    "sheriff": N_("bad parameters for sheriff bot {name!r}: {exc}"),
    None: N_("bad parameters for {role} bot {name!r}: {exc}"),
}


def _by_role(table: dict[str | None, str], role: str, **params: object) -> Message:
    """The error of ``table`` for ``role`` (rendered when read, in the language then)."""
    return Message(table.get(role) or table[None], role=role, **params)


def make_bot(spec: BotSpec, role: str) -> Bot:
    """A fresh bot of ``role`` ("merchant" or "sheriff") from a spec.

    A spec is a registered name (``"honest"``), a name with parameters
    (``"smuggler:risk=0.8"`` or ``("smuggler", {"risk": 0.8})``) or a bot
    instance (cloned, so each seat and game gets its own memory).

    >>> make_bot("threshold:size=3", "sheriff").label()
    'threshold(size=3)'
    """
    if isinstance(spec, Bot):
        if spec.role != role:
            raise ValueError(_by_role(_WRONG_ROLE, role, bot=spec.label(), other=spec.role))
        return spec.clone()
    if isinstance(spec, tuple):
        name, params = spec[0], dict(spec[1])
    elif isinstance(spec, str):
        name, params = parse_spec(spec)
    else:
        raise TypeError(_by_role(_NOT_A_SPEC, role, spec=repr(spec)))
    cls = _REGISTRY[role].get(name)
    if cls is None:
        raise ValueError(_by_role(_UNKNOWN_BOT, role, name=name, known=", ".join(_REGISTRY[role])))
    try:
        return cls(**params)
    except TypeError as exc:
        raise ValueError(_by_role(_BAD_PARAMS, role, name=name, exc=str(exc))) from None


def make_player(merchant: BotSpec = "honest", sheriff: BotSpec = "trusting") -> Player:
    """A :class:`Player` from a merchant spec and a Sheriff spec (see :func:`make_bot`)."""
    return Player(make_bot(merchant, "merchant"), make_bot(sheriff, "sheriff"))  # type: ignore[arg-type]
