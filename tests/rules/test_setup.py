"""Setup (docs/rules.md SET-*, 2E-SET-*, DIS-SET-*, DEP-SET-*): players, gold, hands, discard
piles, the first Sheriff, the cards removed for a player count, the Deputies' deck.

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from scenarios import deputies_round, fresh

import sheriff_core as sc


def test_setup_gold_hands_piles_and_first_sheriff():
    g = sc.new_game("classic", players=5, seed=2, first_sheriff=3)
    assert g.gold == [50] * 5
    assert [len(h) for h in g.hands] == [6] * 5
    assert [len(p) for p in g.piles] == [5, 5]
    assert len(g.deck) == 204 - 30 - 10
    assert g.sheriff == 3 and g.to_move == 4  # market starts at the Sheriff's left


def test_bad_setup_arguments():
    with pytest.raises(sc.RulesError, match="3-5 players, not 2"):
        sc.new_game("classic", players=2)
    with pytest.raises(sc.RulesError, match="first_sheriff must be a seat 0-3"):
        sc.new_game("classic", players=4, first_sheriff=4)
    with pytest.raises(sc.RulesError, match="distinct"):
        sc.new_game("classic", players=["Ann", "Ann", "Ben"])


@pytest.mark.rules("SET-1")
def test_three_to_five_players():
    for n in (3, 4, 5):
        assert fresh(players=n).n == n
    for n in (2, 6):
        with pytest.raises(sc.RulesError, match=f"3-5 players, not {n}"):
            fresh(players=n)


@pytest.mark.rules("SET-2")
def test_everyone_starts_with_50_gold():
    for n in (3, 4, 5):
        assert fresh(players=n).gold == [50] * n


@pytest.mark.rules("SET-5")
def test_six_cards_each_from_one_seeded_shuffle_rest_is_the_draw_pile():
    state = np.random.get_state()[1].copy()
    g = fresh(players=5, seed=3)
    assert [len(h) for h in g.hands] == [6] * 5
    every = g.deck + [c for p in g.piles for c in p] + [c for h in g.hands for c in h]
    assert Counter(every) == Counter(sc.build_deck(g.variant, 5))
    assert fresh(players=5, seed=3).hands == g.hands and fresh(players=5, seed=4).hands != g.hands
    assert (np.random.get_state()[1] == state).all()  # numpy's global generator untouched


@pytest.mark.rules("SET-6")
def test_two_discard_piles_of_five_face_up_cards_from_the_draw_pile():
    g = fresh(players=4, seed=1)
    assert [len(p) for p in g.piles] == [5, 5]
    assert len(g.deck) == 204 - 24 - 10
    setup = next(e for e in g.events if e.kind == "setup")
    assert setup.info["piles"] == g.piles  # public: everybody sees both piles


@pytest.mark.rules("SET-7")
def test_the_caller_names_the_first_sheriff_default_seat_0():
    assert fresh().sheriff == 0
    g = fresh(players=5, first_sheriff=3)
    assert g.sheriff == 3 and g.to_move == 4
    with pytest.raises(sc.RulesError, match="first_sheriff must be a seat 0-4, not 5"):
        fresh(players=5, first_sheriff=5)


@pytest.mark.rules("2E-SET-2")
def test_second_edition_three_players_remove_bread_and_the_classic_contraband():
    deck = Counter(sc.build_deck(sc.load_variant("second-edition"), 3))
    assert deck["Bread"] == 0
    assert (deck["Pepper"], deck["Mead"], deck["Silk"], deck["Crossbow"]) == (18, 16, 9, 5)
    assert sum(deck.values()) == 204 - 36 - 12
    assert Counter(sc.build_deck(sc.load_variant("second-edition"), 4))["Bread"] == 36


@pytest.mark.rules("DIS-SET-4")
def test_disney_deals_no_discard_piles_and_has_one():
    g = fresh("disney", players=4)
    assert g.piles == [[]]
    assert len(g.deck) == len(sc.build_deck(g.variant, 4)) - 24


@pytest.mark.rules("DEP-SET-1", "DEP-DECK-1", "DEP-DECK-2")
def test_deputies_two_per_round_four_merchants_nine_rounds():
    g = deputies_round()
    assert len(g.sheriffs) == 2 and len(g.merchants) == 4
    assert set(g.sheriffs).isdisjoint(g.merchants)
    assert g.rounds == 9


@pytest.mark.parametrize("names", [["Ann", ["Ben"], "Cat"], ["Ann", {"x": 1}, "Cat"]])
def test_a_player_name_that_is_not_a_string_is_a_rules_error_in_both_games(names):
    """Checked before the names are compared (a set of them): a list or table among the
    names was a TypeError ('unhashable type'), not the rule broken."""
    from sheriff_core import nottingham as nt

    with pytest.raises(sc.RulesError, match="player names must be distinct non-empty strings"):
        sc.new_game("classic", players=names)
    with pytest.raises(nt.NottinghamRulesError, match="names must be distinct non-empty strings"):
        nt.new_game(players=names)
