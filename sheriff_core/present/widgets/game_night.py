"""Game night: a whole game at one screen, people and bots, played with the mouse.

:class:`GameNight` is the app behind ``apps/game_night.ipynb`` (``voila
apps/game_night.ipynb`` shows it with no code on screen). It has three screens:

- **set-up**: the variant (every bundled one), the number of players (within the
  variant's limits), and per seat a name and either a person or a bot (a merchant
  strategy and a Sheriff strategy from the bot registry); a seed; "bots play every
  seat until the last round" (a short game); or resume a saved game (``FileUpload``);
- **play**: :class:`PassAndPlayTable`, the notebook-07 play table
  (:class:`~sheriff_core.present.widgets.play.PlayTable`: its controls, outcome line and
  refusals, every action through ``game.apply``) shared by several people. When the
  decision passes to another person the screen hides the last person's cards and asks
  to pass the screen ("Pass the screen to Ben -- Ben, press 'I am Ben, show my
  cards'"); nothing secret is on screen until that button is pressed. Bots move on
  their own, ``pause`` seconds per action (0 in tests). Beside the table: "What can I
  do now?" (the legal actions, in words and in their text form) and the variant's
  one-page rules summary; "Save the game" (only while the person on turn has the
  screen: the file holds every card) makes a download link holding the engine's own
  save (:func:`sheriff_core.engine.saves.game_to_json`), gone from the page once
  clicked; a refused save file is told with the players' names
  (:func:`save_refusal_in_words`);
- **final scores**: the scoring table and a chart of where each player's points came
  from (:func:`sheriff_core.present.viz.scoring.score_breakdown_chart`, drawn as SVG offline).

>>> app = GameNight(pause=0)
>>> app.set_seat(1, kind="bot")
>>> app.set_seat(2, kind="bot")
>>> app.set_seat(3, kind="bot")
>>> app.start()
>>> app.screen, app.table.game.players
('play', ('Ann', 'Ben', 'Cat', 'Dan'))
>>> g = app.table.game  # the bots made their market turns and bags: Ann, the Sheriff, is due
>>> g.step, g.to_move, app.table.revealed  # one person: no screen to pass
('sheriff', 0, True)
>>> app.table.press("let Ben pass")
True
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import re
import threading
import time
from collections.abc import Sequence
from itertools import islice
from typing import Any

import ipywidgets as widgets

import sheriff_core as sc
from sheriff_core.base.errors import RulesError, SaveError
from sheriff_core.base.i18n import SUPPORTED, _, get_language, language
from sheriff_core.base.safe_text import html_text as escape  # html.escape of printable(text)
from sheriff_core.base.safe_text import printable
from sheriff_core.bots import bot_names, make_player
from sheriff_core.bots.blurbs import bot_title
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
    Threaten,
    parse_action,
)
from sheriff_core.engine.events import RoundStarted
from sheriff_core.engine.game import Game
from sheriff_core.engine.saves import game_from_json, game_to_json
from sheriff_core.play.driver import drive
from sheriff_core.play.narrate import cards_text, describe_event, describe_offer
from sheriff_core.present.rules_summary import rules_summary_html
from sheriff_core.present.widgets.play import STEP_TEXT, PlayTable, goods_shown
from sheriff_core.present.words import check_language, fmt, named, rendering
from sheriff_core.rules.titles import TITLES

__all__ = [
    "GameNight",
    "PassAndPlayTable",
    "action_in_words",
    "save_refusal_in_words",
    "BOT_PAUSE",
    "PAGE_SCRIPT",
]

#: Seconds a bot's action stays on screen before the next one (a setting of the app).
BOT_PAUSE = 0.6
#: Who plays the seats of people during "bots play every seat until the last round".
FAST_FORWARD_BOT = ("honest", "threshold")
PERSON, BOT = "person", "bot"
#: Steps with too many legal actions to list: "What can I do now?" shows one of each kind.
COMBINATORIAL = ("market", "load", "merchant", "negotiation", "debt")


def action_in_words(game: Game, action: Action) -> str:
    """One legal action in words, with the names of the players (for "What can I do now?").

    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> action_in_words(g, Threaten(2)), action_in_words(g, Declare("Apples", 3))
    ("threaten to open Cat's bag", 'declare "3 Apples"')
    """
    about_a_seat = _seat_action_in_words(game, action)
    if about_a_seat is not None:
        return about_a_seat
    if isinstance(action, Declare):
        return fmt('declare "{count} {good}"', count=action.count, good=_(action.good))
    if isinstance(action, Load):
        return fmt("load your bag with {cards}", cards=cards_text(action.cards))
    if isinstance(action, Market):
        if not action.set_aside:
            return _("keep your whole hand")
        took = fmt(", take {n} from the discard piles", n=len(action.take)) if action.take else ""
        return fmt(
            "set aside {cards}{took}, draw the rest", cards=cards_text(action.set_aside), took=took
        )
    if isinstance(action, Offer):
        return fmt("offer {offer}", offer=describe_offer(action, game.players))
    return _other_action_in_words(action)


def _other_action_in_words(action: Action) -> str:
    """The words for the actions that name no player and no offer."""
    if isinstance(action, Accept):
        return _("accept the Sheriff's demand")
    if isinstance(action, Decline):
        return _("make no (further) offer")
    if isinstance(action, Confiscate):
        return fmt("put the confiscated cards on discard pile {p}", p=action.pile)
    if isinstance(action, PayDebt):
        return fmt("pay the debt with {cards}", cards=cards_text(action.cards))
    if isinstance(action, Exchange):
        return fmt("exchange goods for a {token} token", token=_(action.token))
    if isinstance(action, Done):
        return _("be done exchanging")
    return str(action)


def _seat_action_in_words(game: Game, action: Action) -> str | None:
    """The words for an action aimed at one seat (threaten, inspect, let pass, choose the
    starter); None for any other action."""
    name = game.players
    if isinstance(action, Threaten):
        return fmt("threaten to open {name}'s bag", name=name[action.seat])
    if isinstance(action, Inspect):
        return fmt("open (inspect) {name}'s bag", name=name[action.seat])
    if isinstance(action, LetPass):
        return fmt("let {name}'s bag pass", name=name[action.seat])
    if isinstance(action, ChooseStarter):
        return fmt("let {name} start the market", name=name[action.seat])
    return None


class PassAndPlayTable(PlayTable):
    """The play table shared by the people at one screen; ``lineup[s] is None`` marks a
    person's seat, any other entry is the bot playing that seat.

    ``seat`` is the person whose decision it is (or was last). ``revealed`` is False
    while the screen waits to be passed: then the table, controls, log and outcome
    line hold nothing secret, and the only control is ``"I am NAME, show my cards"``
    (``reveal()``). With one person the screen never needs passing. ``pause``:
    seconds each bot action stays on screen. The log shows every player what the
    table saw, and the viewer also their own secrets (cards loaded, drawn, set aside).

    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> t = PassAndPlayTable(g, [None, None, make_player()], pause=0)
    >>> t.seat, t.revealed, t.descriptions()
    (1, False, ['I am Ben, show my cards'])
    >>> t.outcome_text
    "Pass the screen to Ben — Ben, press 'I am Ben, show my cards'."
    >>> t.reveal()
    >>> t.press("make market turn"), t.seat, t.revealed
    (True, 1, True)
    """

    def __init__(
        self,
        game: Game,
        lineup: Sequence[Any],
        pause: float = BOT_PAUSE,
        language: str | None = None,
    ) -> None:
        self.language = check_language(language)
        self.people = [s for s, p in enumerate(lineup) if p is None]
        if not self.people:
            raise ValueError("a pass-and-play table needs at least one person's seat")
        self.pause = pause
        self.revealed = len(self.people) < 2
        self._recent: dict[int, list[str]] = {}
        self._live = False
        self.on_refresh: Any = None
        self.reveal_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.reveal_button.button_style = "primary"
        self.reveal_button.add_class("sheriff-reveal")
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.gate = widgets.HTML()
        self.gate.add_class("sheriff-gate")
        # Events before the table opened (a short game's fast-forward, a resumed save's
        # history) were played by stand-in bots or by nobody known: nobody is told them
        # as "you" ("You declared ...").
        self.handed_over = len(game.events)
        first = game.to_move if game.to_move in self.people else self.people[0]
        super().__init__(game, lineup, first, language=language)
        self._live = True

    # -- whose screen it is ------------------------------------------------------------

    @property
    def recent(self) -> list[str]:
        """What happened to the current person's own decisions since they last acted."""
        return self._recent.setdefault(self.seat, [])

    @recent.setter
    def recent(self, value: list[str]) -> None:
        self._recent[self.seat] = list(value)

    @property
    def my_turn(self) -> bool:
        """True when the decision due is the current person's and their cards are shown."""
        return self.revealed and super().my_turn

    @property
    def reveal_key(self) -> str:
        """The reveal button's description in English (what ``press`` takes)."""
        return f"I am {printable(self.game.players[self.seat])}, show my cards"

    @property
    def reveal_label(self) -> str:
        """The reveal button's description as shown (in the table's language)."""
        with language(self.language):
            return fmt("I am {name}, show my cards", name=printable(self.game.players[self.seat]))

    @rendering
    def reveal(self) -> None:
        """The person on turn has the screen: show their cards and controls."""
        self.revealed = True
        self.error = None
        self._refresh()

    def act(self, action: Action) -> bool:
        if not self.revealed:
            self.error = fmt("pass the screen to {name} first", name=self.game.players[self.seat])
            self._refresh()
            return False
        return super().act(action)

    def _bots(self) -> None:
        g = self.game

        def show(_events: Any) -> None:
            if self._live and self.pause > 0:
                self._narrate()
                self._refresh()
                time.sleep(self.pause)

        drive(g, self.lineup, until=lambda g: self.lineup[g.to_move] is None, on_events=show)
        self._narrate()
        mover = g.to_move  # None once the game is over
        if mover is not None and mover != self.seat:
            self.seat = mover
            self.revealed = len(self.people) < 2

    # -- narration: per person, shown to whoever has the screen ------------------------

    def _narrate(self) -> None:
        g, story = self.game, self.story
        for e in story.read():
            if type(e) is RoundStarted:
                continue
            for p in self.people if story.cursor >= self.handed_over else ():
                mine = story.told_to(e, p)
                if mine:
                    self._recent.setdefault(p, []).append(mine)
            public = describe_event(e, g.players, secrets=False)
            if public:
                self.lines.append(public)

    def _journal_html(self) -> str:
        g, blocks = self.game, []
        for block in reversed(self.story.rounds):
            lines = []
            for e in reversed(block.events):
                own = self.revealed and not g.is_over and e.seat == self.seat
                text = describe_event(e, g.players, secrets=own)
                if text:
                    lines.append(f"<li>{escape(text)}</li>")
            blocks.append(
                f"<div><b>{escape(block.heading)}</b><ul style='margin:2px 0 8px 0'>"
                f"{''.join(lines)}</ul></div>"
            )
        return "".join(blocks)

    # -- drawing -----------------------------------------------------------------------

    def _outcome(self) -> str:
        if not self.revealed and not self.game.is_over:
            return fmt(
                "Pass the screen to {name} — {ask}.",
                name=self.game.players[self.seat],
                ask=self._gate_ask(),
            )
        return super()._outcome()

    def _gate_ask(self) -> str:
        return fmt(
            "{name}, press '{button}'", name=self.game.players[self.seat], button=self.reveal_label
        )

    def _build_controls(self) -> None:
        if not self.revealed and not self.finished:
            self.reveal_button.description = self.reveal_label
            self._widgets = {self.reveal_key: self.reveal_button}
            self._built_for = None
            self.market = None
            self.builder = None
            self.controls.children = [self.reveal_button]
            return
        super()._build_controls()

    @rendering
    def _refresh(self) -> None:
        # Widgets reach the browser one message at a time, in this order: when the screen
        # is to be passed, everything secret goes first and the gate comes last; when the
        # person has pressed their button, the gate goes first.
        g = self.game
        if self.revealed or g.is_over:
            self.gate.value = ""
            super()._refresh()
            if self.on_refresh is not None:
                self.on_refresh()
            return
        if self.on_refresh is not None:
            self.on_refresh()
        shown = fmt("Round {n} of {total}", n=min(g.round, g.rounds - 1) + 1, total=g.rounds)
        step = _(STEP_TEXT.get(g.step, g.step))
        self.status.value = f"<b>{escape(shown)}</b>. " + escape(
            fmt("{name} is next: {step}.", name=g.players[self.seat], step=step)
        )
        self._build_controls()
        self.journal.value = self._journal_html()
        self.action_text.placeholder = ""
        self.hint.value = ""
        self.message.value = (
            f"<b style='color:#b00'>{escape(_('refused'))}</b>: {escape(self.error)}"
            if self.error
            else ""
        )
        self.outcome.value = (
            "<div style='font-size:1.1em;padding:6px 10px;margin:4px 0;"
            "border-left:6px solid #1f5fa8;background:#eef4fb'>"
            f"<b>{escape(self._outcome())}</b></div>"
        )
        self.gate.value = (
            "<div style='font-size:1.4em;padding:24px;margin:8px 0;text-align:center;"
            "border:3px dashed #1f5fa8;background:#eef4fb;border-radius:12px'>"
            f"<b>{escape(fmt('Pass the screen to {name}', name=g.players[self.seat]))}</b><br>"
            "<span style='font-size:0.8em'>"
            + escape(
                fmt(
                    "{name}, press '{button}' when nobody else is looking.",
                    name=g.players[self.seat],
                    button=self.reveal_label,
                )
            )
            + "</span></div>"
        )


