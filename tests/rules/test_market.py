"""The market (MKT-*, DECK-*, 2E-MKT-*, DIS-MKT-*, DIS-DECK-*): the order of market turns,
setting aside, drawing from the discard piles and the draw pile, reshuffles, the edition's
order of discarding and drawing.

Moved from test_rulebook_scenarios.py, test_rules_traced.py and test_other_variants.py
(issue 15); see tests/README.md for where each rule is tested.
"""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import arrange
from scenarios import fresh, refused

import sheriff_core as sc


def test_little_johns_market():
    """Little John takes the top two cards of the left pile (a Chicken is second),
    one card from the draw pile, then puts his three set-aside cards on the right pile."""
    g = fresh()
    john = g.to_move
    arrange(
        g,
        hands={john: ["Chickens", "Chickens", "Apples", "Pepper", "Bread", "Mead"]},
        piles={
            0: ["Cheese", "Bread", "Silk", "Chickens", "Apples"],  # top is last
            1: ["Mead", "Mead", "Cheese", "Cheese", "Bread"],
        },
        deck=g.deck[:-1] + ["Crossbow"],
    )
    g.apply(sc.Market(set_aside=("Apples", "Bread", "Mead"), take=(0, 0), pile=1))
    assert sorted(g.hands[john]) == sorted(
        ["Chickens", "Chickens", "Pepper", "Apples", "Chickens", "Crossbow"]
    )
    assert g.piles[0] == ["Cheese", "Bread", "Silk"]
    assert g.piles[1][-3:] == ["Apples", "Bread", "Mead"]  # placed in the chosen order


def test_market_rules_are_enforced_and_state_kept():
    g = fresh()
    hand = g.hands[g.to_move]
    refused = [
        (sc.Market(tuple(hand), (), 0), "at most 5 cards"),
        (sc.Market(("Crossbow",) * 2, (), 0), "only cards in your hand"),
        (sc.Market((hand[0],), (0, 0), 0), "1 to draw, not 2"),
        (sc.Market((hand[0],), (), 2), "no discard pile 2"),
    ]
    for action, message in refused:
        before = g.to_json()  # compared after each refusal, never overwritten first
        with pytest.raises(sc.IllegalMarket, match=message):
            g.apply(action)
        assert g.to_json() == before, action
    arrange(g, piles={1: []})
    before = g.to_json()
    with pytest.raises(sc.IllegalMarket, match="pile 1 has no more cards"):
        g.apply(sc.Market((hand[0],), (1,), 0))
    assert g.to_json() == before


def test_market_order_is_clockwise_from_sheriffs_left_and_sheriff_skips():
    g = sc.new_game("classic", players=4, seed=0, first_sheriff=2)
    seen = []
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [3, 0, 1]


@pytest.mark.rules("MKT-1")
def test_market_turns_go_clockwise_from_the_sheriffs_left_and_skip_him():
    g = fresh(players=5, first_sheriff=2)
    seen = []
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [3, 4, 0, 1] and g.step == "load"


@pytest.mark.rules("MKT-2")
def test_set_aside_zero_to_five_cards_never_six():
    g = fresh()
    hand = tuple(g.hands[g.to_move])
    refused(g, sc.Market(hand, (), 0), sc.IllegalMarket, "at most 5 cards, not 6")
    refused(g, sc.Market(("Crossbow",) * 2, (), 0), sc.IllegalMarket, "only cards in your hand")
    five = sc.Game.from_json(g.to_json())
    five.apply(sc.Market(hand[:5], (), 0))
    assert len(five.hands[g.to_move]) == 6 and five.piles[0][-5:] == list(hand[:5])
    none = sc.Game.from_json(g.to_json())
    none.apply(sc.Market())
    assert none.hands[g.to_move] == list(hand)


@pytest.mark.rules("MKT-3")
def test_discard_draws_take_top_cards_one_at_a_time_never_more_than_needed():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples", "Apples", "Cheese", "Cheese", "Bread", "Bread"]
    g.piles[0] = ["Mead", "Silk", "Crossbow"]  # top is last
    g.piles[1] = ["Pepper", "Chickens"]
    # two to draw: three cards from the piles is one too many
    refused(g, sc.Market(("Bread", "Bread"), (0, 0, 1), 0), sc.IllegalMarket, "2 to draw, not 3")
    # the Silk is reached only by taking the Crossbow above it; piles in any order
    g.apply(sc.Market(("Bread", "Bread"), (1, 0), 1))
    assert Counter(g.hands[seat]) == Counter(
        ["Apples", "Apples", "Cheese", "Cheese", "Chickens", "Crossbow"]
    )
    assert g.piles[0] == ["Mead", "Silk"] and g.piles[1] == ["Pepper", "Bread", "Bread"]


