"""Self-checks for the lessons' exercises.

An exercise cell in a lesson holds a blank (``...``) where the learner's answer
goes; the cell after it calls :func:`check` with the exercise's id and the
answer. The check never prints the solution. It answers one of three ways:

- **not yet**: the blank is still ``...`` (or ``None``): a hint, and the run goes on;
- **not quite**: the answer is wrong: what is wrong with it, without the solution;
- **correct**: a confirmation (and why it is right, which the learner now knows).

Solutions live in the instructor notebooks (``notebooks/instructor/``) between
nbgrader's ``### BEGIN SOLUTION`` / ``### END SOLUTION`` markers;
``python tools/notebooks.py`` clears them to make the student notebooks.

Each lesson's exercises are registered in a module ``lessonNN`` of this package
(the id ``"02.1"`` lives in ``lesson02``) with the :func:`exercise` decorator:
the decorated function takes the answer and returns ``None`` when it is right,
or a sentence naming what is wrong.

The checks answer in the current language (:func:`sheriff_core.set_language`): the
leads, the hint and the praise are looked up when :func:`check` runs (they are
registered as message ids, in the ``lessons`` catalog), and a test that wants its
sentences translated writes them through ``_``. The lessons that have Thai and Chinese
versions (00 and 07) translate theirs.

>>> from sheriff_core.exercises import exercise, check
>>> @exercise("99.1", hint="Count the Apples.", right="Three Apples it is.")
... def _three(answer):
...     return None if answer == 3 else f"{answer!r} is not the number of Apples"
>>> check("99.1", ...)
Not yet. Count the Apples.
>>> check("99.1", 4)
Not quite: 4 is not the number of Apples.
>>> check("99.1", 3)
Correct! Three Apples it is.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Real
from typing import Any, Literal

from sheriff_core.base.i18n import N_, _

__all__ = ["Exercise", "Feedback", "Rounded", "check", "exercise", "exercises", "number"]

Status = Literal["not yet", "not quite", "correct"]
Test = Callable[[Any], "str | None"]

_LEADS = {"not yet": N_("Not yet."), "not quite": N_("Not quite:"), "correct": N_("Correct!")}
_COLOURS = {"not yet": "#8a6d00", "not quite": "#b00020", "correct": "#1b7f3b"}
_REGISTRY: dict[str, Exercise] = {}


class Rounded(str):
    """What a test returns for an answer that is right to the rounding the prompt invites:
    a note for the learner (e.g. ``"Right to three decimals; the exact value is 2/7"``),
    shown before the praise.

    >>> @exercise("99.2", hint="Two sevenths.", right="Well derived.")
    ... def _two_sevenths(answer):
    ...     if answer == 2 / 7:
    ...         return None
    ...     near = round(answer, 3) == 0.286
    ...     return Rounded("Right to three decimals; the exact value is 2/7") if near else "no"
    >>> check("99.2", 0.286)
    Correct! Right to three decimals; the exact value is 2/7. Well derived.
    """


@dataclass(frozen=True)
class Feedback:
    """What a self-check says: ``status``, a ``message`` for the learner, and the ``lead``
    shown before it (``"Correct!"``; in the language current when the check ran).
    """

    exercise_id: str
    status: Status
    message: str
    lead: str = ""
    #: How the lead and the message are put together (Chinese puts no space after its ':').
    form: str = ""

    def __post_init__(self) -> None:
        if not self.lead:
            object.__setattr__(self, "lead", _(_LEADS[self.status]))
        if not self.form:
            object.__setattr__(self, "form", _("{lead} {message}"))

    @property
    def correct(self) -> bool:
        """True when the answer is right."""
        return self.status == "correct"

    def __str__(self) -> str:
        return self.form.format(lead=self.lead, message=self.message).rstrip()

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = _COLOURS[self.status]
        return (
            f'<div style="border-left:6px solid {colour};padding:6px 10px;'
            f'font-size:1.05em"><b style="color:{colour}">{html.escape(self.lead)}'
            f"</b> {html.escape(self.message)}</div>"
        )


@dataclass(frozen=True)
class Exercise:
    """One exercise: its id, the test of an answer, a hint, and the praise when right."""

    exercise_id: str
    test: Test
    hint: str
    right: str = ""

    def check(self, answer: Any) -> Feedback:
        """Judge ``answer``; see :func:`check`. The hint and the praise are message ids,
        shown in the current language."""
        if answer is ... or answer is None:
            return Feedback(self.exercise_id, "not yet", _(self.hint))
        try:
            problem = self.test(answer)
        except Exception as exc:  # a learner's odd answer must not stop the lesson
            error = f"{type(exc).__name__}: {exc}"
            problem = _("your answer could not be checked ({error})").format(error=error)
        right = _(self.right) if self.right else ""
        if problem is None:
            return Feedback(self.exercise_id, "correct", right)
        if isinstance(problem, Rounded):
            note = problem.rstrip(".")
            return Feedback(
                self.exercise_id,
                "correct",
                _("{note}. {right}").format(note=note, right=right).strip(),
            )
        problem = problem.rstrip(".")
        return Feedback(self.exercise_id, "not quite", _("{problem}.").format(problem=problem))


def exercise(exercise_id: str, *, hint: str, right: str = "") -> Callable[[Test], Test]:
    """Register ``test`` (answer -> ``None`` if right, else what is wrong) as an exercise."""

    def register(test: Test) -> Test:
        _REGISTRY[exercise_id] = Exercise(exercise_id, test, hint, right)
        return test

    return register


def _load(exercise_id: str) -> Exercise:
    if exercise_id not in _REGISTRY:
        lesson = exercise_id.split(".", 1)[0]
        try:
            importlib.import_module(f"{__name__}.lesson{lesson}")
        except ModuleNotFoundError:
            pass
    try:
        return _REGISTRY[exercise_id]
    except KeyError:
        raise KeyError(f"no exercise {exercise_id!r}; known: {sorted(_REGISTRY)}") from None


def check(exercise_id: str, answer: Any) -> Feedback:
    """Check a learner's ``answer`` to exercise ``exercise_id`` (``"02.1"``).

    Returns a :class:`Feedback` that shows itself in the notebook; it never
    raises for a wrong or blank answer, so "Run All" goes on to the end.
    """
    return _load(exercise_id).check(answer)


def exercises(lesson: str) -> list[Exercise]:
    """The registered exercises of one lesson (``"02"``), in id order."""
    try:
        importlib.import_module(f"{__name__}.lesson{lesson}")
    except ModuleNotFoundError:
        return []
    return [e for k, e in sorted(_REGISTRY.items()) if k.split(".", 1)[0] == lesson]


def number(answer: Any, what: str) -> float | str:
    """``answer`` as a float, or the sentence saying it is not a number (for a test).

    >>> number(3, "a fine"), number(True, "a fine")
    (3.0, 'True is not a number; the answer is a fine')
    """
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return f"{answer!r} is not a number; the answer is {what}"
    return float(answer)