# -- the app ---------------------------------------------------------------------------

_WIDE = {"description_width": "initial"}


def _names(variant: Any, n: int) -> list[str]:
    names = list(variant.default_names)
    return [names[i] if i < len(names) else fmt("Player {n}", n=i + 1) for i in range(n)]


_WARM_UP = threading.Lock()  # held once the warm-up has started (once per process)


def _warm_up() -> None:
    """Load the final chart's libraries (altair, vl-convert's first drawing: seconds)
    while the people set up the game."""
    _chart_svg(sc.new_game("classic", players=3, seed=0))


def _start_warm_up() -> None:
    if _WARM_UP.acquire(blocking=False):
        threading.Thread(target=_warm_up, name="game-night-warm-up", daemon=True).start()


def _chart_svg(game: Game) -> str:
    """The points chart as inline SVG (vl-convert, offline)."""
    from sheriff_core.present.viz.scoring import score_breakdown_chart

    scores = game.final_scores()
    # vl-convert aborts the whole process (the kernel) on a control character in a
    # text of the chart: names are drawn as printable() shows them
    scores["player"] = scores["player"].map(printable)
    buf = io.StringIO()
    score_breakdown_chart(scores).save(buf, format="svg")
    return buf.getvalue()


def _bot_options(role: str) -> list[tuple[str, str]]:
    """A set-up menu's bots of ``role``: (the name shown, in the current language; the
    bot's name), every bot registered now (a learner's own included)."""
    return [(bot_title(name), name) for name in bot_names(role)]


