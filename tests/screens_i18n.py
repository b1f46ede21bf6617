"""Helpers of the screens' language tests (tests/i18n/test_screens_*.py, the browser test).

- :func:`code_messages`: every message the screens' code (``sheriff_core/present/``) asks
  the catalogs for, read from its source with ``ast``: the literal first argument of
  ``_``, ``N_``, ``fmt``, ``_button`` (singular and plural of ``nfmt`` / ``ngettext``; the
  second argument of ``named`` and ``_shown_good``).
- :func:`read_catalog`: a ``.po`` file as ``{msgid: (msgstr, ...)}`` (Babel's reader).
- :func:`ensure_compiled`: compile every ``.po`` under ``sheriff_core/locale`` whose
  ``.mo`` is missing or older (Babel's ``write_mo``) and forget the cached catalogs, so
  a test reads the catalogs as they are in the checkout.
"""

from __future__ import annotations

import ast
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from sheriff_core.base import i18n

PRESENT = Path(i18n.__file__).resolve().parent.parent / "present"

#: function name -> positions (0-based) of its msgid (and plural) argument.
KEYWORDS: dict[str, tuple[int, ...]] = {
    "_": (0,),
    "N_": (0,),
    "fmt": (0,),
    "_button": (0,),
    "nfmt": (0, 1),
    "ngettext": (0, 1),
    "named": (1,),
    "_shown_good": (1,),
}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def code_messages(root: Path = PRESENT) -> dict[str, str | None]:
    """msgid -> its plural msgid (None for a message without plural), for every module
    under ``root``."""
    found: dict[str, str | None] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            where = KEYWORDS.get(_name(node.func) or "")
            if where is None:
                continue
            texts = [
                a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                for a in (node.args[i] if i < len(node.args) else None for i in where)
            ]
            if texts[0] is not None:
                found.setdefault(texts[0], texts[1] if len(texts) > 1 else None)
    return found


def read_catalog(lang: str, domain: str = "screens") -> dict[str, tuple[str, ...]]:
    """The messages of ``<lang>/LC_MESSAGES/<domain>.po`` (empty if there is none)."""
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    out: dict[str, tuple[str, ...]] = {}
    for m in catalog:
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out[key] = tuple(strings)
    return out


def ensure_compiled() -> None:
    """Compile the ``.po`` files whose ``.mo`` is missing or stale; drop cached catalogs."""
    for po in sorted(i18n.LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        with mo.open("wb") as f:
            write_mo(f, catalog)
    i18n._catalogs.clear()
