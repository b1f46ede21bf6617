"""Per-game cost as a count of machine instructions (valgrind's callgrind), not time.

Instruction counts do not depend on how loaded the machine is, so two checkouts can
be compared on a shared machine. Plays ``games`` complete 4-player classic games
(the simulate() default lineup: honest, smuggler, bluffer, briber merchants,
threshold Sheriffs) inside one ``functools.reduce`` call and has callgrind count only
inside it (``--toggle-collect=functools_reduce``): imports and start-up are not
counted, so one run per checkout gives instructions per game. The hash seed is fixed
(``PYTHONHASHSEED=0``): string hashes otherwise move the count by ~2% between runs.

    python benchmarks/engine_ir.py [CHECKOUT ...] [--games 20]

Needs valgrind on PATH. Slow (about 50x native; ~1 minute per checkout, mostly start-up).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

CHILD = """
import functools, sys
import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.analysis.sim import play_seeded
v = sc.load_variant("classic")
lineup = [make_player(m, "threshold") for m in ("honest", "smuggler", "bluffer", "briber")]
play_seeded(v, 4, 10**6, lineup)  # warm caches (interned actions, thresholds) outside the count
functools.reduce(lambda acc, k: play_seeded(v, 4, k, lineup) and acc, range(int(sys.argv[1])), 0)
"""


def instructions(checkout: str, games: int) -> int:
    """Instructions counted inside the games (start-up excluded)."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout), "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
            + ["--toggle-collect=functools_reduce", sys.executable, "-c", CHILD, str(games)],
            env=env,
            cwd=checkout,
            capture_output=True,
            text=True,
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode or found is None or int(found.group(1)) == 0:
            raise RuntimeError(run.stderr[-2000:])
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", default=["."])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for checkout in args.checkouts:
        per_game = instructions(checkout, args.games) / args.games
        print(f"{checkout}: {per_game / 1e6:.3f} M instructions per game", flush=True)


if __name__ == "__main__":
    main()
