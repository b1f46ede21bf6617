"""Tournament charts: valid Vega-Lite drawn from the tournament's tables (the columns of
``TournamentResult.leaderboard()`` / ``head_to_head()`` and ``win_rate_by_mix``)."""

from __future__ import annotations

import pandas as pd
import pytest

from sheriff_core.present.viz import tournament as vt

vlc = pytest.importorskip("vl_convert")


def board() -> pd.DataFrame:
    # deliberately not in rating order: the chart sorts best first itself
    return pd.DataFrame(
        {
            "entrant": ["honest", "mine", "smuggler"],
            "games": [2000, 2000, 2000],
            "wins": [500, 700, 100],
            "win_rate": [0.25, 0.35, 0.05],
            "win_lo": [0.23, 0.33, 0.04],
            "win_hi": [0.27, 0.37, 0.06],
            "rating": [25.0, 28.0, 18.0],
            "rating_lo": [24.0, 27.0, 17.0],
            "rating_hi": [26.0, 29.0, 19.0],
        }
    )


def h2h() -> pd.DataFrame:
    rows = []
    for a in ("mine", "honest", "smuggler"):
        for b in ("mine", "honest", "smuggler"):
            if a != b:
                rate = {"mine": 0.4, "honest": 0.3, "smuggler": 0.05}[a]
                rows.append((a, b, 500, rate, rate - 0.04, rate + 0.04))
    return pd.DataFrame(rows, columns=list(vt.HEAD_TO_HEAD_COLUMNS))


class FakeResult:
    """What the charts read of a tournament result: the two tables and the players."""

    players = 4

    def leaderboard(self) -> pd.DataFrame:
        return board()

    def head_to_head(self) -> pd.DataFrame:
        return h2h()


def _data(spec: dict) -> list[dict]:
    (rows,) = spec["datasets"].values()
    return rows


def test_leaderboard_is_best_first_with_interval_bars_and_a_rating_panel() -> None:
    spec = vt.leaderboard_chart(FakeResult()).to_dict()
    wins, rating = spec["hconcat"]
    assert [layer["mark"]["type"] for layer in wins["layer"]] == ["rule", "errorbar", "point"]
    assert wins["layer"][0]["encoding"]["x"] == {"datum": 0.25}  # the fair share of 4 players
    bars = wins["layer"][1]["encoding"]
    assert (bars["x"]["field"], bars["x2"]["field"]) == ("win_rate_lo", "win_rate_hi")
    assert bars["y"]["sort"] == ["mine", "honest", "smuggler"]  # by rating, best first
    assert rating["layer"][0]["encoding"]["x"]["field"] == "rating_lo"
    assert rating["layer"][0]["encoding"]["y"]["axis"] is None  # names once, on the left
    rows = {r["entrant"]: r for r in _data(spec)}
    assert rows["mine"]["win_rate_lo"] == 0.33 and rows["mine"]["win_rate_hi"] == 0.37
    assert spec["title"]["text"] == "Leaderboard (2,000 games per entrant, best first)"
    assert "fair share (25%)" in spec["title"]["subtitle"][0]
    svg = vlc.vegalite_to_svg(spec)
    assert "mine" in svg and "rating (bar: 95 % interval)" in svg


def test_leaderboard_without_ratings_sorts_by_win_rate_and_has_one_panel() -> None:
    table = board().drop(columns=["rating", "rating_lo", "rating_hi"])
    table.loc[table["entrant"] == "honest", "win_rate"] = 0.5  # now honest is best
    spec = vt.leaderboard_chart(table).to_dict()
    assert "hconcat" not in spec
    assert spec["layer"][0]["mark"]["type"] == "errorbar"  # no fair share known: no line
    assert spec["layer"][0]["encoding"]["y"]["sort"] == ["honest", "mine", "smuggler"]
    assert "fair share" not in spec["title"]["subtitle"][0]
    assert table["win_rate"].tolist() == [0.5, 0.35, 0.05]  # the caller's table untouched


def test_head_to_head_is_a_matrix_with_the_win_rate_in_each_cell() -> None:
    spec = vt.head_to_head_chart(FakeResult()).to_dict()
    cells, text = spec["layer"]
    assert cells["mark"]["type"] == "rect" and text["mark"]["type"] == "text"
    assert cells["encoding"]["color"]["scale"]["domainMid"] == 0.25
    assert cells["encoding"]["x"]["field"] == "opponent"
    assert cells["encoding"]["y"]["sort"] == ["mine", "honest", "smuggler"]
    assert len(_data(spec)) == 6
    svg = vlc.vegalite_to_svg(spec)
    assert svg.count(">40%<") == 2 and svg.count(">5%<") == 2  # each cell labelled


def test_mix_chart_one_line_per_entrant_with_bands() -> None:
    mix = pd.DataFrame(
        {
            "entrant": ["mine"] * 3 + ["bluffer"] * 3,
            "opponent_a": "honest",
            "opponent_b": "smuggler",
            "fraction": [0.0, 0.5, 1.0] * 2,
            "games": 200,
            "win_rate": [0.3, 0.35, 0.4, 0.2, 0.22, 0.3],
            "win_lo": [0.25, 0.3, 0.35, 0.15, 0.17, 0.25],
            "win_hi": [0.35, 0.4, 0.45, 0.25, 0.27, 0.35],
        }
    )
    spec = vt.mix_chart(mix).to_dict()
    band, line = spec["layer"]
    assert band["mark"]["type"] == "area" and band["encoding"]["y2"]["field"] == "win_hi"
    assert line["encoding"]["color"]["field"] == "entrant"
    assert line["encoding"]["x"]["title"] == (
        "share of honest among the other seats (the rest: smuggler)"
    )
    assert {r["entrant"] for r in _data(spec)} == {"mine", "bluffer"}
    assert vlc.vegalite_to_svg(spec).startswith("<svg")
    with pytest.raises(ValueError, match="no column 'share'"):
        vt.mix_chart(mix, x="share")


