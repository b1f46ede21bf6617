"""Second edition, six-player Deputies and Disney Robin Hood (docs/rules.md), as scenarios."""

from __future__ import annotations

import pytest
from engine_helpers import play_to_inspection

import sheriff_core as sc
from sheriff_core.bots import play_game


def test_bundled_variants_are_all_there():
    assert set(sc.variant_names()) >= {
        "classic",
        "classic-royal",
        "summary-sheet",
        "second-edition",
        "deputies",
        "disney",
    }


@pytest.mark.parametrize("name", sc.variant_names())
def test_every_variant_plays_complete_games_for_every_player_count(name):
    v = sc.load_variant(name)
    for players in range(v.min_players, v.max_players + 1):
        g = play_game(sc.new_game(v, players=players, seed=players))
        assert g.is_over and len(g.score_rows()) == players


# --------------------------------------------------------------------------- second edition


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


@pytest.mark.rules("DECL-1", "DECL-3")
def test_thai_declaration_example_four_chickens():
    """The Thai text's example: "ไก่ 4 ตัวครับ!" -- four Chickens, whatever the bag holds."""
    v = sc.load_variant("second-edition")
    sc.check_declaration(v, 4, "Chickens", 4)
    with pytest.raises(sc.IllegalDeclaration, match="only legal goods"):
        sc.check_declaration(v, 4, "Crossbow", 4)
    with pytest.raises(sc.IllegalDeclaration, match="exact number"):
        sc.check_declaration(v, 4, "Chickens", 3)


# --------------------------------------------------------------------------- deputies


def deputies_round(seed: int = 0) -> sc.Game:
    g = sc.new_game("deputies", players=6, seed=seed)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    return g


@pytest.mark.rules("DEP-SET-1", "DEP-DECK-1", "DEP-DECK-2")
def test_deputies_two_per_round_four_merchants_nine_rounds():
    g = deputies_round()
    assert len(g.sheriffs) == 2 and len(g.merchants) == 4
    assert set(g.sheriffs).isdisjoint(g.merchants)
    assert g.rounds == 9


@pytest.mark.rules("DEP-VOTE-1", "DEP-VOTE-2", "DEP-LOOT-1")
def test_deputies_who_agree_to_pass_put_the_bribe_in_the_loot_split_at_round_end():
    g = deputies_round(seed=1)
    lead, second = g.sheriffs
    m = g.merchants
    bags = {s: [g.hands[s][0]] for s in m}
    play_to_inspection(g, bags, {s: ("Apples", 1) for s in m})
    gold = list(g.gold)
    g.apply(sc.Threaten(m[0]))
    g.apply(sc.Offer(gold=7))
    g.apply(sc.LetPass(m[0]))  # the leading Deputy votes first
    assert g.step == "vote" and g.to_move == second
    with pytest.raises(sc.NotYourTurn):
        g.apply(sc.LetPass(m[0]), player=lead)  # a Deputy acting out of turn
    g.apply(sc.LetPass(m[0]))
    assert g.loot == 7 and g.gold[m[0]] == gold[m[0]] - 7
    assert g.gold[lead] == gold[lead] and g.gold[second] == gold[second]
    for s in m[1:]:
        g.apply(sc.LetPass(s))
        g.apply(sc.LetPass(s))
    # Round over: 7 split two ways, 3 each, the odd coin stays in the Loot.
    assert g.loot == 1
    assert g.gold[lead] == gold[lead] + 3 and g.gold[second] == gold[second] + 3


@pytest.mark.rules("DEP-VOTE-4")
def test_deputies_who_disagree_the_inspector_acts_alone_and_no_bribe_is_taken():
    g = deputies_round(seed=2)
    lead, second = g.sheriffs
    m = g.merchants
    bags = {s: ["Apples"] for s in m}
    for s in m:
        g.hands[s][0] = "Apples"
    play_to_inspection(g, bags, {s: ("Apples", 1) for s in m})
    g.apply(sc.Threaten(m[0]))
    g.apply(sc.Offer(gold=5))
    g.apply(sc.LetPass(m[0]))
    before = list(g.gold)
    events = g.apply(sc.Inspect(m[0]))  # the second Deputy wants to inspect
    inspected = [e for e in events if e.kind == "inspected"][0]
    assert inspected.info["inspectors"] == [second] and inspected.info["truthful"]
    assert g.gold[second] == before[second] - 2  # pays the honest merchant alone
    assert g.gold[m[0]] == before[m[0]] + 2  # and no bribe was paid
    assert g.gold[lead] == before[lead] and g.loot == 0


