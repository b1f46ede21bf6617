"""Simulate many seeded games between bots into tidy pandas DataFrames.

:func:`simulate` returns one row per game and player; :func:`simulate_bags`
one row per bag. Game ``i`` of a run is dealt from
``numpy.random.SeedSequence(seed).spawn(games)[i]``, whatever the number of
worker processes, the chunking or the executor, so the same arguments always
give the same DataFrame. By default (``engine="auto"``) the games the compiled kernel
plays (:mod:`sheriff_core.analysis.fastsim`: classic rules, the basic bots) run there, the rest
through ``game.apply`` (the engine's full legality check): the same DataFrame either way.

>>> import sheriff_core as sc
>>> df = sc.simulate("classic", players=3, games=4, seed=1)
>>> len(df), df.groupby("game")["rank"].min().tolist()
(12, [1, 1, 1, 1])
>>> df.equals(sc.simulate("classic", players=3, games=4, seed=1, chunk_size=1))
True
"""

from __future__ import annotations

import gc
import math
import multiprocessing as mp
import os
import signal
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from sheriff_core.base.i18n import Message
from sheriff_core.bots.base import Bot, BotSpec, Player, make_bot
from sheriff_core.engine.events import (
    Confiscated,
    Declared,
    Drew,
    Event,
    GameOver,
    GameSetUp,
    Inspected,
    Loaded,
    MarketTurn,
    Paid,
    PaidInGoods,
    Passed,
    RoundEnded,
    RoundStarted,
)
from sheriff_core.engine.game import Game, new_game
from sheriff_core.engine.saves import RULES_VERSION, seed_sequence
from sheriff_core.play.driver import drive
from sheriff_core.play.record import bag_records
from sheriff_core.rules.variants import Variant, load_variant

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "simulate",
    "simulate_bags",
    "simulate_tables",
    "play_seeded",
    "game_seeds",
    "PLAYER_COLUMNS",
    "BAG_COLUMNS",
    "DEFAULT_MERCHANTS",
    "DEFAULT_SHERIFFS",
    "WorkerError",
    "ENGINES",
    "FastEngineFallback",
]


class WorkerError(RuntimeError):
    """A worker process died (killed, out of memory) and the run was abandoned."""


