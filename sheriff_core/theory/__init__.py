"""Game theory of bluffing: closed forms, the Sheriff game tree, an equilibrium solver.

Three parts:

* :mod:`~sheriff_core.theory.inspection` -- the one-bag inspection game built
  from a variant's numbers, its closed-form mixed equilibrium, best responses
  and tidy sweeps (Tsebelis 1989 and the Sheriff's own rule side by side).
* :mod:`~sheriff_core.theory.sheriff_game` -- the bribing game of Farina, Ling,
  Fang and Sandholm (NeurIPS 2019), exactly as OpenSpiel's ``sheriff`` game,
  and the same game with a variant's real numbers.
* :mod:`~sheriff_core.theory.solver` -- a vectorised CFR+/DCFR/PCFR+ solver
  for the two-player games these builders make, with exact NashConv.

>>> import sheriff_core as sc
>>> from sheriff_core import theory
>>> round(theory.equilibrium(theory.inspection_game(sc.load_variant("classic"))).inspect_prob, 3)
0.2
"""

from sheriff_core.theory.efce import (
    CorrelationPlan,
    EFCEResult,
    NFCEResult,
    normal_form_ce,
    solve_efce,
)
from sheriff_core.theory.inspection import (
    Equilibrium,
    InspectionGame,
    best_response_curves,
    compare_variants,
    equilibrium,
    equilibrium_table,
    inspection_game,
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
from sheriff_core.theory.solver import (
    METHODS,
    CFRSolver,
    Solution,
    nash_conv,
    policy_frame,
    solve,
)

__all__ = [
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
    "merchant_best_response",
    "sheriff_best_response",
    "sweep",
]
