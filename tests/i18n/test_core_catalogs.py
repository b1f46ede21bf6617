"""The core catalogs (issue 28): complete in Thai and Chinese, current with the code,
compiled, and every rules / variant / save error built lazily from a message id."""

from __future__ import annotations

import ast
import importlib.util
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import sheriff_core as sc
from sheriff_core.nottingham.rules import load_rules
from sheriff_core.rules.terms import TERMS, all_terms

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "sheriff_core" / "locale"


def _tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _catalog(lang):
    with (LOCALE / lang / "LC_MESSAGES" / "core.po").open("rb") as f:
        return read_po(f, locale=lang)


def _fields(text):
    return sorted((n, c or "", s or "") for _, n, s, c in string.Formatter().parse(text) if n)


def test_catalogs_pot_mo_and_glossary_are_current():
    """`tools/catalogs.py check`: the template matches the code, th/zh core.po hold exactly
    its ids, every .po is compiled to its .mo, docs/glossary.md is generated."""
    assert _tool().check() == []


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_every_core_message_is_translated_keeping_its_fields(lang):
    catalog = _catalog(lang)
    ids = [m for m in catalog if m.id]
    assert len(ids) > 500
    texts = [(m.id, m.string) if isinstance(m.id, str) else (m.id[0], m.string[0]) for m in ids]
    assert [msgid for msgid, text in texts if not text] == []
    for msgid, text in texts:
        if "{" in msgid:
            assert _fields(text) == _fields(msgid), (msgid, text)


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_game_words_are_in_the_language_not_english(lang):
    """Every game word has its own Thai / Chinese name (none is left as the English key)."""
    with sc.language(lang):
        table = sc.glossary()
    column = {"th": "Thai", "zh": "Chinese"}[lang]
    same = table[table[column] == table["English"]]
    assert same.empty, same


def test_terms_list_every_word_of_the_bundled_rules():
    words = {w for _, w in all_terms()}
    for name in sc.variant_names():
        v = sc.load_variant(name)
        assert set(v.goods) <= words, name
        assert set(v.tokens) <= words, name
        assert set(v.terms.values()) <= words | {"Sheriff", "Sheriffs"}, name
        assert {g.kind for g in v.goods.values()} <= set(TERMS["kinds"])
    rules = load_rules()
    assert set(rules.item_names) <= words


def test_glossary_has_english_thai_chinese_for_every_term():
    table = sc.glossary()
    assert list(table.columns) == ["English", "Thai", "Chinese"]
    assert len(table) == len(all_terms())
    row = table.set_index("English").loc["Pepper"]
    assert (row["Thai"], row["Chinese"]) == ("พริกไทย", "胡椒")


def _error_classes():
    import sheriff_core.base.errors as base
    import sheriff_core.nottingham.errors as nott

    found = set()
    for module in (base, nott):
        for name in dir(module):
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, base.Explained):
                found.add(name)
    return found


def test_every_rules_variant_and_save_error_is_raised_with_a_message_id():
    """No f-string (formatted, hence untranslatable and eager) reaches an error of the
    rules, engine, Nottingham or base layers: each is raised with a message id (a plain
    string with fields) and its values, rendered when read."""
    names = _error_classes() | {"error", "Message"}
    assert {"RulesError", "IllegalMarket", "SaveError", "IllegalScore"} <= names
    offences = []
    for folder in ("base", "rules", "engine", "nottingham"):
        for path in sorted((ROOT / "sheriff_core" / folder).glob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                arg = node.args[1] if name == "fail" and len(node.args) > 1 else node.args[0]
                if (name in names or name == "fail") and isinstance(arg, ast.JoinedStr):
                    offences.append(f"{path.name}:{node.lineno}")
    assert offences == []
