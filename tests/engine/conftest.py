"""Fixtures shared by the engine's tests."""

from __future__ import annotations

import pytest

from sheriff_core.engine.view import SeatView


@pytest.fixture
def real_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Show every seat the merchants' real stands, face-down cards included, as the bots
    saw them before the seat's view (issue 30): the old random-bot games come back."""
    hidden_stands = SeatView.stands.fget
    assert hidden_stands is not None

    def shown(view: SeatView) -> tuple:
        game = view._game  # what the view looks at
        seen = hidden_stands(view)
        return tuple(s._replace(faces=tuple(game.stands[i])) for i, s in enumerate(seen))

    monkeypatch.setattr(SeatView, "stands", property(shown))
