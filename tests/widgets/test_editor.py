"""The variant editor: controls -> house rule (through the loader), difference, save, measure."""

from __future__ import annotations

import html
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

import sheriff_core as sc
from sheriff_core.present.widgets.editor import VariantEditor, variant_editor
from sheriff_core.rules.house import editable_fields, house_rule

PEPPER = "Pepper: fine per card (penalty)"


def _text(value: str) -> str:
    return " ".join(html.unescape(re.sub("<[^>]+>", " ", value)).split())


def test_every_field_that_applies_has_a_control_that_offers_only_its_allowed_values():
    for name in sc.variant_names():
        ed = variant_editor(name)
        fields = {f.path: f for f in editable_fields(name)}
        assert set(ed.controls) == {p for p, f in fields.items() if f.applies}, name
        for path, control in ed.controls.items():
            f = fields[path]
            assert control.description == f.label and control.value == f.value, path
            if f.type == "int":
                assert isinstance(control, widgets.BoundedIntText)
                assert (control.min, control.max) == f.bounds, path
            elif f.type == "choice":
                assert isinstance(control, widgets.Dropdown)
                assert [v for _label, v in control.options] == list(f.choices), path
                assert [w for w, _v in control.options] == list(f.choice_labels), path
            else:
                assert isinstance(control, widgets.Checkbox)
        assert len(set(ed.descriptions())) == len(ed.controls), "descriptions are unique"
        assert list(ed.tabs.titles) == ["Setup", "Round", "Goods", "Bonuses", "Scoring"]
        assert ed.error is None and ed.changes == {}


def test_fields_the_parent_does_not_use_are_hidden():
    classic = variant_editor("classic")
    assert not [p for p in classic.controls if p.startswith("sheriffs.")]
    assert "round.sheriff_turns_by_players.4" in classic.controls
    deputies = variant_editor("deputies")
    assert {"sheriffs.per_round", "sheriffs.deck_passes"} <= set(deputies.controls)
    assert not [p for p in deputies.controls if p.startswith("round.sheriff_turns")]


def test_choices_read_as_words_and_turns_say_their_player_count():
    ed = variant_editor("classic")
    starter = ed.control("who starts the market")
    assert starter.label == "the player on the Sheriff's left"
    labels = [w for w, _v in ed.control("winner tie-breaks, in order").options]
    assert "most legal goods, then most contraband" in labels
    assert not [w for w in labels + list(starter.options[1][:1]) if "_" in w]
    assert ed.control("times each player is Sheriff (for 4 players)").value == 2
    assert ed.control("times each player is Sheriff (any number of players)").value == 2
    starter.value = "sheriff_chooses"
    assert _text(ed.diff.value).endswith(
        "who starts the market the player on the Sheriff's left a player the Sheriff chooses"
    )


def test_a_change_shows_the_difference_at_once_and_undoing_it_clears_it():
    ed = variant_editor("classic")
    assert ed.diff.value == "" and "no changes yet" in _text(ed.status.value)
    ed.control(PEPPER).value = 6
    assert ed.changes == {"goods.Pepper.penalty": 6}
    assert ed.variant == house_rule("classic", {"goods.Pepper.penalty": 6})
    assert _text(ed.diff.value) == "rule classic classic-house Pepper: fine per card (penalty) 4 6"
    assert "classic-house loads: 1 rule field changed from classic." in _text(ed.status.value)
    ed.control("starting gold").value = 30
    assert "starting gold 50 30" in _text(ed.diff.value)
    ed.control(PEPPER).value = 4
    assert ed.changes == {"setup.starting_gold": 30}
    assert "Pepper" not in _text(ed.diff.value)


def test_a_refused_rule_shows_the_loaders_message_in_red_without_raising():
    ed = variant_editor("classic")
    ed.control("fewest cards in a bag").value = 4
    ed.control("most cards in a bag").value = 3
    with pytest.raises(sc.VariantError) as loader:
        house_rule("classic", {"round.bag_min": 4, "round.bag_max": 3})
    assert (
        ed.error
        == str(loader.value)
        == ("classic-house.toml: [round] bag_max: must be >= 4, got 3")
    )
    assert "color:#b00020" in ed.status.value
    assert _text(ed.status.value) == f"Refused by the rules: {loader.value}"
    assert ed.variant is None and ed.diff.value == ""
    assert ed.save() is None and "Not saved" in _text(ed.saved.value)
    assert ed.measure() is None and "Nothing to measure" in _text(ed.measure_status.value)
    ed.control("most cards in a bag").value = 5
    assert ed.error is None and ed.variant.bag_min == 4


def test_a_per_player_count_follows_its_default_unless_set():
    ed = variant_editor("classic")
    four = ed.control("times each player is Sheriff (for 4 players)")
    ed.control("times each player is Sheriff (any number of players)").value = 3
    assert four.value == 3 and ed.variant.rounds(4) == 12
    four.value = 2  # the parent's value, but the default moved: a change
    assert ed.changes == {"round.sheriff_turns": 3, "round.sheriff_turns_by_players.4": 2}
    assert ed.variant.rounds(4) == 8 and ed.variant.rounds(5) == 15


