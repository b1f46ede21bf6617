"""Bribes via a mediator: extensive-form correlated equilibrium (EFCE) by one linear program.

A *mediator* draws a joint plan for both players and whispers each move to its
player only when that player reaches the information set where it applies.
A player who ignores a recommendation gets no more of them. The mediator's
distribution is an **extensive-form correlated equilibrium** (von Stengel and
Forges 2008) if no player, at any information set ``I`` and for any recommended
action ``a`` (a *trigger* ``(I, a)``), gains by deviating from there on.

For two players and no chance moves (the Sheriff game), von Stengel and Forges
show that the mediator only needs a **correlation plan** ``xi(s0, s1)``: the
probability that the smuggler's plan contains sequence ``s0`` and the
Sheriff's contains ``s1``, over *relevant* pairs (one sequence empty, or the
two information sets on a common path). A plan is valid iff ``xi(∅, ∅) = 1``,
``xi >= 0`` and, for every information set, the probabilities of its actions
add up to that of its parent sequence (per opponent sequence). The incentive
constraint of trigger ``(I, a)`` of player ``p`` -- "following is worth at least
the best deviation from ``I``" -- has a max inside; the max of a linear
function over ``p``'s sequence-form strategies below ``I`` equals the min of
its dual LP, so each trigger adds one free variable per information set below
``I`` and the whole thing is one LP, solved by HiGHS
(:func:`scipy.optimize.linprog`). See :func:`solve_efce`.

Independent checks: :func:`verify` recomputes every trigger's best deviation by
recursion over the tree (no LP duals) and returns the largest gain;
:func:`consistency_error` measures the plan's constraints;
:func:`normal_form_ce` is the brute-force normal-form correlated equilibrium
(every NFCE is an EFCE, so its welfare is a lower bound for the EFCE's);
:func:`decompose` turns a plan into a distribution over pure profiles, and
:func:`openspiel_device` hands it to OpenSpiel's ``ce_dist`` / ``cce_dist``.

>>> from sheriff_core.theory.sheriff_game import sheriff_game
>>> res = solve_efce(sheriff_game(**MEDIATOR_EXAMPLE))
>>> round(res.welfare, 3), verify(res.game, res.plan) <= 1e-9
(1.814, True)
>>> round(bribe_stats(res.game, res.plan)["paid_prob"], 3)  # bribes paid on the path
0.516
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from scipy import sparse
from scipy.optimize import linprog

from sheriff_core.theory.sheriff_game import ExtensiveGame

__all__ = [
    "OBJECTIVES",
    "CorrelationPlan",
    "EFCEResult",
    "NFCEResult",
    "relevant_pairs",
    "product_plan",
    "behaviour_plan",
    "solve_efce",
    "verify",
    "trigger_gains",
    "consistency_error",
    "plan_values",
    "outcome_table",
    "bribe_stats",
    "bribe_weights",
    "pure_strategies",
    "MAX_PURE_STRATEGIES",
    "normal_form_ce",
    "decompose",
    "nfce_distance",
    "openspiel_device",
    "efr_plan",
    "OPENSPIEL_PARAMS",
    "MEDIATOR_EXAMPLE",
]

#: A small Sheriff game where the mediator matters: contraband worth 4 a card,
#: fined 2 a card, an honest bag inspected earns 1. No normal-form correlated
#: equilibrium (so no Nash equilibrium) pays a bribe there; the welfare-maximising
#: EFCE does (see ``docs/efce.md``).
MEDIATOR_EXAMPLE: dict[str, float | int] = {
    "max_bribe": 2,
    "max_items": 2,
    "num_rounds": 1,
    "item_value": 4.0,
    "item_penalty": 2.0,
    "sheriff_penalty": 1.0,
}

#: The parameters of OpenSpiel's ``sheriff`` game (the rest of ``ExtensiveGame.params``
#: are this project's: a legal good's value, a bag size).
OPENSPIEL_PARAMS = (
    "item_penalty",
    "item_value",
    "sheriff_penalty",
    "max_bribe",
    "max_items",
    "num_rounds",
)

#: Objectives of :func:`solve_efce`: total payoff, one player's payoff, or any EFCE.
OBJECTIVES = ("welfare", "smuggler", "sheriff", "feasibility")


class _Tree:
    """Per-player structure of an :class:`ExtensiveGame` used by the LP and the checks."""

    def __init__(self, game: ExtensiveGame) -> None:
        self.game = game
        self.n_seq = [len(game.seq_infoset[p]) for p in (0, 1)]
        self.n_info = [len(game.infosets[p]) for p in (0, 1)]
        self.info_seqs: list[list[list[int]]] = []
        self.children: list[list[list[int]]] = []  # sequence -> infosets right after it
        self.term_at: list[list[list[int]]] = []  # sequence -> terminals where it is last
        for p in (0, 1):
            seqs: list[list[int]] = [[] for _ in range(self.n_info[p])]
            for s in range(1, self.n_seq[p]):
                seqs[int(game.seq_infoset[p][s])].append(s)
            kids: list[list[int]] = [[] for _ in range(self.n_seq[p])]
            for i in range(self.n_info[p]):
                kids[int(game.infoset_parent[p][i])].append(i)
            terms: list[list[int]] = [[] for _ in range(self.n_seq[p])]
            for z, s in enumerate(game.term_seq[p]):
                terms[int(s)].append(z)
            self.info_seqs.append(seqs)
            self.children.append(kids)
            self.term_at.append(terms)

    def parent_seq(self, p: int, s: int) -> int:
        return int(self.game.infoset_parent[p][int(self.game.seq_infoset[p][s])])

    def path_infosets(self, p: int, s: int) -> list[int]:
        """Information sets of player ``p`` on the way to (and including) sequence ``s``."""
        out = []
        while s != 0:
            i = int(self.game.seq_infoset[p][s])
            out.append(i)
            s = int(self.game.infoset_parent[p][i])
        return out

    def subtree(self, p: int, i: int) -> list[int]:
        """Information set ``i`` and all of player ``p``'s information sets below it (preorder)."""
        out, stack = [], [i]
        while stack:
            j = stack.pop()
            out.append(j)
            for s in reversed(self.info_seqs[p][j]):
                stack.extend(reversed(self.children[p][s]))
        return out

    def terminals_below(self, p: int, s: int) -> list[int]:
        """Terminals whose player-``p`` path goes through sequence ``s``."""
        out, stack = [], [s]
        while stack:
            t = stack.pop()
            out.extend(self.term_at[p][t])
            for i in self.children[p][t]:
                stack.extend(self.info_seqs[p][i])
        return out

    def connected(self) -> set[tuple[int, int]]:
        """Pairs (smuggler infoset, Sheriff infoset) that lie on a common path."""
        out: set[tuple[int, int]] = set()
        g = self.game
        for z in range(len(g.payoff)):
            a = self.path_infosets(0, int(g.term_seq[0][z]))
            b = self.path_infosets(1, int(g.term_seq[1][z]))
            out.update(itertools.product(a, b))
        return out


