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

**Relative scores.** Only the winner wins, so a player who plays to win maximises
his chance of finishing first. That depends on the whole game (the scores so far, the
bags to come, their spread), so these models use a **proxy**: each player maximises
his expected score *relative to his rivals*. The two agree while one bag moves the
difference by little against the luck still to come (the chance of ending ahead then
rises nearly in proportion to the expected difference); they part when one bag can
decide the game, where only the sign of the final difference counts (a player far
behind should gamble, one narrowly ahead play safe). With ``N`` players, say each
maximises his own score minus the mean score of the other ``N − 1`` (to win he must
beat the best of them, not their mean). A bag changes only the merchant's
and the Sheriff's scores (``ΔM``, ``ΔS``); the other ``N − 2`` scores stay, so
the Sheriff's objective changes by ``ΔS − ΔM/(N − 1)`` and the merchant's by
``ΔM − ΔS/(N − 1)``: each merchant's gain is the Sheriff's loss, shared among
his ``N − 1`` rivals (it moves their mean by ``1/(N − 1)`` of itself). With ``w = 1/(N − 1)`` the full-bag equilibrium becomes

* ``q* = (vC − vL) / (vC + (1 + w)·(pL + pC))``,
* ``s* = (1 + w)·pL / ((1 + w)·(pL + pC) + w·vC)``.

``N = 2`` (``w = 1``) is the zero-sum game of score differences; ``N → ∞``
(``w → 0``) gives back absolute scores.

**Bribes** (:func:`bribe_condition`, :func:`outcomes`). Honest bags do not
bribe (opened, they earn compensation), so a bribe tells the Sheriff the bag is
loaded, though not how loaded; a merchant whose bribe is taken fills his bag, so
the Sheriff takes a bribe only if it is at least the fine on a full bag,
``k·pC``. The merchant pays that only if the full bag is worth it against an
honest one: ``k·(vC − vL) > k·pC``. Bribery needs contraband worth more than the
legal good plus its fine, ``vC > vL + pC``, and a bribe cap of at least ``k·pC``.

**Commitment** (:func:`commitment`). A Sheriff who can announce his inspection
rate and stick to it (a Stackelberg leader) announces just under ``q*``: every
merchant then fills his bag, and the Sheriff earns ``q*·k·pC`` per bag instead
of the ``0`` of the simultaneous game, while the merchant still gets his
equilibrium value. In the classic inspection games of Avenhaus, von Stengel and
Zamir ("Inspection games", *Handbook of Game Theory* vol. 3, ch. 51, 2002) the
inspector prefers legal behaviour to catching a violator, and his leadership
*deters* violations. Here fines are paid *to* the Sheriff: catching is his
income, so his leadership *invites* smuggling instead.

**Cross-check** (:func:`nashpy_equilibria`): nashpy's support or vertex
enumeration on the bimatrix of the variant finds the same equilibrium.

