"""Saves written by an earlier version still load, replay and save back byte for byte.

The files in ``tests/rules/saves/`` were written by commit bfb82e9 (before issue 30's
typed events and declared state): a game of four variants stopped mid-way (a
negotiation, a vote or a pending choice open) and the same game played to the end, each
with its variant source replaced by ``<data>``. Loading replays the history through the
rules and checks every stored field against the replay; saving the loaded game must
give the same text, and the game must play on.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine.saves import RULES_VERSION

SAVES = sorted((Path(__file__).parent / "saves").glob("*.json"))


def test_the_fixture_saves_are_there():
    assert len(SAVES) == 8


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_an_old_save_loads_and_saves_back_the_same(path: Path):
    text = path.read_text(encoding="utf-8")
    game = sc.Game.from_json(text)
    # the same text, with the rules version saves carry since issue 30
    assert game.to_json() == text.replace(
        '{"format":2,', f'{{"format":2,"rules_version":{RULES_VERSION},', 1
    )
    assert '"rules_version"' not in text
    data = json.loads(text)
    assert game.is_over == (data["phase"] == "over") == path.stem.endswith("over")
    assert len(game.history) == len(data["history"])


@pytest.mark.parametrize("path", [p for p in SAVES if p.stem.endswith("mid")], ids=lambda p: p.stem)
def test_an_old_save_plays_on_to_the_end(path: Path):
    game = sc.Game.from_json(path.read_text(encoding="utf-8"))
    bot = RandomBot(talk=0.6)
    for _ in range(2000):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    assert game.is_over
    assert sc.Game.from_json(game.to_json()).to_json() == game.to_json()


def test_every_saved_state_field_is_declared_and_checked_by_name():
    """The save's state fields, how each is written and checked, come from one
    declaration (``engine.state.GAME_STATE``): a value of the wrong type in any of them
    is refused with the field's name, before the replay."""
    from sheriff_core.engine.saves import STATE_CHECKS, STATE_FIELDS
    from sheriff_core.engine.state import GAME_STATE

    saved = [f for f in GAME_STATE if f.saved is not None]
    assert tuple(f.name for f in saved) == STATE_FIELDS
    text = SAVES[0].read_text(encoding="utf-8")
    assert list(json.loads(text))[-len(STATE_FIELDS) :] == list(STATE_FIELDS)
    for f in saved:
        assert f.check in STATE_CHECKS, f.name
        data = json.loads(text)
        data[f.name] = "not this"
        with pytest.raises(sc.SaveError, match=rf"^{f.name}\b"):
            sc.Game.from_json(json.dumps(data))


def test_a_save_of_another_rules_version_loads_if_its_replay_agrees_and_else_says_so():
    text = sc.Game.from_json(SAVES[0].read_text(encoding="utf-8")).to_json()
    other = text.replace(f'"rules_version":{RULES_VERSION},', '"rules_version":99,', 1)
    assert sc.Game.from_json(other).to_json() == text  # the replay agrees: it loads
    data = json.loads(other)
    data["gold"][0] += 1
    with pytest.raises(sc.SaveError, match=r"^gold\[0\]: .*made under rules version 99; "):
        sc.Game.from_json(json.dumps(data))
    data = json.loads(other)
    data["rules_version"] = "1"
    with pytest.raises(sc.SaveError, match="^rules_version: must be"):
        sc.Game.from_json(json.dumps(data))
