"""The save envelope both games share is a base-layer module (issue 30), not a part of
the Sheriff engine: Nottingham's saves import it from there, and the engine's saves
re-export its names (the same objects), so old imports keep working."""

from __future__ import annotations

import ast
from pathlib import Path

import sheriff_core
from sheriff_core.base import save_envelope
from sheriff_core.engine import saves

PACKAGE = Path(sheriff_core.__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}


def test_the_engine_re_exports_the_envelope():
    for name in save_envelope.__all__:
        assert getattr(saves, name) is getattr(save_envelope, name), name
        assert name in saves.__all__


def test_the_envelope_imports_neither_game():
    assert imported_modules(PACKAGE / "base" / "save_envelope.py") <= {
        "__future__",
        "collections.abc",
        "dataclasses",
        "typing",
        "sheriff_core.base.errors",
        "sheriff_core.base.i18n",  # the language switch (its messages' list parts), base layer
    }


def test_nottingham_takes_the_envelope_from_the_base_layer():
    for path in sorted((PACKAGE / "nottingham").glob("*.py")):
        assert "sheriff_core.engine.saves" not in imported_modules(path), path.name