def relevant_pairs(game: ExtensiveGame) -> np.ndarray:
    """The relevant sequence pairs ``(s0, s1)`` of von Stengel and Forges, sorted.

    A pair is relevant if one sequence is empty or the two last information
    sets lie on a common path of the tree. Only these carry a correlation plan.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> relevant_pairs(bimatrix_game([[0, 1], [1, 0]], [[0, 0], [0, 0]])).shape
    (9, 2)
    """
    tree = _Tree(game)
    return _relevant(tree)


def _relevant(tree: _Tree) -> np.ndarray:
    pairs: set[tuple[int, int]] = {(0, s) for s in range(tree.n_seq[1])}
    pairs.update((s, 0) for s in range(tree.n_seq[0]))
    for i, j in tree.connected():
        for s0 in tree.info_seqs[0][i]:
            for s1 in tree.info_seqs[1][j]:
                pairs.add((s0, s1))
    return np.array(sorted(pairs), dtype=np.int64).reshape(-1, 2)


@dataclass(frozen=True, eq=False)
class CorrelationPlan:
    """A correlation plan: ``value[k]`` is the probability that the smuggler's
    recommended plan contains sequence ``pairs[k, 0]`` and the Sheriff's
    contains ``pairs[k, 1]``. Index it with a pair: ``plan[s0, s1]``.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    >>> plan = product_plan(g, np.array([1, 1.0, 0]), np.array([1, 0.5, 0.5]))
    >>> plan[1, 2]
    0.5
    """

    game: ExtensiveGame
    pairs: np.ndarray
    value: np.ndarray

    @property
    def index(self) -> dict[tuple[int, int], int]:
        cached = self.__dict__.get("_index")
        if cached is None:
            cached = {(int(a), int(b)): k for k, (a, b) in enumerate(self.pairs)}
            object.__setattr__(self, "_index", cached)
        return cached

    def __getitem__(self, key: tuple[int, int]) -> float:
        k = self.index.get((int(key[0]), int(key[1])))
        if k is None:
            raise KeyError(f"sequence pair {key} is not relevant: the plan has no value for it")
        return float(self.value[k])

    def terminal_probabilities(self) -> np.ndarray:
        """Probability of reaching each terminal when both players follow the plan."""
        g = self.game
        return np.array([self[int(a), int(b)] for a, b in zip(*g.term_seq, strict=True)])


def product_plan(game: ExtensiveGame, x0: np.ndarray, x1: np.ndarray) -> CorrelationPlan:
    """The correlation plan of two independent strategies given as realization plans
    (``x_p[s]`` = probability that player ``p`` plays sequence ``s``; ``x_p[0] = 1``).

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    >>> product_plan(g, np.array([1, .5, .5]), np.array([1, .5, .5])).value.sum()
    np.float64(4.0)
    """
    pairs = relevant_pairs(game)
    x0, x1 = np.asarray(x0, dtype=float), np.asarray(x1, dtype=float)
    return CorrelationPlan(game, pairs, x0[pairs[:, 0]] * x1[pairs[:, 1]])


def behaviour_plan(game: ExtensiveGame, strategy: tuple[np.ndarray, np.ndarray]) -> CorrelationPlan:
    """The correlation plan of a behaviour-strategy profile (per sequence, as
    :attr:`sheriff_core.theory.Solution.strategy`): the players move independently,
    e.g. a Nash equilibrium seen as a (trivial) mediator.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    >>> behaviour_plan(g, (np.array([1, .5, .5]), np.array([1, 1., 0])))[2, 1]
    0.5
    """
    x = []
    for p in (0, 1):
        seq_info, parent = game.seq_infoset[p], game.infoset_parent[p]
        sigma = np.asarray(strategy[p], dtype=float)
        plan = np.ones(len(seq_info))
        for s in range(1, len(seq_info)):  # parents come before their children
            plan[s] = plan[parent[seq_info[s]]] * sigma[s]
        x.append(plan)
    return product_plan(game, x[0], x[1])


