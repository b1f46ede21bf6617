"""Every quantitative claim the lessons' prose draws from simulation, rerun on fresh seeds.

A lesson's numbers come from seeded games, so they are right about those games by
construction (nbval reruns them). What can go wrong is the sentence that generalises: a
gap picked from a table, a rate read off too few games. Each claim below quotes the
lesson's words (the test fails if the quote is no longer in the instructor notebook, so
prose and check move together) and recomputes what it says on seeds the lessons do not
use, at the lesson's sample size or larger, then asserts what the sentence states: a
sign, a bound, or that a fresh interval overlaps the lesson's.

Claims of exact mathematics (lessons 06 and 10: equilibria, fractions, solver output
with no randomness) are asserted in the lessons' own cells and in ``tests/theory/``;
what depends on a seed is here (lessons 05, 09 and 10). About 9,000 games in all
(about 15-25 s).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

import sheriff_core as sc
from sheriff_core.compare import simulate_variants
from sheriff_core.viz import variants as vv

ROOT = Path(__file__).resolve().parent.parent
INSTRUCTOR = ROOT / "notebooks" / "instructor"

#: Seeds none of the lessons uses (lesson 05: 2026, 2027; lesson 09: 1; lesson 10: 10).
FRESH = 9001
#: Lesson 05's sizes: its table (300 games), its confirmation (3,000 games per edition).
TABLE_GAMES, CONFIRM_GAMES = 300, 3000
#: The summary sheet is played for 1,000 games (paired with the rulebook's first 1,000).
PAIRED_GAMES = 1000


def _prose(lesson: str) -> str:
    """The markdown of a lesson's instructor notebook, whitespace collapsed."""
    (path,) = INSTRUCTOR.glob(f"{lesson}_*.ipynb")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return re.sub(r"\s+", " ", text)


def says(lesson: str, quote: str) -> None:
    """The lesson still makes this claim, in these words."""
    assert re.sub(r"\s+", " ", quote) in _prose(lesson), (
        f"lesson {lesson} no longer says {quote!r}: update its claim here"
    )


@cache
def fresh_players() -> pd.DataFrame:
    """Fresh games of lesson 05: the rulebook and the second edition at the confirmation's
    size, the summary sheet at :data:`PAIRED_GAMES` (same seed, so the first games pair)."""
    both = simulate_variants(
        ["classic", "second-edition"], players=4, games=CONFIRM_GAMES, seed=FRESH, workers=2
    )
    summary = simulate_variants("summary-sheet", players=4, games=PAIRED_GAMES, seed=FRESH)
    return pd.concat([both, summary], ignore_index=True)


def fresh_table(games: int = TABLE_GAMES) -> pd.DataFrame:
    """The first ``games`` fresh games of the three variants: lesson 05's table, fresh."""
    sims = fresh_players()
    return sims[sims.game < games]


def fresh_bags(games: int = 150) -> pd.DataFrame:
    """Bags of the first fresh games (played already: the same runs, read per bag)."""
    return simulate_variants(
        ["classic", "summary-sheet"], players=4, games=games, seed=FRESH, per="bag"
    )


def _rates(sims: pd.DataFrame) -> pd.DataFrame:
    return vv.win_rates(sims).pivot(index="strategy", columns="variant", values="win_rate")


# --- lesson 05: win rates -------------------------------------------------------------


def test_05_contraband_almost_never_wins() -> None:
    says("05", "the smuggler and the briber win fewer than 2 games in 100 under every variant")
    rates = _rates(fresh_players())  # 1,000 to 3,000 games per variant
    assert (rates.loc[["smuggler", "briber"]] < 0.02).all().all(), rates


def test_05_bluffer_and_honest_share_the_wins_about_half_each() -> None:
    says("05", "the bluffer and the honest merchant share nearly all the wins between them")
    says("05", "about half each, under every variant")
    rates = _rates(fresh_table())
    assert rates.loc[["bluffer", "honest"]].sum().min() > 0.95, rates
    assert rates.loc[["bluffer", "honest"]].stack().between(0.4, 0.6).all(), rates


def test_05_no_gap_of_the_small_table_survives_holm() -> None:
    """'nothing here stands out from noise': the 12 gaps of a fresh 300-game table."""
    from itertools import combinations

    from statsmodels.stats.multitest import multipletests

    says("05", "Holm's correction for that gives p = 0.10 at best: nothing here stands out")
    rates, seats = _rates(fresh_table()), TABLE_GAMES
    p = []
    for s in rates.index:
        var = rates.loc[s] * (1 - rates.loc[s])
        for a, b in combinations(rates.columns, 2):
            se = ((var[a] + var[b]) / seats) ** 0.5
            gap = rates.loc[s, b] - rates.loc[s, a]
            p.append(1.0 if se == 0 else 2 * stats.norm.sf(abs(gap / se)))
    assert len(p) == 12
    assert (multipletests(p, method="holm")[1] > 0.05).all()