def cpu_count() -> int:
    """CPUs this process may use (the cap on worker processes)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the workers), and
    SIGTERM ends the worker at once (:func:`stop_workers` sends it), even when the parent
    turned SIGTERM into an exception before the worker was forked (the command line does,
    to clean up as for Ctrl-C)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end the worker processes now (Ctrl-C, a failure)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    results = getattr(pool, "_result_queue", None)  # shutdown forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(timeout=5)
        if proc.is_alive():  # pragma: no cover - ignored SIGTERM
            proc.kill()
            proc.join(timeout=5)
    # A worker ended while sending a result leaves half a message in the results pipe; the
    # pool's manager thread then waits for the rest forever, and this process's exit waits
    # for that thread. With every worker gone, closing this process's copy of the pipe's
    # writing end (it never writes there) turns that wait into end-of-file: the thread stops.
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()


DEFAULT_MERCHANTS: tuple[str, ...] = ("honest", "smuggler", "bluffer", "briber")
DEFAULT_SHERIFFS: tuple[str, ...] = ("threshold",)

#: Columns of :func:`simulate` (one row per game and player), in order.
PLAYER_COLUMNS: tuple[str, ...] = (
    "game",
    "seat",
    "player",
    "strategy",
    "sheriff_strategy",
    "variant",
    "players",
    "gold",
    "goods_value",
    "bonus",
    "total",
    "rank",
    "win",
    "stand_legal",
    "stand_contraband",
    # this player's bags (as merchant) and deals (as Sheriff)
    "bags",
    "lies",
    "inspected",
    "caught",
    "smuggled",
    "bribes_paid",
    "bribes_received",
    "fines_paid",
    "fines_received",
    "compensation_paid",
    "compensation_received",
    # the whole game (the same on every row of a game)
    "game_bags_passed",
    "game_bags_inspected",
    "game_lies_caught",
    "game_bribes",
    "game_bribe_gold",
    "game_fines",
    "game_compensation",
)

#: Columns of :func:`simulate_bags` (one row per bag), in order.
BAG_COLUMNS: tuple[str, ...] = (
    "game",
    "round",
    "seat",
    "player",
    "strategy",
    "sheriff",
    "sheriff_strategy",
    "variant",
    "players",
    "declared_good",
    "declared_count",
    "bag_size",
    "contraband",
    "truthful",
    "threatened",
    "offered",
    "inspected",
    "bribe",
    "outcome",
    "merchant_pays",
    "smuggled",
)

_BOOLS = (("win",), ("truthful", "threatened", "offered", "inspected"))
_COUNTS = PLAYER_COLUMNS[PLAYER_COLUMNS.index("bags") : PLAYER_COLUMNS.index("game_bags_passed")]


# --------------------------------------------------------------------------- seeds and lineups


def game_seeds(seed: int | None, start: int, stop: int) -> list[np.random.SeedSequence]:
    """Seeds of games ``start..stop-1``: ``SeedSequence(seed).spawn(stop)[start:stop]``,
    computed without spawning the earlier ones.

    >>> [s.generate_state(1)[0] for s in game_seeds(7, 2, 4)] == [
    ...     s.generate_state(1)[0] for s in np.random.SeedSequence(7).spawn(4)[2:]]
    True
    """
    root = np.random.SeedSequence(seed)
    return [
        np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, i))
        for i in range(start, stop)
    ]


def bot_list(specs: BotSpec | Sequence[BotSpec], what: str) -> list[BotSpec]:
    """The bot specs of one side as a list, as :func:`simulate` reads ``merchants`` /
    ``sheriffs`` (one spec or several; ``what`` names the side in the error for none).

    >>> bot_list("honest", "merchants"), bot_list(("smuggler", {"risk": 0.8}), "merchants")
    (['honest'], [('smuggler', {'risk': 0.8})])
    """
    if isinstance(specs, str | Bot):
        return [specs]
    if (
        isinstance(specs, tuple)
        and len(specs) == 2
        and isinstance(specs[0], str)
        and isinstance(specs[1], Mapping)
    ):
        return [specs]  # one ("name", {params}) spec
    out = list(specs)
    if not out:
        raise ValueError(Message("{what}: give at least one bot", what=what))
    return out


def _slot(seat: int, game: int, players: int, rotate: bool) -> int:
    return (seat + game) % players if rotate else seat


def chunk_games(task: object) -> int:
    """Games in one chunk that :func:`simulate` hands to an executor (0 for anything else):
    what an executor wrapper counts for a progress bar (:func:`sheriff_core.analysis.lab.sweep`).

    >>> chunk_games(object())
    0
    """
    return task.stop - task.start if isinstance(task, _Task) else 0


@dataclass(frozen=True)
class _Task:
    """One chunk of games, picklable for process pools and Dask."""

    # a Variant in-process; (data, source) when sent to another process; None in the
    # workers of simulate's own pool (they built the variant once, in _init_worker)
    variant: Any
    players: int
    seed: int
    start: int
    stop: int
    merchants: tuple[BotSpec, ...]
    sheriffs: tuple[BotSpec, ...]
    rotate: bool
    per: str  # "player", "bag" or "both" (the same games, both tables)
    engine: str = "checked"  # "checked" (game.apply) or "fast" (the compiled kernel)
    threads: int = 1  # the compiled kernel's threads (in-process runs: one per CPU)


#: The variant of this worker process (set once by :func:`_init_worker`).
_WORKER_VARIANT: Variant | None = None


def _variant_of(payload: Any) -> Variant:
    if payload is None:  # a worker of simulate's own pool
        assert _WORKER_VARIANT is not None, "a task without a variant outside a pool worker"
        return _WORKER_VARIANT
    if isinstance(payload, Variant):
        return payload
    data, source = payload
    return Variant.from_data(data, source)  # built once per worker (cached there)


def _init_worker(payload: Any) -> None:
    """Initializer of simulate's workers: Ctrl-C is the parent's to handle, and the
    variant is built once per worker, not once per chunk."""
    global _WORKER_VARIANT
    ignore_sigint()
    _WORKER_VARIANT = _variant_of(payload)


def play_seeded(
    variant: Variant,
    players: int,
    seed: np.random.SeedSequence | int | None,
    lineup: Sequence[Player],
    max_actions: int = 100_000,
) -> Game:
    """Deal a game from ``seed`` and play it to the end with one :class:`Player` per seat.

    >>> import sheriff_core as sc
    >>> from sheriff_core.bots import make_player
    >>> g = play_seeded(sc.load_variant("classic"), 3, 0, [make_player()] * 3)
    >>> g.is_over
    True
    """
    game = new_game(variant, players=players, seed=seed, first_sheriff=0)
    drive(game, lineup, max_actions=max_actions)  # the driver's hot loop (no stop condition)
    return game


# --------------------------------------------------------------------------- rows


def _player_rows(
    game: Game, index: int, labels: Sequence[tuple[str, str]], cols: dict[str, list[Any]]
) -> None:
    """One row per seat (:data:`PLAYER_COLUMNS`), appended column by column.

    The counts come from one pass over the events (:func:`_player_counts`): the fast
    path, kept apart from :func:`sheriff_core.play.record.bag_records` because it also reads
    the payments (``tests/test_event_reader.py`` checks the two agree)."""
    n = game.n
    per, totals = _player_counts(game)
    # Whole columns at a time (one extend per column and game, not one append per cell).
    # map(itemgetter) rather than comprehensions: no function call per column.
    rows = game.score_rows()
    ranks = list(map(_RANK, rows))
    cols["game"].extend([index] * n)
    cols["seat"].extend(range(n))
    cols["player"].extend(map(_PLAYER, rows))
    cols["strategy"].extend(map(_FIRST, labels[:n]))
    cols["sheriff_strategy"].extend(map(_SECOND, labels[:n]))
    cols["variant"].extend([game.variant.name] * n)
    cols["players"].extend([n] * n)
    for key, get in _SCORE_FIELDS:
        cols[key].extend(map(get, rows))
    cols["rank"].extend(ranks)
    cols["win"].extend([r == 1 for r in ranks])
    for c in _COUNTS:
        cols[c].extend(per[c])
    for key, value in totals:
        cols[key].extend([value] * n)


def _player_counts(game: Game) -> tuple[dict[str, list[int]], tuple[tuple[str, int], ...]]:
    """Per seat, the :data:`_COUNTS` columns; and the whole game's totals."""
    n = game.n
    per: dict[str, list[int]] = {c: [0] * n for c in _COUNTS}
    bags, lies, inspected, caught = per["bags"], per["lies"], per["inspected"], per["caught"]
    smuggled, b_paid, b_recv = per["smuggled"], per["bribes_paid"], per["bribes_received"]
    f_paid, f_recv = per["fines_paid"], per["fines_received"]
    c_paid, c_recv = per["compensation_paid"], per["compensation_received"]
    passed = opened = bribes = bribe_gold = 0
    loaded: dict[int, list[str]] = {}
    fine: bool | None = None  # kind of the payments that follow an inspection
    # Runs over every event of every game: skip the kinds no column uses with one set
    # lookup of the event's class.
    for e in game.events:
        if type(e) in _ROW_SKIP:
            continue
        if type(e) is Loaded:
            loaded[e.seat] = e.cards
        elif type(e) is Declared:
            s = e.seat
            bags[s] += 1
            cards = loaded[s]
            if cards.count(e.good) != len(cards):  # a card other than the declared good
                lies[s] += 1
        elif type(e) is Inspected:
            s = e.seat
            opened += 1
            inspected[s] += 1
            pays = e.merchant_pays
            if not e.truthful:
                caught[s] += 1
            fine = True if pays > 0 else False if pays < 0 else None
        elif type(e) is Paid or type(e) is PaidInGoods:
            if fine is not None:
                s = e.seat
                amount = e.gold if type(e) is Paid else e.value  # type: ignore[union-attr]
                payee = e.to
                if fine:
                    f_paid[s] += amount
                    if type(payee) is int:  # not the Deputies' shared Loot
                        f_recv[payee] += amount
                else:  # compensation: paid by the inspectors to the merchant, a seat
                    c_paid[s] += amount
                    c_recv[payee] += amount  # type: ignore[index]
        elif type(e) is Passed:
            s = e.seat
            passed += 1
            smuggled[s] += e.smuggled
            if e.bribe is not None:
                bribes += 1
                g = e.bribe_gold
                bribe_gold += g
                b_paid[s] += g
                to = e.bribe_to
                if type(to) is int:
                    b_recv[to] += g
            fine = None
        elif type(e) is RoundStarted or type(e) is RoundEnded:
            fine = None
    return per, (
        ("game_bags_passed", passed),
        ("game_bags_inspected", opened),
        ("game_lies_caught", sum(caught)),
        ("game_bribes", bribes),
        ("game_bribe_gold", bribe_gold),
        ("game_fines", sum(f_paid)),
        ("game_compensation", sum(c_paid)),
    )


