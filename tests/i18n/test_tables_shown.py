"""Tables, fallback labels and the editor's differences in Thai and Chinese (issue 28,
gaps 1 and 2): :func:`sheriff_core.shown` gives a display-only copy of a table in the
reader's language; lessons 00 and 07 show their tables through it; the widgets' plain-text
stand-ins ("run this cell to open it") and the variant editor's difference table are in
the widget's language.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from screens_i18n import ensure_compiled, html_texts

import sheriff_core as sc
from sheriff_core.base.i18n import _, language
from sheriff_core.bots import make_player
from sheriff_core.narrate import bag_rows, play_rounds

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("th", "zh")
SCRIPT = {"th": re.compile(r"[\u0e00-\u0e7f]"), "zh": re.compile(r"[\u4e00-\u9fff]")}


@pytest.fixture(autouse=True)
def _catalogs():
    ensure_compiled()


def _goods() -> pd.DataFrame:
    classic = sc.load_variant("classic")
    return pd.DataFrame(
        [(g.name, g.kind, g.count, g.value, g.penalty) for g in classic.goods.values()],
        columns=["good", "kind", "cards", "value", "penalty"],
    )


def _game() -> sc.Game:
    game = sc.new_game("classic", players=4, seed=1)
    lineup = [
        make_player(m, "threshold:bribe=3") for m in ("honest", "smuggler", "bluffer", "briber")
    ]
    play_rounds(game, lineup)
    return game


def _lesson_tables() -> dict[str, pd.DataFrame]:
    """The tables lessons 00 and 07 show, built as the lessons build them (English)."""
    goods = _goods()
    game = _game()
    scores = game.final_scores()
    return {
        "goods": goods,
        "kinds": goods.groupby("kind")[["cards", "value"]].agg({"cards": "sum", "value": "mean"}),
        "bags": pd.DataFrame(bag_rows(game)),
        "scores": scores[["player", "gold", "goods_value", "bonus", "total", "rank"]],
        "all scores": scores,
    }


#: Every header the tables of lessons 00 and 07 show (lesson 07's labels() is its own).
LESSON_HEADERS = [
    *("good", "kind", "cards", "value", "penalty"),
    *("round", "merchant", "declared", "bag", "threatened", "offers", "outcome", "bribe", "fine"),
    *("player", "gold", "goods_value", "bonus", "total", "rank"),
]


def test_the_lessons_headers_are_all_listed():
    tables = _lesson_tables()
    seen = {str(c) for name in ("goods", "bags", "scores") for c in tables[name].columns}
    seen.add(str(tables["kinds"].index.name))
    assert seen == set(LESSON_HEADERS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_header_of_the_lessons_tables_is_translated(lang):
    tables = _lesson_tables()
    shown = {name: sc.shown(t, language=lang) for name, t in tables.items()}
    for name, table in tables.items():
        for english, header in zip(table.columns, shown[name].columns, strict=True):
            if english in LESSON_HEADERS or name == "all scores":
                assert header != english and SCRIPT[lang].search(str(header)), (name, english)
    assert SCRIPT[lang].search(shown["kinds"].index.name)
    assert all(SCRIPT[lang].search(k) for k in shown["kinds"].index)  # legal, contraband


@pytest.mark.parametrize("lang", LANGS)
def test_the_vocabulary_cells_are_translated_and_numbers_are_not(lang):
    tables = _lesson_tables()
    bags, goods = tables["bags"], tables["goods"]
    with language(lang):
        shown_bags, shown_goods = sc.shown(bags), sc.shown(goods)
    for column in ("declared", "outcome"):
        i = bags.columns.get_loc(column)
        for english, there in zip(bags[column], shown_bags.iloc[:, i], strict=True):
            assert there != english and SCRIPT[lang].search(there), (english, there)
    threatened = shown_bags.iloc[:, bags.columns.get_loc("threatened")]
    with language(lang):
        assert set(threatened) == {_("yes"), _("no")}
    offers = shown_bags.iloc[:, bags.columns.get_loc("offers")]
    assert all(not o or not o.startswith(("merchant:", "Sheriff:")) for o in offers)
    assert any(o for o in offers)
    for column in ("good", "kind"):
        assert not set(goods[column]) & set(shown_goods.iloc[:, goods.columns.get_loc(column)])
    for column in ("cards", "value", "penalty"):
        i = goods.columns.get_loc(column)
        assert shown_goods.iloc[:, i].tolist() == goods[column].tolist()
    for column in ("round", "fine"):
        assert shown_bags.iloc[:, bags.columns.get_loc(column)].tolist() == bags[column].tolist()
    assert shown_bags.iloc[:, 1].tolist() == bags["merchant"].tolist()  # names as they are


def test_the_same_form_as_the_narration():
    from sheriff_core.narrate import declared_text

    table = pd.DataFrame({"declared": ["3 Cheese", "12 Green Apples"]})
    for lang in LANGS:
        with language(lang):
            assert sc.shown(table).iloc[:, 0].tolist() == [
                declared_text("3 Cheese"),
                declared_text("12 Green Apples"),
            ]


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_table_itself_is_never_modified(lang):
    for name, table in _lesson_tables().items():
        before = table.copy(deep=True)
        out = sc.shown(table, language=lang)
        assert out is not table
        pd.testing.assert_frame_equal(table, before, obj=name)
        assert list(table.columns) == list(before.columns)


def test_english_gives_an_equal_frame():
    for name, table in _lesson_tables().items():
        pd.testing.assert_frame_equal(sc.shown(table), table, obj=name)
        with language("th"):
            pd.testing.assert_frame_equal(sc.shown(table, language="en"), table, obj=name)
    series = pd.Series(["Apples", "inspected: lie"], name="outcome")
    pd.testing.assert_series_equal(sc.shown(series), series)


@pytest.mark.parametrize("lang", LANGS)
def test_unknown_headers_and_cells_pass_through(lang):
    table = pd.DataFrame(
        {"strategy_mix": ["Ann", "no", "merchant", "3 Apples and more", "passed: maybe"], "x": 1.5}
    )
    out = sc.shown(table, language=lang)
    assert list(out.columns) == ["strategy_mix", "x"]
    assert out["strategy_mix"].tolist() == table["strategy_mix"].tolist()
    assert out["x"].tolist() == [1.5] * 5


@pytest.mark.parametrize("lang", LANGS)
def test_a_series_and_an_index(lang):
    series = pd.Series(["inspected: lie", "Pepper"], name="outcome", index=["a", "b"])
    out = sc.shown(series, language=lang)
    assert SCRIPT[lang].search(str(out.name)) and all(SCRIPT[lang].search(v) for v in out)
    assert list(out.index) == ["a", "b"]


def test_an_unknown_language_is_refused_and_nothing_changes():
    table = _goods()
    with pytest.raises(ValueError, match="unknown language 'xx'; supported: en"):
        sc.shown(table, language="xx")
    assert sc.get_language() == "en"


# ----------------------------------------------------------------- the lessons' outputs

ENGLISH_CELLS = re.compile(
    r"\b(Apples|Cheese|Bread|Chickens|Pepper|Mead|Silk|Crossbow|legal|contraband|"
    r"inspected|passed|truth|True|False|merchant|declared|threatened|offers|outcome|"
    r"goods_value|player|penalty|value|kind|cards|rank|total|bonus|gold|round|bribe|fine|good|"
    r"sheriff|honest|smuggler|bluffer|briber|threshold)\b"
)


def _shown_outputs(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    out = []
    for cell in nb.cells:
        if (
            cell.cell_type == "code"
            and cell.source.splitlines()[-1:]
            and (cell.source.splitlines()[-1].startswith("sc.shown("))
        ):
            out += ["".join(o.get("data", {}).get("text/plain", "")) for o in cell.outputs]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("folder", ["notebooks", "notebooks/instructor"])
def test_lesson_00_tables_are_in_the_lessons_language(lang, folder):
    """The goods, kinds, seats (the bots), bags, scores and winner tables of the Thai and
    Chinese lesson 00 show no English header, game word or bot name (before ``sc.shown``
    they showed "Apples", "legal", "inspected: truth", "3 Cheese", "honest" and English
    headers)."""
    texts = _shown_outputs(ROOT / folder / f"00_start_here.{lang}.ipynb")
    assert len(texts) == 6, texts
    for text in texts:
        assert SCRIPT[lang].search(text), text
        assert not ENGLISH_CELLS.search(text), (ENGLISH_CELLS.search(text), text[:300])


def test_the_english_lesson_00_shows_the_english_tables():
    texts = _shown_outputs(ROOT / "notebooks" / "00_start_here.ipynb")
    assert len(texts) == 6 and "inspected: lie" in texts[3] and "contraband" in texts[0]
    assert "bluffer" in texts[2] and "threshold" in texts[5]


# ----------------------------------------------------------------- fallback labels


def _widgets(lang: str | None) -> dict[str, object]:
    from sheriff_core.present.widgets.bag import BagBuilder
    from sheriff_core.present.widgets.editor import variant_editor
    from sheriff_core.present.widgets.explore import simulation_explorer
    from sheriff_core.present.widgets.inspection import InspectionSimulator
    from sheriff_core.present.widgets.market import MarketTurn
    from sheriff_core.present.widgets.play import play_table

    bots = [make_player("honest", "threshold")] * 4
    return {
        "play table": play_table(sc.new_game("classic", players=4, seed=11), bots, seat=1, language=lang),
        "market": MarketTurn(sc.new_game("classic", players=4, seed=11), language=lang),
        "bag builder": BagBuilder(["Apples", "Mead"], language=lang),
        "inspection": InspectionSimulator(sc.new_game("classic", players=4, seed=3), bots, language=lang),
        "editor": variant_editor("classic", language=lang),
        "explorer": simulation_explorer(games=20, run=False, language=lang),
    }  # fmt: skip


def test_the_fallback_labels_in_english_are_as_before():
    got = {name: repr(w) for name, w in _widgets("en").items()}
    assert got == {
        "play table": "Play table: run this cell to open the table",
        "market": "Market turn of Ben (run this cell to open it)",
        "bag builder": "Bag builder for a hand of 2 cards (run this cell to open it)",
        "inspection": "Inspection simulator: run this cell to open it",
        "editor": "Variant editor: a house rule of classic with no changes yet "
        "(run this cell to open it).",
        "explorer": "Simulation explorer (classic, 4 players): run this cell to pick "
        "strategies and see charts.",
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_fallback_labels_are_in_the_widgets_language(lang):
    shown = _widgets(lang)
    for name, w in shown.items():
        text = repr(w)
        assert SCRIPT[lang].search(text) and "run this cell" not in text, (name, text)
    ed = shown["editor"]
    ed.control("fewest cards in a bag").value = 4  # type: ignore[attr-defined]
    ed.control("most cards in a bag").value = 3  # type: ignore[attr-defined]
    refused = repr(ed)
    assert "2" in refused and "refused" not in refused and SCRIPT[lang].search(refused)
    # a widget following the global switch speaks the switch's language
    with language(lang):
        follows = repr(_widgets(None)["play table"])
    assert follows == repr(shown["play table"])
    assert repr(_widgets(None)["play table"]).startswith("Play table")


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_07_table_cell_stores_the_label_in_its_language(lang):
    """What a reader sees before running the table's cell (on main: English)."""
    for folder in ("notebooks", "notebooks/instructor"):
        nb = nbformat.read(ROOT / folder / f"07_play_a_game.{lang}.ipynb", as_version=4)
        (cell,) = [c for c in nb.cells if c.cell_type == "code" and c.source.endswith("\ntable")]
        text = "".join(cell.outputs[0]["data"]["text/plain"])
        assert SCRIPT[lang].search(text) and "run this cell" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_labels_put_each_control_beside_its_words(lang):
    table = _widgets(lang)["play table"]
    labels = table.labels()  # type: ignore[attr-defined]
    assert labels.iloc[:, 0].tolist() == table.descriptions()  # type: ignore[attr-defined]
    assert all(SCRIPT[lang].search(str(h)) for h in labels.columns)
    assert all(SCRIPT[lang].search(s) for s in labels.iloc[:, 1])
    english = _widgets("en")["play table"].labels()  # type: ignore[attr-defined]
    assert list(english.columns) == ["name in code", "shown on the table"]
    assert english.iloc[:, 0].tolist() == english.iloc[:, 1].tolist()


