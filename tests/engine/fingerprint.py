"""Fingerprints of what the engine produces, to show a change of engine changes no output.

``python tests/engine/fingerprint.py`` prints one SHA-256 per case: the simulate()
frame (default bots; every bundled variant, smallest and largest table) and, for
random bots (threats, offers with goods and promises, debts, votes, exchanges), the
save text after every action of a game (without the ``rules_version`` field saves carry
since issue 30, which must be there: see :data:`VERSION_FIELD`). ``test_reference_outputs.py`` holds the
values printed by the engine before its step machine was rewritten (commit 1dbb855).
"""

from __future__ import annotations

import hashlib
import sys

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine.saves import RULES_VERSION


def frame_digest(variant: str, players: int, games: int, seed: int, engine: str = "checked") -> str:
    """The simulate() frame's CSV digest, played by the rules engine (``"checked"``, the
    referee) or by the compiled simulator (``"fast"``): the reference holds for both."""
    df = sc.simulate(
        variant, players=players, games=games, seed=seed, progress=False, workers=1, engine=engine
    )
    return hashlib.sha256(df.to_csv(index=False).encode()).hexdigest()


def saves_digest(variant: str, players: int, seed: int) -> str:
    """SHA-256 of the save text after every action of a random-bot game."""
    game = sc.new_game(variant, players=players, seed=seed)
    bot = RandomBot(talk=0.6)
    where = game.variant.source  # the variant file's path depends on the checkout
    h = hashlib.sha256(_text(game, where).encode())
    while not game.is_over:
        game.apply(bot.choose(game))
        h.update(_text(game, where).encode())
    return h.hexdigest()


#: The rules version saves carry since issue 30, after the format: the digests are of
#: the rest (every byte of it as before), so they still compare with commit 1dbb855.
VERSION_FIELD = f'{{"format":2,"rules_version":{RULES_VERSION},'


def _text(game: sc.Game, where: str) -> str:
    text = game.to_json()
    if not text.startswith(VERSION_FIELD):
        raise AssertionError(f"a save does not start with {VERSION_FIELD}: {text[:60]}")
    return '{"format":2,' + text[len(VERSION_FIELD) :].replace(where, "")


def cases() -> list[tuple[str, str, int, int]]:
    out = []
    for name in sc.variant_names():
        v = sc.load_variant(name)
        for players in sorted({v.min_players, v.max_players}):
            out.append(("frame", name, players, 40))
            out.append(("saves", name, players, 3))
    return out


def digest(kind: str, variant: str, players: int, n: int, engine: str = "checked") -> str:
    if kind == "frame":
        return frame_digest(variant, players, games=n, seed=11, engine=engine)
    return saves_digest(variant, players, seed=n)


if __name__ == "__main__":
    for case in cases():
        print(f"    ({case!r}, {digest(*case)!r}),")
        sys.stdout.flush()
