"""The game: one mutable state made by :func:`new_game`, driven by frozen actions.

Every step follows one pattern: :meth:`Game.verify` raises a
:class:`~sheriff_core.base.errors.RulesError` naming the broken rule, :meth:`Game.can`
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
sheriff_core.base.errors.IllegalAction: it is the market phase: Cat (seat 2) must make a market turn (market), not declare
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from sheriff_core.base.errors import (
    EngineBug,
    GameOver,
    IllegalAction,
    NotYourTurn,
    RulesError,
)
from sheriff_core.base.i18n import N_, Message, Term
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
    Threaten,
)
from sheriff_core.engine.events import Event
from sheriff_core.engine.inspection import InspectionRules
from sheriff_core.engine.loading import LoadRules
from sheriff_core.engine.market import MarketRules
from sheriff_core.engine.options import LegalOptions
from sheriff_core.engine.payments import PaymentRules
from sheriff_core.engine.rounds import RoundRules
from sheriff_core.engine.saves import seed_sequence
from sheriff_core.engine.state import COPIED, Copy
from sheriff_core.engine.state import LOOT as LOOT  # payee "seat" of the Loot (kept here too)
from sheriff_core.engine.steps import ConfiscateChoice, Phase, Step
from sheriff_core.rules.scoring import score_rows
from sheriff_core.rules.variants import Variant, load_variant

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["STEPS", "Game", "LegalActions", "StepRule", "new_game"]

JSON_FORMAT = 2  # the save format version: see sheriff_core.engine.saves


def _word(action: Action) -> str:
    return str(action).split(" ", 1)[0]


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
    (nor counted). ``legal.count()`` is the number of actions iteration lists --
    always ``len(list(legal))`` -- counted without listing them where that is
    cheaper (the market's thousands of orders); ``len(legal)`` is the same number,
    or an ``OverflowError`` pointing to ``count()`` when it is past ``sys.maxsize``
    (large hands: see :meth:`count`).

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

    def count(self) -> int:
        """The number of actions iteration lists, exactly, as a Python ``int`` of any size.

        ``len(legal)`` is the same number while it fits the machine's index size
        (``sys.maxsize``); a variant with large hands can list more market turns than
        that (the orders of 50 set-aside cards), and then ``len`` raises an
        ``OverflowError`` pointing here.

        >>> g = new_game("classic", players=3, seed=0)
        >>> g.legal_actions().count() == len(g.legal_actions())
        True
        """
        rule = STEPS[self.step]
        if rule.size is not None:
            return rule.size(self._game)
        return sum(1 for _ in rule.options(self._game))

    def __len__(self) -> int:
        n = self.count()
        if n > sys.maxsize:
            raise OverflowError(
                Message(
                    "there are more than 2**{bits} legal actions, more than len() can return "
                    "(sys.maxsize = {most:,}); legal.count() gives the exact number",
                    bits=n.bit_length() - 1,
                    most=sys.maxsize,
                )
            )
        return n

    def __bool__(self) -> bool:
        return self.count() > 0

    def __repr__(self) -> str:
        return f"<LegalActions step={self.step!r} player={self.player!r}>"


class Game(RoundRules, MarketRules, LoadRules, InspectionRules, PaymentRules, LegalOptions):
    """A game of Sheriff of Nottingham under one variant. Make it with :func:`new_game`.

    Public state (read it, do not assign it): ``players`` (names by seat),
    ``round`` (0-based), ``rounds``, ``sheriff`` (seat), ``phase``, ``step`` (the
    :class:`Step` due now, ``Step.OVER`` at the end; see :data:`STEPS`), ``to_move``
    (the seat whose decision it is, None at the end), ``gold``, ``hands``, ``stands``,
    ``deck`` (draw pile, top last), ``piles`` (discard piles, top last), ``bags``,
    ``declared``, ``negotiation``, ``vote``, ``pending``, ``promises``, ``events``,
    ``history``.

    The rules are split by the parts of the rulebook, one module each, which ``Game``
    inherits: its fields and shared helpers (:mod:`~sheriff_core.engine.state`), setup
    and the order of play (:mod:`~sheriff_core.engine.rounds`), the market
    (:mod:`~sheriff_core.engine.market`), loading and declaring
    (:mod:`~sheriff_core.engine.loading`), inspection
    (:mod:`~sheriff_core.engine.inspection`), payments and tokens
    (:mod:`~sheriff_core.engine.payments`) and the legal actions listed per step
    (:mod:`~sheriff_core.engine.options`). This module adds verify / can / apply and
    the step table :data:`STEPS` that ties each step's actions to their checks and effects.
    """

    # ------------------------------------------------------------ verify / can / apply

    def verify(self, action: Action, player: int | None = None) -> None:
        """Raise a :class:`RulesError` if ``action`` is not legal now (for ``player``).

        Only :class:`RulesError` leaves ``verify`` (and ``can`` / ``apply``'s checks),
        whatever ``action`` and ``player`` are; it changes nothing.

        >>> g = new_game("classic", players=3, seed=0)
        >>> g.verify(Market(), player=99)
        Traceback (most recent call last):
        ...
        sheriff_core.base.errors.NotYourTurn: there is no seat 99 (seats 0-2): it is Ben (seat 1)'s decision (make a market turn (market))
        """
        if self.phase is Phase.OVER:
            raise GameOver("the game is over: no more actions")
        if not isinstance(action, Action):
            raise IllegalAction("{action!r} is not an action", action=action)
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
        is restored exactly as it was and :class:`~sheriff_core.base.errors.EngineBug`
        is raised. A game that is :attr:`replayable` is restored by dealing it again
        from its seed and replaying its history (so an action costs nothing extra); one
        marked with :meth:`mark_staged` is cloned before each action.
        """
        if self.phase is Phase.OVER:
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
        if isinstance(player, np.integer):
            player = int(player)
        if type(player) is int and player == self.to_move:
            return  # the usual case: nothing is formatted
        due = Message(
            "{player}'s decision ({expects})",
            player=self.who(self.to_move),  # type: ignore[arg-type]
            expects=Term(STEPS[self.step].expects),
        )
        if type(player) is not int or not 0 <= player < self.n:
            raise NotYourTurn(
                "there is no seat {player!r} (seats 0-{value}): it is {due}",
                player=player,
                value=self.n - 1,
                due=due,
            )
        if player != self.to_move:
            raise NotYourTurn("it is {due}, not {player}'s", due=due, player=self.who(player))

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
            return IllegalAction("{action!r} is not an action", action=action)
        step = self.step
        who = self.who(self.to_move)  # type: ignore[arg-type]
        phase = "inspection" if self.phase is Phase.INSPECT else self.phase
        return IllegalAction(
            "it is the {phase} phase: {who} must {expects}, not {word}",
            phase=Term(phase),
            who=who,
            expects=Term(STEPS[step].expects),
            word=_word(action),
        )

    # A check that accepts any action of its type (Decline, Done): see STEPS.

    def _check_nothing(self, a: Action) -> None:
        return None

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
        d.update(self.__dict__)  # Copy.SHARE: scalars, tuples, frozen records, the variant
        # each field as GAME_STATE (engine/state.py) declares it is copied
        for name in COPIED[Copy.LIST]:
            d[name] = d[name][:]
        for name in COPIED[Copy.DICT]:
            d[name] = d[name].copy()
        for name in COPIED[Copy.LISTS]:
            d[name] = [items[:] for items in d[name]]
        for name in COPIED[Copy.DICTS]:
            d[name] = [items.copy() for items in d[name]]
        for name in COPIED[Copy.DICT_OF_LISTS]:
            d[name] = {key: items[:] for key, items in d[name].items()}
        for name in COPIED[Copy.ROWS]:
            if d[name] is not None:
                d[name] = [row.copy() for row in d[name]]
        for name in COPIED[Copy.GENERATOR]:
            d[name] = _clone_generator(d[name])
        return twin

    def copy(self) -> Game:
        """The same as :meth:`clone` (kept for callers of the first version)."""
        return self.clone()

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
        its history through :meth:`apply`; a bad save raises :class:`~sheriff_core.base.errors.SaveError`.

        >>> import sheriff_core as sc
        >>> g = sc.new_game("classic", players=4, seed=3)
        >>> sc.Game.from_json(g.to_json()).to_json() == g.to_json()
        True
        """
        from sheriff_core.engine.saves import game_from_json

        return game_from_json(text)


# One small check per (step, action type) and one effect each, in the module of their
# part of the rules (rounds, market, loading, inspection, payments). A check raises a
# RulesError or returns what the effect needs (a hand without the cards played, or None);
# it never changes the game. An effect gets (game, action, what the check returned).
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
            N_("choose who starts the market (starter)"),
            N_("choose which merchant starts the market"),
            {ChooseStarter: (Game._check_starter, Game._do_starter)},
            Game._options_starter,
        ),
        Step.MARKET: StepRule(
            N_("make a market turn (market)"),
            N_("make a market turn (set cards aside, draw back to a full hand)"),
            {Market: (Game._check_market, Game._do_market), **_EXCHANGE},
            Game._options_market,
            Game._count_market,
        ),
        Step.LOAD: StepRule(
            N_("load a bag (load)"),
            N_("load the bag with 1-5 cards"),
            {Load: (Game._check_load, Game._do_load), **_EXCHANGE},
            Game._options_load,
            Game._count_load,
        ),
        Step.DECLARE: StepRule(
            N_("declare the bag (declare)"),
            N_("declare the bag: one legal good, the exact number of cards"),
            {Declare: (Game._check_declare, Game._do_declare), **_EXCHANGE},
            Game._options_declare,
        ),
        Step.SHERIFF: StepRule(
            N_("threaten, inspect or let a bag pass"),
            N_("deal with a bag: threaten, inspect or let it pass"),
            {
                Threaten: (Game._check_bag_choice, Game._do_threaten),
                Inspect: (Game._check_bag_choice, Game._do_inspect_alone),
                LetPass: (Game._check_bag_choice, Game._do_pass_alone),
            },
            Game._options_sheriff,
        ),
        Step.MERCHANT: StepRule(
            N_("offer a bribe, accept the Sheriff's demand or decline"),
            N_("answer the Sheriff's threat: offer a bribe, accept a demand or decline"),
            {
                Offer: (Game._check_negotiation_offer, Game._do_offer),
                Decline: (Game._check_nothing, Game._do_decline),
                Accept: (Game._check_accept, Game._do_accept),
            },
            Game._options_merchant,
        ),
        Step.NEGOTIATION: StepRule(
            N_("inspect, let the bag pass (taking the offer) or counter-offer"),
            N_("decide: let the bag pass (taking the offer), inspect, or demand more"),
            {
                Inspect: (Game._check_settle, Game._do_inspect_offer),
                LetPass: (Game._check_settle, Game._do_pass_offer),
                Offer: (Game._check_negotiation_offer, Game._do_offer),
            },
            Game._options_negotiation,
        ),
        Step.CONFISCATE: StepRule(
            N_("place the confiscated cards on a discard pile (confiscate)"),
            N_("place the confiscated cards on a discard pile"),
            {Confiscate: (Game._check_confiscate, Game._do_confiscate)},
            Game._options_confiscate,
            Game._count_confiscate,
        ),
        Step.DEBT: StepRule(
            N_("choose stand goods to pay the debt (pay-debt)"),
            N_("choose goods from the stand to pay a debt"),
            {PayDebt: (Game._check_debt, Game._do_pay_debt)},
            Game._options_debt,
        ),
        Step.VOTE: StepRule(
            N_("vote to inspect or let the bag pass"),
            N_("vote to inspect or let the bag pass"),
            {
                Inspect: (Game._check_vote, Game._do_inspect_vote),
                LetPass: (Game._check_vote, Game._do_pass_vote),
            },
            Game._options_vote,
        ),
        Step.EXCHANGE: StepRule(
            N_("exchange goods for tokens or be done (exchange / done)"),
            N_("exchange goods for tokens or be done"),
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
        "{action!r} cannot be checked ({name__}: {err}): not a legal action",
        action=action,
        name__=type(err).__name__,
        err=err,
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


def new_game(
    variant: Variant | str = "classic",
    players: int | Sequence[str] = 4,
    seed: int | np.random.SeedSequence | None = 0,
    first_sheriff: int = 0,
) -> Game:
    """Deal a new game.

    ``players`` is a count (default names from the variant) or a list of names;
    ``seed`` seeds the one ``numpy.random.Generator`` the game uses: an integer
    ``>= 0`` (numpy integers too), a ``SeedSequence`` or None (see
    :func:`~sheriff_core.engine.saves.seed_sequence`: a bool, a float or a negative
    number is a :class:`RulesError`, so every game dealt can be saved);
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
        if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
            raise RulesError("player names must be distinct non-empty strings")
        v.check_players(len(names))
    if not isinstance(first_sheriff, int) or not 0 <= first_sheriff < len(names):
        raise RulesError(
            "first_sheriff must be a seat 0-{value}, not {first_sheriff!r}",
            value=len(names) - 1,
            first_sheriff=first_sheriff,
        )
    seq = seed_sequence(seed)
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
