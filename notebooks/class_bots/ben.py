"""Ben's bots for the class tournament: a Sheriff who remembers liars.

A student's file: it defines bot classes with a ``name`` (the tournament loads every
``*.py`` of the folder the teacher chooses with ``load_bots``).
"""

from sheriff_core.bots import SheriffBot, public_log
from sheriff_core.engine import Inspect, LetPass


class Grudge(SheriffBot):
    """Opens the bags of merchants caught lying more often than found honest; lets the
    others pass."""

    name = "ben-grudge"

    def decide(self, view, merchant):
        log = public_log(view)
        liar = log.caught[merchant] > log.cleared[merchant]
        must = view.forced(merchant)
        if must is not None:
            return must
        return Inspect(merchant) if liar else LetPass(merchant)
