"""Extensive-form correlated equilibria of the Sheriff game: LP sizes, times, welfare.

For each instance (max_bribe/max_items/num_rounds, optionally with the item
value, item penalty and Sheriff penalty after a colon) it prints:

* the game's size (sequences of each player) and the EFCE LP's size: plan
  variables (relevant sequence pairs), all variables (with the trigger duals),
  constraints, non-zeros; the time to build it and HiGHS' solve time;
* the welfare (sum of both payoffs) of the welfare-maximising EFCE, of a Nash
  equilibrium found by our predictive CFR+ (its exact NashConv stated), and,
  when the game is small enough (one round), of the welfare-maximising
  normal-form correlated equilibrium (brute force over pure profiles);
* bribes on the EFCE's path: the probability that a positive final bribe is
  paid (the bag passes) and the expected bribe; the largest expected bribe of
  *any* EFCE (a second LP); the same probability for the Nash equilibrium;
* the verifier's largest trigger gain for the EFCE (exact recursion, no LP) and its time.

``--openspiel`` adds, for one-round instances, OpenSpiel's distances of the EFCE
(decomposed into joint pure policies) and a baseline: the device OpenSpiel's
``CorrDevBuilder`` makes from ``pyspiel.CFRSolver``'s current policies.

Usage::

    python benchmarks/efce.py                       # the table of docs/efce.md (minutes)
    python benchmarks/efce.py 3/3/3                 # 35,197 plan variables: 5 to 12 min
    python benchmarks/efce.py 3/3/1 2/2/1:4,2,1     # chosen instances
    python benchmarks/efce.py --openspiel 3/3/1 2/2/1:4,2,1
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from sheriff_core.theory import efce, sheriff_game, solve

DEFAULT = [
    "1/1/1",
    "3/3/1",
    "2/2/2",
    "3/3/2",
    "3/5/2",
    "5/3/2",
    "2/2/1:4,2,1",
    "2/2/2:4,2,1",
    "3/3/2:4,2,1",
    "2/2/3:4,2,1",
]


def parse(instance: str) -> dict:
    """``"b/m/r"`` or ``"b/m/r:value,penalty,sheriff_penalty"`` -> sheriff_game kwargs."""
    sizes, _, money = instance.partition(":")
    b, m, r = (int(x) for x in sizes.split("/"))
    out: dict = {"max_bribe": b, "max_items": m, "num_rounds": r}
    if money:
        v, p, s = (float(x) for x in money.split(","))
        out.update(item_value=v, item_penalty=p, sheriff_penalty=s)
    return out


def run(instance: str, openspiel: bool, cfr_iterations: int) -> dict:
    params = parse(instance)
    game = sheriff_game(**params)
    sizes = game.sizes()
    res = efce.solve_efce(game)
    t0 = time.perf_counter()
    gain = efce.verify(game, res.plan)
    verify_s = time.perf_counter() - t0
    most = efce.solve_efce(game, terminal_weights=efce.bribe_weights(game))
    sol = solve(game, target=1e-6, max_iterations=20_000, check_every=50)
    ne_plan = efce.behaviour_plan(game, sol.strategy)
    row = {
        "instance": instance,
        "seq0": sizes["sequences_0"],
        "seq1": sizes["sequences_1"],
        "plan_vars": res.plan_variables,
        "lp_vars": res.variables,
        "lp_cons": res.constraints,
        "nonzeros": res.nonzeros,
        "build_s": round(res.build_seconds, 2),
        "solve_s": round(res.seconds, 2),
        "efce_welfare": round(res.welfare, 4),
        "efce_values": [round(v, 4) for v in res.values],
        "ne_welfare": round(sum(sol.values), 4),
        "ne_nash_conv": float(f"{sol.nash_conv:.1e}"),
        "efce_bribe_paid": round(efce.bribe_stats(game, res.plan)["paid_prob"], 4),
        "efce_expected_bribe": round(efce.bribe_stats(game, res.plan)["expected_bribe"], 4),
        "efce_max_expected_bribe": round(efce.bribe_stats(game, most.plan)["expected_bribe"], 4),
        "ne_bribe_paid": round(efce.bribe_stats(game, ne_plan)["paid_prob"], 4),
        "max_gain": float(f"{gain:.1e}"),
        "verify_s": round(verify_s, 2),
    }
    if params["num_rounds"] == 1:
        nf = efce.normal_form_ce(game)
        row["nfce_welfare"] = round(nf.welfare, 4)
        most = efce.normal_form_ce(game, terminal_weights=efce.bribe_weights(game))
        row["nfce_max_expected_bribe"] = round(
            efce.bribe_stats(game, most.plan)["expected_bribe"], 4
        )
        if openspiel:
            row.update(_openspiel(params, game, res, cfr_iterations))
    return row


def _openspiel(params: dict, game, res, cfr_iterations: int) -> dict:
    import pyspiel

    ps = pyspiel.load_game("sheriff", params)
    parts = efce.decompose(game, res.plan)
    dev = efce.openspiel_device(game, parts)
    out = {
        "efce_support": len(parts),
        "efce_cce_dist": float(f"{pyspiel.cce_dist(ps, dev).dist_value:.1e}"),
        "efce_ce_dist": round(pyspiel.ce_dist(ps, dev).dist_value, 4),
    }
    cfr = pyspiel.CFRSolver(ps)
    builder = pyspiel.CorrDevBuilder()
    for _ in range(cfr_iterations):
        cfr.evaluate_and_update_policy()
        builder.add_mixed_joint_policy(cfr.tabular_current_policy())
    cfr_dev = builder.get_correlation_device()
    info = pyspiel.cce_dist(ps, cfr_dev)
    out.update(
        {
            "cfr_device_iterations": cfr_iterations,
            "cfr_device_welfare": round(sum(info.on_policy_values), 4),
            "cfr_device_cce_dist": round(info.dist_value, 4),
            "cfr_device_ce_dist": round(pyspiel.ce_dist(ps, cfr_dev).dist_value, 4),
        }
    )
    return out


COLUMNS = [
    ("instance", "instance"),
    ("seq0", "seq 0"),
    ("seq1", "seq 1"),
    ("plan_vars", "plan vars"),
    ("lp_vars", "LP vars"),
    ("lp_cons", "LP cons"),
    ("build_s", "build s"),
    ("solve_s", "solve s"),
    ("efce_welfare", "EFCE welfare"),
    ("nfce_welfare", "NFCE welfare"),
    ("ne_welfare", "NE welfare"),
    ("ne_nash_conv", "NE NashConv"),
    ("efce_bribe_paid", "EFCE P(bribe paid)"),
    ("efce_expected_bribe", "EFCE E[bribe]"),
    ("efce_max_expected_bribe", "max E[bribe], any EFCE"),
    ("ne_bribe_paid", "NE P(bribe paid)"),
    ("max_gain", "max trigger gain"),
]


def markdown(rows: list[dict]) -> str:
    head = "| " + " | ".join(t for _, t in COLUMNS) + " |"
    sep = "|" + "|".join("---:" if k != "instance" else "---" for k, _ in COLUMNS) + "|"
    body = ["| " + " | ".join(str(r.get(k, "–")) for k, _ in COLUMNS) + " |" for r in rows]
    return "\n".join([head, sep, *body])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("instances", nargs="*", default=DEFAULT)
    ap.add_argument("--openspiel", action="store_true", help="OpenSpiel distances (1 round)")
    ap.add_argument("--cfr-iterations", type=int, default=100)
    ap.add_argument("--json", action="store_true", help="one JSON object per instance")
    args = ap.parse_args(argv)
    rows = []
    for inst in args.instances:
        row = run(inst, args.openspiel, args.cfr_iterations)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr if not args.json else sys.stdout, flush=True)
    if not args.json:
        print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
