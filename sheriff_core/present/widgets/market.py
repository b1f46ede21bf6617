"""The market turn builder (notebook 01): pick cards to set aside, the discard piles to
draw from and the pile that receives the set-aside cards; see the resulting hand.

The preview applies the :class:`~sheriff_core.Market` action to a *copy* of the game
(``game.clone()``), so the engine itself says what the hand becomes
-- or which rule the choice breaks. The hand, the discard piles and the resulting hand
are drawn as cards (:mod:`sheriff_core.present.pictures`).

>>> import sheriff_core as sc
>>> game = sc.new_game("classic", players=4, seed=3)
>>> turn = market_turn(game)
>>> turn.cards[0].value = True          # set aside the first hand card
>>> turn.take_buttons[1].click()        # take the top card of discard pile 1
>>> turn.action
Market(set_aside=('Apples',), take=(1,), pile=1)
>>> turn.error is None, len(turn.hand)
(True, 6)
>>> turn
Market turn of Ben (run this cell to open it)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from sheriff_core.base import i18n
from sheriff_core.base.errors import RulesError
from sheriff_core.base.i18n import _
from sheriff_core.base.safe_text import escape, printable  # control characters shown
from sheriff_core.engine.actions import Market
from sheriff_core.engine.game import Game
from sheriff_core.engine.steps import Step
from sheriff_core.present.pictures import cards_html, piles_html
from sheriff_core.present.words import check_language, fmt, named, nfmt, rendering

__all__ = ["MarketPreview", "preview_market", "market_turn", "MarketTurn"]


class MarketPreview:
    """What a market action would do: ``hand`` after it (None if illegal), ``error``
    (the engine's message, or None), ``events`` and ``piles`` (the discard piles after)."""

    __slots__ = ("action", "hand", "error", "events", "piles")

    def __init__(
        self,
        action: Market,
        hand: list[str] | None,
        error: str | None,
        events: list[Any],
        piles: list[list[str]],
    ) -> None:
        self.action, self.hand, self.error = action, hand, error
        self.events, self.piles = events, piles

    def __repr__(self) -> str:
        if self.error:
            return f"<MarketPreview illegal: {self.error}>"
        return f"<MarketPreview hand={self.hand}>"


def preview_market(game: Game, action: Market) -> MarketPreview:
    """Apply ``action`` to a copy of ``game`` and report the result (``game`` is unchanged).

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=4, seed=3)
    >>> preview_market(g, sc.Market(("Crossbow",), (), 0)).error
    'cannot set aside Crossbow: only cards in your hand (Apples, Cheese, Cheese, Cheese, Mead, Bread) may be set aside'
    """
    copy = game.clone()
    seat = copy.to_move
    try:
        events = copy.apply(action)
    except RulesError as exc:
        return MarketPreview(action, None, str(exc), [], [list(p) for p in game.piles])
    return MarketPreview(action, list(copy.hands[seat]), None, events, copy.piles)  # type: ignore[index]


def _pile_text(pile: list[str]) -> str:
    if not pile:
        return _("(empty)")
    return " | ".join(_(c) for c in reversed(pile)) + "  " + _("(top first)")


class MarketTurn(widgets.VBox):
    """The market turn builder; display it as a widget. Parts:

    ``cards`` (one Checkbox per hand card: set it aside; ticking order = the order
    the cards go on the pile, last on top), ``take_buttons`` (one Button per
    discard pile: take its top card next), ``undo_take`` / ``clear_take``,
    ``pile`` (Dropdown: the pile that receives the set-aside cards), ``hand_view``
    (HTML: the hand as cards, the ones set aside marked), ``result`` (HTML: the action,
    the resulting hand as cards or the engine's error, the discard piles after).
    Read ``action``, ``hand`` and ``error`` from code.
    """

    @rendering
    def __repr__(self) -> str:
        return fmt(
            "Market turn of {name} (run this cell to open it)", name=self.game.players[self.seat]
        )

    def __init__(
        self,
        game: Game,
        reveal_draws: bool = True,
        scale: float = 1.0,
        compact: bool = False,
        language: str | None = None,
    ) -> None:
        if game.step != Step.MARKET:
            raise ValueError(f"the game is at the {game.step!r} step, not a market turn")
        self.language = check_language(language)
        with i18n.language(self.language):
            self._build(game, reveal_draws, scale, compact)

    def _build(self, game: Game, reveal_draws: bool, scale: float, compact: bool) -> None:
        self.game = game
        self.reveal_draws = reveal_draws
        self.scale = scale  # card size (1.0: 80x112 px); the play table draws smaller
        self.seat: int = game.to_move  # type: ignore[assignment]
        hand = game.hands[self.seat]
        self.cards = []
        for i, card in enumerate(hand):
            box = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
            named(box, "set aside card {n}: {card}", n=i + 1, card=printable(card))
            box.description = fmt("set aside card {n}: {card}", n=i + 1, card=printable(_(card)))
            self.cards.append(box)
        self.order: list[int] = []  # ticked cards, in ticking order
        self.take: list[int] = []
        self.take_buttons = [
            named(
                widgets.Button(
                    tooltip=fmt("discard pile {p}", p=p), layout=widgets.Layout(width="auto")
                ),
                "take top of pile {p}",
                p=p,
            )
            for p in range(len(game.piles))
        ]
        self.undo_take = named(widgets.Button(), "undo last take")
        self.clear_take = named(widgets.Button(), "clear takes")
        self.pile = named(
            widgets.Dropdown(
                options=[(fmt("pile {p}", p=p), p) for p in range(len(game.piles))],
                value=len(game.piles) - 1,
                style={"description_width": "initial"},
            ),
            "set-aside cards go on",
        )
        self.result = widgets.HTML()
        self.preview: MarketPreview = preview_market(game, Market())
        for i, box in enumerate(self.cards):
            box.observe(lambda change, i=i: self._tick(i, change["new"]), names="value")
        for p, button in enumerate(self.take_buttons):
            button.on_click(lambda _b, p=p: self._take(p))
        self.undo_take.on_click(lambda _b: self._undo())
        self.clear_take.on_click(lambda _b: self._clear())
        self.pile.observe(lambda _c: self._update(), names="value")
        piles = widgets.HTML(
            escape(_("discard piles (top card face up):"))
            + piles_html(game.variant, game.piles, scale=scale)
            + "<br>".join(
                f"<b>{escape(fmt('discard pile {p}', p=p))}</b>: {escape(_pile_text(pile))}"
                for p, pile in enumerate(game.piles)
            )
        )
        header = widgets.HTML(escape(fmt("{name}'s market turn.", name=game.players[self.seat])))
        self.hand_view = widgets.HTML()
        # compact: without the hand and the discard piles as pictures, for a page that
        # already draws them (the play table), so the controls stay close together.
        super().__init__(
            [
                header,
                *([] if compact else [self.hand_view]),
                widgets.HBox(self.cards, layout=widgets.Layout(flex_flow="row wrap")),
                *([] if compact else [piles]),
                widgets.HBox([*self.take_buttons, self.undo_take, self.clear_take]),
                self.pile,
                self.result,
            ]
        )
        self._update()

    # -- state -------------------------------------------------------------------

    @property
    def action(self) -> Market:
        """The market action the controls describe now."""
        hand = self.game.hands[self.seat]
        aside = tuple(hand[i] for i in self.order)
        return Market(aside, tuple(self.take), self.pile.value) if aside or self.take else Market()

    @property
    def hand(self) -> list[str] | None:
        """The hand after this turn, or None if the engine refuses it."""
        return self.preview.hand

    @property
    def error(self) -> str | None:
        """The engine's message if the turn is illegal, else None."""
        return self.preview.error

    def apply(self) -> list[Any]:
        """Make this turn in the real game (raises the engine's error if illegal)."""
        return self.game.apply(self.action)

    # -- callbacks ---------------------------------------------------------------

    def _tick(self, i: int, on: bool) -> None:
        if on and i not in self.order:
            self.order.append(i)
        elif not on and i in self.order:
            self.order.remove(i)
        self._update()

    def _take(self, p: int) -> None:
        self.take.append(p)
        self._update()

    def _undo(self) -> None:
        if self.take:
            self.take.pop()
        self._update()

    def _clear(self) -> None:
        self.take.clear()
        self._update()

    @rendering
    def _update(self) -> None:
        action = self.action
        variant = self.game.variant
        self.hand_view.value = cards_html(
            variant,
            self.game.hands[self.seat],
            selected=self.order,
            label=_("Your hand (ticked cards are set aside)"),
            scale=self.scale,
        )
        self.preview = preview_market(self.game, action)
        rows = [f"<b>{escape(_('action'))}</b>: <code>{escape(str(action))}</code>"]
        if self.preview.error:
            rows.append(
                f"<b style='color:#b00'>{escape(_('illegal'))}</b>: {escape(self.preview.error)}"
            )
        else:
            ev = self.preview.events[0].info if self.preview.events else {}
            drawn = ev.get("drawn", [])
            hand = list(self.preview.hand or [])
            # the engine appends the cards from the draw pile last
            hidden = [] if self.reveal_draws else list(range(len(hand) - len(drawn), len(hand)))
            rows.append(
                cards_html(variant, hand, hidden=hidden, label=_("new hand"), scale=self.scale)
            )
            took = ", ".join(_(c) for c in ev.get("took", [])) or _("nothing")
            rows.append(
                escape(
                    nfmt(
                        "from the discard piles: {took}; from the draw pile: {n} card",
                        "from the discard piles: {took}; from the draw pile: {n} cards",
                        len(drawn),
                        took=took,
                    )
                )
            )
            rows.append(
                f"<b>{escape(_('discard piles after this turn'))}</b>:"
                + piles_html(variant, self.preview.piles, scale=self.scale)
                + "<br>".join(
                    escape(fmt("discard pile {p} after: {cards}", p=p, cards=_pile_text(pile)))
                    for p, pile in enumerate(self.preview.piles)
                )
            )
        self.result.value = "<br>".join(rows)


def market_turn(
    game: Game, reveal_draws: bool = True, scale: float = 1.0, language: str | None = None
) -> MarketTurn:
    """The market turn builder for the player to move in ``game`` (see :class:`MarketTurn`).

    ``reveal_draws=False`` hides the cards that would come from the draw pile (``?``);
    ``scale`` sizes the cards (1.0: 80x112 px); ``language`` the language it renders in
    (``None``: the global switch's, at each render).
    """
    return MarketTurn(game, reveal_draws, scale, language=language)
