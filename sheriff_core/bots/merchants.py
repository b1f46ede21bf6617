"""Merchant strategies: what to keep at the market, what to bag, what to declare, how to bribe.

Every merchant builds its actions directly from its own hand (no enumeration
of the engine's lazy action lists), so a default game costs little beyond the
engine's own checks. Goods are read from the variant: legal goods are
``variant.legal_goods``; contraband is any good whose kind is not "legal".

======================  ===================================================  =====================
bot                     what it does                                         parameters
======================  ===================================================  =====================
``honest``              bags its most plentiful legal good, declares truth   --
``smuggler``            adds each contraband card with probability ``risk``  ``risk=0.5``
``bluffer``             sometimes lies with legal goods only                 ``bluff=0.3``
``briber``              smuggles, offers gold scaled to the value at risk    ``risk=0.7, scale=0.5``
``adaptive``            smuggles when the Sheriff's record is below the      ``prior=4.0, base=0.3,
                        one-bag threshold for its load (theory.inspection)   scale=0.4,
                                                                             threshold=None``
======================  ===================================================  =====================

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player, play_game
>>> lineup = [make_player(m, "threshold") for m in ("honest", "smuggler", "briber")]
>>> play_game(sc.new_game("classic", players=3, seed=2), lineup).is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence

from sheriff_core.base.i18n import Message
from sheriff_core.bots.base import (
    DECLARE,
    KEEP,
    LOAD,
    MARKET,
    GoodsInfo,
    MerchantBot,
    goods_info,
    public_log,
    register,
)
from sheriff_core.engine.actions import Accept, Action, Decline, Offer
from sheriff_core.engine.view import SeatView
from sheriff_core.rules.variants import Variant

__all__ = ["HonestMerchant", "Smuggler", "Bluffer", "Briber", "AdaptiveMerchant"]


def _counts(hand: Sequence[str], info: GoodsInfo) -> dict[str, int]:
    counts: dict[str, int] = {}
    is_legal = info.is_legal
    for c in hand:
        if is_legal[c]:
            counts[c] = counts.get(c, 0) + 1
    return counts


def _target_count(hand: Sequence[str], info: GoodsInfo) -> tuple[str | None, int]:
    """The legal good with the most copies in ``hand`` (ties: the more valuable) and
    its number of copies; (None, 0) when the hand holds no legal good."""
    # Every market and load asks this: one C-level list.count per legal good, most
    # valuable first (so on equal counts the first one found stays), is cheaper than
    # counting the hand in a dict.
    best, most = None, 0
    for good in info.by_rank:
        k = hand.count(good)
        if k > most:
            best, most = good, k
    return best, most


def _target(hand: Sequence[str], info: GoodsInfo) -> str | None:
    """The legal good with the most copies in ``hand`` (ties: the more valuable), or None."""
    return _target_count(hand, info)[0]


def _market(view: SeatView, info: GoodsInfo, keep_contraband: bool) -> Action:
    """Keep the target good (and contraband if asked); set the rest aside; take target
    cards from the top of the discard piles when the variant allows it."""
    v = view.variant
    hand = view.hand
    target, copies = _target_count(hand, info)
    # Loops and C-level removes, not comprehensions (each builds a function object).
    if keep_contraband:
        is_legal = info.is_legal
        aside: list[str] = []
        for c in hand:
            if c != target and is_legal[c]:
                aside.append(c)
    else:  # the hand without its `copies` target cards, in hand order
        aside = list(hand)
        if target is not None:
            for _ in range(copies):
                aside.remove(target)
    if not aside:
        return KEEP
    if len(aside) > v.set_aside_max:
        aside = aside[: v.set_aside_max]
    take: list[int] = []
    if v.draw_from_discards and target is not None:
        need = v.hand_size - len(hand) + len(aside)
        # The first pile's run of target cards on top, then the next pile's, ...
        for i, p in enumerate(view.piles):
            depth = len(p)
            while depth and p[depth - 1] == target and len(take) < need:
                take.append(i)
                depth -= 1
    # set aside onto the last discard pile (a game has the variant's number of piles)
    return MARKET[tuple(aside), tuple(take), v.discard_piles - 1]


def _cover(hand: Sequence[str], info: GoodsInfo) -> tuple[str, list[str]]:
    """(good to declare, cards of it in hand), most plentiful legal good first."""
    target, copies = _target_count(hand, info)
    if target is None:
        return info.legal[0], []
    return target, [target] * copies


def _load(view: SeatView, bag: tuple[str, ...] | list[str], declared: str) -> Action:
    """``Load(bag)``, topped up to the variant's ``bag_min`` when the strategy chose fewer
    cards (a house rule such as "bags of 4-5 cards"): the hand's other cards of the
    declared good first, then the lowest fines. With the bundled variants (``bag_min``
    1) every strategy already loads at least one card, so nothing changes there."""
    need = view.variant.bag_min - len(bag)
    if need > 0:
        rest = list(view.hand)
        for card in bag:
            rest.remove(card)
        penalty = goods_info(view.variant).penalty
        rest.sort(key=lambda c: (c != declared, penalty[c]))
        bag = (*bag, *rest[:need])
    return LOAD[(tuple(bag),)]


def _honest_load(bot: _Merchant, view: SeatView, info: GoodsInfo) -> Action:
    hand = view.hand
    good, copies = _target_count(hand, info)  # what _cover declares, without the list
    if good is not None:
        cards = (good,) * min(copies, view.variant.bag_max)
    else:  # no legal good at all: forced to lie with the cheapest card
        good = info.legal[0]
        penalty = info.penalty
        cards = (min(hand, key=lambda c: penalty[c]),)
    bot._plan[view.seat] = good
    return _load(view, cards, good)


def _smuggle_load(bot: _Merchant, view: SeatView, info: GoodsInfo, chance: float) -> Action:
    """Add each contraband card (most valuable first) with probability ``chance``,
    then fill the bag with the declared good."""
    hand = view.hand
    good, copies = _target_count(hand, info)
    bag_max = view.variant.bag_max
    is_legal = info.is_legal
    contraband: list[str] = []
    for c in hand:
        if not is_legal[c]:
            contraband.append(c)
    if len(contraband) > 1:
        # Most valuable first. reverse=True keeps the sort stable (equal values stay in
        # hand order), exactly like the key -value, so the same cards meet the same
        # draws below.
        contraband.sort(key=info.value.__getitem__, reverse=True)
    # One draw per contraband card, even past bag_max: the sequence of players_rng
    # draws is part of the seeded behaviour.
    if len(contraband) > 1:  # one call for k draws gives the same k numbers
        draws = view.players_rng.random(len(contraband)).tolist()
        bag: list[str] = []
        for c, u in zip(contraband, draws, strict=True):
            if u < chance:
                bag.append(c)
    elif contraband:
        bag = contraband if view.players_rng.random() < chance else []
    else:
        bag = []
    del bag[bag_max:]
    if good is None:  # no legal good to hide it under (what _cover declares then)
        good = info.legal[0]
    else:  # the declared good's cards fill the bag
        bag += [good] * min(copies, bag_max - len(bag))
    if not bag:
        penalty = info.penalty
        bag = [min(hand, key=lambda c: penalty[c])]
    bot._plan[view.seat] = good
    return _load(view, bag, good)


def _at_risk(view: SeatView, info: GoodsInfo) -> int:
    """What an inspection would cost this merchant: fines plus the value of the
    cards that would be confiscated (0 for an honest bag)."""
    good = view.declared[view.seat][0]
    value, penalty = info.value, info.penalty
    return sum(value[c] + penalty[c] for c in view.bag if c != good)


def _bribe(view: SeatView, info: GoodsInfo, scale: float) -> Action:
    """Answer a threat: an honest bag declines; a lying one offers ``scale`` x the
    value at risk in gold, and accepts a Sheriff's demand worth no more than that."""
    risk = _at_risk(view, info)
    if risk == 0:
        return Decline()
    neg = view.negotiation
    demand = neg.demand if neg is not None else None
    if demand is not None:
        cost = demand.gold + sum(info.value[c] for c in demand.stand)
        return Accept() if cost <= risk and not demand.bag else Decline()
    gold = min(view.gold[view.seat], max(1, round(scale * risk)))
    return Offer(gold) if gold > 0 else Decline()


