"""Text from data (player names, variant names, goods, house-rule files, saves) made safe
to print: no character of it can move the cursor, clear the screen, retitle the terminal,
ring the bell or reverse the text that follows.

Every control character (Unicode category ``Cc``: NUL, ESC, BEL, the C1 controls...),
line and paragraph separator (``Zl``, ``Zp``), lone surrogate (``Cs``) and bidirectional
control (U+200E/U+200F, U+202A-U+202E, U+2066-U+2069, U+061C) is shown as Python shows
it in a string literal: ``\\x1b``, ``\\n``, ``\\u202e``. Other characters, accents and
emoji included, are kept. HTML escaping is a separate matter (``html.escape``); the two
together make a name safe in a page: :func:`html_text`.

>>> printable("Ann\\x1b]0;pwned\\x07")
'Ann\\\\x1b]0;pwned\\\\x07'
>>> print(printable("Zoë \\u202eevil\\nBen"))
Zoë \\u202eevil\\nBen
>>> print(printable_lines("line one\\nline\\x1b[2J two"))
line one
line\\x1b[2J two
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterable
from typing import Any, TextIO

__all__ = [
    "printable",
    "printable_lines",
    "html_text",
    "printable_layout",
    "choices",
    "escape",
    "PrintableWriter",
    "UNSAFE_CATEGORIES",
]

#: Unicode categories shown as escapes (controls, line/paragraph separators, surrogates).
UNSAFE_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
#: Format characters that reorder the text around them (bidirectional controls).
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def _unsafe(ch: str) -> bool:
    return ch in BIDI_CONTROLS or unicodedata.category(ch) in UNSAFE_CATEGORIES


def _shown(ch: str) -> str:
    return repr(ch)[1:-1]  # repr's escapes: \x1b, \n, \u202e


def printable(text: object) -> str:
    """``str(text)`` with every control, separator and bidi-control character shown
    visibly as its escape (``\\x1b``, ``\\n``, ``\\u202e``); one line, always.

    >>> printable("tab\\there, NUL\\x00, bell\\x07")
    'tab\\\\there, NUL\\\\x00, bell\\\\x07'
    >>> printable("plain Café ☕")
    'plain Café ☕'
    """
    s = str(text)
    if s.isprintable():  # the usual case: nothing to do (isprintable is False for all we escape)
        return s
    return "".join(_shown(ch) if _unsafe(ch) else ch for ch in s)


def printable_lines(text: object) -> str:
    """:func:`printable` line by line: the line breaks ``\\n`` are kept, everything else
    unsafe is shown as its escape (for text made of several lines, such as a table).

    >>> printable_lines("a\\x1b[2J\\nb\\r")
    'a\\\\x1b[2J\\nb\\\\r'
    """
    return "\n".join(printable(line) for line in str(text).split("\n"))


def printable_layout(text: object) -> str:
    """:func:`printable_lines` that also keeps tabs: the layout characters of a table
    or a ``<pre>`` block stay, everything else unsafe is shown as its escape.

    >>> printable_layout("a\\tb\\nc\\x07")
    'a\\tb\\nc\\\\x07'
    """
    return "\t".join(printable_lines(part) for part in str(text).split("\t"))


def html_text(text: object) -> str:
    """Text for an HTML page or attribute: :func:`printable_layout` (line breaks and tabs,
    which HTML reads as spaces, kept), then ``html.escape`` (quotes included, so it is
    safe inside ``"..."`` and ``'...'`` attributes).

    >>> html_text('Ann" onmouseover="alert(1)')
    'Ann&quot; onmouseover=&quot;alert(1)'
    >>> html_text("<script>\\u202e\\n")
    '&lt;script&gt;\\\\u202e\\n'
    """
    return html.escape(printable_layout(text), quote=True)


def choices(values: Iterable[str]) -> list[Any]:
    """Options for a choice widget (a ``Dropdown``): the values themselves when each
    prints as it is, else ``(printable(value), value)`` pairs, so the labels show
    control characters as escapes while the values stay the names.

    >>> choices(["Apples", "Silk"])
    ['Apples', 'Silk']
    >>> choices(["Apples", "Si\\x1blk"])
    [('Apples', 'Apples'), ('Si\\\\x1blk', 'Si\\x1blk')]
    """
    values = list(values)
    if all(printable(v) == v for v in values):
        return values
    return [(printable(v), v) for v in values]


#: :func:`html_text` under ``html.escape``'s name: ``from sheriff_core.base.safe_text import
#: escape`` in place of ``from html import escape`` shows control characters too.
escape = html_text


class PrintableWriter:
    """A text stream that passes what is written through :func:`printable_lines`
    (``\\n`` kept, ``\\t`` kept for tables) to ``stream``: wrap ``sys.stdout`` with it and
    nothing printed can drive the terminal.

    >>> import io
    >>> out = io.StringIO()
    >>> w = PrintableWriter(out)
    >>> _ = w.write("Ann\\x1b[2J\\tBen\\n")
    >>> out.getvalue()
    'Ann\\\\x1b[2J\\tBen\\n'
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(printable_layout(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def __getattr__(self, name: str) -> object:  # isatty, encoding, fileno...
        return getattr(self.stream, name)
