"""Benchmark: complete bot games per second with ``sheriff_core.simulate``.

    python benchmarks/bench_sim.py --games 10000              # one process
    python benchmarks/bench_sim.py --games 10000 --workers 2  # two processes
    python benchmarks/bench_sim.py --games 2000 --profile     # where the time goes
    python benchmarks/bench_sim.py --games 4000 --gc-report   # the garbage collector's share

Prints the games per second (wall clock) and, with ``--profile``, the share of
time per layer (engine, bots, simulation rows, ...) and the top functions;
with ``--gc-report``, the time CPython's cyclic garbage collector takes per
generation, with the collector as ``simulate`` tunes it and with the default
settings.
CI runs it with ``--games 200`` so it cannot rot.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import pstats
import sys
import time
from collections import defaultdict
from typing import Any

import sheriff_core as sc
import sheriff_core.analysis.sim as sim_module
from sheriff_core.analysis.sim import DEFAULT_MERCHANTS, DEFAULT_SHERIFFS, simulate

LAYERS = (
    ("sheriff_core/engine/", "engine (apply/verify/events)"),
    ("sheriff_core/rules/", "rules (inspect_bag, declarations)"),
    ("sheriff_core/rules/scoring", "scoring"),
    ("sheriff_core/bots/", "bots"),
    ("sheriff_core/analysis/sim", "simulation driver + rows"),
    ("numpy", "numpy (seeding, shuffles)"),
)


def layer_of(filename: str) -> str:
    for prefix, name in LAYERS:
        if prefix in filename:
            return name
    return "other (builtins, list/dict methods)"


def _run(
    args: argparse.Namespace, variant: sc.Variant, games: int, workers: int | None = None
) -> Any:
    """One measured ``simulate`` call with the command line's players, seed and engine."""
    return simulate(
        variant,
        players=args.players,
        games=games,
        seed=args.seed,
        workers=workers,
        progress=False,
        engine=args.engine,
    )


def profile(args: argparse.Namespace) -> None:
    variant = sc.load_variant(args.variant)
    _run(args, variant, 20)  # warm up
    prof = cProfile.Profile()
    prof.enable()
    _run(args, variant, args.games)
    prof.disable()
    stats = pstats.Stats(prof)
    per_layer: dict[str, float] = defaultdict(float)
    total = 0.0
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        per_layer[layer_of(filename)] += tottime
        total += tottime
    print(f"\nprofile of {args.games} games (cProfile, own time per layer):")
    for name, t in sorted(per_layer.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<40} {100 * t / total:5.1f} %")
    print("\ntop functions by own time:")
    stats.sort_stats("tottime").print_stats(args.top)


def gc_report(args: argparse.Namespace) -> None:
    """Games/s and collector time per generation, tuned (as simulate runs) and default."""
    variant = sc.load_variant(args.variant)
    _run(args, variant, 20)
    tuned = sim_module._collector_tuned_for_games
    clock: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
    started = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            entry = clock[info["generation"]]
            entry[0] += 1
            entry[1] += time.perf_counter() - started[0]

    print(f"\ngarbage collector during {args.games} games (in one process):")
    gc.callbacks.append(watch)
    try:
        for label, manager in (("tuned by simulate", tuned), ("default", contextlib.nullcontext)):
            sim_module._collector_tuned_for_games = manager  # type: ignore[assignment]
            clock.clear()
            t0 = time.perf_counter()
            _run(args, variant, args.games)
            wall = time.perf_counter() - t0
            spent = sum(t for _, t in clock.values())
            per_gen = ", ".join(
                f"gen{g} {int(n)}x {1000 * t:.0f} ms" for g, (n, t) in sorted(clock.items())
            )
            print(
                f"  {label:<18} {args.games / wall:6.0f} games/s; collector "
                f"{1000 * spent:.0f} ms = {100 * spent / wall:.1f} % ({per_gen or 'no collections'})"
            )
    finally:
        gc.callbacks.remove(watch)
        sim_module._collector_tuned_for_games = tuned  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeat", type=int, default=1, help="best of N runs")
    p.add_argument("--profile", action="store_true", help="cProfile one in-process run")
    p.add_argument(
        "--engine",
        default="checked",
        help="simulate's engine: checked (default here: this script profiles the rules "
        "engine's layers), fast or auto (benchmarks/fast_sim.py compares the two)",
    )
    p.add_argument("--gc-report", action="store_true", help="garbage collector's share")
    p.add_argument("--top", type=int, default=15, help="functions listed with --profile")
    args = p.parse_args(argv)
    variant = sc.load_variant(args.variant)
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        df = _run(args, variant, args.games, workers=args.workers)
        wall = time.perf_counter() - t0
        cpu = time.process_time() - cpu0
        best = min(best, wall)
        assert len(df) == args.games * args.players
    rate = args.games / best
    print(
        f"{args.games} games of {variant.name} x{args.players}, workers={args.workers or 1}, "
        f"bots {'/'.join(DEFAULT_MERCHANTS)} + {'/'.join(DEFAULT_SHERIFFS)}: "
        f"{best:.2f} s, {rate:.0f} games/s (this process's CPU: {cpu:.2f} s)"
    )
    if args.profile:
        profile(args)
    if args.gc_report:
        gc_report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
