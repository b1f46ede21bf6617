"""Project-wide pytest hooks and fixtures (one conftest.py: pytest's doctest collection
clashes on several files of that name).

nbval support for notebooks committed without execution counts.

We strip execution counts from committed notebooks (they are noise in diffs),
but nbval 0.11 refuses a reference cell that has outputs and no execution
count ("Unrun reference cell has outputs") instead of comparing its outputs.
This hook gives such cells a placeholder count at collection time, so nbval
compares their stored outputs as usual (a changed output still fails).
"""

from __future__ import annotations

import pytest

import sheriff_core as sc


@pytest.fixture
def classic() -> sc.Variant:
    """The classic rules, loaded."""
    return sc.load_variant("classic")


@pytest.fixture
def disney() -> sc.Variant:
    """Disney's Robin Hood rules, loaded."""
    return sc.load_variant("disney")


def pytest_collection_modifyitems(items):  # noqa: D103
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is not None and cell.get("execution_count") is None and cell.get("outputs"):
            cell.execution_count = 0


@pytest.fixture(autouse=True)
def _no_leaked_bots_or_language():
    """Every test starts with the bundled bots and English, whatever the test before it did
    (a test that registers a student's bot, as a lesson's code run in-process does, or
    switches language): the names it registered are removed and the language restored."""
    from sheriff_core.base.i18n import get_language, set_language
    from sheriff_core.bots import bot_names
    from sheriff_core.bots.base import unregister

    before = {role: set(bot_names(role)) for role in ("merchant", "sheriff")}
    lang = get_language()
    yield
    for role, names in before.items():
        for name in set(bot_names(role)) - names:
            unregister(name, role)
    set_language(lang)
