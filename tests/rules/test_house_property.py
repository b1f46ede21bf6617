"""House rules drawn from the registry of rule fields (hypothesis), played to the end.

Each example takes a bundled variant, changes one to three of its rule fields
(``sheriff_core.rules.fields``: every field, those no bundled variant changes and those
the variant does not use included) to values within the field's declared bounds, builds
the house rule with the loader, then plays it: a random-bot game to the end through the
checked engine, asserting before every action that the seat to move has a legal action,
and two games of the simulation's bots (``sc.simulate``, the checked engine). Every game
must end with a winner. A field whose change leaves a bot with no legal move, or a seat
with no decision, fails here, whichever variant uses it.

One gap is known and tolerated here, by name: when the cards run out (the draw pile
empty and the discard piles holding only the cards a reshuffle keeps, or the cards all
on stands), a merchant with fewer cards than ``bag_min`` at the load has no legal
action (the rules say nothing about it; docs/rules.md DECK-2 lets a player draw what
there is). Such an example is counted (``-s --hypothesis-show-statistics``: "known gap")
and dropped; ``test_known_gap_a_merchant_out_of_cards_has_no_legal_load`` is a strict
xfail that shows it and starts failing once the engine settles it (then remove the
tolerance). Classic's own bounds reach it: 3 players, each Sheriff 10 times.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, reject, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core.bots import RandomBot, make_player
from sheriff_core.play.driver import drive
from sheriff_core.rules.fields import RuleField, field, instances
from sheriff_core.rules.house import house_rule

VARIANTS = sc.variant_names()
PARENTS = {name: sc.load_variant(name) for name in VARIANTS}
INSTANCES = {name: list(instances(v)) for name, v in PARENTS.items()}
#: Per variant, the registry fields it has places for, and those places.
BY_FIELD = {name: sorted({f.path for f, _, _ in found}) for name, found in INSTANCES.items()}
INSTANCES_OF = {
    (name, kind): [i for i in found if i[0].path == kind]
    for name, found in INSTANCES.items()
    for kind in BY_FIELD[name]
}


def _other(v: sc.Variant, path: str, names: dict[str, Any]) -> int:
    """The value in ``v`` of the field ``path`` that bounds another (``at_least``/``at_most``)."""
    return int(field(path).value(v, **names))


def values(f: RuleField, v: sc.Variant, names: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values of ``f`` within its declared bounds or choices; an int also within the
    parent's value of a field that bounds it, and often near its current value."""
    if f.type == "bool":
        return st.booleans()
    if f.type == "choice":
        return st.sampled_from(tuple(getattr(v, f.choices_from) if f.choices_from else f.choices))
    assert f.bounds is not None
    lo, hi = f.bounds
    if f.at_least is not None:
        lo = max(lo, _other(v, f.at_least, names))
    if f.at_most is not None:
        hi = min(hi, _other(v, f.at_most, names))
    if lo > hi:
        return st.nothing()
    now = f.value(v, **names)
    now = lo if now is None else min(max(int(now), lo), hi)
    return st.one_of(
        st.integers(max(lo, now - 3), min(hi, now + 3)), st.integers(lo, hi), st.just(lo)
    )