@dataclass(frozen=True, eq=False)
class EFCEResult:
    """What :func:`solve_efce` returns: the plan, its values and the LP's size and time."""

    game: ExtensiveGame
    objective: str
    plan: CorrelationPlan
    values: tuple[float, float]
    welfare: float
    plan_variables: int
    variables: int
    constraints: int
    nonzeros: int
    seconds: float
    build_seconds: float
    status: str


def _objective_name(objective: str | int) -> str:
    """``0`` and ``1`` name the players' own objectives; a string is kept as it is."""
    if isinstance(objective, str):
        return objective
    return {0: "smuggler", 1: "sheriff"}.get(objective, repr(objective))


def _objective_weights(objective: str | int) -> tuple[float, float]:
    key = _objective_name(objective)
    weights = {
        "welfare": (1.0, 1.0),
        "smuggler": (1.0, 0.0),
        "sheriff": (0.0, 1.0),
        "feasibility": (0.0, 0.0),
    }
    if key not in weights:
        raise ValueError(f"unknown EFCE objective {objective!r}; known: {list(OBJECTIVES)}")
    return weights[key]


def _terminal_weights(game: ExtensiveGame, w: np.ndarray) -> np.ndarray:
    w = np.asarray(w, dtype=float)
    if w.shape != (len(game.payoff),):
        raise ValueError(
            f"terminal_weights must have one entry per terminal ({len(game.payoff)}), "
            f"got shape {w.shape}"
        )
    return w


def bribe_weights(game: ExtensiveGame) -> np.ndarray:
    """Per terminal of a Sheriff game, the bribe actually paid (the last bribe if the
    bag passes, else 0): pass it as ``terminal_weights`` to maximise bribes.

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> bribe_weights(sheriff_game(max_bribe=1, max_items=1, num_rounds=1)).tolist()
    [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    """
    bribe0 = _sheriff_bribe0(game)
    return np.array([(h[-2] - bribe0) * (h[-1] == 0) for h in game.histories], dtype=float)


class _Rows:
    """Sparse constraint rows, built as ``(row, column, value)`` triplets."""

    def __init__(self) -> None:
        self.r: list[int] = []
        self.c: list[int] = []
        self.v: list[float] = []
        self.n = 0

    def new_row(self) -> int:
        self.n += 1
        return self.n - 1

    def add(self, row: int, column: int, value: float) -> None:
        self.r.append(row)
        self.c.append(column)
        self.v.append(value)

    def matrix(self, columns: int) -> sparse.csr_matrix:
        return sparse.csr_matrix((self.v, (self.r, self.c)), shape=(self.n, columns))


def _consistency_rows(tree: _Tree, xi: Callable[[int, int], int]) -> _Rows:
    """The plan's equalities: ``xi(empty, empty) = 1`` (row 0), then for each infoset
    ``I`` of a player and each opponent sequence relevant to ``I``, the plan on ``I``'s
    sequences sums to the plan on its parent sequence (right-hand side 0)."""
    g = tree.game
    eq = _Rows()
    eq.add(eq.new_row(), xi(0, 0), 1.0)
    opp_of: list[dict[int, list[int]]] = [{}, {}]
    for i, j in tree.connected():
        opp_of[0].setdefault(i, []).extend(tree.info_seqs[1][j])
        opp_of[1].setdefault(j, []).extend(tree.info_seqs[0][i])
    for p in (0, 1):
        for i in range(tree.n_info[p]):
            par = int(g.infoset_parent[p][i])
            for o in [0, *sorted(set(opp_of[p].get(i, [])))]:
                r = eq.new_row()
                for s in tree.info_seqs[p][i]:
                    eq.add(r, xi(s, o) if p == 0 else xi(o, s), 1.0)
                eq.add(r, xi(par, o) if p == 0 else xi(o, par), -1.0)
    return eq


def _incentive_rows(tree: _Tree, xi: Callable[[int, int], int], n_xi: int) -> tuple[_Rows, int]:
    """The incentive constraints (as ``A_ub @ x <= 0``) and the number of variables: per
    trigger ``(I, a)`` of player ``p``, one free dual variable per information set of
    ``p`` at or below ``I``, their feasibility rows and "follow >= dual value at I"."""
    g = tree.game
    ub = _Rows()
    n_var = n_xi
    for p in (0, 1):
        u = g.payoff[:, p]
        opp_seq = g.term_seq[1 - p]
        own_seq = g.term_seq[p]
        for i in range(tree.n_info[p]):
            below = tree.subtree(p, i)
            for t in tree.info_seqs[p][i]:
                dual = {j: n_var + k for k, j in enumerate(below)}
                n_var += len(below)
                # v[j] - sum_children v - sum_z u(z) xi(t, opp(z)) >= 0 for each s in j
                for j in below:
                    for s in tree.info_seqs[p][j]:
                        r = ub.new_row()
                        ub.add(r, dual[j], -1.0)
                        for jj in tree.children[p][s]:
                            ub.add(r, dual[jj], 1.0)
                        for z in tree.term_at[p][s]:
                            o = int(opp_seq[z])
                            ub.add(r, xi(t, o) if p == 0 else xi(o, t), float(u[z]))
                # follow value - v[i] >= 0
                r = ub.new_row()
                ub.add(r, dual[i], 1.0)
                for z in tree.terminals_below(p, t):
                    s_own, o = int(own_seq[z]), int(opp_seq[z])
                    ub.add(r, xi(s_own, o) if p == 0 else xi(o, s_own), -float(u[z]))
    return ub, n_var


