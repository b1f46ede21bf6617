"""Nottingham saves: seed + actions, replayed through the rules on loading.

The same principles as :mod:`sheriff_core.engine.saves`: a save records the
rules (their data), the seed, the players' names and every action
(``history``); loading deals a new game from the seed with
:func:`~sheriff_core.nottingham.game.new_game`, replays every action through
:meth:`Game.apply <sheriff_core.nottingham.game.Game.apply>` (so each is checked
again) and refuses a save whose stored state disagrees with the replay, naming
the first field that differs. Every refusal is a :class:`~sheriff_core.base.errors.SaveError`.
Loading never touches numpy's global generator: the seed only builds the game's own.

Format ``"sheriff_core.nottingham/2"`` (:data:`FORMAT`; version 1 is refused), one
JSON object with, in this order: ``format``; ``rules`` (``Rules.to_data``);
``names`` (by seat); ``seed`` (``{"entropy": ..., "spawn_key": [...]}``, the
game's ``numpy.random.SeedSequence``); ``history`` (``[[seat, action], ...]``,
each action as :func:`~sheriff_core.nottingham.actions.action_to_dict`);
``players_rng`` (the state of the generator bots draw from); then the state
after the history, each field optional but checked when present
(:data:`STATE_FIELDS`: ``rng``, ``deck``, ``discards``, ``hands`` ...).

>>> from sheriff_core import nottingham as nt
>>> g = nt.new_game(None, players=3, seed=4)
>>> _ = g.apply(nt.Keep())
>>> text = g.to_json()
>>> data = json.loads(text)
>>> data["format"], data["seed"], data["history"]
('sheriff_core.nottingham/2', {'entropy': 4, 'spawn_key': []}, [[0, {'type': 'Keep'}]])
>>> nt.Game.from_json(text).to_json() == text
True
>>> data["hands"][1]["Gold"] = -1
>>> nt.Game.from_json(json.dumps(data))
Traceback (most recent call last):
...
sheriff_core.base.errors.SaveError: hands[1].Gold: must be a non-negative integer, not -1
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from sheriff_core.base.errors import RulesError, SaveError, VariantError
from sheriff_core.base.i18n import Names
from sheriff_core.base.save_envelope import (
    MAX_CARDS,
    check_format,
    check_state,
    need_int,
    need_keys,
    need_names,
    need_type,
    parse_save,
    per_seat,
    replay_history,
    rng_from_state,
    seed_from_data,
    seed_to_data,
    short,
)
from sheriff_core.nottingham.steps import Decision

if TYPE_CHECKING:
    from sheriff_core.nottingham.game import Game
    from sheriff_core.nottingham.rules import Rules

__all__ = ["FORMAT", "STATE_FIELDS", "game_to_data", "game_to_json", "game_from_json"]

#: The ``format`` tag of a saved Nottingham game (version 1 held no history).
FORMAT = "sheriff_core.nottingham/2"
#: The state after the history, stored for reading and checked against the replay.
STATE_FIELDS = (
    "rng",
    "deck",
    "discards",
    "hands",
    "scored",
    "tasks",
    "task_takers",
    "ambush_pile",
    "ambushes",
    "sheriff",
    "active",
    "turn",
    "turn_revealed",
    "idle",
    "revealed",
    "decision",
    "pending",
    "end_reason",
)
_HEAD = ("format", "rules", "names", "seed", "history", "players_rng")
_DECISIONS = tuple(Decision)
#: A check of one stored state field: (value, rules, number of players); raises SaveError.
_Checker = Callable[[Any, "Rules", int], object]


def state_data(game: Game) -> dict[str, Any]:
    """The stored state fields of ``game`` (:data:`STATE_FIELDS`)."""
    data: dict[str, Any] = {"rng": game.rng.bit_generator.state}
    for f in STATE_FIELDS[1:]:
        data[f] = getattr(game, f)
    data["decision"] = str(game.step)
    data["pending"] = game.pending.to_dict()
    return data


def game_to_data(game: Game) -> dict[str, Any]:
    """The save as plain JSON data (a fresh copy: changing it does not change the game)."""
    from sheriff_core.nottingham.actions import action_to_dict

    data: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_data(),
        "names": list(game.names),
        "seed": seed_to_data(game.seed),
        "history": [[s, action_to_dict(a)] for s, a in game.history],
        "players_rng": game.players_rng.bit_generator.state,
        **state_data(game),
    }
    return json.loads(json.dumps(data))


def game_to_json(game: Game) -> str:
    """The save as JSON text (key order kept: the rules' item order is the game's)."""
    return json.dumps(game_to_data(game), separators=(",", ":"))


def _items(value: Any, where: str, items: Mapping[str, Any]) -> None:
    for i, card in enumerate(need_type(value, list, where)):
        if not isinstance(card, str) or card not in items:
            raise SaveError(
                "{where}[{i}]: unknown item {short}", where=where, i=i, short=short(card)
            )


def _hands(value: Any, rules: Rules, n: int) -> None:
    for seat, hand in enumerate(per_seat(value, "hands", n)):
        need_type(hand, dict, f"hands[{seat}]")
        for item, count in hand.items():
            if item not in rules.items:
                raise SaveError("hands[{seat}]: unknown item {short}", seat=seat, short=short(item))
            need_int(count, f"hands[{seat}].{item}")


def _scored(value: Any, rules: Rules, n: int) -> None:
    for seat, cards in enumerate(per_seat(value, "scored", n)):
        _items(cards, f"scored[{seat}]", rules.items)


def _tasks(value: Any, rules: Rules, n: int) -> None:
    for seat, tasks in enumerate(per_seat(value, "tasks", n)):
        for i, t in enumerate(need_type(tasks, list, f"tasks[{seat}]")):
            if not isinstance(t, str) or t not in rules.tasks:
                raise SaveError(
                    "tasks[{seat}][{i}]: unknown task {short}", seat=seat, i=i, short=short(t)
                )


def _task_takers(value: Any, rules: Rules, n: int) -> None:
    for t, seats in need_type(value, dict, "task_takers").items():
        for i, s in enumerate(need_type(seats, list, f"task_takers.{t}")):
            need_int(s, f"task_takers.{t}[{i}]", 0, n - 1)


def _ambush_pile(value: Any, rules: Rules, n: int) -> None:
    for i, c in enumerate(need_type(value, list, "ambush_pile")):
        need_type(c, str, f"ambush_pile[{i}]")


def _text_or_none(name: str) -> _Checker:
    def check(value: Any, rules: Rules, n: int) -> None:
        if value is not None:
            need_type(value, str, name)

    return check


def _decision(value: Any, rules: Rules, n: int) -> None:
    if value not in _DECISIONS:
        raise SaveError(
            "decision: must be one of {DECISIONS}, not {short}",
            DECISIONS=Names(_DECISIONS),
            short=short(value),
        )


#: The type check of each stored state field, in the order they are checked (the replay
#: then checks the values). A checker's result, if any, is not used.
_STATE_TYPES: dict[str, _Checker] = {
    "rng": lambda v, rules, n: rng_from_state(v, "rng"),
    "deck": lambda v, rules, n: _items(v, "deck", rules.items),
    "discards": lambda v, rules, n: _items(v, "discards", rules.items),
    "hands": _hands,
    "scored": _scored,
    "tasks": _tasks,
    "task_takers": _task_takers,
    "ambush_pile": _ambush_pile,
    "ambushes": lambda v, rules, n: need_type(v, list, "ambushes"),
    "sheriff": lambda v, rules, n: need_int(v, "sheriff", 0, len(rules.track) - 1),
    "active": lambda v, rules, n: need_int(v, "active", 0, n - 1),
    "turn": lambda v, rules, n: need_int(v, "turn"),
    "idle": lambda v, rules, n: need_int(v, "idle"),
    "turn_revealed": lambda v, rules, n: need_type(v, bool, "turn_revealed"),
    "revealed": _text_or_none("revealed"),
    "end_reason": _text_or_none("end_reason"),
    "decision": _decision,
    "pending": lambda v, rules, n: need_type(v, dict, "pending"),
}


def _check_state_types(d: Mapping[str, Any], rules: Rules, n: int) -> None:
    for name, check in _STATE_TYPES.items():
        if name in d:
            check(d[name], rules, n)


def game_from_json(text: Any) -> Game:
    """Load a save made by :func:`game_to_json`: deal from the seed, replay, check.

    >>> game_from_json('{"format": "sheriff_core.nottingham/1"}')
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.SaveError: format: version "sheriff_core.nottingham/1" is not supported; this version of sheriff_core reads Nottingham saves of format 'sheriff_core.nottingham/2' only
    """
    from sheriff_core.nottingham.actions import action_from_dict, action_types
    from sheriff_core.nottingham.game import new_game
    from sheriff_core.nottingham.rules import Rules

    d = parse_save(text)
    check_format(d, FORMAT, "Nottingham")
    need_keys(d, "", _HEAD + STATE_FIELDS, _HEAD)
    need_type(d["rules"], dict, "rules")
    try:
        rules = Rules.from_data(d["rules"], "<saved game>")
    except VariantError as exc:
        raise SaveError("rules: the saved rules data is invalid: {exc}", exc=exc) from exc
    except (TypeError, AttributeError, KeyError) as exc:
        raise SaveError("rules: the saved rules data is malformed ({exc!r})", exc=exc) from exc
    names = need_names(d["names"], "names")
    try:
        rules.check_players(len(names))
    except RulesError as exc:
        raise SaveError(
            "names: {removeprefix}", removeprefix=str(exc).removeprefix("players: ")
        ) from None
    n = len(names)
    seed = seed_from_data(d["seed"])
    players_rng = rng_from_state(d["players_rng"], "players_rng")
    history = need_type(d["history"], list, "history")
    _check_state_types(d, rules, n)
    cards = sum(item.count for item in rules.items.values())
    if cards > MAX_CARDS:
        raise SaveError(
            "rules: a deck of {cards:,} cards is over the limit of {MAX_CARDS:,}",
            cards=cards,
            MAX_CARDS=MAX_CARDS,
        )
    try:
        game = new_game(rules, names, seed=seed)
    except (ValueError, IndexError, KeyError, TypeError) as exc:
        raise SaveError("rules: cannot deal a game with the saved rules ({exc})", exc=exc) from None
    replay_history(game, history, n, action_from_dict, action_types())
    game.players_rng = players_rng
    if any(f in d for f in STATE_FIELDS):
        replay = json.loads(json.dumps(state_data(game)))
        check_state(d, replay, STATE_FIELDS)
    return game
