"""Charts for the game theory of bluffing, and the Sheriff game's equilibrium in words.

* :func:`sweep_chart` -- the equilibrium against a parameter
  (:func:`sheriff_core.theory.sweep`), both fine regimes side by side;
* :func:`best_response_chart` -- both best-response curves of a one-bag
  :class:`~sheriff_core.theory.InspectionGame` and their crossing, the equilibrium;
* :func:`convergence_chart` -- a solver's NashConv against iterations, log scale;
* :func:`outcome_frame`, :func:`load_distribution`, :func:`bribe_acceptance`,
  :func:`final_bribe_response` (replies on and off the path) and
  :func:`describe_sheriff_solution` -- what an equilibrium of the Sheriff game
  (:func:`sheriff_core.theory.sheriff_game`) does, as tables and in words.

>>> import sheriff_core as sc
>>> from sheriff_core import theory
>>> g = theory.inspection_game(sc.load_variant("classic"))
>>> best_response_chart(g).to_dict()["layer"][0]["mark"]["type"]
'line'
"""

from __future__ import annotations

from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from sheriff_core import theory
from sheriff_core.base.i18n import N_, _
from sheriff_core.present.viz import specs
from sheriff_core.present.words import fmt, percent, tips
from sheriff_core.theory import ExtensiveGame, InspectionGame, Solution

__all__ = [
    "QUANTITY_TITLES",
    "REGIME_STYLE",
    "sweep_chart",
    "best_response_frame",
    "best_response_data",
    "best_response_chart",
    "best_response_spec",
    "convergence_chart",
    "outcome_frame",
    "load_distribution",
    "bribe_acceptance",
    "final_bribe_response",
    "describe_sheriff_solution",
]

#: Readable names of the quantities in :func:`sheriff_core.theory.sweep`.
QUANTITY_TITLES: dict[str, str] = {
    "smuggle_prob": N_("merchant smuggles"),
    "inspect_prob": N_("Sheriff inspects"),
    "merchant_value": N_("merchant's expected gain"),
    "sheriff_value": N_("Sheriff's expected gain"),
}


#: How :func:`sweep_chart` draws each fine regime: the rules' case solid and wide,
#: Tsebelis' case dashed and thin on top, so that where the two coincide both stay visible.
_REGIMES = (N_("fine to Sheriff"), N_("fine not to Sheriff"))
REGIME_STYLE: dict[str, dict[str, Any]] = {
    "fine to Sheriff": {"dash": [1, 0], "width": 5.0, "colour": "#1f77b4"},
    "fine not to Sheriff": {"dash": [6, 4], "width": 2.0, "colour": "#d62728"},
}


def sweep_chart(
    sweep: pd.DataFrame,
    quantities: tuple[str, ...] = ("smuggle_prob", "inspect_prob"),
) -> alt.FacetChart:
    """Lines of the equilibrium probabilities against the swept parameter, one panel per
    quantity: **solid, wide** for "fine to Sheriff" (the rules), **dashed, thin** for
    "fine not to Sheriff" (Tsebelis). ``sweep`` is a :func:`sheriff_core.theory.sweep` table.

    The dashed line is drawn on top of the (half transparent) solid one, so where both
    regimes give the same number both lines can still be seen. One legend shows each
    regime's colour, dash and width: the marks the chart draws.

    >>> import sheriff_core as sc
    >>> from sheriff_core import theory
    >>> df = theory.sweep(sc.load_variant("classic"), "penalty", [1, 2, 4, 8])
    >>> spec = sweep_chart(df).to_dict()
    >>> spec["spec"]["encoding"]["x"]["field"], spec["facet"]["column"]["field"]
    ('penalty', 'panel')
    >>> dash = spec["spec"]["encoding"]["strokeDash"]["scale"]
    >>> dict(zip(dash["domain"], dash["range"]))
    {'fine to Sheriff': [1, 0], 'fine not to Sheriff': [6, 4]}
    """
    fixed = {"regime", "quantity", "amount"}
    params = [c for c in sweep.columns if c not in fixed]
    if len(params) != 1:
        raise ValueError(f"not a sweep table: columns {list(sweep.columns)}")
    param = params[0]
    data = sweep[sweep["quantity"].isin(quantities)].copy()
    data["panel"] = data["quantity"].map(lambda q: _(QUANTITY_TITLES[q]))
    # draw order: the wide solid line first, the thin dashed one over it
    styles = {_(r): s for r, s in REGIME_STYLE.items()}
    regimes = list(styles)
    data["regime"] = data["regime"].map(_)
    data["layer"] = data["regime"].map(regimes.index)
    data = data.sort_values(["layer", param], kind="stable").reset_index(drop=True)
    probability = set(quantities) <= {"smuggle_prob", "inspect_prob"}
    y = alt.Y(
        "amount:Q",
        title=_("probability") if probability else _("amount"),
        axis=alt.Axis(format="%") if probability else alt.Axis(),
        scale=alt.Scale(domain=[0, 1]) if probability else alt.Scale(zero=False),
    )
    legend = alt.Legend(symbolType="stroke", symbolSize=400, orient="bottom")
    title = _("the fine goes")

    def scale(key: str) -> alt.Scale:
        return alt.Scale(domain=regimes, range=[styles[r][key] for r in regimes])

    return (
        alt.Chart(data)
        .mark_line(opacity=0.8)
        .encode(
            x=alt.X(f"{param}:Q", title=_(param)),
            y=y,
            color=alt.Color("regime:N", title=title, scale=scale("colour"), legend=legend),
            strokeDash=alt.StrokeDash("regime:N", title=title, scale=scale("dash"), legend=legend),
            strokeWidth=alt.StrokeWidth(
                "regime:N", title=title, scale=scale("width"), legend=legend
            ),
            detail="regime:N",
            order=alt.Order(f"{param}:Q"),
            tooltip=tips(
                f"{param}:Q", "regime:N", "panel:N", alt.Tooltip("amount:Q", format=".3f")
            ),
        )
        .properties(width=260, height=200)
        .facet(
            column=alt.Column(
                "panel:N", title=None, sort=[_(QUANTITY_TITLES[q]) for q in quantities]
            )
        )
    )


