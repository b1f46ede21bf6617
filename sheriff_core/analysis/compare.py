"""Variants compared: the difference table (one row per rule field, one column per
variant) and :func:`simulate_variants` (the same seeded games for several variants).

The table is built from the loaded data only, so a new variant file shows up in it
with no code change.

>>> import sheriff_core as sc
>>> t = sc.compare_variants(["classic", "summary-sheet"])
>>> t.loc["contraband goods (value/penalty)"].tolist()
['Pepper 6/4, Mead 7/4, Silk 8/4, Crossbow 9/4', 'Pepper 6/6, Mead 7/7, Silk 8/8, Crossbow 9/9']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from sheriff_core.analysis.sim import simulate_tables
from sheriff_core.rules.cards import build_deck
from sheriff_core.rules.fields import table_rows
from sheriff_core.rules.variants import Variant, load_variant

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["compare_variants", "simulate_variants", "whole_cells", "WholeCells", "RULE_FIELDS"]


def _per_players(v: Variant, f: Callable[[int], object]) -> str:
    return ", ".join(f"{n}p: {f(n)}" for n in range(v.min_players, v.max_players + 1))


def _goods(v: Variant, kind: str) -> str:
    items = [f"{n} {g.value}/{g.penalty}" for n, g in v.goods.items() if g.kind == kind]
    return ", ".join(items) or "-"


def _counts(v: Variant, kind: str) -> str:
    items = [f"{n} {g.count}" for n, g in v.goods.items() if g.kind == kind]
    return ", ".join(items) or "-"


def _royal(v: Variant) -> str:
    items = [
        f"{n} {g.value}/{g.penalty} (= {g.counts_as[1]} {g.counts_as[0]})"
        for n, g in v.goods.items()
        if g.kind == "royal" and g.counts_as
    ]
    return ", ".join(items) or "-"


def _removed(v: Variant) -> str:
    parts = []
    for n, cards in sorted(v.removed.items()):
        parts.append(f"{n}p: " + ", ".join(f"{k} {c}" for k, c in cards.items() if c))
    return "; ".join(parts) or "-"


def _sheriffs(v: Variant) -> str:
    if v.sheriff_selection == "deputy_deck":
        return (
            f"{v.sheriffs_per_round} {v.term('sheriffs')} drawn from a deck of one card per "
            f"player; the game ends when the deck is used up {v.deputy_deck_passes} times"
        )
    return "one Sheriff, passed to the left"


def _tokens(v: Variant) -> str:
    if not v.tokens:
        return "-"
    return ", ".join(
        f"{t.per_token} {t.good} -> {name} ({t.value}; supply "
        + (str(t.supply) + "".join(f", {k}p: {s}" for k, s in sorted(t.supply_by_players.items())))
        + ")"
        for name, t in v.tokens.items()
    )


RULE_FIELDS: dict[str, Callable[[Variant], object]] = {
    "title": lambda v: v.title,
    "extends": lambda v: " > ".join(v.lineage[:-1]) or "-",
    "players": lambda v: (
        str(v.min_players) if v.min_players == v.max_players else f"{v.min_players}-{v.max_players}"
    ),
    "rounds": lambda v: _per_players(v, v.rounds),
    "times Sheriff each": lambda v: _per_players(v, v.sheriff_turns_for),
    "Sheriffs": _sheriffs,
    "deck size": lambda v: _per_players(v, lambda n: len(build_deck(v, n))),
    "legal goods (value/penalty)": lambda v: _goods(v, "legal"),
    "contraband goods (value/penalty)": lambda v: _goods(v, "contraband"),
    "royal goods (value/penalty)": _royal,
    "legal goods in deck": lambda v: _counts(v, "legal"),
    "contraband in deck": lambda v: _counts(v, "contraband"),
    "cards removed": _removed,
    "bonuses (King/Queen)": lambda v: ", ".join(
        f"{n} {b.king}/{b.queen}" + (" tokens" if b.counts == "tokens" else "")
        for n, b in v.bonuses.items()
    ),
    "tokens": _tokens,
    # One row per single rule field, from the registry (sheriff_core.rules.fields).
    **table_rows(),
}


def compare_variants(
    names: Sequence[str | Variant] | None = None, only_differences: bool = False
) -> pd.DataFrame:
    """One row per rule field, one column per variant (all bundled ones by default).

    ``only_differences=True`` keeps the rows where the variants differ.
    """
    import pandas as pd

    from sheriff_core.rules.variants import variant_names

    variants = [load_variant(n) for n in (names if names is not None else variant_names())]
    table = pd.DataFrame(
        {v.name: {field: f(v) for field, f in RULE_FIELDS.items()} for v in variants}
    )
    table.index.name = "rule"
    if only_differences:
        same = table.astype(str).nunique(axis=1) == 1
        table = table[~same]
    return table


class WholeCells:
    """A table that shows every cell in full, in the notebook (HTML) and as text.

    pandas cuts a cell longer than ``display.max_colwidth`` (50 characters) with
    "…"; the difference table's cells are longer. ``table`` is the DataFrame itself.
    """

    def __init__(self, table: pd.DataFrame) -> None:
        self.table = table

    def _repr_html_(self) -> str:
        import pandas as pd

        with pd.option_context("display.max_colwidth", None):
            return self.table._repr_html_()

    def __repr__(self) -> str:
        import pandas as pd

        with pd.option_context("display.max_colwidth", None):
            return repr(self.table)


def whole_cells(table: pd.DataFrame) -> WholeCells:
    """``table`` shown with whole cells (no "…"): see :class:`WholeCells`.

    >>> import sheriff_core as sc
    >>> shown = whole_cells(sc.compare_variants(["classic", "summary-sheet"]))
    >>> "Crossbow 9/9" in shown._repr_html_() and "…" not in repr(shown)
    True
    """
    return WholeCells(table)


def simulate_variants(
    variants: Sequence[str | Variant] | str | Variant,
    *,
    players: int = 4,
    games: int = 200,
    seed: int = 0,
    per: str = "player",
    **kwargs: Any,
) -> pd.DataFrame:
    """:func:`sheriff_core.simulate` (``per="player"``) or :func:`sheriff_core.simulate_bags`
    (``per="bag"``) for several variants with the same seed, stacked. Variants that
    cannot be played by ``players`` are played at their nearest supported count. Other
    keyword arguments go to ``simulate`` (``engine="auto"`` by default: the compiled
    simulator for the variants it plays, the rules engine for the others, saying why once).
    (Also importable from :mod:`sheriff_core.present.viz.variants`, where it used to live.)

    Each variant's games are played once for both tables and kept (the last 16 runs):
    asking again, for the other table, or for fewer games of the same seed (the first
    games of a longer run are the same games) plays nothing.

    >>> df = simulate_variants(["classic", "summary-sheet"], players=3, games=2, seed=1)
    >>> df.groupby("variant").size().to_dict()
    {'classic': 6, 'summary-sheet': 6}
    """
    import pandas as pd

    pick = {"player": 0, "bag": 1}[per]
    frames = []
    names = [variants] if isinstance(variants, str | Variant) else variants
    for name in names:
        v = load_variant(name) if isinstance(name, str) else name
        n = min(max(players, v.min_players), v.max_players)
        frames.append(_tables(v, n, games, seed, kwargs)[pick])
    return pd.concat(frames, ignore_index=True)


#: simulate_variants' runs: arguments but the number of games -> (games, both tables).
_RUNS: dict[tuple[str, ...], tuple[int, pd.DataFrame, pd.DataFrame]] = {}


def _tables(
    v: Variant, players: int, games: int, seed: int, kwargs: dict[str, Any]
) -> tuple[pd.DataFrame, pd.DataFrame]:
    def run(n: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        return simulate_tables(v, players=players, games=n, seed=seed, progress=False, **kwargs)

    key: tuple[str, ...]
    try:  # bot instances among the arguments: not kept
        key = (
            json.dumps(v.to_data(), sort_keys=True),
            v.source,
            json.dumps(kwargs, sort_keys=True),
        )
    except (TypeError, ValueError):
        return run(games)
    key += (str(players), str(seed))
    kept = _RUNS.get(key)
    if kept is None or kept[0] < games:
        if len(_RUNS) >= 16:
            _RUNS.clear()
        kept = _RUNS[key] = (games, *run(games))
    known, per_player, per_bag = kept
    if known == games:
        return per_player, per_bag
    return per_player[per_player["game"] < games], per_bag[per_bag["game"] < games]
