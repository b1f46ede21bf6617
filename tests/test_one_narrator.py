"""One narrator: the CLI tells events with narrate.describe_event; names that moved
between layers are still importable from where they were."""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core import cli
from sheriff_core.bots import make_player
from sheriff_core.engine import STEPS
from sheriff_core.play.driver import drive
from sheriff_core.play.narrate import describe_event


def test_the_cli_tells_each_event_with_describe_event():
    game = sc.new_game("deputies", players=6, seed=4)
    drive(game, [make_player("briber", "threshold")] * 6)
    lines = cli.narrate(game, game.events)
    told = [describe_event(e, game.players) for e in game.events]
    expected = [
        t
        for e, t in zip(game.events, told, strict=True)
        if t and not (e.kind == "paid" and not e.info["gold"])
    ]
    headings = [line for line in lines if line.startswith("Round ")]
    assert len(headings) == game.rounds
    assert [line.strip() for line in lines if not line.startswith("Round ")] == expected
    assert any("votes to" in line for line in lines)  # the Deputies' votes are told too


def test_the_cli_asks_in_the_engines_words():
    for step, rule in STEPS.items():
        assert cli.STEP_HELP[str(step)][0] == rule.asks
    assert set(cli.STEP_FORMS) <= set(cli.STEP_HELP)


def test_moved_names_are_re_exported_where_they_were():
    from sheriff_core import compare, driver, narrate
    from sheriff_core.present.viz import variants as viz_variants
    from sheriff_core.present.widgets import bag
    from sheriff_core.rules import outcomes

    assert bag.bag_outcomes is outcomes.bag_outcomes
    assert bag.OUTCOME_COLUMNS is outcomes.OUTCOME_COLUMNS
    assert viz_variants.simulate_variants is compare.simulate_variants
    assert narrate.play_rounds is driver.play_rounds
