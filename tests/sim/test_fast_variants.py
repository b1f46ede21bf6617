"""The compiled kernel on every bundled variant it plays, and on the bots beyond the first
step (``docs/compiled_sim.md``): for each, the frames of ``simulate`` and
``simulate_bags`` equal the checked engine's (``DataFrame.equals``), game by game.

Each test also asserts that the games exercise what it is about (a starter step, a
royal good on a stand, an adaptive merchant smuggling...), so that a kernel that skips
the rule could not pass by luck.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba", reason="the compiled simulator needs numba (the fast extra)")

import sheriff_core as sc  # noqa: E402
from sheriff_core.analysis import sim  # noqa: E402
from sheriff_core.analysis.fastsim.tables import unsupported  # noqa: E402


def _same_tables(variant: object, **kw: object) -> tuple:
    """Both tables of the same games with each engine; asserts they are equal."""
    fast = sim.simulate_tables(variant, engine="fast", progress=False, **kw)
    checked = sim.simulate_tables(variant, engine="checked", progress=False, **kw)
    assert fast[0].equals(checked[0]), "player tables differ"
    assert fast[1].equals(checked[1]), "bag tables differ"
    return fast


@pytest.mark.parametrize("players", [3, 4, 5])
def test_second_edition_identical(players: int) -> None:
    """market_starter = "sheriff_chooses": the Sheriff bots name their left neighbour
    (SheriffBot.starter) and the kernel starts the market there; one discard pile,
    discard-then-draw, no drawing from the discards, reshuffle_keep 0."""
    v = sc.load_variant("second-edition")
    assert v.market_starter == "sheriff_chooses" and unsupported(v, ["honest"], ["threshold"]) == []
    per_player, per_bag = _same_tables(v, players=players, games=120, seed=40 + players)
    assert (per_player["fines_paid"] > 0).any() and per_bag["inspected"].any()


@pytest.mark.parametrize(
    "variant, merchants, sheriffs",
    [
        # the derived threshold per load (theory.inspection) against a Sheriff whose rate
        # it reads; bribes when threatened (threshold:bribe) and a bayesian's demands
        ("classic", ["adaptive", "honest", "smuggler", "bluffer"], "threshold"),
        ("classic", ["adaptive", "adaptive:prior=1,base=0.1,scale=1", "briber"], "bayesian"),
        ("summary-sheet", ["adaptive", "briber", "honest"], ["threshold:bribe=2", "trusting"]),
        ("second-edition", ["adaptive:threshold=0.4", "adaptive:threshold=1"], "always-inspect"),
    ],
)
def test_adaptive_merchant_identical(variant: str, merchants: list, sheriffs: object) -> None:
    """The fifth merchant: the public record of each Sheriff (bags faced and opened) read
    at the market and the load, the plan of AdaptiveMerchant.plan with the one-bag
    threshold per load, and the briber's answer to threats."""
    assert unsupported(sc.load_variant(variant), merchants, sim.bot_list(sheriffs, "sheriff")) == []
    per_player, per_bag = _same_tables(
        variant, players=4, games=120, seed=11, merchants=merchants, sheriffs=sheriffs
    )
    mine = per_bag[per_bag["strategy"].str.startswith("adaptive")]
    assert (~mine["truthful"]).any() and mine["truthful"].any()  # it smuggles, and not always
    assert (mine["contraband"] > 0).any()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_royal_goods_identical(players: int) -> None:
    """classic-royal: royal goods are loaded, kept at the market and smuggled as contraband
    by the bots, paid in debts as contraband, and count as 2-3 of their legal good for
    King and Queen."""
    v = sc.load_variant("classic-royal")
    assert unsupported(v, list(sim.DEFAULT_MERCHANTS) + ["adaptive"], ["bayesian"]) == []
    merchants = ["smuggler:risk=0.9", "adaptive", "briber", "honest", "bluffer"][:players]
    _same_tables(
        v,
        players=players,
        games=100,
        seed=60 + players,
        merchants=merchants,
        sheriffs=["trusting", "threshold"],
    )


def test_royal_goods_decide_bonuses_in_these_games() -> None:
    """Royal goods reach the stands in such games and change who gets a bonus: the
    bonuses differ from those of the same stands without their royal goods."""
    from sheriff_core.bots import make_player
    from sheriff_core.rules.scoring import score_rows

    v = sc.load_variant("classic-royal")
    royal = {n for n, g in v.goods.items() if g.kind == "royal"}
    changed = 0
    merchants = ["smuggler:risk=0.9", "adaptive", "briber", "honest"]
    for i, ss in enumerate(sim.game_seeds(64, 0, 20)):
        lineup = [
            make_player(merchants[(s + i) % 4], ["trusting", "threshold"][(s + i) % 2])
            for s in range(4)
        ]
        game = sim.play_seeded(v, 4, ss, lineup)
        gold = {str(s): 0 for s in range(4)}
        full = score_rows(v, {str(s): st for s, st in enumerate(game.stands)}, gold)
        plain = score_rows(
            v, {str(s): [c for c in st if c not in royal] for s, st in enumerate(game.stands)}, gold
        )
        changed += [r["bonus"] for r in full] != [r["bonus"] for r in plain]
    assert changed >= 3


