"""Same seed, same DataFrame: whatever the workers, chunking or executor."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import game_seeds

ARGS = {"variant": "classic", "players": 4, "games": 40, "seed": 7}


def test_same_seed_same_frame_and_another_seed_differs():
    a = sc.simulate(**ARGS)
    pd.testing.assert_frame_equal(a, sc.simulate(**ARGS))
    other = sc.simulate(**{**ARGS, "seed": 8})
    assert not a[["gold", "total"]].equals(other[["gold", "total"]])


def test_workers_and_chunks_do_not_change_the_result():
    base = sc.simulate(**ARGS)
    pd.testing.assert_frame_equal(base, sc.simulate(**ARGS, workers=2, chunk_size=7))
    pd.testing.assert_frame_equal(base, sc.simulate(**ARGS, chunk_size=1))
    bags = sc.simulate_bags(**ARGS)
    pd.testing.assert_frame_equal(bags, sc.simulate_bags(**ARGS, workers=2, chunk_size=9))


def test_any_executor_gives_the_same_frame():
    base = sc.simulate(**ARGS)
    with ThreadPoolExecutor(3) as ex:
        pd.testing.assert_frame_equal(base, sc.simulate(**ARGS, executor=ex, chunk_size=5))


def test_game_i_depends_only_on_seed_and_i():
    """Seeds come from SeedSequence(seed).spawn(games): a shorter run is a prefix."""
    long = sc.simulate(**{**ARGS, "games": 12})
    short = sc.simulate(**{**ARGS, "games": 5})
    pd.testing.assert_frame_equal(short, long[long["game"] < 5])
    spawned = np.random.SeedSequence(7).spawn(12)
    mine = game_seeds(7, 3, 12)
    assert [s.generate_state(2).tolist() for s in mine] == [
        s.generate_state(2).tolist() for s in spawned[3:]
    ]


def test_progress_bar_can_be_shown_and_turned_off(capsys):
    sc.simulate(**{**ARGS, "games": 3}, progress=True)
    assert "3/3" in capsys.readouterr().err
    sc.simulate(**{**ARGS, "games": 3}, progress=False)
    assert capsys.readouterr().err == ""


def test_simulate_takes_numpy_integer_seeds_and_refuses_bools_floats_and_negatives() -> None:
    """A numpy integer seed is its int (the same games); a bool, a float or a negative
    number is the engine's seed error, before any game is played (numpy's raw TypeError
    or ValueError before, and a bool failed late)."""
    kw = {"players": 3, "games": 3}
    assert sc.simulate("classic", seed=np.int16(5), **kw).equals(
        sc.simulate("classic", seed=5, **kw)
    )
    for bad in (True, np.bool_(False), 2.0, -1):
        with pytest.raises(sc.RulesError, match="^seed: "):
            sc.simulate("classic", seed=bad, **kw)
