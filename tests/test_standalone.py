"""The repository stands alone: no file points at folders a fresh clone does not have.

The project was built beside a shared folder of rule texts and benchmark tools and on
machines with work folders; a clone has neither, so a path into them in a doc, a
notebook or the code is a dead end for its reader.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Paths that exist only on the machines the project was written on.
OUTSIDE = re.compile(r"\.\./shared\b|/work/(?:shared|main|wt-|\.library|\.mirror)")

TEXT = {".py", ".md", ".toml", ".yml", ".yaml", ".ipynb", ".cfg", ".txt", ".csv", ""}


def _tracked() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        return [ROOT / line for line in out.splitlines()]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: walk the tree
        skip = {".git", ".venv", "node_modules", "__pycache__"}
        return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)]


def test_no_file_points_outside_the_repository() -> None:
    here = Path(__file__).resolve()
    hits = []
    for path in _tracked():
        if path.suffix not in TEXT or path.resolve() == here or not path.is_file():
            continue
        for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not hits, "paths a clone does not have:\n" + "\n".join(hits)


def test_the_pattern_catches_what_it_should() -> None:
    assert OUTSIDE.search("see ../shared/docs/RULES.md")
    assert OUTSIDE.search("python /work/shared/bench/side_by_side_sim.py")
    assert OUTSIDE.search("engine_ir.py /work/wt-undo-base /work/wt-undo")
    assert not OUTSIDE.search("python tools/build_site.py --out /tmp/site")
