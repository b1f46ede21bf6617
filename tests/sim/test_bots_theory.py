"""The bots' numbers agree with the theory: the Bayesian Sheriff's belief tends to the lie
rate, the adaptive merchant's threshold is the one-bag game's, the bribe signal is a setting."""

from __future__ import annotations

from fractions import Fraction

import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.analysis.sim import play_seeded
from sheriff_core.bots import make_bot, make_player
from sheriff_core.bots.base import INSPECT, LET_PASS, MerchantBot, SheriffBot, goods_info
from sheriff_core.bots.merchants import AdaptiveMerchant
from sheriff_core.bots.sheriffs import BayesianSheriff
from sheriff_core.engine.actions import Declare, Load, Market
from sheriff_core.engine.view import EventsSeen, observe


class _Liar(MerchantBot):
    """Lies with probability ``rate``: half of the lies hide one contraband card (when the
    hand has one), the others bag a legal card and declare another legal good."""

    name = "liar"

    def __init__(self, rate: float = 0.3) -> None:
        super().__init__(rate=rate)
        self.rate = rate
        self._declare: dict[int, str] = {}

    def market(self, view):
        """Keep one contraband card at most (a hand of contraband only would force lies)."""
        info = goods_info(view.variant)
        extra = [c for c in view.hand if not info.is_legal[c]][1:]
        extra = extra[: view.variant.set_aside_max]
        return Market(tuple(extra), (), len(view.piles) - 1) if extra else Market()

    def load(self, view):
        info = goods_info(view.variant)
        hand = view.hand
        rng = view.players_rng
        legal = [c for c in hand if info.is_legal[c]]
        contraband = [c for c in hand if not info.is_legal[c]]
        lie, with_contraband = rng.random() < self.rate, rng.random() < 0.5
        if lie and with_contraband and contraband:
            card, declared = contraband[0], info.legal[0]
        elif legal:
            card = legal[0]
            declared = next(g for g in info.legal if g != card) if lie else card
        else:  # no legal card: forced to lie (counted in the realised rate)
            card, declared = hand[0], info.legal[0]
        self._declare[view.seat] = declared
        return Load((card,))

    def declare(self, view):
        return Declare(self._declare[view.seat], 1)


class _Coin(SheriffBot):
    """Opens each bag with probability ``rate``, whatever it looks like."""

    name = "coin"

    def __init__(self, rate: float = 0.1) -> None:
        super().__init__(rate=rate)
        self.rate = rate

    def decide(self, view, merchant):
        return INSPECT[merchant] if view.players_rng.random() < self.rate else LET_PASS[merchant]


class _History:
    """Many games' public events as one long record (what the belief reads)."""

    def __init__(self, games):
        self.n = games[0].n
        self.variant = games[0].variant
        self.events = [e for g in games for e in g.events]
        self.public_events = EventsSeen(self.events)  # as everybody saw them


def _long_record(lie_rate: float, inspect_rate: float, games: int):
    v = sc.load_variant("classic")
    lineup = [make_player(_Liar(lie_rate), _Coin(inspect_rate)) for _ in range(4)]
    return [play_seeded(v, 4, seed, lineup) for seed in range(games)]