def solve_efce(
    game: ExtensiveGame,
    objective: str | int = "welfare",
    terminal_weights: np.ndarray | None = None,
) -> EFCEResult:
    """An extensive-form correlated equilibrium maximising ``objective``, by one LP.

    ``objective``: ``"welfare"`` (sum of payoffs), ``"smuggler"`` / ``"sheriff"``
    (or player ``0`` / ``1``), or ``"feasibility"`` (any EFCE). Variables: the
    plan over relevant pairs, plus, per trigger ``(I, a)`` of player ``p``, one
    free dual variable per information set of ``p`` at or below ``I``
    (sequence-form best-response duals). Constraints: the plan's consistency
    equalities and, per trigger, the dual feasibility inequalities and
    "follow >= dual value at I".

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> res = solve_efce(sheriff_game(**MEDIATOR_EXAMPLE), "sheriff")  # best EFCE for the Sheriff
    >>> res.status, round(res.values[0], 3), round(res.values[1], 3)
    ('optimal', 0.615, 1.143)
    >>> solve_efce(sheriff_game(num_rounds=1), "bribes")
    Traceback (most recent call last):
    ...
    ValueError: unknown EFCE objective 'bribes'; known: ['welfare', 'smuggler', 'sheriff', 'feasibility']
    """
    weights = _objective_weights(objective)
    if terminal_weights is not None:
        terminal_weights = _terminal_weights(game, terminal_weights)
        objective = "custom"
    t0 = time.perf_counter()
    g = game
    tree = _Tree(g)
    pairs = _relevant(tree)
    col = {(int(a), int(b)): k for k, (a, b) in enumerate(pairs)}
    n_xi = len(pairs)

    def xi(s0: int, s1: int) -> int:
        k = col.get((s0, s1))
        if k is None:  # cannot happen for a perfect-recall tree without chance
            raise ValueError(f"sequence pair {(s0, s1)} needed but not relevant")
        return k

    eq = _consistency_rows(tree, xi)
    b_eq = [1.0] + [0.0] * (eq.n - 1)  # xi(empty, empty) = 1, then the consistency rows
    ub, n_var = _incentive_rows(tree, xi, n_xi)
    n_ub = ub.n
    c = np.zeros(n_var)
    reward = g.payoff @ np.array(weights) if terminal_weights is None else terminal_weights
    for z in range(len(g.payoff)):
        c[xi(int(g.term_seq[0][z]), int(g.term_seq[1][z]))] -= reward[z]
    a_eq = eq.matrix(n_var)
    a_ub = ub.matrix(n_var)
    bounds = np.zeros((n_var, 2))  # the plan is >= 0, the duals are free
    bounds[:n_xi, 1] = np.inf
    bounds[n_xi:] = (-np.inf, np.inf)
    build = time.perf_counter() - t0
    t1 = time.perf_counter()
    lp = linprog(
        c, A_ub=a_ub, b_ub=np.zeros(n_ub), A_eq=a_eq, b_eq=np.array(b_eq), bounds=bounds,
        method="highs",
    )  # fmt: skip
    seconds = time.perf_counter() - t1
    if lp.status != 0:
        raise RuntimeError(f"the EFCE LP was not solved: {lp.message}")
    value = np.clip(lp.x[:n_xi], 0.0, None)
    plan = CorrelationPlan(g, pairs, value)
    u0, u1 = plan_values(g, plan)
    return EFCEResult(
        game=g,
        objective=_objective_name(objective),
        plan=plan,
        values=(u0, u1),
        welfare=u0 + u1,
        plan_variables=n_xi,
        variables=n_var,
        constraints=len(b_eq) + n_ub,
        nonzeros=int(a_eq.nnz + a_ub.nnz),
        seconds=seconds,
        build_seconds=build,
        status="optimal",
    )


def plan_values(game: ExtensiveGame, plan: CorrelationPlan) -> tuple[float, float]:
    """Expected payoffs (smuggler, Sheriff) when both follow the plan.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[2, 0], [0, 2]])
    >>> plan_values(g, product_plan(g, np.array([1, 1., 0]), np.array([1, 1., 0])))
    (1.0, 2.0)
    """
    reach = plan.terminal_probabilities()
    return float(reach @ game.payoff[:, 0]), float(reach @ game.payoff[:, 1])


def _trigger_values(
    tree: _Tree, plan: CorrelationPlan, p: int, i: int, t: int
) -> tuple[float, float]:
    """(follow, best deviation) of player ``p``'s trigger: sequence ``t`` at infoset ``i``."""
    game = tree.game
    u = game.payoff[:, p]
    own_seq, opp_seq = game.term_seq[p], game.term_seq[1 - p]

    def weight(a: int, b: int) -> float:
        return plan[a, b] if p == 0 else plan[b, a]

    def best(j: int) -> float:
        vals = []
        for s in tree.info_seqs[p][j]:
            v = sum(u[z] * weight(t, int(opp_seq[z])) for z in tree.term_at[p][s])
            v += sum(best(jj) for jj in tree.children[p][s])
            vals.append(v)
        return max(vals)

    follow = sum(
        u[z] * weight(int(own_seq[z]), int(opp_seq[z])) for z in tree.terminals_below(p, t)
    )
    return float(follow), float(best(i))


