"""Cards you can see: SVG pictures of goods cards, bags, stands, discard piles and tables.

Everything is drawn by this module's own code as inline SVG inside inline-styled HTML
(no stylesheet, script, font or image from anywhere else), from the variant data: any
variant's goods get a card. Standard library only, on top of the engine. Importing this
module gives every :class:`~sheriff_core.engine.game.Game` its notebook display
(``Game._repr_html_``, :func:`game_html`; ``import sheriff_core`` imports it), so the
engine imports nothing from the presentation layer. Same input, same bytes.

A card is 80 x 112 px at ``scale=1`` (text 11 px and larger), with the good's name and
emblem, its kind as a coloured band with the word, its value (top left, "value") and
fine (top right, "fine"); each ``<svg>`` has ``role="img"``, a ``<title>`` and an
``aria-label`` that say the same thing in words.

>>> from sheriff_core import load_variant
>>> v = load_variant("classic")
>>> svg = card_svg(v, "Cheese")
>>> svg.startswith("<svg") and 'aria-label="Cheese: legal good, value 3, fine 2"' in svg
True
>>> "Cheese" in card_svg(v, "Cheese", face_down=True)
False
>>> "declared: 3 Apples" in bag_html(v, ["Apples", "Apples", "Silk"], declared=("Apples", 3))
True
"""

from __future__ import annotations

import colorsys
import hashlib
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Sequence

from sheriff_core.base.i18n import _
from sheriff_core.base.safe_text import html_text as escape  # html.escape of printable(text)
from sheriff_core.engine.game import Game
from sheriff_core.engine.steps import ConfiscateChoice
from sheriff_core.engine.view import SeatView, observe
from sheriff_core.present.words import fmt, nfmt, term
from sheriff_core.rules.variants import Good, Variant

__all__ = [
    "game_html",
    "CARD_WIDTH",
    "CARD_HEIGHT",
    "card_svg",
    "card_title",
    "good_colour",
    "cards_html",
    "bag_html",
    "stand_html",
    "piles_html",
    "player_html",
    "table_html",
]

CARD_WIDTH = 80
CARD_HEIGHT = 112
TABLE_SCALE = 0.85  # default scale of player_html / table_html: a 4-player table fits 1400 px

#: Latin first, then fonts with Thai (fonts-thai-tlwg, Noto) and Chinese (fonts-noto-cjk).
FONT = (
    "Verdana, 'DejaVu Sans', Arial, Helvetica, 'Noto Sans Thai', Loma, Garuda, "
    "'Noto Sans CJK SC', 'Noto Sans SC', 'WenQuanYi Zen Hei', sans-serif"
)
INK = "#222"

#: Fixed colours for the goods of the bundled variants; other names get a hashed hue.
PALETTE: dict[str, str] = {
    "Apples": "#c62828",
    "Green Apples": "#558b2f",
    "Golden Apples": "#e0a800",
    "Cheese": "#e8b100",
    "Gouda Cheese": "#e08a00",
    "Bleu Cheese": "#4f7cac",
    "Bread": "#a0622d",
    "Rye Bread": "#7a4a24",
    "Pumpernickel Bread": "#4e342e",
    "Chickens": "#d9772e",
    "Royal Rooster": "#b23c17",
    "Pepper": "#e53935",
    "Mead": "#b8860b",
    "Silk": "#8e24aa",
    "Crossbow": "#546e7a",
    "Carrots": "#ef6c00",
    "Wood": "#6d4c41",
    "Fabric": "#3949ab",
    "Jewels": "#00897b",
    "Rings": "#c49000",
    "Money Bags": "#2e7d32",
    "Crowns": "#d4a000",
}

KIND_COLOURS = {"legal": "#2e7d32", "contraband": "#b71c1c", "royal": "#6a1b9a"}
_KIND_FALLBACK = "#455a64"


# --------------------------------------------------------------------------- colours


