"""The registry of rule fields: one declaration per field a variant file may set.

Each :class:`RuleField` says where the field is in a variant file (``path``), the
:class:`~sheriff_core.rules.variants.Variant` attribute it fills (``attr``), its
``type``, its own ``bounds`` or ``choices``, its ``default`` when a file leaves it
out, its ``label`` and ``unit`` in words, the rule id of ``docs/rules.md`` it
implements, its row of the difference table, its sentences in the rules summary and
the values the compiled simulator plays (``kernel``). Everything that lists the rule
fields is derived from :data:`FIELDS`:

- the loader (``rules/variants.py``): the keys a file may hold, each field's type,
  bounds and default (``variants._read``); rules *between* fields (``bag_max`` at most the
  hand size...) are the builders' and are declared here with ``at_least`` /
  ``at_most`` so an editor knows them;
- the editor's fields (:func:`sheriff_core.rules.house.editable_fields`);
- the rows of the difference table (:func:`table_rows`, ``compare.RULE_FIELDS``);
- the rules summary's sentences (:func:`sentences`, ``rules_summary``);
- what the compiled simulator refuses (``kernel``: see :func:`kernel_problems`). A new
  field is safe by default: unless its entry declares ``kernel=EVERY`` (or the values
  the kernel plays), the compiled simulator plays only the field's default, so a variant
  that sets another value is refused by ``simulate(engine="fast")`` and played by the
  checked engine under ``engine="auto"``, never run by a kernel that ignores the rule.

A field whose ``attr`` is not a dataclass field of ``Variant`` is read by the loader
into ``Variant.extra`` and read back with ``variant.rule(attr)``, so adding a rule
field is one entry here plus the engine's check (README: "Adding a rule field").

>>> f = field("round.bag_max")
>>> f.attr, f.type, f.bounds, f.at_least, f.at_most, f.rule
('bag_max', 'int', (1, 50), 'round.bag_min', 'setup.hand_size', 'LOAD-1')
>>> [f.path for f in FIELDS if f.section == "debts"]
['debts.order']
>>> field("goods.{good}.penalty").label.format(good="Pepper")
'Pepper: fine per card (penalty)'
>>> field("round.bag_max").kernel
EVERY
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from sheriff_core.base.errors import Quoted
from sheriff_core.base.i18n import N_, _

__all__ = [
    "CHOICE_WORDS",
    "DEFAULT_ONLY",
    "EVERY",
    "FIELDS",
    "LIMITS",
    "REQUIRED",
    "RuleField",
    "SECTIONS",
    "field",
    "fields_for",
    "instances",
    "kernel_problems",
    "scalar",
    "sentences",
    "table_rows",
    "words",
    "TIEBREAK_ORDERS",
]

#: Upper limits checked when a file is loaded (lower limits are in the checks).
LIMITS: Mapping[str, int] = MappingProxyType(
    {
        "players": 12,  # [players] max
        "card_count": 1_000,  # each [goods.X] count
        "deck": 5_000,  # all cards together
        "goods": 100,  # kinds of goods
        "name_chars": 100,  # a good's or token's name (a save lists every card by name)
        "tokens": 50,  # kinds of tokens
        "hand_size": 50,
        "discard_piles": 10,
        "sheriff_turns": 10,  # times each player is Sheriff; deputy deck passes
        "number": 1_000_000,  # gold, values, penalties, bonuses, token supplies
        "file_bytes": 1_000_000,  # size of one TOML file
        "depth": 8,  # nesting of tables and lists
        "extends": 20,  # files in one extends chain
    }
)

KINDS = ("legal", "contraband", "royal")
MARKET_STARTERS = ("sheriff_left", "sheriff_chooses")
DEBT_ORDERS = ("legal_first", "any")
# A market turn: "draw-then-discard" (1st edition: draw back up, then put the set-aside
# cards on a pile) or "discard-then-draw" (2nd edition: discard first, so the cards just
# discarded are shuffled in if the draw pile runs out during the draw).
MARKET_ORDERS = ("draw-then-discard", "discard-then-draw")
TIEBREAKS = ("legal_goods", "contraband", "tokens")
SHERIFF_SELECTIONS = ("rotate", "deputy_deck")

#: Every order of tie-breaks without repeating one (none at all included).
TIEBREAK_ORDERS: tuple[tuple[str, ...], ...] = tuple(
    order for n in range(len(TIEBREAKS) + 1) for order in itertools.permutations(TIEBREAKS, n)
)


class _Required:
    """The default of a field every merged variant must set."""

    def __repr__(self) -> str:
        return "REQUIRED"


#: ``default`` of a field a variant must set (a missing one is the loader's error).
REQUIRED: Any = _Required()


class _KernelPlays:
    """What a field's ``kernel`` says when it is not a tuple of values."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name


