"""A one-page rules summary of a variant, generated from its data (HTML or Markdown).

Every sentence is built from the loaded :class:`~sheriff_core.rules.variants.Variant`:
players, setup, the phases of a round, the goods table (with the card pictures of
:mod:`sheriff_core.present.pictures` in the HTML), King/Queen bonuses, tokens, tie-breaks and
the special rules a field switches on (the Deputies' vote, tokens, the Sheriff choosing
who starts the market). Nothing is written per variant: the only hand-written text is
the wording of each field's values, so a house-rule file gets a correct summary too.
A rule field's own sentences are declared with it in the registry
(:mod:`sheriff_core.rules.fields`, ``says``; :func:`~sheriff_core.rules.fields.sentences`
puts them in their section); the sentences here tell several fields at once.
The numbers of a worked inspection example come from
:func:`~sheriff_core.rules.inspect_bag`. Standard library only, on top of the rules
layer; the full rules, with their sources, are in ``docs/rules.md``.

>>> md = rules_summary_markdown("summary-sheet")
>>> md.splitlines()[0]
'# Summary-sheet fines (contraband penalty = value)'
>>> "| Crossbow | contraband | 5 | 9 | 9 |" in md
True
>>> html = rules_summary_html("disney")
>>> html.startswith("<!DOCTYPE html>") and "King Richard's Gold" in html and "Otto" in html
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape as _escape
from pathlib import Path

from sheriff_core.base.safe_text import printable
from sheriff_core.present.pictures import card_svg
from sheriff_core.rules import build_deck, inspect_bag
from sheriff_core.rules.fields import sentences
from sheriff_core.rules.variants import Variant, load_variant

__all__ = ["rules_summary_html", "rules_summary_markdown", "summary_blocks", "Block"]


@dataclass(frozen=True)
class Block:
    """One piece of the page: a heading, a paragraph, a list or a table.

    ``kind`` is ``"h1"``, ``"h2"``, ``"p"``, ``"ul"`` or ``"table"``; ``text`` holds the
    heading or paragraph, ``items`` the list items or the table's header, ``rows`` the
    table's rows and ``cards`` (goods table only) the good shown as a picture in each row.
    """

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    cards: tuple[str, ...] = field(default=())


# --------------------------------------------------------------------------- wording


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _or(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _players(v: Variant) -> range:
    return range(v.min_players, v.max_players + 1)


def _per_players(v: Variant, f: Callable[[int], object], unit: str = "") -> str:
    """The value of ``f(players)``: one value, or the usual one and the exceptions.

    >>> _per_players(load_variant("classic"), load_variant("classic").sheriff_turns_for, " times")
    '2 times (3 times with 3 players)'
    """
    values = {n: f(n) for n in _players(v)}
    common = Counter(values.values()).most_common()
    if len(common) == 1:
        return f"{common[0][0]}{unit}"
    if common[0][1] == 1:  # all different
        return ", ".join(f"{val}{unit} with {n} players" for n, val in values.items())
    usual = common[0][0]
    others = ", ".join(f"{val}{unit} with {n} players" for n, val in values.items() if val != usual)
    return f"{usual}{unit} ({others})"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _leader(v: Variant) -> str:
    """Who makes the Sheriff's choices: the Sheriff, or the leading Deputy."""
    return f"leading {_sheriff(v)}" if v.sheriffs_per_round > 1 else _sheriff(v)


def _kind(v: Variant, kind: str) -> str:
    if kind == "contraband":
        word = v.term("contraband")
        return "contraband" + (f" ({word})" if word != "contraband" else "")
    return kind


def _sheriff(v: Variant) -> str:
    return v.term("sheriff")


def _goods_of(v: Variant, kind: str) -> list[str]:
    return [n for n, g in v.goods.items() if g.kind == kind]


# --------------------------------------------------------------------------- sections


def _players_section(v: Variant) -> list[Block]:
    count = (
        f"Exactly {v.min_players} players"
        if v.min_players == v.max_players
        else f"{v.min_players} to {v.max_players} players"
    )
    s = _sheriff(v)
    if v.sheriff_selection == "deputy_deck":
        who = (
            f"There is no single Sheriff: each round {v.sheriffs_per_round} "
            f"{v.term('sheriffs')} are drawn from a deck of one card per player (the first "
            f"drawn leads); the others are merchants. The game ends when the deck has been "
            f"used up {_plural(v.deputy_deck_passes, 'time')}"
        )
    else:
        who = (
            f"Each round one player is the {s} and the others are merchants; the {s} "
            f"marker passes to the left. Each player is {s} "
            + _per_players(v, v.sheriff_turns_for, " times")
        )
    rounds = "Rounds in a game: " + _per_players(v, v.rounds) + "."
    return [Block("h2", "Players"), Block("p", f"{count}. {who}. {rounds}")]


