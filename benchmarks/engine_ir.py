"""Per-game cost as a count of machine instructions (valgrind's callgrind), not time.

Instruction counts do not depend on how loaded the machine is, so two checkouts can
be compared on a shared machine. Plays ``games`` and ``games + extra`` complete
4-player classic games (the simulate() default lineup: honest, smuggler, bluffer,
briber merchants, threshold Sheriffs) under callgrind and prints the difference per
game (so imports and start-up cancel out):

    python benchmarks/engine_ir.py [CHECKOUT ...] [--games 20 --extra 100]

Needs valgrind on PATH. Slow (each run ~50x slower than native).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

CHILD = """
import sys
import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.sim import play_seeded
v = sc.load_variant("classic")
lineup = [make_player(m, "threshold") for m in ("honest", "smuggler", "bluffer", "briber")]
for k in range(int(sys.argv[1])):
    play_seeded(v, 4, k, lineup)
"""


def instructions(checkout: str, games: int) -> int:
    # A fixed hash seed: string hashes (set and dict layouts) otherwise change the count
    # by a few per cent from run to run.
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout), "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
            + ["-c", CHILD, str(games)],
            env=env,
            cwd=checkout,
            capture_output=True,
            text=True,
        )
        if run.returncode:
            raise RuntimeError(run.stderr[-2000:])
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise RuntimeError(run.stderr[-2000:])
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="*", default=["."])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--extra", type=int, default=100)
    args = parser.parse_args()
    for checkout in args.checkouts:
        low = instructions(checkout, args.games)
        high = instructions(checkout, args.games + args.extra)
        print(f"{checkout}: {(high - low) / args.extra / 1e6:.3f} M instructions per game")


if __name__ == "__main__":
    main()