#: ``kernel`` of a field the compiled simulator plays with every value the loader accepts.
EVERY: Any = _KernelPlays("EVERY")
#: ``kernel`` of a field whose entry does not declare one: the compiled simulator plays
#: only the field's ``default`` (none at all when the default is :data:`REQUIRED`).
DEFAULT_ONLY: Any = _KernelPlays("DEFAULT_ONLY")

_NUMBER = LIMITS["number"]
_HAND = LIMITS["hand_size"]

#: Each choice of the fields' menus in words (a choice not here is shown as it is).
CHOICE_WORDS: dict[str, str] = {
    "legal": N_("legal"),
    "contraband": N_("contraband"),
    "royal": N_("royal"),
    "sheriff_left": N_("the player on the Sheriff's left"),
    "sheriff_chooses": N_("a player the Sheriff chooses"),
    "draw-then-discard": N_("draw, then discard (1st edition)"),
    "discard-then-draw": N_("discard, then draw (2nd edition)"),
    "legal_first": N_("legal goods first, then contraband"),
    "any": N_("any goods, as the debtor chooses"),
    "rotate": N_("one Sheriff, each player in turn"),
    "deputy_deck": N_("Deputies drawn from a deputy deck"),
    "legal_goods": N_("most legal goods"),
    "tokens": N_("most tokens"),
}

# The rules summary's sections a field's sentence goes in (``rules_summary`` places them).
SECTIONS = ("setup", "market", "inspection", "deals", "end", "special")

Sentence = Callable[[Any], "str | None"]
Cell = Callable[[Any], object]


