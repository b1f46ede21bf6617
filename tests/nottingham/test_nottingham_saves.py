"""Nottingham saves: seed + actions, replayed on loading; every refusal names the field."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sheriff_core import nottingham as nt
from sheriff_core.base.errors import SaveError
from sheriff_core.nottingham import saves

RULES = nt.load_rules()
SHORT = nt.load_rules(track=8)


def bot_game(players: int, seed: int, steps: int | None = None, rules: nt.Rules = SHORT) -> nt.Game:
    bots = [nt.RandomBot(), nt.GreedyCollector()] * 4
    g = nt.new_game(rules, players, seed=seed)
    while not g.is_over and (steps is None or len(g.history) < steps):
        g.apply(bots[g.to_move].choose(g))
    return g


@pytest.fixture(scope="module")
def mid_game() -> str:
    g = bot_game(4, seed=3, steps=60, rules=RULES)
    assert not g.is_over
    return g.to_json()


def refused(text: object, *words: str) -> str:
    with pytest.raises(SaveError) as info:
        nt.Game.from_json(text)  # type: ignore[arg-type]
    for w in words:
        assert w in str(info.value), str(info.value)
    return str(info.value)


def edited(text: str, **fields: object) -> str:
    data = json.loads(text)
    data.update(fields)
    return json.dumps(data)


def test_the_format_is_bumped_and_documented():
    assert nt.game.FORMAT == saves.FORMAT == "sheriff_core.nottingham/2"
    assert "history" in saves.__doc__ and "seed" in saves.__doc__
    refused('{"format": "sheriff_core.nottingham/1"}', "not supported")


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_save_and_load_are_identical_after_every_action(players):
    g = nt.new_game(SHORT, players, seed=players)
    bots = [nt.RandomBot(), nt.GreedyCollector()] * 4
    while True:
        text = g.to_json()
        copy = nt.Game.from_json(text)
        assert copy.to_json() == text
        if g.is_over:
            break
        action = bots[g.to_move].choose(g)
        assert bots[g.to_move].choose(copy) == action  # the players' generator is restored
        g.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_seed_and_actions_rebuild_the_game(players):
    for seed in range(8):
        g = bot_game(players, seed)
        assert g.is_over
        h = nt.new_game(SHORT, list(g.names), seed=g.seed)
        for seat, action in g.history:
            assert h.to_move == seat
            h.apply(action)
        h.players_rng.bit_generator.state = g.players_rng.bit_generator.state
        assert h.to_json() == g.to_json()


def test_bots_draw_from_the_players_generator_not_the_games():
    g = nt.new_game(RULES, 3, seed=1)
    rules_state = g.rng.bit_generator.state
    players_state = g.players_rng.bit_generator.state
    nt.RandomBot().choose(g)
    assert g.rng.bit_generator.state == rules_state
    assert g.players_rng.bit_generator.state != players_state


def test_a_game_from_a_generator_plays_but_cannot_be_saved():
    g = nt.new_game(RULES, 3, seed=np.random.default_rng(2))
    nt.RandomBot().choose(g)
    with pytest.raises(SaveError, match="^seed: "):
        g.to_json()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[]", "must be a JSON object"),
        ("null", "must be a JSON object"),
        ("{{", "not valid JSON"),
        ("[" * 100_000, "nested deeper than 64"),
        ('{"format": true}', "format: must be"),
    ],
)
def test_text_that_is_not_a_save_is_refused(text, words):
    refused(text, words)


def test_bytes_are_refused(mid_game):
    refused(mid_game.encode(), "not bytes")


def test_negative_hand_counts_are_refused(mid_game):
    hands = json.loads(mid_game)["hands"]
    hands[2]["Pearls"] = -2
    refused(edited(mid_game, hands=hands), "hands[2].Pearls: must be a non-negative integer")


def test_one_player_and_repeated_names_are_refused(mid_game):
    refused(edited(mid_game, names=["Robin"]), "names: Nottingham is played by 3-7 players, not 1")
    refused(edited(mid_game, names=["A", "A", "A", "A"]), 'names[1]: the name "A" is used twice')


def test_unknown_items_and_rules_fields_are_refused(mid_game):
    deck = json.loads(mid_game)["deck"]
    deck[0] = "Unicorn"
    refused(edited(mid_game, deck=deck), 'deck[0]: unknown item "Unicorn"')
    rules = json.loads(mid_game)["rules"]
    rules["unicorns"] = 1
    refused(edited(mid_game, rules=rules), "rules: the saved rules data is invalid")


@pytest.mark.parametrize("field", saves._HEAD + saves.STATE_FIELDS)
def test_a_wrong_type_in_every_top_level_field_is_named(mid_game, field):
    original = json.loads(mid_game)[field]
    tried = 0
    for bad in (None, True, "x", 1.5, [], {}):
        if type(bad) is type(original) or (bad is None and field in ("revealed", "end_reason")):
            continue
        message = refused(edited(mid_game, **{field: bad}))
        assert message.startswith(field), (field, bad, message)
        tried += 1
    assert tried >= 4


@pytest.mark.parametrize("field", ["hands", "deck", "discards", "scored", "sheriff", "active"])
def test_a_tampered_state_field_is_refused_naming_it(mid_game, field):
    data = json.loads(mid_game)
    value = data[field]
    if field == "hands":
        value[0]["Copper"] += 1
    elif field in ("deck", "discards"):
        value.append("Copper")
    elif field == "scored":
        value[1].append("Copper")
    else:
        value = (value + 1) % 4
    message = refused(edited(mid_game, **{field: value}), "disagrees with the replay")
    assert message.startswith(field), message


def test_an_illegal_action_in_the_history_is_named_by_its_index(mid_game):
    data = json.loads(mid_game)
    data["history"][0][1] = {"type": "Lay", "item": "Pearls", "count": 3}
    refused(json.dumps(data), "history[0]: lay 3 Pearls was illegal at that point")
    data["history"][0][1] = {"type": "Lay", "item": "Pearls", "count": "3"}
    refused(json.dumps(data), "history[0][1].count: must be an integer")


def test_a_save_holding_a_seed_never_touches_numpys_global_generator(mid_game, monkeypatch):
    np.random.seed(9)
    before = np.random.get_state()[1].copy()
    monkeypatch.setattr(np.random, "seed", lambda *a: pytest.fail("np.random.seed called"))
    copy = nt.Game.from_json(mid_game)
    bots = [nt.RandomBot(), nt.GreedyCollector()] * 2
    while not copy.is_over:
        copy.apply(bots[copy.to_move].choose(copy))
    assert (np.random.get_state()[1] == before).all()


def test_rules_that_deal_a_huge_deck_or_hand_are_refused(mid_game):
    rules = json.loads(mid_game)["rules"]
    name = next(iter(rules["items"]))
    rules["items"][name]["count"] = 2**70
    # The rules loader's own limit (LIMITS["card_count"]) refuses it before the deal.
    refused(
        edited(mid_game, rules=rules), "rules: the saved rules data is invalid", "at most 1,000"
    )


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("sheriff", 99, "sheriff: must be 0-"),
        ("active", 9, "active: must be 0-3, not 9"),
        ("turn", -1, "turn: must be a non-negative integer"),
        ("decision", "fly", "decision: must be one of"),
        ("seed", {"entropy": 1.5, "spawn_key": []}, "seed.entropy: must be an integer"),
    ],
)
def test_out_of_range_fields_are_named(mid_game, field, value, words):
    refused(edited(mid_game, **{field: value}), words)


def test_forty_extra_cards_in_a_hand_are_refused(mid_game):
    hands = json.loads(mid_game)["hands"]
    hands[1]["Copper"] += 40
    refused(edited(mid_game, hands=hands), "hands[1].Copper", "disagrees with the replay")
