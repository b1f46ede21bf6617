"""sc.tournament: entrants, line-ups on the same deals, determinism, the leaderboard's
intervals and ratings, head to head, the mix table."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.proportion import proportion_confint

import sheriff_core as sc
from sheriff_core.analysis.tournament import (
    DEFAULT_OPPONENTS,
    FAULT_COLUMNS,
    GAME_COLUMNS,
    entrant,
)
from sheriff_core.bots import MerchantBot, RandomBot, SheriffBot, make_player
from sheriff_core.bots.merchants import HonestMerchant
from sheriff_core.engine import Inspect, LetPass


class Nosy(SheriffBot):
    """A student's Sheriff, as docs/bots.md writes it (not registered)."""

    name = "nosy"

    def decide(self, view, merchant):
        return Inspect(merchant) if view.declared[merchant][1] > 3 else LetPass(merchant)


class Careful(MerchantBot):
    """A student's merchant: the honest one's choices, under another name."""

    name = "careful"

    def load(self, view):
        return HonestMerchant().load(view)

    def declare(self, view):
        return HonestMerchant().declare(view)


@pytest.fixture(scope="module")
def result():
    return sc.tournament([Nosy, "smuggler"], games=60, seed=11, players=4)


def test_the_tables_have_their_columns(result):
    assert tuple(result.games.columns) == GAME_COLUMNS
    assert tuple(result.faults.columns) == FAULT_COLUMNS
    board = result.leaderboard()
    for col in ("entrant", "games", "wins", "win_rate", "win_lo", "win_hi", "rating"):
        assert col in board.columns
    assert list(board.columns[:9]) == [
        "entrant",
        "games",
        "wins",
        "win_rate",
        "win_lo",
        "win_hi",
        "rating",
        "rating_lo",
        "rating_hi",
    ]


def test_every_line_up_plays_every_deal_in_every_seat_order(result):
    g = result.games
    pool = [e.name for e in result.entrants]
    assert pool == ["nosy", "smuggler", *DEFAULT_OPPONENTS]
    lineups = 15  # C(6, 4)
    deals = g["deal"].nunique()
    assert deals == 1  # 60 games: one deal is 15 line-ups x 4 rotations
    assert g["game"].nunique() == lineups * 4 * deals
    # the same deal (seed) for every game of a deal: paired comparisons
    assert g.groupby("deal")["seed"].nunique().eq(1).all()
    # every entrant sits in every seat equally often
    seats = g.groupby(["entrant", "seat"]).size().unstack()
    assert seats.shape == (6, 4) and seats.nunique(axis=1).eq(1).all()
    # every pair of entrants shares tables: C(4, 2) line-ups of 4 hold any given pair
    h2h = result.head_to_head()
    assert len(h2h) == 6 * 5
    assert h2h["games"].eq(6 * 4 * deals).all()


def test_games_is_rounded_up_to_whole_deals():
    r = sc.tournament(["honest"], games=5, players=3, opponents=["smuggler", "briber"])
    assert r.games["game"].nunique() == 6  # one line-up, 3 rotations, 2 deals
    assert r.games["deal"].nunique() == 2


def test_the_deal_seed_deals_the_game_again(result):
    row = result.games.iloc[0]
    game = sc.new_game("classic", players=4, seed=int(row["seed"]), first_sheriff=0)
    lineup = result.games[result.games["game"] == row["game"]].sort_values("seat")
    assert lineup["entrant"].tolist()[0] == row["entrant"]
    players = []
    for name in lineup["entrant"]:
        e = next(e for e in result.entrants if e.name == name)
        players.append(e.factory())
    sc.bots.play_game(game, players)
    scores = [r["total"] for r in game.score_rows()]
    assert scores == lineup["score"].tolist()