@dataclass(frozen=True)
class RuleField:
    """One rule field of a variant file.

    ``path``: where it is in a file, ``"section.key"``; a field of each good, token,
    bonus or player count has a placeholder (``"goods.{good}.penalty"``, ``"removed.{n}.{good}"``).
    ``attr``: the ``Variant`` attribute it fills. ``type``: ``"int"``, ``"bool"`` or
    ``"choice"``. ``bounds`` (ints) or ``choices``: the values the field may take on its
    own (``choices_from``: the name of a ``Variant`` attribute holding them, such as
    ``"legal_goods"``); ``at_least`` / ``at_most`` name a field whose value bounds it too (checked by
    the loader's builders, which word those errors). ``default``: the value when a file
    leaves the field out (:data:`REQUIRED`: it may not). ``label`` (with ``{sheriff}``,
    ``{sheriffs}``, ``{king}``, ``{queen}`` and the path's placeholders) and ``unit``
    say it in words; ``group`` is the editor's tab. ``rule``: its rule id in
    ``docs/rules.md``. ``row``: its row in the difference table (``cell`` writes the
    value; None: the value as it is), or None when ``told_by`` names the row or sentence
    that already tells it. ``says``: ``(section, sentence)`` pairs of the rules summary
    (a sentence returns None when there is nothing to say). ``kernel``: the values the
    compiled simulator plays: :data:`EVERY` (every value the loader accepts), a tuple
    of values (``()``: no variant that has the field, such as a token), or, when the
    entry does not say, :data:`DEFAULT_ONLY` (only ``default``: a new field is refused
    by the compiled simulator until the kernel plays it and its entry says so).
    ``applies``: whether the field is in use in a variant (an editor hides it otherwise).

    >>> RuleField("round.example_cap", "example_cap", "int", "Round",
    ...           "an example cap", (0, 12), default=12).kernel
    DEFAULT_ONLY
    >>> RuleField("round.x", "x", "int", "Round", "x", (0, 1), default=0, kernel=None)
    Traceback (most recent call last):
    ...
    ValueError: rule field round.x: kernel=None is not a declaration; say kernel=EVERY (the compiled simulator plays every value), a tuple of the values it plays, or leave it out (it plays only the default)
    """

    path: str
    attr: str
    type: str
    group: str
    label: str
    bounds: tuple[int, int] | None = None
    choices: tuple[Any, ...] | None = None
    choices_from: str = ""
    default: Any = REQUIRED
    at_least: str | None = None
    at_most: str | None = None
    unit: str = ""
    rule: str = ""
    row: str | None = None
    cell: Cell | None = None
    says: tuple[tuple[str, Sentence], ...] = ()
    told_by: str = ""
    kernel: Any = DEFAULT_ONLY
    applies: Callable[[Any], bool] | None = None

    def __post_init__(self) -> None:
        if self.kernel is EVERY or self.kernel is DEFAULT_ONLY or isinstance(self.kernel, tuple):
            return
        raise ValueError(
            f"rule field {self.path}: kernel={self.kernel!r} is not a declaration; say "
            "kernel=EVERY (the compiled simulator plays every value), a tuple of the values "
            "it plays, or leave it out (it plays only the default)"
        )

    def kernel_plays(self) -> tuple[Any, ...] | None:
        """The values the compiled simulator plays (None: every value).

        >>> field("round.bag_max").kernel_plays() is None
        True
        >>> RuleField("round.x", "x", "bool", "Round", "x", default=False).kernel_plays()
        (False,)
        """
        if self.kernel is EVERY:
            return None
        if self.kernel is DEFAULT_ONLY:
            return () if self.default is REQUIRED else (self.default,)
        return tuple(self.kernel)

    @property
    def section(self) -> str:
        """The file's table the field is in (``"round"`` for ``round.bag_max``)."""
        return self.path.split(".", 1)[0]

    @property
    def key(self) -> str:
        """The field's key in its table (``"bag_max"``; ``"sheriff_turns_by_players"`` for a
        per-player-count field; for a good's, token's or bonus's field, the key of its entry)."""
        parts = self.path.split(".")
        if parts[0] in ("goods", "tokens", "bonuses"):
            return parts[2]
        return parts[1]

    @property
    def each(self) -> tuple[str, ...]:
        """The placeholders of the path (``("good",)``, ``("n", "good")``...)."""
        return tuple(p[1:-1] for p in self.path.split(".") if p.startswith("{"))

    @property
    def where(self) -> str:
        """How the loader's messages name it: ``"[round] bag_max"``."""
        return f"[{self.section}] {self.key}"

    def value(self, variant: Any, **names: Any) -> Any:
        """The field's value in ``variant`` (a loaded ``Variant``; ``names`` fill the
        placeholders).

        >>> from sheriff_core.rules.variants import load_variant
        >>> field("goods.{good}.penalty").value(load_variant("classic"), good="Pepper")
        4
        """
        return _GETTERS.get(self.path, _attr(self.attr))(variant, names)


def _attr(name: str) -> Callable[[Any, Mapping[str, Any]], Any]:
    return lambda v, _names: v.rule(name)


def _rotating(v: Any) -> bool:
    return bool(v.sheriff_selection == "rotate")


def _deputies(v: Any) -> bool:
    return bool(v.sheriff_selection == "deputy_deck")


# --------------------------------------------------------------------------- sentences


def _draw_sentence(v: Any) -> str:
    if v.draw_from_discards:
        return _(
            "You may draw the top cards of the discard piles first, one at a time; once you "
            "draw from the draw pile, the rest of the draw comes from it."
        )
    return _("Draw from the draw pile only.")


def _reshuffle_sentence(v: Any) -> str:
    if v.reshuffle_keep:
        return _(
            "When the draw pile runs out, all but the top {n} cards of each "
            "discard pile are shuffled into a new draw pile."
        ).format(n=v.reshuffle_keep)
    if v.discard_piles > 1:
        return _("When the draw pile runs out, all discard piles are shuffled into a new one.")
    return _("When the draw pile runs out, the whole discard pile is shuffled into a new one.")


