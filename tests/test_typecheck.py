"""Gate: mypy is clean on both games: Sheriff's rules, engine, bots and simulation, the
Nottingham game (``sheriff_core/nottingham``), and the modules the two share (the driver,
narration, the game protocol, records, the event schema and scoring).

The files and options are pyproject's ``[tool.mypy]`` section, so ``mypy`` run by a
maintainer from the repository root checks exactly what this test checks. The cache
is mypy's own ``.mypy_cache`` (a fresh clone pays a cold run once).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = (
    "sheriff_core/rules",
    "sheriff_core/engine",
    "sheriff_core/bots",
    "sheriff_core/analysis/sim.py",
    "sheriff_core/nottingham",
    "sheriff_core/play/driver.py",
    "sheriff_core/play/narrate.py",
    "sheriff_core/base/protocol.py",
    "sheriff_core/play/record.py",
    "sheriff_core/base/save_envelope.py",
    "sheriff_core/base/schema.py",
)


def test_the_mypy_section_names_the_checked_code():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert tuple(config["files"]) == CHECKED
    for name in CHECKED:
        assert (ROOT / name).exists(), name


def test_mypy_is_clean_on_both_games_and_their_shared_modules():
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    if out.returncode != 0 or errors:
        pytest.fail(
            f"mypy (pyproject [tool.mypy]) found {len(errors)} error(s):\n"
            + "\n".join(errors or [out.stdout, out.stderr]),
            pytrace=False,
        )
