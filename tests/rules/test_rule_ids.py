"""docs/rules.md: rule ids are unique and well formed, every marker names a real rule,
docs/rule-tests.md is current, and nothing in the repository points outside it."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("rule_ids", ROOT / "tools" / "rule_ids.py")
assert _spec is not None and _spec.loader is not None
rule_ids = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rule_ids)

# Written in pieces so that this file does not match itself.
#: Folders of the machines the project was written on, which a clone does not have
#: (written split so that this file does not match itself).
OUTSIDE = (
    "../" + "shared",
    "shared" + "/seeds",
    "shared" + "/docs",
    "shared" + "/bench",
    "/work" + "/",
)


@pytest.fixture(scope="module")
def ids() -> list[str]:
    return rule_ids.rule_ids()


@pytest.fixture(scope="module")
def by_rule() -> dict[str, list[str]]:
    return rule_ids.collect()


def test_rule_ids_are_unique_and_well_formed(ids: list[str]) -> None:
    assert len(ids) > 50  # the document defines every variant's rules
    assert rule_ids.id_problems(ids) == []
    prefixes = {rid.rsplit("-", 1)[0] for rid in ids}
    for family in ("SET", "MKT", "DECL", "INSP", "SCO", "2E-MKT", "DEP-VOTE", "DIS-TOK", "NOT-ACT"):
        assert family in prefixes, f"no {family}-n rules in docs/rules.md"


def test_the_id_checker_catches_duplicates_and_bad_ids() -> None:
    assert rule_ids.id_problems(["MKT-1", "2E-MKT-2", "DEP-VOTE-10"]) == []
    bad = rule_ids.id_problems(["MKT-1", "MKT-1", "mkt-2", "MKT", "MKT-0", "MKT-1a"])
    assert bad == [
        "duplicate rule id 'MKT-1'",
        "malformed rule id 'mkt-2' (want e.g. MKT-1 or 2E-MKT-2)",
        "malformed rule id 'MKT' (want e.g. MKT-1 or 2E-MKT-2)",
        "malformed rule id 'MKT-0' (want e.g. MKT-1 or 2E-MKT-2)",
        "malformed rule id 'MKT-1a' (want e.g. MKT-1 or 2E-MKT-2)",
    ]


def test_only_bullet_definitions_count_not_references() -> None:
    text = "Intro `**[MKT-9]**`.\n- **[MKT-1]** Rule, see [MKT-2].\n  - **[MKT-2]** nested\n"
    assert rule_ids.rule_ids(text) == ["MKT-1"]


def test_markers_are_read_from_functions_classes_and_pytestmark() -> None:
    src = """
import pytest
pytestmark = [pytest.mark.rules("SET-1")]
@pytest.mark.rules("SCO-2")
def test_a(): ...
@pytest.mark.slow
def test_b(): ...
@pytest.mark.rules("INSP-1")
class TestInspect:
    @pytest.mark.rules("INSP-2", "INSP-1")
    def test_c(self): ...
def helper(): ...
"""
    assert rule_ids.markers_in_source(src, "t.py") == {
        "t.py::test_a": ["SET-1", "SCO-2"],
        "t.py::test_b": ["SET-1"],
        "t.py::TestInspect::test_c": ["SET-1", "INSP-1", "INSP-2"],
    }
    with pytest.raises(ValueError, match="literal ids"):
        rule_ids.markers_in_source("import pytest\n@pytest.mark.rules(X)\ndef test_x(): ...")


def test_every_marker_names_a_rule_of_the_document(
    ids: list[str], by_rule: dict[str, list[str]]
) -> None:
    assert by_rule, "no test carries a rules(...) marker"
    unknown = {rid: tests for rid, tests in by_rule.items() if rid not in set(ids)}
    assert unknown == {}


def test_rule_tests_table_is_up_to_date(ids: list[str], by_rule: dict[str, list[str]]) -> None:
    expected = rule_ids.table(ids, by_rule)
    assert rule_ids.TABLE.read_text(encoding="utf-8") == expected, (
        "docs/rule-tests.md is stale: run python tools/rule_ids.py"
    )


def test_every_rule_has_a_test(ids: list[str], by_rule: dict[str, list[str]]) -> None:
    untested = [rid for rid in ids if rid not in by_rule]
    assert untested == []


def _repository_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            text=True,
        ).stdout
        return [ROOT / name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout (an sdist)
        skip = {".git", ".venv", "__pycache__", "node_modules"}
        return [
            p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
        ]


def test_nothing_in_the_repository_points_outside_it() -> None:
    files = _repository_files()
    assert any(p.name == "rules.md" for p in files)
    hits = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if any(s in line for s in OUTSIDE):
                hits.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:80]}")
    assert hits == []
