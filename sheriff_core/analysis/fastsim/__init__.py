"""A compiled batch simulator (numba) for bot-against-bot runs, checked against the engine.

The checked engine (:mod:`sheriff_core.engine`, every action through ``game.apply``)
stays the referee. This package plays the same games in one compiled function per game
(:mod:`sheriff_core.analysis.fastsim.kernel`), from the same two generators, so that
``simulate(..., engine="fast")`` returns a frame equal to ``engine="checked"``
(``tests/sim/test_fast_identity.py``). What it plays: :func:`~.tables.unsupported`
names everything else. numba is optional (the ``fast`` extra): :func:`available` says
whether it is installed.

>>> import sheriff_core as sc
>>> df = sc.simulate("classic", players=4, games=20, seed=5, engine="checked")
>>> not available() or df.equals(sc.simulate("classic", players=4, games=20, seed=5, engine="fast"))
True
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence

import numpy as np

from sheriff_core.analysis.fastsim.seeds import seed_words
from sheriff_core.analysis.fastsim.tables import compile_bots, compile_variant, unsupported
from sheriff_core.bots.base import BotSpec
from sheriff_core.engine.actions import (
    Action,
    ChooseStarter,
    Confiscate,
    Declare,
    Exchange,
    Inspect,
    LetPass,
    Load,
    Market,
    Offer,
    PayDebt,
    Threaten,
)
from sheriff_core.rules.variants import Variant

__all__ = ["available", "unsupported", "play_chunk", "game_actions", "why_not"]


def available() -> bool:
    """Is numba installed (the kernel's compiler)?

    >>> isinstance(available(), bool)
    True
    """
    return importlib.util.find_spec("numba") is not None


def why_not(
    variant: Variant, merchants: Sequence[BotSpec], sheriffs: Sequence[BotSpec]
) -> list[str]:
    """Why the kernel cannot play this run (empty: it can): numba missing, or
    :func:`~.tables.unsupported`.

    >>> import sheriff_core as sc
    >>> from sheriff_core.bots.sheriffs import TrustingSheriff
    >>> class Soft(TrustingSheriff):  # a subclass may change any method: refused
    ...     name = "soft"
    >>> why_not(sc.load_variant("classic"), ["adaptive"], [Soft()])[-1]
    "sheriff bot 'soft' (the kernel plays trusting, always-inspect, threshold, bayesian)"
    """
    out = [] if available() else ["numba is not installed (pip install 'sheriff-core[fast]')"]
    return out + unsupported(variant, merchants, sheriffs)


def play_chunk(
    variant: Variant,
    players: int,
    seeds: Sequence[np.random.SeedSequence],
    first: int,
    merchants: Sequence[BotSpec],
    sheriffs: Sequence[BotSpec],
    rotate: bool,
    bags: bool = False,
    threads: int = 1,
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray] | None]:
    """Play games ``first, first + 1, ...`` (one per seed) in the kernel. Returns the
    integer columns of :data:`sheriff_core.analysis.sim.PLAYER_COLUMNS` that the games decide, one
    row per game and seat, with ``slot`` (the line-up entry each seat played); and with
    ``bags``, the columns of :data:`sheriff_core.analysis.sim.BAG_COLUMNS` the games decide, one row
    per bag (``game``; ``declared_good`` as a good code), else None. ``threads`` > 1
    plays parts of the games at once on that many threads (the same arrays).

    >>> import sheriff_core as sc
    >>> from sheriff_core.analysis.sim import game_seeds
    >>> if available():
    ...     per_seat, per_bag = play_chunk(sc.load_variant("classic"), 3, game_seeds(0, 0, 2),
    ...                                    0, ["honest"], ["trusting"], True, bags=True)
    ...     print(per_seat["slot"].tolist(), len(per_bag["round"]), per_bag["inspected"].sum())
    [0, 1, 2, 1, 2, 0] 36 0
    """
    cols, bag_cols, _ = _run(
        variant, players, seeds, first, merchants, sheriffs, rotate, bags, 0, threads
    )
    return cols, bag_cols


def game_actions(
    variant: Variant,
    players: int,
    seeds: Sequence[np.random.SeedSequence],
    merchants: Sequence[BotSpec],
    sheriffs: Sequence[BotSpec],
    rotate: bool = True,
    first: int = 0,
) -> list[list[str]]:
    """The kernel's games ``first, first + 1, ...`` (one per seed, seats as
    :func:`play_chunk` gives them) as the engine's actions in their text form
    (:func:`sheriff_core.engine.actions.parse_action` reads them back), one list per
    game, in the order the engine applies them: replayed with ``game.apply`` on
    ``new_game(variant, players, seed, first_sheriff=0)`` they play the same game.

    >>> import sheriff_core as sc
    >>> from sheriff_core.analysis.sim import game_seeds
    >>> if available():
    ...     texts = game_actions(sc.load_variant("second-edition"), 3, game_seeds(0, 0, 1),
    ...                          ["honest"], ["trusting"])[0]
    ...     print(texts[:2], texts[-1])
    ['starter 1', 'market set-aside Pepper,Chickens,Cheese pile 0'] pass 1
    """
    cap = 64 * variant.rounds(players) * players * (variant.hand_size + variant.bag_max + 8)
    while True:
        got = _run(variant, players, seeds, first, merchants, sheriffs, rotate, False, cap)
        if got[2] is not None:
            return [actions_of(variant, row) for row in got[2]]
        cap *= 4  # a game's log did not fit: play again with room for it


def actions_of(variant: Variant, log: np.ndarray) -> list[str]:
    """One game's action log from the kernel (``kernel._put``: ``log[0]`` its end, then
    records of a ``kernel.K_*`` code and its fields) as the engine's action texts."""
    from sheriff_core.analysis.fastsim import kernel as k

    goods, tokens = list(variant.goods), list(variant.tokens)
    out: list[str] = []
    i, end = 1, int(log[0])
    while i < end:
        kind = int(log[i])
        if kind == k.K_MARKET:
            pile, na, nt = (int(x) for x in log[i + 1 : i + 4])
            aside = tuple(goods[c] for c in log[i + 4 : i + 4 + na])
            take = tuple(int(p) for p in log[i + 4 + na : i + 4 + na + nt])
            out.append(str(Market(aside, take, pile)))
            i += 4 + na + nt
        elif kind in (k.K_LOAD, k.K_DEBT):
            nc = int(log[i + 1])
            cards = tuple(goods[c] for c in log[i + 2 : i + 2 + nc])
            out.append(str(Load(cards) if kind == k.K_LOAD else PayDebt(cards)))
            i += 2 + nc
        elif kind == k.K_CONFISCATE:
            pile, nc = int(log[i + 1]), int(log[i + 2])
            out.append(str(Confiscate(pile, tuple(goods[c] for c in log[i + 3 : i + 3 + nc]))))
            i += 3 + nc
        elif kind == k.K_DECLARE:
            out.append(str(Declare(goods[int(log[i + 1])], int(log[i + 2]))))
            i += 3
        elif kind == k.K_EXCHANGE:
            out.append(str(Exchange(tokens[int(log[i + 1])])))
            i += 2
        elif kind in (k.K_ACCEPT, k.K_DECLINE):
            out.append("accept" if kind == k.K_ACCEPT else "decline")
            i += 1
        else:  # one integer: a seat, or an offer's gold
            out.append(str(_ONE_FIELD[kind](int(log[i + 1]))))
            i += 2
    return out


