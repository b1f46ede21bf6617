"""Command line: ``python -m sheriff_core`` or ``sheriff``.

Commands: ``simulate`` (many seeded bot games to CSV/Parquet), ``variants``
(the bundled rule sets), ``bots`` (the strategies), ``play`` (one seeded game
between bots, told round by round; with ``--seat`` you play that seat at the
terminal), ``score`` (final scores of a saved game), ``tournament`` (the bots of a
folder's files against the bundled bots: :mod:`sheriff_core.analysis.tournament`).
Errors print one line (``sheriff: error: ...``) and exit with status 2; Ctrl-C
prints one line and exits with 130, SIGTERM (``kill``) likewise with 143, and
either stops the worker processes of ``simulate --workers``. Output files
(``simulate --out``, ``play --save``) are checked before the run starts, then
written to a temporary file in the same folder and moved into place only when
complete, so a failed or interrupted run leaves an existing file untouched and
no temporary file behind.

>>> main(["variants"])  # doctest: +ELLIPSIS
classic ...
0
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

from sheriff_core.base.files import cannot_write, write_atomic
from sheriff_core.base.i18n import (
    N_,
    SUPPORTED,
    Names,
    _,
    default_language,
    get_language,
    good_name,
    language,
    pgettext,
)
from sheriff_core.base.safe_text import PrintableWriter, printable, printable_lines
from sheriff_core.engine.events import (
    Event,
    GameOver,
    GameSetUp,
    Paid,
    PaidInGoods,
    RoundEnded,
    RoundStarted,
)
from sheriff_core.engine.game import STEPS
from sheriff_core.play.narrate import counted

__all__ = ["main", "narrate", "write_atomic"]

EXIT_ERROR = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
EXIT_TERMINATED = 143  # 128 + SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so every cleanup Ctrl-C runs (workers, files) runs."""