def _setup_section(v: Variant) -> list[Block]:
    items = [f"Each player starts with {v.starting_gold} gold."]
    sizes = _per_players(v, lambda n: len(build_deck(v, n)), " cards")
    items.append(f"The deck holds {sizes}; the goods table below gives each good's count.")
    for n, gone in sorted(v.removed.items()):
        if n in _players(v):
            cards = _and([f"{c} {g}" for g, c in gone.items() if c])
            items.append(f"With {n} players take out {cards} before shuffling.")
    items.append(f"Shuffle and deal {v.hand_size} cards to each player; the rest is the draw pile.")
    piles = _plural(v.discard_piles, "discard pile")
    if v.discard_pile_setup:
        items.append(
            f"{piles}, each started with {v.discard_pile_setup} face-up cards from the draw "
            "pile; anyone may look through them."
        )
    else:
        items.append(f"{piles}, empty at the start.")
    for name, t in v.tokens.items():
        supply = str(t.supply) + "".join(
            f" ({s} with {n} players)" for n, s in sorted(t.supply_by_players.items())
        )
        items.append(f"{name} {v.term('token')}s: {supply} in the supply.")
    items += sentences(v, "setup")
    return [Block("h2", "Setup"), Block("ul", items=tuple(items))]


def _market_items(v: Variant) -> list[str]:
    s = _sheriff(v)
    if v.market_starter == "sheriff_left":
        start = f"Merchants take one market turn each, from the {s}'s left, clockwise."
    else:
        start = f"The {_leader(v)} chooses which merchant starts the market; then clockwise."
    start += f" The {s} has no market turn."
    piles = "the discard pile" if v.discard_piles == 1 else "one discard pile of your choice"
    if v.market_order == "draw-then-discard":
        turn = (
            f"Set aside up to {v.set_aside_max} cards face down, draw back up to "
            f"{v.hand_size}, then put the set-aside cards face up on {piles}."
        )
    else:
        turn = (
            f"Discard up to {v.set_aside_max} cards face up onto {piles}, then draw back up "
            f"to {v.hand_size}."
        )
    return [start, turn, *sentences(v, "market")]


def _inspection_items(v: Variant) -> list[str]:
    s, ss = _sheriff(v), v.term("sheriffs")
    legal = _goods_of(v, "legal")
    hidden = [
        w
        for k, w in (("contraband", _kind(v, "contraband")), ("royal", "royal goods"))
        if _goods_of(v, k)
    ]
    load = f"Each merchant puts {v.bag_min} to {v.bag_max} cards from their hand in a bag."
    declare = (
        f"Each merchant declares the number of cards in the bag (exactly) and one kind of "
        f"legal good: {_or(legal)}."
    )
    if hidden:
        declare += f" {_cap(_and(hidden))} can never be declared."
    items = [load, declare]
    if v.sheriff_selection == "deputy_deck":
        items.append(
            f"For each bag both {ss} vote, the leader first: inspect or let it pass. Both "
            "agree: bribes and fines go to a shared Loot, split between them at the end of "
            "the round, and they share what an honest bag costs. They disagree: the one who "
            "wants to inspect does it alone, alone gains or pays, and no bribe is taken."
        )
    else:
        items.append(f"The {s} lets each bag pass or inspects it, in any order.")
    stand = v.term("stand")
    items.append(
        f"A bag that passes goes to its owner's {stand}: legal goods face up, the rest face down."
    )
    items.append(
        f"Inspected and honest: the {s} pays the merchant the penalty of every card in it."
    )
    items.append(
        "Inspected and lying: the cards of the declared good are kept; every other card is "
        f"confiscated and the merchant pays the {s} its penalty."
    )
    items.append(_example(v))
    return items + sentences(v, "inspection")


