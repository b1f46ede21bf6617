"""The layer order of ``sheriff_core``: no import runs upward, no module reaches into
another's private names, and the rules layers stay free of pandas, altair and ipywidgets.

Every module is assigned a layer in :data:`LAYERS` (lowest first). A module may import
from its own layer and the layers below it. Imports are read with ``ast`` from every
module, at module level and inside functions (``from . import x`` resolved); imports
under ``if TYPE_CHECKING:`` are type hints only and are not counted. A new module
without a layer fails :func:`test_every_module_has_a_layer`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

import sheriff_core

PACKAGE = Path(sheriff_core.__file__).resolve().parent

#: Layer -> module patterns (``fnmatch``, names without the leading ``sheriff_core.``;
#: ``""`` is the package itself). Lowest first; the first pattern that matches wins.
LAYERS: dict[str, tuple[str, ...]] = {
    # Errors, file writing, the TOML checks, the game Protocol and the printing of text from
    # data (``safe_text``): standard library only; the save envelope both games share
    # (``save_envelope``) also numpy (seeds, generators).
    "base": (
        "base",
        "_moved",
        "base.errors",
        "base.files",
        "base.schema",
        "base.protocol",
        "base.safe_text",
        "base.save_envelope",
        "nottingham.errors",
    ),
    # The rules as data and pure rule functions (``rules.fields``, the registry of rule
    # fields, is matched by ``rules.*``). ``scoring`` (final scores) and
    # ``theory.inspection`` (the closed-form inspection game of a variant's numbers,
    # which the bots read) are rules maths: they import nothing above this layer.
    "rules": ("rules", "rules.*", "rules.scoring", "theory.inspection", "nottingham.rules"),
    # The state machine: a game, its actions, events and saves, and what one seat may
    # know of it (``engine.view``: the only part of a game the bots get).
    "engine": (
        "engine",
        "engine.*",
        "nottingham.actions",
        "nottingham.game",
        "nottingham.saves",
        "nottingham.steps",
    ),
    # Players and whole games: bots, the driver, the event reader, simulation, narration.
    "bots+simulation": (
        "play",
        "bots",
        "bots.*",
        "play.driver",
        "play.record",
        "analysis.sim",
        "analysis.fastsim",
        "analysis.fastsim.*",
        "play.narrate",
        "nottingham",
        "nottingham.*",
    ),
    # Tables and statistics (pandas, scipy): the lab, comparisons, game theory; the
    # package's front door re-exports ``compare`` and ``sim``.
    "analysis": ("analysis", "", "analysis.compare", "analysis.lab", "theory", "theory.*"),
    # Pictures: HTML pictures of cards and tables, altair charts, the rules sheet.
    "viz": ("present", "present.viz", "present.viz.*", "present.pictures", "present.rules_summary"),
    # Interactive widgets (ipywidgets).
    "widgets": ("present.widgets", "present.widgets.*"),
    # What people run: the command line, the lessons' exercise checks.
    "apps": ("cli", "__main__", "exercises", "exercises.*"),
}

#: Upward imports that are allowed, with the reason: (importer, imported) -> why.
#: Each must still exist (a stale entry fails), so the list only shrinks.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {
    (
        "engine.game",
        "present.pictures",
    ): "Game._repr_html_, Jupyter's display hook, imports it when shown",
}

#: Libraries a layer must not import at module level (below the layer that uses them).
BANNED_BELOW = {"pandas": "bots+simulation", "altair": "viz", "ipywidgets": "widgets"}

ORDER = list(LAYERS)


def module_name(path: Path) -> str:
    """``sheriff_core/engine/game.py`` -> ``engine.game``; a package's ``__init__`` -> its name."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> str | None:
    for layer, patterns in LAYERS.items():
        if any(module == p or (p and fnmatch(module, p)) for p in patterns):
            return layer
    return None


def _type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """Nodes under ``if TYPE_CHECKING:`` (not run)."""
    skipped: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                for child in node.body:
                    skipped.update(ast.walk(child))
    return skipped


