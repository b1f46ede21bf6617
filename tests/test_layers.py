"""The rules layers stay pure: no pandas, altair or ipywidgets behind the engine."""

from __future__ import annotations

import subprocess
import sys

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


def test_rules_and_engine_have_no_module_level_ui_imports():
    """Only a function may import pandas (e.g. ``Game.final_scores``), lazily."""
    import ast
    from pathlib import Path

    import sheriff_core

    root = Path(sheriff_core.__file__).parent
    for folder in ("rules", "engine"):
        for path in (root / folder).glob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:  # module level only; `if TYPE_CHECKING:` is not run
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                for name in names:
                    assert name.split(".")[0] not in ("pandas", "altair", "ipywidgets"), (
                        f"{path.name} imports {name} at module level"
                    )
