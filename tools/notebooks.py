"""Build, execute and store the teaching notebooks clean.

    python tools/notebooks.py                  # build students' copies, execute all, strip
    python tools/notebooks.py --strip-only     # only build + strip (e.g. after editing in JupyterLab)
    python tools/notebooks.py notebooks/02_load_and_declare.ipynb

Lessons with exercises have two versions. The instructor notebook
(``notebooks/instructor/NN_name.ipynb``) is the source: its answers sit between
nbgrader's ``### BEGIN SOLUTION`` / ``### END SOLUTION`` markers. The student
notebook (``notebooks/NN_name.ipynb``, the one learners open) is generated from
it with those regions removed, leaving the blank (``answer = ...``) the line
before the markers sets. Edit the instructor notebook, then run this tool.
Lessons without exercises have only ``notebooks/NN_name.ipynb``.

Stripping keeps outputs (nbval compares them) and removes what is noise:
execution counts, per-cell execution metadata, widget state, kernel versions.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
INSTRUCTOR = NOTEBOOKS / "instructor"
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
MARKDOWN_STUB = "_Write your answer here._"


def clear_solutions(source: str, stub: str | None = None) -> str:
    """Remove every ``### BEGIN SOLUTION`` ... ``### END SOLUTION`` region (markers included).

    In a markdown cell pass ``stub``: the region is replaced by it.

    >>> clear_solutions("x = ...  # your answer\\n### BEGIN SOLUTION\\nx = 3\\n### END SOLUTION\\ncheck(x)")
    'x = ...  # your answer\\ncheck(x)'
    """
    out: list[str] = []
    inside = False
    for line in source.split("\n"):
        marker = line.strip()
        if marker == BEGIN:
            if inside:
                raise ValueError(f"nested {BEGIN!r}")
            inside = True
            if stub is not None:
                out.append(stub)
            continue
        if marker == END:
            if not inside:
                raise ValueError(f"{END!r} without {BEGIN!r}")
            inside = False
            continue
        if not inside:
            out.append(line)
    if inside:
        raise ValueError(f"{BEGIN!r} without {END!r}")
    return "\n".join(out)


def has_solutions(nb) -> bool:
    """True when some cell of ``nb`` holds a solution region."""
    return any(BEGIN in "".join(cell.source) for cell in nb.cells)


def student_version(nb):
    """A copy of the instructor notebook ``nb`` with its solutions cleared and outputs emptied."""
    import copy

    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if BEGIN not in cell.source:
            continue
        stub = MARKDOWN_STUB if cell.cell_type == "markdown" else None
        cell.source = clear_solutions(cell.source, stub)
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return nb


def build_student(instructor: Path) -> Path:
    """Write the student notebook generated from ``instructor``; return its path."""
    import nbformat

    nb = nbformat.read(instructor, as_version=4)
    target = NOTEBOOKS / instructor.name
    nbformat.write(student_version(nb), target)
    return target


def strip(path: Path) -> None:
    import nbformat

    nb = nbformat.read(path, as_version=4)
    meta = nb.metadata
    meta.pop("widgets", None)
    if "language_info" in meta:
        meta["language_info"] = {"name": meta["language_info"].get("name", "python")}
    meta["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    for cell in nb.cells:
        for key in ("execution", "collapsed", "scrolled"):
            cell.metadata.pop(key, None)
        if cell.cell_type == "code":
            cell.execution_count = None
            for out in cell.get("outputs", []):
                if "execution_count" in out:
                    out["execution_count"] = None
                out.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)


def execute(path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--inplace",
            "--ExecutePreprocessor.store_widget_state=False",
            "--ExecutePreprocessor.timeout=300",
            str(path),
        ],
        check=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--strip-only", action="store_true")
    args = parser.parse_args()
    paths = [p.resolve() for p in args.paths] or sorted(NOTEBOOKS.glob("*.ipynb"))
    todo: list[Path] = []
    for path in paths:
        instructor = INSTRUCTOR / path.name
        if path.parent == INSTRUCTOR.resolve() or instructor.exists():
            todo.append(instructor)
            todo.append(build_student(instructor))
        else:
            todo.append(path)
    for path in todo:
        if not args.strip_only:
            execute(path)
        strip(path)
        print(f"{path}: {'stripped' if args.strip_only else 'executed and stripped'}")


if __name__ == "__main__":
    main()
