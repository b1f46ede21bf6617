"""A game table (notebook 07): play a seat against bots, one set of controls per decision.

:class:`PlayTable` shows the table as the learner's seat sees it, says in one or two
sentences what just happened to the learner's own decision and what is due now
(the ``outcome`` line, CSS class ``sheriff-outcome``), offers the controls for the
learner's decision, moves the bots of the other seats, and explains every refused
action with the engine's own message. Every action goes through
``game.apply(action, player=seat)``; the offer builder asks ``game.can`` / ``game.verify``.

Controls have stable descriptions (unique within one decision); find them with
``table.control(description)``, click buttons with ``table.press(description)``:

- market: ``"set aside card N: CARD"`` (checkboxes), ``"take top of pile P"``,
  ``"undo last take"``, ``"clear takes"``, ``"set-aside cards go on"``, ``"make market turn"``;
- load: ``"load card N: CARD"`` (checkboxes; the bag preview follows them), ``"load bag"``;
- declare: ``"declare good"``, ``"declare count"``, ``"declare"``;
- exchange (tokens, in any merchant step where one is possible):
  ``"exchange for a TOKEN token"``, and in the exchange step ``"done exchanging"``;
- starter: ``"NAME starts the market"``;
- sheriff: ``"threaten NAME"``, ``"let NAME pass"``, ``"inspect NAME"``;
- merchant (threatened): the offer builder -- ``"offer gold"``,
  ``"offer from stand: GOOD"`` (a count per good on the stand), ``"offer from bag: good"`` +
  ``"offer from bag: count"``, ``"offer: promise about NAME"`` (the Sheriff will inspect /
  let pass NAME's bag this round), ``"offer: future favour"`` (free text) -- then
  ``"offer"`` (enabled only when the engine accepts the offer), ``"decline"``,
  ``"accept the demand"``;
- negotiation (Sheriff): ``"let NAME pass"``, ``"inspect NAME"``, and the same builder
  with ``demand`` in place of ``offer`` (``"demand gold"``, ..., ``"demand"``);
- vote (second Deputy): ``"vote: inspect NAME"``, ``"vote: let NAME pass"``;
- confiscate: ``"confiscated cards go on"``, ``"place confiscated cards"``;
- debt: ``"pay debt with"``, ``"pay debt"``;
- always: ``"action"`` (type an action in its text form) and ``"play typed action"``.

>>> import sheriff_core as sc
>>> from sheriff_core.bots import make_player
>>> game = sc.new_game("classic", players=3, seed=0)
>>> table = play_table(game, [make_player("honest", "trusting")] * 3, seat=1)
>>> table
Play table: run this cell to open the table
>>> table.game.step, table.game.to_move
('market', 1)
>>> table.type_action("declare 1 Apples")
False
>>> table.error
'it is the market phase: Ben (seat 1) must make a market turn (market), not declare'
>>> table.press("make market turn")
True
>>> print(table.outcome_text)
You kept your whole hand. Now: load your bag with 1-5 cards from your hand (Round 1 of 9).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import Any

import ipywidgets as widgets

from sheriff_core.base.errors import RulesError
from sheriff_core.base.i18n import N_, _, get_language, language
from sheriff_core.base.i18n import language as i18n_language
from sheriff_core.base.safe_text import choices, printable
from sheriff_core.base.safe_text import html_text as escape  # names shown, not sent
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
    Offer,
    PayDebt,
    Promise,
    Threaten,
    parse_action,
)
from sheriff_core.engine.events import Event, RoundStarted
from sheriff_core.engine.game import STEPS, Game
from sheriff_core.engine.steps import Step
from sheriff_core.play.driver import drive
from sheriff_core.play.narrate import Journal, describe_event, describe_offer
from sheriff_core.present.pictures import bag_html, cards_html, table_html
from sheriff_core.present.widgets.market import MarketTurn
from sheriff_core.present.words import check_language, fmt, key_of, named, rendering, term

__all__ = [
    "OfferBuilder",
    "PlayTable",
    "play_table",
    "run_bots",
    "STEP_TEXT",
    "goods_shown",
    "goods_typed",
]

#: What each kind of decision asks, in words (for whoever must decide): the engine's step table.
STEP_TEXT: dict[str, str] = {str(step): rule.asks for step, rule in STEPS.items()}

JOURNAL_HEIGHT = "260px"
#: The controls' area never shrinks below this (a market turn's controls, the tallest
#: decision, fit in it): the outcome line above it and the action box and log below it
#: keep their place on the screen from one decision to the next.
CONTROLS_MIN_HEIGHT = "500px"


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

    def stop(g: Game) -> bool:
        return g.to_move == stop_seat or (stop_round is not None and g.round != stop_round)

    drive(game, lineup, until=stop, on_events=events.extend)
    return events


# -- how cards and the table look (pictures from sheriff_core.present.pictures) ------------------

PICTURE_SCALE = 0.6  # a 4-player table, the controls and the log fit a 1400 x 900 screen


def _cards_html(game: Game, cards: Sequence[str], label: str | None = None) -> str:
    """Cards in a row (the confiscated cards, ...), as pictures."""
    return cards_html(game.variant, list(cards), label=label, scale=PICTURE_SCALE)


def _table_html(game: Game, me: int) -> str:
    """The table as seat ``me`` sees it: hands, bags, stands, gold, discard piles."""
    return table_html(game, viewer=me, scale=PICTURE_SCALE)


def _button(description: str, action: Any = None, **fields: Any) -> widgets.Button:
    """A button showing ``description`` (filled with ``fields``) in the current language,
    found by its English text (``key``: what ``press`` and ``control`` take)."""
    b = widgets.Button(description=fmt(description, **fields), layout=widgets.Layout(width="auto"))
    b.key = description.format(**fields)
    b.action = action
    return b


def _good_options(goods: Iterable[str]) -> list[Any]:
    """A dropdown's options for goods: the names themselves when each shows as it is
    (English), else ``(shown name, name)`` pairs (translated or with control characters).
    """
    goods = list(goods)
    if all(_(x) == x for x in goods):
        return choices(goods)
    return [(printable(_(x)), x) for x in goods]


def _shown_good(w: Any, description: str, good: str, **fields: Any) -> Any:
    """``w``'s shown description with ``good`` translated (its key keeps the English)."""
    w.description = fmt(description, good=printable(_(good)), **fields)
    return w


