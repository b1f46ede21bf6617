"""Random house rules, the compiled kernel against the checked engine (slow-marked).

Thirty house rules drawn over the fields the variant editor offers (numbers near their
value, every choice, the tie-breaks, the Sheriffs' selection), on every bundled parent, each with a
random line-up of the registered bots and their parameters: both tables of 40 games equal
(``DataFrame.equals``), or both engines refuse to finish the same run.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled simulator needs numba (the fast extra)")

from sheriff_core.analysis import sim  # noqa: E402
from sheriff_core.analysis.fastsim.tables import unsupported  # noqa: E402
from sheriff_core.base.errors import VariantError  # noqa: E402
from sheriff_core.rules.fields import kernel_problems  # noqa: E402
from sheriff_core.rules.house import editable_fields, house_rule  # noqa: E402

PARENTS = ("classic", "summary-sheet", "second-edition", "classic-royal", "disney", "deputies")


def _random_rule(rng: np.random.Generator) -> tuple[str, dict]:
    parent = PARENTS[int(rng.integers(len(PARENTS)))]
    fields = [f for f in editable_fields(parent) if not f.path.startswith("players.")]
    changes: dict = {}
    for i in rng.choice(len(fields), size=int(rng.integers(1, 5)), replace=False):
        f = fields[int(i)]
        if f.type == "int":
            lo, hi = f.bounds
            v = int(f.value)
            changes[f.path] = int(rng.integers(max(lo, v // 2), min(hi, 2 * v + 2) + 1))
        elif f.type == "bool":
            changes[f.path] = bool(rng.integers(2))
        else:
            choice = f.choices[int(rng.integers(len(f.choices)))]
            changes[f.path] = list(choice) if isinstance(choice, tuple) else choice
    return parent, changes


def _random_bot(rng: np.random.Generator, role: str) -> str:
    u = lambda: round(float(rng.random()), 2)  # noqa: E731
    if role == "merchant":
        return [
            "honest",
            f"smuggler:risk={u()}",
            f"bluffer:bluff={u()}",
            f"briber:risk={u()},scale={2 * u()}",
            f"adaptive:prior={1 + 4 * u()},base={u()},scale={u()}",
            f"adaptive:threshold={u()}",
        ][int(rng.integers(6))]
    return [
        "trusting",
        "always-inspect",
        f"threshold:size={int(rng.integers(1, 6))},grudge={bool(rng.integers(2))}",
        f"threshold:bribe={int(rng.integers(0, 6))}",
        f"bayesian:signal={1 + 3 * u()},margin={2 * u()},explore={u() / 2}",
        "bayesian:threaten=false",
    ][int(rng.integers(6))]


@pytest.mark.slow
def test_random_house_rules_identical() -> None:
    rng = np.random.default_rng(2027)
    played = refused = 0
    while played + refused < 30:
        parent, changes = _random_rule(rng)
        try:
            v = house_rule(parent, changes)
        except VariantError:
            continue  # the loader refuses it (e.g. bag_min above bag_max): no variant
        merchants = [_random_bot(rng, "merchant") for _ in range(int(rng.integers(1, 4)))]
        sheriffs = [_random_bot(rng, "sheriff") for _ in range(int(rng.integers(1, 3)))]
        reasons = unsupported(v, merchants, sheriffs)
        # the registered bots are all played; a field whose ``kernel`` leaves out the
        # value (a new field plays only its default) is refused, the registry says which
        allowed = set(kernel_problems(v))
        if "tokens" in v.tiebreaks:
            allowed.add("tie-break 'tokens' in a variant without tokens")
        assert set(reasons) <= allowed, (changes, reasons)
        if reasons:
            continue
        # a player count the variant allows (deputy decks: one the loader accepted)
        players = int(rng.integers(max(3, v.min_players), min(6, v.max_players) + 1))
        if v.sheriff_selection == "deputy_deck":
            players = v.max_players
        kw = dict(players=players, games=40, seed=int(rng.integers(1000)), progress=False)
        kw.update(merchants=merchants, sheriffs=sheriffs)
        try:
            checked = sim.simulate_tables(v, engine="checked", **kw)
        except (ValueError, RuntimeError) as err:  # a deck too small for the rule
            with pytest.raises(RuntimeError, match="the checked engine cannot play"):
                sim.simulate_tables(v, engine="fast", **kw)
            refused += 1
            print("both refuse:", parent, changes, type(err).__name__)
            continue
        fast = sim.simulate_tables(v, engine="fast", **kw)
        assert fast[0].equals(checked[0]), (parent, changes, merchants, sheriffs, players)
        assert fast[1].equals(checked[1]), (parent, changes, merchants, sheriffs, players)
        played += 1
    assert played >= 20