>>> import sheriff_core as sc
>>> eq = count_equilibrium(sc.load_variant("classic"), legal="Apples", contraband="Pepper")
>>> eq.load, eq.smuggle_prob, eq.inspect_prob
(5, Fraction(1, 3), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sheriff_core.theory.inspection import goods_pair

if TYPE_CHECKING:
    import pandas as pd

    from sheriff_core.theory.solver import Solution

__all__ = [
    "BagGame",
    "BribeCondition",
    "Commitment",
    "ExactEquilibrium",
    "bag_game",
    "bribe_condition",
    "commitment",
    "count_equilibrium",
    "leader_values",
    "load_equilibrium",
    "load_values",
    "menu_game",
    "nashpy_equilibria",
    "outcomes",
    "relative_equilibrium",
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
    goods: tuple[str, ...] = ()

    def row(self, load: int) -> int:
        """The row index of a load (number of contraband cards)."""
        if load not in self.loads:
            raise ValueError(f"no load {load} in this game; loads: {list(self.loads)}")
        if self.loads.count(load) > 1:
            raise ValueError(f"several rows load {load} cards: {self.rows()}")
        return self.loads.index(load)

    def rows(self) -> list[str]:
        """A name for each row: ``"honest"`` or ``"<n> <good>"``."""
        goods = self.goods or ("",) * len(self.loads)
        return [
            "honest" if n == 0 else f"{n} {g}".strip()
            for n, g in zip(self.loads, goods, strict=True)
        ]


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
    lg, cg = goods_pair(variant, legal, contraband)
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
    goods = tuple("" if n == 0 else cg.name for n in loads)
    return BagGame(loads, tuple(merchant), tuple(sheriff), k, players, label, goods)


def menu_game(
    variant: Any,
    contraband: Sequence[str],
    *,
    legal: str | None = None,
    k: int | None = None,
    players: int | None = None,
) -> BagGame:
    """The bag game where the merchant may also choose *which* contraband fills the bag.

    Rows: the honest bag, then a full bag (``k`` cards) of each good in
    ``contraband``; columns and payoffs as in :func:`bag_game`.

    >>> import sheriff_core as sc
    >>> g = menu_game(sc.load_variant("summary-sheet"), ["Pepper", "Crossbow"])
    >>> g.rows()
    ['honest', '5 Pepper', '5 Crossbow']
    >>> [[int(x) for x in row] for row in g.merchant]
    [[10, 20], [30, -30], [45, -45]]
    """
    names = list(contraband)
    if not names or len(set(names)) != len(names):
        raise ValueError(f"contraband must name distinct goods, got {names}")
    parts = [bag_game(variant, legal=legal, contraband=c, k=k, players=players) for c in names]
    first = parts[0]
    merchant = [first.merchant[0]] + [g.merchant[g.k] for g in parts]
    sheriff = [first.sheriff[0]] + [g.sheriff[g.k] for g in parts]
    loads = (0,) + (first.k,) * len(parts)
    label = first.label.replace(f"loads of {names[0]}", f"full bags of {', '.join(names)}")
    return BagGame(loads, tuple(merchant), tuple(sheriff), first.k, players, label, ("", *names))


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


def load_equilibrium(
    variant: Any,
    j: int,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    players: int | None = None,
) -> ExactEquilibrium:
    """The equilibrium when the merchant's only choice is honest or ``j`` hidden cards.

    This is the game of :mod:`~sheriff_core.theory.inspection` with exact
    fractions (and, with ``players`` set, relative scores): the closed forms
    ``q* = j·(vC − vL) / (k·pL + j·(vC + pC))`` and ``s* = k·pL / (k·pL + j·pC)``.

    >>> import sheriff_core as sc
    >>> eq = load_equilibrium(sc.load_variant("classic"), 1, legal="Apples", contraband="Pepper")
    >>> eq.smuggle_prob, eq.inspect_prob
    (Fraction(5, 7), Fraction(1, 5))
    """
    kk = int(variant.bag_max if k is None else k)
    if isinstance(j, bool) or not isinstance(j, int) or not 1 <= j <= kk:
        raise ValueError(f"j must be between 1 and k={kk}, got {j!r}")
    game = bag_game(
        variant, legal=legal, contraband=contraband, k=kk, loads=(0, j), players=players
    )
    return _mixed(game, 0, 1)


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
    cards (:func:`load_equilibrium`); with ``j = None`` he chooses the load,
    and as with absolute scores only empty and full bags survive
    (:func:`count_equilibrium`).

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
    return load_equilibrium(variant, j, legal=legal, contraband=contraband, k=k, players=players)


# --- E. the same equilibrium from an existing solver library ---

_NASHPY_METHODS = ("support_enumeration", "vertex_enumeration")


def nashpy_equilibria(
    game: BagGame, method: str = "support_enumeration"
) -> list[tuple[dict[str, float], float]]:
    """Every equilibrium nashpy finds in a :class:`BagGame`, as ``(mix, inspect_prob)``.

    ``mix`` maps each row with positive probability (:meth:`BagGame.rows`) to
    it; ``inspect_prob`` is the Sheriff's. ``method`` is nashpy's
    ``"support_enumeration"`` (solve the indifference conditions on every
    pair of supports, keep the best responses) or ``"vertex_enumeration"``.
    nashpy computes in floating point: its support enumeration requires every
    probability it pins to zero to come out ``>= 0`` exactly, and can miss an
    equilibrium when one comes out as ``-1e-17`` (nashpy 0.0.43; it then warns
    that the game looks degenerate). Whether it does depends on the processor:
    numpy's OpenBLAS picks its kernels by CPU, and on :func:`menu_game` (summary
    sheet, Pepper or Crossbow) support enumeration finds the equilibrium with the
    AVX2 kernels (``OPENBLAS_CORETYPE=Haswell`` or ``Zen``) and misses it with
    the AVX-512 ones (``SkylakeX``, which OpenBLAS picks on recent Intel Xeons).
    Vertex enumeration finds it with
    every kernel (``tests/theory/test_choices.py`` runs it under each kernel the
    machine can run), so the lessons use it.

    >>> import sheriff_core as sc
    >>> g = bag_game(sc.load_variant("classic"), contraband="Pepper", loads=(0, 5))
    >>> [({r: round(p, 6) for r, p in mix.items()}, round(q, 6)) for mix, q in nashpy_equilibria(g)]
    [({'honest': 0.666667, '5 Pepper': 0.333333}, 0.333333)]
    """
    import warnings

    import nashpy
    import numpy as np

    if method not in _NASHPY_METHODS:
        raise ValueError(f"unknown nashpy method {method!r}; known: {list(_NASHPY_METHODS)}")
    a = np.array(game.merchant, dtype=float)
    b = np.array(game.sheriff, dtype=float)
    names = game.rows()
    found = []
    with warnings.catch_warnings():  # the even-count warning: we return what it found
        warnings.simplefilter("ignore", RuntimeWarning)
        for x, y in getattr(nashpy.Game(a, b), method)():
            mix = {names[i]: float(p) for i, p in enumerate(x) if p > 1e-12}
            found.append((mix, float(y[1])))
    return found


# --- C. bribes ---


@dataclass(frozen=True)
class BribeCondition:
    """When a bribe can be paid in equilibrium (see :func:`bribe_condition`).

    ``margin`` is what each smuggled card is worth to the merchant beyond its
    fine, ``vC − vL − pC``; a bribe carries a full bag of ``load`` cards;
    ``least_bribe`` is the fine on it (the Sheriff takes no less),
    ``most_bribe`` its worth over legal goods (the merchant pays no more);
    ``possible`` says whether ``margin > 0`` and the cap ``max_bribe`` reaches
    ``least_bribe``, and ``reason`` says why in words.
    """

    legal: str
    contraband: str
    margin: Fraction
    load: int
    least_bribe: Fraction
    most_bribe: Fraction
    max_bribe: int
    possible: bool
    reason: str


def bribe_condition(
    variant: Any,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    max_bribe: int = 24,
) -> BribeCondition:
    """Whether a bag of ``contraband`` declared as ``legal`` can buy its way through.

    A bribe that honest bags do not offer reveals a loaded bag, and not how
    loaded: a merchant whose bribe is taken fills the bag, so the Sheriff takes
    a bribe only if it is at least the fine on a full bag, ``k·pC``. The
    merchant pays at most what the full bag gains him over honest goods,
    ``k·(vC − vL)``. A bribe is paid in equilibrium only if ``vC > vL + pC``
    (contraband worth more than the legal good plus its fine) and the cap
    ``max_bribe`` is at least ``k·pC``. These conditions are necessary in every Nash
    equilibrium, with any number of rounds of talk before the binding one (the proof:
    ``docs/efce.md``, "No Nash equilibrium pays a bribe when the condition fails"); the
    solver (:func:`outcomes` of a solved
    :func:`~sheriff_core.theory.sheriff_game.sheriff_game_from_variant`) shows
    the equilibrium where every bag pays exactly ``k·pC``.

    >>> import sheriff_core as sc
    >>> c = bribe_condition(sc.load_variant("classic"), legal="Apples", contraband="Crossbow")
    >>> c.possible, c.load, c.least_bribe, c.most_bribe
    (True, 5, Fraction(20, 1), Fraction(35, 1))
    >>> bribe_condition(sc.load_variant("classic"), legal="Apples", contraband="Pepper").reason
    'Pepper is worth 6, not more than Apples (2) plus its fine (4)'
    >>> bribe_condition(sc.load_variant("classic"), contraband="Crossbow", max_bribe=19).reason
    'a cap of 19 gold is less than the fine on a full bag of 5 Crossbow (20)'
    """
    lg, cg = goods_pair(variant, legal, contraband)
    k = int(variant.bag_max if k is None else k)
    if k < 1:
        raise ValueError(f"the bag size k must be at least 1, got {k}")
    if isinstance(max_bribe, bool) or not isinstance(max_bribe, int) or max_bribe < 0:
        raise ValueError(f"max_bribe must be a whole number of gold >= 0, got {max_bribe!r}")
    v_l, p_c, v_c = Fraction(lg.value), Fraction(cg.penalty), Fraction(cg.value)
    margin = v_c - v_l - p_c
    least, most = k * p_c, k * (v_c - v_l)
    if margin <= 0:
        reason = f"{cg.name} is worth {v_c}, not more than {lg.name} ({v_l}) plus its fine ({p_c})"
    elif max_bribe < least:
        reason = (
            f"a cap of {max_bribe} gold is less than the fine on a full bag of {k} {cg.name} "
            f"({least})"
        )
    else:
        reason = (
            f"{k} {cg.name} can pass for a bribe from the fine {least} up to "
            f"{min(most, Fraction(max_bribe))}"
        )
    possible = margin > 0 and max_bribe >= least
    return BribeCondition(lg.name, cg.name, margin, k, least, most, max_bribe, possible, reason)


def outcomes(solution: Solution, min_prob: float = 1e-3) -> pd.DataFrame:
    """What happens to the bag when both players follow a solved Sheriff game.

    ``solution`` is :func:`~sheriff_core.theory.solver.solve` of a game from
    :func:`~sheriff_core.theory.sheriff_game.sheriff_game` or
    :func:`~sheriff_core.theory.sheriff_game.sheriff_game_from_variant`. One row
    per (``load``, ``bribe`` of the last, binding round, ``sheriff``'s answer)
    reached with probability at least ``min_prob``, with that ``probability``.

    >>> import sheriff_core as sc
    >>> from sheriff_core import theory
    >>> v = sc.load_variant("classic")
    >>> g = theory.sheriff_game_from_variant(v, contraband="Crossbow", max_bribe=24, num_rounds=1)
    >>> outcomes(theory.solve(g, target=1e-4)).round(3)
       load  bribe sheriff  probability
    0     5     20    pass          1.0
    """
    import numpy as np
    import pandas as pd

    g = solution.game
    if "max_items" not in g.params:
        raise ValueError(f"{g.name} is not a Sheriff game (no max_items parameter)")
    plans = []
    for p in (0, 1):
        sigma, parent, info = solution.strategy[p], g.infoset_parent[p], g.seq_infoset[p]
        plan = np.ones(len(info))
        for seq in range(1, len(info)):  # a sequence's parent comes before it
            plan[seq] = plan[parent[info[seq]]] * sigma[seq]
        plans.append(plan)
    reach = plans[0][g.term_seq[0]] * plans[1][g.term_seq[1]]
    bribe0 = 3 + int(g.params["max_items"])
    rows = [
        (h[0] - 2, h[-2] - bribe0, "inspect" if h[-1] == 1 else "pass", float(r))
        for h, r in zip(g.histories, reach, strict=True)
    ]
    df = pd.DataFrame(rows, columns=["load", "bribe", "sheriff", "probability"])
    df = df.groupby(["load", "bribe", "sheriff"], as_index=False, sort=True)["probability"].sum()
    return df[df["probability"] >= min_prob].reset_index(drop=True)


# --- D. commitment ---


@dataclass(frozen=True)
class Commitment:
    """The Sheriff as a Stackelberg leader versus the simultaneous-move equilibrium.

    ``inspect_prob`` is the equilibrium rate ``q*``; the leader announces it (in
    practice just under it, so the merchant strictly prefers the full bag) and
    the merchant fills his bag (``load``). ``leader_*`` are the payoffs then,
    ``nash_*`` those of :func:`count_equilibrium`; ``gain`` is the Sheriff's.
    """

    inspect_prob: Fraction
    load: int
    leader_merchant_value: Fraction
    leader_sheriff_value: Fraction
    nash_merchant_value: Fraction
    nash_sheriff_value: Fraction

    @property
    def gain(self) -> Fraction:
        """What commitment gains the Sheriff per bag."""
        return self.leader_sheriff_value - self.nash_sheriff_value


def leader_values(
    variant: Any,
    inspect_prob: Fraction | float,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
) -> tuple[int, Fraction, Fraction]:
    """The merchant's best load against an announced inspection rate, and both payoffs.

    Returns ``(load, merchant_value, sheriff_value)``. Where several loads are
    best, the merchant takes the one the Sheriff prefers (the usual
    tie-break of a Stackelberg leader, who could get it by announcing a hair
    less or more).

    >>> import sheriff_core as sc
    >>> v = sc.load_variant("classic")
    >>> [leader_values(v, Fraction(q), contraband="Pepper")[0] for q in ("1/4", "1/3", "1/2")]
    [5, 5, 0]
    """
    q = Fraction(inspect_prob)
    if not 0 <= q <= 1:
        raise ValueError(f"an inspection rate is a probability between 0 and 1, got {q}")
    game = bag_game(variant, legal=legal, contraband=contraband, k=k)
    values = load_values(game, q)
    best = max(values.values())
    sheriff = {
        n: (1 - q) * game.sheriff[r][0] + q * game.sheriff[r][1] for r, n in enumerate(game.loads)
    }
    load = max((n for n, x in values.items() if x == best), key=lambda n: (sheriff[n], n))
    return load, values[load], sheriff[load]


def commitment(
    variant: Any,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
) -> Commitment:
    """What it is worth to the Sheriff to commit to an inspection rate (per bag).

    Against an announced rate below ``q*`` the merchant fills the bag (the
    Sheriff then earns ``q·k·pC``, rising with ``q``); above it he is honest
    (the Sheriff pays ``q·k·pL``). The leader's best is the top of the first
    branch: announce ``q*`` (a hair under it), earn ``q*·k·pC``, where the
    simultaneous game gives him ``0``; the merchant keeps his equilibrium value.
    Contrast with inspector leadership in Avenhaus, von Stengel and Zamir (2002):
    there the leader deters violations; here he profits from them.

    >>> import sheriff_core as sc
    >>> c = commitment(sc.load_variant("classic"), legal="Apples", contraband="Pepper")
    >>> c.inspect_prob, c.load, c.gain, c.leader_merchant_value == c.nash_merchant_value
    (Fraction(1, 3), 5, Fraction(20, 3), True)
    """
    eq = count_equilibrium(variant, legal=legal, contraband=contraband, k=k)
    load, m, s = leader_values(variant, eq.inspect_prob, legal=legal, contraband=contraband, k=k)
    return Commitment(eq.inspect_prob, load, m, s, eq.merchant_value, eq.sheriff_value)