def _target(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module named by a ``from ... import`` (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = ["sheriff_core", *[p for p in package if p]]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, source: str | None = None) -> list[tuple[int, str, str]]:
    """``(line, imported sheriff_core module, name imported or "")`` of one module.

    ``from sheriff_core.x import y`` counts as importing ``x.y`` when that is a module.

    >>> ("sheriff_core.rules.variants", "Variant") in [(m, n) for _, m, n in imports_of("rules.cards")]
    True
    """
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    skipped = _type_checking_only(tree)
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, "") for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _target(module, path, node)
            for alias in node.names:
                sub = f"{target}.{alias.name}".removeprefix("sheriff_core.")
                if sub in MODULES:
                    found.append((node.lineno, f"{target}.{alias.name}", ""))
                else:
                    found.append((node.lineno, target, alias.name))
    return [f for f in found if f[1] == "sheriff_core" or f[1].startswith("sheriff_core.")]


def _short(full: str) -> str:
    return "" if full == "sheriff_core" else full.removeprefix("sheriff_core.")


def _shown(module: str) -> str:
    return f"sheriff_core.{module}" if module else "sheriff_core"


def test_every_module_has_a_layer():
    missing = [m for m in MODULES if layer_of(m) is None]
    assert not missing, f"modules without a layer in tests/test_layers.py LAYERS: {missing}"
    assert len(MODULES) > 50


#: What the bots import from the engine: actions, the kinds of decision and the seat's
#: view, never the game (``engine.game``, ``engine.state``, the ``engine`` package).
BOTS_FROM_ENGINE = {"engine.actions", "engine.events", "engine.steps", "engine.view"}


def test_the_bots_reach_the_engine_only_through_the_seats_view():
    assert layer_of("engine.view") == "engine"
    bots = [m for m in MODULES if m == "bots" or m.startswith("bots.")]
    assert len(bots) >= 5
    wrong = [
        f"{m}:{line} imports {_short(target)}"
        for m in bots
        for line, target, _ in imports_of(m)
        if _short(target).split(".")[0] == "engine" and _short(target) not in BOTS_FROM_ENGINE
    ]
    assert wrong == []


def test_the_layer_check_sees_an_upward_import():
    assert ORDER.index(layer_of("rules.house")) < ORDER.index(layer_of("cli"))
    assert ORDER.index(layer_of("engine.game")) > ORDER.index(layer_of("rules.variants"))
    lines = [m for _, m, _ in imports_of("engine.game")]
    assert "sheriff_core.rules.variants" in lines and "sheriff_core.present.pictures" in lines


def upward_from(module: str, source: str | None = None) -> list[str]:
    """The imports of ``module`` (its file, or ``source``) that run to a higher layer."""
    found = []
    low = ORDER.index(layer_of(module) or "apps")
    for line, full, _ in imports_of(module, source):
        target = _short(full)
        if target not in MODULES:
            found.append(f"{_shown(module)}:{line} imports {full}: no such module")
            continue
        layer = layer_of(target) or "apps"
        if ORDER.index(layer) > low and (module, target) not in ALLOWED_UPWARD:
            found.append(
                f"{MODULES[module].relative_to(PACKAGE.parent)}:{line} {_shown(module)} "
                f"({layer_of(module)}) imports {full} ({layer})"
            )
    return found


def test_the_layer_check_sees_an_upward_import_at_any_depth():
    source = (
        "from sheriff_core.base.errors import RulesError\ndef f():\n    from ..cli import main\n"
    )
    assert upward_from("rules.house", source) == [
        "sheriff_core/rules/house.py:3 sheriff_core.rules.house (rules) imports "
        "sheriff_core.cli (apps)"
    ]
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from sheriff_core.analysis.sim import x\n"
    assert upward_from("rules.cards", typed) == []


def test_no_import_runs_upward():
    found = [line for module in MODULES for line in upward_from(module)]
    if found:
        pytest.fail(
            f"{len(found)} import(s) run upward (layers, lowest first: {' -> '.join(ORDER)}):\n"
            + "\n".join(found),
            pytrace=False,
        )


