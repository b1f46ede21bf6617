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
from collections.abc import Iterable, Iterator
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
    "pgettext",
    "Message",
    "Joined",
    "Term",
    "Names",
    "good_name",
    "term",
    "number",
    "render",
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
        raise ValueError(
            Message("unknown language {lang!r}; supported: {known}", lang=lang, known=known)
        )
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


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context`` (one English word with two
    meanings: Nottingham's Sheriff is a pawn on a track).

    >>> pgettext("nottingham", "Sheriff")
    'Sheriff'
    """
    if _current == "en":
        return message
    return _catalog(_current).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (a table of names read
    later through :func:`_`).

    >>> N_("Bread")
    'Bread'
    """
    return message


def _shown(value: object) -> object:
    """A message parameter as it is shown: lazy parts (:class:`Term`, :class:`Names`,
    :class:`Message`) rendered in the current language, the rest unchanged."""
    if isinstance(value, Term | Names | Message):
        return str(value)
    return value


def render(msgid: str, params: dict[str, object] | None = None) -> str:
    """``msgid`` translated, then filled with ``params`` (``str.format`` fields).

    >>> render("{n} gold", {"n": 3})
    '3 gold'
    """
    text = _(msgid)
    if not params:
        return text
    return text.format(**{k: _shown(v) for k, v in params.items()})


class Message:
    """A sentence kept as its message id and parameters, rendered in the language current
    when it is *read* (``str(m)``): building one formats nothing and calls no gettext, so
    the engine may build it on a refusal path.

    >>> m = Message("you have {n} gold", n=5)
    >>> str(m), m.msgid, m.params
    ('you have 5 gold', 'you have {n} gold', {'n': 5})
    """

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, /, **params: object) -> None:
        self.msgid = msgid
        self.params = params

    def __str__(self) -> str:
        return render(self.msgid, self.params)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.params) == (other.msgid, other.params)

    def __hash__(self) -> int:
        return hash(self.msgid)

    def __reduce__(self) -> tuple[object, ...]:
        return (_message, (self.msgid, self.params))


def _message(msgid: str, params: dict[str, object]) -> Message:
    return Message(msgid, **params)


class Joined:
    """Several sentences (:class:`Message`, or any text) joined by the current language's
    separator ``sep`` (a message id: ``"; "`` by default), rendered when read.

    >>> j = Joined([Message("gold: {g}", g=3), "hand: Apples"]); str(j)
    'gold: 3; hand: Apples'
    """

    __slots__ = ("parts", "sep")

    def __init__(self, parts: Iterable[object], sep: str = "; ") -> None:
        self.parts: tuple[object, ...] = tuple(parts)
        self.sep = sep

    def __str__(self) -> str:
        # TRANSLATORS: the separator between the parts of a bot's state ("gold: 3; hand: ...")
        sep = _("; ") if self.sep == "; " else _(self.sep)
        return sep.join(str(p) for p in self.parts)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Joined({list(self.parts)!r}, sep={self.sep!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (other.parts, other.sep) == (self.parts, self.sep)

    def __hash__(self) -> int:
        return hash(self.parts)


class Term:
    """A game word (a good, card, kind, token, step...) kept as its English key and shown
    translated: ``str(Term("Apples"))`` is the current language's name.

    >>> t = Term("Apples"); str(t), t.key, f"{t:>8}"
    ('Apples', 'Apples', '  Apples')
    >>> with language("th"):
    ...     str(t) != "" and t.key == "Apples"
    True
    """

    __slots__ = ("key",)

    def __init__(self, key: object) -> None:
        self.key = str(key)

    def __str__(self) -> str:
        return _(self.key) if self.key else self.key

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return repr(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


class Names:
    """Several game words (card names, say) shown translated and joined by the current
    language's list separator; ``repr`` is the English keys' list.

    >>> str(Names(["Apples", "Bread"])), repr(Names(("Apples",)))
    ('Apples, Bread', "['Apples']")
    """

    __slots__ = ("keys",)

    def __init__(self, keys: object) -> None:
        self.keys = tuple(str(k) for k in keys)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        # TRANSLATORS: the separator between the items of a list ("Apples, Bread")
        return _(", ").join(_(k) for k in self.keys)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return repr(list(self.keys))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Names) and other.keys == self.keys

    def __hash__(self) -> int:
        return hash(self.keys)


def good_name(key: str) -> str:
    """The shown name of a good, card, token or other game word ``key`` (its English data
    key) in the current language; the key itself never changes.

    >>> good_name("Pepper")
    'Pepper'
    >>> with language("zh"):
    ...     good_name("Pepper") != "Pepper"
    True
    """
    return _(key)


#: The same lookup under the name the screens use for any game word.
term = good_name


def number(value: float, digits: int | None = None) -> str:
    """``value`` written the current language's way (digit grouping, decimal mark) by
    Babel's CLDR data; ``digits``: fixed decimals.

    >>> number(12345), number(0.5, 2)
    ('12,345', '0.50')
    """
    from babel.numbers import format_decimal

    pattern = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    locale = {"en": "en_US", "th": "th_TH", "zh": "zh_Hans_CN"}[_current]
    return format_decimal(value, format=pattern, locale=locale)