def trigger_gains(game: ExtensiveGame, plan: CorrelationPlan) -> pd.DataFrame:
    """Every trigger's gain from deviating, recomputed by recursion over the tree.

    For trigger ``(I, a)`` of player ``p``: *follow* is ``p``'s payoff over the
    terminals below ``a`` weighted by the plan; *deviate* is the best payoff
    ``p`` can get from ``I`` on, choosing at each of its own information sets
    (a max per information set, bottom-up) against the opponent's conditional
    recommendations ``xi(Ia, ·)``. Both are unnormalised (times the chance
    that the trigger fires). One row per trigger: ``player``, ``infoset``,
    ``action``, ``follow``, ``deviate``, ``gain``.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    >>> plan = product_plan(g, np.array([1, 1., 0]), np.array([1, 0., 1]))
    >>> trigger_gains(g, plan)["gain"].tolist()  # told r0 / c1, each would switch
    [1.0, 0.0, 0.0, 1.0]
    """
    tree = _Tree(game)
    rows = []
    for p in (0, 1):
        for i in range(tree.n_info[p]):
            for t in tree.info_seqs[p][i]:
                follow, deviate = _trigger_values(tree, plan, p, i, t)
                rows.append(
                    (
                        game.players[p],
                        game.infosets[p][i],
                        game.seq_label[p][t],
                        follow,
                        deviate,
                        deviate - follow,
                    )
                )
    cols = ["player", "infoset", "action", "follow", "deviate", "gain"]
    return pd.DataFrame(rows, columns=cols)


def verify(game: ExtensiveGame, plan: CorrelationPlan) -> float:
    """The largest gain any trigger agent gets by deviating (``<= 0`` for an EFCE).

    Computed by :func:`trigger_gains`, without the LP. A deliberately bad plan
    (Sheriff told to pass a full bag) shows a positive gain:

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> g = sheriff_game(max_bribe=1, max_items=1, num_rounds=1)
    >>> x0 = np.zeros(len(g.seq_infoset[0])); x1 = np.zeros(len(g.seq_infoset[1]))
    >>> x0[[0, 2, 5]] = 1; x1[[0, 1, 3]] = 1  # load 1, bribe 0; always pass
    >>> [g.seq_label[0][s] for s in (2, 5)], [g.seq_label[1][s] for s in (1, 3)]
    (['load 1', 'bribe 0'], ['pass', 'pass'])
    >>> verify(g, product_plan(g, x0, x1))
    2.0
    """
    return float(trigger_gains(game, plan)["gain"].max())


def consistency_error(game: ExtensiveGame, plan: CorrelationPlan) -> float:
    """Largest violation of the plan's constraints: ``xi(∅,∅) = 1``, ``xi >= 0`` and,
    for each information set and each relevant opponent sequence, the actions'
    probabilities adding up to the parent sequence's.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[1, 0], [0, 1]])
    >>> consistency_error(g, product_plan(g, np.array([1, .5, .5]), np.array([1, .2, .8])))
    0.0
    >>> consistency_error(g, product_plan(g, np.array([1, .5, .7]), np.array([1, .2, .8])))
    0.2
    """
    tree = _Tree(game)
    err = max(abs(plan[0, 0] - 1.0), float(max(0.0, -plan.value.min())))
    seqs_of = tree.info_seqs
    for i, j in tree.connected() | {(i, -1) for i in range(tree.n_info[0])}:
        opp = [0] if j < 0 else [0, *seqs_of[1][j]]
        for o in opp:
            tot = sum(plan[s, o] for s in seqs_of[0][i])
            err = max(err, abs(tot - plan[int(game.infoset_parent[0][i]), o]))
    for i, j in tree.connected() | {(-1, j) for j in range(tree.n_info[1])}:
        opp = [0] if i < 0 else [0, *seqs_of[0][i]]
        for o in opp:
            tot = sum(plan[o, s] for s in seqs_of[1][j])
            err = max(err, abs(tot - plan[o, int(game.infoset_parent[1][j])]))
    return round(float(err), 15)


def _sheriff_bribe0(game: ExtensiveGame) -> int:
    if "max_items" not in game.params:
        raise ValueError(f"{game.name} is not a Sheriff game (no max_items parameter)")
    return 3 + int(game.params["max_items"])


def outcome_table(game: ExtensiveGame, plan: CorrelationPlan) -> pd.DataFrame:
    """How a Sheriff game ends under a plan: one row per terminal that happens.

    Columns: ``items`` loaded, the binding (last) ``bribe``, ``inspected``,
    ``probability``, and the payoffs ``smuggler`` and ``sheriff``. Rows below
    1e-9 are dropped.

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> res = solve_efce(sheriff_game(max_bribe=1, max_items=1, num_rounds=1))
    >>> round(float(outcome_table(res.game, res.plan)["probability"].sum()), 9)
    1.0
    """
    return terminal_outcomes(game, plan.terminal_probabilities())


