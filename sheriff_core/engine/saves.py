"""Trustworthy saves: a loaded game is always a game that could have been played.

A save records how the game was made (variant, seed, players, first Sheriff) and
every action taken (``history``). Loading deals a new game with
:func:`~sheriff_core.engine.game.new_game` from the seed and replays the actions
through :meth:`Game.apply <sheriff_core.engine.game.Game.apply>`, so every action
is checked again by the rules. The state after the history is stored too, for
people reading the file and as a check: a save whose stored state disagrees with
the replay is refused, naming the first field that differs. Every refusal is a
:class:`~sheriff_core.base.errors.SaveError` (a ``ValueError``) naming the field.

Format version 2 (:data:`FORMAT`) is one JSON object with these fields, in this order:

==================  ==============================================================
field               meaning
==================  ==============================================================
``format``          the format version, the integer 2 (version 1 is refused)
``rules_version``   the version of the rules that played it (:data:`RULES_VERSION`;
                    optional: saves before issue 30 have none). A save of another
                    version still loads if its replay agrees; if not, the refusal
                    names both versions
``variant``         the variant's data (``Variant.to_data``), checked by the loader
``variant_source``  where the variant came from (a file path or ``"<data>"``)
``seed``            ``{"entropy": int or [int, ...], "spawn_key": [int, ...]}``:
                    the game's ``numpy.random.SeedSequence`` (``game.seed``)
``players``         the players' names by seat
``first_sheriff``   the seat of the first Sheriff
``history``         ``[[seat, action], ...]``, each action as ``Action.to_dict``
``players_rng``     the state of the players' generator (``game.players_rng``,
                    what bots draw from), restored so a bot game goes on as before
``rng`` ...         then the state after the history (:data:`STATE_FIELDS`:
                    the rules' generator, ``round``, ``sheriff``, ``phase``,
                    ``deck``, ``piles``, ``hands``, ``stands``, ``gold`` ...).
                    Each is optional; one that is present must equal the replay's.
==================  ==============================================================

Before parsing, the text is bounded: at most :data:`MAX_BYTES` characters and
:data:`MAX_DEPTH` levels of ``[``/``{`` nesting (a bracket scan outside strings).

>>> import sheriff_core as sc
>>> g = sc.new_game("classic", players=3, seed=5)
>>> _ = g.apply(sc.Market())
>>> text = game_to_json(g)
>>> game_from_json(text).to_json() == text
True
>>> data = json.loads(text)
>>> data["format"], data["seed"], data["history"]
(2, {'entropy': 5, 'spawn_key': []}, [[1, {'type': 'Market', 'set_aside': [], 'take': [], 'pile': 0}]])
>>> data["gold"][0] = 7
>>> game_from_json(json.dumps(data))
Traceback (most recent call last):
...
sheriff_core.base.errors.SaveError: gold[0]: the saved state (7) disagrees with the replay of the history (50)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from sheriff_core.base.errors import RulesError, SaveError, VariantError
from sheriff_core.base.i18n import N_, Names

# The envelope both games share lives in the base layer; its names stay importable here.
from sheriff_core.base.save_envelope import (
    MAX_BYTES,
    MAX_CARDS,
    MAX_DEPTH,
    MAX_PLAYERS,
    MAX_SEED_INT,
    MAX_SEED_ITEMS,
    check_format,
    check_state,
    clip,
    first_difference,
    is_int,
    need_int,
    need_keys,
    need_names,
    need_type,
    nesting_depth,
    parse_save,
    per_seat,
    read_action,
    register_record,
    replay_history,
    rng_from_state,
    seed_from_data,
    seed_sequence,
    seed_to_data,
    short,
)
from sheriff_core.engine.state import GAME_STATE, Saved
from sheriff_core.engine.steps import Phase

if TYPE_CHECKING:
    from sheriff_core.engine.game import Game
    from sheriff_core.rules.variants import Variant

__all__ = [
    "FORMAT",
    "RULES_VERSION",
    "STATE_CHECKS",
    "STATE_FIELDS",
    "game_to_json",
    "game_from_json",
    "state_data",
    # the shared envelope (sheriff_core.base.save_envelope), re-exported
    "MAX_BYTES",
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_PLAYERS",
    "MAX_SEED_INT",
    "MAX_SEED_ITEMS",
    "check_format",
    "check_state",
    "clip",
    "first_difference",
    "is_int",
    "need_int",
    "need_keys",
    "need_names",
    "need_type",
    "nesting_depth",
    "parse_save",
    "per_seat",
    "read_action",
    "register_record",
    "replay_history",
    "rng_from_state",
    "seed_from_data",
    "seed_sequence",
    "seed_to_data",
    "short",
]

#: The save format version written by :func:`game_to_json` (version 1 had no history replay).
FORMAT = 2
#: The version of the rules' outputs: bumped whenever a deliberate change of the rules
#: changes what games produce, with the reference digests of
#: ``tests/engine/test_reference_outputs.py`` (which name the version they were made
#: with). ``simulate``'s frames carry it in ``df.attrs["rules_version"]``.
RULES_VERSION = 1
#: The state after the history, stored for reading and checked against the replay: the
#: saved fields of :data:`~sheriff_core.engine.state.GAME_STATE`, in its order.
STATE_FIELDS = tuple(f.name for f in GAME_STATE if f.saved is not None)
_SAVED = tuple((f.name, f.saved) for f in GAME_STATE if f.saved is not None)
_HEAD = (
    "format",
    "rules_version",
    "variant",
    "variant_source",
    "seed",
    "players",
    "first_sheriff",
    "history",
    "players_rng",
)
_REQUIRED = ("format", "variant", "seed", "players", "first_sheriff", "history", "players_rng")
_PHASES = tuple(Phase)


def state_data(game: Game) -> dict[str, Any]:
    """The stored state fields (:data:`STATE_FIELDS`) of ``game``, as JSON-ready data,
    each written as :data:`~sheriff_core.engine.state.GAME_STATE` declares."""
    values = game.__dict__
    out: dict[str, Any] = {}
    for name, how in _SAVED:
        value = values[name]
        if how is Saved.VALUE:
            out[name] = value
        elif how is Saved.GENERATOR:
            out[name] = value.bit_generator.state
        elif how is Saved.RECORD:
            out[name] = value.to_dict() if value is not None else None
        elif how is Saved.RECORDS:
            out[name] = [r.to_dict() for r in value]
        elif how is Saved.SEAT_KEYS:
            out[name] = {str(k): v for k, v in value.items()}
        else:  # Saved.SEAT_KEYS_LISTS
            out[name] = {str(k): list(v) for k, v in value.items()}
    return out


# Variants are immutable: their saved JSON, and the Variant built from saved data, are
# made once (bounded caches; an identity check guards against reused ids).
_VARIANT_TEXT: dict[int, tuple[Variant, str]] = {}


def _variant_text(variant: Variant) -> str:
    hit = _VARIANT_TEXT.get(id(variant))
    if hit is None or hit[0] is not variant:
        if len(_VARIANT_TEXT) > 64:
            _VARIANT_TEXT.clear()
        text = json.dumps(variant.to_data(), separators=(",", ":"))
        hit = _VARIANT_TEXT[id(variant)] = (variant, text)
    return hit[1]


# Actions are immutable, hashable values: each one's JSON text is made once (bounded).
_ACTION_TEXT: dict[Any, str] = {}


def _action_text(action: Any) -> str:
    text = _ACTION_TEXT.get(action)
    if text is None:
        if len(_ACTION_TEXT) > 50_000:
            _ACTION_TEXT.clear()
        text = _ACTION_TEXT[action] = json.dumps(action.to_dict(), separators=(",", ":"))
    return text


def game_to_json(game: Game) -> str:
    """Save a game (format :data:`FORMAT`); :func:`game_from_json` replays it back."""
    data: dict[str, Any] = {
        "variant_source": game.variant.source,
        "seed": seed_to_data(game.seed),
        "players": list(game.players),
        "first_sheriff": game.first_sheriff,
        "players_rng": game.players_rng.bit_generator.state,
        **state_data(game),
    }
    # The variant's and the actions' texts are cached; spliced in, they read exactly as
    # json.dumps would write them.
    history = ",".join(f"[{s},{_action_text(a)}]" for s, a in game.history)
    head = (
        f'{{"format":{FORMAT},"rules_version":{RULES_VERSION},'
        f'"variant":{_variant_text(game.variant)},"history":[{history}],'
    )
    return head + json.dumps(data, separators=(",", ":"))[1:]


def _cards(value: Any, where: str, goods: Mapping[str, Any]) -> None:
    need_type(value, list, where)
    for i, card in enumerate(value):
        if not isinstance(card, str):
            raise SaveError(
                "{where}[{i}]: must be a card name, not {short}",
                where=where,
                i=i,
                short=short(card),
            )
        if card not in goods:
            raise SaveError(
                "{where}[{i}]: unknown card {short} in this variant",
                where=where,
                i=i,
                short=short(card),
            )


class _Table(NamedTuple):
    """What the checks of a saved state know of the game: the variant and its goods,
    the number of players and of rounds."""

    variant: Variant
    goods: Mapping[str, Any]
    n: int
    rounds: int


def _check_piles(x: Any, w: str, t: _Table) -> None:
    piles = need_type(x, list, w)
    if len(piles) != t.variant.discard_piles:
        raise SaveError(
            "{w}: this variant has {discard_piles} piles, not {n_piles}",
            w=w,
            discard_piles=t.variant.discard_piles,
            n_piles=len(piles),
        )
    for i, p in enumerate(piles):
        _cards(p, f"{w}[{i}]", t.goods)


def _check_by_seat(x: Any, w: str, t: _Table, each: Callable[[Any, str], object]) -> None:
    for k, value in need_type(x, dict, w).items():
        if not (k.isascii() and k.isdigit() and len(k) < 4) or int(k) > t.n - 1:
            raise SaveError(
                "{w}: key {short} is not a seat 0-{value}", w=w, short=short(k), value=t.n - 1
            )
        each(value, f"{w}.{k}")


def _each_seat(x: Any, w: str, t: _Table, each: Callable[[Any, str], object]) -> None:
    for i, value in enumerate(per_seat(x, w, t.n)):
        each(value, f"{w}[{i}]")


def _check_phase(x: Any, w: str, t: _Table) -> None:
    if x not in _PHASES:
        raise SaveError(
            "{w}: must be one of {PHASES}, not {short}", w=w, PHASES=Names(_PHASES), short=short(x)
        )


def _counts(value: Any, where: str) -> None:
    for k, c in need_type(value, dict, where).items():
        need_int(c, f"{where}.{k}")


#: The checks a loaded save's state fields get before the replay, by the name
#: :data:`~sheriff_core.engine.state.GAME_STATE` gives each field: types and ranges, so
#: an error names the field plainly (the replay then checks every value).
STATE_CHECKS: dict[str, Callable[[Any, str, _Table], object]] = {
    "rng": lambda x, w, t: rng_from_state(x, w),
    "round": lambda x, w, t: need_int(x, w, 0, t.rounds - 1),
    "seat": lambda x, w, t: need_int(x, w, 0, t.n - 1),
    "count": lambda x, w, t: need_int(x, w),
    "phase": _check_phase,
    "cards": lambda x, w, t: _cards(x, w, t.goods),
    "piles": _check_piles,
    "cards_per_seat": lambda x, w, t: _each_seat(x, w, t, lambda v, at: _cards(v, at, t.goods)),
    "counts_per_seat": lambda x, w, t: _each_seat(x, w, t, need_int),
    "token_counts_per_seat": lambda x, w, t: _each_seat(x, w, t, _counts),
    "token_counts": lambda x, w, t: _counts(x, w),
    "seats": lambda x, w, t: [
        need_int(s, f"{w}[{i}]", 0, t.n - 1) for i, s in enumerate(need_type(x, list, w))
    ],
    "cards_by_seat": lambda x, w, t: _check_by_seat(
        x, w, t, lambda v, where: _cards(v, where, t.goods)
    ),
    "by_seat": lambda x, w, t: _check_by_seat(x, w, t, lambda v, where: need_type(v, list, where)),
    "record": lambda x, w, t: x is None or need_type(x, dict, w),
    "mapping": lambda x, w, t: need_type(x, dict, w),
    "list": lambda x, w, t: need_type(x, list, w),
}
_CHECKED = tuple((f.name, STATE_CHECKS[f.check]) for f in GAME_STATE if f.check is not None)


def _check_state_types(d: Mapping[str, Any], v: Variant, n: int) -> None:
    """Type and range checks of the stored state (:data:`STATE_CHECKS`, as each field of
    :data:`~sheriff_core.engine.state.GAME_STATE` names), in the fields' order."""
    table = _Table(v, v.goods, n, v.rounds(n))
    for name, check in _CHECKED:
        if name in d:
            check(d[name], name, table)


