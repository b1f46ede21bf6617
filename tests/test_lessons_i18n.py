"""The lessons' checks in Thai and Chinese (issue 28): the ``lessons`` catalogs are
complete and current, and a check run in a language answers in it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from sheriff_core.base.i18n import LOCALE_DIR, language
from sheriff_core.exercises import check, exercises

ROOT = Path(__file__).resolve().parents[1]
#: The modules whose sentences the lessons catalog holds: the shared feedback, the checks
#: of the lessons that have Thai and Chinese versions, and the site builder's words.
SOURCES = [
    "sheriff_core/exercises/__init__.py",
    "sheriff_core/exercises/lesson00.py",
    "sheriff_core/exercises/lesson07.py",
    "tools/build_site.py",  # the site's words around the translated lessons
]
LANGUAGES = ["th", "zh"]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def _catalog(lang: str):
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "lessons.po", "rb") as f:
        return read_po(f)


def _extracted() -> set[str]:
    found = set()
    for name in SOURCES:
        path = ROOT / name
        for _line, msgid, _comments, _context in extract_from_file(
            "python", str(path), keywords={"_": None, "N_": None}
        ):
            found.add(msgid)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lessons_message_is_translated(lang: str) -> None:
    """Every message id of the checks is in the catalog with a translation (not fuzzy, not
    empty, the same {placeholders}), and the catalog holds no message the code lost."""
    catalog = _catalog(lang)
    ids = {m.id for m in catalog if m.id}
    extracted = _extracted()
    assert len(extracted) > 20, sorted(extracted)
    assert ids == extracted, (sorted(extracted - ids), sorted(ids - extracted))
    for m in catalog:
        if not m.id:
            continue
        assert m.string and not m.fuzzy, (lang, m.id)
        # the same text only where nothing in it is English words (a format, punctuation)
        assert m.string != m.id or not re.search("[A-Za-z]{2}", PLACEHOLDER.sub("", m.id)), m.id
        assert sorted(PLACEHOLDER.findall(m.id)) == sorted(PLACEHOLDER.findall(m.string)), m.id


#: Wrong answers per exercise and the translated sentence each must be answered with.
WRONG = {
    "th": [
        ("00.1", -1, "ยังไม่ถูก: จำนวนถุงติดลบไม่ได้"),
        ("00.1", 10**6, "ยังไม่ถูก: 1000000 มากกว่าจำนวนถุงทั้งหมดที่ผู้ตรวจการเปิดค้น"),
        ("07.1", 3, "ยังไม่ถูก: เขียนการกระทำเป็นข้อความ (str ในเครื่องหมายคำพูด) ไม่ใช่ int"),
        ("07.2", "offer 3 gold", "ยังไม่ถูก: ข้อเสนอนี้ให้ 3 ทอง; ข้อเสนอนี้ไม่ได้ให้อะไรจากถุงเลย"),
        ("07.1", ..., "ยังไม่ได้ตอบ ลองดู str(sc.Load(...))"),
    ],
    "zh": [
        ("00.1", -1, "还不对：袋子的数目不能是负数。"),
        ("00.1", 10**6, "还不对：1000000 比郡长们打开的袋子总数"),
        ("07.1", 3, "还不对：请把行动写成文字（加引号的 str），而不是 int。"),
        ("07.2", "offer 3 gold", "还不对：它给出 3 金币; 它没有从袋中给出任何东西。"),
        ("07.1", ..., "还没作答。看看几张牌的 str(sc.Load(...))"),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_checks_answer_in_the_lessons_language(lang: str) -> None:
    for ex_id, answer, said in WRONG[lang]:
        with language(lang):
            feedback = check(ex_id, answer)
        assert str(feedback).startswith(said), (lang, ex_id, answer, str(feedback))
        assert str(check(ex_id, answer)) != str(feedback)  # English again outside the block


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson", ["00", "07"])
def test_every_wrong_answer_of_00_and_07_is_answered_in_the_language(
    lang: str, lesson: str
) -> None:
    """The answers the notebooks' tests try (tests/test_notebooks.py): each one's feedback
    in the language has no English sentence left (card names and typed actions aside)."""
    from test_notebooks import _wrong_answers

    wrong = _wrong_answers()
    for ex in exercises(lesson):
        for answer in wrong[ex.exercise_id]:
            english = str(check(ex.exercise_id, answer))
            with language(lang):
                feedback = check(ex.exercise_id, answer)
            assert feedback.status == "not quite"
            text = str(feedback)
            assert text != english and not text.startswith("Not quite"), text
            # what is left in Latin letters is quoted or code: a card, an action, a type
            words = re.findall(
                r"[A-Za-z]{3,}", re.sub(r"'[^']*'|\([^()]*\)|（[^（）]*）", "", text)
            )
            assert set(words) <= {"int", "str", "float", "Load", "Offer", "Declare"}, text
        with language(lang):
            right = str(check(ex.exercise_id, ...))
        assert right.startswith({"th": "ยังไม่ได้ตอบ", "zh": "还没作答。"}[lang])
