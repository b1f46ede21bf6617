"""Old import paths of the modules that moved into layer folders, kept working.

The package's modules live in one folder per layer (``base``, ``rules``, ``engine``,
``play``, ``bots``, ``analysis``, ``theory``, ``present``); lessons, saved notebooks and
users' scripts written before the move import ``sheriff_core.sim``,
``sheriff_core.widgets.play`` and so on. :class:`MovedFinder` answers those names with
the module at its new place (the same module object, so ``monkeypatch`` and ``pickle``
see one module).

>>> import sheriff_core.sim, sheriff_core.analysis.sim
>>> sheriff_core.sim is sheriff_core.analysis.sim
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

#: old dotted name (under ``sheriff_core.``) -> new dotted name
MOVED: dict[str, str] = {
    "errors": "base.errors",
    "schema": "base.schema",
    "files": "base.files",
    "protocol": "base.protocol",
    "safe_text": "base.safe_text",
    "save_envelope": "base.save_envelope",
    "scoring": "rules.scoring",
    "driver": "play.driver",
    "narrate": "play.narrate",
    "record": "play.record",
    "sim": "analysis.sim",
    "compare": "analysis.compare",
    "lab": "analysis.lab",
    "fastsim": "analysis.fastsim",
    "pictures": "present.pictures",
    "rules_summary": "present.rules_summary",
    "viz": "present.viz",
    "widgets": "present.widgets",
}


def new_name(fullname: str) -> str | None:
    """The module's name at its new place, or None if it did not move.

    >>> new_name("sheriff_core.widgets.play"), new_name("sheriff_core.engine")
    ('sheriff_core.present.widgets.play', None)
    """
    if not fullname.startswith("sheriff_core."):
        return None
    head, _, tail = fullname[len("sheriff_core.") :].partition(".")
    if head not in MOVED:
        return None
    return "sheriff_core." + MOVED[head] + ("." + tail if tail else "")


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.spec = module.__spec__  # importlib overwrites it with the alias's spec
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self.spec  # the module stays what it is at its new place


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds ``sheriff_core.<old>`` by importing ``sheriff_core.<new>``."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        target_name = new_name(fullname)
        if target_name is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(target_name))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())


install()
