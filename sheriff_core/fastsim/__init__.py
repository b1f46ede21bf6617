"""A compiled batch simulator (numba) for bot-against-bot runs, checked against the engine.

The checked engine (:mod:`sheriff_core.engine`, every action through ``game.apply``)
stays the referee. This package plays the same games in one compiled function per game
(:mod:`sheriff_core.fastsim.kernel`), from the same two generators, so that
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

from sheriff_core.bots.base import BotSpec
from sheriff_core.fastsim.seeds import seed_words
from sheriff_core.fastsim.tables import compile_bots, compile_variant, unsupported
from sheriff_core.rules.variants import Variant

__all__ = ["available", "unsupported", "play_chunk", "why_not"]


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
    >>> why_not(sc.load_variant("classic"), ["adaptive"], ["bayesian"])[-1]
    "merchant bot 'adaptive' (the kernel plays honest, smuggler, bluffer, briber)"
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
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray] | None]:
    """Play games ``first, first + 1, ...`` (one per seed) in the kernel. Returns the
    integer columns of :data:`sheriff_core.sim.PLAYER_COLUMNS` that the games decide, one
    row per game and seat, with ``slot`` (the line-up entry each seat played); and with
    ``bags``, the columns of :data:`sheriff_core.sim.BAG_COLUMNS` the games decide, one row
    per bag (``game``; ``declared_good`` as a good code), else None.

    >>> import sheriff_core as sc
    >>> from sheriff_core.sim import game_seeds
    >>> if available():
    ...     per_seat, per_bag = play_chunk(sc.load_variant("classic"), 3, game_seeds(0, 0, 2),
    ...                                    0, ["honest"], ["trusting"], True, bags=True)
    ...     print(per_seat["slot"].tolist(), len(per_bag["round"]), per_bag["inspected"].sum())
    [0, 1, 2, 1, 2, 0] 36 0
    """
    from sheriff_core.fastsim import kernel as k

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
    per_game_bags = int(cv.vi[7]) * (n - 1) if bags else 0  # rounds x merchants
    bout = np.zeros((games * per_game_bags, k.N_BAG), dtype=np.int64)
    bad = k.play_games(
        words,
        cv.vi,
        cv.gi,
        cv.deck0,
        cv.by_rank,
        cv.cover_order,
        np.ascontiguousarray(cb.mkind[mi]),
        np.ascontiguousarray(cb.mparam[mi]),
        np.ascontiguousarray(cb.mscale[mi]),
        np.ascontiguousarray(cb.skind[si]),
        np.ascontiguousarray(cb.sp[si]),
        out,
        bout,
    )
    if bad >= 0:
        raise RuntimeError(
            f"game {first + bad}: a merchant has no card left to load (the deck, discard piles "
            "and hand are empty); the checked engine cannot play this game either"
        )
    cols = _player_columns(out, games, n)
    cols["slot"] = np.ascontiguousarray(slots).reshape(-1)
    if not bags:
        return cols, None
    return cols, _bag_columns(bout, first, games, per_game_bags)


def _player_columns(out: np.ndarray, games: int, n: int) -> dict[str, np.ndarray]:
    """The kernel's per-seat rows as the integer columns of the player table."""
    from sheriff_core.fastsim import kernel as k

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
    from sheriff_core.fastsim import kernel as k

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
