"""Events' ``to_dict()`` is what it was before events were typed (issue 30).

The digests were printed by :func:`events_digest` on commit bfb82e9 (events were one
``Event(round, kind, seat, info)`` tuple then): random-bot games (threats, offers with
goods and promises, debts, votes, exchanges) of every bundled variant at its smallest
and largest table, every event's ``to_dict()`` as compact JSON, in order. A deliberate
change of an event's fields updates this table in the same commit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

import sheriff_core as sc
from sheriff_core.bots import RandomBot

EVENT_DIGESTS = {
    ("classic", 3): "24adecd75a4ac0927cb6a51b97e08686f99f8464f9ece965a15faf2999e1b6cb",
    ("classic", 5): "ae21c835de446074b3e51ee7291b93b8c175e0e8951503c2e85098a56871c477",
    ("classic-royal", 3): "bfd0fcd56562d06c265d0acd7678437b88bf0528843efa5b68fec268812ba2e4",
    ("classic-royal", 5): "8622ff71c6c719d056c8017b4669fdb68b2c298a4a028fe200ff21cc20ff1d2b",
    ("deputies", 6): "93923029dc7cbada7245bff9463c0a98390df792e2d6b385130d109780793d49",
    ("disney", 3): "4dc9c4be91e9b089276b0cbba0bdb48cd9acf3fa8cc12d9ce88304741f7e068a",
    ("disney", 5): "e972f173e784e15a370c9d9bacd289722fd99a504d36b7fe2ede529d3c3a927d",
    ("second-edition", 3): "353ae4ac4302afbce8d2f2e983b5338fe0bb36905394dd9903d2bc5fce25ecf1",
    ("second-edition", 5): "e572aed36233b86a0721459f5d9f6244c4a46caac19fb9d1386c0f5d48b81a46",
    ("summary-sheet", 3): "3dc85d4638eae7a1e8b3394de1a1eb1552daf84e973ab1493b89c103cea76414",
    ("summary-sheet", 5): "d013a7153e66dce866e14582a7b71204cb8969c062de28485c1fc8199e7b15f7",
}


def events_digest(variant: str, players: int, games: int = 3) -> str:
    """SHA-256 of every event's ``to_dict()`` (compact JSON) of ``games`` random-bot games."""
    h = hashlib.sha256()
    for seed in range(games):
        game = sc.new_game(variant, players=players, seed=seed)
        bot = RandomBot(talk=0.6)
        while not game.is_over:
            game.apply(bot.choose(game))
        for e in game.events:
            h.update(json.dumps(e.to_dict(), separators=(",", ":")).encode())
    return h.hexdigest()


def test_every_bundled_variant_is_in_the_table():
    cases = {
        (name, p)
        for name in sc.variant_names()
        for v in [sc.load_variant(name)]
        for p in (v.min_players, v.max_players)
    }
    assert cases == set(EVENT_DIGESTS)


@pytest.mark.parametrize("case", sorted(EVENT_DIGESTS), ids=lambda c: f"{c[0]}-{c[1]}")
def test_event_dicts_are_unchanged(case: tuple[str, int]):
    assert events_digest(*case) == EVENT_DIGESTS[case]
