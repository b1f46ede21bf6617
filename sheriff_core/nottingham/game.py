"""The Nottingham game state: decisions, legal actions, apply, JSON save/load.

A game is a sequence of *decisions*. :attr:`Game.step` says which kind (a
:class:`~sheriff_core.nottingham.steps.Decision`: ``"reveal"``, ``"score"``, ``"offer"``
...), :attr:`Game.pending` holds its details (a typed record), :attr:`Game.to_move` whose
it is, :meth:`Game.legal_actions` lists that player's legal actions and
:meth:`Game.apply` plays one and returns the events. The decision table
:data:`DECISIONS` ties each decision to the actions it takes (each with its check and
its effect), what it lists as legal and whose turn it is, as the Sheriff engine's step
table :data:`~sheriff_core.engine.game.STEPS` does. Chance (shuffles, the blind
draw of a Steal) comes from the game's one ``numpy.random.Generator`` (``rng``);
bots draw from ``players_rng``, a separate generator derived from the same seed, so
the game depends on the seed and the actions alone (``history``). A save records
them and loading replays them: see :mod:`sheriff_core.nottingham.saves`.

Every action is verified completely before anything changes: an illegal one
raises a :class:`~sheriff_core.nottingham.errors.NottinghamRulesError` naming
the rule, and the state stays exactly as it was.

>>> from sheriff_core import nottingham as nt
>>> game = nt.new_game(nt.load_rules(), players=3, seed=4)
>>> game.step, game.to_move, game.revealed
('reveal', 0, 'Necklace')
>>> [str(a) for a in game.legal_actions()]
['keep']
>>> [str(e) for e in game.apply(nt.Keep())]
['seat 0: keep Necklace']
>>> game.step, str(game.legal_actions()[0])
('score', 'pass')
>>> same = nt.Game.from_json(game.to_json())
>>> same.to_json() == game.to_json()
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations, combinations_with_replacement
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

import numpy as np

from sheriff_core.base.save_envelope import seed_sequence
from sheriff_core.engine.game import players_seed
from sheriff_core.nottingham.actions import (
    Accept,
    Action,
    Allow,
    ChooseAmbush,
    CompleteTask,
    Decline,
    Defend,
    Discard,
    Event,
    Hold,
    Keep,
    Lay,
    Offer,
    Pass,
    Spring,
    TakeCard,
    Use,
)
from sheriff_core.nottingham.errors import (
    GameFinished,
    IllegalAmbush,
    IllegalDiscard,
    IllegalOffer,
    IllegalScore,
    IllegalTarget,
    IllegalUse,
    NottinghamRulesError,
    WrongDecision,
)
from sheriff_core.nottingham.rules import TARGETED, Item, Rules, load_rules
from sheriff_core.nottingham.steps import (
    Ambush,
    AmbushDraw,
    Decision,
    DiscardQueue,
    NoPending,
    OfferChoice,
    OfferRound,
    Pending,
    SpringQueue,
    Target,
)

__all__ = ["DECISIONS", "DecisionRule", "Game", "new_game", "FORMAT"]

#: The ``format`` tag of a saved game (see :mod:`sheriff_core.nottingham.saves`).
FORMAT = "sheriff_core.nottingham/2"
#: How many cards a Purchase / Trade offer holds (R).
OFFER_SIZES = {"purchase": (1, 1), "trade": (1, 2)}
_NONE = NoPending()
_P = TypeVar("_P", bound=Pending)


def new_game(
    rules: Rules | str | None = None,
    players: int | Sequence[str] = 4,
    seed: int | np.random.SeedSequence | np.random.Generator | None = 0,
) -> Game:
    """Set up a game: shuffle, deal, and reveal the first player's first card.

    ``players`` is a count (default names from the rules) or a list of names.
    ``seed`` seeds the game's generator (``rng``) and, through a child of it, the
    players' (``players_rng``, what bots draw from). A game made from a ``Generator``
    instead of a seed plays the same but cannot be saved (it has no seed to record).
    A seed is an integer ``>= 0`` (numpy integers too), a ``SeedSequence`` or None; a
    bool, a float or a negative number is a :class:`NottinghamRulesError` (see
    :func:`~sheriff_core.engine.saves.seed_sequence`), so every game dealt from a seed
    can be saved.

    >>> g = new_game(None, players=["Robin", "Marian", "John"], seed=0)
    >>> g.players, [sum(h.values()) for h in g.hands], len(g.deck)
    (('Robin', 'Marian', 'John'), [3, 3, 3], 74)
    """
    if not isinstance(rules, Rules):
        rules = load_rules(rules)
    if isinstance(players, bool | str):  # a string is not a list of names (one per letter)
        raise TypeError(f"players: a number of players or a list of names, not {players!r}")
    if isinstance(players, int):
        rules.check_players(players)
        names = rules.default_names[:players]
    else:
        names = tuple(players)
        rules.check_players(len(names))
        if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
            raise NottinghamRulesError("players: names must be distinct non-empty strings")
    if isinstance(seed, np.random.Generator):
        rng, seq = seed, None
        parent = getattr(seed.bit_generator, "seed_seq", None)
        base = parent if isinstance(parent, np.random.SeedSequence) else np.random.SeedSequence(0)
    else:
        seq = seed_sequence(seed, "seed", NottinghamRulesError)
        rng, base = np.random.default_rng(seq), seq
    game = Game._setup(rules, names, rng)
    game.seed = seq
    game.players_rng = np.random.default_rng(players_seed(base))
    return game


class Game:
    """One game of Nottingham. Make it with :func:`new_game` or :meth:`from_json`.

    Public state (read it, do not write it): ``deck`` (top card last),
    ``discards``, ``hands`` (item -> count per seat), ``scored`` (face-down items
    per seat), ``tasks`` (task names per seat, in the order taken),
    ``task_takers`` (task -> seats in order), ``ambush_pile`` (top first),
    ``ambushes`` (``[owner, ambush card, gold item]`` lying in front of players),
    ``sheriff`` (index into ``rules.track``; 0 is Nottingham), ``active`` (whose
    turn), ``turn`` (turns started), ``revealed`` (the card in play), ``step`` (the
    :class:`~sheriff_core.nottingham.steps.Decision` due now; ``decision`` is the same)
    and ``pending`` (the details of the open decision, a frozen record of
    :mod:`~sheriff_core.nottingham.steps`). ``players`` are the names by seat and ``n``
    their number, as in the Sheriff engine.
    """

    rules: Rules
    #: The players' names by seat (as ``engine.Game.players``; ``names`` is the same).
    players: tuple[str, ...]
    rng: np.random.Generator
    #: The seed of the game (None for a game dealt from a Generator: it cannot be saved).
    seed: np.random.SeedSequence | None
    #: The players' generator: bots draw from it, never from ``rng``.
    players_rng: np.random.Generator
    #: Every action applied, as ``(seat, action)``.
    history: list[tuple[int, Action]]
    #: Every event so far (the deal's first turn, then each action's), oldest first.
    events: list[Event]
    deck: list[str]
    discards: list[str]
    hands: list[dict[str, int]]
    scored: list[list[str]]
    tasks: list[list[str]]
    task_takers: dict[str, list[int]]
    ambush_pile: list[str]
    ambushes: list[Ambush]
    sheriff: int
    active: int
    turn: int
    turn_revealed: bool
    idle: int
    revealed: str | None
    #: The kind of decision due now (``Decision.OVER`` at the end): see :data:`DECISIONS`.
    step: Decision
    #: The details of the open decision (a frozen record, replaced when the game moves on).
    pending: Pending
    end_reason: str | None

    # ------------------------------------------------------------------ setup

    @classmethod
    def _setup(cls, rules: Rules, names: tuple[str, ...], rng: np.random.Generator) -> Game:
        g = cls.__new__(cls)
        g.rules, g.players, g.rng = rules, names, rng
        g.seed, g.players_rng, g.history = None, np.random.default_rng(0), []
        n = len(names)
        g.deck = g._shuffled(rules.deck())
        g.discards = []
        g.hands = [{i: 0 for i in rules.item_names} for _ in range(n)]
        for _ in range(rules.hand_size):
            for seat in range(n):
                g.hands[seat][g.deck.pop()] += 1
        g.scored = [[] for _ in range(n)]
        g.tasks = [[] for _ in range(n)]
        g.task_takers = {t: [] for t in rules.tasks}
        g.ambush_pile = g._shuffled(list(rules.ambush_cards(n)))
        g.ambushes = []
        g.sheriff = 0
        g.active = rules.first_player
        g.turn = 0
        g.turn_revealed = False
        g.idle = 0
        g.revealed = None
        g.step = Decision.REVEAL
        g.pending = _NONE
        g.end_reason = None
        g.events = []
        g._start_turn(g.events)
        return g

    def _shuffled(self, cards: list[str]) -> list[str]:
        order = self.rng.permutation(len(cards))
        return [cards[int(i)] for i in order]

    # ------------------------------------------------------------------ views

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat: :attr:`players` (kept; the save's ``names``)."""
        return self.players

    @property
    def n(self) -> int:
        """Number of players (as ``engine.Game.n``)."""
        return len(self.players)

    @property
    def decision(self) -> Decision:
        """The kind of decision due now: :attr:`step` (kept under its first name)."""
        return self.step

    @property
    def is_over(self) -> bool:
        """True once the Sheriff is back in Nottingham (or the game stalled)."""
        return self.step is Decision.OVER

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (``None`` when the game is over): the decision
        table's ``to_move`` of :attr:`step`."""
        return DECISIONS[self.step].to_move(self)

    def _due(self, kind: type[_P]) -> _P:
        """The pending record, which the open decision says is of ``kind``."""
        p = self.pending
        assert isinstance(p, kind), f"{self.step!r} holds {p!r}, not a {kind.__name__}"
        return p

    def colour(self, seat: int) -> str:
        """The colour of a seat (its ambush card has this name)."""
        return self.rules.colours[seat]

    def hand_size(self, seat: int) -> int:
        """Number of cards in a player's hand."""
        return sum(self.hands[seat].values())

    def hand_list(self, seat: int) -> list[str]:
        """A player's hand as a list of cards in item order."""
        return [i for i in self.rules.item_names for _ in range(self.hands[seat][i])]

    def clockwise(self, start: int) -> list[int]:
        """All seats clockwise, beginning with ``start``."""
        n = self.n
        return [(start + k) % n for k in range(n)]

    def hand_limit(self) -> int:
        """The number on the Sheriff's space (draw threshold and empty-deck hand limit)."""
        return self.rules.track[self.sheriff]

    def task_value(self, task: str, seat: int) -> int:
        """What ``seat``'s task card ``task`` scores now (0 if not taken)."""
        takers = self.task_takers[task]
        if seat not in takers:
            return 0
        t = self.rules.tasks[task]
        if self.rules.shared_scores_low and len(takers) >= 2:
            return t.second
        return t.first if takers.index(seat) == 0 else t.second

    def score(self, seat: int) -> int:
        """Face-down item values plus task cards of one seat."""
        items = self.rules.items
        return sum(items[i].value for i in self.scored[seat]) + sum(
            self.task_value(t, seat) for t in self.tasks[seat]
        )

    def scores(self) -> dict[str, int]:
        """Scores by player name.

        >>> new_game(None, 3, seed=0).scores()
        {'Ann': 0, 'Ben': 0, 'Cat': 0}
        """
        return {name: self.score(s) for s, name in enumerate(self.names)}

    def results(self) -> list[dict[str, Any]]:
        """One dict per seat: score, cards scored (tie-break), tasks and rank.

        Rank 1 is the winner; the tie-break is the number of cards scored (items
        face down plus task cards, R); a tie on both shares the rank.

        >>> new_game(None, 3, seed=0).results()[0]
        {'seat': 0, 'player': 'Ann', 'score': 0, 'cards_scored': 0, 'tasks': 0, 'rank': 1}
        """
        keys = [(self.score(s), len(self.scored[s]) + len(self.tasks[s])) for s in range(self.n)]
        return [
            {
                "seat": s,
                "player": self.names[s],
                "score": keys[s][0],
                "cards_scored": keys[s][1],
                "tasks": len(self.tasks[s]),
                "rank": 1 + sum(k > keys[s] for k in keys),
            }
            for s in range(self.n)
        ]

    def card_counts(self) -> dict[str, int]:
        """Where the cards are, counted (an invariant: always the full sets).

        >>> new_game(None, 4, seed=0).card_counts()
        {'items': 84, 'ambush': 10, 'tasks': 8}
        """
        items = (
            len(self.deck)
            + len(self.discards)
            + sum(self.hand_size(s) for s in range(self.n))
            + sum(len(s) for s in self.scored)
            + len(self.ambushes)
            + (self.revealed is not None)
            + (self.pending.count if isinstance(self.pending, SpringQueue) else 0)
        )
        ambush = len(self.ambush_pile) + len(self.ambushes)
        if isinstance(self.pending, AmbushDraw):
            ambush += len(self.pending.drawn)
        tasks = sum(t.copies - len(self.task_takers[n]) for n, t in self.rules.tasks.items())
        tasks += sum(len(t) for t in self.tasks)
        return {"items": items, "ambush": ambush, "tasks": tasks}

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.step} by seat {self.to_move}"
        return (
            f"<Nottingham {self.n}p turn {self.turn}, Sheriff on space "
            f"{self.sheriff}/{len(self.rules.track)}, {state}>"
        )

    # ------------------------------------------------------------------ legality

    def legal_actions(self) -> list[Action]:
        """The legal actions of :attr:`to_move` (empty when the game is over): the
        decision table's ``options`` of :attr:`step`.

        >>> g = new_game(None, 3, seed=4)
        >>> [str(a) for a in g.legal_actions()]
        ['keep']
        >>> g = new_game(None, 3, seed=2)
        >>> g.revealed, [str(a) for a in g.legal_actions()]
        ('Jewels', ['keep', 'use on seat 1', 'use on seat 2'])
        """
        return list(DECISIONS[self.step].options(self))

    def _options_reveal(self) -> Iterator[Action]:
        yield Keep()
        item = self._in_play()
        if item.action in TARGETED:
            for s in self.clockwise(self.active)[1:]:
                if self.hand_size(s) > 0:
                    yield Use(s)
        elif item.action == "ambush":
            if self.ambush_pile:
                yield Use()
        elif item.action != "defend":
            yield Use()

    def _options_defend(self) -> Iterator[Action]:
        yield Defend()
        yield Allow()

    def _options_take(self) -> Iterator[Action]:
        hand = self.hands[self._due(Target).target]
        for i in self.rules.item_names:
            if hand[i]:
                yield TakeCard(i)

    def _options_offer(self) -> Iterator[Action]:
        me = self._due(OfferRound).queue[0]
        hand = self.hands[me]
        lo, hi = OFFER_SIZES[self._in_play().action]
        free = sorted(i for i in self.rules.item_names if hand[i] and i != self.revealed)
        seen: set[Offer] = set()
        for k in range(lo, hi + 1):
            for combo in combinations_with_replacement(free, k):
                if all(hand[i] >= combo.count(i) for i in combo):
                    offer = Offer(combo)
                    if offer not in seen:
                        seen.add(offer)
                        yield offer

    def _options_accept(self) -> Iterator[Action]:
        for seat, _ in self._due(OfferChoice).offers:
            yield Accept(seat)
        yield Decline()

    def _options_ambush_card(self) -> Iterator[Action]:
        for card in dict.fromkeys(self._due(AmbushDraw).drawn):
            if card != self.colour(self.active):
                yield ChooseAmbush(card)

    def _options_score(self) -> Iterator[Action]:
        me = self.active
        yield Pass()
        hand = self.hands[me]
        names = self.rules.item_names
        for i in names:
            for n in range(3, hand[i] + 1):
                yield Lay(i, n)
        for tname, t in self.rules.tasks.items():
            if self._task_open(tname, me) is None:
                ok = [i for i in names if hand[i] >= t.each]
                for combo in combinations(ok, t.distinct):
                    yield CompleteTask(tname, combo)

    def _options_spring(self) -> Iterator[Action]:
        yield Spring()
        yield Hold()

    def _options_discard(self) -> Iterator[Action]:
        hand = self.hands[self._due(DiscardQueue).queue[0]]
        for i in self.rules.item_names:
            if hand[i]:
                yield Discard(i)

    def _options_none(self) -> Iterator[Action]:
        return iter(())

    def _in_play(self) -> Item:
        """The item of the revealed card, which every decision about it has."""
        assert self.revealed is not None, f"no card is in play in the {self.step!r} decision"
        return self.rules.items[self.revealed]

    def _task_open(self, tname: str, seat: int) -> str | None:
        """Why ``seat`` may not take task ``tname`` now (None if it may)."""
        t = self.rules.tasks[tname]
        takers = self.task_takers[tname]
        if seat in takers:
            return f"each task kind may be taken once per player; {self.names[seat]} has {tname}"
        if len(takers) >= t.copies:
            return f"both copies of {tname} are taken (only {t.copies} per kind)"
        return None

    def can(self, action: Action, player: int | None = None) -> bool:
        """Whether ``action`` is legal now (``verify`` without the exception)."""
        try:
            self.verify(action, player)
        except NottinghamRulesError:
            return False
        return True

    def verify(self, action: Any, player: int | None = None) -> None:
        """Raise a :class:`NottinghamRulesError` naming the rule unless ``action`` is legal
        (and, with ``player``, unless it is that seat's decision): the check the decision
        table lists for the action's type at :attr:`step`. It changes nothing.

        >>> g = new_game(None, 3, seed=4)
        >>> g.verify(Use())
        Traceback (most recent call last):
        ...
        sheriff_core.nottingham.errors.IllegalUse: Necklace (Defend): when revealed it can only be taken into hand
        >>> g.verify(Keep(), player=1)
        Traceback (most recent call last):
        ...
        sheriff_core.nottingham.errors.WrongDecision: it is Ann (seat 0)'s decision, not seat 1's
        """
        d = self.step
        if d is Decision.OVER:
            raise GameFinished(
                "the game is over ({end_reason}); no more actions", end_reason=self.end_reason
            )
        if not isinstance(action, Action):
            raise WrongDecision("{action!r} is not a Nottingham action", action=action)
        me = self.to_move
        assert me is not None
        if player is not None and player != me:
            raise WrongDecision(
                "it is {names} (seat {me})'s decision, not seat {player!r}'s",
                names=self.names[me],
                me=me,
                player=player,
            )
        takes = DECISIONS[d].takes
        rule = takes.get(type(action))
        if rule is None:
            wanted = ", ".join(c.__name__ for c in takes)
            raise WrongDecision(
                "'{action}' is not allowed now: the game waits for the {d!r} decision of {names} (seat {me}), answered by {wanted}",
                action=action,
                d=d,
                names=self.names[me],
                me=me,
                wanted=wanted,
            )
        try:
            rule[0](self, action, me)
        except (TypeError, KeyError, AttributeError):
            raise WrongDecision("malformed action {action!r}", action=action) from None

    def _check_nothing(self, action: Action, seat: int) -> None:
        """Keep, Allow, Decline, Pass, Spring, Hold: legal whenever their decision is due."""

    def _check_use(self, action: Use, seat: int) -> None:
        item = self._in_play()
        label = f"{item.title} ({item.action.replace('_', ' ').title()})"
        # NOT-ACT-6: a Necklace can only be taken into the hand
        if item.action == "defend":
            raise IllegalUse(
                "{name} (Defend): when revealed it can only be taken into hand", name=item.name
            )
        # NOT-ACT-2, NOT-ACT-4, NOT-ACT-5: another player's seat, holding a card
        if item.action in TARGETED:
            t = action.target
            if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < self.n:
                raise IllegalTarget(
                    "{label}: name another player's seat, not {t!r}", label=label, t=t
                )
            if t == self.active:
                raise IllegalTarget(
                    "{label}: the target must be another player, not yourself", label=label
                )
            if self.hand_size(t) == 0:
                raise IllegalTarget(
                    "{label}: {names} has no cards to take", label=label, names=self.names[t]
                )
            return
        if action.target is not None:
            raise IllegalTarget("{label}: this action has no target player", label=label)
        # NOT-ACT-3: Gold is used only while the ambush pile has cards
        if item.action == "ambush" and not self.ambush_pile:
            raise IllegalUse("{label}: the ambush card pile is empty", label=label)

    def _check_defend(self, action: Defend, seat: int) -> None:
        # NOT-ACT-6: defend with a Necklace from the hand
        if self._defend_item(self._due(Target).target) is None:
            raise IllegalUse("Defend: you need a Necklace (a Defend card) in hand to defend")

    def _check_take(self, action: TakeCard, seat: int) -> None:
        # NOT-ACT-4, NOT-ACT-5: take a card from the target's hand
        target = self._due(Target).target
        if action.item not in self.rules.items or not self.hands[target][action.item]:
            raise IllegalTarget(
                "{title}: you may only take a card that is in {names}'s hand; {item!r} is not",
                title=self._in_play().title,
                names=self.names[target],
                item=action.item,
            )

    def _check_offer(self, action: Offer, seat: int) -> None:
        item = self._in_play()
        # NOT-ACT-1 (one card, not a Copper coin), NOT-ACT-7 (1 or 2 cards, not a Chest),
        # from the offering player's hand
        lo, hi = OFFER_SIZES[item.action]
        label = f"{item.title} ({item.action.title()})"
        if not lo <= len(action.items) <= hi:
            want = f"{lo}" if lo == hi else f"{lo}-{hi}"
            raise IllegalOffer(
                "{label}: offer {want} card(s), not {n_items}",
                label=label,
                want=want,
                n_items=len(action.items),
            )
        if self.revealed in action.items:
            raise IllegalOffer(
                "{label}: the offered cards may not include {name}", label=label, name=item.name
            )
        hand = self.hands[seat]
        for i in set(action.items):
            if i not in self.rules.items or hand[i] < action.items.count(i):
                raise IllegalOffer(
                    "{label}: you can only offer cards from your hand; {i!r}", label=label, i=i
                )

    def _check_accept(self, action: Accept, seat: int) -> None:
        # NOT-ACT-1, NOT-ACT-7: take one player's offer (or decline them all)
        seats = [s for s, _ in self._due(OfferChoice).offers]
        if action.seat not in seats:
            raise IllegalOffer(
                "accept: seat {seat!r} made no offer; offers came from seats {seats}",
                seat=action.seat,
                seats=seats,
            )

    def _check_ambush_card(self, action: ChooseAmbush, seat: int) -> None:
        # NOT-ACT-3: keep one of the drawn ambush cards, never one of your own colour
        drawn = list(self._due(AmbushDraw).drawn)
        if action.card not in drawn:
            raise IllegalAmbush(
                "Ambush: keep one of the drawn ambush cards {drawn}, not {card!r}",
                drawn=drawn,
                card=action.card,
            )
        if action.card == self.colour(seat):
            raise IllegalAmbush(
                "Ambush: you may not keep the ambush card of your own colour ({card})",
                card=action.card,
            )

    def _check_lay(self, action: Lay, seat: int) -> None:
        # NOT-SCO-1: a set is 3 or more cards of one item, from the hand
        n = action.count
        if isinstance(n, bool) or not isinstance(n, int) or n < 3:
            raise IllegalScore("score: lay 3 or more cards of one item, not {n!r}", n=n)
        if action.item not in self.rules.items:
            raise IllegalScore("score: {item!r} is not an item", item=action.item)
        have = self.hands[seat][action.item]
        if have < n:
            raise IllegalScore(
                "score: you have {have} {item}, cannot lay {n}", have=have, item=action.item, n=n
            )

    def _check_task(self, action: CompleteTask, seat: int) -> None:
        # NOT-SCO-1: the cards of one task; NOT-TASK-1: each kind once per player
        t = self.rules.tasks.get(action.task)
        if t is None:
            raise IllegalScore(
                "task: {task!r} is not a task card; tasks: {list}",
                task=action.task,
                list=list(self.rules.tasks),
            )
        why = self._task_open(action.task, seat)
        if why is not None:
            raise IllegalScore("task: {why}", why=why)
        if len(set(action.items)) != len(action.items) or len(action.items) != t.distinct:
            raise IllegalScore(
                "task {name}: name {distinct} different item(s) ({title})",
                name=t.name,
                distinct=t.distinct,
                title=t.title,
            )
        for i in action.items:
            if i not in self.rules.items or self.hands[seat][i] < t.each:
                raise IllegalScore(
                    "task {name}: you need {each} x {i} in hand ({title})",
                    name=t.name,
                    each=t.each,
                    i=i,
                    title=t.title,
                )

    def _check_discard(self, action: Discard, seat: int) -> None:
        # NOT-DECK-1: down to the hand limit, with cards from your hand
        if action.item not in self.rules.items or not self.hands[seat][action.item]:
            raise IllegalDiscard(
                "hand limit: discard a card from your hand; {item!r} is not in it", item=action.item
            )

    def _defend_item(self, seat: int) -> str | None:
        for i, it in self.rules.items.items():
            if it.action == "defend" and self.hands[seat][i]:
                return i
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Play ``action`` for :attr:`to_move` (checked: :meth:`verify`, with ``player``);
        return the events it caused (also added to :attr:`events`). The effect is the one
        the decision table lists for the action's type at :attr:`step`.

        >>> g = new_game(None, 3, seed=1)
        >>> g.apply(Pass())
        Traceback (most recent call last):
        ...
        sheriff_core.nottingham.errors.WrongDecision: 'pass' is not allowed now: the game waits for the 'reveal' decision of Ann (seat 0), answered by Keep, Use
        """
        self.verify(action, player)
        me = self.to_move
        assert me is not None  # verify refuses every action once the game is over
        self.history.append((me, action))
        events: list[Event] = []
        DECISIONS[self.step].takes[type(action)][1](self, action, events)
        self.events.extend(events)
        return events

    def _give(self, seat: int, item: str, n: int = 1) -> None:
        self.hands[seat][item] += n

    def _take(self, seat: int, item: str, n: int = 1) -> None:
        self.hands[seat][item] -= n

    def _set(self, step: Decision, pending: Pending = _NONE) -> None:
        self.step, self.pending = step, pending

    def _to_score(self) -> None:
        self._set(Decision.SCORE)

    def _do_keep(self, action: Action, ev: list[Event]) -> None:
        me, card = self.active, self.revealed
        assert card is not None
        self._give(me, card)
        self.revealed = None
        ev.append(Event("keep", me, card))
        return self._to_score()

    def _do_use(self, action: Use, ev: list[Event]) -> None:
        me, card = self.active, self.revealed
        assert card is not None
        kind = self.rules.items[card].action
        ev.append(Event("use", me, card, action.target, note=kind))
        if kind in ("purchase", "trade"):
            return self._start_offers(ev)
        if kind == "ambush":
            k = min(self.rules.ambush_draw, len(self.ambush_pile))
            drawn, self.ambush_pile = self.ambush_pile[:k], self.ambush_pile[k:]
            if all(c == self.colour(me) for c in drawn):
                self.ambush_pile.extend(drawn)
                self._give(me, card)
                self.revealed = None
                ev.append(Event("ambush_fizzles", me, card, note="only your own colour drawn"))
                return self._to_score()
            return self._set(Decision.AMBUSH_CARD, AmbushDraw(tuple(drawn)))
        target = action.target
        assert target is not None
        if kind in self.rules.defend_cancels and self._defend_item(target) is not None:
            return self._set(Decision.DEFEND, Target(target))
        return self._attack(target, ev)

    def _attack(self, target: int, ev: list[Event]) -> None:
        me, card = self.active, self.revealed
        assert card is not None
        kind = self.rules.items[card].action
        if kind == "steal":
            cards = self.hand_list(target)
            got = cards[int(self.rng.integers(len(cards)))]
            self._take(target, got)
            self._give(me, got)
            self._give(target, card)
            self.revealed = None
            ev.append(Event("steal", me, got, target))
            ev.append(Event("compensated", target, card))
            return self._to_score()
        if kind == "hold_up":
            ev.append(Event("show_hand", target, note=", ".join(self.hand_list(target))))
        return self._set(Decision.TAKE, Target(target))

    def _do_allow(self, action: Action, ev: list[Event]) -> None:
        target = self._due(Target).target
        ev.append(Event("allow", target))
        return self._attack(target, ev)

    def _do_defend(self, action: Action, ev: list[Event]) -> None:
        target = self._due(Target).target
        me, card = self.active, self.revealed
        assert card is not None
        necklace = self._defend_item(target)
        assert necklace is not None
        self._take(target, necklace)
        self._give(me, necklace)
        self._give(target, card)
        self.revealed = None
        ev.append(Event("defend", target, necklace, me, note=f"cancels {card}; cards swapped"))
        return self._to_score()

    def _do_take(self, action: TakeCard, ev: list[Event]) -> None:
        target, me, card = self._due(Target).target, self.active, self.revealed
        assert card is not None
        self._take(target, action.item)
        self._give(me, action.item)
        self._give(target, card)
        self.revealed = None
        ev.append(Event("take", me, action.item, target))
        ev.append(Event("compensated", target, card))
        return self._to_score()

    def _start_offers(self, ev: list[Event]) -> None:
        me, card = self.active, self.revealed
        queue = []
        for s in self.clockwise(me)[1:]:
            hand = self.hands[s]
            if any(hand[i] for i in self.rules.item_names if i != card):
                queue.append(s)
            elif self.hand_size(s):
                ev.append(Event("show_hand", s, note=f"only {card}: no offer"))
            else:
                ev.append(Event("no_offer", s, note="empty hand"))
        if not queue:
            assert card is not None
            self._give(me, card)
            self.revealed = None
            ev.append(Event("keep", me, card, note="nobody could offer"))
            return self._to_score()
        return self._set(Decision.OFFER, OfferRound(tuple(queue)))

    def _do_offer(self, action: Offer, ev: list[Event]) -> None:
        p = self._due(OfferRound)
        seat, queue = p.queue[0], p.queue[1:]
        offers = (*p.offers, (seat, action.items))
        ev.append(Event("offer", seat, "+".join(action.items), count=len(action.items)))
        if queue:
            return self._set(Decision.OFFER, OfferRound(queue, offers))
        return self._set(Decision.ACCEPT, OfferChoice(offers))

    def _do_accept(self, action: Accept, ev: list[Event]) -> None:
        me, card = self.active, self.revealed
        assert card is not None
        offered = self._due(OfferChoice).by_seat()[action.seat]
        for i in offered:
            self._take(action.seat, i)
            self._give(me, i)
        self._give(action.seat, card)
        ev.append(Event("accept", me, "+".join(offered), action.seat, count=len(offered)))
        ev.append(Event("compensated", action.seat, card))
        self.revealed = None
        return self._to_score()

    def _do_decline(self, action: Action, ev: list[Event]) -> None:
        me, card = self.active, self.revealed
        assert card is not None
        self._give(me, card)
        ev.append(Event("decline", me, card, note="keeps the card"))
        self.revealed = None
        return self._to_score()

    def _do_ambush_card(self, action: ChooseAmbush, ev: list[Event]) -> None:
        drawn = list(self._due(AmbushDraw).drawn)
        drawn.remove(action.card)
        self.ambush_pile.extend(drawn)
        assert self.revealed is not None
        self.ambushes.append(Ambush(self.active, action.card, self.revealed))
        ev.append(Event("ambush_set", self.active, self.revealed, note=action.card))
        self.revealed = None
        return self._to_score()

    def _do_pass(self, action: Action, ev: list[Event]) -> None:
        return self._end_turn(False, ev)

    def _do_task(self, action: CompleteTask, ev: list[Event]) -> None:
        me = self.active
        t = self.rules.tasks[action.task]
        for i in action.items:
            self._take(me, i, t.each)
            self.discards.extend([i] * t.each)
        self.tasks[me].append(t.name)
        self.task_takers[t.name].append(me)
        ev.append(Event("task", me, t.name, count=len(self.task_takers[t.name])))
        return self._end_turn(True, ev)

    def _do_lay(self, action: Lay, ev: list[Event]) -> None:
        me = self.active
        self._take(me, action.item, action.count)
        ev.append(Event("lay", me, action.item, count=action.count))
        mine = self.colour(me)
        queue = [
            amb
            for s in self.clockwise(me)[1:]
            for amb in self.ambushes
            if amb.owner == s
            and (amb.card == mine or action.item in self.rules.ambush_items(amb.card))
        ]
        if queue:
            return self._set(Decision.SPRING, SpringQueue(action.item, action.count, tuple(queue)))
        return self._finish_lay(action.item, action.count, ev)

    def _do_spring(self, action: Action, ev: list[Event]) -> None:
        p = self._due(SpringQueue)
        amb, count = p.queue[0], p.count - 1
        self.ambushes.remove(amb)
        self.ambush_pile.append(amb.card)
        self._give(amb.owner, p.item)
        self._give(self.active, amb.gold)
        ev.append(Event("ambush", amb.owner, p.item, self.active, note=amb.card))
        ev.append(Event("compensated", self.active, amb.gold))
        return self._next_ambush(p.item, count, p.queue[1:], ev)

    def _do_hold(self, action: Action, ev: list[Event]) -> None:
        p = self._due(SpringQueue)
        ev.append(Event("hold", p.queue[0].owner, note=p.queue[0].card))
        return self._next_ambush(p.item, p.count, p.queue[1:], ev)

    def _next_ambush(
        self, item: str, count: int, queue: tuple[Ambush, ...], ev: list[Event]
    ) -> None:
        if queue and count > 0:
            return self._set(Decision.SPRING, SpringQueue(item, count, queue))
        return self._finish_lay(item, count, ev)

    def _finish_lay(self, item: str, count: int, ev: list[Event]) -> None:
        me = self.active
        if count >= 3:
            self.scored[me].append(item)
            self.discards.extend([item] * (count - 1))
            ev.append(Event("score", me, item, count=self.rules.items[item].value))
            return self._end_turn(True, ev)
        self._give(me, item, count)
        ev.append(Event("score_cancelled", me, item, count=count, note="fewer than 3 left"))
        return self._end_turn(False, ev)

    def _do_discard(self, action: Discard, ev: list[Event]) -> None:
        queue = self._due(DiscardQueue).queue
        seat = queue[0]
        self._take(seat, action.item)
        self.discards.append(action.item)
        ev.append(Event("discard", seat, action.item))
        if self.hand_size(seat) <= self.hand_limit():
            queue = queue[1:]
        if queue:
            return self._set(Decision.DISCARD, DiscardQueue(queue))
        return self._reveal(ev)

    # ------------------------------------------------------------------ turn flow

    def _reshuffle(self, ev: list[Event]) -> None:
        self.deck = self._shuffled(self.discards)
        self.discards = []
        ev.append(Event("reshuffle", count=len(self.deck)))

    def _draw(self, seat: int, ev: list[Event]) -> None:
        if not self.deck and self.discards:
            self._reshuffle(ev)
        if self.deck:
            card = self.deck.pop()
            self._give(seat, card)
            ev.append(Event("draw", seat, card))
        else:
            ev.append(Event("no_draw", seat, note="draw pile and discards empty"))

    def _start_turn(self, ev: list[Event]) -> None:
        self.turn += 1
        self.turn_revealed = False
        ev.append(Event("turn", self.active, count=self.turn))
        if not self.deck and not self.discards:
            limit = self.hand_limit()
            queue = [s for s in self.clockwise(self.active) if self.hand_size(s) > limit]
            if queue:
                ev.append(Event("hand_limit", count=limit, note="draw pile and discards empty"))
                return self._set(Decision.DISCARD, DiscardQueue(tuple(queue)))
        self._reveal(ev)

    def _reveal(self, ev: list[Event]) -> None:
        if not self.deck and self.discards:
            self._reshuffle(ev)
        if self.deck:
            self.revealed = self.deck.pop()
            self.turn_revealed = True
            ev.append(Event("reveal", self.active, self.revealed))
            self._set(Decision.REVEAL)
        else:
            ev.append(Event("no_reveal", self.active, note="no cards left to reveal"))
            self._to_score()

    def _end_turn(self, scored: bool, ev: list[Event]) -> None:
        if scored:
            self.sheriff = (self.sheriff + 1) % len(self.rules.track)
            ev.append(Event("sheriff", count=self.sheriff))
            if self.sheriff == 0:
                return self._finish("the Sheriff is back in Nottingham", ev)
            limit = self.hand_limit()
            small = [s for s in self.clockwise(self.active) if self.hand_size(s) <= limit]
            for s in small:
                self._draw(s, ev)
        self.idle = 0 if (scored or self.turn_revealed) else self.idle + 1
        if self.idle >= self.rules.stalemate_rounds * self.n:
            return self._finish("stalemate: a round without a card or a score", ev)
        self.active = (self.active + 1) % self.n
        self._start_turn(ev)
        return None

    def _finish(self, reason: str, ev: list[Event]) -> None:
        self._set(Decision.OVER)
        self.end_reason = reason
        ev.append(Event("game_over", note=reason))

    # ------------------------------------------------------------------ JSON

    def to_data(self) -> dict[str, Any]:
        """The save as plain JSON data: rules, names, seed, history, players' generator
        and the state (see :mod:`sheriff_core.nottingham.saves`)."""
        from sheriff_core.nottingham.saves import game_to_data

        return game_to_data(self)

    def to_json(self) -> str:
        """Save the game as JSON text; :meth:`from_json` loads it back identically."""
        from sheriff_core.nottingham.saves import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a game saved by :meth:`to_json`: deal it from the seed and replay its
        history through :meth:`apply`; a bad save raises :class:`~sheriff_core.base.errors.SaveError`.

        >>> g = new_game(None, 5, seed=3)
        >>> Game.from_json(g.to_json()).to_json() == g.to_json()
        True
        """
        from sheriff_core.nottingham.saves import game_from_json

        return game_from_json(text)