def terminal_outcomes(game: ExtensiveGame, reach: np.ndarray) -> pd.DataFrame:
    """The Sheriff game's terminals reached with probability ``reach`` (one per
    terminal, in ``game.histories`` order) as rows: ``items``, ``bribe`` (the last),
    ``inspected``, ``probability``, ``smuggler``, ``sheriff``; rows below 1e-9 dropped.
    Shared by :func:`outcome_table` (a mediator's plan) and
    :func:`sheriff_core.present.viz.theory.outcome_frame` (a Nash equilibrium).

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> g = sheriff_game(max_bribe=1, max_items=1, num_rounds=1)
    >>> reach = np.zeros(len(g.histories)); reach[0] = 1.0
    >>> terminal_outcomes(g, reach)[["items", "bribe", "inspected"]].values.tolist()
    [[0, 0, False]]
    """
    bribe0 = _sheriff_bribe0(game)
    hist = game.histories
    df = pd.DataFrame(
        {
            "items": [h[0] - 2 for h in hist],
            "bribe": [h[-2] - bribe0 for h in hist],
            "inspected": [h[-1] == 1 for h in hist],
            "probability": reach,
            "smuggler": game.payoff[:, 0],
            "sheriff": game.payoff[:, 1],
        }
    )
    return df[df["probability"] > 1e-9].reset_index(drop=True)


def bribe_stats(game: ExtensiveGame, plan: CorrelationPlan) -> dict[str, float]:
    """Bribes on the plan's path: ``paid_prob`` (a positive final bribe is offered and
    the bag passes), ``expected_bribe`` (the Sheriff's expected bribe income),
    ``inspect_prob`` and ``smuggle_prob`` (illegal items loaded).

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> res = solve_efce(sheriff_game(max_bribe=1, max_items=1, num_rounds=1))
    >>> sorted(bribe_stats(res.game, res.plan))
    ['expected_bribe', 'inspect_prob', 'paid_prob', 'smuggle_prob']
    """
    df = outcome_table(game, plan)
    paid = (df["bribe"] > 0) & ~df["inspected"]
    return {
        "paid_prob": float(df.loc[paid, "probability"].sum()),
        "expected_bribe": float((df["probability"] * df["bribe"] * paid).sum()),
        "inspect_prob": float(df.loc[df["inspected"], "probability"].sum()),
        "smuggle_prob": float(df.loc[df["items"] > 0, "probability"].sum()),
    }


# -- normal form: pure strategies, brute-force NFCE, decomposition -----------------


#: Most reduced pure strategies :func:`pure_strategies` will list for one player.
MAX_PURE_STRATEGIES = 20_000


def _count_pure(tree: _Tree, p: int, infosets: list[int]) -> int:
    total = 1
    for i in infosets:
        total *= sum(_count_pure(tree, p, tree.children[p][s]) for s in tree.info_seqs[p][i])
    return total


def pure_strategies(game: ExtensiveGame, p: int) -> np.ndarray:
    """Player ``p``'s reduced pure strategies as 0/1 realization plans (rows).

    A reduced pure strategy picks one action at every information set its own
    earlier choices do not rule out. Exponential: for small games only (at
    most :data:`MAX_PURE_STRATEGIES`, else an error says how many there are).

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> g = sheriff_game(max_bribe=1, max_items=1, num_rounds=1)
    >>> pure_strategies(g, 0).shape, pure_strategies(g, 1).shape
    ((4, 7), (4, 5))
    >>> pure_strategies(sheriff_game(num_rounds=2), 1)
    Traceback (most recent call last):
    ...
    ValueError: player 1 has 1048576 reduced pure strategies, more than \
MAX_PURE_STRATEGIES = 20000: the normal form is for small games only
    """
    tree = _Tree(game)
    count = _count_pure(tree, p, tree.children[p][0])
    if count > MAX_PURE_STRATEGIES:
        raise ValueError(
            f"player {p} has {count} reduced pure strategies, more than "
            f"MAX_PURE_STRATEGIES = {MAX_PURE_STRATEGIES}: the normal form is for small games only"
        )

    def expand(active: list[int]) -> list[list[int]]:
        if not active:
            return [[]]
        out = []
        for choice in itertools.product(*(tree.info_seqs[p][i] for i in active)):
            nxt = [j for s in choice for j in tree.children[p][s]]
            for rest in expand(nxt):
                out.append(list(choice) + rest)
        return out

    rows = expand(tree.children[p][0])
    x = np.zeros((len(rows), tree.n_seq[p]))
    x[:, 0] = 1.0
    for r, seqs in enumerate(rows):
        x[r, seqs] = 1.0
    return x


@dataclass(frozen=True, eq=False)
class NFCEResult:
    """A normal-form correlated equilibrium: ``mu[i, j]`` over reduced pure profiles
    (rows of ``strategies[0]`` and ``strategies[1]``), its plan and values."""

    game: ExtensiveGame
    strategies: tuple[np.ndarray, np.ndarray]
    mu: np.ndarray
    plan: CorrelationPlan
    values: tuple[float, float]
    welfare: float
    seconds: float


def _payoff_matrices(game: ExtensiveGame, x0: np.ndarray, x1: np.ndarray) -> list[np.ndarray]:
    out = []
    for p in (0, 1):
        a = np.zeros((x0.shape[1], x1.shape[1]))
        np.add.at(a, (game.term_seq[0], game.term_seq[1]), game.payoff[:, p])
        out.append(x0 @ a @ x1.T)
    return out


