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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape as _escape
from pathlib import Path

from sheriff_core.base.i18n import N_, _, get_language
from sheriff_core.base.safe_text import printable
from sheriff_core.present.pictures import card_svg
from sheriff_core.present.words import fmt, nfmt, term
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


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return fmt("{items} and {last}", items=_(", ").join(items[:-1]), last=items[-1])


def _or(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return fmt("{items} or {last}", items=_(", ").join(items[:-1]), last=items[-1])


def _players(v: Variant) -> range:
    return range(v.min_players, v.max_players + 1)


def _per_players(v: Variant, f: Callable[[int], object], unit: str = "{value}") -> str:
    """The value of ``f(players)`` written with ``unit`` (a message with ``{value}``): one
    value, or the usual one and the exceptions.

    >>> _per_players(load_variant("classic"), load_variant("classic").sheriff_turns_for, "{value} times")
    '2 times (3 times with 3 players)'
    """
    values = {n: f(n) for n in _players(v)}
    common = Counter(values.values()).most_common()

    def said(value: object) -> str:
        return fmt(unit, value=value)

    def with_n(n: int, value: object) -> str:
        return fmt("{value} with {n} players", value=said(value), n=n)

    if len(common) == 1:
        return said(common[0][0])
    if common[0][1] == 1:  # all different
        return _(", ").join(with_n(n, val) for n, val in values.items())
    usual = common[0][0]
    others = _(", ").join(with_n(n, val) for n, val in values.items() if val != usual)
    return fmt("{usual} ({others})", usual=said(usual), others=others)


def _with_players(base: object, by_players: Mapping[int, object]) -> str:
    """``base`` and, for each player count with another value, "(x with n players)"."""
    return str(base) + "".join(
        " (" + fmt("{value} with {n} players", value=s, n=n) + ")"
        for n, s in sorted(by_players.items())
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _leader(v: Variant) -> str:
    """Who makes the Sheriff's choices: the Sheriff, or the leading Deputy."""
    return (
        fmt("leading {sheriff}", sheriff=_sheriff(v)) if v.sheriffs_per_round > 1 else _sheriff(v)
    )


def _kind(v: Variant, kind: str) -> str:
    if kind == "contraband":
        word = v.term("contraband")
        return _("contraband") + (f" ({term(v, 'contraband')})" if word != "contraband" else "")
    return _(kind)


def _sheriff(v: Variant) -> str:
    return term(v, "sheriff")


def _term(v: Variant, key: str) -> str:
    return term(v, key)


def _goods_of(v: Variant, kind: str) -> list[str]:
    return [n for n, g in v.goods.items() if g.kind == kind]


# --------------------------------------------------------------------------- sections


def _players_section(v: Variant) -> list[Block]:
    count = (
        fmt("Exactly {n} players", n=v.min_players)
        if v.min_players == v.max_players
        else fmt("{least} to {most} players", least=v.min_players, most=v.max_players)
    )
    s = _sheriff(v)
    if v.sheriff_selection == "deputy_deck":
        who = fmt(
            "There is no single Sheriff: each round {n} {sheriffs} are drawn from a deck of "
            "one card per player (the first drawn leads); the others are merchants. The game "
            "ends when the deck has been used up {times}",
            n=v.sheriffs_per_round,
            sheriffs=_term(v, "sheriffs"),
            times=nfmt("{n} time", "{n} times", v.deputy_deck_passes),
        )
    else:
        who = fmt(
            "Each round one player is the {sheriff} and the others are merchants; the "
            "{sheriff} marker passes to the left. Each player is {sheriff} {turns}",
            sheriff=s,
            turns=_per_players(v, v.sheriff_turns_for, N_("{value} times")),
        )
    rounds = fmt("Rounds in a game: {rounds}.", rounds=_per_players(v, v.rounds))
    return [Block("h2", _("Players")), Block("p", f"{count}. {who}. {rounds}")]


def _setup_section(v: Variant) -> list[Block]:
    items = [fmt("Each player starts with {n} gold.", n=v.starting_gold)]
    sizes = _per_players(v, lambda n: len(build_deck(v, n)), N_("{value} cards"))
    items.append(
        fmt("The deck holds {sizes}; the goods table below gives each good's count.", sizes=sizes)
    )
    for n, gone in sorted(v.removed.items()):
        if n in _players(v):
            cards = _and([fmt("{n} {good}", n=c, good=_(g)) for g, c in gone.items() if c])
            items.append(
                fmt("With {n} players take out {cards} before shuffling.", n=n, cards=cards)
            )
    items.append(
        fmt("Shuffle and deal {n} cards to each player; the rest is the draw pile.", n=v.hand_size)
    )
    piles = nfmt("{n} discard pile", "{n} discard piles", v.discard_piles)
    if v.discard_pile_setup:
        items.append(
            fmt(
                "{piles}, each started with {n} face-up cards from the draw pile; anyone may "
                "look through them.",
                piles=piles,
                n=v.discard_pile_setup,
            )
        )
    else:
        items.append(fmt("{piles}, empty at the start.", piles=piles))
    for name, t in v.tokens.items():
        items.append(
            fmt(
                "{name} {token}s: {supply} in the supply.",
                name=_(name),
                token=_term(v, "token"),
                supply=_with_players(t.supply, t.supply_by_players),
            )
        )
    items += sentences(v, "setup")
    return [Block("h2", _("Setup")), Block("ul", items=tuple(items))]


def _market_items(v: Variant) -> list[str]:
    s = _sheriff(v)
    if v.market_starter == "sheriff_left":
        start = fmt(
            "Merchants take one market turn each, from the {sheriff}'s left, clockwise.",
            sheriff=s,
        )
    else:
        start = fmt(
            "The {leader} chooses which merchant starts the market; then clockwise.",
            leader=_leader(v),
        )
    start += " " + fmt("The {sheriff} has no market turn.", sheriff=s)
    piles = _("the discard pile") if v.discard_piles == 1 else _("one discard pile of your choice")
    if v.market_order == "draw-then-discard":
        turn = fmt(
            "Set aside up to {most} cards face down, draw back up to {hand}, then put the "
            "set-aside cards face up on {piles}.",
            most=v.set_aside_max,
            hand=v.hand_size,
            piles=piles,
        )
    else:
        turn = fmt(
            "Discard up to {most} cards face up onto {piles}, then draw back up to {hand}.",
            most=v.set_aside_max,
            piles=piles,
            hand=v.hand_size,
        )
    return [start, turn, *sentences(v, "market")]


def _inspection_items(v: Variant) -> list[str]:
    s, ss = _sheriff(v), _term(v, "sheriffs")
    legal = [_(g) for g in _goods_of(v, "legal")]
    hidden = [
        w
        for k, w in (("contraband", _kind(v, "contraband")), ("royal", _("royal goods")))
        if _goods_of(v, k)
    ]
    load = fmt(
        "Each merchant puts {least} to {most} cards from their hand in a bag.",
        least=v.bag_min,
        most=v.bag_max,
    )
    declare = fmt(
        "Each merchant declares the number of cards in the bag (exactly) and one kind of "
        "legal good: {goods}.",
        goods=_or(legal),
    )
    if hidden:
        declare += " " + fmt("{goods} can never be declared.", goods=_cap(_and(hidden)))
    items = [load, declare]
    if v.sheriff_selection == "deputy_deck":
        items.append(
            fmt(
                "For each bag both {sheriffs} vote, the leader first: inspect or let it pass. "
                "Both agree: bribes and fines go to a shared Loot, split between them at the "
                "end of the round, and they share what an honest bag costs. They disagree: the "
                "one who wants to inspect does it alone, alone gains or pays, and no bribe is "
                "taken.",
                sheriffs=ss,
            )
        )
    else:
        items.append(
            fmt("The {sheriff} lets each bag pass or inspects it, in any order.", sheriff=s)
        )
    items.append(
        fmt(
            "A bag that passes goes to its owner's {stand}: legal goods face up, the rest face "
            "down.",
            stand=_term(v, "stand"),
        )
    )
    items.append(
        fmt(
            "Inspected and honest: the {sheriff} pays the merchant the penalty of every card in "
            "it.",
            sheriff=s,
        )
    )
    items.append(
        fmt(
            "Inspected and lying: the cards of the declared good are kept; every other card is "
            "confiscated and the merchant pays the {sheriff} its penalty.",
            sheriff=s,
        )
    )
    items.append(_example(v))
    return items + sentences(v, "inspection")


def _example(v: Variant) -> str:
    """A worked inspection, computed with :func:`inspect_bag` from the first goods."""
    legal = _goods_of(v, "legal")
    other = _goods_of(v, "contraband") or _goods_of(v, "royal") or legal[1:]
    a = legal[0]
    honest = inspect_bag(v, [a, a], a, 2)
    text = fmt(
        "Example: a bag of 2 {good} declared as 2 {good} is honest; inspected, the {sheriff} "
        "pays {n} gold.",
        good=_(a),
        sheriff=_sheriff(v),
        n=-honest.merchant_pays,
    )
    if other:
        bag = [a, a, other[0]]
        lie = inspect_bag(v, bag, a, 3)
        text += " " + fmt(
            "A bag of 2 {good} and 1 {other} declared as 3 {good}: inspected, {confiscated} is "
            "confiscated and the merchant pays {n} gold.",
            good=_(a),
            other=_(other[0]),
            confiscated=_and([_(c) for c in lie.confiscated]),
            n=lie.merchant_pays,
        )
    return text


def _deals_items(v: Variant) -> list[str]:
    items = [
        fmt(
            "Before a bag is decided, its owner and the {sheriff} may negotiate a bribe: gold, "
            "goods from the merchant's own {stand}, goods the merchant says are in the bag, and "
            "promises. Cards in hand can never be offered, nor gold one does not have.",
            sheriff=_sheriff(v),
            stand=_term(v, "stand"),
        ),
        _("Bag goods promised in a bribe are owed only if they really are in the bag."),
    ]
    if v.tokens:
        items.append(
            fmt("{token}s can be neither offered nor used to pay.", token=_cap(_term(v, "token")))
        )
    return items + sentences(v, "deals")


def _end_of_round_items(v: Variant) -> list[str]:
    items = [fmt("Every player draws back up to {n} cards from the draw pile.", n=v.hand_size)]
    if v.sheriff_selection == "deputy_deck":
        ss = _term(v, "sheriffs")
        items.append(fmt("The {sheriffs}' Loot is split equally between them.", sheriffs=ss))
        items.append(fmt("Next round, new {sheriffs} are drawn from the deck.", sheriffs=ss))
    else:
        items.append(fmt("The {sheriff} marker passes to the left.", sheriff=_sheriff(v)))
    return items + sentences(v, "end")


def _goods_table(v: Variant) -> list[Block]:
    removed_for = {n: gone for n, gone in v.removed.items() if n in _players(v)}
    header = [_("good"), _("kind"), _("count"), _("value"), _("penalty")]
    has_royal = any(g.counts_as for g in v.goods.values())
    if has_royal:
        header.append(_("counts as"))
    rows = []
    for name, g in v.goods.items():
        count = _with_players(
            g.count, {n: g.count - gone[name] for n, gone in removed_for.items() if gone.get(name)}
        )
        row = [_(name), _kind(v, g.kind), count, str(g.value), str(g.penalty)]
        if has_royal:
            row.append(
                fmt("{n} {good}", n=g.counts_as[1], good=_(g.counts_as[0])) if g.counts_as else ""
            )
        rows.append(tuple(row))
    note = fmt(
        "Value: points at the end and what a card pays toward a debt. Penalty: the fine per "
        "confiscated card, or what the {sheriff} pays per card of an honest bag.",
        sheriff=_sheriff(v),
    )
    if has_royal:
        note += " " + _(
            "Royal goods are smuggled like contraband and count as several goods for bonuses."
        )
    return [
        Block("h2", _("Goods")),
        Block("p", note),
        Block("table", items=tuple(header), rows=tuple(rows), cards=tuple(v.goods)),
    ]


def _tokens_table(v: Variant) -> list[Block]:
    if not v.tokens:
        return []
    t = _term(v, "token")
    rows = tuple(
        (
            _(name),
            fmt("{n} {good}", n=tok.per_token, good=_(tok.good)),
            str(tok.value),
            _with_players(tok.supply, tok.supply_by_players),
        )
        for name, tok in v.tokens.items()
    )
    when = fmt(
        "Goods on one's {stand} may be exchanged for {token}s during one's own market turn or "
        "right after one's bag is settled.",
        stand=_term(v, "stand"),
        token=t,
    )
    return [
        Block("h2", fmt("{token}s", token=_cap(t))),
        Block("p", when),
        Block("table", items=(t, _("exchange for"), _("value"), _("supply")), rows=rows),
    ]


def _bonus_section(v: Variant) -> list[Block]:
    king, queen = _term(v, "king"), _term(v, "queen")
    rows = []
    for name, b in v.bonuses.items():
        what = (
            fmt("{name} {token}s", name=_(name), token=_term(v, "token"))
            if b.counts == "tokens"
            else _(name)
        )
        rows.append((what, str(b.king), str(b.queen)))
    royal = [
        fmt("{name} counts as {n} {good}", name=_(n), n=g.counts_as[1], good=_(g.counts_as[0]))
        for n, g in v.goods.items()
        if g.counts_as
    ]
    text = fmt(
        "At the end, for each row the player with the most gets the {king} bonus, the second "
        "most the {queen} bonus; a player with none gets nothing. A tie for {king}: both "
        "bonuses are added and split equally (rounded down) and no {queen} bonus is paid. A "
        "tie for {queen}: the {queen} bonus is split equally (rounded down).",
        king=king,
        queen=queen,
    )
    if royal:
        text += " " + fmt("For these bonuses {royal}.", royal=_and(royal))
    return [
        Block("h2", fmt("{king} and {queen} bonuses", king=king, queen=queen)),
        Block("p", text),
        Block("table", items=(_("most of"), king, queen), rows=tuple(rows)),
    ]


_TIEBREAK_WORDS = {
    "legal_goods": N_("most legal goods on the {stand}"),
    "contraband": N_("most {contraband} on the {stand}"),
    "tokens": N_("most {token}s"),
}


def _scoring_section(v: Variant) -> list[Block]:
    parts = [fmt("the value of every good on the {stand}", stand=_term(v, "stand")), _("gold")]
    if v.tokens:
        parts.append(fmt("the value of the {token}s", token=_term(v, "token")))
    parts.append(fmt("{king} and {queen} bonuses", king=_term(v, "king"), queen=_term(v, "queen")))
    score = fmt("Cards left in hand score nothing. A player's score: {parts}.", parts=_and(parts))
    words = [
        fmt(
            _TIEBREAK_WORDS[t],
            stand=_term(v, "stand"),
            token=_term(v, "token"),
            contraband=_term(v, "contraband")
            + (_(" (royal goods included)") if _goods_of(v, "royal") else ""),
        )
        for t in v.tiebreaks
    ]
    ties = fmt(
        "The highest score wins. On equal scores: {order}",
        order=_(", then ").join(words + [_("the win is shared")]),
    )
    return [Block("h2", _("End of game and scoring")), Block("p", f"{score} {ties}.")]


def _special_section(v: Variant) -> list[Block]:
    items = []
    if v.sheriff_selection == "deputy_deck":
        items.append(
            fmt(
                "{sheriffs}: {n} drawn each round, who vote on every bag and share a Loot (see "
                "the round, step 2).",
                sheriffs=_term(v, "sheriffs"),
                n=v.sheriffs_per_round,
            )
        )
    if v.tokens:
        t = _term(v, "token")
        buys = _and(
            [
                fmt("{n} {good} buy one {name}", n=tok.per_token, good=_(tok.good), name=_(name))
                for name, tok in v.tokens.items()
            ]
        )
        items.append(
            fmt(
                "{token}s: {buys}; bonuses go to the most {tokens}s of each kind.",
                token=_cap(t),
                buys=buys,
                tokens=t,
            )
        )
    items += sentences(v, "special")
    renamed = [
        fmt("{word} for {key}", word=_(word), key=_(key))
        for key, word in v.terms.items()
        if word != key
    ]
    if renamed:
        items.append(fmt("Words of this variant: {words}.", words=_and(renamed)))
    return [Block("h2", _("Special rules")), Block("ul", items=tuple(items))] if items else []


def summary_blocks(variant: str | Path | Variant) -> list[Block]:
    """The summary as a list of :class:`Block` (what the HTML and Markdown both render).

    >>> [b.text for b in summary_blocks("classic") if b.kind == "h2"][:3]
    ['Players', 'Setup', 'A round']
    """
    v = load_variant(variant)
    parent = " > ".join(v.lineage[:-1])
    intro = _(v.summary) + (" " + fmt("Builds on: {parent}.", parent=parent) if parent else "")
    blocks = [
        Block("h1", _(v.title)),
        Block("p", intro + " " + fmt("Variant name: {name}.", name=v.name)),
    ]
    blocks += _players_section(v)
    blocks += _setup_section(v)
    blocks += [
        Block("h2", _("A round")),
        Block("p", _("1. Market")),
        Block("ul", items=tuple(_market_items(v))),
        Block("p", _("2. Load, declare, inspect")),
        Block("ul", items=tuple(_inspection_items(v))),
        Block("p", _("3. Bribes, deals and debts")),
        Block("ul", items=tuple(_deals_items(v))),
        Block("p", _("4. End of round")),
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
            fmt(
                "Generated from the variant file of {name} by sheriff_core.present.rules_summary; "
                "the full rules, with their sources and rule ids, are in docs/rules.md.",
                name=v.name,
            ),
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
        head = f"<th>{_esc(_('card'))}</th>" + head
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
        f'<!DOCTYPE html>\n<html lang="{get_language()}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_esc(fmt('Rules summary: {title}', title=_(v.title)))}</title>\n"
        f"<style>\n{_CSS}\n</style>\n"
        f"</head>\n<body>\n{body}\n</body>\n</html>\n"
    )
