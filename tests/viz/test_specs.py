"""The explorers' fast specs (``viz.specs``): the same spec and the same outputs as the charts.

The explorers draw a new setting from a chart's spec built once and filled in with new
datasets (:func:`sheriff_core.present.viz.specs.filled`). These tests compare, for many settings,
that spec with the chart's own ``to_dict()`` and the outputs a notebook shows
(``_displayed``: IPython's display formatter with the active altair renderer).
"""

from __future__ import annotations

import copy
import itertools

import altair as alt
import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.analysis.sim import simulate_tables
from sheriff_core.present.viz import specs
from sheriff_core.present.viz import theory as vt
from sheriff_core.present.viz import variants as vv
from sheriff_core.present.widgets import explore

pytest.importorskip("vl_convert")


@pytest.fixture
def renderer():
    """Switch altair's renderer for one test, and back."""
    before = alt.renderers.active

    def use(name: str) -> None:
        alt.renderers.enable(name)

    yield use
    alt.renderers.enable(before)


def _games() -> list[theory.InspectionGame]:
    """Every kind of equilibrium: mixed, pure (worthless contraband), continuum, Tsebelis."""
    games = []
    for name in ("classic", "summary-sheet"):
        v = sc.load_variant(name)
        for value, penalty, k, to_sheriff in itertools.product(
            (1, 2, 6, 20), (1, 9), (1, 5), (True, False)
        ):
            games.append(
                theory.inspection_game(
                    v, k=k, value=value, penalty=penalty, fine_to_sheriff=to_sheriff
                )
            )
    return games


GAMES = _games()
KINDS = {theory.equilibrium(g).kind for g in GAMES}


def test_the_games_cover_every_kind_of_equilibrium() -> None:
    assert KINDS == {"mixed", "pure", "continuum"}


@pytest.mark.parametrize("title", [None, "Best responses and the equilibrium"])
def test_best_response_spec_is_the_charts_spec(title: str | None) -> None:
    for game in GAMES if title is None else GAMES[::8]:
        spec = vt.best_response_spec(game, title=title)
        assert spec.to_dict() == vt.best_response_chart(game, title=title).to_dict(), game.label


def test_best_response_data_are_the_frames_rows() -> None:
    for game in GAMES[::5]:
        data = vt.best_response_data(game)
        assert data["curves"] == specs.records(vt.best_response_frame(game))
        assert len(data["equilibrium"]) == 1


def test_best_response_spec_displays_as_the_chart(renderer) -> None:
    renderer("json")  # the spec itself as the output: cheap, so many games
    for game in GAMES[::2]:
        assert explore._displayed(vt.best_response_spec(game)) == explore._displayed(
            vt.best_response_chart(game)
        )
    renderer("svg")  # as the lessons draw them: the same SVG, byte for byte
    for game in GAMES[::16]:
        fast = explore._displayed(vt.best_response_spec(game, "t"))
        assert fast == explore._displayed(vt.best_response_chart(game, "t"))
        assert fast[0]["data"]["image/svg+xml"].startswith("<svg")
        assert fast[0]["data"]["text/plain"] == "alt.LayerChart(...)"


def _runs() -> list[tuple]:
    out = []
    for variant, players, merchants, sheriff, seed in [
        ("classic", 4, ("honest", "smuggler", "bluffer", "briber"), "threshold", 0),
        ("classic", 3, ("honest", "adaptive"), "always-inspect", 5),
        ("summary-sheet", 5, ("smuggler", "briber"), "threshold", 7),
        ("deputies", 6, ("honest", "smuggler", "bluffer"), "threshold", 1),
        ("second-edition", 4, ("honest",), "threshold", 2),  # honest: no lies to catch
    ]:
        results, bags = simulate_tables(
            variant,
            players=players,
            games=20,
            seed=seed,
            merchants=list(merchants),
            sheriffs=[sheriff],
            progress=False,
        )
        out.append((results, bags))
    return out


RUNS = _runs()


