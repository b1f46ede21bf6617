"""Speed and latency of issue 15, each figure printed with the command that gives it.

    python benchmarks/speed.py                   # 2,000-game runs, 5 interleaved pairs
    python benchmarks/speed.py --quick           # small sizes (CI: it runs and prints)
    python benchmarks/speed.py --start-methods   # also fork vs forkserver vs spawn
    python benchmarks/speed.py --latency-only    # only the explorers (checkout A/B: run it
                                                 # from each checkout in turn)

Figures (4-player classic games, the default bots):

* one process: games/s of ``simulate(workers=1)`` (wall clock; the rules engine,
  ``engine="checked"``: the compiled simulator is measured by ``fast_sim.py``);
* 2 workers: games/s of ``simulate(workers=2)``;
* 2-worker scaling: time of 1 worker / time of 2 workers, measured as interleaved
  pairs (1 worker, 2 workers, 1, 2, ...) so that both sides of a pair see the same
  load; the median and the minimum over the pairs;
* notebook 05's simulation explorer: seconds per change of a control (100 games,
  charts rendered as SVG as in the notebook), for settings not seen before and for
  settings seen before (cached), with the CPU seconds of a new setting;
* the inspection explorer's slider: milliseconds per move (SVG), new values and
  values seen before, with the CPU milliseconds of a new value;
* CPU seconds of a run in one process and with 2 workers (the workers' and the
  parent's): what the pool adds in work (two busy vCPUs of a virtual machine also
  run slower than one, so this moves with the load too);
* ``--start-methods``: the time until 2 fresh workers answer, and the scaling, for
  ``fork``, ``forkserver`` (preloading ``sheriff_core.analysis.sim``) and ``spawn``.

The machine is printed first (CPUs, load average): on a shared machine the absolute
figures move with the load; the interleaved ratios much less.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import sheriff_core as sc
import sheriff_core.analysis.sim as sim

METHODS = ("fork", "forkserver", "spawn")


def _timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _machine() -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{os.cpu_count()} CPUs, load average {load}"


def pairs(games: int, n_pairs: int, method: str | None = None) -> tuple[list[float], list[float]]:
    """Seconds of ``n_pairs`` interleaved runs: (1 worker, 2 workers) each time."""
    v = sc.load_variant("classic")
    saved = sim.START_METHOD
    if method is not None:
        sim.START_METHOD = method
    one: list[float] = []
    two: list[float] = []
    try:
        for _ in range(n_pairs):
            one.append(
                _timed(
                    lambda: sc.simulate(v, games=games, workers=1, progress=False, engine="checked")
                )
            )
            two.append(
                _timed(
                    lambda: sc.simulate(v, games=games, workers=2, progress=False, engine="checked")
                )
            )
    finally:
        sim.START_METHOD = saved
    return one, two


def cpu_seconds(games: int) -> tuple[float, float, float]:
    """CPU seconds of one run in this process, and of a 2-worker run: (one process,
    the workers together, the parent)."""
    v = sc.load_variant("classic")
    t0 = time.process_time()
    sc.simulate(v, games=games, workers=1, progress=False, engine="checked")
    one = time.process_time() - t0
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.process_time()
    sc.simulate(v, games=games, workers=2, progress=False, engine="checked")
    parent = time.process_time() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    children = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return one, children, parent


def pool_start(method: str) -> float:
    """Seconds from creating simulate's 2-worker pool to both workers answering."""
    saved = sim.START_METHOD
    sim.START_METHOD = method
    try:
        t0 = time.perf_counter()
        pool = sim._new_pool(2, sc.load_variant("classic"))
        futures = [pool.submit(time.sleep, 0.05) for _ in range(2)]  # one per worker
        for f in futures:
            f.result()
        ready = time.perf_counter() - t0 - 0.05
        pool.shutdown()
    finally:
        sim.START_METHOD = saved
    return ready