# ---------------------------------------------------------------------- the decision table

_Check = Callable[[Game, Any, int], None]
_Do = Callable[[Game, Any, list[Event]], None]


def _active(game: Game) -> int:
    return game.active


def _queue_head(game: Game) -> int:
    p = game.pending
    assert isinstance(p, OfferRound | DiscardQueue)
    return p.queue[0]


def _nobody(game: Game) -> None:
    return None


class DecisionRule(NamedTuple):
    """What a :class:`~sheriff_core.nottingham.steps.Decision` takes: ``asks`` (the
    decision in words), ``takes`` (per action type, in the order error messages list them,
    its check and its effect), ``options`` (what :meth:`Game.legal_actions` lists) and
    ``to_move`` (whose decision it is).

    >>> [cls.__name__ for cls in DECISIONS[Decision.SCORE].takes]
    ['Pass', 'Lay', 'CompleteTask']
    """

    asks: str
    takes: Mapping[type[Action], tuple[_Check, _Do]]
    options: Callable[[Game], Iterator[Action]]
    to_move: Callable[[Game], int | None]


_ANY = Game._check_nothing

#: The decision table: per :class:`~sheriff_core.nottingham.steps.Decision`, the actions it
#: takes, each with its check and its effect, what it lists as legal and whose it is.
DECISIONS: Mapping[Decision, DecisionRule] = MappingProxyType(
    {
        Decision.REVEAL: DecisionRule(
            "keep the revealed card or use its action",
            {Keep: (_ANY, Game._do_keep), Use: (Game._check_use, Game._do_use)},
            Game._options_reveal,
            _active,
        ),
        Decision.DEFEND: DecisionRule(
            "defend with a Necklace (the two cards swap) or allow the action",
            {Defend: (Game._check_defend, Game._do_defend), Allow: (_ANY, Game._do_allow)},
            Game._options_defend,
            lambda game: game._due(Target).target,
        ),
        Decision.TAKE: DecisionRule(
            "take a card from the target's hand",
            {TakeCard: (Game._check_take, Game._do_take)},
            Game._options_take,
            _active,
        ),
        Decision.OFFER: DecisionRule(
            "offer card(s) face down for the revealed card",
            {Offer: (Game._check_offer, Game._do_offer)},
            Game._options_offer,
            _queue_head,
        ),
        Decision.ACCEPT: DecisionRule(
            "accept one offer or decline them all (and keep the card)",
            {Accept: (Game._check_accept, Game._do_accept), Decline: (_ANY, Game._do_decline)},
            Game._options_accept,
            _active,
        ),
        Decision.AMBUSH_CARD: DecisionRule(
            "keep one of the drawn ambush cards on your Gold",
            {ChooseAmbush: (Game._check_ambush_card, Game._do_ambush_card)},
            Game._options_ambush_card,
            _active,
        ),
        Decision.SCORE: DecisionRule(
            "score (lay 3 or more of one item, or complete a task card) or pass",
            {
                Pass: (_ANY, Game._do_pass),
                Lay: (Game._check_lay, Game._do_lay),
                CompleteTask: (Game._check_task, Game._do_task),
            },
            Game._options_score,
            _active,
        ),
        Decision.SPRING: DecisionRule(
            "spring your ambush on the laid cards or hold it",
            {Spring: (_ANY, Game._do_spring), Hold: (_ANY, Game._do_hold)},
            Game._options_spring,
            lambda game: game._due(SpringQueue).queue[0].owner,
        ),
        Decision.DISCARD: DecisionRule(
            "discard a card down to the hand limit",
            {Discard: (Game._check_discard, Game._do_discard)},
            Game._options_discard,
            _queue_head,
        ),
        Decision.OVER: DecisionRule("nothing: the game is over", {}, Game._options_none, _nobody),
    }
)