class _Merchant(MerchantBot):
    def __init__(self, **params: object) -> None:
        super().__init__(**params)
        self._plan: dict[int, str] = {}

    def declare(self, view: SeatView) -> Action:
        good = self._plan.get(view.seat)
        bag = view.bag
        if good is None:
            good = _cover(bag, goods_info(view.variant))[0]
        return DECLARE[good, len(bag)]


@register
class HonestMerchant(_Merchant):
    """Collects its most plentiful legal good, bags all of it (up to the bag limit)
    and declares exactly that. Never bribes; declines threats (an inspection of an
    honest bag pays it compensation). No parameters.
    """

    name = "honest"

    def __init__(self) -> None:
        super().__init__()

    def market(self, view: SeatView) -> Action:
        return _market(view, goods_info(view.variant), False)

    def load(self, view: SeatView) -> Action:
        return _honest_load(self, view, goods_info(view.variant))


@register
class Smuggler(_Merchant):
    """Keeps contraband at the market and adds each contraband card to the bag with
    probability ``risk`` (0 = honest, 1 = every card), hidden under a declaration of
    its legal good. Declines threats (no bribes).
    """

    name = "smuggler"

    def __init__(self, risk: float = 0.5) -> None:
        if not 0 <= risk <= 1:
            raise ValueError(Message("risk must be between 0 and 1, not {risk}", risk=risk))
        super().__init__(risk=risk)
        self.risk = risk

    def market(self, view: SeatView) -> Action:
        return _market(view, goods_info(view.variant), self.risk > 0)

    def load(self, view: SeatView) -> Action:
        return _smuggle_load(self, view, goods_info(view.variant), self.risk)


