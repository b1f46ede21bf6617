"""The variant editor (lesson 09): make a house rule of any bundled variant with controls.

Pick a parent variant, change any rule field (:func:`sheriff_core.rules.house.editable_fields`)
with a control that only offers the values the loader allows for it on its own (a
number box within the loader's bounds, a menu of its choices, a tick box), grouped in
tabs (Setup, Round, Goods, Bonuses, Scoring). After every change the house rule is
built by :func:`sheriff_core.rules.house.house_rule` -- the loader itself -- and the
editor shows at once the fields that differ from the parent, or, in red, the loader's
message naming the rule broken (bag_min above bag_max...), without raising. "save as
TOML" writes the file with :func:`~sheriff_core.rules.house.save_house_rule` and shows
its path and text. "measure it" compares the house rule with its parent on the same
seeds (``sheriff_core.analysis.lab.compare_rules``; swap :attr:`VariantEditor.measure_with` to
use another function) and shows, in this order, the one-sentence headline, the chart of
every effect with its interval (``sheriff_core.present.viz.lab.effects_chart``), the details
(a sentence per measure, in a collapsed section) and, once, how to read the intervals.
When several fields changed it says so and offers "measure each change on its own"
(``sheriff_core.analysis.lab.compare_each_change``: one headline per change). Any change of the
rule clears what was measured or saved for the rule before it.

Fields the parent's rules do not use (the Deputies' fields of classic) are hidden;
choices read as words (``"the player on the Sheriff's left"``); the boxes sit in a grid
that wraps to fewer columns on a narrower notebook, so none is squeezed.

Every control has a stable human description (its field's label, e.g.
``"Pepper: fine per card (penalty)"``); :meth:`VariantEditor.control` finds one.

>>> ed = variant_editor("classic")
>>> ed.control("Pepper: fine per card (penalty)").value = 6
>>> ed.changes, ed.variant.goods["Pepper"].penalty
({'goods.Pepper.penalty': 6}, 6)
>>> ed.control("fewest cards in a bag").value = 4
>>> ed.control("most cards in a bag").value = 3
>>> ed.error, ed.variant
('classic-house.toml: [round] bag_max: must be >= 4, got 3', None)
>>> ed
Variant editor: a house rule of classic with 3 changes, refused by the rules (run this cell to open it).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from IPython.display import HTML

from sheriff_core.base import i18n
from sheriff_core.base import safe_text as html  # html.escape + control characters shown
from sheriff_core.base.errors import VariantError
from sheriff_core.base.i18n import N_, _
from sheriff_core.present.words import check_language, fmt, key_of, named, nfmt, rendering
from sheriff_core.rules.fields import instances, words
from sheriff_core.rules.house import (
    GROUPS,
    Field,
    choice_in_words,
    editable_fields,
    house_rule,
    house_rule_toml,
    rule_changes,
    save_house_rule,
)
from sheriff_core.rules.variants import Variant, load_variant, variant_names

__all__ = ["VariantEditor", "variant_editor", "measure_rules", "measure_each_change", "engine_for"]

_WIDE = {"description_width": "initial"}
_RED, _GREEN = "#b00020", "#1b7f3b"
_LEFT = "style='text-align:left; vertical-align:top'"  # JupyterLab right-aligns table cells


def engine_for(variant: Variant) -> tuple[str, str]:
    """Which simulator measures ``variant`` with the lab's default bots, and why, in words:
    ``("fast", ...)`` where the compiled simulator plays it (the same games as the rules
    engine, many times faster), else ``("checked", <the reasons>)``.

    >>> from sheriff_core.rules.house import house_rule
    >>> engine_for(house_rule("deputies", {"setup.starting_gold": 30}))
    ('fast', 'played by the compiled simulator (the same games the rules engine plays)')
    """
    from sheriff_core.analysis.fastsim import why_not
    from sheriff_core.analysis.sim import DEFAULT_MERCHANTS, DEFAULT_SHERIFFS

    reasons = why_not(variant, list(DEFAULT_MERCHANTS), list(DEFAULT_SHERIFFS))
    if not reasons:
        return "fast", _("played by the compiled simulator (the same games the rules engine plays)")
    if any(r.startswith("numba") for r in reasons):
        return "checked", _("played by the rules engine (the compiled simulator needs numba)")
    return "checked", nfmt(
        "played by the rules engine (the compiled simulator does not play one of its rules yet)",
        "played by the rules engine (the compiled simulator does not play {n} of its rules yet)",
        len(reasons),
    )


def measure_rules(
    parent: str | Variant, variant: Variant, *, players: int, games: int, seed: int
) -> Any:
    """Compare ``variant`` with ``parent`` on the same seeds: ``sheriff_core.analysis.lab.compare_rules``,
    with the compiled simulator where it plays both rule sets (:func:`engine_for`; the
    same games, so the same result).

    The editor's default :attr:`VariantEditor.measure_with`.
    """
    from sheriff_core.analysis.lab import compare_rules

    engine = _engine(parent, variant)[0]
    return compare_rules(
        parent, variant, players=players, games=games, seed=seed, progress=True, engine=engine
    )


def _engine(parent: str | Variant, variant: Variant) -> tuple[str, str]:
    """:func:`engine_for` of a comparison: ``"fast"`` when the compiled simulator plays
    both rule sets, else ``"checked"`` with the reason of the one it does not play."""
    kind, why = engine_for(parent if isinstance(parent, Variant) else load_variant(parent))
    return (kind, why) if kind == "checked" else engine_for(variant)


def measure_each_change(
    parent: str | Variant, changes: dict[str, Any], *, players: int, games: int, seed: int
) -> Any:
    """Each change of ``changes`` on its own against ``parent``, on the same seeds:
    ``sheriff_core.analysis.lab.compare_each_change`` (a table with a ``change`` column), with the
    compiled simulator where it plays a rule set (``engine="auto"``).

    The editor's default :attr:`VariantEditor.measure_each_with`.
    """
    from sheriff_core.analysis.lab import compare_each_change
    from sheriff_core.analysis.sim import FastEngineFallback

    # auto plays each rule set with the compiled simulator where it can and warns where
    # it cannot; the table is the same either way, so the warning is not the learner's
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FastEngineFallback)
        return compare_each_change(
            parent, changes, players=players, games=games, seed=seed, progress=True, engine="auto"
        )


def _could_not_measure(failed: BaseException) -> str:
    """The red line a failed measurement shows, naming the error."""
    return (
        f"<span style='color:{_RED}'>{html.escape(_('Could not measure:'))} "
        f"{html.escape(f'{type(failed).__name__}: {failed}')}</span>"
    )


def _by_players_default(path: str) -> str | None:
    """The default a per-player-count field follows (``round.sheriff_turns`` for
    ``round.sheriff_turns_by_players.4``), or None."""
    match = re.fullmatch(r"(.*)_by_players\.\d+", path)
    return match.group(1) if match else None


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return ", ".join(_(str(v)) for v in value) or _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


#: The editor's tabs (the rule fields' groups), for message extraction.
_GROUP_TITLES = (N_("Setup"), N_("Round"), N_("Goods"), N_("Bonuses"), N_("Scoring"))


def field_labels(variant: Variant) -> dict[str, str]:
    """Each rule field's label in the current language: the registry's label template
    (:data:`sheriff_core.rules.fields.FIELDS`) translated, filled in with the variant's
    translated words and names (a good's name...); the English label where the template
    has no translation.

    >>> field_labels(load_variant("classic"))["goods.Pepper.penalty"]
    'Pepper: fine per card (penalty)'
    """
    said = {k: _(w) for k, w in words(variant).items()}
    out = {}
    for f, path, names in instances(variant):
        shown = {k: _(v) if isinstance(v, str) else v for k, v in names.items()}
        try:
            out[path] = _(f.label).format(**said, **shown)
        except (KeyError, IndexError, ValueError):  # a translation with a wrong placeholder
            out[path] = f.label.format(**words(variant), **names)
    return out


def _control(field: Field, shown: str) -> widgets.Widget:
    common: dict[str, Any] = {"style": _WIDE, "layout": widgets.Layout(width="auto")}
    if field.type == "bool":
        w = widgets.Checkbox(value=field.value, indent=False, **common)
    elif field.type == "choice":
        options = [(choice_in_words(c), c) for c in field.choices or ()]
        w = widgets.Dropdown(options=options, value=field.value, **common)
    else:
        lo, hi = field.bounds or (0, 0)
        w = widgets.BoundedIntText(value=field.value, min=lo, max=hi, **common)
    w.description, w.key = shown, field.label  # found by its English label in any language
    return w


#: The narrowest column of a tab's grid: the longest label (~300 px) and a box of at
#: least 60 px. The grid has as many columns as fit, so a notebook narrowed by the file
#: browser gets fewer columns, never squeezed boxes.
COLUMN = "380px"


def _grid(children: list[widgets.Widget], column: str = COLUMN) -> widgets.GridBox:
    return widgets.GridBox(
        children,
        layout=widgets.Layout(
            grid_template_columns=f"repeat(auto-fill, minmax({column}, 1fr))",
            grid_gap="2px 16px",
            width="100%",
        ),
    )


def _wrap(children: list[widgets.Widget]) -> widgets.HBox:
    """A row that wraps onto a second line rather than squeezing its children."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", width="100%"))


