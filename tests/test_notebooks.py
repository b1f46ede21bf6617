"""The lesson notebooks as files: stored in the form JupyterLab saves, students' copies
generated from the instructors' ones, every self-check answered as it should be.

These tests read the committed files (nothing is executed here; nbval runs the cells).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
INSTRUCTOR = NOTEBOOKS / "instructor"


def _load_tool():
    spec = importlib.util.spec_from_file_location("notebooks_tool", ROOT / "tools" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
ALL = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(INSTRUCTOR.glob("*.ipynb"))


def _id(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


@pytest.mark.parametrize("path", ALL, ids=_id)
def test_committed_in_jupyterlab_form(path: Path) -> None:
    """Stripping is a no-op: the file is byte for byte what JupyterLab would save, so
    opening it does not mark it modified (see tools/notebooks.py)."""
    stored = path.read_text(encoding="utf-8")
    assert tool.text(tool.clean(nbformat.reads(stored, as_version=4))) == stored, (
        f"{_id(path)} is not in clean form: run `python tools/notebooks.py --strip-only`"
    )


def test_clean_form_is_what_jupyterlab_writes() -> None:
    """The parts JupyterLab rewrites on open: kernelspec display name, full language_info."""
    nb = tool.clean(nbformat.v4.new_notebook())
    assert nb.metadata.kernelspec == {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    assert set(nb.metadata.language_info) == {
        "codemirror_mode",
        "file_extension",
        "mimetype",
        "name",
        "nbconvert_exporter",
        "pygments_lexer",
        "version",
    }
    assert tool.text(nb).endswith("}\n") and '\n "metadata": {' in tool.text(nb)
