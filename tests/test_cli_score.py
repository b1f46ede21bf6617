"""``sheriff score``: the table a person reads counts seats from 1."""

from __future__ import annotations

import contextlib
import io

import sheriff_core as sc
from sheriff_core.cli import main


def test_score_counts_seats_from_1(tmp_path):
    save = tmp_path / "game.json"
    save.write_text(sc.new_game("classic", ["Ann", "Ben", "Cat"], seed=2).to_json())
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["score", str(save)]) == 0
    rows = out.getvalue().splitlines()[2:]
    seats = [int(row.split()[0]) for row in rows]
    names = [row.split()[1] for row in rows]
    assert seats == [1, 2, 3] and names == ["Ann", "Ben", "Cat"]
