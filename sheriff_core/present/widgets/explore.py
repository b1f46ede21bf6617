"""Explorers for notebooks 05 and 06: a seeded simulation picker and inspection-game sliders.

* :func:`simulation_explorer` -- pick a variant, a player count, merchant
  strategies, a Sheriff bot, a number of games (2,000 unless asked otherwise) and a
  seed; a seeded :func:`sheriff_core.simulate` run (on the compiled simulator where it
  plays the setting, else on the rules engine: the same games) redraws the win-rate,
  score and lies-caught charts (:mod:`sheriff_core.present.viz.variants`).
* :func:`inspection_explorer` -- sliders for the smuggled good's value, the fine
  per card and the bag size (and whether the fine goes to the Sheriff) move the
  equilibrium of the one-bag inspection game (:mod:`sheriff_core.theory`) on a
  best-response chart (:mod:`sheriff_core.present.viz.theory`).

Both are ``VBox`` subclasses: display them, or drive them from code by setting
a control's ``.value`` (or ``run_button.click()``) and reading the result.
Charts go into an ``Output`` widget as ``out.append_display_data(chart)`` would put
them (rendered once per setting and cached), so they also work under nbval and Voilà.
A new setting is drawn from the charts' specs, built and validated once and filled in
with the setting's data (:mod:`sheriff_core.present.viz.specs`): the same outputs, without
building an altair chart per move; ``chart`` / ``charts`` build the altair charts
when asked for.

>>> ex = inspection_explorer("classic")
>>> round(ex.equilibrium.inspect_prob, 3)
0.2
>>> ex.penalty.value = 8
>>> round(ex.equilibrium.inspect_prob, 3), round(ex.equilibrium.smuggle_prob, 3)
(0.167, 0.556)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import altair as alt
import ipywidgets as widgets
import pandas as pd
from IPython.core.interactiveshell import InteractiveShell

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.analysis.fastsim import why_not
from sheriff_core.analysis.sim import DEFAULT_MERCHANTS, DEFAULT_SHERIFFS, simulate_tables
from sheriff_core.base import i18n
from sheriff_core.base.i18n import N_, _, get_language, language
from sheriff_core.base.safe_text import html_text as escape
from sheriff_core.bots import bot_names
from sheriff_core.present.viz import theory as vt
from sheriff_core.present.viz import variants as vv
from sheriff_core.present.words import check_language, fmt, named, nfmt, number, percent, rendering

__all__ = [
    "SimulationExplorer",
    "InspectionExplorer",
    "simulation_explorer",
    "inspection_explorer",
]

_WIDE = {"description_width": "initial"}
#: Games per setting of the simulation explorer unless asked otherwise: on the compiled
#: simulator a new setting of classic takes well under half a second with them.
GAMES = 2000
#: The title of the inspection explorer's chart.
CHART_TITLE = N_("Best responses and the equilibrium")


def _displayed(*charts: Any) -> tuple[dict[str, Any], ...]:
    """The outputs ``Output.append_display_data`` would add for ``charts`` (altair charts
    or their filled-in specs, :class:`sheriff_core.present.viz.specs.Spec`; each rendered once, by
    the active renderer: with ``svg``, most of a redraw's time)."""
    formatter = InteractiveShell.instance().display_formatter
    assert formatter is not None  # an InteractiveShell always has one
    fmt = formatter.format
    out = []
    for chart in charts:
        data, metadata = fmt(chart)
        out.append({"output_type": "display_data", "data": data, "metadata": metadata})
    return tuple(out)


@dataclass(frozen=True)
class _Drawn:
    """One simulation explorer run as drawn: both tables, the sentence, the outputs."""

    results: pd.DataFrame
    bags: pd.DataFrame
    status: str
    outputs: tuple[dict[str, Any], ...]


@lru_cache(maxsize=32)
def _draw_run(
    variant: str,
    players: int,
    games: int,
    seed: int,
    merchants: tuple[str, ...],
    sheriff: str,
    renderer: str,
    lang: str = "en",
) -> _Drawn:
    """Simulate one setting of the explorer's controls (each game played once, for both
    tables) and draw it. Cached: a setting seen before is redrawn at once (``renderer``,
    the active altair renderer, is part of the key because the outputs depend on it)."""
    # the compiled simulator where it plays the setting (the same games, many times
    # faster), else the rules engine; the status line says which played
    slow = bool(why_not(sc.load_variant(variant), list(merchants), [sheriff]))
    results, bags = simulate_tables(
        variant,
        players=players,
        games=games,
        seed=seed,
        merchants=list(merchants),
        sheriffs=[sheriff],
        progress=False,
        engine="checked" if slow else "fast",
    )
    rates = vv.win_rates(results)
    best = rates.sort_values(["win_rate", "strategy"], ascending=[False, True]).iloc[0]
    with language(lang):  # the status line's words (``lang`` is part of the cache's key)
        status = fmt(
            "{games} games of <b>{variant}</b>, {players} players, Sheriff bot {sheriff}, "
            "seed {seed}: the <b>{best}</b> merchant wins most often ({share} of its seats).",
            games=number(games),
            variant=escape(variant),
            players=players,
            sheriff=escape(sheriff),
            seed=seed,
            best=escape(str(best["strategy"])),
            share=percent(float(best["win_rate"])),
        ) + (
            " <small>"
            + escape(
                _(
                    "(Played by the rules engine: the compiled simulator does not play "
                    "this setting yet, so a new setting takes longer.)"
                )
            )
            + "</small>"
            if slow
            else ""
        )
    specs = (  # the charts' specs, filled in: no altair chart built, nothing validated again
        vv.win_rate_spec(results, rates=rates),
        vv.score_distribution_spec(results),
        vv.lies_caught_spec(bags),
    )
    return _Drawn(results, bags, status, _displayed(*specs))


class SimulationExplorer(widgets.VBox):
    """A variant / players / strategies picker that runs a seeded simulation and redraws
    charts. ``results`` (one row per game and player) and ``bags`` (one row per bag)
    hold the last run; ``charts`` the charts drawn from them.

    With ``auto=True`` every change of a control runs the simulation again;
    ``run_button.click()`` always does. Each game is played once for both tables
    (:func:`sheriff_core.analysis.sim.simulate_tables`), and the last 32 settings are kept
    with their rendered charts, so going back to one is immediate.
    """

    def __init__(
        self,
        variant: str = "classic",
        players: int = 4,
        merchants: Sequence[str] = DEFAULT_MERCHANTS,
        sheriff: str = DEFAULT_SHERIFFS[0],
        games: int = GAMES,
        seed: int = 0,
        auto: bool = True,
        run: bool = True,
        language: str | None = None,
    ) -> None:
        self.language = check_language(language)
        with i18n.language(self.language):
            self.variant = named(
                widgets.Dropdown(options=sc.variant_names(), value=variant), "variant"
            )
            self.players = named(widgets.Dropdown(options=[players], value=players), "players")
            self.merchants = named(
                widgets.SelectMultiple(
                    options=bot_names("merchant"), value=tuple(merchants), rows=5, style=_WIDE
                ),
                "merchant strategies",
            )
            self.sheriff = named(
                widgets.Dropdown(options=bot_names("sheriff"), value=sheriff, style=_WIDE),
                "Sheriff bot",
            )
            self.games = named(
                widgets.IntSlider(
                    value=games, min=20, max=20_000, step=20, continuous_update=False
                ),
                "games",
            )
            self.seed = named(widgets.BoundedIntText(value=seed, min=0, max=10**6), "seed")
            self.run_button = named(widgets.Button(icon="play"), "Run simulation")
        self.status = widgets.HTML()
        self.out = widgets.Output()
        self.auto = auto
        self.results: pd.DataFrame | None = None
        self._last: _Drawn | None = None  # the last run drawn, as simulated
        self.bags: pd.DataFrame | None = None
        self.runs = 0
        self._hold = False
        self._wanted = players  # the player count last asked for; kept across variants
        self._set_player_options(players)

        self.variant.observe(self._on_variant, names="value")
        for w in (self.players, self.merchants, self.sheriff, self.games, self.seed):
            w.observe(self._on_change, names="value")
        self.run_button.on_click(lambda _: self.run())
        controls = widgets.HBox(
            [
                widgets.VBox([self.variant, self.players, self.sheriff]),
                widgets.VBox([self.merchants]),
                widgets.VBox([self.games, self.seed, self.run_button]),
            ]
        )
        super().__init__([controls, self.status, self.out])
        if run:
            self.run()

    @rendering
    def __repr__(self) -> str:
        """A sentence for the notebook's stored output (shown until the cell is run).

        >>> simulation_explorer(games=20, run=False)
        Simulation explorer (classic, 4 players): run this cell to pick strategies and see charts.
        """
        return nfmt(
            "Simulation explorer ({variant}, {n} player): "
            "run this cell to pick strategies and see charts.",
            "Simulation explorer ({variant}, {n} players): "
            "run this cell to pick strategies and see charts.",
            self.players.value,
            variant=self.variant.value,
        )

    @property
    def charts(self) -> list[alt.Chart]:
        """The charts shown, as altair charts (built when asked for: the explorer draws
        the same charts from their specs, ``viz.variants.*_spec``); empty before a run."""
        if self._last is None:
            return []
        return [
            vv.win_rate_chart(self._last.results),
            vv.score_distribution_chart(self._last.results),
            vv.lies_caught_chart(self._last.bags),
        ]

    def _set_player_options(self, wanted: int) -> None:
        v = sc.load_variant(self.variant.value)
        options = list(range(v.min_players, v.max_players + 1))
        self._hold = True
        try:
            self.players.options = options
            self.players.value = min(max(wanted, options[0]), options[-1])
        finally:
            self._hold = False

    def _on_variant(self, change: dict[str, Any]) -> None:
        self._set_player_options(self._wanted)
        self._on_change(change)

    def _on_change(self, change: dict[str, Any]) -> None:
        from_players = change.get("owner") is self.players
        if from_players and not self._hold:
            self._wanted = self.players.value
        if self.auto and not self._hold:
            self.run()

    @rendering
    def run(self) -> pd.DataFrame | None:
        """Simulate with the current choices and redraw; returns the per-player table."""
        merchants = list(self.merchants.value)
        if not merchants:
            self.status.value = f"<b>{escape(_('Pick at least one merchant strategy.'))}</b>"
            self.out.outputs = ()
            return None
        drawn = _draw_run(
            self.variant.value,
            self.players.value,
            self.games.value,
            self.seed.value,
            tuple(merchants),
            self.sheriff.value,
            alt.renderers.active,
            get_language(),
        )
        # copies: the cached tables stay as simulated whatever the caller does with these
        self._last = drawn
        self.results, self.bags = drawn.results.copy(), drawn.bags.copy()
        self.runs += 1
        self.status.value = drawn.status
        self.out.outputs = drawn.outputs
        return self.results


def simulation_explorer(**kwargs: Any) -> SimulationExplorer:
    """Build a :class:`SimulationExplorer` (keyword arguments as its constructor).

    >>> ex = simulation_explorer(games=20, seed=1)
    >>> ex.variant.value = "deputies"          # 6 players only: the player list follows
    >>> ex.players.options, ex.results["players"].unique().tolist(), ex.runs
    ((6,), [6], 2)
    >>> ex.variant.value = "classic"           # back to the 4 players asked for
    >>> ex.players.value, ex.runs
    (4, 3)
    """
    return SimulationExplorer(**kwargs)


class InspectionExplorer(widgets.VBox):
    """Sliders that move the one-bag inspection game's equilibrium on a chart.

    Sliders: ``value`` ("contraband value", of each smuggled card), ``penalty``
    ("fine per card"), ``bag_size`` ("bag size"); a checkbox ``to_sheriff``
    ("fine goes to the Sheriff"; off is Tsebelis' setting, where the Sheriff's
    reward for a catch stays at the variant's own fine). ``game`` and
    ``equilibrium`` hold the current game and its equilibrium; ``readout``
    says it in words, with which case holds and why (unique and mixed; pure when
    the contraband is worth less than the legal good; a continuum when it is worth
    the same); ``out`` shows :func:`sheriff_core.present.viz.theory.best_response_chart`.
    """

    def __init__(
        self,
        variant: str | sc.Variant = "classic",
        legal: str | None = None,
        contraband: str | None = None,
        j: int = 1,
        language: str | None = None,
    ) -> None:
        self.language = check_language(language)
        with i18n.language(self.language):
            self._build(variant, legal, contraband, j)

    def _build(
        self, variant: str | sc.Variant, legal: str | None, contraband: str | None, j: int
    ) -> None:
        self.variant = sc.load_variant(variant)
        base = theory.inspection_game(self.variant, legal=legal, contraband=contraband, j=j)
        prm = dict(base.params)
        self.legal, self.contraband, self.j = prm["legal"], prm["contraband"], j
        top = max(20, int(prm["value"]) * 2, int(prm["penalty"]) * 2)
        self.value = named(
            widgets.IntSlider(value=int(prm["value"]), min=1, max=top, style=_WIDE),
            "contraband value",
        )
        self.penalty = named(
            widgets.IntSlider(value=int(prm["penalty"]), min=1, max=top, style=_WIDE),
            "fine per card",
        )
        self.bag_size = named(
            widgets.IntSlider(value=int(prm["k"]), min=j, max=max(8, int(prm["k"])), style=_WIDE),
            "bag size",
        )
        self.to_sheriff = named(
            widgets.Checkbox(value=True, style=_WIDE), "fine goes to the Sheriff"
        )
        self.readout = widgets.HTML()
        self.out = widgets.Output()
        self.game: theory.InspectionGame = base
        self.equilibrium: theory.Equilibrium = theory.equilibrium(base)
        self._drawn: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        for w in (self.value, self.penalty, self.bag_size, self.to_sheriff):
            w.observe(self._on_change, names="value")
        sliders = widgets.VBox([self.value, self.penalty, self.bag_size, self.to_sheriff])
        super().__init__([sliders, self.readout, self.out])
        self.update()

    def __repr__(self) -> str:
        """A sentence for the notebook's stored output (shown until the cell is run).

        >>> inspection_explorer("classic")
        Inspection explorer (Apples declared, Pepper smuggled): run this cell to move the sliders.
        """
        return (
            f"Inspection explorer ({self.legal} declared, {self.contraband} smuggled): "
            "run this cell to move the sliders."
        )

    def _on_change(self, _change: dict[str, Any]) -> None:
        self.update()

    @rendering
    def update(self) -> theory.Equilibrium:
        """Rebuild the game from the controls, solve it and redraw (a setting seen
        before is redrawn from a cache of the last 256)."""
        key = (
            self.value.value,
            self.penalty.value,
            self.bag_size.value,
            self.to_sheriff.value,
            alt.renderers.active,
            get_language(),
        )
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._drawn[key] = self._draw(*key[:4])
            if len(self._drawn) > 256:
                self._drawn.popitem(last=False)
        else:
            self._drawn.move_to_end(key)
        self.game, self.equilibrium, self.readout.value, self.out.outputs = drawn
        return self.equilibrium

    @property
    def chart(self) -> alt.LayerChart:
        """The chart shown, as an altair chart (built when asked for: the explorer draws
        the same chart from its spec, :func:`sheriff_core.present.viz.theory.best_response_spec`)."""
        return vt.best_response_chart(self.game, title=_(CHART_TITLE))

    def _draw(
        self, value: int, penalty: int, k: int, to_sheriff: bool
    ) -> tuple[theory.InspectionGame, theory.Equilibrium, str, tuple[Any, ...]]:
        game = theory.inspection_game(
            self.variant,
            legal=self.legal,
            contraband=self.contraband,
            k=k,
            j=self.j,
            value=value,
            penalty=penalty,
            fine_to_sheriff=to_sheriff,
        )
        eq = theory.equilibrium(game)
        who = _("the Sheriff") if to_sheriff else _("the state (Tsebelis)")
        if eq.unique:
            which = fmt("the only equilibrium, {kind}", kind=_(eq.kind))
        elif eq.kind == "continuum":
            which = _("one of infinitely many equilibria")
        else:
            which = _("one of several equilibria")
        readout = fmt(
            "{k} {legal} declared, {j} {contraband} worth {value} smuggled, fine {penalty} per "
            "card paid to {who}: the Sheriff inspects <b>{inspect}</b> of bags, the merchant "
            "smuggles <b>{smuggle}</b> of the time ({which}).<br><small>Why: {reason}.</small>",
            k=k,
            legal=_(self.legal),
            j=self.j,
            contraband=_(self.contraband),
            value=value,
            penalty=penalty,
            who=who,
            inspect=percent(eq.inspect_prob, 1),
            smuggle=percent(eq.smuggle_prob, 1),
            which=which,
            reason=_(eq.reason),
        )
        spec = vt.best_response_spec(game, title=_(CHART_TITLE))  # no altair chart built
        return game, eq, readout, _displayed(spec)


def inspection_explorer(variant: str | sc.Variant = "classic", **kwargs: Any) -> InspectionExplorer:
    """Build an :class:`InspectionExplorer` for ``variant`` (keywords: ``legal``,
    ``contraband``, ``j``).

    >>> ex = inspection_explorer("summary-sheet")
    >>> ex.penalty.description, ex.penalty.value, round(ex.equilibrium.smuggle_prob, 3)
    ('fine per card', 6, 0.625)
    """
    return InspectionExplorer(variant, **kwargs)