@st.composite
def house_rules(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    parent = draw(st.sampled_from(VARIANTS))
    # A registry field first (each as likely: a field of one value is not drowned by the
    # fields of each good and player count), then one of its places in the variant.
    how_many = draw(st.integers(1, 3))
    kinds = draw(st.permutations(BY_FIELD[parent]))[:how_many]
    changes = {}
    for kind in kinds:
        f, path, names = draw(st.sampled_from(INSTANCES_OF[parent, kind]))
        changes[path] = draw(values(f, PARENTS[parent], names))
    return parent, changes


def stuck(game: sc.Game) -> bool:
    """The game is not over and the seat to move has no legal action."""
    return not game.is_over and (game.to_move is None or game.legal_actions().count() == 0)


def known_gap(game: sc.Game) -> bool:
    """Out of cards: a merchant to load holds fewer than ``bag_min`` cards (see above)."""
    seat = game.to_move
    return game.step == "load" and seat is not None and len(game.hands[seat]) < game.variant.bag_min


def play(game: sc.Game, players: list[Any]) -> bool:
    """Play ``game`` to the end with the driver (one player per seat); False if it stops at
    the known gap. Fails if a seat has no decision, a bot raises, or no one wins."""
    drive(game, players, until=stuck, max_actions=200_000)
    if not game.is_over:
        if known_gap(game):
            event("known gap: a merchant out of cards at the load")
            return False
        raise AssertionError(
            f"seat {game.to_move} has no legal action at {game.step} (round {game.round})"
        )
    winners = [e.info["winners"] for e in game.events if e.kind == "game_over"]
    assert winners and winners[-1], "the game ended with no winner"
    return True


#: The bots' line-ups played on each house rule: every merchant and Sheriff of the
#: simulation's defaults and the lab's, the Sheriffs that inspect most and least.
LINEUPS = (
    ("honest", "smuggler", "bluffer", "briber"),
    ("threshold", "always-inspect", "trusting", "bayesian"),
)


def check_house_rule(parent: str, changes: dict[str, Any], seed: int) -> None:
    try:
        v = house_rule(parent, changes)
    except sc.VariantError:
        event("refused by the loader (a rule between fields)")
        assume(False)
        return
    players = v.min_players
    if not play(sc.new_game(v, players=players, seed=seed), [RandomBot(talk=0.3)] * players):
        reject()
    merchants, sheriffs = LINEUPS
    for game_no in range(2):  # two games of the bots, each seat its own merchant and Sheriff
        lineup = [
            make_player(merchants[(s + game_no) % 4], sheriffs[(s + 2 * game_no) % 4])
            for s in range(players)
        ]
        if not play(sc.new_game(v, players=players, seed=seed + game_no), lineup):
            reject()
    event("played to the end")


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(rule=house_rules(), seed=st.integers(0, 2**32 - 1))
def test_house_rules_from_the_registry_play_to_the_end(rule, seed):
    check_house_rule(*rule, seed)


@pytest.mark.slow
@settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(rule=house_rules(), seed=st.integers(0, 2**32 - 1))
def test_many_house_rules_from_the_registry_play_to_the_end(rule, seed):
    check_house_rule(*rule, seed)


def test_every_field_of_every_variant_can_be_drawn():
    """The strategy reaches every field (those no bundled variant changes included)."""
    drawn = {f.path for found in INSTANCES.values() for f, _, _ in found}
    from sheriff_core.rules.fields import FIELDS

    assert drawn == {f.path for f in FIELDS}


@pytest.mark.xfail(
    strict=True,
    reason="engine gap: a merchant with fewer cards than bag_min at the load has no legal "
    "action (the cards ran out); tolerated by name in the property tests above",
)
def test_known_gap_a_merchant_out_of_cards_has_no_legal_load():
    changes = {"setup.discard_piles": 10, "round.reshuffle_keep": 20}
    v = house_rule("classic", {**changes, "round.sheriff_turns_by_players.3": 10})
    game = sc.new_game(v, players=3, seed=0)
    drive(game, [RandomBot()] * 3, until=stuck)
    assert known_gap(game) or game.is_over  # where it stops today: the known gap
    assert game.is_over, f"stuck at {game.step}, round {game.round}"


def test_a_tokens_tie_break_needs_tokens():
    """Found by the property test: classic with the tie-break "most tokens" (and no tokens)
    loaded, and scoring then failed with an EngineBug (KeyError 'tokens') in every game.
    The loader refuses it, naming the rule; a variant with tokens keeps it."""
    with pytest.raises(sc.VariantError, match=r"\[scoring\] tiebreaks: 'tokens' breaks a tie"):
        house_rule("classic", {"scoring.tiebreaks": ("legal_goods", "tokens")})
    disney = house_rule("disney", {"scoring.tiebreaks": ("tokens",)})
    assert disney.tiebreaks == ("tokens",)
    game = sc.new_game(disney, players=3, seed=1)
    assert play(game, [RandomBot()] * 3) and game.is_over