def _edition_differences(sims: pd.DataFrame) -> dict[str, pd.Series]:
    """Lesson 05's five pre-stated differences, seat by seat (game by game for the lead)."""
    by_seat = sims[sims.variant.isin(["classic", "second-edition"])].pivot_table(
        index=["game", "seat", "strategy"], columns="variant", values="win"
    )
    out = {
        s: group["second-edition"] - group["classic"]
        for s, group in by_seat.groupby(level="strategy")
    }
    second = sims[sims.variant == "second-edition"].pivot_table(
        index="game", columns="strategy", values="win"
    )
    out["lead"] = second["bluffer"] - second["honest"]
    return out


def test_05_the_second_editions_bluffer_gain_does_not_replicate() -> None:
    """The small table's 9.7-point gain lies outside a fresh 3,000-game interval, and the
    fresh interval overlaps the lesson's (−1.0 to +3.8 points)."""
    says("05", "The 9.7-point gain of the small table lies far outside its interval")
    says("05", "(95 % interval −1.0 to +3.8 points, p = 0.24)")
    ci = stats.ttest_1samp(_edition_differences(fresh_players())["bluffer"], 0)
    low, high = (100 * x for x in ci.confidence_interval())
    assert high < 9.7
    assert low < 3.8 and high > -1.0


def test_05_the_second_edition_moves_no_win_rate_by_5_points() -> None:
    says("05", "change no merchant strategy's win rate by as much as 5 points")
    says("05", "it leads the second edition's honest merchant by 1.1 points (−2.4 to +4.7)")
    differences = _edition_differences(fresh_players())
    for name, d in differences.items():
        assert abs(100 * d.mean()) < 5, name
    low, high = (100 * x for x in stats.ttest_1samp(differences["lead"], 0).confidence_interval())
    assert low < 4.7 and high > -2.4  # the lead's fresh interval overlaps the lesson's


# --- lesson 05: the rulebook against the summary sheet ------------------------------------


def test_05_harsher_fines_raise_honest_totals_and_lower_smugglers() -> None:
    says("05", "the honest merchant's and the bluffer's boxes sit higher than under the rulebook")
    says("05", "the smuggler's and the briber's lower")
    sims = fresh_table()
    medians = sims.pivot_table(
        index="strategy", columns="variant", values="total", aggfunc="median"
    )
    higher = medians["summary-sheet"] - medians["classic"]
    assert (higher[["honest", "bluffer"]] > 0).all(), medians
    assert (higher[["smuggler", "briber"]] < 0).all(), medians


def test_05_in_most_games_the_same_player_wins() -> None:
    says("05", "In most games the same player still wins")
    sims = fresh_table()
    wins = sims[sims.variant.isin(["classic", "summary-sheet"])].pivot_table(
        index=["game", "seat"], columns="variant", values="win"
    )
    same = (wins["classic"] == wins["summary-sheet"]).groupby(level="game").all()
    assert same.mean() > 0.5


def test_05_three_hundred_games_cannot_tell_the_honest_gain_from_zero() -> None:
    """The paired (McNemar) test on 300 fresh games: no difference told; and the gain from
    1,000 fresh games lies within the lesson's interval (−3.4 to +4.6 points)."""
    says("05", "These games cannot tell the gain from zero")
    says("05", "is −3.4 to +4.6 points")
    sims = fresh_players()
    for games, check_interval in ((TABLE_GAMES, False), (PAIRED_GAMES, True)):
        honest = sims[(sims.strategy == "honest") & (sims.game < games)]
        paired = honest.pivot_table(index=["game", "seat"], columns="variant", values="win")
        gained = int((paired["summary-sheet"] > paired["classic"]).sum())
        lost = int((paired["summary-sheet"] < paired["classic"]).sum())
        if check_interval:
            assert -3.4 < 100 * (gained - lost) / len(paired) < 4.6
        else:
            assert stats.binomtest(gained, gained + lost, 0.5).pvalue > 0.05