def goods_shown(game: Game, text: str) -> str:
    """An action's text form with its good names in the current language (the action
    box takes them back: :func:`goods_typed`).

    >>> import sheriff_core as sc
    >>> goods_shown(sc.new_game("classic", players=3, seed=0), "declare 2 Cheese")
    'declare 2 Cheese'
    """
    for good in sorted(game.variant.goods, key=len, reverse=True):
        if _(good) != good:
            text = text.replace(good, _(good))
    return text


def goods_typed(game: Game, text: str) -> str:
    """A typed action with translated good names put back in the canonical English form.

    >>> import sheriff_core as sc
    >>> goods_typed(sc.new_game("classic", players=3, seed=0), "declare 2 Apples")
    'declare 2 Apples'
    """
    names = {_(good): good for good in game.variant.goods if _(good) != good}
    for shown in sorted(names, key=len, reverse=True):
        text = text.replace(shown, names[shown])
    return text


_WIDE = {"description_width": "initial"}

#: The builder's control texts for both prefixes (made with ``prefix + ...``; listed here
#: so that message extraction finds them).
_BUILDER_TEXTS = (
    N_("offer"),
    N_("demand"),
    N_("offer gold"),
    N_("demand gold"),
    N_("offer from bag: good"),
    N_("demand from bag: good"),
    N_("offer from bag: count"),
    N_("demand from bag: count"),
    N_("offer: future favour"),
    N_("demand: future favour"),
    N_("offer from stand: {good}"),
    N_("demand from stand: {good}"),
    N_("offer: promise about {name}"),
    N_("demand: promise about {name}"),
)


