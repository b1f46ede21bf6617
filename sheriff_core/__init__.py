"""sheriff_core: the rules of Sheriff of Nottingham and its relatives, as a library.

>>> import sheriff_core as sc
>>> sc.load_variant("classic").goods["Pepper"].kind
'contraband'

One switch changes the language of everything shown (``"en"``, ``"th"``, ``"zh"``):

>>> sc.set_language("zh"); str(sc.IllegalLoad("a bag holds {low}-{high} cards, not {n}", low=1, high=5, n=7)) != ""
True
>>> sc.set_language("en"); sc.get_language()
'en'
"""

import sheriff_core._moved as _moved  # old import paths keep working
import sheriff_core.present.pictures  # noqa: F401  (a Game shows its table in a notebook)
from sheriff_core.analysis.compare import compare_variants
from sheriff_core.analysis.glossary import glossary

# Simulation (issue 4): seeded bot games to tidy DataFrames.
from sheriff_core.analysis.sim import simulate, simulate_bags
from sheriff_core.analysis.tournament import (
    load_bots,
    merchant_smuggling_rate,
    sheriff_exploitability,
    tournament,
    win_rate_by_mix,
)
from sheriff_core.base.errors import (
    BadAction,
    EngineBug,
    GameOver,
    IllegalAction,
    IllegalDebtPayment,
    IllegalDeclaration,
    IllegalInspection,
    IllegalLoad,
    IllegalMarket,
    IllegalOffer,
    NotYourTurn,
    RulesError,
    SaveError,
    VariantError,
)
from sheriff_core.base.i18n import get_language, language, set_language

# Write your own bot (issue 29): a class tournament with a leaderboard.
from sheriff_core.bots.functions import bot_from_functions
from sheriff_core.engine import (
    Accept,
    Action,
    ChooseStarter,
    Confiscate,
    Declare,
    Decline,
    Done,
    Event,
    Exchange,
    Game,
    Inspect,
    LegalActions,
    LetPass,
    Load,
    Market,
    Offer,
    PayDebt,
    Promise,
    Threaten,
    new_game,
    parse_action,
)

# A table shown in the reader's language (display only; the table keeps its English names).
from sheriff_core.present.tables import shown
from sheriff_core.rules import (
    Bonus,
    Good,
    Inspection,
    Variant,
    build_deck,
    check_declaration,
    inspect_bag,
    load_variant,
    variant_names,
)
from sheriff_core.rules.scoring import final_scores

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``sc.sim``, ``sc.scoring``, ...: the modules that moved into layer folders, by their
    old names (as ``import sheriff_core.sim`` finds them: :mod:`sheriff_core._moved`)."""
    if name in _moved.MOVED:
        import importlib

        return importlib.import_module(f"sheriff_core.{name}")
    raise AttributeError(f"module 'sheriff_core' has no attribute {name!r}")


__all__ = [
    "BadAction",
    "EngineBug",
    "Accept",
    "Action",
    "ChooseStarter",
    "Confiscate",
    "Declare",
    "Decline",
    "Done",
    "Exchange",
    "Event",
    "Game",
    "LegalActions",
    "LetPass",
    "Load",
    "Market",
    "Offer",
    "PayDebt",
    "Promise",
    "Threaten",
    "Inspect",
    "new_game",
    "parse_action",
    "final_scores",
    "compare_variants",
    "Bonus",
    "GameOver",
    "Good",
    "IllegalAction",
    "IllegalDebtPayment",
    "IllegalDeclaration",
    "IllegalInspection",
    "IllegalLoad",
    "IllegalMarket",
    "IllegalOffer",
    "Inspection",
    "NotYourTurn",
    "RulesError",
    "SaveError",
    "Variant",
    "VariantError",
    "build_deck",
    "check_declaration",
    "inspect_bag",
    "load_variant",
    "variant_names",
    "simulate",
    "simulate_bags",
    "tournament",
    "load_bots",
    "bot_from_functions",
    "win_rate_by_mix",
    "sheriff_exploitability",
    "merchant_smuggling_rate",
    # the language switch (issue 28): everything shown next is in this language
    "set_language",
    "get_language",
    "language",
    "glossary",
    "shown",
]