def _debt_sentence(v: Any) -> str:
    if v.debt_order == "legal_first":
        order = _("legal goods first; other goods only when the legal ones are not enough")
    else:
        order = _("any goods, in the debtor's choice")
    return _(
        "A debt one cannot pay in gold is paid with goods from one's "
        "{stand} at their value ({order}), worth at least the debt, no change; "
        "with nothing left, the rest is forgiven."
    ).format(stand=_(v.term("stand")), order=order)


def _starter_special(v: Any) -> str | None:
    if v.market_starter != "sheriff_chooses":
        return None
    leader = _(v.term("sheriff"))
    if v.sheriffs_per_round > 1:
        return _("The leading {sheriff} chooses who starts the market.").format(sheriff=leader)
    return _("The {sheriff} chooses who starts the market.").format(sheriff=leader)


def _order_special(v: Any) -> str | None:
    if v.market_order != "discard-then-draw":
        return None
    return _(
        "Discard before drawing, so cards just discarded can be shuffled back in when "
        "the draw pile runs out."
    )


# --------------------------------------------------------------------------- the registry

_S = N_("Setup")
_R = N_("Round")
_G = N_("Goods")
_B = N_("Bonuses")
_C = N_("Scoring")

#: Every rule field, in the order the editor lists them and the difference table shows
#: the rows of single fields.
FIELDS: tuple[RuleField, ...] = (
    RuleField(
        "players.min", "min_players", "int", _S, N_("fewest players"), (2, LIMITS["players"]),
        unit=N_(" players"), rule="SET-1", told_by="row 'players'; summary 'Players'",
        kernel=EVERY,
    ),
    RuleField(
        "players.max", "max_players", "int", _S, N_("most players"), (2, LIMITS["players"]),
        at_least="players.min", unit=N_(" players"), rule="SET-1",
        told_by="row 'players'; summary 'Players'",
        kernel=EVERY,
    ),
    RuleField(
        "setup.starting_gold", "starting_gold", "int", _S, N_("starting gold"), (0, _NUMBER),
        unit=N_(" gold"), rule="SET-2", row="starting gold", told_by="summary 'Setup'",
        kernel=EVERY,
    ),
    RuleField(
        "setup.hand_size", "hand_size", "int", _S, N_("hand size"), (1, _HAND),
        unit=N_(" cards"), rule="SET-5", row="hand size", told_by="summary 'Setup'",
        kernel=EVERY,
    ),
    RuleField(
        "setup.discard_piles", "discard_piles", "int", _S, N_("discard piles"),
        (1, LIMITS["discard_piles"]), unit=N_(" piles"), rule="SET-6", row="discard piles",
        told_by="summary 'Setup'",
        kernel=EVERY,
    ),
    RuleField(
        "setup.discard_pile_setup", "discard_pile_setup", "int", _S,
        N_("cards on each discard pile at setup"), (0, LIMITS["deck"]), default=0, unit=N_(" cards"),
        rule="SET-6", row="cards on each pile at setup", told_by="summary 'Setup'",
        kernel=EVERY,
    ),
    RuleField(
        "round.sheriff_turns", "sheriff_turns", "int", _R,
        N_("times each player is {sheriff} (any number of players)"),
        (1, LIMITS["sheriff_turns"]), unit=N_(" times"), rule="GAME-1",
        told_by="rows 'rounds', 'times Sheriff each'; summary 'Players'", applies=_rotating,
        kernel=EVERY,
    ),
    RuleField(
        "round.sheriff_turns_by_players.{n}", "sheriff_turns_by_players", "int", _R,
        N_("times each player is {sheriff} (for {n} players)"), (1, LIMITS["sheriff_turns"]),
        default=None, unit=N_(" times"), rule="GAME-1",
        told_by="rows 'rounds', 'times Sheriff each'; summary 'Players'", applies=_rotating,
        kernel=EVERY,
    ),
    RuleField(
        "round.market_starter", "market_starter", "choice", _R, N_("who starts the market"),
        choices=MARKET_STARTERS, rule="MKT-1", row="market starts",
        cell=lambda v: {"sheriff_left": "left of the Sheriff",
                        "sheriff_chooses": "the Sheriff chooses"}[v.market_starter],
        says=(("special", _starter_special),), told_by="summary 'A round', 1. Market",
        kernel=EVERY,
    ),
    RuleField(
        "round.draw_from_discards", "draw_from_discards", "bool", _R,
        N_("draw from the discard piles"), default=True, rule="MKT-3",
        row="draw from discard piles", cell=lambda v: "yes" if v.draw_from_discards else "no",
        says=(("market", _draw_sentence),),
        kernel=EVERY,
    ),
    RuleField(
        "round.market_order", "market_order", "choice", _R, N_("market turn order"),
        choices=MARKET_ORDERS, default="draw-then-discard", rule="2E-MKT-2", row="market turn",
        cell=lambda v: {"draw-then-discard": "draw back, then discard",
                        "discard-then-draw": "discard, then draw back"}[v.market_order],
        says=(("special", _order_special),), told_by="summary 'A round', 1. Market",
        kernel=EVERY,
    ),
    RuleField(
        "round.set_aside_max", "set_aside_max", "int", _R, N_("set aside at most"), (0, _HAND),
        at_most="setup.hand_size", unit=N_(" cards"), rule="MKT-2", row="set aside at most",
        told_by="summary 'A round', 1. Market",
        kernel=EVERY,
    ),
    RuleField(
        "round.bag_min", "bag_min", "int", _R, N_("fewest cards in a bag"), (1, _HAND),
        at_most="round.bag_max", unit=N_(" cards"), rule="LOAD-1", row="bag size",
        cell=lambda v: f"{v.bag_min}-{v.bag_max}",
        told_by="summary 'A round', 2. Load, declare, inspect",
        kernel=EVERY,
    ),
    RuleField(
        "round.bag_max", "bag_max", "int", _R, N_("most cards in a bag"), (1, _HAND),
        at_least="round.bag_min", at_most="setup.hand_size", unit=N_(" cards"), rule="LOAD-1",
        told_by="row 'bag size'; summary 'A round', 2. Load, declare, inspect",
        kernel=EVERY,
    ),
    RuleField(
        "round.reshuffle_keep", "reshuffle_keep", "int", _R,
        N_("reshuffle keeps the top cards of each pile"), (0, LIMITS["deck"]), default=0,
        unit=N_(" cards"), rule="DECK-1", row="reshuffle keeps top of each pile",
        says=(("market", _reshuffle_sentence),),
        kernel=EVERY,
    ),
    RuleField(
        "sheriffs.selection", "sheriff_selection", "choice", _R, N_("how the {sheriffs} are chosen"),
        choices=SHERIFF_SELECTIONS, default="rotate", rule="DEP-DECK-1",
        told_by="row 'Sheriffs'; summary 'Players'", applies=_deputies,
        kernel=EVERY,
    ),
    RuleField(
        "sheriffs.per_round", "sheriffs_per_round", "int", _R, N_("{sheriffs} per round"), (1, 2),
        default=1, rule="DEP-DECK-1", told_by="row 'Sheriffs'; summary 'Players'",
        applies=_deputies,
        kernel=EVERY,
    ),
    RuleField(
        "sheriffs.deck_passes", "deputy_deck_passes", "int", _R,
        N_("times the deputy deck is used up"), (0, LIMITS["sheriff_turns"]), default=0,
        unit=N_(" times"), rule="DEP-DECK-2", told_by="row 'Sheriffs'; summary 'Players'",
        applies=_deputies,
        kernel=EVERY,
    ),
    RuleField(
        "goods.{good}.kind", "goods", "choice", _G, N_("{good}: kind"), choices=KINDS,
        rule="SET-3", told_by="rows of goods; summary 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "goods.{good}.count", "goods", "int", _G, N_("{good}: cards"), (0, LIMITS["card_count"]),
        unit=N_(" cards"), rule="SET-3", told_by="rows of goods in deck; summary 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "goods.{good}.value", "goods", "int", _G, N_("{good}: value"), (0, _NUMBER),
        unit=N_(" gold"), rule="SCO-1", told_by="rows of goods; summary 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "goods.{good}.penalty", "goods", "int", _G, N_("{good}: fine per card (penalty)"),
        (0, _NUMBER), unit=N_(" gold"), rule="INSP-6", told_by="rows of goods; summary 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "goods.{royal}.counts_as.good", "goods", "choice", _G, N_("{royal}: counts as good"),
        default=None, choices_from="legal_goods", rule="ROY-3",
        told_by="row 'royal goods'; summary 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "goods.{royal}.counts_as.n", "goods", "int", _G, N_("{royal}: counts as how many"),
        (1, _NUMBER), default=None, rule="ROY-3", told_by="row 'royal goods'; summary 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "removed.{n}.{good}", "removed", "int", _G, N_("{good}: cards removed with {n} players"),
        (0, LIMITS["card_count"]), default=0, at_most="goods.{good}.count", unit=N_(" cards"),
        rule="SET-4", told_by="row 'cards removed'; summary 'Setup' and 'Goods'",
        kernel=EVERY,
    ),
    RuleField(
        "bonuses.{bonus}.king", "bonuses", "int", _B, N_("{bonus}: {king}"), (0, _NUMBER),
        unit=N_(" gold"), rule="SCO-2", told_by="row 'bonuses'; summary's bonus table",
        kernel=EVERY,
    ),
    RuleField(
        "bonuses.{bonus}.queen", "bonuses", "int", _B, N_("{bonus}: {queen}"), (0, _NUMBER),
        unit=N_(" gold"), rule="SCO-2", told_by="row 'bonuses'; summary's bonus table",
        kernel=EVERY,
    ),
    RuleField(
        "tokens.{token}.good", "tokens", "choice", _B, N_("{token}: for which good"),
        choices_from="legal_goods", rule="DIS-TOK-1",
        told_by="row 'tokens'; summary's tokens table",
        kernel=EVERY,
    ),
    RuleField(
        "tokens.{token}.per_token", "tokens", "int", _B, N_("{token}: goods per token"),
        (1, _NUMBER), unit=N_(" goods"), rule="DIS-TOK-1",
        told_by="row 'tokens'; summary's tokens table",
        kernel=EVERY,
    ),
    RuleField(
        "tokens.{token}.value", "tokens", "int", _B, N_("{token}: value"), (0, _NUMBER),
        unit=N_(" gold"), rule="DIS-TOK-1", told_by="row 'tokens'; summary's tokens table",
        kernel=EVERY,
    ),
    RuleField(
        "tokens.{token}.supply", "tokens", "int", _B, N_("{token}: supply"), (0, _NUMBER),
        unit=N_(" tokens"), rule="DIS-TOK-1", told_by="row 'tokens'; summary's tokens table",
        kernel=EVERY,
    ),
    RuleField(
        "tokens.{token}.supply_by_players.{n}", "tokens", "int", _B,
        N_("{token}: supply with {n} players"), (0, _NUMBER), default=None, unit=N_(" tokens"),
        rule="DIS-TOK-1", told_by="row 'tokens'; summary's tokens table",
        kernel=EVERY,
    ),
    RuleField(
        "debts.order", "debt_order", "choice", _C, N_("debts paid in goods"), choices=DEBT_ORDERS,
        default="legal_first", rule="DEBT-2", row="debts paid in goods",
        cell=lambda v: {"legal_first": "legal goods first, then contraband",
                        "any": "any goods, debtor's choice"}[v.debt_order],
        says=(("deals", _debt_sentence),),
        kernel=EVERY,
    ),
    RuleField(
        "scoring.tiebreaks", "tiebreaks", "choice", _C, N_("winner tie-breaks, in order"),
        choices=TIEBREAK_ORDERS, default=(), rule="SCO-5", row="winner tie-breaks",
        cell=lambda v: ", then ".join(v.tiebreaks) or "-",
        told_by="summary 'End of game and scoring'",
        kernel=EVERY,
    ),
)  # fmt: skip