class OfferBuilder(widgets.VBox):
    """Build an offer (merchant) or a demand (Sheriff) for the bag under negotiation.

    Controls (``prefix`` is ``"offer"`` or ``"demand"``): ``"PREFIX gold"``,
    ``"PREFIX from stand: GOOD"`` (one count per good on the stand; a Sheriff sees only
    the legal goods), ``"PREFIX from bag: good"`` / ``"PREFIX from bag: count"``,
    ``"PREFIX: promise about NAME"`` (one per other waiting merchant) and
    ``"PREFIX: future favour"``; ``check`` shows what the engine says of the offer
    as it is built; the ``go`` button (``"PREFIX"``) is enabled only when
    ``game.can(offer, player)`` is True.

    >>> import sheriff_core as sc
    >>> from sheriff_core.present.widgets.inspection import deal_to_inspection
    >>> game, _ = deal_to_inspection(seed=0)
    >>> _ = game.apply(sc.Threaten(1))
    >>> b = OfferBuilder(game, player=1, prefix="offer")
    >>> b.controls["offer gold"].value = 3
    >>> b.controls["offer: promise about Cat"].value = "inspect"
    >>> str(b.offer), b.go.disabled
    ('offer 3 gold; promise inspect 2', False)
    """

    def __init__(self, game: Game, player: int, prefix: str, language: str | None = None) -> None:
        self.language = check_language(language)
        with i18n_language(self.language):
            self._build(game, player, prefix)

    def _build(self, game: Game, player: int, prefix: str) -> None:
        self.game, self.player, self.prefix = game, player, prefix
        g = game
        seat = g.negotiation.seat  # type: ignore[union-attr]
        self.seat = seat
        self.controls: dict[str, Any] = {}
        gold = self._add(
            named(
                widgets.BoundedIntText(value=0, min=0, max=g.gold[seat], style=_WIDE),
                prefix + " gold",
            )
        )
        self.stand = self._stand_boxes()
        bag = g.bags[seat]
        self.bag_good = self._add(
            named(
                widgets.Dropdown(
                    options=_good_options(g.variant.goods),
                    # the merchant knows the bag: its first card is the likely offer
                    value=bag[0] if player == seat and bag else next(iter(g.variant.goods)),
                    style=_WIDE,
                ),
                prefix + " from bag: good",
            )
        )
        self.bag_count = self._add(
            named(
                widgets.BoundedIntText(value=0, min=0, max=len(g.bags[seat]), style=_WIDE),
                prefix + " from bag: count",
            )
        )
        self.promises = self._promise_boxes()
        self.future = self._add(
            named(
                widgets.Text(
                    value="",
                    placeholder=_("e.g. I won't inspect you next round"),
                    style=_WIDE,
                    layout=widgets.Layout(width="60%"),
                ),
                prefix + ": future favour",
            )
        )
        self.gold = gold
        self.check = widgets.HTML()
        self.go = _button(prefix)
        self.controls[prefix] = self.go
        for w in list(self.controls.values()):
            if not isinstance(w, widgets.Button):
                w.observe(lambda _c: self._update(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap")
        parts: list[Any] = [widgets.HBox([gold, self.bag_good, self.bag_count], layout=wrap)]
        if self.stand:
            parts.append(widgets.HBox(self.stand, layout=wrap))
        if self.promises:
            parts.append(widgets.HBox(list(self.promises.values()), layout=wrap))
        parts += [self.future, self.check, widgets.HBox([self.go])]
        super().__init__(parts)
        self._update()

    def _empty(self) -> str:
        """What an offer / demand of nothing (0 gold, no goods, no promise) is, honestly."""
        name = self.game.players[self.seat]
        if self.prefix == "demand":
            return fmt(
                "An empty demand (0 gold, nothing else): the rules allow it, but it asks "
                "{name} for nothing. Set gold, goods or a promise to demand something "
                "(or let {name} pass).",
                name=name,
            )
        return _(
            "An empty offer (0 gold, nothing else): the rules allow it, but it "
            "gives the Sheriff nothing. Set gold, goods or a promise to offer something "
            "(or decline)."
        )

    def _stand_boxes(self) -> list[Any]:
        """One count per good on the stand the offer may take from (as the player sees it)."""
        g, seat, prefix = self.game, self.seat, self.prefix
        if self.player == seat:
            stand = {c: g.stands[seat].count(c) for c in dict.fromkeys(g.stands[seat])}
        else:
            stand = dict(g.stand_view(seat)["legal"])
        boxes = []
        for c, n in stand.items():
            box = widgets.BoundedIntText(
                value=0, min=0, max=n, style=_WIDE, layout=widgets.Layout(width="auto")
            )
            named(box, prefix + " from stand: {good}", good=printable(c))
            box.description = fmt(prefix + " from stand: {good}", good=printable(_(c)))
            box.good = c
            boxes.append(self._add(box))
        return boxes

    def _promise_boxes(self) -> dict[int, Any]:
        """One binding promise per other merchant still waiting for the Sheriff."""
        g, prefix = self.game, self.prefix
        return {
            t: self._add(
                named(
                    widgets.Dropdown(
                        options=[
                            (_("no promise"), ""),
                            (
                                fmt("the Sheriff inspects {name}'s bag", name=g.players[t]),
                                "inspect",
                            ),
                            (fmt("the Sheriff lets {name}'s bag pass", name=g.players[t]), "pass"),
                        ],
                        value="",
                        style=_WIDE,
                        layout=widgets.Layout(width="auto"),
                    ),
                    prefix + ": promise about {name}",
                    name=printable(g.players[t]),
                )
            )
            for t in g.unresolved()
            if t != self.seat
        }

    def _add(self, w: Any) -> Any:
        self.controls[key_of(w)] = w
        return w

    @property
    def offer(self) -> Offer:
        """The offer the controls describe now."""
        stand: list[str] = []
        for box in self.stand:
            stand += [box.good] * int(box.value or 0)
        bag = (self.bag_good.value,) * int(self.bag_count.value or 0)
        promises = [Promise(kind, t) for t, box in self.promises.items() if (kind := box.value)]
        if self.future.value.strip():
            promises.append(Promise("future", None, self.future.value.strip()))
        return Offer(int(self.gold.value or 0), tuple(stand), bag, tuple(promises))

    @property
    def error(self) -> str | None:
        """The engine's objection to the offer, or None if it is legal now."""
        try:
            self.game.verify(self.offer, self.player)
        except RulesError as exc:
            return str(exc)
        return None

    @rendering
    def _update(self) -> None:
        offer, error = self.offer, self.error
        self.go.disabled = error is not None
        said = escape(describe_offer(offer, self.game.players))
        if error is None and offer == Offer(0):
            self.check.value = f"<span style='color:#8a6d00'>{escape(self._empty())}</span>"
        elif error is None:
            accepts = (
                _("The engine accepts this demand")
                if self.prefix == "demand"
                else _("The engine accepts this offer")
            )
            self.check.value = (
                f"<span style='color:#1b7f3b'>{escape(accepts)}</span>: "
                f"{said} (<code>{escape(str(offer))}</code>)"
            )
        else:
            self.check.value = (
                f"<span style='color:#b00'>{escape(_('Not allowed'))}</span>: {escape(error)}"
            )


class PlayTable(widgets.VBox):
    """A table where ``seat`` is played by the learner and every other seat by ``lineup``.

    Parts, top to bottom: ``status`` (HTML: the round and the table as ``seat`` sees
    it), ``outcome`` (HTML, CSS class ``sheriff-outcome``: what just happened to the
    learner's decision and what is due now; also ``outcome_text``), ``controls`` (the
    controls of the learner's decision, in an area at least ``CONTROLS_MIN_HEIGHT`` tall
    so the table does not shrink from one decision to the next; a button the engine
    refuses now is greyed, with the engine's reason as its tooltip and in a line beside
    it), ``message`` (the last refusal, verbatim),
    ``action_text`` + ``"play typed action"`` with ``hint`` (the text forms of the
    decision due), and ``journal`` (fixed height, scrollable, newest round first; the
    lines also in ``lines``, oldest first). ``stop_round``: stop when that round ends
    (the inspection simulator uses it). :meth:`press` and :meth:`set` asked for a
    control that is not offered now (a notebook cell run out of order) print what
    happened and change nothing.
    """

    def __init__(
        self,
        game: Game,
        lineup: Sequence[Any],
        seat: int,
        stop_round: int | None = None,
        secrets: bool = False,
        language: str | None = None,
    ) -> None:
        self.language = check_language(language)
        self.lineup, self.seat = list(lineup), seat
        self.stop_round, self.secrets = stop_round, secrets
        self.status = widgets.HTML()
        self.outcome = widgets.HTML()
        self.outcome.add_class("sheriff-outcome")
        self.controls = widgets.VBox(layout=widgets.Layout(min_height=CONTROLS_MIN_HEIGHT))
        self.message = widgets.HTML()
        self.journal = widgets.HTML(
            layout=widgets.Layout(
                height=JOURNAL_HEIGHT, overflow="auto", border="1px solid #ccc", padding="4px"
            )
        )
        self.action_text = widgets.Text(
            continuous_update=False, layout=widgets.Layout(width="50%"), style=_WIDE
        )
        self.play_typed = _button("play typed action")
        self.play_typed.on_click(lambda _b: self.type_action(self.action_text.value))
        self.hint = widgets.HTML()
        self.log_head = widgets.HTML()
        self._fixed: dict[str, Any] = {
            "action": self.action_text,
            "play typed action": self.play_typed,
        }
        super().__init__(
            [
                self.status,
                self.outcome,
                self.controls,
                self.message,
                widgets.HBox([self.action_text, self.play_typed]),
                self.hint,
                self.log_head,
                self.journal,
            ]
        )
        self._start(game)

    @rendering
    def __repr__(self) -> str:
        return _("Play table: run this cell to open the table")

    @rendering
    def _start(self, game: Game) -> None:
        """Seat the table at ``game`` (a fresh start of the journal and controls)."""
        self.game = game
        self.error: str | None = None
        self.lines: list[str] = []
        self.story = Journal(game)  # reads the game's events, each once
        self.recent: list[str] = []  # second-person sentences since the learner's last action
        self._widgets: dict[str, Any] = {}
        self._built_for: Any = None
        self.market: MarketTurn | None = None
        self.builder: OfferBuilder | None = None
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
        """True when the decision due is the learner's."""
        return not self.finished and self.game.to_move == self.seat

    @property
    def outcome_text(self) -> str:
        """The outcome line as plain text."""
        with language(self.language):
            return self._outcome()

    @rendering
    def act(self, action: Action) -> bool:
        """Play ``action`` for the learner's seat; False (and ``error`` set) if refused."""
        if self.finished:
            self.error = _("this table is finished: no more actions")
            self._refresh()
            return False
        try:
            self.game.apply(action, player=self.seat)
        except RulesError as exc:
            self.error = str(exc)
            self._refresh()
            return False
        self.error = None
        self.recent = []
        self._bots()
        self._refresh()
        return True

    @rendering
    def type_action(self, text: str) -> bool:
        """Play an action given in its text form (``str(action)``; the good names may be
        written in the table's language)."""
        try:
            action = parse_action(goods_typed(self.game, text))
        except RulesError as exc:
            forms = ", ".join(goods_shown(self.game, x) for x in self.examples()) or _("none")
            self.error = fmt("{error} (text forms now: {forms})", error=exc, forms=forms)
            self._refresh()
            return False
        return self.act(action)

    def control(self, description: str) -> Any:
        """The control of the current decision with this description (KeyError if none)."""
        if description in self._fixed:
            return self._fixed[description]
        try:
            return self._widgets[description]
        except KeyError:
            raise KeyError(
                fmt(
                    "no control {name} now; controls: {names}",
                    name=repr(description),
                    names=sorted(self._widgets),
                )
            ) from None

    @rendering
    def set(self, description: str, value: Any) -> bool:
        """Set a control's value; False (with ``error`` naming the controls offered) if
        there is no such control now -- so re-running a cell never raises."""
        try:
            self.control(description).value = value
        except KeyError as exc:
            self._nothing_done(fmt("{name} was not set", name=repr(description)), str(exc.args[0]))
            return False
        return True

    @rendering
    def press(self, description: str) -> bool:
        """Click the button with this description; True if its action was accepted.

        A button that is not offered now gives False and an ``error`` (never raises).
        """
        try:
            button = self.control(description)
        except KeyError as exc:
            self._nothing_done(
                fmt("{name} was not pressed", name=repr(description)), str(exc.args[0])
            )
            return False
        before = len(self.game.history)
        if button.disabled:
            reason = getattr(button, "tooltip", "") or self._disabled_reason()
            self._nothing_done(
                fmt("{name} was not pressed", name=repr(description)),
                fmt("{name} is not possible now: {reason}", name=repr(description), reason=reason),
            )
            return False
        button.click()
        return len(self.game.history) > before and self.error is None

    def descriptions(self) -> list[str]:
        """Descriptions of the controls offered now."""
        return list(self._widgets)

    @rendering
    def labels(self) -> Any:
        """The controls offered now, as a table to read: each one's English name (what
        :meth:`set` and :meth:`press` take, in every language) beside the words the table
        shows on it, headed in the table's language (a pandas DataFrame, for display).

        >>> import sheriff_core as sc
        >>> from sheriff_core.bots import make_player
        >>> game = sc.new_game("classic", players=3, seed=0)
        >>> bots = [make_player("honest", "trusting")] * 3
        >>> play_table(game, bots, seat=1, language="zh").labels().iloc[-1].tolist()
        ['make market turn', '完成市场回合']
        """
        import pandas as pd

        return pd.DataFrame(
            {
                _("name in code"): list(self._widgets),
                _("shown on the table"): [str(w.description) for w in self._widgets.values()],
            }
        )

    def examples(self, most: int = 6) -> list[str]:
        """Text forms of some legal actions now (``str(action)``), of different shapes."""
        if not self.my_turn:
            return []
        g = self.game
        seen: dict[tuple[Any, ...], str] = {}
        # every way to pay a debt can be many: ask the engine for a few
        legal = g.debt_options(limit=most) if g.step == Step.DEBT else g.legal_actions()
        for a in islice(legal, 300):
            seen.setdefault(_shape(a), str(a))
        if g.step in (Step.MERCHANT, Step.NEGOTIATION):
            for a in self._sample_offers():
                seen.setdefault(_shape(a), str(a))
        return list(seen.values())[:most]

    # -- internals -------------------------------------------------------------------

    def _sample_offers(self) -> list[Offer]:
        g = self.game
        seat = g.negotiation.seat  # type: ignore[union-attr]
        out = []
        if g.stands[seat]:
            out.append(Offer(1 if g.gold[seat] else 0, stand=(g.stands[seat][0],)))
        out.append(Offer(0, bag=(g.variant.legal_goods[0],)))
        for t in g.unresolved():
            if t != seat:
                out.append(Offer(0, promises=(Promise("pass", t),)))
                break
        out.append(Offer(0, promises=(Promise("future", None, "a favour next round"),)))
        return [o for o in out if g.can(o, self.seat)]

    def _nothing_done(self, what: str, why: str) -> None:
        """A control that is not there (or greyed) was asked for, typically by a cell run
        out of order: keep ``error`` and say so, where the cell's output shows it."""
        self.error = why
        self._refresh()
        print(
            fmt(
                "Nothing happened: {what}. {why}. The table is at: {now}",
                what=what,
                why=why[0].upper() + why[1:],
                now=self._now(),
            )
        )

    def _disabled_reason(self) -> str:
        if self.builder is not None and self.builder.error:
            return self.builder.error
        return _("the engine does not allow it")

    def _bots(self) -> None:
        if not self.finished:
            run_bots(self.game, self.lineup, self.seat, self.stop_round)
        self._narrate()

    def _narrate(self) -> None:
        g, story = self.game, self.story
        for e in story.read():
            if type(e) is RoundStarted:
                self.lines.append(f"-- {story.rounds[-1].heading} --")
                continue
            mine = story.told_to(e, self.seat)
            if mine:
                self.recent.append(mine)
            text = self._told(e, g.players)
            if text:
                self.lines.append(text)

    @property
    def rounds(self) -> list[tuple[int, str, list[str]]]:
        """The log by round: (round, heading, its sentences), as this table tells them."""
        g = self.game
        return [
            (b.round, b.heading, [text for e in b.events if (text := self._told(e, g.players))])
            for b in self.story.rounds
        ]

    def _told(self, e: Event, players: Sequence[str]) -> str | None:
        return describe_event(e, players, self.secrets or e.seat == self.seat)

    def _name(self, seat: int) -> str:
        return printable(self.game.players[seat])

    @rendering
    def _refresh(self) -> None:
        g = self.game
        if g.is_over:
            head = "<b>" + escape(fmt("The game is over (after {n} rounds).", n=g.rounds)) + "</b>"
        elif self.finished:
            over = fmt("Round {n} of {total} is over.", n=self.stop_round + 1, total=g.rounds)  # type: ignore[operator]
            head = f"<b>{escape(over)}</b>"
        else:
            shown = min(g.round, g.rounds - 1)
            phase = _("inspection") if g.phase == "inspect" else _(g.phase)
            head = "<b>{}</b>, {}".format(
                escape(fmt("Round {n} of {total}", n=shown + 1, total=g.rounds)),
                escape(fmt("{phase} phase.", phase=phase)),
            )
        self.status.value = f"{head}<br>{_table_html(g, self.seat)}"
        self.action_text.description = _("action")
        self.play_typed.description = _("play typed action")
        self.log_head.value = "<b>{}</b> {}".format(escape(_("Log")), escape(_("(newest first)")))
        self.outcome.value = (
            "<div style='font-size:1.1em;padding:6px 10px;margin:4px 0;"
            f"border-left:6px solid #1f5fa8;background:#eef4fb'>{self._outcome_html()}</div>"
        )
        self.message.value = (
            f"<b style='color:#b00'>{escape(_('refused'))}</b>: {escape(self.error)}"
            if self.error
            else ""
        )
        self.journal.value = self._journal_html()
        self._build_controls()
        examples = [goods_shown(g, x) for x in self.examples()]
        self.action_text.placeholder = (
            fmt("e.g. {example}", example=printable(examples[0])) if examples else ""
        )
        self.hint.value = (
            escape(_("Or type the action, in one of these forms:"))
            + " "
            + ", ".join(f"<code>{escape(x)}</code>" for x in examples)
            if examples
            else ""
        )

    def _journal_html(self) -> str:
        blocks = []
        for _r, heading, lines in reversed(self.rounds):
            items = "".join(f"<li>{escape(line)}</li>" for line in reversed(lines))
            blocks.append(
                f"<div><b>{escape(heading)}</b><ul style='margin:2px 0 8px 0'>{items}</ul></div>"
            )
        return "".join(blocks)

    def _now(self) -> str:
        g, me = self.game, self.seat
        if g.is_over:
            winners = [r["player"] for r in g.score_rows() if r["rank"] == 1]
            return fmt("The game is over. Winner(s): {names}.", names=", ".join(winners))
        if self.finished:
            return self._round_over()
        if g.to_move != me:
            return fmt(
                "Now: {name} must {step}.",
                name=self._name(g.to_move),  # type: ignore[arg-type]
                step=_(STEP_TEXT.get(g.step, g.step)),
            )
        return fmt(
            "Now: {step} (Round {n} of {total}).",
            step=self._my_step_text(),
            n=g.round + 1,
            total=g.rounds,
        )

    def _my_step_text(self) -> str:
        """What the seat on turn (the viewer) is asked to decide now, in words."""
        g, me, v = self.game, self.seat, self.game.variant
        step = g.step
        sheriff = term(v, "sheriff")
        if step in ("merchant", "negotiation", "vote"):
            return self._bargain_text()
        if step == "market":
            text = fmt(
                "your market turn: set aside up to {most} cards, then draw back to {hand}",
                most=v.set_aside_max,
                hand=v.hand_size,
            )
        elif step == "load":
            text = fmt(
                "load your bag with {least}-{most} cards from your hand",
                least=v.bag_min,
                most=v.bag_max,
            )
        elif step == "declare":
            text = fmt(
                "declare your bag: one legal good and the exact number of cards ({n})",
                n=len(g.bags[me]),
            )
        elif step == "starter":
            text = fmt("as {sheriff}, choose the merchant who starts the market", sheriff=sheriff)
        elif step == "sheriff":
            text = fmt(
                "as {sheriff}, deal with each bag (threaten, inspect or let pass): {names}",
                sheriff=sheriff,
                names=", ".join(self._name(s) for s in g.unresolved()),
            )
        elif step == "exchange":
            text = _("exchange goods from your stand for tokens, or be done")
        elif step == "confiscate":
            text = _("put the confiscated cards on a discard pile")
        elif step == "debt":
            text = _("choose goods from your stand to pay your debt")
        else:
            text = _(STEP_TEXT.get(step, step))
        return text

    def _bargain_text(self) -> str:
        """The words for a threatened merchant, a Sheriff hearing an offer, or a vote."""
        g = self.game
        neg = g.negotiation
        if g.step == Step.MERCHANT:
            if neg is not None and neg.demand is not None:
                demand = describe_offer(neg.demand, g.players)
                return fmt(
                    "accept the demand of {demand}, make another offer, or decline", demand=demand
                )
            return _("your bag is threatened: build an offer, or decline")
        if g.step == Step.NEGOTIATION:
            assert neg is not None  # a Sheriff hears an offer only in a negotiation
            name = self._name(neg.seat)
            if neg.merchant_offer is not None:
                offer = describe_offer(neg.merchant_offer, g.players)
                return fmt(
                    "{name} offers {offer}: let the bag pass (taking it), inspect, or demand more",
                    name=name,
                    offer=offer,
                )
            return fmt("let {name}'s bag pass, inspect it, or demand a bribe", name=name)
        assert g.vote is not None  # the step is "vote"
        name = self._name(g.vote.seat)
        return fmt("vote: inspect {name}'s bag or let it pass", name=name)

    def _round_over(self) -> str:
        return fmt("Round {n} is over.", n=self.stop_round + 1)  # type: ignore[operator]

    def _outcome(self) -> str:
        return " ".join([*self.recent[-3:], self._now()])

    def _outcome_html(self) -> str:
        past = " ".join(escape(s) for s in self.recent[-3:])
        now = escape(self._now())
        return f"{past} <b>{now}</b>" if past else f"<b>{now}</b>"

    def _add(self, w: Any) -> Any:
        key = key_of(w)
        if key in self._widgets:
            raise ValueError(f"two controls named {key!r}")
        self._widgets[key] = w
        if isinstance(w, widgets.Button):
            action = getattr(w, "action", None)
            if action is not None:
                w.on_click(lambda _b, a=action: self.act(a))
        return w

    def _build_controls(self) -> None:
        # a new language draws the controls again (their words), like a new decision
        key = (id(self.game), len(self.game.history), self.finished, get_language())
        if key == self._built_for:
            return  # same decision (e.g. after a refusal): keep the learner's choices
        self._built_for = key
        self._widgets = {}
        self.market = None
        self.builder = None
        if not self.my_turn:
            self.controls.children = []
            return
        make: Callable[[], list[Any]] | None = getattr(self, f"_controls_{self.game.step}", None)
        self.controls.children = make() if make is not None else []

    def _exchange_row(self) -> list[Any]:
        """Buttons for the token exchanges possible now (variants with tokens)."""
        g = self.game
        if not g.variant.tokens:
            return []
        buttons = []
        for a in g.legal_actions():
            if not isinstance(a, Exchange):
                break
            tok = g.variant.tokens[a.token]
            b = self._add(_button("exchange for a {token} token", a, token=a.token))
            b.description = fmt("exchange for a {token} token", token=_(a.token))
            b.tooltip = fmt("{n} {good} from your stand", n=tok.per_token, good=_(tok.good))
            buttons.append(b)
        return [widgets.HBox(buttons)] if buttons else []

    def _controls_starter(self) -> list[Any]:
        g = self.game
        return [
            widgets.HBox(
                [
                    self._add(
                        _button("{name} starts the market", ChooseStarter(s), name=self._name(s))
                    )
                    for s in g.merchants
                ]
            )
        ]

    def _controls_market(self) -> list[Any]:
        self.market = MarketTurn(
            self.game, reveal_draws=False, scale=0.6, compact=True, language=self.language
        )
        for box in self.market.cards:
            self._add(box)
        for b in (*self.market.take_buttons, self.market.undo_take, self.market.clear_take):
            self._add(b)
        self._add(self.market.pile)
        go = self._add(_button("make market turn"))
        go.on_click(lambda _b: self.act(self.market.action))
        return [*self._exchange_row(), self.market, widgets.HBox([go])]

    def _controls_load(self) -> list[Any]:
        g = self.game
        hand = list(g.hands[self.seat])
        boxes = [
            self._add(
                _shown_good(
                    named(
                        widgets.Checkbox(
                            indent=False, value=False, layout=widgets.Layout(width="auto")
                        ),
                        "load card {n}: {good}",
                        n=i + 1,
                        good=printable(c),
                    ),
                    "load card {n}: {good}",
                    n=i + 1,
                    good=c,
                )
            )
            for i, c in enumerate(hand)
        ]
        order: list[int] = []
        preview = widgets.HTML()

        def chosen() -> tuple[str, ...]:
            return tuple(hand[i] for i in order)

        def tick(i: int, on: bool) -> None:
            with language(self.language):
                tick_now(i, on)

        def tick_now(i: int, on: bool) -> None:
            if on and i not in order:
                order.append(i)
            elif not on and i in order:
                order.remove(i)
            cards = chosen()
            try:
                g.verify(Load(cards), self.seat)
                verdict = ""
            except RulesError as exc:
                verdict = (
                    f"<br><span style='color:#b00'>{escape(_('Not yet'))}</span>: "
                    f"{escape(str(exc))}"
                )
            left = [c for j, c in enumerate(hand) if j not in order]
            preview.value = (
                "<div style='display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start'>"
                + bag_html(g.variant, cards, scale=PICTURE_SCALE)
                + cards_html(g.variant, left, label=_("left in your hand"), scale=PICTURE_SCALE)
                + "</div>"
                + verdict
            )

        for i, box in enumerate(boxes):
            box.observe(lambda c, i=i: tick(i, c["new"]), names="value")
        tick(-1, False)
        go = self._add(_button("load bag"))
        go.on_click(lambda _b: self.act(Load(chosen())))
        return [
            *self._exchange_row(),
            widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap")),
            preview,
            widgets.HBox([go]),
        ]

    def _controls_declare(self) -> list[Any]:
        v, bag = self.game.variant, self.game.bags[self.seat]
        good = self._add(
            named(
                widgets.Dropdown(
                    options=_good_options(v.legal_goods), value=v.legal_goods[0], style=_WIDE
                ),
                "declare good",
            )
        )
        count = self._add(
            named(
                widgets.Dropdown(
                    options=list(range(1, v.bag_max + 1)), value=len(bag), style=_WIDE
                ),
                "declare count",
            )
        )
        go = self._add(_button("declare"))
        go.on_click(lambda _b: self.act(Declare(good.value, count.value)))
        preview = widgets.HTML()

        def show(_change: Any = None) -> None:
            with language(self.language):
                show_now()

        def show_now() -> None:
            declared = (good.value, count.value)
            preview.value = bag_html(v, bag, declared=declared, scale=PICTURE_SCALE)

        good.observe(show, names="value")
        count.observe(show, names="value")
        show()
        return [*self._exchange_row(), preview, widgets.HBox([good, count, go])]

    def _controls_sheriff(self) -> list[Any]:
        g, rows = self.game, []
        for s in g.unresolved():
            name, (good, count) = self._name(s), g.declared[s]
            buttons = [
                self._add(_button("threaten {name}", Threaten(s), name=name)),
                self._add(_button("let {name} pass", LetPass(s), name=name)),
                self._add(_button("inspect {name}", Inspect(s), name=name)),
            ]
            label = widgets.HTML(
                escape(
                    fmt('{name} declared "{count} {good}"', name=name, count=count, good=_(good))
                ),
                layout=widgets.Layout(width="220px"),
            )
            rows.append(widgets.HBox([label, *buttons, *self._why_greyed(buttons)]))
        return rows

    def _why_greyed(self, buttons: list[Any]) -> list[Any]:
        """Grey the buttons the engine refuses now; each says why in its tooltip, and one
        line beside them says it for all (a binding promise, typically)."""
        reasons: list[str] = []
        for b in buttons:
            try:
                self.game.verify(b.action, self.seat)
            except RulesError as exc:
                b.disabled, b.tooltip = True, str(exc)
                reasons.append(str(exc))
            else:
                b.disabled, b.tooltip = False, ""
        if not reasons:
            return []
        said = "; ".join(escape(r) for r in dict.fromkeys(reasons))
        return [
            widgets.HTML(
                f"<i style='color:#555'>{escape(_('greyed'))}: {said}</i>",
                layout=widgets.Layout(margin="0 0 0 8px", max_width="640px"),
            )
        ]

    def _builder(self, prefix: str) -> OfferBuilder:
        self.builder = OfferBuilder(self.game, self.seat, prefix, language=self.language)
        for w in self.builder.controls.values():
            self._add(w)
        self.builder.go.on_click(lambda _b: self.act(self.builder.offer))
        return self.builder

    def _controls_negotiation(self) -> list[Any]:
        g = self.game
        s = g.negotiation.seat  # type: ignore[union-attr]
        name = self._name(s)
        buttons = [
            self._add(_button("let {name} pass", LetPass(s), name=name)),
            self._add(_button("inspect {name}", Inspect(s), name=name)),
        ]
        demand = escape(fmt("Or demand a bribe from {name}", name=name))
        return [
            widgets.HBox([*buttons, *self._why_greyed(buttons)]),
            widgets.HTML(f"<b>{demand}</b>:"),
            self._builder("demand"),
        ]

    def _controls_merchant(self) -> list[Any]:
        g = self.game
        buttons = [self._add(_button("decline", Decline()))]
        if g.can(Accept(), self.seat):
            buttons.insert(0, self._add(_button("accept the demand", Accept())))
        return [
            widgets.HBox(buttons),
            widgets.HTML(f"<b>{escape(_('Or offer a bribe'))}</b>:"),
            self._builder("offer"),
        ]

    def _controls_vote(self) -> list[Any]:
        g = self.game
        s = g.vote.seat  # type: ignore[union-attr]
        name = self._name(s)
        buttons = [
            self._add(_button("vote: inspect {name}", Inspect(s), name=name)),
            self._add(_button("vote: let {name} pass", LetPass(s), name=name)),
        ]
        greyed = self._why_greyed(buttons)
        lead = g.vote.lead  # type: ignore[union-attr]
        other = self._name(g.sheriffs[0])
        said = (
            fmt("{name} wants to inspect it.", name=other)
            if lead == "inspect"
            else fmt("{name} wants to let it pass.", name=other)
        )
        return [widgets.HTML(escape(said)), widgets.HBox(buttons + greyed)]

    def _controls_exchange(self) -> list[Any]:
        done = self._add(_button("done exchanging", Done()))
        return [*self._exchange_row(), widgets.HBox([done])]

    def _controls_confiscate(self) -> list[Any]:
        g = self.game
        cards = g.pending[0].cards  # type: ignore[union-attr]
        pile = self._add(
            named(
                widgets.Dropdown(
                    options=[(fmt("pile {p}", p=p), p) for p in range(len(g.piles))],
                    value=0,
                    style=_WIDE,
                ),
                "confiscated cards go on",
            )
        )
        go = self._add(_button("place confiscated cards"))
        go.on_click(lambda _b: self.act(Confiscate(pile.value, cards)))
        return [
            widgets.HTML(_cards_html(g, cards, label=_("Confiscated"))),
            widgets.HBox([pile, go]),
        ]

    def _controls_debt(self) -> list[Any]:
        options = self.game.debt_options(limit=40)
        choice = self._add(
            named(
                widgets.Dropdown(
                    options=[(printable(", ".join(_(c) for c in o.cards)), o) for o in options],
                    value=options[0],
                    style=_WIDE,
                ),
                "pay debt with",
            )
        )
        go = self._add(_button("pay debt"))
        go.on_click(lambda _b: self.act(PayDebt(choice.value.cards)))
        return [widgets.HBox([choice, go])]


def _shape(action: Action) -> tuple[Any, ...]:
    """What kind of text form an action has (its type and which fields are set)."""
    fields = getattr(action, "__dataclass_fields__", {})
    values = (getattr(action, f) for f in fields)
    return (type(action).__name__, *(bool(v) if isinstance(v, tuple) else None for v in values))


def play_table(
    game: Game,
    lineup: Sequence[Any],
    seat: int = 1,
    stop_round: int | None = None,
    language: str | None = None,
) -> PlayTable:
    """A :class:`PlayTable` for ``seat`` (bots from ``lineup`` play the other seats).

    ``language`` (``"en"``, ``"th"``, ``"zh"``) is the language the table renders in,
    whatever the global switch says later; ``None`` (the default) follows the global
    switch (:func:`sheriff_core.set_language`) at each render. Control descriptions
    (what :meth:`PlayTable.press` takes) and typed actions stay English in every language.
    """
    return PlayTable(game, lineup, seat, stop_round, language=language)
