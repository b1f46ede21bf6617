"""Golden playthroughs: one seeded bot game per variant, written out to be read.

``python tests/golden/playthrough.py`` (re)writes ``tests/golden/<case>.txt`` for every
bundled Sheriff variant and for Nottingham; ``test_golden.py`` compares each file with
the game played now, exactly. A file lists, in order, every action (who, at which
step, its text form), the events it caused (their ``to_dict()``, the seat as a name),
and a view of the table at each round (Sheriff) or turn (Nottingham): gold, stand sizes
and hand sizes, or the Sheriff's space, hand sizes and scores; then the final scores.
A deliberate rule change shows up as a readable diff of these files, reviewed with the
change beside the reference digests (``tests/engine/test_reference_outputs.py``,
``tests/nottingham/test_nottingham_reference.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import sheriff_core as sc
from sheriff_core import nottingham as nt
from sheriff_core.bots import make_player

HERE = Path(__file__).parent
SEED = 1
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
#: Merchant and Sheriff strategy per seat: bribes, lies, inspections all happen.
LINEUP = (
    ("honest", "threshold"),
    ("smuggler", "bayesian"),
    ("bluffer", "trusting"),
    ("briber", "always-inspect"),
    ("smuggler", "threshold"),
    ("bluffer", "bayesian"),
)


def cases() -> list[str]:
    """Every bundled Sheriff variant, then ``nottingham``."""
    return [*sc.variant_names(), "nottingham"]


def _value(value: Any, names: tuple[str, ...]) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v, names) for v in value) + "]"
    return str(value)


def _event(data: dict[str, Any], names: tuple[str, ...]) -> str:
    data = dict(data)
    kind = data.pop("kind")
    seat = data.pop("seat")
    data.pop("round", None)
    who = f" {names[seat]}" if isinstance(seat, int) and 0 <= seat < len(names) else ""
    rest = " ".join(
        f"{k}={_value(v, names)}" for k, v in data.items() if v not in (None, "", [], ())
    )
    return f"    {kind}{who}" + (f": {rest}" if rest else "")


def _sheriff(variant: str) -> list[str]:
    v = sc.load_variant(variant)
    n = min(max(4, v.min_players), v.max_players)
    game = sc.new_game(v, list(NAMES[:n]), seed=SEED)
    bots = [make_player(*LINEUP[s]) for s in range(n)]
    lines = [
        f"# {variant}: {n} players, seed {SEED}, bots (merchant/sheriff) "
        + ", ".join(f"{NAMES[s]} {'/'.join(LINEUP[s])}" for s in range(n)),
        "# regenerate: python tests/golden/playthrough.py (then review the diff)",
    ]
    lines += [_event(e.to_dict(), game.players) for e in game.events]
    shown = -1
    while not game.is_over:
        if game.round != shown:
            shown = game.round
            lines.append(f"== round {game.round + 1} of {game.rounds}: " + _sheriff_view(game))
        seat, step = game.to_move, game.step
        action = bots[seat].choose(game)
        lines.append(f"{game.players[seat]} [{step}]: {action}")
        lines += [_event(e.to_dict(), game.players) for e in game.apply(action)]
    lines.append(
        "== final: "
        + "; ".join(
            f"{r['player']} gold {r['gold']} goods {r['goods_value']} bonus {r['bonus']} "
            f"total {r['total']} rank {r['rank']}"
            for r in game.score_rows()
        )
    )
    return lines


def _sheriff_view(game: sc.Game) -> str:
    return "; ".join(
        f"{p} gold {game.gold[s]} stand {len(game.stands[s])} hand {len(game.hands[s])}"
        for s, p in enumerate(game.players)
    )


def _nottingham() -> list[str]:
    game = nt.new_game(nt.load_rules(), list(NAMES[:4]), seed=SEED)
    bots = [nt.GreedyCollector(), nt.RandomBot()] * 2
    lines = [
        f"# nottingham: 4 players, seed {SEED}, bots "
        + ", ".join(f"{game.players[s]} {bots[s].name}" for s in range(4)),
        "# regenerate: python tests/golden/playthrough.py (then review the diff)",
    ]
    lines += [_event(e.to_dict(), game.players) for e in game.events]
    shown = -1
    while not game.is_over:
        if game.turn != shown:
            shown = game.turn
            lines.append(f"== turn {game.turn}: " + _nottingham_view(game))
        seat, step = game.to_move, game.step
        assert seat is not None
        action = bots[seat].choose(game)
        lines.append(f"{game.players[seat]} [{step}]: {action}")
        lines += [_event(e.to_dict(), game.players) for e in game.apply(action)]
    lines.append(f"== final ({game.end_reason}): " + _nottingham_view(game))
    return lines


def _nottingham_view(game: nt.Game) -> str:
    return f"Sheriff on space {game.sheriff}; " + "; ".join(
        f"{p} hand {game.hand_size(s)} score {game.score(s)}" for s, p in enumerate(game.players)
    )


def transcript(case: str) -> str:
    """The readable playthrough of ``case`` (a variant name or ``nottingham``)."""
    lines = _nottingham() if case == "nottingham" else _sheriff(case)
    return "\n".join(lines) + "\n"


def path(case: str) -> Path:
    return HERE / f"{case}.txt"


def main(argv: list[str]) -> int:
    for case in argv or cases():
        path(case).write_text(transcript(case), encoding="utf-8")
        print(f"wrote {path(case).relative_to(HERE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