def test_05_the_same_bags_and_the_same_lies_under_both_fine_schedules() -> None:
    says("05", "the bots pack, declare and open the same bags in every game")
    says("05", "So every strategy lies exactly as often under both schedules")
    bags = fresh_bags()
    a, b = (bags[bags.variant == v].reset_index(drop=True) for v in ("classic", "summary-sheet"))
    for column in ("declared_count", "truthful", "inspected"):
        assert a[column].equals(b[column]), column


def test_05_the_threshold_sheriff_catches_more_than_nine_lies_in_ten() -> None:
    says("05", "the threshold Sheriff already catches more than nine lies in ten")
    caught = vv.lies_caught(fresh_bags(), by=["variant"]).set_index("variant")
    assert (caught.caught / caught.lies > 0.9).all(), caught


# --- lesson 10: the threshold Sheriff's size rule -----------------------------------------


def test_10_big_bags_always_opened_small_ones_never() -> None:
    says("10", "Bags of 4 or 5 cards are opened every time")
    says("10", "bags of 3 or fewer never, so every contraband card in a small bag gets through")
    bags = sc.simulate_bags(
        "classic",
        players=4,
        games=40,
        seed=FRESH,
        merchants="smuggler",
        sheriffs="threshold:grudge=False",
        workers=1,
    )
    big = bags.declared_count >= 4
    assert bags[big].inspected.all() and not bags[~big].inspected.any()
    assert (bags[~big].contraband == bags[~big].smuggled).all()


@pytest.mark.parametrize("lesson", ["05", "10"])
def test_quotes_are_read_from_the_lessons(lesson: str) -> None:
    """The quote check can fail: a sentence no lesson says is refused."""
    with pytest.raises(AssertionError, match="no longer says"):
        says(lesson, "the moon is made of cheese")


# --- lesson 09: what a Pepper fine of 6 changes, a sweep, balance -----------------------


@cache
def fresh_pepper6() -> pd.DataFrame:
    """Lesson 09's comparison (classic against a Pepper fine of 6, 4 players, 300 paired
    games) on a fresh seed: its table, indexed by metric and strategy."""
    from sheriff_core import lab
    from sheriff_core.rules.house import house_rule

    pepper6 = house_rule("classic", {"goods.Pepper.penalty": 6}, name="pepper-fine-6")
    result = lab.compare_rules("classic", pepper6, players=4, games=300, seed=FRESH)
    return result.table.set_index(["metric", "strategy"])


def test_09_the_fine_moves_gold_and_spread_not_win_rates() -> None:
    says("09", "The **gold changing hands** per game and the **spread of the scores** are more")
    says("09", "than noise at 300 games")
    says("09", "The **win rates** are not: their intervals straddle 0")
    says("09", "The average score hardly moves")
    table = fresh_pepper6()
    assert table.loc[("gold_moved", ""), "distinguishable"]
    assert table.loc[("score_sd", ""), "distinguishable"]
    wins = table.loc["win_rate"]
    assert not wins["distinguishable"].any(), wins
    assert ((wins["ci_low"] < 0) & (wins["ci_high"] > 0)).all(), wins
    assert abs(table.loc[("mean_score", ""), "difference"]) < 0.5


def test_09_every_swept_fine_but_the_rulebooks_moves_the_gold() -> None:
    from sheriff_core import lab

    says("09", "Every other value is more than noise even at 100 paired games")
    says("09", "a fine below the rulebook's 4 moves less gold")
    fines = lab.sweep(
        "classic", "goods.Pepper.penalty", [2, 4, 6, 8, 10], games=100, seed=FRESH, progress=False
    )
    moved = fines[fines["metric"] == "gold_moved"].set_index("value")
    assert moved.loc[[2, 6, 8, 10], "distinguishable"].all(), moved
    assert not moved.loc[4, "distinguishable"]
    assert moved.loc[2, "difference"] < 0 < moved.loc[6, "difference"]
    steps = moved["difference"].diff().dropna()
    assert (steps > 0).all(), steps  # "grows steadily with the fine"


def test_09_the_strongest_bot_wins_about_twice_its_share_and_the_briber_hardly_ever() -> None:
    from sheriff_core import lab

    says("09", "in every one the strongest")
    says("09", "merchant bot wins about twice its fair share of seats and the briber hardly ever")
    for name in sc.variant_names():
        variant = sc.load_variant(name)
        players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
        report = lab.balance_report(
            variant, players=players, games=100, seed=FRESH, sheriffs=["threshold"]
        )
        rates = report.win_rates.set_index("strategy")
        ratio = rates["win_rate"].max() / rates["fair"].iloc[0]
        assert 1.5 <= ratio <= 3.0, (name, ratio)
        assert rates.loc["briber", "win_rate"] < 0.03, (name, rates)