def _counts_as(part: int) -> Callable[[Any, Mapping[str, Any]], Any]:
    def get(v: Any, names: Mapping[str, Any]) -> Any:
        pair = v.goods[names["royal"]].counts_as
        return None if pair is None else pair[part]

    return get


#: How a field of each good, token, bonus or player count is read from a Variant.
_GETTERS: dict[str, Callable[[Any, Mapping[str, Any]], Any]] = {
    "round.sheriff_turns_by_players.{n}": lambda v, k: v.sheriff_turns_by_players.get(
        k["n"], v.sheriff_turns
    ),
    "goods.{good}.kind": lambda v, k: v.goods[k["good"]].kind,
    "goods.{good}.count": lambda v, k: v.goods[k["good"]].count,
    "goods.{good}.value": lambda v, k: v.goods[k["good"]].value,
    "goods.{good}.penalty": lambda v, k: v.goods[k["good"]].penalty,
    "goods.{royal}.counts_as.good": _counts_as(0),
    "goods.{royal}.counts_as.n": _counts_as(1),
    "removed.{n}.{good}": lambda v, k: v.removed.get(k["n"], {}).get(k["good"], 0),
    "bonuses.{bonus}.king": lambda v, k: v.bonuses[k["bonus"]].king,
    "bonuses.{bonus}.queen": lambda v, k: v.bonuses[k["bonus"]].queen,
    "tokens.{token}.good": lambda v, k: v.tokens[k["token"]].good,
    "tokens.{token}.per_token": lambda v, k: v.tokens[k["token"]].per_token,
    "tokens.{token}.value": lambda v, k: v.tokens[k["token"]].value,
    "tokens.{token}.supply": lambda v, k: v.tokens[k["token"]].supply,
    "tokens.{token}.supply_by_players.{n}": lambda v, k: v.tokens[k["token"]].supply_for(k["n"]),
}

