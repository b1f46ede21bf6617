"""Ada's bots for the class tournament: a careful merchant.

A student's file: it defines bot classes with a ``name`` (the tournament loads every
``*.py`` of the folder the teacher chooses with ``load_bots``).
"""

from sheriff_core.bots import HonestMerchant
from sheriff_core.engine import Declare, Load


class Careful(HonestMerchant):
    """Honest, but never bags more than three cards (so the threshold Sheriff, which opens
    bags of four or more, lets every bag pass)."""

    name = "ada-careful"

    def load(self, view):
        legal = [c for c in view.hand if view.variant.goods[c].kind == "legal"]
        good = max(legal, key=legal.count) if legal else view.hand[0]
        self.good = good if legal else view.variant.legal_goods[0]
        bag = [c for c in view.hand if c == good][:3]
        return Load(tuple(bag))

    def declare(self, view):
        return Declare(self.good, len(view.bag))
