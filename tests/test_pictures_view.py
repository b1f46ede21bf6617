"""The pictures' viewer (``table_html(game, viewer=seat)``) draws the other places from
the seat's view alone (issue 30): it never reads a hidden hand or a closed bag."""

from __future__ import annotations

import pytest

import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.engine.steps import Step
from sheriff_core.play.driver import drive
from sheriff_core.present.pictures import table_html


class Tripwire(list):
    """Cards nobody may look at: their number may be read, not the cards."""

    def __iter__(self):
        raise AssertionError("a hidden card was read")

    def __getitem__(self, i):
        raise AssertionError("a hidden card was read")


@pytest.mark.parametrize("viewer", [0, 1, 2, 3])
def test_a_viewers_picture_never_reads_the_others_hidden_cards(viewer):
    game = sc.new_game("classic", players=4, seed=2)
    drive(game, [make_player("smuggler", "trusting")] * 4, until=lambda g: g.step == Step.SHERIFF)
    expected = table_html(game, viewer=viewer)
    game.mark_staged()
    for seat in range(game.n):
        if seat != viewer:
            game.hands[seat] = Tripwire(game.hands[seat])
            if seat in game.bags:
                game.bags[seat] = Tripwire(game.bags[seat])
    assert table_html(game, viewer=viewer) == expected
    with pytest.raises(AssertionError, match="hidden card"):
        table_html(game)  # the author's view shows them all