_BY_PATH = {f.path: f for f in FIELDS}


def field(path: str) -> RuleField:
    """The field declared at ``path`` (placeholders as declared: ``"goods.{good}.count"``).

    >>> field("setup.starting_gold").bounds
    (0, 1000000)
    >>> field("setup.gold")
    Traceback (most recent call last):
    ...
    KeyError: "no rule field 'setup.gold'"
    """
    try:
        return _BY_PATH[path]
    except KeyError:
        raise KeyError(Quoted("no rule field {path!r}", path=path)) from None


def scalar(f: RuleField) -> bool:
    """Whether ``f`` is one value per variant (no placeholder in its path).

    >>> scalar(field("setup.hand_size")), scalar(field("goods.{good}.count"))
    (True, False)
    """
    return not f.each


def _names(v: Any, placeholder: str) -> list[Any]:
    """The names a placeholder stands for in ``v``, in file order."""
    if placeholder == "good":
        return list(v.goods)
    if placeholder == "royal":
        return [n for n, g in v.goods.items() if g.counts_as is not None]
    if placeholder == "bonus":
        return list(v.bonuses)
    if placeholder == "token":
        return list(v.tokens)
    if placeholder == "n":
        return list(range(v.min_players, v.max_players + 1))
    raise KeyError(f"unknown placeholder {placeholder!r}")


