"""The screens' catalogs (``sheriff_core/locale/<th|zh>/LC_MESSAGES/screens.po``) against
the code of ``sheriff_core/present/``: every message the code asks for has a translation
in Thai and in Chinese, with the same placeholders, and the catalogs hold no message the
code no longer asks for."""

from __future__ import annotations

import re
import string

import pytest
from screens_i18n import code_messages, ensure_compiled, read_catalog

from sheriff_core.base.i18n import _, language, ngettext

LANGS = ("th", "zh")


def _fields(text: str) -> set[str]:
    return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f}


def test_the_code_asks_for_messages():
    found = code_messages()
    # the play table, game night, the editor, the pictures and the charts all ask
    for msgid in ("make market turn", "Start the game", "save as TOML", "value", "win rate"):
        assert msgid in found
    assert found["hand: {n} card"] == "hand: {n} cards"  # a plural keeps its plural id
    assert len(found) > 300


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_of_the_code_is_translated(lang):
    """In screens.po, or in core.po for a word both use (a lookup tries screens, then core)."""
    catalog = {**read_catalog(lang, "core"), **read_catalog(lang)}
    missing = sorted(m for m in code_messages() if not any(catalog.get(m, ("",))))
    assert not missing, f"{len(missing)} messages have no {lang} translation: {missing[:20]}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_holds_only_messages_the_code_asks_for(lang):
    stale = sorted(set(read_catalog(lang)) - set(code_messages()))
    assert not stale, f"{lang} screens.po has messages no code asks for: {stale}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_of_the_core_catalog_is_translated_again(lang):
    """A word core.po translates (a good, "gold", "value") is not in screens.po: one
    translation per word, the core one, which the screens read too."""
    twice = sorted(set(read_catalog(lang)) & set(read_catalog(lang, "core")))
    assert not twice, twice


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_keeps_the_placeholders(lang):
    messages = code_messages()
    wrong = []
    for msgid, strings in read_catalog(lang).items():
        plural = messages.get(msgid)
        want = _fields(msgid) | (_fields(plural) if plural else set())
        for text in strings:
            got = _fields(text)
            # a one-form language may leave the count out of the singular's words
            if got - want or (want - got) - ({"n"} if plural else set()):
                wrong.append((msgid, text))
            text.format(**{f: "x" for f in got})  # a broken brace raises here
    assert not wrong, wrong


#: Latin words a translation may keep: names of tools, files and code.
KEEP = {"NashConv", "TOML", "numba", "Holm", "CI", "sheriff_core", "present", "rules_summary",
        "docs", "rules", "md", "house", "load_variant", "path", "Tsebelis"}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_is_in_the_language(lang):
    """No English word is left in a translation (outside its placeholders and the names of
    tools and files), and a message with words gets words of the language's script."""
    script = (0x0E00, 0x0E7F) if lang == "th" else (0x4E00, 0x9FFF)
    english, scriptless = [], []
    for msgid, strings in read_catalog(lang).items():
        for text in strings:
            words = re.sub(r"<[^>]*>", " ", _strip_fields(text))  # not the markup
            if set(re.findall(r"[A-Za-z_]{2,}", words)) - KEEP:
                english.append((msgid, text))
            has_words = len(re.findall(r"[A-Za-z]{2,}", _strip_fields(msgid))) > 0
            if has_words and not any(script[0] <= ord(c) <= script[1] for c in text):
                scriptless.append((msgid, text))
    assert not english, english
    # "{token}s" is only the English plural of a word given by the variant
    assert [m for m, _t in scriptless] == [m for m, _t in scriptless if m.endswith("}s")]


def _strip_fields(text: str) -> str:
    return "".join(lit for lit, _f, _s, _c in string.Formatter().parse(text))


def test_the_compiled_catalogs_answer():
    ensure_compiled()
    with language("th"):
        assert _("Start the game") == "เริ่มเกม"
        assert ngettext("hand: {n} card", "hand: {n} cards", 3) == "ไพ่ในมือ: {n} ใบ"
    with language("zh"):
        assert _("Start the game") == "开始游戏"
        assert ngettext("hand: {n} card", "hand: {n} cards", 1) == "手牌：{n} 张"
    with language("en"):
        assert _("Start the game") == "Start the game"