def test_variant_specs_are_the_charts_specs() -> None:
    for results, bags in RUNS:
        assert vv.win_rate_spec(results).to_dict() == vv.win_rate_chart(results).to_dict()
        rates = vv.win_rates(results)
        assert vv.win_rate_spec(results, rates=rates).to_dict() == (
            vv.win_rate_chart(results).to_dict()
        )
        assert (
            vv.score_distribution_spec(results).to_dict()
            == vv.score_distribution_chart(results).to_dict()
        )
        assert vv.lies_caught_spec(bags).to_dict() == vv.lies_caught_chart(bags).to_dict()
    both = vv.simulate_variants(["classic", "summary-sheet"], players=4, games=20, seed=3)
    assert vv.win_rate_spec(both).to_dict() == vv.win_rate_chart(both).to_dict()


def test_variant_specs_display_as_the_charts(renderer) -> None:
    renderer("svg")
    results, bags = RUNS[0]
    fast = explore._displayed(
        vv.win_rate_spec(results), vv.score_distribution_spec(results), vv.lies_caught_spec(bags)
    )
    slow = explore._displayed(
        vv.win_rate_chart(results), vv.score_distribution_chart(results), vv.lies_caught_chart(bags)
    )
    assert fast == slow and all(o["data"]["text/plain"] == "alt.Chart(...)" for o in fast)


def _inline(spec: dict) -> dict:
    """The same spec with each named dataset written into the marks that use it (the form
    altair gave these charts before they had named datasets)."""
    spec = copy.deepcopy(spec)
    datasets = spec.pop("datasets")
    for part in [spec, *spec.get("layer", [])]:
        if "data" in part:
            part["data"] = {"values": datasets[part["data"]["name"]]}
    return spec


def test_named_datasets_draw_the_same_svg_as_inline_data() -> None:
    import vl_convert as vlc

    results, bags = RUNS[0]
    for chart in (
        vt.best_response_chart(GAMES[0]),
        vt.best_response_chart(GAMES[-1], title="t"),
        vv.win_rate_chart(results),
        vv.score_distribution_chart(results),
        vv.lies_caught_chart(bags),
    ):
        spec = chart.to_dict()
        assert "datasets" in spec and "values" not in str(_strip_datasets(spec))
        assert vlc.vegalite_to_svg(spec) == vlc.vegalite_to_svg(_inline(spec))


def _strip_datasets(spec: dict) -> dict:
    return {k: v for k, v in spec.items() if k != "datasets"}


def test_the_explorers_show_their_charts(renderer) -> None:
    renderer("svg")
    ix = explore.inspection_explorer("classic")
    for value in (3, 13):
        ix.value.value = value
        assert ix.out.outputs == explore._displayed(ix.chart)
    ix.to_sheriff.value = False
    assert ix.out.outputs == explore._displayed(ix.chart)
    ex = explore.simulation_explorer(games=20, seed=11)
    ex.players.value = 5
    assert ex.out.outputs == explore._displayed(*ex.charts)


def test_a_theme_change_gives_the_themes_spec() -> None:
    game = GAMES[3]
    before = alt.theme.active
    alt.theme.register("sheriff-test-theme", enable=False)(
        lambda: {"config": {"background": "#123456"}}
    )
    alt.theme.enable("sheriff-test-theme")
    try:
        fast = vt.best_response_spec(game).to_dict()
        assert fast == vt.best_response_chart(game).to_dict()
        assert fast["config"]["background"] == "#123456"
    finally:
        alt.theme.enable(before)
    assert "background" not in vt.best_response_spec(game).to_dict()["config"]


def test_filled_refuses_other_datasets_or_keys() -> None:
    data = vt.best_response_data(GAMES[0])
    with pytest.raises(ValueError, match="has datasets \\['curves', 'equilibrium'\\], not"):
        specs.filled("best_response", lambda: vt.best_response_chart(GAMES[0]), {"curves": []})
    with pytest.raises(ValueError, match="no top-level 'subtitle'"):
        specs.filled("best_response", lambda: vt.best_response_chart(GAMES[0]), data, subtitle="x")


def test_a_spec_handed_out_is_a_copy() -> None:
    spec = vt.best_response_spec(GAMES[0])
    spec.to_dict()["layer"][0]["mark"]["type"] = "bar"
    assert vt.best_response_spec(GAMES[1]).to_dict()["layer"][0]["mark"]["type"] == "line"