@register
class Bluffer(_Merchant):
    """Plays honest, except with probability ``bluff`` it lies with legal goods only:
    it bags its best legal good plus its second one and declares the first (a cheap
    lie: only legal goods can be confiscated). Declines threats.
    """

    name = "bluffer"

    def __init__(self, bluff: float = 0.3) -> None:
        if not 0 <= bluff <= 1:
            raise ValueError(Message("bluff must be between 0 and 1, not {bluff}", bluff=bluff))
        super().__init__(bluff=bluff)
        self.bluff = bluff

    def market(self, view: SeatView) -> Action:
        return _market(view, goods_info(view.variant), False)

    def load(self, view: SeatView) -> Action:
        info = goods_info(view.variant)
        if view.players_rng.random() >= self.bluff:
            return _honest_load(self, view, info)
        hand = view.hand
        counts = _counts(hand, info)
        if len(counts) < 2:
            return _honest_load(self, view, info)
        value = info.value
        first, second = sorted(counts, key=lambda c: (-counts[c], -value[c]))[:2]
        bag = [first] * counts[first] + [second] * counts[second]  # their cards in the hand
        self._plan[view.seat] = first
        return _load(view, bag[: view.variant.bag_max], first)


@register
class Briber(_Merchant):
    """Smuggles like :class:`Smuggler` (``risk``) and, when threatened with a lying bag,
    offers gold = ``scale`` x the value at risk (fines + confiscated goods' value),
    accepting a Sheriff's demand up to the full value at risk.
    """

    name = "briber"

    def __init__(self, risk: float = 0.7, scale: float = 0.5) -> None:
        if not 0 <= risk <= 1 or scale < 0:
            raise ValueError(
                Message(
                    "need 0 <= risk <= 1 and scale >= 0, not {risk}, {scale}",
                    risk=risk,
                    scale=scale,
                )
            )
        super().__init__(risk=risk, scale=scale)
        self.risk, self.scale = risk, scale

    def market(self, view: SeatView) -> Action:
        return _market(view, goods_info(view.variant), self.risk > 0)

    def load(self, view: SeatView) -> Action:
        return _smuggle_load(self, view, goods_info(view.variant), self.risk)

    def respond(self, view: SeatView) -> Action:
        return _bribe(view, goods_info(view.variant), self.scale)


#: Inspection thresholds already derived, by the numbers that determine them.
_THRESHOLDS: dict[tuple[float, ...], float] = {}


def _derived_threshold(variant: Variant, good: str, smuggled: list[str], k: int) -> float:
    """The inspection probability below which bagging ``smuggled`` (with ``k - j`` cards
    of ``good``, declared as ``k`` of ``good``) pays more than an honest bag of ``k``,
    from the one-bag game of :mod:`sheriff_core.theory.inspection`. Cards of several
    goods enter with their total value and fines (the payoffs are linear in them)."""
    goods = variant.goods
    j = len(smuggled)
    total_v = sum(goods[c].value for c in smuggled)
    total_p = sum(goods[c].penalty for c in smuggled)
    key = (goods[good].value, goods[good].penalty, total_v, total_p, k, j)
    q = _THRESHOLDS.get(key)
    if q is None:
        from sheriff_core.theory.inspection import inspection_game, inspection_threshold

        game = inspection_game(
            variant,
            legal=good,
            contraband=smuggled[0],
            k=k,
            j=j,
            value=total_v / j,
            penalty=total_p / j,
        )
        q = _THRESHOLDS[key] = inspection_threshold(game)
    return q


