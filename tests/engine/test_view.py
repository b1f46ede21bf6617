"""A seat's view (``observe(game, seat)``): what one seat may know, and the engine's
answers about the rules that bots ask instead of keeping copies of the rules (issue 30)."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.base.errors import IllegalInspection, NotYourTurn
from sheriff_core.bots import RandomBot, make_player
from sheriff_core.engine.actions import Inspect, LetPass
from sheriff_core.engine.game import Game
from sheriff_core.engine.steps import Step
from sheriff_core.engine.view import PRIVATE_DETAILS, ClosedBag, SeatView, as_view, observe
from sheriff_core.play.driver import drive


def _at_the_sheriffs_first_choice(seed: int = 2) -> Game:
    game = sc.new_game("classic", players=4, seed=seed)
    drive(game, [make_player("smuggler", "trusting")] * 4, until=lambda g: g.step == Step.SHERIFF)
    return game


def test_another_seats_bag_has_a_size_and_a_declaration_but_no_cards():
    game = _at_the_sheriffs_first_choice()
    sheriff = observe(game, game.sheriff)
    merchant = game.merchant_order[0]
    bag = sheriff.bags[merchant]
    assert bag == ClosedBag(len(game.bags[merchant]), game.declared[merchant])
    with pytest.raises(AttributeError):
        bag.cards  # noqa: B018  # what a bot that peeks would read
    assert observe(game, merchant).bag == tuple(game.bags[merchant])  # its own, whole
    assert sheriff.bag == ()  # the Sheriff has no bag


def test_a_view_holds_its_own_hand_and_no_one_elses():
    game = _at_the_sheriffs_first_choice()
    for seat in range(game.n):
        view = observe(game, seat)
        assert view.hand == tuple(game.hands[seat])
        assert view.stand == tuple(game.stands[seat])
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        for secret in ("hands", "game", "_rng", "rng", "deck", "history"):
            assert not hasattr(view, secret), secret


def test_stands_show_legal_goods_and_count_contraband():
    game = sc.new_game("classic", players=3, seed=0)
    game.stands[1] = ["Cheese", "Mead", "Cheese"]
    seen = observe(game, 0).stands[1]
    assert dict(seen.legal) == {"Cheese": 2} and seen.contraband == 1
    assert seen.faces == ("Cheese", None, "Cheese")
    assert observe(game, 1).stand == ("Cheese", "Mead", "Cheese")  # the owner sees all


def test_events_leave_out_the_other_seats_private_details():
    game = sc.new_game("classic", players=4, seed=5)
    drive(game, [make_player("smuggler", "trusting")] * 4, until=lambda g: g.round == 2)
    kinds_hidden = set()
    for seat in range(game.n):
        seen = observe(game, seat).events
        assert len(seen) == len(game.events)
        for mine, real in zip(seen, game.events, strict=True):
            assert (mine.round, mine.kind, mine.seat) == (real.round, real.kind, real.seat)
            hidden = PRIVATE_DETAILS.get(real.kind, frozenset())
            if real.seat == seat or not hidden & set(real.info):
                assert mine is real
            else:
                kinds_hidden.add(real.kind)
                assert not hidden & set(mine.info)
                assert {k: v for k, v in real.info.items() if k not in hidden} == dict(mine.info)
    assert kinds_hidden == {"market", "loaded", "passed", "drew"}  # all were exercised
    public = observe(game, 0).public_events
    assert public is observe(game, 3).public_events  # one per game
    passed = [e for e in public if e.kind == "passed"]
    assert passed and all("smuggled" in e.info and "cards" not in e.info for e in passed)


def test_a_view_changes_nothing_and_follows_the_game():
    game = _at_the_sheriffs_first_choice()
    before = game.to_json()
    view = observe(game, game.sheriff)
    with pytest.raises(AttributeError, match="read-only"):
        view.seat = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.declared[1] = ("Apples", 5)  # type: ignore[index]
    with pytest.raises(TypeError):
        view.binding[1] = "pass"  # type: ignore[index]
    with pytest.raises(AttributeError):
        view.hand.append("Pepper")  # type: ignore[attr-defined]
    assert game.to_json() == before
    step = view.step
    game.apply(next(iter(view.legal_actions())))
    assert view.step != step or view.resolved  # the same view, the game moved on


def test_legal_actions_are_only_the_seat_to_moves():
    game = sc.new_game("classic", players=3, seed=0)
    assert observe(game, 1).legal_actions().count() > 0
    with pytest.raises(NotYourTurn, match="not Cat \\(seat 2\\)'s decision"):
        observe(game, 2).legal_actions()
    assert not observe(game, 2).can(sc.Market())  # legal for seat 1, not for seat 2
    with pytest.raises(ValueError, match="no seat 3"):
        observe(game, 3)
    assert as_view(game).seat == 1 and isinstance(as_view(game), SeatView)


def _sheriff_decisions(seed: int):
    """Every Sheriff decision of a random-bot game (deals with promises included)."""
    game = sc.new_game("classic", players=5, seed=seed)
    bot = RandomBot(talk=0.6)
    while not game.is_over:
        if game.step == Step.SHERIFF:
            yield game
        game.apply(bot.choose(game))


def test_the_forced_action_and_may_inspect_are_what_the_rules_allow():
    forced_seen = 0
    for seed in range(4):
        for game in _sheriff_decisions(seed):
            view = observe(game, game.to_move)
            for m in game.unresolved():
                inspect, let_pass = game.can(Inspect(m)), game.can(LetPass(m))
                assert view.may_inspect(m) is inspect
                must = view.forced(m)
                if inspect and not let_pass:
                    assert must == Inspect(m)
                elif let_pass and not inspect:
                    assert must == LetPass(m)
                else:
                    assert must is None
                forced_seen += must is not None
            first = next((f for m in game.unresolved() if (f := view.forced(m))), None)
            assert view.forced_bag() == first
    assert forced_seen > 5  # binding promises were met


# A rule the bots were never told about: at most one inspection per round (besides the
# bags a deal promised to inspect). It lives in the engine's one place for these rules.
def _one_inspection_a_round(original):
    def refusal(self, seat, kind):
        why = original(self, seat, kind)
        if why is None and kind is Inspect and self.binding.get(seat) != "inspect":
            if any(e.kind == "inspected" and e.round == self.round for e in self.events):
                return "at most one bag may be inspected each round"
        return why

    return refusal


SHERIFFS = ["always-inspect", "threshold", "threshold:bribe=3", "bayesian", "bayesian:explore=0.5"]


@pytest.mark.parametrize("variant", ["classic", "deputies", "disney"])
def test_a_new_engine_rule_binds_every_bot_without_changing_them(monkeypatch, variant):
    monkeypatch.setattr(Game, "_bag_refusal", _one_inspection_a_round(Game._bag_refusal))
    v = sc.load_variant(variant)
    inspected_any = False
    for seed, sheriff in enumerate(SHERIFFS):
        game = sc.new_game(v, players=v.max_players, seed=seed)
        lineup = [make_player(m, sheriff) for m in ("briber", "smuggler", "honest")]
        drive(game, [lineup[s % 3] for s in range(game.n)])  # raises if a bot breaks the rule
        assert game.is_over
        per_round: dict[int, int] = {}
        for e in game.events:
            if e.kind == "inspected":
                per_round[e.round] = per_round.get(e.round, 0) + 1
        assert max(per_round.values(), default=0) <= 1
        inspected_any = inspected_any or bool(per_round)
    assert inspected_any
    game = sc.new_game(v, players=v.max_players, seed=9)
    drive(game, [RandomBot(talk=0.5)] * game.n)  # deals and promises too
    assert game.is_over
    # the rule is really there: the engine refuses a second inspection
    game = _at_the_sheriffs_first_choice(seed=3)
    first, second = game.merchant_order[:2]
    game.apply(Inspect(first))
    while game.step != Step.SHERIFF:
        game.apply(next(iter(game.legal_actions())))
    with pytest.raises(IllegalInspection, match="at most one bag"):
        game.apply(Inspect(second))
    assert observe(game, game.sheriff).forced(second) == LetPass(second)


def test_describe_for_says_the_same_from_the_events_a_seat_saw():
    """The second-person narration needs nothing a seat may not know."""
    from sheriff_core.play.narrate import describe_for

    told = 0
    for variant, seed in (("classic", 1), ("deputies", 2), ("disney", 3)):
        v = sc.load_variant(variant)
        game = sc.new_game(v, players=v.max_players, seed=seed)
        drive(game, [RandomBot(talk=0.6)] * game.n)
        for me in range(game.n):
            sheriffs: list[int] = []
            seen = observe(game, me).events
            for real, mine in zip(game.events, seen, strict=True):
                if real.kind == "round_start":
                    sheriffs = list(real.info["sheriffs"])
                said = describe_for(real, game.players, me, sheriffs)
                assert describe_for(mine, game.players, me, sheriffs) == said
                told += said is not None and mine is not real
    assert told > 50  # sentences from events whose private details were left out (87)
