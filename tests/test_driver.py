"""The one game driver (sheriff_core.play.driver) and the game Protocol both games satisfy."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.analysis.sim import play_seeded
from sheriff_core.base.errors import RulesError
from sheriff_core.base.protocol import GameProtocol, PlayerProtocol
from sheriff_core.bots import make_player
from sheriff_core.play.driver import drive, play_rounds, round_over, seat_to_move


def lineup(n: int = 4) -> list:
    kinds = ("honest", "smuggler", "bluffer", "briber")
    return [make_player(kinds[s % 4], "threshold") for s in range(n)]


def sheriff_game(seed: int = 3) -> sc.Game:
    return sc.new_game("classic", players=4, seed=seed)


def nottingham_game(seed: int = 3) -> nt.Game:
    return nt.new_game(nt.load_rules(track=6), 3, seed=seed)


def nottingham_bots() -> list:
    return [nt.GreedyCollector(), nt.RandomBot(), nt.GreedyCollector()]


@pytest.mark.parametrize("make", [sheriff_game, nottingham_game])
def test_both_games_satisfy_the_protocol(make):
    game = make()
    assert isinstance(game, GameProtocol)
    assert isinstance(game.step, str) and game.to_move is not None and not game.is_over
    assert list(game.events)  # the deal's events are recorded
    first = next(iter(game.legal_actions()))
    game.verify(first)
    other = (game.to_move + 1) % 3
    with pytest.raises(RulesError):
        game.verify(first, player=other)
    with pytest.raises(RulesError):
        game.apply(first, player=other)


@pytest.mark.parametrize(
    ("make", "players"),
    [(sheriff_game, lineup), (nottingham_game, nottingham_bots)],
)
def test_the_driver_plays_each_game_to_the_end_and_the_save_replays_it(make, players):
    game = make()
    seen: list = []
    start = len(game.events)
    actions = drive(game, players(), on_events=seen.extend)
    assert game.is_over and actions == len(game.history) > 10
    assert seen == list(game.events[start:])  # every event handed over, once, in order
    again = type(game).from_json(game.to_json())
    assert again.to_json() == game.to_json() and again.is_over


@pytest.mark.parametrize("make", [sheriff_game, nottingham_game])
def test_every_player_satisfies_the_player_protocol(make):
    players = lineup() if make is sheriff_game else nottingham_bots()
    assert all(isinstance(p, PlayerProtocol) for p in players)


@pytest.mark.parametrize("seed", range(5))
def test_the_fast_path_plays_the_same_game_as_the_checked_loop(seed):
    """drive() with no stop condition takes the bots' step tables (simulation's hot loop);
    with a callback it asks choose() per action: the same game either way."""
    fast = play_seeded(sc.load_variant("classic"), 4, seed, lineup())
    slow = sc.new_game("classic", players=4, seed=seed, first_sheriff=0)
    drive(slow, lineup(), on_events=lambda events: None)
    assert fast.to_json() == slow.to_json()


def test_stop_conditions():
    game = sheriff_game()
    drive(game, lineup(), until=round_over(game))
    assert game.round == 1 and game.step == "market"
    drive(game, lineup(), until=seat_to_move(2))
    assert game.to_move == 2 and not game.is_over
    assert drive(game, lineup(), until=seat_to_move(2)) == 0  # already there: no action


def test_a_stuck_game_is_reported():
    game = sheriff_game()
    with pytest.raises(RuntimeError, match="did not end within 5 actions"):
        drive(game, lineup(), max_actions=5)
    with pytest.raises(RuntimeError, match="did not end within 5 actions"):
        drive(game, lineup(), on_events=lambda e: None, max_actions=5)


def test_play_rounds_is_the_drivers_and_narrate_re_exports_it():
    from sheriff_core.play import narrate

    assert narrate.play_rounds is play_rounds
    game = sheriff_game()
    rows = play_rounds(game, lineup(), rounds=2)
    assert [r["round"] for r in rows] == [1] * 4 + [2] * 4 and game.round == 2
    assert [r["gold"] for r in rows[4:]] == game.gold