def test_mix_chart_of_win_rate_by_mix() -> None:
    from sheriff_core.analysis.tournament import win_rate_by_mix

    table = win_rate_by_mix("smuggler", "honest", "briber", (0, 1), games=6, players=3)
    spec = vt.mix_chart(table, entrant="smuggler", opponents=("honest", "briber")).to_dict()
    rows = _data(spec)
    assert [r["mix"] for r in rows] == [0.0, 1.0] and {r["entrant"] for r in rows} == {"smuggler"}
    assert [r["win_rate"] for r in rows] == table["win_rate"].tolist()
    assert vlc.vegalite_to_svg(spec).startswith("<svg")


def test_charts_of_a_real_tournament() -> None:
    from sheriff_core.analysis.tournament import tournament

    result = tournament(
        ["smuggler", "honest+threshold"], games=24, seed=1, players=3, opponents=["briber+bayesian"]
    )
    board = result.leaderboard()
    spec = vt.leaderboard_chart(result).to_dict()
    best_first = board.sort_values("rating", ascending=False)["entrant"].tolist()
    assert spec["hconcat"][0]["layer"][-1]["encoding"]["y"]["sort"] == best_first
    assert spec["hconcat"][0]["layer"][0]["encoding"]["x"] == {"datum": 1 / 3}
    h2h = vt.head_to_head_chart(result).to_dict()
    assert len(_data(h2h)) == len(result.head_to_head())
    for chart in (spec, h2h):
        assert vlc.vegalite_to_svg(chart).startswith("<svg")


def test_a_table_missing_a_column_or_not_a_table_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="leaderboard_chart: the table has no column 'win_hi'"):
        vt.leaderboard_chart(board().drop(columns=["win_hi"]))
    with pytest.raises(TypeError, match="head_to_head_chart takes a tournament result"):
        vt.head_to_head_chart([1, 2])
    with pytest.raises(ValueError, match="no column 'fraction'"):
        vt.mix_chart(board())
    with pytest.raises(ValueError, match="no column 'win_lo'"):
        vt.mix_chart(pd.DataFrame({"fraction": [0.0], "win_rate": [0.1], "win_hi": [0.2]}))


def test_entrants_names_from_students_files_are_drawn_printable() -> None:
    table = board()
    table.loc[0, "entrant"] = "Ann\x1b]0;pwned\x07"
    spec = vt.leaderboard_chart(table).to_dict()
    names = [r["entrant"] for r in _data(spec)]
    assert "Ann\\x1b]0;pwned\\x07" in names and not any("\x1b" in n for n in names)
    frame = h2h()
    frame.loc[0, "opponent"] = "Ben\x1b[2J"
    spec = vt.head_to_head_chart(frame).to_dict()
    assert not any("\x1b" in str(r["opponent"]) for r in _data(spec))
    assert "\x1b" not in vlc.vegalite_to_svg(spec)


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_the_charts_speak_the_language(lang):
    """Titles, axes, legends and tooltips of the three charts come from the catalogs: in Thai
    and Chinese none of their English words is left (issue 28)."""
    import json

    from screens_i18n import ensure_compiled

    from sheriff_core.base.i18n import language

    ensure_compiled()
    board = pd.DataFrame(
        {"entrant": ["a", "b"], "games": [10, 10], "wins": [4, 2], "win_rate": [0.4, 0.2],
         "win_lo": [0.2, 0.1], "win_hi": [0.6, 0.4], "rating": [20.0, -20.0],
         "rating_lo": [0.0, -40.0], "rating_hi": [40.0, 0.0]}
    )  # fmt: skip
    h2h = pd.DataFrame(
        {"entrant": ["a", "b"], "opponent": ["b", "a"], "games": [10, 10],
         "win_rate": [0.6, 0.4], "win_lo": [0.3, 0.2], "win_hi": [0.8, 0.7]}
    )  # fmt: skip
    mix = pd.DataFrame(
        {"fraction": [0.0, 1.0], "win_rate": [0.3, 0.2], "win_lo": [0.2, 0.1],
         "win_hi": [0.4, 0.3]}
    )  # fmt: skip
    english = ("Leaderboard", "Dot:", "interval", "Head to head", "opponent", "share", "Band")
    with language(lang):
        specs = [
            vt.leaderboard_chart(board, fair=0.25).to_dict(),
            vt.head_to_head_chart(h2h).to_dict(),
            vt.mix_chart(mix, entrant="a", opponents=("honest", "smuggler")).to_dict(),
        ]

    def titles(node):  # every title and subtitle a reader sees (not the data's field names)
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("title", "subtitle", "text") and not isinstance(value, dict):
                    yield json.dumps(value, ensure_ascii=False)
                yield from titles(value)
        elif isinstance(node, list):
            for item in node:
                yield from titles(item)

    for spec in specs:
        text = " ".join(titles({k: v for k, v in spec.items() if k != "datasets"}))
        assert text  # the charts have titles to check
        left = [w for w in english if w in text]
        assert not left, f"English left in a {lang} chart: {left}"
