"""Bots, play_game and simulate."""

from __future__ import annotations

import numpy as np
import pytest
from nottingham_helpers import hand, position

from sheriff_core import nottingham as nt


@pytest.fixture
def make():
    return position


@pytest.fixture
def hand_of():
    return hand


def test_play_game_is_reproducible_and_ends():
    rules = nt.load_rules()
    bots = [nt.RandomBot(), nt.GreedyCollector(), nt.RandomBot(), nt.GreedyCollector()]
    a = nt.play_game(rules, bots, seed=7)
    b = nt.play_game(rules, bots, seed=7)
    assert a.is_over and a.to_json() == b.to_json()
    assert a.to_json() != nt.play_game(rules, bots, seed=8).to_json()


def test_play_game_names_and_step_limit():
    g = nt.play_game(None, [nt.RandomBot()] * 3, seed=0, names=["R", "M", "J"])
    assert list(g.scores()) == ["R", "M", "J"]
    with pytest.raises(RuntimeError, match="did not end"):
        nt.play_game(None, [nt.RandomBot()] * 3, seed=0, max_steps=5)


def test_greedy_beats_random_on_average():
    df = nt.simulate(None, players=4, games=60, seed=1, bots=[nt.GreedyCollector, nt.RandomBot] * 2)
    means = df.groupby("bot")["score"].mean()
    ranks = df.groupby("bot")["rank"].mean()
    assert means["greedy"] > means["random"] + 10
    assert ranks["greedy"] < ranks["random"]


def test_greedy_choices(make):
    bot = nt.GreedyCollector()
    # keeps a card it already collects
    g = make(hands={0: {"Pearls": 2}, 1: {"Gold": 1}}, revealed="Pearls")
    assert bot.choose(g) == nt.Keep()
    # otherwise aims Rob at the biggest hand
    g = make(hands={0: {"Gold": 1}, 1: {"Chest": 1}, 2: {"Copper": 3}}, revealed="Pearls")
    assert bot.choose(g) == nt.Use(2)
    # and takes the card that helps its sets most
    g.apply(nt.Use(2))
    g = make(hands={0: {"Chest": 2}, 1: {"Chest": 1, "Copper": 2}}, revealed="Pearls")
    g.apply(nt.Use(1))
    assert bot.choose(g) == nt.TakeCard("Chest")
    # scores the most valuable option, laying extra cards against a visible ambush
    g = make(
        hands={0: {"Chest": 5, "Gold": 2, "Pearls": 2, "Jewels": 2}},
        decision="score",
        ambushes=[[1, "Necklace/Chest", "Gold"]],
    )
    # five of a kind and four pairs both give 30: the one using fewer cards
    assert bot.choose(g) == nt.CompleteTask("five_of_a_kind", ("Chest",))
    g = make(hands={0: {"Chest": 4}}, decision="score", ambushes=[[1, "Necklace/Chest", "Gold"]])
    assert bot.choose(g) == nt.Lay("Chest", 4)


def test_simulate_is_tidy_and_seeded():
    df = nt.simulate(nt.load_rules(track=8), players=3, games=5, seed=3)
    assert len(df) == 15 and df["game"].nunique() == 5
    assert list(df.columns[:9]) == [
        "game", "seat", "player", "bot", "turns", "score", "cards_scored", "tasks", "rank",
    ]  # fmt: skip
    assert (df["track_length"] == 8).all() and set(df["bot"]) == {"random"}
    per_game = df.groupby("game")["cards_scored"].sum()
    ended = df.groupby("game")["end"].first() == "sheriff"
    assert (per_game[ended] == 8).all()
    # game k uses child k of SeedSequence(seed).spawn(games)
    child = np.random.SeedSequence(3).spawn(5)[2]
    g = nt.play_game(nt.load_rules(track=8), [nt.RandomBot()] * 3, seed=child)
    assert df[df["game"] == 2]["score"].tolist() == [r["score"] for r in g.results()]
    assert df.equals(nt.simulate(nt.load_rules(track=8), players=3, games=5, seed=3))


def test_simulate_bad_bot_count():
    with pytest.raises(ValueError, match="one per seat"):
        nt.simulate(None, players=4, games=1, bots=[nt.RandomBot()] * 3)


def test_longer_track_means_longer_games():
    short = nt.simulate(
        nt.load_rules(track=8), players=4, games=20, seed=0, bots=nt.GreedyCollector
    )
    long = nt.simulate(
        nt.load_rules(track=32), players=4, games=20, seed=0, bots=nt.GreedyCollector
    )
    assert long["turns"].mean() > short["turns"].mean() * 2
    assert long["score"].mean() > short["score"].mean()