def _run(
    variant: Variant,
    players: int,
    seeds: Sequence[np.random.SeedSequence],
    first: int,
    merchants: Sequence[BotSpec],
    sheriffs: Sequence[BotSpec],
    rotate: bool,
    bags: bool,
    cap: int,
    threads: int = 1,
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray] | None, np.ndarray | None]:
    """:func:`play_chunk`, and with ``cap`` > 0 each game's action log in ``cap`` integers
    (None when one did not fit)."""
    from sheriff_core.analysis.fastsim import kernel as k

    cv = compile_variant(variant, players)
    cb = compile_bots(merchants, sheriffs)
    n, games = players, len(seeds)
    # each game's two generators as seed words (what default_rng does with them, the
    # kernel does: kernel._pcg_seed); a SeedRange all at once (fastsim.seeds)
    words = seed_words(seeds)
    index = np.arange(first, first + games, dtype=np.int64)[:, None]
    seat = np.arange(n, dtype=np.int64)[None, :]
    slots = (seat + index) % n if rotate else np.broadcast_to(seat, (games, n))
    mi, si = slots % len(cb.mkind), slots % len(cb.skind)
    out = np.zeros((games * n, k.N_OUT), dtype=np.int64)
    per_game_bags = int(cv.vi[k.V_ROUNDS] * (n - cv.vi[k.V_NSH])) if bags else 0  # x merchants
    bout = np.zeros((games * per_game_bags, k.N_BAG), dtype=np.int64)
    alog = np.zeros((games, cap), dtype=np.int64)
    bad, status = k.play_games(
        words,
        cv.vi,
        cv.gi,
        cv.ti,
        cv.deck0,
        cv.by_rank,
        cv.cover_order,
        np.ascontiguousarray(cb.mkind[mi]),
        np.ascontiguousarray(cb.mparam[mi]),
        np.ascontiguousarray(cb.mscale[mi]),
        np.ascontiguousarray(cb.madapt[mi]),
        np.ascontiguousarray(cb.skind[si]),
        np.ascontiguousarray(cb.sp[si]),
        out,
        bout,
        alog,
        threads,
    )
    if status == k.LOG_FULL:
        return {}, None, None
    if bad >= 0:
        why = {
            k.EMPTY_HAND: "a merchant has no card left to load (the deck, discard piles and "
            "hand are empty)",
            k.SHORT_HAND: f"a merchant holds fewer cards than bag_min={variant.bag_min} "
            "(no legal load)",
            k.DECK_SHORT: f"the deputy deck of {players} cards cannot deal "
            f"{variant.sheriffs_per_round} Deputies a round",
        }[status]
        raise RuntimeError(
            f"game {first + bad}: {why}; the checked engine cannot play this game either"
        )
    cols = _player_columns(out, games, n)
    cols["slot"] = np.ascontiguousarray(slots).reshape(-1)
    bag_cols = _bag_columns(bout, first, games, per_game_bags) if bags else None
    return cols, bag_cols, alog if cap else None


