"""The play table: the learner's seat through whole rounds, bots elsewhere."""

from __future__ import annotations

import sheriff_core as sc
from sheriff_core.bots import make_player
from sheriff_core.present.widgets.play import play_table, run_bots


def lineup() -> list:
    return [make_player(m, "threshold") for m in ("honest", "smuggler", "briber", "honest")]


def test_a_round_as_merchant_through_the_controls():
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=1)
    assert game.step == "market" and game.to_move == 1
    table.control("set aside card 1: " + game.hands[1][0]).value = True
    assert table.press("make market turn")
    assert game.step == "load" and game.to_move == 1
    hand = list(game.hands[1])
    table.control(f"load card 1: {hand[0]}").value = True
    assert table.press("load bag") and game.bags[1] == [hand[0]]
    assert game.step == "declare" and game.to_move == 1
    table.control("declare count").value = 2
    assert not table.press("declare")
    assert "exact number of cards in your bag (1)" in table.error
    assert "refused" in table.message.value
    table.control("declare count").value = 1
    table.control("declare good").value = "Chickens"
    assert table.press("declare")
    # the bots settle the round; next round the learner (seat 1) is the Sheriff
    assert game.round == 1 and game.sheriff == 1 and game.step == "sheriff"
    assert table.my_turn and "threaten Cat" in table.descriptions()
    assert (
        "Ben's bag passes unopened: 1 Chickens go to the stand (it was the truth)." in table.lines
    )
    assert any(line.startswith("Cat loads 4 card(s).") for line in table.lines)  # no secrets


def test_a_round_as_sheriff_and_typed_actions():
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=0)
    assert game.step == "sheriff" and game.to_move == 0
    assert not table.type_action("threaten 0")
    assert "has no bag waiting" in table.error
    assert not table.type_action("bogus words")
    assert table.error.startswith("cannot read action 'bogus words' (text forms now: threaten 1,")
    table.control("action").value = "threaten 2"
    table.control("play typed action").click()
    assert game.step == "negotiation" and table.lines[-1] == "Cat offers 18 gold."
    table.control("demand gold").value = 19
    assert table.press("demand")  # the briber accepts a demand up to the value at risk
    assert 2 in game.resolved and game.gold[0] == 69
    for name in ("Ben", "Dan"):
        assert table.press(f"let {name} pass")
    # round 2: the bots on Ann's left made their market turns; now it is Ann's
    assert game.round == 1 and game.step == "market" and table.my_turn
    assert "make market turn" in table.descriptions()


def test_whole_game_ends_with_winner_shown():
    game = sc.new_game("classic", players=3, seed=2)
    bots = [make_player("honest", "trusting")] * 3
    table = play_table(game, bots, seat=2)
    for _ in range(500):
        if table.finished:
            break
        action = bots[2].choose(game)
        assert table.act(action), table.error
    assert game.is_over and "The game is over" in table.status.value
    assert table.descriptions() == []


def test_run_bots_stops_at_the_learner():
    game = sc.new_game("classic", players=4, seed=0)
    run_bots(game, lineup(), stop_seat=3)
    assert game.to_move == 3


class Scripted:
    """A Sheriff for tests: threatens ``target``, then plays ``answers`` in the
    negotiation; any other decision goes to ``bot``."""

    def __init__(self, target, answers, bot):
        self.target, self.answers, self.bot = target, list(answers), bot

    def choose(self, game):
        if game.step == "sheriff" and self.target in game.unresolved():
            return sc.Threaten(self.target)
        if game.step == "negotiation" and self.answers:
            return self.answers.pop(0)
        return self.bot.choose(game)


def _to_threat(answers):
    game = sc.new_game("classic", players=4, seed=5)
    bots = lineup()
    bots[0] = Scripted(1, answers, bots[0])
    table = play_table(game, bots, seat=1)
    table.press("make market turn")
    hand = game.hands[1]
    table.set(f"load card 1: {hand[0]}", True)
    table.set(f"load card 2: {hand[1]}", True)
    table.press("load bag")
    table.press("declare")
    assert game.step == "merchant" and table.my_turn
    return game, table


def test_a_threatened_merchant_builds_an_offer_with_controls():
    game, table = _to_threat([sc.LetPass(1)])
    assert "threatens to open your bag" in table.outcome_text
    assert "accept the demand" not in table.descriptions()  # no demand yet
    names = table.descriptions()
    assert {"offer gold", "offer from bag: good", "offer from bag: count"} <= set(names)
    assert {"offer: promise about Cat", "offer: promise about Dan", "offer: future favour"} <= set(
        names
    )
    bag = list(game.bags[1])
    table.set("offer gold", 3)
    table.set("offer from bag: good", bag[0])
    table.set("offer from bag: count", 1)
    table.set("offer: promise about Dan", "inspect")
    table.set("offer: future favour", "I will let you pass next round")
    offer = table.builder.offer
    assert offer == sc.Offer(
        3,
        bag=(bag[0],),
        promises=(
            sc.Promise("inspect", 3),
            sc.Promise("future", None, "I will let you pass next round"),
        ),
    )
    assert not table.control("offer").disabled and "engine accepts" in table.builder.check.value
    gold = game.gold[1]
    assert table.press("offer")
    # the scripted Sheriff took it; the outcome line says what happened to the bag
    assert game.gold[1] == gold - 3
    assert [(p.kind, p.seat, p.binding) for p in game.promises] == [
        ("inspect", 3, True),
        ("future", None, False),
    ]
    assert "Your bag passed unopened for a bribe of 3 gold, 1 " in table.outcome_text
    assert "sheriff-outcome" in table.outcome._dom_classes