def game_from_json(text: Any) -> Game:
    """Load a save made by :func:`game_to_json`: deal from the seed, replay the history
    through ``apply`` and check the stored state; raise :class:`SaveError` if anything is off.

    >>> game_from_json('{"format": 1}')
    Traceback (most recent call last):
    ...
    sheriff_core.base.errors.SaveError: format: version 1 is not supported; this version of sheriff_core reads Sheriff of Nottingham saves of format 2 only
    """
    from sheriff_core.engine.actions import ACTION_TYPES, Promise, action_from_dict
    from sheriff_core.engine.game import new_game
    from sheriff_core.rules.variants import Variant

    register_record("Promise", Promise)
    d = parse_save(text)
    check_format(d, FORMAT, N_("Sheriff of Nottingham"))
    need_keys(d, "", _HEAD + STATE_FIELDS, _REQUIRED)
    need_type(d["variant"], dict, "variant")
    source = d.get("variant_source", "<save>")
    need_type(source, str, "variant_source")
    try:  # the loader checks its own limits (players, counts, deck) before building
        variant = Variant.from_data(d["variant"], source)
    except VariantError as exc:
        raise SaveError("variant: the saved variant data is invalid: {exc}", exc=exc) from exc
    except (TypeError, AttributeError, KeyError) as exc:  # malformed data the loader did not name
        raise SaveError("variant: the saved variant data is malformed ({exc!r})", exc=exc) from exc
    names = need_names(d["players"], "players")
    try:
        variant.check_players(len(names))
    except RulesError as exc:
        raise SaveError("players: {exc}", exc=exc) from None
    n = len(names)
    first = need_int(d["first_sheriff"], "first_sheriff", 0, n - 1)
    seed = seed_from_data(d["seed"])
    players_rng = rng_from_state(d["players_rng"], "players_rng")
    history = need_type(d["history"], list, "history")
    _check_state_types(d, variant, n)
    try:
        game = new_game(variant, names, seed=seed, first_sheriff=first)
    except (ValueError, IndexError, KeyError, TypeError) as exc:
        raise SaveError(
            "variant: cannot deal a game with the saved variant ({exc})", exc=exc
        ) from None
    rules = need_int(d["rules_version"], "rules_version", 1) if "rules_version" in d else None
    try:
        replay_history(game, history, n, action_from_dict, ACTION_TYPES)
        game.players_rng = players_rng
        if any(f in d for f in STATE_FIELDS):
            replay = json.loads(json.dumps(state_data(game)))
            check_state(d, replay, STATE_FIELDS)
    except SaveError as exc:
        if rules is None or rules == RULES_VERSION:
            raise
        raise SaveError(
            "{exc} (the save was made under rules version {rules}; this sheriff_core plays rules version {RULES_VERSION})",
            exc=exc,
            rules=rules,
            RULES_VERSION=RULES_VERSION,
        ) from None
    return game
