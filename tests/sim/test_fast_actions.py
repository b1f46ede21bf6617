"""The kernel's games as the engine's actions (``fastsim.game_actions``), replayed.

For a sample of games per variant and line-up: the kernel's action texts are the checked
engine's own history (``game.history``) of the same game, and replaying them through
``game.apply`` on a new game from the same seed ends the game with the same hands,
stands, gold and scores, which are also those of the kernel's player table.
"""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("numba", reason="the compiled simulator needs numba (the fast extra)")

import sheriff_core as sc  # noqa: E402
from sheriff_core.analysis import sim  # noqa: E402
from sheriff_core.analysis.fastsim import game_actions, play_chunk  # noqa: E402
from sheriff_core.bots import make_player  # noqa: E402
from sheriff_core.engine.actions import parse_action  # noqa: E402
from sheriff_core.rules.house import house_rule  # noqa: E402

MERCHANTS = ["briber", "adaptive", "bluffer", "smuggler:risk=0.9", "honest"]
SHERIFFS = ["bayesian", "threshold:bribe=2", "always-inspect", "threshold"]


def _same_action(a: str, b: str) -> bool:
    """Equal texts; a debt paid in goods may list its cards in another order (the kernel
    keeps stands as counts, not in the order the cards arrived): the same cards."""
    if a.startswith("pay-debt ") and b.startswith("pay-debt "):
        return Counter(a[9:].split(",")) == Counter(b[9:].split(","))
    return a == b


#: Bribers offering little against bayesian Sheriffs: demands, accepted and declined.
DEMANDS = (["briber:scale=0.2", "adaptive:scale=0.1"], ["bayesian"])


@pytest.mark.parametrize(
    "variant, players, lineup, shown",
    [
        ("classic", 3, None, {"confiscate", "decline"}),
        ("classic", 5, None, {"confiscate", "decline"}),
        ("summary-sheet", 4, None, {"confiscate", "decline"}),
        ("second-edition", 4, None, {"starter"}),
        ("classic-royal", 4, None, {"confiscate", "decline"}),
        ("classic-royal", 5, None, {"confiscate", "decline"}),
        ("classic", 4, DEMANDS, {"accept", "decline"}),
        ("disney", 4, None, {"exchange", "starter"}),
        ("deputies", 6, None, {"starter"}),
        (
            ("deputies", {"setup.discard_piles": 2, "setup.starting_gold": 4}),
            6,
            None,
            {"confiscate", "pay-debt"},
        ),  # fmt: skip
        ("disney", 3, DEMANDS, {"exchange", "accept"}),
        # little gold: debts paid in goods, where the engine asks which (pay-debt)
        (("classic", {"round.bag_min": 2, "setup.starting_gold": 3}), 4, None, {"pay-debt"}),
    ],
)
def test_the_kernels_actions_replay_to_the_same_game(
    variant: object, players: int, lineup: tuple | None, shown: set[str]
) -> None:
    v = house_rule(*variant) if isinstance(variant, tuple) else sc.load_variant(variant)
    seeds = sim.game_seeds(31, 0, 8)
    merchants, sheriffs = lineup or (MERCHANTS, SHERIFFS)
    texts = game_actions(v, players, seeds, merchants, sheriffs)
    rows, _ = play_chunk(v, players, seeds, 0, merchants, sheriffs, True)
    kinds: Counter[str] = Counter()
    for i, ss in enumerate(seeds):
        seats = [
            make_player(
                merchants[(s + i) % players % len(merchants)],
                sheriffs[(s + i) % players % len(sheriffs)],
            )
            for s in range(players)
        ]
        checked = sim.play_seeded(v, players, ss, seats)
        history = [str(a) for _, a in checked.history]
        assert len(texts[i]) == len(history)
        assert all(_same_action(a, b) for a, b in zip(texts[i], history, strict=True))
        replay = sc.new_game(v, players=players, seed=ss, first_sheriff=0)
        for text in texts[i]:
            replay.apply(parse_action(text))
        assert replay.is_over
        assert replay.hands == checked.hands
        assert [sorted(s) for s in replay.stands] == [sorted(s) for s in checked.stands]
        assert replay.gold == checked.gold
        assert replay.score_rows() == checked.score_rows()
        got = slice(i * players, (i + 1) * players)
        assert rows["gold"][got].tolist() == list(replay.gold)
        assert rows["total"][got].tolist() == [r["total"] for r in replay.score_rows()]
        kinds.update(t.split(" ", 1)[0] for t in texts[i])
    # the sample has the actions this case is about
    assert {"market", "load", "declare", "inspect", "pass", "threaten", "offer"} <= set(kinds)
    assert shown <= set(kinds)


def test_a_log_too_small_is_grown() -> None:
    """The log's room is a guess; a game that does not fit is played again with more."""
    from sheriff_core.analysis.fastsim import _run

    v = sc.load_variant("classic")
    seeds = sim.game_seeds(2, 0, 2)
    assert _run(v, 3, seeds, 0, MERCHANTS, SHERIFFS, True, False, 10)[2] is None
    texts = game_actions(v, 3, seeds, MERCHANTS, SHERIFFS)
    assert len(texts[0]) > 50 and texts[0][0].startswith("market")
