"""The guard and the tournament's faults: a bot that crashes, cheats on the rules, is slow
or never returns loses those decisions, and the tournament still completes; a bot sees a
seat's view only."""

from __future__ import annotations

import time

import pytest

import sheriff_core as sc
from sheriff_core.bots import MerchantBot, RandomBot, SheriffBot, make_player, play_game
from sheriff_core.bots.guard import Guard, hard_stop_available, time_limits
from sheriff_core.bots.merchants import HonestMerchant
from sheriff_core.engine import Declare, Inspect, LetPass
from sheriff_core.play.driver import drive

GAMES = 12  # 3 entrants, 3 seats: 3 line-up rotations, 4 deals


class Crasher(MerchantBot):
    """Raises at every load."""

    name = "crasher"

    def load(self, view):
        raise ZeroDivisionError("my bug")

    def declare(self, view):
        return HonestMerchant().declare(view)


class Cheater(MerchantBot):
    """Declares more cards than a bag can hold (an illegal declaration)."""

    name = "cheater"

    def load(self, view):
        return HonestMerchant().load(view)

    def declare(self, view):
        return Declare("Apples", 99)


class Sleepy(SheriffBot):
    """Thinks for 30 ms of CPU time over every bag (the limit is 10 ms in these tests)."""

    name = "sleepy"

    def decide(self, view, merchant):
        end = time.thread_time() + 0.03
        while time.thread_time() < end:
            pass
        return LetPass(merchant)


class Dozer(SheriffBot):
    """Waits 0.15 s over every bag without thinking (sleeps: no CPU time)."""

    name = "dozer"

    def decide(self, view, merchant):
        time.sleep(0.15)
        return LetPass(merchant)


class Looper(SheriffBot):
    """Never returns from a bag decision, and swallows ordinary exceptions."""

    name = "looper"

    def decide(self, view, merchant):
        while True:
            try:
                pass
            except Exception:  # noqa: BLE001, S110 - the point: it does not catch the stop
                pass


class Peeker(SheriffBot):
    """Tries to read the cards in another seat's closed bag."""

    name = "peeker"

    def decide(self, view, merchant):
        cards = view.bags[merchant].cards  # a ClosedBag has no cards: AttributeError
        return Inspect(merchant) if "Pepper" in cards else LetPass(merchant)


class HandReader(MerchantBot):
    """Tries to read the other players' hands."""

    name = "hand-reader"

    def market(self, view):
        _ = view.hands  # a SeatView has no hands: AttributeError
        return super().market(view)

    def load(self, view):
        return HonestMerchant().load(view)

    def declare(self, view):
        return HonestMerchant().declare(view)


def _run(bot, **kw):
    # a time limit only for the bots that are slow on purpose: a 10 ms limit on a busy
    # machine can cut a fast bot's decision short now and then (a garbage collection)
    kw.setdefault("time_limit", 0.01 if bot in (Sleepy, Looper, Dozer) else None)
    if bot is Dozer:
        kw.setdefault("wall_limit", 0.05)
    return sc.tournament(
        [bot], games=GAMES, seed=3, players=3, opponents=["honest+trusting", "smuggler"], **kw
    )


def _completed(result):
    games = result.games
    assert games["game"].nunique() == GAMES
    assert (games.groupby("game")["seat"].count() == 3).all()
    assert games.groupby("game")["rank"].min().eq(1).all()  # every game scored to the end


@pytest.mark.parametrize(
    ("bot", "kind", "step", "words"),
    [
        (Crasher, "raised", "load", "ZeroDivisionError: my bug"),
        (Cheater, "illegal", "declare", "Declare(good='Apples', count=99)"),
        # stopped by the timer ("still deciding after 0.01 s of CPU time") or, when the timer
        # fires late on a loaded machine, measured ("thought for 0.030 s of CPU time, over
        # the limit of 0.01 s"): both name the limit and the clock
        (Sleepy, "slow", "sheriff", "CPU time"),
        (Looper, "slow", "sheriff", "after 0.01 s of CPU time: stopped"),
        (Dozer, "slow", "sheriff", "after 0.05 s of wall-clock time: stopped"),
    ],
)
def test_a_faulty_bot_loses_decisions_and_the_tournament_completes(bot, kind, step, words):
    if bot in (Looper, Dozer) and not hard_stop_available():
        pytest.fail("the endless loop test needs SIGALRM on the main thread")
    result = _run(bot)
    _completed(result)
    faults = result.faults
    assert len(faults) > 0
    assert set(faults["kind"]) == {kind}
    assert set(faults["entrant"]) == {bot.name}
    assert set(faults["step"]) == {step}
    assert faults["message"].str.contains(words, regex=False).all()
    if kind == "slow":
        assert faults["message"].str.contains("0.01 s|0.05 s").all()
    # each fault names the game and deal it happened in, and the seat's state
    assert faults["game"].between(0, GAMES - 1).all()
    assert faults["state"].str.contains("round ").all()
    # the games table counts the lost decisions on the faulty bot's rows
    mine = result.games[result.games["entrant"] == faults["entrant"].iloc[0]]
    assert mine["faults"].sum() == len(faults)
    assert (
        result.games.loc[result.games["entrant"] != faults["entrant"].iloc[0], "faults"].eq(0).all()
    )


def test_the_illegal_fault_says_which_rule_the_engine_applied():
    result = _run(Cheater)
    message = result.faults["message"].iloc[0]
    assert "the rules do not allow now: " in message
    assert len(message.split("the rules do not allow now: ", 1)[1]) > 10


