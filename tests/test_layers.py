"""The layer order of ``sheriff_core``: no import runs upward, no module reaches into
another's private names, and the rules layers stay free of pandas, altair and ipywidgets.

The layers are :data:`ORDER` (lowest first); a module's layer is read from its folder
(:data:`FOLDERS`; the modules at the package's root: :data:`ROOT_MODULES`), except for the
few modules named with a reason in :data:`EXCEPTIONS`. A module may import from its own
layer and the layers below it. Imports are read with ``ast`` from every
module, at module level and inside functions (``from . import x`` resolved); imports
under ``if TYPE_CHECKING:`` are type hints only and are not counted. A new folder
without a layer fails :func:`test_the_tables_name_folders_modules_and_layers_that_exist`;
``docs/architecture.md``'s table of layers is compared with these tables.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sheriff_core

PACKAGE = Path(sheriff_core.__file__).resolve().parent

#: The layers, lowest first. A module may import from its own layer and the layers below.
ORDER: list[str] = [
    "base",  # errors, file writing, TOML checks, the game Protocol, safe text, save envelope
    "rules",  # the rules as data and pure rule functions (the field registry, scoring)
    "engine",  # the state machine: a game, its actions, events, saves, a seat's view
    "play",  # one game's course: the driver, the event reader, narration
    "bots",  # players: they get a seat's view, never the game
    "simulation",  # many games: the checked and the compiled simulators, to DataFrames
    "analysis",  # tables and statistics (pandas, scipy): comparisons, the lab, game theory
    "viz",  # pictures (plain SVG/HTML), rules summaries, altair charts
    "widgets",  # interactive widgets (ipywidgets)
    "apps",  # what people run: the command line, the lessons' exercise checks
]

#: Folder (a sub-package, dotted, without ``sheriff_core.``) -> layer. A module's layer is
#: its deepest folder's, unless it is named in :data:`EXCEPTIONS`.
FOLDERS: dict[str, str] = {
    "base": "base",
    "rules": "rules",
    "engine": "engine",
    "play": "play",
    "bots": "bots",
    "analysis": "analysis",
    "theory": "analysis",
    "nottingham": "simulation",
    "present": "viz",
    "present.viz": "viz",
    "present.widgets": "widgets",
    "exercises": "apps",
}

#: The modules at the package's root (``""``: ``sheriff_core/__init__.py``) -> layer.
ROOT_MODULES: dict[str, str] = {
    "_moved": "base",
    "": "viz",
    "cli": "apps",
    "__main__": "apps",
}

#: Modules (and the packages under them) in another layer than their folder's: module ->
#: (layer, why). Each must exist and differ from its folder's layer (the list only says
#: what the folders cannot).
EXCEPTIONS: dict[str, tuple[str, str]] = {
    "theory.inspection": (
        "rules",
        "the closed-form inspection game of a variant's numbers: rules maths the bots read",
    ),
    "analysis.sim": (
        "simulation",
        "simulate: plays the games whose frames the rest of analysis/ reads",
    ),
    "analysis.fastsim": (
        "simulation",
        "the compiled simulator behind simulate, checked against the engine",
    ),
    "nottingham.errors": ("base", "the second game's own layers: its errors"),
    "nottingham.rules": ("rules", "the second game's own layers: its rules as data"),
    "nottingham.actions": ("engine", "the second game's own layers: its engine"),
    "nottingham.game": ("engine", "the second game's own layers: its engine"),
    "nottingham.saves": ("engine", "the second game's own layers: its engine"),
    "nottingham.steps": ("engine", "the second game's own layers: its engine"),
    "nottingham.bots": ("bots", "the second game's own layers: its bots"),
}

#: Upward imports that are allowed, with the reason: (importer, imported) -> why.
#: Each must still exist (a stale entry fails), so the list only shrinks.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}

#: Libraries a layer must not import at module level (below the layer that uses them).
BANNED_BELOW = {"pandas": "simulation", "altair": "viz", "ipywidgets": "widgets"}


def module_name(path: Path) -> str:
    """``sheriff_core/engine/game.py`` -> ``engine.game``; a package's ``__init__`` -> its name."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> str | None:
    """The layer of ``module``: its own or its nearest named package's in
    :data:`EXCEPTIONS`, a root module's, else its deepest folder's.

    >>> layer_of("engine.view"), layer_of("theory.efce"), layer_of("theory.inspection")
    ('engine', 'analysis', 'rules')
    >>> layer_of("analysis.fastsim.kernel"), layer_of(""), layer_of("nosuch")
    ('simulation', 'viz', None)
    """
    if module in ROOT_MODULES:
        return ROOT_MODULES[module]
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        name = ".".join(parts[:n])
        if name in EXCEPTIONS:
            return EXCEPTIONS[name][0]
    folder = parts if module in MODULES and MODULES[module].name == "__init__.py" else parts[:-1]
    for n in range(len(folder), 0, -1):
        name = ".".join(folder[:n])
        if name in FOLDERS:
            return FOLDERS[name]
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
    assert not missing, (
        f"modules without a layer (tests/test_layers.py FOLDERS, ROOT_MODULES): {missing}"
    )
    assert len(MODULES) > 50


