"""Helpers of the screens' language tests (tests/i18n/test_screens_*.py, the browser test).

- :func:`code_messages`: every message the screens' code (``sheriff_core/present/``) asks
  the catalogs for, read from its source with ``ast``: the literal first argument of
  ``_``, ``N_``, ``fmt``, ``_button`` (singular and plural of ``nfmt`` / ``ngettext``; the
  second argument of ``named`` and ``_shown_good``).
- :func:`read_catalog`: a ``.po`` file as ``{msgid: (msgstr, ...)}`` (Babel's reader).
- :func:`ensure_compiled`: compile every ``.po`` under ``sheriff_core/locale`` to its
  ``.mo`` as the build hook does (``hatch_build.py``) and forget the cached catalogs, so
  a test reads the catalogs as they are in the checkout.
"""

from __future__ import annotations

import ast
import functools
import html
import importlib.util
import re
import string
from pathlib import Path
from typing import Any

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
    """Compile the ``.po`` files whose ``.mo`` is missing or stale, as the build does
    (``hatch_build.compile_catalogs``, the same bytes), and drop the cached catalogs."""
    root = PRESENT.parent.parent
    spec = importlib.util.spec_from_file_location("hatch_build", root / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_catalogs(root)
    i18n._catalogs.clear()


# --------------------------------------------------------------------------- rendered words

_TAG = re.compile(r"<[^>]*>")
_ATTR = re.compile(r'(?:aria-label|title|placeholder)="([^"]*)"')


def html_texts(markup: str) -> list[str]:
    """The words of an HTML (or SVG) fragment a person reads: its text nodes and its
    ``aria-label`` / ``title`` / ``placeholder`` attributes, unescaped and stripped."""
    texts = [html.unescape(m) for m in _ATTR.findall(markup)]
    texts += [html.unescape(t) for t in _TAG.split(markup)]
    return [t.strip() for t in texts if t.strip()]


def widget_texts(root: Any) -> list[str]:
    """Every word on a widget tree: HTML values, descriptions, placeholders, tooltips,
    the labels of a choice's options, accordion and tab titles (recursively)."""
    import ipywidgets as widgets

    out: list[str] = []
    seen: set[int] = set()

    def walk(w: Any) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        if isinstance(w, widgets.HTML | widgets.Label):
            out.extend(html_texts(str(w.value)))
        for attr in ("description", "placeholder", "tooltip"):
            value = getattr(w, attr, None)
            if isinstance(value, str) and value.strip():
                out.extend(html_texts(value))
        for label in getattr(w, "_options_labels", ()) or ():
            out.append(str(label))
        for tip in getattr(w, "tooltips", None) or ():
            out.append(str(tip))
        for title in getattr(w, "titles", None) or ():
            if title:
                out.append(str(title))
        for child in getattr(w, "children", ()) or ():
            walk(child)

    walk(root)
    return out


def chart_texts(spec: Any) -> list[str]:
    """The words of a Vega-Lite spec a person reads: every ``title`` / ``subtitle`` /
    ``text`` string, and the string values of its datasets (legend entries, labels)."""
    out: list[str] = []

    def walk(node: Any, key: str | None = None) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "datasets":
                    for rows in v.values():
                        for row in rows:
                            out.extend(x for x in row.values() if isinstance(x, str))
                else:
                    walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("title", "subtitle", "text"):
            out.append(node)

    walk(spec)
    return out


def core_literals(root: Path = PRESENT.parent) -> str:
    """Every string the rest of the package writes (its literals and the literal parts of
    its f-strings, outside ``present/``), one a line: the ``core`` catalog's words."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if PRESENT in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append(node.value)
    return "\n".join(found)


def untranslated(texts: list[str], messages: dict[str, str | None] | None = None) -> list[str]:
    """The screens' English messages found in ``texts``: a text equal to a message without
    placeholders, or any text holding a piece of a message's words (between its
    placeholders) of two words or more. One English word inside a longer text is not
    counted (a player's name, or a game word the ``core`` catalog translates), nor is a
    piece the rest of the package also writes (:func:`core_literals`: the narration,
    the engine's refusals and the rule fields' labels are the ``core`` catalog's)."""
    messages = code_messages() if messages is None else messages
    core = _core()
    ids = [m for m in messages] + [p for p in messages.values() if p]
    whole = {m.strip() for m in ids if "{" not in m and re.search("[A-Za-z]", m)}
    pieces = set()
    for m in ids:
        for lit, _f, _s, _c in string.Formatter().parse(m):
            words = re.sub(r"<[^>]*>", " ", lit).strip(" .,:;()—-'\"")
            if len(words.split()) >= 2 and words not in core:
                pieces.add(words)
    found = {t for t in texts if t in whole}
    found |= {p for p in pieces for t in texts if p in t}
    return sorted(found)


@functools.cache
def _core() -> str:
    return core_literals()