def test_an_endless_loop_costs_about_the_time_limit_per_decision():
    start = time.perf_counter()
    result = _run(Looper, time_limit=0.02)
    seconds = time.perf_counter() - start
    stopped = len(result.faults)
    assert stopped > 10
    # the kernel's CPU-time timer and the thread's clock tick a little differently
    assert result.faults["cpu_seconds"].between(0.01, 0.2).all()
    assert result.faults["cpu_seconds"].median() >= 0.019
    assert seconds < stopped * 0.5 + 30


def test_the_report_names_the_bot_the_game_the_state_and_how_to_deal_it_again():
    result = _run(Crasher)
    text = result.report()
    first = result.faults.iloc[0]
    assert text.startswith(f"crasher: {len(result.faults)} decision(s) lost")
    assert f"first in game {first['game']}" in text
    assert f"state: {first['state']}" in text
    assert f"seed={first['seed']}" in text
    assert "ZeroDivisionError: my bug" in text
    assert f"played instead: {first['played']}" in text


def test_a_clean_tournament_reports_no_faults():
    result = _run("bayesian")
    assert result.faults.empty
    assert result.report().startswith("No faults")


@pytest.mark.parametrize("bot", [Peeker, HandReader])
def test_a_bot_that_reads_a_hidden_card_fails(bot):
    result = _run(bot)
    _completed(result)
    faults = result.faults
    assert len(faults) > 0 and set(faults["kind"]) == {"raised"}
    assert faults["message"].str.startswith("raised AttributeError").all()
    assert faults["message"].str.contains("cards|hands").all()


def test_the_view_a_bot_receives_holds_no_other_seats_secret():
    seen = []

    class Recorder(SheriffBot):
        name = "recorder"

        def decide(self, view, merchant):
            seen.append(view)
            return LetPass(merchant)

    _run(Recorder)
    assert seen
    view = seen[0]
    assert type(view).__name__ == "SeatView"
    assert not hasattr(view, "hands")
    for seat, bag in view.bags.items():
        if seat != view.seat:
            assert not hasattr(bag, "cards")


def test_the_guard_puts_back_the_alarm_handler_it_found():
    import signal

    before = signal.getsignal(signal.SIGALRM)
    _run(Sleepy)
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_outside_time_limits_a_slow_decision_is_measured_not_stopped():
    guard = Guard(make_player("honest", Sleepy()), "sleepy", time_limit=0.01)
    game = play_game(sc.new_game("classic", players=3, seed=0), [guard] + [make_player()] * 2)
    assert game.is_over
    assert {f.kind for f in guard.faults} == {"slow"}
    assert all(f.cpu_seconds >= 0.03 for f in guard.faults)
    assert all("of CPU time, over the limit of 0.01 s" in f.message for f in guard.faults)


def test_waiting_is_not_thinking_but_the_wall_clock_limit_catches_it():
    """A decision that sleeps uses no CPU time: the CPU limit lets it be, the wall-clock
    limit (default: 1 s, or 20 x the CPU limit) does not."""
    relaxed = Guard(make_player("honest", Dozer()), "dozer", time_limit=0.01, wall_limit=5)
    strict = Guard(make_player("honest", Dozer()), "dozer", time_limit=0.01, wall_limit=0.1)
    game = sc.new_game("classic", players=3, seed=0)
    drive(game, [make_player(), relaxed, strict], until=lambda g: g.round >= 3)  # all Sheriffs
    assert game.round == 3
    assert relaxed.faults == [] and strict.faults
    assert all("wall-clock time, over the limit of 0.1 s" in f.message for f in strict.faults)
    assert Guard(make_player(), "x", time_limit=0.01).wall_limit == 1.0
    assert Guard(make_player(), "x", time_limit=0.2).wall_limit == 4.0


def test_a_guarded_fault_free_bot_plays_the_same_game_as_unguarded():
    plain = play_game(
        sc.new_game("classic", players=4, seed=5), [make_player("smuggler", "bayesian")] * 4
    )
    with time_limits():
        guards = [
            Guard(make_player("smuggler", "bayesian"), "x", time_limit=None) for _ in range(4)
        ]
        guarded = play_game(sc.new_game("classic", players=4, seed=5), guards)
    assert [e.to_dict() for e in plain.events] == [e.to_dict() for e in guarded.events]
    assert not any(g.faults for g in guards)


def test_the_guard_refuses_a_time_limit_of_zero():
    with pytest.raises(ValueError, match="time_limit"):
        Guard(make_player(), "x", time_limit=0)
    with pytest.raises(ValueError, match="time_limit"):
        sc.tournament(["honest"], games=1, time_limit=-1)


class Chaos:
    """A whole-seat bot (``choose``) that raises, returns None, returns an illegal
    declaration or a random legal action, at every kind of step."""

    name = "chaos"

    def choose(self, view):
        u = view.players_rng.random()
        if u < 0.2:
            raise KeyError("boom")
        if u < 0.4:
            return None
        if u < 0.5:
            return Declare("Apples", 99)
        return RandomBot().choose(view)


@pytest.mark.parametrize("variant", sc.variant_names())
def test_faults_at_every_step_of_every_variant_never_stop_a_tournament(variant):
    v = sc.load_variant(variant)
    players = max(v.min_players, min(4, v.max_players))
    result = sc.tournament(
        [Chaos], games=4, variant=variant, players=players, opponents=["honest+trusting"]
    )
    assert result.games["game"].nunique() == players  # one deal, every rotation
    assert set(result.faults["kind"]) == {"raised", "illegal"}
    assert {"load", "declare", "market", "sheriff"} <= set(result.faults["step"])
    assert result.faults["message"].str.contains("KeyError: 'boom'|returned None").any()