def best_response_frame(game: InspectionGame, points: int = 101) -> pd.DataFrame:
    """Both best-response curves in one plane, tidy, ready to draw as lines.

    Columns: ``curve`` (``"merchant's best response"`` or ``"Sheriff's best
    response"``), ``inspect_prob``, ``smuggle_prob`` and ``step`` (drawing
    order). Built from :func:`sheriff_core.theory.best_response_curves`, with the
    exact jump at the equilibrium added (where the responder is indifferent
    and any mix is a best response).

    >>> import sheriff_core as sc
    >>> from sheriff_core import theory
    >>> df = best_response_frame(theory.inspection_game(sc.load_variant("classic")), points=3)
    >>> df[df.curve.str.startswith("merchant")][["inspect_prob", "smuggle_prob"]].values.tolist()
    [[0.0, 1.0], [0.2, 1.0], [0.2, 0.0], [0.5, 0.0], [1.0, 0.0]]
    """
    rows = _best_response_rows(game, points)
    return pd.DataFrame(rows, columns=["curve", "inspect_prob", "smuggle_prob", "step"])


def _best_response_rows(game: InspectionGame, points: int) -> list[tuple[str, float, float, int]]:
    """The rows of :func:`best_response_frame` (``step`` counts along each curve)."""
    curves = theory.best_response_curves(game, points=points)
    eq = theory.equilibrium(game)
    rows: list[tuple[str, float, float, int]] = []
    responders = (
        ("merchant", _("merchant's best response"), eq.inspect_prob),
        ("sheriff", _("Sheriff's best response"), eq.smuggle_prob),
    )
    for player, name, at in responders:
        sub = curves[curves["player"] == player]
        pts: list[tuple[float, float]] = []
        for x, lo, hi in zip(sub["opponent_prob"], sub["best_low"], sub["best_high"], strict=True):
            pts.append((float(x), float(lo)))
            if hi != lo:
                pts.append((float(x), float(hi)))
        if eq.kind == "mixed":
            pts += [(float(at), 0.0), (float(at), 1.0)]
        # order along the curve: by opponent's probability, then the way the curve runs
        falling = float(sub["best_low"].iloc[0]) > float(sub["best_low"].iloc[-1])
        pts = sorted(set(pts), key=lambda p: (round(p[0], 12), -p[1] if falling else p[1]))
        for step, (x, y) in enumerate(pts):
            rows.append((name, x, y, step) if player == "merchant" else (name, y, x, step))
    return rows


