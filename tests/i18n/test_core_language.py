"""The language switch on the core (issue 28): errors, narration, the command line and the
action parser in Thai and Chinese; switching changes the next output and nothing else."""

from __future__ import annotations

import json
import re

import pytest
from cli_run import run_cli

import sheriff_core as sc
import sheriff_core.base.i18n as i18n
from sheriff_core.bots import make_player
from sheriff_core.engine.actions import parse_action
from sheriff_core.play.driver import drive
from sheriff_core.play.narrate import describe_for, narrate, play_rounds

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
#: Words of code an error may name in any language (a Python type, a file format).
CODE_WORDS = ("int", "str", "None", "JSON", "TOML")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    sc.set_language("en")


def _played(rounds=2, seed=3, variant="classic"):
    game = sc.new_game(variant, players=4, seed=seed)
    bots = [make_player("smuggler", "threshold"), make_player("honest", "trusting")] * 2
    play_rounds(game, bots, rounds=rounds)
    return game


class _Recorder:
    """Every message id looked up through the catalogs while it is installed."""

    def __init__(self, monkeypatch):
        self.ids: set[str] = set()
        real = i18n._catalog
        recorder = self

        class Spy:
            def __init__(self, inner):
                self.inner = inner

            def gettext(self, m):
                recorder.ids.add(m)
                return self.inner.gettext(m)

            def ngettext(self, s, p, n):
                recorder.ids.add(s)
                return self.inner.ngettext(s, p, n)

            def pgettext(self, c, m):
                recorder.ids.add(m)
                return self.inner.pgettext(c, m)

        monkeypatch.setattr(i18n, "_catalog", lambda lang: Spy(real(lang)))


def _known(lang):
    from babel.messages.pofile import read_po

    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "core.po"
    with path.open("rb") as f:
        return {m.id for m in read_po(f) if m.id and m.string}


def _english_words(text, allowed=NAMES):
    """ASCII words of 3+ letters left in a Thai / Chinese text (player names allowed)."""
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in allowed]


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_a_narrated_game_has_no_untranslated_sentence(lang, monkeypatch):
    game = _played(rounds=4)
    rec = _Recorder(monkeypatch)
    with sc.language(lang):
        told = narrate(game)
        seats = [describe_for(e, game.players, me=1, sheriffs=[0]) for e in game.events]
    assert rec.ids and rec.ids <= _known(lang), rec.ids - _known(lang)
    assert _english_words(told) == []
    assert _english_words(" ".join(s for s in seats if s)) == []
    with sc.language("en"):
        assert "Round 1 of" in narrate(game)


def _errors():
    """One of each rules error the engine and the parser raise on bad input."""
    game = sc.new_game("classic", players=4, seed=1)
    bad = {
        "IllegalMarket": lambda: game.apply(sc.Market(("Silk",) * 7, (), 0), game.to_move),
        "NotYourTurn": lambda: game.apply(sc.Market(), (game.to_move + 1) % 4),
        "IllegalAction": lambda: game.apply(sc.Declare("Apples", 1), game.to_move),
        "IllegalAction/parse": lambda: parse_action("dance 3"),
        "BadAction": lambda: sc.Inspect("two"),
    }
    for kind, go in bad.items():
        with pytest.raises(sc.RulesError) as info:
            go()
        yield kind, info.value
    deputies = sc.new_game("classic", players=4, seed=2)
    bots = [make_player("honest", "trusting")] * 4
    drive(deputies, bots, until=lambda g: g.step == "load")
    seat = deputies.to_move
    with pytest.raises(sc.IllegalLoad) as info:
        deputies.apply(sc.Load(("Crossbow",) * 6), seat)
    yield "IllegalLoad", info.value
    with pytest.raises(sc.VariantError) as info:
        sc.load_variant("no-such-variant")
    yield "VariantError", info.value
    with pytest.raises(sc.SaveError) as info:
        sc.Game.from_json("[]")
    yield "SaveError", info.value
    with pytest.raises(sc.IllegalDeclaration) as info:
        sc.check_declaration(sc.load_variant("classic"), 3, "Pepper", 3)
    yield "IllegalDeclaration", info.value
    table = sc.new_game("classic", players=3, seed=0)
    honest = [make_player("honest", "trusting")] * 3
    drive(table, honest, until=lambda g: g.step == "sheriff")
    with pytest.raises(sc.IllegalInspection) as info:
        table.apply(sc.Inspect(0), table.to_move)
    yield "IllegalInspection", info.value
    table.apply(sc.Threaten(1), table.to_move)
    with pytest.raises(sc.IllegalOffer) as info:
        table.apply(sc.Offer(999), table.to_move)
    yield "IllegalOffer", info.value
    drive(table, honest)
    with pytest.raises(sc.GameOver) as info:
        table.apply(sc.Market(), 0)
    yield "GameOver", info.value
    import sheriff_core.nottingham as nottingham

    other = nottingham.new_game(players=3, seed=1)
    with pytest.raises(nottingham.WrongDecision) as info:
        other.apply(nottingham.Lay("Gold", 3), other.to_move)
    yield "WrongDecision", info.value


