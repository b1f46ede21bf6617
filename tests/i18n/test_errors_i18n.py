"""Issue 28, gap 3: the plain Python errors a newcomer meets from the public functions
(``ValueError``, ``TypeError``, ``KeyError``, ``AttributeError``, ``RuntimeError`` that
are not rules errors), the tournament's fault report and the command line's remaining
output, in Thai and Chinese.

Each error keeps its class (``except ValueError`` still catches it) and carries a lazy
:class:`~sheriff_core.base.i18n.Message`: its English text is the one it always had, and it
reads in the language current when it is shown."""

from __future__ import annotations

import ast
import pickle
import re
import textwrap
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from cli_run import run_cli

import sheriff_core as sc
import sheriff_core.base.i18n as i18n
from sheriff_core.analysis.lab import compare_each_change, compare_rules, paired_difference, sweep
from sheriff_core.base.errors import Explained, Quoted, message_of
from sheriff_core.base.i18n import Message
from sheriff_core.bots import bot_from_functions, bot_names, make_player
from sheriff_core.bots.blurbs import BLURBS
from sheriff_core.bots.guard import Guard
from sheriff_core.bots.sheriffs import TrustingSheriff
from sheriff_core.cli import plain
from sheriff_core.engine.actions import Declare, parse_action
from sheriff_core.engine.events import Event
from sheriff_core.engine.view import observe
from sheriff_core.play.driver import drive
from sheriff_core.play.narrate import describe_offer
from sheriff_core.rules import fields
from sheriff_core.rules.scoring import score_rows

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("th", "zh")
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
#: Words of code an error or a report may show in any language: Python types and names,
#: argument and parameter names a newcomer types, file formats.
CODE = set(
    "int str None JSON TOML CPU Python MerchantBot SheriffBot Player Variant SeatView "
    "len sys maxsize count legal view load declare decide choose init super params docs "
    "bots key value merchants sheriffs players games seed workers engine fast per player "
    "bag chunk_size confidence method auto bootstrap risk bluff scale prior base threshold "
    "size bribe explore signal time_limit wall_limit fractions field path changes values "
    "lineups stand promise offer gold new_game first_sheriff honest trusting describe_offer".split()
)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    sc.set_language("en")


def _known(lang: str) -> set[str]:
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "core.po"
    with path.open("rb") as f:
        return {m.id for m in read_po(f) if m.id and m.string}


def _ids(said: object) -> list[str]:
    """Every message id in ``said`` (a message, an exception, or a value inside one)."""
    if isinstance(said, BaseException):
        said = message_of(said)
    if not isinstance(said, Message):
        return []
    found = [said.msgid]
    for value in said.params.values():
        found += _ids(value)
    return found


def _params_text(said: object) -> str:
    """The data a message shows (names, typed text, Python's own words), as text."""
    if isinstance(said, BaseException):
        said = message_of(said)
    if not isinstance(said, Message):
        return str(said)
    with sc.language("en"):
        return " ".join(
            _params_text(v) if isinstance(v, Message | BaseException) else f"{v} {v!r}"
            for v in said.params.values()
        )


def _english_words(text: str, allowed: set[str]) -> list[str]:
    """Latin words of 3+ letters in ``text`` that are not ``allowed``; text in single
    quotes is what a person types (a bot spec, an action's form) and is left out."""
    text = re.sub(r"'[^'\n]*'", " ", text)
    return [w for w in re.findall(r"[A-Za-z_]{3,}", text) if w not in allowed]


class _Soft(TrustingSheriff):
    """A Sheriff the compiled simulator does not play (a subclass may change anything)."""

    name = "soft"


def _game(seed: int = 1):
    return sc.new_game("classic", players=3, seed=seed)


def _hidden_detail():
    game = _game()
    drive(game, [make_player()] * 3, until=lambda g: g.step == "declare")
    seen = observe(game, 0).events
    loaded = next(e for e in seen if e.kind == "loaded" and e.seat != 0)
    return loaded.cards


def _set_view():
    observe(_game(), 0).gold = 3


