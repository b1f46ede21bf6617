"""Self-checks for lesson 10, deriving the equilibrium yourself.

Every right answer is computed with the library (:mod:`sheriff_core.theory.choices`),
never typed in; a wrong answer is told what it is instead (another game's numbers, the
other player's probability, the absolute-score answer), not what the solution is.
Numbers are accepted as exact fractions or floats within 1e-9.

>>> from sheriff_core.exercises import check
>>> from fractions import Fraction as F
>>> check("10.1", (F(5, 8), F(2, 11)))
Not quite: (0.625, 0.182) is the equilibrium with one Pepper among the Apples; here the merchant chooses the load, and only empty or full bags survive.
>>> check("10.4", F(1, 3))
Not quite: 0.333 is the smuggling rate with absolute scores; with relative scores the Sheriff also counts what the merchant gains.
>>> check("10.2", ["Pepper", "Gold"])
Not quite: 'Gold' is not a contraband good of the classic game; its contraband: Pepper, Mead, Silk, Crossbow.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from sheriff_core.exercises import exercise, number

__all__: list[str] = []

TOL = 1e-9

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
    if _close(s, eq.smuggle_prob) and _close(q, eq.inspect_prob):
        return None
    if _close(s, eq.inspect_prob) and _close(q, eq.smuggle_prob):
        return f"{_show(s, q)} has the two numbers swapped: smuggling first, inspection second"
    v = _variant(LOAD["variant"])
    one = theory.load_equilibrium(v, 1, legal=LOAD["legal"], contraband=LOAD["contraband"])
    if _close(s, one.smuggle_prob) and _close(q, one.inspect_prob):
        return (
            f"{_show(s, q)} is the equilibrium with one Pepper among the Apples; here the "
            "merchant chooses the load, and only empty or full bags survive"
        )
    classic = theory.count_equilibrium(
        _variant("classic"), legal=LOAD["legal"], contraband=LOAD["contraband"]
    )
    if _close(s, classic.smuggle_prob) and _close(q, classic.inspect_prob):
        return f"{_show(s, q)} is the classic game's; use the summary sheet's fine for Pepper"
    wrong = []
    if not _close(s, eq.smuggle_prob):
        wrong.append("the smuggling rate does not make the Sheriff indifferent")
    if not _close(q, eq.inspect_prob):
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
    right = commitment_gain_per_game()
    if _close(gain, right):
        return None
    from sheriff_core.theory import commitment

    bag = commitment(_variant("classic"), legal="Apples", contraband="Pepper").gain
    if _close(gain, bag):
        return f"{gain:.3f} is the gain on one bag; the Sheriff faces many bags in a game"
    if gain == 0:
        return "0 is what he earns in the simultaneous game; commitment changes that"
    if _close(gain, commitment_gain_per_game(4)):
        return (
            f"{gain:.3f} counts the 6 bags a Sheriff faces with three or four players; "
            "this game has five"
        )
    v = _variant("classic")
    if _close(gain, bag * (COMMIT_PLAYERS - 1)) or _close(gain, bag * v.sheriff_turns):
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
    if _close(rate, relative_smuggling()):
        return None
    from sheriff_core.theory import count_equilibrium, relative_equilibrium

    v = _variant("classic")
    absolute = count_equilibrium(v, legal="Apples", contraband="Pepper")
    if _close(rate, absolute.smuggle_prob):
        return (
            f"{rate:.3f} is the smuggling rate with absolute scores; with relative scores the "
            "Sheriff also counts what the merchant gains"
        )
    if _close(rate, relative_smuggling(2)):
        return f"{rate:.3f} is the two-player rate; with 4 players a rival's gain is shared by 3"
    one = relative_equilibrium(v, players=2, legal="Apples", contraband="Pepper", j=1)
    if _close(rate, one.smuggle_prob):
        return f"{rate:.3f} is the two-player rate for one Pepper; the bag here is full"
    four = relative_equilibrium(v, players=RELATIVE_PLAYERS, legal="Apples", contraband="Pepper")
    if _close(rate, four.inspect_prob):
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
    if _close(s, right_s) and _close(q, right_q):
        return None
    if _close(s, right_q) and _close(q, right_s):
        return f"{_show(s, q)} has the two numbers swapped: smuggling first, inspection second"
    from sheriff_core.theory import count_equilibrium

    v = _variant("summary-sheet")
    pepper = count_equilibrium(v, legal="Apples", contraband="Pepper")
    if _close(s, pepper.smuggle_prob) and _close(q, pepper.inspect_prob):
        return (
            f"{_show(s, q)} is the honest-or-Pepper solution, but at that inspection rate "
            "a full Crossbow bag pays more than both: that support is not an equilibrium"
        )
    return f"{_show(s, q)} does not make both players indifferent on a surviving support"
