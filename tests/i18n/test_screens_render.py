"""The screens rendered in Thai and Chinese hold none of the screens' English messages:
the play table (a market turn, a declaration, the Sheriff's decision, a threatened
merchant's offer builder), game night (its set-up and a turn), the variant editor (with a
change and with a refused rule) and every chart. Switching the language changes the next
render and nothing else (the same game, the same save).

The ``core`` catalog (card, good, step names; the narration; the engine's errors) is
another helper's: until it is merged those words stay English here, and the check only
looks for the screens' own messages (:func:`screens_i18n.untranslated`).
"""

from __future__ import annotations

import functools

import pytest
from screens_i18n import chart_texts, ensure_compiled, html_texts, untranslated, widget_texts

import sheriff_core as sc
from sheriff_core.base.i18n import get_language, language, set_language
from sheriff_core.bots import make_player
from sheriff_core.present.widgets.game_night import GameNight
from sheriff_core.present.widgets.play import play_table

LANGS = ("th", "zh")


@pytest.fixture(autouse=True)
def _catalogs():
    ensure_compiled()
    before = get_language()
    yield
    set_language(before)


def _bots():
    return [make_player("honest", "trusting")] * 4


def test_english_is_found_when_nothing_is_translated():
    """The check can fail: the English play table is full of the screens' messages."""
    table = play_table(sc.new_game("classic", players=3, seed=0), _bots()[:3], seat=1)
    found = untranslated(widget_texts(table))
    assert "make market turn" in found and "value" in found and "Log" in found


@pytest.mark.parametrize("lang", LANGS)
def test_play_table_through_a_round(lang):
    game = sc.new_game("classic", players=3, seed=0)
    table = play_table(game, _bots()[:3], seat=1, language=lang)
    seen = {"market"}
    texts = widget_texts(table)
    assert table.press("make market turn")
    texts += widget_texts(table)
    assert table.set("load card 1: " + game.hands[1][0], True)
    assert table.press("load bag")
    texts += widget_texts(table)
    seen.add("declare")
    good = game.variant.legal_goods[0]
    assert table.set("declare good", good)
    assert table.set("declare count", len(game.bags[1]))
    texts += widget_texts(table)
    assert table.press("declare")
    texts += widget_texts(table) + [table.outcome_text]
    assert not untranslated(texts), untranslated(texts)
    assert seen <= {"market", "declare"}


@pytest.mark.parametrize("lang", LANGS)
def test_play_table_sheriff_and_offer_builder(lang):
    from sheriff_core.present.widgets.inspection import deal_to_inspection
    from sheriff_core.present.widgets.play import OfferBuilder

    game = sc.new_game("classic", players=3, seed=0)
    # seat 0 is the Sheriff of round 1: the bots load and declare, then it is seat 0's turn
    table = play_table(game, _bots()[:3], seat=0, language=lang)
    texts = widget_texts(table)
    assert game.step == "sheriff", game.step
    assert table.press(f"threaten {game.players[1]}")
    texts += widget_texts(table)
    # the offer builder of a threatened merchant, then the Sheriff's demand builder
    game, _ = deal_to_inspection(seed=0)
    game.apply(sc.Threaten(1))
    offer = OfferBuilder(game, player=1, prefix="offer", language=lang)
    texts += widget_texts(offer)  # an empty offer: said in words
    offer.controls["offer gold"].value = 1
    texts += widget_texts(offer)  # the engine accepts it
    game.apply(offer.offer, player=1)
    demand = OfferBuilder(game, player=0, prefix="demand", language=lang)
    texts += widget_texts(demand)
    assert not untranslated(texts), untranslated(texts)


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_and_typed_actions_in_the_language(lang):
    game = sc.new_game("classic", players=3, seed=0)
    table = play_table(game, _bots()[:3], seat=1, language=lang)
    assert not table.type_action("declare 1 Apples")
    assert table.error and not untranslated([table.error])
    assert not untranslated(widget_texts(table))
    # a control asked for that is not there: the sentence is translated; the list names
    # the controls by their keys, the English descriptions ``press`` takes in every language
    assert not table.press("no such button")
    sentence, keys = table.error.split("['", 1)
    assert not untranslated([sentence]) and "'make market turn'" in "['" + keys