#: name -> (call that raises, the builtin class a caller catches)
CASES = {
    "unknown language": (lambda: sc.set_language("xx"), ValueError),
    "no rule field": (lambda: fields.field("setup.gold"), KeyError),
    "unknown section": (lambda: fields.sentences(sc.load_variant("classic"), "x"), KeyError),
    "rule attribute": (lambda: sc.load_variant("classic").rule("nope"), AttributeError),
    "not cards": (
        lambda: score_rows(sc.load_variant("classic"), {"Ann": ["Gold"]}, {"Ann": 0}),
        ValueError,
    ),
    "stands and gold": (
        lambda: score_rows(sc.load_variant("classic"), {"Ann": []}, {"Ben": 0}),
        ValueError,
    ),
    "no seat": (lambda: observe(_game(), 7), ValueError),
    "event kind": (lambda: Event.from_dict({"kind": "dance", "round": 1}), ValueError),
    "offer text": (lambda: parse_action("offer 3 gold; hat Apples"), ValueError),
    "offer start": (lambda: parse_action("offer three gold"), ValueError),
    "read-only view": (_set_view, AttributeError),
    "hidden detail": (_hidden_detail, AttributeError),
    "unknown bot": (lambda: make_player("nosuch"), ValueError),
    "unknown sheriff bot": (lambda: make_player("honest", "nosuch"), ValueError),
    "wrong role": (lambda: make_player(make_player().sheriff), ValueError),
    "spec type": (lambda: make_player(3), TypeError),
    "bad parameter": (lambda: make_player("smuggler:risk"), ValueError),
    "bad parameters": (lambda: make_player("smuggler:colour=1"), ValueError),
    "risk": (lambda: make_player("smuggler:risk=2"), ValueError),
    "bluff": (lambda: make_player("bluffer:bluff=2"), ValueError),
    "briber": (lambda: make_player("briber:scale=-1"), ValueError),
    "adaptive": (lambda: make_player("adaptive:threshold=2"), ValueError),
    "threshold": (lambda: make_player("honest", "threshold:size=0"), ValueError),
    "bayesian": (lambda: make_player("honest", "bayesian:explore=2"), ValueError),
    "functions: half": (lambda: bot_from_functions("half", load=print), TypeError),
    "functions: name": (lambda: bot_from_functions("", load=print), TypeError),
    "functions: none": (lambda: bot_from_functions("x"), TypeError),
    "functions: not callable": (lambda: bot_from_functions("x", decide=3), TypeError),
    "simulate players": (lambda: sc.simulate(players="3", games=1), TypeError),
    "simulate games": (lambda: sc.simulate(players=3, games=-1), ValueError),
    "simulate workers": (lambda: sc.simulate(players=3, games=1, workers=0), ValueError),
    "simulate engine": (lambda: sc.simulate(players=3, games=1, engine="turbo"), ValueError),
    "simulate per": (lambda: sc.simulate(players=3, games=1, per="round"), ValueError),
    "simulate seed": (lambda: sc.simulate(players=3, games=1, seed=-1), ValueError),
    "simulate bots": (lambda: sc.simulate(players=3, games=1, merchants=[]), ValueError),
    "simulate fast": (
        lambda: sc.simulate(players=3, games=1, sheriffs=[_Soft()], engine="fast"),
        ValueError,
    ),
    "simulate size": (lambda: sc.simulate(players=3, games=10**13, progress=False), ValueError),
    "drive": (lambda: drive(_game(), [make_player()] * 3, max_actions=2), RuntimeError),
    "too few players": (lambda: drive(_game(), [make_player()]), ValueError),
    "describe_offer": (lambda: describe_offer(Declare("Apples", 2)), TypeError),
    "tournament games": (lambda: sc.tournament(["honest"], games=0), ValueError),
    "tournament time": (lambda: sc.tournament(["honest"], time_limit=0), ValueError),
    "tournament name": (lambda: sc.tournament(["nosuch"], games=1), ValueError),
    "tournament entrant": (lambda: sc.tournament([3], games=1), TypeError),
    "tournament twice": (lambda: sc.tournament(["honest", "honest"], games=1), ValueError),
    "tournament empty": (lambda: sc.tournament([], opponents=[], games=1), ValueError),
    "load_bots": (lambda: sc.load_bots("/no/such/folder"), ValueError),
    "guard wall": (lambda: Guard(make_player(), "x", wall_limit=0), ValueError),
    "compare games": (lambda: compare_rules("classic", "classic", games=0), ValueError),
    "compare confidence": (
        lambda: compare_rules("classic", "classic", games=10, confidence=2),
        ValueError,
    ),
    "paired": (lambda: paired_difference([1.0, 2.0], [1.0]), ValueError),
    "sweep values": (lambda: sweep("classic", "setup.starting_gold", []), ValueError),
    "each change": (lambda: compare_each_change("classic", {}), ValueError),
}


