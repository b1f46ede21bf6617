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
what depends on a seed is here (lessons 05, 09 and 10). The games are played with
``engine="auto"`` (the compiled simulator where it plays them: the same games as the
rules engine), so lesson 09's large counts are rerun at full size: about 170,000 games
with two variants in the balance reports, 230,000 with five (about 20 s of CPU with the
numba cache filled, 35-55 s wall on a shared 2-core machine; longer while the compiled
simulator does not play the second edition, which lesson 05's check plays 3,000 times).
"""

from __future__ import annotations

import json
import re
import warnings
from functools import cache
from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

import sheriff_core as sc
from sheriff_core.analysis.compare import simulate_variants
from sheriff_core.analysis.sim import FastEngineFallback
from sheriff_core.present.viz import variants as vv

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
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FastEngineFallback)  # the same games either way
        both = simulate_variants(
            ["classic", "second-edition"],
            players=4,
            games=CONFIRM_GAMES,
            seed=FRESH,
            engine="auto",
        )
    summary = simulate_variants(
        "summary-sheet", players=4, games=PAIRED_GAMES, seed=FRESH, engine="auto"
    )
    return pd.concat([both, summary], ignore_index=True)


def fresh_table(games: int = TABLE_GAMES) -> pd.DataFrame:
    """The first ``games`` fresh games of the three variants: lesson 05's table, fresh."""
    sims = fresh_players()
    return sims[sims.game < games]


def fresh_bags(games: int = 150) -> pd.DataFrame:
    """Bags of the first fresh games (played already: the same runs, read per bag)."""
    return simulate_variants(
        ["classic", "summary-sheet"], players=4, games=games, seed=FRESH, per="bag", engine="auto"
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


def _engines_used(monkeypatch) -> list[str]:
    """The ``engine`` of each run the 05 picker (widgets.explore) asks for, in order."""
    from sheriff_core.present.widgets import explore

    engines: list[str] = []
    real = explore.simulate_tables

    def recording(*args, **kwargs):
        engines.append(kwargs["engine"])
        return real(*args, **kwargs)

    monkeypatch.setattr(explore, "simulate_tables", recording)
    return engines


def test_05_the_picker_plays_2000_games_a_setting_on_the_compiled_simulator(monkeypatch) -> None:
    """'2,000 games a setting': the picker's default, played by the compiled simulator where
    it plays the setting (the same games: its table equals the rules engine's)."""
    from sheriff_core.present.widgets import explore

    says("05", "run your own experiments, 2,000 games a setting")
    says("05", "Each new setting plays its 2,000 games afresh")
    engines = _engines_used(monkeypatch)
    explore._draw_run.cache_clear()
    ex = explore.simulation_explorer(seed=FRESH)
    assert engines == ["fast"] and ex.games.value == 2000
    assert ex.results["game"].nunique() == 2000
    assert ex.results.equals(sc.simulate("classic", players=4, games=2000, seed=FRESH))
    ex.sheriff.value = "bayesian"  # every setting of classic and the four strategies: fast
    assert engines == ["fast", "fast"] and ex.results["game"].nunique() == 2000


def test_05_what_the_compiled_simulator_does_not_play_the_rules_engine_plays(monkeypatch):
    """The picker hands a setting the compiled simulator refuses to the rules engine and
    says so; the games are the same (a refusal is faked: every bundled setting may be
    played by the compiled simulator one day)."""
    from sheriff_core.present.widgets import explore

    says("05", "A variant it does not play yet is played by the rules engine instead: the same")
    says("05", "games again, only slower")
    engines = _engines_used(monkeypatch)
    explore._draw_run.cache_clear()
    fast = explore.simulation_explorer(games=200, seed=FRESH)
    assert "rules engine" not in fast.status.value
    monkeypatch.setattr(explore, "why_not", lambda *args: ["a rule it does not play"])
    explore._draw_run.cache_clear()
    slow = explore.simulation_explorer(games=200, seed=FRESH)
    assert engines == ["fast", "checked"]
    assert "Played by the rules engine" in slow.status.value
    assert slow.results.equals(fast.results) and slow.bags.equals(fast.bags)
    explore._draw_run.cache_clear()


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

#: Lesson 09's sizes: the comparison, the sweep per value, the balance report per variant.
COMPARE_GAMES, SWEEP_GAMES, BALANCE_GAMES = 20_000, 5_000, 20_000


def _pepper6() -> sc.Variant:
    from sheriff_core.rules.house import house_rule

    return house_rule("classic", {"goods.Pepper.penalty": 6}, name="pepper-fine-6")


@cache
def fresh_pepper6(games: int = COMPARE_GAMES) -> pd.DataFrame:
    """Lesson 09's comparison (classic against a Pepper fine of 6, 4 players, 20,000 paired
    games, or its first ``games``) on a fresh seed: its table, indexed by metric and
    strategy."""
    from sheriff_core.analysis import lab

    result = lab.compare_rules(
        "classic", _pepper6(), players=4, games=games, seed=FRESH, engine="auto", progress=False
    )
    return result.table.set_index(["metric", "strategy"])


def test_09_the_fine_moves_gold_and_spread_and_at_20000_games_a_few_small_things() -> None:
    says("09", "The **gold changing hands** per game and the **spread of the scores** are far")
    says(
        "09", "At 20,000 games three much smaller differences count as well: the **smuggler** wins"
    )
    says("09", "(about a tenth of a point, of a win rate under 1 %), so does the **first Sheriff**")
    says("09", "(seat 1, a few tenths of a point), and the **average final score** moves by a few")
    says("09", "thousandths of a point")
    says("09", "**bluffer's** win rates move by less than a point")
    says("09", "difference in any of the 20,000 games**")
    table = fresh_pepper6()
    for metric in ("gold_moved", "score_sd", "mean_score", "first_seat_win"):
        assert table.loc[(metric, ""), "distinguishable"], metric
    smuggler = table.loc[("win_rate", "smuggler")]
    assert smuggler["distinguishable"] and -0.005 < smuggler["difference"] < 0, smuggler
    assert smuggler["parent"] < 0.01
    first = table.loc[("first_seat_win", ""), "difference"]
    assert -0.01 < first < 0  # a few tenths of a point fewer wins
    assert 0 < abs(table.loc[("mean_score", ""), "difference"]) < 0.01  # a few thousandths
    for strategy in ("honest", "bluffer"):
        assert abs(table.loc[("win_rate", strategy), "difference"]) < 0.01, strategy
    for metric in ("lies_per_bag", "caught_per_bag", "bribes"):
        assert table.loc[(metric, ""), "changed"] == 0, metric


def test_09_the_average_score_moves_through_the_bonuses_not_the_gold() -> None:
    """'Fines only move gold from one player to another; the score moves because ... goods
    that change stands can change who gets a King's or Queen's bonus'."""
    says("09", "Fines only move gold from one player to another; the score")
    says("09", "change stands can change who gets a King's or Queen's bonus")
    per_game = [
        sc.simulate(v, players=4, games=COMPARE_GAMES, seed=FRESH, engine="auto", progress=False)
        .groupby("game")[["gold", "goods_value", "bonus", "total"]]
        .sum()
        for v in ("classic", _pepper6())
    ]
    moved = per_game[1] - per_game[0]
    assert (moved["gold"] == 0).all()  # the players' gold adds up the same in every game
    assert moved["total"].mean() != 0 and moved["bonus"].abs().sum() > 0
    assert abs(moved["total"].mean() - moved["bonus"].mean()) < 0.1 * abs(moved["total"].mean())


def test_09_twenty_thousand_games_narrow_the_intervals_about_eightfold() -> None:
    says("09", "At 300 games the comparison finds only the gold and the spread")
    says("09", "those intervals are 7 to 11 times narrower")
    says("09", "and the briber's wins, they narrow faster still")
    small, large = fresh_pepper6(300), fresh_pepper6()
    assert set(small.index[small["distinguishable"]]) == {("gold_moved", ""), ("score_sd", "")}
    ratio = (small["ci_high"] - small["ci_low"]) / (large["ci_high"] - large["ci_low"])
    many = [("gold_moved", ""), ("score_sd", ""), ("first_seat_win", "")]
    many += [("win_rate", "honest"), ("win_rate", "bluffer")]
    assert ratio[many].between(7, 11).all(), ratio[many]
    assert (ratio[[("win_rate", "smuggler"), ("win_rate", "briber")]] > 11).all(), ratio


def test_09_every_swept_fine_but_the_rulebooks_moves_the_gold() -> None:
    from sheriff_core.analysis import lab

    says("09", "5,000 paired games per value")
    says("09", "every other fine is more than noise in the gold changing hands and in the")
    says("09", "spread of the scores, even after Holm's correction")
    says("09", "a fine below the rulebook's 4 moves less gold")
    says("09", "(about 13 gold, in the `difference` column)")
    says("09", "the gold's intervals are under a gold wide")
    says("09", "they are at most a couple of points")
    fines = lab.sweep(
        "classic",
        "goods.Pepper.penalty",
        [2, 4, 6, 8, 10],
        games=SWEEP_GAMES,
        seed=FRESH,
        engine="auto",
        progress=False,
    )
    for metric in ("gold_moved", "score_sd"):
        rows = fines[fines["metric"] == metric].set_index("value")
        assert rows.loc[[2, 6, 8, 10], "distinguishable"].all(), rows
        assert not rows.loc[4, "distinguishable"]
    moved = fines[fines["metric"] == "gold_moved"].set_index("value")
    assert moved.loc[2, "difference"] < 0 < moved.loc[6, "difference"]
    steps = moved["difference"].diff().dropna()
    assert steps.between(12, 14.5).all(), steps  # "grows steadily", about 13 a step
    assert (moved["ci_high"] - moved["ci_low"]).max() < 1
    others = fines[fines["distinguishable"] & ~fines["metric"].isin(["gold_moved", "score_sd"])]
    rates = others[others["kind"] == "rate"]
    assert (rates["difference"].abs() < 0.025).all(), rates


@cache
def fresh_balance() -> dict[str, object]:
    """Lesson 09's balance reports on a fresh seed: every variant the compiled simulator
    plays (as the lesson), 20,000 games against the threshold Sheriff."""
    from sheriff_core.analysis import lab
    from sheriff_core.analysis.fastsim import why_not
    from sheriff_core.analysis.sim import DEFAULT_MERCHANTS

    reports = {}
    for name in sc.variant_names():
        variant = sc.load_variant(name)
        if why_not(variant, DEFAULT_MERCHANTS, ["threshold"]):
            continue
        players = 4 if variant.min_players <= 4 <= variant.max_players else variant.min_players
        reports[name] = lab.balance_report(
            variant,
            players=players,
            games=BALANCE_GAMES,
            seed=FRESH,
            sheriffs=["threshold"],
            engine="fast",
            progress=False,
        )
    assert {"classic", "summary-sheet"} <= set(reports)
    return reports


def test_09_the_strongest_bot_wins_about_twice_its_share_and_the_briber_hardly_ever() -> None:
    says("09", "in every one the strongest merchant bot wins about twice its fair share of seats")
    says("09", "under 1 % of its seats, with an exact interval that stays above zero")
    for name, report in fresh_balance().items():
        rates = report.win_rates.set_index("strategy")
        ratio = rates["win_rate"].max() / rates["fair"].iloc[0]
        assert 1.5 <= ratio <= 2.5, (name, ratio)
        briber = rates.loc["briber"]
        assert briber["win_rate"] == rates["win_rate"].min(), (name, rates)
        assert briber["win_rate"] < 0.01 and briber["ci_low"] > 0, (name, briber)


def test_09_at_20000_games_the_later_seats_win_more_than_their_share() -> None:
    """The seats: flagged far beyond chance, kept after Holm; in every 4-player variant the
    first two seats below their fair share and the last two above."""
    says("09", "far more seat win rates are flagged than chance would flag, and they stay")
    says("09", "flagged after Holm's adjustment")
    says("09", "In every 4-player variant measured here the first two seats win less than their")
    says("09", "fair share and the last two more")
    says("09", "games the intervals are within ±1 point")
    says("09", "wider than any seat's distance from its fair share in the table above")
    says("09", "The six-player `deputies` game is the exception: no seat")
    says("09", "there is distinguishable from its fair share.")
    reports = fresh_balance()
    says("09", "It plays every bundled variant;")
    assert set(reports) == set(sc.variant_names())  # every one played by the compiled simulator
    assert not reports["deputies"].seats["distinguishable"].any(), reports["deputies"].seats
    seats = [report.seats for report in reports.values()]
    tests = sum(len(s) for s in seats)
    off = sum(int(s["distinguishable"].sum()) for s in seats)
    holm = sum(int((s["p_holm"] < 0.05).sum()) for s in seats)
    assert off > 4 * 0.05 * tests and holm >= off / 2, (off, holm, tests)
    for name, report in reports.items():
        s = report.seats.set_index("seat")
        assert ((s["ci_high"] - s["ci_low"]) / 2 < 0.01).all(), name
        assert ((s["win_rate"] - s["fair"]).abs() < 0.09).all(), name  # inside ±9 points
        if report.players == 4:
            fair = s["fair"].iloc[0]
            assert (s.loc[[0, 1], "win_rate"] < fair).all(), (name, s)
            assert (s.loc[[2, 3], "win_rate"] > fair).all(), (name, s)


# --- lesson 11: the student's bots, the tournament, the mix --------------------------------


def _lesson11_bots() -> dict:
    """The bots lesson 11 defines (its example and its two solutions), read from the
    instructor notebook's cells and registered under their names for the test only."""
    from sheriff_core.bots import base as bots_base

    path = next(INSTRUCTOR.glob("11_*.ipynb"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    space: dict = {}
    exec(code[0].replace('alt.renderers.enable("svg")', "None"), space)
    for source in code:
        if any(f"class {name}(" in source for name in ("Greedy", "Sneak", "Sizer")):
            exec(source, space)
    bots_base._REGISTRY["merchant"].pop("greedy", None)  # registered by the lesson's cell
    return {name: space[name] for name in ("Greedy", "Sneak", "Sizer")}


def test_11_greedy_is_below_its_share_and_the_solutions_pass_on_a_fresh_seed() -> None:
    from sheriff_core.analysis.exploitability import EquilibriumSheriff
    from sheriff_core.exercises import lesson11

    says("11", "its whole interval (10.0 % to 13.1 %) lies below the fair share of 25 %")
    bots = _lesson11_bots()
    board = sc.tournament([bots["Greedy"]], games=2000, seed=FRESH).leaderboard()
    mine = board.set_index("entrant").loc["greedy"]
    assert mine.win_hi < 0.25 and board.index[board["entrant"] == "greedy"][0] == 3, board
    # 11.1: the solution scores more than the honest merchants beside it against threshold
    r = lesson11.merchant_against_threshold(bots["Sneak"], seed=FRESH)
    assert r["ahead_lo"] > 0 and r["caught"] == 0, r
    # 11.2: the solution holds the bluffer under the equilibrium Sheriff's rate, opening
    # at most half of the bags
    mine2 = lesson11.bluffer_against(bots["Sizer"], seed=FRESH)
    eq = lesson11.bluffer_against(
        EquilibriumSheriff(inspect=lesson11.equilibrium_rate()), seed=FRESH
    )
    assert mine2["win_rate"] < eq["win_rate"] and mine2["opened"] <= lesson11.MAX_OPENED


def test_11_the_mix_moves_both_merchants_the_same_way() -> None:
    says("11", "Against trusting Sheriffs only (share 0) the smuggler wins 55.0 % of its games")
    says("11", "against inspectors only neither won a game here")
    says("11", "almost no chance against Sheriffs who open every bag")
    bots = _lesson11_bots()
    rates = {}
    for who in ("greedy", "smuggler"):
        t = sc.win_rate_by_mix(
            bots["Greedy"] if who == "greedy" else who,
            "honest+always-inspect",
            "honest+trusting",
            (0, 0.5, 1),
            games=300,
            seed=FRESH,
        )
        rates[who] = t.set_index("fraction")["win_rate"]
    assert rates["smuggler"][0.0] > rates["greedy"][0.0]
    for who in rates:
        assert rates[who][0.0] > rates[who][0.5] > rates[who][1.0]
        assert rates[who][1.0] < 0.02  # "almost no chance"