#: Event kinds :func:`_player_rows` does not read (most events of a game).
_ROW_SKIP: frozenset[type[Event]] = frozenset((MarketTurn, Drew, Confiscated, GameSetUp, GameOver))
#: (column, getter of its score_rows key) copied straight from the scores.
_SCORE_FIELDS = tuple(
    (column, itemgetter(key))
    for column, key in (
        ("gold", "gold"),
        ("goods_value", "goods_value"),
        ("bonus", "bonus"),
        ("total", "total"),
        ("stand_legal", "legal_goods"),
        ("stand_contraband", "contraband"),
    )
)
_RANK, _PLAYER = itemgetter("rank"), itemgetter("player")
_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def _bag_rows(
    game: Game, index: int, labels: Sequence[tuple[str, str]], cols: dict[str, list[Any]]
) -> None:
    """One row per settled bag (:data:`BAG_COLUMNS`), from the one event reader
    (:func:`sheriff_core.play.record.bag_records`), appended column by column."""
    records = bag_records(game)
    if not records:
        return
    n = len(records)
    is_legal = {name: g.kind == "legal" for name, g in game.variant.goods.items()}
    players = game.players
    cols["game"].extend([index] * n)
    cols["variant"].extend([game.variant.name] * n)
    cols["players"].extend([game.n] * n)
    for r in records:
        s, sheriff, cards, good = r.seat, r.sheriff, r.cards, r.good
        cols["round"].append(r.round)
        cols["seat"].append(s)
        cols["player"].append(players[s])
        cols["strategy"].append(labels[s][0])
        cols["sheriff"].append(-1 if sheriff is None else sheriff)
        cols["sheriff_strategy"].append("" if sheriff is None else labels[sheriff][1])
        cols["declared_good"].append(good)
        cols["declared_count"].append(r.count)
        cols["bag_size"].append(len(cards))
        cols["contraband"].append(sum(1 for c in cards if not is_legal[c]))
        cols["truthful"].append(all(c == good for c in cards))
        cols["threatened"].append(r.threatened)
        cols["offered"].append(r.offered)
        cols["inspected"].append(r.inspected)
        cols["bribe"].append(r.bribe_gold)
        cols["outcome"].append(r.outcome)
        cols["merchant_pays"].append(r.merchant_pays)
        cols["smuggled"].append(r.smuggled)


@contextmanager
def _collector_tuned_for_games() -> Iterator[None]:
    """Tune CPython's cyclic garbage collector for a run of games; restore it after.

    A game keeps a few thousand small containers (events, bags, actions) alive for
    about a millisecond. With the default settings (a young collection every 700
    new containers) the collector keeps rescanning the running game and promotes
    it to the old generation, which then sets off full collections of the whole
    heap (pandas, numpy, a notebook's data): about 20 % of simulation time when
    measured (``benchmarks/bench_sim.py --gc-report``). For the run, the objects
    that exist now go to the permanent generation (``gc.freeze``) and a young
    collection waits for 20,000 new containers; afterwards the old heap and the
    thresholds are given back. Nothing is skipped: cycles made during the run are
    still collected. A collector the caller has frozen or disabled is left alone.
    """
    if gc.get_freeze_count() or not gc.isenabled():
        yield
        return
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(thresholds[0], 20_000), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _run_chunk(task: _Task) -> list[dict[str, Any]]:
    """Play games ``task.start..task.stop-1``; return their rows as columns, one mapping
    per table (``per="both"``: the player table, then the bag table)."""
    if task.engine == "fast":
        return _fast_chunk(task)
    with _collector_tuned_for_games():
        return _play_chunk(task)


