"""Gate: no function or method in the rules, the engine, the bots, the simulation (and its
compiled kernel) or the
Nottingham game is longer than 80 lines.

A function's length runs from its ``def`` line to the last line of its body:
decorators are not counted; the docstring, comments and blank lines inside are. A
nested function counts in its own right and inside the function that holds it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sheriff_core

PACKAGE = Path(sheriff_core.__file__).resolve().parent
ROOT = PACKAGE.parent
CHECKED = ("rules", "engine", "bots", "analysis/sim.py", "analysis/fastsim", "nottingham")
MAX_LINES = 80


def checked_files() -> list[Path]:
    files: list[Path] = []
    for name in CHECKED:
        target = PACKAGE / name
        files += sorted(target.rglob("*.py")) if target.is_dir() else [target]
    return files


def function_lengths(source: str) -> list[tuple[str, int, int]]:
    """``(qualified name, line of the def, length in lines)`` of every function in ``source``.

    >>> function_lengths("@dec\\ndef f():\\n    '''Doc.'''\\n    return 1\\n")
    [('f', 2, 3)]
    """
    found: list[tuple[str, int, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                end = child.end_lineno or child.lineno
                found.append((name, child.lineno, end - child.lineno + 1))
                visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def test_the_length_is_counted_from_def_to_the_end_of_the_body():
    source = "class C:\n    @property\n    def p(self):\n        def inner():\n            pass\n\n        return 1\n"
    assert function_lengths(source) == [("C.p", 3, 5), ("C.p.inner", 4, 2)]


def test_the_checked_code_exists():
    for name in CHECKED:
        assert (PACKAGE / name).exists(), name
    assert len(checked_files()) > 10


def test_no_function_in_rules_engine_bots_sim_or_nottingham_is_over_80_lines():
    offenders = [
        f"{path.relative_to(ROOT)}:{line} {name}: {length} lines"
        for path in checked_files()
        for name, line, length in function_lengths(path.read_text(encoding="utf-8"))
        if length > MAX_LINES
    ]
    if offenders:
        pytest.fail(
            f"{len(offenders)} function(s) longer than {MAX_LINES} lines (def to end of body, "
            "decorators excluded); split them:\n" + "\n".join(offenders),
            pytrace=False,
        )