@pytest.mark.parametrize("lang", LANGS)
def test_game_night_setup_and_a_turn(lang):
    app = GameNight(pause=0, language=lang)
    texts = widget_texts(app)
    app.set_seat(2, kind="bot")
    app.set_seat(3, kind="bot")
    app.start()
    texts += widget_texts(app)
    table = app.table
    assert table is not None
    if not table.revealed:  # two people: the screen is passed
        texts += [table.outcome_text, table.reveal_label]
        table.reveal()
    texts += widget_texts(app)
    app._make_link()
    texts += html_texts(app.save_link.value)
    assert not untranslated(texts), untranslated(texts)


@pytest.mark.parametrize("lang", LANGS)
def test_game_night_final_screen(lang):
    app = GameNight(pause=0, language=lang)
    for s in (1, 2, 3):
        app.set_seat(s, kind="bot")
    app.fast_forward.value = True
    app.start()
    table = app.table
    assert table is not None
    while not table.game.is_over:
        assert table.act(next(iter(table.game.legal_actions())))
    assert app.screen == "final"
    assert not untranslated(widget_texts(app)), untranslated(widget_texts(app))


@pytest.mark.parametrize("lang", LANGS)
def test_game_night_menus_show_bots_and_variants_in_the_language(lang):
    """The set-up's menus: every bundled bot and variant in the language (the values stay
    the names the code uses); switching back to English shows the names again."""
    from sheriff_core.bots import bot_names

    app = GameNight(pause=0)
    row = app.rows[2]
    english = [*app.variant.options, *row.merchant.options, *row.sheriff.options]
    assert all(label == value for label, value in english)
    app.language_menu.value = lang
    for menu, names in (
        (app.variant, sc.variant_names()),
        (row.merchant, bot_names("merchant")),
        (row.sheriff, bot_names("sheriff")),
    ):
        assert [value for _label, value in menu.options] == list(names)
        for label, value in menu.options:
            assert label != value and not label.isascii(), (lang, label)
    assert (row.merchant.value, row.sheriff.value) == ("bluffer", "threshold")
    app.language_menu.value = "en"
    assert [*app.variant.options, *row.merchant.options, *row.sheriff.options] == english


@pytest.mark.parametrize("lang", LANGS)
def test_the_language_menu_relabels_the_setup(lang):
    app = GameNight(pause=0)
    english = widget_texts(app)
    assert "Start the game" in english
    app.language_menu.value = lang
    assert app.language == lang
    assert not untranslated(widget_texts(app)), untranslated(widget_texts(app))


@pytest.mark.parametrize("lang", LANGS)
def test_editor(lang):
    from sheriff_core.present.widgets.editor import variant_editor

    ed = variant_editor("classic", language=lang)
    texts = widget_texts(ed)
    ed.control("Pepper: fine per card (penalty)").value = 6  # found by its English label
    texts += widget_texts(ed)
    ed.control("fewest cards in a bag").value = 4
    ed.control("most cards in a bag").value = 3  # refused by the rules
    texts += widget_texts(ed)
    ed.measure()  # nothing to measure: the rules refuse it
    texts += widget_texts(ed)
    assert ed.error
    assert not untranslated(texts), untranslated(texts)


