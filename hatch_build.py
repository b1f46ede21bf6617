"""Build hook: compile the gettext catalogs (``sheriff_core/locale/*/LC_MESSAGES/*.po``)
to ``.mo`` files with Babel when a wheel is built, ``pip install -e .`` included (the
``.mo`` files are build products: not in git, shipped in the wheel as artifacts).

``tools/catalogs.py`` uses :func:`compile_catalogs` too (``python tools/catalogs.py
compile`` after editing a ``.po`` file in a checkout).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # imported by tools/catalogs.py outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]

LOCALE = Path("sheriff_core") / "locale"


def mo_bytes(po_path: Path) -> bytes:
    """The compiled ``.mo`` of one ``.po`` file (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_catalogs(root: Path) -> list[Path]:
    """Write ``<name>.mo`` beside every ``<name>.po`` under ``root/sheriff_core/locale``
    (only when its bytes change); the ``.mo`` paths, relative to ``root``."""
    written = []
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = mo_bytes(po)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
        written.append(mo.relative_to(root))
    return written


class CatalogBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """hatchling's custom build hook (``[tool.hatch.build.targets.wheel.hooks.custom]``)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        mos = compile_catalogs(root)
        build_data.setdefault("artifacts", []).extend(p.as_posix() for p in mos)