def _all_ids(message):
    ids = [message.msgid]
    for value in message.params.values():
        if isinstance(value, i18n.Message):
            ids += _all_ids(value)
    return ids


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_every_kind_of_rules_error_renders_with_no_untranslated_text(lang):
    known = _known(lang)
    seen = set()
    for kind, err in _errors():
        seen.add(type(err).__name__)
        for msgid in _all_ids(err.message):
            assert msgid in known, (kind, msgid)
        with sc.language(lang):
            shown = str(err)
        with sc.language("en"):
            english = str(err)
        assert shown != english, kind
        # what stays Latin in a translated error is data (seat names, typed text, keys)
        data = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", repr(err.params))}
        words = _english_words(shown, allowed=NAMES + CODE_WORDS)
        leftovers = {w for w in words if w.lower() not in data}
        assert not leftovers, (kind, shown)
    assert {
        "IllegalMarket",
        "NotYourTurn",
        "IllegalAction",
        "BadAction",
        "IllegalLoad",
        "IllegalDeclaration",
        "IllegalInspection",
        "IllegalOffer",
        "GameOver",
        "VariantError",
        "SaveError",
        "WrongDecision",
    } <= seen


def test_an_error_raised_in_english_reads_in_thai_after_the_switch():
    game = sc.new_game("classic", players=3, seed=0)
    with pytest.raises(sc.IllegalMarket) as info:
        game.apply(sc.Market(("Silk",) * 7, (), 0), game.to_move)
    err = info.value
    english = str(err)
    assert english.startswith("you may set aside at most 5 cards")
    sc.set_language("th")
    assert str(err).startswith("คุณทิ้งการ์ดได้ไม่เกิน 5 ใบ")
    sc.set_language("zh")
    assert str(err).startswith("你最多可弃5张牌")
    sc.set_language("en")
    assert str(err) == english


def test_switching_language_changes_the_next_output_and_nothing_else():
    game = _played(rounds=2)
    save, events = game.to_json(), [e.to_dict() for e in game.events]
    legal = [str(a) for a in game.legal_actions()]
    sc.set_language("en")
    english = narrate(game)
    sc.set_language("th")
    thai = narrate(game)
    assert thai != english
    assert game.to_json() == save
    assert [e.to_dict() for e in game.events] == events
    assert [str(a) for a in game.legal_actions()] == legal
    # the same game played on in Thai saves the same bytes as in English
    twin = sc.Game.from_json(save)
    bots = [make_player("smuggler", "threshold"), make_player("honest", "trusting")] * 2
    play_rounds(game, bots, rounds=1)
    sc.set_language("en")
    play_rounds(twin, bots, rounds=1)
    assert twin.to_json() == game.to_json()
    sc.set_language("zh")
    frame_zh = sc.simulate("classic", players=3, games=6, seed=5, engine="checked", progress=False)
    sc.set_language("en")
    frame_en = sc.simulate("classic", players=3, games=6, seed=5, engine="checked", progress=False)
    assert frame_zh.equals(frame_en)