def test_same_seed_same_tables_and_leaderboard():
    a = sc.tournament([Nosy, Careful], games=40, seed=4, players=3, opponents=["bluffer+bayesian"])
    b = sc.tournament([Nosy, Careful], games=40, seed=4, players=3, opponents=["bluffer+bayesian"])
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.leaderboard(), b.leaderboard())
    pd.testing.assert_frame_equal(a.head_to_head(), b.head_to_head())
    c = sc.tournament([Nosy, Careful], games=40, seed=5, players=3, opponents=["bluffer+bayesian"])
    assert not c.games["score"].equals(a.games["score"])


def test_the_leaderboard_intervals_contain_the_win_rate(result):
    board = result.leaderboard()
    assert (board["win_lo"] <= board["win_rate"]).all()
    assert (board["win_rate"] <= board["win_hi"]).all()
    assert (board["win_hi"] - board["win_lo"] > 0).all()
    assert (board["rating_lo"] < board["rating"]).all() and (
        board["rating"] < board["rating_hi"]
    ).all()
    # Wilson intervals, as statsmodels computes them
    lo, hi = proportion_confint(board["wins"], board["games"], method="wilson")
    np.testing.assert_allclose(board["win_lo"], lo)
    np.testing.assert_allclose(board["win_hi"], hi)
    # the win counts are the games table's
    wins = result.games.groupby("entrant")["won"].sum()
    assert board.set_index("entrant")["wins"].to_dict() == wins.to_dict()


def test_the_leaderboard_is_sorted_best_first_and_ratings_average_zero(result):
    board = result.leaderboard()
    assert board["rating"].is_monotonic_decreasing
    assert abs(board["rating"].mean()) < 1e-6


def test_ratings_follow_the_pairwise_results():
    """Two entrants alone: the Bradley-Terry rating difference is the log-odds of the
    share of comparisons won, on Elo's scale (the virtual ties shrink it a little)."""
    r = sc.tournament(
        ["adaptive+threshold:bribe=3", "briber+bayesian"], games=80, players=4, opponents=[]
    )
    c = r.comparisons()
    assert len(c) > 0
    a_first = c["entrant"] == "adaptive+threshold:bribe=3"
    share = np.where(a_first, c["ahead"], 1 - c["ahead"]).mean()
    assert 0 < share < 1
    board = r.leaderboard().set_index("entrant")
    diff = (
        board.loc["adaptive+threshold:bribe=3", "rating"] - board.loc["briber+bayesian", "rating"]
    )
    assert diff > 0
    raw = 400 * np.log10(share / (1 - share))
    assert 0.8 * raw < diff <= raw + 1e-9


def test_an_entrant_that_wins_every_comparison_gets_a_finite_rating():
    r = sc.tournament(["honest+trusting", RandomBot], games=12, players=3, opponents=[])
    board = r.leaderboard()
    assert np.isfinite(board[["rating", "rating_lo", "rating_hi"]].to_numpy()).all()


def test_head_to_head_is_symmetric(result):
    h = result.head_to_head().set_index(["entrant", "opponent"])
    for (a, b), row in h.iterrows():
        assert row["win_rate"] == pytest.approx(1 - h.loc[(b, a), "win_rate"])
        assert row["win_lo"] <= row["win_rate"] <= row["win_hi"]


def test_entrant_forms_and_partners():
    assert entrant("smuggler").sheriff == "threshold"
    assert entrant("bayesian").merchant == "honest"
    assert entrant(Nosy).merchant == "honest" and entrant(Nosy).sheriff == "nosy"
    assert not entrant(Nosy).trusted and entrant("honest").trusted
    assert entrant(Careful()).sheriff == "threshold"
    assert entrant(make_player("briber", "bayesian")).name == "briber/bayesian"
    assert entrant(("honest", "trusting")).name == "honest/trusting"
    assert entrant("briber+threshold:size=2").sheriff == "threshold(size=2)"
    assert entrant(RandomBot).trusted and entrant(RandomBot()).name == "RandomBot"
    assert entrant(Careful, {"merchant": "honest", "sheriff": "bayesian"}).sheriff == "bayesian"