def best_response_data(game: InspectionGame) -> dict[str, list[dict[str, Any]]]:
    """The data :func:`best_response_chart` draws, as its named datasets: ``"curves"``
    (the rows of :func:`best_response_frame`) and ``"equilibrium"`` (one row: the
    equilibrium's ``inspect_prob``, ``smuggle_prob`` and its ``label``). Plain Python
    rows, the values altair makes of those tables (``specs.records``), built without
    pandas: the inspection explorer asks for them at every slider move.

    >>> import sheriff_core as sc
    >>> from sheriff_core import theory
    >>> data = best_response_data(theory.inspection_game(sc.load_variant("classic")))
    >>> data["equilibrium"][0]["label"]
    'equilibrium: inspect 20.0%, smuggle 71.4%'
    """
    eq = theory.equilibrium(game)
    shares = {
        "inspect": percent(eq.inspect_prob, 1),
        "smuggle": percent(eq.smuggle_prob, 1),
    }
    label = (
        fmt("equilibrium: inspect {inspect}, smuggle {smuggle}", **shares)
        if eq.unique
        else fmt("one of many equilibria: inspect {inspect}, smuggle {smuggle}", **shares)
    )
    columns = ("curve", "inspect_prob", "smuggle_prob", "step")
    return {
        "curves": [dict(zip(columns, row, strict=True)) for row in _best_response_rows(game, 101)],
        "equilibrium": [
            {
                "inspect_prob": float(eq.inspect_prob),
                "smuggle_prob": float(eq.smuggle_prob),
                "label": label,
            }
        ],
    }


def _best_response_layers(data: dict[str, list[dict[str, Any]]], title: str) -> alt.LayerChart:
    x = alt.X(
        "inspect_prob:Q", title=_("Sheriff inspects (probability)"), scale=alt.Scale(domain=[0, 1])
    )
    y = alt.Y(
        "smuggle_prob:Q",
        title=_("merchant smuggles (probability)"),
        scale=alt.Scale(domain=[0, 1]),
    )
    lines = (
        alt.Chart(alt.NamedData("curves"))
        .mark_line(strokeWidth=3)
        .encode(
            x=x,
            y=y,
            color=alt.Color("curve:N", title=None, legend=alt.Legend(orient="bottom")),
            order="step:Q",
        )
    )
    point = alt.NamedData("equilibrium")
    dot = (
        alt.Chart(point)
        .mark_point(size=140, filled=True, color="black")
        .encode(x=x, y=y, tooltip=tips("label:N"))
    )
    text = (
        alt.Chart(point)
        .mark_text(align="left", dx=8, dy=-10, fontSize=12)
        .encode(x=x, y=y, text="label:N")
    )
    chart = alt.layer(lines, dot, text, title=title, datasets=data)
    assert isinstance(chart, alt.LayerChart)  # alt.layer facets only when asked to
    return chart.properties(width=360, height=300)


def best_response_chart(game: InspectionGame, title: str | None = None) -> alt.LayerChart:
    """Best-response curves of a one-bag inspection game and the equilibrium where they cross.

    x is the Sheriff's inspection probability, y the merchant's smuggling
    probability. The equilibrium point carries its numbers in a label. The data are
    the named datasets of :func:`best_response_data` (see :func:`best_response_spec`).

    >>> import sheriff_core as sc
    >>> from sheriff_core import theory
    >>> spec = best_response_chart(theory.inspection_game(sc.load_variant("classic"))).to_dict()
    >>> [layer["mark"]["type"] for layer in spec["layer"]]
    ['line', 'point', 'text']
    >>> sorted(spec["datasets"])
    ['curves', 'equilibrium']
    """
    return _best_response_layers(best_response_data(game), title or game.label)


def best_response_spec(game: InspectionGame, title: str | None = None) -> specs.Spec:
    """The spec of :func:`best_response_chart` without building the chart: the chart's
    validated spec (built once) with this game's datasets and title filled in. It
    displays as the chart does (the active altair renderer draws it); the inspection
    explorer redraws its slider moves with it.

    >>> import sheriff_core as sc
    >>> from sheriff_core import theory
    >>> g = theory.inspection_game(sc.load_variant("classic"), value=9, penalty=2)
    >>> best_response_spec(g, "a title").to_dict() == best_response_chart(g, "a title").to_dict()
    True
    """
    data = best_response_data(game)
    title = title or game.label
    return specs.filled(
        "best_response", lambda: _best_response_layers(data, title), data, title=title
    )


