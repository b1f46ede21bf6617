"""Charts redrawn many times: the Vega-Lite spec is built once per shape, then only filled in.

The explorers (:mod:`sheriff_core.present.widgets.explore`) redraw the same charts for every
new setting of their controls. Building an altair chart and turning it into a spec
(``to_dict``, with validation) costs more than solving the game behind it, so the
charts they draw keep their data in **named datasets** (``alt.NamedData`` and the
spec's top-level ``datasets``): two settings' specs then differ only in those
datasets (and in a title). :func:`filled` builds and validates the spec of a shape
once (with altair, from a real chart), and for each new setting copies its top level
with the new datasets: a plain dict, no altair objects, no validation.

A :class:`Spec` displays as its chart does: the active altair renderer draws it,
exactly as ``chart._repr_mimebundle_`` would, so what a notebook shows is unchanged
(``tests/viz/test_specs.py`` checks that the specs equal the charts' ``to_dict()``
and the rendered outputs are the same, for many settings).

>>> import altair as alt
>>> def build(rows):
...     return alt.Chart(alt.NamedData("points"), title="Points").mark_point().encode(
...         x="x:Q").properties(datasets={"points": rows})
>>> rows = [{"x": 1}, {"x": 2}]
>>> spec = filled("points", lambda: build(rows), {"points": rows})
>>> spec.to_dict() == build(rows).to_dict()
True
>>> filled("points", lambda: build(rows), {"points": [{"x": 3}]}).to_dict()["datasets"]
{'points': [{'x': 3}]}
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import altair as alt

from sheriff_core.base.i18n import get_language

__all__ = ["Spec", "filled", "records"]

# (shape, theme, data transformer) -> (validated spec, the chart's repr)
_TEMPLATES: dict[tuple[str, str, str, str], tuple[dict[str, Any], str]] = {}


def records(data: Any) -> list[dict[str, Any]]:
    """Rows of a DataFrame as a chart's dataset holds them: altair's own
    :func:`altair.to_values` (the same values an inline DataFrame becomes).

    >>> import pandas as pd
    >>> records(pd.DataFrame({"a": [1, 2], "b": [0.5, None]}))
    [{'a': 1, 'b': 0.5}, {'a': 2, 'b': None}]
    """
    values = alt.to_values(data)["values"]
    assert isinstance(values, list)  # a DataFrame's rows: one dict per row
    return values


class Spec:
    """A chart's Vega-Lite spec, filled in for one setting; displays as the chart would.

    ``to_dict()`` returns a copy of the spec. In a notebook (or through IPython's display
    formatter) the active altair renderer draws it, and its text form is the chart's
    (``alt.LayerChart(...)``), so its outputs are those of the chart itself.
    """

    def __init__(self, spec: dict[str, Any], text: str) -> None:
        self.spec = spec
        self._text = text

    def to_dict(self) -> dict[str, Any]:
        """A deep copy of the spec (the template's parts are shared between specs)."""
        return copy.deepcopy(self.spec)

    def __repr__(self) -> str:
        return self._text

    def _repr_mimebundle_(self, *args: Any, **kwargs: Any) -> Any:
        """What ``chart._repr_mimebundle_`` returns: the active renderer's output."""
        if renderer := alt.renderers.get():
            return renderer(self.spec)
        return None


def _theme() -> str:
    theme = getattr(alt, "theme", None)  # altair >= 5.5; before, alt.themes
    return str(theme.active if theme is not None else alt.themes.active)


def filled(
    shape: str,
    build: Callable[[], alt.TopLevelMixin],
    datasets: dict[str, list[dict[str, Any]]],
    **top: Any,
) -> Spec:
    """The spec of the chart ``build()`` returns, with ``datasets`` (and the top-level
    keys ``top``, e.g. ``title``) put in: built and validated once per ``shape`` (and
    altair theme, data transformer and language), then only filled in.

    ``build`` is called only the first time a shape is asked for; its chart must keep
    all its data in named datasets, with the names of ``datasets``.

    >>> import altair as alt
    >>> chart = alt.Chart(alt.NamedData("d")).mark_bar().properties(datasets={"d": []})
    >>> filled("doc-bar", lambda: chart, {"e": []})
    Traceback (most recent call last):
    ...
    ValueError: shape 'doc-bar' has datasets ['d'], not ['e']
    """
    # the chart's words (titles, axes) are in the language current when it is built
    key = (shape, _theme(), str(alt.data_transformers.active), get_language())
    entry = _TEMPLATES.get(key)
    if entry is None:
        chart = build()
        entry = _TEMPLATES[key] = (chart.to_dict(), repr(chart))
    template, text = entry
    if set(template.get("datasets", {})) != set(datasets):
        have = sorted(template.get("datasets", {}))
        raise ValueError(f"shape {shape!r} has datasets {have}, not {sorted(datasets)}")
    spec = dict(template)  # the same key order as the chart's own spec
    spec["datasets"] = datasets
    for name, value in top.items():
        if name not in template:
            raise ValueError(f"shape {shape!r} has no top-level {name!r} to fill in")
        spec[name] = value
    return Spec(spec, text)
