"""Setup and the order of play: dealing, whose decision it is (the step due), moving on
to the next phase and the next round, the Sheriff choosing who starts the market, the
end of a round (the Loot split, drawing back up, the game's end), drawing cards and
reshuffling the discard piles into a new draw pile."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from sheriff_core.base.errors import IllegalAction
from sheriff_core.engine.actions import ChooseStarter
from sheriff_core.engine.events import (
    DeputyDeckShuffled,
    Drew,
    GameOver,
    GameSetUp,
    LootSplit,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    StarterChosen,
)
from sheriff_core.engine.state import GameState
from sheriff_core.engine.steps import ExchangeChoice, Phase, Step
from sheriff_core.rules.cards import build_deck
from sheriff_core.rules.variants import Variant

_NEXT_PHASE = {Phase.MARKET: Phase.LOAD, Phase.LOAD: Phase.DECLARE, Phase.DECLARE: Phase.INSPECT}
#: The phases played in turn order: the step, and the order the turn indexes.
_TURNS: dict[Phase, tuple[Step, Callable[[Any], list[int]]]] = {
    Phase.MARKET: (Step.MARKET, attrgetter("order")),
    Phase.LOAD: (Step.LOAD, attrgetter("merchant_order")),
    Phase.DECLARE: (Step.DECLARE, attrgetter("merchant_order")),
}
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


class RoundRules(GameState):
    """Setup, phases, turns and rounds; the draw pile (see the module)."""

    # ------------------------------------------------------------ setup

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
            GameSetUp(
                self.round, None, list(self.players), self.sheriff, [list(p) for p in self.piles]
            )
        )
        self._start_round()
        self._refresh()
        self.events.extend(self._new)
        self._new = []

    # ------------------------------------------------------------ the step due, moving on

    def _refresh(self) -> None:
        """Work out who decides what (``step``, ``to_move``) from the state: the one
        place that maps the state to a :class:`Step` (with :data:`_TURNS`)."""
        phase = self.phase
        if phase is not Phase.INSPECT and (turns := _TURNS.get(phase)) is not None:
            # market, load, declare: whose turn it is in the order
            self.step, self.to_move = turns[0], turns[1](self)[self.turn]
            return
        if phase is Phase.INSPECT:
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
        elif phase is Phase.OVER:
            step, who = Step.OVER, None
        else:  # "starter" (the Sheriff names the first merchant)
            step, who = Step.STARTER, self.sheriff
        self.step, self.to_move = step, who

    def _advance(self) -> None:
        """Move to the next phase or round when this one is done; then :meth:`_refresh`."""
        phase = self.phase
        if phase is not Phase.INSPECT:
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

    # ------------------------------------------------------------ who starts the market

    def _check_starter(self, a: ChooseStarter) -> None:
        if a.seat in self.sheriffs or not 0 <= a.seat < self.n:
            raise IllegalAction(
                "the {term} must choose a merchant to start the market (seats {merchants}), not {seat}",
                term=self.variant.term("sheriff"),
                merchants=self.merchants,
                seat=a.seat,
            )

    def _do_starter(self, a: ChooseStarter, _: None) -> None:
        self._set_order(a.seat)
        self._emit(StarterChosen(self.round, a.seat))
        self.phase = Phase.MARKET

    # ------------------------------------------------------------ round structure

    def _start_round(self) -> None:
        v = self.variant
        if v.sheriff_selection == "deputy_deck":
            if not self.deputy_deck:
                self.deputy_deck = [int(i) for i in self.rng.permutation(self.n)]
                self.deputy_passes += 1
                self._emit(DeputyDeckShuffled(self.round, None, self.deputy_passes))
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
        # events hold copies, never the state's own lists
        self._emit(
            RoundStarted(self.round, self.sheriff, self.players[self.sheriff], self.sheriffs[:])
        )
        if v.market_starter == "sheriff_chooses":
            self.order = []
            self.phase = Phase.STARTER
        else:
            self.order = list(self.merchant_order)
            self.turn = 0
            self.phase = Phase.MARKET

    def _clockwise_from(self, start: int) -> list[int]:
        """Non-Sheriff seats clockwise from ``start``."""
        seats = ((start + k) % self.n for k in range(self.n))
        return [s for s in seats if s not in self.sheriffs]

    def _set_order(self, start: int) -> None:
        self.order = self._clockwise_from(start)
        self.turn = 0

    def _end_round(self) -> None:
        if self.loot and len(self.sheriffs) > 1:
            share = self.loot // len(self.sheriffs)
            if share:
                for s in self.sheriffs:
                    self.gold[s] += share
                self.loot -= share * len(self.sheriffs)
            self._emit(LootSplit(self.round, None, share, list(self.sheriffs), self.loot))
        self._emit(RoundEnded(self.round, self.sheriff))
        if self.round + 1 == self.rounds:
            self.phase = Phase.OVER
            rows = self._final_rows = self.score_rows()
            winners = [r["player"] for r in rows if r["rank"] == 1]
            self._emit(GameOver(self.round, None, winners))
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
                self._emit(Drew(self.round, seat, drawn, len(drawn)))
        self.round += 1
        self._start_round()

    # ------------------------------------------------------------ drawing

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
        self._emit(Reshuffled(self.round, None, len(cards)))
