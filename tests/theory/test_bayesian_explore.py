"""The Bayesian Sheriff's belief needs opened bags: its limit at inspection rate 0, and the
``explore`` floor that removes it (issue 26).

Against merchants who lie with legal goods only (``bluffer``), a table of Bayesian Sheriffs
with the default settings never opens a bag, so the lies are never seen and every belief
falls towards 0 whatever the true lie rate. With ``explore`` the Sheriffs open a share of
the bags they would let pass, and the belief read from the whole record tends to the rate
the bluffers really lied at.
"""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import play_seeded
from sheriff_core.bots import make_bot, make_player
from sheriff_core.bots.sheriffs import BayesianSheriff
from sheriff_core.engine.view import EventsSeen

GAMES = 120


class _Record:
    """Many games' public events as one long record (what the belief reads)."""

    def __init__(self, games: list[sc.Game]) -> None:
        self.n = games[0].n
        self.variant = games[0].variant
        self.events = [e for g in games for e in g.events]
        self.public_events = EventsSeen(self.events)  # as everybody saw them


def _play(sheriff: str) -> tuple[_Record, list]:
    v = sc.load_variant("classic")
    lineup = [make_player("bluffer", sheriff) for _ in range(4)]
    games = [play_seeded(v, 4, seed, lineup) for seed in range(GAMES)]
    resolved = [
        e for g in games for e in g.events if e.kind in ("passed", "inspected") and e.seat == 0
    ]
    return _Record(games), resolved


def test_at_inspection_rate_0_the_belief_misses_every_legal_lie() -> None:
    """The documented limit: no bag opened, so a bluffer's belief goes below its lie rate,
    towards 0 (one prior lie in 3 + n bags)."""
    record, bags = _play("bayesian")
    lied = sum(not e.info["truthful"] for e in bags) / len(bags)
    assert not any(e.kind == "inspected" for e in bags)  # rate 0: it never looks
    assert lied > 0.15  # the bluffer does lie
    belief = BayesianSheriff().belief(record, 0)
    assert belief < 0.01 < lied - 0.1


def test_explore_keeps_opening_and_the_belief_finds_the_lie_rate() -> None:
    record, bags = _play("bayesian:explore=0.2")
    lied = sum(not e.info["truthful"] for e in bags) / len(bags)
    opened = sum(e.kind == "inspected" for e in bags) / len(bags)
    assert 0.12 < opened < 0.3
    belief = BayesianSheriff().belief(record, 0)
    assert abs(belief - lied) < 0.06, (belief, lied)


def test_explore_is_a_probability_and_off_by_default() -> None:
    assert BayesianSheriff().explore == 0
    assert make_bot("bayesian:explore=0.1", "sheriff").label() == "bayesian(explore=0.1)"
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="explore is a probability"):
            BayesianSheriff(explore=bad)