@contextmanager
def _signals_as_exceptions() -> Iterator[None]:
    """While the command runs: SIGTERM raises :class:`Terminated`, and Ctrl-C raises
    KeyboardInterrupt as usual; once either has landed, both are ignored, so a second
    signal cannot cut the cleanup short. The previous handlers are restored afterwards.
    (Only in the main thread, where Python runs signal handlers.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}

    def landed(signum: int, frame: Any) -> None:
        for s, handler in previous.items():
            if handler is not signal.SIG_IGN:
                signal.signal(s, signal.SIG_IGN)
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    signal.signal(signal.SIGTERM, landed)
    if previous[signal.SIGINT] is signal.default_int_handler:  # not a background job's
        signal.signal(signal.SIGINT, landed)
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(_("{message} (see '{prog} --help')").format(message=message, prog=self.prog))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text!r}").format(text=text)
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(value=value))
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text!r}").format(text=text)
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("must be 0 or more, not {value}").format(value=value))
    return value


def _add_game_options(p: argparse.ArgumentParser, default_players: int = 4) -> None:
    p.add_argument("--variant", default="classic", help=_("variant name or .toml path (classic)"))
    p.add_argument(
        "--players",
        type=_positive,
        default=None,
        help=_("player count (default {default_players})").format(default_players=default_players),
    )
    p.add_argument("--seed", type=int, default=0, help=_("random seed (0)"))
    p.add_argument(
        "--merchants",
        nargs="+",
        metavar="BOT",
        default=None,
        help=_("merchant bots by seat, e.g. honest smuggler:risk=0.8 (see 'bots')"),
    )
    p.add_argument(
        "--sheriffs",
        nargs="+",
        metavar="BOT",
        default=None,
        help=_("Sheriff/Deputy bots by seat, e.g. threshold:size=3 bayesian"),
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sheriff",
        description=_("Sheriff of Nottingham: simulate bot games, list variants, play, score."),
    )
    parser.add_argument(
        "--lang",
        choices=tuple(SUPPORTED),
        default=None,
        help=_("language of everything printed: {langs} (default: from LANG, else en)").format(
            langs=", ".join(f"{k} ({v})" for k, v in SUPPORTED.items())
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "simulate",
        help=_("play many seeded bot games and write one row per game and player"),
        description=_(
            "Play many seeded games between bots; write a tidy table (CSV or Parquet "
            "by the file extension) or print win rates by strategy."
        ),
    )
    _add_game_options(p)
    p.add_argument("--games", type=_count, default=1000, help=_("number of games (1000)"))
    p.add_argument(
        "--workers",
        type=_positive,
        default=None,
        help=_("worker processes (1; at most one per CPU)"),
    )
    p.add_argument("--out", default=None, help=_("output file: .csv or .parquet"))
    p.add_argument(
        "--per", choices=("player", "bag"), default="player", help=_("one row per player or bag")
    )
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    p.add_argument(
        "--engine",
        choices=("checked", "fast", "auto"),
        default="auto",
        help=_(
            "auto (the default): the compiled simulator where it plays the run, else the "
            "rules engine, saying why; checked: every action through the rules engine; fast: the "
            "compiled simulator (the same games), refused with the reasons where it cannot play "
            "the run"
        ),
    )

    sub.add_parser(
        "variants",
        help=_("list the bundled variants with a one-line summary"),
        description=_("List the bundled variants: name, player counts and a one-line summary."),
    )
    sub.add_parser(
        "bots",
        help=_("list the merchant and Sheriff bots with their parameters"),
        description=_("List the bots usable in --merchants / --sheriffs."),
    )

    p = sub.add_parser(
        "play",
        help=_("play a seeded game: watch bots, or take a seat yourself (--seat)"),
        description=_(
            "Without --seat: play one seeded game between bots and print what "
            "happens, round by round, with the hidden bag contents revealed for learning. "
            "With --seat N: you play seat N (0 = first) at the terminal against bots, typing "
            "actions in their text form (e.g. 'declare 3 Cheese', 'offer 2 gold'); 'help' "
            "lists the legal actions, 'quit' (or end of input) leaves."
        ),
    )
    _add_game_options(p)
    p.add_argument("--seat", type=_count, default=None, help=_("play this seat yourself (0-based)"))
    p.add_argument(
        "--bots",
        nargs="+",
        metavar="MERCHANT/SHERIFF",
        default=None,
        help=_(
            "the other seats' bots, in seat order, cycled, e.g. honest/trusting,"
            "smuggler:risk=0.8/threshold (overrides --merchants/--sheriffs)"
        ),
    )
    p.add_argument("--save", default=None, help=_("save the finished game as JSON (for 'score')"))

    p = sub.add_parser(
        "score",
        help=_("final scores from a JSON game file"),
        description=_(
            "Print the scoring table of a game saved as JSON (Game.to_json, 'play --save')."
        ),
    )
    p.add_argument("file", help=_("JSON game file"))
    _add_tournament_parser(sub)
    return parser


def _add_tournament_parser(sub: Any) -> None:
    p = sub.add_parser(
        "tournament",
        help=_("a tournament of the bots in a folder's .py files against the bundled bots"),
        description=_(
            "Import every .py file of FOLDER (a bot file is code: it runs with your "
            "rights; load only files you trust), register the bots it defines, play every "
            "line-up in every seat order on the same deals, and print the leaderboard (win "
            "rates with 95% intervals, Bradley-Terry ratings) and the bots' faults "
            "(docs/tournament.md)."
        ),
    )
    p.add_argument("--bots", required=True, metavar="FOLDER", help=_("folder of bot .py files"))
    p.add_argument(
        "--games", type=_positive, default=2000, help=_("games, rounded up to whole deals (2000)")
    )
    p.add_argument("--seed", type=int, default=0, help=_("random seed (0)"))
    p.add_argument("--variant", default="classic", help=_("variant name or .toml path (classic)"))
    p.add_argument("--players", type=_positive, default=4, help=_("players per game (4)"))
    p.add_argument(
        "--opponents",
        nargs="*",
        metavar="BOT",
        default=None,
        help=_(
            "bundled entrants as merchant+sheriff (default: the bundled line-up; none: "
            "give the option without names)"
        ),
    )
    p.add_argument(
        "--time-limit",
        type=float,
        default=0.05,
        help=_("CPU seconds per decision of a loaded bot (0.05)"),
    )
    p.add_argument(
        "--out",
        default=None,
        help=_("also write the games table (one row per game and seat): .csv"),
    )


# --------------------------------------------------------------------------- commands


def _check_out(path: str) -> tuple[Path, str]:
    if not path.strip():
        raise CliError(_("--out: the file name is empty"))
    out = Path(path)
    ext = out.suffix.lower()
    if ext not in (".csv", ".parquet", ".pq"):
        raise CliError(_("cannot write {path}: use a .csv or .parquet file name").format(path=path))
    problem = cannot_write(out)
    if problem is not None:
        raise CliError(_("cannot write {path}: {problem}").format(path=path, problem=problem))
    return out, ext


def _lineup(args: argparse.Namespace) -> dict[str, Any]:
    from sheriff_core.analysis.sim import DEFAULT_MERCHANTS, DEFAULT_SHERIFFS

    return {
        "merchants": args.merchants or list(DEFAULT_MERCHANTS),
        "sheriffs": args.sheriffs or list(DEFAULT_SHERIFFS),
    }


def _load(args: argparse.Namespace) -> tuple[Any, int]:
    from sheriff_core.rules.variants import load_variant

    v = load_variant(args.variant)
    players = (
        args.players if args.players is not None else max(v.min_players, min(4, v.max_players))
    )
    v.check_players(players)
    return v, players


def cmd_simulate(args: argparse.Namespace) -> int:
    from sheriff_core.analysis.sim import simulate

    out = _check_out(args.out) if args.out is not None else None
    if out is not None and out[1] != ".csv":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise CliError(
                _("writing Parquet needs pyarrow: pip install 'sheriff-core[parquet]'")
            ) from None
    v, players = _load(args)
    df = simulate(
        v,
        players=players,
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        progress=False if args.no_progress else None,
        per=args.per,
        engine=args.engine,
        **_lineup(args),
    )
    if out is None:
        if args.per == "bag" or df.empty:
            print(_shown_stats(df.describe()).to_string() if not df.empty else _("no games played"))
        else:
            table = df.groupby("strategy").agg(
                seats=("game", "size"),
                win_rate=("win", "mean"),
                mean_total=("total", "mean"),
                caught=("caught", "mean"),
            )
            print(
                _("{games} games of {name}, {players} players, seed {seed}").format(
                    games=args.games, name=v.name, players=players, seed=args.seed
                )
            )
            print(_shown_columns(table.round(3)).to_string())
        return 0
    path, ext = out
    try:
        if ext == ".csv":
            write_atomic(path, lambda tmp: df.to_csv(tmp, index=False))
        else:
            write_atomic(path, lambda tmp: df.to_parquet(tmp, index=False))
    except OSError as exc:
        raise CliError(
            _("cannot write {path}: {value}").format(path=path, value=exc.strerror or exc)
        ) from None
    print(
        _("wrote {n_df} rows ({games} games) to {path}").format(
            n_df=len(df), games=args.games, path=path
        )
    )
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    import warnings

    from sheriff_core.analysis.tournament import load_bots, tournament

    out = _check_out(args.out) if args.out is not None else None
    if out is not None and out[1] != ".csv":
        raise CliError(
            _("cannot write {path}: the games table is written as .csv").format(path=args.out)
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the errors are printed below
        names = load_bots(args.bots)
    for file, why in names.errors.items():
        print(_("not loaded: {file}: {why}").format(file=file, why=names.said.get(file, why)))
    if not names:
        raise CliError(_("no bot loaded from {folder}").format(folder=args.bots))
    result = tournament(
        list(names),
        games=args.games,
        seed=args.seed,
        variant=args.variant,
        players=args.players,
        opponents=args.opponents,
        time_limit=args.time_limit,
    )
    played = result.games["game"].nunique()
    print(
        _("{games} games of {variant}, {players} players, seed {seed}").format(
            games=played, variant=result.variant, players=result.players, seed=args.seed
        )
    )
    print(_shown_columns(result.leaderboard().round(3)).to_string(index=False))
    print()
    print(result.report())
    if out is not None:
        try:
            write_atomic(out[0], lambda tmp: result.games.to_csv(tmp, index=False))
        except OSError as exc:
            raise CliError(
                _("cannot write {path}: {problem}").format(path=out[0], problem=exc.strerror or exc)
            ) from None
        print(_("wrote {rows} rows to {path}").format(rows=len(result.games), path=out[0]))
    return 0


def _player_range(v: Any) -> str:
    """``"3-5"``, or ``"6"`` when only one player count is supported."""
    if v.min_players == v.max_players:
        return str(v.min_players)
    return f"{v.min_players}-{v.max_players}"


def cmd_variants(args: argparse.Namespace) -> int:
    from sheriff_core.rules.variants import load_variant, variant_names

    names = variant_names()
    width = max(map(len, names))
    for name in names:
        v = load_variant(name)
        players = _("{player_range} players").format(player_range=_player_range(v))
        print(f"{name:<{width}}  {players:<11}  {_(v.summary)}")
    return 0


def plain(text: str) -> str:
    """reStructuredText inline markup as plain text.

    >>> plain("Smuggles like :class:`~sheriff_core.bots.Smuggler` (``risk``)")
    'Smuggles like Smuggler (risk)'
    """
    text = re.sub(r":[a-z]+:`~?([^`<]*?)(?: <[^>]*>)?`", lambda m: m.group(1).split(".")[-1], text)
    text = re.sub(r"``(.+?)``", r"\1", text)
    return re.sub(r"`([^`]+)`", r"\1", text)


def cmd_bots(args: argparse.Namespace) -> int:
    import inspect

    from sheriff_core.bots.base import bot_names, make_bot

    for role in ("merchant", "sheriff"):
        print(_("merchant bots:") if role == "merchant" else _("sheriff bots:"))
        for name in bot_names(role):
            cls = type(make_bot(name, role))
            params = [
                f"{k}={p.default}"
                for k, p in inspect.signature(cls.__init__).parameters.items()
                if k != "self"
            ]
            doc = plain(" ".join((cls.__doc__ or "").split()).split(". ")[0])
            print(f"  {name:<15} {', '.join(params) or '-':<40} {_(doc)}")
    return 0


def narrate(game: Any, events: Sequence[Any], labels: Sequence[str] | None = None) -> list[str]:
    """Plain-English lines for ``events`` of ``game`` (hidden bag contents shown).

    The sentences are :func:`sheriff_core.play.narrate.describe_event`'s (the one narrator);
    the terminal adds a heading per round (with the bots' labels), indents the rest
    and leaves out payments of no gold.

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> narrate(g, g.events)[1:]
    ['Round 1 of 9. Sheriff: Ann.']
    >>> narrate(g, g.events)[0]
    'Cards dealt to Ann, Ben, Cat. Top of the discard piles: pile 0: Apples, pile 1: Mead.'
    """
    from sheriff_core.play.narrate import describe_event

    lines: list[str] = []
    for e in events:
        if type(e) is RoundStarted:
            lines.append(_round_heading(game, e, labels))
            continue
        if type(e) is Paid and not e.gold:
            continue
        text = describe_event(e, game.players, secrets=True)
        if text:
            lines.append(_INDENT.get(type(e), "  ") + text)
    return lines


#: How far each class of event is indented under its round's heading (default: 2).
_INDENT: dict[type[Event], str] = {GameSetUp: "", GameOver: "", Paid: "    ", PaidInGoods: "    "}


def _round_heading(game: Any, event: RoundStarted, labels: Sequence[str] | None) -> str:
    """``Round 2 of 9. Sheriff: Ben (honest/threshold).`` (Deputies: both named)."""
    sheriffs = event.sheriffs
    title = _("Deputies") if len(sheriffs) > 1 else _("Sheriff")
    named = [f"{game.players[x]} ({labels[x]})" if labels else game.players[x] for x in sheriffs]
    return _("Round {value} of {rounds}. {title}: {named}.").format(
        value=event.round + 1, rounds=game.rounds, title=title, named=_(" and ").join(named)
    )


#: The text forms that answer each kind of decision (examples for 'help').
STEP_FORMS: dict[str, tuple[str, ...]] = {
    "starter": ("starter SEAT",),
    "market": (
        "market keep",
        "market set-aside Cheese,Pepper",
        "market set-aside Cheese,Pepper take 0,1 pile 1"
        "   (take: discard pile of each card drawn, in order; pile: where the set-aside go)",
    ),
    "load": ("load Apples,Apples,Pepper",),
    "declare": ("declare 3 Apples",),
    "sheriff": ("threaten SEAT", "inspect SEAT", "pass SEAT"),
    "merchant": (
        "offer 2 gold",
        "offer 1 gold; stand Apples; bag Pepper",
        "offer 0 gold; promise future I will let your bag pass",
        "accept",
        "decline",
    ),
    "negotiation": ("pass SEAT", "inspect SEAT", "offer 5 gold   (a demand)"),
    "confiscate": ("confiscate PILE Pepper,Silk",),
    "debt": ("pay-debt Apples,Cheese",),
    "vote": ("inspect SEAT", "pass SEAT"),
    "exchange": ("exchange TOKEN", "done"),
}
#: What each kind of decision asks (the engine's step table, ``STEPS[step].asks``) and
#: the text forms that answer it.
STEP_HELP: dict[str, tuple[str, tuple[str, ...]]] = {
    str(step): (rule.asks, STEP_FORMS.get(str(step), ())) for step, rule in STEPS.items()
}

_BOT_SPLIT = re.compile(r",(?=\s*[A-Za-z][\w-]*\s*(?:[:/,]|$))")


def _bot_players(args: argparse.Namespace, players: int, human: int | None) -> list[Any]:
    """One bot player per seat (None at the human's seat)."""
    from sheriff_core.analysis.sim import DEFAULT_SHERIFFS, bot_list
    from sheriff_core.bots.base import make_player

    if args.bots:
        specs = [s.strip() for arg in args.bots for s in _BOT_SPLIT.split(arg) if s.strip()]
        pairs = []
        for spec in specs:
            merchant, _, sheriff = spec.partition("/")
            pairs.append((merchant.strip(), sheriff.strip() or DEFAULT_SHERIFFS[0]))
            make_player(*pairs[-1])  # every spec is checked, used or not
        if not pairs:
            raise CliError(
                _("--bots: no bot given (e.g. --bots honest/trusting,smuggler/threshold)")
            )
        others = [s for s in range(players) if s != human]
        bots: list[Any] = [None] * players
        for k, s in enumerate(others):
            bots[s] = make_player(*pairs[k % len(pairs)])
        return bots
    lineup = _lineup(args)
    ms = bot_list(lineup["merchants"], "merchants")
    ss = bot_list(lineup["sheriffs"], "sheriffs")
    return [
        None if s == human else make_player(ms[s % len(ms)], ss[s % len(ss)])
        for s in range(players)
    ]


def _save_path(args: argparse.Namespace) -> Path | None:
    if args.save is None:
        return None
    if not args.save.strip():
        raise CliError(_("--save: the file name is empty"))
    save = Path(args.save)
    problem = cannot_write(save)  # before the game, not after it
    if problem is not None:
        raise CliError(_("cannot write {save}: {problem}").format(save=save, problem=problem))
    return save


def _save(game: Any, save: Path | None) -> None:
    if save is None:
        return

    def write(tmp: Path) -> None:
        tmp.write_text(game.to_json(), encoding="utf-8")

    try:
        write_atomic(save, write)
    except OSError as exc:
        raise CliError(
            _("cannot write {save}: {value}").format(save=save, value=exc.strerror or exc)
        ) from None
    print(_("saved the game to {save}").format(save=save))


def cmd_play(args: argparse.Namespace) -> int:
    from sheriff_core.engine.game import new_game
    from sheriff_core.play.driver import drive

    v, players = _load(args)
    if args.seat is not None and not 0 <= args.seat < players:
        raise CliError(
            _("--seat {seat}: this game has seats 0-{value}").format(
                seat=args.seat, value=players - 1
            )
        )
    bots = _bot_players(args, players, args.seat)
    save = _save_path(args)
    game = new_game(v, players=players, seed=args.seed)
    if args.seat is not None:
        return _play_seated(game, bots, args.seat, save, args.seed)
    labels = [str(b) for b in bots]
    print(
        _("{title}: {players} players, seed {seed}").format(
            title=_(v.title), players=players, seed=args.seed
        )
    )
    for seat in range(players):
        print(
            _("  seat {seat}: {players} plays {labels}").format(
                seat=seat, players=game.players[seat], labels=labels[seat]
            )
        )

    def tell(events: Sequence[Event]) -> None:
        for e in events:
            for line in narrate(game, [e], labels):
                print(line)
            if type(e) is RoundEnded:
                gold = ", ".join(f"{p} {g}" for p, g in zip(game.players, game.gold, strict=True))
                print(_("  Gold after the round: {gold}.").format(gold=gold))

    tell(game.events)
    drive(game, bots, on_events=tell)
    print()
    print(_shown_columns(game.final_scores()).to_string(index=False))
    _save(game, save)
    return 0


def _counted(cards: Sequence[str]) -> str:
    """``['Cheese', 'Apples', 'Cheese']`` -> ``'2 Cheese, 1 Apples'``; ``'-'`` if none."""
    from sheriff_core.play.narrate import cards_text

    return cards_text(cards) if cards else "-"


class _Seated:
    """A human at ``seat`` of ``game``, typing actions at the terminal; bots elsewhere."""

    def __init__(self, game: Any, bots: Sequence[Any], seat: int) -> None:
        self.game, self.bots, self.seat = game, bots, seat
        from sheriff_core.play.narrate import Journal

        self.journal = Journal(game)  # reads the events, each once
        self.echo = not sys.stdin.isatty()  # show piped input in the transcript

    def tell(self) -> None:
        """Print what happened since the last time (others' bags stay hidden)."""
        g = self.game
        for e in self.journal.read():
            if type(e) is RoundStarted:
                print(f"-- {self.journal.rounds[-1].heading} --")
                continue
            if type(e) is RoundEnded:
                gold = ", ".join(f"{p} {n}" for p, n in zip(g.players, g.gold, strict=True))
                print(_("   Gold after the round: {gold}.").format(gold=gold))
                continue
            text = self.journal.told(e, secrets=e.seat == self.seat)
            if text:
                print(f"   {text}")

    def status(self) -> None:
        g, me = self.game, self.seat
        role = _("Sheriff") if me in g.sheriffs else pgettext("role", "merchant")
        print()
        print(
            _(
                "Round {value} of {rounds}, {phase} phase. You are {players} (seat {me}), a {role} this round."
            ).format(
                value=g.round + 1,
                rounds=g.rounds,
                phase=_(str(g.phase)),
                players=g.players[me],
                me=me,
                role=role,
            )
        )
        print(_("  Your hand:  {value}").format(value=Names(g.hands[me]) if g.hands[me] else "-"))
        if g.bags.get(me):
            said = g.declared.get(me)
            told = _(" (declared {said})").format(said=counted(said[1], said[0])) if said else ""
            print(_("  Your bag:   {bags}{told}").format(bags=Names(g.bags[me]), told=told))
        print(_("  Your stand: {counted}").format(counted=_counted(g.stands[me])))
        print(_("  Your gold:  {gold}").format(gold=g.gold[me]))
        others = []
        for s, name in enumerate(g.players):
            if s == me:
                continue
            view = g.stand_view(s)
            stand = _(", ").join(counted(n, c) for c, n in view["legal"].items()) or _("no goods")
            if view["contraband"]:
                stand += _(" + {view} face down").format(view=view["contraband"])
            said = g.declared.get(s)
            bag = _(", bag declared {said}").format(said=counted(said[1], said[0])) if said else ""
            if said and s in g.resolved:
                bag += _(" (settled)")
            others.append(
                _("{name} (seat {s}): {gold} gold, {stand}{bag}").format(
                    name=name, s=s, gold=g.gold[s], stand=stand, bag=bag
                )
            )
        # TRANSLATORS: a label of the table's text view, padded to 14 characters
        print(_("  Others:     ") + "\n              ".join(others))
        tops = _(", ").join(
            _("pile {p}: {value}").format(p=p, value=good_name(pile[-1]) if pile else _(_EMPTY))
            for p, pile in enumerate(g.piles)
        )
        print(
            _("  Discard piles (top card): {tops}; draw pile: {n_deck} cards").format(
                tops=tops, n_deck=len(g.deck)
            )
        )
        ask = STEP_HELP.get(g.step, (g.step, ()))[0]
        print(_("Your decision: {ask}.").format(ask=_(ask)))
        neg = g.negotiation
        if neg is not None and neg.offer is not None:
            from sheriff_core.play.narrate import describe_offer

            offer = describe_offer(neg.offer, g.players)
            if neg.by == "sheriff":
                print(_("  (The Sheriff demands {offer}.)").format(offer=offer))
            else:
                print(_("  (The merchant offers {offer}.)").format(offer=offer))

    def help(self) -> None:
        from itertools import islice

        g = self.game
        ask, forms = STEP_HELP.get(g.step, (g.step, ()))
        print(
            _("You must {ask}. Type one action in its text form, for example:").format(ask=_(ask))
        )
        for form in forms:
            print(f"    {form}")
        # A sample: the first action of each kind (market: of each set of cards set
        # aside), so a dozen lines show the range of choices.
        shown: dict[str, str] = {}
        more = False
        for action in islice(g.legal_actions(), 5000):
            text = str(action)
            key = " ".join(text.split()[:3])
            if key not in shown:
                if len(shown) == 12:
                    more = True
                    break
                shown[key] = text
        print(_("Legal now{value}:").format(value=_(" (a sample; there are more)") if more else ""))
        for text in shown.values():
            print(f"    {text}")
        print(_("Other commands: 'look' shows the table again, 'quit' leaves the game."))

    def read(self) -> str | None:
        """One line typed by the human; None at the end of input."""
        prompt = f"{self.game.players[self.seat]}> "
        if not self.echo:  # a terminal: input() gives line editing
            try:
                return input(prompt).strip()
            except EOFError:
                print()
                return None
        print(prompt, end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print()
            return None
        print(line.strip())  # piped input: show it, so the transcript reads as a dialogue
        return line.strip()

    def decide(self) -> bool:
        """Prompt until the human makes a legal move (True) or quits (False)."""
        from sheriff_core.base.errors import RulesError
        from sheriff_core.engine.actions import parse_action

        self.tell()
        self.status()
        print(_("Type an action, 'help' for the legal actions, 'quit' to leave."))
        while True:
            line = self.read()
            if line is None or line.lower() in ("quit", "exit", "q"):
                return False
            if not line:
                continue
            if line.lower() in ("help", "?", "h"):
                self.help()
                continue
            if line.lower() in ("look", "l"):
                self.status()
                continue
            try:
                self.game.apply(parse_action(line), player=self.seat)
            except RulesError as exc:
                print(_("refused: {exc}").format(exc=exc))
                continue
            return True

    def run(self) -> bool:
        """Play to the end (True) or until the human quits (False)."""
        from sheriff_core.play.driver import drive, seat_to_move

        g = self.game
        while not g.is_over:
            drive(g, self.bots, until=seat_to_move(self.seat))  # the bots, up to the human
            if not g.is_over and not self.decide():
                return False
        self.tell()
        return True


def _play_seated(game: Any, bots: Sequence[Any], seat: int, save: Path | None, seed: int) -> int:
    print(
        _("{title}: {n} players, seed {seed}").format(
            title=_(game.variant.title), n=game.n, seed=seed
        )
    )
    for s in range(game.n):
        who = _("you") if s == seat else str(bots[s])
        print(_("  seat {s}: {players} ({who})").format(s=s, players=game.players[s], who=who))
    table = _Seated(game, bots, seat)
    finished = table.run()
    print()
    if finished:
        print(_("Final scores:"))
    else:
        print(
            _("You left the game in round {value} of {rounds}. Scores so far:").format(
                value=game.round + 1, rounds=game.rounds
            )
        )
    print(_shown_columns(game.final_scores()).to_string(index=False))
    _save(game, save)
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    import json

    from sheriff_core.engine.game import Game

    path = Path(args.file)
    if not args.file.strip():
        raise CliError(_("the game file name is empty"))
    if path.is_dir():
        raise CliError(_("cannot read {path}: it is a folder").format(path=path))
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(
            _("cannot read {path}: {value}").format(path=path, value=exc.strerror or exc)
        ) from None
    except UnicodeDecodeError:
        raise CliError(_("{path} is not a saved game: not UTF-8 text").format(path=path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            _("{path} is not a saved game: not JSON ({exc})").format(path=path, exc=exc)
        ) from None
    except RecursionError:
        raise CliError(
            _("{path} is not a saved game: JSON nested too deeply").format(path=path)
        ) from None
    if not isinstance(data, dict):
        kinds = {list: "a list", str: "a string", bool: "true/false", type(None): "null"}
        raise CliError(
            _("{path} is not a saved game: expected a JSON object, got {get}").format(
                path=path, get=kinds.get(type(data), "a number")
            )
        )
    try:
        game = Game.from_json(text)
        table = _score_table(game)
    except Exception as exc:  # a damaged save may fail anywhere inside from_json
        reason = str(exc) or type(exc).__name__
        if not isinstance(exc, ValueError):
            reason = f"{type(exc).__name__}: {reason}"
        raise CliError(
            _("{path} is not a saved game: {reason}").format(path=path, reason=reason)
        ) from None
    state = "final scores" if game.is_over else "scores so far (the game is not over)"
    print(
        printable(
            _("{name}: {name2}, {n} players, {state}").format(
                name=path.name, name2=game.variant.name, n=game.n, state=state
            )
        )
    )
    print(table)
    return 0


def _score_table(game: Any) -> str:
    """The final-scores table as a person reads it: seats counted from 1, and every
    control character of a name shown as its escape (``\\x1b``), never sent raw."""
    df = game.final_scores()
    df["seat"] = df["seat"] + 1
    df["player"] = df["player"].map(printable)
    return printable_lines(_shown_columns(df).to_string(index=False))


#: The final-scores table's column names, translated when it is printed.
SCORE_COLUMNS = {
    "seat": N_("seat"),
    "player": N_("player"),
    "gold": N_("gold"),
    "goods_value": N_("goods value"),
    "bonus": N_("bonus"),
    "total": N_("total"),
    "legal_goods": N_("legal goods"),
    "contraband": N_("contraband"),
    "rank": N_("rank"),
}


#: Columns whose printed name is a word the catalogs already translate (the charts' axes in
#: ``screens``, game words in ``core``): read through the same lookup, not extracted again.
_SCREEN_WORDS = {
    "strategy": "strategy",
    "seats": "seats",
    "win_rate": "win rate",
    "caught": "caught",
    "entrant": "entrant",
    "games": "games",
    "wins": "wins",
    "merchant": "merchant bot",
    "sheriff": "Sheriff bot",
    "round": "round",
    "players": "players",
    "contraband": "contraband",
    "bribe": "bribe",
    "bag_size": "bag size",
}
#: The statistics of ``DataFrame.describe`` the screens catalog already translates.
_SCREEN_STATS = {"count": "count", "mean": "mean"}
#: The screens' word for an empty discard pile (read the same way).
_EMPTY = "(empty)"


def _table_columns() -> dict[str, str]:
    """The printed names of the simulation summary's and the leaderboard's columns, in the
    current language (the frames' own columns never change)."""
    return {
        **{column: _(word) for column, word in _SCREEN_WORDS.items()},
        "mean_total": pgettext("column", "mean total"),
        "win_lo": pgettext("column", "win low"),
        "win_hi": pgettext("column", "win high"),
        "rating": pgettext("column", "rating"),
        "rating_lo": pgettext("column", "rating low"),
        "rating_hi": pgettext("column", "rating high"),
        "mean_score": pgettext("column", "mean score"),
        "faults": pgettext("column", "faults"),
        "game": pgettext("column", "game"),
        "declared_count": pgettext("column", "declared count"),
        "merchant_pays": pgettext("column", "merchant pays"),
        "smuggled": pgettext("column", "smuggled"),
    }


def _shown_stats(table: Any) -> Any:
    """A ``describe()`` table of a bag frame with its columns and statistics in the current
    language (English: as pandas names them). Its ``sheriff`` column is the Sheriff's seat."""
    if get_language() == "en":
        return table
    stats = {k: _(v) for k, v in _SCREEN_STATS.items()}
    stats |= {
        "std": pgettext("statistic", "std"),
        "min": pgettext("statistic", "min"),
        "max": pgettext("statistic", "max"),
    }
    shown = _shown_columns(table.rename(columns={"sheriff": "sheriff_seat"}))
    return shown.rename(index=stats, columns={"sheriff_seat": pgettext("column", "Sheriff's seat")})


def _shown_columns(df: Any) -> Any:
    """``df`` with its column names in the current language (``bonus_Apples``: the bonus
    word and the good's name); the frame's own columns are not changed. The summary's and
    the leaderboard's columns keep their frame names in English."""
    table = _table_columns() if get_language() != "en" else {}

    def shown(column: str) -> str:
        if column in SCORE_COLUMNS:
            return _(SCORE_COLUMNS[column])
        if column.startswith("bonus_"):
            return f"{_('bonus')} {good_name(column[len('bonus_') :])}"
        return table.get(column, column)

    out = df.rename(columns=shown)
    if out.index.name in table:
        out = out.rename_axis(table[out.index.name])
    return out


COMMANDS = {
    "simulate": cmd_simulate,
    "variants": cmd_variants,
    "bots": cmd_bots,
    "play": cmd_play,
    "score": cmd_score,
    "tournament": cmd_tournament,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 error, 130 Ctrl-C, 143 SIGTERM).

    Set ``SHERIFF_DEBUG=1`` to see the traceback of an unexpected error. Whatever a
    command prints goes through :class:`~sheriff_core.base.safe_text.PrintableWriter`: a
    control character from data (a name in a save or a house-rule file) is shown as its
    escape (``\\x1b``), never sent to the terminal.
    """
    stdout = sys.stdout
    sys.stdout = PrintableWriter(stdout)
    try:
        return _main(argv)
    finally:
        sys.stdout = stdout


#: argparse's own words (usage, option groups, its errors), translated in the core catalog.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
)


def chosen_language(argv: Sequence[str]) -> str:
    """The language of ``--lang X`` / ``--lang=X`` in ``argv`` when it is a supported one,
    else :func:`~sheriff_core.base.i18n.default_language` (``LANG``), read before the
    parser is built so that its help is in that language.

    >>> chosen_language(["--lang", "th", "variants"]), chosen_language(["--lang=zh"])
    ('th', 'zh')
    """
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else None
        if word.startswith("--lang="):
            value = word.split("=", 1)[1]
        if value in SUPPORTED:
            return value
    return default_language()


@contextmanager
def _argparse_in(lang: str) -> Iterator[None]:
    """argparse's own words through the core catalog while the command runs."""
    before = argparse._  # type: ignore[attr-defined]
    argparse._ = _  # type: ignore[attr-defined]
    try:
        with language(lang):
            yield
    finally:
        argparse._ = before  # type: ignore[attr-defined]


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    with _argparse_in(chosen_language(argv)):
        return _run(argv)


def _run(argv: list[str]) -> int:
    from sheriff_core.analysis.sim import WorkerError
    from sheriff_core.base.errors import RulesError

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_ERROR
        with _signals_as_exceptions():
            return COMMANDS[args.command](args)
    except Terminated:
        print(_("sheriff: terminated"), file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print(_("sheriff: interrupted"), file=sys.stderr)
        return EXIT_INTERRUPTED
    except (CliError, RulesError, ValueError, TypeError, WorkerError) as exc:
        print(_("sheriff: error: {one_line}").format(one_line=_one_line(exc)), file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        return 0
    except Exception as exc:
        if os.environ.get("SHERIFF_DEBUG"):
            raise
        print(
            _(
                "sheriff: error: unexpected {name}: {one_line} (set SHERIFF_DEBUG=1 for the traceback)"
            ).format(name=type(exc).__name__, one_line=_one_line(exc)),
            file=sys.stderr,
        )
        return EXIT_ERROR


def _one_line(exc: BaseException) -> str:
    return printable(" ".join(str(exc).split()) or type(exc).__name__)


def run() -> NoReturn:  # pragma: no cover
    """Console-script entry point."""
    sys.exit(main())