@register
class AdaptiveMerchant(_Merchant):
    """Reads the Sheriff's past inspections: estimates this Sheriff's inspection rate
    ``p`` = (bags opened + ``prior`` x ``base``) / (bags faced + ``prior``) and smuggles
    when ``p`` is below the threshold at which smuggling starts to pay.

    The load it plans: its most valuable contraband cards (the best of the first
    1, 2, ... of them) under its most plentiful legal good, declared as that good.
    With ``threshold`` None (the default) the threshold is derived from the variant
    for that load by the one-bag game
    (:func:`~sheriff_core.theory.inspection.inspection_threshold`): 1/5 for one
    Pepper among five classic cards, 1/3 for a full bag of Pepper. A number sets
    the threshold instead. Bribes like :class:`Briber` (``scale``).
    """

    name = "adaptive"

    def __init__(
        self,
        prior: float = 4.0,
        base: float = 0.3,
        scale: float = 0.4,
        threshold: float | None = None,
    ) -> None:
        if prior <= 0 or not 0 <= base <= 1 or scale < 0:
            raise ValueError(Message("need prior > 0, 0 <= base <= 1 and scale >= 0"))
        if threshold is not None and not 0 <= threshold <= 1:
            raise ValueError(
                Message(
                    "threshold must be between 0 and 1 (or None), not {threshold}",
                    threshold=threshold,
                )
            )
        params: dict[str, object] = dict(prior=prior, base=base, scale=scale)
        if threshold is not None:  # the default label stays "adaptive"
            params["threshold"] = threshold
        super().__init__(**params)
        self.prior, self.base, self.scale = prior, base, scale
        self.threshold = threshold

    def inspection_rate(self, view: SeatView) -> float:
        """Estimated chance that the current Sheriff opens a bag."""
        log = public_log(view)
        sheriff = log.sheriff
        if sheriff is None:
            opened, faced = sum(log.opened), sum(log.faced)
        else:
            opened, faced = log.opened[sheriff], log.faced[sheriff]
        return (opened + self.prior * self.base) / (faced + self.prior)

    def plan(self, view: SeatView, hand: Sequence[str], info: GoodsInfo) -> tuple[list[str], float]:
        """(contraband cards to smuggle, their threshold): the first ``j`` of the hand's
        contraband, most valuable first, with the highest threshold; ([], 0.0) when the
        hand holds none. The bag is completed with the declared good."""
        is_legal, value = info.is_legal, info.value
        bag_max = view.variant.bag_max
        contraband = sorted((c for c in hand if not is_legal[c]), key=lambda c: -value[c])
        contraband = contraband[:bag_max]
        if not contraband:
            return [], 0.0
        if self.threshold is not None:
            return contraband, self.threshold
        good, copies = _target_count(hand, info)
        if good is None:
            good = info.legal[0]
        best, best_q = 0, -1.0
        for j in range(1, len(contraband) + 1):
            k = j + min(copies, bag_max - j)
            q = _derived_threshold(view.variant, good, contraband[:j], k)
            if q > best_q:
                best, best_q = j, q
        return contraband[:best], best_q

    def market(self, view: SeatView) -> Action:
        info = goods_info(view.variant)
        threshold = self.plan(view, view.hand, info)[1]
        keep = self.inspection_rate(view) < threshold
        return _market(view, info, keep)

    def load(self, view: SeatView) -> Action:
        info = goods_info(view.variant)
        p = self.inspection_rate(view)
        hand = view.hand
        good, cards = _cover(hand, info)
        smuggled, threshold = self.plan(view, hand, info)
        bag_max = view.variant.bag_max
        bag = list(smuggled) if p < threshold else []
        bag.extend(cards[: bag_max - len(bag)])
        if not bag:
            bag = [min(hand, key=lambda c: info.penalty[c])]
        self._plan[view.seat] = good
        return _load(view, bag, good)

    def respond(self, view: SeatView) -> Action:
        return _bribe(view, goods_info(view.variant), self.scale)
