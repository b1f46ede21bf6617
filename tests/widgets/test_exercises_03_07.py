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
    assert check("07.1", "load two Bread").message == "that loads two Bread, not the cards asked."
    assert "cannot read action 'loaded Bread'" in check("07.1", "loaded Bread").message
    assert check("07.1", ["Bread"]).message.startswith("write the action as text")
    assert check("07.2", str(sc.Offer(2, bag=("Pepper",)))).correct
    msg = check("07.2", "offer 3 gold; bag Pepper").message
    assert msg == "it offers 3 gold."
    assert "cannot read" in check("07.2", "offer 2 gold and a Pepper").message
    for answer in ("load Mead,Bread,Bread", "offer 1 gold"):
        fb = check("07.1" if answer.startswith("load") else "07.2", answer)
        assert "Bread,Bread,Mead" not in fb.message and "bag Pepper" not in fb.message
