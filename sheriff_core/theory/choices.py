"""The merchant's and the Sheriff's real choices, derived exactly: how many cards to hide,
what each player maximises, when bribes are paid, and what commitment is worth.

:mod:`~sheriff_core.theory.inspection` fixes the number ``j`` of smuggled cards.
A merchant chooses it. This module lets him, and works out the consequences with
exact fractions (:class:`fractions.Fraction`), so a lesson can compare its
students' hand derivations to the library digit for digit.

**The load choice.** The merchant declares ``k`` cards of a legal good (value
``vL``, penalty ``pL``) and hides ``n`` contraband cards (value ``vC``, penalty
``pC``) among them, ``0 <= n <= k``. Against a Sheriff who inspects with
probability ``q``, a loaded bag (``n >= 1``) is worth

    ``k·vL + n·[(1 − q)·(vC − vL) − q·(vL + pC)]``

to the merchant: linear in ``n``, so the best loaded bag is the *full* one
(``n = k``) or the smallest (``n = 1``), and at the equilibrium rate, where a
loaded bag must pay as well as an honest one (``k·vL + q·k·pL``, more than
``k·vL``), the bracket is positive and only ``n = k`` can match the honest bag.
Only empty and full loads survive, and the two indifference conditions give

* inspection ``q* = (vC − vL) / (pL + vC + pC)`` (the merchant is indifferent
  between the honest and the full bag),
* smuggling ``s* = pL / (pL + pC)`` (the Sheriff is indifferent between
  passing and opening: ``s·k·pC = (1 − s)·k·pL``).

Both are free of ``k``. Classic Apples and Pepper: ``1/3`` and ``1/3``.

**Relative scores.** Only the winner wins, so a player cares about his score
*relative to his rivals*. With ``N`` players, say each maximises his own score
minus the mean score of the other ``N − 1``. A bag changes only the merchant's
and the Sheriff's scores (``ΔM``, ``ΔS``); the other ``N − 2`` scores stay, so
the Sheriff's objective changes by ``ΔS − ΔM/(N − 1)`` and the merchant's by
``ΔM − ΔS/(N − 1)``: each merchant's gain is the Sheriff's loss, shared among
his ``N − 1`` rivals. With ``w = 1/(N − 1)`` the full-bag equilibrium becomes

* ``q* = (vC − vL) / (vC + (1 + w)·(pL + pC))``,
* ``s* = (1 + w)·pL / ((1 + w)·(pL + pC) + w·vC)``.

``N = 2`` (``w = 1``) is the zero-sum game of score differences; ``N → ∞``
(``w → 0``) gives back absolute scores.

>>> import sheriff_core as sc
>>> eq = count_equilibrium(sc.load_variant("classic"), legal="Apples", contraband="Pepper")
>>> eq.load, eq.smuggle_prob, eq.inspect_prob
(5, Fraction(1, 3), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = [
    "BagGame",
    "ExactEquilibrium",
    "bag_game",
    "count_equilibrium",
    "relative_equilibrium",
    "load_values",
]

ACTIONS = ("pass", "inspect")


@dataclass(frozen=True)
class BagGame:
    """One bag as a bimatrix game with exact payoffs.

    Rows are the merchant's loads (``loads[r]`` contraband cards among ``k``
    declared), columns the Sheriff's ``("pass", "inspect")``; ``merchant[r][c]``
    and ``sheriff[r][c]`` are what each player maximises (score changes, or
    relative scores when ``players`` is set).

    >>> import sheriff_core as sc
    >>> g = bag_game(sc.load_variant("classic"), contraband="Pepper", loads=(0, 5))
    >>> g.merchant
    ((Fraction(10, 1), Fraction(20, 1)), (Fraction(30, 1), Fraction(-20, 1)))
    """

    loads: tuple[int, ...]
    merchant: tuple[tuple[Fraction, Fraction], ...]
    sheriff: tuple[tuple[Fraction, Fraction], ...]
    k: int
    players: int | None
    label: str

    def row(self, load: int) -> int:
        """The row index of a load (number of contraband cards)."""
        if load not in self.loads:
            raise ValueError(f"no load {load} in this game; loads: {list(self.loads)}")
        return self.loads.index(load)


@dataclass(frozen=True)
class ExactEquilibrium:
    """An equilibrium of a :class:`BagGame`, exact.

    The merchant loads ``load`` cards with probability ``smuggle_prob`` and is
    honest otherwise; the Sheriff inspects with ``inspect_prob``. The values
    are each player's expected payoff (in the game's own terms: absolute or
    relative scores). ``kind`` is ``"mixed"`` or ``"pure"``.
    """

    load: int
    smuggle_prob: Fraction
    inspect_prob: Fraction
    merchant_value: Fraction
    sheriff_value: Fraction
    kind: str


def _goods(variant: Any, legal: str | None, contraband: str | None) -> tuple[Any, Any]:
    from sheriff_core.theory.inspection import _good

    return _good(variant, legal, ("legal",)), _good(variant, contraband, ("contraband", "royal"))


def _weight(players: int | None) -> Fraction:
    if players is None:
        return Fraction(0)
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ValueError(f"players must be an integer of at least 2 (or None), got {players!r}")
    return Fraction(1, players - 1)


def bag_game(
    variant: Any,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    loads: Sequence[int] | None = None,
    players: int | None = None,
) -> BagGame:
    """The one-bag game where the merchant chooses how many cards to hide.

    ``k`` cards (default ``variant.bag_max``) are declared as ``legal``
    (default: the first legal good); row ``n`` hides ``n`` ``contraband``
    cards (default: the first contraband) among them, for ``n`` in ``loads``
    (default ``0..k``). Payoffs are score changes, as in
    :func:`~sheriff_core.theory.inspection.inspection_game`; with ``players =
    N`` each player maximises his score change minus the other's divided by
    ``N − 1`` (see the module docstring).

    >>> import sheriff_core as sc
    >>> g = bag_game(sc.load_variant("classic"), contraband="Pepper", loads=(0, 1), players=2)
    >>> [[str(x) for x in row] for row in g.sheriff]
    [['-10', '-30'], ['-14', '0']]
    >>> bag_game(sc.load_variant("classic"), loads=(0, 6))
    Traceback (most recent call last):
    ...
    ValueError: a load is a number of contraband cards from 0 to the bag size 5, got 6
    """
    lg, cg = _goods(variant, legal, contraband)
    k = int(variant.bag_max if k is None else k)
    if k < 1:
        raise ValueError(f"the bag size k must be at least 1, got {k}")
    loads = tuple(range(k + 1)) if loads is None else tuple(int(n) for n in loads)
    for n in loads:
        if not 0 <= n <= k:
            raise ValueError(
                f"a load is a number of contraband cards from 0 to the bag size {k}, got {n}"
            )
    if len(set(loads)) != len(loads):
        raise ValueError(f"loads repeat: {list(loads)}")
    w = _weight(players)
    v_l, p_l, v_c, p_c = (Fraction(x) for x in (lg.value, lg.penalty, cg.value, cg.penalty))
    merchant, sheriff = [], []
    for n in loads:
        if n == 0:
            m = (k * v_l, k * v_l + k * p_l)
            s = (Fraction(0), -k * p_l)
        else:
            m = (n * v_c + (k - n) * v_l, (k - n) * v_l - n * p_c)
            s = (Fraction(0), n * p_c)
        # relative scores: subtract the other player's score change, shared among N - 1 rivals
        merchant.append((m[0] - w * s[0], m[1] - w * s[1]))
        sheriff.append((s[0] - w * m[0], s[1] - w * m[1]))
    who = "" if players is None else f", relative scores, {players} players"
    label = f"{variant.name}: {k} {lg.name} declared, loads of {cg.name}{who}"
    return BagGame(loads, tuple(merchant), tuple(sheriff), k, players, label)


def _mixed(game: BagGame, honest: int, loaded: int) -> ExactEquilibrium:
    """The equilibrium of the 2x2 game made of two rows (honest first, loaded second)."""
    a0, a1 = game.merchant[honest], game.merchant[loaded]
    b0, b1 = game.sheriff[honest], game.sheriff[loaded]
    load = game.loads[loaded]
    gain_pass = a1[0] - a0[0]  # what smuggling gains against a passing Sheriff
    if gain_pass <= 0:  # smuggling never pays: honest bags, and no reason to open them
        return ExactEquilibrium(load, Fraction(0), Fraction(0), a0[0], b0[0], "pure")
    loss_inspect = a0[1] - a1[1]  # what smuggling loses against an inspection (> 0)
    q = gain_pass / (gain_pass + loss_inspect)
    cost_honest = b0[0] - b0[1]  # what opening an honest bag costs the Sheriff (> 0)
    gain_loaded = b1[1] - b1[0]  # what opening a loaded bag earns him (> 0)
    s = cost_honest / (cost_honest + gain_loaded)
    m = (1 - s) * ((1 - q) * a0[0] + q * a0[1]) + s * ((1 - q) * a1[0] + q * a1[1])
    v = (1 - s) * ((1 - q) * b0[0] + q * b0[1]) + s * ((1 - q) * b1[0] + q * b1[1])
    return ExactEquilibrium(load, s, q, m, v, "mixed")


def load_values(game: BagGame, inspect_prob: Fraction | float) -> dict[int, Fraction]:
    """The merchant's expected payoff of every load against ``inspect_prob``.

    >>> import sheriff_core as sc
    >>> g = bag_game(sc.load_variant("classic"), contraband="Pepper")
    >>> {n: str(x) for n, x in load_values(g, Fraction(1, 3)).items()}
    {0: '40/3', 1: '32/3', 2: '34/3', 3: '12', 4: '38/3', 5: '40/3'}
    """
    q = Fraction(inspect_prob)
    return {
        n: (1 - q) * row[0] + q * row[1] for n, row in zip(game.loads, game.merchant, strict=True)
    }


def count_equilibrium(
    variant: Any,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    players: int | None = None,
) -> ExactEquilibrium:
    """The equilibrium of the count-choosing game: honest or full bags only.

    The merchant may hide any number ``0..k`` of ``contraband`` cards among
    ``k`` declared ``legal`` ones (defaults as in :func:`bag_game`); the
    Sheriff passes or inspects. The result is computed from the indifference
    conditions between the empty and the full bag (the closed forms of the
    module docstring), then checked: no other load pays as much against the
    equilibrium inspection rate (a ``RuntimeError`` would name the load that does).
    With ``players`` set, both maximise relative scores.

    >>> import sheriff_core as sc
    >>> v = sc.load_variant("summary-sheet")
    >>> eq = count_equilibrium(v, legal="Apples", contraband="Pepper")
    >>> eq.smuggle_prob, eq.inspect_prob
    (Fraction(1, 4), Fraction(2, 7))
    >>> count_equilibrium(v, legal="Apples", contraband="Pepper", players=2).smuggle_prob
    Fraction(2, 11)
    """
    game = bag_game(variant, legal=legal, contraband=contraband, k=k, players=players)
    eq = _mixed(game, game.row(0), game.row(game.k))
    if eq.kind == "mixed":
        values = load_values(game, eq.inspect_prob)
        best = max(values.values())
        others = [n for n, x in values.items() if x == best and n not in (0, game.k)]
        if others or values[0] != best or values[game.k] != best:
            raise RuntimeError(f"load {others or [0, game.k]} breaks the derivation: {values}")
    return eq


def relative_equilibrium(
    variant: Any,
    *,
    players: int = 2,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    j: int | None = None,
) -> ExactEquilibrium:
    """The equilibrium when both players maximise relative scores in an ``N``-player game.

    ``players = N >= 2``: each player maximises his score minus the mean of his
    ``N − 1`` rivals' (the module docstring derives what that means for one
    bag). With ``j`` set, the merchant's choice is honest or ``j`` hidden
    cards (the game of :mod:`~sheriff_core.theory.inspection`); with ``j =
    None`` he chooses the load, and as with absolute scores only empty and full
    bags survive (:func:`count_equilibrium`).

    >>> import sheriff_core as sc
    >>> v = sc.load_variant("classic")
    >>> eq = relative_equilibrium(v, legal="Apples", contraband="Pepper", j=1)
    >>> eq.smuggle_prob, eq.inspect_prob
    (Fraction(10, 17), Fraction(2, 17))
    >>> relative_equilibrium(v, players=1)
    Traceback (most recent call last):
    ...
    ValueError: players must be an integer of at least 2 (or None), got 1
    """
    _weight(players)
    if j is None:
        return count_equilibrium(variant, legal=legal, contraband=contraband, k=k, players=players)
    kk = int(variant.bag_max if k is None else k)
    if not 1 <= j <= kk:
        raise ValueError(f"j must be between 1 and k={kk}, got {j}")
    game = bag_game(
        variant, legal=legal, contraband=contraband, k=kk, loads=(0, j), players=players
    )
    return _mixed(game, 0, 1)
