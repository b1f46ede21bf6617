"""House-rule lab: paired comparisons, their intervals, sweeps (local and Dask), balance."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.analysis import lab

# --------------------------------------------------------------------------- the statistics

# A paired binary outcome with a known joint law: P(x, y) for (1,1), (1,0), (0,1), (0,0).
# P(x=1) = 0.3, P(y=1) = 0.4: the true difference is 0.1.
_JOINT = np.array([0.2, 0.1, 0.2, 0.5])
_TRUE = 0.1


def _pairs(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    cell = rng.choice(4, size=n, p=_JOINT)
    x = np.isin(cell, (0, 1)).astype(float)
    y = np.isin(cell, (0, 2)).astype(float)
    return x, y


@pytest.mark.parametrize(
    ("method", "samples", "band"),
    [("t", 500, (0.925, 0.975)), ("bootstrap", 200, (0.91, 0.985))],
)
def test_intervals_cover_the_true_difference_about_95_percent_of_the_time(method, samples, band):
    """Seeded synthetic samples of 150 paired binary outcomes with a known difference.
    With 500 samples the coverage of a 95 % interval has an sd of about 1 point, so the
    band is about 2.5 sd wide either side (the bootstrap, 200 samples: 3.5 points)."""
    rng = np.random.default_rng(20261201)
    hits = 0
    for i in range(samples):
        x, y = _pairs(rng, 150)
        r = lab.paired_difference(x, y, method=method, seed=i, resamples=999)
        hits += r["ci_low"] <= _TRUE <= r["ci_high"]
    coverage = hits / samples
    assert band[0] <= coverage <= band[1], coverage


def test_a_90_percent_interval_is_narrower_and_covers_about_90_percent():
    rng = np.random.default_rng(7)
    hits, narrower = 0, 0
    for _ in range(500):
        x, y = _pairs(rng, 150)
        r90 = lab.paired_difference(x, y, confidence=0.90)
        r95 = lab.paired_difference(x, y, confidence=0.95)
        hits += r90["ci_low"] <= _TRUE <= r90["ci_high"]
        narrower += (r90["ci_high"] - r90["ci_low"]) < (r95["ci_high"] - r95["ci_low"])
    assert 0.87 <= hits / 500 <= 0.93
    assert narrower == 500


def test_games_needed_gives_about_the_stated_power():
    """At the number of games the lab says is needed, a paired t-test at 5 % finds the
    difference in about 80 % of seeded samples (statsmodels' TTestPower)."""
    rng = np.random.default_rng(11)
    x, y = _pairs(rng, 20_000)  # a big pilot: effect size close to the truth
    need = int(lab.paired_difference(x, y)["games_needed"])
    assert 50 < need < 1000
    found = 0
    for _ in range(400):
        xs, ys = _pairs(rng, need)
        r = lab.paired_difference(xs, ys)
        found += r["ci_low"] > 0 or r["ci_high"] < 0
    assert 0.74 <= found / 400 <= 0.86, (need, found / 400)


def test_binary_pairs_get_the_exact_mcnemar_check_and_numbers_wilcoxon():
    from scipy import stats
    from statsmodels.stats.contingency_tables import mcnemar

    rng = np.random.default_rng(5)
    x, y = _pairs(rng, 120)
    r = lab.paired_difference(x, y)
    table = pd.crosstab(x, y).to_numpy()
    assert r["check_test"] == "McNemar exact"
    assert r["check_p_value"] == pytest.approx(mcnemar(table, exact=True).pvalue)
    xs, ys = rng.normal(size=50), rng.normal(0.3, size=50)
    r = lab.paired_difference(xs, ys)
    assert r["check_test"] == "Wilcoxon signed-rank"
    assert r["check_p_value"] == pytest.approx(stats.wilcoxon(ys, xs).pvalue)


def test_no_change_seen_is_not_called_identical_but_bounded():
    """Issue 26: all-equal per-game differences used to print "95 % CI +0.0 to +0.0:
    identical". Now the interval says how big a difference the sample could miss: a
    0/1 metric that never differs in n games gets Tango's bound (about 3.84 / n either
    side), a number the score bound times the values' range (Wilson's form)."""
    x = np.zeros(300)
    r = lab.paired_difference(x, x)
    assert (r["difference"], r["changed"]) == (0.0, 0)
    assert r["ci_low"] == pytest.approx(-3.8415 / 303.8415, rel=1e-3)
    assert r["ci_high"] == pytest.approx(3.8415 / 303.8415, rel=1e-3)
    assert r["p_value"] == 1.0 and r["games_needed"] == math.inf
    numbers = np.arange(300.0) % 7  # values 0..6: range 6
    r = lab.paired_difference(numbers, numbers)
    assert r["ci_low"] < 0 < r["ci_high"]
    from scipy import stats

    c = stats.t.ppf(0.975, 299) ** 2
    assert r["ci_high"] == pytest.approx(c * 6 / (300 + c), rel=1e-6)
    # every game moved by the same +30 (e.g. 30 more starting gold): the interval is
    # around +30, not a point, and the test finds it
    r = lab.paired_difference(numbers, numbers + 30)
    assert r["ci_low"] < 30 < r["ci_high"] and r["p_value"] < 1e-6
    # the old plain t interval is still there, with its zero width, on request
    r = lab.paired_difference(x, x, method="t")
    assert (r["ci_low"], r["ci_high"]) == (0.0, 0.0)


def test_binary_interval_is_tangos_score_interval():
    """Tango (1998) on the discordant pairs: the interval's ends are where the score
    statistic equals 1.96 (checked against a plain root finder), and its test at zero
    is McNemar's statistic without continuity correction."""
    from scipy import optimize, stats

    rng = np.random.default_rng(4)
    x, y = _pairs(rng, 200)
    r = lab.paired_difference(x, y)
    up, down, n = int(np.sum(y > x)), int(np.sum(y < x)), 200

    def score(delta):
        a, c = 2 * n, -down * delta * (1 - delta)
        b = -up - down + (2 * n - up + down) * delta
        q = (math.sqrt(b * b - 4 * a * c) - b) / (2 * a)
        return (up - down - n * delta) / math.sqrt(n * (2 * q + delta * (1 - delta)))

    z = stats.norm.ppf(0.975)
    mean = (up - down) / n
    assert r["ci_low"] == pytest.approx(optimize.brentq(lambda t: score(t) - z, -0.99, mean))
    assert r["ci_high"] == pytest.approx(optimize.brentq(lambda t: score(t) + z, mean, 0.99))
    assert r["p_value"] == pytest.approx(2 * stats.norm.sf(abs(up - down) / math.sqrt(up + down)))
    assert r["interval"] == "Tango score (paired 0/1)"


def test_paired_difference_refuses_unpaired_and_bad_arguments():
    with pytest.raises(ValueError, match="not paired: 3 parent values but 2 variant values"):
        lab.paired_difference([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match="confidence must be in"):
        lab.paired_difference([1, 2], [1, 3], confidence=95)
    with pytest.raises(ValueError, match="method must be 'auto', 't' or 'bootstrap'"):
        lab.paired_difference([1, 2], [1, 3], method="z")


def test_bootstrap_interval_is_seeded():
    rng = np.random.default_rng(3)
    x, y = _pairs(rng, 100)
    a = lab.paired_difference(x, y, method="bootstrap", seed=5)
    b = lab.paired_difference(x, y, method="bootstrap", seed=5)
    c = lab.paired_difference(x, y, method="bootstrap", seed=6)
    assert a == b
    assert a["ci_low"] != c["ci_low"] or a["ci_high"] != c["ci_high"]


# --------------------------------------------------------------------------- per-game metrics


@pytest.fixture(scope="module")
def classic_sim() -> pd.DataFrame:
    return sc.simulate("classic", players=4, games=60, seed=9, progress=False)


def test_game_metrics_agree_with_the_per_player_columns(classic_sim):
    m = lab.game_metrics(classic_sim)
    g = classic_sim.groupby("game")
    moved = g["fines_paid"].sum() + g["bribes_paid"].sum() + g["compensation_paid"].sum()
    assert np.allclose(m["gold_moved"], moved)
    assert np.allclose(m["lies_per_bag"], g["lies"].sum() / g["bags"].sum())
    assert np.allclose(m["caught_per_bag"], g["caught"].sum() / g["bags"].sum())
    assert np.allclose(m["mean_score"], g["total"].mean())
    seat0 = classic_sim[classic_sim["seat"] == 0].set_index("game")["win"]
    assert np.array_equal(m["first_seat_win"], seat0.astype(float))
    # every strategy sits once per game with 4 players and 4 strategies
    wins = m[[c for c in m.columns if c.startswith("win_rate:")]]
    assert set(np.unique(wins.to_numpy())) <= {0.0, 1.0}


def _row(game, seat, total, bonus, legal, win):
    return {
        "game": game,
        "seat": seat,
        "strategy": "honest",
        "total": total,
        "bonus": bonus,
        "stand_legal": legal,
        "stand_contraband": 0,
        "win": win,
        "lies": 0,
        "bags": 1,
        "caught": 0,
        "game_fines": 0,
        "game_bribe_gold": 0,
        "game_compensation": 0,
        "game_bribes": 0,
    }


def test_bonus_decides_when_the_winner_without_bonuses_differs():
    rows = [
        # game 0: Ann 100 with 30 bonus, Ben 90 with none -> Ben leads without bonuses
        _row(0, 0, 100, 30, 5, True),
        _row(0, 1, 90, 0, 5, False),
        # game 1: Ann wins with or without her bonus
        _row(1, 0, 100, 5, 5, True),
        _row(1, 1, 90, 0, 5, False),
        # game 2: 80 each without bonuses; the tie-break (legal goods) already picks Ann
        _row(2, 0, 90, 10, 9, True),
        _row(2, 1, 80, 0, 3, False),
    ]
    m = lab.game_metrics(pd.DataFrame(rows))
    assert m["bonus_decides"].tolist() == [1.0, 0.0, 0.0]


# --------------------------------------------------------------------------- compare_rules


def test_compare_rules_of_a_variant_with_itself_is_identical_and_says_why():
    r = lab.compare_rules("classic", "classic", players=4, games=40, seed=2)
    t = r.table
    assert (t["difference"] == 0).all()
    assert ((t["ci_low"] <= 0) & (t["ci_high"] >= 0)).all()
    assert not t["distinguishable"].any()
    assert set(t["metric"]) == set(lab.METRICS)
    assert len(r.sentences) == len(t)
    assert all("identical, because the two rule sets are the same" in s for s in r.sentences)
    assert r.headline == "The two rule sets are the same, so nothing can differ."
    assert "<ul>" in r._repr_html_() and r.headline in r._repr_html_()


def test_a_rule_that_changes_nothing_here_is_not_called_identical():
    """Same rules under another name are identical; a real change that these bots never
    notice (lies and inspections do not weigh the fine) is "no difference seen", with a
    bound, never "identical"."""
    same = lab.with_field("classic", "goods.Pepper.penalty", 4)
    assert lab.same_rules("classic", same)
    assert lab.compare_rules("classic", same, games=10).headline.startswith("The two rule")
    r = lab.compare_rules("classic", "summary-sheet", players=4, games=60, seed=5)
    lies = r.table.set_index("metric").loc["lies_per_bag"]
    assert lies["changed"] == 0 and lies["ci_low"] < 0 < lies["ci_high"]
    assert "no difference seen in any of the 60 games" in lies["sentence"]
    assert not any("identical" in s for s in r.sentences)
    assert "+0.0 to +0.0" not in str(r)


def test_compare_rules_is_paired_and_finds_harsher_fines_move_more_gold():
    """Summary-sheet fines (penalty = value, 6..9 instead of 4): the same seeds on both
    sides, and more gold changes hands in the variant; the headline says it in words
    and the sentences spell out units."""
    r = lab.compare_rules("classic", "summary-sheet", players=4, games=120, seed=5)
    assert r.parent_sim["game"].equals(r.variant_sim["game"])
    assert r.parent_sim["strategy"].equals(r.variant_sim["strategy"])
    gold = r.table.set_index("metric").loc["gold_moved"]
    assert gold["difference"] > 0 and gold["ci_low"] > 0 and gold["distinguishable"]
    assert gold["p_holm"] < 0.001
    assert gold["sentence"].endswith("more than noise (Holm-adjusted p < 0.001).")
    assert " gold -> " in gold["sentence"] and "gold; 95 % CI" in gold["sentence"]
    assert r.headline.startswith("With this house rule about ")
    assert "more gold changes hands per game" in r.headline
    assert r.headline.endswith("nothing else you measured moved beyond noise.")
    assert "true difference is very likely between" in r.note and "Holm" in r.note
    # the table's parent column is the parent run's own mean
    moved = lab.game_metrics(r.parent_sim)["gold_moved"].mean()
    assert gold["parent"] == pytest.approx(moved)
    for _, row in r.table.iterrows():
        inside = row["ci_low"] <= row["difference"] <= row["ci_high"]
        assert inside, row["metric"]
        assert "per" not in row["unit"] or row["unit"] == "percentage points"
        if row["kind"] == "rate" and row["changed"]:
            assert "percentage points" in row["sentence"], row["sentence"]
    assert (r.table["p_holm"].dropna() >= r.table["p_value"][r.table["p_holm"].notna()]).all()


def test_distinguishable_is_decided_on_holm_adjusted_p_values():
    from statsmodels.stats.multitest import multipletests

    r = lab.compare_rules("classic", "summary-sheet", players=4, games=200, seed=1)
    t = r.table
    tested = t["changed"] > 0
    holm = multipletests(t.loc[tested, "p_value"], method="holm")[1]
    assert np.allclose(t.loc[tested, "p_holm"], holm)
    assert t["p_holm"][~tested].isna().all()
    assert t["distinguishable"].eq(t["p_holm"].fillna(1) < 0.05).all()


def test_compare_frames_refuses_tables_of_different_games():
    a = sc.simulate("classic", players=4, games=10, seed=1)
    with pytest.raises(ValueError, match=r"not paired: .*games 10 vs 8"):
        lab.compare_frames(a, sc.simulate("classic", players=4, games=8, seed=1))
    other_bots = sc.simulate("classic", players=4, games=10, seed=1, merchants=["honest"])
    with pytest.raises(ValueError, match="not paired: .*different players, seats or bots"):
        lab.compare_frames(a, other_bots)
    with pytest.raises(ValueError, match="not a simulate"):
        lab.compare_frames(a, a.drop(columns=["win"]))


# --------------------------------------------------------------------------- sweep


def test_sweep_pairs_each_value_with_the_parent_and_refuses_bad_fields():
    df = lab.sweep("classic", "goods.Pepper.penalty", [4, 9], players=4, games=30, progress=False)
    assert df["value"].tolist().count(4) == df["value"].tolist().count(9) == 12
    same = df[df["value"] == 4]  # the parent's own value: nothing changes
    assert (same["difference"] == 0).all()
    assert list(df.columns[:4]) == ["field", "field_label", "value", "lineup"]
    assert set(df["field_label"]) == {"Pepper: fine per card (penalty)"}
    assert all("identical, because the two rule sets are the same" in s for s in same["sentence"])
    assert (same["ci_low"] == 0).all() and (same["ci_high"] == 0).all()
    with pytest.raises(sc.VariantError, match="no rule field 'goods.Pepperr.penalty'"):
        lab.sweep("classic", "goods.Pepperr.penalty", [4], games=2, progress=False)
    with pytest.raises(sc.VariantError, match="no rule field 'setup.gold'"):
        lab.sweep("classic", "setup.gold", [4], games=2, progress=False)
    with pytest.raises(
        sc.VariantError, match=r"\[goods.Pepper\] penalty: must be non-negative, got -1"
    ):
        lab.sweep("classic", "goods.Pepper.penalty", [4, -1], games=2, progress=False)
    with pytest.raises(ValueError, match="at least one value"):
        lab.sweep("classic", "goods.Pepper.penalty", [], games=2, progress=False)
    with pytest.raises(ValueError, match="line-up 'x'"):
        lab.sweep("classic", "goods.Pepper.penalty", [4], lineups={"x": ["honest"]}, games=2)


def test_sweep_takes_a_callable_and_several_lineups():
    def gold(value):
        return lab.with_field("classic", "setup.starting_gold", value)

    lineups = {"threshold": {}, "inspect": {"sheriffs": "always-inspect"}}
    df = lab.sweep("classic", gold, [50, 80], lineups=lineups, players=4, games=20, progress=False)
    assert sorted(df["lineup"].unique()) == ["inspect", "threshold"]
    assert set(df["field"]) == {"gold"}
    score = df[(df["metric"] == "mean_score") & (df["value"] == 80)]
    assert (score["difference"] > 0).all()  # 30 more gold each


def test_sweep_is_the_same_in_process_with_local_workers_and_on_dask():
    distributed = pytest.importorskip("distributed")
    args = {"players": 4, "games": 40, "seed": 3, "progress": False}
    base = lab.sweep("classic", "goods.Pepper.penalty", [2, 8], **args)
    pd.testing.assert_frame_equal(
        base, lab.sweep("classic", "goods.Pepper.penalty", [2, 8], workers=2, **args)
    )
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = lab.sweep(
            "classic", "goods.Pepper.penalty", [2, 8], executor=client.get_executor(), **args
        )
    pd.testing.assert_frame_equal(base, on_dask)


# --------------------------------------------------------------------------- balance_report


def test_balance_report_tables_and_intervals():
    r = lab.balance_report("classic", players=4, games=60, sheriffs=["threshold", "trusting"])
    assert r.seats.groupby("sheriff").size().to_dict() == {"threshold": 4, "trusting": 4}
    assert (r.seats["games"] == 60).all()
    for t in (r.win_rates, r.seats):
        assert ((t["ci_low"] <= t["win_rate"]) & (t["win_rate"] <= t["ci_high"])).all()
        assert t["distinguishable"].eq((t["fair"] < t["ci_low"]) | (t["fair"] > t["ci_high"])).all()
    # the fair share is the mean seat win rate of that run
    for _, sub in r.seats.groupby("sheriff"):
        assert sub["fair"].iloc[0] == pytest.approx(sub["wins"].sum() / sub["games"].sum())
    assert set(r.spread["measure"]) == {"score_sd", "margin"}
    assert (r.spread.loc[r.spread["measure"] == "margin", "mean"] >= 0).all()
    assert len(r.sentences) == len(r.win_rates) + len(r.seats) + len(r.spread)
    p = pd.concat([r.win_rates["p_value"], r.seats["p_value"]])
    holm = pd.concat([r.win_rates["p_holm"], r.seats["p_holm"]])
    assert (holm >= p - 1e-12).all() and (holm <= 1).all()  # Holm only raises p-values
    assert holm.min() == pytest.approx(min(1.0, p.min() * len(p)))
    assert "fair share" in r._repr_html_()
    # people count seats from 1 (issue 24): the first Sheriff is seat 1, as on game night
    seats = list(r.seats.loc[r.seats["sheriff"] == "threshold", "sentence"])
    assert "seat 1 (the first Sheriff) wins" in seats[0] and "seat 4 wins" in seats[3]
    assert not any("seat 0" in s for s in r.sentences)


def test_balance_report_finds_the_trusting_sheriff_unbalanced():
    """Against a Sheriff who never inspects, the honest bot cannot keep up with the bots
    that smuggle: its win rate is below its fair share, and the report says so."""
    r = lab.balance_report("classic", players=4, games=80, sheriffs=["trusting"])
    honest = r.win_rates.set_index("strategy").loc["honest"]
    assert honest["ci_high"] < honest["fair"]
    assert "below its fair share" in honest["sentence"]
    assert "still significant" in honest["sentence"]
    assert not r.balanced


def test_a_sweep_is_one_family_for_holms_adjustment():
    """Every cell of a sweep (values x line-ups x metrics) is adjusted together: the
    p_holm column is statsmodels' Holm over all testable cells, not per value."""
    from statsmodels.stats.multitest import multipletests

    df = lab.sweep("classic", "goods.Pepper.penalty", [2, 8], players=4, games=40, progress=False)
    tested = df["changed"] > 0
    assert np.allclose(
        df.loc[tested, "p_holm"], multipletests(df.loc[tested, "p_value"], method="holm")[1]
    )
    assert df["distinguishable"].eq(df["p_holm"].fillna(1) < 0.05).all()


def test_compare_each_change_measures_each_field_alone_and_together():
    t = lab.compare_each_change(
        "classic", {"goods.Pepper.penalty": 8, "setup.starting_gold": 80}, games=30, seed=1
    )
    assert list(dict.fromkeys(t["change"])) == [
        "goods.Pepper.penalty=8",
        "setup.starting_gold=80",
        "all changes",
    ]
    score = t[t["metric"] == "mean_score"].set_index("change")["difference"]
    assert score["setup.starting_gold=80"] > 0 and score["all changes"] > 0
    with pytest.raises(ValueError, match="at least one"):
        lab.compare_each_change("classic", {}, games=2)


@pytest.mark.parametrize("games", [0, -3, 2.5, True])
def test_balance_report_refuses_no_games_with_a_clear_error(games):
    """Issue 25: games=0 was a KeyError ('p_value') from an empty table."""
    with pytest.raises(ValueError, match=r"games must be a whole number >= 1 \(a balance"):
        lab.balance_report("classic", games=games, sheriffs=["trusting"])
    with pytest.raises(ValueError, match=r"games must be a whole number >= 1 \(a comparison"):
        lab.compare_rules("classic", "summary-sheet", games=games)


def test_one_game_is_too_few_to_say_anything():
    r = lab.compare_rules("classic", "summary-sheet", games=1)
    assert r.headline == "Too few games to say anything: 1 game played."
    assert all(s.endswith("too few games to say.") for s in r.sentences)


def test_a_difference_that_rounds_to_zero_does_not_ask_for_a_million_games():
    """Issue 24: no "+0.0 ... about 1,013,461 games would be needed"."""
    row = {
        "label": "win rate of the honest bot",
        "kind": "rate",
        "unit": "percentage points",
        "games": 300,
        "parent": 0.53,
        "variant": 0.530004,
        "difference": 0.000004,
        "ci_low": -0.02,
        "ci_high": 0.02,
        "changed": 40,
        "distinguishable": False,
        "p_holm": 1.0,
        "games_needed": 1_013_461.0,
    }
    said = lab._sentence(row, 0.95, 12)
    assert "would be needed" not in said and "+0.0" not in said
    assert said.endswith("not distinguishable from noise at 300 games.")
    row["difference"], row["games_needed"] = 0.013, 2357.0
    assert "about 2,357 games would be needed" in lab._sentence(row, 0.95, 12)


def test_headline_names_the_clearest_three_and_counts_the_rest():
    rows = [
        ("win_rate", "briber", "rate", 0.04, 0.02, 0.06, True),
        ("gold_moved", "", "number", 53.4, 52.9, 53.9, True),
        ("bribes", "", "number", -0.5, -0.9, -0.1, True),
        ("first_seat_win", "", "rate", -0.012, -0.02, -0.004, True),
        ("mean_score", "", "number", 0.1, -0.2, 0.4, False),
    ]
    cols = ["metric", "strategy", "kind", "difference", "ci_low", "ci_high", "distinguishable"]
    t = pd.DataFrame(rows, columns=cols).assign(same_rules=False, games=2000)
    said = lab.headline(t)
    # the clearest first (difference over interval width), three named, the rest counted
    assert said == (
        "With this house rule about 53 more gold changes hands per game, the briber bot wins "
        "about 4 percentage points more often, the first Sheriff (seat 1) wins about 1.2 "
        "percentage points less often and 1 more thing changed; nothing else you measured "
        "moved beyond noise."
    )
    everything = t.assign(distinguishable=True).iloc[:2]
    assert lab.headline(everything).endswith("; every one of the things measured moved.")
    assert lab.headline(t.assign(distinguishable=False)) == (
        "No difference seen beyond noise in any of the 5 things measured over 2,000 games."
    )
