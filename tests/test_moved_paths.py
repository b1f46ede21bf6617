"""The modules moved into layer folders (issue 30) keep their old import paths: the same
module object under both names, as attributes of the package too, and pickles of objects
made before the move still load."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys

import pytest

import sheriff_core as sc
from sheriff_core._moved import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_is_the_module_at_its_new_place(old: str) -> None:
    moved = importlib.import_module(f"sheriff_core.{MOVED[old]}")
    assert importlib.import_module(f"sheriff_core.{old}") is moved
    assert getattr(sc, old) is moved
    assert moved.__spec__.name == f"sheriff_core.{MOVED[old]}"  # not renamed by the alias


def test_old_submodule_paths_and_from_imports() -> None:
    from sheriff_core.present.widgets import play
    from sheriff_core.widgets.play import PlayTable

    assert PlayTable is play.PlayTable
    from sheriff_core import lab, scoring

    assert scoring.score_rows is sc.rules.scoring.score_rows and lab.sweep


def test_a_name_that_never_existed_is_still_an_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nowhere'"):
        sc.nowhere  # noqa: B018
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("sheriff_core.nowhere")


def test_a_pickle_naming_an_old_module_loads() -> None:
    """A pickle made before the move names ``sheriff_core.sim``; it loads (fresh process)."""
    task = pickle.dumps(sc.sim.FastEngineFallback("why"), protocol=0).replace(
        b"sheriff_core.analysis.sim", b"sheriff_core.sim"
    )
    code = "import pickle, sys; print(type(pickle.loads(sys.stdin.buffer.read())).__module__)"
    done = subprocess.run([sys.executable, "-c", code], input=task, capture_output=True, check=True)
    assert done.stdout.decode().strip() == "sheriff_core.analysis.sim"
