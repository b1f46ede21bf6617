"""Benchmark: a house-rule sweep (``sheriff_core.analysis.lab.sweep``), wall and CPU time.

    python benchmarks/lab_sweep.py                               # Pepper penalty 2..12, 2,000 games
    python benchmarks/lab_sweep.py --workers 2                   # two local processes
    python benchmarks/lab_sweep.py --dask 2                      # a local Dask cluster, 2 workers
    python benchmarks/lab_sweep.py --field setup.starting_gold --values 20:80:6
    python benchmarks/lab_sweep.py --games 20 --values 2:4       # a smoke run (CI)

``--values a:b[:step]`` is the inclusive range a, a+step, ..., b. Games played: the
parent once plus each value, ``games`` each. Prints the wall time, the CPU time of
this process and of its finished child processes (``resource.getrusage``: the worker
processes of ``--workers`` and of ``--dask``'s local cluster once they have ended),
games per wall-second and per CPU-second, then the effects that are distinguishable
from noise. On a shared machine the wall time depends on the other users; the CPU
time much less.
"""

from __future__ import annotations

import argparse
import resource
import time

import pandas as pd

from sheriff_core.analysis.lab import sweep


def _range(text: str) -> list[int]:
    parts = [int(p) for p in text.split(":")]
    if len(parts) not in (2, 3):
        raise argparse.ArgumentTypeError(f"--values a:b or a:b:step, not {text!r}")
    a, b = parts[:2]
    step = parts[2] if len(parts) == 3 else 1
    return list(range(a, b + 1, step))


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> pd.DataFrame:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--field", default="goods.Pepper.penalty")
    ap.add_argument("--values", type=_range, default=_range("2:12"))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=None, help="local worker processes")
    ap.add_argument("--dask", type=int, default=0, help="workers of a local Dask cluster")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--out", default=None, help="write the sweep table to this CSV file")
    args = ap.parse_args(argv)

    kw = {
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "progress": not args.no_progress,
    }
    games = args.games * (len(args.values) + 1)
    cpu0, wall0 = _cpu(), time.perf_counter()
    if args.dask:
        import distributed

        with (
            distributed.LocalCluster(
                n_workers=args.dask,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            start = time.perf_counter()
            df = sweep(args.variant, args.field, args.values, executor=client.get_executor(), **kw)
            inside = time.perf_counter() - start
        how = f"Dask LocalCluster, {args.dask} worker processes"
    else:
        start = time.perf_counter()
        df = sweep(args.variant, args.field, args.values, workers=args.workers, **kw)
        inside = time.perf_counter() - start
        how = f"{args.workers or 1} process(es)"
    wall, cpu = time.perf_counter() - wall0, _cpu() - cpu0
    print(
        f"sweep {args.variant} {args.field} over {len(args.values)} values "
        f"({args.values[0]}..{args.values[-1]}), {args.games:,} games each + the parent: "
        f"{games:,} games, {args.players} players, {how}"
    )
    print(
        f"wall {wall:.1f} s (the sweep call: {inside:.1f} s, {games / inside:,.0f} games/s); "
        f"CPU {cpu:.1f} s ({games / cpu:,.0f} games per CPU-second)"
    )
    shown = df[df["distinguishable"]]
    cols = ["value", "metric", "strategy", "difference", "ci_low", "ci_high"]
    print(f"{len(shown)} of {len(df)} effects distinguishable from noise:")
    with pd.option_context("display.width", 120, "display.max_rows", 200):
        print(shown[cols].round(3).to_string(index=False))
    if args.out:
        df.to_csv(args.out, index=False)
    return df


if __name__ == "__main__":
    main()
