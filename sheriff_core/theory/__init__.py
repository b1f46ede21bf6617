"""Game theory of bluffing: closed forms, the Sheriff game tree, an equilibrium solver.

Four parts:

* :mod:`~sheriff_core.theory.inspection` -- the one-bag inspection game built
  from a variant's numbers, its closed-form mixed equilibrium, best responses
  and tidy sweeps (Tsebelis 1989 and the Sheriff's own rule side by side).
* :mod:`~sheriff_core.theory.sheriff_game` -- the bribing game of Farina, Ling,
  Fang and Sandholm (NeurIPS 2019), exactly as OpenSpiel's ``sheriff`` game,
  and the same game with a variant's real numbers.
* :mod:`~sheriff_core.theory.solver` -- a vectorised CFR+/DCFR/PCFR+ solver
  for the two-player games these builders make, with exact NashConv.
* :mod:`~sheriff_core.theory.choices` -- the choices derived exactly: how many
  cards to hide, relative scores with N players, when bribes are paid, what
  commitment is worth, and nashpy's enumeration of equilibria as a cross-check.

>>> import sheriff_core as sc
>>> from sheriff_core import theory
>>> round(theory.equilibrium(theory.inspection_game(sc.load_variant("classic"))).inspect_prob, 3)
0.2
"""

from typing import TYPE_CHECKING, Any

from sheriff_core.theory.choices import (
    BagGame,
    BribeCondition,
    Commitment,
    ExactEquilibrium,
    bag_game,
    bribe_condition,
    commitment,
    count_equilibrium,
    leader_values,
    load_equilibrium,
    load_values,
    menu_game,
    nashpy_equilibria,
    outcomes,
    relative_equilibrium,
)
from sheriff_core.theory.inspection import (
    Equilibrium,
    InspectionGame,
    best_response_curves,
    compare_variants,
    equilibrium,
    equilibrium_table,
    inspection_game,
    inspection_threshold,
    merchant_best_response,
    sheriff_best_response,
    sweep,
)
from sheriff_core.theory.sheriff_game import (
    OPENSPIEL_SIZES,
    ExtensiveGame,
    SheriffParams,
    bimatrix_game,
    build_game,
    sheriff_game,
    sheriff_game_from_variant,
)

if TYPE_CHECKING:
    from sheriff_core.theory.efce import (
        CorrelationPlan,
        EFCEResult,
        NFCEResult,
        normal_form_ce,
        solve_efce,
    )
    from sheriff_core.theory.solver import (
        METHODS,
        CFRSolver,
        Solution,
        nash_conv,
        policy_frame,
        solve,
    )

_SOLVER_NAMES = frozenset(
    ("METHODS", "CFRSolver", "Solution", "nash_conv", "policy_frame", "solve")
)
_EFCE_NAMES = frozenset(
    ("CorrelationPlan", "EFCEResult", "NFCEResult", "normal_form_ce", "solve_efce")
)


def __getattr__(name: str) -> Any:
    """The solver and the EFCE linear program (pandas, scipy) are imported on first use,
    so the bots can read :mod:`~sheriff_core.theory.inspection` without them."""
    if name in _SOLVER_NAMES:
        from sheriff_core.theory import solver

        return getattr(solver, name)
    if name in _EFCE_NAMES:
        from sheriff_core.theory import efce

        return getattr(efce, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BagGame",
    "BribeCondition",
    "Commitment",
    "ExactEquilibrium",
    "bag_game",
    "bribe_condition",
    "commitment",
    "count_equilibrium",
    "leader_values",
    "load_equilibrium",
    "load_values",
    "menu_game",
    "nashpy_equilibria",
    "outcomes",
    "relative_equilibrium",
    "CFRSolver",
    "CorrelationPlan",
    "EFCEResult",
    "NFCEResult",
    "normal_form_ce",
    "solve_efce",
    "Equilibrium",
    "ExtensiveGame",
    "METHODS",
    "OPENSPIEL_SIZES",
    "SheriffParams",
    "Solution",
    "bimatrix_game",
    "build_game",
    "nash_conv",
    "policy_frame",
    "sheriff_game",
    "sheriff_game_from_variant",
    "solve",
    "InspectionGame",
    "best_response_curves",
    "compare_variants",
    "equilibrium",
    "equilibrium_table",
    "inspection_game",
    "inspection_threshold",
    "merchant_best_response",
    "sheriff_best_response",
    "sweep",
]