@pytest.mark.rules("MKT-4")
def test_after_the_discard_piles_the_rest_of_the_draw_comes_from_the_draw_pile():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples"] * 3 + ["Cheese"] * 3
    g.piles[0] = ["Pepper", "Mead"]
    g.deck[-2:] = ["Silk", "Crossbow"]  # the top two cards of the draw pile
    piles_before = [list(p) for p in g.piles]
    g.apply(sc.Market(("Cheese",) * 3, (0,), 1))
    # one card from pile 0, then two from the draw pile, although pile 0 still had a card
    assert Counter(g.hands[seat]) == Counter(["Apples"] * 3 + ["Mead", "Crossbow", "Silk"])
    assert g.piles[0] == ["Pepper"]
    assert g.piles[1] == piles_before[1] + ["Cheese"] * 3


@pytest.mark.rules("MKT-5", "SRC-2")
def test_set_aside_cards_go_on_one_pile_in_order_after_the_draw():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples", "Cheese", "Bread", "Chickens", "Pepper", "Mead"]
    g.piles[1] = ["Bread", "Cheese"]
    g.deck[-1] = "Chickens"
    refused(g, sc.Market(("Pepper",), (), 2), sc.IllegalMarket, "no discard pile 2")
    # set aside onto pile 1 and take from pile 1: the card taken is the old top, not
    # a set-aside card (the rulebook's order: set aside, draw, then discard)
    g.apply(sc.Market(("Mead", "Pepper"), (1,), 1))
    assert Counter(g.hands[seat]) == Counter(
        ["Apples", "Cheese", "Bread", "Chickens", "Cheese", "Chickens"]
    )
    assert g.piles[1] == ["Bread", "Mead", "Pepper"]  # the chosen order, last on top


@pytest.mark.rules("SRC-2", "MKT-5")
def test_classic_set_aside_cards_stay_out_of_a_reshuffle_in_their_own_turn():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples", "Cheese", "Bread", "Chickens", "Silk", "Crossbow"]
    g.deck = []
    g.piles = [["Pepper"] * 6, ["Mead"] * 6]  # one card of each pile can be reshuffled
    g.apply(sc.Market(("Silk", "Crossbow"), (), 0))
    assert Counter(g.hands[seat]) == Counter(
        ["Apples", "Cheese", "Bread", "Chickens", "Pepper", "Mead"]
    )
    assert g.piles == [["Pepper"] * 5 + ["Silk", "Crossbow"], ["Mead"] * 5] and g.deck == []


def test_reshuffle_keeps_top_five_of_each_discard_pile():
    g = fresh()
    merchant = g.to_move
    g.deck = []
    g.piles[0] = ["Silk", "Mead", "Apples", "Apples", "Apples", "Apples", "Apples"]
    g.piles[1] = ["Crossbow", "Cheese", "Cheese", "Cheese", "Cheese", "Cheese"]
    g.hands[merchant] = ["Bread"] * 6
    events = g.apply(sc.Market(("Bread",), (), 0))
    assert any(e.kind == "reshuffled" and e.info["cards"] == 3 for e in events)
    assert g.piles[0] == ["Apples"] * 5 + ["Bread"]
    assert g.piles[1] == ["Cheese"] * 5
    assert len(g.deck) == 2
    drawn = [c for c in g.hands[merchant] if c != "Bread"]
    assert len(drawn) == 1 and sorted(drawn + g.deck) == ["Crossbow", "Mead", "Silk"]


@pytest.mark.rules("DECK-1")
def test_an_empty_draw_pile_is_refilled_from_all_but_the_top_five_of_each_pile():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples"] * 6
    g.deck = []
    g.piles = [["Pepper", "Pepper", "Mead"] + ["Cheese"] * 5, ["Silk"] + ["Bread"] * 5]
    ev = g.apply(sc.Market(("Apples",), (), 0))
    assert [e.info["cards"] for e in ev if e.kind == "reshuffled"] == [4]
    assert g.piles == [["Cheese"] * 5 + ["Apples"], ["Bread"] * 5]
    assert Counter(g.deck + g.hands[seat]) == Counter(
        ["Pepper", "Pepper", "Mead", "Silk"] + ["Apples"] * 5
    )


