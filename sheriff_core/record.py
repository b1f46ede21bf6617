"""The one reader of the event stream: :func:`bag_records` gives one record per bag.

A game's events (``game.events``) tell each bag's story over several events:
``loaded`` (the cards), ``declared``, perhaps ``threatened`` and ``offer``\\ s, then
``passed`` or ``inspected`` (settled). :func:`bag_records` reads them once and gives
one :class:`BagRecord` per settled bag, in the order the bags were settled. The bag
table of the narration (:func:`sheriff_core.narrate.bag_rows`) and the bag frame of
the simulation (:func:`sheriff_core.sim.simulate_bags`) are built from it; nothing
here decides a rule.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player
>>> from sheriff_core.driver import play_rounds
>>> g = sc.new_game("classic", players=3, seed=2)
>>> _ = play_rounds(g, [make_player("honest", "always-inspect")] * 3, rounds=1)
>>> [(r.seat, r.good, r.count, r.outcome, r.merchant_pays) for r in bag_records(g)]
[(1, 'Chickens', 3, 'cleared', -6), (2, 'Apples', 5, 'cleared', -10)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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
    offer text or None), ``bribe_gold``, ``settled`` (the ``passed`` / ``inspected``
    event's info: ``cards``, ``confiscated``, ``bribe_bag`` ...), ``merchant_pays``
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
        self, round: int, seat: int, sheriff: int | None, order: int, info: Any, cards: Any
    ) -> None:
        self.round, self.seat, self.sheriff, self.order = round, seat, sheriff, order
        self.good: str = info["good"]
        self.count: int = info["count"]
        self.cards: list[str] = cards
        self.threatened = self.offered = self.inspected = self.truthful = False
        self.offers: list[tuple[str, str]] = []
        self.outcome = ""
        self.bribe: str | None = None
        self.bribe_gold = self.merchant_pays = self.smuggled = 0
        self.settled: Any = None

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
    loaded: dict[int, Any] = {}
    open_: dict[int, BagRecord] = {}
    done: list[BagRecord] = []
    # Attribute reads, not tuple unpacking: Event is a tuple subclass (slow to unpack).
    for index, e in enumerate(game.events if events is None else events):
        kind = e.kind
        if kind in _SKIP:
            continue
        s, info = e.seat, e.info
        if kind == "loaded":
            loaded[s] = info["cards"]
        elif kind == "declared":
            open_[s] = BagRecord(e.round, s, sheriff, index, info, loaded[s])
        elif kind == "round_start":
            sheriff = s
        elif kind == "threatened":
            open_[s].threatened = True
        elif kind == "offer":
            rec = open_[s]
            by = info["by"]
            rec.offers.append((by, info["offer"]))
            if by == "merchant":
                rec.offered = True
        elif kind == "passed":
            rec = open_.pop(s)
            rec.settled, rec.truthful, rec.smuggled = info, info["truthful"], info["smuggled"]
            if "bribe" in info:
                rec.outcome, rec.bribe, rec.bribe_gold = "bribed", info["bribe"], info["bribe_gold"]
            else:
                rec.outcome = "passed"
            done.append(rec)
        elif kind == "inspected":
            rec = open_.pop(s)
            rec.settled, rec.truthful, rec.inspected = info, info["truthful"], True
            rec.outcome = "cleared" if rec.truthful else "caught"
            rec.merchant_pays = info["merchant_pays"]
            done.append(rec)
    return done


#: Event kinds no bag record reads (most events of a game).
_SKIP = frozenset(
    ("market", "drew", "confiscated", "setup", "game_over", "paid", "paid_in_goods", "round_end")
)
