"""Equilibria of two-player extensive games by regret minimisation, vectorised with numpy.

The solver works on the *sequence form* of an :class:`ExtensiveGame`: each
player's strategy is a vector over their sequences (paths of own actions).
One iteration of counterfactual regret minimisation (CFR) is then a handful
of numpy operations per depth of the tree:

1. *counterfactual values*: every terminal's payoff times the opponent's
   probability of reaching it, summed per own sequence, then folded up the
   player's own tree (infoset value = strategy-weighted sum of its actions);
2. *regrets*: action value minus infoset value, accumulated per sequence;
3. *regret matching*: the next strategy plays actions in proportion to their
   positive regret.

The *average* strategy converges to an equilibrium. Three update rules:

* ``"cfr+"`` -- CFR+ (Tammelin 2014): regrets floored at zero, alternating
  updates, linearly weighted average (what OpenSpiel's ``CFRPlusSolver`` does);
* ``"dcfr"`` -- discounted CFR (Brown & Sandholm 2019), alpha=1.5, beta=0, gamma=2;
* ``"pcfr+"`` -- predictive CFR+ (Farina, Kroer & Sandholm 2021): CFR+ that
  also counts the last regret once more as a prediction of the next one,
  quadratically weighted average. The default: the fastest here.

Quality is measured exactly by **NashConv**: the sum over players of what a
best response to the other's average strategy would gain over the average
strategy itself (zero exactly at a Nash equilibrium). Best responses are
computed over the whole tree, bottom-up, with a max instead of a sum.

The Sheriff game is not zero-sum, so no regret-minimiser is guaranteed to
reach a Nash equilibrium; we report the measured NashConv, which is exact.

>>> from sheriff_core.theory.sheriff_game import sheriff_game
>>> sol = solve(sheriff_game(num_rounds=1), target=1e-6, max_iterations=5000)
>>> sol.nash_conv <= 1e-6
True
>>> list(sol.policy.columns)
['player', 'infoset', 'action', 'action_id', 'probability']
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sheriff_core.theory.sheriff_game import ExtensiveGame

__all__ = ["CFRSolver", "Solution", "solve", "nash_conv", "policy_frame", "METHODS"]

METHODS = ("cfr+", "dcfr", "pcfr+")


class _Segments:
    """Consecutive segments of a vector (sizes >= 1): sums, maxima, broadcast back."""

    def __init__(self, sizes: np.ndarray) -> None:
        sizes = np.asarray(sizes, dtype=np.int64)
        self.n = len(sizes)
        self.total = int(sizes.sum())
        self.uniform = self.n > 0 and int(sizes.min()) == int(sizes.max())
        self.k = int(sizes[0]) if self.n else 0
        self.starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        self.owner = np.repeat(np.arange(self.n), sizes)

    def sum(self, a: np.ndarray) -> np.ndarray:
        if self.uniform:
            return a.reshape(self.n, self.k).sum(axis=1)
        return np.add.reduceat(a, self.starts)

    def max(self, a: np.ndarray) -> np.ndarray:
        if self.uniform:
            return a.reshape(self.n, self.k).max(axis=1)
        return np.maximum.reduceat(a, self.starts)

    def spread(self, v: np.ndarray) -> np.ndarray:
        if self.uniform:
            return np.repeat(v, self.k)
        return v[self.owner]


class _Depth:
    """One depth of one player's tree: a slice of infosets and of their sequences."""

    def __init__(self, s0: int, s1: int, sizes: np.ndarray, parents: np.ndarray) -> None:
        self.s0, self.s1 = s0, s1
        self.actions = _Segments(sizes)
        self.parent_of_seq = self.actions.spread(parents)  # parent sequence of each sequence
        uniq, starts = np.unique(parents, return_index=True)
        self.parents = uniq  # distinct parent sequences (sorted, contiguous in `parents`)
        sizes_p = np.diff(np.append(starts, len(parents)))
        self.to_parent = _Segments(sizes_p)


