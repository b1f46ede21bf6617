"""Bots: strategies that choose among the legal actions (outside the rules core).

Merchants: ``honest``, ``smuggler``, ``bluffer``, ``briber``, ``adaptive``;
Sheriffs/Deputies: ``trusting``, ``always-inspect``, ``threshold``, ``bayesian``
(see :mod:`sheriff_core.bots.merchants` and :mod:`sheriff_core.bots.sheriffs`).
A seat plays a :class:`Player`: one merchant bot and one Sheriff bot.

>>> bot_names("merchant")
['honest', 'smuggler', 'bluffer', 'briber', 'adaptive']
"""

from sheriff_core.bots.base import (
    Bot,
    MerchantBot,
    Player,
    PublicLog,
    SheriffBot,
    bot_names,
    make_bot,
    make_player,
    parse_spec,
    public_log,
    register,
)
from sheriff_core.bots.functions import bot_from_functions
from sheriff_core.bots.merchants import (
    AdaptiveMerchant,
    Bluffer,
    Briber,
    HonestMerchant,
    Smuggler,
)
from sheriff_core.bots.random_bot import RandomBot, play_game
from sheriff_core.bots.sheriffs import (
    BayesianSheriff,
    InspectingSheriff,
    ThresholdSheriff,
    TrustingSheriff,
)

__all__ = [
    "bot_from_functions",
    "RandomBot",
    "play_game",
    "Bot",
    "MerchantBot",
    "SheriffBot",
    "Player",
    "PublicLog",
    "public_log",
    "register",
    "bot_names",
    "make_bot",
    "make_player",
    "parse_spec",
    "HonestMerchant",
    "Smuggler",
    "Bluffer",
    "Briber",
    "AdaptiveMerchant",
    "TrustingSheriff",
    "InspectingSheriff",
    "ThresholdSheriff",
    "BayesianSheriff",
]
