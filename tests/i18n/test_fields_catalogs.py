"""The rule fields' words and the bundled variants' titles in Thai and Chinese (issue 28).

The registry of rule fields (``sheriff_core/rules/fields.py``: labels, units, groups,
choices and the rules summary's sentences) and every bundled variant's title and summary
(``sheriff_core/rules/titles.py``) are in the ``core`` catalog; the variant editor and the
rules summary of every bundled variant show none of those English messages in Thai or
Chinese.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from screens_i18n import ensure_compiled, html_texts, widget_texts

from sheriff_core.base.i18n import _, language
from sheriff_core.rules.fields import CHOICE_WORDS, FIELDS
from sheriff_core.rules.titles import SUMMARIES, TITLES
from sheriff_core.rules.variants import load_variant, variant_names

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("th", "zh")
SCRIPT = {"th": (0x0E00, 0x0E7F), "zh": (0x4E00, 0x9FFF)}


@pytest.fixture(autouse=True, scope="module")
def _compiled():
    ensure_compiled()


def _messages() -> list[str]:
    """The messages of the registry and of the titles table, read as the catalog tool
    reads them (Babel's extraction of ``_`` / ``N_``)."""
    out = []
    for rel in (
        "sheriff_core/rules/fields.py",
        "sheriff_core/rules/titles.py",
        "sheriff_core/rules/house.py",
    ):
        for _line, msg, _c, _ctx in extract_from_file(
            "python", str(ROOT / rel), keywords=DEFAULT_KEYWORDS
        ):
            out.append(msg if isinstance(msg, str) else msg[0])
    return out


def _in_language(text: str, lang: str) -> bool:
    lo, hi = SCRIPT[lang]
    return any(lo <= ord(c) <= hi for c in text)


def test_the_registry_and_the_titles_are_extracted():
    found = set(_messages())
    assert {f.label for f in FIELDS} <= found
    assert {f.unit for f in FIELDS if f.unit} <= found
    assert {f.group for f in FIELDS} <= found
    assert set(CHOICE_WORDS.values()) <= found
    assert set(TITLES.values()) | set(SUMMARIES.values()) <= found
    assert "Draw from the draw pile only." in found  # a summary sentence


def test_every_bundled_variant_is_in_the_titles_table():
    """A new bundled variant's title and summary must be added to the table (and so to
    the catalogs): the files stay as they are."""
    names = variant_names()
    assert sorted(TITLES) == sorted(names) == sorted(SUMMARIES)
    for name in names:
        v = load_variant(name)
        assert TITLES[name] == v.title and SUMMARIES[name] == v.summary, name


@pytest.mark.parametrize("lang", LANGS)
def test_every_title_and_field_word_is_translated(lang):
    with language(lang):
        for msg in _messages():
            if not re.search("[A-Za-z]{2}", _words(msg)):
                continue  # only placeholders ("{bonus}: {king}")
            shown = _(msg)
            assert shown != msg and _in_language(shown, lang), (lang, msg, shown)
        for name in variant_names():
            v = load_variant(name)
            assert _in_language(_(v.title), lang) and _in_language(_(v.summary), lang)


def _words(text: str) -> str:
    """``text`` without its placeholders."""
    return "".join(lit for lit, _f, _s, _c in string.Formatter().parse(text))


def _pieces() -> tuple[set[str], set[str]]:
    """The messages' whole texts (without placeholders) and their pieces of two words
    or more between placeholders."""
    whole, pieces = set(), set()
    for m in _messages():
        if "{" not in m and re.search("[A-Za-z]{2}", m):
            whole.add(m.strip())
        for lit, _f, _s, _c in string.Formatter().parse(m):
            words = lit.strip(" .,:;()'\"")
            if len(words.split()) >= 2:
                pieces.add(words)
    return whole, pieces


def untranslated(texts: list[str]) -> list[str]:
    whole, pieces = _pieces()
    found = {t.strip() for t in texts if t.strip() in whole}
    found |= {p for p in pieces for t in texts if p in t}
    return sorted(found)


def test_the_check_finds_english():
    from sheriff_core.present.rules_summary import rules_summary_html
    from sheriff_core.present.widgets.editor import variant_editor

    assert "fewest cards in a bag" in untranslated(widget_texts(variant_editor("classic")))
    english = untranslated(html_texts(rules_summary_html("classic", page=True)))
    assert "Sheriff of Nottingham (1st edition, basic game)" in english


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", variant_names())
def test_editor_and_rules_summary_of_every_variant(lang, name):
    from sheriff_core.present.rules_summary import rules_summary_html, rules_summary_markdown
    from sheriff_core.present.widgets.editor import variant_editor

    texts = widget_texts(variant_editor(name, language=lang))
    with language(lang):
        texts += html_texts(rules_summary_html(name, page=True))
        texts += rules_summary_markdown(name).splitlines()
    assert not untranslated(texts), untranslated(texts)


@pytest.mark.parametrize("lang", LANGS)
def test_bag_builder_outcome_table_in_the_language(lang):
    """The outcome table's cells are translated when shown; the rows keep their values."""
    from sheriff_core.present.widgets.bag import bag_builder

    hand = ["Chickens", "Chickens", "Cheese", "Silk", "Apples", "Apples"]
    b = bag_builder(hand, language=lang)
    for i in range(4):
        b.cards[i].value = True
    b.good.value, b.count.value = "Chickens", 4
    assert [r["sheriff"] for r in b.outcomes] == ["lets it pass", "inspects it"]
    assert b.outcomes[1]["confiscated"] == "Cheese, Silk"
    shown = b.result.value
    for english in ("lets it pass", "inspects it", "Cheese, Silk", "Chickens"):
        assert english not in shown, (english, shown)
    with language(lang):
        assert _("Cheese") in shown and _("inspects it") in shown
