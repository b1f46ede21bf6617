"""The scenario helpers of ``tests/engine_helpers.py`` fail loudly (a driver names the step it
does not handle; ``arrange`` refuses what would change the deck).

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

import pytest
from engine_helpers import arrange, drive
from scenarios import fresh

import sheriff_core as sc


def test_a_driver_fails_on_a_step_it_does_not_handle():
    g = fresh()
    with pytest.raises(AssertionError, match="does not handle step 'load'"):
        drive(g, {"market": lambda g: sc.Market()}, until=lambda g: g.is_over)
    with pytest.raises(AssertionError, match="did not finish in 2 steps"):
        drive(g, {"load": lambda g: sc.Load((g.hands[g.to_move][0],))}, lambda g: False, 2)


def test_arrange_changes_the_game_or_refuses():
    g = fresh()
    with pytest.raises(TypeError, match="at least one field"):
        arrange(g)
    arrange(g, gold=[1, 2, 3, 4], hands={1: ["Silk"]})
    assert g.gold == [1, 2, 3, 4] and g.hands[1] == ["Silk"]
