"""Side-by-side benchmark: our vectorised solver vs OpenSpiel's C++ CFR+ on the Sheriff game.

For each instance (max_bribe/max_items/num_rounds) it measures, on this machine:

* ours: time to build the tree, then time until the average strategy's exact
  NashConv is <= the target (default predictive CFR+, NashConv checked every
  ``--check-every`` iterations, the checks' time included); also our plain
  CFR+ per-iteration time, the same algorithm as ``pyspiel.CFRPlusSolver``;
* OpenSpiel: ``pyspiel.CFRPlusSolver`` for at most ``--openspiel-iterations``
  iterations (time of ``evaluate_and_update_policy`` only), with
  ``pyspiel.nash_conv`` checked at 10 checkpoints (not timed).

If OpenSpiel does not reach the target within its iteration budget, its
time-to-target is only known to be *more than* the time it ran, and the
speed-up is printed as a lower bound (">="). Nothing is extrapolated.

Usage::

    python benchmarks/bench_solver.py                      # 3/3/4, 5/5/3, 3/5/4; 2,000 OpenSpiel its
    python benchmarks/bench_solver.py --openspiel-iterations 10000
    python benchmarks/bench_solver.py --quick              # small instance, seconds (for CI)
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from sheriff_core.theory import CFRSolver, sheriff_game, solve


def _parse(instance: str) -> dict[str, int]:
    b, m, r = (int(x) for x in instance.split("/"))
    return {"max_bribe": b, "max_items": m, "num_rounds": r}


def bench_ours(params: dict[str, int], target: float, method: str, check_every: int) -> dict:
    t0 = time.perf_counter()
    game = sheriff_game(**params)
    build = time.perf_counter() - t0
    best = None
    for _ in range(3):  # best of three runs (the solver is deterministic)
        t0 = time.perf_counter()
        sol = solve(game, method=method, target=target, check_every=check_every)
        wall = time.perf_counter() - t0
        if best is None or wall < best[0]:
            best = (wall, sol)
    wall, sol = best
    cfr = CFRSolver(game, "cfr+")
    cfr.iterate(5)
    n = 200
    t0 = time.perf_counter()
    cfr.iterate(n)
    per_iter = (time.perf_counter() - t0) / n
    return {
        "method": method,
        "build_s": build,
        "solve_s": wall,
        "iterations": sol.iterations,
        "nash_conv": sol.nash_conv,
        "reached": sol.nash_conv <= target,
        "cfr_plus_ms_per_iter": per_iter * 1000,
    }


def bench_openspiel(params: dict[str, int], target: float, iterations: int) -> dict:
    import pyspiel

    game = pyspiel.load_game("sheriff", params)
    solver = pyspiel.CFRPlusSolver(game)  # must outlive every use of its average policy
    checkpoints = sorted({max(1, iterations * k // 10) for k in range(1, 11)})
    done, spent, trace, reached_at = 0, 0.0, [], None
    for cp in checkpoints:
        t0 = time.perf_counter()
        for _ in range(cp - done):
            solver.evaluate_and_update_policy()
        spent += time.perf_counter() - t0
        done = cp
        policy = solver.average_policy()
        nc = pyspiel.nash_conv(game, policy)
        del policy
        trace.append((done, spent, nc))
        print(f"    openspiel {done:>6} its {spent:8.2f} s  NashConv {nc:.3g}", flush=True)
        if nc <= target:
            reached_at = (done, spent)
            break
    del solver
    return {
        "iterations": done,
        "seconds": spent,
        "ms_per_iter": spent / done * 1000,
        "nash_conv": trace[-1][2],
        "reached": reached_at is not None,
        "trace": trace,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--instances", default="3/3/4,5/5/3,3/5/4")
    ap.add_argument("--target", type=float, default=1e-4)
    ap.add_argument("--method", default="pcfr+")
    ap.add_argument("--check-every", type=int, default=25)
    ap.add_argument("--openspiel-iterations", type=int, default=2000)
    ap.add_argument("--quick", action="store_true", help="3/3/2 with 50 OpenSpiel iterations")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    if args.quick:
        args.instances, args.openspiel_iterations = "3/3/2", 50
    print(
        f"python {platform.python_version()} on {platform.machine()}, target NashConv "
        f"<= {args.target:g}",
        flush=True,
    )
    results = []
    for inst in args.instances.split(","):
        params = _parse(inst)
        print(f"== {inst} ==", flush=True)
        ours = bench_ours(params, args.target, args.method, args.check_every)
        print(
            f"  ours ({ours['method']}): build {ours['build_s']:.3f} s, solve {ours['solve_s']:.3f} s,"
            f" {ours['iterations']} its, NashConv {ours['nash_conv']:.3g};"
            f" our CFR+ {ours['cfr_plus_ms_per_iter']:.3f} ms/it",
            flush=True,
        )
        try:
            theirs = bench_openspiel(params, args.target, args.openspiel_iterations)
        except ImportError:
            print("  pyspiel not installed: no comparison", flush=True)
            results.append({"instance": inst, "ours": ours})
            continue
        total = ours["build_s"] + ours["solve_s"]
        ratio = theirs["seconds"] / total
        rel = "=" if theirs["reached"] else ">="
        note = "reached" if theirs["reached"] else "NOT reached"
        print(
            f"  openspiel CFR+: {theirs['ms_per_iter']:.2f} ms/it; target {note} after "
            f"{theirs['iterations']} its ({theirs['seconds']:.1f} s, NashConv "
            f"{theirs['nash_conv']:.3g})",
            flush=True,
        )
        print(
            f"  time-to-target ratio (OpenSpiel / ours incl. build) {rel} {ratio:,.1f}x;"
            f" per-iteration CFR+ vs CFR+: "
            f"{theirs['ms_per_iter'] / ours['cfr_plus_ms_per_iter']:.1f}x",
            flush=True,
        )
        results.append(
            {"instance": inst, "ours": ours, "openspiel": theirs, "ratio": ratio, "ratio_is": rel}
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=2)
    return 0 if all(r["ours"]["reached"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