#: The tables a task's ``per`` asks for, and the columns and row writer of each.
_PERS: dict[str, tuple[str, ...]] = {
    "player": ("player",),
    "bag": ("bag",),
    "both": ("player", "bag"),
}
_TABLES: dict[str, tuple[tuple[str, ...], Callable[..., None]]] = {
    "player": (PLAYER_COLUMNS, _player_rows),
    "bag": (BAG_COLUMNS, _bag_rows),
}


def _play_chunk(task: _Task) -> list[dict[str, list[Any]]]:
    variant = _variant_of(task.variant)
    n = task.players
    m_proto = [make_bot(spec, "merchant") for spec in task.merchants]
    s_proto = [make_bot(spec, "sheriff") for spec in task.sheriffs]
    m_labels = [b.label() for b in m_proto]
    s_labels = [b.label() for b in s_proto]
    writers = [_TABLES[t][1] for t in _PERS[task.per]]
    out: list[dict[str, list[Any]]] = [{c: [] for c in _TABLES[t][0]} for t in _PERS[task.per]]
    seeds = game_seeds(task.seed, task.start, task.stop)
    for index, ss in zip(range(task.start, task.stop), seeds, strict=True):
        lineup, labels = [], []
        for seat in range(n):
            j = _slot(seat, index, n, task.rotate)
            mi, si = j % len(m_proto), j % len(s_proto)
            lineup.append(Player(m_proto[mi].clone(), s_proto[si].clone()))  # type: ignore[arg-type]
            labels.append((m_labels[mi], s_labels[si]))
        game = play_seeded(variant, n, ss, lineup)
        for rows, cols in zip(writers, out, strict=True):
            rows(game, index, labels, cols)
    return out


@dataclass(frozen=True)
class _Coded:
    """A text column as codes into its few distinct values (the compiled engine's chunks):
    joined by concatenating codes, turned into text once, when the frame is built."""

    labels: tuple[str, ...]
    codes: np.ndarray

    def text(self, pd: Any) -> Any:
        return pd.array(list(self.labels), dtype=str).take(self.codes)


_OUTCOMES = ("passed", "bribed", "caught", "cleared")


def _fast_chunk(task: _Task) -> list[dict[str, Any]]:
    """:func:`_play_chunk` in the compiled kernel (:mod:`sheriff_core.analysis.fastsim`): the same
    tables with the same columns, as numpy arrays (text columns :class:`_Coded`, named
    from the line-up), so a chunk costs no Python work per game."""
    from sheriff_core.analysis.fastsim import play_chunk
    from sheriff_core.analysis.fastsim.seeds import SeedRange

    variant = _variant_of(task.variant)
    n = task.players
    seeds = SeedRange(task.seed, task.start, task.stop)
    tables = _PERS[task.per]
    got, bags = play_chunk(
        variant,
        n,
        seeds,
        task.start,
        task.merchants,
        task.sheriffs,
        task.rotate,
        "bag" in tables,
        task.threads,
    )
    m_labels = tuple(make_bot(s, "merchant").label() for s in task.merchants)
    s_labels = tuple(make_bot(s, "sheriff").label() for s in task.sheriffs)
    games = task.stop - task.start
    slots = got.pop("slot")
    strategy, sheriff_strategy = slots % len(m_labels), slots % len(s_labels)
    names = tuple(variant.default_names[:n])
    rows = n * games
    out: list[dict[str, Any]] = []
    if "player" in tables:
        cols: dict[str, Any] = {
            "game": np.repeat(np.arange(task.start, task.stop, dtype=np.int64), n),
            "seat": np.tile(np.arange(n, dtype=np.int64), games),
            "player": _Coded(names, np.tile(np.arange(n), games)),
            "strategy": _Coded(m_labels, strategy),
            "sheriff_strategy": _Coded(s_labels, sheriff_strategy),
            "variant": _Coded((variant.name,), np.zeros(rows, dtype=np.intp)),
            "players": np.full(rows, n, dtype=np.int64),
            "win": got["rank"] == 1,
        }
        out.append({c: cols[c] if c in cols else got[c] for c in PLAYER_COLUMNS})
    if bags is not None:
        seat, sheriff = bags["seat"], bags["sheriff"]
        first_row = (bags["game"] - task.start) * n  # the game's first player row
        truthful, inspected = bags["truthful"] == 1, bags["inspected"] == 1
        outcome = np.where(inspected, 2 + truthful, np.where(bags["bribe"] != 0, 1, 0))
        bag_cols: dict[str, Any] = {
            "player": _Coded(names, seat),
            "strategy": _Coded(m_labels, strategy[first_row + seat]),
            "sheriff_strategy": _Coded(s_labels, sheriff_strategy[first_row + sheriff]),
            "variant": _Coded((variant.name,), np.zeros(len(seat), dtype=np.intp)),
            "players": np.full(len(seat), n, dtype=np.int64),
            "declared_good": _Coded(tuple(variant.goods), bags["declared_good"]),
            "truthful": truthful,
            "threatened": bags["threatened"] == 1,
            "offered": bags["offered"] == 1,
            "inspected": inspected,
            "outcome": _Coded(_OUTCOMES, outcome),
        }
        out.append({c: bag_cols[c] if c in bag_cols else bags[c] for c in BAG_COLUMNS})
    return out


