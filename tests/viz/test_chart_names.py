"""Charts of names drawn by vl-convert: a control character in a player's name is shown as
its escape, never handed to the renderer (vl-convert aborts the whole process, a notebook's
kernel or game night's, on an ESC in chart text: a Rust panic, not a Python exception)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

HOSTILE = ["Ann\\x1b]0;pwned\\x07", "Ben\\x1b[2J", "Cat\\x00", "Dan\\u202e"]


@pytest.mark.parametrize(
    "chart",
    [
        "from sheriff_core.present.viz.scoring import score_breakdown_chart as make\n"
        "import sheriff_core as sc\n"
        "v = sc.load_variant('classic')\n"
        "table = sc.final_scores(v, {n: ['Cheese'] for n in NAMES}, {n: 3 for n in NAMES})\n"
        "spec = make(table, title=NAMES[0]).to_json()\n",
        "from sheriff_core.present.viz.game import gold_by_round as make\n"
        "rows = [{'round': 1, 'player': n, 'gold': 50} for n in NAMES]\n"
        "spec = make(rows, title=NAMES[1]).to_json()\n",
    ],
    ids=["score_breakdown_chart", "gold_by_round"],
)
def test_a_chart_of_hostile_names_renders_without_killing_the_process(chart: str) -> None:
    code = (
        f"NAMES = [{', '.join(repr(n) for n in HOSTILE)}]\n"
        "NAMES = [n.encode().decode('unicode_escape') for n in NAMES]\n"
        + chart
        + textwrap.dedent(
            """
            import vl_convert as vlc
            svg = vlc.vegalite_to_svg(spec)
            assert "\\x1b" not in svg and "\\\\x1b" in svg, svg[:300]
            print("drawn")
            """
        )
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "drawn" in done.stdout, done.stderr[-2000:]