def test_score_is_score_rows() -> None:
    """kernel._score against scoring.score_rows on random stands (and tokens): King and
    Queen with ties (the split rounded down), royal goods counting as several, tokens'
    values and bonuses, the tie-breaks in any order (none at all included), ranks shared
    only on a full tie."""
    import numpy as np

    from sheriff_core.analysis.fastsim import kernel
    from sheriff_core.analysis.fastsim.tables import compile_variant
    from sheriff_core.rules.house import house_rule
    from sheriff_core.rules.scoring import score_rows

    rng = np.random.default_rng(27)
    variants = [
        sc.load_variant("classic-royal"),
        house_rule("classic-royal", {"scoring.tiebreaks": ["contraband", "legal_goods"]}),
        house_rule("classic", {"scoring.tiebreaks": [], "bonuses.Cheese.queen": 7}),
        house_rule("classic", {"goods.Pepper.kind": "legal", "removed.3.Bread": 0}),
        sc.load_variant("disney"),
        house_rule("disney", {"scoring.tiebreaks": ["contraband", "tokens"]}),
    ]
    for v in variants:
        cv = compile_variant(v, 4)
        goods = list(v.goods)
        for _ in range(250):
            n = int(rng.integers(2, 6))
            stands = rng.integers(0, 3, (n, len(goods))) * (rng.random((n, len(goods))) < 0.5)
            gold = rng.integers(0, 6, n)
            toks = rng.integers(0, 3, (n, len(v.tokens)))
            out = np.zeros((n, kernel.N_OUT), dtype=np.int64)
            args = (gold.astype(np.int64), stands.astype(np.int64), toks.astype(np.int64), out)
            kernel._score(cv.vi, cv.gi, cv.ti, *args)
            names = [f"p{s}" for s in range(n)]
            rows = score_rows(
                v,
                {p: [g for g, k in zip(goods, stands[s], strict=True) for _ in range(k)]
                 for s, p in enumerate(names)},
                {p: int(gold[s]) for s, p in enumerate(names)},
                {p: {t: int(k) for t, k in zip(v.tokens, toks[s], strict=True)}
                 for s, p in enumerate(names)},
            )  # fmt: skip
            want = [[r["gold"], r["goods_value"], r["bonus"], r["total"], r["rank"]] for r in rows]
            cols = [kernel.O_GOLD, kernel.O_VALUE, kernel.O_BONUS, kernel.O_TOTAL, kernel.O_RANK]
            assert out[:, cols].tolist() == want, (v.name, stands.tolist(), gold.tolist())


@pytest.mark.parametrize(
    "parent, changes, players",
    [
        # bags of 3-5: the bots' top-up (the declared good first, then the lowest fines)
        ("classic", {"round.bag_min": 3}, 4),
        ("second-edition", {"round.bag_min": 2, "round.bag_max": 3}, 3),
        # tie-breaks in another order, and none
        ("classic", {"scoring.tiebreaks": ["contraband"], "setup.starting_gold": 0}, 5),
        ("classic-royal", {"scoring.tiebreaks": [], "goods.Crossbow.kind": "legal"}, 4),
        # a royal good with no counts_as, a contraband good counting as a legal one
        ("classic-royal", {"goods.Silk.kind": "royal", "goods.Crossbow.value": 1}, 3),
    ],
)
def test_house_rules_beyond_classic_identical(parent: str, changes: dict, players: int) -> None:
    from sheriff_core.rules.house import house_rule

    v = house_rule(parent, changes)
    assert unsupported(v, sim.DEFAULT_MERCHANTS, ["threshold"]) == []
    _same_tables(v, players=players, games=60, seed=8)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_disney_identical(players: int) -> None:
    """Disney: after each bag its merchant exchanges goods for Villager tokens (the first
    token the stand pays for, while there is one and the supply lasts; no Otto with 3
    players); King Richard's Gold and Silver by tokens held; ties broken by tokens."""
    v = sc.load_variant("disney")
    assert unsupported(v, ["adaptive", "briber"], ["bayesian"]) == []
    merchants = ["honest", "adaptive", "briber", "smuggler", "bluffer"]
    _same_tables(v, players=players, games=100, seed=70 + players, merchants=merchants)


