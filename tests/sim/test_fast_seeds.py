"""The compiled engine's seed words, computed for many games at once, are numpy's, word for
word (``sheriff_core.analysis.fastsim.seeds``), and its chunks cost no Python work per game."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheriff_core.analysis.fastsim.seeds import SeedRange, seed_words
from sheriff_core.analysis.sim import game_seeds
from sheriff_core.engine.game import players_seed


def _numpy_words(entropy: int, start: int, stop: int) -> np.ndarray:
    """What the engine seeds each game's two generators with, one SeedSequence at a time."""
    out = np.empty((stop - start, 2, 4), dtype=np.uint64)
    for i, ss in enumerate(game_seeds(entropy, start, stop)):
        out[i, 0] = ss.generate_state(4, np.uint64)
        out[i, 1] = players_seed(ss).generate_state(4, np.uint64)
    return out


@settings(max_examples=60, deadline=None)
@given(
    entropy=st.one_of(
        st.integers(0, 2**32 - 1), st.integers(2**32, 2**200), st.sampled_from([0, 1, 2**128])
    ),
    start=st.one_of(st.integers(0, 10_000), st.integers(2**32 - 40, 2**32 + 40)),
    count=st.integers(0, 60),
)
def test_seed_words_are_numpys(entropy, start, count):
    # entropy of 1 to 7 words (numpy pads fewer than 4 with zeros, mixes more in after);
    # game numbers across 2**32, where the spawn key grows a word
    got = seed_words(SeedRange(entropy, start, start + count))
    assert got.dtype == np.uint64 and got.shape == (count, 2, 4)
    assert np.array_equal(got, _numpy_words(entropy, start, start + count))


def test_a_seed_range_is_the_games_seeds():
    r = SeedRange(11, 5, 9)
    assert [s.spawn_key for s in r] == [s.spawn_key for s in game_seeds(11, 5, 9)]
    assert len(r) == 4 and r[-1].spawn_key == (8,) and r[1:3][0].spawn_key == (6,)
    assert np.array_equal(seed_words(r), seed_words(list(r)))  # the slow path agrees
    with pytest.raises(IndexError, match="not in a range of 4"):
        r[4]
    with pytest.raises(ValueError, match=">= 0"):
        seed_words(SeedRange(-1, 0, 2))
