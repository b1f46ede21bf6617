"""A game table (notebook 07): play a seat against bots, one widget per decision.

:class:`PlayTable` shows the current decision (``game.step`` / ``game.to_move``),
offers the controls for the learner's seat at that step, moves the bots of the
other seats automatically, and explains every refused action with the engine's
own message. Every action goes through ``game.apply(action, player=seat)``.

Controls are found by their description, e.g. ``table.press("declare")`` or
``table.control("declare good").value = "Cheese"``; any action can also be typed
in its text form (``"declare 3 Cheese"``) into the ``"action"`` box.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player
>>> game = sc.new_game("classic", players=3, seed=0)
>>> table = play_table(game, [make_player("honest", "trusting")] * 3, seat=1)
>>> table.game.step, table.game.to_move
('market', 1)
>>> table.type_action("declare 1 Apples")
False
>>> table.error
'it is the market phase: Ben (seat 1) must make a market turn (market), not declare'
>>> table.press("make market turn")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from sheriff_core.engine.actions import (
    Accept,
    Action,
    Confiscate,
    Declare,
    Decline,
    Inspect,
    LetPass,
    Load,
    Offer,
    PayDebt,
    Threaten,
    parse_action,
)
from sheriff_core.engine.game import Game
from sheriff_core.errors import RulesError
from sheriff_core.narrate import describe_event, describe_offer
from sheriff_core.widgets.market import MarketTurn

__all__ = ["PlayTable", "play_table", "run_bots", "STEP_TEXT"]

#: What each kind of decision asks, in words.
STEP_TEXT: dict[str, str] = {
    "starter": "choose which merchant starts the market",
    "market": "make a market turn (set cards aside, draw back to a full hand)",
    "load": "load the bag with 1-5 cards",
    "declare": "declare the bag: one legal good, the exact number of cards",
    "sheriff": "deal with a bag: threaten, inspect or let it pass",
    "merchant": "answer the Sheriff's threat: offer a bribe, accept a demand or decline",
    "negotiation": "decide: let the bag pass (taking the offer), inspect, or demand more",
    "confiscate": "place the confiscated cards on a discard pile",
    "debt": "choose goods from the stand to pay a debt",
    "vote": "vote to inspect or let the bag pass",
    "exchange": "exchange goods for tokens or be done",
    "over": "nothing: the game is over",
}


def run_bots(
    game: Game, lineup: Sequence[Any], stop_seat: int | None, stop_round: int | None = None
) -> list[Any]:
    """Let the bots move until it is ``stop_seat``'s decision, the game ends, or (with
    ``stop_round``) that round is over. Returns the new events.

    >>> import sheriff_core as sc
    >>> from sheriff_core.bots import make_player
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> _ = run_bots(g, [make_player()] * 3, stop_seat=None, stop_round=0)
    >>> g.round, g.step
    (1, 'market')
    """
    events: list[Any] = []
    while not game.is_over and game.to_move != stop_seat:
        if stop_round is not None and game.round != stop_round:
            break
        events.extend(game.apply(lineup[game.to_move].choose(game)))  # type: ignore[index]
    return events


def _button(description: str, action: Any = None) -> widgets.Button:
    b = widgets.Button(description=description, layout=widgets.Layout(width="auto"))
    b.action = action  # type: ignore[attr-defined]
    return b


class PlayTable(widgets.VBox):
    """A table where ``seat`` is played by the learner and every other seat by ``lineup``.

    Parts: ``status`` (HTML: the table as ``seat`` sees it and the decision due),
    ``controls`` (VBox rebuilt for each decision of the learner), ``message`` (HTML:
    the last refusal, verbatim), ``journal`` (HTML: what happened, as ``seat`` saw it;
    also in ``lines``), ``action_text`` + the ``"play typed action"`` button.
    ``stop_round``: stop when that round ends (the inspection simulator uses it).
    """

    def __init__(
        self,
        game: Game,
        lineup: Sequence[Any],
        seat: int,
        stop_round: int | None = None,
        secrets: bool = False,
    ) -> None:
        self.game, self.lineup, self.seat = game, list(lineup), seat
        self.stop_round, self.secrets = stop_round, secrets
        self.error: str | None = None
        self.lines: list[str] = []
        self._cursor = len(game.events)
        self.status = widgets.HTML()
        self.controls = widgets.VBox()
        self.message = widgets.HTML()
        self.journal = widgets.HTML()
        self.action_text = widgets.Text(
            description="action", placeholder="e.g. declare 3 Cheese", continuous_update=False
        )
        self.play_typed = _button("play typed action")
        self.play_typed.on_click(lambda _b: self.type_action(self.action_text.value))
        self._widgets: dict[str, Any] = {}
        self.market: MarketTurn | None = None
        super().__init__(
            [
                self.status,
                self.controls,
                widgets.HBox([self.action_text, self.play_typed]),
                self.message,
                self.journal,
            ]
        )
        self._bots()
        self._refresh()

    # -- public API ------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True when the game is over (or the round given as ``stop_round`` has ended)."""
        g = self.game
        return g.is_over or (self.stop_round is not None and g.round != self.stop_round)

    @property
    def my_turn(self) -> bool:
        return not self.finished and self.game.to_move == self.seat

    def act(self, action: Action) -> bool:
        """Play ``action`` for the learner's seat; False (and ``error`` set) if refused."""
        if self.finished:
            self.error = "this table is finished: no more actions"
            self._refresh()
            return False
        try:
            self.game.apply(action, player=self.seat)
        except RulesError as exc:
            self.error = str(exc)
            self._refresh()
            return False
        self.error = None
        self._bots()
        self._refresh()
        return True

    def type_action(self, text: str) -> bool:
        """Play an action given in its text form (``str(action)``)."""
        try:
            action = parse_action(text)
        except RulesError as exc:
            self.error = str(exc)
            self._refresh()
            return False
        return self.act(action)

    def control(self, description: str) -> Any:
        """The control of the current decision with this description."""
        if description == "action":
            return self.action_text
        if description == "play typed action":
            return self.play_typed
        try:
            return self._widgets[description]
        except KeyError:
            raise KeyError(
                f"no control {description!r} now; controls: {sorted(self._widgets)}"
            ) from None

    def press(self, description: str) -> bool:
        """Click the button with this description; True if its action was accepted."""
        before = len(self.game.history)
        self.control(description).click()
        return len(self.game.history) > before and self.error is None

    def descriptions(self) -> list[str]:
        """Descriptions of the controls offered now."""
        return list(self._widgets)

    # -- internals -------------------------------------------------------------------

    def _bots(self) -> None:
        if not self.finished:
            run_bots(self.game, self.lineup, self.seat, self.stop_round)
        self._narrate()

    def _narrate(self) -> None:
        g = self.game
        for e in g.events[self._cursor :]:
            if e.kind == "round_start":
                self.lines.append(
                    f"-- Round {e.round + 1} of {g.rounds}: {e.info['sheriff']} is the Sheriff --"
                )
                continue
            text = describe_event(e, g.players, self.secrets or e.seat == self.seat)
            if text:
                self.lines.append(text)
        self._cursor = len(g.events)

    def _name(self, seat: int) -> str:
        return self.game.players[seat]

    def _refresh(self) -> None:
        self.status.value = self._status_html()
        self.message.value = (
            f"<b style='color:#b00'>refused</b>: {escape(self.error)}" if self.error else ""
        )
        self.journal.value = "<br>".join(escape(line) for line in self.lines[-40:])
        self._build_controls()

    def _status_html(self) -> str:
        g, me = self.game, self.seat
        rows = []
        for s, name in enumerate(g.players):
            view = g.stand_view(s)
            stand = (
                ", ".join(g.stands[s]) or "-"
                if s == me
                else ", ".join(f"{n} {c}" for c, n in view["legal"].items()) or "-"
            )
            if s != me and view["contraband"]:
                stand += f" + {view['contraband']} face down"
            role = "Sheriff" if s in g.sheriffs else "merchant"
            decl = g.declared.get(s)
            bag = f"{decl[1]} {decl[0]}" if decl else ("loaded" if g.bags.get(s) else "")
            if s in g.resolved:
                bag += " (settled)"
            rows.append(
                f"<tr><td>{'<b>' if s == me else ''}{escape(name)}{' (you)' if s == me else ''}"
                f"{'</b>' if s == me else ''}</td><td>{role}</td><td>{g.gold[s]}</td>"
                f"<td>{escape(stand)}</td><td>{escape(bag)}</td></tr>"
            )
        table = (
            "<table><thead><tr><th>player</th><th>role</th><th>gold</th><th>stand</th>"
            "<th>bag declared</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )
        tops = ", ".join(
            f"pile {p}: {escape(pile[-1]) if pile else '(empty)'}" for p, pile in enumerate(g.piles)
        )
        hand = ", ".join(g.hands[me]) or "-"
        mine = g.bags.get(me)
        extra = f" &nbsp; <b>your bag</b>: {escape(', '.join(mine))}" if mine else ""
        if self.finished:
            if g.is_over:
                winners = [r["player"] for r in g.score_rows() if r["rank"] == 1]
                now = f"<b>The game is over.</b> Winner(s): {escape(', '.join(winners))}"
            else:
                now = f"<b>Round {self.stop_round + 1} is over.</b>"  # type: ignore[operator]
        else:
            who = "you" if g.to_move == me else escape(self._name(g.to_move))  # type: ignore[arg-type]
            now = f"<b>Now</b>: {who} must {escape(STEP_TEXT.get(g.step, g.step))}"
            neg = g.negotiation
            if neg is not None and neg["offer"] is not None:
                by = "the Sheriff demands" if neg["by"] == "sheriff" else "the merchant offers"
                now += f" &nbsp; ({by} {escape(describe_offer(neg['offer'], g.players))})"
        head = (
            f"<b>Round {g.round + 1} of {g.rounds}</b>, {escape(g.phase)} phase. "
            f"<b>Your hand</b>: {escape(hand)}{extra} &nbsp; <b>discard tops</b>: {tops}"
        )
        return f"{head}<br>{table}{now}"

    def _add(self, w: Any) -> Any:
        self._widgets[w.description] = w
        if isinstance(w, widgets.Button):
            action = getattr(w, "action", None)
            if action is not None:
                w.on_click(lambda _b, a=action: self.act(a))
        return w

    def _build_controls(self) -> None:
        key = (len(self.game.history), self.finished)
        if key == getattr(self, "_built_for", None):
            return  # same decision (e.g. after a refusal): keep the learner's choices
        self._built_for = key
        self._widgets = {}
        self.market = None
        g = self.game
        if not self.my_turn:
            self.controls.children = []
            return
        step = g.step
        make = getattr(self, f"_controls_{step}", None)
        self.controls.children = make() if make is not None else []

    def _controls_market(self) -> list[Any]:
        self.market = MarketTurn(self.game, reveal_draws=False)
        for box in self.market.cards:
            self._widgets[box.description] = box
        for b in (*self.market.take_buttons, self.market.undo_take, self.market.clear_take):
            self._widgets[b.description] = b
        self._widgets[self.market.pile.description] = self.market.pile
        go = self._add(_button("make market turn"))
        go.on_click(lambda _b: self.act(self.market.action))  # type: ignore[union-attr]
        return [self.market, go]

    def _controls_load(self) -> list[Any]:
        hand = self.game.hands[self.seat]
        boxes = [
            self._add(
                widgets.Checkbox(description=f"load card {i + 1}: {c}", indent=False, value=False)
            )
            for i, c in enumerate(hand)
        ]
        go = self._add(_button("load bag"))
        go.on_click(
            lambda _b: self.act(
                Load(tuple(c for c, box in zip(hand, boxes, strict=True) if box.value))
            )
        )
        return [widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap")), go]

    def _controls_declare(self) -> list[Any]:
        v, bag = self.game.variant, self.game.bags[self.seat]
        good = self._add(
            widgets.Dropdown(
                options=list(v.goods), value=v.legal_goods[0], description="declare good"
            )
        )
        count = self._add(
            widgets.Dropdown(
                options=list(range(1, v.bag_max + 1)), value=len(bag), description="declare count"
            )
        )
        go = self._add(_button("declare"))
        go.on_click(lambda _b: self.act(Declare(good.value, count.value)))
        return [widgets.HBox([good, count, go])]

    def _controls_sheriff(self) -> list[Any]:
        g, rows = self.game, []
        for s in g.unresolved():
            name, (good, count) = self._name(s), g.declared[s]
            buttons = [
                self._add(_button(f"threaten {name}", Threaten(s))),
                self._add(_button(f"let {name} pass", LetPass(s))),
                self._add(_button(f"inspect {name}", Inspect(s))),
            ]
            label = widgets.HTML(f'{escape(name)}: "{count} {escape(good)}"')
            rows.append(widgets.HBox([label, *buttons]))
        return rows

    def _controls_negotiation(self) -> list[Any]:
        g = self.game
        s = g.negotiation["seat"]  # type: ignore[index]
        name = self._name(s)
        gold = self._add(
            widgets.BoundedIntText(value=0, min=0, max=g.gold[s], description="demand gold")
        )
        demand = self._add(_button("demand"))
        demand.on_click(lambda _b: self.act(Offer(gold.value)))
        return [
            widgets.HBox(
                [
                    self._add(_button(f"let {name} pass", LetPass(s))),
                    self._add(_button(f"inspect {name}", Inspect(s))),
                ]
            ),
            widgets.HBox([gold, demand]),
        ]

    def _controls_merchant(self) -> list[Any]:
        g = self.game
        gold = self._add(
            widgets.BoundedIntText(value=0, min=0, max=g.gold[self.seat], description="offer gold")
        )
        offer = self._add(_button("offer"))
        offer.on_click(lambda _b: self.act(Offer(gold.value)))
        buttons = [self._add(_button("decline", Decline()))]
        if g.can(Accept()):
            buttons.append(self._add(_button("accept the demand", Accept())))
        return [widgets.HBox([gold, offer]), widgets.HBox(buttons)]

    def _controls_confiscate(self) -> list[Any]:
        g = self.game
        cards = tuple(g.pending[0]["cards"])
        pile = self._add(
            widgets.Dropdown(
                options=[(f"pile {p}", p) for p in range(len(g.piles))],
                value=0,
                description="confiscated cards go on",
                style={"description_width": "initial"},
            )
        )
        go = self._add(_button("place confiscated cards"))
        go.on_click(lambda _b: self.act(Confiscate(pile.value, cards)))
        return [widgets.HTML(f"confiscated: {escape(', '.join(cards))}"), widgets.HBox([pile, go])]

    def _controls_debt(self) -> list[Any]:
        options = self.game.debt_options()
        choice = self._add(
            widgets.Dropdown(
                options=[(", ".join(o.cards), o) for o in options],
                value=options[0],
                description="pay debt with",
            )
        )
        go = self._add(_button("pay debt"))
        go.on_click(lambda _b: self.act(PayDebt(choice.value.cards)))
        return [widgets.HBox([choice, go])]


def play_table(
    game: Game, lineup: Sequence[Any], seat: int = 1, stop_round: int | None = None
) -> PlayTable:
    """A :class:`PlayTable` for ``seat`` (bots from ``lineup`` play the other seats)."""
    return PlayTable(game, lineup, seat, stop_round)
