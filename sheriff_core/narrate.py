"""Readable narration of a game from its events (pure Python, no widgets).

:func:`describe_event` turns one :class:`~sheriff_core.engine.Event` into a sentence;
:func:`narrate` tells a whole game (or some rounds) round by round;
:func:`bag_rows` gives one plain dict per bag (who declared what, what was inside,
what the Sheriff did, who paid what) for a table. :func:`play_rounds` (plays a game
between bots, recording everybody's gold and stand after each round) lives in
:mod:`sheriff_core.driver` and is re-exported here.

:func:`describe_for` tells one event to one player, in the second person ("Your bag
passed unopened: ..."), for the play table's outcome sentence.

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

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Any

from sheriff_core.driver import play_rounds  # moved to the driver; re-exported here
from sheriff_core.engine.actions import Offer, parse_action
from sheriff_core.engine.events import Event
from sheriff_core.engine.game import Game
from sheriff_core.record import bag_records
from sheriff_core.safe_text import printable

__all__ = [
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
        return "nothing"
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{n} {c}" for c, n in counts.items())


def describe_offer(offer: Offer | str, players: Sequence[str] | None = None) -> str:
    """An offer (or its text form) in words.

    >>> describe_offer("offer 8 gold; stand Apples,Apples")
    '8 gold and 2 Apples from the stand'
    >>> describe_offer(Offer(0, bag=("Pepper",)), ["Ann", "Ben"])
    '1 Pepper from the bag'
    """
    parsed = parse_action(offer) if isinstance(offer, str) else offer
    if not isinstance(parsed, Offer):
        raise TypeError(f"describe_offer needs an offer (e.g. 'offer 3 gold'), not {offer!r}")
    offer = parsed
    parts = []
    if offer.gold or not (offer.stand or offer.bag or offer.promises):
        parts.append(f"{offer.gold} gold")
    if offer.stand:
        parts.append(f"{cards_text(offer.stand)} from the stand")
    if offer.bag:
        parts.append(f"{cards_text(offer.bag)} from the bag")
    for p in offer.promises:
        if p.kind == "future":
            parts.append(f'a promise "{p.text}" (not binding)')
        else:
            if p.seat is None:
                who = "a merchant"
            elif players is not None:
                who = players[p.seat]
            else:
                who = f"seat {p.seat + 1}"  # seats counted from 1, as people count them
            verb = "inspect" if p.kind == "inspect" else "let pass"
            parts.append(f"the Sheriff's word to {verb} {who}'s bag this round (binding)")
    if len(parts) == 1:
        return printable(parts[0])
    return printable(", ".join(parts[:-1]) + " and " + parts[-1])


def describe_event(event: Event, players: Sequence[str], secrets: bool = True) -> str | None:
    """One sentence for ``event`` (None for bookkeeping events such as ``round_end``).

    ``secrets``: also tell what only the acting player sees (bag contents, cards
    drawn); with ``secrets=False`` the sentence holds only what the table sees.
    This is the one narrator: the command line (:func:`sheriff_core.cli.narrate`)
    and the widgets tell events with it.

    >>> from types import MappingProxyType as M
    >>> describe_event(Event(0, "declared", 1, M({"good": "Cheese", "count": 3})), ["Ann", "Ben"])
    'Ben declares "3 Cheese".'
    """
    k, s = event.kind, event.seat
    if k in _QUIET:
        return None
    tell = _TELL.get(k)
    if tell is None:
        who = players[s] if s is not None and 0 <= s < len(players) else ""
        return printable(f"{k}: {who} {dict(event.info)}".strip())
    # names and goods come from data: a control character in one is shown, never sent
    said = tell(_Told(event.info, players, s, secrets))
    return None if said is None else printable(said)


class _Told:
    """What one sentence of :func:`describe_event` is made from."""

    __slots__ = ("i", "players", "who", "secrets")

    def __init__(self, info: Any, players: Sequence[str], seat: int | None, secrets: bool):
        self.i, self.players, self.secrets = info, players, secrets
        self.who = players[seat] if seat is not None and 0 <= seat < len(players) else ""

    def name(self, seat: Any) -> str:
        if seat == "loot":
            return "the Loot"
        players = self.players
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else str(seat)

    def offer(self, offer: Offer | str) -> str:
        return describe_offer(offer, self.players)


def _setup(t: _Told) -> str:
    i = t.i
    tops = ", ".join(f"pile {n}: {p[-1]}" for n, p in enumerate(i["piles"]) if p)
    return f"Cards dealt to {', '.join(i['players'])}." + (
        f" Top of the discard piles: {tops}." if tops else ""
    )


def _market(t: _Told) -> str:
    i, who = t.i, t.who
    if not i["set_aside"]:
        return f"{who} keeps the whole hand."
    text = f"{who} sets aside {len(i['set_aside'])} card(s)"
    if t.secrets:
        text += f" ({cards_text(i['set_aside'])})"
    if i["took"]:
        piles = ", ".join(str(p) for p in i["took_from"])
        text += f", takes {cards_text(i['took'])} from discard pile(s) {piles}"
    if i["drew"]:
        text += f", draws {i['drew']} from the draw pile"
    return text + f", and puts the set-aside cards face up on pile {i['pile']}."


def _loaded(t: _Told) -> str:
    if t.secrets:
        return f"{t.who} loads {t.i['size']} card(s): {cards_text(t.i['cards'])}."
    return f"{t.who} loads {t.i['size']} card(s)."


def _offer(t: _Told) -> str:
    if t.i["by"] == "sheriff":
        return f"The Sheriff demands {t.offer(t.i['offer'])} from {t.who}."
    return f"{t.who} offers {t.offer(t.i['offer'])}."


def _passed(t: _Told) -> str:
    i = t.i
    text = f"{t.who}'s bag passes unopened"
    if "bribe" in i:
        text += f" for a bribe of {t.offer(i['bribe'])}"
        if i.get("not_owed"):
            text += f" ({cards_text(i['not_owed'])} promised from the bag was not in it: not owed)"
    if t.secrets:
        text += f": {cards_text(i['cards'])} go to the stand"
    else:
        up = len(i["cards"]) - i["smuggled"]
        text += f": {up} card(s) go to the stand face up, {i['smuggled']} face down"
    return text + (" (it was the truth)." if i["truthful"] else " (it was a lie).")


def _inspected(t: _Told) -> str:
    i, who = t.i, t.who
    text = f'The Sheriff opens {who}\'s bag ("{i["declared"]}"): {cards_text(i["cards"])}.'
    if i["truthful"]:
        return text + f" The truth! The Sheriff pays {-i['merchant_pays']} gold."
    text += f" A lie: {cards_text(i['confiscated'])} confiscated"
    if i["admitted"]:
        text += f", {cards_text(i['admitted'])} go to the stand"
    return text + f"; {who} owes a fine of {i['merchant_pays']} gold."


def _paid(t: _Told) -> str:
    i, who, to = t.i, t.who, t.name(t.i["to"])
    if i["gold"] == i["owed"]:
        return f"{who} pays {i['gold']} gold to {to}."
    return f"{who} owes {i['owed']} gold but has only {i['gold']}: pays {i['gold']} to {to}."


def _paid_in_goods(t: _Told) -> str:
    i = t.i
    text = f"{t.who} pays the rest with {cards_text(i['cards'])} (worth {i['value']}) to "
    text += t.name(i["to"])
    if i.get("forgiven"):
        text += f"; {i['forgiven']} gold is forgiven"
    return text + "."


def _drew(t: _Told) -> str:
    if t.secrets:
        return f"{t.who} draws {t.i['count']} card(s): {cards_text(t.i['cards'])}."
    return f"{t.who} draws {t.i['count']} card(s)."


def _vote(t: _Told) -> str:
    verb = "inspect" if t.i["choice"] == "inspect" else "let pass"
    return f"Deputy {t.name(t.i['deputy'])} votes to {verb} {t.who}'s bag."


#: Event kinds that make no sentence (bookkeeping).
_QUIET = frozenset(("round_start", "round_end", "deputy_deck_shuffled"))
#: The sentence of each kind of event.
_TELL: dict[str, Callable[[_Told], str]] = {
    "setup": _setup,
    "market": _market,
    "loaded": _loaded,
    "declared": lambda t: f'{t.who} declares "{t.i["count"]} {t.i["good"]}".',
    "starter": lambda t: f"{t.who} is chosen to start the market.",
    "threatened": lambda t: f"The Sheriff threatens to open {t.who}'s bag.",
    "offer": _offer,
    "declined": lambda t: f"{t.who} makes no (further) offer.",
    "passed": _passed,
    "inspected": _inspected,
    "paid": _paid,
    "paid_in_goods": _paid_in_goods,
    "confiscated": lambda t: (
        f"The confiscated {cards_text(t.i['cards'])} go on discard pile {t.i['pile']}."
    ),
    "drew": _drew,
    "reshuffled": lambda t: (
        f"The draw pile ran out: {t.i['cards']} discarded cards are shuffled into a new one."
    ),
    "game_over": lambda t: f"Game over. Winner(s): {', '.join(t.i['winners'])}.",
    "vote": _vote,
    "loot_split": lambda t: f"The Loot is split: {t.i['each']} gold each, {t.i['left']} left.",
    "exchanged": lambda t: f"{t.who} trades {cards_text(t.i['goods'])} for a {t.i['token']} token.",
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

    >>> from types import MappingProxyType as M
    >>> passed = Event(1, "passed", 1, M({"cards": ["Cheese"] * 3, "smuggled": 0,
    ...                                    "truthful": True, "declared": "3 Cheese"}))
    >>> describe_for(passed, ["Ann", "Ben", "Cat"], me=1, sheriffs=[0])
    'Your bag passed unopened: 3 Cheese go to your stand.'
    >>> describe_for(Event(1, "declined", 2, M({})), ["Ann", "Ben", "Cat"], me=0,
    ...              sheriffs=[0], last_demand="offer 5 gold")
    'Cat refused your demand of 5 gold.'
    >>> describe_for(passed, ["Ann", "Ben", "Cat"], me=2, sheriffs=[0]) is None
    True
    """
    tell = _TELL_YOU.get(event.kind)
    if tell is None:
        return None
    said = tell(_You(event, players, me, sheriffs, last_demand))
    return None if said is None else printable(said)


