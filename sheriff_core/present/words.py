"""The screens' words: translated templates, plurals and numbers in the current language.

Everything the pictures, charts and widgets show goes through these helpers, which read
the ``screens`` catalog (and, for game words such as a good's name, the ``core`` catalog)
through :mod:`sheriff_core.base.i18n` when the text is *made*, so a switch of language
changes the next render and nothing else. A widget built with ``language="th"`` renders
in Thai whatever the global switch says (its methods run inside :func:`rendering`); one
built with ``language=None`` (the default) follows the global switch at each render.

>>> from sheriff_core.base.i18n import language
>>> fmt("Round {n} of {total}", n=2, total=9)
'Round 2 of 9'
>>> nfmt("{n} card", "{n} cards", 3)
'3 cards'
>>> number(1234.5), percent(0.25)
('1,234.5', '25%')
>>> with language("zh"):
...     number(1234.5)
'1,234.5'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from sheriff_core.base.i18n import N_, SUPPORTED, _, get_language, language, ngettext

__all__ = [
    "fmt",
    "nfmt",
    "named",
    "key_of",
    "term",
    "number",
    "percent",
    "rendering",
    "check_language",
    "BABEL_LOCALES",
]

#: The Babel locale that formats numbers for each language code.
BABEL_LOCALES = {"en": "en_US", "th": "th_TH", "zh": "zh_Hans_CN"}

F = TypeVar("F", bound=Callable[..., Any])


def fmt(msgid: str, /, **fields: Any) -> str:
    """``msgid`` translated, then filled in with ``fields`` (``str.format``).

    >>> fmt("seat {n}", n=3)
    'seat 3'
    """
    return _(msgid).format(**fields)


def nfmt(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form of ``singular`` / ``plural`` for ``n`` (the catalog's plural rule), filled
    in with ``n`` and ``fields``.

    >>> nfmt("{n} card", "{n} cards", 1)
    '1 card'
    """
    return ngettext(singular, plural, n).format(n=n, **fields)


def number(value: float) -> str:
    """``value`` written the current language's way: Babel's ``format_decimal`` in Thai
    and Chinese (which group digits and mark decimals as English does), Python's own
    ``{:,}`` in English (the text the lessons' stored outputs hold).

    >>> number(0.5), number(20000)
    ('0.5', '20,000')
    """
    if get_language() == "en":
        return f"{value:,}"
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=BABEL_LOCALES[get_language()]))


def percent(value: float, digits: int = 0) -> str:
    """A share (0.25) as a percentage with ``digits`` decimals, the current language's way
    (Babel's ``format_percent``; Python's ``{:.1%}`` in English, as before).

    >>> percent(0.5), percent(0.7142857, 1)
    ('50%', '71.4%')
    """
    if get_language() == "en":
        return f"{value:.{digits}%}"
    from babel.numbers import format_percent

    pattern = "0" + ("." + "0" * digits if digits else "") + "%"
    return str(format_percent(value, format=pattern, locale=BABEL_LOCALES[get_language()]))


def check_language(lang: str | None) -> str | None:
    """``lang`` if it is ``None`` (follow the global switch) or a supported code, else a
    ``ValueError`` naming the supported ones.

    >>> check_language("th"), check_language(None)
    ('th', None)
    """
    if lang is not None and lang not in SUPPORTED:
        known = ", ".join(f"{k} ({v})" for k, v in SUPPORTED.items())
        raise ValueError(f"unknown language {lang!r}; supported: {known}")
    return lang


class _HasLanguage(Protocol):
    language: str | None


def rendering(method: F) -> F:
    """Run a widget's method in the widget's own language (``self.language``; ``None``
    follows the global switch), so callbacks fired later render in it too."""

    @functools.wraps(method)
    def wrapper(self: _HasLanguage, *args: Any, **kwargs: Any) -> Any:
        with language(getattr(self, "language", None)):
            return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def named(w: Any, description: str, /, **fields: Any) -> Any:
    """A control ``w`` showing ``description`` (filled with ``fields``) in the current
    language, found by its English text: ``w.key`` (what tables' ``press`` and
    ``control`` take, in every language)."""
    w.description = fmt(description, **fields)
    w.key = description.format(**fields)
    return w


def key_of(w: Any) -> str:
    """The English description a control is found by (its ``description`` when it has no
    ``key``)."""
    return str(getattr(w, "key", w.description))


def term(variant: Any, key: str) -> str:
    """The variant's word for ``key`` (``"merchant"``, ``"stand"``, ``"sheriff"``...) in
    the current language: the core catalog's capitalised game term when it has one (its
    ``"Merchant"`` is the role, its ``"merchant"`` a step's name), else the word itself.

    >>> from sheriff_core.rules.variants import load_variant
    >>> term(load_variant("classic"), "stand"), term(load_variant("disney"), "contraband")
    ('merchant stand', 'Stolen Treasure')
    """
    word = str(variant.term(key))
    cap = word[:1].upper() + word[1:]
    if cap != word and _(cap) != cap:
        return _(cap)
    return _(word)


#: A chart field's name in a tooltip, where it is not the field's own name.
TIP_TITLES = {
    "ci_low": N_("95 % CI from"),
    "ci_high": N_("95 % CI to"),
    "lineup": N_("line-up"),
    "win_rate": N_("win rate"),
    "fair": N_("fair share"),
    "distinguishable": N_("more than noise"),
    "label": N_("what"),
    "panel": N_("what"),
    "regime": N_("the fine goes"),
    "items": N_("illegal items loaded"),
    "outcome": N_("the bag is"),
    "caught_rate": N_("lies caught"),
    "iteration": N_("iterations"),
    "nash_conv": "NashConv",
    "sheriff": N_("Sheriff bot"),
}


#: The fields shown in tooltips under their own name, for message extraction.
_TIP_FIELDS = (
    N_("plan"),
    N_("strategy"),
    N_("mean"),
    N_("equilibrium"),
    N_("cards"),
    N_("seats"),
    N_("wins"),
    N_("lies"),
    N_("caught"),
    N_("amount"),
)


def tips(*items: Any) -> list[Any]:
    """A chart's tooltip list: as given in English (a field's name is its title, so the
    English charts and their SVG stay as they were), each field titled with its name in
    the current language otherwise (``alt.Tooltip(...).title(...)``)."""
    if get_language() == "en":
        return list(items)
    import altair as alt

    out = []
    for item in items:
        tip = alt.Tooltip(item) if isinstance(item, str) else item
        field = str(tip.shorthand).split(":")[0]
        out.append(tip.title(_(TIP_TITLES.get(field, field))))  # a titled copy
    return out