def test_bad_entrants_are_named():
    with pytest.raises(ValueError, match="no bot is registered as 'nobody'"):
        sc.tournament(["nobody"], games=1)
    with pytest.raises(ValueError, match="two entrants are called 'smuggler'"):
        sc.tournament(["smuggler", "smuggler"], games=1)
    with pytest.raises(TypeError, match="tournament entrant"):
        sc.tournament([42], games=1)
    with pytest.raises(ValueError, match="games must be 1 or more"):
        sc.tournament(["honest"], games=0)


def test_an_entrant_that_is_also_a_default_opponent_plays_once():
    r = sc.tournament(["honest+trusting"], games=20, players=4)
    assert [e.name for e in r.entrants] == list(DEFAULT_OPPONENTS)


def test_win_rate_by_mix_is_paired_and_monotone_in_the_share():
    t = sc.win_rate_by_mix(Nosy, "honest+trusting", "briber+bayesian", games=24, players=3, seed=2)
    assert t["fraction"].tolist() == [0, 0.25, 0.5, 0.75, 1]
    assert t["share_a"].is_monotonic_increasing
    assert t["share_a"].iloc[0] == 0 and t["share_a"].iloc[-1] == 1
    assert ((t["win_lo"] <= t["win_rate"]) & (t["win_rate"] <= t["win_hi"])).all()
    assert t["games"].eq(24).all()
    again = sc.win_rate_by_mix(
        Nosy, "honest+trusting", "briber+bayesian", games=24, players=3, seed=2
    )
    pd.testing.assert_frame_equal(t, again)


def test_win_rate_by_mix_refuses_a_fraction_outside_0_1():
    with pytest.raises(ValueError, match="fractions from 0 to 1"):
        sc.win_rate_by_mix("honest", "smuggler", "briber", (0, 1.5), games=2)


def test_a_users_bot_runs_in_simulations_with_the_checked_engine():
    from sheriff_core.analysis.sim import FastEngineFallback

    with pytest.warns(FastEngineFallback, match="nosy"):
        auto = sc.simulate(
            "classic", players=3, games=4, sheriffs=[Nosy()], workers=1, engine="auto"
        )
    checked = sc.simulate(
        "classic", players=3, games=4, sheriffs=[Nosy()], workers=1, engine="checked"
    )
    pd.testing.assert_frame_equal(auto, checked)
    assert set(checked["sheriff_strategy"]) == {"nosy"}
    with pytest.raises(ValueError, match="nosy"):
        sc.simulate("classic", players=3, games=4, sheriffs=[Nosy()], workers=1, engine="fast")


def test_a_bot_whose_init_forgets_super_is_refused_with_the_fix():
    class Forgetful(SheriffBot):
        name = "forgetful"

        def __init__(self):
            self.limit = 3  # no super().__init__(): no params, no fresh copies

    with pytest.raises(ValueError, match=r"super\(\).__init__"):
        sc.tournament([Forgetful], games=1)


SCRIPT = """
import sheriff_core as sc
from sheriff_core.bots import SheriffBot
from sheriff_core.engine import Inspect, LetPass

class Nosy(SheriffBot):
    name = "nosy"
    def decide(self, view, merchant):
        return Inspect(merchant) if view.declared[merchant][1] > 3 else LetPass(merchant)

r = sc.tournament([Nosy, "bluffer"], games=40, seed=8, players=4)
print(r.leaderboard().to_csv(index=False))
print(r.head_to_head().to_csv(index=False))
"""


def test_same_seed_same_leaderboard_in_other_processes():
    """Two fresh interpreters with different hash seeds (set and dict orders of strings
    change with it) print the same leaderboard, to the last digit."""
    import os
    import subprocess
    import sys

    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=300
        )
        assert out.returncode == 0, out.stderr
        outs.append(out.stdout)
    assert outs[0] == outs[1]
    assert "nosy" in outs[0] and "bluffer" in outs[0]