def _example(v: Variant) -> str:
    """A worked inspection, computed with :func:`inspect_bag` from the first goods."""
    legal = _goods_of(v, "legal")
    other = _goods_of(v, "contraband") or _goods_of(v, "royal") or legal[1:]
    a = legal[0]
    honest = inspect_bag(v, [a, a], a, 2)
    text = (
        f"Example: a bag of 2 {a} declared as 2 {a} is honest; inspected, the {_sheriff(v)} "
        f"pays {-honest.merchant_pays} gold."
    )
    if other:
        bag = [a, a, other[0]]
        lie = inspect_bag(v, bag, a, 3)
        text += (
            f" A bag of 2 {a} and 1 {other[0]} declared as 3 {a}: inspected, "
            f"{_and(lie.confiscated)} is confiscated and the merchant pays "
            f"{lie.merchant_pays} gold."
        )
    return text


def _deals_items(v: Variant) -> list[str]:
    s = _sheriff(v)
    items = [
        f"Before a bag is decided, its owner and the {s} may negotiate a bribe: gold, goods "
        f"from the merchant's own {v.term('stand')}, goods the merchant says are in the bag, "
        "and promises. Cards in hand can never be offered, nor gold one does not have.",
        "Bag goods promised in a bribe are owed only if they really are in the bag.",
    ]
    if v.tokens:
        items.append(f"{_cap(v.term('token'))}s can be neither offered nor used to pay.")
    return items + sentences(v, "deals")


def _end_of_round_items(v: Variant) -> list[str]:
    s = _sheriff(v)
    items = [f"Every player draws back up to {v.hand_size} cards from the draw pile."]
    if v.sheriff_selection == "deputy_deck":
        items.append(f"The {v.term('sheriffs')}' Loot is split equally between them.")
        items.append(f"Next round, new {v.term('sheriffs')} are drawn from the deck.")
    else:
        items.append(f"The {s} marker passes to the left.")
    return items + sentences(v, "end")


def _goods_table(v: Variant) -> list[Block]:
    removed_for = {n: gone for n, gone in v.removed.items() if n in _players(v)}
    header = ["good", "kind", "count", "value", "penalty"]
    has_royal = any(g.counts_as for g in v.goods.values())
    if has_royal:
        header.append("counts as")
    rows = []
    for name, g in v.goods.items():
        count = str(g.count) + "".join(
            f" ({g.count - gone[name]} with {n} players)"
            for n, gone in sorted(removed_for.items())
            if gone.get(name)
        )
        row = [name, _kind(v, g.kind), count, str(g.value), str(g.penalty)]
        if has_royal:
            row.append(f"{g.counts_as[1]} {g.counts_as[0]}" if g.counts_as else "")
        rows.append(tuple(row))
    note = (
        "Value: points at the end and what a card pays toward a debt. Penalty: the fine per "
        "confiscated card, or what the Sheriff pays per card of an honest bag."
    ).replace("Sheriff", _sheriff(v))
    if has_royal:
        note += " Royal goods are smuggled like contraband and count as several goods for bonuses."
    return [
        Block("h2", "Goods"),
        Block("p", note),
        Block("table", items=tuple(header), rows=tuple(rows), cards=tuple(v.goods)),
    ]


def _tokens_table(v: Variant) -> list[Block]:
    if not v.tokens:
        return []
    t = v.term("token")
    rows = tuple(
        (
            name,
            f"{tok.per_token} {tok.good}",
            str(tok.value),
            str(tok.supply)
            + "".join(f" ({s} with {n} players)" for n, s in sorted(tok.supply_by_players.items())),
        )
        for name, tok in v.tokens.items()
    )
    when = (
        f"Goods on one's {v.term('stand')} may be exchanged for {t}s during one's own market "
        "turn or right after one's bag is settled."
    )
    return [
        Block("h2", f"{_cap(t)}s"),
        Block("p", when),
        Block("table", items=(t, "exchange for", "value", "supply"), rows=rows),
    ]


def _bonus_section(v: Variant) -> list[Block]:
    king, queen = v.term("king"), v.term("queen")
    rows = []
    for name, b in v.bonuses.items():
        what = f"{name} {v.term('token')}s" if b.counts == "tokens" else name
        rows.append((what, str(b.king), str(b.queen)))
    royal = [
        f"{n} counts as {g.counts_as[1]} {g.counts_as[0]}"
        for n, g in v.goods.items()
        if g.counts_as
    ]
    text = (
        f"At the end, for each row the player with the most gets the {king} bonus, the second "
        f"most the {queen} bonus; a player with none gets nothing. A tie for {king}: both bonuses are added "
        f"and split equally (rounded down) and no {queen} bonus is paid. A tie for {queen}: "
        f"the {queen} bonus is split equally (rounded down)."
    )
    if royal:
        text += " For these bonuses " + _and(royal) + "."
    return [
        Block("h2", f"{king} and {queen} bonuses"),
        Block("p", text),
        Block("table", items=("most of", king, queen), rows=tuple(rows)),
    ]


