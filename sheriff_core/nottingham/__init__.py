"""Nottingham (Uwe Rosenberg, Abacus 2006): a second game on the same engine principles.

Rules are data (``data/nottingham/rules.toml``), actions are frozen values,
one seeded generator per game (bots draw from a second one, ``players_rng``,
derived from the seed), every action returns events, illegal actions raise a
:class:`~sheriff_core.base.errors.RulesError` and change nothing, and a game saves
to JSON (seed + actions) and loads back identically by replaying them; a bad
save raises :class:`~sheriff_core.base.errors.SaveError`.

>>> from sheriff_core import nottingham as nt
>>> rules = nt.load_rules()
>>> game = nt.new_game(rules, players=4, seed=0)
>>> game.step, game.to_move, game.revealed
('reveal', 0, 'Gold')
>>> game.apply(nt.Keep())[0].kind
'keep'
"""

from sheriff_core.base.errors import SaveError
from sheriff_core.nottingham.actions import (
    Accept,
    Action,
    Allow,
    ChooseAmbush,
    CompleteTask,
    Decline,
    Defend,
    Discard,
    Event,
    Hold,
    Keep,
    Lay,
    Offer,
    Pass,
    Spring,
    TakeCard,
    Use,
    action_kinds,
)
from sheriff_core.nottingham.bots import Bot, GreedyCollector, RandomBot, play_game
from sheriff_core.nottingham.errors import (
    GameFinished,
    IllegalAmbush,
    IllegalDiscard,
    IllegalOffer,
    IllegalScore,
    IllegalTarget,
    IllegalUse,
    NottinghamDataError,
    NottinghamRulesError,
    WrongDecision,
)
from sheriff_core.nottingham.game import DECISIONS, DecisionRule, Game, new_game
from sheriff_core.nottingham.rules import Item, Rules, Task, load_rules, rules_path
from sheriff_core.nottingham.sim import simulate
from sheriff_core.nottingham.steps import (
    Ambush,
    AmbushDraw,
    Decision,
    DiscardQueue,
    NoPending,
    OfferChoice,
    OfferRound,
    Pending,
    SpringQueue,
    Target,
)

__all__ = [
    "DECISIONS",
    "Accept",
    "Action",
    "Allow",
    "Ambush",
    "AmbushDraw",
    "Decision",
    "DecisionRule",
    "DiscardQueue",
    "NoPending",
    "OfferChoice",
    "OfferRound",
    "Pending",
    "SpringQueue",
    "Target",
    "Bot",
    "ChooseAmbush",
    "CompleteTask",
    "Decline",
    "Defend",
    "Discard",
    "Event",
    "Game",
    "GreedyCollector",
    "GameFinished",
    "Hold",
    "IllegalAmbush",
    "IllegalDiscard",
    "IllegalOffer",
    "IllegalScore",
    "IllegalTarget",
    "IllegalUse",
    "Item",
    "Keep",
    "Lay",
    "NottinghamDataError",
    "NottinghamRulesError",
    "Offer",
    "Pass",
    "RandomBot",
    "Rules",
    "SaveError",
    "Spring",
    "TakeCard",
    "Task",
    "Use",
    "WrongDecision",
    "action_kinds",
    "load_rules",
    "new_game",
    "play_game",
    "rules_path",
    "simulate",
]
