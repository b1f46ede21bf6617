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
seeds (``sheriff_core.lab.compare_rules``; swap :attr:`VariantEditor.measure_with` to
use another function) and shows the table with intervals and its sentences.

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from sheriff_core import safe_text as html  # html.escape + control characters shown
from sheriff_core.errors import VariantError
from sheriff_core.rules.house import (
    GROUPS,
    Field,
    editable_fields,
    house_rule,
    house_rule_toml,
    rule_changes,
    save_house_rule,
)
from sheriff_core.rules.variants import Variant, load_variant, variant_names

__all__ = ["VariantEditor", "variant_editor", "measure_rules"]

_WIDE = {"description_width": "initial"}
_RED, _GREEN = "#b00020", "#1b7f3b"


def measure_rules(
    parent: str | Variant, variant: Variant, *, players: int, games: int, seed: int
) -> Any:
    """Compare ``variant`` with ``parent`` on the same seeds: ``sheriff_core.lab.compare_rules``.

    The editor's default :attr:`VariantEditor.measure_with`.
    """
    from sheriff_core.lab import compare_rules

    return compare_rules(parent, variant, players=players, games=games, seed=seed, progress=True)


def _by_players_default(path: str) -> str | None:
    """The default a per-player-count field follows (``round.sheriff_turns`` for
    ``round.sheriff_turns_by_players.4``), or None."""
    match = re.fullmatch(r"(.*)_by_players\.\d+", path)
    return match.group(1) if match else None