def convergence_chart(trace: pd.DataFrame | Solution, title: str | None = None) -> alt.Chart:
    """NashConv against iterations on a log scale (a :func:`sheriff_core.theory.solve`
    trace, or the :class:`~sheriff_core.theory.Solution` itself). Only iterations and
    NashConv are drawn: both are deterministic, unlike the solver's seconds.

    >>> import pandas as pd
    >>> t = pd.DataFrame({"iteration": [10, 20], "seconds": [0.1, 0.2], "nash_conv": [1.0, 0.1]})
    >>> convergence_chart(t).to_dict()["encoding"]["y"]["scale"]["type"]
    'log'
    """
    if isinstance(trace, Solution):
        trace = trace.trace
    # Rounded to 4 significant digits: numpy's reductions may differ in the last bits
    # from run to run (memory alignment), and the SVG would then differ too.
    data = trace[["iteration", "nash_conv"]].assign(
        nash_conv=lambda d: d["nash_conv"].map(lambda x: float(f"{x:.4g}"))
    )
    return (
        alt.Chart(data, title=title or _("Solver convergence"))
        .mark_line(point=True)
        .encode(
            x=alt.X("iteration:Q", title=_("iterations")),
            y=alt.Y("nash_conv:Q", title=_("NashConv (log scale)"), scale=alt.Scale(type="log")),
            tooltip=tips("iteration:Q", alt.Tooltip("nash_conv:Q", format=".2e")),
        )
        .properties(width=360, height=220)
    )


# --------------------------------------------------------------------------- the Sheriff game


def _sheriff_params(game: ExtensiveGame) -> dict[str, Any]:
    need = {"max_items", "max_bribe", "num_rounds"}
    if not need <= set(game.params):
        raise ValueError(f"{game.name} is not a Sheriff game (built by theory.sheriff_game)")
    return game.params


def _plans(game: ExtensiveGame, strategy: tuple[np.ndarray, np.ndarray]) -> list[np.ndarray]:
    """Realization plans (probability of playing each sequence) from behaviour strategies."""
    plans = []
    for p in (0, 1):
        sig = np.asarray(strategy[p], dtype=float)
        plan = np.ones(len(sig))
        parent = game.infoset_parent[p]
        infoset = game.seq_infoset[p]
        for s in range(1, len(sig)):  # a sequence's parent always has a smaller number
            plan[s] = plan[int(parent[int(infoset[s])])] * sig[s]
        plans.append(plan)
    return plans


def outcome_frame(solution: Solution) -> pd.DataFrame:
    """How a solved Sheriff game ends: one row per terminal history that happens.

    Columns: ``items`` (illegal items loaded), ``bribe`` (the last, binding
    bribe), ``inspected``, ``probability`` (of reaching it when both play the
    solution), ``smuggler`` and ``sheriff`` (payoffs). Rows with probability
    below 1e-9 are dropped; the probabilities add up to 1.

    >>> from sheriff_core import theory
    >>> sol = theory.solve(theory.sheriff_game(num_rounds=1), target=1e-3)
    >>> round(float(outcome_frame(sol)["probability"].sum()), 6)
    1.0
    """
    from sheriff_core.theory.efce import terminal_outcomes

    game = solution.game
    _sheriff_params(game)  # a clear error for a game that is not the Sheriff game
    x, y = _plans(game, solution.strategy)
    return terminal_outcomes(game, x[game.term_seq[0]] * y[game.term_seq[1]])


def load_distribution(solution: Solution) -> pd.DataFrame:
    """The smuggler's equilibrium mix over how many illegal items to load, with the
    chance of being inspected and the expected payoffs for each choice.

    Columns: ``items``, ``probability``, ``inspected`` (probability of an
    inspection given this load), ``smuggler`` and ``sheriff`` (expected payoffs
    given this load).

    >>> from sheriff_core import theory
    >>> sol = theory.solve(theory.sheriff_game(num_rounds=1), target=1e-3)
    >>> round(float(load_distribution(sol)["probability"].sum()), 6)
    1.0
    """
    return _conditional(outcome_frame(solution), "items")


def bribe_acceptance(solution: Solution) -> pd.DataFrame:
    """For each final bribe that is offered at equilibrium: how often, how often the
    Sheriff takes it (lets the bag pass) and how many items are behind it on average.

    Columns: ``bribe``, ``probability``, ``accepted`` (probability of a pass
    given this bribe), ``mean_items``.

    >>> from sheriff_core import theory
    >>> sol = theory.solve(theory.sheriff_game(num_rounds=1), target=1e-3)
    >>> bool(bribe_acceptance(sol)["accepted"].between(0, 1).all())
    True
    """
    df = outcome_frame(solution)
    df = df.assign(passed=~df["inspected"], weighted_items=df["items"] * df["probability"])
    rows = []
    for b, sub in df.groupby("bribe", sort=True):
        p = float(sub["probability"].sum())
        rows.append(
            {
                "bribe": int(b),
                "probability": p,
                "accepted": float(sub.loc[sub["passed"], "probability"].sum()) / p,
                "mean_items": float(sub["weighted_items"].sum()) / p,
            }
        )
    return pd.DataFrame(rows, columns=["bribe", "probability", "accepted", "mean_items"])


