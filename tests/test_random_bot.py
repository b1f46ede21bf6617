"""RandomBot asks the engine before it makes a binding promise (issue 30): a rule that
forbids a promise (such as a cap on inspections) leaves it playing every game to the end."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.base.errors import IllegalOffer
from sheriff_core.bots import RandomBot
from sheriff_core.engine.inspection import InspectionRules
from sheriff_core.play.driver import drive


def test_random_bot_drops_a_promise_the_rules_refuse(monkeypatch) -> None:
    checked = InspectionRules._check_offer
    refused = []

    def no_binding_promises(self, seat, offer):  # a house rule that forbids them all
        checked(self, seat, offer)
        if any(p.kind != "future" for p in offer.promises):
            refused.append(offer)
            raise IllegalOffer("no promise about a bag this round (test rule)")

    monkeypatch.setattr(InspectionRules, "_check_offer", no_binding_promises)
    for name, players in (("classic", 4), ("deputies", 6), ("disney", 5)):
        for seed in range(3):
            g = sc.new_game(name, players=players, seed=seed)
            drive(g, [RandomBot(talk=0.9)] * players, max_actions=200_000)
            assert g.is_over
    assert refused, "the bot never asked about a promise: the test shows nothing"


@pytest.mark.parametrize("name", ["classic", "disney"])
def test_random_bot_still_promises_where_the_rules_allow(name: str) -> None:
    g = sc.new_game(name, players=4, seed=5)
    drive(g, [RandomBot(talk=0.9)] * 4, max_actions=200_000)
    assert any(p.binding for p in g.promises)
