"""Typed events (issue 30): one frozen class per kind, read by attributes, listed in
``docs/events.md``; ``to_dict()`` itself is checked by ``test_event_dicts.py``."""

from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import pytest

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine.events import (
    EVENT_TYPES,
    Declined,
    Event,
    Passed,
    Threatened,
    event_fields,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "events.md"


def random_game(variant: str, players: int, seed: int) -> sc.Game:
    game = sc.new_game(variant, players=players, seed=seed)
    bot = RandomBot(talk=0.6)
    while not game.is_over:
        game.apply(bot.choose(game))
    return game


@pytest.fixture(scope="module")
def games() -> list[sc.Game]:
    out = []
    for name in sc.variant_names():
        v = sc.load_variant(name)
        out += [
            random_game(name, p, seed) for p in (v.min_players, v.max_players) for seed in (0, 1)
        ]
    return out


def test_the_page_lists_every_kind_with_its_class_and_fields():
    rows = re.findall(r"^\| `(\w+)` \| `(\w+)` \| `([^`]+)` \| (.*)$", DOC.read_text(), re.M)
    assert [r[0] for r in rows] == list(EVENT_TYPES)
    for kind, name, seat, fields in rows:
        cls = EVENT_TYPES[kind]
        assert name == cls.__name__ and cls.kind == kind
        declared = event_fields(cls)
        assert seat == declared["seat"]
        listed = re.findall(r"`(\w+): ([^`]+)`", fields)
        assert listed == list(declared.items())[2:], kind


def test_every_event_of_random_games_is_typed_and_reads_back(games):
    seen = set()
    for game in games:
        for e in game.events:
            assert type(e) is EVENT_TYPES[e.kind] and isinstance(e, Event)
            assert Event.from_dict(e.to_dict()) == e
            assert list(e.to_dict())[:3] == ["round", "kind", "seat"]
            seen.add(e.kind)
    # every kind but a declined offer (none in these games; the narration tests tell one)
    assert set(EVENT_TYPES) - seen == {"declined"}


def test_events_are_frozen_and_equal_only_within_their_class():
    e = Threatened(0, 1)
    with pytest.raises(AttributeError):
        e.seat = 2  # type: ignore[misc]
    assert e == Threatened(0, 1) and hash(e) == hash(Threatened(0, 1))
    assert e != Declined(0, 1) and not (e == Declined(0, 1))
    assert e != (0, 1)


def test_an_unbribed_bag_leaves_the_bribe_out_of_its_dict():
    e = Passed(2, 1, "3 Cheese", ["Cheese"] * 3, 0, True)
    assert e.bribe is None and e.bribe_gold == 0
    assert list(e.to_dict()) == [
        "round",
        "kind",
        "seat",
        "declared",
        "cards",
        "smuggled",
        "truthful",
    ]
    assert dict(e.info) == e.fields()


def test_an_unknown_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="not an event kind: 'bogus'"):
        Event.from_dict({"round": 0, "kind": "bogus", "seat": None})


def test_events_copy_and_pickle_as_themselves(games):
    events = games[0].events
    assert pickle.loads(pickle.dumps(events)) == events
    assert copy.deepcopy(events) == events