def _variant_options() -> list[tuple[str, str]]:
    """The variant menu: in English each variant's name (``classic``), in another
    language its title in that language; the value is the name."""
    english = get_language() == "en"
    return [
        (name if english or name not in TITLES else _(TITLES[name]), name)
        for name in sc.variant_names()
    ]


def _relabel_menu(menu: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
    """Give ``menu`` new ``options`` (the same values, new words), keeping its value."""
    if list(menu.options) != options:
        value = menu.value
        menu.options = options
        if value in (v for _label, v in options):
            menu.value = value


class _SeatRow(widgets.HBox):
    """One seat of the set-up: name, person or bot, and the bot's two strategies."""

    def __init__(self, seat: int, name: str, kind: str) -> None:
        self.seat = seat
        self.name = widgets.Text(value=name, style=_WIDE)
        self.kind = widgets.ToggleButtons(
            options=[(_("person"), PERSON), (_("bot"), BOT)],
            value=kind,
            style={"button_width": "70px"},
        )
        # the page marks the chosen button with aria-pressed (apps/game_night.ipynb), and
        # this label says it in words: not a shade of grey alone
        self.kind.add_class("sheriff-seat-kind")
        self.label = widgets.HTML()
        self.label.add_class("sheriff-seat-label")
        merchants = bot_names("merchant")
        self.merchant = widgets.Dropdown(
            options=_bot_options("merchant"), value=merchants[seat % len(merchants)], style=_WIDE
        )
        self.sheriff = widgets.Dropdown(
            options=_bot_options("sheriff"), value="threshold", style=_WIDE
        )
        self.kind.observe(lambda _c: self._show(), names="value")
        super().__init__([self.name, self.kind, self.label, self.merchant, self.sheriff])
        self.relabel()

    def relabel(self) -> None:
        """Write the row's words in the current language (the choices stay as they are)."""
        named(self.name, "seat {n}", n=self.seat + 1)
        kind = self.kind.value
        self.kind.options = [(_("person"), PERSON), (_("bot"), BOT)]
        self.kind.value = kind
        self.kind.tooltips = [
            _("a person at this screen plays this seat"),
            _("a bot plays this seat"),
        ]
        named(self.merchant, "merchant bot")
        named(self.sheriff, "Sheriff bot")
        for menu, role in ((self.merchant, "merchant"), (self.sheriff, "sheriff")):
            _relabel_menu(menu, _bot_options(role))
        self._show()

    def _show(self) -> None:
        hidden = self.kind.value != BOT
        # the catalogs keep the <b> marks (the words in bold: a person, a bot)
        who = _("<b>a person</b> at this screen") if hidden else _("<b>a bot</b>")
        self.label.value = fmt("seat {n}: {who}", n=self.seat + 1, who=who)
        for w in (self.merchant, self.sheriff):
            w.layout.visibility = "hidden" if hidden else "visible"


class GameNight(widgets.VBox):
    """The game-night app: set-up, a pass-and-play game, the final scores.

    ``pause``: the default of the set-up's "seconds per bot move" (``bot_pause``; 0 in
    tests). Set-up from code with :meth:`set_seat` and the widgets ``variant``,
    ``players``, ``seed``, ``bot_pause`` and ``fast_forward``; :meth:`start` is the "Start the game" button. ``table`` is
    the :class:`PassAndPlayTable` of the game under way, ``screen`` is ``"setup"``,
    ``"play"`` or ``"final"``. :meth:`save_text` / :meth:`resume` are the save file
    round trip (the download link and the upload button call them).
    """

    def __init__(self, pause: float = BOT_PAUSE, language: str | None = None) -> None:
        self.language = check_language(language)
        self.table: PassAndPlayTable | None = None
        self.screen = "setup"
        self._loaded: Game | None = None
        self._refused = False  # the last save file was refused: Start asks first
        # -- set-up screen
        self.language_menu = widgets.Dropdown(
            options=[(name, code) for code, name in SUPPORTED.items()],
            value=self.language or get_language(),
            style=_WIDE,
        )
        self.language_menu.add_class("sheriff-language")
        self.variant = widgets.Dropdown(options=_variant_options(), value="classic", style=_WIDE)
        self.players = widgets.Dropdown(style=_WIDE)
        self.seed = widgets.BoundedIntText(value=1, min=0, max=2**31 - 1, style=_WIDE)
        self.seed.add_class("sheriff-seed")
        self.bot_pause = widgets.BoundedFloatText(value=pause, min=0, max=10, step=0.1, style=_WIDE)
        self.fast_forward = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.seats_box = widgets.VBox()
        self.rows: list[_SeatRow] = []
        self.setup_message = widgets.HTML()
        self.start_button = widgets.Button(button_style="success")
        self.start_button.on_click(lambda _b: self.start())
        self.upload = widgets.FileUpload(accept=".json", multiple=False)
        self.upload.observe(lambda _c: self._uploaded(), names="value")
        self.intro = widgets.HTML()
        self.resume_head = widgets.HTML()
        self.setup_screen = widgets.VBox(
            [
                self.language_menu,
                self.intro,
                widgets.HBox(
                    [self.variant, self.players, self.seed, self.bot_pause],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.seats_box,
                self.fast_forward,
                widgets.HBox([self.start_button]),
                self.resume_head,
                self.upload,
                self.setup_message,
            ]
        )
        self.setup_screen.add_class("sheriff-setup")
        # -- play screen
        self.help = widgets.HTML()
        self.help.add_class("sheriff-help")
        self.rules = widgets.HTML()
        self.side = widgets.Accordion(children=[self.help, self.rules])
        self.side.selected_index = 0
        self.save_button = widgets.Button()
        self.save_button.on_click(lambda _b: self._make_link())
        self.save_link = widgets.HTML()
        # The link's click also presses this hidden button: the kernel then drops the
        # link (and the cards it holds) from the page.
        self.saved_button = widgets.Button(
            description="saved", layout=widgets.Layout(display="none")
        )
        self.saved_class = f"sheriff-saved-{next(_APPS)}"  # one per app on the page
        self.saved_button.add_class(self.saved_class)
        self.saved_button.on_click(lambda _b: self.downloaded())
        self.new_button = widgets.Button()
        self.new_button.on_click(lambda _b: self.back_to_setup())
        self.play_screen = widgets.VBox()
        # -- final screen
        self.final = widgets.HTML()
        self.final.add_class("sheriff-final")
        self.variant.observe(lambda _c: self._variant_changed(), names="value")
        self.players.observe(lambda _c: self._players_changed(), names="value")
        self.language_menu.observe(lambda c: self.set_language(c["new"]), names="value")
        super().__init__([self.setup_screen])
        self.add_class("sheriff-game-night")
        _start_warm_up()
        self._variant_changed()
        self._relabel()

    def set_language(self, lang: str) -> None:
        """Show the app in ``lang`` from now on (the set-up's language menu): the set-up's
        words now, the table's at its next render; the game itself does not change."""
        self.language = check_language(lang)
        if self.language_menu.value != lang:
            self.language_menu.value = lang  # calls set_language again, which is harmless
        self._relabel()
        if self.table is not None:
            self.table.language = self.language
            self.table._refresh()

    @rendering
    def _relabel(self) -> None:
        """Write every word of the set-up and play screens in the app's language."""
        self.language_menu.description = _("language")
        named(self.variant, "variant")
        _relabel_menu(self.variant, _variant_options())
        named(self.players, "players")
        named(self.seed, "seed (the deal)")
        named(self.bot_pause, "seconds per bot move")
        named(self.fast_forward, "short game: bots play every seat until the last round")
        named(self.start_button, "Start the game")
        named(self.upload, "Resume")
        named(self.save_button, "Save the game")
        named(self.new_button, "New game (set-up)")
        self.intro.value = "<h2 style='margin:4px 0'>{}</h2><p>{}</p>".format(
            escape(_("Sheriff of Nottingham — game night")),
            escape(
                _(
                    "Choose the rules and who plays each seat: a person at this screen or a "
                    "bot. People pass the screen to each other; the app hides every hand and "
                    "bag that is not yours."
                )
            ),
        )
        self.resume_head.value = escape(_("Or resume a saved game (a file saved by this app):"))
        self.side.set_title(0, _("What can I do now?"))
        self.side.set_title(1, _("Rules summary"))
        for row in self.rows:
            row.relabel()

    def __repr__(self) -> str:
        return f"Game night ({self.screen})"

    # -- set-up ------------------------------------------------------------------------

    @rendering
    def _variant_changed(self) -> None:
        v = sc.load_variant(self.variant.value)
        counts = list(range(v.min_players, v.max_players + 1))
        keep = self.players.value if self.players.value in counts else None
        self.players.options = counts
        self.players.value = keep if keep is not None else (4 if 4 in counts else counts[0])
        self._players_changed()

    def _players_changed(self) -> None:
        if self._loaded is not None or self._refused:  # a new game, not the save
            self._loaded = None
            self._refused = False
            self.setup_message.value = ""
        v = sc.load_variant(self.variant.value)
        n = self.players.value
        if n is None:
            return
        names = _names(v, n)
        old = self.rows
        self.rows = [
            old[i] if i < len(old) else _SeatRow(i, names[i], PERSON if i < 2 else BOT)
            for i in range(n)
        ]
        self.seats_box.children = self.rows

    def set_seat(
        self,
        seat: int,
        name: str | None = None,
        kind: str | None = None,
        merchant: str | None = None,
        sheriff: str | None = None,
    ) -> None:
        """Fill in one seat of the set-up (what the set-up controls do)."""
        row = self.rows[seat]
        for widget, value in (
            (row.name, name),
            (row.kind, kind),
            (row.merchant, merchant),
            (row.sheriff, sheriff),
        ):
            if value is not None:
                widget.value = value

    def lineup(self) -> list[Any]:
        """The seats as set up: None for a person, a bot player otherwise."""
        return [
            None if r.kind.value == PERSON else make_player(r.merchant.value, r.sheriff.value)
            for r in self.rows
        ]

    @rendering
    def start(self) -> None:
        """Deal (or take the loaded save) and open the play screen."""
        names = [r.name.value.strip() for r in self.rows]
        lineup = self.lineup()
        if all(p is not None for p in lineup):
            self.setup_message.value = _error(_("at least one seat must be a person"))
            return
        if self._refused:  # the people meant to go on with a game: say it is a new one
            self._refused = False
            self.setup_message.value = _error(
                _(
                    "the save file was refused, so there is no saved game to go on with: "
                    "press 'Start the game' again to deal a new game with this set-up, or "
                    "resume another file"
                )
            )
            return
        try:
            if self._loaded is not None:
                game = self._loaded  # the saved names stay: the save is the game
                if len(lineup) != game.n:
                    raise RulesError(
                        fmt(
                            "the saved game has {n} players, not {seats}",
                            n=game.n,
                            seats=len(lineup),
                        )
                    )
            else:
                game = sc.new_game(self.variant.value, names, seed=self.seed.value)
        except RulesError as exc:
            self.setup_message.value = _error(str(exc))
            return
        if self.fast_forward.value and self._loaded is None:
            stand_in = [p or make_player(*FAST_FORWARD_BOT) for p in lineup]
            drive(game, stand_in, until=lambda g: g.round >= g.rounds - 1)
        self._loaded = None
        self.setup_message.value = ""
        self.screen = "play"
        self.rules.value = self._rules_html(game)
        self.table = PassAndPlayTable(
            game, lineup, pause=self.bot_pause.value, language=self.language
        )
        self.table.on_refresh = self._refreshed
        self.play_screen.children = [
            self.table.gate,
            widgets.HBox(
                [
                    widgets.Box([self.table], layout=widgets.Layout(flex="1 1 auto", width="70%")),
                    widgets.Box([self.side], layout=widgets.Layout(flex="0 0 30%", width="30%")),
                ]
            ),
            widgets.HBox([self.save_button, self.save_link, self.saved_button, self.new_button]),
        ]
        self._refreshed()

    def back_to_setup(self) -> None:
        """Leave the game (it is lost unless saved) and show the set-up again."""
        self.table = None
        self.screen = "setup"
        self.save_link.value = ""
        self.children = [self.setup_screen]

    # -- save and resume ---------------------------------------------------------------

    def save_text(self) -> str:
        """The game under way in the engine's save format (``game_to_json``)."""
        if self.table is None:
            raise RulesError("no game under way: start or resume one first")
        return game_to_json(self.table.game)

    @rendering
    def _make_link(self) -> bool:
        """The "Save the game" button: a download link holding the save, offered only
        while the person on turn has the screen (never on the hand-off screen, where
        anybody may be looking); True if the link was made."""
        t = self.table
        if t is None:
            return False
        if not (t.revealed or t.game.is_over):
            name = escape(t.game.players[t.seat])
            said = fmt(
                "Save from a player's view: the file holds every hand. {name}, show your "
                "cards first.",
                name=t.game.players[t.seat],
            )
            self.save_link.value = (
                f"<span class='sheriff-save-refused' style='color:#b00'>{escape(said)}</span>"
            )
            return False
        data = base64.b64encode(self.save_text().encode()).decode()
        g = t.game
        name = escape(f"sheriff-{g.variant.name}-round{min(g.round, g.rounds - 1) + 1}.json")
        ack = self.saved_class
        self.save_link.value = (
            f'<span class="sheriff-save"><a download="{name}" '
            f'href="data:application/json;base64,{data}" class="sheriff-save-link" '
            'style="font-weight:bold" '
            f"onclick=\"const a=this;setTimeout(()=>{{a.closest('.sheriff-save').remove();"
            f"document.querySelector('.{ack}').click()}},0)\">"
            f"{escape(_('Download the save file'))}</a> "
            f"<span style='color:#666'>{escape(_('(it holds every card: do not peek)'))}"
            "</span></span>"
        )
        return True

    def downloaded(self) -> None:
        """The save file was downloaded: the link (and the cards in it) leaves the page."""
        self.save_link.value = ""

    @rendering
    def resume(self, text: str | bytes) -> bool:
        """Load a save file (the engine checks it by replaying it); the set-up shows its
        variant, players and names, to say who is a person; then press Start."""
        try:
            text = text.decode() if isinstance(text, bytes) else text
            game = game_from_json(text)
        except (SaveError, UnicodeDecodeError) as exc:
            self._loaded = None  # an earlier loaded save is not what Start would go on with
            self._refused = True
            reason = str(exc)
            # the players' names go into the engine's English message; in another
            # language the engine's own (translated) message is shown
            if isinstance(exc, SaveError) and isinstance(text, str) and get_language() == "en":
                reason = save_refusal_in_words(reason, text)
            self.setup_message.value = _error(fmt("cannot resume: {reason}", reason=reason))
            return False
        self._refused = False
        if game.variant.name in self.variant.options:
            self.variant.value = game.variant.name
        if game.n in self.players.options:
            self.players.value = game.n
        else:
            self.players.options = [game.n]
            self.players.value = game.n
        for row, name in zip(self.rows, game.players, strict=True):
            row.name.value = name
        seed = game.seed.entropy if game.seed is not None else None
        if isinstance(seed, int) and not game.seed.spawn_key and 0 <= seed <= self.seed.max:  # type: ignore[union-attr]
            self.seed.value = seed  # the deal of the resumed game
        self._loaded = game
        said = fmt(
            "{title}, round {n} of {total}, {names}. Choose who is a person, then press "
            "'Start the game' to go on.",
            title=_(game.variant.title),
            n=min(game.round, game.rounds - 1) + 1,
            total=game.rounds,
            names=", ".join(game.players),
        )
        self.setup_message.value = (
            f"<span style='color:#1b7f3b'>{escape(_('Loaded a saved game'))}</span>: {escape(said)}"
        )
        return True

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        content = files[0]["content"]
        self.resume(bytes(content))

    # -- while playing -----------------------------------------------------------------

    @rendering
    def _refreshed(self) -> None:
        t = self.table
        if t is None:
            return
        self.save_link.value = ""
        # saving shows no card, but the file holds them all: only from a player's view
        self.save_button.disabled = not (t.revealed or t.game.is_over)
        self.save_button.tooltip = (
            "" if not self.save_button.disabled else _("show your cards first, then save")
        )
        self.help.value = self._help_html()
        if t.game.is_over:  # the scores and the public log; nobody's hand is shown
            if self.screen != "final":
                self.screen = "final"
                self.final.value = self._final_html(t.game)
                self.children = [
                    self.final,
                    widgets.HBox([self.new_button]),
                    t.log_head,
                    t.journal,
                ]
        elif self.children != (self.play_screen,):
            self.children = [self.play_screen]

    def legal_in_words(self, most: int = 12) -> list[tuple[str, str]]:
        """The legal actions of the person on turn: (in words, text form), at most ``most``
        (where the choices are many -- market, load, offers, debts -- one of each kind)."""
        t = self.table
        if t is None or not t.my_turn:
            return []
        g = t.game
        if g.step in COMBINATORIAL:  # one example of each kind (the controls build the rest)
            actions = [parse_action(x) for x in t.examples(most)]
        else:
            actions = list(islice(g.legal_actions(), most))
        return [(action_in_words(g, a), str(a)) for a in actions[:most]]

    def _help_html(self) -> str:
        t = self.table
        assert t is not None
        g = t.game
        seat = g.to_move
        if g.is_over or seat is None:
            return f"<p>{escape(_('The game is over: see the final scores.'))}</p>"
        name = g.players[seat]
        if not t.my_turn:
            if t.lineup[seat] is not None:
                return f"<p>{escape(fmt('{name} (a bot) is deciding.', name=name))}</p>"
            said = fmt(
                "Pass the screen to {name}: their choices appear once they press the button.",
                name=name,
            )
            return f"<p>{escape(said)}</p>"
        items = "".join(
            f"<li>{escape(w)} <code style='color:#666'>{escape(goods_shown(g, x))}</code></li>"
            for w, x in self.legal_in_words()
        )
        few = _("(a few of the choices: the controls on the left build the others)")
        more = f"<p style='color:#666'>{escape(few)}</p>" if g.step in COMBINATORIAL else ""
        must = fmt("{name}, you must {step}.", name=name, step=_(STEP_TEXT.get(g.step, g.step)))
        return f"<p><b>{escape(must)}</b></p><ul>{items}</ul>{more}"

    def _rules_html(self, game: Game) -> str:
        return rules_summary_html(game.variant, page=False)

    def _final_html(self, game: Game) -> str:
        rows = sorted(game.score_rows(), key=lambda r: r["rank"])
        winners = [r["player"] for r in rows if r["rank"] == 1]
        cells = "".join(
            f"<tr><td>{r['rank']}</td><td>{escape(r['player'])}</td><td>{r['gold']}</td>"
            f"<td>{r['goods_value']}</td><td>{r['total'] - r['gold'] - r['goods_value']}</td>"
            f"<td><b>{r['total']}</b></td></tr>"
            for r in rows
        )
        heads = (_("rank"), _("player"), _("gold"), _("goods"), _("bonuses and tokens"), _("total"))
        title = fmt("Final scores — winner: {names}", names=_(" and ").join(winners))
        return (
            "<div style='padding:10px;border:3px solid #1b7f3b;border-radius:12px;"
            "background:#f1faf3'>"
            f"<h2 style='margin:4px 0'>{escape(title)}</h2>"
            "<table style='border-collapse:collapse' cellpadding='4'><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in heads)
            + f"</tr>{cells}</table>"
            f"<div>{_chart_svg(game)}</div></div>"
        )


def _error(text: str) -> str:
    return f"<b style='color:#b00'>{escape(text)}</b>"


#: What the page adds to the widgets (apps/game_night.ipynb displays it):
#:
#: - the person/bot button chosen for a seat says so to assistive technology
#:   (``aria-pressed``), not only by its shade of grey;
#: - the kernel is shut down when the page goes: Voila's page sends
#:   ``POST voila/api/shutdown/<kernel>`` on ``beforeunload`` with the ``_xsrf`` cookie's
#:   value, but Voila 0.5 never sets that cookie, so the request was refused (403) and
#:   every page load left a kernel running until the server stopped. The page sets the
#:   cookie (a random token, sent back in the form: tornado's double-submit check).
PAGE_SCRIPT = """(() => {
  if (!/\\b_xsrf=/.test(document.cookie)) {
    const token = Array.from(crypto.getRandomValues(new Uint8Array(16)),
      (b) => b.toString(16).padStart(2, '0')).join('');
    document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
  }
  const sync = () => document.querySelectorAll('.sheriff-seat-kind button').forEach((b) => {
    const on = b.classList.contains('mod-active') ? 'true' : 'false';
    if (b.getAttribute('aria-pressed') !== on) b.setAttribute('aria-pressed', on);
  });
  new MutationObserver(sync).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
  sync();
})();"""
_APPS = itertools.count(1)  # one number per app on the page (its hidden "saved" button)
_PER_SEAT = {"gold": "gold", "hands": "hand", "stands": "stand", "tokens": "tokens"}
_BY_SEAT = {"bags": "bag", "declared": "declaration"}
_DIFFERS = re.compile(
    r"^(?P<path>[^:]+): the saved state \((?P<was>.*)\) disagrees with the replay of the "
    r"history \((?P<now>.*)\)$",
    re.S,
)


def save_refusal_in_words(message: str, text: str) -> str:
    """The engine's refusal of a save (``gold[0]: the saved state (154) disagrees with
    the replay of the history (54)``) told with the players' names from the file,
    seats and moves counted from 1; other messages unchanged.

    >>> save = sc.new_game("classic", players=3, seed=0).to_json()
    >>> save_refusal_in_words(
    ...     "gold[0]: the saved state (154) disagrees with the replay of the history (54)", save)
    "Ann's gold: the file says 154, the game's history gives 54"
    >>> save_refusal_in_words(
    ...     "history[3]: recorded for seat 2, but it was seat 1's decision", save)
    "move 4 of the history: recorded for Cat, but it was Ben's decision"
    """
    try:
        names = json.loads(text)["players"]
        assert isinstance(names, list) and all(isinstance(n, str) for n in names)
    except (ValueError, KeyError, TypeError, AssertionError, RecursionError):
        return message

    def who(seat: str) -> str:
        i = int(seat)
        return names[i] if 0 <= i < len(names) else f"seat {i + 1}"

    def where(path: str) -> str:
        m = re.match(r"^(\w+)\[(\d+)\](.*)$", path)
        if m and m.group(1) in _PER_SEAT:
            rest = re.sub(r"^\[(\d+)\]", lambda c: f", card {int(c.group(1)) + 1}", m.group(3))
            rest = re.sub(r"^\.(.+)$", r" (\1)", rest)
            return f"{who(m.group(2))}'s {_PER_SEAT[m.group(1)]}{rest}"
        m = re.match(r"^(\w+)\.(\d+)(.*)$", path)
        if m and m.group(1) in _BY_SEAT:
            return f"{who(m.group(2))}'s {_BY_SEAT[m.group(1)]}{m.group(3)}"
        return re.sub(
            r"^history\[(\d+)\]", lambda h: f"move {int(h.group(1)) + 1} of the history", path
        )

    differs = _DIFFERS.match(message)
    if differs:
        return (
            f"{where(differs['path'])}: the file says {differs['was']}, "
            f"the game's history gives {differs['now']}"
        )
    head, sep, rest = message.partition(": ")
    rest = re.sub(r"\bseat (\d+)('s)?", lambda s: who(s.group(1)) + (s.group(2) or ""), rest)
    return f"{where(head)}{sep}{rest}"
