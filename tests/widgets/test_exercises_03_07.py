"""The self-checks of lessons 03 and 07: right answers pass, wrong ones say what is wrong
without giving the solution away."""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.exercises import check, exercises
from sheriff_core.exercises.lesson03 import sheriff_gold


def test_lessons_register_their_exercises():
    assert [e.exercise_id for e in exercises("03")] == ["03.1"]
    assert [e.exercise_id for e in exercises("07")] == ["07.1", "07.2"]


def test_03_1_compares_the_two_choices_played_on_the_engine():
    from sheriff_core.exercises.lesson03 import SEED

    gold = {c: sheriff_gold(c, SEED) for c in ("pass", "inspect")}
    best = max(gold, key=gold.get)
    worst = min(gold, key=gold.get)
    assert gold[best] > gold[worst]
    assert check("03.1", best).correct
    wrong = check("03.1", worst)
    assert (
        wrong.status == "not quite" and f"ends the round with {gold[worst]} gold" in wrong.message
    )
    assert best not in wrong.message.replace(worst, "")  # the solution is not printed
    assert check("03.1", ...).status == "not yet"
    assert check("03.1", 3).status == "not quite"


def test_07_checks_read_the_text_as_the_action_box_does():
    assert check("07.1", str(sc.Load(("Bread", "Bread", "Mead")))).correct
    assert "not in the order asked" in check("07.1", "load Bread,Mead,Bread").message
    assert "not a load" in check("07.1", "declare 3 Bread").message
    assert check("07.1", "load Bread,Apples,Mead").message == (
        "that loads Bread, Apples, Mead, not the cards asked."
    )
    assert "cannot read action 'loaded Bread'" in check("07.1", "loaded Bread").message
    assert check("07.1", ["Bread"]).message.startswith("write the action as text")
    assert check("07.2", str(sc.Offer(2, bag=("Pepper",)))).correct
    msg = check("07.2", "offer 3 gold; bag Pepper").message
    assert msg == "it offers 3 gold."
    assert "cannot read" in check("07.2", "offer 2 gold and a Pepper").message
    for answer in ("load Mead,Bread,Bread", "offer 1 gold"):
        fb = check("07.1" if answer.startswith("load") else "07.2", answer)
        assert "Bread,Bread,Mead" not in fb.message and "bag Pepper" not in fb.message


def test_07_1_a_count_style_load_is_told_how_loads_are_written():
    """'load 2 Bread, 1 Mead' reads as two cards named '2 Bread' and '1 Mead': the check
    says a part is one card's name, not 'that loads 2 Bread, 1 Mead' (which reads as if
    those were the right cards in the wrong form)."""
    for answer in ("load 2 Bread, 1 Mead", "load 2 Bread,Mead", "load two Bread, a Mead"):
        fb = check("07.1", answer)
        assert fb.status == "not quite", answer
        assert "is not the name of a card" in fb.message, fb.message
        assert "each part between commas as one card" in fb.message, fb.message
        assert "that loads" not in fb.message, fb.message
        assert "Bread,Bread,Mead" not in fb.message  # the solution is not printed


def test_00_1_a_count_from_pandas_or_numpy_is_a_whole_number():
    """`(bags["outcome"] == "inspected: lie").sum()` is a numpy integer: it is checked as
    a count, not refused for its type."""
    import numpy as np
    import pandas as pd

    from sheriff_core.exercises.lesson00 import lesson_game, lies_caught

    right = lies_caught(lesson_game())
    outcomes = pd.Series(["inspected: lie"] * right + ["passed"] * 3)
    counted = (outcomes == "inspected: lie").sum()
    assert type(counted).__module__ == "numpy"
    for answer in (counted, np.int32(right), float(right)):
        assert check("00.1", answer).correct, (answer, str(check("00.1", answer)))
    too_many = check("00.1", np.int64(right + 1))
    assert too_many.status == "not quite" and "too high" in too_many.message
    assert "not a" not in too_many.message
    assert check("00.1", 2.5).status == "not quite"
    assert check("00.1", np.bool_(True)).status == "not quite"
