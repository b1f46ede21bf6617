"""Readable narration of a game from its events (pure Python, no widgets).

:func:`describe_event` turns one :class:`~sheriff_core.engine.Event` into a sentence;
:func:`narrate` tells a whole game (or some rounds) round by round;
:func:`bag_rows` gives one plain dict per bag (who declared what, what was inside,
what the Sheriff did, who paid what) for a table. :func:`play_rounds` (plays a game
between bots, recording everybody's gold and stand after each round) lives in
:mod:`sheriff_core.play.driver` and is re-exported here.

:func:`describe_for` tells one event to one player, in the second person ("Your bag
passed unopened: ..."), for the play table's outcome sentence. A :class:`Journal`
reads a game being played, each event once, for the screens that tell it (the play
table, game night, the command line's seated game).

Rounds are numbered from 1 in every sentence (the events keep the engine's 0-based
``round``).

Everything is read from the engine's own record (``game.events``): nothing here
decides a rule.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player
>>> game = sc.new_game("classic", players=3, seed=2)
>>> _ = play_rounds(game, [make_player("honest", "trusting")] * 3, rounds=1)
>>> print(narrate(game, rounds=[0]).splitlines()[0])
Round 1 of 9 - Sheriff: Ann
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from sheriff_core.base.i18n import Message, Names, _, good_name
from sheriff_core.base.safe_text import printable
from sheriff_core.engine.actions import Offer, parse_action
from sheriff_core.engine.events import (
    EVENT_TYPES,
    Confiscated,
    Declared,
    Declined,
    DeputyDeckShuffled,
    Drew,
    Event,
    Exchanged,
    GameOver,
    GameSetUp,
    Inspected,
    Loaded,
    LootSplit,
    MarketTurn,
    OfferMade,
    Paid,
    PaidInGoods,
    Passed,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    StarterChosen,
    Threatened,
    VoteCast,
)
from sheriff_core.engine.game import Game
from sheriff_core.play.driver import play_rounds  # moved to the driver; re-exported here
from sheriff_core.play.record import bag_records

__all__ = [
    "Journal",
    "counted",
    "declared_text",
    "RoundBlock",
    "cards_text",
    "describe_offer",
    "describe_event",
    "describe_for",
    "narrate",
    "round_lines",
    "bag_rows",
    "play_rounds",
]


def cards_text(cards: Sequence[str]) -> str:
    """Cards counted by name, in first-seen order (``'nothing'`` for none).

    >>> cards_text(["Apples", "Silk", "Apples"]), cards_text([])
    ('2 Apples, 1 Silk', 'nothing')
    """
    if not cards:
        return _("nothing")
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return _(", ").join(counted(n, c) for c, n in counts.items())


def counted(n: int, good: str) -> str:
    """``n`` of ``good`` in the current language's order (``3 Cheese``, ``ชีส 3 ใบ``).

    >>> counted(3, "Cheese")
    '3 Cheese'
    """
    return _("{n} {good}").format(n=n, good=good_name(good))


def declared_text(text: str) -> str:
    """A declaration's text (``"3 Cheese"``, as events keep it) in the current language.

    >>> declared_text("3 Cheese")
    '3 Cheese'
    """
    count, _sep, good = text.partition(" ")
    return counted(int(count), good) if count.isdigit() and good else text


def describe_offer(offer: Offer | str, players: Sequence[str] | None = None) -> str:
    """An offer (or its text form) in words.

    >>> describe_offer("offer 8 gold; stand Apples,Apples")
    '8 gold and 2 Apples from the stand'
    >>> describe_offer(Offer(0, bag=("Pepper",)), ["Ann", "Ben"])
    '1 Pepper from the bag'
    """
    parsed = parse_action(offer) if isinstance(offer, str) else offer
    if not isinstance(parsed, Offer):
        raise TypeError(
            Message(
                "describe_offer needs an offer (e.g. 'offer 3 gold'), not {offer!r}", offer=offer
            )
        )
    offer = parsed
    parts = []
    if offer.gold or not (offer.stand or offer.bag or offer.promises):
        parts.append(_("{gold} gold").format(gold=offer.gold))
    if offer.stand:
        parts.append(_("{cards_text} from the stand").format(cards_text=cards_text(offer.stand)))
    if offer.bag:
        parts.append(_("{cards_text} from the bag").format(cards_text=cards_text(offer.bag)))
    for p in offer.promises:
        if p.kind == "future":
            parts.append(_('a promise "{text}" (not binding)').format(text=p.text))
        else:
            if p.seat is None:
                who = _("a merchant")
            elif players is not None:
                who = players[p.seat]
            else:
                who = _("seat {value}").format(
                    value=p.seat + 1
                )  # seats counted from 1, as people count them
            verb = _("inspect") if p.kind == "inspect" else _("let pass")
            parts.append(
                _("the Sheriff's word to {verb} {who}'s bag this round (binding)").format(
                    verb=verb, who=who
                )
            )
    if len(parts) == 1:
        return printable(parts[0])
    return printable(_("{items} and {last}").format(items=_(", ").join(parts[:-1]), last=parts[-1]))


def describe_event(event: Event, players: Sequence[str], secrets: bool = True) -> str | None:
    """One sentence for ``event`` (None for bookkeeping events such as ``round_end``).

    ``secrets``: also tell what only the acting player sees (bag contents, cards
    drawn); with ``secrets=False`` the sentence holds only what the table sees.
    This is the one narrator: the command line (:func:`sheriff_core.cli.narrate`)
    and the widgets tell events with it.

    >>> from sheriff_core.engine.events import Declared
    >>> describe_event(Declared(0, 1, "Cheese", 3), ["Ann", "Ben"])
    'Ben declares "3 Cheese".'
    """
    kind = EVENT_TYPES[event.kind]  # its kind's class (a seat's view of it may subclass it)
    tell = _TELL.get(kind)
    if tell is None:
        if kind in _QUIET:
            return None
        s = event.seat
        who = players[s] if s is not None and 0 <= s < len(players) else ""
        return printable(f"{event.kind}: {who} {event.fields()}".strip())
    # names and goods come from data: a control character in one is shown, never sent
    said = tell(event, _Told(players, event.seat, secrets))
    return None if said is None else printable(said)


class _Told:
    """Who and how an event of :func:`describe_event` is told."""

    __slots__ = ("players", "who", "secrets")

    def __init__(self, players: Sequence[str], seat: int | None, secrets: bool):
        self.players, self.secrets = players, secrets
        self.who = players[seat] if seat is not None and 0 <= seat < len(players) else ""

    def name(self, seat: Any) -> str:
        if seat == "loot":
            return _("the Loot")
        players = self.players
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else str(seat)

    def offer(self, offer: Offer | str) -> str:
        return describe_offer(offer, self.players)


def _setup(e: GameSetUp, t: _Told) -> str:
    tops = _(", ").join(
        _("pile {n}: {p}").format(n=n, p=good_name(p[-1])) for n, p in enumerate(e.piles) if p
    )
    return _("Cards dealt to {players}.").format(players=Names(e.players)) + (
        _(" Top of the discard piles: {tops}.").format(tops=tops) if tops else ""
    )


def _market(e: MarketTurn, t: _Told) -> str:
    who = t.who
    if not e.set_aside:
        return _("{who} keeps the whole hand.").format(who=who)
    text = _("{who} sets aside {n_set_aside} card(s)").format(who=who, n_set_aside=len(e.set_aside))
    if t.secrets:
        text += f" ({cards_text(e.set_aside)})"
    if e.took:
        piles = ", ".join(str(p) for p in e.took_from)
        text += _(", takes {cards_text} from discard pile(s) {piles}").format(
            cards_text=cards_text(e.took), piles=piles
        )
    if e.drew:
        text += _(", draws {drew} from the draw pile").format(drew=e.drew)
    return text + _(", and puts the set-aside cards face up on pile {pile}.").format(pile=e.pile)


def _loaded(e: Loaded, t: _Told) -> str:
    if t.secrets:
        return _("{who} loads {size} card(s): {cards_text}.").format(
            who=t.who, size=e.size, cards_text=cards_text(e.cards)
        )
    return _("{who} loads {size} card(s).").format(who=t.who, size=e.size)


def _offer(e: OfferMade, t: _Told) -> str:
    if e.by == "sheriff":
        return _("The Sheriff demands {offer} from {who}.").format(
            offer=t.offer(e.offer), who=t.who
        )
    return _("{who} offers {offer}.").format(who=t.who, offer=t.offer(e.offer))


def _passed(e: Passed, t: _Told) -> str:
    text = _("{who}'s bag passes unopened").format(who=t.who)
    if e.bribe is not None:
        text += _(" for a bribe of {offer}").format(offer=t.offer(e.bribe))
        if e.not_owed:
            text += _(" ({cards_text} promised from the bag was not in it: not owed)").format(
                cards_text=cards_text(e.not_owed)
            )
    if t.secrets:
        text += _(": {cards_text} go to the stand").format(cards_text=cards_text(e.cards))
    else:
        up = len(e.cards) - e.smuggled
        text += _(": {up} card(s) go to the stand face up, {smuggled} face down").format(
            up=up, smuggled=e.smuggled
        )
    return text + (_(" (it was the truth).") if e.truthful else _(" (it was a lie)."))


def _inspected(e: Inspected, t: _Told) -> str:
    who = t.who
    text = _('The Sheriff opens {who}\'s bag ("{declared}"): {cards_text}.').format(
        who=who, declared=declared_text(e.declared), cards_text=cards_text(e.cards)
    )
    if e.truthful:
        return text + _(" The truth! The Sheriff pays {value} gold.").format(value=-e.merchant_pays)
    text += _(" A lie: {cards_text} confiscated").format(cards_text=cards_text(e.confiscated))
    if e.admitted:
        text += _(", {cards_text} go to the stand").format(cards_text=cards_text(e.admitted))
    return text + _("; {who} owes a fine of {merchant_pays} gold.").format(
        who=who, merchant_pays=e.merchant_pays
    )


def _paid(e: Paid, t: _Told) -> str:
    who, to = t.who, t.name(e.to)
    if e.gold == e.owed:
        return _("{who} pays {gold} gold to {to}.").format(who=who, gold=e.gold, to=to)
    return _("{who} owes {owed} gold but has only {gold}: pays {gold} to {to}.").format(
        who=who, owed=e.owed, gold=e.gold, to=to
    )


def _paid_in_goods(e: PaidInGoods, t: _Told) -> str:
    text = _("{who} pays the rest with {cards_text} (worth {value}) to ").format(
        who=t.who, cards_text=cards_text(e.cards), value=e.value
    )
    text += t.name(e.to)
    if e.forgiven:
        text += _("; {forgiven} gold is forgiven").format(forgiven=e.forgiven)
    return text + "."


def _drew(e: Drew, t: _Told) -> str:
    if t.secrets:
        return _("{who} draws {count} card(s): {cards_text}.").format(
            who=t.who, count=e.count, cards_text=cards_text(e.cards)
        )
    return _("{who} draws {count} card(s).").format(who=t.who, count=e.count)


def _vote(e: VoteCast, t: _Told) -> str:
    verb = _("inspect") if e.choice == "inspect" else _("let pass")
    return _("Deputy {player} votes to {verb} {who}'s bag.").format(
        player=t.name(e.deputy), verb=verb, who=t.who
    )


def _confiscated(e: Confiscated, t: _Told) -> str:
    return _("The confiscated {cards_text} go on discard pile {pile}.").format(
        cards_text=cards_text(e.cards), pile=e.pile
    )


def _reshuffled(e: Reshuffled, t: _Told) -> str:
    return _("The draw pile ran out: {cards} discarded cards are shuffled into a new one.").format(
        cards=e.cards
    )


def _loot_split(e: LootSplit, t: _Told) -> str:
    return _("The Loot is split: {each} gold each, {left} left.").format(each=e.each, left=e.left)


def _exchanged(e: Exchanged, t: _Told) -> str:
    return _("{who} trades {cards_text} for a {token} token.").format(
        who=t.who, cards_text=cards_text(e.goods), token=good_name(e.token)
    )


def _game_over(e: GameOver, t: Any) -> str:
    return _("Game over. Winner(s): {winners}.").format(winners=Names(e.winners))


#: Event classes that make no sentence (bookkeeping).
_QUIET: frozenset[type[Event]] = frozenset((RoundStarted, RoundEnded, DeputyDeckShuffled))
#: The sentence of each class of event (each function takes that class).
_TELL: dict[type[Event], Callable[[Any, _Told], str]] = {
    GameSetUp: _setup,
    MarketTurn: _market,
    Loaded: _loaded,
    Declared: lambda e, t: _('{who} declares "{count} {good}".').format(
        who=t.who, count=e.count, good=good_name(e.good)
    ),
    StarterChosen: lambda e, t: _("{who} is chosen to start the market.").format(who=t.who),
    Threatened: lambda e, t: _("The Sheriff threatens to open {who}'s bag.").format(who=t.who),
    OfferMade: _offer,
    Declined: lambda e, t: _("{who} makes no (further) offer.").format(who=t.who),
    Passed: _passed,
    Inspected: _inspected,
    Paid: _paid,
    PaidInGoods: _paid_in_goods,
    Confiscated: _confiscated,
    Drew: _drew,
    Reshuffled: _reshuffled,
    GameOver: _game_over,
    VoteCast: _vote,
    LootSplit: _loot_split,
    Exchanged: _exchanged,
}


def describe_for(
    event: Event,
    players: Sequence[str],
    me: int,
    sheriffs: Sequence[int] = (),
    last_demand: str | None = None,
) -> str | None:
    """``event`` told to the player in seat ``me`` ("you"), or None if it is not about
    their own decision, bag, gold or goods.

    It reads only what that seat may know: told an event as the seat saw it (from
    ``observe(game, me).events``, :mod:`sheriff_core.engine.view`), it says the same.

    ``sheriffs``: this round's Sheriff (and Deputies), to name who opened a bag;
    ``last_demand``: the text of the Sheriff's last demand (so a refusal can name it).
    A :class:`Journal` keeps both as it reads a game.

    >>> from sheriff_core.engine.events import Declined, Passed
    >>> passed = Passed(1, 1, "3 Cheese", ["Cheese"] * 3, 0, True)
    >>> describe_for(passed, ["Ann", "Ben", "Cat"], me=1, sheriffs=[0])
    'Your bag passed unopened: 3 Cheese go to your stand.'
    >>> describe_for(Declined(1, 2), ["Ann", "Ben", "Cat"], me=0,
    ...              sheriffs=[0], last_demand="offer 5 gold")
    'Cat refused your demand of 5 gold.'
    >>> describe_for(passed, ["Ann", "Ben", "Cat"], me=2, sheriffs=[0]) is None
    True
    """
    tell = _TELL_YOU.get(EVENT_TYPES[event.kind])  # a seat's view of it may subclass it
    if tell is None:
        return None
    said = tell(event, _You(event, players, me, sheriffs, last_demand))
    return None if said is None else printable(said)


class _You:
    """To whom an event of :func:`describe_for` is told, and what they know."""

    __slots__ = ("s", "players", "me", "sheriffs", "sheriff", "judge", "whose", "demand")

    def __init__(
        self,
        event: Event,
        players: Sequence[str],
        me: int,
        sheriffs: Sequence[int],
        last_demand: str | None,
    ) -> None:
        self.s, self.players, self.me = event.seat, players, me
        self.sheriffs, self.demand = sheriffs, last_demand
        self.sheriff = players[sheriffs[0]] if sheriffs else _("the Sheriff")
        self.judge = me in sheriffs  # this seat judges the bags this round
        s = event.seat
        self.whose = players[s] if s is not None and 0 <= s < len(players) else ""

    def name(self, seat: Any) -> str:
        if seat == "loot" or seat == -1:
            return _("the Loot")
        if seat == self.me:
            return _("you")
        players = self.players
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else str(seat)

    def offer(self, offer: Offer | str) -> str:
        return describe_offer(offer, self.players)


def _you_market(e: MarketTurn, t: _You) -> str | None:
    if t.s != t.me:
        return None
    if not e.set_aside:
        return "You kept your whole hand."
    text = _("You set aside {cards_text} (onto pile {pile})").format(
        cards_text=cards_text(e.set_aside), pile=e.pile
    )
    if e.took:
        text += _(", took {cards_text} from the discard piles").format(
            cards_text=cards_text(e.took)
        )
    if e.drawn:
        text += _(" and drew {cards_text}").format(cards_text=cards_text(e.drawn))
    return text + "."


def _you_threatened(e: Threatened, t: _You) -> str | None:
    if t.s == t.me:
        return _("{sheriff} threatens to open your bag.").format(sheriff=t.sheriff)
    if t.judge:
        return _("You threaten to open {whose}'s bag.").format(whose=t.whose)
    return None


def _you_offer(e: OfferMade, t: _You) -> str | None:
    offer, by, whose = t.offer(e.offer), e.by, t.whose
    if t.s == t.me:
        if by == "sheriff":
            return _("{sheriff} demands {offer} to let your bag pass.").format(
                sheriff=t.sheriff, offer=offer
            )
        return _("You offered {offer}.").format(offer=offer)
    if t.judge:
        if by == "sheriff":
            return _("You demanded {offer} from {whose}.").format(offer=offer, whose=whose)
        return _("{whose} offers you {offer}.").format(whose=whose, offer=offer)
    return None


def _you_declined(e: Declined, t: _You) -> str | None:
    if t.s == t.me:
        return "You made no (further) offer."
    if t.judge:
        if t.demand is not None:
            return _("{whose} refused your demand of {offer}.").format(
                whose=t.whose, offer=t.offer(t.demand)
            )
        return _("{whose} makes no offer.").format(whose=t.whose)
    return None


def _you_passed(e: Passed, t: _You) -> str | None:
    bribe = (
        _(" for a bribe of {offer}").format(offer=t.offer(e.bribe)) if e.bribe is not None else ""
    )
    if t.s == t.me:
        return _("Your bag passed unopened{bribe}: {cards_text} go to your stand.").format(
            bribe=bribe, cards_text=cards_text(e.cards)
        )
    if t.judge:  # from what the judge saw: the declared size, the bribe's goods, the count
        size = int(e.declared.split(" ", 1)[0])
        up = size - len(e.bribe_bag or ()) - e.smuggled
        took = (
            _(" (you took a bribe of {offer})").format(offer=t.offer(e.bribe))
            if e.bribe is not None
            else ""
        )
        return _(
            "You let {whose}'s bag pass{took}: {up} card(s) go to the stand face up, {smuggled} face down."
        ).format(whose=t.whose, took=took, up=up, smuggled=e.smuggled)
    return None


def _you_inspected(e: Inspected, t: _You) -> str | None:
    if not (t.s == t.me or t.judge):
        return None
    by = _(" and ").join(t.name(d) for d in e.inspectors)
    by = by[0].upper() + by[1:] if by else _("The Sheriff")
    bag = _("your bag") if t.s == t.me else _("{whose}'s bag").format(whose=t.whose)
    text = _('{by} opened {bag} ("{declared}"): {cards_text}.').format(
        by=by, bag=bag, declared=declared_text(e.declared), cards_text=cards_text(e.cards)
    )
    if e.truthful:
        return text + _(" The truth: the penalty is {value} gold to the merchant.").format(
            value=-e.merchant_pays
        )
    return text + _(" A lie: {cards_text} confiscated, a fine of {merchant_pays} gold.").format(
        cards_text=cards_text(e.confiscated), merchant_pays=e.merchant_pays
    )


def _you_paid(e: Paid, t: _You) -> str | None:
    if t.s == t.me:
        return _("You paid {gold} gold to {player}.").format(gold=e.gold, player=t.name(e.to))
    if e.to == t.me:
        return _("{whose} paid you {gold} gold.").format(whose=t.whose, gold=e.gold)
    return None


def _you_paid_in_goods(e: PaidInGoods, t: _You) -> str | None:
    if not (t.s == t.me or e.to == t.me):
        return None
    payer = _("You") if t.s == t.me else t.whose
    return _("{payer} paid {cards_text} (worth {value}) to {player}.").format(
        payer=payer, cards_text=cards_text(e.cards), value=e.value, player=t.name(e.to)
    )


def _you_vote(e: VoteCast, t: _You) -> str | None:
    if not (e.deputy == t.me or t.s == t.me):
        return None
    voter = _("You") if e.deputy == t.me else _("Deputy {player}").format(player=t.name(e.deputy))
    bag = _("your bag") if t.s == t.me else _("{whose}'s bag").format(whose=t.whose)
    verb = _("inspect") if e.choice == "inspect" else _("let pass")
    return _("{voter} voted to {verb} {bag}.").format(voter=voter, verb=verb, bag=bag)


def _you_confiscated(e: Confiscated, t: _You) -> str | None:
    if not t.judge:
        return None
    return _("The confiscated {cards_text} went on discard pile {pile}.").format(
        cards_text=cards_text(e.cards), pile=e.pile
    )


def _mine(text: Callable[[Any], str]) -> Callable[[Any, _You], str | None]:
    """Told only to the seat that acted (``text`` makes the sentence from the event)."""
    return lambda e, t: text(e) if t.s == t.me else None


#: The second-person sentence of each class of event (None: not about this seat).
_TELL_YOU: dict[type[Event], Callable[[Any, _You], str | None]] = {
    MarketTurn: _you_market,
    Loaded: _mine(
        lambda e: _("You loaded your bag with {cards_text}.").format(cards_text=cards_text(e.cards))
    ),
    Declared: _mine(
        lambda e: _('You declared "{count} {good}".').format(count=e.count, good=good_name(e.good))
    ),
    StarterChosen: lambda e, t: (
        _("You chose {whose} to start the market.").format(whose=t.whose) if t.judge else None
    ),
    Threatened: _you_threatened,
    OfferMade: _you_offer,
    Declined: _you_declined,
    Passed: _you_passed,
    Inspected: _you_inspected,
    Paid: _you_paid,
    PaidInGoods: _you_paid_in_goods,
    Confiscated: _you_confiscated,
    VoteCast: _you_vote,
    Exchanged: _mine(
        lambda e: _("You traded {cards_text} for a {token} token.").format(
            cards_text=cards_text(e.goods), token=good_name(e.token)
        )
    ),
    Drew: _mine(lambda e: _("You drew {cards_text}.").format(cards_text=cards_text(e.cards))),
    GameOver: _game_over,
}


def round_lines(game: Game, round: int, secrets: bool = True) -> list[str]:
    """The sentences of one round (0-based), with a heading line first.

    >>> import sheriff_core as sc
    >>> round_lines(sc.new_game("classic", players=3, seed=0), 0)
    ['Round 1 of 9 - Sheriff: Ann']
    """
    sheriff = next(
        (e.sheriff for e in game.events if type(e) is RoundStarted and e.round == round), "?"
    )
    lines = [
        printable(
            _("Round {value} of {rounds} - Sheriff: {sheriff}").format(
                value=round + 1, rounds=game.rounds, sheriff=sheriff
            )
        )
    ]
    for e in game.events:
        if e.round == round and type(e) is not GameSetUp:
            text = describe_event(e, game.players, secrets)
            if text:
                lines.append(text)
    return lines


def narrate(game: Game, rounds: Iterable[int] | None = None, secrets: bool = True) -> str:
    """The game told round by round (all rounds played so far by default).

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> _ = g.apply(sc.Market())
    >>> print(narrate(g))
    Round 1 of 9 - Sheriff: Ann
      Ben keeps the whole hand.
    """
    if rounds is None:
        rounds = range(game.round + 1)
    blocks = []
    for r in rounds:
        head, *rest = round_lines(game, r, secrets)
        blocks.append("\n".join([head] + [f"  {line}" for line in rest]))
    return "\n\n".join(blocks)


def bag_rows(game: Game) -> list[dict[str, Any]]:
    """One dict per bag settled so far: round, merchant, declared, bag, threatened,
    offers, outcome, bribe, fine (+: merchant paid the Sheriff; -: the Sheriff paid).

    >>> import sheriff_core as sc
    >>> from sheriff_core.bots import make_player
    >>> g = sc.new_game("classic", players=3, seed=2)
    >>> _ = play_rounds(g, [make_player("honest", "always-inspect")] * 3, rounds=1)
    >>> [(r["merchant"], r["outcome"]) for r in bag_rows(g)]
    [('Ben', 'inspected: truth'), ('Cat', 'inspected: truth')]
    """
    rows = []
    for r in sorted(bag_records(game), key=_ORDER):  # in the order the bags were declared
        said = "; ".join(
            f"{'Sheriff' if by == 'sheriff' else 'merchant'}: {describe_offer(o, game.players)}"
            for by, o in r.offers
        )
        settled = r.settled
        bag = list(settled.cards) if settled is not None else []
        if type(settled) is Passed and settled.bribe_bag:
            bag += settled.bribe_bag
        rows.append(
            {
                "round": r.round + 1,
                "merchant": game.players[r.seat],
                "declared": f"{r.count} {r.good}",
                "bag": cards_text(bag),
                "threatened": r.threatened,
                "offers": said,
                "outcome": ("inspected: " if r.inspected else "passed: ")
                + ("truth" if r.truthful else "lie"),
                "bribe": "" if r.bribe is None else describe_offer(r.bribe, game.players),
                "fine": r.merchant_pays,
            }
        )
    return rows


_ORDER = attrgetter("order")


# ---------------------------------------------------------------- a journal of a game


@dataclass
class RoundBlock:
    """The events of one round in a :class:`Journal`: ``round`` (0-based), ``heading``
    (``"Round 2 of 9: Ben is the Sheriff"``) and its ``events`` (the round's start
    itself not among them)."""

    round: int
    heading: str
    events: list[Event] = field(default_factory=list)


class Journal:
    """The one reader of a game's events for the screens that tell it as it is played
    (the play table, game night, ``sheriff play --seat``).

    :meth:`read` hands out each event not read yet, once, in order, and keeps what the
    telling needs: the round blocks (:attr:`rounds`, each with a heading in the
    variant's words), this round's Sheriffs (:attr:`sheriffs`) and the Sheriff's last
    demand (:attr:`last_demand`, so a refusal can name it). While an event is handed
    out, ``sheriffs`` and ``last_demand`` are as they were before it, which is what
    :meth:`told_to` (:func:`describe_for`) needs; a ``RoundStarted`` has already opened
    its block (or renamed the deal's). Each screen only lays the sentences out.

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> journal = Journal(g)
    >>> [e.kind for e in journal.read()]
    ['setup', 'round_start']
    >>> _ = g.apply(sc.Market())
    >>> [journal.told(e) for e in journal.read()]
    ['Ben keeps the whole hand.']
    >>> [(b.heading, len(b.events)) for b in journal.rounds]
    [('Round 1 of 9: Ann is the Sheriff', 2)]
    >>> journal.told_to(g.events[-1], 1)
    'You kept your whole hand.'
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cursor = 0  # events read so far
        self.sheriffs: list[int] = list(game.sheriffs)
        self.last_demand: str | None = None
        self.rounds: list[RoundBlock] = []

    def read(self) -> Iterator[Event]:
        """Each event not read yet, in order (see the class)."""
        g = self.game
        events = g.events
        while self.cursor < len(events):
            e = events[self.cursor]
            if type(e) is RoundStarted:
                self.sheriffs = list(e.sheriffs)
                heading = self.heading(e)
                if self.rounds and self.rounds[-1].round == e.round:  # opened before it
                    self.rounds[-1].heading = heading
                else:
                    self.rounds.append(RoundBlock(e.round, heading))
            else:  # a round's first events may come before its start (the deal, a shuffle)
                if not self.rounds or e.round > self.rounds[-1].round:
                    self.rounds.append(
                        RoundBlock(
                            e.round,
                            _("Round {value} of {rounds}").format(
                                value=e.round + 1, rounds=g.rounds
                            ),
                        )
                    )
                self.rounds[-1].events.append(e)
            yield e
            self.cursor += 1
            if type(e) is OfferMade:
                self.last_demand = e.offer if e.by == "sheriff" else None
            elif type(e) in _DEMAND_ENDS:
                self.last_demand = None

    def heading(self, event: RoundStarted) -> str:
        """``Round 2 of 9: Ben is the Sheriff`` (the variant's words; Deputies: both)."""
        g = self.game
        names = _(" and ").join(printable(g.players[s]) for s in event.sheriffs)
        if len(event.sheriffs) > 1:
            role = _("are the {term}").format(term=_(g.variant.term("sheriffs")))
        else:
            role = _("is the {term}").format(term=_(g.variant.term("sheriff")))
        return _("Round {value} of {rounds}: {names} {role}").format(
            value=event.round + 1, rounds=g.rounds, names=names, role=role
        )

    def told(self, event: Event, secrets: bool = True) -> str | None:
        """``event`` as :func:`describe_event` tells it to the table."""
        return describe_event(event, self.game.players, secrets)

    def told_to(self, event: Event, seat: int) -> str | None:
        """``event`` told to ``seat`` ("you"): :func:`describe_for` with this journal's
        Sheriffs and last demand (call it while :meth:`read` hands the event out)."""
        return describe_for(event, self.game.players, seat, self.sheriffs, self.last_demand)


#: The events after which the Sheriff's last demand is no longer on the table.
_DEMAND_ENDS: frozenset[type[Event]] = frozenset((Declined, Passed, Inspected))
