"""Nottingham's rules loader has limits like the Sheriff loader's, and its own errors.

Before issue 25 a 10^8-card deck took 49 s and 2.3 GB to deal, a 20,072-card game could
not load its own save, and a folder, an empty path or a non-UTF-8 file raised raw
``IsADirectoryError`` / ``UnicodeDecodeError``. Now each is a NottinghamDataError naming
the file and the key, every limit is checked at its boundary, and a game dealt at the
limits loads its own save.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheriff_core import nottingham as nt
from sheriff_core.engine.saves import MAX_CARDS, MAX_PLAYERS
from sheriff_core.nottingham.rules import LIMITS

BASE = nt.load_rules().to_data()


def _with(**changes) -> dict:
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        section, _, field = key.partition("__")
        if field:
            data[section][field] = value
        else:
            data[section] = value
    return data


def _items(counts: list[int], width: int = 0) -> dict:
    actions = ["purchase", "steal", "ambush", "rob", "hold_up", "defend", "trade"]
    return {
        f"I{i}".ljust(width, "x"): {"count": n, "value": 1, "action": actions[i % len(actions)]}
        for i, n in enumerate(counts)
    }


def _small(items: dict, players: int = 3, **changes) -> dict:
    """Rules with the given items, two ambush pairs and one small task (valid unless
    ``changes`` break it)."""
    names = list(items)
    data = _with(
        items=items,
        ambush={"pairs": [[names[0], names[1]]]},
        tasks={"pair": {"distinct": 1, "each": 1, "copies": 1, "first": 3, "second": 1}},
        players={
            "min": 3,
            "max": players,
            "names": [f"P{i}" for i in range(players)],
            "colours": [f"c{i}" for i in range(players)],
        },
    )
    for key, value in changes.items():
        section, _, field = key.partition("__")
        if field:
            data[section][field] = value
        else:
            data[section] = value
    return data


def _plays_and_loads_its_save(rules: nt.Rules, players: int) -> None:
    game = nt.new_game(rules, players=players, seed=1)
    bot = nt.RandomBot()
    for _ in range(25):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    text = game.to_json()
    assert nt.Game.from_json(text).to_json() == text


def test_the_limits_fit_inside_what_a_save_may_hold():
    assert LIMITS["deck"] <= MAX_CARDS and LIMITS["players"] <= MAX_PLAYERS
    assert LIMITS["card_count"] <= LIMITS["deck"]


def test_a_deck_at_the_limit_deals_and_loads_its_own_save_one_more_card_is_refused():
    per = LIMITS["card_count"]
    n = LIMITS["deck"] // per
    at_limit = nt.Rules.from_data(_small(_items([per] * n)))
    assert len(at_limit.deck()) == LIMITS["deck"]
    _plays_and_loads_its_save(at_limit, 3)
    with pytest.raises(nt.NottinghamDataError, match=r"\[items\]: the deck would hold 5,001"):
        nt.Rules.from_data(_small(_items([per] * n + [1])))


def test_the_most_players_play_and_load_their_save_one_more_is_refused():
    most = LIMITS["players"]
    rules = nt.Rules.from_data(_small(_items([60] * 7), players=most))
    _plays_and_loads_its_save(rules, most)
    with pytest.raises(nt.NottinghamDataError, match=r"\[players\] max: must be at most 12"):
        nt.Rules.from_data(_small(_items([60] * 7), players=most + 1))


_TASK = {"distinct": 1, "each": 1, "copies": 1, "first": 3, "second": 1}


@pytest.mark.parametrize(
    "key, make, words",
    [
        ("card_count", lambda n: _small(_items([n, 5])), r"\[items\.I0\] count: must be at most"),
        ("items", lambda n: _small(_items([2] * n)), r"\[items\]: at most 100 kinds of items"),
        (
            "task_copies",
            lambda n: _small(_items([5, 5]), tasks={"pair": {**_TASK, "copies": n}}),
            r"\[tasks\.pair\] copies: must be at most 100",
        ),
        (
            "track",
            lambda n: _small(_items([5, 5]), track__spaces=[3] * n),
            r"\[track\] spaces: must be a list of 2-1,000 numbers",
        ),
        (
            "rounds",
            lambda n: _small(_items([5, 5]), turn__ambush_draw=n),
            r"\[turn\] ambush_draw: must be at most 100",
        ),
        (
            "rounds",
            lambda n: _small(_items([5, 5]), turn__stalemate_rounds=n),
            r"\[turn\] stalemate_rounds: must be at most 100",
        ),
        (
            "name_chars",
            lambda n: _small(_items([5, 5], width=n)),
            r"a name is at most 100 characters, not 101",
        ),
        (
            "pairs",
            lambda n: _small(_items([5] * 40), ambush={"pairs": _pairs(40)[:n]}),
            r"\[ambush\] pairs: at most 1,000 pairs, got 1,001",
        ),
    ],
)
def test_each_limit_is_checked_at_its_boundary(key, make, words):
    limit = LIMITS[key]
    assert nt.Rules.from_data(make(limit))  # at the limit: loads
    with pytest.raises(nt.NottinghamDataError, match=words):
        nt.Rules.from_data(make(limit + 1))


def _pairs(n: int) -> list[list[str]]:
    return [[f"I{a}", f"I{b}"] for a in range(n) for b in range(n) if a != b]


def test_a_hundred_million_cards_are_refused_before_dealing():
    with pytest.raises(nt.NottinghamDataError, match="at most 1,000"):
        nt.Rules.from_data(_small(_items([10**8, 5])))


def test_values_and_task_scores_are_bounded_like_the_sheriff_loader():
    items = _items([5, 5])
    items["I0"]["value"] = 10**7
    with pytest.raises(nt.NottinghamDataError, match=r"\[items\.I0\] value: must be at most"):
        nt.Rules.from_data(_small(items))


# ---------------------------------------------------------------- the file itself


def _bundled_text() -> str:
    return nt.rules_path().read_text(encoding="utf-8")


def test_a_folder_is_refused_naming_it(tmp_path):
    with pytest.raises(nt.NottinghamDataError, match="is a folder, not a rules file"):
        nt.load_rules(tmp_path)


@pytest.mark.parametrize("path", ["", "   ", "\t"])
def test_an_empty_path_is_refused(path):
    with pytest.raises(nt.NottinghamDataError, match="rules path is empty"):
        nt.load_rules(path)


@pytest.mark.parametrize("path", [5, 1.5, b"rules.toml", ["rules.toml"]])
def test_a_path_that_is_not_a_path_is_refused(path):
    with pytest.raises(nt.NottinghamDataError, match="a path to a TOML file"):
        nt.load_rules(path)


def test_a_missing_file_and_a_nul_byte_are_refused(tmp_path):
    with pytest.raises(nt.NottinghamDataError, match="rules file not found"):
        nt.load_rules(tmp_path / "nope.toml")
    with pytest.raises(nt.NottinghamDataError, match="rules file not found"):
        nt.load_rules("ru\x00les.toml")


def test_a_non_utf8_file_is_refused_naming_the_byte(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(_bundled_text().replace("Ann", "Ånn").encode("latin-1"))
    with pytest.raises(nt.NottinghamDataError, match=r"latin1.toml: not UTF-8 text \(byte 0xc5"):
        nt.load_rules(path)


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text(_bundled_text() + "#" * LIMITS["file_bytes"], encoding="utf-8")
    with pytest.raises(nt.NottinghamDataError, match="larger than 1,000,000 bytes"):
        nt.load_rules(path)


def test_deep_nesting_is_refused(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(_bundled_text() + "\n[deep]\nx = " + "[" * 50 + "]" * 50 + "\n")
    with pytest.raises(nt.NottinghamDataError, match="nested deeper than 8 levels"):
        nt.load_rules(path)
    deeper = tmp_path / "deeper.toml"
    deeper.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(nt.NottinghamDataError, match="deep"):
        nt.load_rules(deeper)


def test_a_file_at_the_limits_loads_and_its_save_loads(tmp_path):
    data = _small(_items([LIMITS["card_count"]] * 5))
    lines = [f"name = {json.dumps(data['name'])}", f"title = {json.dumps(data['title'])}"]
    for section in ("players", "setup", "turn", "tasks_rule", "ambush", "track"):
        lines.append(f"[{section}]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in data[section].items()]
    for table in ("items", "tasks"):
        for name, entry in data[table].items():
            lines.append(f"[{table}.{name}]")
            lines += [f"{k} = {json.dumps(v)}" for k, v in entry.items()]
    path = tmp_path / "big_deck.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rules = nt.load_rules(path)
    assert len(rules.deck()) == LIMITS["deck"]
    _plays_and_loads_its_save(rules, 3)


@settings(max_examples=60, deadline=None)
@given(
    counts=st.lists(
        st.one_of(st.integers(5, 1_200), st.sampled_from([999, 1_000, 1_001, 10**8])),
        min_size=2,
        max_size=8,
    )
)
def test_item_counts_either_deal_a_game_that_loads_its_save_or_are_refused(counts):
    data = _small(_items(counts))
    if max(counts) > LIMITS["card_count"] or sum(counts) > LIMITS["deck"]:
        with pytest.raises(nt.NottinghamDataError, match=r"\[items"):
            nt.Rules.from_data(data)
        return
    rules = nt.Rules.from_data(data)
    assert len(rules.deck()) == sum(counts)
    game = nt.new_game(rules, players=3, seed=sum(counts))
    text = game.to_json()
    assert nt.Game.from_json(text).to_json() == text