def _show(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _control(field: Field) -> widgets.Widget:
    common: dict[str, Any] = {
        "description": field.label,
        "style": _WIDE,
        "layout": widgets.Layout(width="auto"),
    }
    if field.type == "bool":
        return widgets.Checkbox(value=field.value, indent=False, **common)
    if field.type == "choice":
        options = [(_show(c), c) for c in field.choices or ()]
        return widgets.Dropdown(options=options, value=field.value, **common)
    lo, hi = field.bounds or (0, 0)
    return widgets.BoundedIntText(value=field.value, min=lo, max=hi, **common)


def _grid(children: list[widgets.Widget], columns: int) -> widgets.GridBox:
    return widgets.GridBox(
        children,
        layout=widgets.Layout(
            grid_template_columns=f"repeat({columns}, minmax(0, 1fr))",
            grid_gap="2px 16px",
            width="100%",
        ),
    )


class VariantEditor(widgets.VBox):
    """The variant editor; display it as a widget. Parts:

    ``parent`` (Dropdown ``"parent variant"``), ``name`` (Text ``"name"``), ``tabs``
    (one tab per group of fields; ``controls`` maps field paths to their controls;
    an empty name is ``<parent>-house``, and the file's name when saved),
    ``status`` (HTML: loaded, or the loader's message in red), ``diff`` (HTML: the
    fields that differ from the parent), ``file_name`` / ``save_button`` / ``saved``
    (save as TOML), ``games`` / ``seed`` / ``players`` / ``measure_button`` /
    ``measure_status`` / ``measure_out`` (measure it).

    Read ``changes`` (the fields changed, ``{path: value}``), ``variant`` (the house
    rule, or None when refused), ``error``, ``saved_path`` and ``measured`` from code.
    """

    def __init__(self, parent: str = "classic", *, games: int = 400, seed: int = 0) -> None:
        self.parent = widgets.Dropdown(
            options=variant_names(), value=parent, description="parent variant", style=_WIDE
        )
        self.name = widgets.Text(
            value="",
            placeholder="the file's name",
            description="name",
            style=_WIDE,
            layout=widgets.Layout(width="320px"),
        )
        self.tabs = widgets.Tab()
        self.status = widgets.HTML()
        self.diff = widgets.HTML()
        self.file_name = widgets.Text(value="house-rule.toml", description="file name", style=_WIDE)
        self.save_button = widgets.Button(description="save as TOML", icon="save")
        self.saved = widgets.HTML()
        self.games = widgets.IntSlider(
            value=games,
            min=100,
            max=5000,
            step=100,
            description="games",
            continuous_update=False,
            style=_WIDE,
        )
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**6, description="seed")
        self.players = widgets.Dropdown(options=[4], value=4, description="players")
        self.measure_button = widgets.Button(description="measure it", icon="play")
        self.measure_status = widgets.HTML()
        self.measure_out = widgets.Output()
        #: The function "measure it" calls: ``(parent, variant, *, players, games, seed)``.
        self.measure_with: Callable[..., Any] = measure_rules
        self.controls: dict[str, widgets.Widget] = {}
        self.fields: dict[str, Field] = {}
        self.changes: dict[str, Any] = {}
        self.variant: Variant | None = None
        self.error: str | None = None
        self.saved_path: Path | None = None
        self.measured: Any = None
        self._hold = False

        self.parent.observe(lambda _c: self._set_parent(), names="value")
        self.name.observe(lambda _c: self._update(), names="value")
        self.save_button.on_click(lambda _b: self.save())
        self.measure_button.on_click(lambda _b: self.measure())
        save_row = widgets.HBox([self.file_name, self.save_button])
        measure_row = widgets.HBox([self.players, self.games, self.seed, self.measure_button])
        super().__init__(
            [
                widgets.HBox([self.parent, self.name]),
                self.tabs,
                self.status,
                self.diff,
                widgets.HTML("<b>Save</b>"),
                save_row,
                self.saved,
                widgets.HTML("<b>Measure it</b> against its parent, on the same seeds"),
                measure_row,
                self.measure_status,
                self.measure_out,
            ],
            layout=widgets.Layout(width="100%"),
        )
        self._set_parent()

    def __repr__(self) -> str:
        """A sentence for the notebook's stored output (shown until the cell is run).

        >>> VariantEditor("summary-sheet")
        Variant editor: a house rule of summary-sheet with no changes yet (run this cell to open it).
        """
        n = len(self.changes)
        what = f"with {n} change{'s' * (n != 1)}" if n else "with no changes yet"
        verdict = ", refused by the rules" if self.error else ""
        return (
            f"Variant editor: a house rule of {self.parent.value} {what}{verdict} "
            "(run this cell to open it)."
        )

    # ------------------------------------------------------------------ controls

    def descriptions(self) -> list[str]:
        """The descriptions of the field controls, in tab order."""
        return [c.description for c in self.controls.values()]

    def control(self, description: str) -> widgets.Widget:
        """The field control described ``description`` (a field's label)."""
        for c in self.controls.values():
            if c.description == description:
                return c
        raise KeyError(f"no control {description!r}; controls: {self.descriptions()}")

    def _set_parent(self) -> None:
        parent = load_variant(self.parent.value)
        fields = editable_fields(parent)
        self.fields = {f.path: f for f in fields}
        self.controls = {f.path: _control(f) for f in fields}
        for path, c in self.controls.items():
            c.observe(lambda change, path=path: self._on_field(path, change), names="value")
        self._hold = True
        try:
            self.name.placeholder = f"{parent.name}-house; when saved, the file's name"
            self.players.options = list(range(parent.min_players, parent.max_players + 1))
            self.players.value = min(max(4, parent.min_players), parent.max_players)
        finally:
            self._hold = False
        pages, titles = [], []
        for group in GROUPS:
            paths = [f.path for f in fields if f.group == group]
            if paths:
                pages.append(self._page(group, paths))
                titles.append(group)
        self.tabs.children = pages
        self.tabs.titles = tuple(titles)
        self.changes = {}
        self.saved.value = ""
        self._update()

    def _page(self, group: str, paths: list[str]) -> widgets.Widget:
        controls = self.controls
        if group != "Goods":
            return _grid([controls[p] for p in paths], 3)
        main = [p for p in paths if p.rsplit(".", 1)[-1] in ("kind", "count", "value", "penalty")]
        royal = [p for p in paths if ".counts_as." in p]
        removed = [p for p in paths if p.startswith("removed.")]
        parts: list[widgets.Widget] = [_grid([controls[p] for p in main], 4)]
        if royal:
            parts.append(_grid([controls[p] for p in royal], 4))
        if removed:
            inner = widgets.Accordion([_grid([controls[p] for p in removed], 4)])
            inner.set_title(0, "cards removed from the deck for a player count")
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

    # ------------------------------------------------------------------ the house rule

    def _update(self) -> None:
        if self._hold:
            return
        parent = self.parent.value
        try:
            self.variant = house_rule(parent, self.changes, name=self.name.value or None)
            self.error = None
        except VariantError as exc:
            self.variant, self.error = None, str(exc)
        if self.error is not None:
            self.status.value = (
                f"<div style='color:{_RED}'><b>Refused by the rules:</b> "
                f"{html.escape(self.error)}</div>"
            )
            self.diff.value = ""
            return
        differ = rule_changes(parent, self.variant)
        # Controls the learner did not change show the house rule's value (a per-player-count
        # number follows a changed default, e.g. a token's supply).
        now = {f.path: f.value for f in editable_fields(self.variant)}
        self._hold = True
        try:
            for path, control in self.controls.items():
                if path not in self.changes and path in now and control.value != now[path]:
                    control.value = now[path]
        finally:
            self._hold = False
        n = len(self.changes)
        self.status.value = (
            f"<div style='color:{_GREEN}'><b>{html.escape(self.variant.name)}</b> loads: "
            + (
                f"{n} rule field{'s' * (n != 1)} changed from {html.escape(parent)}."
                if n
                else f"no changes yet; this is {html.escape(parent)} as it is."
            )
            + "</div>"
        )
        if not differ:
            self.diff.value = ""
            return
        rows = "".join(
            f"<tr><td>{html.escape(self.fields[p].label if p in self.fields else p)}</td>"
            f"<td>{html.escape(_show(old))}</td><td><b>{html.escape(_show(new))}</b></td></tr>"
            for p, (old, new) in differ.items()
        )
        self.diff.value = (
            "<table class='sheriff-diff'><thead><tr><th>rule</th>"
            f"<th>{html.escape(parent)}</th><th>{html.escape(self.variant.name)}</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )

    @property
    def toml(self) -> str:
        """The TOML text of the house rule as it stands (checked or not)."""
        return house_rule_toml(self.parent.value, self.changes, name=self.name.value or None)

    # ------------------------------------------------------------------ save, measure

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
                f"<div style='color:{_RED}'><b>Not saved:</b> {html.escape(str(exc))}</div>"
            )
            return None
        self.saved_path = path
        text = path.read_text(encoding="utf-8")
        self.saved.value = (
            f"<div>Saved to <code class='sheriff-saved-path'>{html.escape(str(path.resolve()))}"
            "</code>; load it with <code>load_variant(path)</code>:</div>"
            f"<pre class='sheriff-saved-text'>{html.escape(text)}</pre>"
        )
        return path

    def measure(self) -> Any:
        """Compare the house rule with its parent (``measure_with``) and show the result."""
        self.measure_out.outputs = ()
        if self.variant is None:
            self.measure_status.value = (
                f"<span style='color:{_RED}'>Nothing to measure: the rules refuse this "
                "house rule (see the message above).</span>"
            )
            return None
        games, seed, players = self.games.value, self.seed.value, self.players.value
        self.measure_button.disabled = True
        self.measure_status.value = (
            f"Measuring: {games} games of {html.escape(self.parent.value)} and {games} of "
            f"{html.escape(self.variant.name)} on the same seeds ({players} players, seed "
            f"{seed})..."
        )
        failed: Exception | None = None
        # The progress bar (tqdm) shows in the output area. An Output widget used as a
        # context manager swallows the exceptions raised in it: catch them inside.
        with self.measure_out:
            try:
                result = self.measure_with(
                    self.parent.value, self.variant, players=players, games=games, seed=seed
                )
            except Exception as exc:  # a missing library, a bad count: say it, do not raise
                failed = exc
        self.measure_button.disabled = False
        if failed is not None:
            self.measured = None
            self.measure_out.outputs = ()
            self.measure_status.value = (
                f"<span style='color:{_RED}'>Could not measure: "
                f"{html.escape(f'{type(failed).__name__}: {failed}')}</span>"
            )
            return None
        self.measured = result
        self.measure_out.outputs = ()
        self.measure_out.append_display_data(result)
        self.measure_status.value = (
            f"Measured {games} games of each ({players} players, seed {seed}):"
        )
        return result


def variant_editor(parent: str = "classic", **kwargs: Any) -> VariantEditor:
    """The variant editor on ``parent`` (see :class:`VariantEditor`)."""
    return VariantEditor(parent, **kwargs)
