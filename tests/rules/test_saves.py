"""Saves (issue 12): a loaded game is always a game that could have been played.

A save holds the variant, the seed, the players, the first Sheriff and the
history; loading replays the history through ``apply`` and checks the stored
state against the replay. Every refusal is a ``SaveError`` naming the field.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core.base import save_envelope
from sheriff_core.bots import RandomBot
from sheriff_core.engine import saves

COMBOS = [
    (name, players)
    for name in sc.variant_names()
    for v in [sc.load_variant(name)]
    for players in range(v.min_players, v.max_players + 1)
]


def bot_game(
    variant: str | sc.Variant, players: int, seed: int, steps: int | None = None
) -> sc.Game:
    """A RandomBot game, to the end or for ``steps`` actions."""
    g = sc.new_game(variant, players, seed=seed, first_sheriff=seed % players)
    bot = RandomBot()
    while not g.is_over and (steps is None or len(g.history) < steps):
        g.apply(bot.choose(g))
    return g


def replayed(g: sc.Game) -> sc.Game:
    """The same seed and the same actions, applied by hand (the bots' generator is
    restored by hand too: only bots draw from it)."""
    h = sc.new_game(g.variant, list(g.players), seed=g.seed, first_sheriff=g.first_sheriff)
    for seat, action in g.history:
        assert h.to_move == seat
        h.apply(action)
    assert h.players_rng.bit_generator.state != g.players_rng.bit_generator.state
    h.players_rng.bit_generator.state = g.players_rng.bit_generator.state
    return h


@pytest.fixture(scope="module")
def mid_game() -> str:
    """A classic 4-player save in the middle of round 3 (stands, piles and deck in use)."""
    g = bot_game("classic", 4, seed=11, steps=45)
    assert not g.is_over and g.round >= 1 and any(g.stands)
    return g.to_json()


def refused(text: object, *words: str) -> str:
    with pytest.raises(sc.SaveError) as info:
        sc.Game.from_json(text)  # type: ignore[arg-type]
    message = str(info.value)
    for w in words:
        assert w in message, message
    return message


def edited(text: str, **fields: object) -> str:
    data = json.loads(text)
    data.update(fields)
    return json.dumps(data)


# ------------------------------------------------------------------ identity and replay


def test_save_error_is_a_value_error_exported_from_the_package():
    assert issubclass(sc.SaveError, ValueError) and "SaveError" in sc.__all__


@pytest.mark.parametrize(("variant", "players"), COMBOS)
def test_save_and_load_are_identical_after_every_action(variant, players):
    g = sc.new_game(variant, players, seed=players * 7 + 1, first_sheriff=players - 1)
    bot = RandomBot()
    while True:
        text = g.to_json()
        copy = sc.Game.from_json(text)
        assert copy.to_json() == text
        assert (copy.step, copy.to_move, copy.events) == (g.step, g.to_move, g.events)
        if g.is_over:
            break
        action = bot.choose(g)
        assert bot.choose(copy) == action  # the players' generator was restored too
        g.apply(action)
    assert len(g.history) > 50


@pytest.mark.parametrize(("variant", "players"), COMBOS)
def test_same_seed_and_same_actions_give_the_same_game(variant, players):
    """16 bot games per variant and player count (256 in all): replaying the history
    from the seed gives the identical game, and saves at the end and at two random
    points load and save back identically."""
    variant = sc.load_variant(variant)
    pick = np.random.default_rng(players)
    for seed in range(16):
        g = bot_game(variant, players, seed)
        assert g.is_over
        assert replayed(g).to_json() == g.to_json()
        assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()
        for k in pick.integers(0, len(g.history), 2):
            part = sc.new_game(variant, players, seed=seed, first_sheriff=seed % players)
            for _, action in g.history[:k]:
                part.apply(action)
            text = part.to_json()
            assert sc.Game.from_json(text).to_json() == text


def test_a_loaded_bot_game_goes_on_as_it_would_have():
    g = bot_game("deputies", 6, seed=3, steps=70)
    copy = sc.Game.from_json(g.to_json())
    bot = RandomBot()
    while not g.is_over:
        action = bot.choose(g)
        assert bot.choose(copy) == action
        g.apply(action)
        copy.apply(action)
    assert copy.to_json() == g.to_json()


def test_a_game_without_a_seed_cannot_be_saved():
    g = sc.new_game("classic", 3, seed=0)
    g.seed = None
    with pytest.raises(sc.SaveError, match="^seed: "):
        g.to_json()


def test_random_entropy_is_stored_and_a_seedless_game_loads_back():
    g = sc.new_game("classic", 3, seed=None)
    g.apply(RandomBot().choose(g))
    assert json.loads(g.to_json())["seed"]["entropy"] == g.seed.entropy
    assert sc.Game.from_json(g.to_json()).to_json() == g.to_json()


# ------------------------------------------------------------------ refusals


def test_the_save_format_is_documented_and_bumped():
    assert saves.FORMAT == 2 and "Format version 2" in saves.__doc__
    old = {"format": 1, "variant": {}, "players": ["A", "B", "C"]}
    refused(json.dumps(old), "format: version 1 is not supported")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[]", "must be a JSON object"),
        ("null", "must be a JSON object"),
        ("not json {", "not valid JSON"),
        ("[" * 100_000, "nested deeper than 64"),
        ('{"a": ' * 100_000, "nested deeper than 64"),
        ('{"format": true}', "format: must be 2, not true"),
        ('{"format": "2"}', "format: version"),
        ('{"variant": {}}', "format: missing"),
    ],
)
def test_text_that_is_not_a_save_is_refused_before_anything_else(text, words):
    refused(text, words)


def test_bytes_and_non_text_are_refused(mid_game):
    refused(mid_game.encode(), "not bytes")
    refused(12, "must be JSON text")


def test_size_is_bounded_before_parsing(monkeypatch, mid_game):
    monkeypatch.setattr(save_envelope, "MAX_BYTES", 1000)  # where parse_save reads it
    refused(mid_game, "over the limit of 1,000")


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert (
        saves.nesting_depth(
            '{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}'
        )
        == 1
    )
    names = ["[" * 70, "{" * 70, 'x"\\'] + ["]"]
    g = sc.new_game("classic", names, seed=2)
    assert sc.Game.from_json(g.to_json()).players == tuple(names)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("gold", [-3, 50, 50, 50], "gold[0]: must be a non-negative integer, not -3"),
        ("round", 99, "round: must be 0-7, not 99"),
        ("sheriff", 9, "sheriff: must be 0-3, not 9"),
        ("players", ["A", "A", "A"], 'players[1]: the name "A" is used twice'),
        ("players", ["A", "B"], "players: classic is played by 3-5 players, not 2"),
        ("first_sheriff", 4, "first_sheriff: must be 0-3, not 4"),
        ("seed", {"entropy": -1, "spawn_key": []}, "seed.entropy: must be a non-negative"),
        ("history", [[0, {"type": "Market"}], 7], "history[1]: must be [seat, action]"),
    ],
)
def test_out_of_range_fields_are_named(mid_game, field, value, words):
    refused(edited(mid_game, **{field: value}), words)


def test_an_unknown_card_is_named(mid_game):
    hands = json.loads(mid_game)["hands"]
    hands[2] = hands[2] + ["Unicorn"]
    refused(edited(mid_game, hands=hands), f'hands[2][{len(hands[2]) - 1}]: unknown card "Unicorn"')


def test_forty_extra_apples_in_a_hand_are_refused(mid_game):
    hands = json.loads(mid_game)["hands"]
    hands[1] = hands[1] + ["Apples"] * 40
    refused(edited(mid_game, hands=hands), "hands[1]", "disagrees with the replay")


def test_an_unknown_variant_field_is_refused_as_a_variant_error(mid_game):
    variant = json.loads(mid_game)["variant"]
    variant["unicorns"] = 3
    with pytest.raises(sc.SaveError, match="^variant: the saved variant data is invalid") as info:
        sc.Game.from_json(edited(mid_game, variant=variant))
    assert "unknown key 'unicorns'" in str(info.value)
    assert isinstance(info.value.__cause__, sc.VariantError)


def test_an_unknown_top_level_field_is_refused(mid_game):
    refused(edited(mid_game, cheat=1), 'unknown field "cheat"')


@pytest.mark.parametrize("field", saves._HEAD + saves.STATE_FIELDS)
def test_a_wrong_type_in_every_top_level_field_is_named(mid_game, field):
    original = json.loads(mid_game)[field]
    tried = 0
    for bad in (None, True, "x", 1.5, [], {}):
        if type(bad) is type(original):
            continue
        message = refused(edited(mid_game, **{field: bad}))
        assert message.startswith(field), (field, bad, message)
        tried += 1
    assert tried >= 5


@pytest.mark.parametrize("field", ["gold", "hands", "stands", "deck", "piles", "round", "sheriff"])
def test_a_tampered_state_field_is_refused_naming_it(mid_game, field):
    data = json.loads(mid_game)
    value = data[field]
    if field == "gold":
        value[1] += 5
    elif field in ("hands", "stands"):
        value[2].append("Cheese")
    elif field == "deck":
        i = next(i for i in range(1, len(value)) if value[i] != value[0])
        value[0], value[i] = value[i], value[0]
    elif field == "piles":
        value[0].append(value[1].pop())
    elif field == "round":
        value -= 1
    else:
        value = (value + 1) % 4
    message = refused(edited(mid_game, **{field: value}), "disagrees with the replay")
    assert message.startswith(field), message


def test_an_illegal_action_in_the_history_is_named_by_its_index(mid_game):
    data = json.loads(mid_game)
    i = next(k for k, (_, a) in enumerate(data["history"]) if a["type"] == "Declare")
    data["history"][i][1]["count"] = 9
    refused(json.dumps(data), f"history[{i}]: declare 9 ", "was illegal at that point")
    data = json.loads(mid_game)
    data["history"][0][0] = (data["history"][0][0] + 1) % 4
    refused(json.dumps(data), "history[0]: recorded for seat")
    data = json.loads(mid_game)
    data["history"][3][1] = {"type": "Declare", "good": ["Apples"], "count": 1}
    refused(json.dumps(data), "history[3][1].good: must be a string")
    data["history"][3][1] = {"type": "Fly"}
    refused(json.dumps(data), 'history[3][1].type: not an action type: "Fly"')


def test_the_generators_are_checked(mid_game):
    state = json.loads(mid_game)["players_rng"]
    state["state"]["inc"] = 2
    refused(edited(mid_game, players_rng=state), "players_rng.state.inc: must be odd")
    rng = json.loads(mid_game)["rng"]
    rng["state"]["state"] += 1
    refused(edited(mid_game, rng=rng), "rng.state.state: the saved state")


def test_a_minimal_save_of_seed_and_actions_loads(mid_game):
    data = json.loads(mid_game)
    small = {k: data[k] for k in ("format", "variant", "variant_source", "seed", "players")}
    small["first_sheriff"] = data["first_sheriff"]
    small.update(history=data["history"], players_rng=data["players_rng"])
    assert sc.Game.from_json(json.dumps(small)).to_json() == mid_game


def test_loading_leaves_numpys_global_generator_alone(mid_game, monkeypatch):
    np.random.seed(5)
    before = np.random.get_state()[1].copy()
    monkeypatch.setattr(np.random, "seed", lambda *a: pytest.fail("np.random.seed called"))
    sc.Game.from_json(mid_game)
    assert (np.random.get_state()[1] == before).all()


@pytest.mark.parametrize("count", [2**70, 10**9])
def test_a_variant_that_deals_a_huge_deck_is_refused_before_dealing(mid_game, count):
    variant = json.loads(mid_game)["variant"]
    variant["goods"]["Silk"]["count"] = count
    # The variant loader's own limits refuse it first (each count <= 1,000).
    refused(edited(mid_game, variant=variant), "variant:", "count: must be at most 1,000")


def test_random_damage_to_a_save_gives_a_save_error_or_a_valid_game(mid_game):
    """300 random edits (a value replaced or removed anywhere): never another exception."""
    rng = np.random.default_rng(12)
    values = [None, True, 0, -1, 2, 99, 2**70, 1.5, "", "Apples", [], {}, [0], {"a": 1}]

    def paths(x, p=()):
        yield p
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            yield from paths(v, (*p, k))

    every = list(paths(json.loads(mid_game)))[1:]
    for _ in range(300):
        data = json.loads(mid_game)
        path = every[int(rng.integers(len(every)))]
        holder = data
        for k in path[:-1]:
            holder = holder[k]
        if rng.random() < 0.8:
            holder[path[-1]] = values[int(rng.integers(len(values)))]
        else:
            del holder[path[-1]]
        try:
            game = sc.Game.from_json(json.dumps(data))
        except sc.SaveError:
            continue
        assert sc.Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_variant_allowing_millions_of_players_is_refused_before_it_is_built(mid_game):
    variant = json.loads(mid_game)["variant"]
    variant["players"]["max"] = 10**7
    refused(
        edited(mid_game, variant=variant),
        "variant:",
        "[players] max: must be at most 12, got 10000000",
    )