def _joined(parts: list[Any]) -> Any:
    """One column of a run from its chunks: lists (the checked engine), arrays or
    :class:`_Coded` columns (the compiled one)."""
    if not parts:
        return []
    first = parts[0]
    if isinstance(first, _Coded):
        labels = first.labels
        if any(p.labels != labels for p in parts):  # pragma: no cover - one run, one line-up
            raise AssertionError("chunks of one run named their text columns differently")
        return _Coded(labels, np.concatenate([p.codes for p in parts]))
    if isinstance(first, np.ndarray):
        return first if len(parts) == 1 else np.concatenate(parts)
    return [x for p in parts for x in p]


class FastEngineFallback(UserWarning):
    """``simulate(..., engine="auto")`` (the default) played a run with the checked engine:
    the warning says what the compiled kernel does not play. It is shown once per process
    (:func:`_tell_fallback`), for the first such run: a notebook or a sweep that plays runs
    the kernel cannot play (every variant in turn, a cell run again) says it once; the
    frame is the same either way, only the speed differs. ``fastsim.why_not`` (or
    ``engine="fast"``, which refuses naming them) gives any run's reasons."""


#: The fallback messages shown in this process (the first one is shown, no other).
_TOLD: set[str] = set()


def _tell_fallback(text: str) -> None:
    """Warn ``text`` (a :class:`FastEngineFallback`) unless a fallback was shown before in
    this process. The caller's warning filters come first: where the first that applies
    says ``"always"`` or ``"error"`` (``pytest.warns``, ``-W error``) every run warns, and
    ``"ignore"`` shows nothing and keeps the warning for later (Python's own ``"once"``
    cannot serve: its memory is cleared whenever any code changes the filters, as
    ``warnings.catch_warnings`` does)."""
    action = next(
        (
            action
            for action, message, category, module, _ in warnings.filters
            if module is None
            and issubclass(FastEngineFallback, category)
            and (message is None or message.match(text))
        ),
        "default",
    )
    if action == "ignore" or (_TOLD and action not in ("always", "error")):
        return
    _TOLD.add(text)
    warnings.warn(text, FastEngineFallback, stacklevel=5)


#: The engines :func:`simulate` takes.
ENGINES = ("checked", "fast", "auto")


def _pick_engine(
    engine: str, v: Variant, m_specs: Sequence[BotSpec], s_specs: Sequence[BotSpec]
) -> str:
    """``"checked"`` or ``"fast"``: ``"fast"`` refuses (ValueError, naming each reason) what
    the kernel does not play; ``"auto"`` plays it checked and says why (once per process: :func:`_tell_fallback`)."""
    if engine not in ENGINES:
        raise ValueError(
            Message(
                "engine must be one of {engines}, not {engine!r}",
                engines=", ".join(map(repr, ENGINES)),
                engine=engine,
            )
        )
    if engine == "checked":
        return engine
    from sheriff_core.analysis.fastsim import why_not

    reasons = why_not(v, m_specs, s_specs)
    if not reasons:
        return "fast"
    if engine == "fast":
        raise ValueError(
            Message("engine='fast' cannot play this run: {reasons}", reasons="; ".join(reasons))
        )
    said = Message(
        "engine='auto' played this with the checked engine (the same games and table, "
        "slower): the compiled kernel does not play {reasons}. Said once: "
        "later runs it cannot play are played the same way without a word",
        reasons="; ".join(reasons),
    )
    _tell_fallback(str(said))  # in the language of the run (the reasons stay English)
    return "checked"


# --------------------------------------------------------------------------- chunks and pools

#: Games per chunk in one process (chunks only bound the memory of a run's rows).
_CHUNK = 250
#: Smallest and largest chunk of a parallel run: a chunk costs a few milliseconds to
#: send and collect (about 25 games' worth is far more than that); a run shorter than
#: one chunk is played in this process (no pool).
_MIN_CHUNK, _MAX_CHUNK = 25, 1000
#: The same for the compiled engine (``engine="fast"``), whose games cost about 30 us
#: each: a chunk's own cost (its seeds, arrays and frame pieces, about 0.2 ms; a task sent
#: to a caller's executor, e.g. Dask, some milliseconds) is then worth more games, so its
#: chunks are ten times as big, in this process and on an executor. simulate's own pool
#: keeps the sizes above (its chunks are cheap to send, and small runs stay parallel).
_FAST_CHUNK, _FAST_MIN_CHUNK, _FAST_MAX_CHUNK = 5000, 250, 10_000

#: How :func:`simulate` starts its worker processes. ``"fork"`` where the platform has
#: it: a worker is a copy of this process, so it imports nothing and receives the variant
#: without pickling; measured against ``forkserver`` and ``spawn`` in docs/speed.md
#: (``benchmarks/speed.py --start-methods``). None: the platform's default.
START_METHOD: str | None = "fork" if "fork" in mp.get_all_start_methods() else None


