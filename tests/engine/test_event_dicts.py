"""Events' ``to_dict()`` is what it was before events were typed (issue 30).

The digests were printed by :func:`events_digest` on commit bfb82e9 (events were one
``Event(round, kind, seat, info)`` tuple then): random-bot games (threats, offers with
goods and promises, debts, votes, exchanges) of every bundled variant at its smallest
and largest table, every event's ``to_dict()`` as compact JSON, in order. A deliberate
change of an event's fields updates this table in the same commit.

The random bot's games changed once since (issue 30, a seat's view): as the Sheriff it no
longer demands the merchant's face-down stand cards, which it cannot see. Those games'
digests are :data:`SEAT_VIEW`; shown the real stands, the bot plays the old games, and
their events give the old digests (:func:`test_only_the_hidden_stand_changed`).
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


#: The same games after the random bot saw only its seat (face-down stand cards hidden).
SEAT_VIEW = {
    ("classic", 3): "4d9fe685655431214c5d55aac390c20118732a8befcfecd800dbea818480156b",
    ("classic", 5): "fa9dd2bc7663961ed688ce009b078d08f9a0c9ad61194364b13002c938688ec3",
    ("classic-royal", 3): "f3ae7275ba16042a22736d5c06fc1ac19a8af6dbe8ac4974dbd2085404e3c628",
    ("classic-royal", 5): "7e049d315493c25a5d9296a00c40cc3c0cbb4e957da175c42cfa7184029c9ebf",
    ("deputies", 6): "f2ed845f80df79ed9695a44ee213b70c9c9456b408afd188a7aad0c98689c0bf",
    ("disney", 3): "37fee1340de1f87695f63094d400e6f0c7d0ef8560fb5d1f093dcb7e615a8d4b",
    ("disney", 5): "1102117a50e1ad8f5f9afee704ada24b6ba65c43887e57005bdda8d3b0a849b8",
    ("second-edition", 3): "10a1252bcb323575807b5e8a613450bfaca9fa605fe1d81d2b3bb0b2faa92aa6",
    ("second-edition", 5): "b8f5271d47585db68eeaaa61a7057d756485a421494178d777ec7274576dd33b",
    ("summary-sheet", 3): "ea83c5783006a7499124b5c57077a00d2ab4d42d4bd6bc3ac0f2dcb0bd837050",
    ("summary-sheet", 5): "75a0c0a9f373b8e100efc492db923c370732df3bca3445fef584e764f8340d97",
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
    assert events_digest(*case) == SEAT_VIEW.get(case, EVENT_DIGESTS[case])


def test_only_the_hidden_stand_changed(real_stands):
    """Shown the real stands (face-down cards too), the random bot plays the old games."""
    for case in SEAT_VIEW:
        assert events_digest(*case) == EVENT_DIGESTS[case], case
