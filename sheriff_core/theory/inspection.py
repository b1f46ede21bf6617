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
smuggled good.) No pure strategy pair is stable, so both players mix. Each
mixes to make the *other* indifferent:

* the Sheriff inspects with ``q* = j·(vC − vL) / (k·pL + j·(vC + pC))``,
* the merchant smuggles with ``s* = k·pL / (k·pL + R)`` where ``R`` is what the
  Sheriff earns by catching a smuggler (``R = j·pC`` under the rules: the fine
  is paid to the Sheriff).

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
    """A Nash equilibrium of an :class:`InspectionGame`.

    ``smuggle_prob`` and ``inspect_prob`` are the mixing probabilities; ``kind``
    is ``"mixed"`` or ``"pure"``; the values are the expected payoffs.
    """

    smuggle_prob: float
    inspect_prob: float
    merchant_value: float
    sheriff_value: float
    kind: str


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

    >>> import sheriff_core as sc
    >>> g = inspection_game(sc.load_variant("summary-sheet"), j=1)
    >>> g.merchant, g.sheriff
    (((10.0, 20.0), (14.0, 2.0)), ((0.0, -10.0), (0.0, 6.0)))
    """
    lg = _good(variant, legal, ("legal",))
    cg = _good(variant, contraband, ("contraband", "royal"))
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
    params = (
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
    return InspectionGame(
        tuple(tuple(float(x) for x in row) for row in merchant),  # type: ignore[arg-type]
        tuple(tuple(float(x) for x in row) for row in sheriff),  # type: ignore[arg-type]
        label,
        params,
    )


def _is_pure_ne(g: InspectionGame, r: int, c: int) -> bool:
    a, b = g.merchant, g.sheriff
    return a[r][c] >= a[1 - r][c] and b[r][c] >= b[r][1 - c]


def equilibrium(game: InspectionGame) -> Equilibrium:
    """The Nash equilibrium of a 2x2 game, in closed form.

    If some cell is a pure equilibrium it is returned (the first in the order
    honest/pass, honest/inspect, smuggle/pass, smuggle/inspect). Otherwise the
    game cycles and the unique equilibrium is mixed: each player's probability
    makes the other indifferent.

    >>> g = InspectionGame(((0, 2), (3, -1)), ((0, -2), (0, 1)))
    >>> e = equilibrium(g)
    >>> e.kind, round(e.smuggle_prob, 4), round(e.inspect_prob, 4)
    ('mixed', 0.6667, 0.5)
    """
    for r in range(2):
        for c in range(2):
            if _is_pure_ne(game, r, c):
                m, s = game.expected(float(r), float(c))
                return Equilibrium(float(r), float(c), m, s, "pure")
    a, b = game.merchant, game.sheriff
    # Sheriff indifferent between pass and inspect:
    d_honest = b[0][1] - b[0][0]  # gain from inspecting an honest bag (negative)
    d_smuggle = b[1][1] - b[1][0]  # gain from inspecting a smuggler (positive)
    s = d_honest / (d_honest - d_smuggle)
    # Merchant indifferent between honest and smuggle:
    g_pass = a[1][0] - a[0][0]  # gain from smuggling past a passing Sheriff
    g_insp = a[1][1] - a[0][1]  # gain from smuggling into an inspection (negative)
    q = g_pass / (g_pass - g_insp)
    m, v = game.expected(s, q)
    return Equilibrium(float(s), float(q), m, v, "mixed")


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