def test_the_tables_name_folders_modules_and_layers_that_exist():
    assert all(layer in ORDER for layer in [*FOLDERS.values(), *ROOT_MODULES.values()])
    for folder in FOLDERS:
        assert (PACKAGE / folder.replace(".", "/") / "__init__.py").is_file(), folder
    folders = {m for m, p in MODULES.items() if p.name == "__init__.py" and m}
    assert folders - set(EXCEPTIONS) == set(FOLDERS), "every sub-package is a row of FOLDERS"
    assert set(ROOT_MODULES) == {m for m in MODULES if "." not in m and m not in folders}
    for module, (layer, why) in EXCEPTIONS.items():
        assert module in MODULES and layer in ORDER and why, module
        parts = module.split(".")
        folder = parts if MODULES[module].name == "__init__.py" else parts[:-1]
        own = next(FOLDERS[".".join(folder[:n])] for n in range(len(folder), 0, -1)
                   if ".".join(folder[:n]) in FOLDERS)  # fmt: skip
        assert layer != own, f"{module} is in its folder's layer: drop it from EXCEPTIONS"


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
    assert "sheriff_core.rules.variants" in lines and "sheriff_core.engine.state" in lines


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
    if name == "_":  # gettext's conventional public name (sheriff_core.base.i18n._)
        return False
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


ROOT = PACKAGE.parent


def _doc_tables(text: str) -> list[list[list[str]]]:
    """The markdown tables of ``text``: per table its body rows, per row its cells."""
    tables: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            tables.append([r for r in rows[1:] if not set("".join(r)) <= set("-: ")])
            rows = []
    return tables


def _path(module: str) -> str:
    """``analysis.fastsim`` -> ``analysis/fastsim/``, ``cli`` -> ``cli.py``."""
    if module == "":
        return "__init__.py"
    path = MODULES[module]
    return module.replace(".", "/") + ("/" if path.name == "__init__.py" else ".py")


def test_the_architecture_page_shows_these_layers():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    layers, exceptions = _doc_tables(section)[:2]
    assert [row[0] for row in layers] == ORDER
    shown = {row[0]: set(re.findall(r"`([^`]+)`", row[1])) for row in layers}
    wanted: dict[str, set[str]] = {layer: set() for layer in ORDER}
    for folder, layer in FOLDERS.items():
        wanted[layer].add(folder.replace(".", "/") + "/")
    for module, layer in ROOT_MODULES.items():
        wanted[layer].add(_path(module))
    assert shown == wanted
    assert {row[0].strip("`"): row[1] for row in exceptions} == {
        _path(module): layer for module, (layer, _why) in EXCEPTIONS.items()
    }


def test_the_docs_name_only_test_files_that_exist():
    pages = [
        ROOT / "README.md",
        ROOT / "tests" / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]
    missing = [
        f"{page.relative_to(ROOT)}: {name}"
        for page in pages
        for name in re.findall(r"\btests/[\w/.-]*\w", page.read_text(encoding="utf-8"))
        if not (ROOT / name).exists()
    ]
    assert missing == []
