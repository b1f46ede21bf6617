"""The bundled variants' titles and summaries, marked for the ``core`` catalog.

A variant's ``title`` and ``summary`` are data (``data/variants/*.toml``): the screens
show them through the catalogs (``_(variant.title)``), so each bundled one is listed
here for message extraction (``tools/catalogs.py``). The files and the keys never
change; ``tests/i18n/test_fields_catalogs.py`` checks this table holds every bundled
variant's title and summary.

>>> from sheriff_core.rules.variants import load_variant
>>> TITLES["classic"] == load_variant("classic").title
True
"""

from __future__ import annotations

from sheriff_core.base.i18n import N_

__all__ = ["SUMMARIES", "TITLES"]

#: Each bundled variant's ``title``, by its name.
TITLES: dict[str, str] = {
    "classic": N_("Sheriff of Nottingham (1st edition, basic game)"),
    "classic-royal": N_("Sheriff of Nottingham (1st edition, advanced game with royal goods)"),
    "deputies": N_("Six players with two Deputies (2nd edition)"),
    "disney": N_("Disney Robin Hood: Sheriff of Nottingham"),
    "second-edition": N_("Sheriff of Nottingham (2nd edition)"),
    "summary-sheet": N_("Summary-sheet fines (contraband penalty = value)"),
}

#: Each bundled variant's ``summary``, by its name.
SUMMARIES: dict[str, str] = {
    "classic": N_("Rulebook game without royal goods; two discard piles; contraband fine 4."),
    "classic-royal": N_(
        "Classic plus the 12 royal goods, which count as 2-3 legal goods for King/Queen."
    ),
    "deputies": N_("No Sheriff: two Deputies drawn each round share a Loot when they agree."),
    "disney": N_(
        "Carrots, Cheese, Wood, Fabric and Stolen Treasure; 3 goods buy a Villager token."
    ),
    "second-edition": N_(
        "The Sheriff picks who starts the market; one face-up discard pile; draw from the "
        "deck only."
    ),
    "summary-sheet": N_("Classic with contraband fines 6/7/8/9 instead of 4."),
}
