"""The language switch: gettext catalogs for English, Thai and Chinese.

Everything a person reads goes through :func:`_` (or :func:`ngettext` for a count),
looked up in the current language's compiled catalog when it is *read*, so switching
language changes the next output and nothing else (game state, saves, typed actions and
simulation frames never depend on the language).

Three gettext domains, one per part that owns its words: ``core`` (card and good names,
kinds, steps, rule errors, narration, the command line: ``sheriff_core/locale/<lang>/
LC_MESSAGES/core.po``), ``screens`` (the widgets', charts' and summaries' labels:
``screens.po``) and ``lessons`` (the lessons' checks: ``lessons.po``). A lookup tries
``lessons``, ``screens``, then ``core``, then returns the English message id.

>>> set_language("en"); _("Apples")
'Apples'
>>> with language("th"):
...     get_language()
'th'
>>> get_language()
'en'
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "SUPPORTED",
    "LOCALE_DIR",
    "DOMAINS",
    "_",
    "ngettext",
    "N_",
    "set_language",
    "get_language",
    "language",
    "default_language",
]

#: Language codes people can choose, with each one's name in its own language.
SUPPORTED: dict[str, str] = {"en": "English", "th": "ไทย", "zh": "中文"}
#: Where the catalogs live: ``<lang>/LC_MESSAGES/<domain>.po`` (and the compiled ``.mo``).
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The gettext domains, looked up in this order.
DOMAINS = ("lessons", "screens", "core")

_current = "en"
_catalogs: dict[str, gettext.NullTranslations] = {}


def _catalog(lang: str) -> gettext.NullTranslations:
    """The merged translations of every domain for ``lang`` (cached; English is empty)."""
    found = _catalogs.get(lang)
    if found is None:
        found = gettext.NullTranslations()
        if lang != "en":
            chain: gettext.NullTranslations | None = None
            for domain in DOMAINS:
                t = gettext.translation(domain, LOCALE_DIR, [lang], fallback=True)
                if chain is None:
                    chain = t
                else:
                    chain.add_fallback(t)
            found = chain or found
        _catalogs[lang] = found
    return found


def _check(lang: str) -> str:
    if lang not in SUPPORTED:
        known = ", ".join(f"{k} ({v})" for k, v in SUPPORTED.items())
        raise ValueError(f"unknown language {lang!r}; supported: {known}")
    return lang


def set_language(lang: str) -> None:
    """Make ``lang`` (``"en"``, ``"th"`` or ``"zh"``) the language of everything shown next.

    >>> set_language("xx")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'xx'; supported: en (English), th (ไทย), zh (中文)
    """
    global _current
    _current = _check(lang)


def get_language() -> str:
    """The current language code.

    >>> get_language() in SUPPORTED
    True
    """
    return _current


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Use ``lang`` inside a ``with`` block, then go back (``None``: keep the current one).

    >>> with language("zh"):
    ...     get_language()
    'zh'
    """
    global _current
    before = _current
    if lang is not None:
        _current = _check(lang)
    try:
        yield _current
    finally:
        _current = before


def default_language(environ: dict[str, str] | None = None) -> str:
    """The language ``LANG`` names when it is a supported one (``th_TH.UTF-8`` -> ``th``),
    else English.

    >>> default_language({"LANG": "zh_CN.UTF-8"}), default_language({"LANG": "de_DE"})
    ('zh', 'en')
    """
    env = os.environ if environ is None else environ
    code = env.get("LANG", "").split(".")[0].split("_")[0].lower()
    return code if code in SUPPORTED else "en"


def _(message: str) -> str:
    """``message`` in the current language (the English text when it has no translation).

    >>> _("Apples")
    'Apples'
    """
    if _current == "en":
        return message
    return _catalog(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language (the catalog knows
    each language's plural rule: Thai and Chinese have one form).

    >>> ngettext("{n} card", "{n} cards", 2).format(n=2)
    '2 cards'
    """
    if _current == "en":
        return singular if n == 1 else plural
    return _catalog(_current).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (a table of names read
    later through :func:`_`).

    >>> N_("Bread")
    'Bread'
    """
    return message
