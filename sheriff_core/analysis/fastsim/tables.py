"""What the compiled kernel can play, and a variant and line-up compiled into its arrays.

Pure Python and numpy (no numba): :func:`unsupported` says, by name, what a run asks for
that the kernel does not play, so ``simulate(..., engine="fast")`` refuses it and
``engine="auto"`` falls back to the checked engine.

>>> import sheriff_core as sc
>>> unsupported(sc.load_variant("classic"), ["honest", "smuggler"], ["threshold"])
[]
>>> from sheriff_core.bots.merchants import Smuggler
>>> class Sly(Smuggler):  # a subclass may change any method: refused
...     name = "sly"
>>> for reason in unsupported(sc.load_variant("classic"), [Sly()], ["bayesian"]):
...     print(reason)
merchant bot 'sly' (the kernel plays honest, smuggler, bluffer, briber, adaptive)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sheriff_core.bots.base import Bot, BotSpec, make_bot
from sheriff_core.bots.merchants import AdaptiveMerchant, Bluffer, Briber, HonestMerchant, Smuggler
from sheriff_core.bots.sheriffs import (
    BayesianSheriff,
    InspectingSheriff,
    ThresholdSheriff,
    TrustingSheriff,
)
from sheriff_core.rules.cards import build_deck
from sheriff_core.rules.fields import kernel_problems
from sheriff_core.rules.variants import Variant

__all__ = ["unsupported", "compile_variant", "compile_bots", "CompiledVariant", "CompiledBots"]

#: Merchant kinds of the kernel (kernel.M_*): the briber plays the smuggler's market and
#: load, and offers gold when threatened, as the adaptive merchant does (the others decline).
MERCHANT_KINDS: dict[type[Bot], int] = {
    HonestMerchant: 0,
    Smuggler: 1,
    Bluffer: 2,
    Briber: 3,
    AdaptiveMerchant: 4,
}
#: Sheriff kinds (kernel.S_*): threshold with ``bribe`` threatens and never demands;
#: bayesian threatens and demands at most once (after an offer it finds too small).
SHERIFF_KINDS: dict[type[Bot], int] = {
    TrustingSheriff: 0,
    InspectingSheriff: 1,
    ThresholdSheriff: 2,
    BayesianSheriff: 3,
}

#: The tie-breaks, as the kernel's codes (kernel.TB_*).
_TIEBREAKS = {"legal_goods": 0, "contraband": 1, "tokens": 2}


def unsupported(
    variant: Variant, merchants: Sequence[BotSpec], sheriffs: Sequence[BotSpec]
) -> list[str]:
    """Each thing of a run the kernel does not play, named (empty: it plays it all)."""
    out = kernel_problems(variant)  # each rule field's ``kernel``: the values it plays
    if "tokens" in variant.tiebreaks and not variant.tokens:
        # the checked engine fails on it too (score_rows has no tokens column to compare)
        out.append("tie-break 'tokens' in a variant without tokens")
    for role, specs, kinds in (
        ("merchant", merchants, MERCHANT_KINDS),
        ("sheriff", sheriffs, SHERIFF_KINDS),
    ):
        for spec in specs:
            bot = make_bot(spec, role)
            if type(bot) not in kinds:
                plays = ", ".join(cls.name for cls in kinds)
                out.append(f"{role} bot {bot.label()!r} (the kernel plays {plays})")
    return out


@dataclass(frozen=True)
class CompiledVariant:
    """A variant's rules for one player count, as the kernel's arrays (see kernel.V_*, G_*)."""

    vi: np.ndarray  # int64[21]: kernel.V_*
    gi: np.ndarray  # int64[goods, 8]: kernel.G_*
    ti: np.ndarray  # int64[tokens, 7]: kernel.T_*
    deck0: np.ndarray  # int64[cards]: build_deck's order, as good codes
    by_rank: np.ndarray  # legal good codes, highest rank first (GoodsInfo.by_rank)
    cover_order: np.ndarray  # every good code, most valuable first, ties by name


def compile_variant(variant: Variant, players: int) -> CompiledVariant:
    """The kernel's arrays of ``variant`` for ``players`` (see :func:`unsupported` first).

    >>> import sheriff_core as sc
    >>> cv = compile_variant(sc.load_variant("classic"), 4)
    >>> len(cv.deck0), cv.by_rank.tolist(), cv.vi[7]
    (204, [3, 1, 2, 0], np.int64(8))
    """
    goods = list(variant.goods)
    code = {name: i for i, name in enumerate(goods)}
    legal = [n for n in goods if variant.goods[n].kind == "legal"]
    rank = sorted(legal, key=lambda n: (variant.goods[n].value, -legal.index(n)))
    gi = np.zeros((len(goods), 8), dtype=np.int64)
    for name, g in variant.goods.items():
        b = variant.bonuses.get(name)
        # a bonus counts a legal good's cards (and royal goods counting as it); a bonus
        # named after a good of another kind is never won (scoring._bonus_counts)
        counted = b is not None and g.kind == "legal" and b.counts == "goods"
        gi[code[name]] = (
            g.value,
            g.penalty,
            g.kind == "legal",
            b.king if counted else 0,
            b.queen if counted else 0,
            counted,
            -1 if g.kind == "legal" or g.counts_as is None else code[g.counts_as[0]],
            0 if g.counts_as is None else g.counts_as[1],
        )
    tiebreaks = [_TIEBREAKS[t] for t in variant.tiebreaks] + [0] * 3
    deputies = variant.sheriff_selection == "deputy_deck"
    ti = np.zeros((len(variant.tokens), 7), dtype=np.int64)
    for t, (name, tok) in enumerate(variant.tokens.items()):
        b = variant.bonuses.get(name)
        counted = b is not None and b.counts == "tokens"
        ti[t] = (
            code[tok.good],
            tok.per_token,
            tok.value,
            tok.supply_for(players),
            b.king if counted else 0,
            b.queen if counted else 0,
            counted,
        )
    vi = np.array(
        [
            variant.hand_size,
            variant.discard_piles,
            variant.discard_pile_setup,
            variant.set_aside_max,
            variant.bag_max,
            variant.reshuffle_keep,
            variant.starting_gold,
            variant.rounds(players),
            variant.draw_from_discards,
            code[legal[0]],
            variant.debt_order == "any",
            len(goods),
            variant.market_order == "discard-then-draw",
            variant.bag_min,
            len(variant.tiebreaks),
            *tiebreaks[:3],
            variant.market_starter == "sheriff_chooses",
            deputies,
            variant.sheriffs_per_round if deputies else 1,  # rotate: one Sheriff a round
        ],
        dtype=np.int64,
    )
    cover = sorted(goods, key=lambda n: (-variant.goods[n].value, n))
    return CompiledVariant(
        vi=vi,
        gi=gi,
        ti=ti,
        deck0=np.array([code[c] for c in build_deck(variant, players)], dtype=np.int64),
        by_rank=np.array([code[n] for n in reversed(rank)], dtype=np.int64),
        cover_order=np.array([code[n] for n in cover], dtype=np.int64),
    )


@dataclass(frozen=True)
class CompiledBots:
    """The line-up's bots as the kernel's arrays, one entry per spec (seats index them)."""

    mkind: np.ndarray
    mparam: np.ndarray  # risk (smuggler, briber) or bluff (bluffer)
    mscale: np.ndarray  # the briber's (or adaptive merchant's) scale
    madapt: np.ndarray  # float64[spec, 3]: the adaptive merchant's prior, base, threshold
    skind: np.ndarray
    sp: np.ndarray  # float64[spec, 6]: see _sheriff_params


def compile_bots(merchants: Sequence[BotSpec], sheriffs: Sequence[BotSpec]) -> CompiledBots:
    """The kernel's arrays of supported bot specs (see :func:`unsupported` first).

    >>> compile_bots(["honest", "smuggler:risk=0.8"], ["threshold:size=3"]).mparam.tolist()
    [0.0, 0.8]
    """
    ms = [make_bot(s, "merchant") for s in merchants]
    ss = [make_bot(s, "sheriff") for s in sheriffs]
    return CompiledBots(
        mkind=np.array([MERCHANT_KINDS[type(b)] for b in ms], dtype=np.int64),
        mparam=np.array(
            [getattr(b, "bluff", getattr(b, "risk", 0.0)) for b in ms], dtype=np.float64
        ),
        mscale=np.array([getattr(b, "scale", 0.0) for b in ms], dtype=np.float64),
        madapt=np.array([_adaptive_params(b) for b in ms], dtype=np.float64).reshape(len(ms), 3),
        skind=np.array([SHERIFF_KINDS[type(b)] for b in ss], dtype=np.int64),
        sp=np.array([_sheriff_params(b) for b in ss], dtype=np.float64).reshape(len(ss), 6),
    )


def _adaptive_params(bot: Bot) -> list[float]:
    """An adaptive merchant's prior, base and threshold (-1: None, derived per load);
    zeros for the other merchants."""
    if isinstance(bot, AdaptiveMerchant):
        return [bot.prior, bot.base, -1.0 if bot.threshold is None else bot.threshold]
    return [0.0] * 3


def _sheriff_params(bot: Bot) -> list[float]:
    """A Sheriff bot's parameters as the kernel reads them (kernel._decide, _negotiate):
    threshold: size, grudge, bribe (-1: None); bayesian: prior_lie, prior_honest, signal,
    margin, threaten, explore."""
    if isinstance(bot, ThresholdSheriff):
        return [bot.size, bot.grudge, -1 if bot.bribe is None else bot.bribe, 0, 0, 0]
    if isinstance(bot, BayesianSheriff):
        return [bot.a, bot.b, bot.signal, bot.margin, bot.threaten, bot.explore]
    return [0.0] * 6