def test_parse_action_reads_thai_and_chinese_good_names_and_saves_stay_english():
    assert parse_action("declare 3 奶酪") == sc.Declare("Cheese", 3)
    assert parse_action("declare 2 ชีส") == sc.Declare("Cheese", 2)
    assert parse_action("load 苹果、胡椒") == sc.Load(("Apples", "Pepper"))
    assert parse_action("offer 2 gold; stand ไก่,ผ้าไหม") == sc.Offer(2, ("Chickens", "Silk"))
    assert str(parse_action("market set-aside 丝绸 pile 0")) == "market set-aside Silk pile 0"
    assert parse_action("declare 3 Salt") == sc.Declare("Salt", 3)  # a house rule's own good
    game = sc.new_game("classic", players=3, seed=4)
    drive(game, [make_player("honest", "trusting")] * 3, until=lambda g: g.step == "load")
    seat, hand = game.to_move, game.hands[game.to_move]
    with sc.language("zh"):
        shown = ",".join(i18n._(c) for c in hand[:2])
        game.apply(parse_action(f"load {shown}"), seat)
    saved = json.loads(game.to_json())
    text = json.dumps(saved, ensure_ascii=False)
    assert not re.search(r"[\u0e00-\u0e7f\u4e00-\u9fff]", text)
    assert game.bags[seat] == list(hand[:2]) or sorted(game.bags[seat]) == sorted(hand[:2])


def test_cli_lang_th_prints_thai(monkeypatch):
    monkeypatch.delenv("LANG", raising=False)
    code, out, _ = run_cli(["--lang", "th", "play", "--players", "3", "--seed", "1"])
    assert code == 0
    assert "รอบที่ 1 จาก" in out and "ผู้ตรวจการ" in out
    # after the title line (the variant's own title is data): only names and bot labels
    bots = ("honest", "smuggler", "bluffer", "threshold", "trusting")
    assert _english_words(out.split("\n", 1)[1], allowed=NAMES + bots) == []
    code, out, _ = run_cli(["--lang", "th", "--help"])
    assert "วิธีใช้:" in out and "แสดงข้อความช่วยเหลือนี้แล้วออก" in out
    code, _, err = run_cli(["--lang=zh", "score", ""])
    assert code == 2 and "sheriff：错误：游戏文件名为空" in err
    assert sc.get_language() == "en"  # the command leaves the process's language as it was


def test_cli_language_defaults_to_lang_then_english(monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    _, out, _ = run_cli(["play", "--players", "3", "--seed", "1"])
    assert "第1轮" in out
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    _, out, _ = run_cli(["play", "--players", "3", "--seed", "1"])
    assert "Round 1 of" in out


@pytest.mark.parametrize("lang", ["th", "zh"])
def test_the_labs_sentences_follow_the_language(lang):
    import pandas as pd

    from sheriff_core.analysis.lab import _sentence, headline, note

    table = pd.DataFrame(
        {
            "metric": ["gold_moved", "bribes", "win_rate"],
            "strategy": ["", "", "smuggler"],
            "label": ["gold changing hands per game", "bribes paid per game", "win rate"],
            "kind": ["number", "number", "rate"],
            "unit": ["gold", "bribes", "percentage points"],
            "parent": [40.0, 1.0, 0.25],
            "variant": [93.7, 1.0, 0.26],
            "difference": [53.7, 0.0, 0.01],
            "ci_low": [52.3, -0.1, -0.02],
            "ci_high": [55.1, 0.1, 0.04],
            "p_holm": [0.0001, 1.0, 0.5],
            "distinguishable": [True, False, False],
            "same_rules": False,
            "changed": [300, 0, 120],
            "games": 300,
            "games_needed": [float("nan"), float("nan"), 5000.0],
        }
    )
    rows = table.to_dict("records")
    english = [headline(table), note(table)] + [_sentence(r, 0.95, 3) for r in rows]
    with sc.language(lang):
        told = [headline(table), note(table)] + [_sentence(r, 0.95, 3) for r in rows]
    assert all(a != b for a, b in zip(english, told, strict=True))
    assert _english_words(" ".join(told), allowed=("smuggler", "Holm")) == []
