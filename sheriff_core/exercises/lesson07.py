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

In Thai or Chinese (:func:`sheriff_core.set_language`) the check answers in that language
(the action's text form stays as typed):

>>> from sheriff_core.base.i18n import language
>>> with language("th"):
...     check("07.1", 3)
ยังไม่ถูก: เขียนการกระทำเป็นข้อความ (str ในเครื่องหมายคำพูด) ไม่ใช่ int
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sheriff_core.base.errors import RulesError
from sheriff_core.base.i18n import N_, _
from sheriff_core.engine.actions import Action, Load, Offer, parse_action
from sheriff_core.exercises import exercise
from sheriff_core.rules import load_variant

LOAD = Load(("Bread", "Bread", "Mead"))
#: The names of the cards (the classic game's goods).
GOODS = frozenset(load_variant("classic").goods)
OFFER = Offer(2, bag=("Pepper",))


def _cards(cards: tuple[str, ...]) -> str:
    """The names of ``cards``, in the current language, separated by commas."""
    return ", ".join(_(card) for card in cards)


def _read(answer: Any) -> Action | str:
    """The action a text answer means, or what is wrong with it."""
    if not isinstance(answer, str):
        return _("write the action as text (a str in quotes), not {type}").format(
            type=type(answer).__name__
        )
    try:
        return parse_action(answer)
    except RulesError as exc:
        return _("the action box cannot read it ({error})").format(error=exc)


@exercise(
    "07.1",
    hint=N_("Look at str(sc.Load(...)) for some cards: the word, then the cards in order."),
    right=N_("That is what the action box understands."),
)
def _load_text(answer: Any) -> str | None:
    action = _read(answer)
    if isinstance(action, str):
        return action
    if not isinstance(action, Load):
        return _("that is a {kind} action ({action}), not a load").format(
            kind=type(action).__name__, action=action
        )
    if action == LOAD:
        return None
    unknown = [c for c in action.cards if c not in GOODS]
    if unknown:
        return _(
            "{card} is not the name of a card: the action box reads each part "
            "between commas as one card, so a card loaded twice is named twice"
        ).format(card=repr(unknown[0]))
    got = _cards(action.cards)
    if Counter(action.cards) == Counter(LOAD.cards):
        return _("that loads {cards}: the cards are right but not in the order asked").format(
            cards=got
        )
    return _("that loads {cards}, not the cards asked").format(cards=got)


@exercise(
    "07.2",
    hint=N_("Look at str(sc.Offer(...)) with gold and bag goods: parts are separated by ';'."),
    right=N_("Gold first, then each kind of goods after a ';': the form of every offer."),
)
def _offer_text(answer: Any) -> str | None:
    action = _read(answer)
    if isinstance(action, str):
        return action
    if not isinstance(action, Offer):
        return _("that is a {kind} action ({action}), not an offer").format(
            kind=type(action).__name__, action=action
        )
    if action == OFFER:
        return None
    wrong = []
    if action.gold != OFFER.gold:
        wrong.append(_("it offers {gold} gold").format(gold=action.gold))
    if action.bag != OFFER.bag:
        if action.bag:
            wrong.append(_("from the bag it offers {goods}").format(goods=_cards(action.bag)))
        else:
            wrong.append(_("it offers nothing from the bag"))
    if action.stand or action.promises:
        wrong.append(_("it offers goods from the stand or promises too"))
    return "; ".join(wrong)