_TIEBREAK_WORDS = {
    "legal_goods": "most legal goods on the {stand}",
    "contraband": "most {contraband} on the {stand}",
    "tokens": "most {token}s",
}


def _scoring_section(v: Variant) -> list[Block]:
    parts = [f"the value of every good on the {v.term('stand')}", "gold"]
    if v.tokens:
        parts.append(f"the value of the {v.term('token')}s")
    parts.append(f"{v.term('king')} and {v.term('queen')} bonuses")
    score = f"Cards left in hand score nothing. A player's score: {_and(parts)}."
    words = [
        _TIEBREAK_WORDS[t].format(
            stand=v.term("stand"),
            token=v.term("token"),
            contraband=v.term("contraband")
            + (" (royal goods included)" if _goods_of(v, "royal") else ""),
        )
        for t in v.tiebreaks
    ]
    ties = "The highest score wins. On equal scores: " + ", then ".join(
        words + ["the win is shared"]
    )
    return [Block("h2", "End of game and scoring"), Block("p", f"{score} {ties}.")]


def _special_section(v: Variant) -> list[Block]:
    items = []
    if v.sheriff_selection == "deputy_deck":
        items.append(
            f"{v.term('sheriffs')}: {v.sheriffs_per_round} drawn each round, who vote on "
            "every bag and share a Loot (see the round, step 2)."
        )
    if v.tokens:
        t = v.term("token")
        items.append(
            f"{_cap(t)}s: "
            + _and([f"{tok.per_token} {tok.good} buy one {name}" for name, tok in v.tokens.items()])
            + f"; bonuses go to the most {t}s of each kind."
        )
    items += sentences(v, "special")
    renamed = [f"{word} for {key}" for key, word in v.terms.items() if word != key]
    if renamed:
        items.append("Words of this variant: " + _and(renamed) + ".")
    return [Block("h2", "Special rules"), Block("ul", items=tuple(items))] if items else []


def summary_blocks(variant: str | Path | Variant) -> list[Block]:
    """The summary as a list of :class:`Block` (what the HTML and Markdown both render).

    >>> [b.text for b in summary_blocks("classic") if b.kind == "h2"][:3]
    ['Players', 'Setup', 'A round']
    """
    v = load_variant(variant)
    parent = " > ".join(v.lineage[:-1])
    intro = v.summary + (f" Builds on: {parent}." if parent else "")
    blocks = [Block("h1", v.title), Block("p", f"{intro} Variant name: {v.name}.")]
    blocks += _players_section(v)
    blocks += _setup_section(v)
    blocks += [
        Block("h2", "A round"),
        Block("p", "1. Market"),
        Block("ul", items=tuple(_market_items(v))),
        Block("p", "2. Load, declare, inspect"),
        Block("ul", items=tuple(_inspection_items(v))),
        Block("p", "3. Bribes, deals and debts"),
        Block("ul", items=tuple(_deals_items(v))),
        Block("p", "4. End of round"),
        Block("ul", items=tuple(_end_of_round_items(v))),
    ]
    blocks += _goods_table(v)
    blocks += _tokens_table(v)
    blocks += _bonus_section(v)
    blocks += _scoring_section(v)
    blocks += _special_section(v)
    blocks.append(
        Block(
            "p",
            f"Generated from the variant file of {v.name} by sheriff_core.present.rules_summary; the "
            "full rules, with their sources and rule ids, are in docs/rules.md.",
        )
    )
    return blocks


# --------------------------------------------------------------------------- rendering


def rules_summary_markdown(variant: str | Path | Variant) -> str:
    """The one-page summary of ``variant`` (a bundled name, a TOML path or a Variant) as
    Markdown: headings, lists and pipe tables.

    >>> md = rules_summary_markdown("classic")
    >>> "| Pepper | contraband | 22 (18 with 3 players) | 6 | 4 |" in md
    True
    """
    out: list[str] = []
    for b in summary_blocks(variant):
        if b.kind == "h1":
            out.append(f"# {_md(b.text)}")
        elif b.kind == "h2":
            out.append(f"## {_md(b.text)}")
        elif b.kind == "p":
            out.append(_md(b.text))
        elif b.kind == "ul":
            out.append("\n".join(f"- {_md(item)}" for item in b.items))
        else:
            cells = [list(b.items)] + [list(r) for r in b.rows]
            cells = [[_md(c).replace("|", "\\|") for c in row] for row in cells]
            lines = ["| " + " | ".join(cells[0]) + " |"]
            lines.append("|" + "|".join(" --- " for _ in cells[0]) + "|")
            lines += ["| " + " | ".join(row) + " |" for row in cells[1:]]
            out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


