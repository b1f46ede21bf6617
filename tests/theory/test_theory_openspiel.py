"""Cross-checks against OpenSpiel's own ``sheriff`` game (optional extra ``openspiel``)."""

import numpy as np
import pytest

from sheriff_core.theory import OPENSPIEL_SIZES, sheriff_game, solve

pyspiel = pytest.importorskip("pyspiel")


def _walk(game):
    """All terminals (history -> returns) and infosets (player, string -> legal actions)."""
    terminals, infosets = {}, {}
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            terminals[tuple(state.history())] = tuple(state.returns())
            continue
        p = state.current_player()
        infosets[(p, state.information_state_string(p))] = tuple(state.legal_actions())
        for a in state.legal_actions():
            stack.append(state.child(a))
    return terminals, infosets


def _params(key):
    return {"max_bribe": key[0], "max_items": key[1], "num_rounds": key[2]}


@pytest.mark.parametrize("key", sorted(OPENSPIEL_SIZES), ids=lambda k: "/".join(map(str, k)))
def test_same_tree_as_openspiel(key):
    ours = sheriff_game(**_params(key))
    terminals, infosets = _walk(pyspiel.load_game("sheriff", _params(key)))
    mine = dict(zip(ours.histories, map(tuple, ours.payoff), strict=True))
    assert mine == terminals  # identical histories and payoffs on every terminal
    for p in (0, 1):
        theirs = {name: acts for (q, name), acts in infosets.items() if q == p}
        assert set(ours.infosets[p]) == set(theirs)
        n_seq = 1 + sum(len(a) for a in theirs.values())
        assert len(ours.seq_infoset[p]) == n_seq
        for s in range(1, len(ours.seq_infoset[p])):
            info = ours.infosets[p][ours.seq_infoset[p][s]]
            assert int(ours.seq_action[p][s]) in theirs[info]
    s = ours.sizes()
    assert (s["sequences_0"], s["sequences_1"], s["infosets_0"], s["infosets_1"]) == (
        OPENSPIEL_SIZES[key][:4]
    )


def _to_pyspiel_policy(game, policy_df):
    table = {}
    for info, sub in policy_df.groupby("infoset", sort=False):
        table[info] = list(
            zip(sub.action_id.astype(int), sub.probability.astype(float), strict=True)
        )
    return pyspiel.TabularPolicy(table)


@pytest.mark.parametrize(
    "key", [(3, 3, 1), (3, 5, 2), (5, 3, 2), (3, 3, 4)], ids=lambda k: "/".join(map(str, k))
)
def test_openspiel_agrees_with_our_nash_conv(key):
    ours = sheriff_game(**_params(key))
    sol = solve(ours, target=1e-4, max_iterations=400, check_every=50)
    ps_game = pyspiel.load_game("sheriff", _params(key))
    theirs = pyspiel.nash_conv(ps_game, _to_pyspiel_policy(ps_game, sol.policy))
    assert theirs == pytest.approx(sol.nash_conv, abs=1e-9)


def test_python_tabular_policy_nash_conv_matches():
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    key = (3, 3, 2)
    ours = sheriff_game(**_params(key))
    sol = solve(ours, target=1e-3, max_iterations=30, check_every=10)  # deliberately unsolved
    ps_game = pyspiel.load_game("sheriff", _params(key))
    tab = policy_lib.TabularPolicy(ps_game)
    for info, action_id, prob in zip(
        sol.policy.infoset, sol.policy.action_id, sol.policy.probability, strict=True
    ):
        tab.action_probability_array[tab.state_lookup[info], action_id] = prob
    theirs = exploitability.nash_conv(ps_game, tab)
    assert sol.nash_conv > 1e-3
    assert theirs == pytest.approx(sol.nash_conv, abs=1e-9)


def test_openspiel_cfr_plus_policy_has_the_nash_conv_we_compute():
    from sheriff_core.theory import nash_conv

    key = (3, 3, 2)
    ps_game = pyspiel.load_game("sheriff", _params(key))
    solver = pyspiel.CFRPlusSolver(ps_game)  # keep alive while its policy is used
    for _ in range(50):
        solver.evaluate_and_update_policy()
    avg = solver.average_policy()
    theirs = pyspiel.nash_conv(ps_game, avg)
    ours = sheriff_game(**_params(key))
    strategy = []
    for p in (0, 1):
        sig = np.ones(len(ours.seq_infoset[p]))
        for s in range(1, len(sig)):
            info = ours.infosets[p][ours.seq_infoset[p][s]]
            probs = dict(avg.get_state_policy(info))
            sig[s] = probs[int(ours.seq_action[p][s])]
        strategy.append(sig)
    assert nash_conv(ours, tuple(strategy)) == pytest.approx(theirs, abs=1e-9)
    del solver