class _You:
    """What one sentence of :func:`describe_for` is made from."""

    __slots__ = ("i", "s", "players", "me", "sheriffs", "sheriff", "judge", "whose", "demand")

    def __init__(
        self,
        event: Event,
        players: Sequence[str],
        me: int,
        sheriffs: Sequence[int],
        last_demand: str | None,
    ) -> None:
        self.i, self.s, self.players, self.me = event.info, event.seat, players, me
        self.sheriffs, self.demand = sheriffs, last_demand
        self.sheriff = players[sheriffs[0]] if sheriffs else "the Sheriff"
        self.judge = me in sheriffs  # this seat judges the bags this round
        s = event.seat
        self.whose = players[s] if s is not None and 0 <= s < len(players) else ""

    def name(self, seat: Any) -> str:
        if seat == "loot" or seat == -1:
            return "the Loot"
        if seat == self.me:
            return "you"
        players = self.players
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else str(seat)

    def offer(self, offer: Offer | str) -> str:
        return describe_offer(offer, self.players)


def _you_market(t: _You) -> str | None:
    i = t.i
    if t.s != t.me:
        return None
    if not i["set_aside"]:
        return "You kept your whole hand."
    text = f"You set aside {cards_text(i['set_aside'])} (onto pile {i['pile']})"
    if i["took"]:
        text += f", took {cards_text(i['took'])} from the discard piles"
    if i["drawn"]:
        text += f" and drew {cards_text(i['drawn'])}"
    return text + "."


