"""No module imports another module's private name (``from sheriff_core.x import _y``)."""

from __future__ import annotations

import ast
from pathlib import Path

import sheriff_core

#: Known, outside this change (the engine's action table, the lab's use of the worker
#: pool, theory's shared helper): to be made public by their owners; nothing may be added.
KNOWN = {
    ("engine/saves.py", "sheriff_core.engine.actions", "_TYPES"),
    ("lab.py", "sheriff_core.sim", "_Task"),
    ("lab.py", "sheriff_core.sim", "_cpu_count"),
    ("lab.py", "sheriff_core.sim", "_ignore_sigint"),
    ("lab.py", "sheriff_core.sim", "_stop_workers"),
    ("theory/choices.py", "sheriff_core.theory.inspection", "_good"),
    ("theory/sheriff_game.py", "sheriff_core.theory.inspection", "_good"),
}


def private_imports() -> set[tuple[str, str, str]]:
    root = Path(sheriff_core.__file__).parent
    found = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sheriff_core"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        found.add((path.relative_to(root).as_posix(), node.module, alias.name))
    return found


def test_no_module_imports_a_private_name_of_another():
    assert private_imports() <= KNOWN, sorted(private_imports() - KNOWN)


def test_the_check_sees_a_private_import(tmp_path, monkeypatch):
    fake = tmp_path / "sheriff_core"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "a.py").write_text("from sheriff_core.sim import _as_list\n")
    monkeypatch.setattr(sheriff_core, "__file__", str(fake / "__init__.py"))
    assert private_imports() == {("a.py", "sheriff_core.sim", "_as_list")}
