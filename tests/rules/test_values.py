"""Every value that loads can be played and saved (issue 25): seeds, good names, lineage.

Each class of hostile value is a hypothesis generator, not a single case. A value is
either refused where it enters (a rules error naming the argument or the file and key)
or accepted, and then the game plays, saves and loads back. ``COUNTS`` holds how many
values each test tried and refused (run with ``-s`` to see them).
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.engine.saves import MAX_SEED_INT, seed_sequence
from sheriff_core.errors import RulesError

COUNTS: Counter = Counter()

# ---------------------------------------------------------------- seeds

_NP_INTS = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)


def _np_int(kind: type) -> st.SearchStrategy:
    info = np.iinfo(kind)
    return st.integers(int(info.min), int(info.max)).map(kind)


#: Seeds of every numeric type: numpy integers of every width (signed and unsigned),
#: Python ints small, big and negative, bools and numpy bools, floats whole and not.
SEEDS = st.one_of(
    *[_np_int(k) for k in _NP_INTS],
    st.integers(-(2**70), 2**70),
    st.integers(2**1000, 2**1100),
    st.sampled_from([0, 1, MAX_SEED_INT - 1, MAX_SEED_INT, -1]),
    st.booleans(),
    st.booleans().map(np.bool_),
    st.integers(-(2**52), 2**52).map(float),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(-1e6, 1e6).map(np.float64),
    st.floats(-100, 100, width=32).map(np.float32),
)


def _seed_should_load(seed: object) -> bool:
    if isinstance(seed, bool | np.bool_ | float | np.floating):
        return False
    return 0 <= int(seed) < MAX_SEED_INT  # type: ignore[call-overload]


def _deal(game: str, seed: object):
    if game == "sheriff":
        return sc.new_game("classic", players=3, seed=seed)
    return nt.new_game(None, players=3, seed=seed)


def _load(game: str, text: str):
    return sc.Game.from_json(text) if game == "sheriff" else nt.Game.from_json(text)


@pytest.mark.parametrize("game", ["sheriff", "nottingham"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_every_seed_is_refused_where_it_enters_or_plays_saves_and_loads(game, seed):
    COUNTS[f"{game} seeds tried"] += 1
    if not _seed_should_load(seed):
        with pytest.raises(RulesError, match=r"^seed: "):
            _deal(game, seed)
        COUNTS[f"{game} seeds refused"] += 1
        return
    g = _deal(game, seed)
    text = g.to_json()  # before issue 25 a numpy integer seed raised TypeError here
    assert json.loads(text)["seed"]["entropy"] == int(seed)  # type: ignore[call-overload]
    assert text == _deal(game, int(seed)).to_json()  # type: ignore[call-overload]
    assert _load(game, text).to_json() == text


@pytest.mark.parametrize("game", ["sheriff", "nottingham"])
@pytest.mark.parametrize(
    "seed",
    [np.random.SeedSequence(np.uint64(9)), np.random.SeedSequence(3, spawn_key=(np.int8(2),))],
)
def test_a_seed_sequence_of_numpy_integers_is_saved_as_plain_integers(game, seed):
    g = _deal(game, seed)
    assert _load(game, g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize(
    "seed, words",
    [
        (True, "True is a bool"),
        (np.bool_(False), "is a bool"),
        (3.0, "3.0 is a float"),
        (-1, "0 <= seed < 2\\*\\*1024"),
        ("7", "a seed is an integer"),
        ([], "holds 1-1000"),
        (list(range(1001)), "holds 1-1000"),
        ([1, True], r"seed\[1\]: True is a bool"),
    ],
)
def test_a_refused_seed_names_the_argument_and_the_rule(seed, words):
    with pytest.raises(RulesError, match=words):
        seed_sequence(seed)
    with pytest.raises(nt.NottinghamRulesError, match=words):
        nt.new_game(None, 3, seed=seed)


def test_list_seeds_load_as_numpy_takes_them():
    g = sc.new_game("classic", 3, seed=[np.uint32(1), 2, 2**70])
    assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()
    assert g.to_json() == sc.new_game("classic", 3, seed=[1, 2, 2**70]).to_json()


def test_a_save_with_a_seed_past_the_limit_is_refused_by_name():
    data = json.loads(sc.new_game("classic", 3, seed=0).to_json())
    data["seed"]["entropy"] = MAX_SEED_INT
    with pytest.raises(sc.SaveError, match=r"seed\.entropy"):
        sc.Game.from_json(json.dumps(data))
