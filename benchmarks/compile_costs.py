"""Benchmark: what numba's compile costs per construct of the kernel's code.

    python benchmarks/compile_costs.py

Compiles small generated functions, compiled as the kernel's inner functions are
(``sheriff_core.analysis.fastsim.kernel._INNER``: no reference counting, no Python
wrappers), with a warm compiler, and prints the median time each kind of statement adds
to a one-line function (``docs/compiled_sim.md``, "Shortened again, and where the rest
goes"). The first-ever compile of the kernel is roughly the sum of these over its code.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
from numba import njit, types

from sheriff_core.analysis.fastsim.kernel import _INNER

SIGNATURE = (types.int64[:, ::1], types.int64[::1])
NP = {f"N{i}": np.int64(i) for i in range(30)}


def _compile_time(body: str, repeats: int = 5) -> float:
    """Median seconds to compile ``def f(out, vi): <body>`` (a new function each time)."""
    times = []
    for i in range(repeats):
        lines = "\n".join("    " + line for line in body.strip("\n").split("\n"))
        namespace = dict(NP)
        exec(f"def f{i}(out, vi):\n{lines}", namespace)  # noqa: S102 (generated benchmark code)
        function = njit(**_INNER)(namespace[f"f{i}"])
        start = time.perf_counter()
        function.compile(SIGNATURE)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


CASES = {
    "an addition": (
        "x = vi[0]\n" + "\n".join("x = x + N1" for _ in range(20)) + "\nout[0, 0] = x",
        20,
    ),
    "a 1-d index (and +=)": (
        "x = 0\n" + "\n".join(f"x += vi[{i}]" for i in range(20)) + "\nout[0, 0] = x",
        20,
    ),
    "a 2-d index (and +=)": (
        "x = 0\no = vi[1]\n"
        + "\n".join(f"x += out[o, {i}]" for i in range(20))
        + "\nout[0, 0] = x",
        20,
    ),
    "an if (compare, add, index)": (
        "x = vi[0]\n"
        + "\n".join(f"if x > {i}:\n    x = x + vi[1]" for i in range(20))
        + "\nout[0, 0] = x",
        20,
    ),
    "a for loop over range": (
        "\n".join(f"for i{i} in range(vi[{i}]):\n    out[0, 0] += 1" for i in range(5)),
        5,
    ),
}


def main() -> None:
    _compile_time("out[0, 0] = 1")  # warm the compiler
    base = _compile_time("out[0, 0] = vi[0]")
    print(f"a one-line function: {base * 1000:.0f} ms")
    for name, (body, count) in CASES.items():
        each = (_compile_time(body) - base) / count
        print(f"{name:30s} {each * 1000:5.1f} ms each")


if __name__ == "__main__":
    main()
