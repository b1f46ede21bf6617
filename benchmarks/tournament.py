"""Benchmark: a student's bot, written as in a notebook cell (a class in ``__main__``, not
registered, played through the guard), in a 2,000-game tournament against the bundled
bots, to a leaderboard with intervals. Issue 29 asks for under a minute on a 2-core machine.

    python benchmarks/tournament.py                  # 2,000 games, seed 0
    python benchmarks/tournament.py --games 4000 --repeats 3

Prints the wall and CPU time of ``sc.tournament`` (the games), of ``leaderboard()``
(the Bradley-Terry fit, the Wilson intervals; the first call imports statsmodels), the
total from the start of the script (imports included), the CPUs this process may use
and the load average, then the leaderboard.
"""

from __future__ import annotations

import time

START = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402

import sheriff_core as sc  # noqa: E402
from sheriff_core.bots import SheriffBot  # noqa: E402
from sheriff_core.engine import Action, Inspect, LetPass, SeatView  # noqa: E402


class Nosy(SheriffBot):
    """Opens every bag declared with more than ``limit`` cards (docs/bots.md's example)."""

    name = "nosy"

    def __init__(self, limit: int = 3) -> None:
        super().__init__(limit=limit)
        self.limit = limit

    def decide(self, view: SeatView, merchant: int) -> Action:
        good, count = view.declared[merchant]
        return Inspect(merchant) if count > self.limit else LetPass(merchant)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    for _ in range(args.repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        result = sc.tournament([Nosy], games=args.games, seed=args.seed)
        t1, c1 = time.perf_counter(), time.process_time()
        board = result.leaderboard()
        t2, c2 = time.perf_counter(), time.process_time()
        games = result.games["game"].nunique()
        print(
            f"{games} games: tournament {t1 - t0:.1f} s ({c1 - c0:.1f} s CPU), leaderboard "
            f"{t2 - t1:.1f} s ({c2 - c1:.1f} s CPU), total since start {t2 - START:.1f} s "
            f"({c2:.1f} s CPU)"
        )
    print(f"CPUs usable: {len(os.sched_getaffinity(0))}; load average: {os.getloadavg()}")
    print(board.round(3).to_string(index=False))


if __name__ == "__main__":
    main()