def _family(f: RuleField) -> tuple[str, str]:
    """The entry a field of each good, token... belongs to (a royal good is a good)."""
    first = f.each[0]
    return f.section, "good" if first == "royal" else first


def instances(v: Any) -> Iterator[tuple[RuleField, str, dict[str, Any]]]:
    """Every field of the variant ``v``: ``(field, path, placeholder values)``, in the
    editor's order: fields of one entry (a good, a token, a bonus) together, entry by entry.

    >>> from sheriff_core.rules.variants import load_variant
    >>> [p for _, p, _ in instances(load_variant("classic-royal")) if "Bleu" in p][4:6]
    ['goods.Bleu Cheese.counts_as.good', 'goods.Bleu Cheese.counts_as.n']
    """
    i = 0
    while i < len(FIELDS):
        f = FIELDS[i]
        if not f.each:
            yield f, f.path, {}
            i += 1
            continue
        block = [f]
        while i + len(block) < len(FIELDS) and FIELDS[i + len(block)].each:
            nxt = FIELDS[i + len(block)]
            if _family(nxt) != _family(f):
                break
            block.append(nxt)
        i += len(block)
        first = _family(f)[1]
        for name in _names(v, first):
            for g in block:
                if g.each[0] == "royal" and name not in _names(v, "royal"):
                    continue
                rest = [_names(v, p) for p in g.each[1:]]
                for combo in itertools.product(*rest):
                    names = dict(zip(g.each, (name, *combo), strict=True))
                    yield g, g.path.format(**names), names