def final_bribe_response(solution: Solution) -> pd.DataFrame:
    """How the Sheriff answers each possible final (binding) bribe, on the path or off it.

    For every final bribe ``b``: ``offered`` is how often the solution offers it;
    ``inspected`` the probability that the Sheriff inspects if the smuggler plays
    the solution in the earlier rounds and then offers ``b`` (weighted by how often
    each load and each earlier talk happen), whether or not the solution ever
    offers ``b``; ``paid`` the expected bribe paid with it (offered and taken).
    The replies to bribes never offered (``offered`` 0) are what deters offering
    them.

    >>> from sheriff_core import theory
    >>> sol = theory.solve(theory.sheriff_game(num_rounds=1), target=1e-3)
    >>> final_bribe_response(sol).columns.tolist()
    ['bribe', 'offered', 'inspected', 'paid']
    """
    game = solution.game
    prm = _sheriff_params(game)
    bribe0 = 3 + int(prm["max_items"])
    x, y = _plans(game, solution.strategy)
    seq0 = game.term_seq[0]
    # the smuggler's plan up to (not including) the final bribe; the Sheriff's to the end
    before = x[game.infoset_parent[0][game.seq_infoset[0][seq0]]]
    weight = before * y[game.term_seq[1]]
    reach = x[seq0] * y[game.term_seq[1]]
    bribe = np.array([h[-2] - bribe0 for h in game.histories])
    inspected = np.array([h[-1] == 1 for h in game.histories])
    rows = []
    for b in range(int(prm["max_bribe"]) + 1):
        at = bribe == b
        rows.append(
            {
                "bribe": b,
                "offered": float(reach[at].sum()),
                "inspected": float(weight[at & inspected].sum() / weight[at].sum()),
                "paid": float(b * reach[at & ~inspected].sum()),
            }
        )
    return pd.DataFrame(rows, columns=["bribe", "offered", "inspected", "paid"])


def _conditional(df: pd.DataFrame, key: str) -> pd.DataFrame:
    rows = []
    for k, sub in df.groupby(key, sort=True):
        p = float(sub["probability"].sum())
        w = sub["probability"] / p
        rows.append(
            {
                key: int(k),
                "probability": p,
                "inspected": float(w[sub["inspected"]].sum()),
                "smuggler": float((w * sub["smuggler"]).sum()),
                "sheriff": float((w * sub["sheriff"]).sum()),
            }
        )
    return pd.DataFrame(rows, columns=[key, "probability", "inspected", "smuggler", "sheriff"])


def _signed(x: float) -> str:
    text = f"{x:+.2f}"
    return "+0.00" if text == "-0.00" else text


def _pct(p: float) -> str:
    return f"{p:.0%}"


def describe_sheriff_solution(solution: Solution, threshold: float = 0.01) -> str:
    """The equilibrium of a solved Sheriff game in plain words: what the smuggler
    loads, which final bribes are offered and taken, and the expected payoffs.
    Choices played with probability below ``threshold`` are left out.

    >>> from sheriff_core import theory
    >>> sol = theory.solve(theory.sheriff_game(num_rounds=1), target=1e-4)
    >>> print(describe_sheriff_solution(sol).splitlines()[0])  # doctest: +ELLIPSIS
    The smuggler loads ...
    """
    loads = load_distribution(solution)
    loads = loads[loads["probability"] >= threshold]
    bribes = bribe_acceptance(solution)
    bribes = bribes[bribes["probability"] >= threshold]

    def items(n: int) -> str:
        return "nothing illegal" if n == 0 else f"{n} illegal item{'s' if n > 1 else ''}"

    parts = [
        f"{items(int(r.items))} {_pct(r.probability)} of the time "
        f"(then inspected {_pct(r.inspected)} of the time)"
        for r in loads.itertuples()
    ]
    lines = ["The smuggler loads " + "; ".join(parts) + "."]
    offers = [
        f"{'no bribe' if r.bribe == 0 else f'a bribe of {int(r.bribe)}'} ({_pct(r.probability)} of games, "
        f"taken {_pct(r.accepted)} of the time, {r.mean_items:.1f} items behind it on average)"
        for r in bribes.itertuples()
    ]
    lines.append("In the last, binding round the smuggler offers " + "; ".join(offers) + ".")
    u0, u1 = (_signed(u) for u in solution.values)
    lines.append(
        f"Expected payoffs: smuggler {u0}, Sheriff {u1} "
        f"(NashConv {solution.nash_conv:.1e} after {solution.iterations} iterations)."
    )
    return "\n".join(lines)
