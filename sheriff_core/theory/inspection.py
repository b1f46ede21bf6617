"""The one-bag inspection game: a merchant, a bag, a Sheriff who inspects or lets it pass.

The merchant puts ``k`` cards in the bag and declares ``k`` of one legal good.
Either the bag is *honest* (``k`` of the declared good) or it *smuggles* ``j``
contraband (or royal) cards with ``k - j`` of the declared good. The Sheriff,
who cannot see inside, *passes* the bag or *inspects* it. Payoffs are the
change in each player's score (gold plus goods on the stand) in this one bag:

================  ==============================  =====================
cell              merchant                        Sheriff
================  ==============================  =====================
honest, pass      ``k·vL``                        0
honest, inspect   ``k·vL + k·pL``                 ``−k·pL``
smuggle, pass     ``j·vC + (k−j)·vL``             0
smuggle, inspect  ``(k−j)·vL − j·pC``             ``j·pC`` (the fine)
================  ==============================  =====================

(``vL, pL`` value and penalty of the declared legal good, ``vC, pC`` of the
smuggled good.) When the contraband is worth more than the legal good
(``vC > vL``) and the fines and compensation are positive, no pure strategy
pair is stable, so both players mix; each mixes to make the *other*
indifferent:

* the Sheriff inspects with ``q* = j·(vC − vL) / (k·pL + j·(vC + pC))``,
* the merchant smuggles with ``s* = k·pL / (k·pL + R)`` where ``R`` is what the
  Sheriff earns by catching a smuggler (``R = j·pC`` under the rules: the fine
  is paid to the Sheriff).

At ``vC = vL`` there is a continuum of equilibria (the Sheriff passes, the
merchant smuggles with any probability up to ``s*``), below it honesty is the
only equilibrium: :func:`equilibrium` says which case holds and why.

The numbers rest on assumptions worth saying aloud: the load is fixed (``j``
cards; the lessons' headline 0.714/0.200 is for exactly **one** hidden Pepper
under 5 Apples; if the merchant chooses how many to hide, only an empty or a
full bag survives, see :func:`sheriff_core.theory.choices.count_equilibrium`), the payoffs are **absolute**
score changes (a Sheriff who scores his gain minus the merchant's faces
``10/17`` smuggling instead of ``5/7``: ``relative=True``), there are **no
King/Queen bonuses** (which make a good's value depend on the other stands)
and the game is **one shot** (no reputation across rounds).

Tsebelis (1989) studied the case where the fine goes to the state, not to the
inspector (``fine_to_sheriff=False``: ``R`` is a fixed reward). Then a harsher
fine lowers the inspection rate and leaves the violation rate unchanged. In
Sheriff the fine *is* paid to the Sheriff, so a harsher fine lowers the
smuggling rate too: :func:`sweep` shows both cases side by side.

>>> import sheriff_core as sc
>>> g = inspection_game(sc.load_variant("classic"), legal="Apples", contraband="Pepper", j=1)
>>> eq = equilibrium(g)
>>> round(eq.smuggle_prob, 4), round(eq.inspect_prob, 4)
(0.7143, 0.2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # pandas is imported by the functions that build tables, lazily:
    import pandas as pd  # bots read thresholds from this module without pandas

__all__ = [
    "InspectionGame",
    "Equilibrium",
    "inspection_game",
    "equilibrium",
    "inspection_threshold",
    "merchant_best_response",
    "sheriff_best_response",
    "best_response_curves",
    "equilibrium_table",
    "compare_variants",
    "sweep",
]

MERCHANT_ACTIONS = ("honest", "smuggle")
SHERIFF_ACTIONS = ("pass", "inspect")


@dataclass(frozen=True)
class InspectionGame:
    """A 2x2 bimatrix game; rows are the merchant's (honest, smuggle), columns the
    Sheriff's (pass, inspect). ``merchant[r][c]`` and ``sheriff[r][c]`` are payoffs.

    >>> g = InspectionGame(((0, 2), (3, -1)), ((0, -2), (0, 1)))
    >>> g.payoffs().shape
    (4, 4)
    """

    merchant: tuple[tuple[float, float], tuple[float, float]]
    sheriff: tuple[tuple[float, float], tuple[float, float]]
    label: str = "inspection game"
    params: tuple[tuple[str, Any], ...] = ()

    def payoffs(self) -> pd.DataFrame:
        """The four cells as a tidy table (merchant action, Sheriff action, payoffs)."""
        rows = [
            {
                "merchant_action": MERCHANT_ACTIONS[r],
                "sheriff_action": SHERIFF_ACTIONS[c],
                "merchant": float(self.merchant[r][c]),
                "sheriff": float(self.sheriff[r][c]),
            }
            for r in range(2)
            for c in range(2)
        ]
        import pandas as pd

        return pd.DataFrame(rows)

    def expected(self, smuggle_prob: float, inspect_prob: float) -> tuple[float, float]:
        """Expected (merchant, Sheriff) payoffs when both mix with these probabilities.

        >>> InspectionGame(((0, 2), (3, -1)), ((0, -2), (0, 1))).expected(0.5, 0.5)
        (1.0, -0.25)
        """
        pr = np.array([1.0 - smuggle_prob, smuggle_prob])
        pc = np.array([1.0 - inspect_prob, inspect_prob])
        a = np.asarray(self.merchant, dtype=float)
        b = np.asarray(self.sheriff, dtype=float)
        return float(pr @ a @ pc), float(pr @ b @ pc)


@dataclass(frozen=True)
class Equilibrium:
    """The Nash equilibria of an :class:`InspectionGame`, and one of them.

    ``smuggle_prob`` and ``inspect_prob`` are the mixing probabilities of the
    equilibrium returned (for a continuum: its end with the least smuggling and
    inspection); the values are its expected payoffs. ``kind`` says which case
    holds: ``"mixed"`` (the unique equilibrium is mixed), ``"pure"`` (the unique
    equilibrium is pure), ``"continuum"`` (infinitely many) or ``"multiple"``
    (several isolated ones); ``unique`` is True for the first two. ``reason``
    says why, in words and payoffs; ``exact`` holds the two probabilities as
    fractions; ``equilibria`` the whole set, as boxes
    ``((smuggle_low, smuggle_high), (inspect_low, inspect_high))`` of fractions.
    """

    smuggle_prob: float
    inspect_prob: float
    merchant_value: float
    sheriff_value: float
    kind: str
    unique: bool = True
    reason: str = ""
    exact: tuple[Fraction, Fraction] | None = None
    equilibria: tuple[tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]], ...] = ()


def _good(variant: Any, name: str | None, kinds: Sequence[str]) -> Any:
    if name is None:
        for g in variant.goods.values():
            if g.kind in kinds:
                return g
        raise ValueError(f"variant {variant.name!r} has no good of kind {list(kinds)}")
    if name not in variant.goods:
        raise ValueError(
            f"no good {name!r} in variant {variant.name!r}; goods: {list(variant.goods)}"
        )
    good = variant.goods[name]
    if good.kind not in kinds:
        raise ValueError(f"{name!r} is {good.kind}, expected one of {list(kinds)}")
    return good


def goods_pair(variant: Any, legal: str | None = None, contraband: str | None = None) -> Any:
    """The legal good and the contraband (or royal) good a one-bag model compares:
    the named ones, or the variant's first of each kind; a clear ``ValueError`` for
    an unknown name or a good of the wrong kind.

    >>> import sheriff_core as sc
    >>> lg, cg = goods_pair(sc.load_variant("classic"))
    >>> lg.name, cg.name
    ('Apples', 'Pepper')
    """
    return _good(variant, legal, ("legal",)), _good(variant, contraband, ("contraband", "royal"))


def inspection_game(
    variant: Any,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    j: int = 1,
    value: float | None = None,
    penalty: float | None = None,
    fine_to_sheriff: bool = True,
    catch_reward: float | None = None,
    relative: bool = False,
) -> InspectionGame:
    """Build the one-bag game from a loaded variant's numbers.

    ``legal`` is the declared good (default: the variant's first legal good),
    ``contraband`` the smuggled contraband or royal good (default: the first
    contraband), ``k`` the bag size (default ``variant.bag_max``), ``j`` how
    many smuggled cards (``1 <= j <= k``). ``value``/``penalty`` override the
    smuggled good's value and fine (for sweeps). With ``fine_to_sheriff=False``
    the Sheriff earns ``catch_reward`` for catching a smuggler whatever the fine
    (Tsebelis' setting); the default reward is the fine at the variant's own
    penalty, so both cases agree at the variant's numbers.

    The payoffs are **absolute** score changes of this one bag: no King/Queen
    bonuses, no later rounds. With ``relative=True`` the Sheriff scores his gain
    *minus the merchant's* (a Sheriff who only cares about beating this merchant);
    the merchant's payoffs are unchanged. For 5 Apples and 1 Pepper (classic) that
    moves the smuggling rate from 5/7 (0.714) to 10/17 (0.588).

    >>> import sheriff_core as sc
    >>> g = inspection_game(sc.load_variant("summary-sheet"), j=1)
    >>> g.merchant, g.sheriff
    (((10.0, 20.0), (14.0, 2.0)), ((0.0, -10.0), (0.0, 6.0)))
    """
    lg, cg = goods_pair(variant, legal, contraband)
    k = variant.bag_max if k is None else int(k)
    if not 1 <= j <= k:
        raise ValueError(f"j must be between 1 and k={k}, got {j}")
    v_l, p_l = float(lg.value), float(lg.penalty)
    v_c = float(cg.value if value is None else value)
    p_c = float(cg.penalty if penalty is None else penalty)
    if fine_to_sheriff:
        reward = j * p_c
    else:
        reward = float(j * cg.penalty if catch_reward is None else catch_reward)
    merchant = (
        (k * v_l, k * v_l + k * p_l),
        (j * v_c + (k - j) * v_l, (k - j) * v_l - j * p_c),
    )
    sheriff = ((0.0, -k * p_l), (0.0, reward))
    if relative:
        sheriff = tuple(
            tuple(sh - me for sh, me in zip(srow, mrow, strict=True))
            for srow, mrow in zip(sheriff, merchant, strict=True)
        )  # type: ignore[assignment]
    params: tuple[tuple[str, Any], ...] = (
        ("variant", variant.name),
        ("legal", lg.name),
        ("contraband", cg.name),
        ("k", k),
        ("j", j),
        ("legal_value", v_l),
        ("legal_penalty", p_l),
        ("value", v_c),
        ("penalty", p_c),
        ("fine_to_sheriff", fine_to_sheriff),
    )
    label = f"{variant.name}: {k} {lg.name} declared, {j} {cg.name} smuggled"
    if relative:
        params += (("relative", True),)
        label += " (Sheriff scores his gain minus the merchant's)"
    return InspectionGame(
        tuple(tuple(float(x) for x in row) for row in merchant),  # type: ignore[arg-type]
        tuple(tuple(float(x) for x in row) for row in sheriff),  # type: ignore[arg-type]
        label,
        params,
    )


_Box = tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]


def _best_response_boxes(g0: Fraction, g1: Fraction) -> list[tuple[Fraction, ...]]:
    """The graph of a best response as closed boxes ``(resp_lo, resp_hi, x_lo, x_hi)``.

    ``g0``/``g1`` are the responder's gain from its second action over its first when
    the opponent's probability ``x`` is 0/1 (the gain is linear in ``x``)."""
    zero, one = Fraction(0), Fraction(1)
    if g0 == 0 and g1 == 0:
        return [(zero, one, zero, one)]
    boxes: list[tuple[Fraction, ...]] = []
    pieces = [(zero, one, g0 if g0 != 0 else g1)]
    if g0 != g1:
        root = g0 / (g0 - g1)
        if zero <= root <= one:
            boxes.append((zero, one, root, root))  # indifferent: any mix
            pieces = [(zero, root, g0), (root, one, g1)]
    for lo, hi, sign in pieces:
        if sign > 0:
            boxes.append((one, one, lo, hi))
        elif sign < 0:
            boxes.append((zero, zero, lo, hi))
    return boxes


def _equilibrium_set(game: InspectionGame) -> list[_Box]:
    """Every Nash equilibrium, as boxes of (smuggle, inspect) probabilities, exactly."""
    a = [[Fraction(x) for x in row] for row in game.merchant]
    b = [[Fraction(x) for x in row] for row in game.sheriff]
    # merchant: gain of smuggling over honesty against q = 0 (pass) and q = 1 (inspect)
    merchant = _best_response_boxes(a[1][0] - a[0][0], a[1][1] - a[0][1])
    # Sheriff: gain of inspecting over passing against s = 0 (honest) and s = 1 (smuggler)
    sheriff = _best_response_boxes(b[0][1] - b[0][0], b[1][1] - b[1][0])
    found: list[_Box] = []
    for s_lo, s_hi, q_lo, q_hi in merchant:
        for q2_lo, q2_hi, s2_lo, s2_hi in sheriff:
            lo_s, hi_s = max(s_lo, s2_lo), min(s_hi, s2_hi)
            lo_q, hi_q = max(q_lo, q2_lo), min(q_hi, q2_hi)
            if lo_s <= hi_s and lo_q <= hi_q:
                found.append(((lo_s, hi_s), (lo_q, hi_q)))

    def inside(x: _Box, y: _Box) -> bool:
        return all(y[d][0] <= x[d][0] and x[d][1] <= y[d][1] for d in range(2))

    kept: list[_Box] = []
    for box in found:
        if box in kept or any(inside(box, o) for o in found if o != box):
            continue
        kept.append(box)
    return sorted(kept)


def _fmt(x: Fraction) -> str:
    return f"{float(x):.3g}"


def _describe(box: _Box) -> str:
    (s_lo, s_hi), (q_lo, q_hi) = box
    s = (
        f"smuggles with probability {_fmt(s_lo)}"
        if s_lo == s_hi
        else (f"smuggles with any probability from {_fmt(s_lo)} to {_fmt(s_hi)}")
    )
    q = (
        f"the Sheriff inspects with probability {_fmt(q_lo)}"
        if q_lo == q_hi
        else (f"the Sheriff inspects with any probability from {_fmt(q_lo)} to {_fmt(q_hi)}")
    )
    return f"{q} and the merchant {s}"


def _why(game: InspectionGame) -> str:
    """The four payoff differences that decide the case, in words."""
    a, b = game.merchant, game.sheriff
    g_pass, g_insp = a[1][0] - a[0][0], a[1][1] - a[0][1]
    d_honest, d_smuggle = b[0][1] - b[0][0], b[1][1] - b[1][0]

    def signed(x: float, up: str, down: str) -> str:
        return f"{up} {x:g}" if x > 0 else f"{down} {-x:g}" if x < 0 else f"{up} nothing"

    text = (
        f"smuggling instead of being honest {signed(g_pass, 'gains', 'loses')} when the bag "
        f"passes and {signed(g_insp, 'gains', 'loses')} when it is opened; opening "
        f"{signed(d_smuggle, 'gains the Sheriff', 'costs the Sheriff')} with a smuggler and "
        f"{signed(d_honest, 'gains him', 'costs him')} with an honest bag"
    )
    p = dict(game.params)
    if "value" in p:
        v, v_l = p["value"], p["legal_value"]
        rel = "more than" if v > v_l else "as much as" if v == v_l else "less than"
        text += (
            f" (contraband worth {v:g}, {rel} the declared good's {v_l:g}; fines "
            f"{p['penalty']:g} per smuggled card, {p['legal_penalty']:g} per honest card)"
        )
    return text


def equilibrium(game: InspectionGame) -> Equilibrium:
    """The Nash equilibria of a 2x2 game, exactly, and which case holds.

    The one-bag game has a **unique, mixed** equilibrium (no pure strategy pair
    is stable) when smuggling pays past a passing Sheriff and costs when the bag
    is opened, and opening pays against a smuggler and costs against an honest
    bag: in :func:`inspection_game`, when the contraband is worth more than the
    declared good and the fines and the compensation are positive. Then each
    player mixes to make the *other* indifferent. Otherwise the equilibrium may be
    **pure** (contraband worth less than the legal good: honest, pass) or there
    may be a **continuum** (contraband worth exactly the legal good: the Sheriff
    passes and the merchant smuggles with any probability up to a bound).
    ``kind``, ``unique`` and ``reason`` say which; ``equilibria`` holds the set.

    >>> g = InspectionGame(((0, 2), (3, -1)), ((0, -2), (0, 1)))
    >>> e = equilibrium(g)
    >>> e.kind, round(e.smuggle_prob, 4), round(e.inspect_prob, 4), e.exact
    ('mixed', 0.6667, 0.5, (Fraction(2, 3), Fraction(1, 2)))
    >>> import sheriff_core as sc
    >>> tie = equilibrium(inspection_game(sc.load_variant("classic"), value=2, j=1))
    >>> tie.kind, tie.unique
    ('continuum', False)
    >>> print(tie.reason)  # doctest: +NORMALIZE_WHITESPACE
    a continuum of equilibria: the Sheriff inspects with probability 0 and the merchant
    smuggles with any probability from 0 to 0.714, because smuggling instead of being
    honest gains nothing when the bag passes and loses 16 when it is opened; opening gains
    the Sheriff 4 with a smuggler and costs him 10 with an honest bag (contraband worth 2, as
    much as the declared good's 2; fines 4 per smuggled card, 2 per honest card)
    """
    boxes = _equilibrium_set(game)
    (s_lo, s_hi), (q_lo, q_hi) = boxes[0]
    if len(boxes) == 1 and s_lo == s_hi and q_lo == q_hi:
        pure = s_lo in (0, 1) and q_lo in (0, 1)
        kind = "pure" if pure else "mixed"
        head = f"a unique equilibrium, {kind}: {_describe(boxes[0])}"
        if not pure:
            head = f"a unique equilibrium, mixed (no pure pair is stable): {_describe(boxes[0])}"
    elif len(boxes) == 1 or any(lo != hi for box in boxes for lo, hi in box):
        kind = "continuum"
        head = "a continuum of equilibria: " + "; or ".join(map(_describe, boxes))
    else:
        kind = "multiple"
        head = f"{len(boxes)} equilibria: " + "; or ".join(map(_describe, boxes))
    m, v = game.expected(float(s_lo), float(q_lo))
    return Equilibrium(
        float(s_lo),
        float(q_lo),
        m,
        v,
        kind,
        unique=kind in ("pure", "mixed"),
        reason=f"{head}, because {_why(game)}",
        exact=(s_lo, q_lo),
        equilibria=tuple(boxes),
    )


def inspection_threshold(game: InspectionGame) -> float:
    """The inspection probability below which smuggling pays more than honesty.

    It is where the merchant is indifferent: ``q = g_pass / (g_pass - g_inspect)``
    with ``g_pass`` (``g_inspect``) the merchant's gain from smuggling rather than
    being honest when the Sheriff passes (inspects). 0 when smuggling never pays
    (contraband worth no more than the legal good), 1 when it always does. In the
    mixed equilibrium it is the Sheriff's inspection rate. Pure Python: the bots
    read it (:class:`~sheriff_core.bots.merchants.AdaptiveMerchant`).

    >>> import sheriff_core as sc
    >>> v = sc.load_variant("classic")
    >>> inspection_threshold(inspection_game(v, legal="Apples", contraband="Pepper", j=1))
    0.2
    >>> round(inspection_threshold(inspection_game(v, legal="Apples", contraband="Pepper", j=5)), 4)
    0.3333
    """
    a = game.merchant
    g_pass = a[1][0] - a[0][0]
    g_insp = a[1][1] - a[0][1]
    if g_pass <= 0 and g_insp <= 0:
        return 0.0
    if g_pass >= 0 and g_insp >= 0:
        return 1.0
    return float(g_pass / (g_pass - g_insp))


def merchant_best_response(game: InspectionGame, inspect_prob: float) -> tuple[float, float]:
    """The merchant's best smuggling probabilities against ``inspect_prob``.

    Returns the interval ``(low, high)``: ``(1, 1)`` smuggle, ``(0, 0)`` be
    honest, ``(0, 1)`` indifferent (any mix is a best response).

    >>> import sheriff_core as sc
    >>> g = inspection_game(sc.load_variant("classic"), j=1)
    >>> merchant_best_response(g, 0.1), merchant_best_response(g, 0.3)
    ((1.0, 1.0), (0.0, 0.0))
    """
    honest = game.expected(0.0, inspect_prob)[0]
    smuggle = game.expected(1.0, inspect_prob)[0]
    return _interval(smuggle - honest)


def sheriff_best_response(game: InspectionGame, smuggle_prob: float) -> tuple[float, float]:
    """The Sheriff's best inspection probabilities against ``smuggle_prob``
    (an interval, as in :func:`merchant_best_response`).

    >>> import sheriff_core as sc
    >>> g = inspection_game(sc.load_variant("classic"), j=1)
    >>> sheriff_best_response(g, 0.5), sheriff_best_response(g, 0.9)
    ((0.0, 0.0), (1.0, 1.0))
    """
    inspect = game.expected(smuggle_prob, 1.0)[1]
    let_pass = game.expected(smuggle_prob, 0.0)[1]
    return _interval(inspect - let_pass)


def _interval(gain: float, tol: float = 1e-12) -> tuple[float, float]:
    if gain > tol:
        return (1.0, 1.0)
    if gain < -tol:
        return (0.0, 0.0)
    return (0.0, 1.0)


def best_response_curves(game: InspectionGame, points: int = 101) -> pd.DataFrame:
    """Both best-response functions on a grid of the opponent's probability, tidy.

    Columns: ``player`` (who responds), ``opponent_prob`` (the other's
    smuggling or inspection probability), ``best_low``/``best_high`` (the
    best-response interval) and ``gain`` (payoff of the pure action minus the
    other: smuggle minus honest, inspect minus pass).

    >>> import sheriff_core as sc
    >>> df = best_response_curves(inspection_game(sc.load_variant("classic")), points=11)
    >>> df.groupby("player").size().to_dict()
    {'merchant': 11, 'sheriff': 11}
    """
    grid = np.linspace(0.0, 1.0, points)
    rows = []
    for p in grid:
        m_gain = game.expected(1.0, p)[0] - game.expected(0.0, p)[0]
        lo, hi = _interval(m_gain)
        rows.append(("merchant", float(p), lo, hi, m_gain))
        s_gain = game.expected(p, 1.0)[1] - game.expected(p, 0.0)[1]
        lo, hi = _interval(s_gain)
        rows.append(("sheriff", float(p), lo, hi, s_gain))
    cols = ["player", "opponent_prob", "best_low", "best_high", "gain"]
    import pandas as pd

    return pd.DataFrame(rows, columns=cols).sort_values(["player", "opponent_prob"], kind="stable")


def _eq_row(game: InspectionGame) -> dict[str, Any]:
    eq = equilibrium(game)
    row = dict(game.params)
    row.update(
        smuggle_prob=eq.smuggle_prob,
        inspect_prob=eq.inspect_prob,
        merchant_value=eq.merchant_value,
        sheriff_value=eq.sheriff_value,
        kind=eq.kind,
    )
    return row


def equilibrium_table(
    variant: Any, *, legal: str | None = None, k: int | None = None
) -> pd.DataFrame:
    """Equilibria for every smuggled good (contraband and royal) and every ``j`` in 1..k.

    One row per game: the parameters, then ``smuggle_prob``, ``inspect_prob``,
    ``merchant_value``, ``sheriff_value`` and ``kind``.

    >>> import sheriff_core as sc
    >>> t = equilibrium_table(sc.load_variant("classic"))
    >>> len(t), t["kind"].unique().tolist()
    (20, ['mixed'])
    """
    k = variant.bag_max if k is None else k
    rows = []
    for name, good in variant.goods.items():
        if good.kind == "legal":
            continue
        for j in range(1, k + 1):
            rows.append(_eq_row(inspection_game(variant, legal=legal, contraband=name, k=k, j=j)))
    import pandas as pd

    return pd.DataFrame(rows)


def compare_variants(
    variants: Iterable[Any], *, legal: str | None = None, k: int | None = None
) -> pd.DataFrame:
    """:func:`equilibrium_table` for several variants, stacked (one ``variant`` column).

    This is how ``classic`` and ``summary-sheet`` differ in numbers: same
    values, harsher fines, so both the smuggling and the inspection rates fall.

    >>> import sheriff_core as sc
    >>> vs = [sc.load_variant("classic"), sc.load_variant("summary-sheet")]
    >>> t = compare_variants(vs)
    >>> t.query("contraband == 'Pepper' and j == 1")[["variant", "penalty", "smuggle_prob"]]
    ... # doctest: +NORMALIZE_WHITESPACE
              variant  penalty  smuggle_prob
    0         classic      4.0      0.714286
    20  summary-sheet      6.0      0.625000
    """
    frames = [equilibrium_table(v, legal=legal, k=k) for v in variants]
    import pandas as pd

    return pd.concat(frames, ignore_index=True)


_SWEEPABLE = ("penalty", "value", "k")


def sweep(
    variant: Any,
    parameter: str,
    values: Iterable[float],
    *,
    legal: str | None = None,
    contraband: str | None = None,
    k: int | None = None,
    j: int = 1,
) -> pd.DataFrame:
    """How the equilibrium moves when ``parameter`` changes, in both fine regimes.

    ``parameter`` is ``"penalty"`` or ``"value"`` (of the smuggled good) or
    ``"k"`` (the bag size; ``j`` is capped at ``k``). The result is tidy: one
    row per (parameter value, ``regime``, ``quantity``), where ``regime`` is
    ``"fine to Sheriff"`` (the rules) or ``"fine not to Sheriff"`` (Tsebelis)
    and ``quantity`` one of ``smuggle_prob``, ``inspect_prob``,
    ``merchant_value``, ``sheriff_value``; its number is in ``amount``.

    >>> import sheriff_core as sc
    >>> df = sweep(sc.load_variant("classic"), "penalty", [2, 4, 8])
    >>> wide = df.pivot_table(index="penalty", columns=["regime", "quantity"], values="amount")
    >>> wide[("fine not to Sheriff", "smuggle_prob")].round(4).tolist()
    [0.7143, 0.7143, 0.7143]
    >>> wide[("fine to Sheriff", "smuggle_prob")].round(4).tolist()
    [0.8333, 0.7143, 0.5556]
    """
    if parameter not in _SWEEPABLE:
        raise ValueError(f"unknown parameter {parameter!r}; known: {list(_SWEEPABLE)}")
    rows = []
    quantities = ("smuggle_prob", "inspect_prob", "merchant_value", "sheriff_value")
    for x in values:
        for regime, to_sheriff in (("fine to Sheriff", True), ("fine not to Sheriff", False)):
            kw: dict[str, Any] = dict(legal=legal, contraband=contraband, k=k, j=j)
            if parameter == "k":
                kw["k"] = int(x)
                kw["j"] = min(j, int(x))
            else:
                kw[parameter] = float(x)
            eq = equilibrium(inspection_game(variant, fine_to_sheriff=to_sheriff, **kw))
            for qn in quantities:
                rows.append(
                    {parameter: x, "regime": regime, "quantity": qn, "amount": getattr(eq, qn)}
                )
    import pandas as pd

    return pd.DataFrame(rows)
