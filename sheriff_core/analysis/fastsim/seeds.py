"""The seed words of a run's games, many games at once (numpy's ``SeedSequence``, vectorised).

Game ``i`` of a run with entropy ``e`` is dealt from ``SeedSequence(e, spawn_key=(i,))``
(:func:`sheriff_core.analysis.sim.game_seeds`) and its bots draw from
``SeedSequence(e, spawn_key=(i, PLAYERS_SPAWN_KEY))``
(:func:`sheriff_core.engine.game.players_seed`); each generator is seeded with
``generate_state(4, np.uint64)`` of its sequence. Building two ``SeedSequence`` objects and
calling ``generate_state`` twice cost about 20 us a game in Python, most of a compiled
game's time; :func:`seed_words` computes the same words for a whole range of games with
numpy arrays (one column per game), following numpy's ``_seedsequence`` hash step by step
(``tests/sim/test_engine_default.py`` checks them against numpy, word for word).

>>> import numpy as np
>>> words = seed_words(SeedRange(7, 3, 6))
>>> ss = np.random.SeedSequence(7, spawn_key=(4,))
>>> bool((words[1, 0] == ss.generate_state(4, np.uint64)).all())
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from sheriff_core.engine.game import PLAYERS_SPAWN_KEY, players_seed

__all__ = ["SeedRange", "seed_words"]

# numpy/random/bit_generator.pyx (SeedSequence): the hash constants, all 32-bit
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_MASK = 0xFFFFFFFF
_POOL = 4  # DEFAULT_POOL_SIZE


@dataclass(frozen=True)
class SeedRange(Sequence[np.random.SeedSequence]):
    """The seeds of games ``start..stop-1`` of a run with entropy ``entropy``, as
    :func:`sheriff_core.analysis.sim.game_seeds` gives them, built only when indexed.

    >>> r = SeedRange(7, 2, 4)
    >>> len(r), r[1].spawn_key, [s.spawn_key for s in r[:1]]
    (2, (3,), [(2,)])
    """

    entropy: int
    start: int
    stop: int

    def __len__(self) -> int:
        return max(0, self.stop - self.start)

    @overload
    def __getitem__(self, i: int) -> np.random.SeedSequence: ...
    @overload
    def __getitem__(self, i: slice) -> list[np.random.SeedSequence]: ...
    def __getitem__(self, i: int | slice) -> np.random.SeedSequence | list[np.random.SeedSequence]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(f"game {i} is not in a range of {len(self)}")
        return np.random.SeedSequence(self.entropy, spawn_key=(self.start + i % len(self),))

    def __iter__(self) -> Iterator[np.random.SeedSequence]:
        return (self[k] for k in range(len(self)))


def _words32(n: int) -> list[int]:
    """An integer >= 0 as numpy's SeedSequence reads it: 32-bit words, lowest first."""
    out = [n & _MASK]
    n >>= 32
    while n:
        out.append(n & _MASK)
        n >>= 32
    return out


Word = Any  # a 32-bit word: a Python int (the same for every game) or a uint32 array


def _hashmix(value: Word, const: int) -> tuple[Word, int]:
    value = value ^ const
    const = (const * _MULT_A) & _MASK
    value = (value * const) & _MASK
    return value ^ (value >> 16), const


def _mix(x: Word, y: Word) -> Word:
    result = ((x * _MIX_L) & _MASK) - ((y * _MIX_R) & _MASK) & _MASK
    return result ^ (result >> 16)


def _absorb(pool: list[Word], const: int, word: Word) -> tuple[list[Word], int]:
    """Mix one more entropy word (past the pool's size) into ``pool``."""
    out = []
    for x in pool:
        hashed, const = _hashmix(word, const)
        out.append(_mix(x, hashed))
    return out, const


def _generate(pool: list[Word], games: int) -> np.ndarray:
    """``generate_state(4, np.uint64)`` of a mixed pool: (games, 4) uint64."""
    const = _INIT_B
    halves = []
    for i in range(8):  # 8 words of 32 bits, cycling over the pool
        value = pool[i % _POOL] ^ const
        const = (const * _MULT_B) & _MASK
        value = (value * const) & _MASK
        halves.append(np.broadcast_to(np.asarray(value ^ (value >> 16), np.uint64), (games,)))
    out = np.empty((games, 4), dtype=np.uint64)
    for k in range(4):  # little-endian pairs, as numpy joins them
        out[:, k] = halves[2 * k] | (halves[2 * k + 1] << np.uint64(32))
    return out


def _range_words(entropy: int, start: int, stop: int) -> np.ndarray:
    """:func:`seed_words` for games ``start..stop-1`` whose numbers have the same count of
    32-bit words.

    The entropy words are the same for every game (only the spawn key, the game's number,
    differs), so the pool is mixed from them once in Python integers; the game's number is
    then mixed in as one uint32 array, and the bots' sequence continues from the rules'
    sequence with one more word (``PLAYERS_SPAWN_KEY``)."""
    run = _words32(entropy)
    run += [0] * (_POOL - len(run))  # numpy pads the entropy to the pool when spawned
    const = _INIT_A
    pool: list[Word] = []
    for w in run[:_POOL]:
        hashed, const = _hashmix(w, const)
        pool.append(hashed)
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                hashed, const = _hashmix(pool[src], const)
                pool[dst] = _mix(pool[dst], hashed)
    for w in run[_POOL:]:
        pool, const = _absorb(pool, const, w)
    games = np.arange(start, stop, dtype=np.uint64)
    for k in range(len(_words32(start))):  # the game's number, lowest word first
        pool, const = _absorb(pool, const, (games >> np.uint64(32 * k)).astype(np.uint32))
    words = np.empty((stop - start, 2, 4), dtype=np.uint64)
    words[:, 0] = _generate(pool, stop - start)
    pool, const = _absorb(pool, const, PLAYERS_SPAWN_KEY)
    words[:, 1] = _generate(pool, stop - start)
    return words


def seed_words(seeds: Sequence[np.random.SeedSequence]) -> np.ndarray:
    """The seed words of each game's two generators: ``words[g, 0]`` =
    ``seeds[g].generate_state(4, np.uint64)`` (the rules' generator), ``words[g, 1]`` the
    same of :func:`~sheriff_core.engine.game.players_seed` (the bots'). A
    :class:`SeedRange` is computed for all its games at once; any other sequence one
    ``SeedSequence`` at a time.

    >>> import numpy as np
    >>> seeds = [np.random.SeedSequence(2**40 + 5, spawn_key=(k,)) for k in (0, 2**33)]
    >>> bool((seed_words(SeedRange(2**40 + 5, 2**33, 2**33 + 1))[0] == seed_words(seeds)[1]).all())
    True
    """
    if isinstance(seeds, SeedRange):
        if seeds.entropy < 0 or seeds.start < 0:
            raise ValueError(f"a seed range needs entropy and games >= 0, not {seeds!r}")
        parts, a = [], seeds.start
        while a < seeds.stop:  # split where game numbers grow by a 32-bit word
            b = min(seeds.stop, 1 << (32 * len(_words32(a))))
            parts.append(_range_words(seeds.entropy, a, b))
            a = b
        return np.concatenate(parts) if parts else np.empty((0, 2, 4), dtype=np.uint64)
    words = np.empty((len(seeds), 2, 4), dtype=np.uint64)
    for i, ss in enumerate(seeds):
        words[i, 0] = ss.generate_state(4, np.uint64)
        words[i, 1] = players_seed(ss).generate_state(4, np.uint64)
    return words
