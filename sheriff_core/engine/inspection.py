"""Inspection: the Sheriff deals with each bag (threaten, inspect or let it pass), the
negotiation that a threat opens (offers, counter-offers, a demand accepted or declined),
promises and deals, the two Deputies' votes, a bag let through (with its bribe), a bag
inspected (goods admitted, contraband confiscated, the fine or the Sheriff's penalty)
and where the confiscated cards go."""

from __future__ import annotations

from typing import Any, cast

from sheriff_core.base.errors import IllegalAction, IllegalInspection, IllegalOffer
from sheriff_core.base.i18n import Message, Names
from sheriff_core.engine.actions import (
    Accept,
    Confiscate,
    Decline,
    Inspect,
    LetPass,
    Offer,
    Promise,
    Threaten,
)
from sheriff_core.engine.events import (
    Confiscated,
    Declined,
    Inspected,
    OfferMade,
    Passed,
    Threatened,
    VoteCast,
)
from sheriff_core.engine.state import LOOT, GameState, take_multiset
from sheriff_core.engine.steps import (
    Choice,
    ConfiscateChoice,
    ExchangeChoice,
    Negotiation,
    PromiseKind,
    PromiseRecord,
    Vote,
)
from sheriff_core.rules.cards import split_bag


class InspectionRules(GameState):
    """The Sheriff's, the merchant's and the Deputies' decisions about a bag."""

    # ------------------------------------------------------------ checks

    def _check_bag_choice(self, a: Threaten | Inspect | LetPass) -> None:
        refusal = self._bag_refusal(a.seat, type(a))
        if refusal is not None:
            raise IllegalInspection(refusal)

    def _bag_refusal(self, seat: int, kind: type[Threaten | Inspect | LetPass]) -> Message | None:
        """Why the rules refuse to ``kind`` (Threaten, Inspect, LetPass) ``seat``'s bag
        now, or None: the one place these rules live (the checks and the queries
        :meth:`forced_action` / :meth:`may_inspect` read it). Here only a binding
        promise refuses one of Inspect / LetPass and allows the other: the queries' fast
        path (:data:`_BAG_REFUSAL`) counts on it, and ``tests/engine/test_view.py``
        compares it with this function on every Sheriff decision of seeded games."""
        # INSP-1: the bags are settled one at a time, each once, in the Sheriff's order
        if seat not in self.merchant_order or seat in self.resolved:
            return Message(
                "seat {seat} has no bag waiting: bags still to settle are {waiting}",
                seat=seat,
                waiting=self.unresolved(),
            )
        # BRIBE-5: a promise about a bag of this inspection phase binds the Sheriff
        promised = self.binding.get(seat)
        if promised == "inspect" and kind is not Inspect:
            return Message(
                "the Sheriff promised this round to inspect {player}'s bag: "
                "the deal must be honoured (inspect it)",
                player=self.who(seat),
            )
        if promised == "pass" and kind is Inspect:
            return Message(
                "the Sheriff promised this round to let {player}'s bag pass: "
                "the deal must be honoured (let it pass)",
                player=self.who(seat),
            )
        return None

    # ------------------------------------------------------------ queries (for players)

    def may_inspect(self, seat: int) -> bool:
        """True if the rules allow inspecting ``seat``'s waiting bag now.

        >>> from sheriff_core.engine.game import new_game
        >>> g = new_game("classic", players=3, seed=0)
        >>> g.may_inspect(1), g.may_inspect(0)  # seat 0 is the Sheriff: no bag
        (True, False)
        """
        return self._bag_refusal(seat, Inspect) is None

    def forced_action(self, seat: int) -> Inspect | LetPass | None:
        """The one way the rules leave to settle ``seat``'s waiting bag (a binding
        promise: inspect it, or let it pass), or None when inspecting and letting it
        pass are both allowed (or neither: no bag of ``seat`` is waiting).

        >>> from sheriff_core.engine.game import new_game
        >>> g = new_game("classic", players=3, seed=0)
        >>> g.forced_action(1) is None
        True
        >>> g.binding[1] = "pass"  # as a deal's promise leaves it
        >>> g.forced_action(1)
        LetPass(seat=1)
        """
        if seat not in self.binding and type(self)._bag_refusal is _BAG_REFUSAL:
            return None  # no promise names this bag: these rules leave both ways open
        inspect = self._bag_refusal(seat, Inspect) is None
        if inspect is (self._bag_refusal(seat, LetPass) is None):
            return None
        return Inspect(seat) if inspect else LetPass(seat)

    def forced_bag(self) -> Inspect | LetPass | None:
        """:meth:`forced_action` of the first waiting bag (in merchant order) that has
        one, or None: what a Sheriff asks before choosing freely (one call per choice).

        >>> from sheriff_core.engine.game import new_game
        >>> new_game("classic", players=3, seed=0).forced_bag() is None
        True
        """
        if not self.binding and type(self)._bag_refusal is _BAG_REFUSAL:
            return None  # O(1) when no promise binds (the rules' usual case)
        refusal = self._bag_refusal
        resolved = self.resolved
        for seat in self.merchant_order:
            if seat not in resolved:
                inspect = refusal(seat, Inspect) is None
                if inspect is not (refusal(seat, LetPass) is None):
                    return Inspect(seat) if inspect else LetPass(seat)
        return None

    def _check_settle(self, a: Inspect | LetPass) -> None:
        # INSP-2, INSP-3: the bag under negotiation is settled first, by a final choice
        seat = self._negotiation().seat
        if a.seat != seat:
            raise IllegalInspection(
                "the Sheriff is negotiating with {player}: settle that bag first (inspect {seat} or pass {seat})",
                player=self.who(seat),
                seat=seat,
            )
        self._check_bag_choice(a)

    def _check_vote(self, a: Inspect | LetPass) -> None:
        # DEP-VOTE-1: both Deputies vote on the same bag, the leader first
        seat = self._vote().seat
        if a.seat != seat:
            raise IllegalInspection(
                "the vote is on {player}'s bag: inspect {seat} or pass {seat}",
                player=self.who(seat),
                seat=seat,
            )
        self._check_bag_choice(a)

    def _check_offer(self, seat: int, offer: Offer) -> None:
        who = self.who(seat)
        # BRIBE-1: a bribe combines gold, stand goods, bag goods and promises
        if isinstance(offer.gold, bool) or not isinstance(offer.gold, int) or offer.gold < 0:
            raise IllegalOffer(
                "gold in a bribe must be a whole number >= 0, not {gold!r}", gold=offer.gold
            )
        # BRIBE-2: no one can offer gold they do not have
        if offer.gold > self.gold[seat]:
            raise IllegalOffer(
                "cannot offer {gold} gold: {who} has only {gold2} (you cannot offer gold you do not have)",
                gold=offer.gold,
                who=who,
                gold2=self.gold[seat],
            )
        # BRIBE-2: cards in hand can never be offered, only stand goods (DIS-BRIBE-1, DIS-TOK-4:
        # tokens are not goods on the stand, so they cannot be offered)
        if take_multiset(self.stands[seat], offer.stand) is None:
            raise IllegalOffer(
                "cannot offer {stand} from the stand: only goods on {who}'s stand may be offered (hand cards never)",
                stand=Names(offer.stand),
                who=who,
            )
        goods = self.variant.goods
        for card in offer.bag:
            if card not in goods:
                raise IllegalOffer(
                    "{card!r} is not a card of {name}", card=card, name=self.variant.name
                )
        # BRIBE-4: bag goods may be promised (owed only if really in the bag: _pass_bag)
        if len(offer.bag) > len(self.bags[seat]):
            raise IllegalOffer(
                "cannot promise {n_bag} cards from a bag of {n_bags}",
                n_bag=len(offer.bag),
                n_bags=len(self.bags[seat]),
            )
        wanted: dict[int, str] = {}
        # BRIBE-5: promises to inspect or pass another waiting bag this round (binding),
        # or about later rounds (recorded, not enforced)
        for p in offer.promises:
            if not isinstance(p, Promise) or p.kind not in ("inspect", "pass", "future"):
                raise IllegalOffer(
                    "a promise is inspect SEAT, pass SEAT or future TEXT: {p!r}", p=p
                )
            if p.kind == "future":
                continue
            target = p.seat
            if target == seat or target not in self.merchant_order or target in self.resolved:
                raise IllegalOffer(
                    "a promise to {kind} a bag this round must name another merchant whose bag is still waiting ({value})",
                    kind=p.kind,
                    value=[s for s in self.unresolved() if s != seat],
                )
            if self.binding.get(target, p.kind) != p.kind or wanted.get(target, p.kind) != p.kind:
                raise IllegalOffer(
                    "the Sheriff cannot promise to {kind} {player}'s bag: it contradicts another promise made this round",
                    kind=p.kind,
                    player=self.who(target),
                )
            wanted[target] = p.kind

    def _check_negotiation_offer(self, a: Offer) -> None:
        self._check_offer(self._negotiation().seat, a)

    def _check_accept(self, a: Accept) -> None:
        # INSP-2: the merchant accepts the Sheriff's counter-offer (a demand)
        if self._negotiation().demand is None:
            raise IllegalOffer("there is no demand from the Sheriff to accept")

    def _check_confiscate(self, a: Confiscate) -> None:
        cards = self._pending(ConfiscateChoice).cards
        # INSP-7: the Sheriff puts the confiscated cards on a discard pile of his choice,
        # in an order he chooses
        if not 0 <= a.pile < len(self.piles):
            raise IllegalAction(
                "there is no discard pile {pile}; piles are numbered 0-{value}",
                pile=a.pile,
                value=len(self.piles) - 1,
            )
        if sorted(a.order) != sorted(cards):
            raise IllegalAction(
                "the confiscated cards are {cards}: place exactly those, in any order",
                cards=Names(cards),
            )

    # ------------------------------------------------------------ the Sheriff's choice

    def _do_threaten(self, a: Threaten, _: None) -> None:
        self.negotiation = Negotiation(a.seat, "merchant")
        self._emit(Threatened(self.round, a.seat))

    # Inspect / LetPass: the step says whose choice it is and what offer is on the table.

    def _do_inspect_alone(self, a: Inspect, _: None) -> None:
        if len(self.sheriffs) == 1:  # what _choose does for one Sheriff, one call less
            self._do_inspect(a.seat, self.sheriffs)
        else:
            self._choose(a.seat, "inspect", None)

    def _do_pass_alone(self, a: LetPass, _: None) -> None:
        if len(self.sheriffs) == 1:
            self._pass_bag(a.seat, None, self.sheriffs)
        else:
            self._choose(a.seat, "pass", None)

    def _do_inspect_offer(self, a: Inspect, _: None) -> None:
        self._choose(a.seat, "inspect", self._negotiation().merchant_offer)

    def _do_pass_offer(self, a: LetPass, _: None) -> None:
        self._choose(a.seat, "pass", self._negotiation().merchant_offer)

    def _do_inspect_vote(self, a: Inspect, _: None) -> None:
        self._second_vote(a.seat, "inspect")

    def _do_pass_vote(self, a: LetPass, _: None) -> None:
        self._second_vote(a.seat, "pass")

    def _choose(self, seat: int, kind: Choice, offer: Offer | None) -> None:
        """A Sheriff's choice for a bag (``offer``: the merchant's offer it takes if the
        bag passes); with two Deputies, the first vote."""
        if len(self.sheriffs) == 1:
            if kind == "inspect":
                self._do_inspect(seat, self.sheriffs)
            else:
                self._pass_bag(seat, offer, self.sheriffs)
            return
        self.vote = Vote(seat, kind)
        self._emit(VoteCast(self.round, seat, self.sheriffs[0], kind))

    def _second_vote(self, seat: int, kind: Choice) -> None:
        """The second Deputy's vote decides the bag (the offer, if any, is still open)."""
        lead = self._vote().lead
        neg = self.negotiation
        offer = neg.merchant_offer if neg is not None else None
        self.vote = None
        self._emit(VoteCast(self.round, seat, self.sheriffs[1], kind))
        # DEP-VOTE-2 (both pass), DEP-VOTE-3 (both inspect), DEP-VOTE-4 (they disagree)
        if lead == kind == "pass":
            self._pass_bag(seat, offer, self.sheriffs)
        elif lead == kind == "inspect":
            self._do_inspect(seat, self.sheriffs)
        else:  # they disagree: the one who wants to inspect does it alone, no bribe
            self._do_inspect(seat, [self.sheriffs[0] if lead == "inspect" else self.sheriffs[1]])

    # ------------------------------------------------------------ negotiation

    def _do_offer(self, a: Offer, _: None) -> None:
        neg = self._negotiation()
        by = neg.to_move
        self.negotiation = Negotiation(
            neg.seat, "merchant" if by == "sheriff" else "sheriff", a, by
        )
        self._emit(OfferMade(self.round, neg.seat, by, str(a)))

    def _do_decline(self, a: Decline, _: None) -> None:
        seat = self._negotiation().seat
        self.negotiation = Negotiation(seat, "sheriff")
        self._emit(Declined(self.round, seat))

    def _do_accept(self, a: Accept, _: None) -> None:
        neg = self._negotiation()
        self._pass_bag(neg.seat, neg.demand, self.sheriffs)

    # ------------------------------------------------------------ a bag passes

    def _pass_bag(self, seat: int, offer: Offer | None, takers: list[int]) -> None:
        bag = self.bags[seat]
        # a bribe's six fields of the Passed event (none without a bribe)
        bribe: tuple[Any, ...] = ()
        # One taker gets the bribe; two Deputies put gold in the Loot and goods
        # go to the Deputy on the merchant's left.
        sheriff = takers[0] if len(takers) == 1 else self.left_sheriff(seat)
        if offer is not None:
            self.gold[seat] -= offer.gold
            if len(takers) == 1:
                self.gold[sheriff] += offer.gold
            else:
                self.loot += offer.gold
            stand = take_multiset(self.stands[seat], offer.stand)
            assert stand is not None
            self.stands[seat] = stand
            self.stands[sheriff].extend(offer.stand)
            paid_bag, not_owed = [], []
            # BRIBE-4: honour among thieves: bag goods are paid only if they are in the bag
            for card in offer.bag:
                if card in bag:
                    bag.remove(card)
                    paid_bag.append(card)
                else:
                    not_owed.append(card)
            self.stands[sheriff].extend(paid_bag)
            for p in offer.promises:
                if p.kind != "future":
                    self.binding[p.seat] = p.kind  # type: ignore[index]
                kind = cast(PromiseKind, p.kind)  # Promise refuses any other word
                self.promises.append(
                    PromiseRecord(self.round, seat, kind, p.seat, p.text, kind != "future")
                )
            to = "loot" if len(takers) > 1 else sheriff
            bribe = (str(offer), to, offer.gold, list(offer.stand), paid_bag, not_owed)
        # INSP-4: a bag that passes goes to its owner's stand; the declaration is not checked
        good, count = self.declared[seat]
        truthful = bag.count(good) == len(bag) and not (bribe and bribe[4])  # bag: bags[seat]
        self.stands[seat].extend(bag)
        self._emit(
            Passed(
                self.round,
                seat,
                f"{count} {good}",
                list(bag),
                len(bag) - sum(map(self._declarable.__contains__, bag)),
                truthful,
                *bribe,
            )
        )
        self.bags[seat] = []
        self._resolved(seat)

    def _resolved(self, seat: int) -> None:
        self.resolved.append(seat)
        self.negotiation = None
        if self.variant.tokens:
            self.pending.append(ExchangeChoice(seat))

    # ------------------------------------------------------------ a bag is inspected

    def _do_inspect(self, seat: int, inspectors: list[int]) -> None:
        good, count = self.declared[seat]
        bag = self.bags[seat]
        # The declaration was verified when it was made: no need to check it again.
        # INSP-5 (an honest bag: the Sheriff pays its penalties), INSP-6 (otherwise the
        # undeclared cards are confiscated and the merchant pays their penalties)
        admitted, confiscated, merchant_pays = split_bag(bag, good, self._penalty)
        self.bags[seat] = []  # the bag list now belongs to the event alone
        self._emit(
            Inspected(
                self.round,
                seat,
                f"{count} {good}",
                bag,  # no longer the state's: bags[seat] was replaced
                not confiscated,
                admitted,  # the stand gets its cards, not this list
                confiscated[:],  # the list itself goes into `pending`
                merchant_pays,
                inspectors[:],  # may be self.sheriffs
            )
        )
        self.stands[seat].extend(admitted)
        self.negotiation = None
        if confiscated:
            cards = confiscated
            # INSP-7: the Sheriff's choice of pile and order, where it can matter
            if len(self.piles) > 1 or (self.variant.draw_from_discards and len(set(cards)) > 1):
                self.pending.append(ConfiscateChoice(seat, tuple(cards), inspectors[0]))
            else:
                self.piles[0].extend(cards)
                self._emit(Confiscated(self.round, seat, 0, cards[:]))
        if len(inspectors) == 1:
            if merchant_pays > 0:
                self._pay(seat, inspectors[0], merchant_pays)
            elif merchant_pays < 0:
                self._pay(inspectors[0], seat, -merchant_pays)
        # DEP-VOTE-3: the Deputies' fine to the Loot; an honest bag's penalty paid in halves
        elif merchant_pays > 0:  # both Deputies: the fine goes to the Loot
            self._pay(seat, LOOT, merchant_pays, goods_to=self.left_sheriff(seat))
        elif merchant_pays < 0:  # each pays half; the odd coin by the one on the left
            owed = -merchant_pays
            left = self.left_sheriff(seat)
            for dep in sorted(inspectors, key=lambda d: d != left):
                share = (owed + 1) // 2 if dep == left else owed // 2
                if share:
                    self._pay(dep, seat, share)
        self._resolved(seat)

    def _do_confiscate(self, a: Confiscate, _: None) -> None:
        pend = self.pending.pop(0)
        assert type(pend) is ConfiscateChoice  # the confiscate step
        self.piles[a.pile].extend(a.order)
        self._emit(Confiscated(self.round, pend.seat, a.pile, list(a.order)))


#: The engine's own :meth:`InspectionRules._bag_refusal`. With it, only a binding promise
#: (BRIBE-5) leaves one way to settle a bag, so :meth:`~InspectionRules.forced_action`
#: and :meth:`~InspectionRules.forced_bag` answer None at once when no promise names the
#: bag; a class that adds a rule there (overriding or patching ``_bag_refusal``) takes
#: the full path, which asks it about each waiting bag.
_BAG_REFUSAL = InspectionRules._bag_refusal