def test_save_writes_the_toml_and_shows_its_path_and_text(tmp_path: Path):
    ed = variant_editor("second-edition")
    ed.control(PEPPER).value = 6
    ed.name.value = "harsh"
    ed.file_name.value = str(tmp_path / "harsh.toml")
    path = ed.save()
    assert path == tmp_path / "harsh.toml" and ed.saved_path == path
    loaded = sc.load_variant(path)
    assert loaded.name == "harsh" and loaded.goods["Pepper"].penalty == 6
    assert loaded.market_starter == "sheriff_chooses"  # the rest from the parent
    shown = _text(ed.saved.value)
    assert str(path.resolve()) in shown and 'extends = "second-edition"' in shown
    assert "[goods.Pepper] penalty = 6" in shown


def test_an_empty_name_is_the_files_name_when_saved(tmp_path: Path):
    ed = variant_editor("classic")
    ed.control("starting gold").value = 40
    assert ed.name.value == "" and ed.variant.name == "classic-house"
    ed.file_name.value = str(tmp_path / "rich-start.toml")
    assert sc.load_variant(ed.save()).name == "rich-start"


def test_choosing_another_parent_starts_again_from_it():
    ed = variant_editor("classic")
    ed.control(PEPPER).value = 6
    ed.parent.value = "disney"
    assert ed.changes == {} and ed.variant.name == "disney-house"
    assert "Owl: King Richard's Gold" in ed.descriptions()
    assert ed.players.options == (3, 4, 5)
    ed.control("Jewels: fine per card (penalty)").value = 9
    assert ed.variant.goods["Jewels"].penalty == 9 and ed.variant.lineage[-2] == "disney"


def test_measure_calls_the_swappable_function_with_both_rule_sets():
    calls = []

    class Result:
        def _repr_html_(self):
            return "<p>measured</p>"

    def fake(parent, variant, *, players, games, seed):
        calls.append((parent, variant, players, games, seed))
        return Result()

    ed = variant_editor("classic", games=300, seed=7)
    ed.measure_with = fake
    ed.control("starting gold").value = 30
    result = ed.measure()
    assert calls == [("classic", ed.variant, 4, 300, 7)] and ed.measured is result
    assert ed.measure_out.outputs[0]["data"]["text/html"] == "<p>measured</p>"
    assert "Measured 300 games of each (4 players, seed 7)" in _text(ed.measure_status.value)

    def broken(*args, **kwargs):
        raise ModuleNotFoundError("No module named 'sheriff_core.analysis.lab'")

    ed.measure_with = broken
    assert ed.measure() is None and not ed.measure_button.disabled
    assert "Could not measure: ModuleNotFoundError" in _text(ed.measure_status.value)


def test_repr_is_a_sentence():
    ed = VariantEditor("classic")
    assert repr(ed) == (
        "Variant editor: a house rule of classic with no changes yet (run this cell to open it)."
    )
    ed.control(PEPPER).value = 6
    assert repr(ed).startswith("Variant editor: a house rule of classic with 1 change (")


def test_measure_it_runs_the_labs_paired_comparison():
    from sheriff_core.analysis.lab import compare_rules

    ed = variant_editor("classic", games=100, seed=3)
    ed.control(PEPPER).value = 6
    result = ed.measure()
    same = compare_rules("classic", ed.variant, players=4, games=100, seed=3)
    assert result.table.equals(same.table)
    gold = result.table.set_index("metric").loc["gold_moved"]
    assert gold["difference"] > 0 and gold["distinguishable"]  # each caught Pepper costs 6
    (shown,) = ed.measure_out.outputs
    page = shown["data"]["text/html"]
    # Headline first, then the chart, then the details (collapsed), then the note once.
    at = [page.index(html.escape(result.headline)), page.index("<svg")]
    at += [page.index("<details"), page.index(html.escape(result.note))]
    assert at == sorted(at), at
    assert page.count(html.escape(result.note)) == 1
    assert all(html.escape(s) in page for s in result.sentences)
    assert ed.progress.children == ()  # the bars of the run are gone


def test_a_rule_change_clears_what_was_measured_or_saved_for_the_old_rule(tmp_path: Path):
    class Result:
        def _repr_html_(self):
            return "<p>measured</p>"

    ed = variant_editor("classic")
    ed.measure_with = lambda *a, **k: Result()
    ed.control(PEPPER).value = 6
    ed.file_name.value = str(tmp_path / "pepper.toml")
    assert ed.save() is not None and ed.measure() is not None
    assert ed.measure_out.outputs and "Saved to" in _text(ed.saved.value)
    ed.control("starting gold").value = 40
    assert ed.measured is None and ed.saved_path is None
    assert ed.measure_out.outputs == () and ed.saved.value == "" and ed.measure_status.value == ""
    ed.measure()
    ed.name.value = "renamed"  # the name is part of the rule too
    assert ed.measured is None and ed.measure_out.outputs == ()


