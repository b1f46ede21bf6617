"""Sheriff (and Deputy) strategies: which bags to open, which bribes to take.

A Sheriff bot sees its seat's view: the declarations, the public record of earlier
rounds (:class:`~sheriff_core.bots.base.PublicLog`) and any bribe on the table, never
the bags' contents (a :class:`~sheriff_core.engine.view.ClosedBag` has no cards).
What the rules force (a binding promise from an earlier deal) comes from the engine
(``view.forced``) and always wins.

=====================  =====================================================  ======================
bot                    what it does                                           parameters
=====================  =====================================================  ======================
``trusting``           lets every bag pass (taking any offer)                 --
``always-inspect``     opens every bag                                        --
``threshold``          opens big declarations and known liars;                ``size=4, grudge=True,
                       with ``bribe`` set, threatens them and takes            bribe=None``
                       offers of at least ``bribe`` gold
``bayesian``           per-player lie-rate belief from every resolved bag;    ``prior_lie=1.0,
                       opens when the expected fine beats the expected         prior_honest=2.0,
                       compensation and the bribe on the table (an offer       signal=2.0, margin=0.0,
                       multiplies the odds of a lie by ``signal``, a setting;  threaten=True,
                       ``explore``: opens that share of the bags it would      explore=0.0``
                       let pass, so that legal lies can be seen)
=====================  =====================================================  ======================

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player, play_game
>>> lineup = [make_player("briber", s) for s in ("bayesian", "threshold:bribe=3", "trusting")]
>>> play_game(sc.new_game("classic", players=3, seed=4), lineup).is_over
True
"""

from __future__ import annotations

import math

from sheriff_core.base.i18n import Message
from sheriff_core.bots.base import (
    INSPECT,
    LET_PASS,
    THREATEN,
    SheriffBot,
    goods_info,
    public_log,
    register,
)
from sheriff_core.engine.actions import Action, Offer
from sheriff_core.engine.view import SeatView

__all__ = ["TrustingSheriff", "InspectingSheriff", "ThresholdSheriff", "BayesianSheriff"]


def _settle(view: SeatView, merchant: int, inspect: bool) -> Action:
    """Inspect or LetPass ``merchant``, unless the rules force the other (``view.forced``)."""
    must = view.forced(merchant)
    if must is not None:
        return must
    return INSPECT[merchant] if inspect else LET_PASS[merchant]


def _offer_on_table(view: SeatView) -> Offer | None:
    neg = view.negotiation
    return None if neg is None else neg.merchant_offer


@register
class TrustingSheriff(SheriffBot):
    """Lets every bag pass and takes whatever is offered. No parameters."""

    name = "trusting"

    def __init__(self) -> None:
        super().__init__()

    def decide(self, view: SeatView, merchant: int) -> Action:
        return LET_PASS[merchant]


@register
class InspectingSheriff(SheriffBot):
    """Opens every bag (refusing any bribe). No parameters."""

    name = "always-inspect"

    def __init__(self) -> None:
        super().__init__()

    def decide(self, view: SeatView, merchant: int) -> Action:
        return INSPECT[merchant]

    def negotiate(self, view: SeatView) -> Action:
        neg = view.negotiation
        assert neg is not None  # the negotiation step has one
        return _settle(view, neg.seat, True)


@register
class ThresholdSheriff(SheriffBot):
    """Opens a bag declared with at least ``size`` cards, or from a player caught lying
    before (``grudge``). With ``bribe`` (gold) set, it threatens those bags instead and
    lets a bag pass for an offer of at least ``bribe`` gold; otherwise it opens it.
    """

    name = "threshold"

    def __init__(self, size: int = 4, grudge: bool = True, bribe: int | None = None) -> None:
        if size < 1 or (bribe is not None and bribe < 0):
            raise ValueError(
                Message(
                    "need size >= 1 and bribe >= 0, not {size}, {bribe}", size=size, bribe=bribe
                )
            )
        super().__init__(size=size, grudge=grudge, bribe=bribe)
        self.size, self.grudge, self.bribe = size, grudge, bribe

    def suspicious(self, view: SeatView, merchant: int) -> bool:
        if view.declared[merchant][1] >= self.size:
            return True
        return self.grudge and public_log(view).caught[merchant] > 0

    def decide(self, view: SeatView, merchant: int) -> Action:
        if not self.suspicious(view, merchant):
            return LET_PASS[merchant]
        return INSPECT[merchant] if self.bribe is None else THREATEN[merchant]

    def negotiate(self, view: SeatView) -> Action:
        neg = view.negotiation
        assert neg is not None  # the negotiation step has one
        merchant = neg.seat
        offer = _offer_on_table(view)
        enough = offer is not None and self.bribe is not None and offer.gold >= self.bribe
        return _settle(view, merchant, not enough)