def test_a_demand_can_be_accepted_by_the_button():
    game, table = _to_threat([sc.Offer(2)])
    table.set("offer gold", 1)
    assert table.press("offer")
    assert "Ann demands 2 gold to let your bag pass." in table.outcome_text
    assert "accept the demand of 2 gold" in table.outcome_text
    gold = game.gold[1]
    assert table.press("accept the demand")
    assert game.gold[1] == gold - 2
    assert [e.info["bribe"] for e in game.events if e.kind == "passed" and e.seat == 1] == [
        "offer 2 gold"
    ]
    assert "Your bag passed unopened for a bribe of 2 gold" in table.outcome_text


def test_typed_hint_lists_text_forms_of_legal_actions():
    game, table = _to_threat([sc.LetPass(1)])
    forms = table.examples()
    assert forms[0] == "decline" and all(game.can(sc.parse_action(f)) for f in forms)
    assert any(f.startswith("offer 0 gold; bag ") for f in forms)
    assert all(f"<code>{f}</code>" in table.hint.value for f in forms)
    assert table.action_text.placeholder == f"e.g. {forms[0]}"


def test_journal_is_newest_first_grouped_by_round_and_bounded():
    game = sc.new_game("classic", players=3, seed=2)
    bots = [make_player("honest", "trusting")] * 3
    table = play_table(game, bots, seat=2)
    while game.round < 4:
        assert table.act(bots[2].choose(game))
    html = table.journal.value
    heads = [f"Round {r} of 9" for r in (5, 4, 3, 2, 1)]
    assert [html.index(h) for h in heads] == sorted(html.index(h) for h in heads)
    assert table.journal.layout.height == "260px" and table.journal.layout.overflow == "auto"
    latest = table.rounds[-2][2]
    assert html.index(latest[-1]) < html.index(latest[0])  # newest line first


def test_pressing_a_control_not_offered_never_raises():
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=1)
    assert not table.press("declare") and "no control 'declare' now" in table.error
    assert not table.set("load card 1: Apples", True)
    assert game.history == [] or all(seat != 1 for seat, _ in game.history)


# -- issue 24: the table keeps the learner's place and says why --------------------------


def _sheriff_bound_to_inspect_ben():
    """Ann (seat 0, the learner) is the Sheriff; Cat's bribe, taken, binds her to inspect
    Ben's bag this round."""
    game = sc.new_game("classic", players=4, seed=5)
    run_bots(game, lineup(), stop_seat=0)
    assert game.step == "sheriff" and game.to_move == 0
    game.apply(sc.Threaten(2), player=0)
    game.apply(sc.Offer(1, promises=(sc.Promise("inspect", 1),)), player=2)
    game.apply(sc.LetPass(2), player=0)
    assert game.binding.get(1) == "inspect"
    return game


def _texts(widget) -> list[str]:
    out = []
    for child in getattr(widget, "children", ()):
        out += _texts(child)
    if hasattr(widget, "value") and isinstance(widget.value, str):
        out.append(widget.value)
    return out


def test_buttons_greyed_by_a_binding_promise_say_why(capsys):
    table = play_table(_sheriff_bound_to_inspect_ben(), lineup(), seat=0)
    let, inspect = table.control("let Ben pass"), table.control("inspect Ben")
    assert let.disabled and not inspect.disabled
    assert "promised this round to inspect Ben" in let.tooltip
    assert inspect.tooltip == ""
    shown = " ".join(_texts(table.controls))
    assert "greyed: the Sheriff promised this round to inspect Ben" in shown
    assert not table.press("let Ben pass")
    said = capsys.readouterr().out
    assert said.startswith("Nothing happened: 'let Ben pass' was not pressed.")
    assert "promised this round to inspect Ben" in said
    assert table.game.binding.get(1) == "inspect" and 1 in table.game.unresolved()


def test_a_control_asked_for_out_of_order_says_what_happened(capsys):
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=1)
    history = len(game.history)
    assert not table.press("threaten Cat")  # a later cell's button, pressed at the market
    said = capsys.readouterr().out
    assert said.startswith("Nothing happened: 'threaten Cat' was not pressed. No control")
    assert "make market turn" in said  # the controls offered now
    assert "The table is at: Now: your market turn" in said
    assert not table.set("declare count", 3)
    assert "Nothing happened: 'declare count' was not set." in capsys.readouterr().out
    assert len(game.history) == history and game.step == "market"


def test_an_empty_demand_is_not_called_accepted():
    game = sc.new_game("classic", players=4, seed=5)
    table = play_table(game, lineup(), seat=0)
    assert table.type_action("threaten 1")
    if game.step != "negotiation":  # the merchant declined at once: no demand to build
        return
    check = table.builder.check.value
    assert "accepts" not in check
    assert "An empty demand (0 gold, nothing else)" in check and "asks Ben for nothing" in check
    table.set("demand gold", 2)
    assert "The engine accepts this demand" in table.builder.check.value


def test_the_controls_area_keeps_its_height_from_one_decision_to_the_next():
    from sheriff_core.present.widgets.play import CONTROLS_MIN_HEIGHT

    table = play_table(sc.new_game("classic", players=4, seed=5), lineup(), seat=1)
    assert table.controls.layout.min_height == CONTROLS_MIN_HEIGHT
    assert int(CONTROLS_MIN_HEIGHT.removesuffix("px")) >= 400  # a market turn fits
