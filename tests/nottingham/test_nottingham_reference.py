"""Nottingham's outputs and old saves stay as they were (issue 30: the game on the engine's shape).

``saves/<decision>.json`` are saves written by the code before the decision table and the
typed pending records (commit bfb82e9), one stopped at each kind of decision (each
kind of pending record). They must still load, replay, and save back byte for byte.
The digests below were printed by :func:`saves_digest` and :func:`frame_digest` on
that same commit; a deliberate change of the rules' outputs updates them in the same
commit (and says why).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from sheriff_core import nottingham as nt

SAVES = Path(__file__).parent / "saves"
DECISIONS = (
    "reveal",
    "defend",
    "take",
    "offer",
    "accept",
    "ambush_card",
    "score",
    "spring",
    "discard",
    "over",
)


def saves_digest(players: int, seed: int, track: int | None) -> tuple[str, str]:
    """SHA-256 of the save and the listed actions after every action of a bot game, and
    of its events (text form and dict)."""
    rules = nt.load_rules(track=track) if track else nt.load_rules()
    bots = [nt.RandomBot(), nt.GreedyCollector()] * 4
    g = nt.new_game(rules, players, seed=seed)
    saves = hashlib.sha256(g.to_json().encode())
    events = hashlib.sha256()
    for e in g.events:
        events.update((str(e) + repr(e.to_dict())).encode())
    while not g.is_over:
        new = g.apply(bots[g.to_move].choose(g))
        saves.update(g.to_json().encode())
        for e in new:
            events.update((str(e) + repr(e.to_dict())).encode())
        saves.update(repr([str(a) for a in g.legal_actions()]).encode())
    return saves.hexdigest(), events.hexdigest()


def frame_digest(players: int, games: int, seed: int) -> tuple[str, str]:
    """SHA-256 of ``simulate``'s CSV with random bots, then with greedy ones."""
    random = nt.simulate(None, players=players, games=games, seed=seed)
    greedy = nt.simulate(None, players=players, games=games, seed=seed, bots=nt.GreedyCollector)
    return tuple(  # type: ignore[return-value]
        hashlib.sha256(df.to_csv(index=False).encode()).hexdigest() for df in (random, greedy)
    )


SAVE_DIGESTS = {
    (3, 0, None): (
        "3c0cbf8b1f2c68ba9607191108ffd34d8f969a0c7bb281fd114312b46c28d01b",
        "2f39b19af7c199065787a4951da48a9fec0900eda8afb907b6159f7a2d675811",
    ),
    (3, 1, 8): (
        "688c81760a1df8ded97827f5bd5ee2bed396da2dd21ce5d96e9def2237de3c32",
        "ad12d1e2b69c01394f603aea12e454e09527428c578690548eef0a0c6213ca7e",
    ),
    (5, 0, None): (
        "a69c5c0b1fa520eb8e634a206bb0e3e46e7fdbbadc4f56edf1e9419ac4ff9f96",
        "172e6bf50976990c723abb4f488c466729f584a9ef4b61ec0d59715cc426771e",
    ),
    (5, 1, 8): (
        "ff45d932c77fb07efcfd4957af9b164dbce86fe8c5c744f654ccd0aa26c36db6",
        "49267cc669155efaf6b379bc15892b7230e19f47ce4feab5a3dfdec9787ef6b2",
    ),
    (7, 0, None): (
        "7195d5d0a7d4e5e3ced6563ae37fb5e53768ae0d366be24ff59ef2dc8d4dd4d7",
        "b2cce13ae5a360cfb2bb61ee0bf58291cc4527027e7a69f8f01bba08c44dca9e",
    ),
    (7, 1, 8): (
        "f9f0802114283ff002923106ef4580c17631bd8b09fff064672aced6d828a6c6",
        "d01e796fea020624d7fa3d9085c283bd8cfd8e25cbc89aaf1d68977183d55818",
    ),
}
FRAME_DIGESTS = {
    (3, 10, 3): (
        "e4c1c24d6c5c23e2a7f9cde5034ac4205cfb2f61a665b44d6ab219fb444be0b7",
        "b3787bbec523539c2f5c5fe543b47997054bb97afb8bdc36ec10e3d2d8eabf53",
    ),
    (4, 10, 3): (
        "b65cf00828e97807b7d80331aa8aeb4c3749ba554059a16751a909c7e5a64e2c",
        "ff8f9ca2411968d31988f4db76e96c232ce9157bbb2abeedd865bd5e5d696509",
    ),
    (7, 10, 3): (
        "e77b283370815e4f45da49054a87c5dcbd709f95def31c7ed6b37e84b91ac743",
        "23cf2351e570c4dc1195b0b260f755576aa9ed9b5bb04d472da900070c36cc4d",
    ),
}


def test_there_is_an_old_save_for_every_kind_of_decision():
    assert sorted(p.stem for p in SAVES.glob("*.json")) == sorted(DECISIONS)


@pytest.mark.parametrize("decision", DECISIONS)
def test_an_old_save_loads_plays_on_and_saves_back_byte_for_byte(decision):
    text = (SAVES / f"{decision}.json").read_text(encoding="utf-8")
    assert json.loads(text)["decision"] == decision
    game = nt.Game.from_json(text)
    assert game.step == decision and game.to_json() == text
    bots = [nt.RandomBot(), nt.GreedyCollector()] * 4
    while not game.is_over:  # the loaded game plays on to the end, every save reloading
        game.apply(bots[game.to_move].choose(game))
        assert nt.Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("case", sorted(SAVE_DIGESTS, key=str), ids=str)
def test_saves_and_events_of_bot_games_match_the_reference(case):
    assert saves_digest(*case) == SAVE_DIGESTS[case]


@pytest.mark.parametrize("case", sorted(FRAME_DIGESTS), ids=str)
def test_simulate_frames_match_the_reference(case):
    assert frame_digest(*case) == FRAME_DIGESTS[case]