def _plan_of_mu(game: ExtensiveGame, x0: np.ndarray, x1: np.ndarray, mu: np.ndarray):
    pairs = relevant_pairs(game)
    full = x0.T @ mu @ x1  # probability of each sequence pair
    return CorrelationPlan(game, pairs, full[pairs[:, 0], pairs[:, 1]])


def normal_form_ce(
    game: ExtensiveGame,
    objective: str | int = "welfare",
    terminal_weights: np.ndarray | None = None,
) -> NFCEResult:
    """A normal-form correlated equilibrium maximising ``objective``, by brute force:
    an LP over all reduced pure profiles with the classic CE constraints (told
    its whole pure strategy, no player gains by switching to another).

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> nf = normal_form_ce(sheriff_game(**MEDIATOR_EXAMPLE))
    >>> nf.mu.shape, round(nf.welfare, 3)  # below the EFCE's 1.814
    ((9, 8), 0.615)
    """
    weights = _objective_weights(objective)
    t0 = time.perf_counter()
    x0, x1 = pure_strategies(game, 0), pure_strategies(game, 1)
    u0, u1 = _payoff_matrices(game, x0, x1)
    n0, n1 = u0.shape
    rows = []
    for i in range(n0):  # smuggler told i: not better off playing k
        for k in range(n0):
            if k != i:
                r = np.zeros((n0, n1))
                r[i, :] = u0[k, :] - u0[i, :]
                rows.append(r.ravel())
    for j in range(n1):
        for k in range(n1):
            if k != j:
                r = np.zeros((n0, n1))
                r[:, j] = u1[:, k] - u1[:, j]
                rows.append(r.ravel())
    if terminal_weights is None:
        c = -(weights[0] * u0 + weights[1] * u1).ravel()
    else:
        reward = np.zeros((x0.shape[1], x1.shape[1]))
        np.add.at(
            reward, (game.term_seq[0], game.term_seq[1]), _terminal_weights(game, terminal_weights)
        )
        c = -(x0 @ reward @ x1.T).ravel()
    lp = linprog(
        c,
        A_ub=sparse.csr_matrix(np.array(rows)),
        b_ub=np.zeros(len(rows)),
        A_eq=np.ones((1, n0 * n1)),
        b_eq=[1.0],
        bounds=(0, None),
        method="highs",
    )
    if lp.status != 0:
        raise RuntimeError(f"the NFCE LP was not solved: {lp.message}")
    mu = np.clip(lp.x, 0.0, None).reshape(n0, n1)
    v = (float((mu * u0).sum()), float((mu * u1).sum()))
    return NFCEResult(
        game=game,
        strategies=(x0, x1),
        mu=mu,
        plan=_plan_of_mu(game, x0, x1, mu),
        values=v,
        welfare=v[0] + v[1],
        seconds=time.perf_counter() - t0,
    )


def decompose(
    game: ExtensiveGame, plan: CorrelationPlan
) -> list[tuple[float, np.ndarray, np.ndarray]]:
    """A distribution over reduced pure profiles whose correlation plan is ``plan``:
    a list of ``(probability, x0, x1)`` (0/1 realization plans), found by a
    feasibility LP over all pure profiles (small games only). Raises if the
    plan is not a mixture of pure profiles (then it is not a valid plan).

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> g = sheriff_game(max_bribe=1, max_items=1, num_rounds=1)
    >>> parts = decompose(g, solve_efce(g).plan)
    >>> round(sum(p for p, _, _ in parts), 9)
    1.0
    """
    x0, x1 = pure_strategies(game, 0), pure_strategies(game, 1)
    n0, n1 = len(x0), len(x1)
    pairs = plan.pairs
    # row k, column (i, j): 1 if profile (i, j) contains pair k
    a = (x0[:, pairs[:, 0]].T[:, :, None] * x1[:, pairs[:, 1]].T[:, None, :]).reshape(
        len(pairs), n0 * n1
    )
    lp = linprog(
        np.zeros(n0 * n1), A_eq=sparse.csr_matrix(a), b_eq=plan.value, bounds=(0, None),
        method="highs",
    )  # fmt: skip
    if lp.status != 0:
        raise ValueError(f"the plan is not a mixture of pure profiles: {lp.message}")
    mu = np.clip(lp.x, 0.0, None).reshape(n0, n1)
    return [(float(mu[i, j]), x0[i], x1[j]) for i, j in zip(*np.nonzero(mu > 1e-12), strict=True)]