class _Side:
    """One player's sequences, renumbered so that each depth is a contiguous slice."""

    def __init__(self, game: ExtensiveGame, p: int) -> None:
        parent = game.infoset_parent[p]
        seq_info = game.seq_infoset[p]
        n_info, n_seq = len(parent), len(seq_info)
        count = np.bincount(seq_info[1:], minlength=n_info)
        first = np.full(n_info, -1, dtype=np.int64)
        for s in range(n_seq - 1, 0, -1):
            first[seq_info[s]] = s
        depth = np.zeros(n_info, dtype=np.int64)
        for i in range(n_info):
            par = parent[i]
            depth[i] = 0 if par == 0 else depth[seq_info[par]] + 1
        new_of_old = np.zeros(n_seq, dtype=np.int64)
        old_of_new = [0]
        info_order: list[int] = []
        self.depths: list[_Depth] = []
        for d in range(int(depth.max()) + 1 if n_info else 0):
            infos = np.flatnonzero(depth == d)
            infos = infos[np.argsort(new_of_old[parent[infos]], kind="stable")]
            s0 = len(old_of_new)
            for i in infos.tolist():
                for s in range(first[i], first[i] + count[i]):
                    new_of_old[s] = len(old_of_new)
                    old_of_new.append(s)
            info_order.extend(int(i) for i in infos)
            self.depths.append(_Depth(s0, len(old_of_new), count[infos], new_of_old[parent[infos]]))
        self.n_seq = n_seq
        self.new_of_old = new_of_old
        self.old_of_new = np.array(old_of_new, dtype=np.int64)
        self.info_order = np.array(info_order, dtype=np.int64)
        self.all_actions = _Segments(count[self.info_order]) if n_info else None
        # 1 / (number of actions) for every sequence: the uniform strategy
        self.uniform = 1.0 / np.repeat(count[self.info_order], count[self.info_order])


class _Terminals:
    """Terminals sorted by one player's last sequence, for per-sequence sums."""

    def __init__(self, game: ExtensiveGame, sides: tuple[_Side, _Side], p: int) -> None:
        own = sides[p].new_of_old[game.term_seq[p]]
        opp = sides[1 - p].new_of_old[game.term_seq[1 - p]]
        order = np.argsort(own, kind="stable")
        self.opp = opp[order]
        self.payoff = game.payoff[order, p].copy()
        uniq, starts = np.unique(own[order], return_index=True)
        self.seqs = uniq
        self.groups = _Segments(np.diff(np.append(starts, len(order))))


