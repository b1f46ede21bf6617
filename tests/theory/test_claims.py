"""The claims lessons 05/06 make about the theory, each checked by the library.

Every test here would fail if the claim it guards were false (issue 13, "Errors to
correct"): no bribe is paid in the Sheriff game's equilibria, 1-2 items pay a mix of 0
and 3, harsher fines lower the merchant's payoff, the Sheriff's off-path replies, which
case the one-bag game is in, the count-choosing game, the relative-score Sheriff.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import sheriff_core as sc
from sheriff_core import theory
from sheriff_core.present.viz import theory as vt

CLASSIC = sc.load_variant("classic")
SUMMARY = sc.load_variant("summary-sheet")


# 1. No bribe is paid in equilibrium; loads of 1-2 items pay a mix of 0 and 3.


@pytest.mark.parametrize(
    ("rounds", "target", "tolerance"),
    [(1, 1e-5, 1e-6), (2, 1e-5, 1e-6), (3, 1e-5, 1e-6), (4, 1e-3, 1e-4)],
)
def test_no_bribe_is_paid_in_the_solved_sheriff_game(rounds, target, tolerance):
    sol = theory.solve(theory.sheriff_game(num_rounds=rounds), target=target, check_every=25)
    assert sol.nash_conv <= target
    replies = vt.final_bribe_response(sol).set_index("bribe")
    assert replies["paid"].sum() < tolerance
    assert replies.loc[0, "offered"] > 1 - 10 * tolerance
    out = vt.outcome_frame(sol)
    assert (out["bribe"] * ~out["inspected"] * out["probability"]).sum() < tolerance


#: A mix of loading 0 and 3 items (same bribes) that beats loading n, for n = 1 and 2.
DOMINATING_MIX = {1: Fraction(1, 2), 2: Fraction(1, 4)}  # probability of loading 0


@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_one_or_two_items_are_strictly_dominated_by_a_mix_of_zero_and_three(rounds):
    """The Sheriff cannot see the load, so with the same bribes every load meets the same
    replies: n items are strictly dominated if, after every talk and reply, they pay less
    than the mix. 1 item: 1/2 on 0 and 1/2 on 3; 2 items: 1/4 on 0 and 3/4 on 3."""
    g = theory.sheriff_game(num_rounds=rounds)
    by_history = {h: float(u) for h, u in zip(g.histories, g.payoff[:, 0], strict=True)}
    load0 = 2  # OpenSpiel's action id for "load 0"
    checked = 0
    for h, u in by_history.items():
        n = h[0] - load0
        if n in DOMINATING_MIX:
            lam = float(DOMINATING_MIX[n])
            mix = lam * by_history[(load0, *h[1:])] + (1 - lam) * by_history[(load0 + 3, *h[1:])]
            assert u < mix - 0.2, (h, u, mix)
            checked += 1
    assert checked == len(g.histories) // 2
    if rounds == 1:  # and the solver never plays them
        sol = theory.solve(g, target=1e-5, check_every=25)
        loads = vt.load_distribution(sol).set_index("items")["probability"]
        assert loads.reindex([1, 2]).fillna(0).sum() < 1e-3


# 2. Harsher fines do not make both players better off.


def test_summary_sheet_fines_lower_the_merchants_payoff_and_leave_the_sheriffs_at_zero():
    one = {
        v.name: theory.equilibrium(theory.inspection_game(v, legal="Apples", contraband="Pepper"))
        for v in (CLASSIC, SUMMARY)
    }
    assert one["classic"].merchant_value == pytest.approx(12.0)
    assert one["summary-sheet"].merchant_value == pytest.approx(130 / 11)  # 11.82
    assert round(one["summary-sheet"].merchant_value, 2) == 11.82
    assert one["classic"].sheriff_value == pytest.approx(0.0, abs=1e-12)
    assert one["summary-sheet"].sheriff_value == pytest.approx(0.0, abs=1e-12)


# 3. "Inspects a quarter whatever he heard" holds on the path only.


def test_sheriff_inspects_a_quarter_on_the_path_and_more_after_a_positive_bribe():
    sol = theory.solve(theory.sheriff_game(), target=1e-3, check_every=25)
    replies = vt.final_bribe_response(sol).set_index("bribe")
    assert replies.loc[0, "inspected"] == pytest.approx(0.25, abs=1e-3)
    assert replies.loc[[1, 2, 3], "inspected"].round(2).tolist() == [0.33, 0.26, 0.35]
    # each positive bribe is deterred: offering it pays less than the equilibrium, for
    # an honest bag (compensation 3 if inspected) and for a full one (3 items, fine 6)
    value = sol.values[0]
    for b in (1, 2, 3):
        q = replies.loc[b, "inspected"]
        assert (1 - q) * -b + q * 3 < value
        assert (1 - q) * (3 - b) + q * -6 < value


# 4. Which case the one-bag game is in.


def test_equilibrium_says_which_case_holds():
    mixed = theory.equilibrium(theory.inspection_game(CLASSIC, legal="Apples", contraband="Pepper"))
    assert (mixed.kind, mixed.unique) == ("mixed", True)
    assert (
        "no pure pair is stable" in mixed.reason
        and "worth 6, more than the declared good's 2" in mixed.reason
    )
    assert mixed.exact == (Fraction(5, 7), Fraction(1, 5))

    tie = theory.equilibrium(theory.inspection_game(CLASSIC, legal="Apples", value=2))
    assert (tie.kind, tie.unique) == ("continuum", False)
    assert (
        "worth 2, as much as the declared good's 2" in tie.reason
        and "any probability from 0 to 0.714" in tie.reason
    )
    assert tie.equilibria == (((Fraction(0), Fraction(5, 7)), (Fraction(0), Fraction(0))),)

    cheap = theory.equilibrium(theory.inspection_game(CLASSIC, legal="Apples", value=1))
    assert (cheap.kind, cheap.unique, cheap.exact) == ("pure", True, (Fraction(0), Fraction(0)))
    assert "worth 1, less than" in cheap.reason

    free = theory.equilibrium(theory.inspection_game(CLASSIC, legal="Apples", penalty=0))
    assert free.kind == "continuum"  # no fine: the Sheriff gains nothing from a catch
    assert "gains the Sheriff nothing with a smuggler" in free.reason

    # a game with two strict pure equilibria (a coordination game)
    both = theory.equilibrium(theory.InspectionGame(((1, 0), (0, 1)), ((1, 0), (0, 1))))
    assert (both.kind, both.unique, len(both.equilibria)) == ("multiple", False, 3)


def eq_text(html: str) -> str:
    """The readout without its tags (what the browser shows)."""
    import re

    return re.sub("<[^>]+>", "", html)


def test_inspection_explorer_says_why_when_the_value_reaches_the_legal_value():
    from sheriff_core.present.widgets.explore import inspection_explorer

    ex = inspection_explorer("classic")
    assert "the only equilibrium, mixed" in ex.readout.value
    ex.value.value = 2  # Pepper worth as much as an Apple
    assert "one of infinitely many equilibria" in ex.readout.value
    assert "gains nothing when the bag passes" in ex.readout.value
    assert "<" not in eq_text(ex.readout.value) and "&" not in ex.readout.value  # plain text
    ex.value.value = 1
    assert (
        "the only equilibrium, pure" in ex.readout.value
        and "worth 1, less than" in ex.readout.value
    )


# 5. If the merchant chooses how many to hide, only empty or full loads survive.


def test_count_choosing_game_mixes_an_empty_and_a_full_bag():
    classic = theory.count_equilibrium(CLASSIC, legal="Apples", contraband="Pepper")
    summary = theory.count_equilibrium(SUMMARY, legal="Apples", contraband="Pepper")
    assert classic.kind == summary.kind == "mixed"
    assert classic.load == summary.load == 5  # honest or full: no load in between
    assert (classic.smuggle_prob, classic.inspect_prob) == (Fraction(1, 3), Fraction(1, 3))
    assert (summary.smuggle_prob, summary.inspect_prob) == (Fraction(1, 4), Fraction(2, 7))
    # the same numbers as the one-bag game with j = 5
    for v, eq in ((CLASSIC, classic), (SUMMARY, summary)):
        full = theory.equilibrium(theory.inspection_game(v, legal="Apples", j=5))
        assert full.exact == (eq.smuggle_prob, eq.inspect_prob)


def test_count_choosing_game_agrees_with_brute_force_best_responses():
    eq = theory.count_equilibrium(CLASSIC, legal="Apples", contraband="Pepper")
    q = float(eq.inspect_prob)
    pay = []
    for j in range(0, 6):
        g = theory.inspection_game(CLASSIC, legal="Apples", j=max(j, 1))
        row = g.merchant[0] if j == 0 else g.merchant[1]
        pay.append((1 - q) * row[0] + q * row[1])
    best = max(pay)
    assert [j for j, x in enumerate(pay) if abs(x - best) < 1e-9] == [0, 5]


# 6. A Sheriff who cares about his score minus the merchant's.


def test_relative_sheriff_faces_ten_seventeenths_smuggling():
    g = theory.inspection_game(CLASSIC, legal="Apples", contraband="Pepper", relative=True)
    eq = theory.equilibrium(g)
    assert eq.exact == (Fraction(10, 17), Fraction(1, 5))  # the merchant's side is unchanged
    assert g.sheriff == ((-10.0, -30.0), (-14.0, 0.0))
    absolute = theory.equilibrium(
        theory.inspection_game(CLASSIC, legal="Apples", contraband="Pepper")
    )
    assert absolute.exact == (Fraction(5, 7), Fraction(1, 5))
    assert round(float(eq.exact[0]), 3) == 0.588
    assert np.isclose(eq.smuggle_prob, 10 / 17)


@pytest.mark.parametrize(
    ("value", "penalty", "cost", "cap", "pays"),
    [
        (2.0, 2.0, 1.0, 4, False),  # worth no more than the fine; the cap reaches 2 x 2
        (1.0, 2.0, 3.0, 5, False),  # OpenSpiel's item numbers, a cap above the full fine
        (3.0, 2.0, 1.0, 3, False),  # worth more than the fine, the cap below 2 x 2
        (3.0, 2.0, 1.0, 4, True),  # both parts hold: the full bag pays the full fine
    ],
)
def test_the_bribe_theorem_of_docs_efce_against_the_solver(value, penalty, cost, cap, pays):
    """docs/efce.md proves that no Nash equilibrium pays a bribe, for any number of rounds,
    when items are worth no more than their fine or the cap is below a full bag's fine.
    The solver's equilibria of two-round games (where the cap is no help) agree, and where
    both parts hold it finds the full bag paying exactly the fine."""
    game = theory.sheriff_game(
        item_value=value,
        item_penalty=penalty,
        sheriff_penalty=cost,
        max_items=2,
        max_bribe=cap,
        num_rounds=2,
    )
    solution = theory.solve(game, target=1e-4, check_every=25)
    assert solution.nash_conv <= 1e-4
    paid = vt.final_bribe_response(solution)["paid"].sum()
    if pays:
        assert abs(paid - 2 * penalty) < 0.01  # every bag full, the bribe the fine
    else:
        assert paid < 1e-3
