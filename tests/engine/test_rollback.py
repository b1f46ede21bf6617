"""apply() is all or nothing without an undo log.

A failure inside the effects (a simulated bug, injected after partial changes at every
call of the engine's inner steps) must leave every attribute, both generators, the
history and the events exactly as they were: for a replayable game (dealt again from its
seed and replayed) and for a staged one (put back from the clone made before the action).
"""

from __future__ import annotations

import functools

import pytest
from engine_helpers import arrange

import sheriff_core as sc
from sheriff_core.bots import RandomBot
from sheriff_core.engine import game as game_module
from sheriff_core.present.widgets.inspection import staged_inspection

# The engine's inner steps: each is wrapped to fail (once) just after it has run, when
# it has changed the state. Every effect of the step table is wrapped as well.
INNER = (
    "_emit",
    "_advance",
    "_draw_many",
    "_reshuffle",
    "_start_round",
    "_end_round",
    "_set_order",
    "_choose",
    "_second_vote",
    "_pass_bag",
    "_do_inspect",
    "_resolved",
    "_pay",
    "_give_goods",
    "_do_exchange",
)


class Bug(Exception):
    """The simulated engine bug."""


class Plan:
    """Counts calls of the wrapped steps; ``fail_on = k`` makes the k-th call from then on
    raise after it ran (once: the bug of a state that earlier actions did not reach)."""

    def __init__(self) -> None:
        self.calls = 0
        self.fail_on: int | None = None
        self.error: type[BaseException] = Bug
        self.failed_after: set[str] = set()  # where a failure was injected

    def arm(self, k: int | None, error: type[BaseException] = Bug) -> None:
        self.calls, self.fail_on, self.error = 0, k, error

    def tick(self, where: str) -> None:
        self.calls += 1
        if self.calls == self.fail_on:
            self.fail_on = None
            self.failed_after.add(where.split("/")[0])
            raise self.error(f"simulated bug after {where}")


@pytest.fixture
def plan(monkeypatch):
    p = Plan()

    def wrap(name, fn):
        @functools.wraps(fn)
        def failing(*args, **kwargs):
            out = fn(*args, **kwargs)
            p.tick(name)
            return out

        return failing

    for name in INNER:
        monkeypatch.setattr(game_module.Game, name, wrap(name, getattr(game_module.Game, name)))
    for step, takes in game_module._TAKES.items():
        for cls, (check, do) in takes.items():
            effect = wrap(f"{step}/{cls.__name__}", do)
            monkeypatch.setitem(takes, cls, (check, effect))
    return p


def snapshot(game: sc.Game) -> str:
    """Everything a game holds: every attribute, both generators' states, the save."""
    state = {k: v for k, v in vars(game).items() if k not in ("variant", "rng", "players_rng")}
    rngs = (game.rng.bit_generator.state, game.players_rng.bit_generator.state)
    return repr((sorted(state.items()), rngs)) + game.to_json()


def fail_everywhere(game: sc.Game, action: sc.Action, plan: Plan) -> int:
    """Make ``action`` fail at each point it reaches; check the game is unchanged after
    each failure; then apply it for real. Returns the number of failures."""
    trial = game.clone()
    plan.arm(None)
    trial.apply(action)
    points = plan.calls
    assert points >= 2  # at least the effect and _advance
    before = snapshot(game)
    events, history, variant = game.events, game.history, game.variant
    for k in range(1, points + 1):
        plan.arm(k)
        with pytest.raises(sc.EngineBug, match="simulated bug.*restored as it was") as err:
            game.apply(action)
        assert isinstance(err.value.__cause__, Bug)
        assert snapshot(game) == before, (action, k)
        assert game.events is events and game.history is history and game.variant is variant
    plan.arm(None)
    game.apply(action)
    assert snapshot(game) == snapshot(trial)  # and then the same action works
    return points


def play(game: sc.Game, plan: Plan, every: int = 1, limit: int | None = None) -> int:
    """Random-bot play to the end (or ``limit`` actions), failing every ``every``-th action
    at every point; the bots draw from ``players_rng``, which a restore must keep."""
    bot = RandomBot(talk=0.6)
    failures = actions = 0
    while not game.is_over and (limit is None or actions < limit):
        action = bot.choose(game)
        if actions % every == 0:
            failures += fail_everywhere(game, action, plan)
        else:
            game.apply(action)
        actions += 1
    return failures


# Where every game fails at least once; and what else each variant reaches (reshuffles,
# debts paid in goods, votes, token exchanges, the Sheriff choosing the starter).
EVERYWHERE = {
    "_emit",
    "_advance",
    "_draw_many",
    "_start_round",
    "_end_round",
    "_do_inspect",
    "_pass_bag",
    "_pay",
    "_resolved",
    *("market", "load", "declare", "sheriff", "merchant", "negotiation"),
}
REACHED = {
    "classic": {"_give_goods", "debt", "confiscate"},
    "deputies": {"_reshuffle", "_second_vote", "vote", "_give_goods", "debt", "starter"},
    "disney": {"_do_exchange", "exchange", "_reshuffle", "_give_goods", "debt", "starter"},
    "second-edition": {"_set_order", "starter"},
}


