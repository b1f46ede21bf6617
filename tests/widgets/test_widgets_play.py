"""The play table: the learner's seat through whole rounds, bots elsewhere."""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.widgets.play import play_table, run_bots


def lineup() -> list:
    return [make_player(m, "threshold") for m in ("honest", "smuggler", "briber", "honest")]


def test_a_round_as_merchant_through_the_controls():
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=1)
    assert game.step == "market" and game.to_move == 1
    table.control("set aside card 1: " + game.hands[1][0]).value = True
    assert table.press("make market turn")
    assert game.step == "load" and game.to_move == 1
    hand = list(game.hands[1])
    table.control(f"load card 1: {hand[0]}").value = True
    assert table.press("load bag") and game.bags[1] == [hand[0]]
    assert game.step == "declare" and game.to_move == 1
    table.control("declare count").value = 2
    assert not table.press("declare")
    assert "exact number of cards in your bag (1)" in table.error
    assert "refused" in table.message.value
    table.control("declare count").value = 1
    table.control("declare good").value = "Chickens"
    assert table.press("declare")
    # the bots settle the round; next round the learner (seat 1) is the Sheriff
    assert game.round == 1 and game.sheriff == 1 and game.step == "sheriff"
    assert table.my_turn and "threaten Cat" in table.descriptions()
    assert (
        "Ben's bag passes unopened: 1 Chickens go to the stand (it was the truth)." in table.lines
    )
    assert any(line.startswith("Cat loads 4 card(s).") for line in table.lines)  # no secrets


def test_a_round_as_sheriff_and_typed_actions():
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=0)
    assert game.step == "sheriff" and game.to_move == 0
    assert not table.type_action("threaten 0")
    assert "has no bag waiting" in table.error
    assert not table.type_action("bogus words")
    assert table.error.startswith("cannot read action 'bogus words' (text forms now: threaten 1,")
    table.control("action").value = "threaten 2"
    table.control("play typed action").click()
    assert game.step == "negotiation" and table.lines[-1] == "Cat offers 18 gold."
    table.control("demand gold").value = 19
    assert table.press("demand")  # the briber accepts a demand up to the value at risk
    assert 2 in game.resolved and game.gold[0] == 69
    for name in ("Ben", "Dan"):
        assert table.press(f"let {name} pass")
    # round 2: the bots on Ann's left made their market turns; now it is Ann's
    assert game.round == 1 and game.step == "market" and table.my_turn
    assert "make market turn" in table.descriptions()


def test_whole_game_ends_with_winner_shown():
    game = sc.new_game("classic", players=3, seed=2)
    bots = [make_player("honest", "trusting")] * 3
    table = play_table(game, bots, seat=2)
    for _ in range(500):
        if table.finished:
            break
        action = bots[2].choose(game)
        assert table.act(action), table.error
    assert game.is_over and "The game is over" in table.status.value
    assert table.descriptions() == []


def test_run_bots_stops_at_the_learner():
    game = sc.new_game("classic", players=4, seed=0)
    run_bots(game, lineup(), stop_seat=3)
    assert game.to_move == 3