def _raised(name):
    call, cls = CASES[name]
    with pytest.raises(cls) as info:
        call()
    return info.value


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_error_keeps_its_class_and_reads_in_thai_and_chinese(name):
    err = _raised(name)
    ids = _ids(err)
    assert ids, f"{name}: {type(err).__name__}({err!r}) carries no message id"
    english = str(err)
    allowed = CODE | set(NAMES) | set(re.findall(r"[A-Za-z_]{3,}", _params_text(err)))
    for lang in LANGS:
        known = _known(lang)
        assert [i for i in ids if i not in known] == [], (name, lang)
        with sc.language(lang):
            shown = str(err)
        assert shown != english, (name, lang)
        assert _english_words(shown, allowed) == [], (name, lang, shown)
    assert str(err) == english  # back in English: the text it always had


def test_english_texts_are_unchanged():
    """The English words of a few errors, as the f-strings wrote them before."""
    assert str(_raised("unknown bot")) == (
        "unknown merchant bot 'nosuch'; known: honest, smuggler, bluffer, briber, adaptive"
    )
    assert str(_raised("no rule field")) == "\"no rule field 'setup.gold'\""
    assert str(_raised("simulate players")) == "players must be a whole number, not '3'"
    assert str(_raised("wrong role")) == "trusting is a sheriff bot, not a merchant bot"
    assert str(_raised("drive")) == "game did not end within 2 actions"
    assert str(_raised("offer text")).startswith(
        "cannot read action 'offer 3 gold; hat Apples': 'hat Apples' is not a part of an offer"
    )


def test_an_error_caught_in_english_reads_in_thai_later_and_survives_pickling():
    err = _raised("unknown bot")
    english = str(err)
    sc.set_language("th")
    assert str(err).startswith("ไม่รู้จักบอทพ่อค้า 'nosuch'")
    sc.set_language("en")
    for e in (err, _raised("no rule field")):
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e) and str(again) == str(e)
        with sc.language("zh"):
            assert str(again) == str(e) != english or type(e) is KeyError
    assert str(KeyError(Quoted("no rule field {p!r}", p="x"))) == "\"no rule field 'x'\""


@pytest.mark.parametrize("lang", LANGS)
def test_the_auto_engines_notice_is_in_the_language(lang):
    from sheriff_core.analysis.sim import FastEngineFallback

    with sc.language(lang), pytest.warns(FastEngineFallback) as told:
        sc.simulate(players=3, games=2, sheriffs=[_Soft()], engine="auto", progress=False)
    text = str(told[0].message)
    assert text.startswith("engine='auto'") and "soft" in text
    assert "played this with" not in text and "(" in text


def test_no_plain_english_error_is_left_in_the_newcomers_modules():
    """Every builtin exception raised in the layers a newcomer calls (base, rules, engine,
    play, bots, the simulation, lab and tournament, the command line) carries a message
    id, except the few listed here: bugs and broken installs, not a newcomer's input."""
    builtin = {
        "ValueError",
        "TypeError",
        "KeyError",
        "IndexError",
        "RuntimeError",
        "AttributeError",
        "OverflowError",
        "ImportError",
        "WorkerError",
        "CliError",
    }
    allowed = {
        ("fields.py", "unknown placeholder {placeholder!r}"),  # a field table's own bug
        ("fields.py", "rule field {self.path}: kernel="),  # a field declaration's bug
        ("base.py", "no legal action at an exchange step"),  # the engine's invariant
    }
    files = [
        p
        for d in ("base", "rules", "engine", "play", "bots")
        for p in (ROOT / "sheriff_core" / d).glob("*.py")
    ]
    files += [
        ROOT / "sheriff_core" / "analysis" / f
        for f in ("sim.py", "lab.py", "tournament.py", "exploitability.py")
    ]
    files.append(ROOT / "sheriff_core" / "cli.py")
    offences = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in builtin or not node.exc.args:
                continue
            arg = node.exc.args[0]
            if isinstance(arg, ast.JoinedStr | ast.Constant | ast.BinOp):
                text = ast.unparse(arg)
                if not any(path.name == f and part in text for f, part in allowed):
                    offences.append(f"{path.name}:{node.lineno}: {text[:60]}")
    assert offences == []


class Chaos:
    """A seat-bot that raises one of our errors, returns an illegal action, or plays."""

    name = "chaos"

    def choose(self, view):
        u = view.players_rng.random()
        if u < 0.2:
            make_player("nosuch")  # raises a lazy ValueError
        if u < 0.5:
            return Declare("Apples", 99)
        return next(iter(view.legal_actions()))


#: Code a report quotes: a call or a repr, one level of brackets inside.
CALL = r"[\w.]+\((?:[^()]|\([^()]*\))*\)"


