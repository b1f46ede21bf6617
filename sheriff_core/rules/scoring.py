"""Final scoring: goods value, gold, King/Queen bonuses with ties, winner tie-breaks.

:func:`score_rows` is pure Python (the engine uses it); :func:`final_scores`
returns the same rows as a pandas DataFrame for notebooks.

>>> import sheriff_core as sc
>>> v = sc.load_variant("classic")
>>> rows = score_rows(v, {"Ann": ["Apples"] * 3, "Ben": ["Apples"] * 3, "Cat": ["Pepper"]},
...                   {"Ann": 10, "Ben": 10, "Cat": 20})
>>> [(r["player"], r["bonus"], r["total"], r["rank"]) for r in rows]
[('Ann', 15, 31, 1), ('Ben', 15, 31, 1), ('Cat', 0, 26, 3)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sheriff_core.base.i18n import Message
from sheriff_core.rules.variants import Variant

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["bonus_counts", "award_bonuses", "score_rows", "final_scores"]


def bonus_counts(
    variant: Variant, stand: Sequence[str], tokens: Mapping[str, int] | None = None
) -> dict[str, int]:
    """How many of each bonus good (or token) a player counts; royal goods count as several.

    >>> import sheriff_core as sc
    >>> bonus_counts(sc.load_variant("classic-royal"), ["Cheese", "Bleu Cheese"])["Cheese"]
    4
    """
    return _bonus_counts(variant, Counter(stand), tokens)


def _bonus_counts(
    variant: Variant, cards: Mapping[str, int], tokens: Mapping[str, int] | None
) -> dict[str, int]:
    """:func:`bonus_counts` from a stand given as copies per card name."""
    counts = dict.fromkeys(variant.bonuses, 0)
    for name, bonus in variant.bonuses.items():
        if bonus.counts == "tokens":
            counts[name] = (tokens or {}).get(name, 0)
    goods = variant.goods
    for card, copies in cards.items():
        g = goods[card]
        if g.kind == "legal":
            if card in counts and variant.bonuses[card].counts == "goods":
                counts[card] += copies
        elif g.counts_as is not None and g.counts_as[0] in counts:
            counts[g.counts_as[0]] += g.counts_as[1] * copies
    return counts


def award_bonuses(
    variant: Variant, counts: Mapping[str, Mapping[str, int]]
) -> dict[str, dict[str, int]]:
    """King/Queen bonus per player and good.

    ``counts[player][good]`` is what :func:`bonus_counts` gives. Nobody with 0
    of a good gets a bonus for it. King tie: King + Queen bonuses are split
    equally (rounded down) among the tied and no Queen is paid. Queen tie: the
    Queen bonus is split (rounded down).
    """
    out = {p: dict.fromkeys(variant.bonuses, 0) for p in counts}
    for good, bonus in variant.bonuses.items():
        have = {p: c[good] for p, c in counts.items() if c[good] > 0}
        if not have:
            continue
        top = max(have.values())
        kings = [p for p, n in have.items() if n == top]
        if len(kings) > 1:
            share = (bonus.king + bonus.queen) // len(kings)
            for p in kings:
                out[p][good] = share
            continue
        out[kings[0]][good] = bonus.king
        rest = {p: n for p, n in have.items() if n < top}
        if rest:
            second = max(rest.values())
            queens = [p for p, n in rest.items() if n == second]
            for p in queens:
                out[p][good] = bonus.queen // len(queens)
    return out


def score_rows(
    variant: Variant,
    stands: Mapping[str, Sequence[str]],
    gold: Mapping[str, int],
    tokens: Mapping[str, Mapping[str, int]] | None = None,
) -> list[dict[str, Any]]:
    """One dict per player: player, gold, goods_value, bonus, total, legal_goods,
    contraband, a ``bonus_<good>`` entry per bonus good, and rank. Variants with
    tokens add ``tokens_value``, ``tokens`` (how many) and a ``tokens_<name>`` column
    per token (``tokens`` maps player -> token name -> count).

    Rank 1 is the winner. Players are ranked by total, then by the variant's
    tie-breaks (most legal goods, then most contraband); equal ranks only on a
    full tie (which the rules call a shared win).
    """
    goods = variant.goods
    # Each stand as copies per card name: every sum below runs over the few kinds
    # of card, not over every card.
    cards = {p: Counter(s) for p, s in stands.items()}
    unknown = {c for held in cards.values() for c in held if c not in goods}
    if unknown:
        raise ValueError(
            Message("not cards of {variant}: {cards}", variant=variant.name, cards=sorted(unknown))
        )
    if set(stands) != set(gold):
        raise ValueError(Message("stands and gold must name the same players"))
    tokens = tokens or {}
    token_kinds = variant.tokens
    held = {p: {t: tokens.get(p, {}).get(t, 0) for t in token_kinds} for p in stands}
    counts = {p: _bonus_counts(variant, cards[p], held[p]) for p in stands}
    bonuses = award_bonuses(variant, counts)
    bonus_keys = [(good, f"bonus_{good}") for good in variant.bonuses]
    token_keys = [(t, f"tokens_{t}") for t in token_kinds]
    rows = []
    for p, stand in stands.items():
        legal = value = 0
        for c, n in cards[p].items():
            g = goods[c]
            value += g.value * n
            if g.kind == "legal":
                legal += n
        mine = bonuses[p]
        row: dict[str, Any] = {
            "player": p,
            "gold": gold[p],
            "goods_value": value,
            "bonus": sum(mine.values()),
        }
        if token_kinds:
            mine_t = held[p]
            row["tokens_value"] = sum(n * token_kinds[t].value for t, n in mine_t.items())
        row["total"] = row["gold"] + value + row["bonus"] + row.get("tokens_value", 0)
        row["legal_goods"] = legal
        row["contraband"] = len(stand) - legal
        if token_kinds:
            row["tokens"] = sum(mine_t.values())
            for t, key in token_keys:
                row[key] = mine_t[t]
        for good, key in bonus_keys:
            row[key] = mine[good]
        rows.append(row)

    tiebreaks = variant.tiebreaks
    keys = [(r["total"], *[r[t] for t in tiebreaks]) for r in rows]
    for r, k in zip(rows, keys, strict=True):
        r["rank"] = 1 + sum([o > k for o in keys])
    return rows


def final_scores(
    variant: Variant,
    stands: Mapping[str, Sequence[str]],
    gold: Mapping[str, int],
    tokens: Mapping[str, Mapping[str, int]] | None = None,
) -> pd.DataFrame:
    """The scoring table as a DataFrame, one row per player (see :func:`score_rows`).

    >>> import sheriff_core as sc
    >>> df = sc.final_scores(sc.load_variant("classic"), {"Ann": ["Chickens"], "Ben": []},
    ...                      {"Ann": 0, "Ben": 5})
    >>> df[["player", "goods_value", "bonus", "total", "rank"]].to_dict("records")
    [{'player': 'Ann', 'goods_value': 4, 'bonus': 10, 'total': 14, 'rank': 1}, {'player': 'Ben', 'goods_value': 0, 'bonus': 0, 'total': 5, 'rank': 2}]
    """
    import pandas as pd

    return pd.DataFrame(score_rows(variant, stands, gold, tokens))