def _you_threatened(t: _You) -> str | None:
    if t.s == t.me:
        return f"{t.sheriff} threatens to open your bag."
    if t.judge:
        return f"You threaten to open {t.whose}'s bag."
    return None


def _you_offer(t: _You) -> str | None:
    offer, by, whose = t.offer(t.i["offer"]), t.i["by"], t.whose
    if t.s == t.me:
        if by == "sheriff":
            return f"{t.sheriff} demands {offer} to let your bag pass."
        return f"You offered {offer}."
    if t.judge:
        if by == "sheriff":
            return f"You demanded {offer} from {whose}."
        return f"{whose} offers you {offer}."
    return None


def _you_declined(t: _You) -> str | None:
    if t.s == t.me:
        return "You made no (further) offer."
    if t.judge:
        if t.demand is not None:
            return f"{t.whose} refused your demand of {t.offer(t.demand)}."
        return f"{t.whose} makes no offer."
    return None


def _you_passed(t: _You) -> str | None:
    i = t.i
    bribe = f" for a bribe of {t.offer(i['bribe'])}" if "bribe" in i else ""
    if t.s == t.me:
        return f"Your bag passed unopened{bribe}: {cards_text(i['cards'])} go to your stand."
    if t.judge:  # from what the judge saw: the declared size, the bribe's goods, the count
        size = int(i["declared"].split(" ", 1)[0])
        up = size - len(i.get("bribe_bag", ())) - i["smuggled"]
        took = f" (you took a bribe of {t.offer(i['bribe'])})" if bribe else ""
        return (
            f"You let {t.whose}'s bag pass{took}: {up} card(s) go to the stand face up, "
            f"{i['smuggled']} face down."
        )
    return None


