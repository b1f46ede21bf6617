"""Bribes as bargaining: the Sheriff game of Farina, Ling, Fang and Sandholm (NeurIPS 2019).

The *smuggler* secretly loads ``0..max_items`` illegal items in the bag. Then,
for ``num_rounds`` rounds, the smuggler proposes a bribe ``0..max_bribe`` and
the *Sheriff* answers "inspect" or "pass". Only the last round is binding: the
earlier rounds are talk. Payoffs (smuggler, Sheriff), with ``n`` items,
bribe ``b``, item value ``v``, item penalty ``p``, Sheriff penalty ``s``:

* not inspected: ``(n·v − b, b)``
* inspected, ``n > 0``: ``(−p·n, p·n)``
* inspected, ``n = 0``: ``(s, −s)`` (the Sheriff compensates an honest smuggler)

:func:`sheriff_game` builds this tree exactly as OpenSpiel's ``sheriff`` game
does (same information sets, same action ids, same payoffs; the tests check
it). :func:`sheriff_game_from_variant` builds the same game with a variant's
numbers: a bag of ``bag_max`` cards, the declared legal good's value, the
contraband's value and fine, and the compensation for an honest bag.

The game is stored in *sequence form* (:class:`ExtensiveGame`): each player's
information sets and sequences (paths of own actions), and, for every
terminal, the two players' last sequences and the payoffs. That is all an
equilibrium solver needs (:mod:`sheriff_core.theory.solver`).

>>> g = sheriff_game(max_bribe=3, max_items=3, num_rounds=1)
>>> g.sizes()
{'sequences_0': 21, 'sequences_1': 9, 'infosets_0': 5, 'infosets_1': 4, 'terminals': 32}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "ExtensiveGame",
    "SheriffParams",
    "build_game",
    "sheriff_game",
    "sheriff_game_from_variant",
    "bimatrix_game",
    "OPENSPIEL_SIZES",
]

#: Sizes OpenSpiel reports for its ``sheriff`` game, keyed by
#: (max_bribe, max_items, num_rounds): (smuggler sequences, Sheriff sequences,
#: smuggler infosets, Sheriff infosets, terminals).
OPENSPIEL_SIZES: dict[tuple[int, int, int], tuple[int, int, int, int, int]] = {
    (3, 3, 1): (21, 9, 5, 4, 32),
    (3, 5, 2): (223, 73, 55, 36, 384),
    (3, 3, 3): (1173, 585, 293, 292, 2048),
    (3, 3, 4): (9365, 4681, 2341, 2340, 16384),
    (3, 5, 4): (14047, 4681, 3511, 2340, 24576),
    (5, 3, 2): (317, 157, 53, 78, 576),
    (5, 5, 3): (5659, 1885, 943, 942, 10368),
}


@dataclass(frozen=True, eq=False)
class ExtensiveGame:
    """A two-player perfect-recall game tree in sequence form (no chance nodes).

    For player ``p``: ``infosets[p]`` names the information sets;
    ``infoset_parent[p][i]`` is the sequence that leads to infoset ``i``
    (sequence 0 is the empty sequence); sequences ``1..`` each belong to one
    infoset (``seq_infoset[p]``, ``-1`` for the empty one) and one action
    (``seq_label[p]`` for people, ``seq_action[p]`` an integer id, OpenSpiel's
    for the Sheriff games). For terminal ``z``: ``term_seq[p][z]`` is
    player ``p``'s last sequence on the way there and ``payoff[z]`` is
    ``(u0, u1)``. ``histories[z]`` lists the action ids from the root.
    """

    name: str
    players: tuple[str, str]
    infosets: tuple[tuple[str, ...], tuple[str, ...]]
    infoset_parent: tuple[np.ndarray, np.ndarray]
    seq_infoset: tuple[np.ndarray, np.ndarray]
    seq_action: tuple[np.ndarray, np.ndarray]
    seq_label: tuple[tuple[str, ...], tuple[str, ...]]
    term_seq: tuple[np.ndarray, np.ndarray]
    payoff: np.ndarray
    histories: tuple[tuple[int, ...], ...] = field(repr=False)
    params: dict[str, Any] = field(default_factory=dict)

    def sizes(self) -> dict[str, int]:
        """Numbers of sequences (with the empty one), infosets and terminals.

        >>> bimatrix_game([[0, 1], [1, 0]], [[0, 0], [0, 0]]).sizes()["terminals"]
        4
        """
        return {
            "sequences_0": int(len(self.seq_infoset[0])),
            "sequences_1": int(len(self.seq_infoset[1])),
            "infosets_0": len(self.infosets[0]),
            "infosets_1": len(self.infosets[1]),
            "terminals": int(len(self.payoff)),
        }

    def is_zero_sum(self) -> bool:
        """True if the payoffs add up to zero at every terminal."""
        return bool(np.allclose(self.payoff.sum(axis=1), 0.0))


# A node expander: history (tuple of action ids) -> either
#   ("terminal", (u0, u1)) or ("player", p, infoset_key, [(action_id, label), ...]).
Expander = Callable[[tuple[int, ...]], tuple]


def _int_arrays(per_player: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """One int64 array per player."""
    return np.array(per_player[0], dtype=np.int64), np.array(per_player[1], dtype=np.int64)


def build_game(
    expand: Expander, name: str, players: tuple[str, str], params: dict | None = None
) -> ExtensiveGame:
    """Walk a game tree from its root and store it in sequence form.

    ``expand(history)`` describes the node reached by ``history`` (a tuple of
    action ids): ``("terminal", (u0, u1))`` or
    ``("player", p, infoset_key, [(action_id, label), ...])``. Perfect recall
    is checked: every visit of an infoset must come from the same own
    sequence with the same actions.

    >>> def expand(h):
    ...     if len(h) == 2:
    ...         return ("terminal", (h[0] - h[1], h[1] - h[0]))
    ...     return ("player", len(h), f"P{len(h)}", [(0, "a"), (1, "b")])
    >>> build_game(expand, "toy", ("row", "col")).sizes()
    {'sequences_0': 3, 'sequences_1': 3, 'infosets_0': 1, 'infosets_1': 1, 'terminals': 4}
    """
    info_index: list[dict[str, int]] = [{}, {}]
    info_names: list[list[str]] = [[], []]
    info_parent: list[list[int]] = [[], []]
    info_actions: list[list[tuple[int, ...]]] = [[], []]
    info_first: list[list[int]] = [[], []]
    seq_info: list[list[int]] = [[-1], [-1]]
    seq_act: list[list[int]] = [[-1], [-1]]
    seq_lab: list[list[str]] = [[""], [""]]
    t0: list[int] = []
    t1: list[int] = []
    pay: list[tuple[float, float]] = []
    hists: list[tuple[int, ...]] = []

    stack: list[tuple[tuple[int, ...], int, int]] = [((), 0, 0)]
    while stack:
        hist, s0, s1 = stack.pop()
        node = expand(hist)
        if node[0] == "terminal":
            t0.append(s0)
            t1.append(s1)
            pay.append((float(node[1][0]), float(node[1][1])))
            hists.append(hist)
            continue
        _, p, key, actions = node
        own = s0 if p == 0 else s1
        ids = tuple(int(a) for a, _ in actions)
        i = info_index[p].get(key)
        if i is None:
            i = len(info_names[p])
            info_index[p][key] = i
            info_names[p].append(key)
            info_parent[p].append(own)
            info_actions[p].append(ids)
            info_first[p].append(len(seq_info[p]))
            for a, label in actions:
                seq_info[p].append(i)
                seq_act[p].append(int(a))
                seq_lab[p].append(str(label))
        elif info_parent[p][i] != own or info_actions[p][i] != ids:
            raise ValueError(f"not perfect recall at infoset {key!r} of player {p}")
        first = info_first[p][i]
        for k in reversed(range(len(ids))):
            seq = first + k
            stack.append((hist + (ids[k],), seq if p == 0 else s0, seq if p == 1 else s1))

    order = sorted(range(len(pay)), key=lambda z: hists[z])
    return ExtensiveGame(
        name=name,
        players=players,
        infosets=(tuple(info_names[0]), tuple(info_names[1])),
        infoset_parent=_int_arrays(info_parent),
        seq_infoset=_int_arrays(seq_info),
        seq_action=_int_arrays(seq_act),
        seq_label=(tuple(seq_lab[0]), tuple(seq_lab[1])),
        term_seq=_int_arrays([[t0[z] for z in order], [t1[z] for z in order]]),
        payoff=np.array([pay[z] for z in order], dtype=np.float64).reshape(-1, 2),
        histories=tuple(hists[z] for z in order),
        params=dict(params or {}),
    )


@dataclass(frozen=True)
class SheriffParams:
    """Parameters of the Sheriff game. The first six are OpenSpiel's (same defaults).

    ``legal_value`` and ``bag_size`` are ours, for a variant's numbers: the bag
    holds ``bag_size`` cards, ``n`` illegal and ``bag_size - n`` legal ones
    worth ``legal_value`` each to the smuggler whatever happens. With
    ``legal_value = 0`` (the default) the game is OpenSpiel's.
    """

    item_penalty: float = 2.0
    item_value: float = 1.0
    sheriff_penalty: float = 3.0
    max_bribe: int = 3
    max_items: int = 3
    num_rounds: int = 4
    legal_value: float = 0.0
    bag_size: int | None = None

    def __post_init__(self) -> None:
        for key in ("max_bribe", "max_items", "num_rounds"):
            if int(getattr(self, key)) < (0 if key == "max_bribe" else 1):
                raise ValueError(f"{key} must be a positive integer, got {getattr(self, key)}")
        if self.bag_size is not None and self.bag_size < self.max_items:
            raise ValueError(f"bag_size {self.bag_size} is smaller than max_items")


def sheriff_game(params: SheriffParams | None = None, **overrides: Any) -> ExtensiveGame:
    """The Sheriff game as OpenSpiel defines it, built by our own code.

    Pass a :class:`SheriffParams` or keyword overrides (unknown names are an
    error listing the known ones). Player 0 is the smuggler, player 1 the
    Sheriff; infoset names are OpenSpiel's information state strings and
    action ids are OpenSpiel's (``0`` pass, ``1`` inspect, ``2 + n`` load
    ``n`` items, ``3 + max_items + b`` bribe ``b``).

    >>> g = sheriff_game()
    >>> g.sizes()["terminals"], g.infosets[1][0]
    (16384, 'T=2 /bribe:0')
    >>> sheriff_game(rounds=2)
    Traceback (most recent call last):
    ...
    ValueError: unknown Sheriff game parameter 'rounds'; known: ['bag_size', 'item_penalty', \
'item_value', 'legal_value', 'max_bribe', 'max_items', 'num_rounds', 'sheriff_penalty']
    """
    base = params or SheriffParams()
    known = sorted(asdict(base))
    for key in overrides:
        if key not in known:
            raise ValueError(f"unknown Sheriff game parameter {key!r}; known: {known}")
    prm = SheriffParams(**{**asdict(base), **overrides})
    B, M, R = int(prm.max_bribe), int(prm.max_items), int(prm.num_rounds)
    v, p, s = float(prm.item_value), float(prm.item_penalty), float(prm.sheriff_penalty)
    vl = float(prm.legal_value)
    k = M if prm.bag_size is None else int(prm.bag_size)
    bribe0 = 3 + M
    load_actions = [(2 + n, f"load {n}") for n in range(M + 1)]
    bribe_actions = [(bribe0 + b, f"bribe {b}") for b in range(B + 1)]
    feedback_actions = [(0, "pass"), (1, "inspect")]

    def talk(h: tuple[int, ...]) -> str:
        parts = []
        for i, a in enumerate(h[1:]):
            parts.append(f"/bribe:{a - bribe0}" if i % 2 == 0 else f"/feedback:{a}")
        return "".join(parts)

    def expand(h: tuple[int, ...]) -> tuple:
        t = len(h)
        if t == 0:
            return ("player", 0, "T=0 num_illegal_items:none", load_actions)
        if t == 1 + 2 * R:
            n, b, inspect = h[0] - 2, h[-2] - bribe0, h[-1] == 1
            legal = (k - n) * vl
            if not inspect:
                return ("terminal", (n * v - b + legal, b))
            if n > 0:
                return ("terminal", (-p * n + legal, p * n))
            return ("terminal", (s + legal, -s))
        if t % 2 == 1:
            return ("player", 0, f"T={t} num_illegal_items:{h[0] - 2}{talk(h)}", bribe_actions)
        return ("player", 1, f"T={t} {talk(h)}", feedback_actions)

    name = f"sheriff(max_bribe={B},max_items={M},num_rounds={R})"
    return build_game(expand, name, ("smuggler", "sheriff"), asdict(prm))


def sheriff_game_from_variant(
    variant: Any,
    *,
    legal: str | None = None,
    contraband: str | None = None,
    max_bribe: int = 8,
    num_rounds: int = 2,
    bag_size: int | None = None,
) -> ExtensiveGame:
    """The Sheriff game with a variant's real numbers.

    The bag holds ``bag_size`` cards (default ``variant.bag_max``) declared as
    ``legal`` (default: the first legal good); the smuggler chooses how many of
    them are ``contraband`` (default: the first contraband). Caught, the
    smuggler pays the contraband's penalty per card to the Sheriff; an honest
    bag inspected earns the smuggler the declared good's penalty per card,
    paid by the Sheriff. Bribes are whole gold coins ``0..max_bribe``.

    >>> import sheriff_core as sc
    >>> g = sheriff_game_from_variant(sc.load_variant("summary-sheet"), max_bribe=4, num_rounds=1)
    >>> g.params["item_penalty"], g.params["sheriff_penalty"], g.sizes()["terminals"]
    (6.0, 10.0, 60)
    """
    from sheriff_core.theory.inspection import goods_pair

    lg, cg = goods_pair(variant, legal, contraband)
    k = variant.bag_max if bag_size is None else int(bag_size)
    prm = SheriffParams(
        item_penalty=float(cg.penalty),
        item_value=float(cg.value),
        sheriff_penalty=float(k * lg.penalty),
        max_bribe=max_bribe,
        max_items=k,
        num_rounds=num_rounds,
        legal_value=float(lg.value),
        bag_size=k,
    )
    g = sheriff_game(prm)
    name = f"sheriff[{variant.name}: {k} {lg.name}, smuggling {cg.name}]"
    return ExtensiveGame(**{**g.__dict__, "name": name})


def bimatrix_game(
    row_payoffs: Sequence[Sequence[float]],
    col_payoffs: Sequence[Sequence[float]],
    row_actions: Sequence[str] | None = None,
    col_actions: Sequence[str] | None = None,
    name: str = "bimatrix",
) -> ExtensiveGame:
    """A one-shot bimatrix game as an extensive game (the column player does not
    see the row). Useful to check the solver against closed forms, e.g. the
    inspection game of :mod:`sheriff_core.theory.inspection`.

    >>> g = bimatrix_game([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    >>> g.infosets
    (('row',), ('col',))
    """
    a = np.asarray(row_payoffs, dtype=float)
    b = np.asarray(col_payoffs, dtype=float)
    rows = list(row_actions or [f"r{i}" for i in range(a.shape[0])])
    cols = list(col_actions or [f"c{j}" for j in range(a.shape[1])])

    def expand(h: tuple[int, ...]) -> tuple:
        if len(h) == 0:
            return ("player", 0, "row", list(enumerate(rows)))
        if len(h) == 1:
            return ("player", 1, "col", list(enumerate(cols)))
        return ("terminal", (a[h[0], h[1]], b[h[0], h[1]]))

    return build_game(expand, name, ("row", "col"))