_CSS = """
body{font-family:Verdana,'DejaVu Sans',Arial,sans-serif;max-width:60rem;margin:1.5rem auto;
padding:0 1rem;line-height:1.45;color:#222}
h1{font-size:1.6rem}h2{font-size:1.25rem;border-bottom:2px solid #d4af37;margin-top:1.6rem}
p.phase{font-weight:bold;margin:.8rem 0 .2rem}
table{border-collapse:collapse;margin:.5rem 0}
th,td{border:1px solid #ccc;padding:.25rem .6rem;text-align:left;vertical-align:middle}
th{background:#f5f0e6}td.num{text-align:right}
@media print{@page{margin:1cm}
body{font-size:7.5pt;line-height:1.25;max-width:none;margin:0;padding:0;columns:2;column-gap:.8cm}
h1{font-size:12pt;margin:0 0 .3rem;column-span:all}h2{font-size:9.5pt;margin:.4rem 0 .15rem;
break-after:avoid}p,ul{margin:.12rem 0}ul{padding-left:1.1rem}table{break-inside:avoid}
td svg{width:20px;height:28px}th,td{padding:0 .35rem}nav{display:none}}
""".strip()


_NUMBER = re.compile(r"\d+( \(.*\))?")


def _esc(text: str) -> str:
    """``text`` safe inside an element (quotes left as they are: they are text here;
    control characters from a variant file shown as escapes, ``\\x1b``)."""
    return _escape(printable(text), quote=False)


def _md(text: str) -> str:
    """``text`` safe in Markdown: no HTML element or entity can start in it (``<`` and
    ``&`` as entities) and control characters are shown as escapes.

    >>> _md("Ann <script> & Ben\\x1b[2J")
    'Ann &lt;script> &amp; Ben\\\\x1b[2J'
    """
    return printable(text).replace("&", "&amp;").replace("<", "&lt;")


def _html_table(b: Block, v: Variant) -> str:
    head = "".join(f"<th>{_esc(h)}</th>" for h in b.items)
    if b.cards:
        head = "<th>card</th>" + head
    rows = []
    for i, row in enumerate(b.rows):
        cells = "".join(
            f'<td class="num">{_esc(c)}</td>' if _NUMBER.fullmatch(c) else f"<td>{_esc(c)}</td>"
            for c in row
        )
        if b.cards:
            cells = f"<td>{card_svg(v, b.cards[i], scale=0.6)}</td>" + cells
        rows.append(f"<tr>{cells}</tr>")
    return f"<table>\n<tr>{head}</tr>\n" + "\n".join(rows) + "\n</table>"


def rules_summary_html(variant: str | Path | Variant, *, page: bool = True) -> str:
    """The one-page summary of ``variant`` as HTML, with a picture of each goods card.

    ``page=True`` gives a whole page (``<!DOCTYPE html>`` with its own small stylesheet,
    nothing loaded from elsewhere); ``page=False`` only the body's content, to put inside
    another page or a notebook.

    >>> html = rules_summary_html("classic-royal", page=False)
    >>> html.count("<svg"), "<td>2 Cheese</td>" in html
    (15, True)
    """
    v = load_variant(variant)
    out: list[str] = []
    for b in summary_blocks(v):
        if b.kind in ("h1", "h2"):
            out.append(f"<{b.kind}>{_esc(b.text)}</{b.kind}>")
        elif b.kind == "p":
            phase = b.text[:1].isdigit() and b.text[1:3] == ". "
            out.append(
                f'<p class="phase">{_esc(b.text)}</p>' if phase else f"<p>{_esc(b.text)}</p>"
            )
        elif b.kind == "ul":
            out.append("<ul>\n" + "\n".join(f"<li>{_esc(i)}</li>" for i in b.items) + "\n</ul>")
        else:
            out.append(_html_table(b, v))
    body = "\n".join(out)
    if not page:
        return f'<div class="rules-summary">\n{body}\n</div>'
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>Rules summary: {_esc(v.title)}</title>\n<style>\n{_CSS}\n</style>\n"
        f"</head>\n<body>\n{body}\n</body>\n</html>\n"
    )
