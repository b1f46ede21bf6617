"""A docs page's example, run as a reader would: shared by the tests of the pages that
show a Python block and, under it, the text it prints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def blocks(page: Path, kind: str) -> list[str]:
    """The page's fenced blocks of ``kind`` (``python``, ``text``), in order."""
    return re.findall(rf"```{kind}\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)


def run_first_example(page: Path, timeout: float) -> tuple[subprocess.CompletedProcess, str]:
    """Run the page's first Python block in a fresh interpreter (a bot it registers does not
    leak into other tests); returns the run and the first text block (what it should print)."""
    code, shown = blocks(page, "python")[0], blocks(page, "text")[0]
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )
    return run, shown
