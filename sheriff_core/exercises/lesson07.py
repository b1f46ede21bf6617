"""Self-checks of lesson 07 (play a game): the text forms of actions.

07.1 -- the text that loads two Bread and a Mead, in that order.
07.2 -- the text of an offer of 2 gold and one Pepper from your bag.

Each answer is read with :func:`sheriff_core.parse_action`, exactly as the table's
action box reads it, and compared with the action built by the library.

>>> from sheriff_core.exercises import check
>>> check("07.1", "load Mead,Bread,Bread")
Not quite: that loads Mead, Bread, Bread: the cards are right but not in the order asked.
>>> check("07.1", "load 2 Bread, 1 Mead")
Not quite: '2 Bread' is not the name of a card: the action box reads each part between commas as one card, so a card loaded twice is named twice.
>>> check("07.2", "offer 2 gold and a Pepper")
Not quite: the action box cannot read it (cannot read action 'offer 2 gold and a Pepper': an offer starts 'offer N gold'; stand goods, bag goods and promises follow as parts after ';').
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sheriff_core.base.errors import RulesError
from sheriff_core.engine.actions import Action, Load, Offer, parse_action
from sheriff_core.exercises import exercise
from sheriff_core.rules import load_variant

LOAD = Load(("Bread", "Bread", "Mead"))
#: The names of the cards (the classic game's goods).
GOODS = frozenset(load_variant("classic").goods)
OFFER = Offer(2, bag=("Pepper",))


def _read(answer: Any) -> Action | str:
    """The action a text answer means, or what is wrong with it."""
    if not isinstance(answer, str):
        return f"write the action as text (a str in quotes), not {type(answer).__name__}"
    try:
        return parse_action(answer)
    except RulesError as exc:
        return f"the action box cannot read it ({exc})"


@exercise(
    "07.1",
    hint="Look at str(sc.Load(...)) for some cards: the word, then the cards in order.",
    right="That is what the action box understands.",
)
def _load_text(answer: Any) -> str | None:
    action = _read(answer)
    if isinstance(action, str):
        return action
    if not isinstance(action, Load):
        return f"that is a {type(action).__name__} action ({action}), not a load"
    if action == LOAD:
        return None
    unknown = [c for c in action.cards if c not in GOODS]
    if unknown:
        return (
            f"{unknown[0]!r} is not the name of a card: the action box reads each part "
            "between commas as one card, so a card loaded twice is named twice"
        )
    got = ", ".join(action.cards)
    if Counter(action.cards) == Counter(LOAD.cards):
        return f"that loads {got}: the cards are right but not in the order asked"
    return f"that loads {got}, not the cards asked"


@exercise(
    "07.2",
    hint="Look at str(sc.Offer(...)) with gold and bag goods: parts are separated by ';'.",
    right="Gold first, then each kind of goods after a ';': the form of every offer.",
)
def _offer_text(answer: Any) -> str | None:
    action = _read(answer)
    if isinstance(action, str):
        return action
    if not isinstance(action, Offer):
        return f"that is a {type(action).__name__} action ({action}), not an offer"
    if action == OFFER:
        return None
    wrong = []
    if action.gold != OFFER.gold:
        wrong.append(f"it offers {action.gold} gold")
    if action.bag != OFFER.bag:
        wrong.append(f"from the bag it offers {', '.join(action.bag) or 'nothing'}")
    if action.stand or action.promises:
        wrong.append("it offers goods from the stand or promises too")
    return "; ".join(wrong)
