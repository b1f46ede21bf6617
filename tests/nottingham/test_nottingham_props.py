"""Invariants over random games, JSON round trips, and an illegal-action fuzz."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheriff_core import nottingham as nt
from sheriff_core.base.errors import RulesError

RULES = nt.load_rules()
SHORT = RULES.with_track(10)
ITEMS = RULES.item_names


def universe(players: int) -> list[nt.Action]:
    """Every action value a game of ``players`` could ever see, plus malformed ones."""
    acts: list[nt.Action] = [nt.Keep(), nt.Use(), nt.Defend(), nt.Allow(), nt.Decline()]
    acts += [nt.Use(s) for s in range(-1, players + 1)]
    acts += [nt.Accept(s) for s in range(-1, players + 1)]
    acts += [nt.TakeCard(i) for i in ITEMS + ("Mud",)] + [nt.Discard(i) for i in ITEMS + ("Mud",)]
    acts += [nt.Offer(c) for k in (0, 1, 2, 3) for c in combinations_with_replacement(ITEMS, k)][
        :200
    ]
    acts += [nt.ChooseAmbush(c) for c in RULES.ambush_cards(7)] + [nt.ChooseAmbush("Mud")]
    acts += [nt.Pass(), nt.Spring(), nt.Hold()]
    acts += [nt.Lay(i, n) for i in ITEMS for n in range(0, 14)]
    for t in RULES.tasks.values():
        for k in {t.distinct - 1, t.distinct, t.distinct + 1} - {0}:
            acts += [nt.CompleteTask(t.name, c) for c in combinations(ITEMS, min(k, 7))]
    acts += [nt.CompleteTask("nope", ("Gold",)), nt.CompleteTask("three_pairs", ("Gold",) * 3)]
    # Wrong field types (Lay("Gold", True), Lay(["Gold"], 3), ...) are refused when the
    # action is built: tests/nottingham/test_nottingham_odd_types.py.
    return acts


UNIVERSE = {p: universe(p) for p in range(3, 8)}


def check_invariants(game: nt.Game) -> None:
    counts = game.card_counts()
    assert counts == {"items": 84, "ambush": len(RULES.pairs) + game.n, "tasks": 8}
    assert all(n >= 0 for h in game.hands for n in h.values())
    for t, takers in game.task_takers.items():
        assert len(takers) == len(set(takers)) <= RULES.tasks[t].copies
    assert all(len(t) == len(set(t)) for t in game.tasks)
    for owner, card, _ in game.ambushes:
        assert card != game.colour(owner)  # never your own colour
    assert 0 <= game.sheriff < len(game.rules.track)
    assert game.is_over or game.legal_actions()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 7),
    greedy=st.lists(st.booleans(), min_size=7, max_size=7),
    track=st.sampled_from([SHORT, RULES]),
)
def test_random_games_keep_every_card_and_end(seed, players, greedy, track):
    bots = [nt.GreedyCollector() if g else nt.RandomBot() for g in greedy[:players]]
    game = nt.new_game(track, players, seed=seed)
    steps = 0
    while not game.is_over:
        check_invariants(game)
        events = game.apply(bots[game.to_move].choose(game))
        assert events and all(isinstance(e, nt.Event) and str(e) for e in events)
        steps += 1
        assert steps < 20_000
    check_invariants(game)
    scored = sum(len(s) + len(t) for s, t in zip(game.scored, game.tasks, strict=True))
    if "Sheriff" in game.end_reason:
        assert scored == len(game.rules.track)  # one score per Sheriff step
    assert sorted(r["rank"] for r in game.results())[0] == 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7), cut=st.integers(0, 300))
def test_json_round_trip_mid_game_replays_identically(seed, players, cut):
    bot = nt.RandomBot()
    game = nt.new_game(SHORT, players, seed=seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    text = game.to_json()
    copy = nt.Game.from_json(text)
    assert copy.to_json() == text
    assert copy.legal_actions() == game.legal_actions()
    # both continue with the same generator: same actions, same events, same end
    while not game.is_over:
        a, b = bot.choose(game), bot.choose(copy)
        assert a == b
        assert game.apply(a) == copy.apply(b)
    assert copy.is_over and copy.to_json() == game.to_json()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7), every=st.integers(2, 9))
def test_illegal_actions_raise_and_change_nothing(seed, players, every):
    """Every action of the universe that is not legal raises; the state never moves."""
    game = nt.new_game(SHORT, players, seed=seed)
    bot = nt.RandomBot()
    step = probes = 0
    seen: set[str] = set()
    while not game.is_over and probes < 20:
        step += 1
        if step % every == 0 or game.decision not in seen:
            seen.add(game.decision)
            probes += 1
            legal = game.legal_actions()
            before = game.to_json()
            for a in UNIVERSE[players]:
                if a in legal:
                    assert game.can(a), a
                    continue
                try:
                    game.apply(a)
                except RulesError as exc:
                    assert str(exc)
                else:
                    raise AssertionError(f"illegal {a} accepted in {game.decision}")
            for junk in (None, "keep", 3):
                try:
                    game.apply(junk)  # type: ignore[arg-type]
                except RulesError:
                    pass
                else:
                    raise AssertionError("junk accepted")
            assert game.to_json() == before
        game.apply(bot.choose(game))
