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


def test_engine_modules_do_not_import_ui_libraries():
    from pathlib import Path

    import sheriff_core

    root = Path(sheriff_core.__file__).parent
    for folder in ("rules", "engine"):
        for path in (root / folder).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            for lib in ("pandas", "altair", "ipywidgets"):
                assert f"import {lib}" not in text, f"{path.name} imports {lib}"