# A seed whose random-bot game reaches all of the above (3 unless listed). Deputies and
# Disney moved when the random bot began to read its seat's view (issue 30: as the
# Sheriff it no longer demands face-down stand cards), and seed 3 then missed a debt
# and a reshuffle there.
SEEDS = {"deputies": 6, "disney": 22}


@pytest.mark.parametrize("variant", sc.variant_names())
def test_a_replayable_game_is_restored_exactly_after_a_failure_anywhere(variant, plan):
    v = sc.load_variant(variant)
    game = sc.new_game(v, players=v.max_players, seed=SEEDS.get(variant, 3))
    assert game.replayable
    failures = play(game, plan, every=3)
    assert game.is_over and game.replayable
    assert failures > 250
    assert EVERYWHERE | REACHED.get(variant, set()) <= plan.failed_after


def test_a_loaded_game_is_replayable_and_restored_exactly(plan):
    game = sc.new_game("classic-royal", players=4, seed=8)
    bot = RandomBot(talk=0.6)
    for _ in range(60):
        game.apply(bot.choose(game))
    loaded = sc.Game.from_json(game.to_json())
    assert loaded.replayable
    assert play(loaded, plan, every=2, limit=40) > 50


@pytest.mark.parametrize("variant", sc.variant_names())
def test_a_staged_game_is_restored_exactly_from_its_clone(variant, plan):
    v = sc.load_variant(variant)
    game = sc.new_game(v, players=v.min_players, seed=5)
    game.mark_staged()
    assert not game.replayable and not game.clone().replayable
    # a hand changed by hand (a card swapped with the draw pile's bottom card): the
    # history alone no longer gives this game, so it could not be restored by a replay
    seat = game.to_move
    game.hands[seat][0], game.deck[0] = game.deck[0], game.hands[seat][0]
    failures = play(game, plan, limit=90)
    assert not game.replayable
    assert failures > 250
    assert EVERYWHERE <= plan.failed_after


def test_a_staged_lesson_deal_is_restored_exactly(plan):
    game = staged_inspection(
        {1: ["Silk", "Apples"], 2: ["Cheese"], 3: ["Bread", "Mead"]},
        {1: ("Apples", 2), 2: ("Cheese", 1), 3: ("Bread", 2)},
        stands={2: ["Pepper"]},
    )
    assert not game.replayable
    assert play(game, plan, limit=30) > 80


def test_an_arranged_scenario_is_restored_exactly(plan):
    game = sc.new_game("disney", players=3, seed=2)
    arrange(game, hands={game.to_move: ["Carrots"] * 6})
    assert not game.replayable
    assert play(game, plan, limit=30) > 80


@pytest.mark.parametrize("staged", [False, True])
def test_an_interrupt_inside_an_action_restores_and_is_raised_again(plan, staged):
    game = sc.new_game("deputies", players=6, seed=1)
    if staged:
        game.mark_staged()
    bot = RandomBot(talk=0.6)
    for _ in range(25):
        game.apply(bot.choose(game))
    action = bot.choose(game)
    before = snapshot(game)
    plan.arm(1, KeyboardInterrupt)
    with pytest.raises(KeyboardInterrupt):
        game.apply(action)
    assert snapshot(game) == before


def test_a_replayable_game_keeps_no_copy_and_a_staged_one_clones_once_per_action(monkeypatch):
    clones = []
    clone = game_module.Game.clone
    monkeypatch.setattr(game_module.Game, "clone", lambda g: clones.append(1) or clone(g))
    game = sc.new_game("classic", players=4, seed=0)
    bot = RandomBot()
    for _ in range(20):
        game.apply(bot.choose(game))
    assert clones == []
    game.mark_staged()
    for _ in range(20):
        game.apply(bot.choose(game))
    assert len(clones) == 20


def test_a_game_changed_by_hand_without_mark_staged_is_not_restored_from_a_wrong_replay(
    plan,
):
    # The hand is changed behind the engine's back: replaying the history cannot give
    # this game, and the action that fails is illegal on the replay: the EngineBug says
    # the game could not be restored, instead of putting back a different game.
    game = sc.new_game("classic", players=4, seed=0)
    while game.step == "market":
        game.apply(sc.Market())
    seat = game.to_move
    game.hands[seat] = ["Apples"] * 4 + ["Crossbow", "Silk"]  # (not mark_staged)
    plan.arm(1)
    with pytest.raises(sc.EngineBug, match="could not be restored.*mark_staged"):
        game.apply(sc.Load(("Apples",) * 4 + ("Crossbow",)))


def test_an_earlier_change_by_hand_without_mark_staged_is_found_by_the_replay(plan):
    game = sc.new_game("classic", players=4, seed=0)
    while game.step == "market":
        game.apply(sc.Market())
    seat = game.to_move
    game.hands[seat] = ["Apples"] * 4 + ["Crossbow", "Silk"]  # (not mark_staged)
    game.apply(sc.Load(("Apples",) * 4 + ("Crossbow",)))  # on the replay: not legal
    while game.step == "load":
        game.apply(sc.Load((game.hands[game.to_move][0],)))
    plan.arm(1)
    with pytest.raises(sc.EngineBug, match="could not be restored.*mark_staged"):
        game.apply(sc.Declare("Apples", 5))
