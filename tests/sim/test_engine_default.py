"""``engine="auto"`` is the default everywhere a run is simulated: the compiled kernel where
it plays the request, else the checked engine, saying why once; the frame is the same."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sheriff_core as sc
from sheriff_core import compare, lab, sim
from sheriff_core.bots import Smuggler

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def kernel_chunks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the chunks the compiled kernel plays (games per chunk)."""
    played: list[int] = []
    real = sim._fast_chunk

    def counting(task):
        played.append(task.stop - task.start)
        return real(task)

    monkeypatch.setattr(sim, "_fast_chunk", counting)
    return played


def test_the_default_plays_classic_in_the_kernel_with_the_checked_frame(kernel_chunks):
    kw = dict(players=4, games=40, seed=8)
    default = sc.simulate("classic", **kw)
    assert sum(kernel_chunks) == 40
    assert default.equals(sc.simulate("classic", engine="checked", **kw))
    assert sum(kernel_chunks) == 40  # engine="checked" did not use the kernel
    bags = sc.simulate_bags("classic", **kw)
    assert bags.equals(sc.simulate_bags("classic", engine="checked", **kw))
    both = sim.simulate_tables("classic", **kw)
    assert both[0].equals(default) and both[1].equals(bags)
    assert sum(kernel_chunks) == 120


class Sly(Smuggler):
    """A bot of the user's own (a subclass may change any method): the kernel refuses it."""

    name = "sly"


def test_a_refused_request_is_played_checked_with_the_same_frame(kernel_chunks):
    kw = dict(players=4, games=12, seed=2, merchants=[Sly(), "honest"])
    with pytest.warns(sim.FastEngineFallback, match="merchant bot 'sly'") as told:
        default = sc.simulate("classic", **kw)
    assert len(told) == 1 and "checked engine" in str(told[0].message)
    assert kernel_chunks == [] and default.equals(sc.simulate("classic", engine="checked", **kw))


def test_every_entry_point_defaults_to_auto(kernel_chunks, tmp_path):
    for fn in (
        sc.simulate,
        sc.simulate_bags,
        sim.simulate_tables,
        lab.compare_rules,
        lab.compare_each_change,
        lab.sweep,
        lab.balance_report,
    ):
        assert inspect.signature(fn).parameters["engine"].default == "auto", fn.__name__
    kw = {"players": 4, "games": 20, "seed": 1, "progress": False}
    lab.compare_rules("classic", lab.with_field("classic", "setup.starting_gold", 40), **kw)
    assert sum(kernel_chunks) == 40
    compare.simulate_variants(["classic"], players=4, games=30, seed=5)
    assert sum(kernel_chunks) == 70
    from sheriff_core.cli import main

    out = tmp_path / "run.csv"
    assert main(["simulate", "--games", "25", "--no-progress", "--out", str(out)]) == 0
    assert sum(kernel_chunks) == 95 and len(out.read_text().splitlines()) == 1 + 25 * 4


_NOTEBOOK = """
import warnings, sheriff_core as sc
from sheriff_core import lab, compare
from sheriff_core.bots import Bluffer, Smuggler
class Sly(Smuggler):  # bots of the user's own: the kernel refuses them
    name = "sly"
class Bold(Bluffer):
    name = "bold"
kw = dict(players=4, games=3, seed=1)
for k in range(3):  # a cell run again and again
    sc.simulate("classic", merchants=[Sly(), "honest"], **kw)
lab.sweep("classic", "setup.starting_gold", [30, 40, 50], lineups={"a": {"merchants": Sly()}},
          players=4, games=3, progress=False)  # four runs, the same reason
compare.simulate_variants(["classic", "deputies"], players=4, games=2, merchants=[Bold()])
sc.simulate("deputies", players=6, games=2, seed=3, merchants=[Bold(), Sly()])
sc.simulate("disney", players=4, games=2, seed=3, merchants=[Bold()])  # other reasons: nothing more said
sc.simulate("classic", **kw)  # played by the kernel: nothing to say
"""


def test_the_fallback_is_said_once_per_process():
    """What a notebook shows: refused requests run many times, in a sweep too, and other
    refused variants warn once, naming the first run's reasons (a fresh process, as a
    kernel is)."""
    done = subprocess.run(
        [sys.executable, "-c", _NOTEBOOK],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    told = [line for line in done.stderr.splitlines() if "FastEngineFallback" in line]
    assert len(told) == 1, done.stderr
    assert "merchant bot 'sly'" in told[0] and "Said once" in told[0]


def test_the_callers_filters_come_first():
    """``ignore`` (the variant editor) shows nothing and keeps the reason for later;
    ``always`` (``pytest.warns``, ``-W always``) shows every run; otherwise once."""
    import warnings

    def shown(action: str | None) -> int:
        with warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            if action:
                warnings.simplefilter(action, sim.FastEngineFallback)
            sim._tell_fallback("a reason")
        return len(caught)

    sim._TOLD.clear()  # as in a fresh process
    try:
        assert shown("ignore") == 0
        assert [shown(None), shown(None), shown("always"), shown("always")] == [1, 0, 1, 1]
        assert shown("ignore") == 0 and shown(None) == 0
    finally:
        sim._TOLD.add("a reason")
