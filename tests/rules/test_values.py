"""Every value that loads can be played and saved (issue 25): seeds, good names, lineage.

Each class of hostile value is a hypothesis generator, not a single case. A value is
either refused where it enters (a rules error naming the argument or the file and key)
or accepted, and then the game plays, saves and loads back. ``COUNTS`` holds how many
values each test tried and refused (run with ``-s`` to see them).
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.base.errors import RulesError
from sheriff_core.engine.saves import MAX_SEED_INT, seed_sequence
from sheriff_core.rules.variants import data_dir, name_problem

COUNTS: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    """Print how many hostile values the tests tried and refused (shown with ``-s``)."""
    yield
    if COUNTS:
        print("\nhostile values tried / refused:", dict(sorted(COUNTS.items())))


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
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


@pytest.mark.parametrize("seed", [np.array(7), np.array([7]), np.array(7, dtype=np.uint8)])
def test_numpy_arrays_of_integers_are_seeds_too(seed):
    g = sc.new_game("classic", 3, seed=seed)
    assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()
    with pytest.raises(RulesError, match="is a bool"):
        seed_sequence(np.array(True))


def test_list_seeds_load_as_numpy_takes_them():
    g = sc.new_game("classic", 3, seed=[np.uint32(1), 2, 2**70])
    assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()
    assert g.to_json() == sc.new_game("classic", 3, seed=[1, 2, 2**70]).to_json()


def test_a_save_with_a_seed_past_the_limit_is_refused_by_name():
    data = json.loads(sc.new_game("classic", 3, seed=0).to_json())
    data["seed"]["entropy"] = MAX_SEED_INT
    with pytest.raises(sc.SaveError, match=r"seed\.entropy"):
        sc.Game.from_json(json.dumps(data))


# ---------------------------------------------------------------- good names

#: Every character the action text form treats specially (separators, what strip() and
#: str.splitlines() take), letters and digits to build words around them.
_HOSTILE = list(",; \t\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\x00\x7f\u00a0\u3000\u200d") + [
    "a",
    "Z",
    "0",
    "-",
    "1",
]
_WORDS = ["take", "pile", "keep", "set-aside", "gold", "stand", "bag", "promise", "offer", "x"]
NAMES = st.one_of(
    st.text(st.sampled_from(_HOSTILE), max_size=10),
    st.text(max_size=8),  # any character hypothesis can draw
    st.integers(95, 105).map(lambda n: "Salt " * (n // 5) + "a" * (n % 5)),  # the length limit
    st.lists(
        st.one_of(st.sampled_from(_WORDS), st.integers(-3, 12).map(str)), min_size=1, max_size=5
    ).map(" ".join),
    st.builds(
        "{}{}{}".format,
        st.sampled_from(["", " ", "\t", "Salt"]),
        st.sampled_from(["Salt", "Salt, Fine", "Salt;Fine", "Salt take 1", "Salt take 0,-1"]),
        st.sampled_from(["", " ", "\n", " pile 2", " take 3"]),
    ),
)


def _renamed(data: dict, old: str, new: str) -> dict:
    """Variant data with the good ``old`` renamed ``new`` everywhere it appears."""
    data = json.loads(json.dumps(data))
    data["goods"] = {(new if k == old else k): g for k, g in data["goods"].items()}
    data["bonuses"] = {(new if k == old else k): b for k, b in data["bonuses"].items()}
    for table in data.get("removed", {}).values():
        if old in table:
            table[new] = table.pop(old)
    return data


_CLASSIC = sc.load_variant("classic").to_data()


def _actions_carrying(name: str) -> list[sc.Action]:
    return [
        sc.Market((name,)),
        sc.Market(("Apples", name), (0, 1), 1),
        sc.Load((name,)),
        sc.Load((name, "Apples", name)),
        sc.Declare(name, 3),
        sc.Offer(2, (name,), (name, "Mead"), (sc.Promise("pass", 1),)),
        sc.Confiscate(1, (name, name)),
        sc.PayDebt((name,)),
        sc.Exchange(name),
    ]


@settings(max_examples=600, deadline=None)
@given(name=NAMES)
def test_a_good_name_loads_only_if_every_action_carrying_it_reads_back(name):
    COUNTS["good names tried"] += 1
    if name in _CLASSIC["goods"]:
        return
    data = _renamed(_CLASSIC, "Cheese", name)
    problem = name_problem(name)
    if problem is not None:
        COUNTS["good names refused"] += 1
        with pytest.raises(sc.VariantError) as err:
            sc.Variant.from_data(data)
        assert f"[goods.{json.dumps(name)}]: {problem}" in str(err.value)
        return
    variant = sc.Variant.from_data(data)
    assert name in variant.legal_goods
    for action in _actions_carrying(name):
        assert sc.parse_action(str(action)) == action, str(action)


def _repaired(name: str) -> str:
    """``name`` made acceptable (odd but loadable): separators and control characters
    become spaces, it is cut to 98 characters and stripped, a trailing ' take N' gets a
    word after it."""
    name = "".join(
        " " if ch in ",;" or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") else ch
        for ch in name
    )[:98].strip()
    name = name or "X"
    return f"{name} x" if name_problem(name) is not None else name


#: Names the loader accepts, as odd as they come (inner spaces, words of the text form).
ACCEPTED_NAMES = NAMES.map(_repaired)


@settings(max_examples=30, deadline=None)
@given(legal=ACCEPTED_NAMES, contraband=ACCEPTED_NAMES)
def test_a_variant_with_odd_accepted_names_plays_to_the_end_and_saves(legal, contraband):
    from hypothesis import assume

    from sheriff_core.bots.random_bot import play_game

    assume(legal != contraband and not {legal, contraband} & set(_CLASSIC["goods"]))
    data = _renamed(_renamed(_CLASSIC, "Cheese", legal), "Silk", contraband)
    g = play_game(sc.new_game(sc.Variant.from_data(data), players=3, seed=len(legal)))
    assert g.is_over
    for _seat, action in g.history:
        assert sc.parse_action(str(action)) == action
    assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize(
    "name, words",
    [
        ("Salt, Fine", "cannot contain ','"),
        ("Salt;Fine", "cannot contain ';'"),
        ("Salt ", "cannot start or end with a space"),
        ("\tSalt", "cannot start or end with a space"),
        ("", "cannot be empty"),
        ("Salt\u2028Fine", "line break"),
        ("Salt take -20", "cannot end in ' take'"),
    ],
)
def test_a_hostile_good_name_is_refused_naming_the_good_and_the_rule(tmp_path, name, words):
    data = _renamed(_CLASSIC, "Cheese", name)
    with pytest.raises(sc.VariantError, match=words):
        sc.Variant.from_data(data)
    # The same in a TOML file the user writes (a quoted key).
    toml = (data_dir() / "variants" / "classic.toml").read_text(encoding="utf-8")
    path = tmp_path / "salt.toml"
    path.write_text(
        toml + f"\n[goods.{json.dumps(name)}]\nkind = 'legal'\ncount = 2\nvalue = 2\npenalty = 2\n",
        encoding="utf-8",
    )
    with pytest.raises(sc.VariantError, match=f"salt.toml: .*{words}"):
        sc.load_variant(path)


# ---------------------------------------------------------------- variant lineage

LINEAGES = st.one_of(
    st.lists(st.text(min_size=1, max_size=12), max_size=24),  # names: 22+ are too many
    st.lists(
        st.one_of(st.integers(), st.none(), st.booleans(), st.just(""), st.text()), max_size=25
    ),
    st.lists(
        st.dictionaries(st.text(max_size=2), st.integers(), max_size=2), min_size=1, max_size=2
    ),
    st.one_of(st.integers(), st.text(max_size=5), st.none(), st.dictionaries(st.text(), st.text())),
)


@settings(max_examples=200, deadline=None)
@given(lineage=LINEAGES)
def test_a_saved_lineage_is_a_list_of_names_or_the_save_is_refused_naming_it(lineage):
    COUNTS["lineages tried"] += 1
    data = json.loads(sc.new_game("classic", 3, seed=0).to_json())
    data["variant"]["lineage"] = lineage
    ok = (
        isinstance(lineage, list)
        and len(lineage) <= 21
        and all(isinstance(x, str) and x for x in lineage)
    )
    if not ok:
        COUNTS["lineages refused"] += 1
        with pytest.raises(sc.SaveError, match=r"^variant: .*: lineage: must be a list of at most"):
            sc.Game.from_json(json.dumps(data))
        with pytest.raises(sc.VariantError, match="lineage"):
            sc.Variant.from_data(data["variant"])
        return
    g = sc.Game.from_json(json.dumps(data))
    assert g.variant.lineage == tuple(lineage)
    from sheriff_core.present.rules_summary import rules_summary_markdown

    assert rules_summary_markdown(g.variant)  # the summary reads the lineage's names


def test_a_good_name_is_at_most_the_limit_long_so_a_full_deck_saves():
    from sheriff_core.rules.variants import LIMITS

    most = LIMITS["name_chars"]
    ok = sc.Variant.from_data(_renamed(_CLASSIC, "Cheese", "C" * most))
    g = sc.new_game(ok, players=3, seed=0)
    assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()
    with pytest.raises(sc.VariantError, match=f"at most {most} characters, not {most + 1}"):
        sc.Variant.from_data(_renamed(_CLASSIC, "Cheese", "C" * (most + 1)))


def test_nottingham_simulate_takes_a_numpy_seed_as_its_int_and_refuses_a_bool():
    a = nt.simulate(nt.load_rules(track=4), players=3, games=2, seed=np.int32(5))
    assert a.equals(nt.simulate(nt.load_rules(track=4), players=3, games=2, seed=5))
    with pytest.raises(nt.NottinghamRulesError, match="^seed: True is a bool"):
        nt.simulate(nt.load_rules(track=4), players=3, games=2, seed=True)


_DISNEY = sc.load_variant("disney").to_data()


@settings(max_examples=100, deadline=None)
@given(name=NAMES)
def test_a_token_name_loads_only_if_the_exchange_carrying_it_reads_back(name):
    COUNTS["token names tried"] += 1
    data = json.loads(json.dumps(_DISNEY))
    if name in data["goods"] or name in data["tokens"]:
        return
    data["tokens"] = {(name if k == "Owl" else k): t for k, t in data["tokens"].items()}
    data["bonuses"] = {(name if k == "Owl" else k): b for k, b in data["bonuses"].items()}
    problem = name_problem(name, "token")
    if problem is not None:
        COUNTS["token names refused"] += 1
        with pytest.raises(sc.VariantError, match="tokens"):
            sc.Variant.from_data(data)
        return
    assert name in sc.Variant.from_data(data).tokens
    assert sc.parse_action(str(sc.Exchange(name))) == sc.Exchange(name)