def _charts():
    from sheriff_core import theory
    from sheriff_core.analysis.lab import balance_report, compare_rules
    from sheriff_core.present.viz import efce as vefce
    from sheriff_core.present.viz import game as vgame
    from sheriff_core.present.viz import lab as vlab
    from sheriff_core.present.viz import scoring as vscoring
    from sheriff_core.present.viz import theory as vtheory
    from sheriff_core.present.viz import variants as vvariants

    classic = sc.load_variant("classic")
    sim = sc.simulate("classic", players=3, games=6, seed=1, progress=False)
    bags = sc.simulate_bags("classic", players=3, games=3, seed=1)
    table = sc.final_scores(classic, {"Ann": ["Cheese"], "Ben": ["Silk"]}, {"Ann": 3, "Ben": 5})
    comparison = compare_rules("classic", "classic", players=4, games=10, seed=1)
    import pandas as pd

    sweep = pd.DataFrame(
        {"field": "f", "value": [1, 2], "lineup": "default", "metric": "mean_score",
         "strategy": "", "label": "mean final score", "kind": "number", "parent": 1.0,
         "variant": [1.0, 2.0], "difference": [0.0, 1.0], "ci_low": [0.0, 0.5],
         "ci_high": [0.0, 1.5], "distinguishable": [False, True]}
    )  # fmt: skip
    game = theory.inspection_game(classic)
    charts = {
        "score_breakdown": lambda: vscoring.score_breakdown_chart(table),
        "gold_by_round": lambda: vgame.gold_by_round(
            [{"round": 1, "player": "Ann", "gold": 50}, {"round": 2, "player": "Ann", "gold": 54}]
        ),
        "effects": lambda: vlab.effects_chart(comparison),
        "sweep": lambda: vlab.sweep_chart(sweep, "mean_score"),
        "balance": lambda: vlab.balance_chart(
            balance_report("classic", players=4, games=8, sheriffs=["trusting"])
        ),
        "deck": lambda: vvariants.deck_composition_chart(["classic"], players=[4]),
        "win_rate": lambda: vvariants.win_rate_chart(sim),
        "scores": lambda: vvariants.score_distribution_chart(sim),
        "lies": lambda: vvariants.lies_caught_chart(bags),
        "theory_sweep": lambda: vtheory.sweep_chart(theory.sweep(classic, "penalty", [1, 2, 4, 8])),
        "best_response": lambda: vtheory.best_response_chart(game),
        "best_response_spec": lambda: vtheory.best_response_spec(game),
        "convergence": lambda: vtheory.convergence_chart(
            pd.DataFrame({"iteration": [10, 20], "seconds": [0.1, 0.2], "nash_conv": [1.0, 0.1]})
        ),
    }
    from sheriff_core.theory import efce, sheriff_game

    g = sheriff_game(**efce.MEDIATOR_EXAMPLE)
    charts["mediator"] = lambda: vefce.mediator_chart(
        vefce.outcome_frame(g, {"EFCE": efce.solve_efce(g).plan})
    )
    return charts


CHART_NAMES = (
    "score_breakdown gold_by_round effects sweep balance deck win_rate scores lies "
    "theory_sweep best_response best_response_spec convergence mediator"
).split()


@functools.cache
def charts():
    return _charts()


def test_every_chart_is_checked():
    assert sorted(charts()) == sorted(CHART_NAMES)


@pytest.mark.parametrize("name", CHART_NAMES)
def test_every_chart_in_thai_and_chinese(name):
    english = chart_texts(charts()[name]().to_dict())
    assert untranslated(english), f"{name}: the English chart shows no screens message?"
    for lang in LANGS:
        with language(lang):
            texts = chart_texts(charts()[name]().to_dict())
        assert not untranslated(texts), (lang, untranslated(texts))


def test_switching_language_changes_the_next_render_and_nothing_else():
    game = sc.new_game("classic", players=3, seed=0)
    follows = play_table(game, _bots()[:3], seat=1)  # follows the global switch
    pinned = play_table(game, _bots()[:3], seat=1, language="zh")
    save = game.to_json()
    english = widget_texts(follows)
    assert "make market turn" in english
    set_language("th")
    follows._refresh()
    pinned._refresh()
    thai = widget_texts(follows)
    assert "เล่นตาตลาด" in thai and "make market turn" not in thai
    assert "完成市场回合" in widget_texts(pinned)  # a table given a language keeps it
    assert game.to_json() == save  # the game did not move or change
    assert follows.press("make market turn")  # the control keeps its English key
    set_language("en")
    follows._refresh()
    assert "make market turn" not in widget_texts(follows)  # now the load step
    assert "load bag" in widget_texts(follows)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["classic", "deputies", "disney", "classic-royal"])
def test_rules_summary(lang, variant):
    from sheriff_core.present.rules_summary import rules_summary_html, rules_summary_markdown

    english = html_texts(rules_summary_html(variant, page=True))
    assert untranslated(english)
    with language(lang):
        texts = html_texts(rules_summary_html(variant, page=True))
        texts += rules_summary_markdown(variant).splitlines()
    assert not untranslated(texts), untranslated(texts)
