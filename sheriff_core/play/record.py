"""The one reader of the event stream: :func:`bag_records` gives one record per bag.

A game's events (``game.events``) tell each bag's story over several events:
``loaded`` (the cards), ``declared``, perhaps ``threatened`` and ``offer``\\ s, then
``passed`` or ``inspected`` (settled). :func:`bag_records` reads them once and gives
one :class:`BagRecord` per settled bag, in the order the bags were settled. The bag
table of the narration (:func:`sheriff_core.play.narrate.bag_rows`) and the bag frame of
the simulation (:func:`sheriff_core.analysis.sim.simulate_bags`) are built from it; nothing
here decides a rule.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player
>>> from sheriff_core.play.driver import play_rounds
>>> g = sc.new_game("classic", players=3, seed=2)
>>> _ = play_rounds(g, [make_player("honest", "always-inspect")] * 3, rounds=1)
>>> [(r.seat, r.good, r.count, r.outcome, r.merchant_pays) for r in bag_records(g)]
[(1, 'Chickens', 3, 'cleared', -6), (2, 'Apples', 5, 'cleared', -10)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sheriff_core.engine.events import (
    Declared,
    Event,
    Inspected,
    Loaded,
    OfferMade,
    Passed,
    RoundStarted,
    Threatened,
)

__all__ = ["BagRecord", "bag_records", "OUTCOMES"]

#: The values of :attr:`BagRecord.outcome`.
OUTCOMES = ("passed", "bribed", "cleared", "caught")


class BagRecord:
    """One settled bag, as the events tell it.

    ``round`` (0-based), ``seat`` (the merchant), ``sheriff`` (the round's Sheriff's
    seat; None before any round started), ``order`` (index of its ``declared`` event
    in ``game.events``: the order bags were declared), ``good`` / ``count`` (the
    declaration), ``cards`` (what was loaded), ``threatened``, ``offers`` (``(by,
    offer text)`` per offer, ``by`` ``"merchant"`` or ``"sheriff"``), ``offered`` (the
    merchant offered something), ``outcome`` (one of :data:`OUTCOMES`), ``inspected``,
    ``truthful`` (the engine's word in the settling event), ``bribe`` (the bribe's
    offer text or None), ``bribe_gold``, ``settled`` (the settling event, a
    :class:`~sheriff_core.engine.events.Passed` or
    :class:`~sheriff_core.engine.events.Inspected`: ``cards``, ``confiscated``,
    ``bribe_bag`` ...), ``merchant_pays``
    (fine > 0, compensation < 0) and ``smuggled`` (contraband that got through).
    """

    __slots__ = (
        "round",
        "seat",
        "sheriff",
        "order",
        "good",
        "count",
        "cards",
        "threatened",
        "offers",
        "offered",
        "outcome",
        "inspected",
        "truthful",
        "bribe",
        "bribe_gold",
        "settled",
        "merchant_pays",
        "smuggled",
    )

    def __init__(
        self, sheriff: int | None, order: int, declared: Declared, cards: list[str]
    ) -> None:
        self.round, self.seat, self.sheriff, self.order = (
            declared.round,
            declared.seat,
            sheriff,
            order,
        )
        self.good: str = declared.good
        self.count: int = declared.count
        self.cards: list[str] = cards
        self.threatened = self.offered = self.inspected = self.truthful = False
        self.offers: list[tuple[str, str]] = []
        self.outcome = ""
        self.bribe: str | None = None
        self.bribe_gold = self.merchant_pays = self.smuggled = 0
        self.settled: Passed | Inspected | None = None

    def __repr__(self) -> str:
        return (
            f"<BagRecord round {self.round} seat {self.seat}: {self.count} {self.good}, "
            f"{self.outcome or 'open'}>"
        )


def bag_records(game: Any, events: Iterable[Any] | None = None) -> list[BagRecord]:
    """One :class:`BagRecord` per bag settled in ``events`` (default ``game.events``),
    in the order they were settled (bags still open are left out).

    >>> import sheriff_core as sc
    >>> bag_records(sc.new_game("classic", players=3, seed=0))
    []
    """
    sheriff: int | None = None
    loaded: dict[int, list[str]] = {}
    open_: dict[int, BagRecord] = {}
    done: list[BagRecord] = []
    for index, e in enumerate(game.events if events is None else events):
        if type(e) not in _READ:
            continue
        if type(e) is Loaded:
            loaded[e.seat] = e.cards
        elif type(e) is Declared:
            open_[e.seat] = BagRecord(sheriff, index, e, loaded[e.seat])
        elif type(e) is RoundStarted:
            sheriff = e.seat
        elif type(e) is Threatened:
            open_[e.seat].threatened = True
        elif type(e) is OfferMade:
            rec = open_[e.seat]
            rec.offers.append((e.by, e.offer))
            if e.by == "merchant":
                rec.offered = True
        elif type(e) is Passed:
            rec = open_.pop(e.seat)
            rec.settled, rec.truthful, rec.smuggled = e, e.truthful, e.smuggled
            if e.bribe is not None:
                rec.outcome, rec.bribe, rec.bribe_gold = "bribed", e.bribe, e.bribe_gold
            else:
                rec.outcome = "passed"
            done.append(rec)
        elif type(e) is Inspected:
            rec = open_.pop(e.seat)
            rec.settled, rec.truthful, rec.inspected = e, e.truthful, True
            rec.outcome = "cleared" if rec.truthful else "caught"
            rec.merchant_pays = e.merchant_pays
            done.append(rec)
    return done


#: The event classes a bag record reads (a few of a game's events).
_READ: frozenset[type[Event]] = frozenset(
    (Loaded, Declared, RoundStarted, Threatened, OfferMade, Passed, Inspected)
)