# ----------------------------------------------------------------- the editor's differences

#: One change of every kind of field: a number, a tick box, a choice in words, a
#: tie-break order (an empty one reads "none"), a good's kind.
CHANGES = {
    "Pepper: fine per card (penalty)": 6,
    "draw from the discard piles": False,
    "who starts the market": "sheriff_chooses",
    "market turn order": "discard-then-draw",
    "debts paid in goods": "any",
    "winner tie-breaks, in order": (),
    "Silk: kind": "royal",
}


def _diff_rows(lang: str) -> list[list[str]]:
    from sheriff_core.present.widgets.editor import variant_editor

    ed = variant_editor("classic", language=lang)
    for label, value in CHANGES.items():
        ed.control(label).value = value
    assert ed.error is None, ed.error
    rows = re.findall(r"<tr>(.*?)</tr>", ed.diff.value)
    return [html_texts(row) for row in rows]


@pytest.mark.parametrize("lang", LANGS)
def test_the_editors_difference_table_is_in_the_language(lang):
    """Every cell of the header row and of the rows a newcomer reads is in the language,
    except the variants' own names (``classic``, ``classic-house``) and numbers."""
    english, there = _diff_rows("en"), _diff_rows(lang)
    assert len(english) == len(CHANGES) + 1 == len(there)
    names = {"classic", "classic-house"}
    checked = 0
    for row_en, row in zip(english, there, strict=True):
        for cell_en, cell in zip(row_en, row, strict=True):
            if cell_en in names or not re.search("[A-Za-z]", cell_en):
                assert cell == cell_en
                continue
            assert cell != cell_en and SCRIPT[lang].search(cell), (cell_en, cell)
            assert not re.search("[A-Za-z]{2}", cell), cell  # no English word left
            checked += 1
    assert checked >= 2 * len(CHANGES)


@pytest.mark.parametrize("lang", LANGS)
def test_booleans_read_yes_and_no(lang):
    import numpy as np

    table = pd.DataFrame(
        {"threatened": [True, False], "mixed": pd.Series([np.True_, "x"], dtype=object)}
    )
    out = sc.shown(table, language=lang)
    with language(lang):
        yes, no = _("yes"), _("no")
    assert out.iloc[:, 0].tolist() == [yes, no] and out.iloc[:, 1].tolist() == [yes, "x"]
    assert table["threatened"].dtype == bool  # the table keeps its booleans
