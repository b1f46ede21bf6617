"""Every step of every bundled variant has controls: whole games played by the table's
controls alone (no typed actions, no ``game.apply`` from the test), as a merchant seat
and as the first Sheriff / a Deputy."""

from __future__ import annotations

import numpy as np
import pytest
from ipywidgets import Button, Checkbox

import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.present.widgets.play import PlayTable

PLAYERS = {"deputies": 6}
SHERIFF_SIDE = {"sheriff", "negotiation", "vote", "starter", "confiscate"}


def _prepare(table: PlayTable, rng: np.random.Generator) -> None:
    """Set some of the current decision's non-button controls, as a learner would."""
    step = table.game.step
    names = table.descriptions()
    if step == "load":
        boxes = [d for d in names if d.startswith("load card")]
        for d in boxes[: int(rng.integers(1, 4))]:
            table.set(d, True)
    elif step == "market" and rng.random() < 0.5:
        boxes = [d for d in names if d.startswith("set aside card")]
        for d in boxes[: int(rng.integers(1, 3))]:
            table.set(d, True)
    elif step == "declare":
        options = table.control("declare good").options
        table.set("declare good", options[int(rng.integers(len(options)))])
    elif step in ("merchant", "negotiation"):
        prefix = "offer" if step == "merchant" else "demand"
        gold = table.control(f"{prefix} gold")
        table.set(f"{prefix} gold", int(rng.integers(0, min(gold.max, 8) + 1)))
        for d in names:
            if d.startswith(f"{prefix} from stand:") and rng.random() < 0.3:
                table.set(d, 1)
            if d.startswith(f"{prefix}: promise about") and rng.random() < 0.3:
                table.set(d, "pass")
        if rng.random() < 0.2:
            table.set(f"{prefix}: future favour", "a favour later")


def play_whole_game(variant: str, seat: int, seed: int) -> tuple[PlayTable, set[str]]:
    n = PLAYERS.get(variant, 4)
    game = sc.new_game(variant, players=n, seed=seed)
    bots = [
        make_player(m, s)
        for m, s in zip(
            ["honest", "smuggler", "briber"] * 2,
            ["threshold", "bayesian", "trusting"] * 2,
            strict=False,
        )
    ][:n]
    table = PlayTable(game, bots, seat)
    rng = np.random.default_rng(seed)
    steps: set[str] = set()
    for _ in range(3000):
        if table.finished:
            break
        assert table.my_turn
        steps.add(game.step)
        before = len(game.history)
        _prepare(table, rng)
        buttons = [
            d
            for d in table.descriptions()
            if isinstance(table.control(d), Button) and not table.control(d).disabled
        ]
        assert buttons, (game.step, table.descriptions())
        rng.shuffle(buttons)
        # prefer buttons that move the game on (the market's take/undo buttons only build)
        buttons.sort(key=lambda d: d.startswith(("take top", "undo", "clear")))
        for d in buttons:
            if table.press(d):
                break
        assert len(game.history) > before, (game.step, table.error, buttons)
        assert "sheriff-outcome" in table.outcome._dom_classes
    assert game.is_over, "game did not finish"
    assert "The game is over" in table.outcome_text
    return table, steps


@pytest.mark.parametrize("variant", sc.variant_names())
def test_whole_game_by_controls_alone(variant):
    v = sc.load_variant(variant)
    seen: set[str] = set()
    for seat, seed in ((1, 3), (0, 4)):
        table, steps = play_whole_game(variant, seat, seed)
        seen |= steps
        assert {"market", "load", "declare"} <= steps
        assert steps & SHERIFF_SIDE, steps
        assert isinstance(table.control("action"), object)
    if v.market_starter == "sheriff_chooses":
        assert "starter" in seen
    if v.sheriffs_per_round > 1:
        assert "vote" in seen
    if v.tokens:
        assert "exchange" in seen


def test_checkbox_bag_preview_follows_ticks():
    game = sc.new_game("classic", players=4, seed=5)
    bots = [make_player("honest", "threshold")] * 4
    table = PlayTable(game, bots, seat=1)
    assert table.press("make market turn")
    hand = game.hands[1]
    preview = table.controls.children[-2]
    assert "bag: 0 cards" in preview.value and "a bag holds 1-5 cards" in preview.value
    assert preview.value.count("<svg") == len(hand)  # the whole hand, no bag yet
    table.set(f"load card 2: {hand[1]}", True)
    table.set(f"load card 1: {hand[0]}", True)
    assert "bag: 2 cards" in preview.value and "Not yet" not in preview.value
    bag_part = preview.value.split("left in your hand")[0]
    assert f'aria-label="{hand[1]}:' in bag_part and bag_part.count("<svg") == 2
    assert isinstance(table.control(f"load card 1: {hand[0]}"), Checkbox)
    assert table.press("load bag") and game.bags[1] == [hand[1], hand[0]]


def test_debt_step_by_controls():
    """A learner with no gold whose lies are always opened pays fines with stand goods
    (Disney: any goods may pay; seed 22 is a game where the learner must choose)."""
    game = sc.new_game("disney", players=3, seed=22)
    game.gold[1] = 0  # set-up: broke from the start
    bots = [make_player("honest", "always-inspect")] * 3
    table = PlayTable(game, bots, seat=1)
    rng = np.random.default_rng(1)
    steps: set[str] = set()
    while not table.finished:
        steps.add(game.step)
        before = len(game.history)
        if game.step == "load":
            # the first card, and a contraband card if there is one: often a lie
            hand = game.hands[1]
            contraband = [i for i, c in enumerate(hand) if not game.variant.goods[c].is_legal]
            for i in sorted({0, *contraband[:1]}):
                table.set(f"load card {i + 1}: {hand[i]}", True)
        else:
            _prepare(table, rng)
        buttons = [
            d
            for d in table.descriptions()
            if isinstance(table.control(d), Button) and not table.control(d).disabled
        ]
        buttons.sort(key=lambda d: d.startswith(("take top", "undo", "clear")))
        assert any(table.press(d) for d in buttons)
        assert len(game.history) > before
    assert "debt" in steps and game.is_over
    assert any(" pays the rest with " in line for line in table.lines)