def _hex(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` of the way to ``other``."""
    a, b = _rgb(colour), _rgb(other)
    return _hex([x + (y - x) * t for x, y in zip(a, b, strict=True)])


def good_colour(name: str) -> str:
    """The colour of a good: fixed for the bundled goods, else a hue from the name's digest.

    The fallback hashes with SHA-256 (not Python's salted ``hash``), so it is the same
    in every process.

    >>> good_colour("Cheese"), good_colour("Turnips") == good_colour("Turnips")
    ('#e8b100', True)
    """
    if name in PALETTE:
        return PALETTE[name]
    digest = hashlib.sha256(name.encode("utf-8")).digest()
    hue = int.from_bytes(digest[:2], "big") / 65536.0
    return _hex([c * 255 for c in colorsys.hls_to_rgb(hue, 0.40, 0.55)])


# --------------------------------------------------------------------------- text


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of ``text`` in a Verdana-like font."""
    w = 0.0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) == "Mn":
            continue  # a Thai vowel or tone mark sits above or below its letter
        if ord(ch) >= 0x2E80:  # Chinese: a full-width square
            w += 1.0
        elif ch == " ":
            w += 0.35
        elif ch in "iljtfr'.,:;!|":
            w += 0.38
        elif ch in "mwMW":
            w += 0.95
        elif ch.isupper() or ch.isdigit():
            w += 0.72
        else:
            w += 0.62
    return w * size * (1.08 if bold else 1.0)


def _svg_text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    fill: str = INK,
    bold: bool = False,
    anchor: str = "middle",
    max_width: float | None = None,
) -> str:
    """One ``<text>``; squeezed to ``max_width`` (textLength) if it would be wider."""
    fit = ""
    if max_width is not None and _text_width(text, size, bold) > max_width:
        fit = f' textLength="{max_width:g}" lengthAdjust="spacingAndGlyphs"'
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{weight} fill="{fill}" '
        f'text-anchor="{anchor}"{fit}>{escape(text)}</text>'
    )


def _split_name(name: str, size: float, width: float) -> list[str]:
    """The name on one line if it fits, else on two lines split at the best space."""
    if _text_width(name, size, True) <= width or " " not in name:
        return [name]
    words = name.split(" ")
    best = min(
        range(1, len(words)),
        key=lambda i: max(
            _text_width(" ".join(words[:i]), size, True),
            _text_width(" ".join(words[i:]), size, True),
        ),
    )
    return [" ".join(words[:best]), " ".join(words[best:])]


def _initials(name: str) -> str:
    parts = [p for p in name.replace("-", " ").split() if p]
    if len(parts) >= 2:
        return (parts[0][0] + parts[1][0]).upper()
    return name[:2].title() if name else "?"


# --------------------------------------------------------------------------- emblems
# Each draws in the card's own coordinates (80 x 112), in the box x 20-60, y 38-72.


def _apple(c: str) -> str:
    return (
        f'<circle cx="40" cy="57" r="13" fill="{c}" stroke="{_mix(c, "#000000", 0.35)}" '
        'stroke-width="1.5"/>'
        '<path d="M40 45 Q41 40 44 37" stroke="#5d4037" stroke-width="2.5" fill="none"/>'
        '<ellipse cx="47" cy="41" rx="5" ry="2.5" fill="#558b2f" '
        'transform="rotate(-30 47 41)"/>'
        '<ellipse cx="35" cy="52" rx="3" ry="4.5" fill="#ffffff" opacity="0.5"/>'
    )


def _cheese(c: str) -> str:
    d = _mix(c, "#000000", 0.3)
    return (
        f'<polygon points="21,68 59,68 59,50 21,60" fill="{c}" stroke="{d}" '
        'stroke-width="1.5" stroke-linejoin="round"/>'
        f'<polygon points="21,60 59,50 50,44" fill="{_mix(c, "#ffffff", 0.35)}" stroke="{d}" '
        'stroke-width="1.5" stroke-linejoin="round"/>'
        f'<circle cx="32" cy="63" r="2.5" fill="{d}"/>'
        f'<circle cx="46" cy="60" r="3.2" fill="{d}"/>'
        f'<circle cx="53" cy="65" r="1.8" fill="{d}"/>'
    )


def _bread(c: str) -> str:
    d = _mix(c, "#000000", 0.35)
    lines = "".join(
        f'<path d="M{x} 50 L{x + 5} 44" stroke="{_mix(c, "#ffffff", 0.5)}" '
        'stroke-width="2.5" stroke-linecap="round"/>'
        for x in (29, 37, 45)
    )
    return (
        f'<path d="M20 66 L20 54 Q20 41 40 41 Q60 41 60 54 L60 66 Z" fill="{c}" '
        f'stroke="{d}" stroke-width="1.5"/>' + lines
    )


def _chicken(c: str) -> str:
    return (
        '<g transform="translate(3 3)">'
        '<ellipse cx="43" cy="58" rx="15" ry="11" fill="#fffaf0" stroke="#6d4c41" '
        'stroke-width="1.5"/>'
        f'<path d="M55 52 Q62 46 60 57" fill="{c}" stroke="#6d4c41" stroke-width="1"/>'
        '<circle cx="29" cy="47" r="6.5" fill="#fffaf0" stroke="#6d4c41" stroke-width="1.5"/>'
        '<path d="M25 41 Q27 36 29 40 Q31 35 33 41 Z" fill="#d32f2f"/>'
        '<polygon points="23,46 17,48.5 23,50" fill="#f9a825"/>'
        '<circle cx="28" cy="46" r="1.3" fill="#222"/>'
        '<path d="M40 69 L38 73 M47 69 L48 73" stroke="#f9a825" stroke-width="2"/></g>'
    )


def _pepper(c: str) -> str:
    return (
        f'<path d="M29 48 C48 44 60 56 52 72 C49 62 41 54 29 53 Z" fill="{c}" '
        f'stroke="{_mix(c, "#000000", 0.35)}" stroke-width="1.5"/>'
        '<path d="M29 50 Q24 48 24 42" stroke="#2e7d32" stroke-width="3" fill="none" '
        'stroke-linecap="round"/>'
    )


def _mead(c: str) -> str:
    d = _mix(c, "#000000", 0.35)
    return (
        f'<path d="M47 50 Q57 50 57 58 Q57 66 47 66" stroke="{d}" stroke-width="3" '
        'fill="none"/>'
        f'<rect x="25" y="45" width="23" height="26" rx="3" fill="{c}" stroke="{d}" '
        'stroke-width="1.5"/>'
        '<path d="M24 47 Q26 39 31 42 Q35 37 40 42 Q45 38 49 46 Z" fill="#fffdf5" '
        'stroke="#bbb" stroke-width="1"/>'
        f'<path d="M31 52 L31 66 M37 52 L37 66 M43 52 L43 66" stroke="{d}" '
        'stroke-width="1" opacity="0.6"/>'
    )


def _cloth(c: str) -> str:
    d = _mix(c, "#000000", 0.35)
    light = _mix(c, "#ffffff", 0.35)
    return (
        f'<path d="M20 46 L46 46 L46 66 L20 66 Q24 61 20 56 Q24 51 20 46 Z" fill="{light}" '
        f'stroke="{d}" stroke-width="1.5"/>'
        f'<ellipse cx="47" cy="56" rx="9" ry="12" fill="{c}" stroke="{d}" stroke-width="1.5"/>'
        f'<ellipse cx="47" cy="56" rx="3" ry="4" fill="{d}"/>'
        f'<path d="M24 51 Q33 54 42 50 M24 61 Q33 64 42 60" stroke="{c}" stroke-width="1.5" '
        'fill="none"/>'
    )


def _crossbow(c: str) -> str:
    return (
        f'<path d="M21 50 Q40 36 59 50" stroke="{c}" stroke-width="4" fill="none" '
        'stroke-linecap="round"/>'
        '<path d="M21 50 L40 57 L59 50" stroke="#444" stroke-width="1" fill="none"/>'
        '<rect x="37.5" y="42" width="5" height="31" rx="2" fill="#6d4c41"/>'
        '<path d="M40 57 L40 36" stroke="#333" stroke-width="1.5"/>'
        '<polygon points="36.5,38 40,32 43.5,38" fill="#333"/>'
    )


def _carrot(c: str) -> str:
    return (
        '<path d="M40 46 Q35 38 31 37 M40 46 Q40 37 40 34 M40 46 Q45 38 49 37" '
        'stroke="#2e7d32" stroke-width="3" fill="none" stroke-linecap="round"/>'
        f'<path d="M32 47 Q40 43 48 47 L41 73 Q40 74 39 73 Z" fill="{c}" '
        f'stroke="{_mix(c, "#000000", 0.3)}" stroke-width="1.5"/>'
        f'<path d="M35 54 L39 54 M40 61 L43 61 M37 66 L40 66" stroke="{_mix(c, "#000000", 0.3)}" '
        'stroke-width="1.3"/>'
    )


def _wood(c: str) -> str:
    end = "#d7b48a"
    return (
        f'<rect x="20" y="47" width="32" height="19" rx="3" fill="{c}" '
        f'stroke="{_mix(c, "#000000", 0.35)}" stroke-width="1.5"/>'
        f'<path d="M23 53 L46 53 M26 60 L44 60" stroke="{_mix(c, "#000000", 0.35)}" '
        'stroke-width="1"/>'
        f'<ellipse cx="52" cy="56.5" rx="7" ry="9.5" fill="{end}" stroke="{c}" stroke-width="1.5"/>'
        f'<ellipse cx="52" cy="56.5" rx="3.5" ry="5" fill="none" stroke="{c}" stroke-width="1"/>'
    )


def _jewel(c: str) -> str:
    d = _mix(c, "#000000", 0.35)
    light = _mix(c, "#ffffff", 0.45)
    return (
        f'<polygon points="29,45 51,45 59,54 40,72 21,54" fill="{c}" stroke="{d}" '
        'stroke-width="1.5" stroke-linejoin="round"/>'
        f'<polygon points="29,45 35,54 45,54 51,45" fill="{light}"/>'
        f'<path d="M21 54 L59 54 M35 54 L40 72 L45 54" stroke="{d}" stroke-width="1" '
        'fill="none"/>'
    )


def _ring(c: str) -> str:
    return (
        f'<circle cx="40" cy="61" r="10.5" fill="none" stroke="{c}" stroke-width="4.5"/>'
        '<polygon points="40,40 47,46 40,52 33,46" fill="#e53935" stroke="#7f0000" '
        'stroke-width="1"/>'
    )


def _money_bag(c: str) -> str:
    d = _mix(c, "#000000", 0.35)
    return (
        f'<path d="M34 47 Q24 56 25 64 Q26 72 40 72 Q54 72 55 64 Q56 56 46 47 Z" fill="{c}" '
        f'stroke="{d}" stroke-width="1.5"/>'
        f'<path d="M34 47 L31 40 Q40 43 49 40 L46 47 Z" fill="{c}" stroke="{d}" '
        'stroke-width="1.5"/>'
        '<path d="M33 47 L47 47" stroke="#f9d34a" stroke-width="2.5"/>'
        '<circle cx="40" cy="61" r="6" fill="#f9d34a" stroke="#8a6d00" stroke-width="1"/>'
    )


def _crown_shape(cx: float, y: float, w: float, h: float, fill: str) -> str:
    """A crown with its base at ``y`` (bottom), ``w`` wide and ``h`` high."""
    x0, x1 = cx - w / 2, cx + w / 2
    pts = [
        (x0, y),
        (x0, y - h),
        (cx - w / 4, y - h * 0.45),
        (cx, y - h * 1.05),
        (cx + w / 4, y - h * 0.45),
        (x1, y - h),
        (x1, y),
    ]
    points = " ".join(f"{px:g},{py:g}" for px, py in pts)
    return (
        f'<polygon points="{points}" fill="{fill}" stroke="#7a5a00" stroke-width="1.2" '
        'stroke-linejoin="round"/>'
    )


def _crown(c: str) -> str:
    return (
        _crown_shape(40, 68, 36, 24, c)
        + '<rect x="22" y="64" width="36" height="5" fill="#7a5a00" opacity="0.35"/>'
        + '<circle cx="40" cy="56" r="2.6" fill="#e53935"/>'
        + '<circle cx="30" cy="58" r="2" fill="#1e88e5"/>'
        + '<circle cx="50" cy="58" r="2" fill="#1e88e5"/>'
    )


def _generic(c: str, name: str) -> str:
    return (
        f'<circle cx="40" cy="56" r="15" fill="{c}" stroke="{_mix(c, "#000000", 0.35)}" '
        'stroke-width="1.5"/>' + _svg_text(40, 61.5, _initials(name), 14, fill="#fff", bold=True)
    )


# Keyword in the lower-case name -> emblem (first match wins).
_EMBLEMS: tuple[tuple[str, Callable[[str], str]], ...] = (
    ("crossbow", _crossbow),
    ("apple", _apple),
    ("cheese", _cheese),
    ("bread", _bread),
    ("chicken", _chicken),
    ("rooster", _chicken),
    ("pepper", _pepper),
    ("mead", _mead),
    ("silk", _cloth),
    ("fabric", _cloth),
    ("cotton", _cloth),
    ("carrot", _carrot),
    ("wood", _wood),
    ("jewel", _jewel),
    ("ring", _ring),
    ("money", _money_bag),
    ("crown", _crown),
)


def _emblem(name: str, colour: str) -> str:
    low = name.lower()
    for key, draw in _EMBLEMS:
        if key in low:
            return draw(colour)
    return _generic(colour, name)


# --------------------------------------------------------------------------- cards


def _good(variant: Variant, name: str) -> Good:
    good = variant.goods.get(name)
    if good is None:
        raise ValueError(
            f"{name!r} is not a good of {variant.name}: its goods are {', '.join(variant.goods)}"
        )
    return good


def _kind_word(variant: Variant, kind: str) -> str:
    """The band's word: the variant's term for contraband (e.g. Disney's Stolen Treasure)."""
    return term(variant, "contraband") if kind == "contraband" else _(kind)


def card_title(variant: Variant, name: str) -> str:
    """What a card says in words (its ``<title>`` and ``aria-label``).

    >>> from sheriff_core import load_variant
    >>> card_title(load_variant("classic"), "Silk")
    'Silk: contraband good, value 8, fine 4'
    >>> card_title(load_variant("disney"), "Jewels")
    'Jewels: contraband good (Stolen Treasure), value 9, fine 4'
    """
    g = _good(variant, name)
    word = _kind_word(variant, g.kind)
    kind = fmt("{kind} good", kind=_(g.kind)) + (f" ({word})" if word != _(g.kind) else "")
    extra = ""
    if g.counts_as:
        extra = fmt(", counts as {n} {good}", n=g.counts_as[1], good=_(g.counts_as[0]))
    return fmt(
        "{name}: {kind}, value {value}, fine {fine}{extra}",
        name=_(name),
        kind=kind,
        value=g.value,
        fine=g.penalty,
        extra=extra,
    )


def _svg_open(label: str, scale: float, extra_style: str = "") -> str:
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(label)}" '
        f'width="{w:g}" height="{h:g}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" '
        f'font-family="{FONT}" style="display:block;flex:none{extra_style}">'
        f"<title>{escape(label)}</title>"
    )


_SELECTED = "#1565c0"


def _card_back(scale: float, selected: bool, label: str) -> str:
    # A lattice of small diamonds inside a gold frame, and a "?" in the middle.
    diamonds = []
    for row in range(9):
        for col in range(6):
            cx = 12 + col * 11.2 + (5.6 if row % 2 else 0)
            cy = 13 + row * 10.8
            if cx > 70:
                continue
            diamonds.append(
                f"M{cx:g} {cy - 3:g} L{cx + 3:g} {cy:g} L{cx:g} {cy + 3:g} L{cx - 3:g} {cy:g} Z"
            )
    border = _SELECTED if selected else "#10202f"
    width = 4 if selected else 2
    return (
        _svg_open(label, scale)
        + f'<rect x="1" y="1" width="78" height="110" rx="7" fill="#24435f" stroke="{border}" '
        f'stroke-width="{width}"/>'
        '<rect x="6" y="6" width="68" height="100" rx="4" fill="none" stroke="#d4af37" '
        'stroke-width="1.5"/>'
        f'<path d="{" ".join(diamonds)}" fill="#2f5677"/>'
        '<circle cx="40" cy="56" r="16" fill="#1b3247" stroke="#d4af37" stroke-width="2"/>'
        + _svg_text(40, 65, "?", 26, fill="#f3d36b", bold=True)
        + "</svg>"
    )


def card_svg(
    variant: Variant,
    name: str,
    *,
    face_down: bool = False,
    selected: bool = False,
    scale: float = 1.0,
) -> str:
    """One card as an ``<svg>`` element: face up (good, emblem, kind band, value and fine)
    or face down (a card back with "?", which says nothing about the good).

    ``selected`` draws a thick blue border (for builders); ``scale`` multiplies the
    80 x 112 px size. A name that is not a good of ``variant`` is a ``ValueError``.

    >>> from sheriff_core import load_variant
    >>> v = load_variant("disney")
    >>> svg = card_svg(v, "Crowns", scale=1.5)
    >>> 'width="120" height="168"' in svg, ">Stolen Treasure<" in svg
    (True, True)
    >>> card_svg(v, "Apples")
    Traceback (most recent call last):
    ...
    ValueError: 'Apples' is not a good of disney: its goods are Carrots, Cheese, Wood, Fabric, Jewels, Rings, Money Bags, Crowns
    """
    g = _good(variant, name)
    if scale <= 0:
        raise ValueError(f"scale must be positive, not {scale}")
    if face_down:
        label = _("face-down card") + (_(", selected") if selected else "")
        return _card_back(scale, selected, label)
    colour = good_colour(name)
    tint = _mix(colour, "#ffffff", 0.84)
    edge = _SELECTED if selected else _mix(colour, "#000000", 0.2)
    kind_colour = KIND_COLOURS.get(g.kind, _KIND_FALLBACK)
    title = card_title(variant, name) + (_(", selected") if selected else "")
    parts = [
        _svg_open(title, scale),
        f'<rect x="1" y="1" width="78" height="110" rx="7" fill="{tint}"/>',
        # value: a gold coin, top left; fine: a red seal, top right
        '<circle cx="15" cy="15" r="11" fill="#f4c542" stroke="#8a6d00" stroke-width="1.5"/>',
        _svg_text(15, 20, str(g.value), 14, bold=True, max_width=19),
        '<circle cx="65" cy="15" r="11" fill="#c62828" stroke="#7f0000" stroke-width="1.5"/>',
        _svg_text(65, 20, str(g.penalty), 14, fill="#fff", bold=True, max_width=19),
        _svg_text(5, 38, _("value"), 11, anchor="start", max_width=36),
        _svg_text(75, 38, _("fine"), 11, anchor="end", max_width=36),
    ]
    if g.kind == "royal":
        parts.append(_crown_shape(40, 22, 20, 13, "#f4c542"))
    parts.append(_emblem(name, colour))
    lines = _split_name(_(name), 12, 72)
    if len(lines) == 1:
        parts.append(_svg_text(40, 89, lines[0], 12, bold=True, max_width=72))
    else:
        parts.append(_svg_text(40, 82, lines[0], 11, bold=True, max_width=72))
        parts.append(_svg_text(40, 93, lines[1], 11, bold=True, max_width=72))
    parts.append(
        f'<path d="M1 96 H79 V104 Q79 111 72 111 H8 Q1 111 1 104 Z" fill="{kind_colour}"/>'
    )
    parts.append(
        _svg_text(40, 107.5, _kind_word(variant, g.kind), 11, fill="#fff", bold=True, max_width=70)
    )
    width = 4 if selected else 2
    parts.append(
        f'<rect x="1" y="1" width="78" height="110" rx="7" fill="none" stroke="{edge}" '
        f'stroke-width="{width}"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


# --------------------------------------------------------------------------- HTML pieces


def _px(value: float) -> str:
    return f"{round(value, 1):g}px"


def _font(scale: float, size: float = 13, bold: bool = False) -> str:
    weight = "bold " if bold else ""
    return f"font:{weight}{_px(max(11.0, size * scale))} {FONT}"


def _label(text: str, scale: float, *, bold: bool = True, colour: str = "#333") -> str:
    return (
        f'<div style="{_font(scale, 13, bold)};color:{colour};margin:0 0 {_px(4 * scale)} 0">'
        f"{escape(text)}</div>"
    )


def _row(items: Sequence[str], scale: float, gap: float = 6) -> str:
    return (
        f'<div style="display:flex;flex-wrap:wrap;gap:{_px(gap * scale)};align-items:flex-start">'
        + "".join(items)
        + "</div>"
    )


def _outline(text: str, scale: float) -> str:
    """A dashed card-sized outline: an empty place."""
    return (
        f'<div style="width:{_px(CARD_WIDTH * scale - 4)};height:{_px(CARD_HEIGHT * scale - 4)};'
        f"border:2px dashed #9e9e9e;border-radius:{_px(7 * scale)};display:flex;"
        f"align-items:center;justify-content:center;text-align:center;flex:none;"
        f'{_font(scale, 12)};color:#757575">{escape(text)}</div>'
    )


def cards_html(
    variant: Variant,
    cards: Sequence[str],
    *,
    face_down: bool = False,
    selected: Collection[int] = (),
    label: str | None = None,
    scale: float = 1.0,
    hidden: Collection[int] = (),
) -> str:
    """A row of cards (a hand, a bag), wrapping when it is wider than the page.

    ``selected`` holds positions in ``cards`` (0-based) drawn with a highlighted
    border; ``hidden`` positions are drawn face down (e.g. cards not yet drawn);
    ``label`` is a heading above the row. No cards: a dashed outline "none".

    >>> from sheriff_core import load_variant
    >>> html = cards_html(load_variant("classic"), ["Apples", "Silk"], selected=[1], label="hand")
    >>> html.count("<svg"), html.count("Silk: contraband good, value 8, fine 4, selected")
    (2, 2)
    """
    picked, down = set(selected), set(hidden)
    for what, positions in (("selected", picked), ("hidden", down)):
        bad = sorted(i for i in positions if not 0 <= i < len(cards))
        if bad:
            raise ValueError(f"{what} positions {bad} are not among the {len(cards)} cards")
    items = [
        card_svg(variant, c, face_down=face_down or i in down, selected=i in picked, scale=scale)
        for i, c in enumerate(cards)
    ] or [_outline("none", scale)]
    head = _label(label, scale) if label else ""
    return f'<div style="display:inline-block">{head}{_row(items, scale)}</div>'


def bag_html(
    variant: Variant,
    cards: Sequence[str],
    *,
    declared: tuple[str, int] | None = None,
    face_down: bool = False,
    scale: float = 1.0,
) -> str:
    """A bag: its cards (face up for the owner, card backs for everybody else) in a
    drawstring-bag frame, labelled with the declaration ``(good, count)`` if any.

    >>> from sheriff_core import load_variant
    >>> html = bag_html(load_variant("classic"), ["Silk"], declared=("Apples", 1), face_down=True)
    >>> "Silk" in html, "declared: 1 Apples" in html, "bag: 1 card" in html
    (False, True, True)
    """
    n = len(cards)
    head = nfmt("bag: {n} card", "bag: {n} cards", n)
    if declared is not None:
        head += " \u2014 " + fmt("declared: {count} {good}", count=declared[1], good=_(declared[0]))
    items = [card_svg(variant, c, face_down=face_down, scale=scale) for c in cards] or [
        _outline(_("empty bag"), scale)
    ]
    return (
        f'<div style="display:inline-block;border:2px solid #8d6e63;background:#efe3d3;'
        f'border-radius:{_px(12 * scale)};padding:{_px(6 * scale)}">'
        + _label(head, scale, colour="#4e342e")
        + _row(items, scale)
        + "</div>"
    )


def _stack(card: str, count: int, scale: float, colour: str, badge: str) -> str:
    """A card on top of up to two offset shadow cards, with a count badge."""
    d = 4 * scale
    shadows = min(count - 1, 2)
    w, h = CARD_WIDTH * scale, CARD_HEIGHT * scale
    room = 12 * scale  # the badge sits on the right edge, beside the emblem
    parts = [
        f'<div style="position:relative;flex:none;width:{_px(w + 2 * d + room)};'
        f'height:{_px(h + 2 * d)}">'
    ]
    for k in range(shadows, 0, -1):
        parts.append(
            f'<div style="position:absolute;left:{_px(k * d)};top:{_px(k * d)};'
            f"width:{_px(w - 4)};height:{_px(h - 4)};border:2px solid {colour};"
            f'border-radius:{_px(7 * scale)};background:#f5f0e6"></div>'
        )
    parts.append(f'<div style="position:absolute;left:0;top:0">{card}</div>')
    parts.append(
        f'<div style="position:absolute;left:{_px(w - 14 * scale)};top:{_px(h * 0.4)};'
        "background:#222;color:#fff;border:2px solid #fff;"
        f"border-radius:{_px(10 * scale)};padding:0 {_px(6 * scale)};{_font(scale, 13, True)};"
        f'line-height:1.5">{escape(badge)}</div>'
    )
    parts.append("</div>")
    return "".join(parts)


def stand_html(
    variant: Variant,
    stand: Sequence[str],
    *,
    hide_contraband: bool = False,
    label: str | None = None,
    scale: float = 1.0,
) -> str:
    """A merchant stand: one stack per good with its count ("x4"), legal goods first, then
    contraband (and royal goods), in the variant's order.

    ``hide_contraband`` shows the goods that lie face down on a stand (all but legal
    goods) as one stack of card backs, as the other players see it.

    >>> from sheriff_core import load_variant
    >>> html = stand_html(load_variant("classic"), ["Silk", "Cheese", "Cheese", "Apples"])
    >>> [html.index(x) for x in ("Apples:", "Cheese:", "Silk:")] == sorted(
    ...     html.index(x) for x in ("Apples:", "Cheese:", "Silk:"))
    True
    >>> ">x2<" in html, ">x1<" in html
    (True, True)
    """
    for c in stand:
        _good(variant, c)
    counts = Counter(stand)
    order = {"legal": 0, "contraband": 1, "royal": 2}
    goods = [
        g
        for g in sorted(variant.goods.values(), key=lambda g: order.get(g.kind, 3))
        if counts[g.name]
    ]
    items = []
    hidden = 0
    for g in goods:
        if hide_contraband and g.kind != "legal":
            hidden += counts[g.name]
            continue
        card = card_svg(variant, g.name, scale=scale)
        items.append(_stack(card, counts[g.name], scale, good_colour(g.name), f"x{counts[g.name]}"))
    if hidden:
        word = term(variant, "contraband")
        back = _card_back(
            scale,
            False,
            nfmt("{n} face-down {word} card", "{n} face-down {word} cards", hidden, word=word),
        )
        items.append(_stack(back, hidden, scale, "#24435f", f"x{hidden}"))
    if not items:
        items = [_outline(fmt("empty {stand}", stand=term(variant, "stand")), scale)]
    head = _label(label, scale) if label else ""
    return f'<div style="display:inline-block">{head}{_row(items, scale, gap=10)}</div>'


def piles_html(
    variant: Variant,
    piles: Sequence[Sequence[str]],
    *,
    scale: float = 1.0,
) -> str:
    """The discard piles: each shows its top card (the list's last) face up on shadow cards
    for the ones beneath, labelled "pile 0: 5 cards" (numbered from 0, as in
    :class:`~sheriff_core.Market`); an empty pile is a dashed outline.

    >>> from sheriff_core import load_variant
    >>> html = piles_html(load_variant("classic"), [["Apples", "Silk"], []])
    >>> "pile 0: 2 cards" in html, "Silk:" in html, "Apples:" in html, "pile 1: empty" in html
    (True, True, False, True)
    """
    items = []
    for p, pile in enumerate(piles):
        if pile:
            n = len(pile)
            top = card_svg(variant, pile[-1], scale=scale)
            picture = _stack(top, n, scale, "#8d8d8d", f"{n}")
            text = nfmt("pile {p}: {n} card", "pile {p}: {n} cards", n, p=p)
            below = fmt("top: {good}", good=_(pile[-1]))
            if n > 1:
                below += fmt(", {n} beneath", n=n - 1)
        else:
            picture = _outline(_("empty"), scale)
            text, below = fmt("pile {p}: empty", p=p), _("no cards")
        items.append(
            '<div style="display:flex;flex-direction:column;gap:2px">'
            + _label(text, scale)
            + picture
            + f'<div style="{_font(scale, 12)};color:#555">{escape(below)}</div>'
            + "</div>"
        )
    return _row(items, scale, gap=16)


# --------------------------------------------------------------------------- game views


def _coin(scale: float) -> str:
    s = 16 * max(scale, 0.75)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" width="{s:g}" '
        f'height="{s:g}" viewBox="0 0 16 16" style="vertical-align:-2px">'
        '<circle cx="8" cy="8" r="7" fill="#f4c542" stroke="#8a6d00" stroke-width="1.5"/></svg>'
    )


def _chip(text: str, scale: float, bg: str, fg: str = "#fff") -> str:
    return (
        f'<span style="background:{bg};color:{fg};border-radius:{_px(10 * scale)};'
        f'padding:1px {_px(8 * scale)};{_font(scale, 13, True)};white-space:nowrap">'
        f"{escape(text)}</span>"
    )


def _role(game: Game | SeatView, seat: int) -> str:
    v = game.variant
    if seat in game.sheriffs:
        word = term(v, "sheriff")
        if len(game.sheriffs) > 1 and seat == game.sheriffs[0]:
            word = fmt("{sheriff} (leads)", sheriff=word)
        return word
    return term(v, "merchant")


def _check_seat(game: Game, seat: int, what: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n:
        raise ValueError(f"{what} must be a seat 0-{game.n - 1}, not {seat!r}")


def player_html(
    game: Game,
    seat: int,
    *,
    show_hand: bool = True,
    show_bag: bool = True,
    show_contraband: bool = True,
    scale: float = TABLE_SCALE,
) -> str:
    """One player's place at the table: name, role (the variant's words: Sheriff, Deputy,
    merchant), gold, tokens if any, hand, bag with its declaration and stand.

    ``show_hand=False`` / ``show_bag=False`` draw those cards as card backs (what the
    other players see); ``show_contraband=False`` hides the face-down goods of the stand.

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> html = player_html(g, 0)
    >>> "Sheriff" in html and f"{g.gold[0]} gold" in html and "hand: 6 cards" in html
    True
    >>> g.hands[1][0] in player_html(g, 1, show_hand=False)
    False
    """
    _check_seat(game, seat, "seat")
    v = game.variant
    hand = game.hands[seat]
    n = len(hand)
    sections = [
        cards_html(
            v,
            hand,
            face_down=not show_hand,
            label=nfmt("hand: {n} card", "hand: {n} cards", n)
            + ("" if show_hand else _(" (hidden)")),
            scale=scale,
        )
    ]
    bag = game.bags.get(seat, [])
    if bag or (seat in game.declared and seat not in game.resolved):
        sections.append(
            bag_html(v, bag, declared=game.declared.get(seat), face_down=not show_bag, scale=scale)
        )
    sections.append(
        stand_html(
            v,
            game.stands[seat],
            hide_contraband=not show_contraband,
            label=term(v, "stand"),
            scale=scale,
        )
    )
    return _place_html(game, seat, sections, scale)


def _seen_place_html(view: SeatView, seat: int, scale: float) -> str:
    """Another player's place as ``view``'s seat sees it, drawn from the view alone (so
    no hidden card can reach the picture): card backs for the hand and the bag, the
    stand's legal goods and one stack of face-down cards. A good of the variant stands
    in for each hidden card (a card back says nothing about its good)."""
    v = view.variant
    goods = list(v.goods.values())
    anything = goods[0].name
    face_down = next((g.name for g in goods if g.kind != "legal"), anything)
    n = view.hand_sizes[seat]
    label = nfmt("hand: {n} card", "hand: {n} cards", n) + _(" (hidden)")
    sections = [cards_html(v, [anything] * n, face_down=True, label=label, scale=scale)]
    bag = view.bags.get(seat)
    declared = view.declared.get(seat)
    if (bag is not None and bag.size) or (declared is not None and seat not in view.resolved):
        size = bag.size if bag is not None else 0
        sections.append(
            bag_html(v, [anything] * size, declared=declared, face_down=True, scale=scale)
        )
    stand = view.stands[seat]
    cards = [c for c in stand.faces if c is not None] + [face_down] * stand.contraband
    sections.append(stand_html(v, cards, hide_contraband=True, label=term(v, "stand"), scale=scale))
    return _place_html(view, seat, sections, scale)


def _place_html(table: Game | SeatView, seat: int, sections: list[str], scale: float) -> str:
    """A player's place around its ``sections`` (hand, bag, stand): name, role, gold,
    tokens, whether it is to move (all public)."""
    role = _role(table, seat)
    sheriff = seat in table.sheriffs
    moving = table.to_move == seat and not table.is_over
    chips = [
        _chip(role, scale, "#6d4c41" if sheriff else "#546e7a"),
        f'<span style="{_font(scale, 14, True)};white-space:nowrap">{_coin(scale)} '
        f"{escape(fmt('{n} gold', n=table.gold[seat]))}</span>",
    ]
    for token, n in table.tokens[seat].items():
        if n:
            chips.append(_chip(f"{_(token)} x{n}", scale, "#fff3cd", "#5d4300"))
    if moving:
        chips.append(_chip(fmt("to move: {step}", step=_(str(table.step))), scale, "#1565c0"))
    border = "#1565c0" if moving else ("#8d6e63" if sheriff else "#bdb5a6")
    return (
        f'<div style="border:{3 if moving else 2}px solid {border};border-radius:12px;'
        f"background:{'#fff8ec' if sheriff else '#fdfbf7'};padding:{_px(8 * scale)};"
        f'flex:1 1 {_px(560 * scale)};min-width:0;box-sizing:border-box">'
        '<div style="display:flex;flex-wrap:wrap;gap:8px;align-items:center;'
        f'margin-bottom:{_px(6 * scale)}">'
        f'<span style="{_font(scale, 17, True)};color:#222">{escape(table.players[seat])}</span>'
        f'<span style="{_font(scale, 12)};color:#777">{escape(fmt("seat {n}", n=seat + 1))}</span>'
        + "".join(chips)
        + "</div>"
        + _row(sections, scale, gap=14)
        + "</div>"
    )


def _confiscated_html(game: Game, scale: float) -> list[str]:
    """The confiscated cards waiting to be placed on a discard pile, one row per bag."""
    return [
        cards_html(
            game.variant,
            list(p.cards),
            label=fmt(
                "confiscated from {name}, to go on a discard pile", name=game.players[p.seat]
            ),
            scale=scale,
        )
        for p in game.pending
        if isinstance(p, ConfiscateChoice)
    ]


def table_html(game: Game, *, viewer: int | None = None, scale: float = TABLE_SCALE) -> str:
    """The whole table: round ("Round 2 of 8", counted from 1), whose turn, the discard
    piles, the draw pile and every player's place.

    ``viewer=None`` is the author's view: every hand, bag and stand face up.
    ``viewer=seat`` is that player's view: the other players' hands, unopened bags and
    face-down stand goods are card backs, drawn from the seat's
    :class:`~sheriff_core.engine.view.SeatView` (which holds no hidden card).

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=4, seed=0)
    >>> html = table_html(g, viewer=1)
    >>> "Round 1 of 8" in html, "seen by Ben" in html, g.hands[2][0] + ":" in table_html(g)
    (True, True, True)
    """
    if viewer is not None:
        _check_seat(game, viewer, "viewer")
    v = game.variant
    if game.is_over:
        status = nfmt("Game over after {n} round", "Game over after {n} rounds", game.rounds)
    else:
        status = fmt("Round {n} of {total}", n=game.round + 1, total=game.rounds)
        who = game.players[game.to_move] if game.to_move is not None else _("nobody")
        status += " \u2014 " + fmt(
            "{phase} phase, {name} to move ({step})",
            phase=_(game.phase),
            name=who,
            step=_(str(game.step)),
        )
    view = (
        _("author's view: every card face up")
        if viewer is None
        else fmt(
            "seen by {name}: other players' hidden cards are card backs",
            name=game.players[viewer],
        )
    )
    n = len(game.deck)
    draw = (
        '<div style="display:flex;flex-direction:column;gap:2px">'
        + _label(nfmt("draw pile: {n} card", "draw pile: {n} cards", n), scale)
        + (
            _stack(
                _card_back(scale, False, nfmt("draw pile, {n} card", "draw pile, {n} cards", n)),
                n,
                scale,
                "#24435f",
                f"{n}",
            )
            if n
            else _outline(_("empty"), scale)
        )
        + "</div>"
    )
    waiting = _confiscated_html(game, scale)
    extras = []
    if game.loot:
        extras.append(_chip(fmt("Loot: {n} gold", n=game.loot), scale, "#8a6d00"))
    # A viewer's picture of the other places is drawn from the viewer's SeatView alone.
    seen = None if viewer is None else observe(game, viewer)
    players = [
        player_html(game, s, scale=scale)
        if seen is None or s == viewer
        else _seen_place_html(seen, s, scale)
        for s in range(game.n)
    ]
    return (
        f'<div style="{_font(scale, 13)};color:#222;background:#efe6d2;border-radius:14px;'
        f'padding:{_px(10 * scale)};display:flex;flex-direction:column;gap:{_px(10 * scale)}">'
        '<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:baseline">'
        f'<span style="{_font(scale, 18, True)}">{escape(_(v.title))}</span>'
        f'<span style="{_font(scale, 15, True)};color:#6d4c41">{escape(status)}</span>'
        f'<span style="{_font(scale, 12)};color:#666">{escape(view)}</span>'
        + "".join(extras)
        + "</div>"
        + '<div style="display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start">'
        + piles_html(v, game.piles, scale=scale)
        + draw
        + "".join(waiting)
        + "</div>"
        + '<div style="display:flex;flex-wrap:wrap;gap:10px">'
        + "".join(players)
        + "</div></div>"
    )


def game_html(game: Game) -> str:
    """A game's table as pictures (the author's view, every card face up) in a box of a
    notebook's width: the display of a :class:`~sheriff_core.engine.game.Game` shown at the
    end of a cell (``Game._repr_html_``, attached when this module is imported).

    >>> from sheriff_core import new_game
    >>> game = new_game("classic", players=3, seed=0)
    >>> game._repr_html_() == game_html(game), game_html(game)[:30]
    (True, '<div style="max-width:1180px">')
    """
    return f'<div style="max-width:1180px">{table_html(game)}</div>'


# Jupyter's display hook, attached here so that the engine imports no pictures.
setattr(Game, "_repr_html_", game_html)  # noqa: B010  (Game declares no display of its own)