def test_allowed_upward_imports_still_exist():
    for (module, target), why in ALLOWED_UPWARD.items():
        assert why
        assert any(_short(full) == target for _, full, _ in imports_of(module)), (
            f"{module} no longer imports {target}: remove it from ALLOWED_UPWARD"
        )
        assert ORDER.index(layer_of(target) or "") > ORDER.index(layer_of(module) or "")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(module: str, source: str | None = None) -> list[str]:
    """``from x import _y`` and ``x._y`` (``x`` an imported sheriff_core module) in ``module``
    (its file, or ``source`` read as if it were that module), ``x`` another module."""
    path = MODULES[module]
    where = path.relative_to(PACKAGE.parent)
    source = path.read_text(encoding="utf-8") if source is None else source
    found = [
        f"{where}:{line} {_shown(module)} imports {full}.{name}"
        for line, full, name in imports_of(module, source)
        if _private(name) and _short(full) != module
    ]
    tree = ast.parse(source)
    bound = _module_names(module, path, tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and _private(node.attr)
            and bound[node.value.id] != module
        ):
            full = _shown(bound[node.value.id])
            found.append(f"{where}:{node.lineno} {_shown(module)} reads {full}.{node.attr}")
    return found


def _module_names(module: str, path: Path, tree: ast.Module) -> dict[str, str]:
    """Local names bound to sheriff_core modules (``import x as y``, ``from p import m``)."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("sheriff_core") and a.asname:
                    bound[a.asname] = _short(a.name)
        elif isinstance(node, ast.ImportFrom):
            target = _target(module, path, node)
            for a in node.names:
                sub = _short(f"{target}.{a.name}")
                if target.startswith("sheriff_core") and sub in MODULES:
                    bound[a.asname or a.name] = sub
    return bound


def test_no_module_reaches_into_another_modules_private_names():
    found = [use for module in MODULES for use in private_uses(module)]
    if found:
        pytest.fail(
            f"{len(found)} use(s) of another module's private name (make it public or "
            "move the code):\n" + "\n".join(found),
            pytrace=False,
        )


def test_the_private_name_check_sees_an_offence():
    source = (
        "from sheriff_core.analysis import sim\n"
        "from sheriff_core.bots.base import _REGISTRY, make_player\n"
        "from sheriff_core.cli import _Parser\n"  # its own private name: fine
        "def f():\n"
        "    return sim._as_list(1), sim.__name__, sim.simulate\n"
    )
    assert private_uses("cli", source) == [
        "sheriff_core/cli.py:2 sheriff_core.cli imports sheriff_core.bots.base._REGISTRY",
        "sheriff_core/cli.py:5 sheriff_core.cli reads sheriff_core.analysis.sim._as_list",
    ]


def test_lower_layers_import_no_pandas_altair_or_widgets_at_module_level():
    """Only a function may import pandas below the simulation (e.g. ``Game.final_scores``)."""
    found = []
    for module, path in MODULES.items():
        layer = ORDER.index(layer_of(module) or "apps")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # module level only; `if TYPE_CHECKING:` is not run
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                lib = name.split(".")[0]
                if lib in BANNED_BELOW and layer < ORDER.index(BANNED_BELOW[lib]):
                    found.append(f"{_shown(module)} ({layer_of(module)}) imports {name}")
    assert not found, "\n".join(found)


def test_lower_layers_never_import_altair_or_widgets_even_lazily():
    found = []
    for module in MODULES:
        layer = ORDER.index(layer_of(module) or "apps")
        tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            for name in names:
                lib = name.split(".")[0]
                if lib in ("altair", "ipywidgets") and layer < ORDER.index(BANNED_BELOW[lib]):
                    found.append(f"{_shown(module)}:{node.lineno} imports {name}")
    assert not found, "\n".join(found)


CODE = """
import sys
import sheriff_core as sc
from sheriff_core.bots import play_game
for name in sc.variant_names():
    v = sc.load_variant(name)
    play_game(sc.new_game(v, players=v.min_players, seed=1))
print(sorted(m for m in ("pandas", "altair", "ipywidgets") if m in sys.modules))
"""


def test_playing_every_variant_imports_no_pandas_altair_or_widgets():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
