"""No exercise's right answer is printed above its check, in the students' copies.

For every exercise of every lesson the library computes the right answer (with the
exercise module, ``sheriff_core/exercises/lessonNN.py``, or the theory it uses), and
this test looks for it, in the forms a learner would read it, in everything above the
exercise's ``check(...)`` cell of ``notebooks/NN_*.ipynb``: the markdown (prose) and
the stored outputs of the code cells (plain text, HTML with its tags removed, printed
text, the text of SVG charts). Nothing is executed: the committed notebooks are read.

The forms (see :func:`number_forms`): a fraction ``9/11`` (and ``9 / 11``), decimals
rounded to 2, 3 and 4 places and the percentage (``0.818``, ``81.8%``) for a rate;
for the other answers their text form (``load Bread,Bread,Mead``), a mapping's pairs
all in one cell, or the answer next to the words that would make it the answer (the
count of caught lies next to "inspected: lie"). A small whole number alone is not a
give-away (a 7 appears everywhere), so counts are looked for beside their label.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CHECK_CALL = re.compile(r"""^check\(["'](\d\d\.\d+)["']""", re.MULTILINE)

Forms = list  # of compiled patterns and Value objects: each has .search(text) and .pattern


# -- the forms a printed answer takes -----------------------------------------------------


def _lit(text: str) -> re.Pattern[str]:
    """``text`` as it may be printed: any run of spaces for a space, not inside a longer
    word or number."""
    body = r"\s*".join(re.escape(part) for part in text.split())
    body = body.replace(r"\ ", r"\s*")
    return re.compile(rf"(?<![\w.]){body}(?![\w]|\.\d)")


class Value:
    """A number as a learner may read it printed: a fraction equal to it (``9/11``,
    ``9 / 11``), a decimal of at least ``places`` places that rounds to it (``0.818``,
    ``0.81818182``: numpy prints 8), a percentage with a decimal (``81.8%``), and with
    ``places`` <= 2 a whole percentage (``82%``)."""

    FRACTION = re.compile(r"(?<![\w./])(\d+)\s*/\s*(\d+)(?![\w/]|\.\d)")
    DECIMAL = re.compile(r"(?<![\w.])(\d*)\.(\d+)(?![\w.]*\d)(\s*%)?")

    def __init__(self, x: float | Fraction, places: int = 3) -> None:
        self.x, self.places = x, places
        self.pattern = f"{x} (fraction, or >= {places} decimals)"

    def search(self, text: str) -> re.Match[str] | None:
        x = float(self.x)
        for m in self.FRACTION.finditer(text):
            num, den = int(m.group(1)), int(m.group(2))
            if den > 1 and Fraction(num, den) == Fraction(self.x).limit_denominator(10**6):
                return m
        for m in self.DECIMAL.finditer(text):
            whole, decimals, percent = m.group(1), m.group(2), m.group(3)
            value = float(f"{whole or 0}.{decimals}") / (100 if percent else 1)
            places = len(decimals) + (2 if percent else 0)
            exact = places >= 2 and abs(value - x) < 1e-12  # 0.35 for 7/20
            if exact or (places >= self.places and abs(value - x) <= 0.5 * 10**-places + 1e-12):
                return m
        if self.places <= 2:
            for m in re.finditer(r"(?<![\w.])(\d+)\s*%", text):
                if abs(int(m.group(1)) / 100 - x) <= 0.005:
                    return m
        return None


def number_forms(x: float | Fraction, places: int = 3) -> list[Value]:
    """The printed forms of a rate or a non-whole number (see :class:`Value`).

    >>> [bool(f.search(t)) for f in number_forms(Fraction(9, 11)) for t in ("9/11", "0.81818182", "0.82")]
    [True, True, False]
    """
    return [Value(x, places)]


class Together:
    """Every one of ``forms`` in the same text (a pair of rates printed together)."""

    def __init__(self, *forms: Any) -> None:
        self.forms = forms
        self.pattern = " and ".join(f.pattern for f in forms)

    def search(self, text: str) -> Any:
        hits = [f.search(text) for f in self.forms]
        return hits[0] if all(hits) else None


class Near:
    """``form`` in a text that also says ``words`` (a common fraction is a give-away only
    where the text is about the exercise's case, e.g. four players)."""

    def __init__(self, form: Any, words: re.Pattern[str]) -> None:
        self.form, self.words = form, words
        self.pattern = f"{form.pattern} with /{words.pattern}/"

    def search(self, text: str) -> Any:
        return self.form.search(text) if self.words.search(text) else None


def _beside(label: str, value: object, gap: int = 40) -> re.Pattern[str]:
    """``value`` printed after ``label`` within ``gap`` characters (a table row, a sentence)."""
    return re.compile(
        rf"{re.escape(label)}[^\n]{{0,{gap}}}?(?<![\w.]){re.escape(str(value))}(?![\w]|\.\d)"
    )


# -- each exercise's right answer, from the library, and its give-away forms --------------


def _00_1() -> Forms:
    from sheriff_core.exercises.lesson00 import lesson_game, lies_caught

    n = lies_caught(lesson_game())
    return [_beside("inspected: lie", n), re.compile(rf"(?<![\w.]){n} lies? (were )?caught")]


def _01_1() -> Forms:
    from sheriff_core.exercises.lesson01 import lesson_game

    pile = lesson_game().piles[1]  # the top card is the last
    depth = pile[::-1].index("Silk") + 1  # cards to take from pile 1, the Silk last
    takes = ", ".join(["1"] * depth) + ("," if depth == 1 else "")
    return [_lit(f"take=({takes})"), _lit("take " + ",".join(["1"] * depth) + " pile")]


def _02_1() -> Forms:
    import sheriff_core as sc
    from sheriff_core.exercises.lesson02 import cost_if_opened

    costs = {g: cost_if_opened(g) for g in sc.load_variant("classic").legal_goods}
    best = min(costs, key=costs.get)
    # every legal good's cost in one cell is the whole comparison, done
    table = re.compile(
        "".join(rf"(?=[\s\S]*{re.escape(g)}\W{{1,12}}{c}\b)" for g, c in costs.items())
    )
    return [table, _lit(f"cheapest_lie = {best!r}"), _lit(f'cheapest_lie = "{best}"')]


def _03_1() -> Forms:
    from sheriff_core.exercises.lesson03 import CHOICES, SEED, sheriff_gold

    gold = {c: sheriff_gold(c, SEED) for c in CHOICES}
    # both endings of the exercise's deal, played and printed in one cell
    both = "".join(rf"(?=[\s\S]*(?<![\w.]){g} gold)" for g in gold.values())
    return [re.compile(both)]


def _04_1() -> Forms:
    from sheriff_core.exercises.lesson04 import chicken_bonus

    bonus = chicken_bonus()
    pairs = "".join(rf"(?=[\s\S]*{p}\W{{1,20}}{b}(?!\d))" for p, b in bonus.items())
    return [re.compile(rf"(?=[\s\S]*Chickens){pairs}"), _lit(repr(bonus))]


def _05_1() -> Forms:
    from sheriff_core.exercises.lesson05 import win_rates_against_inspector

    rates = win_rates_against_inspector()
    best = max(rates, key=rates.get)
    return [
        re.compile(rf"(?=[\s\S]*always-inspect)[\s\S]*{form.pattern}")
        for form in [_lit(f"{rates[best]:.2f}"), _lit(f"{rates[best]:.3f}")]
    ] + [_beside(best, f"{rates[best]:.0%}", gap=60)]


def _06_1() -> Forms:
    from sheriff_core.exercises.lesson06 import _equilibrium

    lo, hi = 0.01, 100.0  # s* falls as the fine grows: bisect for s* = 1/2
    for _ in range(80):
        mid = (lo + hi) / 2
        if _equilibrium("summary-sheet", j=1, penalty=mid).smuggle_prob > 0.5:
            lo = mid
        else:
            hi = mid
    fine = Fraction((lo + hi) / 2).limit_denominator(100)
    if fine.denominator == 1:
        return [_beside("fine", int(fine), gap=30), _lit(f"penalty={int(fine)}")]
    return number_forms(fine, places=1)


def _06_2() -> Forms:
    from sheriff_core.exercises.lesson06 import _equilibrium

    return number_forms(_equilibrium("classic", j=2).inspect_prob, places=3)


def _07_1() -> Forms:
    from sheriff_core.exercises.lesson07 import LOAD

    return [_lit(str(LOAD)), _lit(", ".join(LOAD.cards).join(("load ", "")))]


def _07_2() -> Forms:
    from sheriff_core.exercises.lesson07 import OFFER

    return [_lit(str(OFFER))]


def _08_1() -> Forms:
    from sheriff_core.exercises.lesson08 import NUMBER, SPACES

    return [_lit(f"with_track([{NUMBER}] * {SPACES})"), _lit(repr([NUMBER] * SPACES))]


def _08_2() -> Forms:
    from sheriff_core.exercises.lesson08 import generous_mean_turns

    return number_forms(generous_mean_turns(), places=1)


def _09_1() -> Forms:
    from sheriff_core.exercises.lesson09 import games_needed

    n = games_needed()
    return [re.compile(rf"(?<![\w.]){n}\s+(paired\s+)?games")]


def _09_2() -> Forms:
    from sheriff_core.exercises.lesson09 import HOUSE_RULE

    pairs = "".join(rf"(?=[\s\S]*{re.escape(k)}\W{{1,6}}{v}\b)" for k, v in HOUSE_RULE.items())
    return [re.compile(pairs)]


def _pair_forms(s: float, q: float, places: int = 3) -> Forms:
    return [Together(Value(s, places), Value(q, places))]


def _10_1() -> Forms:
    from sheriff_core.exercises.lesson10 import load_choice_equilibrium

    eq = load_choice_equilibrium()
    return _pair_forms(eq.smuggle_prob, eq.inspect_prob)


def _10_2() -> Forms:
    from sheriff_core.exercises.lesson10 import bribing_goods

    goods = sorted(bribing_goods())
    return [_lit(repr(set(goods))), _lit(repr(goods))] if goods else [_lit("set()")]


def _10_3() -> Forms:
    from sheriff_core.exercises.lesson10 import commitment_gain_per_game

    gain = commitment_gain_per_game()
    if gain.denominator == 1:
        return [_beside("per game", gain, gap=30), re.compile(rf"(?<![\w.]){gain} gold per game")]
    return number_forms(gain, places=1)


def _10_4() -> Forms:
    from sheriff_core.exercises.lesson10 import relative_smuggling

    four = re.compile(r"\b(4|four) players|N = 4|w = 1/3", re.IGNORECASE)
    return [Near(form, four) for form in number_forms(relative_smuggling(), places=3)]


def _10_5() -> Forms:
    from sheriff_core.exercises.lesson10 import menu_equilibrium

    return _pair_forms(*menu_equilibrium())


def _11_1() -> Forms:
    # the answer is a strategy: a bag of at most 3 cards for the contraband, said for the
    # learner's own merchant (lesson 10 describes the threshold Sheriff, not this answer)
    small = re.compile(r"(at most|no more than|fewer than|up to)\s+(3|three)\s+cards|\[:\s*3\]")
    mine = re.compile(r"my_merchant|your merchant|Sneak", re.IGNORECASE)
    return [Near(small, mine)]


def _11_2() -> Forms:
    big = re.compile(r"(4|four) (or more )?cards|count >= 4|>= ?4\b")
    mine = re.compile(r"my_sheriff|your Sheriff|Sizer", re.IGNORECASE)
    return [Near(big, mine)]


def _11_3() -> Forms:
    from sheriff_core.exercises.lesson11 import points_per_bag

    never, always = (f"{points_per_bag(s):g}" for s in (0.0, 1.0))
    return [
        Together(_beside("never", never, gap=60), _beside("always", always, gap=60)),
        _lit(repr({"never": int(float(never)), "always": int(float(always))})),
    ]


ANSWERS: dict[str, Callable[[], Forms]] = {
    name[1:].replace("_", "."): f
    for name, f in dict(globals()).items()
    if re.fullmatch(r"_\d\d_\d", name)
}


# -- what a learner reads above a check --------------------------------------------------

TAG = re.compile(r"<[^>]+>")
SVG_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


def _output_texts(cell) -> Iterator[str]:
    for out in cell.get("outputs", []):
        if "text" in out:
            yield "".join(out["text"])
        data = out.get("data", {})
        for kind, value in data.items():
            text = "".join(value) if isinstance(value, list) else str(value)
            if kind in ("text/plain", "text/markdown", "text/latex"):
                yield text
            elif kind == "text/html":
                yield html.unescape(TAG.sub(" ", text))
            elif kind == "image/svg+xml":
                yield " ".join(html.unescape(t) for t in SVG_TEXT.findall(text))


def _texts(cell) -> list[str]:
    return [cell.source] if cell.cell_type == "markdown" else list(_output_texts(cell))


@cache
def read_above(path: Path) -> dict[str, list[tuple[int, str]]]:
    """For each exercise checked in notebook ``path``: (cell index, text) of every
    markdown source and code output above its check cell, and of the rest of its
    section (down to the next heading: what a learner reads under "Not yet")."""
    nb = nbformat.read(path, as_version=4)
    above: dict[str, list[tuple[int, str]]] = {}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for ex_id in CHECK_CALL.findall(cell.source):
            seen = [(j, t) for j, c in enumerate(nb.cells[:i]) for t in _texts(c)]
            for j in range(i + 1, len(nb.cells)):
                after = nb.cells[j]
                if after.cell_type == "markdown" and after.source.lstrip().startswith("#"):
                    break
                if after.cell_type == "code" and CHECK_CALL.search(after.source):
                    break
                seen += [(j, t) for t in _texts(after)]
            above[ex_id] = seen
    return above


@cache
def read_before(path: Path) -> list[tuple[str, str]]:
    """(where, text) of every markdown source and code output of the lessons before
    ``path`` (a learner reads them first)."""
    out = []
    for earlier in _lessons():
        if earlier.name[:2] >= path.name[:2]:
            break
        nb = nbformat.read(earlier, as_version=4)
        for i, cell in enumerate(nb.cells):
            out += [(f"{earlier.name[:2]} cell {i}", t) for t in _texts(cell)]
    return out


def _lessons() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def _exercise_ids(path: Path) -> list[str]:
    return sorted(read_above(path))


CASES = [(path, ex_id) for path in _lessons() for ex_id in _exercise_ids(path)]


def test_every_exercise_has_its_give_away_forms() -> None:
    from sheriff_core.exercises import exercises

    registered = {e.exercise_id for p in _lessons() for e in exercises(p.name[:2])}
    assert registered, "no exercises found"
    assert registered <= set(ANSWERS), sorted(registered - set(ANSWERS))
    assert {ex for _p, ex in CASES} == registered


@pytest.mark.parametrize(
    ("path", "ex_id"), CASES, ids=lambda v: getattr(v, "name", v)[:2] if isinstance(v, Path) else v
)
def test_no_exercise_answer_is_printed_above_its_check(path: Path, ex_id: str) -> None:
    forms = ANSWERS[ex_id]()
    assert forms, f"{ex_id}: no form to look for"
    found = []
    here = [(f"{path.name[:2]} cell {i}", t) for i, t in read_above(path)[ex_id]]
    for where, text in read_before(path) + here:
        for form in forms:
            hit = form.search(text)
            if hit:
                start = max(hit.start() - 60, 0)
                excerpt = " ".join(text[start : hit.end() + 60].split())
                found.append(f"{where}: /{form.pattern[:60]}/ in ...{excerpt}...")
    assert not found, f"{path.name}: the answer to {ex_id} is shown above its check:\n" + "\n".join(
        found
    )


def test_the_forms_find_a_printed_answer() -> None:
    """The search is not blind: each kind of form finds an answer where it is printed."""
    nine_11 = number_forms(Fraction(9, 11))
    for printed in (
        "q* = 9/11 and",
        "s* = 18 / 22",
        "inspect 0.818 of the bags",
        "[0.81818182 0.18]",
        "81.8%",
    ):
        assert any(f.search(printed) for f in nine_11), printed
    for other in ("0.8185 and 19/11", "about 82% of them", "0.82", "9/110", "1.818"):
        assert not any(f.search(other) for f in nine_11), other
    assert _beside("inspected: lie", 7).search("inspected: lie      7\npassed  9")
    assert not _beside("inspected: lie", 7).search("inspected: lie      17")
    forms = _07_1()
    assert any(f.search("my_load = 'load Bread,Bread,Mead'") for f in forms)
    assert any(f.search("type load Bread, Bread, Mead here") for f in forms)