def test_several_changes_offer_to_measure_each_on_its_own():
    import pandas as pd

    class Result:
        def _repr_html_(self):
            return "<p>measured</p>"

    calls = []

    def each(parent, changes, *, players, games, seed):
        calls.append((parent, dict(changes), players, games, seed))
        rows = []
        for k, (path, value) in enumerate(changes.items()):
            moved = k == 0
            rows.append(
                {
                    "change": f"{path}={value}",
                    "metric": "gold_moved",
                    "strategy": "",
                    "kind": "number",
                    "difference": 5.0 if moved else 0.0,
                    "ci_low": 4.0 if moved else -1.0,
                    "ci_high": 6.0 if moved else 1.0,
                    "distinguishable": moved,
                    "same_rules": False,
                    "games": games,
                }
            )
        return pd.DataFrame(rows)

    ed = variant_editor("classic", games=200, seed=5)
    ed.measure_with = lambda *a, **k: Result()
    ed.measure_each_with = each
    ed.control(PEPPER).value = 6
    ed.measure()
    assert ed.each_box.layout.display == "none"  # one change: nothing to split
    ed.control("starting gold").value = 40
    ed.control("fewest cards in a bag").value = 6  # refused alone: bags of 6 to 5 cards
    ed.control("most cards in a bag").value = 6
    assert ed.error is None
    ed.measure()
    assert ed.each_box.layout.display is None
    intro = _text(ed.each_intro.value)
    assert intro.startswith("You changed 4 rules: Pepper: fine per card (penalty): 4 → 6;")
    table = ed.measure_each()
    assert calls == [
        (
            "classic",
            {"goods.Pepper.penalty": 6, "setup.starting_gold": 40, "round.bag_max": 6},
            4,
            200,
            5,
        )
    ]
    assert ed.measured_each is table
    shown = _text(ed.each_out.outputs[0]["data"]["text/html"])
    assert "Pepper: fine per card (penalty): 4 → 6 With this house rule" in shown
    assert "starting gold: 50 → 40 No difference seen beyond noise" in shown
    assert "fewest cards in a bag: 1 → 6 Refused by the rules on its own:" in shown
    assert "bag_max: must be >= 6, got 5" in shown
    ed.control("starting gold").value = 50
    assert ed.measured_each is None and ed.each_out.outputs == ()


def test_the_pages_echo_of_captured_progress_bars_cannot_replace_the_result(monkeypatch):
    """What the browser did (issue 24): an Output the page captures into (``with out:``)
    sends the captured progress bars back to the kernel after the callback, and that
    update replaced the result. Emulate the echo: every Output a run captured into gets
    the bars; the result must stay, and the bars must not be on show."""

    class Result:
        def _repr_html_(self):
            return "<p>measured</p>"

    captured: list[widgets.Output] = []
    enter = widgets.Output.__enter__

    def recording_enter(self):
        captured.append(self)
        return enter(self)

    monkeypatch.setattr(widgets.Output, "__enter__", recording_enter)
    ed = variant_editor("classic")
    ed.measure_with = lambda *a, **k: Result()
    ed.control(PEPPER).value = 6
    for press in range(3):
        ed.measure()
        bars = {"output_type": "stream", "name": "stdout", "text": "classic x4: 100%\n"}
        for out in captured:
            out.outputs = (bars,)  # the page's late update
        assert [o["data"]["text/html"] for o in ed.measure_out.outputs] == ["<p>measured</p>"]
        assert ed.progress.children == (), press
    assert captured and ed.measure_out not in captured


def test_measure_it_says_which_simulator_played_and_both_give_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The editor measures with the compiled simulator where it plays both rule sets (a
    house rule of classic with the lab's bots), says so, and gets the rules engine's
    result; without numba the rules engine measures, which it says."""
    pytest.importorskip("numba", reason="the compiled simulator needs numba (the fast extra)")
    import pandas as pd

    from sheriff_core.analysis import lab
    from sheriff_core.present.widgets.editor import VariantEditor

    editor = VariantEditor("classic", games=100, seed=2)
    editor.control("Pepper: fine per card (penalty)").value = 6
    result = editor.measure()
    assert "played by the compiled simulator" in editor.measure_status.value
    checked = lab.compare_rules(
        "classic", editor.variant, games=100, seed=2, progress=False, engine="checked"
    )
    pd.testing.assert_frame_equal(result.table, checked.table)
    import sheriff_core.analysis.fastsim

    monkeypatch.setattr(sheriff_core.analysis.fastsim, "available", lambda: False)  # no numba
    disney = VariantEditor("disney", games=100)
    disney.control("starting gold").value = 30
    disney.measure()
    assert "played by the rules engine" in disney.measure_status.value
