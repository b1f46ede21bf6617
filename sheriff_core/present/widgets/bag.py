"""The bag builder (notebook 02): choose 1-5 cards from a hand, pick a declaration, and
see at once whether it is legal and what happens if the Sheriff lets it pass or opens it
(:func:`~sheriff_core.rules.outcomes.bag_outcomes`, a rules function, re-exported here).
The hand and the bag are drawn as cards (:mod:`sheriff_core.present.pictures`): ticked cards
are marked in the hand and appear in the bag.

Legality is the engine's :func:`~sheriff_core.check_declaration` (its message is shown
verbatim); the inspection row is :func:`~sheriff_core.inspect_bag`.

>>> b = bag_builder(["Apples", "Apples", "Silk", "Cheese", "Pepper", "Apples"])
>>> for i in (0, 1, 2):
...     b.cards[i].value = True
>>> b.good.value, b.count.value = "Apples", 3
>>> b.error is None, [r["merchant_gold"] for r in b.outcomes]
(True, [0, -4])
>>> b.count.value = 2
>>> b.error
'cannot declare 2 Apples: you must declare the exact number of cards in your bag (3)'
>>> b
Bag builder for a hand of 6 cards (run this cell to open it)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from sheriff_core.base import i18n
from sheriff_core.base.errors import RulesError
from sheriff_core.base.i18n import N_, _
from sheriff_core.base.safe_text import choices, escape, printable  # control characters shown
from sheriff_core.present.pictures import bag_html, cards_html
from sheriff_core.present.words import check_language, fmt, named, nfmt, rendering
from sheriff_core.rules import Variant, check_declaration, load_variant
from sheriff_core.rules.outcomes import OUTCOME_COLUMNS, bag_outcomes  # re-exported here

__all__ = ["bag_outcomes", "bag_builder", "BagBuilder", "OUTCOME_COLUMNS", "shown_cell"]

#: The outcome table's headings (:data:`OUTCOME_COLUMNS`), for message extraction.
_HEADINGS = (
    N_("if the Sheriff..."),
    N_("to your stand, face up"),
    N_("to your stand, face down"),
    N_("confiscated"),
    N_("your gold"),
    N_("Sheriff's gold"),
    N_("value of goods you keep"),
)


class BagBuilder(widgets.VBox):
    """The bag builder; display it as a widget. Parts:

    ``cards`` (one Checkbox per hand card, described ``"bag card N: Good"``),
    ``good`` (Dropdown ``"declare good"``), ``count`` (Dropdown ``"declare count"``),
    ``hand_view`` (HTML: the hand as cards, ticked ones marked), ``result`` (HTML: the
    bag as cards with its declaration, the verdict with the engine's message, the table).
    Read ``bag``, ``error`` and ``outcomes`` from code.
    """

    @rendering
    def __repr__(self) -> str:
        return nfmt(
            "Bag builder for a hand of {n} card (run this cell to open it)",
            "Bag builder for a hand of {n} cards (run this cell to open it)",
            len(self.hand),
        )

    def __init__(
        self, hand: Sequence[str], variant: Variant | str = "classic", language: str | None = None
    ) -> None:
        self.language = check_language(language)
        with i18n.language(self.language):
            self._build(hand, variant)

    def _build(self, hand: Sequence[str], variant: Variant | str) -> None:
        self.variant = load_variant(variant) if isinstance(variant, str) else variant
        self.hand = list(hand)
        self.cards = []
        for i, card in enumerate(self.hand):
            box = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
            named(box, "bag card {n}: {card}", n=i + 1, card=printable(card))
            box.description = fmt("bag card {n}: {card}", n=i + 1, card=printable(_(card)))
            self.cards.append(box)
        goods = list(self.variant.goods)
        self.good = named(
            widgets.Dropdown(
                options=choices(goods)
                if all(_(g) == g for g in goods)
                else [(printable(_(g)), g) for g in goods],
                value=self.variant.legal_goods[0],
                style={"description_width": "initial"},
            ),
            "declare good",
        )
        self.count = named(
            widgets.Dropdown(
                options=list(range(1, max(self.variant.bag_max, len(self.hand)) + 1)),
                value=1,
                style={"description_width": "initial"},
            ),
            "declare count",
        )
        self.hand_view = widgets.HTML()
        self.result = widgets.HTML()
        self.error: str | None = None
        self.outcomes: list[dict[str, Any]] = []
        for w in (*self.cards, self.good, self.count):
            w.observe(lambda _c: self._update(), names="value")
        super().__init__(
            [
                self.hand_view,
                widgets.HBox(self.cards, layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.good, self.count]),
                self.result,
            ]
        )
        self._update()

    @property
    def bag(self) -> list[str]:
        """The cards ticked for the bag, in hand order."""
        return [card for card, box in zip(self.hand, self.cards, strict=True) if box.value]

    @rendering
    def _update(self) -> None:
        bag = self.bag
        ticked = [i for i, box in enumerate(self.cards) if box.value]
        self.hand_view.value = cards_html(
            self.variant,
            self.hand,
            selected=ticked,
            label=_("Your hand (ticked cards go in the bag)"),
        )
        try:
            check_declaration(self.variant, len(bag), self.good.value, self.count.value)
            self.outcomes = bag_outcomes(self.variant, bag, self.good.value, self.count.value)
            self.error = None
        except RulesError as exc:
            self.outcomes, self.error = [], str(exc)
        head = (
            bag_html(self.variant, bag, declared=(self.good.value, self.count.value))
            + f"<br><b>{escape(_('declaration'))}</b>: "
            + escape(fmt('"{count} {good}"', count=self.count.value, good=_(self.good.value)))
            + " &nbsp; "
        )
        if self.error:
            self.result.value = (
                head + f"<b style='color:#b00'>{escape(_('illegal declaration'))}</b>: "
                f"{escape(self.error)}"
            )
            return
        truthful = all(c == self.good.value for c in bag)
        verdict = _("legal, and the truth") if truthful else _("legal, but a lie")
        cells = "".join(f"<th>{escape(_(h))}</th>" for h in OUTCOME_COLUMNS.values())
        body = "".join(
            "<tr>"
            + "".join(f"<td>{escape(shown_cell(k, r[k]))}</td>" for k in OUTCOME_COLUMNS)
            + "</tr>"
            for r in self.outcomes
        )
        self.result.value = (
            head + f"<b style='color:#070'>{verdict}</b>"
            f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"
        )


#: The outcome columns that list cards (``"Cheese, Silk"``, or ``"-"`` for none).
_CARD_COLUMNS = ("stand_face_up", "stand_face_down", "confiscated")


def shown_cell(column: str, value: Any) -> str:
    """A cell of the outcome table (:func:`bag_outcomes`) as a person reads it in the
    current language: the Sheriff's choice and the cards' names translated, numbers as
    they are; the row's value itself never changes.

    >>> from sheriff_core.base.i18n import language
    >>> shown_cell("confiscated", "Cheese, Silk"), shown_cell("merchant_gold", -6)
    ('Cheese, Silk', '-6')
    >>> with language("th"):
    ...     shown_cell("confiscated", "Cheese, Silk") != "Cheese, Silk"
    True
    """
    if column in _CARD_COLUMNS and isinstance(value, str) and value != "-":
        return _(", ").join(_(name) for name in value.split(", "))
    if isinstance(value, str):
        return _(value)
    return str(value)


def bag_builder(
    hand: Sequence[str], variant: Variant | str = "classic", language: str | None = None
) -> BagBuilder:
    """The bag builder for ``hand`` (see :class:`BagBuilder`); ``language`` the language it
    renders in (``None``: the global switch's, at each render). Its checkboxes are found by
    their English descriptions (``"bag card N: Good"``) in every language."""
    return BagBuilder(hand, variant, language=language)