def report_pools(args: argparse.Namespace, command: str) -> None:
    sc.simulate("classic", games=20, progress=False, engine="checked")  # warm up (imports, caches)
    one, two = pairs(args.games, args.pairs)
    ratios = [a / b for a, b in zip(one, two, strict=True)]
    print(f"one process: {args.games / statistics.median(one):.0f} games/s  [{command}]")
    print(f"2 workers: {args.games / statistics.median(two):.0f} games/s  [{command}]")
    print(
        f"2-worker scaling on {args.games} games: median {statistics.median(ratios):.2f}x, "
        f"min {min(ratios):.2f}x over {len(ratios)} interleaved pairs "
        f"({', '.join(f'{r:.2f}' for r in ratios)})  [{command}]"
    )
    cpu_one, cpu_two, parent = cpu_seconds(args.games)
    print(
        f"CPU seconds for {args.games} games: one process {cpu_one:.2f} s; 2 workers "
        f"{cpu_two:.2f} s in the workers + {parent:.2f} s in the parent "
        f"({100 * (cpu_two + parent - cpu_one) / cpu_one:+.1f} %)  [{command}]"
    )
    if args.start_methods:
        for method in METHODS:
            if method in mp.get_all_start_methods():
                ready = [pool_start(method) for _ in range(args.pairs)]
                print(
                    f"start method {method}: 2 workers ready in "
                    f"{1000 * statistics.median(ready):.0f} ms (median of {len(ready)})  "
                    f"[{command}]"
                )
        for method in METHODS:
            if method not in mp.get_all_start_methods():
                continue
            one, two = pairs(args.games, args.pairs, method)
            r = [a / b for a, b in zip(one, two, strict=True)]
            print(
                f"start method {method}: 2-worker scaling median {statistics.median(r):.2f}x, "
                f"min {min(r):.2f}x; 2 workers {args.games / statistics.median(two):.0f} "
                f"games/s  [{command}]"
            )


def _moves(widget: Any, values: list[Any]) -> tuple[list[float], list[float]]:
    """Seconds per ``widget.value = v`` (the explorer redraws before the set returns):
    wall clock, and CPU seconds of this process (its threads, vl-convert's included)."""
    wall: list[float] = []
    cpu: list[float] = []
    for v in values:
        c0 = time.process_time()
        wall.append(_timed(lambda v=v: setattr(widget, "value", v)))
        cpu.append(time.process_time() - c0)
    return wall, cpu


def report_latency(args: argparse.Namespace, command: str) -> None:
    import altair as alt

    from sheriff_core.present.widgets import explore

    alt.renderers.enable("svg")  # as notebooks 05 and 06 do
    explore._draw_run.cache_clear()
    ex = explore.simulation_explorer(games=100, seed=0)
    fresh, cpu = _moves(ex.seed, list(range(1, args.changes + 1)))
    again, _ = _moves(ex.seed, list(range(1, args.changes + 1)))
    print(
        f"05 simulation explorer, change of a control (100 games, SVG): new setting "
        f"{statistics.median(fresh):.2f} s (median of {len(fresh)}; CPU "
        f"{statistics.median(cpu):.2f} s), setting seen before "
        f"{statistics.median(again):.3f} s  [{command}]"
    )
    ix = explore.inspection_explorer("classic")
    values = [v for v in range(1, ix.value.max + 1) if v != ix.value.value][: args.changes * 2]
    fresh, cpu = _moves(ix.value, values)
    again, _ = _moves(ix.value, values)
    print(
        f"inspection explorer, slider move (SVG): new value "
        f"{1000 * statistics.median(fresh):.0f} ms (median of {len(fresh)}; CPU "
        f"{1000 * statistics.median(cpu):.0f} ms), value seen before "
        f"{1000 * statistics.median(again):.1f} ms  [{command}]"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000, help="games per simulate run")
    p.add_argument("--pairs", type=int, default=5, help="interleaved 1-worker/2-worker pairs")
    p.add_argument("--changes", type=int, default=5, help="explorer changes timed")
    p.add_argument("--quick", action="store_true", help="200 games, 2 pairs, 2 changes")
    p.add_argument("--start-methods", action="store_true", help="fork vs forkserver vs spawn")
    p.add_argument(
        "--latency-only", action="store_true", help="only the explorers' latency (no pools)"
    )
    args = p.parse_args(argv)
    if args.quick:
        args.games, args.pairs, args.changes = 200, 2, 2
    command = " ".join(
        ["python benchmarks/speed.py", *(argv if argv is not None else sys.argv[1:])]
    )
    print(f"machine: {_machine()}")
    if not args.latency_only:
        report_pools(args, command)
    report_latency(args, command)
    print(f"machine after: {_machine()}")
    return 0


if __name__ == "__main__":
    mp.set_forkserver_preload(["sheriff_core.analysis.sim"])  # forkserver at its best: imports once
    sys.exit(main())
