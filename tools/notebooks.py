"""Build, execute and store the teaching notebooks clean.

    python tools/notebooks.py                  # build students' copies, execute all, strip
    python tools/notebooks.py --strip-only     # only build + strip (e.g. after editing in JupyterLab)
    python tools/notebooks.py notebooks/02_load_and_declare.ipynb

Lessons with exercises have two versions. The instructor notebook
(``notebooks/instructor/NN_name.ipynb``) is the source: its answers sit between
nbgrader's ``### BEGIN SOLUTION`` / ``### END SOLUTION`` markers. The student
notebook (``notebooks/NN_name.ipynb``, the one learners open) is generated from
it with those regions removed, leaving the blank the line before the markers
sets (``answer = ...  # your answer: <the form expected>``); the next cell is
``check("NN.k", answer)`` (:mod:`sheriff_core.exercises`). Edit the instructor
notebook, then run this tool.
Lessons without exercises have only ``notebooks/NN_name.ipynb``.

Stripping keeps outputs (nbval compares them) and removes what is noise:
execution counts, per-cell execution metadata, widget state. It writes the
notebook exactly as JupyterLab saves it (kernelspec "Python 3 (ipykernel)", the
kernel's full ``language_info``, nbformat's JSON layout), so opening a lesson in
JupyterLab does not mark it modified and saving it changes nothing.
``--strip-only`` applies this to every notebook, instructor versions included.
"""

from __future__ import annotations

import argparse
import copy
import subprocess
import sys
from pathlib import Path

from sheriff_core.base.files import write_atomic

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
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if BEGIN not in cell.source:
            continue
        stub = MARKDOWN_STUB if cell.cell_type == "markdown" else None
        cell.source = clear_solutions(cell.source, stub)
        if cell.cell_type == "code":
            # a solution that opens with a class or a function follows the blank lines
            # ruff format puts before it: the blank alone keeps none of them
            cell.source = cell.source.rstrip("\n")
            cell.outputs = []
            cell.execution_count = None
    return nb


def build_student(instructor: Path) -> Path:
    """Write the student notebook generated from ``instructor``; return its path.

    Where the student notebook already has a cell with the same id and source, its
    outputs are kept (so ``--strip-only`` does not copy the instructor's "Correct!"
    into a student's self-check); the notebook is executed afterwards anyway.
    """
    import nbformat

    nb = student_version(nbformat.read(instructor, as_version=4))
    target = NOTEBOOKS / instructor.name
    if target.exists():
        old = {c.get("id"): c for c in nbformat.read(target, as_version=4).cells}
        for cell in nb.cells:
            twin = old.get(cell.get("id"))
            if cell.cell_type == "code" and twin is not None and twin.source == cell.source:
                cell.outputs = twin.get("outputs", [])
    body = text(clean(nb))
    write_atomic(target, lambda tmp: tmp.write_text(body, encoding="utf-8"))
    return target


# What JupyterLab writes when it saves a notebook run by this project's kernel: the
# kernel's spec name and display name, and the full ``language_info`` the kernel reports.
# A notebook already in this form is not marked modified when it is opened (JupyterLab
# copies both from the kernel into the notebook and compares), and saving it changes nothing.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def language_info() -> dict:
    """The ``language_info`` the ipykernel of this Python reports (and JupyterLab saves).

    >>> import platform
    >>> info = language_info()
    >>> info["name"], info["pygments_lexer"], info["version"] == platform.python_version()
    ('python', 'ipython3', True)
    """
    from ipykernel.ipkernel import IPythonKernel

    return copy.deepcopy(dict(IPythonKernel.language_info))


def clean(nb):
    """A copy of ``nb`` (a ``nbformat`` notebook) in the form JupyterLab saves, minus noise.

    Outputs stay (nbval compares them). Removed: execution counts, per-cell execution
    metadata, widget state, collapsed/scrolled flags. Set: the kernelspec and
    ``language_info`` JupyterLab writes (see :data:`KERNELSPEC`).

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1", id="a")])
    >>> nb.cells[0].execution_count = 7
    >>> out = clean(nb)
    >>> out.cells[0].execution_count, out.metadata.kernelspec.display_name
    (None, 'Python 3 (ipykernel)')
    >>> clean(out) == out
    True
    """
    nb = copy.deepcopy(nb)
    meta = nb.metadata
    meta.pop("widgets", None)
    meta["kernelspec"] = dict(KERNELSPEC)
    meta["language_info"] = language_info()
    for cell in nb.cells:
        for key in ("execution", "collapsed", "scrolled", "trusted"):
            cell.metadata.pop(key, None)
        if cell.cell_type == "code":
            cell.execution_count = None
            for out in cell.get("outputs", []):
                if "execution_count" in out:
                    out["execution_count"] = None
                out.get("metadata", {}).pop("execution", None)
    return nb


def text(nb) -> str:
    """The bytes JupyterLab (and ``nbformat.write``) store for ``nb``, as text."""
    import nbformat

    return nbformat.writes(nb, version=4) + "\n"


def strip(path: Path) -> bool:
    """Rewrite the notebook at ``path`` in clean form; True when the file changed."""
    import nbformat

    before = path.read_text(encoding="utf-8")
    after = text(clean(nbformat.reads(before, as_version=4)))
    if after == before:
        return False
    write_atomic(path, lambda tmp: tmp.write_text(after, encoding="utf-8"))
    return True


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
        changed = strip(path)
        done = "stripped" if args.strip_only else "executed and stripped"
        print(f"{path}: {done}{'' if changed else ' (no change)'}")


if __name__ == "__main__":
    main()
