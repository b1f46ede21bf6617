"""The game: one mutable state made by :func:`new_game`, driven by frozen actions.

Every step follows one pattern: :meth:`Game.verify` raises a
:class:`~sheriff_core.errors.RulesError` naming the broken rule, :meth:`Game.can`
answers True/False, :meth:`Game.apply` checks completely, then changes the state
and returns the events. A refused action leaves the state exactly as it was.

>>> import sheriff_core as sc
>>> game = sc.new_game("classic", players=4, seed=1)
>>> game.phase, game.sheriff, game.to_move
('market', 0, 1)
>>> game.apply(sc.Market())[0].kind
'market'
>>> game.apply(sc.Declare("Apples", 1))
Traceback (most recent call last):
...
sheriff_core.errors.IllegalAction: it is the market phase: Cat (seat 2) must make a market turn (market), not declare
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import permutations
from math import comb
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import numpy as np

from sheriff_core.engine.actions import (
    Accept,
    Action,
    ChooseStarter,
    Confiscate,
    Declare,
    Decline,
    Done,
    Exchange,
    Inspect,
    LetPass,
    Load,
    Market,
    Offer,
    PayDebt,
    Promise,
    Threaten,
)
from sheriff_core.engine.events import Event
from sheriff_core.engine.steps import (
    ConfiscateChoice,
    DebtChoice,
    ExchangeChoice,
    Negotiation,
    PendingChoice,
    PromiseRecord,
    Step,
    Vote,
)
from sheriff_core.errors import (
    EngineBug,
    GameOver,
    IllegalAction,
    IllegalDebtPayment,
    IllegalInspection,
    IllegalLoad,
    IllegalMarket,
    IllegalOffer,
    NotYourTurn,
    RulesError,
)
from sheriff_core.rules.cards import build_deck, check_declaration, split_bag
from sheriff_core.rules.variants import Variant, load_variant
from sheriff_core.scoring import score_rows

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["STEPS", "Game", "LegalActions", "StepRule", "new_game"]

_P = TypeVar("_P", ConfiscateChoice, DebtChoice, ExchangeChoice)
JSON_FORMAT = 2  # the save format version: see sheriff_core.engine.saves
_tuple_new = tuple.__new__
_NEXT_PHASE = {"market": "load", "load": "declare", "declare": "inspect"}
#: The phases played in turn order: the step, and the order the turn indexes.
_TURNS: dict[str, tuple[Step, Callable[[Any], list[int]]]] = {
    "market": (Step.MARKET, attrgetter("order")),
    "load": (Step.LOAD, attrgetter("merchant_order")),
    "declare": (Step.DECLARE, attrgetter("merchant_order")),
}
LOOT = -1  # payee "seat" for the Deputies' shared Loot

_DECKS: dict[tuple[int, int], tuple[Variant, tuple[str, ...]]] = {}
#: The merchants' order by (players, Sheriff seats...): the same for every game.
_ORDERS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _fresh_deck(variant: Variant, players: int) -> tuple[str, ...]:
    """:func:`build_deck` for ``variant`` and ``players``, built once (variants are immutable)."""
    key = (id(variant), players)
    hit = _DECKS.get(key)
    if hit is None or hit[0] is not variant:
        if len(_DECKS) > 64:
            _DECKS.clear()
        hit = _DECKS[key] = (variant, tuple(build_deck(variant, players)))
    return hit[1]


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


def _word(action: Action) -> str:
    return str(action).split(" ", 1)[0]


def _take_multiset(pool: Sequence[str], cards: Sequence[str]) -> list[str] | None:
    """``pool`` minus ``cards`` as a new list, or None if ``cards`` is not a sub-multiset."""
    rest = list(pool)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


class LegalActions:
    """The legal actions of the current decision (read it before the game moves on).

    ``action in legal`` runs the full check, so every legal action -- however
    combinatorial (which cards to set aside, what to offer) -- is accepted.

    Iterating (and ``list(legal)``) lists lazily one action per distinct effect:
    every market turn (set-aside cards in each order, take sequences, piles;
    ``Market()`` once for "keep"), every load, declaration, token exchange,
    bag choice, confiscation order and debt payment. For the negotiation steps it
    lists the non-offer actions and the **gold-only** offers: offers with goods
    and promises are legal too and ``in`` accepts them, but they are not listed
    (nor counted). ``len(legal)`` is the number of actions iteration lists --
    always ``len(list(legal))`` -- counted without listing them where that is
    cheaper (the market's thousands of orders).

    >>> g = new_game("classic", players=3, seed=0)
    >>> legal = g.legal_actions()
    >>> len(legal) == len(list(legal)), len(legal) > 1000
    (True, True)
    """

    __slots__ = ("_game", "step", "player")

    def __init__(self, game: Game, step: Step, player: int | None) -> None:
        self._game = game
        self.step = step
        self.player = player

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._game.can(action)

    def __iter__(self) -> Iterator[Action]:
        return STEPS[self.step].options(self._game)

    def __len__(self) -> int:
        rule = STEPS[self.step]
        if rule.size is not None:
            return rule.size(self._game)
        return sum(1 for _ in rule.options(self._game))

    def __repr__(self) -> str:
        return f"<LegalActions step={self.step!r} player={self.player!r}>"


class Game:
    """A game of Sheriff of Nottingham under one variant. Make it with :func:`new_game`.

    Public state (read it, do not assign it): ``players`` (names by seat),
    ``round`` (0-based), ``rounds``, ``sheriff`` (seat), ``phase``, ``step`` (the
    :class:`Step` due now, ``Step.OVER`` at the end; see :data:`STEPS`), ``to_move``
    (the seat whose decision it is, None at the end), ``gold``, ``hands``, ``stands``,
    ``deck`` (draw pile, top last), ``piles`` (discard piles, top last), ``bags``,
    ``declared``, ``negotiation``, ``vote``, ``pending``, ``promises``, ``events``,
    ``history``.
    """

    # ------------------------------------------------------------ construction

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
        self.phase = "setup"
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

    def _setup(self) -> None:
        v = self.variant
        # Shuffling the list in place draws exactly what permutation() would (same
        # Fisher-Yates swaps from the same generator), without the index array.
        self.deck = deck = list(_fresh_deck(v, self.n))
        self.rng.shuffle(deck)
        # Deal one card at a time round the table from the top (the end of the list),
        # then fill the discard piles: done with slices, in exactly that order.
        n = self.n
        dealt = deck[len(deck) - n * v.hand_size :][::-1]
        del deck[len(deck) - n * v.hand_size :]
        for seat in range(n):
            self.hands[seat] = dealt[seat::n]
        for pile in self.piles:
            pile.extend(self._draw_many(v.discard_pile_setup))
        self._emit(
            "setup",
            None,
            {
                "players": list(self.players),
                "sheriff": self.sheriff,
                "piles": [list(p) for p in self.piles],
            },
        )
        self._start_round()
        self._refresh()
        self.events.extend(self._new)
        self._new = []

    # ------------------------------------------------------------ read-only helpers

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def merchants(self) -> list[int]:
        """Seats of this round's merchants, clockwise from the (lead) Sheriff's left."""
        return list(self.merchant_order)

    def _refresh(self) -> None:
        """Work out who decides what (``step``, ``to_move``) from the state: the one
        place that maps the state to a :class:`Step` (with :data:`_TURNS`)."""
        phase = self.phase
        if phase != "inspect" and (turns := _TURNS.get(phase)) is not None:
            # market, load, declare: whose turn it is in the order
            self.step, self.to_move = turns[0], turns[1](self)[self.turn]
            return
        if phase == "inspect":
            pending, neg = self.pending, self.negotiation
            if pending:
                p = pending[0]  # the confiscator, the debtor or the merchant who may exchange
                step, who = p.step, p.who
            elif self.vote is not None:
                step, who = Step.VOTE, self.sheriffs[1]
            elif neg is not None:
                if neg.to_move == "merchant":
                    step, who = Step.MERCHANT, neg.seat
                else:
                    step, who = Step.NEGOTIATION, self.sheriff
            else:
                step, who = Step.SHERIFF, self.sheriff
        elif phase == "over":
            step, who = Step.OVER, None
        else:  # "starter" (the Sheriff names the first merchant)
            step, who = Step.STARTER, self.sheriff
        self.step, self.to_move = step, who

    def name(self, seat: int) -> str:
        return f"{self.players[seat]} (seat {seat})"

    def unresolved(self) -> list[int]:
        """Merchants whose bag the Sheriff has not yet dealt with, in seat order from the left."""
        return [s for s in self.merchant_order if s not in self.resolved]

    # ------------------------------------------------------------ verify / can / apply

    def verify(self, action: Action, player: int | None = None) -> None:
        """Raise a :class:`RulesError` if ``action`` is not legal now (for ``player``).

        Only :class:`RulesError` leaves ``verify`` (and ``can`` / ``apply``'s checks),
        whatever ``action`` and ``player`` are; it changes nothing.

        >>> g = new_game("classic", players=3, seed=0)
        >>> g.verify(Market(), player=99)
        Traceback (most recent call last):
        ...
        sheriff_core.errors.NotYourTurn: there is no seat 99 (seats 0-2): it is Ben (seat 1)'s decision (make a market turn (market))
        """
        if self.phase == "over":
            raise GameOver("the game is over: no more actions")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if player is not None and player is not self.to_move:
            self._check_player(player)
        self._checked(action)

    def can(self, action: Action, player: int | None = None) -> bool:
        """True if ``action`` is legal now. Never raises, never changes the game."""
        try:
            self.verify(action, player)
        except RulesError:
            return False
        return True

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Apply a legal action and return the events it caused.

        All or nothing: an illegal action raises a :class:`RulesError` and changes
        nothing; if the engine fails after accepting the action (a bug), the state
        is restored exactly as it was and :class:`~sheriff_core.errors.EngineBug`
        is raised. A game that is :attr:`replayable` is restored by dealing it again
        from its seed and replaying its history (so an action costs nothing extra); one
        marked with :meth:`mark_staged` is cloned before each action.
        """
        if self.phase == "over":
            raise GameOver("the game is over: no more actions")
        if player is not None and player is not self.to_move:
            self._check_player(player)
        rule = _TAKES[self.step].get(type(action))
        if rule is None:
            raise self._wrong_kind(action)
        try:
            checked = rule[0](self, action)  # check: raises RulesError, changes nothing
        except RulesError:
            raise
        except Exception as err:
            raise _unreadable(action, err) from err
        # A replayable game keeps nothing: its seed and history restore it (_rollback).
        backup = None if self._replayable else self.clone()
        history = self.history
        n_history = len(history)
        try:
            history.append((self.to_move, action))  # type: ignore[arg-type]
            rule[1](self, action, checked)  # do, given what the check found
            self._advance()
        except BaseException as err:
            self._rollback(backup, n_history, len(self.events), rule[0], action)
            if not isinstance(err, Exception):
                raise
            raise EngineBug(
                f"the engine failed applying {action} (step {self.step}): "
                f"{type(err).__name__}: {err}; the game was restored as it was before. "
                "This is a bug in sheriff_core, not an illegal move."
            ) from err
        new, self._new = self._new, []
        self.events.extend(new)
        return new

    def _check_player(self, player: object) -> None:
        """NotYourTurn unless ``player`` is the seat to move (a readable message always)."""
        due = f"{self.name(self.to_move)}'s decision ({STEPS[self.step].expects})"  # type: ignore[arg-type]
        if isinstance(player, np.integer):
            player = int(player)
        if type(player) is not int or not 0 <= player < self.n:
            raise NotYourTurn(f"there is no seat {player!r} (seats 0-{self.n - 1}): it is {due}")
        if player != self.to_move:
            raise NotYourTurn(f"it is {due}, not {self.name(player)}'s")

    def _checked(self, action: Action) -> None:
        """Run the check for ``action``; a failure that is not a :class:`RulesError`
        becomes an :class:`IllegalAction`."""
        rule = _TAKES[self.step].get(type(action))
        if rule is None:
            raise self._wrong_kind(action)
        try:
            rule[0](self, action)
        except RulesError:
            raise
        except Exception as err:
            raise _unreadable(action, err) from err

    # ------------------------------------------------------------ all or nothing

    # No undo log: checks never write to the game, so only an engine bug needs undoing,
    # and that is rare. A game dealt by new_game (or loaded by from_json) and changed only
    # through apply is determined by its seed and history: after a failure it is dealt
    # again and replayed. A game whose state was changed by hand (mark_staged) is cloned
    # before each action instead, and put back from the clone.

    @property
    def replayable(self) -> bool:
        """True if the seed and ``history`` alone determine this game (dealt by
        :func:`new_game` or loaded with :meth:`from_json`, then changed only through
        :meth:`apply`); False after :meth:`mark_staged`.

        >>> g = new_game("classic", players=3, seed=0)
        >>> g.replayable, g.clone().replayable
        (True, True)
        >>> g.mark_staged()
        >>> g.replayable, g.clone().replayable
        (False, False)
        """
        return self._replayable

    def mark_staged(self) -> None:
        """Declare that the state is (about to be) changed by hand, outside :meth:`apply`
        (a staged lesson position): the history no longer determines the game, so from now
        on :meth:`apply` copies the game (:meth:`clone`, about 160 us) before each action
        to put it back if the engine fails. Call it before editing any field directly.

        >>> g = new_game("classic", players=3, seed=0)
        >>> g.mark_staged()
        >>> g.stands[1] = ["Cheese", "Mead"]
        >>> g.apply(Market()) and g.stands[1]
        ['Cheese', 'Mead']
        """
        self._replayable = False

    def _rollback(
        self,
        backup: Game | None,
        n_history: int,
        n_events: int,
        check: _Check,
        action: Action,
    ) -> None:
        """Put the game back as it was before ``action`` failed: from ``backup`` (a clone
        made before it), or else (a replayable game) dealt again from the seed and replayed.
        ``players_rng`` (the players' chance, which the rules never draw from) and the
        ``events`` and ``history`` lists themselves are kept, cut to their old length."""
        if backup is None:
            backup = self._replayed(self.history[:n_history], self.events[:n_events])
            try:  # the action was legal before it failed: so it must be on the replay
                check(backup, action)
            except Exception as err:
                raise EngineBug(
                    f"the game could not be restored: {action} is not legal on its replayed "
                    f"history ({type(err).__name__}: {err}); was the state changed outside "
                    "apply() without mark_staged()? The game is left as the failure left it."
                ) from err
        del self.history[n_history:]
        del self.events[n_events:]
        self._new = []
        kept = self.__dict__
        for name, value in backup.__dict__.items():
            if name not in _KEPT_ON_ROLLBACK:
                kept[name] = value

    def _replayed(self, history: list[tuple[int, Action]], events: list[Event]) -> Game:
        """This game dealt again from its seed with ``history`` replayed (the rules' steps
        of :meth:`apply`, unguarded); an :class:`EngineBug` if that does not give the same
        history and ``events`` (the state was changed by hand without :meth:`mark_staged`)."""
        twin = new_game(self.variant, list(self.players), self.seed, self.first_sheriff)
        done = 0
        try:
            for seat, action in history:
                if seat != twin.to_move:
                    break
                rule = _TAKES[twin.step][type(action)]
                checked = rule[0](twin, action)
                twin.history.append((seat, action))
                rule[1](twin, action, checked)
                twin._advance()
                twin.events.extend(twin._new)
                twin._new = []
                done += 1
        except Exception as err:
            raise EngineBug(
                f"the game could not be restored: replaying action {done} of its history "
                f"failed ({type(err).__name__}: {err}); was the state changed outside apply() "
                "without mark_staged()? The game is left as the failure left it."
            ) from err
        if twin.history != history or twin.events != events:
            raise EngineBug(
                f"the game could not be restored: its history (replayed {done} of "
                f"{len(history)} actions) does not give its events again; was the state "
                "changed outside apply() without mark_staged()? The game is left as the "
                "failure left it."
            )
        return twin

    def _wrong_kind(self, action: Action) -> IllegalAction:
        if not isinstance(action, Action):
            return IllegalAction(f"{action!r} is not an action")
        step = self.step
        who = self.name(self.to_move)  # type: ignore[arg-type]
        phase = "inspection" if self.phase == "inspect" else self.phase
        return IllegalAction(
            f"it is the {phase} phase: {who} must {STEPS[step].expects}, not {_word(action)}"
        )

    # One small check per (step, action type) and one effect each: see STEPS at the end of
    # the module. A check raises a RulesError or returns what the effect needs (a hand
    # without the cards played, or None); it never changes the game.

    def _check_any_exchange(self, a: Exchange) -> None:
        self._check_exchange(self.to_move, a.token)  # type: ignore[arg-type]

    def _check_declare(self, a: Declare) -> None:
        size = len(self.bags[self.merchant_order[self.turn]])
        v = self.variant
        if a.count != size or a.good not in self._declarable or not v.bag_min <= size <= v.bag_max:
            check_declaration(self.variant, size, a.good, a.count)  # raises, naming the rule

    def _check_starter(self, a: ChooseStarter) -> None:
        if a.seat in self.sheriffs or not 0 <= a.seat < self.n:
            raise IllegalAction(
                f"the {self.variant.term('sheriff')} must choose a merchant to start the market "
                f"(seats {self.merchants}), not {a.seat}"
            )

    def _check_settle(self, a: Inspect | LetPass) -> None:
        seat = self._negotiation().seat
        if a.seat != seat:
            raise IllegalInspection(
                f"the Sheriff is negotiating with {self.name(seat)}: settle that bag "
                f"first (inspect {seat} or pass {seat})"
            )
        self._check_bag_choice(a)

    def _check_negotiation_offer(self, a: Offer) -> None:
        self._check_offer(self._negotiation().seat, a)

    def _check_accept(self, a: Accept) -> None:
        if self._negotiation().demand is None:
            raise IllegalOffer("there is no demand from the Sheriff to accept")

    def _check_vote(self, a: Inspect | LetPass) -> None:
        seat = self._vote().seat
        if a.seat != seat:
            raise IllegalInspection(
                f"the vote is on {self.name(seat)}'s bag: inspect {seat} or pass {seat}"
            )
        self._check_bag_choice(a)

    def _check_nothing(self, a: Action) -> None:
        return None

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

    # The effects: (game, action, what the check returned).

    def _do_load(self, a: Load, rest: list[str]) -> None:
        seat = self.merchant_order[self.turn]
        self.hands[seat] = rest  # a new list, from _check_load
        self.bags[seat] = list(a.cards)
        self._emit("loaded", seat, {"cards": list(a.cards), "size": len(a.cards)})
        self.turn += 1

    def _do_declare(self, a: Declare, _: None) -> None:
        seat = self.merchant_order[self.turn]
        self.declared[seat] = (a.good, a.count)
        self._emit("declared", seat, {"good": a.good, "count": a.count})
        self.turn += 1

    def _do_starter(self, a: ChooseStarter, _: None) -> None:
        self._set_order(a.seat)
        self._emit("starter", a.seat, {})
        self.phase = "market"

    def _do_threaten(self, a: Threaten, _: None) -> None:
        self.negotiation = Negotiation(a.seat, "merchant")
        self._emit("threatened", a.seat, {})

    # Inspect / LetPass: the step says whose choice it is and what offer is on the table.

    def _do_inspect_alone(self, a: Inspect, _: None) -> None:
        if len(self.sheriffs) == 1:  # what _choose does for one Sheriff, one call less
            self._do_inspect(a.seat, self.sheriffs)
        else:
            self._choose(a.seat, "inspect", None)

    def _do_pass_alone(self, a: LetPass, _: None) -> None:
        if len(self.sheriffs) == 1:
            self._pass_bag(a.seat, None, self.sheriffs)
        else:
            self._choose(a.seat, "pass", None)

    def _do_inspect_offer(self, a: Inspect, _: None) -> None:
        self._choose(a.seat, "inspect", self._negotiation().merchant_offer)

    def _do_pass_offer(self, a: LetPass, _: None) -> None:
        self._choose(a.seat, "pass", self._negotiation().merchant_offer)

    def _do_inspect_vote(self, a: Inspect, _: None) -> None:
        self._second_vote(a.seat, "inspect")

    def _do_pass_vote(self, a: LetPass, _: None) -> None:
        self._second_vote(a.seat, "pass")

    def _do_exchange_action(self, a: Exchange, _: None) -> None:
        self._do_exchange(self.to_move, a.token)  # type: ignore[arg-type]

    def _do_done(self, a: Done, _: None) -> None:
        self.pending.pop(0)

    def _do_offer(self, a: Offer, _: None) -> None:
        neg = self._negotiation()
        by = neg.to_move
        self.negotiation = Negotiation(
            neg.seat, "merchant" if by == "sheriff" else "sheriff", a, by
        )
        self._emit("offer", neg.seat, {"by": by, "offer": str(a)})

    def _do_decline(self, a: Decline, _: None) -> None:
        seat = self._negotiation().seat
        self.negotiation = Negotiation(seat, "sheriff")
        self._emit("declined", seat, {})

    def _do_accept(self, a: Accept, _: None) -> None:
        neg = self._negotiation()
        self._pass_bag(neg.seat, neg.demand, self.sheriffs)

    def _do_confiscate(self, a: Confiscate, _: None) -> None:
        pend = self.pending.pop(0)
        assert type(pend) is ConfiscateChoice  # the confiscate step
        self.piles[a.pile].extend(a.order)
        self._emit("confiscated", pend.seat, {"pile": a.pile, "cards": list(a.order)})

    def _do_pay_debt(self, a: PayDebt, _: None) -> None:
        pend = self.pending.pop(0)
        assert type(pend) is DebtChoice
        self._give_goods(pend.debtor, pend.creditor, list(a.cards), pend.debt)

    # ------------------------------------------------------------ round structure

    def _start_round(self) -> None:
        v = self.variant
        if v.sheriff_selection == "deputy_deck":
            if not self.deputy_deck:
                self.deputy_deck = [int(i) for i in self.rng.permutation(self.n)]
                self.deputy_passes += 1
                self._emit("deputy_deck_shuffled", None, {"deck_pass": self.deputy_passes})
            self.sheriffs = [self.deputy_deck.pop() for _ in range(v.sheriffs_per_round)]
        else:
            self.sheriffs = [(self.first_sheriff + self.round) % self.n]
        self.sheriff = self.sheriffs[0]
        self.bags, self.declared, self.resolved = {}, {}, []
        self.negotiation, self.vote, self.binding, self.turn = None, None, {}, 0
        key = (self.n, *self.sheriffs)  # the merchant order depends on these alone
        order = _ORDERS.get(key)
        if order is None:
            if len(_ORDERS) > 4096:
                _ORDERS.clear()
            order = _ORDERS[key] = tuple(self._clockwise_from((self.sheriff + 1) % self.n))
        self.merchant_order = list(order)
        self._emit(
            "round_start",
            self.sheriff,
            # events hold copies, never the state's own lists
            {"sheriff": self.players[self.sheriff], "sheriffs": self.sheriffs[:]},
        )
        if v.market_starter == "sheriff_chooses":
            self.order = []
            self.phase = "starter"
        else:
            self.order = list(self.merchant_order)
            self.turn = 0
            self.phase = "market"

    def _clockwise_from(self, start: int) -> list[int]:
        """Non-Sheriff seats clockwise from ``start``."""
        seats = ((start + k) % self.n for k in range(self.n))
        return [s for s in seats if s not in self.sheriffs]

    def _set_order(self, start: int) -> None:
        self.order = self._clockwise_from(start)
        self.turn = 0

    def left_sheriff(self, seat: int) -> int:
        """The (first) Sheriff or Deputy found going clockwise from ``seat``."""
        for k in range(1, self.n):
            if (seat + k) % self.n in self.sheriffs:
                return (seat + k) % self.n
        return self.sheriff

    def _advance(self) -> None:
        """Move to the next phase or round when this one is done; then :meth:`_refresh`."""
        phase = self.phase
        if phase != "inspect":
            turn = self.turn
            if turn == len(self.order) and phase in _NEXT_PHASE:
                self.turn = 0
                self.phase = _NEXT_PHASE[phase]
            elif (turns := _TURNS.get(phase)) is not None:
                # the next turn of the same phase (what _refresh does, from _TURNS)
                self.step, self.to_move = turns[0], turns[1](self)[turn]
                return
            self._refresh()
            return
        pending = self.pending
        # an exchange window with nothing to exchange closes by itself
        while pending and type(p := pending[0]) is ExchangeChoice and not self._exchanges(p.seat):
            pending.pop(0)
        if (
            not pending
            and self.negotiation is None
            and self.vote is None
            and len(self.resolved) == len(self.merchant_order)
        ):
            self._end_round()
        self._refresh()

    def _end_round(self) -> None:
        if self.loot and len(self.sheriffs) > 1:
            share = self.loot // len(self.sheriffs)
            if share:
                for s in self.sheriffs:
                    self.gold[s] += share
                self.loot -= share * len(self.sheriffs)
            self._emit(
                "loot_split", None, {"each": share, "to": list(self.sheriffs), "left": self.loot}
            )
        self._emit("round_end", self.sheriff, {})
        if self.round + 1 == self.rounds:
            self.phase = "over"
            rows = self._final_rows = self.score_rows()
            self._emit(
                "game_over", None, {"winners": [r["player"] for r in rows if r["rank"] == 1]}
            )
            return
        hand = self.variant.hand_size
        for k in range(1, self.n + 1):
            seat = (self.sheriff + k) % self.n
            missing = hand - len(self.hands[seat])
            if missing <= 0:
                continue
            drawn = self._draw_many(missing)
            held = self.hands[seat]
            held.extend(drawn)
            if drawn:
                self._emit("drew", seat, {"cards": drawn, "count": len(drawn)})
        self.round += 1
        self._start_round()

    def _draw_many(self, k: int) -> list[str]:
        """Draw up to ``k`` cards from the top (the end of ``deck``), reshuffling the
        discard piles when the draw pile runs out; fewer if no cards are left anywhere."""
        deck = self.deck
        if len(deck) >= k:
            cut = len(deck) - k
            drawn = deck[cut:]
            drawn.reverse()  # top card first
            del deck[cut:]
            return drawn
        drawn = deck[::-1]
        deck.clear()
        self._reshuffle()
        return drawn + self._draw_many(k - len(drawn)) if self.deck else drawn

    def _reshuffle(self) -> None:
        keep = self.variant.reshuffle_keep
        cards: list[str] = []
        piles = self.piles
        for i, pile in enumerate(piles):
            if len(pile) > keep:
                cut = len(pile) - keep
                cards.extend(pile[:cut])
                self.piles[i] = pile[cut:]
        if cards:
            self.rng.shuffle(cards)  # the same order permutation() would give
            self.deck = cards
        self._emit("reshuffled", None, {"cards": len(cards)})

    # ------------------------------------------------------------ market

    def _check_market(self, a: Market) -> list[str]:
        v = self.variant
        seat = self.order[self.turn]
        hand = self.hands[seat]
        if len(a.set_aside) > v.set_aside_max:
            raise IllegalMarket(
                f"you may set aside at most {v.set_aside_max} cards, not {len(a.set_aside)}"
            )
        rest = _take_multiset(hand, a.set_aside)
        if rest is None:
            raise IllegalMarket(
                f"cannot set aside {', '.join(a.set_aside)}: only cards in your hand "
                f"({', '.join(hand)}) may be set aside"
            )
        if not 0 <= a.pile < len(self.piles):
            raise IllegalMarket(
                f"there is no discard pile {a.pile}; piles are numbered 0-{len(self.piles) - 1}"
            )
        if not a.take:
            return rest
        if not v.draw_from_discards:
            raise IllegalMarket("in this variant merchants draw from the draw pile only")
        need = v.hand_size - len(hand) + len(a.set_aside)
        if len(a.take) > need:
            raise IllegalMarket(
                f"you draw back up to {v.hand_size} cards: {need} to draw, not {len(a.take)} "
                "from the discard piles"
            )
        sizes = list(map(len, self.piles))
        for i in a.take:
            if not 0 <= i < len(sizes):
                raise IllegalMarket(
                    f"there is no discard pile {i}; piles are numbered 0-{len(sizes) - 1}"
                )
            if sizes[i] == 0:
                raise IllegalMarket(f"discard pile {i} has no more cards to take")
            sizes[i] -= 1
        return rest

    def _do_market(self, a: Market, hand: list[str]) -> None:
        v = self.variant
        seat = self.order[self.turn]
        # hand: a new list, the hand without the set-aside cards (from _check_market)
        # "discard-then-draw" (2nd edition): the set-aside cards are on the pile before
        # the draw, so a reshuffle during this draw takes them in. "draw-then-discard"
        # (1st edition): they go on the pile after the draw. (Taking from the discard
        # piles is only allowed with draw-then-discard: the variant loader checks it.)
        first = v.market_order == "discard-then-draw"
        piles = self.piles
        if first and a.set_aside:
            self.piles[a.pile].extend(a.set_aside)
        took: list[str] = []
        if a.take:
            for i in a.take:
                took.append(piles[i].pop())
            hand.extend(took)
        drawn = self._draw_many(v.hand_size - len(hand)) if len(hand) < v.hand_size else []
        hand.extend(drawn)
        self.hands[seat] = hand
        if a.set_aside and not first:
            self.piles[a.pile].extend(a.set_aside)
        self._emit(
            "market",
            seat,
            {
                "set_aside": list(a.set_aside),
                "pile": a.pile,
                "took": took,
                "took_from": list(a.take),
                "drew": len(drawn),
                "drawn": drawn,
            },
        )
        self.turn += 1

    # ------------------------------------------------------------ load

    def _check_load(self, a: Load) -> list[str]:
        v = self.variant
        seat = self.merchant_order[self.turn]
        if not v.bag_min <= len(a.cards) <= v.bag_max:
            raise IllegalLoad(f"a bag holds {v.bag_min}-{v.bag_max} cards, not {len(a.cards)}")
        rest = _take_multiset(self.hands[seat], a.cards)
        if rest is None:
            raise IllegalLoad(
                f"cannot load {', '.join(a.cards)}: only cards in your hand "
                f"({', '.join(self.hands[seat])}) go in the bag"
            )
        return rest

    # ------------------------------------------------------------ inspection

    def _check_bag_choice(self, a: Threaten | Inspect | LetPass) -> None:
        seat = a.seat
        if seat not in self.merchant_order or seat in self.resolved:
            raise IllegalInspection(
                f"seat {seat} has no bag waiting: bags still to settle are {self.unresolved()}"
            )
        promised = self.binding.get(seat)
        if promised == "inspect" and type(a) is not Inspect:
            raise IllegalInspection(
                f"the Sheriff promised this round to inspect {self.name(seat)}'s bag: "
                "the deal must be honoured (inspect it)"
            )
        if promised == "pass" and type(a) is Inspect:
            raise IllegalInspection(
                f"the Sheriff promised this round to let {self.name(seat)}'s bag pass: "
                "the deal must be honoured (let it pass)"
            )

    def _check_offer(self, seat: int, offer: Offer) -> None:
        who = self.name(seat)
        if isinstance(offer.gold, bool) or not isinstance(offer.gold, int) or offer.gold < 0:
            raise IllegalOffer(f"gold in a bribe must be a whole number >= 0, not {offer.gold!r}")
        if offer.gold > self.gold[seat]:
            raise IllegalOffer(
                f"cannot offer {offer.gold} gold: {who} has only {self.gold[seat]} "
                "(you cannot offer gold you do not have)"
            )
        if _take_multiset(self.stands[seat], offer.stand) is None:
            raise IllegalOffer(
                f"cannot offer {', '.join(offer.stand)} from the stand: only goods on "
                f"{who}'s stand may be offered (hand cards never)"
            )
        goods = self.variant.goods
        for card in offer.bag:
            if card not in goods:
                raise IllegalOffer(f"{card!r} is not a card of {self.variant.name}")
        if len(offer.bag) > len(self.bags[seat]):
            raise IllegalOffer(
                f"cannot promise {len(offer.bag)} cards from a bag of {len(self.bags[seat])}"
            )
        wanted: dict[int, str] = {}
        for p in offer.promises:
            if not isinstance(p, Promise) or p.kind not in ("inspect", "pass", "future"):
                raise IllegalOffer(f"a promise is inspect SEAT, pass SEAT or future TEXT: {p!r}")
            if p.kind == "future":
                continue
            target = p.seat
            if target == seat or target not in self.merchant_order or target in self.resolved:
                raise IllegalOffer(
                    f"a promise to {p.kind} a bag this round must name another merchant whose "
                    f"bag is still waiting ({[s for s in self.unresolved() if s != seat]})"
                )
            if self.binding.get(target, p.kind) != p.kind or wanted.get(target, p.kind) != p.kind:
                raise IllegalOffer(
                    f"the Sheriff cannot promise to {p.kind} {self.name(target)}'s bag: it "
                    "contradicts another promise made this round"
                )
            wanted[target] = p.kind

    def _choose(self, seat: int, kind: str, offer: Offer | None) -> None:
        """A Sheriff's choice for a bag (``offer``: the merchant's offer it takes if the
        bag passes); with two Deputies, the first vote."""
        if len(self.sheriffs) == 1:
            if kind == "inspect":
                self._do_inspect(seat, self.sheriffs)
            else:
                self._pass_bag(seat, offer, self.sheriffs)
            return
        self.vote = Vote(seat, kind)
        self._emit("vote", seat, {"deputy": self.sheriffs[0], "choice": kind})

    def _second_vote(self, seat: int, kind: str) -> None:
        """The second Deputy's vote decides the bag (the offer, if any, is still open)."""
        lead = self._vote().lead
        neg = self.negotiation
        offer = neg.merchant_offer if neg is not None else None
        self.vote = None
        self._emit("vote", seat, {"deputy": self.sheriffs[1], "choice": kind})
        if lead == kind == "pass":
            self._pass_bag(seat, offer, self.sheriffs)
        elif lead == kind == "inspect":
            self._do_inspect(seat, self.sheriffs)
        else:  # they disagree: the one who wants to inspect does it alone, no bribe
            self._do_inspect(seat, [self.sheriffs[0] if lead == "inspect" else self.sheriffs[1]])

    def _pass_bag(self, seat: int, offer: Offer | None, takers: list[int]) -> None:
        bag = self.bags[seat]
        bribe: dict[str, Any] = {}
        # One taker gets the bribe; two Deputies put gold in the Loot and goods
        # go to the Deputy on the merchant's left.
        sheriff = takers[0] if len(takers) == 1 else self.left_sheriff(seat)
        if offer is not None:
            self.gold[seat] -= offer.gold
            if len(takers) == 1:
                self.gold[sheriff] += offer.gold
            else:
                self.loot += offer.gold
            stand = _take_multiset(self.stands[seat], offer.stand)
            assert stand is not None
            self.stands[seat] = stand
            self.stands[sheriff].extend(offer.stand)
            paid_bag, not_owed = [], []
            for card in offer.bag:
                if card in bag:
                    bag.remove(card)
                    paid_bag.append(card)
                else:
                    not_owed.append(card)
            self.stands[sheriff].extend(paid_bag)
            for p in offer.promises:
                if p.kind != "future":
                    self.binding[p.seat] = p.kind  # type: ignore[index]
                self.promises.append(
                    PromiseRecord(self.round, seat, p.kind, p.seat, p.text, p.kind != "future")
                )
            bribe = {
                "bribe": str(offer),
                "bribe_to": "loot" if len(takers) > 1 else sheriff,
                "bribe_gold": offer.gold,
                "bribe_stand": list(offer.stand),
                "bribe_bag": paid_bag,
                "not_owed": not_owed,
            }
        good, count = self.declared[seat]
        truthful = bag.count(good) == len(bag) and not bribe.get("bribe_bag")  # bag: bags[seat]
        self.stands[seat].extend(bag)
        self._emit(
            "passed",
            seat,
            {
                "declared": f"{count} {good}",
                "cards": list(bag),
                "smuggled": len(bag) - sum(map(self._declarable.__contains__, bag)),
                "truthful": truthful,
                **bribe,
            },
        )
        self.bags[seat] = []
        self._resolved(seat)

    def _resolved(self, seat: int) -> None:
        self.resolved.append(seat)
        self.negotiation = None
        if self.variant.tokens:
            self.pending.append(ExchangeChoice(seat))

    def _do_inspect(self, seat: int, inspectors: list[int]) -> None:
        good, count = self.declared[seat]
        bag = self.bags[seat]
        # The declaration was verified when it was made: no need to check it again.
        admitted, confiscated, merchant_pays = split_bag(bag, good, self._penalty)
        self.bags[seat] = []  # the bag list now belongs to the event alone
        self._emit(
            "inspected",
            seat,
            {
                "declared": f"{count} {good}",
                "cards": bag,  # no longer the state's: bags[seat] was replaced
                "truthful": not confiscated,
                "admitted": admitted,  # the stand gets its cards, not this list
                "confiscated": confiscated[:],  # the list itself goes into `pending`
                "merchant_pays": merchant_pays,
                "inspectors": inspectors[:],  # may be self.sheriffs
            },
        )
        self.stands[seat].extend(admitted)
        self.negotiation = None
        if confiscated:
            cards = confiscated
            if len(self.piles) > 1 or (self.variant.draw_from_discards and len(set(cards)) > 1):
                self.pending.append(ConfiscateChoice(seat, tuple(cards), inspectors[0]))
            else:
                self.piles[0].extend(cards)
                self._emit("confiscated", seat, {"pile": 0, "cards": cards[:]})
        if len(inspectors) == 1:
            if merchant_pays > 0:
                self._pay(seat, inspectors[0], merchant_pays)
            elif merchant_pays < 0:
                self._pay(inspectors[0], seat, -merchant_pays)
        elif merchant_pays > 0:  # both Deputies: the fine goes to the Loot
            self._pay(seat, LOOT, merchant_pays, goods_to=self.left_sheriff(seat))
        elif merchant_pays < 0:  # each pays half; the odd coin by the one on the left
            owed = -merchant_pays
            left = self.left_sheriff(seat)
            for dep in sorted(inspectors, key=lambda d: d != left):
                share = (owed + 1) // 2 if dep == left else owed // 2
                if share:
                    self._pay(dep, seat, share)
        self._resolved(seat)

    def _check_confiscate(self, a: Confiscate) -> None:
        cards = self._pending(ConfiscateChoice).cards
        if not 0 <= a.pile < len(self.piles):
            raise IllegalAction(
                f"there is no discard pile {a.pile}; piles are numbered 0-{len(self.piles) - 1}"
            )
        if sorted(a.order) != sorted(cards):
            raise IllegalAction(
                f"the confiscated cards are {', '.join(cards)}: place exactly those, in any order"
            )

    # ------------------------------------------------------------ payments and debts

    def _pay(self, payer: int, payee: int, amount: int, goods_to: int | None = None) -> None:
        """``payer`` owes ``amount`` gold to ``payee`` (a seat or LOOT); goods given for a
        debt go to ``goods_to`` (default: the payee)."""
        coins = min(self.gold[payer], amount)
        self.gold[payer] -= coins
        if payee == LOOT:
            self.loot += coins
        else:
            self.gold[payee] += coins
        self._emit(
            "paid", payer, {"to": "loot" if payee == LOOT else payee, "gold": coins, "owed": amount}
        )
        rest = amount - coins
        if rest == 0:
            return
        payee = payee if goods_to is None else goods_to
        forced, pool, need = self._debt_pool(payer, rest)
        values = self.variant.goods
        if sum(values[c].value for c in pool) <= need:
            self._give_goods(payer, payee, forced + pool, rest)
            return
        covers = list(_minimal_covers(pool, need, values, limit=2))
        if len(covers) == 1:
            self._give_goods(payer, payee, forced + covers[0], rest)
            return
        self.pending.append(DebtChoice(payer, payee, rest, tuple(forced), need))

    def _debt_pool(self, seat: int, debt: int) -> tuple[list[str], list[str], int]:
        """(cards that must be given, cards to choose from, value still to cover)."""
        goods = self.variant.goods
        stand = self.stands[seat]
        if self.variant.debt_order == "any":
            return [], list(stand), debt
        legal = [c for c in stand if goods[c].kind == "legal"]
        legal_value = sum(goods[c].value for c in legal)
        if legal_value >= debt:
            return [], legal, debt
        return legal, [c for c in stand if goods[c].kind != "legal"], debt - legal_value

    # ------------------------------------------------------------ tokens

    def _exchanges(self, seat: int) -> list[str]:
        """Tokens ``seat`` could take now (enough goods on the stand, supply left)."""
        out = []
        stand = self.stands[seat]
        for name, tok in self.variant.tokens.items():
            if self.token_supply[name] > 0 and stand.count(tok.good) >= tok.per_token:
                out.append(name)
        return out

    def _check_exchange(self, seat: int, token: str) -> None:
        v = self.variant
        if not v.tokens:
            raise IllegalAction(f"{v.name} has no tokens to exchange goods for")
        tok = v.tokens.get(token)
        if tok is None:
            raise IllegalAction(f"no token called {token!r}; tokens: {', '.join(v.tokens)}")
        if seat in self.sheriffs:
            raise IllegalAction(
                "only a merchant exchanges goods, during their own turn or after their bag"
            )
        if self.token_supply[token] <= 0:
            raise IllegalAction(f"no {token} tokens are left in the supply")
        have = self.stands[seat].count(tok.good)
        if have < tok.per_token:
            raise IllegalAction(
                f"a {token} token costs {tok.per_token} {tok.good} on your "
                f"{v.term('stand')}; you have {have}"
            )

    def _do_exchange(self, seat: int, token: str) -> None:
        tok = self.variant.tokens[token]
        stand = self.stands[seat]
        for _ in range(tok.per_token):
            stand.remove(tok.good)
        self.exchanged.extend([tok.good] * tok.per_token)
        self.tokens[seat][token] += 1
        self.token_supply[token] -= 1
        self._emit("exchanged", seat, {"token": token, "goods": [tok.good] * tok.per_token})

    def debt_options(self, limit: int | None = None) -> list[PayDebt]:
        """Every way to pay the pending debt (minimal sets of stand cards; the first
        ``limit`` of them if given), most valuable cards first."""
        pend = self._pending(DebtChoice)
        forced, pool, need = self._debt_pool(pend.debtor, pend.debt)
        covers = _minimal_covers(pool, need, self.variant.goods, limit)
        return [PayDebt(tuple(forced + c)) for c in covers]

    def _check_debt(self, a: PayDebt) -> None:
        pend = self._pending(DebtChoice)
        debtor, debt = pend.debtor, pend.debt
        goods = self.variant.goods
        if _take_multiset(self.stands[debtor], a.cards) is None:
            raise IllegalDebtPayment(
                f"cannot pay with {', '.join(a.cards)}: debts are paid with goods from your "
                "own stand"
            )
        forced, pool, need = self._debt_pool(debtor, debt)
        chosen = _take_multiset(a.cards, forced)
        if chosen is None or _take_multiset(pool, chosen) is None:
            if self.variant.debt_order == "legal_first" and forced:
                msg = "all your legal goods must be given before contraband"
            else:
                msg = "legal goods cover this debt: contraband may not be given"
            raise IllegalDebtPayment(f"cannot pay with {', '.join(a.cards)}: {msg}")
        total = sum(goods[c].value for c in chosen)
        if total < need:
            raise IllegalDebtPayment(
                f"goods worth {total} do not cover the {need} still owed: give goods worth at "
                "least the debt"
            )
        if total - min(goods[c].value for c in chosen) >= need:
            raise IllegalDebtPayment(
                f"goods worth {total} pay more than needed for {need}: no change is given, so "
                "give no card that is not needed to reach the debt"
            )

    def _give_goods(self, payer: int, payee: int, cards: list[str], owed: int) -> None:
        goods = self.variant.goods
        stand = _take_multiset(self.stands[payer], cards)
        assert stand is not None
        self.stands[payer] = stand
        self.stands[payee].extend(cards)
        value = sum(goods[c].value for c in cards)
        self._emit(
            "paid_in_goods",
            payer,
            {"to": payee, "cards": cards, "value": value, "forgiven": max(0, owed - value)},
        )

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> LegalActions:
        """The legal actions of the player to move (see :class:`LegalActions`).

        >>> import sheriff_core as sc
        >>> g = sc.new_game("classic", players=3, seed=0)
        >>> legal = g.legal_actions()
        >>> legal.step, sc.Market() in legal, sc.Declare("Apples", 1) in legal
        ('market', True, False)
        """
        return LegalActions(self, self.step, self.to_move)

    # What iterating LegalActions lists, per step (see STEPS).

    def _options_none(self) -> Iterator[Action]:
        return iter(())

    def _options_starter(self) -> Iterator[Action]:
        return (ChooseStarter(s) for s in self.merchants)

    def _options_market(self) -> Iterator[Action]:
        yield from (Exchange(t) for t in self._exchanges(self.order[self.turn]))
        yield from self._enumerate_market()

    def _options_load(self) -> Iterator[Action]:
        v = self.variant
        seat = self.merchant_order[self.turn]
        yield from (Exchange(t) for t in self._exchanges(seat))
        hand = self.hands[seat]
        for k in range(v.bag_min, min(v.bag_max, len(hand)) + 1):
            yield from (Load(c) for c in _sub_multisets(hand, k))

    def _options_declare(self) -> Iterator[Action]:
        seat = self.merchant_order[self.turn]
        yield from (Exchange(t) for t in self._exchanges(seat))
        size = len(self.bags[seat])
        yield from (Declare(g, size) for g in self.variant.legal_goods)

    def _options_vote(self) -> Iterator[Action]:
        seat = self._vote().seat
        return (a for a in (Inspect(seat), LetPass(seat)) if self.can(a))

    def _options_exchange(self) -> Iterator[Action]:
        yield from (Exchange(t) for t in self._exchanges(self._pending(ExchangeChoice).seat))
        yield Done()

    def _options_sheriff(self) -> Iterator[Action]:
        for s in self.unresolved():
            for a in (Threaten(s), Inspect(s), LetPass(s)):
                if self.can(a):
                    yield a

    def _options_negotiation(self) -> Iterator[Action]:
        seat = self._negotiation().seat
        for a in (Inspect(seat), LetPass(seat)):
            if self.can(a):
                yield a
        yield from (Offer(g) for g in range(self.gold[seat] + 1))

    def _options_merchant(self) -> Iterator[Action]:
        seat = self._negotiation().seat
        yield Decline()
        if self.can(Accept()):
            yield Accept()
        yield from (Offer(g) for g in range(self.gold[seat] + 1))

    def _options_confiscate(self) -> Iterator[Action]:
        cards = self._pending(ConfiscateChoice).cards
        for p in range(len(self.piles)):
            for order in sorted(set(permutations(cards))):
                yield Confiscate(p, order)

    def _options_debt(self) -> Iterator[Action]:
        return iter(self.debt_options())

    # len(LegalActions) without listing, where that is cheaper (see STEPS).

    def _count_market(self) -> int:
        v = self.variant
        seat = self.order[self.turn]
        hand = self.hands[seat]
        total = len(self._exchanges(seat)) + 1  # + Market() for "keep"
        caps = list(Counter(hand).values())
        sizes = [len(p) for p in self.piles]
        for k in range(1, min(v.set_aside_max, len(hand)) + 1):
            need = v.hand_size - len(hand) + k
            takes = _count_sequences(sizes, need if v.draw_from_discards else 0, upto=True)
            total += _count_sequences(caps, k) * takes * len(self.piles)
        return total

    def _count_load(self) -> int:
        v = self.variant
        seat = self.merchant_order[self.turn]
        hand = self.hands[seat]
        caps = list(Counter(hand).values())
        total = len(self._exchanges(seat))
        for k in range(v.bag_min, min(v.bag_max, len(hand)) + 1):
            total += _count_multisets(caps, k)
        return total

    def _count_confiscate(self) -> int:
        caps = list(Counter(self._pending(ConfiscateChoice).cards).values())
        return len(self.piles) * _count_sequences(caps, sum(caps))

    def _pending(self, kind: type[_P]) -> _P:
        """The pending choice due now (the steps that call this have one of ``kind``)."""
        p = self.pending[0] if self.pending else None
        if type(p) is not kind:
            raise EngineBug(f"step {self.step} without a pending {kind.__name__}")
        return p

    def _enumerate_market(self) -> Iterator[Market]:
        v = self.variant
        hand = self.hands[self.order[self.turn]]
        yield Market()
        for k in range(1, min(v.set_aside_max, len(hand)) + 1):
            need = v.hand_size - len(hand) + k
            for subset in _sub_multisets(hand, k):
                orders = sorted(set(permutations(subset)))
                for take in self._take_sequences(need if v.draw_from_discards else 0):
                    for pile in range(len(self.piles)):
                        for order in orders:
                            yield Market(order, take, pile)

    def _take_sequences(self, most: int) -> Iterator[tuple[int, ...]]:
        sizes = [len(p) for p in self.piles]

        def grow(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
            yield prefix
            if len(prefix) == most:
                return
            for i, size in enumerate(sizes):
                if prefix.count(i) < size:
                    yield from grow(prefix + (i,))

        yield from grow(())

    # ------------------------------------------------------------ scoring and views

    def score_rows(self) -> list[dict[str, Any]]:
        """Scores as if the game ended now (hand cards score nothing), one dict per player."""
        if self._final_rows is not None:
            return [dict(r) for r in self._final_rows]
        return score_rows(
            self.variant,
            {p: self.stands[i] for i, p in enumerate(self.players)},
            {p: self.gold[i] for i, p in enumerate(self.players)},
            {p: self.tokens[i] for i, p in enumerate(self.players)}
            if self.variant.tokens
            else None,
        )

    def final_scores(self) -> pd.DataFrame:
        """The scoring table (pandas), as :func:`sheriff_core.final_scores` gives it."""
        import pandas as pd

        df = pd.DataFrame(self.score_rows())
        df.insert(0, "seat", range(self.n))
        return df

    def stand_view(self, seat: int) -> dict[str, Any]:
        """What everybody sees of a stand: legal goods face up, contraband only counted.

        >>> g = new_game("classic", players=3, seed=0)
        >>> g.stands[1] = ["Cheese", "Mead", "Cheese"]
        >>> g.stand_view(1)
        {'legal': {'Cheese': 2}, 'contraband': 1}
        """
        goods = self.variant.goods
        legal = Counter(c for c in self.stands[seat] if goods[c].kind == "legal")
        hidden = sum(1 for c in self.stands[seat] if goods[c].kind != "legal")
        return {"legal": dict(legal), "contraband": hidden}

    def total_cards(self) -> int:
        return (
            len(self.deck)
            + sum(map(len, self.piles))
            + sum(map(len, self.hands))
            + sum(map(len, self.stands))
            + sum(map(len, self.bags.values()))
            + sum(len(p.cards) for p in self.pending if type(p) is ConfiscateChoice)
            + len(self.exchanged)
        )

    def __repr__(self) -> str:
        if self.is_over:
            return f"<Game {self.variant.name}, {self.n} players, over>"
        return (
            f"<Game {self.variant.name}, {self.n} players, round {self.round + 1}/{self.rounds}, "
            f"Sheriff {self.players[self.sheriff]}, {self.step}: {self.players[self.to_move]} "  # type: ignore[index]
            "to move>"
        )

    def clone(self) -> Game:
        """An independent copy of this game: same state, same generators' states.

        A structural copy (each list and dict of the state copied one level deep, the
        immutable parts shared: events, actions, sub-state records, the variant), much
        faster than ``copy.deepcopy`` or a save/load round-trip. Unlike
        ``Game.from_json(game.to_json())`` it needs no replayable history, so it also
        copies a position arranged by hand (a staged lesson deal).

        >>> g = new_game("classic", players=3, seed=0)
        >>> h = g.clone()
        >>> h.apply(h.legal_actions().__iter__().__next__()) and None
        >>> len(g.history), len(h.history), g.to_json() == new_game("classic", 3, seed=0).to_json()
        (0, 1, True)
        """
        twin = Game.__new__(Game)
        d = twin.__dict__
        d.update(self.__dict__)  # scalars, tuples, frozen records and shared parts
        for name in _CLONE_LISTS:
            d[name] = d[name][:]
        for name in _CLONE_DICTS:
            d[name] = d[name].copy()
        for name in ("piles", "hands", "stands"):
            d[name] = [cards[:] for cards in d[name]]
        d["tokens"] = [t.copy() for t in self.tokens]
        d["bags"] = {seat: cards[:] for seat, cards in self.bags.items()}
        if self._final_rows is not None:
            d["_final_rows"] = [r.copy() for r in self._final_rows]
        d["rng"] = _clone_generator(self.rng)
        d["players_rng"] = _clone_generator(self.players_rng)
        return twin

    def copy(self) -> Game:
        """The same as :meth:`clone` (kept for callers of the first version)."""
        return self.clone()

    def _repr_html_(self) -> str:
        """The table as pictures (author's view), for notebooks: see :mod:`sheriff_core.pictures`.

        >>> new_game("classic", players=3, seed=0)._repr_html_()[:30]
        '<div style="max-width:1180px">'
        """
        from sheriff_core.pictures import table_html

        return f'<div style="max-width:1180px">{table_html(self)}</div>'

    # ------------------------------------------------------------ events

    def _emit(self, kind: str, seat: int | None, info: dict[str, Any]) -> None:
        # Hot path (about 160 events a game): tuple.__new__ skips the NamedTuple
        # constructor's argument handling, and a dict literal from the caller is
        # cheaper than collecting keyword arguments.
        self._new.append(_tuple_new(Event, (self.round, kind, seat, MappingProxyType(info))))

    # ------------------------------------------------------------ JSON

    def to_json(self) -> str:
        """Save the game as JSON text: variant, seed, players, history and the state after it.

        The format is documented in :mod:`sheriff_core.engine.saves`.
        """
        from sheriff_core.engine.saves import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a game saved with :meth:`to_json`: deal it again from the seed and replay
        its history through :meth:`apply`; a bad save raises :class:`~sheriff_core.errors.SaveError`.

        >>> import sheriff_core as sc
        >>> g = sc.new_game("classic", players=4, seed=3)
        >>> sc.Game.from_json(g.to_json()).to_json() == g.to_json()
        True
        """
        from sheriff_core.engine.saves import game_from_json

        return game_from_json(text)


_Check = Callable[[Game, Any], Any]
_Do = Callable[[Game, Any, Any], None]


class StepRule(NamedTuple):
    """What a :class:`Step` takes: ``expects`` (for error messages), ``asks`` (the
    decision in words, for whoever must decide), ``takes`` (per action type, its check
    and its effect), ``options`` (what :class:`LegalActions` lists) and ``size``
    (``len`` of that list without listing it, where that is cheaper; None: count them).

    >>> sorted(cls.__name__ for cls in STEPS[Step.NEGOTIATION].takes)
    ['Inspect', 'LetPass', 'Offer']
    """

    expects: str
    asks: str
    takes: Mapping[type[Action], tuple[_Check, _Do]]
    options: Callable[[Game], Iterator[Action]]
    size: Callable[[Game], int] | None = None


_EXCHANGE: dict[type[Action], tuple[_Check, _Do]] = {
    Exchange: (Game._check_any_exchange, Game._do_exchange_action)
}

#: The step machine: per :class:`Step`, the actions it takes, each with its check and
#: its effect, and what it lists as legal. ``Game._refresh`` says which step is due.
STEPS: Mapping[Step, StepRule] = MappingProxyType(
    {
        Step.STARTER: StepRule(
            "choose who starts the market (starter)",
            "choose which merchant starts the market",
            {ChooseStarter: (Game._check_starter, Game._do_starter)},
            Game._options_starter,
        ),
        Step.MARKET: StepRule(
            "make a market turn (market)",
            "make a market turn (set cards aside, draw back to a full hand)",
            {Market: (Game._check_market, Game._do_market), **_EXCHANGE},
            Game._options_market,
            Game._count_market,
        ),
        Step.LOAD: StepRule(
            "load a bag (load)",
            "load the bag with 1-5 cards",
            {Load: (Game._check_load, Game._do_load), **_EXCHANGE},
            Game._options_load,
            Game._count_load,
        ),
        Step.DECLARE: StepRule(
            "declare the bag (declare)",
            "declare the bag: one legal good, the exact number of cards",
            {Declare: (Game._check_declare, Game._do_declare), **_EXCHANGE},
            Game._options_declare,
        ),
        Step.SHERIFF: StepRule(
            "threaten, inspect or let a bag pass",
            "deal with a bag: threaten, inspect or let it pass",
            {
                Threaten: (Game._check_bag_choice, Game._do_threaten),
                Inspect: (Game._check_bag_choice, Game._do_inspect_alone),
                LetPass: (Game._check_bag_choice, Game._do_pass_alone),
            },
            Game._options_sheriff,
        ),
        Step.MERCHANT: StepRule(
            "offer a bribe, accept the Sheriff's demand or decline",
            "answer the Sheriff's threat: offer a bribe, accept a demand or decline",
            {
                Offer: (Game._check_negotiation_offer, Game._do_offer),
                Decline: (Game._check_nothing, Game._do_decline),
                Accept: (Game._check_accept, Game._do_accept),
            },
            Game._options_merchant,
        ),
        Step.NEGOTIATION: StepRule(
            "inspect, let the bag pass (taking the offer) or counter-offer",
            "decide: let the bag pass (taking the offer), inspect, or demand more",
            {
                Inspect: (Game._check_settle, Game._do_inspect_offer),
                LetPass: (Game._check_settle, Game._do_pass_offer),
                Offer: (Game._check_negotiation_offer, Game._do_offer),
            },
            Game._options_negotiation,
        ),
        Step.CONFISCATE: StepRule(
            "place the confiscated cards on a discard pile (confiscate)",
            "place the confiscated cards on a discard pile",
            {Confiscate: (Game._check_confiscate, Game._do_confiscate)},
            Game._options_confiscate,
            Game._count_confiscate,
        ),
        Step.DEBT: StepRule(
            "choose stand goods to pay the debt (pay-debt)",
            "choose goods from the stand to pay a debt",
            {PayDebt: (Game._check_debt, Game._do_pay_debt)},
            Game._options_debt,
        ),
        Step.VOTE: StepRule(
            "vote to inspect or let the bag pass",
            "vote to inspect or let the bag pass",
            {
                Inspect: (Game._check_vote, Game._do_inspect_vote),
                LetPass: (Game._check_vote, Game._do_pass_vote),
            },
            Game._options_vote,
        ),
        Step.EXCHANGE: StepRule(
            "exchange goods for tokens or be done (exchange / done)",
            "exchange goods for tokens or be done",
            {Done: (Game._check_nothing, Game._do_done), **_EXCHANGE},
            Game._options_exchange,
        ),
        Step.OVER: StepRule(
            "nothing: the game is over", "nothing: the game is over", {}, Game._options_none
        ),
    }
)

#: (check, do) per step and action type: what apply runs. Two lookups (the step, then
#: the type) cost less than one keyed by a (step, type) tuple: no tuple to build and hash.
_TAKES: dict[Step, dict[type, tuple[_Check, _Do]]] = {
    step: dict(STEPS[step].takes) if step in STEPS else {} for step in Step
}


def _unreadable(action: Action, err: Exception) -> IllegalAction:
    return IllegalAction(
        f"{action!r} cannot be checked ({type(err).__name__}: {err}): not a legal action"
    )


# What Game.clone copies (the other attributes are immutable or shared on purpose:
# variant, players, seed, events' and actions' values, records, _penalty).
_CLONE_LISTS = (
    "deck",
    "gold",
    "sheriffs",
    "order",
    "merchant_order",
    "deputy_deck",
    "exchanged",
    "resolved",
    "promises",
    "pending",
    "events",
    "history",
    "_new",
)
_CLONE_DICTS = ("token_supply", "declared", "binding")
_CLONE_OTHER = ("piles", "hands", "stands", "tokens", "bags", "_final_rows")
_CLONE_SHARED = (
    "variant",
    "players",
    "n",
    "seed",
    "first_sheriff",
    "rounds",
    "round",
    "sheriff",
    "phase",
    "turn",
    "loot",
    "vote",
    "deputy_passes",
    "negotiation",
    "step",
    "to_move",
    "_penalty",
    "_declarable",
    "_replayable",
)
_SEED0 = np.random.SeedSequence(0)


def _clone_generator(rng: np.random.Generator) -> np.random.Generator:
    """A new generator in the same state as ``rng`` (of the same bit generator type)."""
    bits = rng.bit_generator
    twin = type(bits)(_SEED0)
    twin.state = bits.state
    return np.random.Generator(twin)


# What _rollback keeps of the failed game itself: the players' generator (the rules never
# draw from it), the events and history lists (cut back) and whether it is replayable.
_KEPT_ON_ROLLBACK = frozenset({"players_rng", "events", "history", "_replayable"})


def _count_sequences(caps: Sequence[int], k: int, upto: bool = False) -> int:
    """Distinct sequences of length ``k`` (every length 0..k if ``upto``) drawn from
    kinds with ``caps[i]`` copies each: sum of k!/prod(c_i!) over counts c_i <= caps[i].

    >>> _count_sequences([2, 1], 2), _count_sequences([2, 1], 2, upto=True)
    (3, 6)
    """
    ways = [1] + [0] * k  # ways[L]: sequences of length L from the kinds seen so far
    for cap in caps:
        new = [0] * (k + 1)
        for length, w in enumerate(ways):
            if w:
                for c in range(min(cap, k - length) + 1):
                    new[length + c] += w * comb(length + c, c)
        ways = new
    return sum(ways) if upto else ways[k]


def _count_multisets(caps: Sequence[int], k: int) -> int:
    """Distinct sub-multisets of size ``k`` of kinds with ``caps[i]`` copies each.

    >>> _count_multisets([2, 1], 2)
    2
    """
    ways = [1] + [0] * k
    for cap in caps:
        new = [0] * (k + 1)
        for length, w in enumerate(ways):
            if w:
                for c in range(min(cap, k - length) + 1):
                    new[length + c] += w
        ways = new
    return ways[k]


def _sub_multisets(cards: Sequence[str], k: int) -> Iterator[tuple[str, ...]]:
    """Distinct sub-multisets of size k, each as a tuple in first-seen card order."""
    counts = Counter(cards)
    names = list(counts)

    def rec(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(names):
            return
        for take in range(min(counts[names[i]], left), -1, -1):
            for rest in rec(i + 1, left - take):
                yield (names[i],) * take + rest

    yield from rec(0, k)


def _minimal_covers(
    pool: Sequence[str], need: int, goods: Any, limit: int | None = None
) -> Iterator[list[str]]:
    """Distinct sub-multisets of ``pool`` worth >= need from which no card can be dropped."""
    counts = Counter(pool)
    names = sorted(counts, key=lambda c: (-goods[c].value, c))
    found = 0

    def rec(i: int, chosen: list[str], total: int) -> Iterator[list[str]]:
        if total >= need:
            if total - min(goods[c].value for c in chosen) < need:
                yield list(chosen)
            return
        if i == len(names):
            return
        name = names[i]
        for take in range(counts[name], -1, -1):
            yield from rec(i + 1, chosen + [name] * take, total + take * goods[name].value)

    for cover in rec(0, [], 0):
        yield cover
        found += 1
        if limit is not None and found >= limit:
            return


def new_game(
    variant: Variant | str = "classic",
    players: int | Sequence[str] = 4,
    seed: int | np.random.SeedSequence | None = 0,
    first_sheriff: int = 0,
) -> Game:
    """Deal a new game.

    ``players`` is a count (default names from the variant) or a list of names;
    ``seed`` seeds the one ``numpy.random.Generator`` the game uses;
    ``first_sheriff`` is the seat of the first Sheriff (the rulebook gives it
    to the player with the most cash on them -- the caller decides).

    >>> g = new_game("classic", players=["Robin", "Marian", "Tuck"], seed=7, first_sheriff=2)
    >>> g.rounds, g.players[g.sheriff], [len(h) for h in g.hands], [len(p) for p in g.piles]
    (9, 'Tuck', [6, 6, 6], [5, 5])
    """
    v = load_variant(variant) if not isinstance(variant, Variant) else variant
    if isinstance(players, int):
        v.check_players(players)
        names = list(v.default_names[:players])
    else:
        names = list(players)
        if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
            raise RulesError("player names must be distinct non-empty strings")
        v.check_players(len(names))
    if not isinstance(first_sheriff, int) or not 0 <= first_sheriff < len(names):
        raise RulesError(f"first_sheriff must be a seat 0-{len(names) - 1}, not {first_sheriff!r}")
    seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    players_rng = np.random.default_rng(players_seed(seq))
    game = Game(v, names, np.random.default_rng(seq), first_sheriff, players_rng)
    game.seed = seq
    game._setup()
    game._replayable = True  # the seed and the history (empty) determine it
    return game


PLAYERS_SPAWN_KEY = 0xB075  # spawn-key suffix of the players' generator ("bots")


def players_seed(seed: np.random.SeedSequence) -> np.random.SeedSequence:
    """The seed of the generator the players (bots, widgets) draw from, derived from a game's.

    The rules draw only from ``game.rng`` (seeded with ``seed`` itself), so the
    game's chance depends on the seed and the actions alone; bots draw from
    ``game.players_rng``, seeded with this child of ``seed``.

    >>> s = np.random.SeedSequence(5)
    >>> players_seed(s).spawn_key
    (45173,)
    """
    return np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, PLAYERS_SPAWN_KEY))
