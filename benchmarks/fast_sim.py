"""Benchmark: the compiled simulator (``simulate(..., engine="fast")``) against the checked
engine, side by side in one run, in games per CPU-second (``time.process_time``).

    python benchmarks/fast_sim.py --games 2000 --repeats 5      # checked vs fast, interleaved
    python benchmarks/fast_sim.py --sheriffs "bayesian" --merchants "briber;bluffer"
    python benchmarks/fast_sim.py --compile                     # compile and new-process costs
    python benchmarks/fast_sim.py --alternatives --games 200    # the same kernel uncompiled

Each repeat plays the same seeded games with both engines, alternating, and checks the two
frames are equal (``DataFrame.equals``) before counting them. ``--compile`` starts fresh
processes with an empty numba cache (the first call compiles the kernel) and then with that
cache filled (a new process only loads it), and reports the CPU and wall time of ``import``
plus the first one-game run. ``--alternatives`` runs the kernel's own source without the
compiler (``NUMBA_DISABLE_JIT=1``: plain Python over the same numpy arrays) and, when the
``cython`` package is importable, the same source compiled by Cython (untyped, pure-Python
mode), on the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def side_by_side(args: argparse.Namespace) -> None:
    import sheriff_core as sc

    kw = dict(players=args.players, games=args.games, seed=args.seed, progress=False)
    if args.merchants:
        kw["merchants"] = args.merchants.split(";")
    if args.sheriffs:
        kw["sheriffs"] = args.sheriffs.split(";")
    sc.simulate(args.variant, engine="fast", **{**kw, "games": 1})  # load or compile first
    rates: dict[str, list[float]] = {"checked": [], "fast": []}
    for rep in range(args.repeats):
        frames = {}
        for engine in ("checked", "fast") if rep % 2 == 0 else ("fast", "checked"):
            t = time.process_time()
            frames[engine] = sc.simulate(args.variant, engine=engine, **kw)
            rates[engine].append(args.games / (time.process_time() - t))
        assert frames["fast"].equals(frames["checked"]), "the engines disagree"
    for engine, got in rates.items():
        print(
            f"{engine:8s} {statistics.median(got):10,.0f} games/CPU-s "
            f"(min {min(got):,.0f}, max {max(got):,.0f}; {args.repeats} x {args.games} games, "
            f"{args.variant}, {args.players} players"
            + (f", {args.merchants} / {args.sheriffs})" if args.merchants or args.sheriffs else ")")
        )
    ratio = [f / c for f, c in zip(rates["fast"], rates["checked"], strict=True)]
    print(
        f"fast/checked median {statistics.median(ratio):.1f}x (min {min(ratio):.1f}, max {max(ratio):.1f})"
    )


_CHILD = textwrap.dedent(
    """
    import json, sys, time
    t0, c0 = time.perf_counter(), time.process_time()
    import sheriff_core as sc
    t1, c1 = time.perf_counter(), time.process_time()
    sc.simulate("classic", players=4, games=1, seed=0, engine=sys.argv[1], progress=False)
    t2, c2 = time.perf_counter(), time.process_time()
    print(json.dumps({"import_wall": t1 - t0, "import_cpu": c1 - c0,
                      "first_wall": t2 - t1, "first_cpu": c2 - c1}))
    """
)


def _child(engine: str, env: dict[str, str]) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, engine],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def compile_costs(args: argparse.Namespace) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as cache:
        env["NUMBA_CACHE_DIR"] = cache
        rows = [("checked, new process", _child("checked", env))]
        rows.append(("fast, empty numba cache (compiles)", _child("fast", env)))
        for k in range(args.repeats):
            rows.append((f"fast, cache filled, new process #{k + 1}", _child("fast", env)))
    for label, r in rows:
        print(
            f"{label:40s} import {r['import_cpu']:5.2f} s CPU ({r['import_wall']:5.2f} wall); "
            f"first 1-game run {r['first_cpu']:6.2f} s CPU ({r['first_wall']:6.2f} wall)"
        )


_ALT = textwrap.dedent(
    """
    import sys, time
    if sys.argv[1] == "cython":
        sys.path.insert(0, sys.argv[3])
        import kernel_cy, sheriff_core.analysis.fastsim
        sys.modules["sheriff_core.analysis.fastsim.kernel"] = kernel_cy
        sheriff_core.analysis.fastsim.kernel = kernel_cy
    import sheriff_core as sc
    games = int(sys.argv[2])
    kw = dict(players=4, games=games, seed=1, progress=False)
    sc.simulate("classic", engine="fast", **{**kw, "games": 1})
    t = time.process_time()
    df = sc.simulate("classic", engine="fast", **kw)
    rate = games / (time.process_time() - t)
    same = df.equals(sc.simulate("classic", engine="checked", **kw))
    print(f"{sys.argv[1]:12s} {rate:10,.0f} games/CPU-s ({games} games, frame equal: {same})")
    """
)


def _cython_build(where: Path) -> bool:
    try:
        from Cython.Build import cythonize  # noqa: F401
    except ImportError:
        print("cython       (not installed: pip install cython to measure it)")
        return False
    src = (ROOT / "sheriff_core/analysis/fastsim/kernel.py").read_text(encoding="utf-8")
    src = src.replace("from numba import njit", "def njit(**kw):\n    return lambda f: f")
    (where / "kernel_cy.py").write_text(src, encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "cython", "-3", "kernel_cy.py"],
        cwd=where,
        check=True,
    )
    import sysconfig

    inc = sysconfig.get_paths()["include"]
    import numpy

    ext = sysconfig.get_config_var("EXT_SUFFIX")
    subprocess.run(
        [
            "cc",
            "-O2",
            "-shared",
            "-fPIC",
            f"-I{inc}",
            f"-I{numpy.get_include()}",
            "kernel_cy.c",
            "-o",
            f"kernel_cy{ext}",
        ],
        cwd=where,
        check=True,
    )
    return True


def alternatives(args: argparse.Namespace) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = [sys.executable, "-c", _ALT]
    subprocess.run([*run, "numba", str(args.games * 10)], env=env, cwd=ROOT, check=True)
    plain = dict(env, NUMBA_DISABLE_JIT="1")
    subprocess.run([*run, "python", str(args.games)], env=plain, cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as where:
        if _cython_build(Path(where)):
            subprocess.run([*run, "cython", str(args.games), where], env=env, cwd=ROOT, check=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--merchants", help="bot specs separated by ';' (default: simulate's)")
    parser.add_argument("--sheriffs", help="bot specs separated by ';' (default: simulate's)")
    parser.add_argument("--compile", action="store_true", help="compile and new-process costs")
    parser.add_argument("--alternatives", action="store_true", help="the kernel uncompiled")
    args = parser.parse_args(argv)
    if args.compile:
        compile_costs(args)
    elif args.alternatives:
        alternatives(args)
    else:
        side_by_side(args)


if __name__ == "__main__":
    main()
