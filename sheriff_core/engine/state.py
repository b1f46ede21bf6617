"""The state of a game: its fields, and the few helpers every part of the rules uses.

:class:`GameState` is the base of :class:`~sheriff_core.engine.game.Game`. Each part of
the rulebook is one class on top of it, in its own module, and ``Game`` inherits them all:

- :mod:`~sheriff_core.engine.rounds`: setup and the order of play (whose decision it is,
  the next phase, the end of a round), drawing cards, reshuffling;
- :mod:`~sheriff_core.engine.market`: the market phase;
- :mod:`~sheriff_core.engine.loading`: loading the bag and declaring it;
- :mod:`~sheriff_core.engine.inspection`: the Sheriff's choice, negotiation and bribes,
  the Deputies' votes, passing and inspecting a bag, confiscated cards;
- :mod:`~sheriff_core.engine.payments`: paying fines, debts paid in goods, tokens;
- :mod:`~sheriff_core.engine.options`: what ``legal_actions()`` lists and counts, per step;
- :mod:`~sheriff_core.engine.game`: ``Game`` itself (verify / can / apply, all or
  nothing, views, clone, JSON), the step table ``STEPS`` and :func:`new_game`.

A part calls another part's methods through ``self``: those few are declared on
``GameState`` (for the type checker only), so each module reads and type-checks alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from sheriff_core.base.errors import EngineBug
from sheriff_core.base.i18n import Message
from sheriff_core.engine.actions import Action, PayDebt
from sheriff_core.engine.events import Event
from sheriff_core.engine.steps import (
    ConfiscateChoice,
    DebtChoice,
    ExchangeChoice,
    Negotiation,
    PendingChoice,
    Phase,
    PromiseRecord,
    Step,
    Vote,
)
from sheriff_core.rules.variants import Variant

_P = TypeVar("_P", ConfiscateChoice, DebtChoice, ExchangeChoice)
LOOT = -1  # payee "seat" for the Deputies' shared Loot

_FACTS: dict[int, tuple[Variant, dict[str, int], frozenset[str]]] = {}


def _facts(variant: Variant) -> tuple[dict[str, int], frozenset[str]]:
    """Each good's penalty and the declarable goods of ``variant``, made once per variant
    (never changed)."""
    hit = _FACTS.get(id(variant))
    if hit is None or hit[0] is not variant:
        if len(_FACTS) > 64:
            _FACTS.clear()
        penalty = {n: g.penalty for n, g in variant.goods.items()}
        hit = _FACTS[id(variant)] = (variant, penalty, frozenset(variant.legal_goods))
    return hit[1], hit[2]


def take_multiset(pool: Sequence[str], cards: Sequence[str]) -> list[str] | None:
    """``pool`` minus ``cards`` as a new list, or None if ``cards`` is not a sub-multiset."""
    rest = list(pool)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


# ---------------------------------------------------------------- the state, declared once


class Copy(StrEnum):
    """How :meth:`Game.clone <sheriff_core.engine.game.Game.clone>` copies a field."""

    SHARE = "share"  # immutable, or replaced and never changed in place: shared
    LIST = "list"  # a list of immutable items: the list is copied
    DICT = "dict"  # a dict of immutable values: the dict is copied
    LISTS = "lists"  # a list of lists (hands, stands, piles): each list copied
    DICTS = "dicts"  # a list of dicts (tokens per seat): each dict copied
    DICT_OF_LISTS = "dict_of_lists"  # bags by seat: each list copied
    ROWS = "rows"  # None or a list of dicts (the final scores): each dict copied
    GENERATOR = "generator"  # a numpy Generator: a new one in the same state


class Saved(StrEnum):
    """How the state part of a save writes a field (:func:`~sheriff_core.engine.saves.state_data`)."""

    VALUE = "value"  # as it is (ints, strings, lists and dicts of them)
    GENERATOR = "generator"  # the bit generator's state
    RECORD = "record"  # a sub-state record's to_dict(), or None
    RECORDS = "records"  # a list of records' to_dict()
    SEAT_KEYS = "seat_keys"  # a dict by seat: the seats as strings
    SEAT_KEYS_LISTS = "seat_keys_lists"  # a dict by seat of tuples: strings and lists


@dataclass(frozen=True)
class StateField:
    """One attribute of a game's state: its ``name``, its Python ``type`` (as written),
    how :meth:`~sheriff_core.engine.game.Game.clone` copies it (``copy``), how a save
    stores it after the history (``saved``; None: not in the state part) and the check a
    loaded save's value gets before the replay (``check``: a name of
    :data:`sheriff_core.engine.saves.STATE_CHECKS`)."""

    name: str
    type: str
    copy: Copy
    saved: Saved | None = None
    check: str | None = None


_F = StateField
#: Every attribute of a game (:class:`GameState` sets them), declared once: ``clone``,
#: the save's state fields (in this order) and their checks are derived from it.
GAME_STATE: tuple[StateField, ...] = (
    _F("rng", "np.random.Generator", Copy.GENERATOR, Saved.GENERATOR, "rng"),
    _F("round", "int", Copy.SHARE, Saved.VALUE, "round"),
    _F("sheriff", "int", Copy.SHARE, Saved.VALUE, "seat"),
    _F("phase", "Phase", Copy.SHARE, Saved.VALUE, "phase"),
    _F("deck", "list[str]", Copy.LIST, Saved.VALUE, "cards"),
    _F("piles", "list[list[str]]", Copy.LISTS, Saved.VALUE, "piles"),
    _F("hands", "list[list[str]]", Copy.LISTS, Saved.VALUE, "cards_per_seat"),
    _F("stands", "list[list[str]]", Copy.LISTS, Saved.VALUE, "cards_per_seat"),
    _F("gold", "list[int]", Copy.LIST, Saved.VALUE, "counts_per_seat"),
    _F("sheriffs", "list[int]", Copy.LIST, Saved.VALUE, "seats"),
    _F("order", "list[int]", Copy.LIST, Saved.VALUE, "seats"),
    _F("merchant_order", "list[int]", Copy.LIST, Saved.VALUE, "seats"),
    _F("turn", "int", Copy.SHARE, Saved.VALUE, "count"),
    _F("loot", "int", Copy.SHARE, Saved.VALUE, "count"),
    _F("vote", "Vote | None", Copy.SHARE, Saved.RECORD, "record"),
    _F("deputy_deck", "list[int]", Copy.LIST, Saved.VALUE, "seats"),
    _F("deputy_passes", "int", Copy.SHARE, Saved.VALUE, "count"),
    _F("tokens", "list[dict[str, int]]", Copy.DICTS, Saved.VALUE, "token_counts_per_seat"),
    _F("token_supply", "dict[str, int]", Copy.DICT, Saved.VALUE, "token_counts"),
    _F("exchanged", "list[str]", Copy.LIST, Saved.VALUE, "cards"),
    _F("bags", "dict[int, list[str]]", Copy.DICT_OF_LISTS, Saved.SEAT_KEYS, "cards_by_seat"),
    _F("declared", "dict[int, tuple[str, int]]", Copy.DICT, Saved.SEAT_KEYS_LISTS, "by_seat"),
    _F("resolved", "list[int]", Copy.LIST, Saved.VALUE, "seats"),
    _F("negotiation", "Negotiation | None", Copy.SHARE, Saved.RECORD, "record"),
    _F("binding", "dict[int, str]", Copy.DICT, Saved.SEAT_KEYS, "mapping"),
    _F("promises", "list[PromiseRecord]", Copy.LIST, Saved.RECORDS, "list"),
    _F("pending", "list[PendingChoice]", Copy.LIST, Saved.RECORDS, "list"),
    # not in the state part of a save: the head of the save holds how the game was made
    # (variant, players, seed, first Sheriff, the players' generator, the history);
    # the rest follows from them
    _F("variant", "Variant", Copy.SHARE),
    _F("players", "tuple[str, ...]", Copy.SHARE),
    _F("n", "int", Copy.SHARE),
    _F("players_rng", "np.random.Generator", Copy.GENERATOR),
    _F("seed", "np.random.SeedSequence | None", Copy.SHARE),
    _F("first_sheriff", "int", Copy.SHARE),
    _F("rounds", "int", Copy.SHARE),
    _F("events", "list[Event]", Copy.LIST),
    _F("history", "list[tuple[int, Action]]", Copy.LIST),
    _F("_new", "list[Event]", Copy.LIST),
    _F("step", "Step", Copy.SHARE),
    _F("to_move", "int | None", Copy.SHARE),
    _F("_final_rows", "list[dict[str, Any]] | None", Copy.ROWS),
    _F("_replayable", "bool", Copy.SHARE),
    _F("_penalty", "dict[str, int]", Copy.SHARE),  # the variant's, never changed
    _F("_declarable", "frozenset[str]", Copy.SHARE),
)
#: The names of the fields each :class:`Copy` policy applies to (what clone loops over).
COPIED: dict[Copy, tuple[str, ...]] = {
    c: tuple(f.name for f in GAME_STATE if f.copy is c) for c in Copy
}


class GameState:
    """The fields of a game, set by ``__init__`` and declared in :data:`GAME_STATE`
    (``Game`` documents the public ones),
    and the helpers every part of the rules uses: seats and names, the sub-state due now
    (negotiation, vote, pending choice) and :meth:`_emit`."""

    def __init__(
        self,
        variant: Variant,
        names: Sequence[str],
        rng: np.random.Generator,
        first_sheriff: int,
        players_rng: np.random.Generator | None = None,
    ) -> None:
        self.variant = variant
        self.players = tuple(names)
        self.n = len(self.players)
        self.rng = rng  # the rules' chance (shuffles): nothing else draws from it
        # The players' chance (bots, widgets), never the rules': new_game derives it from
        # the seed (players_seed), from_json restores it; without one, a fixed seed keeps
        # a game built by hand deterministic.
        self.players_rng = players_rng if players_rng is not None else np.random.default_rng(0)
        self.seed: np.random.SeedSequence | None = None
        self.first_sheriff = first_sheriff
        self.rounds = variant.rounds(self.n)
        self.round = 0
        self.sheriff = first_sheriff
        self.phase = Phase.SETUP
        self.deck: list[str] = []
        self.piles: list[list[str]] = [[] for _ in range(variant.discard_piles)]
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        self.stands: list[list[str]] = [[] for _ in range(self.n)]
        self.gold: list[int] = [variant.starting_gold] * self.n
        self.sheriffs: list[int] = [first_sheriff]
        self.order: list[int] = []
        self.merchant_order: list[int] = []
        self.turn = 0
        self.loot = 0
        self.vote: Vote | None = None
        self.deputy_deck: list[int] = []
        self.deputy_passes = 0
        self.tokens: list[dict[str, int]] = [dict.fromkeys(variant.tokens, 0) for _ in names]
        self.token_supply = {t: tok.supply_for(len(names)) for t, tok in variant.tokens.items()}
        self.exchanged: list[str] = []
        self.bags: dict[int, list[str]] = {}
        self.declared: dict[int, tuple[str, int]] = {}
        self.resolved: list[int] = []
        self.negotiation: Negotiation | None = None
        self.binding: dict[int, str] = {}
        self.promises: list[PromiseRecord] = []
        self.pending: list[PendingChoice] = []
        self.events: list[Event] = []
        self.history: list[tuple[int, Action]] = []
        self._new: list[Event] = []
        self.step = Step.SETUP  # set by _refresh, with to_move: read them, never assign
        self.to_move: int | None = None
        self._final_rows: list[dict[str, Any]] | None = None
        # True once new_game has dealt it: the seed and history then determine the state,
        # so apply restores a failed action by replaying (see _rollback); mark_staged()
        # clears it for a state changed by hand, and apply then clones before each action.
        self._replayable = False
        self._penalty, self._declarable = _facts(variant)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def merchants(self) -> list[int]:
        """Seats of this round's merchants, clockwise from the (lead) Sheriff's left."""
        return list(self.merchant_order)

    def name(self, seat: int) -> str:
        return f"{self.players[seat]} (seat {seat})"

    def who(self, seat: int) -> Message:
        """:meth:`name` kept lazy for a message: shown in the language current when read."""
        return Message("{player} (seat {seat})", player=self.players[seat], seat=seat)

    def unresolved(self) -> list[int]:
        """Merchants whose bag the Sheriff has not yet dealt with, in seat order from the left."""
        return [s for s in self.merchant_order if s not in self.resolved]

    def left_sheriff(self, seat: int) -> int:
        """The (first) Sheriff or Deputy found going clockwise from ``seat``."""
        for k in range(1, self.n):
            if (seat + k) % self.n in self.sheriffs:
                return (seat + k) % self.n
        return self.sheriff

    def _negotiation(self) -> Negotiation:
        """The open negotiation (the steps that call this have one)."""
        neg = self.negotiation
        if neg is None:
            raise EngineBug(f"step {self.step} without a negotiation")
        return neg

    def _vote(self) -> Vote:
        vote = self.vote
        if vote is None:
            raise EngineBug(f"step {self.step} without a vote")
        return vote

    def _pending(self, kind: type[_P]) -> _P:
        """The pending choice due now (the steps that call this have one of ``kind``)."""
        p = self.pending[0] if self.pending else None
        if type(p) is not kind:
            raise EngineBug(f"step {self.step} without a pending {kind.__name__}")
        return p

    # ------------------------------------------------------------ events

    def _emit(self, event: Event) -> None:
        """Record ``event`` (one of :mod:`~sheriff_core.engine.events`' classes) as done
        by the action being applied (``apply`` returns them and adds them to ``events``)."""
        self._new.append(event)

    if TYPE_CHECKING:
        # What one part calls in another, declared here for the type checker: each is
        # defined once, in the module named (Game inherits them all).

        def can(self, action: Action, player: int | None = None) -> bool: ...  # game
        def score_rows(self) -> list[dict[str, Any]]: ...  # game
        def _draw_many(self, k: int) -> list[str]: ...  # rounds
        def _pay(
            self, payer: int, payee: int, amount: int, goods_to: int | None = None
        ) -> None: ...  # payments
        def _exchanges(self, seat: int) -> list[str]: ...  # payments
        def debt_options(self, limit: int | None = None) -> list[PayDebt]: ...  # payments
