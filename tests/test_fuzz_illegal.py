"""Random illegal actions thrown at random states: each raises RulesError, state unchanged."""

from __future__ import annotations

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core.bots import RandomBot


def random_action(rng: np.random.Generator, g: sc.Game) -> sc.Action:
    goods = list(g.variant.goods) + ["Turnips"]

    def cards(k: int) -> tuple[str, ...]:
        return tuple(goods[int(i)] for i in rng.integers(0, len(goods), k))

    seat = int(rng.integers(-1, g.n + 1))
    kind = int(rng.integers(0, 15))
    return [
        lambda: sc.Market(cards(int(rng.integers(0, 8))), tuple(rng.integers(-1, 3, 3)), seat),
        lambda: sc.Load(cards(int(rng.integers(0, 8)))),
        lambda: sc.Declare(goods[int(rng.integers(len(goods)))], int(rng.integers(0, 7))),
        lambda: sc.Threaten(seat),
        lambda: sc.Inspect(seat),
        lambda: sc.LetPass(seat),
        lambda: sc.Offer(
            int(rng.integers(-5, 200)), cards(2), cards(3), (sc.Promise("inspect", seat),)
        ),
        lambda: sc.Accept(),
        lambda: sc.Decline(),
        lambda: sc.Confiscate(seat, cards(2)),
        lambda: sc.PayDebt(cards(2)),
        lambda: sc.ChooseStarter(seat),
        lambda: sc.Offer(gold=True),  # type: ignore[arg-type]
        lambda: sc.Exchange(["Rabbit", "Owl", "Apples", "Mouse"][int(rng.integers(4))]),
        lambda: sc.Done(),
    ][kind]()


@pytest.mark.parametrize("variant", sc.variant_names())
def test_illegal_actions_raise_and_leave_state_unchanged(variant):
    rng = np.random.default_rng(12345)
    checked = 0
    for seed in range(6):
        v = sc.load_variant(variant)
        players = v.min_players + seed % (v.max_players - v.min_players + 1)
        g = sc.new_game(v, players=players, seed=seed)
        bot = RandomBot(talk=0.5)
        while not g.is_over:
            for _ in range(3):
                action = random_action(rng, g)
                player = int(rng.integers(0, g.n)) if rng.random() < 0.3 else None
                if g.can(action, player):
                    continue
                before = g.to_json()
                with pytest.raises(sc.RulesError) as err:
                    g.apply(action, player)
                assert str(err.value)  # a message naming the rule
                assert g.to_json() == before
                checked += 1
            g.apply(bot.choose(g))
    assert checked > 500


def test_wrong_player_is_told_whose_turn_it_is():
    g = sc.new_game("classic", 4, seed=0)
    with pytest.raises(sc.NotYourTurn, match=r"it is Ben \(seat 1\)'s decision"):
        g.apply(sc.Market(), player=2)


def test_actions_after_game_over_raise():
    from sheriff_core.bots import play_game

    g = play_game(sc.new_game("classic", 3, seed=2))
    with pytest.raises(sc.GameOver):
        g.apply(sc.Decline())


def test_every_enumerated_action_is_legal_and_text_round_trips():
    g = sc.new_game("classic", 3, seed=8)
    bot = RandomBot(talk=0.6)
    seen_steps = set()
    while not g.is_over:
        legal = g.legal_actions()
        seen_steps.add(legal.step)
        for i, action in enumerate(legal):
            if i >= 40:
                break
            assert action in legal
            assert sc.parse_action(str(action)) == action
        g.apply(bot.choose(g))
    assert {"market", "load", "declare", "sheriff", "merchant", "negotiation"} <= seen_steps
