"""Cards you can see: every good of every variant is a well-formed, titled SVG card;
hidden cards say nothing; the table hides what a viewer may not see; same input, same bytes."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core.bots import play_game
from sheriff_core.present.pictures import (
    bag_html,
    card_svg,
    card_title,
    cards_html,
    good_colour,
    piles_html,
    player_html,
    stand_html,
    table_html,
)

SVG = "{http://www.w3.org/2000/svg}"
VARIANTS = sc.variant_names()


def titles(html: str) -> list[str]:
    """The ``<title>`` of every picture in ``html``, in order."""
    return re.findall(r"<title>([^<]*)</title>", html)


def parse(html: str) -> ET.Element:
    """Parse ``html`` as XML (our markup is well-formed); entities are unescaped."""
    return ET.fromstring(html)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_good_of_every_variant_is_a_well_formed_titled_card(name):
    v = sc.load_variant(name)
    for good in v.goods.values():
        svg = card_svg(v, good.name)
        root = parse(svg)
        assert root.tag == f"{SVG}svg" and root.get("role") == "img"
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == root.get("aria-label")
        text = title.text
        assert text.startswith(f"{good.name}: {good.kind} good")
        assert f"value {good.value}" in text and f"fine {good.penalty}" in text
        # the words on the card itself: name, kind band, value and fine in the corners
        words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
        for part in good.name.split():
            assert part in words
        assert str(good.value) in words and str(good.penalty) in words
        assert "value" in words and "fine" in words
        band = v.term("contraband") if good.kind == "contraband" else good.kind
        assert band in words
        sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
        assert min(sizes) >= 11, (good.name, sizes)
        assert (root.get("width"), root.get("height")) == ("80", "112")


def test_scale_changes_the_size_not_the_drawing():
    v = sc.load_variant("classic")
    big = parse(card_svg(v, "Mead", scale=1.5))
    assert (big.get("width"), big.get("height")) == ("120", "168")
    assert big.get("viewBox") == parse(card_svg(v, "Mead")).get("viewBox") == "0 0 80 112"


@pytest.mark.parametrize("name", VARIANTS)
def test_face_down_cards_reveal_nothing(name):
    v = sc.load_variant(name)
    backs = {card_svg(v, g, face_down=True) for g in v.goods}
    assert len(backs) == 1  # every back is the same picture
    back = backs.pop()
    parse(back)
    low = back.lower()
    for good in v.goods.values():
        assert good.name.lower() not in low
        assert good.kind not in low and v.term("contraband").lower() not in low
    assert titles(back) == ["face-down card"]
    bag = bag_html(v, list(v.goods), declared=(v.legal_goods[0], len(v.goods)), face_down=True)
    assert all(t == "face-down card" for t in titles(bag)) and len(titles(bag)) == len(v.goods)
    assert f"declared: {len(v.goods)} {v.legal_goods[0]}" in bag


def test_kind_words_and_royal_goods():
    disney = sc.load_variant("disney")
    assert ">Stolen Treasure<" in card_svg(disney, "Rings")
    assert (
        card_title(disney, "Rings") == "Rings: contraband good (Stolen Treasure), value 10, fine 4"
    )
    royal = sc.load_variant("classic-royal")
    assert card_title(royal, "Bleu Cheese") == (
        "Bleu Cheese: royal good, value 9, fine 5, counts as 3 Cheese"
    )
    assert ">royal<" in card_svg(royal, "Bleu Cheese")


def test_unknown_good_gets_initials_and_a_stable_colour():
    data = sc.load_variant("classic").to_data()
    data["goods"]["Spice Rack"] = {"kind": "contraband", "count": 2, "value": 5, "penalty": 3}
    v = sc.Variant.from_data(data)
    root = parse(card_svg(v, "Spice Rack"))
    words = [t.text for t in root.iter(f"{SVG}text")]
    assert "SR" in words and "Spice" in " ".join(words)
    # the colour comes from a digest of the name, not Python's salted hash()
    code = "from sheriff_core.present.pictures import good_colour; print(good_colour('Spice Rack'))"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": str(seed), "PYTHONPATH": ":".join(sys.path)},
            check=True,
        ).stdout.strip()
        for seed in (1, 2)
    }
    assert seen == {good_colour("Spice Rack")}
    assert re.fullmatch(r"#[0-9a-f]{6}", seen.pop())
    assert good_colour("Spice Rack") != good_colour("Spice Racks")


def test_bad_input_names_the_rule():
    v = sc.load_variant("disney")
    with pytest.raises(ValueError, match="'Apples' is not a good of disney: its goods are Carrots"):
        card_svg(v, "Apples")
    with pytest.raises(ValueError, match=r"selected positions \[2\] are not among the 2 cards"):
        cards_html(v, ["Wood", "Wood"], selected=[2])
    with pytest.raises(ValueError, match="scale must be positive"):
        card_svg(v, "Wood", scale=0)
    g = sc.new_game("classic", players=3, seed=0)
    before = g.to_json()
    with pytest.raises(ValueError, match="viewer must be a seat 0-2, not 3"):
        table_html(g, viewer=3)
    assert g.to_json() == before


def test_selected_cards_are_marked():
    v = sc.load_variant("classic")
    html = cards_html(v, ["Apples", "Apples", "Silk"], selected={1}, label="your hand")
    assert titles(html) == [
        "Apples: legal good, value 2, fine 2",
        "Apples: legal good, value 2, fine 2, selected",
        "Silk: contraband good, value 8, fine 4",
    ]
    assert html.count('stroke="#1565c0"') == 1 and ">your hand<" in html
    assert "none" in cards_html(v, [])  # an empty row is a dashed outline


def test_stand_stacks_counts_legal_first():
    v = sc.load_variant("classic")
    stand = ["Silk", "Cheese", "Crossbow", "Cheese", "Apples", "Cheese", "Cheese"]
    html = stand_html(v, stand)
    assert [t.split(":")[0] for t in titles(html)] == ["Apples", "Cheese", "Silk", "Crossbow"]
    assert re.findall(r">x(\d+)<", html) == ["1", "4", "1", "1"]
    hidden = stand_html(v, stand, hide_contraband=True)
    assert [t.split(":")[0] for t in titles(hidden)] == [
        "Apples",
        "Cheese",
        "2 face-down contraband cards",
    ]
    assert "Silk" not in hidden and "Crossbow" not in hidden
    assert re.findall(r">x(\d+)<", hidden) == ["1", "4", "2"]
    assert "empty merchant stand" in stand_html(v, [])
    assert "empty player board" in stand_html(sc.load_variant("disney"), [])


def test_piles_show_their_top_card_and_count():
    v = sc.load_variant("classic")
    html = piles_html(v, [["Apples", "Bread", "Silk"], ["Cheese"], []])
    assert [t.split(":")[0] for t in titles(html)] == ["Silk", "Cheese"]
    for text in ("pile 0: 3 cards", "top: Silk, 2 beneath", "pile 1: 1 card", "pile 2: empty"):
        assert text in html
    assert "dashed" in html


@pytest.fixture
def table() -> sc.Game:
    """A 4-player game whose hands, bags and stands are all different goods."""
    g = sc.new_game("classic", players=4, seed=0)
    g.hands = [["Apples"] * 6, ["Cheese"] * 5, ["Bread"] * 4, ["Chickens"] * 6]
    g.piles = [["Pepper"], ["Mead"]]
    g.bags = {1: ["Silk", "Cheese"]}
    g.declared = {1: ("Cheese", 2)}
    g.stands = [[], ["Crossbow"], ["Bread", "Pepper"], []]
    return g


def goods_in(html: str) -> set[str]:
    return {t.split(":")[0] for t in titles(html) if ":" in t}


def test_author_view_shows_everything(table):
    html = table_html(table)
    parse(html)  # the whole table is well-formed markup
    assert goods_in(html) == {
        "Apples",
        "Cheese",
        "Bread",
        "Chickens",
        "Pepper",
        "Mead",
        "Silk",
        "Crossbow",
    }
    assert "declared: 2 Cheese" in html and "Round 1 of 8" in html


def test_a_players_view_hides_the_others_cards(table):
    html = table_html(table, viewer=0)
    parse(html)
    # own hand, the discard piles and the others' legal stand goods are face up
    assert goods_in(html) == {"Apples", "Pepper", "Mead", "Bread"}
    # Bread: on Cat's stand (face up), not from Cat's hand of four Bread
    assert sum(t.startswith("Bread:") for t in titles(html)) == 1
    assert "Cheese" not in goods_in(html) and "Silk" not in html and "Crossbow" not in html
    assert "declared: 2 Cheese" in html  # the declaration is public
    seen_by_ben = goods_in(table_html(table, viewer=1))
    assert {"Cheese", "Silk", "Crossbow"} <= seen_by_ben
    assert "Apples" not in seen_by_ben and "Chickens" not in seen_by_ben


def test_player_place_words_and_tokens():
    g = sc.new_game("deputies", players=6, seed=2)
    deputy = g.sheriffs[0]
    html = player_html(g, deputy)
    assert "Deputy (leads)" in html and f"{g.gold[deputy]} gold" in html
    merchant = g.merchants[0]
    assert ">merchant<" in player_html(g, merchant)
    d = sc.new_game("disney", players=4, seed=0)
    d.tokens[2]["Rabbit"] = 2
    assert "Rabbit x2" in player_html(d, 2) and "Rabbit" not in player_html(d, 1)


def test_rounds_are_counted_from_one_and_a_finished_game_says_so():
    g = sc.new_game("classic", players=3, seed=4)
    assert "Round 1 of 9" in table_html(g)
    play_game(g)
    assert "Game over after 9 rounds" in table_html(g)


def test_game_shows_itself_and_output_is_deterministic():
    a = sc.new_game("disney", players=4, seed=11)
    b = sc.new_game("disney", players=4, seed=11)
    html = a._repr_html_()
    assert html == b._repr_html_()
    assert html.startswith('<div style="max-width:') and table_html(a) in html
    assert table_html(a, viewer=2) == table_html(b, viewer=2)
    assert table_html(a, viewer=2) != table_html(a, viewer=1)


def test_pictures_import_no_pandas_altair_or_widgets():
    code = (
        "import sys, sheriff_core as sc\n"
        "sc.new_game('classic', players=4, seed=0)._repr_html_()\n"
        "print(sorted(m for m in ('pandas', 'altair', 'ipywidgets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_confiscated_cards_waiting_for_a_pile_are_shown():
    g = sc.new_game("classic", players=3, seed=1)
    rng = np.random.default_rng(0)
    while g.step != "confiscate":
        actions = list(g.legal_actions())
        g.apply(actions[rng.integers(len(actions))])
    cards = list(g.pending[0].cards)
    html = table_html(g, viewer=g.sheriff)
    merchant = g.players[g.pending[0].seat]
    assert f"confiscated from {merchant}, to go on a discard pile" in html
    shown = html.split("confiscated from", 1)[1].split("</div></div></div>", 1)[0]
    assert [t.split(":")[0] for t in titles(shown)] == cards
