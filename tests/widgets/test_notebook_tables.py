"""Run All, re-running cells, and mixing mouse and cells never raise (notebooks 07, 03).

The notebooks' code cells run in one namespace, in order; after every cell the
learner's own table gets a click (a button of the decision due), then every cell runs
again, as "Run All" after playing would.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import numpy as np
import pytest
from ipywidgets import Button

from sheriff_core.present.widgets.play import PlayTable

ROOT = Path(__file__).resolve().parents[2]


def _click(table: PlayTable, rng: np.random.Generator) -> None:
    """A mouse click on the table: a ticked box, then an enabled button."""
    if table.finished:
        return
    boxes = [d for d in table.descriptions() if d.startswith("load card")]
    if boxes:
        table.set(boxes[0], True)
    buttons = [
        d
        for d in table.descriptions()
        if isinstance(table.control(d), Button) and not table.control(d).disabled
    ]
    buttons.sort(key=lambda d: d.startswith(("take top", "undo", "clear")))
    for d in buttons:
        if table.press(d):
            return


@pytest.mark.parametrize(
    ("notebook", "learner"),
    [("07_play_a_game.ipynb", "table"), ("03_inspection_and_bribes.ipynb", "sheriff")],
)
def test_cells_and_clicks_mixed_never_raise(notebook, learner):
    nb = nbformat.read(ROOT / "notebooks" / "instructor" / notebook, as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "code"]
    ns: dict = {}
    rng = np.random.default_rng(0)
    for source in cells:
        exec(compile(source, notebook, "exec"), ns)
        if learner in ns:
            _click(ns[learner], rng)
    table = ns[learner]
    assert isinstance(table, PlayTable)
    # after Run All the learner's table is untouched by the cells: a fresh decision
    fresh: dict = {}
    for source in cells:
        exec(compile(source, notebook, "exec"), fresh)
    mine = fresh[learner].seat
    assert fresh[learner].my_turn
    assert [a for seat, a in fresh[learner].game.history if seat == mine] == []
    assert fresh[learner].game.round == 0
    # play on with the mouse, then run every cell again (the demonstration cells too)
    for _ in range(15):
        _click(table, rng)
    for source in cells:
        exec(compile(source, notebook, "exec"), ns)
    # and the demonstration cells once more, out of their fresh order
    for source in cells:
        if "demo." in source and "demo =" not in source and "demo_game, demo_bots" not in source:
            exec(compile(source, notebook, "exec"), ns)
