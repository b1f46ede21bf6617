"""Rule traceability: which tests check which rule of ``docs/rules.md``.

    python tools/rule_ids.py            # write docs/rule-tests.md, list rules without a test
    python tools/rule_ids.py --check    # also fail (exit 1) on an unknown or malformed id

Every rule in ``docs/rules.md`` starts with its id in bold brackets at the start
of a bullet (``- **[MKT-1]** ...``). A test says which rules it checks with the
pytest marker ``@pytest.mark.rules("MKT-1", "MKT-2")`` (registered in
``pyproject.toml``), on the test function, on its class, or in a module's
``pytestmark``. This tool reads both without running anything: the ids from the
document, the markers by parsing the test files with :mod:`ast`.

>>> text = "- **[MKT-1]** Clockwise.\\n- **[2E-MKT-2]** Discard, then draw. See [MKT-1]."
>>> rule_ids(text)
['MKT-1', '2E-MKT-2']
>>> id_problems(["MKT-1", "MKT-1", "mkt 2"])
["duplicate rule id 'MKT-1'", "malformed rule id 'mkt 2' (want e.g. MKT-1 or 2E-MKT-2)"]
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
TABLE = ROOT / "docs" / "rule-tests.md"
TESTS = ROOT / "tests"

#: A rule id: upper-case words or numbers joined by hyphens, ending in a number.
ID_PATTERN = re.compile(r"^(?:[A-Z0-9]+-)*[A-Z]+-[1-9][0-9]*$")
_DEFINITION = re.compile(r"^- \*\*\[([^\]]+)\]\*\*", re.MULTILINE)


def rule_ids(text: str | None = None) -> list[str]:
    """The ids defined in ``docs/rules.md`` (or in ``text``), in order, duplicates kept."""
    if text is None:
        text = RULES.read_text(encoding="utf-8")
    return _DEFINITION.findall(text)


def id_problems(ids: Iterable[str]) -> list[str]:
    """What is wrong with a list of rule ids: duplicates and malformed ids."""
    seen: set[str] = set()
    problems = []
    for rid in ids:
        if rid in seen:
            problems.append(f"duplicate rule id {rid!r}")
        seen.add(rid)
        if not ID_PATTERN.match(rid):
            problems.append(f"malformed rule id {rid!r} (want e.g. MKT-1 or 2E-MKT-2)")
    return problems


def _marker_ids(node: ast.expr) -> list[str] | None:
    """The ids of a ``pytest.mark.rules(...)`` expression, or None if it is not one."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "rules"):
        return None
    owner = func.value
    if not (isinstance(owner, ast.Attribute) and owner.attr == "mark"):
        return None
    ids = []
    for arg in node.args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise ValueError(
                f"line {node.lineno}: rules(...) takes literal ids, not {ast.dump(arg)}"
            )
        ids.append(arg.value)
    return ids


def _decorated(decorators: list[ast.expr]) -> list[str]:
    out: list[str] = []
    for dec in decorators:
        out += _marker_ids(dec) or []
    return out


def _module_marks(tree: ast.Module) -> list[str]:
    out: list[str] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
        ):
            values = (
                stmt.value.elts if isinstance(stmt.value, ast.List | ast.Tuple) else [stmt.value]
            )
            for v in values:
                out += _marker_ids(v) or []
    return out


def markers_in_source(source: str, name: str = "test.py") -> dict[str, list[str]]:
    """Test name (``file::Class::test``) -> rule ids it is marked with, from Python source.

    >>> src = '''
    ... import pytest
    ... @pytest.mark.rules("SCO-2", "SCO-3")
    ... def test_bonus(): ...
    ... def test_other(): ...
    ... '''
    >>> markers_in_source(src, "tests/test_x.py")
    {'tests/test_x.py::test_bonus': ['SCO-2', 'SCO-3']}
    """
    tree = ast.parse(source)
    module = _module_marks(tree)
    found: dict[str, list[str]] = {}

    def visit(body: list[ast.stmt], prefix: str, inherited: list[str]) -> None:
        for stmt in body:
            if isinstance(stmt, ast.ClassDef) and stmt.name.startswith("Test"):
                visit(
                    stmt.body, f"{prefix}::{stmt.name}", inherited + _decorated(stmt.decorator_list)
                )
            elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name.startswith(
                "test"
            ):
                ids = inherited + _decorated(stmt.decorator_list)
                if ids:
                    found[f"{prefix}::{stmt.name}"] = list(dict.fromkeys(ids))

    visit(tree.body, name, module)
    return found


def collect(tests: Path = TESTS) -> dict[str, list[str]]:
    """Rule id -> the tests marked with it, for every ``test_*.py`` under ``tests``."""
    by_rule: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        for test, ids in markers_in_source(path.read_text(encoding="utf-8"), name).items():
            for rid in ids:
                by_rule.setdefault(rid, []).append(test)
    return by_rule


def table(ids: list[str], by_rule: dict[str, list[str]]) -> str:
    """The markdown of ``docs/rule-tests.md``: every rule id and the tests that check it."""
    lines = [
        "# Rule ids and the tests that check them",
        "",
        "Generated by `python tools/rule_ids.py` from `docs/rules.md` and the",
        '`@pytest.mark.rules("...")` markers of the tests; do not edit by hand.',
        "",
    ]
    untested = [rid for rid in ids if rid not in by_rule]
    lines.append(
        f"{len(ids)} rules, {len(ids) - len(untested)} with at least one test, "
        f"{len(untested)} without."
    )
    lines += ["", "| rule | tests |", "|---|---|"]
    for rid in ids:
        tests = by_rule.get(rid, [])
        cell = "<br>".join(f"`{t}`" for t in tests) if tests else "**no test yet**"
        lines.append(f"| {rid} | {cell} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 on unknown/malformed ids")
    args = parser.parse_args(argv)
    ids = rule_ids()
    by_rule = collect()
    TABLE.write_text(table(ids, by_rule), encoding="utf-8")
    problems = id_problems(ids)
    known = set(ids)
    for rid, tests in sorted(by_rule.items()):
        if rid not in known:
            problems.append(f"unknown rule id {rid!r} in {', '.join(tests)}")
    untested = [rid for rid in ids if rid not in by_rule]
    print(f"wrote {TABLE.relative_to(ROOT)}: {len(ids)} rules, {len(untested)} without a test")
    if untested:
        print("no test yet: " + " ".join(untested))
    for p in problems:
        print(f"error: {p}", file=sys.stderr)
    return 1 if (args.check and problems) else 0


if __name__ == "__main__":
    sys.exit(main())
