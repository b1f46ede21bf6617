"""The checked engine's fast paths answer what the slow ones do (issue 27: the checked
engine back to the peer's speed after the seat's view).

``Game.forced_bag()`` / ``Game.forced_action(seat)`` answer None at once when no promise
names a bag (the engine's own ``_bag_refusal`` refuses one of Inspect / LetPass only for
a binding promise); here they are compared with ``_bag_refusal`` asked directly, at every
Sheriff decision of random games full of deals and promises, and at states where a promise
binds a bag that is already settled."""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.bots import RandomBot, make_player
from sheriff_core.engine.actions import Inspect, LetPass
from sheriff_core.engine.events import Passed
from sheriff_core.engine.steps import Step
from sheriff_core.engine.view import EventsSeen, observe
from sheriff_core.play.driver import drive


def _by_the_rule(game, seat):
    inspect = game._bag_refusal(seat, Inspect) is None
    if inspect is (game._bag_refusal(seat, LetPass) is None):
        return None
    return Inspect(seat) if inspect else LetPass(seat)


def test_forced_queries_agree_with_the_rule_asked_directly():
    checked = bound = 0
    for variant, seed in (("classic", 1), ("classic", 2), ("deputies", 3), ("disney", 4)):
        v = sc.load_variant(variant)
        game = sc.new_game(v, players=v.max_players, seed=seed)
        bot = RandomBot(talk=0.7)
        while not game.is_over:
            if game.step in (Step.SHERIFF, Step.NEGOTIATION, Step.VOTE):
                for seat in range(game.n):  # waiting, settled and Sheriffs' seats alike
                    assert game.forced_action(seat) == _by_the_rule(game, seat)
                first = None
                for seat in game.merchant_order:
                    if seat not in game.resolved and first is None:
                        first = _by_the_rule(game, seat)
                assert game.forced_bag() == first
                checked += 1
                bound += bool(game.binding)
            game.apply(bot.choose(game))
    assert checked > 50 and bound > 5  # promises were made and bound bags


def test_a_promise_about_a_settled_bag_forces_nothing():
    game = sc.new_game("classic", players=4, seed=0)
    while game.step != Step.SHERIFF:
        game.apply(RandomBot().choose(game))
    first, second = game.merchant_order[:2]
    game.apply(LetPass(first))
    game.binding[first] = "inspect"  # as a deal's promise would leave it, bag settled
    assert game.forced_action(first) is None and game.forced_bag() is None
    game.binding[second] = "pass"
    assert game.forced_bag() == LetPass(second) == game.forced_action(second)


def test_public_copies_and_since_keep_hiding_private_details():
    v = sc.load_variant("classic")
    game = sc.new_game(v, players=4, seed=5)
    drive(game, [make_player("smuggler", "trusting")] * 4)  # every bag passes
    public = EventsSeen(game.events)
    passed = public.since(0, frozenset({"passed", "round_start"}))
    assert [e.kind for e in passed] == [
        e.kind for e in game.events if e.kind in ("passed", "round_start")
    ]
    for seen, real in zip(
        (e for e in passed if isinstance(e, Passed)),
        (e for e in game.events if isinstance(e, Passed)),
        strict=True,
    ):
        assert type(seen) is not Passed and seen.smuggled == real.smuggled
        assert "cards" not in seen.to_dict() and "truthful" not in seen.to_dict()
        assert tuple(seen)[3] is None and tuple(seen)[5] is None
    mine = observe(game, 1).events.since(0, frozenset({"passed"}))
    assert [type(e) is Passed for e in mine] == [
        e.seat == 1 for e in game.events if e.kind == "passed"
    ]
