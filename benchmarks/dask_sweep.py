"""Benchmark: a million-game house-rule sweep on Dask with the compiled simulator.

    python benchmarks/dask_sweep.py                          # 20 values x 50,000 games, LocalCluster(2)
    python benchmarks/dask_sweep.py --workers 4 --games 10000
    python benchmarks/dask_sweep.py --scheduler tcp://scheduler:8786   # a real cluster

The sweep is ``sheriff_core.analysis.lab.sweep(parent, field, values, games=..., executor=
client.get_executor())``: the parent and each value on the same seeds, every
``simulate`` call cut into chunks that the workers play (``engine="auto"``, the default:
the compiled kernel for classic rules and the basic bots). Games played: ``games`` x
(values + 1). Prints the time to start the cluster, to warm the workers (import and load
the compiled kernel from numba's cache, once per worker process), the sweep itself
(wall), and games per wall-second. The result does not depend on the workers or the
chunks (``tests/sim/test_dask_fast.py``).
"""

from __future__ import annotations

import argparse
import os
import time


def _warm() -> str:
    """Run on every worker: import the package and load (or compile) the kernel."""
    import sheriff_core as sc

    sc.simulate("classic", players=4, games=1, seed=0, progress=False, engine="fast")
    return os.environ.get("NUMBA_CACHE_DIR", "(numba's default cache)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--field", default="setup.starting_gold")
    ap.add_argument("--values", default="10:200:10", help="a:b:step, inclusive (20 values)")
    ap.add_argument("--games", type=int, default=50_000, help="games per value and the parent")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    ap.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    args = ap.parse_args(argv)
    a, b, step = (int(x) for x in args.values.split(":"))
    values = list(range(a, b + 1, step))

    import distributed

    from sheriff_core.analysis.lab import sweep

    t0 = time.perf_counter()
    if args.scheduler:
        cluster = None
        client = distributed.Client(args.scheduler)
        where = f"the cluster at {args.scheduler}"
    else:
        cluster = distributed.LocalCluster(
            n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = distributed.Client(cluster)
        where = f"LocalCluster, {args.workers} worker processes x 1 thread"
    t1 = time.perf_counter()
    try:
        client.run(_warm)
        t2 = time.perf_counter()
        table = sweep(
            args.variant,
            args.field,
            values,
            games=args.games,
            players=args.players,
            seed=0,
            executor=client.get_executor(),
            progress=False,
        )
        t3 = time.perf_counter()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    games = args.games * (len(values) + 1)
    print(
        f"sweep {args.variant} {args.field} over {len(values)} values ({values[0]}..{values[-1]}), "
        f"{args.games:,} games each + the parent = {games:,} games, {args.players} players, {where}"
    )
    print(
        f"cluster start {t1 - t0:.1f} s; workers warmed (kernel loaded) {t2 - t1:.1f} s; "
        f"sweep {t3 - t2:.1f} s wall ({games / (t3 - t2):,.0f} games/s); "
        f"total {t3 - t0:.1f} s; {int(table['distinguishable'].sum())} of {len(table)} effects "
        "distinguishable from noise"
    )


if __name__ == "__main__":
    main()
