"""Self-checks for lesson 10, deriving the equilibrium yourself.

Every right answer is computed with the library (:mod:`sheriff_core.theory.choices`),
never typed in; a wrong answer is told what it is instead (another game's numbers, the
other player's probability, the absolute-score answer), not what the solution is.
Numbers are accepted as exact fractions, floats within 1e-9, or decimals rounded as the
prompts invite: probabilities to three decimals or more, gold to two (``0.286`` for 2/7,
``53.33`` for 160/3); a rounded answer is told the exact value. Too few decimals is told
so, not judged wrong.

>>> from sheriff_core.exercises import check
>>> from fractions import Fraction as F
>>> check("10.1", (F(5, 8), F(2, 11)))
Not quite: (0.625, 0.182) is the equilibrium with one Pepper among the Apples; here the merchant chooses the load, and only empty or full bags survive.
>>> check("10.1", (0.25, 0.286))
Correct! Right to the decimals given; the exact values are (1/4, 2/7). Neither number depends on the bag size: the merchant fills the bag or leaves it honest, and each player's mix keeps the other indifferent.
>>> check("10.1", (0.25, 0.29))
Not quite: 0.29 has 2 decimals; give at least 3 (or a fraction), so that a slip cannot pass for rounding.
>>> check("10.4", F(1, 3))
Not quite: 0.333 is the smuggling rate with absolute scores; with relative scores the Sheriff also counts what the merchant gains.
>>> check("10.2", ["Pepper", "Gold"])
Not quite: 'Gold' is not a contraband good of the classic game; its contraband: Pepper, Mead, Silk, Crossbow.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, Literal

from sheriff_core.exercises import Rounded, exercise, number

__all__: list[str] = []

TOL = 1e-9
#: Decimals a rounded answer must give: probabilities, and gold (exercise 10.3).
PROB_DECIMALS = 3
GOLD_DECIMALS = 2

#: 10.1: the summary sheet, 5 cards declared as Apples, Pepper hidden.
LOAD = {"variant": "summary-sheet", "legal": "Apples", "contraband": "Pepper"}
#: 10.2: classic fines, 5 cards declared as Apples, bribes up to this cap.
BRIBE_CAP = 24
#: 10.3: a five-player classic game, Apples and Pepper.
COMMIT_PLAYERS = 5
#: 10.4: a four-player classic game, a full bag of Pepper under Apples.
RELATIVE_PLAYERS = 4
#: 10.5: the summary sheet, the merchant fills the bag with Pepper or Crossbow.
MENU = ("Pepper", "Crossbow")


def _variant(name: str) -> Any:
    from sheriff_core import load_variant

    return load_variant(name)


def _close(x: float, y: Fraction | float) -> bool:
    return abs(x - float(y)) <= TOL


def _decimals(x: float) -> int | None:
    """The decimals ``x`` was written with (``0.286`` -> 3), or None for a float that is
    no short decimal (a computed ``2/7``), compared to 1e-9 instead.

    >>> _decimals(0.286), _decimals(53.0), _decimals(2 / 7)
    (3, 0, None)
    """
    text = repr(float(x))
    if "e" in text or "inf" in text or "nan" in text:
        return None
    digits = text.split(".")[1].rstrip("0") if "." in text else ""
    return len(digits) if len(digits) < 9 else None


def _near(x: float, y: Fraction | float, decimals: int) -> bool:
    """``x`` is ``y``: within 1e-9, or ``y`` rounded to the (at least ``decimals``)
    decimals ``x`` gives, to half a unit of its last decimal."""
    if _close(x, y):
        return True
    given = _decimals(x)
    return (
        given is not None and given >= decimals and abs(x - float(y)) <= 0.5 * 10.0**-given + 1e-12
    )


def _coarse(
    answer: tuple[float, ...], right: tuple[Fraction | float, ...], decimals: int
) -> str | None:
    """For an answer whose every number rounds to the right value at the decimals it
    gives, some with fewer than ``decimals`` (too coarse to tell a slip from rounding):
    what to do; else None."""
    coarse = None
    for x, y in zip(answer, right, strict=True):
        given = _decimals(x)
        if _close(x, y):
            continue
        if given is None or abs(x - float(y)) > 0.5 * 10.0**-given + 1e-12:
            return None
        if given < decimals and coarse is None:
            coarse = (
                f"{x:g} has {given} decimal{'s' if given != 1 else ''}; give at least "
                f"{decimals} (or a fraction), so that a slip cannot pass for rounding"
            )
    return coarse


def _judge(
    answer: tuple[float, ...], right: tuple[Fraction | float, ...], decimals: int
) -> str | None | Literal[True]:
    """``True`` when ``answer`` is wrong (go on to say how), else what :func:`check`
    should hear: None (exact), a :class:`Rounded` note, or the too-few-decimals sentence."""
    if all(_near(x, y, decimals) for x, y in zip(answer, right, strict=True)):
        return _verdict(answer, right, decimals)
    return _coarse(answer, right, decimals) or True


def _pair_near(answer: tuple[float, float], value: tuple[Fraction | float, ...]) -> bool:
    return all(_near(x, y, PROB_DECIMALS) for x, y in zip(answer, value, strict=True))


def _exact(value: Fraction | float) -> str:
    """An exact value as a fraction (nashpy's floats are exact to ~1e-15)."""
    frac = value if isinstance(value, Fraction) else Fraction(value).limit_denominator(10**4)
    return str(frac)


def _verdict(
    answer: tuple[float, ...], right: tuple[Fraction | float, ...], decimals: int
) -> Rounded | None:
    """None when ``answer`` is exact; else the note for a rounded right answer."""
    if all(_close(x, y) for x, y in zip(answer, right, strict=True)):
        return None
    shown = ", ".join(_exact(y) for y in right)
    what = f"the exact values are ({shown})" if len(right) > 1 else f"the exact value is {shown}"
    return Rounded(f"Right to the decimals given; {what}")


def _pair(answer: Any, what: str) -> tuple[float, float] | str:
    """``answer`` as two floats (smuggling, inspection), or what is wrong with it."""
    form = f"a pair ({what})"
    if isinstance(answer, str) or not isinstance(answer, Iterable):
        return f"{answer!r} is not a pair of numbers; the answer is {form}"
    items = list(answer)
    if len(items) != 2:
        return f"{answer!r} has {len(items)} items; the answer is {form}"
    out = []
    for item in items:
        x = number(item, form)
        if isinstance(x, str):
            return x
        if not 0 <= x <= 1:
            return f"{x:g} is not a probability: both numbers are between 0 and 1"
        out.append(x)
    return out[0], out[1]


def _show(x: float, y: float) -> str:
    return f"({x:.3f}, {y:.3f})"


def load_choice_equilibrium() -> Any:
    """The equilibrium of exercise 10.1 (the count-choosing game, summary sheet)."""
    from sheriff_core.theory import count_equilibrium

    v = _variant(LOAD["variant"])
    return count_equilibrium(v, legal=LOAD["legal"], contraband=LOAD["contraband"])


@exercise(
    "10.1",
    hint=(
        "Write the merchant's payoff of a bag with n Pepper against an inspection rate q: "
        "it is linear in n, so only n = 0 or n = 5 can be best. Make the merchant indifferent "
        "between those two (that gives q) and the Sheriff indifferent between passing and "
        "opening (that gives s). Answer (s, q)."
    ),
    right=(
        "Neither number depends on the bag size: the merchant fills the bag or leaves it "
        "honest, and each player's mix keeps the other indifferent."
    ),
)
def _load_choice(answer: Any) -> str | None:
    pair = _pair(answer, "smuggling probability, inspection probability")
    if isinstance(pair, str):
        return pair
    s, q = pair
    from sheriff_core import theory

    eq = load_choice_equilibrium()
    verdict = _judge((s, q), (eq.smuggle_prob, eq.inspect_prob), PROB_DECIMALS)
    if verdict is not True:
        return verdict
    if _pair_near((s, q), (eq.inspect_prob, eq.smuggle_prob)):
        return f"{_show(s, q)} has the two numbers swapped: smuggling first, inspection second"
    v = _variant(LOAD["variant"])
    one = theory.load_equilibrium(v, 1, legal=LOAD["legal"], contraband=LOAD["contraband"])
    if _pair_near((s, q), (one.smuggle_prob, one.inspect_prob)):
        return (
            f"{_show(s, q)} is the equilibrium with one Pepper among the Apples; here the "
            "merchant chooses the load, and only empty or full bags survive"
        )
    classic = theory.count_equilibrium(
        _variant("classic"), legal=LOAD["legal"], contraband=LOAD["contraband"]
    )
    if _pair_near((s, q), (classic.smuggle_prob, classic.inspect_prob)):
        return f"{_show(s, q)} is the classic game's; use the summary sheet's fine for Pepper"
    wrong = []
    if not _near(s, eq.smuggle_prob, PROB_DECIMALS):
        wrong.append("the smuggling rate does not make the Sheriff indifferent")
    if not _near(q, eq.inspect_prob, PROB_DECIMALS):
        wrong.append("the inspection rate does not make the merchant indifferent")
    return f"{_show(s, q)}: " + " and ".join(wrong)


def bribing_goods(variant: str = "classic") -> set[str]:
    """The contraband that can buy its way through in exercise 10.2 (the condition)."""
    from sheriff_core.theory import bribe_condition

    v = _variant(variant)
    return {
        name
        for name, good in v.goods.items()
        if good.kind == "contraband"
        and bribe_condition(v, legal="Apples", contraband=name, max_bribe=BRIBE_CAP).possible
    }


@exercise(
    "10.2",
    hint=(
        "A bribe only loaded bags offer reveals a full bag: the Sheriff takes no less than "
        "its fine, 5·pC, and the merchant pays no more than 5·(vC − vL). For which "
        "contraband is there room between the two, within the cap of 24? Answer a set of "
        "names, e.g. {'Silk'}."
    ),
    right=(
        "Each of them is worth more than an Apple plus its fine, and 24 gold covers the fine "
        "on a full bag of 5; Pepper's value is used up exactly by the Apple and the fine."
    ),
)
def _bribing(answer: Any) -> str | None:
    if isinstance(answer, str) or not isinstance(answer, Iterable):
        return f"{answer!r} is not a collection of goods; the answer is a set of names"
    v = _variant("classic")
    contraband = [n for n, g in v.goods.items() if g.kind == "contraband"]
    names = set()
    for item in answer:
        match = next((n for n in contraband if str(item).strip().lower() == n.lower()), None)
        if match is None:
            return (
                f"{item!r} is not a contraband good of the classic game; its contraband: "
                f"{', '.join(contraband)}"
            )
        names.add(match)
    right = bribing_goods()
    if names == right:
        return None
    from sheriff_core.theory import bribe_condition

    problems = []
    for name in sorted(names - right, key=contraband.index):
        problems.append(
            f"{name} cannot pay: "
            + bribe_condition(v, legal="Apples", contraband=name, max_bribe=BRIBE_CAP).reason
        )
    missing = len(right - names)
    if missing:
        problems.append(f"{missing} more good{'s' if missing > 1 else ''} can pay a bribe")
    if not names and bribing_goods("summary-sheet") == set():
        problems.append("no good at all is the summary sheet's answer, not the classic fines'")
    return "; ".join(problems)


def commitment_gain_per_game(players: int = COMMIT_PLAYERS) -> Fraction:
    """What commitment gains a Sheriff over a whole game (exercise 10.3).

    Per bag :func:`sheriff_core.theory.commitment`'s gain; bags per game: his
    Sheriff turns times the other players' bags.
    """
    from sheriff_core.theory import commitment

    v = _variant("classic")
    turns = v.rounds(players) // players
    gain = commitment(v, legal="Apples", contraband="Pepper").gain
    return turns * (players - 1) * gain


@exercise(
    "10.3",
    hint=(
        "Per bag, the leader announces just under q* and every bag is full: he earns "
        "q*·k·pC instead of the 0 of the simultaneous game. Then count the bags he faces "
        "in a five-player game: his turns as Sheriff times the merchants per turn."
    ),
    right=(
        "A steady, visible inspection rate is worth that much only if merchants believe "
        "it: over his turns the Sheriff's record is his announcement."
    ),
)
def _commitment(answer: Any) -> str | None:
    gain = number(answer, "gold over the whole game")
    if isinstance(gain, str):
        return gain
    verdict = _judge((gain,), (commitment_gain_per_game(),), GOLD_DECIMALS)
    if verdict is not True:
        return verdict
    from sheriff_core.theory import commitment

    bag = commitment(_variant("classic"), legal="Apples", contraband="Pepper").gain
    if _near(gain, bag, GOLD_DECIMALS):
        return f"{gain:.3f} is the gain on one bag; the Sheriff faces many bags in a game"
    if gain == 0:
        return "0 is what he earns in the simultaneous game; commitment changes that"
    if _near(gain, commitment_gain_per_game(4), GOLD_DECIMALS):
        return (
            f"{gain:.3f} counts the 6 bags a Sheriff faces with three or four players; "
            "this game has five"
        )
    v = _variant("classic")
    if any(_near(gain, bag * n, GOLD_DECIMALS) for n in (COMMIT_PLAYERS - 1, v.sheriff_turns)):
        return f"{gain:.3f} counts only some of the bags: turns as Sheriff × merchants per turn"
    return f"{gain:.3f} is not the leader's gain over the simultaneous equilibrium in this game"


def relative_smuggling(players: int = RELATIVE_PLAYERS) -> Fraction:
    """The full-bag smuggling rate with relative scores (exercise 10.4)."""
    from sheriff_core.theory import relative_equilibrium

    v = _variant("classic")
    return relative_equilibrium(
        v, players=players, legal="Apples", contraband="Pepper"
    ).smuggle_prob


@exercise(
    "10.4",
    hint=(
        "With N = 4 each player maximises his score minus the mean of his 3 rivals', so the "
        "Sheriff's payoff is ΔS − ΔM/3. Write his indifference between passing and opening "
        "against a full Pepper bag and solve for the smuggling rate."
    ),
    right=(
        "The merchant's gain now hurts the Sheriff too, so he opens more readily and the "
        "merchant must smuggle less; with more players the effect fades towards absolute "
        "scores."
    ),
)
def _relative(answer: Any) -> str | None:
    rate = number(answer, "a probability between 0 and 1")
    if isinstance(rate, str):
        return rate
    if not 0 <= rate <= 1:
        return f"{rate:g} is not a probability: give a number between 0 and 1"
    verdict = _judge((rate,), (relative_smuggling(),), PROB_DECIMALS)
    if verdict is not True:
        return verdict
    from sheriff_core.theory import count_equilibrium, relative_equilibrium

    v = _variant("classic")
    absolute = count_equilibrium(v, legal="Apples", contraband="Pepper")
    if _near(rate, absolute.smuggle_prob, PROB_DECIMALS):
        return (
            f"{rate:.3f} is the smuggling rate with absolute scores; with relative scores the "
            "Sheriff also counts what the merchant gains"
        )
    if _near(rate, relative_smuggling(2), PROB_DECIMALS):
        return f"{rate:.3f} is the two-player rate; with 4 players a rival's gain is shared by 3"
    one = relative_equilibrium(v, players=2, legal="Apples", contraband="Pepper", j=1)
    if _near(rate, one.smuggle_prob, PROB_DECIMALS):
        return f"{rate:.3f} is the two-player rate for one Pepper; the bag here is full"
    four = relative_equilibrium(v, players=RELATIVE_PLAYERS, legal="Apples", contraband="Pepper")
    if _near(rate, four.inspect_prob, PROB_DECIMALS):
        return f"{rate:.3f} is how often the Sheriff inspects, not how often the merchant smuggles"
    return f"{rate:.3f} does not make the Sheriff indifferent in the four-player relative game"


def menu_equilibrium() -> tuple[float, float]:
    """(smuggling, inspection) of exercise 10.5, from nashpy's vertex enumeration (its
    support enumeration misses this equilibrium with some processors' floating-point
    routines: see :func:`sheriff_core.theory.choices.nashpy_equilibria`)."""
    from sheriff_core.theory import menu_game, nashpy_equilibria

    game = menu_game(_variant("summary-sheet"), list(MENU), legal="Apples")
    ((mix, q),) = nashpy_equilibria(game, method="vertex_enumeration")
    return 1.0 - mix.get("honest", 0.0), q


@exercise(
    "10.5",
    hint=(
        "Try each support: honest and Pepper, then honest and Crossbow. For each, make the "
        "merchant indifferent (gives q) and the Sheriff indifferent (gives s), then check "
        "that the third bag does not pay more at that q. Answer (s, q) of the support "
        "that survives."
    ),
    right=(
        "At that inspection rate the Crossbow bag pays as much as the honest one and the "
        "Pepper bag less, so Pepper is never packed; nashpy finds "
        "the same single equilibrium."
    ),
)
def _menu(answer: Any) -> str | None:
    pair = _pair(answer, "smuggling probability, inspection probability")
    if isinstance(pair, str):
        return pair
    s, q = pair
    right_s, right_q = menu_equilibrium()
    verdict = _judge((s, q), (right_s, right_q), PROB_DECIMALS)
    if verdict is not True:
        return verdict
    if _pair_near((s, q), (right_q, right_s)):
        return f"{_show(s, q)} has the two numbers swapped: smuggling first, inspection second"
    from sheriff_core.theory import count_equilibrium

    v = _variant("summary-sheet")
    pepper = count_equilibrium(v, legal="Apples", contraband="Pepper")
    if _pair_near((s, q), (pepper.smuggle_prob, pepper.inspect_prob)):
        return (
            f"{_show(s, q)} is the honest-or-Pepper solution, but at that inspection rate "
            "a full Crossbow bag pays more than both: that support is not an equilibrium"
        )
    return f"{_show(s, q)} does not make both players indifferent on a surviving support"