def fields_for(v: Any, f: RuleField) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each instance of ``f`` in the variant ``v``: ``(path, placeholder values)``.

    >>> from sheriff_core.rules.variants import load_variant
    >>> [p for p, _ in fields_for(load_variant("classic"), field("removed.{n}.{good}"))][:2]
    ['removed.3.Apples', 'removed.3.Cheese']
    """
    if not f.each:
        yield f.path, {}
        return
    lists = [_names(v, p) for p in f.each]
    for combo in itertools.product(*lists):
        names = dict(zip(f.each, combo, strict=True))
        yield f.path.format(**names), names


def words(v: Any) -> dict[str, str]:
    """The variant's words that labels use (``{sheriff}``, ``{king}``...).

    >>> from sheriff_core.rules.variants import load_variant
    >>> words(load_variant("deputies"))["sheriffs"]
    'Deputies'
    """
    return {k: v.term(k) for k in ("sheriff", "sheriffs", "king", "queen")}


def table_rows() -> dict[str, Cell]:
    """The difference table's rows of single fields, in registry order: ``{row: cell}``.

    A field with neither ``row`` nor ``told_by`` gets a row of its own, named by its
    label, showing its value.

    >>> list(table_rows())[:3]
    ['starting gold', 'hand size', 'discard piles']
    """
    rows: dict[str, Cell] = {}
    for f in FIELDS:
        if not scalar(f) or (f.row is None and f.told_by):
            continue
        rows[f.row or f.label] = f.cell or _attr_cell(f.attr)
    return rows


def _attr_cell(name: str) -> Cell:
    return lambda v: v.rule(name)


def _plain_sentence(f: RuleField) -> Sentence:
    """The sentence of a field that declares none: its label and value."""

    def say(v: Any) -> str:
        value = v.rule(f.attr)
        if isinstance(value, bool):
            value = _("yes") if value else _("no")
        label = _(f.label).format(**{k: _(w) for k, w in words(v).items()})
        unit = _(f.unit) if f.unit else ""
        return f"{label[:1].upper()}{label[1:]}: {value}{unit}."

    return say


def sentences(v: Any, section: str) -> list[str]:
    """The rules summary's sentences of ``section`` that fields declare, in registry
    order (a field with neither sentences nor ``told_by`` says its label and value under
    "special").

    >>> from sheriff_core.rules.variants import load_variant
    >>> sentences(load_variant("classic"), "market")[0]
    'You may draw the top cards of the discard piles first, one at a time; once you draw from the draw pile, the rest of the draw comes from it.'
    """
    if section not in SECTIONS:
        raise KeyError(
            Quoted(
                "unknown section {section!r}; sections: {sections}",
                section=section,
                sections=", ".join(SECTIONS),
            )
        )
    out = []
    for f in FIELDS:
        says = f.says
        if not says and not f.told_by and scalar(f):
            says = (("special", _plain_sentence(f)),)
        for where, say in says:
            if where == section:
                text = say(v)
                if text:
                    out.append(text)
    return out


def kernel_problems(v: Any) -> list[str]:
    """Each field of ``v`` whose value the compiled simulator does not play (its
    ``kernel``), as ``"variant field <attr>=<value> (the kernel plays <values>)"``.
    A field whose entry declares no ``kernel`` is played with its default only.

    >>> from sheriff_core.rules.variants import load_variant
    >>> kernel_problems(load_variant("classic"))
    []
    >>> kernel_problems(load_variant("deputies"))  # the kernel plays every bundled variant
    []
    """
    out = []
    for f in FIELDS:
        plays = f.kernel_plays()
        if plays is None:
            continue
        for path, names in fields_for(v, f):
            have = f.value(v, **names)
            if not any(_same(have, k) for k in plays):
                said = " or ".join(repr(k) for k in plays) or "no variant with this field"
                if f.kernel is DEFAULT_ONLY:
                    said = (
                        f"only the default, {said}" if plays else "no value: no default"
                    ) + "; the field declares no kernel"
                name = f.attr if scalar(f) else path
                out.append(f"variant field {name}={have!r} (the kernel plays {said})")
    return out


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same type (a bool is not the number 1)."""
    return type(a) is type(b) and a == b
