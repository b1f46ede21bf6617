"""The golden playthroughs (``tests/golden/<case>.txt``) are what the games play now.

Each file is a seeded bot game written out to be read (``playthrough.py`` says what is
in it). A change of rules, bots or events shows here as a readable diff: if it is
deliberate, run ``python tests/golden/playthrough.py`` and commit the files with it.
"""

from __future__ import annotations

import difflib

import pytest
from playthrough import cases, path, transcript


def test_there_is_a_file_for_every_case_and_no_other():
    here = path("x").parent
    assert sorted(p.stem for p in here.glob("*.txt")) == sorted(cases())


@pytest.mark.parametrize("case", cases())
def test_the_game_plays_as_its_golden_playthrough(case):
    expected = path(case).read_text(encoding="utf-8")
    actual = transcript(case)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), f"{case}.txt", "played now", lineterm=""
        )
        pytest.fail(
            f"{case} no longer plays as tests/golden/{case}.txt (first 40 lines of the diff; "
            "if the change is deliberate, run `python tests/golden/playthrough.py` and commit "
            "the files):\n" + "\n".join(list(diff)[:40]),
            pytrace=False,
        )


@pytest.mark.parametrize("case", ["classic", "nottingham"])
def test_a_playthrough_shows_actions_events_and_views(case):
    lines = path(case).read_text(encoding="utf-8").splitlines()
    assert any(line.startswith("== ") for line in lines)  # views
    assert any("[" in line and not line.startswith((" ", "#", "==")) for line in lines)  # actions
    assert any(line.startswith("    ") for line in lines)  # events
    assert lines[-1].startswith("== final")