class CFRSolver:
    """Vectorised CFR+ / DCFR / predictive CFR+ for an :class:`ExtensiveGame`.

    Call :meth:`run` (or :meth:`iterate`) and read :meth:`average_strategy`,
    :meth:`nash_conv` and :attr:`trace`. Deterministic: no randomness at all.

    >>> from sheriff_core.theory.sheriff_game import sheriff_game
    >>> s = CFRSolver(sheriff_game(num_rounds=2), method="cfr+")
    >>> s.iterate(200)
    >>> s.iteration, s.nash_conv() < 0.05
    (200, True)
    """

    def __init__(self, game: ExtensiveGame, method: str = "pcfr+") -> None:
        if method not in METHODS:
            raise ValueError(f"unknown method {method!r}; known: {list(METHODS)}")
        self.game = game
        self.method = method
        self.sides = (_Side(game, 0), _Side(game, 1))
        self.terms = (_Terminals(game, self.sides, 0), _Terminals(game, self.sides, 1))
        self.regret = [np.zeros(s.n_seq) for s in self.sides]
        self.last = [np.zeros(s.n_seq) for s in self.sides]  # last instantaneous regret
        self.sigma = [self._match(p, self.regret[p]) for p in (0, 1)]
        self.plan = [self._realize(p, self.sigma[p]) for p in (0, 1)]
        self.cum = [np.zeros(s.n_seq) for s in self.sides]
        self.cum_weight = 0.0
        self.iteration = 0
        self.elapsed = 0.0
        self.trace: list[tuple[int, float, float]] = []

    # -- the vectorised building blocks (all in the solver's own numbering) --

    def _match(self, p: int, regret: np.ndarray) -> np.ndarray:
        """Regret matching: behaviour strategy from (positive) regrets."""
        side = self.sides[p]
        sigma = np.ones(side.n_seq)
        if side.all_actions is None:
            return sigma
        pos = np.maximum(regret[1:], 0.0)
        seg = side.all_actions
        tot = seg.spread(seg.sum(pos))
        sigma[1:] = np.where(tot > 0.0, pos / np.where(tot > 0.0, tot, 1.0), side.uniform)
        return sigma

    def _realize(self, p: int, sigma: np.ndarray) -> np.ndarray:
        """Realization plan (probability of playing each own sequence) of a behaviour strategy."""
        x = np.empty(self.sides[p].n_seq)
        x[0] = 1.0
        for d in self.sides[p].depths:
            x[d.s0 : d.s1] = x[d.parent_of_seq] * sigma[d.s0 : d.s1]
        return x

    def _leaf_values(self, p: int, opp_plan: np.ndarray) -> np.ndarray:
        t = self.terms[p]
        v = np.zeros(self.sides[p].n_seq)
        v[t.seqs] = t.groups.sum(t.payoff * opp_plan[t.opp])
        return v

    def _values(self, p: int, opp_plan: np.ndarray, sigma: np.ndarray | None) -> np.ndarray:
        """Counterfactual value of each sequence (bottom-up); with ``sigma=None`` the
        player best-responds (max over actions). Also fills instantaneous regrets."""
        v = self._leaf_values(p, opp_plan)
        for d in reversed(self.sides[p].depths):
            vs = v[d.s0 : d.s1]
            if sigma is None:
                vi = d.actions.max(vs)
            else:
                vi = d.actions.sum(vs * sigma[d.s0 : d.s1])
                self._inst[d.s0 : d.s1] = vs - d.actions.spread(vi)
            v[d.parents] += d.to_parent.sum(vi)
        return v

    # -- iterations --

    def _update(self, p: int, t: int) -> None:
        self._inst = np.zeros(self.sides[p].n_seq)
        self._values(p, self.plan[1 - p], self.sigma[p])
        r = self._inst
        m = self.method
        if m == "cfr+":
            w = float(t)
            self.regret[p] = np.maximum(self.regret[p] + r, 0.0)
            new_sigma = self._match(p, self.regret[p])
        elif m == "dcfr":
            w = float(t) ** 2
            a = t**1.5 / (t**1.5 + 1.0)
            reg = self.regret[p]
            reg = np.where(reg > 0, reg * a, reg * 0.5) + r
            self.regret[p] = reg
            new_sigma = self._match(p, reg)
        else:  # pcfr+
            w = float(t) ** 2
            self.regret[p] = np.maximum(self.regret[p] + r, 0.0)
            new_sigma = self._match(p, self.regret[p] + r)
        self.cum[p] += w * self.plan[p]
        if p == 1:
            self.cum_weight += w
        self.sigma[p] = new_sigma
        self.plan[p] = self._realize(p, new_sigma)

    def iterate(self, n: int = 1) -> None:
        """Run ``n`` iterations (each updates player 0, then player 1)."""
        start = time.perf_counter()
        for _ in range(n):
            self.iteration += 1
            self._update(0, self.iteration)
            self._update(1, self.iteration)
        self.elapsed += time.perf_counter() - start

    def run(
        self,
        target: float = 1e-4,
        max_iterations: int = 100_000,
        check_every: int = 10,
        time_limit: float | None = None,
    ) -> float:
        """Iterate until NashConv <= ``target`` (checked every ``check_every``
        iterations), ``max_iterations`` or ``time_limit`` seconds. Returns the
        last NashConv; the checks are recorded in :attr:`trace`."""
        nc = float("inf")
        while self.iteration < max_iterations:
            self.iterate(min(check_every, max_iterations - self.iteration))
            start = time.perf_counter()
            nc = self.nash_conv()
            self.elapsed += time.perf_counter() - start
            self.trace.append((self.iteration, self.elapsed, nc))
            if nc <= target or (time_limit is not None and self.elapsed >= time_limit):
                break
        return nc

    # -- results --

    def average_plans(self) -> tuple[np.ndarray, np.ndarray]:
        """The average strategies as realization plans (solver numbering)."""
        if self.cum_weight == 0.0:
            return self.plan[0].copy(), self.plan[1].copy()
        return self.cum[0] / self.cum_weight, self.cum[1] / self.cum_weight

    def _behaviour(self, p: int, plan: np.ndarray) -> np.ndarray:
        """Behaviour strategy (per sequence, in the *game's* numbering) from a plan."""
        side = self.sides[p]
        sigma = np.ones(side.n_seq)
        for d in side.depths:
            par = plan[d.parent_of_seq]
            k = d.actions.spread(d.actions.sum(np.ones(d.s1 - d.s0)))
            sigma[d.s0 : d.s1] = np.where(
                par > 0, plan[d.s0 : d.s1] / np.where(par > 0, par, 1.0), 1.0 / k
            )
        out = np.empty(side.n_seq)
        out[side.old_of_new] = sigma
        return out

    def average_strategy(self) -> tuple[np.ndarray, np.ndarray]:
        """Average behaviour strategies, indexed by the game's sequence numbers
        (entry ``s`` is the probability of sequence ``s``'s action at its infoset)."""
        x, y = self.average_plans()
        return self._behaviour(0, x), self._behaviour(1, y)

    def _nash_conv_plans(self, x: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
        plans = (x, y)
        best = [float(self._values(p, plans[1 - p], None)[0]) for p in (0, 1)]
        t = self.terms[0]
        own = np.repeat(x[t.seqs], t.groups.k) if t.groups.uniform else x[t.seqs][t.groups.owner]
        reach = own * y[t.opp]
        u0 = float(reach @ t.payoff)
        t1 = self.terms[1]
        own1 = y[t1.seqs][t1.groups.owner]
        u1 = float((own1 * x[t1.opp]) @ t1.payoff)
        return best[0] - u0 + best[1] - u1, u0, u1

    def nash_conv(self) -> float:
        """Exact NashConv of the current average strategy profile."""
        return self._nash_conv_plans(*self.average_plans())[0]

    def trace_frame(self) -> pd.DataFrame:
        """The convergence trace: iteration, seconds (solver time), nash_conv."""
        return pd.DataFrame(self.trace, columns=["iteration", "seconds", "nash_conv"])


def policy_frame(game: ExtensiveGame, strategy: tuple[np.ndarray, np.ndarray]) -> pd.DataFrame:
    """A behaviour-strategy profile as a tidy table: one row per (infoset, action).

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, 0], [0, 1]], [[0, 1], [1, 0]])
    >>> policy_frame(g, (np.array([1, .5, .5]), np.array([1, .5, .5]))).shape
    (4, 5)
    """
    rows = []
    for p in (0, 1):
        sig = np.asarray(strategy[p], dtype=float)
        names = game.infosets[p]
        for s in range(1, len(game.seq_infoset[p])):
            rows.append(
                (
                    game.players[p],
                    names[int(game.seq_infoset[p][s])],
                    game.seq_label[p][s],
                    int(game.seq_action[p][s]),
                    float(sig[s]),
                )
            )
    cols = ["player", "infoset", "action", "action_id", "probability"]
    return pd.DataFrame(rows, columns=cols)


def _strategy_arrays(
    game: ExtensiveGame, strategy: pd.DataFrame | tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(strategy, pd.DataFrame):
        out = []
        for p in (0, 1):
            sig = np.ones(len(game.seq_infoset[p]))
            sub = strategy[strategy["player"] == game.players[p]]
            index = {
                (game.infosets[p][int(game.seq_infoset[p][s])], int(game.seq_action[p][s])): s
                for s in range(1, len(sig))
            }
            for info, aid, prob in zip(
                sub["infoset"], sub["action_id"], sub["probability"], strict=True
            ):
                sig[index[(info, int(aid))]] = prob
            out.append(sig)
        return out[0], out[1]
    return np.asarray(strategy[0], dtype=float), np.asarray(strategy[1], dtype=float)


def nash_conv(game: ExtensiveGame, strategy: pd.DataFrame | tuple[np.ndarray, np.ndarray]) -> float:
    """Exact NashConv of a behaviour-strategy profile (arrays per sequence, or a
    :func:`policy_frame` table): the sum of both players' best-response gains.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> g = bimatrix_game([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])  # matching pennies
    >>> nash_conv(g, (np.array([1, .5, .5]), np.array([1, .5, .5])))
    0.0
    >>> nash_conv(g, (np.array([1, 1., 0]), np.array([1, .5, .5])))
    1.0
    """
    solver = CFRSolver(game, "cfr+")
    sig = _strategy_arrays(game, strategy)
    plans = []
    for p in (0, 1):
        side = solver.sides[p]
        plans.append(solver._realize(p, sig[p][side.old_of_new]))
    return solver._nash_conv_plans(plans[0], plans[1])[0]


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` returns: the average strategy, its exact NashConv and values,
    and how it got there."""

    game: ExtensiveGame
    method: str
    strategy: tuple[np.ndarray, np.ndarray]
    policy: pd.DataFrame
    nash_conv: float
    values: tuple[float, float]
    iterations: int
    seconds: float
    trace: pd.DataFrame


def solve(
    game: ExtensiveGame,
    method: str = "pcfr+",
    target: float = 1e-4,
    max_iterations: int = 100_000,
    check_every: int = 10,
    time_limit: float | None = None,
) -> Solution:
    """Solve a two-player game: run :class:`CFRSolver` until NashConv <= ``target``.

    Returns a :class:`Solution` whose ``policy`` is tidy (player, infoset,
    action, action_id, probability) and whose ``trace`` records NashConv
    against iterations and solver seconds.

    >>> from sheriff_core.theory.sheriff_game import bimatrix_game
    >>> sol = solve(bimatrix_game([[2, -1], [-1, 1]], [[-2, 1], [1, -1]]), target=1e-6)
    >>> sol.policy.probability.round(3).tolist()
    [0.4, 0.6, 0.4, 0.6]
    """
    solver = CFRSolver(game, method)
    solver.run(target, max_iterations, check_every, time_limit)
    x, y = solver.average_plans()
    nc, u0, u1 = solver._nash_conv_plans(x, y)
    strategy = solver.average_strategy()
    return Solution(
        game=game,
        method=method,
        strategy=strategy,
        policy=policy_frame(game, strategy),
        nash_conv=nc,
        values=(u0, u1),
        iterations=solver.iteration,
        seconds=solver.elapsed,
        trace=solver.trace_frame(),
    )