@register
class BayesianSheriff(SheriffBot):
    """Keeps a Beta(``prior_lie``, ``prior_honest``) belief per player that their bag lies
    (see :meth:`belief`: every resolved bag counts, so it tends to the player's lie rate).
    Expected gain of opening = P(lie) x expected fine (learned per declared card from
    caught bags) - P(truth) x compensation (exact: the declared goods' penalties).
    A bribe offer multiplies the odds of a lie by ``signal``; a refusal divides them.
    ``signal`` (default 2) is a setting, not derived from anything: how much this
    Sheriff reads into an offer. Opens when the gain exceeds ``margin`` and any bribe
    on the table; with ``threaten``, it first threatens such bags and demands the
    expected gain once. With ``explore`` > 0 it opens that share of the bags it would
    let pass (one ``players_rng`` draw per such bag; none when ``explore`` is 0), so a
    player's bags are never left unopened: see :meth:`belief` for why that matters.
    """

    name = "bayesian"

    def __init__(
        self,
        prior_lie: float = 1.0,
        prior_honest: float = 2.0,
        signal: float = 2.0,
        margin: float = 0.0,
        threaten: bool = True,
        explore: float = 0.0,
    ) -> None:
        if prior_lie <= 0 or prior_honest <= 0 or signal <= 0:
            raise ValueError(Message("priors and signal must be > 0"))
        if not 0 <= explore <= 1:
            raise ValueError(
                Message("explore is a probability, from 0 to 1, not {explore}", explore=explore)
            )
        super().__init__(
            prior_lie=prior_lie,
            prior_honest=prior_honest,
            signal=signal,
            margin=margin,
            threaten=threaten,
            explore=explore,
        )
        self.a, self.b, self.signal = prior_lie, prior_honest, signal
        self.margin, self.threaten, self.explore = margin, threaten, explore

    def belief(self, view: SeatView, merchant: int) -> float:
        """Posterior mean probability that ``merchant``'s bag lies (before any negotiation).

        Every resolved bag of this player counts (``n`` bags, ``o`` of them opened).
        A lie carrying contraband shows in every bag: an opened one is caught, a
        passed one puts contraband on the stand (the public ``smuggled`` count). A
        lie of legal goods only shows only when the bag is opened, so those found
        (``bluffs``) are scaled from the opened bags to all ``n`` bags. With ``C``
        contraband lies and ``L`` bluffs::

            belief = (prior_lie + C + L * n / o) / (prior_lie + prior_honest + n)

        which tends to the lie rate (contraband and legal lies together) at any
        inspection rate above 0 (the share of this player's bags opened, by any
        Sheriff), as long as which bags are opened does not depend on what is in them.

        At rate 0 the legal lies are never seen (``o = 0``), so against a player who
        lies with legal goods only the belief falls towards 0 whatever his lie rate.
        This Sheriff can keep the rate at 0 by itself: with the default prior (1/3) a
        bag declared as legal goods is opened only when the belief is high enough that
        the expected fine beats the compensation, so a bluffer whose lies it has never
        seen is never opened. ``explore`` > 0 keeps the rate above 0. (It used to
        count only opened bags and passed contraband,
        which tends to ``λ / (λ + (1 - λ) ρ)`` for lie rate ``λ`` and inspection
        rate ``ρ``: 0.81 for λ = 0.3, ρ = 0.1.)
        """
        log = public_log(view)
        n, opened = log.bags[merchant], log.inspected[merchant]
        bluffs = log.bluffs[merchant]
        lies: float = log.caught[merchant] - bluffs + log.smuggled[merchant]
        if opened:
            lies += bluffs * n / opened
        return (self.a + lies) / (self.a + self.b + n)

    def gain(self, view: SeatView, merchant: int, p: float) -> float:
        """Expected gold from opening the bag if it lies with probability ``p``."""
        info = goods_info(view.variant)
        log = public_log(view)
        good, count = view.declared[merchant]
        prior_cards = 4
        per_card = (log.fine_total + 0.5 * info.contraband_penalty * prior_cards) / (
            log.fine_cards + prior_cards
        )
        return p * per_card * count - (1 - p) * count * info.penalty[good]

    def decide(self, view: SeatView, merchant: int) -> Action:
        gain = self.gain(view, merchant, self.belief(view, merchant))
        if gain <= self.margin:
            if self.explore and view.players_rng.random() < self.explore:
                return _settle(view, merchant, True)  # look anyway (the rules still bind)
            return LET_PASS[merchant]
        return THREATEN[merchant] if self.threaten else INSPECT[merchant]

    def negotiate(self, view: SeatView) -> Action:
        neg = view.negotiation
        assert neg is not None  # the negotiation step has one
        merchant = neg.seat
        p = self.belief(view, merchant)
        odds = p / (1 - p) if p < 1 else math.inf
        offer = _offer_on_table(view)
        if offer is None:  # the merchant declined (or refused our demand)
            odds /= self.signal
            q = odds / (1 + odds)
            return _settle(view, merchant, self.gain(view, merchant, q) > self.margin)
        odds *= self.signal
        q = odds / (1 + odds) if odds < math.inf else 1.0
        gain = self.gain(view, merchant, q)
        value = goods_info(view.variant).value
        bribe = offer.gold + sum(value[c] for c in offer.stand)
        if bribe >= gain or gain <= self.margin:
            return _settle(view, merchant, False)
        demand = math.ceil(gain)
        if (
            view.forced(merchant) is None
            and demand <= view.gold[merchant]
            and not self._demanded(view, merchant)
        ):
            return Offer(demand)
        return _settle(view, merchant, True)

    @staticmethod
    def _demanded(view: SeatView, merchant: int) -> bool:
        """Has this Sheriff already made a demand in the current negotiation?"""
        events = view.events
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e.kind == "threatened" and e.seat == merchant:
                return False
            if e.kind == "offer" and e.seat == merchant and e.info["by"] == "sheriff":
                return True
        return False
