"""Lesson 10's self-checks accept correctly rounded answers (issue 26).

The prompts invite decimals; an answer rounded as invited (probabilities to three
decimals, gold to two) is right, and is told the exact value. A slip, or too few
decimals to tell a slip from rounding, is not.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheriff_core.exercises import check, lesson10

# The four answers issue 26 reports as diagnosed with a substantive error.
ROUNDED = [
    ("10.1", (0.25, 0.286), "(1/4, 2/7)"),
    ("10.3", 53.33, "160/3"),
    ("10.4", 0.267, "4/15"),
    ("10.5", (0.182, 0.35), "(2/11, 7/20)"),
]


@pytest.mark.parametrize(("exercise", "answer", "exact"), ROUNDED)
def test_a_correctly_rounded_answer_is_right_and_told_the_exact_value(
    exercise: str, answer: object, exact: str
) -> None:
    feedback = check(exercise, answer)
    assert feedback.correct, str(feedback)
    assert exact in feedback.message


@pytest.mark.parametrize(
    ("exercise", "answer"),
    [
        ("10.1", (Fraction(1, 4), Fraction(2, 7))),
        ("10.1", (1 / 4, 2 / 7)),
        ("10.3", Fraction(160, 3)),
        ("10.4", Fraction(4, 15)),
        ("10.5", lesson10.menu_equilibrium()),
    ],
)
def test_an_exact_answer_is_right_without_a_note(exercise: str, answer: object) -> None:
    feedback = check(exercise, answer)
    assert feedback.correct, str(feedback)
    assert "exact value" not in feedback.message


@pytest.mark.parametrize(
    ("exercise", "answer"),
    [
        ("10.1", (0.25, 0.285)),  # truncated, not rounded
        ("10.1", (0.25, 0.287)),
        ("10.3", 53.34),
        ("10.3", 53.0),
        ("10.4", 0.266),
        ("10.5", (0.181, 0.35)),
        ("10.5", (0.182, 0.351)),
    ],
)
def test_a_slip_in_the_last_decimal_is_not_right(exercise: str, answer: object) -> None:
    assert check(exercise, answer).status == "not quite"


@pytest.mark.parametrize(
    ("exercise", "answer"),
    [("10.1", (0.25, 0.29)), ("10.3", 53.3), ("10.4", 0.27), ("10.5", (0.18, 0.35))],
)
def test_too_few_decimals_is_asked_for_more_not_called_wrong(exercise: str, answer: object) -> None:
    feedback = check(exercise, answer)
    assert feedback.status == "not quite"
    assert "give at least" in feedback.message


def test_a_rounded_distractor_gets_its_own_diagnosis() -> None:
    """The one-Pepper equilibrium, rounded, is still recognised as that."""
    assert "one Pepper" in check("10.1", (0.625, 0.182)).message
    assert "absolute scores" in check("10.4", 0.333).message
