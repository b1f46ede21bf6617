"""The lesson notebooks as files: stored in the form JupyterLab saves, students' copies
generated from the instructors' ones, every self-check answered as it should be.

These tests read the committed files (nothing is executed here; nbval runs the cells).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

from sheriff_core.base.i18n import _, language
from sheriff_core.exercises import check, exercises

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
INSTRUCTOR = NOTEBOOKS / "instructor"


def _load_tool():
    spec = importlib.util.spec_from_file_location("notebooks_tool", ROOT / "tools" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
ALL = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(INSTRUCTOR.glob("*.ipynb"))


def _id(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


@pytest.mark.parametrize("path", ALL, ids=_id)
def test_committed_in_jupyterlab_form(path: Path) -> None:
    """Stripping is a no-op: the file is byte for byte what JupyterLab would save, so
    opening it does not mark it modified (see tools/notebooks.py)."""
    stored = path.read_text(encoding="utf-8")
    assert tool.text(tool.clean(nbformat.reads(stored, as_version=4))) == stored, (
        f"{_id(path)} is not in clean form: run `python tools/notebooks.py --strip-only`"
    )


def test_clean_form_is_what_jupyterlab_writes() -> None:
    """The parts JupyterLab rewrites on open: kernelspec display name, full language_info."""
    nb = tool.clean(nbformat.v4.new_notebook())
    assert nb.metadata.kernelspec == {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    assert set(nb.metadata.language_info) == {
        "codemirror_mode",
        "file_extension",
        "mimetype",
        "name",
        "nbconvert_exporter",
        "pygments_lexer",
        "version",
    }
    assert tool.text(nb).endswith("}\n") and '\n "metadata": {' in tool.text(nb)


# --- exercises: instructor notebooks are the source, students' copies are generated ---

INSTRUCTOR_NBS = sorted(INSTRUCTOR.glob("*.ipynb"))
CHECK_CALL = re.compile(r"""^check\(["'](\d\d\.\d+)["']""", re.MULTILINE)


def _read(path: Path):
    return nbformat.read(path, as_version=4)


def _check_cells(nb) -> list[tuple[str, str]]:
    """(exercise id, stored text/plain output) of every cell that calls check(...)."""
    found = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for ex_id in CHECK_CALL.findall(cell.source):
            plain = "".join(
                "".join(o.get("data", {}).get("text/plain", "")) + "".join(o.get("text", ""))
                for o in cell.get("outputs", [])
            )
            found.append((ex_id, plain))
    return found


def _lessons() -> list[str]:
    folder = ROOT / "sheriff_core" / "exercises"
    return sorted(p.stem.removeprefix("lesson") for p in folder.glob("lesson*.py"))


def test_every_lesson_with_exercises_has_an_instructor_notebook() -> None:
    with_exercises = {p.name[:2] for p in INSTRUCTOR_NBS}
    assert with_exercises, "no instructor notebooks"
    assert set(_lessons()) <= with_exercises


@pytest.mark.parametrize("instructor", INSTRUCTOR_NBS, ids=lambda p: p.name)
def test_student_notebook_is_generated_from_instructor(instructor: Path) -> None:
    student = NOTEBOOKS / instructor.name
    assert student.exists(), f"run `python tools/notebooks.py {instructor}`"
    expected = tool.student_version(_read(instructor))
    got = _read(student)
    assert [(c.get("id"), c.cell_type, c.source) for c in got.cells] == [
        (c.get("id"), c.cell_type, c.source) for c in expected.cells
    ], f"{student.name} is stale: run `python tools/notebooks.py {instructor}`"
    assert not any(tool.BEGIN in c.source or tool.END in c.source for c in got.cells)


def _language(path: Path) -> str:
    """A lesson's language: ``en``, or ``th``/``zh`` for ``NN_name.th.ipynb``."""
    parts = path.name.removesuffix(".ipynb").split(".")
    return parts[-1] if len(parts) > 1 else "en"


@pytest.mark.parametrize("instructor", INSTRUCTOR_NBS, ids=lambda p: p.name)
def test_checks_say_correct_for_instructor_and_not_yet_for_student(instructor: Path) -> None:
    teacher = _check_cells(_read(instructor))
    student = _check_cells(_read(NOTEBOOKS / instructor.name))
    assert teacher, f"{instructor.name} has no check(...) cell"
    assert [i for i, _plain in teacher] == [i for i, _plain in student]
    with language(_language(instructor)):  # the checks answer in the lesson's language
        correct, not_yet = _("Correct!"), _("Not yet.")
    for ex_id, plain in teacher:
        assert plain.startswith(correct), (instructor.name, ex_id, plain)
    for ex_id, plain in student:
        assert plain.startswith(not_yet), (instructor.name, ex_id, plain)


@pytest.mark.parametrize("instructor", INSTRUCTOR_NBS, ids=lambda p: p.name)
def test_each_exercise_is_a_blank_then_a_solution_then_a_check(instructor: Path) -> None:
    """The answer cell's first line is the blank `name = ...  # your answer: <form>`; the
    next cell checks that very name."""
    cells = _read(instructor).cells
    for i, cell in enumerate(cells):
        if tool.BEGIN not in cell.source or cell.cell_type != "code":
            continue
        blank = cell.source.split("\n", 1)[0]
        match = re.fullmatch(r"(\w+) = \.\.\.  # your answer: .+", blank)
        assert match, (instructor.name, blank)
        following = cells[i + 1].source
        assert re.fullmatch(rf"check\(\"\d\d\.\d+\", {match.group(1)}\)", following), following


def test_every_registered_exercise_is_used_in_a_notebook() -> None:
    used = {ex_id for nb in INSTRUCTOR_NBS for ex_id, _ in _check_cells(_read(nb))}
    registered = {e.exercise_id for lesson in _lessons() for e in exercises(lesson)}
    assert registered, "no exercises registered"
    assert registered == used, (sorted(registered - used), sorted(used - registered))
    for ex_id in used:  # an exercise lives in its own lesson's notebook
        assert any(nb.name.startswith(ex_id[:2]) for nb in INSTRUCTOR_NBS)


def _wrong_answers() -> dict[str, list[object]]:
    """A few wrong answers per exercise; where a right value is needed to be near it,
    the library computes it (nothing copied from a notebook)."""
    import sheriff_core as sc
    from sheriff_core import nottingham as nt
    from sheriff_core import theory
    from sheriff_core.exercises import (
        lesson00,
        lesson02,
        lesson03,
        lesson04,
        lesson05,
        lesson06,
        lesson08,
        lesson09,
        lesson10,
    )

    game = lesson00.lesson_game()
    caught = sum(1 for e in game.events if e.kind == "inspected" and not e.info["truthful"])
    costs = {g: lesson02.cost_if_opened(g) for g in sc.load_variant("classic").legal_goods}
    bonus = lesson04.chicken_bonus()
    rates = lesson05.win_rates_against_inspector()
    sheriff = {c: lesson03.sheriff_gold(c) for c in lesson03.CHOICES}
    one_pepper = lesson06._equilibrium("classic", j=1)
    two_pepper = lesson06._equilibrium("classic", j=2)
    rules = nt.load_rules()
    summary_pepper = theory.count_equilibrium(
        sc.load_variant("summary-sheet"), legal="Apples", contraband="Pepper"
    )
    one_summary_pepper = theory.load_equilibrium(
        sc.load_variant("summary-sheet"), 1, legal="Apples", contraband="Pepper"
    )
    absolute_pepper = theory.count_equilibrium(
        sc.load_variant("classic"), legal="Apples", contraband="Pepper"
    )
    per_bag = theory.commitment(sc.load_variant("classic"), contraband="Pepper").gain
    return {
        "03.1": ["maybe", 1, *[c for c, g in sheriff.items() if g < max(sheriff.values())]],
        "06.1": [5, 20, -1, "ten"],
        "06.2": [one_pepper.inspect_prob, two_pepper.smuggle_prob, 1.5, 0.9],
        "07.1": ["load Mead,Bread,Bread", "load Bread", "offer 2 gold", 3],
        "07.2": ["offer 2 gold and a Pepper", "offer 3 gold", "load Bread", 2],
        "08.1": [
            [7] * 24,
            rules.with_track([7] * 23),
            rules.with_track([7] * 23 + [6]),
        ],
        "08.2": ["many", lesson08.generous_mean_turns() + 1, True],
        "00.1": ["7", 2.5, -1, caught + 1, max(caught - 1, 0), 10**6],
        "01.1": [
            "Market",
            sc.Market(),  # keeps the hand: no Silk
            sc.Market(set_aside=("Cheese",), take=(1,), pile=0),  # takes the top card only
            sc.Market(set_aside=("Apples",), take=(1, 1), pile=0),  # illegal: one card short
        ],
        "02.1": [4, "Silk", "apples", *[g for g, c in costs.items() if c > min(costs.values())]],
        "04.1": [
            [7, 7, 0],
            {"Ann": 7, "Ben": 7},
            {**bonus, "Ann": bonus["Ann"] + 1},
            {**bonus, "Cat": 5},
            {**bonus, "Dan": 0},
            {**bonus, "Ann": float(bonus["Ann"])},
        ],
        "05.1": [1, "cheater", *[s for s, r in rates.items() if r < max(rates.values())]],
        "09.1": ["many", 1, lesson09.games_needed() // 2, 2 * lesson09.games_needed(), 10**5],
        "09.2": [
            "30 gold",
            {"setup.starting_gold": 30},  # the bags and the Crossbow unchanged
            {**lesson09.HOUSE_RULE, "round.bag_min": 5},  # refused by the loader
            {**lesson09.HOUSE_RULE, "goods.Pepper.penalty": 6},  # a change not asked for
            {"starting_gold": 30},  # not a field path
        ],
        "10.1": [
            (one_summary_pepper.smuggle_prob, one_summary_pepper.inspect_prob),  # one Pepper
            (summary_pepper.inspect_prob, summary_pepper.smuggle_prob),  # swapped
            (absolute_pepper.smuggle_prob, absolute_pepper.inspect_prob),  # classic fines
            0.25,
            (0.5, 1.5),
        ],
        "10.2": [
            lesson10.bribing_goods() | {"Pepper"},  # Pepper's value is used up by the fine
            {"Crossbow"},
            lesson10.bribing_goods("summary-sheet"),  # the summary sheet's (empty) answer
            {"Gold"},
            "Crossbow",
        ],
        "10.3": [per_bag, 0, lesson10.commitment_gain_per_game(4), -1, "lots"],
        "10.4": [
            absolute_pepper.smuggle_prob,  # absolute scores
            lesson10.relative_smuggling(2),  # two players
            theory.relative_equilibrium(
                sc.load_variant("classic"), contraband="Pepper", j=1
            ).smuggle_prob,  # two players, one Pepper
            1.5,
        ],
        "10.5": [
            (summary_pepper.smuggle_prob, summary_pepper.inspect_prob),  # the Pepper support
            tuple(reversed(lesson10.menu_equilibrium())),  # swapped
            (0.2, 0.3),
            "Crossbow",
        ],
        "11.1": ["honest", "smuggler", "no-such-bot", 42],  # no better than honest; not bots
        "11.2": ["trusting", "always-inspect", "honest", 42],  # lets lies pass; opens all; ...
        "11.3": [
            {"never": 12, "always": 4},  # the equilibrium's value for "never"
            {"never": 4, "always": 10},  # swapped
            {"never": 10},  # one key missing
            "ten",
        ],
    }


@pytest.mark.parametrize("lesson", _lessons())
def test_checks_answer_wrong_answers_with_not_quite(lesson: str) -> None:
    wrong = _wrong_answers()
    registered = exercises(lesson)
    assert registered, f"lesson {lesson} registers no exercise"
    for ex in registered:
        assert wrong.get(ex.exercise_id), f"no wrong answers to try for {ex.exercise_id}"
        for answer in wrong[ex.exercise_id]:
            feedback = check(ex.exercise_id, answer)
            assert feedback.status == "not quite", (ex.exercise_id, answer, str(feedback))
            assert str(feedback).startswith("Not quite:")
            assert "could not be checked" not in str(feedback), str(feedback)
        assert str(check(ex.exercise_id, ...)) == f"Not yet. {ex.hint}"


# --- the same, in a real JupyterLab: opening marks nothing modified, saving changes nothing ---


@pytest.mark.browser
def test_jupyterlab_open_and_save_leaves_a_lesson_byte_identical(tmp_path: Path) -> None:
    """Open a committed lesson (with exercises and a widget) in JupyterLab, wait for its
    kernel, check it is not marked modified, save it (Ctrl+S) and compare the bytes."""

    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    from jupyter_browser import CHROMIUM_ARGS, JupyterLab, Lab, require_chromium

    chromium = require_chromium()
    from playwright.sync_api import sync_playwright

    lesson = INSTRUCTOR / "05_variants.ipynb"
    with JupyterLab(tmp_path, [lesson]) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            lab = Lab(page, server, timeout=90)
            lab.open(lesson.name)
            page.wait_for_timeout(2000)  # JupyterLab copies the kernel's metadata in now
            dirty = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"
            assert page.evaluate(dirty) is False, "JupyterLab marks the lesson modified on open"
            page.locator(".jp-Notebook").first.click()
            page.keyboard.press("Control+s")
            page.wait_for_function(f"() => !({dirty[6:]})", timeout=30_000)
            page.wait_for_timeout(1000)
        finally:
            browser.close()
            server.shutdown_sessions()
    saved = server.served / lesson.name
    assert saved.read_bytes() == lesson.read_bytes()


# --- tools/restore_lessons.py: one line gives a learner a fresh lesson ---


def _restore_tool():
    spec = importlib.util.spec_from_file_location(
        "restore_lessons", ROOT / "tools" / "restore_lessons.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_restore_lessons_overwrites_only_the_lessons_named(tmp_path: Path) -> None:
    import subprocess

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)

    lessons = tmp_path / "notebooks"
    (lessons / "instructor").mkdir(parents=True)
    given = {
        name: (NOTEBOOKS / name).read_bytes()
        for name in ("01_setup_and_market.ipynb", "07_play_a_game.ipynb")
    }
    for name, data in given.items():
        (lessons / name).write_bytes(data)
    (lessons / "instructor" / "07_play_a_game.ipynb").write_bytes(b"teacher")
    git("init", "-q")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "lessons")
    (lessons / "07_play_a_game.ipynb").write_text("a learner's muddle")
    (lessons / "01_setup_and_market.ipynb").write_text("also changed")
    (lessons / "instructor" / "07_play_a_game.ipynb").write_text("teacher's edit")
    (lessons / "my_notes.ipynb").write_text("mine")
    said: list[str] = []
    tool = _restore_tool()
    written = tool.restore(["7"], root=tmp_path, say=said.append)
    assert written == [lessons / "07_play_a_game.ipynb"]
    assert (lessons / "07_play_a_game.ipynb").read_bytes() == given["07_play_a_game.ipynb"]
    assert said == ["notebooks/07_play_a_game.ipynb: overwriting it with the lesson as given"]
    assert (lessons / "01_setup_and_market.ipynb").read_text() == "also changed"
    assert (lessons / "instructor" / "07_play_a_game.ipynb").read_text() == "teacher's edit"
    assert (lessons / "my_notes.ipynb").read_text() == "mine"
    assert tool.restore(["07"], root=tmp_path, say=said.append) == []  # already as given
    with pytest.raises(ValueError, match="no lesson 42"):
        tool.restore(["01", "42"], root=tmp_path)
    assert (lessons / "01_setup_and_market.ipynb").read_text() == "also changed"  # nothing written
    with pytest.raises(ValueError, match="not a git checkout"):
        tool.restore(["01"], root=tmp_path / "notebooks" / "instructor" / "nowhere")


RESTORE_NOTE = "python tools/restore_lessons.py"


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")), ids=_id)
def test_each_lesson_says_how_to_start_it_again(path: Path) -> None:
    """The lesson's first cell says, in one line, the command that restores it (a
    translation is restored by its number and language: ``07.th``)."""
    first = _read(path).cells[0]
    key = path.name[:2] + ("" if _language(path) == "en" else f".{_language(path)}")
    lines = [line for line in first.source.splitlines() if RESTORE_NOTE in line]
    assert len(lines) == 1, f"{path.name}: no one-line note with `{RESTORE_NOTE} {key}`"
    assert f"`{RESTORE_NOTE} {key}`" in lines[0]


# --- learners' widgets are theirs: no demonstration cell drives them ---

#: The widget each lesson hands the learner, and the cell that makes it.
LEARNER_WIDGETS = {
    "01_setup_and_market.ipynb": ("turn", "turn = market_turn("),
    "02_load_and_declare.ipynb": ("builder", "builder = bag_builder("),
    "03_inspection_and_bribes.ipynb": ("sheriff", "sheriff = inspection_simulator("),
    "07_play_a_game.ipynb": ("table", "table = play_table("),
    "07_play_a_game.th.ipynb": ("table", "table = play_table("),
    "07_play_a_game.zh.ipynb": ("table", "table = play_table("),
}


@pytest.mark.parametrize("name", sorted(LEARNER_WIDGETS))
def test_no_cell_after_the_learners_widget_touches_it(name: str) -> None:
    """Run All leaves the learner's widget as it was made: every cell below it drives a
    demonstration widget of its own (01 and 02 drove the learner's builder; 02 left an
    illegal "4 Mead" in it)."""
    variable, maker = LEARNER_WIDGETS[name]
    cells = [c for c in _read(NOTEBOOKS / name).cells if c.cell_type == "code"]
    made = [i for i, c in enumerate(cells) if maker in c.source]
    assert len(made) == 1, f"{name}: no single cell makes the learner's widget ({maker!r})"
    used = re.compile(rf"(?<![\w.]){variable}\s*[.[=(]")
    touching = [c.source for c in cells[made[0] + 1 :] if used.search(c.source)]
    assert not touching, f"{name}: cells below the learner's {variable!r} use it: {touching}"


# --- the Thai and Chinese lessons: the English lesson's code, translated prose ---

#: The lessons given in Thai and Chinese (issue 28), as ``NN_name``.
TRANSLATED = ["00_start_here", "07_play_a_game"]
LANGUAGES = ["th", "zh"]


def test_the_translated_lessons_are_all_there() -> None:
    names = {p.name for p in NOTEBOOKS.glob("*.*.ipynb")}
    assert names == {f"{s}.{lang}.ipynb" for s in TRANSLATED for lang in LANGUAGES}
    assert {p.name for p in INSTRUCTOR.glob("*.*.ipynb")} == names


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("stem", TRANSLATED)
def test_a_translated_lesson_runs_the_english_lessons_code(stem: str, lang: str) -> None:
    """Same code cells (one line added to the first: the language switch), same cell ids
    where the English lesson has them, and no prose left as it was in English."""
    english = _read(INSTRUCTOR / f"{stem}.ipynb").cells
    translated = _read(INSTRUCTOR / f"{stem}.{lang}.ipynb").cells
    code = [c.source for c in translated if c.cell_type == "code"]
    expected = [c.source for c in english if c.cell_type == "code"]
    switch = f'sc.set_language("{lang}")'
    first = [line for line in code[0].splitlines() if not line.startswith(switch)]
    assert len(first) == len(code[0].splitlines()) - 1, "the first code cell switches language"
    assert "\n".join(first).strip() == expected[0].strip()
    extra = [s for s in code[1:] if s not in expected]  # lesson 00 adds the glossary
    assert extra in ([], ["sc.glossary()"]), extra
    assert [s for s in code[1:] if s in expected] == expected[1:]
    ids = {c.get("id"): c for c in english}
    for cell in translated:
        twin = ids.get(cell.get("id"))
        if cell.cell_type == "markdown" and twin is not None:
            assert cell.source != twin.source
            assert re.search(
                r"[\u0e00-\u0e7f]" if lang == "th" else r"[\u4e00-\u9fff]", cell.source
            )


#: Sentences of the English narration and of the play table's outcome line.
ENGLISH_SENTENCES = re.compile(
    r"sets aside|loads \d|declares|passes unopened|threatens|keeps the whole hand|"
    r"You (set|loaded|declared|opened|let|threaten|demanded)|Now:|Round \d+ of|Correct!|Not yet"
)
SCRIPT = {"th": re.compile(r"[\u0e00-\u0e7f]"), "zh": re.compile(r"[\u4e00-\u9fff]")}


@pytest.mark.parametrize(
    "path",
    [NOTEBOOKS / f"{s}.{lang}.ipynb" for s in TRANSLATED for lang in LANGUAGES]
    + [INSTRUCTOR / f"{s}.{lang}.ipynb" for s in TRANSLATED for lang in LANGUAGES],
    ids=_id,
)
def test_a_translated_lessons_outputs_are_in_its_language(path: Path) -> None:
    """What the game says in a Thai or Chinese lesson (the narration, the table's outcome
    line, the log, the checks' answers) is in that language: no English sentence left."""
    lang = _language(path)
    told = 0
    for cell in _read(path).cells:
        if cell.cell_type != "code" or not re.search(
            r"narrate\(|outcome_text|rounds\[|check\(", cell.source
        ):
            continue
        text = "".join(
            "".join(o.get("data", {}).get("text/plain", "")) + "".join(o.get("text", ""))
            for o in cell.get("outputs", [])
        )
        assert SCRIPT[lang].search(text), (path.name, cell.source, text[:200])
        assert not ENGLISH_SENTENCES.search(text), (path.name, ENGLISH_SENTENCES.search(text))
        told += 1
    assert told >= 3, f"{path.name}: too few outputs told by the game"