@pytest.mark.rules("DEP-VOTE-3")
def test_deputies_who_both_inspect_an_honest_bag_pay_half_each_odd_coin_on_the_left():
    g = deputies_round(seed=3)
    m = g.merchants
    bags = {s: ["Apples"] for s in m}
    for s in m:
        g.hands[s][0] = "Apples"
    play_to_inspection(g, bags, {s: ("Apples", 1) for s in m})
    target = m[0]
    left = g.left_sheriff(target)
    other = [d for d in g.sheriffs if d != left][0]
    before = list(g.gold)
    g.apply(sc.Inspect(target))
    g.apply(sc.Inspect(target))  # compensation 2 for one Apples: 1 each
    assert g.gold[left] == before[left] - 1 and g.gold[other] == before[other] - 1
    # A liar caught by both: the fine goes to the Loot.
    liar = m[1]
    g.bags[liar] = ["Pepper"]
    g.apply(sc.Inspect(liar))
    g.apply(sc.Inspect(liar))
    assert g.loot == 4


@pytest.mark.rules("DEP-VOTE-3")
def test_deputies_odd_compensation_is_paid_by_the_deputy_on_the_merchants_left(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text('extends = "deputies"\nname = "odd"\n[goods.Apples]\npenalty = 3\n')
    g = sc.new_game(sc.load_variant(path), players=6, seed=4)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    m = g.merchants
    for s in m:
        g.hands[s][0] = "Apples"
    play_to_inspection(g, {s: ["Apples"] for s in m}, {s: ("Apples", 1) for s in m})
    for target in m:
        left = g.left_sheriff(target)
        other = [d for d in g.sheriffs if d != left][0]
        before = list(g.gold)
        g.apply(sc.Inspect(target))
        g.apply(sc.Inspect(target))  # compensation 3: 2 from the left Deputy, 1 from the other
        assert g.gold[left] == before[left] - 2 and g.gold[other] == before[other] - 1
        assert g.gold[target] == before[target] + 3


# --------------------------------------------------------------------------- Disney


@pytest.fixture
def disney() -> sc.Variant:
    return sc.load_variant("disney")


@pytest.mark.rules("DIS-SET-1", "DIS-SET-2", "DIS-SET-3", "SRC-5")
def test_disney_goods_treasure_and_data_choice(disney):
    assert disney.legal_goods == ("Carrots", "Cheese", "Wood", "Fabric")
    treasure = {n: (g.value, g.penalty) for n, g in disney.goods.items() if g.kind != "legal"}
    assert treasure == {
        "Jewels": (9, 4),
        "Rings": (10, 4),
        "Money Bags": (11, 4),
        "Crowns": (15, 4),
    }
    assert len(sc.build_deck(disney, 4)) == 204
    assert len(sc.build_deck(disney, 3)) == 204 - 36 - 4 - 5 - 3
    assert disney.term("contraband") == "Stolen Treasure"


@pytest.mark.rules("INSP-6")
def test_robin_hood_as_a_stork_pays_six(disney):
    res = sc.inspect_bag(disney, ["Cheese", "Wood", "Fabric", "Fabric"], "Cheese", 4)
    assert res.admitted == ["Cheese"] and sorted(res.confiscated) == ["Fabric", "Fabric", "Wood"]
    assert res.merchant_pays == 6


@pytest.mark.rules("INSP-5")
def test_little_johns_honest_carrots_earn_eight(disney):
    res = sc.inspect_bag(disney, ["Carrots"] * 4, "Carrots", 4)
    assert res.truthful and res.merchant_pays == -8


@pytest.mark.rules("DECL-1")
def test_stolen_treasure_cannot_be_declared(disney):
    with pytest.raises(sc.IllegalDeclaration) as err:
        sc.inspect_bag(disney, ["Jewels"], "Jewels", 1)
    assert "only legal goods (Carrots, Cheese, Wood, Fabric) may be declared" in str(err.value)


def disney_game(players: int = 4, seed: int = 0) -> sc.Game:
    g = sc.new_game("disney", players=players, seed=seed)
    g.apply(sc.ChooseStarter(g.merchants[0]))
    return g


@pytest.mark.rules("INSP-2", "BRIBE-1", "BRIBE-3")
def test_maid_marians_bribe_of_eight_gold_and_two_cheese():
    g = disney_game()
    marian = g.merchants[0]
    m = g.merchants
    play_to_inspection(g, {s: [g.hands[s][0]] for s in m}, {s: ("Carrots", 1) for s in m})
    g.stands[marian] = ["Cheese", "Cheese"]
    g.apply(sc.Threaten(marian))
    g.apply(sc.Offer(stand=("Cheese",)))  # "Cheese for your trouble?"
    g.apply(sc.Offer(gold=8, stand=("Cheese", "Cheese")))  # "Make it 8 Gold and 2 Cheeses"
    g.apply(sc.Accept())
    assert g.gold[g.sheriff] == 58 and g.gold[marian] == 42
    assert g.stands[g.sheriff] == ["Cheese", "Cheese"]


@pytest.mark.rules("DIS-TOK-1", "DIS-TOK-2", "DIS-TOK-3", "DIS-TOK-4", "DIS-SET-3")
def test_villager_tokens_exchange_supply_and_protection():
    g = disney_game(players=3)
    seat = g.to_move
    assert g.token_supply == {"Rabbit": 12, "Mouse": 9, "Otto": 0, "Owl": 6}  # no Otto for 3
    g.stands[seat] = ["Carrots"] * 4 + ["Wood"] * 3
    before = g.to_json()
    with pytest.raises(sc.IllegalAction, match="no Otto tokens are left"):
        g.apply(sc.Exchange("Otto"))
    with pytest.raises(sc.IllegalAction, match="costs 3 Cheese on your player board; you have 0"):
        g.apply(sc.Exchange("Mouse"))
    assert g.to_json() == before
    g.apply(sc.Exchange("Rabbit"))  # during their own (market) turn
    assert g.tokens[seat]["Rabbit"] == 1 and g.stands[seat] == ["Carrots"] + ["Wood"] * 3
    assert g.token_supply["Rabbit"] == 11 and g.step == "market" and g.to_move == seat
    # Tokens are not goods: they cannot be offered or taken for debts.
    play_to_inspection(
        g, {s: [g.hands[s][0]] for s in g.merchants}, {s: ("Carrots", 1) for s in g.merchants}
    )
    g.apply(sc.Threaten(seat))
    with pytest.raises(sc.IllegalOffer, match="only goods on"):
        g.apply(sc.Offer(stand=("Rabbit",)))


@pytest.mark.rules("DIS-TOK-3")
def test_exchange_window_after_the_bag_is_resolved():
    g = disney_game()
    m = g.merchants
    for s in m:
        g.hands[s][:3] = ["Carrots"] * 3
    play_to_inspection(g, {s: ["Carrots"] * 3 for s in m}, {s: ("Carrots", 3) for s in m})
    g.apply(sc.LetPass(m[0]))
    assert g.step == "exchange" and g.to_move == m[0]
    assert list(g.legal_actions()) == [sc.Exchange("Rabbit"), sc.Done()]
    with pytest.raises(sc.IllegalAction, match="not threaten"):
        g.apply(sc.Threaten(m[1]))
    g.apply(sc.Exchange("Rabbit"))
    assert g.step == "sheriff"  # nothing more to exchange: the window closes by itself
    g.apply(sc.Inspect(m[1]))
    assert g.step == "exchange" and g.to_move == m[1]
    g.apply(sc.Done())
    assert g.stands[m[1]] == ["Carrots"] * 3 and g.step == "sheriff"


@pytest.mark.rules("DIS-DEBT-1")
def test_disney_debts_any_goods_debtors_choice():
    g = disney_game()
    m = g.merchants
    play_to_inspection(g, {s: [g.hands[s][0]] for s in m}, {s: ("Carrots", 1) for s in m})
    liar = m[0]
    g.bags[liar] = ["Jewels", "Rings"]
    g.declared[liar] = ("Carrots", 2)
    g.gold[liar] = 0
    g.stands[liar] = ["Carrots", "Crowns", "Fabric", "Fabric"]
    g.apply(sc.Inspect(liar))  # owes 8
    assert g.step == "debt"
    options = {tuple(sorted(o.cards)) for o in g.debt_options()}
    assert ("Crowns",) in options  # treasure may go before legal goods in this variant
    assert ("Fabric", "Fabric") in options
    g.apply(sc.PayDebt(("Crowns",)))
    assert g.stands[g.sheriff] == ["Crowns"]


@pytest.mark.rules("DIS-SCO-1", "DIS-SCO-2", "DIS-SCO-3")
def test_king_richards_bonuses_by_tokens_and_token_tie_break(disney):
    stands = {"Robin": [], "John": [], "Marian": []}
    gold = {"Robin": 10, "John": 8, "Marian": 0}
    tokens = {
        "Robin": {"Rabbit": 2, "Owl": 1},
        "John": {"Rabbit": 2, "Mouse": 1},
        "Marian": {"Mouse": 1, "Owl": 1},
    }
    rows = {r["player"]: r for r in sc.scoring.score_rows(disney, stands, gold, tokens)}
    assert rows["Robin"]["bonus_Rabbit"] == rows["John"]["bonus_Rabbit"] == 15  # tie: 30 // 2
    assert rows["Robin"]["bonus_Owl"] == rows["Marian"]["bonus_Owl"] == 7  # tie: 15 // 2
    assert rows["John"]["bonus_Mouse"] == rows["Marian"]["bonus_Mouse"] == 12  # 25 // 2
    assert rows["Robin"]["tokens_value"] == 2 * 6 + 12
    assert rows["Robin"]["total"] == 10 + 24 + 15 + 7
    assert rows["John"]["total"] == 8 + 21 + 15 + 12
    assert rows["Robin"]["total"] == rows["John"]["total"]
    assert rows["Robin"]["tokens"] == rows["John"]["tokens"] == 3
    assert rows["Robin"]["rank"] == rows["John"]["rank"] == 1  # same tokens: shared
    # Equal totals, more tokens overall wins.
    rows = sc.scoring.score_rows(
        disney, {"A": [], "B": []}, {"A": 12, "B": 38}, {"A": {"Rabbit": 1}, "B": {}}
    )
    assert [(r["total"], r["rank"]) for r in rows] == [(38, 1), (38, 2)]
    df = sc.final_scores(disney, stands, gold, tokens)
    assert {"tokens_Rabbit", "tokens_Mouse", "tokens_Otto", "tokens_Owl", "tokens"} <= set(df)


# --------------------------------------------------------------------------- comparison


def test_compare_variants_covers_every_variant_and_reads_the_data():
    table = sc.compare_variants()
    assert list(table.columns) == sc.variant_names()
    assert table.loc["discard piles", "classic"] == 2
    assert table.loc["discard piles", "second-edition"] == 1
    assert table.loc["market starts", "disney"] == "the Sheriff chooses"
    assert "Deputies" in table.loc["Sheriffs", "deputies"]
    assert table.loc["rounds", "deputies"] == "6p: 9"
    assert "Rabbit" in table.loc["tokens", "disney"]
    assert table.loc["tokens", "classic"] == "-"
    diff = sc.compare_variants(["classic", "summary-sheet"], only_differences=True)
    assert "contraband goods (value/penalty)" in diff.index and "starting gold" not in diff.index
