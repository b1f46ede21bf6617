"""Bots read a seat's view, never the game (issue 30): a bot that reads a closed bag or
another player's hand fails to type-check and fails to run, and the bots' code imports
nothing that holds the whole game."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import sheriff_core as sc
from sheriff_core.bots import HonestMerchant, make_player, play_game
from sheriff_core.bots.base import SheriffBot
from sheriff_core.engine.view import SeatView

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "sheriff_core" / "bots"

#: What a bot module may import from the engine: actions, events (the public record), the kinds of decision and
#: their records, and the seat's view. Not ``engine.game`` (Game), ``engine.state``
#: (GameState) or the package ``sheriff_core.engine`` (which re-exports Game).
ENGINE_ALLOWED = {
    "sheriff_core.engine.actions",
    "sheriff_core.engine.events",
    "sheriff_core.engine.steps",
    "sheriff_core.engine.view",
}
#: Names that give the whole game (or another seat's secrets) wherever they come from.
FORBIDDEN_NAMES = {"Game", "GameState", "new_game", "hands", "_game"}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = node.module
            if module.startswith("sheriff_core.engine") and module not in ENGINE_ALLOWED:
                found.append(f"{path.name}:{node.lineno} imports from {module}")
            for alias in node.names:
                if alias.name in FORBIDDEN_NAMES:
                    found.append(f"{path.name}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if (
                    alias.name.startswith("sheriff_core.engine")
                    and alias.name not in ENGINE_ALLOWED
                ):
                    found.append(f"{path.name}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES:
            found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
    return found


def test_the_bots_code_never_reaches_the_game():
    offences = [o for path in sorted(BOTS.glob("*.py")) for o in _offences(path)]
    assert offences == []


def test_the_check_sees_a_bot_that_imports_the_game(tmp_path):
    bad = tmp_path / "peeking.py"
    bad.write_text(
        "from sheriff_core.engine.game import Game\n"
        "from sheriff_core.engine import new_game\n"
        "def peek(view):\n    return view.hands, view._game.bags\n"
    )
    assert _offences(bad) == [
        "peeking.py:1 imports from sheriff_core.engine.game",
        "peeking.py:1 imports Game",
        "peeking.py:2 imports from sheriff_core.engine",
        "peeking.py:2 imports new_game",
        "peeking.py:4 reads .hands",
        "peeking.py:4 reads ._game",
    ]


class _Peeker(SheriffBot):
    """Opens the bags it has looked into and found contraband in."""

    name = "peeker"

    def decide(self, view: SeatView, merchant: int) -> sc.Action:
        cards = view.bags[merchant].cards  # type: ignore[attr-defined]
        return sc.Inspect(merchant) if "Pepper" in cards else sc.LetPass(merchant)


class _HandReader(HonestMerchant):
    name = "hand-reader"

    def market(self, view: SeatView) -> sc.Action:
        view.hands[(view.seat + 1) % view.n]  # type: ignore[attr-defined]  # noqa: B018
        return super().market(view)


@pytest.mark.parametrize(
    ("merchant", "sheriff", "what"),
    [
        ("honest", _Peeker(), "'ClosedBag' object has no attribute 'cards'"),
        (_HandReader(), "trusting", "'SeatView' object has no attribute 'hands'"),
    ],
)
def test_a_bot_that_peeks_fails_to_run(merchant, sheriff, what):
    lineup = [make_player(merchant, sheriff) for _ in range(3)]
    with pytest.raises(AttributeError, match=what):
        play_game(sc.new_game("classic", players=3, seed=0), lineup)


def test_a_bot_that_peeks_fails_to_type_check(tmp_path):
    bot = tmp_path / "peeking_bot.py"
    bot.write_text(
        textwrap.dedent(
            """
            from sheriff_core.bots.base import SheriffBot
            from sheriff_core.engine.actions import Action, Inspect, LetPass
            from sheriff_core.engine.view import SeatView


            class Peeker(SheriffBot):
                def decide(self, view: SeatView, merchant: int) -> Action:
                    if "Pepper" in view.bags[merchant].cards:
                        return Inspect(merchant)
                    return LetPass(merchant) if view.hands[merchant] else Inspect(merchant)
            """
        )
    )
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--follow-imports=silent",
            "--ignore-missing-imports",
            "--no-error-summary",
            str(bot),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    errors = [
        line.split(": error: ", 1)[1] for line in out.stdout.splitlines() if ": error: " in line
    ]
    assert errors == [
        '"ClosedBag" has no attribute "cards"  [attr-defined]',
        '"SeatView" has no attribute "hands"; maybe "hand"?  [attr-defined]',
    ], out.stdout + out.stderr
