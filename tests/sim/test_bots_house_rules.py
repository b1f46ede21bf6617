"""Every bot plays legally under house rules that change the bag's size limits.

The bots were written for the bundled variants, where a bag holds 1-5 cards; a house
rule such as "bags of 4-5 cards" (lesson 09's editor) must not make them propose an
illegal load (the engine would refuse it and the simulation would stop).
"""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.bots import bot_names
from sheriff_core.rules.house import house_rule


@pytest.mark.parametrize("bag_min, bag_max", [(4, 5), (3, 3), (6, 6)])
def test_every_merchant_bot_loads_within_a_house_rules_bag_limits(bag_min, bag_max):
    rule = house_rule("classic", {"round.bag_min": bag_min, "round.bag_max": bag_max})
    for merchant in bot_names("merchant"):  # one strategy at every merchant seat
        bags = sc.simulate_bags(
            rule,
            players=4,
            games=4,
            seed=3,
            merchants=merchant,
            sheriffs=bot_names("sheriff"),
            progress=False,
        )
        assert set(bags["strategy"]) == {merchant}
        assert bags["bag_size"].between(bag_min, bag_max).all(), merchant
        assert (bags["declared_count"] == bags["bag_size"]).all(), merchant