@pytest.mark.parametrize(("lie_rate", "inspect_rate"), [(0.3, 0.1), (0.6, 0.3)])
def test_bayesian_belief_tends_to_the_lie_rate_whatever_the_inspection_rate(lie_rate, inspect_rate):
    """2,100 bags per seat (350 seeded games): the belief is within 0.05 of the lie rate
    (about 2.5 standard errors: the legal-only lies are seen in the opened bags only,
    about 100 of them at rate 0.1) and within 0.04 of the rate the seat really lied at."""
    record = _History(_long_record(lie_rate, inspect_rate, games=350))
    for seat in range(4):
        resolved = [
            e for e in record.events if e.kind in ("passed", "inspected") and e.seat == seat
        ]
        assert len(resolved) == 6 * 350  # six bags per seat per game
        realised = sum(not e.info["truthful"] for e in resolved) / len(resolved)
        opened = sum(e.kind == "inspected" for e in resolved) / len(resolved)
        assert abs(realised - lie_rate) < 0.03  # the liar lies at its rate
        assert abs(opened - inspect_rate) < 0.03  # the coin opens at its rate
        belief = BayesianSheriff().belief(record, seat)
        assert abs(belief - lie_rate) < 0.05, (seat, belief)
        assert abs(belief - realised) < 0.04, (seat, belief, realised)
        # the old estimator (opened bags and passed contraband only) is far off: it tends
        # to lie / (lie + (1 - lie) * inspect) for lies that carry contraband
        caught = sum(e.kind == "inspected" and not e.info["truthful"] for e in resolved)
        cleared = sum(e.kind == "inspected" and e.info["truthful"] for e in resolved)
        smuggled = sum(e.kind == "passed" and e.info["smuggled"] > 0 for e in resolved)
        old = (1 + caught + smuggled) / (3 + caught + smuggled + cleared)
        assert old - lie_rate > 0.1, (seat, old)


def test_bayesian_signal_is_a_documented_setting():
    doc = BayesianSheriff.__doc__ or ""
    assert "``signal``" in doc and "setting, not derived" in doc
    bot = make_bot("bayesian:signal=3", "sheriff")
    assert bot.signal == 3 and bot.label() == "bayesian(signal=3)"
    with pytest.raises(ValueError, match="signal"):
        make_bot("bayesian:signal=0", "sheriff")


def _plan(hand, **params):
    game = sc.new_game("classic", players=3, seed=1)
    bot = AdaptiveMerchant(**params)
    return bot.plan(observe(game, 1), hand, goods_info(game.variant))


def test_adaptive_threshold_is_the_one_bag_games():
    v = sc.load_variant("classic")
    one, q1 = _plan(["Pepper", "Apples", "Apples", "Apples", "Apples", "Cheese"])
    assert one == ["Pepper"]
    assert Fraction(q1).limit_denominator(100) == Fraction(1, 5)
    expected = theory.inspection_threshold(
        theory.inspection_game(v, legal="Apples", contraband="Pepper", k=5, j=1)
    )
    assert q1 == expected
    full, q5 = _plan(["Pepper"] * 5 + ["Apples"])
    assert full == ["Pepper"] * 5
    assert Fraction(q5).limit_denominator(100) == Fraction(1, 3)
    # the old rule smuggled a Pepper for a 2-gold Apple below (6 - 2) / (6 + 4) = 40 %
    assert q1 < 0.4 and q5 < 0.4
    assert _plan(["Apples"] * 6) == ([], 0.0)
    # a set threshold replaces the derived one
    assert _plan(["Pepper", "Apples"], threshold=0.4) == (["Pepper"], 0.4)
    with pytest.raises(ValueError, match="threshold"):
        AdaptiveMerchant(threshold=1.5)


def test_adaptive_merchant_does_not_smuggle_one_card_above_its_threshold():
    # a huge prior pins the estimated inspection rate at ``base``
    def contraband_bags(base):
        bags = sc.simulate_bags(
            "classic",
            players=4,
            games=15,
            seed=5,
            merchants=[f"adaptive:prior=1e9,base={base}"],
            sheriffs=["trusting"],
        )
        return bags[bags["contraband"] > 0]

    lax = contraband_bags(0.1)  # below every one-card threshold (Pepper 1/5 ... Crossbow)
    # above every one-card threshold in a five-card bag (the highest: one Crossbow under
    # four Apples, 7/23 = 0.304); the old rule smuggled any single card below 40 %
    strict = contraband_bags(0.31)
    assert ((lax["contraband"] == 1) & (lax["bag_size"] == 5)).any()
    assert not ((strict["contraband"] == 1) & (strict["bag_size"] == 5)).any()
    assert len(strict) < len(lax)