def _you_inspected(t: _You) -> str | None:
    i = t.i
    if not (t.s == t.me or t.judge):
        return None
    by = " and ".join(t.name(d) for d in i.get("inspectors", t.sheriffs[:1]))
    by = by[0].upper() + by[1:] if by else "The Sheriff"
    bag = "your bag" if t.s == t.me else f"{t.whose}'s bag"
    text = f'{by} opened {bag} ("{i["declared"]}"): {cards_text(i["cards"])}.'
    if i["truthful"]:
        return text + f" The truth: the penalty is {-i['merchant_pays']} gold to the merchant."
    return (
        text
        + f" A lie: {cards_text(i['confiscated'])} confiscated, a fine of {i['merchant_pays']} gold."
    )


def _you_paid(t: _You) -> str | None:
    i = t.i
    if t.s == t.me:
        return f"You paid {i['gold']} gold to {t.name(i['to'])}."
    if i["to"] == t.me:
        return f"{t.whose} paid you {i['gold']} gold."
    return None


def _you_paid_in_goods(t: _You) -> str | None:
    i = t.i
    if not (t.s == t.me or i["to"] == t.me):
        return None
    payer = "You" if t.s == t.me else t.whose
    return f"{payer} paid {cards_text(i['cards'])} (worth {i['value']}) to {t.name(i['to'])}."


def _you_vote(t: _You) -> str | None:
    i = t.i
    if not (i["deputy"] == t.me or t.s == t.me):
        return None
    voter = "You" if i["deputy"] == t.me else f"Deputy {t.name(i['deputy'])}"
    bag = "your bag" if t.s == t.me else f"{t.whose}'s bag"
    verb = "inspect" if i["choice"] == "inspect" else "let pass"
    return f"{voter} voted to {verb} {bag}."


def _mine(text: Callable[[_You], str]) -> Callable[[_You], str | None]:
    """Told only to the seat that acted."""
    return lambda t: text(t) if t.s == t.me else None


#: The second-person sentence of each kind of event (None: not about this seat).
_TELL_YOU: dict[str, Callable[[_You], str | None]] = {
    "market": _you_market,
    "loaded": _mine(lambda t: f"You loaded your bag with {cards_text(t.i['cards'])}."),
    "declared": _mine(lambda t: f'You declared "{t.i["count"]} {t.i["good"]}".'),
    "starter": lambda t: f"You chose {t.whose} to start the market." if t.judge else None,
    "threatened": _you_threatened,
    "offer": _you_offer,
    "declined": _you_declined,
    "passed": _you_passed,
    "inspected": _you_inspected,
    "paid": _you_paid,
    "paid_in_goods": _you_paid_in_goods,
    "confiscated": lambda t: (
        f"The confiscated {cards_text(t.i['cards'])} went on discard pile {t.i['pile']}."
        if t.judge
        else None
    ),
    "vote": _you_vote,
    "exchanged": _mine(
        lambda t: f"You traded {cards_text(t.i['goods'])} for a {t.i['token']} token."
    ),
    "drew": _mine(lambda t: f"You drew {cards_text(t.i['cards'])}."),
    "game_over": lambda t: f"Game over. Winner(s): {', '.join(t.i['winners'])}.",
}


def round_lines(game: Game, round: int, secrets: bool = True) -> list[str]:
    """The sentences of one round (0-based), with a heading line first.

    >>> import sheriff_core as sc
    >>> round_lines(sc.new_game("classic", players=3, seed=0), 0)
    ['Round 1 of 9 - Sheriff: Ann']
    """
    sheriff = next(
        (e.info["sheriff"] for e in game.events if e.kind == "round_start" and e.round == round),
        "?",
    )
    lines = [printable(f"Round {round + 1} of {game.rounds} - Sheriff: {sheriff}")]
    for e in game.events:
        if e.round == round and e.kind != "setup":
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
        info = r.settled
        bag = info["cards"] if r.inspected else info["cards"] + info.get("bribe_bag", [])
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