def _report_words(text: str) -> list[str]:
    """English words left in a report after the code it quotes (calls, reprs) is removed."""
    scrubbed = re.sub(CALL, " ", text)
    bots = set(bot_names("merchant") + bot_names("sheriff"))
    return _english_words(scrubbed, CODE | set(NAMES) | bots | {"chaos", "ValueError"})


@pytest.mark.parametrize("lang", LANGS)
def test_the_fault_report_reads_in_the_language_and_the_faults_stay_english(lang, monkeypatch):
    english = sc.tournament([Chaos], games=3, players=3, opponents=["honest+trusting"], seed=1)
    with sc.language(lang):
        result = sc.tournament([Chaos], games=3, players=3, opponents=["honest+trusting"], seed=1)
        report = result.report()
    # the faults frame is data: the same English text whatever the language
    cols = ["message", "state"]
    assert result.faults[cols].equals(english.faults[cols])
    assert english.faults["message"].str.contains("unknown merchant bot 'nosuch'").any()
    assert set(result.faults["kind"]) == {"raised", "illegal"}
    assert report != english.report()
    assert _report_words(report) == [], report
    seen: set[str] = set()
    real = i18n._catalog

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def gettext(self, m):
            seen.add(m)
            return self.inner.gettext(m)

        def ngettext(self, s, p, n):
            seen.add(s)
            return self.inner.ngettext(s, p, n)

        def pgettext(self, c, m):
            seen.add(m)
            return self.inner.pgettext(c, m)

    monkeypatch.setattr(i18n, "_catalog", lambda code: Spy(real(code)))
    with sc.language(lang):
        assert english.report() == report  # a result made in English reports in `lang` too
    assert seen and seen <= _known(lang), seen - _known(lang)


#: What the command line shows as it is in every language: bot names and parameters,
#: the typed forms of actions and commands, variant names.
CLI_DATA = (
    CODE
    | set(NAMES)
    | set(
        "smuggler bluffer briber adaptive always inspect threshold bayesian grudge prior_lie "
        "prior_honest margin threaten belief Beta Smuggler True False classic royal deputies "
        "disney second edition summary sheet SEAT PILE TOKEN look quit help market keep aside "
        "take pile threaten accept decline future exchange done confiscate pay debt Apples "
        "Cheese Pepper Silk let your will pass Bradley Terry".split()
    )
)


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_line_prints_no_english_under_lang(lang, monkeypatch, tmp_path):
    monkeypatch.delenv("LANG", raising=False)
    runs = [
        ["simulate", "--players", "3", "--games", "12", "--seed", "1", "--engine", "checked"],
        ["simulate", "--players", "3", "--games", "4", "--per", "bag", "--engine", "checked"],
        ["bots"],
        ["variants"],
        ["play", "--players", "3", "--seed", "2", "--seat", "0"],
    ]
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "chaos.py").write_text(
        textwrap.dedent(
            """
            from sheriff_core.bots import MerchantBot
            from sheriff_core.engine.actions import Declare

            class Wild(MerchantBot):
                name = "wild"

                def load(self, view):
                    raise KeyError("boom")

                def declare(self, view):
                    return Declare("Apples", 99)
            """
        )
    )
    (folder / "empty.py").write_text("x = 1\n")
    runs.append(["tournament", "--bots", str(folder), "--games", "8", "--players", "3"])
    for argv in runs:
        code, out, err = run_cli(["--lang", lang, *argv], "help\nlook\nquit\n")
        assert code == 0, (argv, err)
        text = re.sub(CALL, " ", out)  # code the report quotes
        text = text.replace(str(folder), " ")
        words = _english_words(text, CLI_DATA | {"wild", "chaos", "empty", "boom", "KeyError"})
        assert words == [], (argv, sorted(set(words)))


def test_the_bot_descriptions_table_matches_the_bots():
    """bots/blurbs.py holds each bundled bot's description as `sheriff bots` prints it."""
    from sheriff_core.bots.base import bot_names, make_bot

    shown = {}
    for role in ("merchant", "sheriff"):
        for name in bot_names(role):
            cls = type(make_bot(name, role))
            if cls.__module__.startswith("sheriff_core."):
                shown[(role, name)] = plain(" ".join((cls.__doc__ or "").split()).split(". ")[0])
    assert shown == BLURBS


def test_explained_errors_and_plain_ones_give_their_message():
    rules = sc.RulesError("no bag waiting for seat {seat}", seat=2)
    assert isinstance(message_of(rules), Message) and isinstance(rules, Explained)
    assert message_of(RuntimeError("plain")) == "plain"
