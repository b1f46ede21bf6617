"""narrate.Journal: the one reader of a game being played, for the play table, game
night and the command line's seated game (issue 30)."""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine.events import Declined, OfferMade, RoundStarted
from sheriff_core.play.narrate import Journal


def test_each_event_is_read_once_into_its_round_block():
    g = sc.new_game("deputies", players=6, seed=3)
    journal, read = Journal(g), []
    bot = RandomBot(talk=0.6)
    while not g.is_over:
        read += journal.read()
        for _ in range(7):
            if not g.is_over:
                g.apply(bot.choose(g))
    read += journal.read()
    assert read == g.events and list(journal.read()) == []
    starts = [e for e in g.events if type(e) is RoundStarted]
    assert [b.round for b in journal.rounds] == [e.round for e in starts] == list(range(g.rounds))
    blocks = [e for b in journal.rounds for e in b.events]
    assert blocks == [e for e in g.events if type(e) is not RoundStarted]
    for block, start in zip(journal.rounds, starts, strict=True):
        names = " and ".join(g.players[s] for s in start.sheriffs)
        assert block.heading == f"Round {start.round + 1} of {g.rounds}: {names} are the Deputies"
        assert all(e.round == block.round for e in block.events)


def test_a_refusal_names_the_demand_it_refuses_and_only_that_one():
    g = sc.new_game("classic", players=3, seed=0)
    g.events.extend(
        [
            OfferMade(0, 1, "sheriff", "offer 5 gold"),
            Declined(0, 1),
            Declined(0, 2),  # no demand on the table any more
        ]
    )
    journal = Journal(g)
    told = [journal.told_to(e, 0) for e in journal.read()]
    assert told[-3:] == [
        "You demanded 5 gold from Ben.",
        "Ben refused your demand of 5 gold.",
        "Cat makes no offer.",
    ]
    assert journal.last_demand is None and journal.sheriffs == [0]