def _player_columns(out: np.ndarray, games: int, n: int) -> dict[str, np.ndarray]:
    """The kernel's per-seat rows as the integer columns of the player table."""
    from sheriff_core.analysis.fastsim import kernel as k

    cols: dict[str, np.ndarray] = {}
    names = (
        ("gold", k.O_GOLD),
        ("goods_value", k.O_VALUE),
        ("bonus", k.O_BONUS),
        ("total", k.O_TOTAL),
        ("rank", k.O_RANK),
        ("stand_legal", k.O_LEGAL),
        ("stand_contraband", k.O_CONTRA),
        ("bags", k.O_BAGS),
        ("lies", k.O_LIES),
        ("inspected", k.O_INSPECTED),
        ("caught", k.O_CAUGHT),
        ("smuggled", k.O_SMUGGLED),
        ("fines_paid", k.O_FPAID),
        ("fines_received", k.O_FRECV),
        ("compensation_paid", k.O_CPAID),
        ("compensation_received", k.O_CRECV),
        ("game_bags_passed", k.O_PASSED),
        ("game_bags_inspected", k.O_OPENED),
        ("bribes_paid", k.O_BPAID),
        ("bribes_received", k.O_BRECV),
        ("game_bribes", k.O_BRIBES),
        ("game_bribe_gold", k.O_BRIBE_GOLD),
    )
    for name, c in names:
        cols[name] = out[:, c]
    per_game = out.reshape(games, n, k.N_OUT)
    for name, c in (
        ("game_lies_caught", k.O_CAUGHT),
        ("game_fines", k.O_FPAID),
        ("game_compensation", k.O_CPAID),
    ):
        cols[name] = np.repeat(per_game[:, :, c].sum(axis=1), n)
    return cols


def _bag_columns(bout: np.ndarray, first: int, games: int, per_game: int) -> dict[str, np.ndarray]:
    """The kernel's bag rows as the integer columns of the bag table (and ``game``)."""
    from sheriff_core.analysis.fastsim import kernel as k

    bag_cols: dict[str, np.ndarray] = {
        "game": np.repeat(np.arange(first, first + games, dtype=np.int64), per_game)
    }
    for name, c in (
        ("round", k.B_ROUND),
        ("seat", k.B_SEAT),
        ("sheriff", k.B_SHERIFF),
        ("declared_good", k.B_GOOD),
        ("declared_count", k.B_COUNT),
        ("bag_size", k.B_COUNT),
        ("contraband", k.B_CONTRA),
        ("truthful", k.B_TRUTHFUL),
        ("inspected", k.B_INSPECTED),
        ("merchant_pays", k.B_PAYS),
        ("smuggled", k.B_SMUGGLED),
        ("threatened", k.B_THREATENED),
        ("offered", k.B_OFFERED),
        ("bribe", k.B_BRIBE),
    ):
        bag_cols[name] = bout[:, c]
    return bag_cols


#: The log's one-field records (kernel.K_*), as the engine's actions.
_ONE_FIELD: dict[int, type[Action]] = {
    1: ChooseStarter,  # K_STARTER
    5: Threaten,  # K_THREATEN
    6: Inspect,  # K_INSPECT
    7: LetPass,  # K_PASS
    8: Offer,  # K_OFFER (gold)
}
