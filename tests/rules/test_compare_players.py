"""The rule-difference table says a fixed player count as one number (issue 24, item 9)."""

from __future__ import annotations

import sheriff_core as sc


def test_a_fixed_player_count_is_one_number_not_a_range():
    table = sc.compare_variants()
    assert table.loc["players", "deputies"] == "6"  # was "6-6"
    assert table.loc["players", "classic"] == "3-5"
    assert not table.loc["players"].str.fullmatch(r"(\d+)-\1").any()