@pytest.mark.rules("DECK-2")
def test_with_too_few_cards_anywhere_the_player_draws_what_there_is():
    g = fresh()
    seat = g.to_move
    g.hands[seat] = ["Apples"] * 6
    g.deck = []
    g.piles = [["Cheese"] * 6, ["Bread"] * 5]  # one card can be reshuffled
    g.apply(sc.Market(("Apples",) * 3, (), 1))
    assert Counter(g.hands[seat]) == Counter(["Apples"] * 3 + ["Cheese"])
    assert g.deck == [] and g.step == "market"


@pytest.mark.rules("2E-SET-1", "2E-MKT-1", "2E-MKT-3", "SRC-3")
def test_second_edition_sheriff_chooses_market_starter_and_draws_come_from_the_deck():
    g = sc.new_game("second-edition", players=4, seed=3, first_sheriff=1)
    assert [len(p) for p in g.piles] == [0]  # one pile, empty at setup
    assert g.step == "starter" and g.to_move == 1
    before = g.to_json()
    with pytest.raises(sc.IllegalAction, match="must choose a merchant"):
        g.apply(sc.ChooseStarter(1))
    assert g.to_json() == before
    g.apply(sc.ChooseStarter(3))
    assert g.to_move == 3
    hand = g.hands[3]
    g.piles[0] = ["Silk"]
    with pytest.raises(sc.IllegalMarket, match="draw pile only"):
        g.apply(sc.Market((hand[0],), (0,), 0))
    g.apply(sc.Market((hand[0], hand[1]), (), 0))
    assert g.piles[0] == ["Silk", hand[0], hand[1]] and len(g.hands[3]) == 6
    seen = [3]
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [3, 0, 2]  # clockwise from the chosen merchant, skipping the Sheriff
    loads = [g.to_move]
    g.apply(sc.Load((g.hands[g.to_move][0],)))
    loads.append(g.to_move)
    assert loads == [2, 3]  # bags and declarations go from the Sheriff's left


@pytest.mark.rules("2E-DECK-1")
def test_second_edition_reshuffles_the_whole_discard_pile():
    g = sc.new_game("second-edition", players=3, seed=0)
    g.apply(sc.ChooseStarter(1))
    g.deck = []
    g.piles[0] = ["Mead", "Pepper", "Silk"]
    hand = list(g.hands[1])
    events = g.apply(sc.Market((hand[0],), (), 0))
    # 2nd edition: discard, then draw ([2E-MKT-2]) -- the discarded card is shuffled in too
    assert any(e.kind == "reshuffled" and e.info["cards"] == 4 for e in events)
    assert g.piles[0] == [] and len(g.deck) == 3


def _reshuffling_market(variant: str | sc.Variant) -> tuple[sc.Game, list[str], list[str]]:
    """A market turn that sets aside one card when the draw pile is empty."""
    g = sc.new_game(variant, players=3, seed=0)
    g.apply(sc.ChooseStarter(1))
    hand = list(g.hands[1])
    on_pile = ["Mead", "Pepper", "Silk"]
    arrange(g, deck=[], piles={0: on_pile})
    return g, hand, on_pile


def test_second_edition_discards_before_drawing_so_the_discard_is_shuffled_in():
    """2nd edition: discard up to 5 face up, then draw back to 6 -- the draw pile is
    empty, so the discard pile (with this turn's discard on top) is shuffled in."""
    g, hand, on_pile = _reshuffling_market("second-edition")
    assert g.variant.market_order == "discard-then-draw"
    events = g.apply(sc.Market((hand[0],), (), 0))
    assert [e.info["cards"] for e in events if e.kind == "reshuffled"] == [4]
    assert g.piles[0] == [] and len(g.deck) == 3
    drawn = [e for e in events if e.kind == "market"][0].info["drawn"]
    assert sorted(drawn + g.deck) == sorted(on_pile + [hand[0]])
    assert sorted(g.hands[1]) == sorted(hand[1:] + drawn)


def test_first_edition_order_keeps_this_turns_discard_out_of_the_reshuffle(tmp_path):
    """The same position with the market order set to the 1st edition's: the draw
    comes first, so only the 3 cards already on the pile are shuffled; the discard
    is then put on the emptied pile."""
    path = tmp_path / "first-order.toml"
    path.write_text(
        'extends = "second-edition"\nname = "first-order"\n'
        '[round]\nmarket_order = "draw-then-discard"\n'
    )
    g, hand, on_pile = _reshuffling_market(sc.load_variant(path))
    events = g.apply(sc.Market((hand[0],), (), 0))
    assert [e.info["cards"] for e in events if e.kind == "reshuffled"] == [3]
    assert g.piles[0] == [hand[0]] and len(g.deck) == 2
    drawn = [e for e in events if e.kind == "market"][0].info["drawn"]
    assert sorted(drawn + g.deck) == sorted(on_pile)


