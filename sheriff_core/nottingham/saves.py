"""Nottingham saves: seed + actions, replayed through the rules on loading.

The same principles as :mod:`sheriff_core.engine.saves`: a save records the
rules (their data), the seed, the players' names and every action
(``history``); loading deals a new game from the seed with
:func:`~sheriff_core.nottingham.game.new_game`, replays every action through
:meth:`Game.apply <sheriff_core.nottingham.game.Game.apply>` (so each is checked
again) and refuses a save whose stored state disagrees with the replay, naming
the first field that differs. Every refusal is a :class:`~sheriff_core.errors.SaveError`.
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
sheriff_core.errors.SaveError: hands[1].Gold: must be a non-negative integer, not -1
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sheriff_core.errors import RulesError, SaveError, VariantError
from sheriff_core.save_envelope import (
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
_DECISIONS = (
    "reveal",
    "defend",
    "take",
    "offer",
    "accept",
    "ambush_card",
    "score",
    "spring",
    "discard",
    "over",
)


def state_data(game: Game) -> dict[str, Any]:
    """The stored state fields of ``game`` (:data:`STATE_FIELDS`)."""
    data: dict[str, Any] = {"rng": game.rng.bit_generator.state}
    for f in STATE_FIELDS[1:]:
        data[f] = getattr(game, f)
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
            raise SaveError(f"{where}[{i}]: unknown item {short(card)}")


def _check_state_types(d: Mapping[str, Any], rules: Rules, n: int) -> None:
    items = rules.items
    if "rng" in d:
        rng_from_state(d["rng"], "rng")
    for name in ("deck", "discards"):
        if name in d:
            _items(d[name], name, items)
    if "hands" in d:
        for seat, hand in enumerate(per_seat(d["hands"], "hands", n)):
            need_type(hand, dict, f"hands[{seat}]")
            for item, count in hand.items():
                if item not in items:
                    raise SaveError(f"hands[{seat}]: unknown item {short(item)}")
                need_int(count, f"hands[{seat}].{item}")
    if "scored" in d:
        for seat, cards in enumerate(per_seat(d["scored"], "scored", n)):
            _items(cards, f"scored[{seat}]", items)
    if "tasks" in d:
        for seat, tasks in enumerate(per_seat(d["tasks"], "tasks", n)):
            for i, t in enumerate(need_type(tasks, list, f"tasks[{seat}]")):
                if not isinstance(t, str) or t not in rules.tasks:
                    raise SaveError(f"tasks[{seat}][{i}]: unknown task {short(t)}")
    if "task_takers" in d:
        for t, seats in need_type(d["task_takers"], dict, "task_takers").items():
            for i, s in enumerate(need_type(seats, list, f"task_takers.{t}")):
                need_int(s, f"task_takers.{t}[{i}]", 0, n - 1)
    if "ambush_pile" in d:
        for i, c in enumerate(need_type(d["ambush_pile"], list, "ambush_pile")):
            need_type(c, str, f"ambush_pile[{i}]")
    if "ambushes" in d:
        need_type(d["ambushes"], list, "ambushes")
    if "sheriff" in d:
        need_int(d["sheriff"], "sheriff", 0, len(rules.track) - 1)
    if "active" in d:
        need_int(d["active"], "active", 0, n - 1)
    for name in ("turn", "idle"):
        if name in d:
            need_int(d[name], name)
    if "turn_revealed" in d:
        need_type(d["turn_revealed"], bool, "turn_revealed")
    for name in ("revealed", "end_reason"):
        if name in d and d[name] is not None:
            need_type(d[name], str, name)
    if "decision" in d and d["decision"] not in _DECISIONS:
        raise SaveError(
            f"decision: must be one of {', '.join(_DECISIONS)}, not {short(d['decision'])}"
        )
    if "pending" in d:
        need_type(d["pending"], dict, "pending")


def game_from_json(text: Any) -> Game:
    """Load a save made by :func:`game_to_json`: deal from the seed, replay, check.

    >>> game_from_json('{"format": "sheriff_core.nottingham/1"}')
    Traceback (most recent call last):
    ...
    sheriff_core.errors.SaveError: format: version "sheriff_core.nottingham/1" is not supported; this version of sheriff_core reads Nottingham saves of format 'sheriff_core.nottingham/2' only
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
        raise SaveError(f"rules: the saved rules data is invalid: {exc}") from exc
    except (TypeError, AttributeError, KeyError) as exc:
        raise SaveError(f"rules: the saved rules data is malformed ({exc!r})") from exc
    names = need_names(d["names"], "names")
    try:
        rules.check_players(len(names))
    except RulesError as exc:
        raise SaveError(f"names: {str(exc).removeprefix('players: ')}") from None
    n = len(names)
    seed = seed_from_data(d["seed"])
    players_rng = rng_from_state(d["players_rng"], "players_rng")
    history = need_type(d["history"], list, "history")
    _check_state_types(d, rules, n)
    cards = sum(item.count for item in rules.items.values())
    if cards > MAX_CARDS:
        raise SaveError(f"rules: a deck of {cards:,} cards is over the limit of {MAX_CARDS:,}")
    try:
        game = new_game(rules, names, seed=seed)
    except (ValueError, IndexError, KeyError, TypeError) as exc:
        raise SaveError(f"rules: cannot deal a game with the saved rules ({exc})") from None
    replay_history(game, history, n, action_from_dict, action_types())
    game.players_rng = players_rng
    if any(f in d for f in STATE_FIELDS):
        replay = json.loads(json.dumps(state_data(game)))
        check_state(d, replay, STATE_FIELDS)
    return game