def _chart_svg(result: Any) -> str:
    """The effects chart of a comparison as SVG text (no renderer needed)."""
    import io

    from sheriff_core.present.viz.lab import effects_chart

    buf = io.StringIO()
    effects_chart(result).save(buf, format="svg")
    return buf.getvalue()


def _result_html(result: Any) -> str:
    """A comparison as the teacher reads it: headline, chart, details (collapsed), note."""
    sentences = "".join(f"<li>{html.escape(s)}</li>" for s in result.sentences)
    return (
        "<div class='sheriff-measured'>"
        f"<p class='sheriff-headline' style='font-size:1.15em'><b>"
        f"{html.escape(result.headline)}</b></p>"
        f"<div class='sheriff-effects'>{_chart_svg(result)}</div>"
        "<details class='sheriff-details'><summary>"
        + html.escape(
            nfmt(
                "Details: each measure in words ({n} of them)",
                "Details: each measure in words ({n} of them)",
                len(result.sentences),
            )
        )
        + f"</summary><ul>{sentences}</ul></details>"
        f"<p class='sheriff-note'><small>{html.escape(result.note)}</small></p>"
        "</div>"
    )


class VariantEditor(widgets.VBox):
    """The variant editor; display it as a widget. Parts:

    ``parent`` (Dropdown ``"parent variant"``), ``name`` (Text ``"name"``), ``tabs``
    (one tab per group of fields; ``controls`` maps field paths to their controls, the
    fields that apply to the parent only; an empty name is ``<parent>-house``, and the
    file's name when saved), ``status`` (HTML: loaded, or the loader's message in red),
    ``diff`` (HTML: the fields that differ from the parent), ``file_name`` /
    ``save_button`` / ``saved`` (save as TOML), ``games`` / ``seed`` / ``players`` /
    ``measure_button`` / ``measure_status`` / ``progress`` (the progress bars while it
    runs) / ``measure_out`` (the result), and, when several fields changed,
    ``each_box`` (``each_intro``, ``each_button``, ``each_out``: each change on its own).

    Read ``changes`` (the fields changed, ``{path: value}``), ``variant`` (the house
    rule, or None when refused), ``error``, ``saved_path``, ``measured`` and
    ``measured_each`` from code. A change of the rule (a field, the name, the parent)
    clears ``saved_path``, ``measured`` and ``measured_each`` and what they showed.
    """

    def __init__(
        self,
        parent: str = "classic",
        *,
        games: int = 400,
        seed: int = 0,
        language: str | None = None,
    ) -> None:
        self.language = check_language(language)
        with i18n.language(self.language):
            self._build(parent, games, seed)

    def _build(self, parent: str, games: int, seed: int) -> None:
        self.parent = named(
            widgets.Dropdown(options=variant_names(), value=parent, style=_WIDE), "parent variant"
        )
        self.name = named(
            widgets.Text(
                value="",
                placeholder=_("the file's name"),
                style=_WIDE,
                layout=widgets.Layout(width="360px"),
            ),
            "name",
        )
        self.tabs = widgets.Tab()
        self.status = widgets.HTML()
        self.diff = widgets.HTML()
        self.file_name = named(widgets.Text(value="house-rule.toml", style=_WIDE), "file name")
        self.save_button = named(widgets.Button(icon="save"), "save as TOML")
        self.saved = widgets.HTML()
        self.games = named(
            widgets.IntSlider(
                value=games, min=100, max=20000, step=100, continuous_update=False, style=_WIDE
            ),
            "games",
        )
        self.seed = named(
            widgets.BoundedIntText(
                value=seed, min=0, max=10**6, layout=widgets.Layout(width="180px")
            ),
            "seed",
        )
        self.players = named(
            widgets.Dropdown(options=[4], value=4, layout=widgets.Layout(width="160px")),
            "players",
        )
        self.measure_button = named(widgets.Button(icon="play"), "measure it")
        self.measure_status = widgets.HTML()
        # The progress bars of a run go to a fresh Output made for that run, dropped when
        # it ends. The result goes to ``measure_out``, whose outputs only the kernel sets:
        # an Output the page captures into (``with out:``) sends what it captured back to
        # the kernel after the button's callback, and that echo used to replace the
        # result with the finished bars on every press after the first.
        self.progress = widgets.VBox()
        self.measure_out = widgets.Output()
        self.each_intro = widgets.HTML()
        self.each_button = named(
            widgets.Button(icon="list", layout=widgets.Layout(width="320px")),
            "measure each change on its own",
        )
        self.each_status = widgets.HTML()
        self.each_progress = widgets.VBox()
        self.each_out = widgets.Output()
        self.each_box = widgets.VBox(
            [
                self.each_intro,
                self.each_button,
                self.each_status,
                self.each_progress,
                self.each_out,
            ],
            layout=widgets.Layout(display="none"),
        )
        #: The function "measure it" calls: ``(parent, variant, *, players, games, seed)``.
        self.measure_with: Callable[..., Any] = measure_rules
        #: The function "measure each change on its own" calls:
        #: ``(parent, changes, *, players, games, seed)`` -> a table with a ``change`` column.
        self.measure_each_with: Callable[..., Any] = measure_each_change
        self.controls: dict[str, widgets.Widget] = {}
        self.fields: dict[str, Field] = {}
        self.changes: dict[str, Any] = {}
        self.variant: Variant | None = None
        self.error: str | None = None
        self.saved_path: Path | None = None
        self.measured: Any = None
        self.measured_each: Any = None
        self._hold = False

        self.parent.observe(lambda _c: self._set_parent(), names="value")
        self.name.observe(lambda _c: self._update(), names="value")
        self.save_button.on_click(lambda _b: self.save())
        self.measure_button.on_click(lambda _b: self.measure())
        self.each_button.on_click(lambda _b: self.measure_each())
        super().__init__(
            [
                _wrap([self.parent, self.name]),
                self.tabs,
                self.status,
                self.diff,
                widgets.HTML(f"<b>{html.escape(_('Save'))}</b>"),
                _wrap([self.file_name, self.save_button]),
                self.saved,
                widgets.HTML(html.escape(_("Measure it against its parent, on the same seeds"))),
                _wrap([self.players, self.games, self.seed, self.measure_button]),
                self.measure_status,
                self.progress,
                self.measure_out,
                self.each_box,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self._set_parent()

    @rendering
    def __repr__(self) -> str:
        """A sentence for the notebook's stored output (shown until the cell is run).

        >>> VariantEditor("summary-sheet")
        Variant editor: a house rule of summary-sheet with no changes yet (run this cell to open it).
        """
        n = len(self.changes)
        what = nfmt("with {n} change", "with {n} changes", n) if n else _("with no changes yet")
        return fmt(
            "Variant editor: a house rule of {parent} {what}{verdict} (run this cell to open it).",
            parent=self.parent.value,
            what=what,
            verdict=_(", refused by the rules") if self.error else "",
        )

    # ------------------------------------------------------------------ controls

    def descriptions(self) -> list[str]:
        """The descriptions of the field controls, in tab order."""
        return [key_of(c) for c in self.controls.values()]

    def control(self, description: str) -> widgets.Widget:
        """The field control described ``description`` (a field's English label, in
        every language)."""
        for c in self.controls.values():
            if key_of(c) == description:
                return c
        raise KeyError(f"no control {description!r}; controls: {self.descriptions()}")

    @rendering
    def _set_parent(self) -> None:
        parent = load_variant(self.parent.value)
        fields = editable_fields(parent)
        self.fields = {f.path: f for f in fields}
        self.labels = field_labels(parent)
        shown = [f for f in fields if f.applies]  # the Deputies' fields of classic: hidden
        self.controls = {f.path: _control(f, self.labels.get(f.path, f.label)) for f in shown}
        for path, c in self.controls.items():
            c.observe(lambda change, path=path: self._on_field(path, change), names="value")
        self._hold = True
        try:
            self.name.placeholder = fmt(
                "{name}-house; when saved, the file's name", name=parent.name
            )
            self.players.options = list(range(parent.min_players, parent.max_players + 1))
            self.players.value = min(max(4, parent.min_players), parent.max_players)
        finally:
            self._hold = False
        pages, titles = [], []
        for group in GROUPS:
            paths = [f.path for f in shown if f.group == group]
            if paths:
                pages.append(self._page(group, paths))
                titles.append(_(group))
        self.tabs.children = pages
        self.tabs.titles = tuple(titles)
        self.changes = {}
        self._update()

    def _page(self, group: str, paths: list[str]) -> widgets.Widget:
        controls = self.controls
        if group != "Goods":
            return _grid([controls[p] for p in paths])
        main = [p for p in paths if p.rsplit(".", 1)[-1] in ("kind", "count", "value", "penalty")]
        royal = [p for p in paths if ".counts_as." in p]
        removed = [p for p in paths if p.startswith("removed.")]
        parts: list[widgets.Widget] = [_grid([controls[p] for p in main])]
        if royal:
            parts.append(_grid([controls[p] for p in royal]))
        if removed:
            inner = widgets.Accordion([_grid([controls[p] for p in removed])])
            inner.set_title(0, _("cards removed from the deck for a player count"))
            inner.selected_index = None
            parts.append(inner)
        return widgets.VBox(parts)

    def _on_field(self, path: str, change: dict[str, Any]) -> None:
        if self._hold:
            return
        # A per-player-count number (sheriff turns with 4 players...) follows its default
        # unless set: setting it back to the parent's value is a change if the default moved.
        default = _by_players_default(path)
        moved = default is not None and default in self.changes
        if change["new"] == self.fields[path].value and not moved:
            self.changes.pop(path, None)
        else:
            self.changes[path] = change["new"]
        self._update()

    def _label(self, path: str) -> str:
        return self.labels.get(path, self.fields[path].label) if path in self.fields else path

    def _value(self, path: str, value: Any) -> str:
        f = self.fields.get(path)
        return choice_in_words(value) if f is not None and f.type == "choice" else _show(value)

    # ------------------------------------------------------------------ the house rule

    def _clear_results(self) -> None:
        """Forget what was saved or measured: it was for a rule no longer shown."""
        self.saved_path = None
        self.saved.value = ""
        self.measured = None
        self.measured_each = None
        self.measure_status.value = ""
        self.measure_out.outputs = ()
        self.each_status.value = ""
        self.each_out.outputs = ()
        self.each_box.layout.display = "none"

    @rendering
    def _update(self) -> None:
        if self._hold:
            return
        self._clear_results()
        parent = self.parent.value
        try:
            variant = house_rule(parent, self.changes, name=self.name.value or None)
        except VariantError as exc:
            self.variant, self.error = None, str(exc)
            self.status.value = (
                f"<div style='color:{_RED}'><b>{html.escape(_('Refused by the rules:'))}</b> "
                f"{html.escape(self.error)}</div>"
            )
            self.diff.value = ""
            return
        self.variant, self.error = variant, None
        differ = rule_changes(parent, variant)
        # Controls the learner did not change show the house rule's value (a per-player-count
        # number follows a changed default, e.g. a token's supply).
        now = {f.path: f.value for f in editable_fields(variant)}
        self._hold = True
        try:
            for path, control in self.controls.items():
                if path not in self.changes and path in now and control.value != now[path]:
                    control.value = now[path]
        finally:
            self._hold = False
        n = len(self.changes)
        loads = (
            nfmt(
                "{n} rule field changed from {parent}.",
                "{n} rule fields changed from {parent}.",
                n,
                parent=parent,
            )
            if n
            else fmt("no changes yet; this is {parent} as it is.", parent=parent)
        )
        self.status.value = (
            f"<div style='color:{_GREEN}'><b>{html.escape(variant.name)}</b> "
            f"{html.escape(_('loads:'))} {html.escape(loads)}</div>"
        )
        if not differ:
            self.diff.value = ""
            return
        rows = "".join(
            f"<tr><td>{html.escape(self._label(p))}</td>"
            f"<td>{html.escape(self._value(p, old))}</td>"
            f"<td><b>{html.escape(self._value(p, new))}</b></td></tr>"
            for p, (old, new) in differ.items()
        )
        self.diff.value = (
            f"<table class='sheriff-diff'><thead><tr><th>{html.escape(_('rule'))}</th>"
            f"<th>{html.escape(parent)}</th><th>{html.escape(variant.name)}</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )

    @property
    def toml(self) -> str:
        """The TOML text of the house rule as it stands (checked or not)."""
        return house_rule_toml(self.parent.value, self.changes, name=self.name.value or None)

    # ------------------------------------------------------------------ save, measure

    @rendering
    def save(self) -> Path | None:
        """Save the house rule to the file named in ``file_name``; show the path and text.

        A refused house rule (or file name) is not saved: the message says why.
        """
        target = Path(self.file_name.value.strip() or "house-rule.toml")
        try:
            path = save_house_rule(
                target, self.parent.value, self.changes, name=self.name.value or None
            )
        except (VariantError, OSError) as exc:
            self.saved_path = None
            self.saved.value = (
                f"<div style='color:{_RED}'><b>{html.escape(_('Not saved:'))}</b> "
                f"{html.escape(str(exc))}</div>"
            )
            return None
        self.saved_path = path
        text = path.read_text(encoding="utf-8")
        self.saved.value = (
            f"<div>{html.escape(_('Saved to'))} "
            f"<code class='sheriff-saved-path'>{html.escape(str(path.resolve()))}</code>; "
            f"{html.escape(_('load it with'))} <code>load_variant(path)</code>:</div>"
            f"<pre class='sheriff-saved-text'>{html.escape(text)}</pre>"
        )
        return path

    def _run(
        self, button: widgets.Button, where: widgets.Box, work: Callable[[], Any]
    ) -> tuple[Any, Exception | None]:
        """Run ``work`` with its progress bars in a fresh Output shown in ``where`` (under
        the button), dropped when it ends; the button is disabled meanwhile. Returns
        (result, the exception it raised)."""
        bars = widgets.Output()
        where.children = (bars,)
        button.disabled = True
        try:
            # An Output used as a context manager swallows the exceptions raised in it:
            # catch them inside.
            with bars:
                try:
                    return work(), None
                except Exception as exc:  # a missing library, a bad count: say it
                    return None, exc
        finally:
            button.disabled = False
            where.children = ()

    @rendering
    def measure(self) -> Any:
        """Compare the house rule with its parent (``measure_with``) and show the result:
        the headline, the effects chart, the details and the note; with several changes,
        the offer to measure each on its own."""
        self._clear_measured()
        if self.variant is None:
            said = _(
                "Nothing to measure: the rules refuse this house rule (see the message above)."
            )
            self.measure_status.value = f"<span style='color:{_RED}'>{html.escape(said)}</span>"
            return None
        games, seed, players = self.games.value, self.seed.value, self.players.value
        parent, variant = self.parent.value, self.variant
        self.measure_status.value = html.escape(
            fmt(
                "Measuring: {games} games of {parent} and {games} of {name} on the same seeds "
                "({players} players, seed {seed})...",
                games=games,
                parent=parent,
                name=variant.name,
                players=players,
                seed=seed,
            )
        )
        result, failed = self._run(
            self.measure_button,
            self.progress,
            lambda: self.measure_with(parent, variant, players=players, games=games, seed=seed),
        )
        if failed is not None:
            self.measure_status.value = _could_not_measure(failed)
            return None
        self.measured = result
        how = "; " + _engine(parent, variant)[1] if self.measure_with is measure_rules else ""
        self.measure_status.value = html.escape(
            fmt(
                "Measured {games} games of each ({players} players, seed {seed}{how}):",
                games=games,
                players=players,
                seed=seed,
                how=how,
            )
        )
        if all(hasattr(result, a) for a in ("headline", "note", "sentences", "table")):
            self.measure_out.append_display_data(HTML(_result_html(result)))
        else:  # another measure_with: shown as it displays itself
            self.measure_out.append_display_data(result)
        if len(self.changes) > 1:
            told = "; ".join(
                f"{html.escape(self._label(p))}: "
                f"{html.escape(self._value(p, self.fields[p].value if p in self.fields else None))}"
                f" &rarr; {html.escape(self._value(p, v))}"
                for p, v in self.changes.items()
            )
            # the template comes from the catalogs; the names in it are escaped
            said = fmt(
                "You changed {n} rules: {told}. The result above is for all of them "
                "together; to see what each does, measure each change on its own against "
                "{parent} (same games and seed).",
                n=len(self.changes),
                told=told,
                parent=html.escape(parent),
            )
            self.each_intro.value = f"<div class='sheriff-each-intro'>{said}</div>"
            self.each_box.layout.display = None
        return result

    def _clear_measured(self) -> None:
        self.measured = None
        self.measured_each = None
        self.measure_out.outputs = ()
        self.each_status.value = ""
        self.each_out.outputs = ()
        self.each_box.layout.display = "none"

    @rendering
    def measure_each(self) -> Any:
        """Measure each changed field on its own against the parent
        (``measure_each_with``) and show one headline per change; a change the rules
        refuse on its own (bags of at least 4 cards, with the most still 3) says so."""
        from sheriff_core.analysis.lab import headline

        self.each_out.outputs = ()
        self.measured_each = None
        parent = self.parent.value
        games, seed, players = self.games.value, self.seed.value, self.players.value
        alone: dict[str, Any] = {}
        refused: dict[str, str] = {}
        for path, value in self.changes.items():
            try:
                house_rule(parent, {path: value})
            except VariantError as exc:
                refused[path] = str(exc)
            else:
                alone[path] = value
        table = None
        if alone:
            self.each_status.value = html.escape(
                nfmt(
                    "Measuring {n} change on its own: {games} games each, on the same seeds...",
                    "Measuring {n} changes on its own: {games} games each, on the same seeds...",
                    len(alone),
                    games=games,
                )
            )
            table, failed = self._run(
                self.each_button,
                self.each_progress,
                lambda: self.measure_each_with(
                    parent, alone, players=players, games=games, seed=seed
                ),
            )
            if failed is not None:
                self.each_status.value = _could_not_measure(failed)
                return None
        self.measured_each = table
        keys = list(dict.fromkeys(table["change"])) if table is not None else []
        rows = []
        for path in self.changes:
            what = (
                f"{self._label(path)}: {self._value(path, self.fields[path].value)}"
                f" \u2192 {self._value(path, self.changes[path])}"
                if path in self.fields
                else path
            )
            if path in refused:
                said = fmt("Refused by the rules on its own: {error}", error=refused[path])
            else:
                assert table is not None  # a change not refused on its own was measured
                key = keys[list(alone).index(path)]
                said = headline(table[table["change"] == key], games)
            rows.append(
                f"<tr><td {_LEFT}>{html.escape(what)}</td><td {_LEFT}>{html.escape(said)}</td></tr>"
            )
        self.each_status.value = html.escape(
            fmt(
                "Each change on its own against {parent}, {games} games each "
                "({players} players, seed {seed}):",
                parent=parent,
                games=games,
                players=players,
                seed=seed,
            )
        )
        change, alone_head = html.escape(_("change")), html.escape(_("measured on its own"))
        self.each_out.append_display_data(
            HTML(
                f"<table class='sheriff-each'><thead><tr><th {_LEFT}>{change}</th>"
                f"<th {_LEFT}>{alone_head}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            )
        )
        return table


def variant_editor(parent: str = "classic", **kwargs: Any) -> VariantEditor:
    """The variant editor on ``parent`` (see :class:`VariantEditor`); ``language="th"``
    (or ``"zh"``, ``"en"``) shows it in that language whatever the global switch says
    later, ``None`` (the default) follows the global switch. Its controls are found by
    their English labels in every language."""
    return VariantEditor(parent, **kwargs)
