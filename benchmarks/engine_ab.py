"""Per-game cost of two checkouts of sheriff_core, side by side (A/B), as a median ratio.

Runs ``simulate`` (4-player classic, default bots, one worker) in alternating child
processes, A then B then A ..., each timing its own CPU seconds after a warm-up, so a
machine whose load drifts slows both alike. Prints games per CPU-second of each and
the median of the per-pair ratios B/A (above 1: B is faster).

    python benchmarks/engine_ab.py OLD_CHECKOUT NEW_CHECKOUT [pairs] [games]

OLD_CHECKOUT: e.g. a ``git worktree add`` of the older commit; NEW_CHECKOUT: e.g. ``.``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys

CHILD = """
import time, sheriff_core as sc
v = sc.load_variant("classic")
sc.simulate(v, players=4, games=30, seed=0, progress=False, workers=1)
t = time.process_time()
sc.simulate(v, players=4, games={games}, seed={seed}, progress=False, workers=1)
print({games} / (time.process_time() - t))
"""


def rate(checkout: str, games: int, seed: int) -> float:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout)}
    code = CHILD.format(games=games, seed=seed)
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=checkout, capture_output=True, text=True
    )
    if out.returncode:
        raise RuntimeError(out.stderr)
    return float(out.stdout)


def main(old: str, new: str, pairs: int = 5, games: int = 300) -> None:
    a, b = [], []
    for k in range(pairs):
        a.append(rate(old, games, k + 1))
        b.append(rate(new, games, k + 1))
    ratios = [y / x for x, y in zip(a, b, strict=True)]
    print("A games per CPU-second:", [round(x) for x in a])
    print("B games per CPU-second:", [round(x) for x in b])
    print(
        f"ratio B/A: median {statistics.median(ratios):.3f} "
        f"(min {min(ratios):.3f}, max {max(ratios):.3f})"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0], args[1], *(int(x) for x in args[2:4]))
