"""The one-page rules summary (sheriff_core.present.rules_summary) follows the variant's data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheriff_core import VariantError, build_deck, load_variant, variant_names
from sheriff_core.present.rules_summary import rules_summary_html, rules_summary_markdown

VARIANTS = variant_names()


def _goods_rows(md: str) -> dict[str, list[str]]:
    """The Markdown goods table as {good: [kind, count, value, penalty, ...]}."""
    lines = md.split("## Goods", 1)[1].split("\n## ", 1)[0].splitlines()
    rows = [ln for ln in lines if ln.startswith("| ")][2:]  # skip the header and the rule
    return {r.strip("| ").split(" | ")[0]: r.strip("| ").split(" | ")[1:] for r in rows}


@pytest.mark.parametrize("name", VARIANTS)
def test_every_good_of_every_variant_appears_with_its_numbers(name: str) -> None:
    v = load_variant(name)
    rows = _goods_rows(rules_summary_markdown(name))
    assert list(rows) == list(v.goods)
    for good, g in v.goods.items():
        kind, count, value, penalty = rows[good][:4]
        assert kind.startswith(g.kind)
        assert count.split()[0] == str(g.count)
        assert (value, penalty) == (str(g.value), str(g.penalty))
        for n, gone in v.removed.items():
            if gone.get(good) and v.min_players <= n <= v.max_players:
                assert f"{g.count - gone[good]} with {n} players" in count
        if g.counts_as:
            assert rows[good][4] == f"{g.counts_as[1]} {g.counts_as[0]}"


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_renders_as_a_self_contained_page(name: str) -> None:
    v = load_variant(name)
    html = rules_summary_html(name)
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert f"<h1>{v.title}</h1>" in html
    # one card picture per good, each saying its value and fine in words
    assert html.count("<svg") == len(v.goods)
    for good, g in v.goods.items():
        assert f"{good}: {g.kind} good" in html and f"value {g.value}, fine {g.penalty}" in html
    # nothing is loaded from elsewhere: no script, stylesheet link or src
    assert not re.search(r"<script|<link|\ssrc=|\shref=", html)
    # the numbers of the setup and bonuses
    assert f"starts with {v.starting_gold} gold" in html
    assert f"{v.bag_min} to {v.bag_max} cards" in html
    sizes = {len(build_deck(v, n)) for n in range(v.min_players, v.max_players + 1)}
    assert all(f"{s} cards" in html for s in sizes)
    for bonus in v.bonuses.values():
        assert f'<td class="num">{bonus.king}</td><td class="num">{bonus.queen}</td>' in html
    for n in range(v.min_players, v.max_players + 1):
        assert str(v.rounds(n)) in html.split("Rounds in a game:")[1].split("</p>")[0]


def test_special_rules_follow_the_fields() -> None:
    deputies = rules_summary_markdown("deputies")
    assert "both Deputies vote" in deputies and "Loot" in deputies
    assert "The leading Deputy chooses which merchant starts" in deputies
    assert "Exactly 6 players" in deputies
    disney = rules_summary_markdown("disney")
    assert "| Otto | 3 Wood | 9 | 9 (0 with 3 players) |" in disney
    assert "King Richard's Gold" in disney and "most Villager tokens" in disney
    assert "Villager tokens can be neither offered nor used to pay" in disney
    second = rules_summary_markdown("second-edition")
    assert "The Sheriff chooses which merchant starts the market" in second
    assert "Discard up to 5 cards face up onto the discard pile, then draw" in second
    classic = rules_summary_markdown("classic")
    assert "from the Sheriff's left" in classic and "## Special rules" not in classic
    assert "Set aside up to 5 cards face down, draw back up to 6" in classic


def test_the_worked_example_uses_the_variants_fines() -> None:
    # A lie with one Pepper costs its penalty: 4 in classic, 6 on the summary sheet.
    assert "Pepper is confiscated and the merchant pays 4 gold" in rules_summary_markdown("classic")
    assert "Pepper is confiscated and the merchant pays 6 gold" in rules_summary_markdown(
        "summary-sheet"
    )


HOUSE_RULE = """
extends = "classic"
name = "house"
title = "Our house rules"
summary = "Classic with less gold, smaller bags and dearer pepper."

[setup]
starting_gold = 40

[round]
bag_max = 4
market_starter = "sheriff_chooses"

[goods.Pepper]
penalty = 5

[bonuses.Apples]
king = 25
queen = 12
"""


def test_a_house_rule_file_changes_the_summary(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    classic, house = rules_summary_markdown("classic"), rules_summary_markdown(path)
    assert house != classic
    assert house.startswith("# Our house rules\n")
    assert "starts with 40 gold" in house and "starts with 50 gold" not in house
    assert "1 to 4 cards" in house and "1 to 5 cards" not in house
    assert _goods_rows(house)["Pepper"][3] == "5" and _goods_rows(classic)["Pepper"][3] == "4"
    assert "| Apples | 25 | 12 |" in house and "| Apples | 20 | 10 |" in classic
    assert "The Sheriff chooses which merchant starts" in house
    assert "Builds on: classic." in house
    # everything else is what classic says
    assert _goods_rows(house)["Silk"] == _goods_rows(classic)["Silk"]
    html = rules_summary_html(path)
    assert "Our house rules" in html and html.count("<svg") == 8


def test_same_variant_same_text_and_bad_names_are_refused() -> None:
    assert rules_summary_html("classic") == rules_summary_html(load_variant("classic"))
    with pytest.raises(VariantError, match="unknown variant 'nope'"):
        rules_summary_markdown("nope")


def test_fragment_for_embedding() -> None:
    part = rules_summary_html("classic", page=False)
    assert part.startswith('<div class="rules-summary">') and "<html" not in part


@pytest.mark.browser
def test_each_summary_prints_on_one_page(tmp_path: Path) -> None:
    """Chromium prints every bundled variant's summary on one A4 page."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
    from jupyter_browser import CHROMIUM_ARGS, require_chromium

    chromium = require_chromium()
    from playwright.sync_api import sync_playwright

    pages = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            for name in VARIANTS:
                path = tmp_path / f"{name}.html"
                path.write_text(rules_summary_html(name), encoding="utf-8")
                page.goto(path.as_uri())
                pdf = page.pdf(format="A4")
                pages[name] = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        finally:
            browser.close()
    assert pages == dict.fromkeys(VARIANTS, 1)
