"""Benchmark: an alternative to numba measured on the same work -- a vectorised numpy batch
(all games in lock-step, one array operation per decision for every game at once) against
the same simplified game written as a numba loop, on the same random draws.

    python benchmarks/alt_numpy_batch.py                 # 20,000 games, 3 repeats
    python benchmarks/alt_numpy_batch.py --games 100000

The game is a simplified Sheriff, small enough to write twice: 4 players, 8 rounds, the
Sheriff rotating; each merchant gets a fresh hand of 6 cards (4 legal goods and one
contraband good, drawn once for the whole batch), declares its most common legal good and
loads all of it (at most 5); a smuggler (every other seat) adds its contraband up to 5
cards; the Sheriff opens bags of 4 cards or more, and any bag on a 1-in-10 audit draw. A
lie pays 4 gold per contraband card (confiscated), an honest opened bag is paid 2 per card
by the Sheriff; passed goods go to the stand; scores are gold, the goods' values and a
King's bonus of 10 per legal good. No market, no deck, no reshuffles, no offers or
threats, no debts: what the real kernel (``sheriff_core.analysis.fastsim.kernel``) plays and a
lock-step batch cannot follow cheaply (every game's own branch, own generator, bags of
varying length).

Both versions read the same draws and must give the same scores (checked before timing).
Prints games per CPU-second for each, and numba's first call (the compile) separately.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

VALUES = np.array([2, 3, 3, 4, 8])  # Apples, Cheese, Bread, Chickens; Pepper (contraband)
LEGAL, CONTRA, ROUNDS, PLAYERS, HAND, BAG = 4, 4, 8, 4, 6, 5


def draws(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The batch's chance: every hand (games, rounds, merchants, cards) and audit draw."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, LEGAL + 1, size=(games, ROUNDS, PLAYERS - 1, HAND))
    audits = rng.random((games, ROUNDS, PLAYERS - 1))
    return hands, audits


def numpy_batch(hands: np.ndarray, audits: np.ndarray) -> np.ndarray:
    """Every game at once: one array operation per step, for all games."""
    games = hands.shape[0]
    idx = np.arange(games)
    gold = np.full((games, PLAYERS), 50, dtype=np.int64)
    stands = np.zeros((games, PLAYERS, LEGAL + 1), dtype=np.int64)
    for r in range(ROUNDS):
        sheriff = r % PLAYERS
        for k in range(PLAYERS - 1):
            seat = (sheriff + 1 + k) % PLAYERS
            hand = hands[:, r, k]  # (games, HAND)
            counts = np.stack([(hand == g).sum(axis=1) for g in range(LEGAL + 1)], axis=1)
            good = counts[:, :LEGAL].argmax(axis=1)  # ties: the lowest code, as argmax
            legal_n = np.minimum(counts[idx, good], BAG)
            smuggler = (seat + idx) % 2 == 1
            contra_n = np.where(smuggler, np.minimum(counts[:, CONTRA], BAG - legal_n), 0)
            size = legal_n + contra_n
            opened = (size >= 4) | (audits[:, r, k] < 0.1)
            lying = opened & (contra_n > 0)
            fine = 4 * contra_n
            paid = 2 * legal_n
            gold[:, seat] -= np.where(lying, fine, 0)
            gold[:, sheriff] += np.where(lying, fine, 0)
            honest_open = opened & ~lying
            gold[:, seat] += np.where(honest_open, paid, 0)
            gold[:, sheriff] -= np.where(honest_open, paid, 0)
            stands[idx, seat, good] += legal_n
            stands[:, seat, CONTRA] += np.where(opened, 0, contra_n)
    score = gold + (stands * VALUES).sum(axis=2)
    for g in range(LEGAL):
        king = stands[:, :, g].argmax(axis=1)  # ties: the lowest seat
        has = stands[idx, king, g] > 0
        score[idx, king] += np.where(has, 10, 0)
    return score


def _numba_loop():
    from numba import njit

    @njit(cache=False)
    def loop(hands, audits, values):  # pragma: no cover - compiled
        games = hands.shape[0]
        score = np.empty((games, PLAYERS), dtype=np.int64)
        gold = np.empty(PLAYERS, dtype=np.int64)
        stands = np.empty((PLAYERS, LEGAL + 1), dtype=np.int64)
        counts = np.empty(LEGAL + 1, dtype=np.int64)
        for g in range(games):
            gold[:] = 50
            stands[:] = 0
            for r in range(ROUNDS):
                sheriff = r % PLAYERS
                for k in range(PLAYERS - 1):
                    seat = (sheriff + 1 + k) % PLAYERS
                    counts[:] = 0
                    for c in range(HAND):
                        counts[hands[g, r, k, c]] += 1
                    good = 0
                    for x in range(1, LEGAL):
                        if counts[x] > counts[good]:
                            good = x
                    legal_n = min(counts[good], BAG)
                    contra_n = min(counts[CONTRA], BAG - legal_n) if (seat + g) % 2 == 1 else 0
                    opened = legal_n + contra_n >= 4 or audits[g, r, k] < 0.1
                    if opened and contra_n > 0:
                        gold[seat] -= 4 * contra_n
                        gold[sheriff] += 4 * contra_n
                    elif opened:
                        gold[seat] += 2 * legal_n
                        gold[sheriff] -= 2 * legal_n
                    stands[seat, good] += legal_n
                    if not opened:
                        stands[seat, CONTRA] += contra_n
            for s in range(PLAYERS):
                total = gold[s]
                for x in range(LEGAL + 1):
                    total += stands[s, x] * values[x]
                score[g, s] = total
            for x in range(LEGAL):
                king = 0
                for s in range(1, PLAYERS):
                    if stands[s, x] > stands[king, x]:
                        king = s
                if stands[king, x] > 0:
                    score[g, king] += 10
        return score

    return loop


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    hands, audits = draws(args.games, args.seed)
    t = time.process_time()
    loop = _numba_loop()
    first = loop(hands[:1], audits[:1], VALUES)
    compile_s = time.process_time() - t
    assert np.array_equal(first, numpy_batch(hands[:1], audits[:1]))
    assert np.array_equal(loop(hands, audits, VALUES), numpy_batch(hands, audits)), "differ"
    rates: dict[str, list[float]] = {"numba loop": [], "numpy batch": []}
    for _ in range(args.repeats):
        for name, run in (
            ("numba loop", lambda: loop(hands, audits, VALUES)),
            ("numpy batch", lambda: numpy_batch(hands, audits)),
        ):
            t = time.process_time()
            run()
            rates[name].append(args.games / (time.process_time() - t))
    print(
        f"simplified game, {args.games:,} games, the same draws, scores equal; numba's first "
        f"call (compile) {compile_s:.2f} s CPU"
    )
    for name, got in rates.items():
        print(
            f"{name:12s} {statistics.median(got):12,.0f} games/CPU-s "
            f"(min {min(got):,.0f}, max {max(got):,.0f}; {args.repeats} repeats)"
        )


if __name__ == "__main__":
    main()