def _bounds(
    games: int, chunk_size: int | None, slots: int, fast: bool = False
) -> list[tuple[int, int]]:
    """Chunks of a run as ``(start, stop)`` game numbers.

    A given ``chunk_size``, or one process (``slots`` 1), cuts equal chunks. For
    ``slots`` parallel workers the chunks shrink as the run goes on (guided scheduling):
    each takes ``ceil(left / (2 * slots))`` of the games still left, kept between 25 and
    1,000. The first chunks keep every worker busy for long stretches; the last ones are
    small, so no worker is left alone with a long chunk at the end. ``fast`` (the compiled
    engine, in one process or on an executor): chunks of 5,000 in one process, between 250
    and 10,000 in parallel.

    >>> [b - a for a, b in _bounds(2000, None, 2)][:6], len(_bounds(2000, None, 2))
    ([500, 375, 282, 211, 158, 119], 15)
    >>> _bounds(10, None, 2), _bounds(5, 2, 1)
    ([(0, 10)], [(0, 2), (2, 4), (4, 5)])
    >>> [b - a for a, b in _bounds(2000, None, 2, fast=True)], _bounds(6000, None, 1, fast=True)
    ([500, 375, 282, 250, 250, 250, 93], [(0, 5000), (5000, 6000)])
    """
    if chunk_size is not None or slots <= 1:
        size = chunk_size or (_FAST_CHUNK if fast else _CHUNK)
        return [(a, min(a + size, games)) for a in range(0, games, size)]
    low, high = (_FAST_MIN_CHUNK, _FAST_MAX_CHUNK) if fast else (_MIN_CHUNK, _MAX_CHUNK)
    out, start = [], 0
    while start < games:
        size = min(high, max(low, math.ceil((games - start) / (2 * slots))))
        out.append((start, min(start + size, games)))
        start += size
    return out


def _plan(
    games: int,
    workers: int | None,
    executor: Executor | None,
    chunk_size: int | None,
    fast: bool = False,
) -> tuple[int, list[tuple[int, int]]]:
    """Worker processes of simulate's own pool (1: none, play here; 0: the caller's
    ``executor``) and the chunks of the run (``fast``: the compiled engine's sizes)."""
    if chunk_size is not None and (
        isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1
    ):
        raise ValueError(
            Message("chunk_size must be a whole number >= 1, not {size!r}", size=chunk_size)
        )
    if executor is not None:
        return 0, _bounds(games, chunk_size, os.cpu_count() or 2, fast)
    wanted = max(1, min(workers or 1, cpu_count(), games))  # never more than CPUs or games
    bounds = _bounds(games, chunk_size, wanted, fast and wanted == 1)
    return max(1, min(wanted, len(bounds))), bounds  # nor more than chunks


def _new_pool(workers: int, variant: Variant) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, each with ``variant`` built once and Ctrl-C ignored."""
    ctx = mp.get_context(START_METHOD)
    forked = ctx.get_start_method() == "fork"
    payload = variant if forked else (variant.to_data(), variant.source)
    return ProcessPoolExecutor(
        workers, mp_context=ctx, initializer=_init_worker, initargs=(payload,)
    )


def _collect(pool: Executor, tasks: Sequence[_Task], bar: Any) -> list[Any]:
    """Submit every task to ``pool``; their results in task order, as they finish."""
    results: list[Any] = [None] * len(tasks)
    futures: dict[Future[Any], int] = {
        pool.submit(_run_chunk, task): i for i, task in enumerate(tasks)
    }
    for fut in as_completed(futures):
        i = futures[fut]
        results[i] = fut.result()
        bar.update(tasks[i].stop - tasks[i].start)
    return results


def _run_tasks(
    tasks: list[_Task], workers: int, executor: Executor | None, variant: Variant, bar: Any
) -> list[Any]:
    """Run the chunks here (``workers`` 1), on ``executor`` or in a pool of our own that
    is stopped at once on Ctrl-C, an error, or a worker's death (:class:`WorkerError`)."""
    if executor is None and workers == 1:
        results = []
        for task in tasks:
            results.append(_run_chunk(task))
            bar.update(task.stop - task.start)
        return results
    pool = executor if executor is not None else _new_pool(workers, variant)
    try:
        results = _collect(pool, tasks, bar)
    except BrokenProcessPool:
        if executor is None:
            stop_workers(pool)  # type: ignore[arg-type]
        raise WorkerError(
            Message(
                "a simulation worker process died (killed, or out of memory?); "
                "the run was abandoned"
            )
        ) from None
    except BaseException:  # Ctrl-C or an error in a chunk: stop the workers now
        if executor is None:
            stop_workers(pool)  # type: ignore[arg-type]
        raise
    if executor is None:
        pool.shutdown()
    return results


# --------------------------------------------------------------------------- the public API