def nfce_distance(game: ExtensiveGame, parts: list[tuple[float, np.ndarray, np.ndarray]]) -> float:
    """Distance of a distribution over pure profiles from a *normal-form* correlated
    equilibrium: summed over players, what each gains by best-responding to
    the conditional distribution of the other's strategy given its own whole
    recommended strategy (the notion of OpenSpiel's ``ce_dist``).

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[6, 2], [7, 0]], [[6, 7], [2, 0]])  # chicken
    >>> e = np.eye(3)
    >>> round(nfce_distance(g, [(.5, e[0] + e[1], e[0] + e[1]), (.25, e[0] + e[1], e[0] + e[2]),
    ...                         (.25, e[0] + e[2], e[0] + e[1])]), 12)
    0.0
    >>> nfce_distance(g, [(1.0, e[0] + e[1], e[0] + e[1])])  # both chicken out: both dare
    2.0
    """
    x = [pure_strategies(game, 0), pure_strategies(game, 1)]
    total = sum(w for w, _, _ in parts)
    dist = 0.0
    for p in (0, 1):
        a = np.zeros((len(game.seq_infoset[0]), len(game.seq_infoset[1])))
        np.add.at(a, (game.term_seq[0], game.term_seq[1]), game.payoff[:, p])
        on, best = 0.0, 0.0
        by_signal: dict[bytes, np.ndarray] = {}
        for w, x0, x1 in parts:
            own, opp = (x0, x1) if p == 0 else (x1, x0)
            # the opponent's weighted plan, per own recommended strategy
            key = np.asarray(own).tobytes()
            by_signal[key] = by_signal.get(key, 0.0) + (w / total) * np.asarray(opp, dtype=float)
            on += (w / total) * float(x0 @ a @ x1)
        for opp_plan in by_signal.values():
            values = x[0] @ a @ opp_plan if p == 0 else opp_plan @ a @ x[1].T
            best += float(np.max(values))
        dist += max(0.0, best - on)
    return dist


def openspiel_device(
    game: ExtensiveGame, parts: list[tuple[float, np.ndarray, np.ndarray]]
) -> list[tuple[float, Any]]:
    """The distribution of :func:`decompose` as an OpenSpiel correlation device:
    ``[(probability, pyspiel.TabularPolicy), ...]`` over joint deterministic
    policies. Information sets a pure strategy rules out get its first action
    (one fixed completion per reduced strategy, so the signal carries no more
    information). Needs the ``openspiel`` extra; the infoset names and action
    ids must be OpenSpiel's (true for :func:`sheriff_game`).

    >>> import pytest; pyspiel = pytest.importorskip("pyspiel")
    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> g = sheriff_game(max_bribe=1, max_items=1, num_rounds=1)
    >>> dev = openspiel_device(g, decompose(g, solve_efce(g).plan))
    >>> ps = pyspiel.load_game("sheriff", {"max_bribe": 1, "max_items": 1, "num_rounds": 1})
    >>> pyspiel.cce_dist(ps, dev).dist_value < 1e-9
    True
    """
    import pyspiel

    tree = _Tree(game)
    total = sum(w for w, _, _ in parts)
    device = []
    for w, x0, x1 in parts:
        table = {}
        for p, x in ((0, x0), (1, x1)):
            for i in range(tree.n_info[p]):
                seqs = tree.info_seqs[p][i]
                chosen = [s for s in seqs if x[s] > 0.5] or seqs[:1]
                table[game.infosets[p][i]] = [
                    (int(game.seq_action[p][s]), 1.0 if s == chosen[0] else 0.0) for s in seqs
                ]
        device.append((w / total, pyspiel.TabularPolicy(table)))
    return device


def efr_plan(
    game: ExtensiveGame, iterations: int = 1000, deviations: str = "csps"
) -> CorrelationPlan:
    """The empirical distribution of play of OpenSpiel's no-regret learner EFR
    (``open_spiel.python.algorithms.efr``; Morrill et al. 2021, "Efficient deviation types
    and learning for hindsight rationality in extensive-form games"), as a correlation
    plan: the average, over ``iterations``, of the plans of the joint policies it plays
    (each a product of the two players' current policies, so the average is correlated).

    With ``deviations="csps"`` (causal partial-sequence deviations, which include the
    trigger deviations of an EFCE) the learners' regrets vanish, and the distribution
    approaches the *set* of EFCE: which EFCE it nears is up to the dynamics, not an
    objective (compare :func:`solve_efce`, an LP that picks the best one). Measure the
    distance with :func:`verify`. Needs the ``openspiel`` extra and a game built by
    :func:`~sheriff_core.theory.sheriff_game.sheriff_game` (OpenSpiel's information
    states and action ids).

    >>> import pytest; _ = pytest.importorskip("pyspiel")
    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> g = sheriff_game(**MEDIATOR_EXAMPLE)
    >>> early, later = efr_plan(g, 10), efr_plan(g, 200)
    >>> verify(g, later) < verify(g, early), consistency_error(g, later) < 1e-9
    (True, True)
    """
    import pyspiel
    from open_spiel.python.algorithms import efr

    extra = {k: v for k, v in game.params.items() if k not in OPENSPIEL_PARAMS and v}
    if extra:
        raise ValueError(f"not an OpenSpiel sheriff game: it also sets {extra}")
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    params = {k: game.params[k] for k in OPENSPIEL_PARAMS if k in game.params}
    solver = efr.EFRSolver(pyspiel.load_game("sheriff", params), deviations)
    tree = _Tree(game)
    total = np.zeros(len(relevant_pairs(game)))
    for _ in range(iterations):
        policy = solver.current_policy()
        sigma = []
        for p in (0, 1):
            behaviour = np.ones(len(game.seq_infoset[p]))
            for i in range(tree.n_info[p]):
                probs = policy.policy_for_key(game.infosets[p][i])
                for seq in tree.info_seqs[p][i]:
                    behaviour[seq] = probs[int(game.seq_action[p][seq])]
            sigma.append(behaviour)
        total += behaviour_plan(game, (sigma[0], sigma[1])).value  # the policy played
        solver.evaluate_and_update_policy()
    return CorrelationPlan(game, relevant_pairs(game), total / iterations)
