"""The game engine: state, actions, events, JSON save/load. Pure Python + numpy."""

from sheriff_core.engine.actions import (
    Accept,
    Action,
    ChooseStarter,
    Confiscate,
    Declare,
    Decline,
    Done,
    Exchange,
    Inspect,
    LetPass,
    Load,
    Market,
    Offer,
    PayDebt,
    Promise,
    Threaten,
    action_from_dict,
    parse_action,
)
from sheriff_core.engine.events import Event
from sheriff_core.engine.game import Game, LegalActions, new_game

__all__ = [
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
    "Inspect",
    "LegalActions",
    "LetPass",
    "Load",
    "Market",
    "Offer",
    "PayDebt",
    "Promise",
    "Threaten",
    "action_from_dict",
    "new_game",
    "parse_action",
]