def test_disney_games_exchange_and_score_tokens() -> None:
    """Such games do exchange tokens and award bonuses for them; with a supply of one Mouse
    (the first house rule below) the supply runs out and a stand that pays for a Mouse
    gets none."""
    from sheriff_core.bots import make_player
    from sheriff_core.rules.house import house_rule

    merchants = ["honest", "adaptive", "briber", "smuggler"]
    for v in (sc.load_variant("disney"), house_rule("disney", {"tokens.Mouse.supply": 1})):
        exchanged = bonus = refused = 0
        for i, ss in enumerate(sim.game_seeds(74, 0, 10)):
            lineup = [make_player(merchants[(s + i) % 4], "threshold") for s in range(4)]
            game = sim.play_seeded(v, 4, ss, lineup)
            exchanged += sum(e.kind == "exchanged" for e in game.events)
            bonus += sum(r["bonus"] for r in game.score_rows())
            refused += game.token_supply["Mouse"] == 0 and any(
                st.count("Cheese") >= 3 for st in game.stands
            )
        assert exchanged >= 50 and bonus > 0
    assert refused >= 1


@pytest.mark.parametrize(
    "changes, players",
    [
        # tokens that cost 2 goods, worth more, scarce; ties broken by tokens then contraband
        (
            {
                "tokens.Rabbit.per_token": 2,
                "tokens.Owl.value": 30,
                "tokens.Mouse.supply": 1,
                "scoring.tiebreaks": ["tokens", "contraband"],
            },
            4,
        ),
        # a dearer token; bonuses changed; discard piles as in classic
        (
            {
                "tokens.Otto.per_token": 4,
                "bonuses.Rabbit.king": 50,
                "setup.discard_piles": 2,
                "round.market_order": "draw-then-discard",
                "round.draw_from_discards": True,
            },
            5,
        ),
    ],
)
def test_disney_house_rules_identical(changes: dict, players: int) -> None:
    from sheriff_core.rules.house import house_rule

    v = house_rule("disney", changes)
    assert unsupported(v, sim.DEFAULT_MERCHANTS, ["threshold"]) == []
    _same_tables(v, players=players, games=60, seed=12)


@pytest.mark.parametrize(
    "merchants, sheriffs",
    [
        (list(sim.DEFAULT_MERCHANTS), ["threshold"]),
        # threats and offers voted on by the second Deputy, bayesian demands, the Loot
        (["briber", "adaptive", "honest"], ["bayesian", "threshold:bribe=2", "trusting"]),
        (["briber:scale=0.2", "smuggler", "bluffer"], ["bayesian:explore=0.2", "always-inspect"]),
    ],
)
def test_deputies_identical(merchants: list, sheriffs: list) -> None:
    """Deputies: two Deputies a round from the deputy deck (rng.permutation when it is
    empty), the leader deciding and negotiating, the second voting (its decide, or its
    negotiate while a threat is open); agreed bribes and fines into the Loot (goods to the
    Deputy on the merchant's left), compensation halved, the Loot split at the round's end;
    disagreement: the one who wants to inspect does it alone."""
    v = sc.load_variant("deputies")
    assert unsupported(v, merchants, sheriffs) == []
    per_player, per_bag = _same_tables(
        v, players=6, games=80, seed=21, merchants=merchants, sheriffs=sheriffs
    )
    assert per_bag["inspected"].any() and (~per_bag["inspected"]).any()
    assert len(per_bag) == 80 * 9 * 4  # 9 rounds, 4 merchants a round


def test_deputies_games_vote_disagree_and_split_the_loot() -> None:
    """Such games have votes both ways, lone inspections, bribes into the Loot and splits."""
    from sheriff_core.bots import make_player

    v = sc.load_variant("deputies")
    merchants, sheriffs = ["briber", "adaptive", "honest"], ["bayesian", "threshold:bribe=2"]
    kinds: dict[str, int] = {}
    alone = 0
    for i, ss in enumerate(sim.game_seeds(21, 0, 10)):
        lineup = [make_player(merchants[(s + i) % 3], sheriffs[(s + i) % 2]) for s in range(6)]
        game = sim.play_seeded(v, 6, ss, lineup)
        for e in game.events:
            kinds[e.kind] = kinds.get(e.kind, 0) + 1
            alone += e.kind == "inspected" and len(e.info["inspectors"]) == 1
    assert kinds["vote"] > 100 and kinds["loot_split"] > 5 and alone > 5


@pytest.mark.parametrize(
    "changes, players",
    [
        # one Sheriff a round drawn from the deputy deck; two passes of the deck
        ({"sheriffs.per_round": 1, "sheriffs.deck_passes": 2}, 6),
        # two discard piles (the confiscate step), little gold (debts in goods to the left)
        ({"setup.discard_piles": 2, "setup.starting_gold": 5, "round.bag_min": 2}, 6),
        # four players: two Deputies and two merchants
        ({"players.min": 4, "players.max": 4}, 4),
    ],
)
def test_deputies_house_rules_identical(changes: dict, players: int) -> None:
    from sheriff_core.rules.house import house_rule

    v = house_rule("deputies", changes)
    assert unsupported(v, sim.DEFAULT_MERCHANTS, ["threshold"]) == []
    _same_tables(v, players=players, games=40, seed=13, sheriffs=["threshold:bribe=1", "bayesian"])