def test_market_order_is_validated_when_the_variant_loads(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('extends = "classic"\nname = "bad"\n[round]\nmarket_order = "sideways"\n')
    with pytest.raises(sc.VariantError, match=r"bad.toml: \[round\] market_order: .*'sideways'"):
        sc.load_variant(path)
    path.write_text(
        'extends = "classic"\nname = "bad"\n[round]\nmarket_order = "discard-then-draw"\n'
    )
    with pytest.raises(sc.VariantError, match="needs draw_from_discards = false"):
        sc.load_variant(path)


@pytest.mark.rules("DIS-MKT-1", "2E-MKT-2")
def test_disney_and_deputies_play_the_second_edition_market_order():
    assert sc.load_variant("disney").market_order == "discard-then-draw"
    assert sc.load_variant("deputies").market_order == "discard-then-draw"
    assert sc.load_variant("classic").market_order == "draw-then-discard"


def discard_then_draw_check(variant: str) -> None:
    """A market turn that empties the draw pile: the cards just discarded are reshuffled."""
    g = fresh(variant, players=4)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    seat = g.to_move
    hand = list(g.hands[seat])
    only = hand[0]  # the single card left in the draw pile
    g.deck = [only]
    g.piles[0] = []
    total = g.total_cards()
    g.apply(sc.Market((hand[1], hand[2]), (), 0))
    # draw 1 from the draw pile, then the pile (the two cards just discarded) is
    # shuffled into a new draw pile and one of them is drawn
    assert len(g.hands[seat]) == 6
    assert len(g.deck) == 1 and g.piles[0] == [] and g.total_cards() == total


@pytest.mark.rules("2E-MKT-2")
def test_second_edition_discards_then_draws_so_the_discards_can_be_reshuffled():
    discard_then_draw_check("second-edition")


@pytest.mark.rules("DIS-MKT-1")
def test_disney_discards_then_draws_like_the_second_edition():
    discard_then_draw_check("disney")


@pytest.mark.rules("2E-MKT-2")
def test_the_market_order_is_a_named_field_so_the_classic_order_stays_available():
    classic, second = sc.load_variant("classic"), sc.load_variant("second-edition")
    assert classic.market_order != second.market_order
    assert sc.load_variant("summary-sheet").market_order == classic.market_order


@pytest.mark.rules("DIS-MKT-1")
def test_disney_market_sheriff_picks_the_starter_merchants_exchange_up_to_five():
    g = fresh("disney", players=4, first_sheriff=2)
    assert g.step == "starter" and g.to_move == 2
    refused(g, sc.ChooseStarter(2), sc.IllegalAction, "must choose a merchant")
    g.apply(sc.ChooseStarter(0))
    hand = tuple(g.hands[0])
    g.piles[0] = ["Rings"]
    refused(g, sc.Market(hand, (), 0), sc.IllegalMarket, "at most 5 cards, not 6")
    refused(g, sc.Market(hand[:1], (0,), 0), sc.IllegalMarket, "draw pile only")
    top = g.deck[-5:][::-1]
    g.apply(sc.Market(hand[:5], (), 0))
    assert g.piles[0] == ["Rings", *hand[:5]]  # face up on the one pile
    assert Counter(g.hands[0]) == Counter([hand[5], *top])
    seen = [0]
    while g.step == "market":
        seen.append(g.to_move)
        g.apply(sc.Market())
    assert seen == [0, 1, 3]  # clockwise, the Sheriff (seat 2) does not exchange


@pytest.mark.rules("DIS-DECK-1")
def test_disney_replaces_an_empty_draw_pile_with_the_whole_discard_pile():
    g = fresh("disney", players=4)
    g.apply(sc.ChooseStarter(1))
    hand = list(g.hands[1])
    g.deck = []
    g.piles[0] = ["Jewels"] * 7  # more than the 5 a classic reshuffle would keep
    ev = g.apply(sc.Market((hand[0],), (), 0))
    assert [e.info["cards"] for e in ev if e.kind == "reshuffled"] in ([7], [8])
    assert len(g.hands[1]) == 6
    assert "Jewels" not in g.piles[0] and len(g.deck) + len(g.piles[0]) == 7