def _checked(
    variant: Variant | str,
    players: int,
    games: int,
    workers: int | None,
    merchants: BotSpec | Sequence[BotSpec],
    sheriffs: BotSpec | Sequence[BotSpec],
) -> tuple[Variant, tuple[BotSpec, ...], tuple[BotSpec, ...]]:
    """The variant and bot specs of a run, every argument checked (bad ones raise here)."""
    v = variant if isinstance(variant, Variant) else load_variant(variant)
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(
            Message("players must be a whole number, not {players}", players=repr(players))
        )
    v.check_players(players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(
            Message("games must be a whole number >= 0, not {games}", games=repr(games))
        )
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise ValueError(
            Message(
                "workers must be None or a whole number >= 1, not {workers}", workers=repr(workers)
            )
        )
    m_specs = tuple(bot_list(merchants, "merchants"))
    s_specs = tuple(bot_list(sheriffs, "sheriffs"))
    for spec in m_specs:  # fail fast, in this process, on unknown bots or parameters
        make_bot(spec, "merchant")
    for spec in s_specs:
        make_bot(spec, "sheriff")
    return v, m_specs, s_specs


#: Bytes a run holds at least per cell of its tables: the collected list's pointer and the
#: DataFrame column's 8 bytes, both alive while the frame is built.
_CELL_BYTES = 16


def memory_bytes() -> int | None:
    """The memory this process could ever use: the machine's RAM, or the address-space
    limit if lower (None where neither is known).

    >>> (memory_bytes() or 1) > 0
    True
    """
    sizes = []
    try:
        sizes.append(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        pass
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:
            sizes.append(soft)
    except (ImportError, ValueError, OSError):  # pragma: no cover - not POSIX
        pass
    positive = [s for s in sizes if s > 0]
    return min(positive) if positive else None


def _size(n: float) -> str:
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB"):
        if n < 1000 or unit == "PB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    raise AssertionError  # pragma: no cover


def check_run_size(
    v: Variant, players: int, games: int, per: str = "player", memory: int | None = None
) -> None:
    """Refuse, before anything is allocated, a run whose tables could never fit in memory.

    The bound is a floor: ``games`` times the rows of one game (a row per player; per bag:
    a row per merchant and round) times the columns times 16 bytes (the collected lists and
    the DataFrame). ``memory``: the bytes available (default :func:`memory_bytes`).

    >>> check_run_size(load_variant("classic"), 4, 10**6, memory=8 * 10**9)
    >>> check_run_size(load_variant("classic"), 4, 10**13, memory=8 * 10**9)
    Traceback (most recent call last):
    ...
    ValueError: games: 10,000,000,000,000 games would hold at least 21.1 PB of rows (40,000,000,000,000 rows of 33 columns), more than the 8.0 GB of memory here: play at most 3,787,878 games per run (runs with other seeds add up)
    """
    memory = memory_bytes() if memory is None else memory
    if memory is None or games == 0:
        return
    tables = []
    if per in ("player", "both"):
        tables.append((players, len(PLAYER_COLUMNS)))
    if per in ("bag", "both"):
        merchants = players - (v.sheriffs_per_round if v.sheriff_selection == "deputy_deck" else 1)
        tables.append((v.rounds(players) * max(1, merchants), len(BAG_COLUMNS)))
    per_game = sum(rows * cols for rows, cols in tables) * _CELL_BYTES
    if games * per_game <= memory:
        return
    rows, cols = tables[0]
    raise ValueError(
        Message(
            "games: {games:,} games would hold at least {size} of rows "
            "({rows:,} rows of {cols} columns), more than the {memory} of memory "
            "here: play at most {most:,} games per run (runs with other seeds add up)",
            games=games,
            size=_size(games * per_game),
            rows=games * rows,
            cols=cols,
            memory=_size(memory),
            most=memory // per_game,
        )
    )


def _simulate(
    per: str,
    variant: Variant | str,
    players: int,
    games: int,
    seed: int | None,
    merchants: BotSpec | Sequence[BotSpec],
    sheriffs: BotSpec | Sequence[BotSpec],
    workers: int | None,
    executor: Executor | None,
    progress: bool | None,
    rotate: bool,
    chunk_size: int | None,
    engine: str = "auto",
) -> list[pd.DataFrame]:
    """The tables ``per`` asks for (see :data:`_PERS`) of one seeded run."""
    import pandas as pd
    from tqdm.auto import tqdm

    v, m_specs, s_specs = _checked(variant, players, games, workers, merchants, sheriffs)
    check_run_size(v, players, games, per)  # before any allocation
    engine = _pick_engine(engine, v, m_specs, s_specs)
    # a numpy integer is its int; a bool, a float, a negative number: the engine's error;
    # None: a fresh seed, the same for every chunk
    entropy = seed_sequence(seed).entropy
    if not isinstance(entropy, int):
        raise ValueError(
            Message(
                "seed: simulate takes one whole number >= 0 or None, not {seed}", seed=repr(seed)
            )
        )
    n_workers, bounds = _plan(games, workers, executor, chunk_size, engine == "fast")
    # in-process: the variant itself; simulate's own workers built it in _init_worker
    payload: Any = v if n_workers == 1 else None if n_workers > 1 else (v.to_data(), v.source)
    # one process playing fast (workers left to None): the kernel plays parts of each
    # chunk on every CPU at once; workers=1 asks for one thread
    threads = cpu_count() if workers is None and n_workers == 1 and engine == "fast" else 1
    tasks = [
        _Task(payload, players, entropy, a, b, m_specs, s_specs, rotate, per, engine, threads)
        for a, b in bounds
    ]
    show = games >= 2000 if progress is None else progress
    with tqdm(total=games, disable=not show, unit="game", desc=f"{v.name} x{players}") as bar:
        results = _run_tasks(tasks, n_workers, executor, v, bar)
    frames = []
    for k, table in enumerate(_PERS[per]):
        columns = _TABLES[table][0]
        data = {c: _joined([part[k][c] for part in results]) for c in columns}
        frames.append(_frame(pd, data, columns))
    return frames


def simulate(
    variant: Variant | str = "classic",
    players: int = 4,
    games: int = 1000,
    seed: int | None = 0,
    merchants: BotSpec | Sequence[BotSpec] = DEFAULT_MERCHANTS,
    sheriffs: BotSpec | Sequence[BotSpec] = DEFAULT_SHERIFFS,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    rotate: bool = True,
    chunk_size: int | None = None,
    per: str = "player",
    engine: str = "auto",
) -> pd.DataFrame:
    """Play ``games`` seeded games between bots; one row per game and player.

    ``merchants`` / ``sheriffs``: bot specs (``"smuggler"``,
    ``"smuggler:risk=0.8"``, ``("smuggler", {"risk": 0.8})`` or a bot instance), one
    or a list; seat ``s`` of game ``g`` plays entry ``(s + g) % players`` of each list
    (cycled), so with ``rotate=True`` every strategy sits in every seat equally
    often (``rotate=False``: entry ``s``). ``workers``: None (the default) plays in this
    process, the compiled kernel on one thread per CPU; 1, on one thread; > 1 runs games
    in that many processes (at most one per CPU and one per chunk of games; started once per call,
    each with the variant built once; chunks shrink towards the end of the run so the
    workers finish together; a worker that dies raises :class:`WorkerError`; on Ctrl-C
    the workers are stopped); ``executor`` takes any ``concurrent.futures.Executor``
    instead (e.g. ``distributed.Client(...).get_executor()``). ``progress``: a
    ``tqdm.auto`` bar (None = only for runs of 2,000 games or more). ``per="bag"``:
    see :func:`simulate_bags`; both tables of the same games: :func:`simulate_tables`.
    Columns: :data:`PLAYER_COLUMNS`. ``engine``: ``"auto"`` (the default: fast when the
    kernel plays the run, else checked, saying why with one
    :class:`FastEngineFallback` warning per process), ``"checked"`` (every action through
    ``game.apply``) or ``"fast"`` (the compiled kernel of :mod:`sheriff_core.analysis.fastsim`,
    numba: the same frame, ``DataFrame.equals``, for what it plays; anything else is
    refused, each reason named).

    >>> df = simulate("classic", players=4, games=8, seed=3, merchants=["honest", "smuggler"])
    >>> sorted(df["strategy"].unique()), int(df["win"].sum()) >= 8
    (['honest', 'smuggler'], True)
    """
    if per not in ("player", "bag"):
        raise ValueError(Message("per must be 'player' or 'bag', not {per}", per=repr(per)))
    return _simulate(
        per,
        variant,
        players,
        games,
        seed,
        merchants,
        sheriffs,
        workers,
        executor,
        progress,
        rotate,
        chunk_size,
        engine,
    )[0]


def _frame(pd: Any, data: dict[str, Any], columns: Sequence[str]) -> pd.DataFrame:
    out = {}
    for c in columns:
        values = data[c]
        if isinstance(values, _Coded):
            out[c] = values.text(pd)
        elif c in _BOOLS[columns is BAG_COLUMNS]:
            out[c] = np.array(values, dtype=bool)
        elif c in (
            "player",
            "strategy",
            "sheriff_strategy",
            "variant",
            "declared_good",
            "outcome",
        ):
            out[c] = pd.Series(values, dtype=str) if values else pd.Series([], dtype=str)
        else:
            out[c] = np.asarray(values, dtype=np.int64)
    df = pd.DataFrame(out, columns=list(columns), copy=False)  # no stacking into blocks
    # the rules' version in the metadata (DataFrame.equals and to_csv do not read attrs)
    df.attrs["rules_version"] = RULES_VERSION
    return df


def simulate_bags(
    variant: Variant | str = "classic",
    players: int = 4,
    games: int = 1000,
    seed: int | None = 0,
    merchants: BotSpec | Sequence[BotSpec] = DEFAULT_MERCHANTS,
    sheriffs: BotSpec | Sequence[BotSpec] = DEFAULT_SHERIFFS,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    rotate: bool = True,
    chunk_size: int | None = None,
    engine: str = "auto",
) -> pd.DataFrame:
    """The same games as :func:`simulate`, one row per bag (:data:`BAG_COLUMNS`);
    ``engine`` as there.

    ``truthful``: every card is the declared good; ``outcome``: ``"passed"``,
    ``"bribed"`` (passed for a bribe of ``bribe`` gold), ``"caught"`` (opened, lying)
    or ``"cleared"`` (opened, honest); ``merchant_pays``: fine (> 0) or compensation
    (< 0) owed; ``smuggled``: contraband cards that got through.

    >>> bags = simulate_bags("classic", players=3, games=2, seed=0, sheriffs="always-inspect")
    >>> bags["inspected"].all(), sorted(bags["outcome"].unique())
    (np.True_, ['caught', 'cleared'])
    """
    return _simulate(
        "bag",
        variant,
        players,
        games,
        seed,
        merchants,
        sheriffs,
        workers,
        executor,
        progress,
        rotate,
        chunk_size,
        engine,
    )[0]


def simulate_tables(
    variant: Variant | str = "classic",
    players: int = 4,
    games: int = 1000,
    seed: int | None = 0,
    merchants: BotSpec | Sequence[BotSpec] = DEFAULT_MERCHANTS,
    sheriffs: BotSpec | Sequence[BotSpec] = DEFAULT_SHERIFFS,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    rotate: bool = True,
    chunk_size: int | None = None,
    engine: str = "auto",
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """:func:`simulate` and :func:`simulate_bags` of the same arguments, from one run:
    each game is played once and read into both tables (half the time of two calls);
    ``engine`` as in :func:`simulate`.

    >>> kw = dict(players=3, games=3, seed=1)
    >>> per_player, per_bag = simulate_tables("classic", **kw)
    >>> per_player.equals(simulate("classic", **kw)), per_bag.equals(simulate_bags("classic", **kw))
    (True, True)
    """
    player_table, bag_table = _simulate(
        "both",
        variant,
        players,
        games,
        seed,
        merchants,
        sheriffs,
        workers,
        executor,
        progress,
        rotate,
        chunk_size,
        engine,
    )
    return player_table, bag_table
