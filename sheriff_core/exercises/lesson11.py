"""Self-checks for lesson 11, write your own bot.

The two bot exercises are judged by playing: the learner's bot sits at the table with
bundled bots for :data:`GAMES` seeded games (:func:`sheriff_core.simulate`, checked
engine, in this process, so a bot defined in a notebook cell plays), and the check
reports what the games showed. The third is computed from lesson 06's one-bag game
(:func:`sheriff_core.theory.inspection_game`, classic, 5 Apples declared, 1 Pepper).

>>> from sheriff_core.exercises import check
>>> check("11.1", "honest")
Not quite: against threshold Sheriffs honest scored -0.6 points a game compared with the honest merchants at its table (95% interval -2.7 to +1.5), got 0.0 contraband cards a game past the Sheriffs and had 0.0 caught; to beat the threshold Sheriff the whole interval must lie above 0.
>>> check("11.3", {"never": 12, "always": 4})
Not quite: 12 is the equilibrium merchant's points per bag; a merchant who never lies faces a Sheriff who has learned that he never lies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sheriff_core.bots import Bot
from sheriff_core.bots.base import make_bot
from sheriff_core.exercises import exercise, number

__all__ = [
    "GAMES",
    "SEED",
    "PLAYERS",
    "MAX_OPENED",
    "equilibrium_rate",
    "lesson06_game",
    "win_rate",
    "merchant_against_threshold",
    "bluffer_against",
    "points_per_bag",
]

#: Games each bot check plays, their seed, and the players at the table.
GAMES, SEED, PLAYERS = 800, 11, 4
#: 11.2: the most a Sheriff may open (share of all bags) and still count.
MAX_OPENED = 0.5


def lesson06_game() -> Any:
    """Lesson 06's one-bag game: classic, 5 cards declared as Apples, 1 Pepper smuggled.

    >>> lesson06_game().label
    'classic: 5 Apples declared, 1 Pepper smuggled'
    """
    from sheriff_core import load_variant, theory

    return theory.inspection_game(load_variant("classic"), legal="Apples", contraband="Pepper", j=1)


def equilibrium_rate() -> float:
    """How often lesson 06's Sheriff opens a bag in equilibrium (q*).

    >>> equilibrium_rate()
    0.2
    """
    from sheriff_core import theory

    return float(theory.equilibrium(lesson06_game()).inspect_prob)


def _bot(answer: Any, role: str) -> Bot:
    """A bot of ``role`` from an answer: a bot class, an instance or a registered name."""
    if isinstance(answer, type) and issubclass(answer, Bot):
        answer = answer()
    if isinstance(answer, Bot | str | tuple):
        return make_bot(answer, role)
    raise TypeError(f"{answer!r} is not a {role} bot: give its class, an instance or its name")


def win_rate(wins: int, games: int) -> tuple[float, float, float]:
    """The win rate and its 95 % (Wilson) interval.

    >>> [round(x, 3) for x in win_rate(30, 100)]
    [0.3, 0.219, 0.396]
    """
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(wins, games, alpha=0.05, method="wilson")
    return wins / games, float(lo), float(hi)


def _play(merchants: list[Any], sheriffs: Any, games: int, seed: int) -> Any:
    import warnings

    from sheriff_core import simulate

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return simulate(
            "classic",
            players=PLAYERS,
            games=games,
            seed=seed,
            merchants=merchants,
            sheriffs=sheriffs,
            workers=1,
            engine="checked",
            progress=False,
        )


def merchant_against_threshold(bot: Any, games: int = GAMES, seed: int = SEED) -> dict[str, Any]:
    """Exercise 11.1's games: ``bot`` and three honest merchants, rotated over the seats;
    every seat's Sheriff is ``threshold``. What the bot scored more than the honest
    merchants at its table (per game: its score minus their mean; the mean of that and
    its 95 % interval), its win rate, and the contraband cards it got past the Sheriffs
    and had caught, per game.

    >>> r = merchant_against_threshold("smuggler", games=40)
    >>> r["games"], r["ahead_hi"] < 0, r["caught"] > 0
    (40, True, True)
    """
    merchant = _bot(bot, "merchant")
    label = merchant.label()
    df = _play([merchant, *["honest"] * (PLAYERS - 1)], "threshold", games, seed)
    # seat s of game g plays entry (s + g) % players of the line-up: the bot is entry 0
    first = (df["seat"] + df["game"]) % PLAYERS == 0
    mine, others = df[first], df[~first]
    ahead = mine.set_index("game")["total"] - others.groupby("game")["total"].mean()
    half = 1.96 * float(ahead.std(ddof=1)) / len(ahead) ** 0.5
    return {
        "bot": label,
        "games": len(mine),
        "ahead": float(ahead.mean()),
        "ahead_lo": float(ahead.mean()) - half,
        "ahead_hi": float(ahead.mean()) + half,
        "win_rate": float(mine["win"].mean()),
        "smuggled": float(mine["smuggled"].mean()),
        "caught": float(mine["caught"].mean()),
    }


def bluffer_against(sheriff: Any, games: int = GAMES, seed: int = SEED) -> dict[str, float]:
    """Exercise 11.2's games: two bluffers and two honest merchants, every seat's Sheriff
    ``sheriff``: the bluffers' win rate (with its 95 % interval) and the share of all
    bags the Sheriffs opened.

    >>> r = bluffer_against("always-inspect", games=40)
    >>> r["opened"]
    1.0
    """
    bot = _bot(sheriff, "sheriff")
    df = _play(["bluffer", "honest"], bot, games, seed)
    bluff = df[df["strategy"] == "bluffer"]
    rate, lo, hi = win_rate(int(bluff["win"].sum()), len(bluff))
    opened = float(df["inspected"].sum() / df["bags"].sum())
    return {"win_rate": rate, "win_lo": lo, "win_hi": hi, "opened": opened}


@exercise(
    "11.1",
    hint=(
        "Write a merchant class (start from Smuggler or HonestMerchant and change load and "
        "declare) and put the class in my_merchant. Read the threshold Sheriff's rule in "
        "its docstring: which bags does it never open?"
    ),
    right=(
        "The threshold Sheriff's rule is public and fixed, so a merchant can read it and "
        "hide what it opens for where it never looks; an adaptive Sheriff would learn."
    ),
)
def _beats_threshold(answer: Any) -> str | None:
    try:
        bot = _bot(answer, "merchant")
    except (TypeError, ValueError) as exc:
        return str(exc)
    r = merchant_against_threshold(bot)
    said = (
        f"against threshold Sheriffs {r['bot']} scored {r['ahead']:+.1f} points a game "
        f"compared with the honest merchants at its table (95% interval {r['ahead_lo']:+.1f} "
        f"to {r['ahead_hi']:+.1f}), got {r['smuggled']:.1f} contraband cards a game past "
        f"the Sheriffs and had {r['caught']:.1f} caught"
    )
    if r["ahead_lo"] > 0:
        return None
    return f"{said}; to beat the threshold Sheriff the whole interval must lie above 0"


@exercise(
    "11.2",
    hint=(
        "Write a Sheriff class (subclass SheriffBot, write decide(view, merchant) returning "
        "Inspect(merchant) or LetPass(merchant)) and put the class in my_sheriff. Which "
        "declarations does the bluffer make when it lies?"
    ),
    right=(
        "Opening the bags a liar's declarations give away deters more than opening bags "
        "at random at the equilibrium rate, which assumes the merchant's lies look like "
        "his honest bags."
    ),
)
def _holds_bluffer(answer: Any) -> str | None:
    try:
        bot = _bot(answer, "sheriff")
    except (TypeError, ValueError) as exc:
        return str(exc)
    mine = bluffer_against(bot)
    from sheriff_core.analysis.exploitability import EquilibriumSheriff

    benchmark = bluffer_against(EquilibriumSheriff(inspect=equilibrium_rate()))
    said = (
        f"with your Sheriff at every seat the bluffers won {mine['win_rate']:.1%} of their "
        f"games, and {benchmark['win_rate']:.1%} against the equilibrium Sheriff (the same "
        "deals)"
    )
    if mine["opened"] > MAX_OPENED:
        return (
            f"your Sheriff opened {mine['opened']:.0%} of the bags; at most "
            f"{MAX_OPENED:.0%} count (opening every bag stops any liar, and pays "
            "compensation for every honest bag)"
        )
    if mine["win_rate"] < benchmark["win_rate"]:
        return None
    return f"{said}: not less"


def points_per_bag(smuggle_prob: float) -> float:
    """Lesson 06's merchant's expected points per bag when he smuggles with
    ``smuggle_prob`` and the Sheriff, who has learned that rate, answers with his best
    response (the Sheriff's worst inspection rate for the merchant when he is indifferent).

    >>> points_per_bag(0.0), points_per_bag(1.0)
    (10.0, 4.0)
    """
    from sheriff_core import theory

    game = lesson06_game()
    lo, hi = theory.sheriff_best_response(game, smuggle_prob)
    return min(game.expected(smuggle_prob, q)[0] for q in (lo, hi))


@exercise(
    "11.3",
    hint=(
        "Use lesson 06's payoff table: which best response does a Sheriff pick against a "
        "merchant who never lies, and against one who always lies? Answer a dict "
        "{'never': points, 'always': points} of the merchant's points per bag."
    ),
    right=(
        "Both are below the 12 points per bag of the equilibrium merchant, who lies just "
        "often enough that the Sheriff gains nothing by learning: a predictable merchant "
        "hands the adaptive Sheriff his best response."
    ),
)
def _predictable_loses(answer: Any) -> str | None:
    from sheriff_core import theory

    if not isinstance(answer, Mapping) or set(answer) != {"never", "always"}:
        return f"{answer!r} is not a dict with the keys 'never' and 'always'"
    equilibrium = theory.equilibrium(lesson06_game()).merchant_value
    for key, rate, who in (("never", 0.0, "never lies"), ("always", 1.0, "always lies")):
        points = number(answer[key], "points per bag")
        if isinstance(points, str):
            return points
        if abs(points - points_per_bag(rate)) < 1e-6:
            continue
        if abs(points - equilibrium) < 1e-6:
            return (
                f"{points:g} is the equilibrium merchant's points per bag; a merchant who "
                f"{who} faces a Sheriff who has learned that he {who}"
            )
        return (
            f"{points:g} is not what a merchant who {who} earns per bag against a Sheriff "
            "who has learned it: find that Sheriff's best response first"
        )
    return None
