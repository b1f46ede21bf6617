"""``sheriff play --seat N``: a human plays one seat at the terminal against bots.

The sessions are fed through stdin. A whole game's moves are first recorded from an
honest/trusting bot sitting in the human's seat (that bot draws nothing from
``game.players_rng``, so the other seats' bots see exactly the same game), then typed in.
"""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

import sheriff_core as sc
from sheriff_core.bots import make_player

BOTS = ["honest/trusting", "smuggler:risk=0.8/threshold:size=3"]
SEAT, PLAYERS, SEED = 1, 3, 5


def lineup() -> list:
    others = [
        make_player("honest", "trusting"),
        make_player("smuggler:risk=0.8", "threshold:size=3"),
    ]
    return [others[0], make_player("honest", "trusting"), others[1]]


def recorded_game() -> tuple[sc.Game, list[str]]:
    """The game the CLI session will play, and the human seat's moves as text."""
    game = sc.new_game("classic", players=PLAYERS, seed=SEED)
    players, moves = lineup(), []
    while not game.is_over:
        action = players[game.to_move].choose(game)
        if game.to_move == SEAT:
            text = str(action)
            assert sc.parse_action(text) == action
            moves.append(text)
        game.apply(action)
    return game, moves


def play(lines: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheriff_core", "play", "--seat", str(SEAT)]
        + ["--players", str(PLAYERS), "--seed", str(SEED), "--bots", ",".join(BOTS), *extra],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
    )


def engine_message(text: str) -> str:
    """What the engine says about ``text`` at the first decision of the human seat."""
    game = sc.new_game("classic", players=PLAYERS, seed=SEED)
    players = lineup()
    while game.to_move != SEAT:
        game.apply(players[game.to_move].choose(game))
    with pytest.raises(sc.RulesError) as info:
        game.apply(sc.parse_action(text), player=SEAT)
    return str(info.value)


def test_a_whole_game_typed_at_the_terminal(tmp_path):
    game, moves = recorded_game()
    saved = tmp_path / "mine.json"
    done = play(["what now?", "help", "declare 3 Apples", *moves], "--save", str(saved))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    # bad input: the engine's message, then a new prompt
    assert f"refused: {engine_message('what now?')}" in out
    assert f"refused: {engine_message('declare 3 Apples')}" in out
    assert "refused: cannot read action 'what now?'" in out
    # help lists the legal actions with text forms
    assert "Legal now" in out and "    market keep" in out
    # what the human saw: their own cards, others' bags hidden
    assert "You are Ben (seat 1)" in out and "Your hand:" in out and "Your gold:" in out
    assert "Cat loads " in out and "card(s)." in out
    assert f"-- Round {game.rounds} of {game.rounds}:" in out
    # played to the end: the same game as the recording, final scores printed
    assert "Game over. Winner(s):" in out and "Final scores:" in out
    for row in game.score_rows():
        assert f" {row['player']} " in out and str(row["total"]) in out
    again = sc.Game.from_json(saved.read_text())
    assert again.is_over and again.score_rows() == game.score_rows()
    assert out.count("Ben> ") == len(moves) + 3


def test_the_recorded_session_includes_sheriff_decisions():
    game, moves = recorded_game()
    sheriff_moves = [m for m in moves if m.split()[0] in ("threaten", "inspect", "pass")]
    assert sheriff_moves, "seat 1 never had a Sheriff decision in this game"
    assert any(e.kind == "round_start" and e.seat == SEAT for e in game.events)


@pytest.mark.parametrize("ending", [["quit"], []], ids=["quit", "EOF"])
def test_quit_and_end_of_input_leave_cleanly(ending):
    done = play(["help", *ending])
    assert done.returncode == 0 and done.stderr == ""
    assert "You left the game in round 1 of 9. Scores so far:" in done.stdout
    assert "Traceback" not in done.stdout


def test_in_process_with_monkeypatched_stdin(monkeypatch, capsys):
    from sheriff_core.cli import main

    typed = "look\nload Crossbow,Crossbow\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "--seat", "0", "--players", "4", "--seed", "0", "--bots", "honest"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "  seat 1: Ben (honest/threshold)" in out  # no Sheriff bot given: the default
    assert "You are Ann (seat 0), a Sheriff this round." in out
    assert "Ben loads 2 card(s)." in out  # others' bags stay hidden
    assert (
        "refused: it is the inspection phase: Ann (seat 0) must threaten, inspect or let a "
        "bag pass, not load" in out
    )
    assert out.count("Your decision: deal with a bag") == 2  # the first status and 'look'
    assert "You left the game in round 1 of 8. Scores so far:" in out


def test_bots_option_cycles_over_the_other_seats():
    done = play(["quit"])
    head = done.stdout.splitlines()[1:4]
    assert head == [
        "  seat 0: Ann (honest/trusting)",
        "  seat 1: Ben (you)",
        "  seat 2: Cat (smuggler(risk=0.8)/threshold(size=3))",
    ]
