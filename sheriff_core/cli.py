"""Command line: ``python -m sheriff_core`` or ``sheriff``.

Commands: ``simulate`` (many seeded bot games to CSV/Parquet), ``variants``
(the bundled rule sets), ``bots`` (the strategies), ``play`` (one seeded game
between bots, told round by round), ``score`` (final scores of a saved game).
Errors print one line (``sheriff: error: ...``) and exit with status 2.

>>> main(["variants"])  # doctest: +ELLIPSIS
classic ...
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

__all__ = ["main", "narrate"]

EXIT_ERROR = 2


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{self.prog} --help')")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _add_game_options(p: argparse.ArgumentParser, default_players: int = 4) -> None:
    p.add_argument("--variant", default="classic", help="variant name or .toml path (classic)")
    p.add_argument(
        "--players", type=_positive, default=None, help=f"player count (default {default_players})"
    )
    p.add_argument("--seed", type=int, default=0, help="random seed (0)")
    p.add_argument(
        "--merchants",
        nargs="+",
        metavar="BOT",
        default=None,
        help="merchant bots by seat, e.g. honest smuggler:risk=0.8 (see 'bots')",
    )
    p.add_argument(
        "--sheriffs",
        nargs="+",
        metavar="BOT",
        default=None,
        help="Sheriff/Deputy bots by seat, e.g. threshold:size=3 bayesian",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sheriff",
        description="Sheriff of Nottingham: simulate bot games, list variants, play, score.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "simulate",
        help="play many seeded bot games and write one row per game and player",
        description="Play many seeded games between bots; write a tidy table (CSV or Parquet "
        "by the file extension) or print win rates by strategy.",
    )
    _add_game_options(p)
    p.add_argument("--games", type=_count, default=1000, help="number of games (1000)")
    p.add_argument("--workers", type=_positive, default=None, help="worker processes (1)")
    p.add_argument("--out", default=None, help="output file: .csv or .parquet")
    p.add_argument(
        "--per", choices=("player", "bag"), default="player", help="one row per player or bag"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")

    sub.add_parser(
        "variants",
        help="list the bundled variants with a one-line summary",
        description="List the bundled variants: name, player counts and a one-line summary.",
    )
    sub.add_parser(
        "bots",
        help="list the merchant and Sheriff bots with their parameters",
        description="List the bots usable in --merchants / --sheriffs.",
    )

    p = sub.add_parser(
        "play",
        help="play one seeded game between bots and tell it round by round",
        description="Play one seeded game between bots and print what happens, round by "
        "round, with the hidden bag contents revealed for learning.",
    )
    _add_game_options(p)
    p.add_argument("--save", default=None, help="save the finished game as JSON (for 'score')")

    p = sub.add_parser(
        "score",
        help="final scores from a JSON game file",
        description="Print the scoring table of a game saved as JSON (Game.to_json, "
        "'play --save').",
    )
    p.add_argument("file", help="JSON game file")
    return parser


# --------------------------------------------------------------------------- commands


def _check_out(path: str) -> tuple[Path, str]:
    out = Path(path)
    ext = out.suffix.lower()
    if ext not in (".csv", ".parquet", ".pq"):
        raise CliError(f"cannot write {path}: use a .csv or .parquet file name")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise CliError(f"cannot write {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        raise CliError(f"cannot write {path}: permission denied")
    if out.is_dir():
        raise CliError(f"cannot write {path}: it is a folder")
    return out, ext


def _lineup(args: argparse.Namespace) -> dict[str, Any]:
    from sheriff_core.sim import DEFAULT_MERCHANTS, DEFAULT_SHERIFFS

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
    from sheriff_core.sim import simulate

    out = _check_out(args.out) if args.out else None
    if out is not None and out[1] != ".csv":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise CliError(
                "writing Parquet needs pyarrow: pip install 'sheriff-core[parquet]'"
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
        **_lineup(args),
    )
    if out is None:
        if args.per == "bag" or df.empty:
            print(df.describe().to_string() if not df.empty else "no games played")
        else:
            table = df.groupby("strategy").agg(
                seats=("game", "size"),
                win_rate=("win", "mean"),
                mean_total=("total", "mean"),
                caught=("caught", "mean"),
            )
            print(f"{args.games} games of {v.name}, {players} players, seed {args.seed}")
            print(table.round(3).to_string())
        return 0
    path, ext = out
    try:
        if ext == ".csv":
            df.to_csv(path, index=False)
        else:
            df.to_parquet(path, index=False)
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
    print(f"wrote {len(df)} rows ({args.games} games) to {path}")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from sheriff_core.rules.variants import load_variant, variant_names

    names = variant_names()
    width = max(map(len, names))
    for name in names:
        v = load_variant(name)
        print(f"{name:<{width}}  {v.min_players}-{v.max_players} players  {v.summary}")
    return 0


def cmd_bots(args: argparse.Namespace) -> int:
    import inspect

    from sheriff_core.bots.base import _REGISTRY

    for role in ("merchant", "sheriff"):
        print(f"{role} bots:")
        for name, cls in _REGISTRY[role].items():
            params = [
                f"{k}={p.default}"
                for k, p in inspect.signature(cls.__init__).parameters.items()
                if k != "self"
            ]
            doc = " ".join((cls.__doc__ or "").split()).split(". ")[0]
            print(f"  {name:<15} {', '.join(params) or '-':<40} {doc}")
    return 0


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(cards) if cards else "nothing"


def narrate(game: Any, events: Sequence[Any], labels: Sequence[str] | None = None) -> list[str]:
    """Plain-English lines for ``events`` of ``game`` (hidden bag contents shown).

    >>> import sheriff_core as sc
    >>> g = sc.new_game("classic", players=3, seed=0)
    >>> narrate(g, g.events)[0]
    'Round 1 of 9. Sheriff: Ann.'
    """

    def who(seat: Any) -> str:
        if not isinstance(seat, int) or not 0 <= seat < game.n:
            return "the Loot" if seat in ("loot", -1) else str(seat)
        name = game.players[seat]
        return f"{name} ({labels[seat]})" if labels else name

    def name(seat: Any) -> str:
        return game.players[seat] if isinstance(seat, int) and 0 <= seat < game.n else who(seat)

    lines: list[str] = []
    for e in events:
        k, s, i = e.kind, e.seat, e.info
        if k == "round_start":
            sheriffs = i.get("sheriffs") or [s]
            title = "Deputies" if len(sheriffs) > 1 else "Sheriff"
            lines.append(
                f"Round {e.round + 1} of {game.rounds}. {title}: "
                f"{' and '.join(who(x) for x in sheriffs)}."
            )
        elif k == "starter":
            lines.append(f"  {name(s)} starts the market.")
        elif k == "market":
            if not i["set_aside"]:
                lines.append(f"  {name(s)} keeps the hand.")
            else:
                took = f", takes {_cards(i['took'])} from the discard piles" if i["took"] else ""
                lines.append(
                    f"  {name(s)} discards {_cards(i['set_aside'])}{took}, draws {i['drew']}."
                )
        elif k == "loaded":
            lines.append(f"  {name(s)} bags {i['size']} card(s) [hidden: {_cards(i['cards'])}].")
        elif k == "declared":
            lines.append(f'  {name(s)} declares "{i["count"]} {i["good"]}".')
        elif k == "threatened":
            lines.append(f"  The Sheriff picks up {name(s)}'s bag and threatens to open it.")
        elif k == "offer":
            by = "The Sheriff demands" if i["by"] == "sheriff" else f"{name(s)} offers"
            lines.append(f"  {by}: {i['offer'].removeprefix('offer ')}.")
        elif k == "declined":
            lines.append(f"  {name(s)} makes no deal.")
        elif k == "vote":
            lines.append(f"  Deputy {name(i['deputy'])} votes to {i['choice']} {name(s)}'s bag.")
        elif k == "passed":
            bribe = f", for a bribe ({i['bribe'].removeprefix('offer ')})" if "bribe" in i else ""
            truth = "honest" if i["truthful"] else f"a lie: {i['smuggled']} contraband got through"
            lines.append(
                f"  {name(s)}'s bag ({i['declared']}) passes{bribe}: it held "
                f"{_cards(i['cards'])} -- {truth}."
            )
        elif k == "inspected":
            if i["truthful"]:
                lines.append(
                    f"  {name(s)}'s bag is opened: {_cards(i['cards'])}, exactly as declared "
                    f"({i['declared']}). The Sheriff owes {-i['merchant_pays']} gold."
                )
            else:
                lines.append(
                    f"  {name(s)}'s bag is opened: {_cards(i['cards'])} -- declared "
                    f"{i['declared']}, a lie! Confiscated: {_cards(i['confiscated'])}; "
                    f"{name(s)} owes a fine of {i['merchant_pays']} gold."
                )
        elif k == "paid":
            if i["gold"]:
                lines.append(f"    {name(s)} pays {i['gold']} gold to {name(i['to'])}.")
        elif k == "paid_in_goods":
            forgiven = f" ({i['forgiven']} forgiven)" if i.get("forgiven") else ""
            lines.append(
                f"    {name(s)} has no gold left and pays with {_cards(i['cards'])} "
                f"(worth {i['value']}){forgiven}."
            )
        elif k == "exchanged":
            lines.append(f"  {name(s)} trades {_cards(i['goods'])} for a {i['token']} token.")
        elif k == "loot_split":
            lines.append(f"  The Loot is split: {i['each']} gold each to the Deputies.")
        elif k == "reshuffled":
            lines.append(f"  The draw pile ran out: {i['cards']} cards reshuffled.")
        elif k == "game_over":
            lines.append(f"Game over. Winner(s): {', '.join(i['winners'])}.")
    return lines


def cmd_play(args: argparse.Namespace) -> int:
    from sheriff_core.bots.base import make_player
    from sheriff_core.engine.game import new_game
    from sheriff_core.sim import _as_list

    v, players = _load(args)
    lineup = _lineup(args)
    ms = _as_list(lineup["merchants"], "merchants")
    ss = _as_list(lineup["sheriffs"], "sheriffs")
    bots = [make_player(ms[s % len(ms)], ss[s % len(ss)]) for s in range(players)]
    labels = [str(b) for b in bots]
    save = Path(args.save) if args.save else None
    if save is not None and not (save.parent if str(save.parent) else Path(".")).is_dir():
        raise CliError(f"cannot write {save}: folder {save.parent} does not exist")
    game = new_game(v, players=players, seed=args.seed)
    print(f"{v.title}: {players} players, seed {args.seed}")
    for seat in range(players):
        print(f"  seat {seat}: {game.players[seat]} plays {labels[seat]}")
    events = list(game.events)
    while True:
        for e in events:
            for line in narrate(game, [e], labels):
                print(line)
            if e.kind == "round_end":
                gold = ", ".join(f"{p} {g}" for p, g in zip(game.players, game.gold, strict=True))
                print(f"  Gold after the round: {gold}.")
        if game.is_over:
            break
        events = game.apply(bots[game.to_move].choose(game))  # type: ignore[index]
    print()
    print(game.final_scores().to_string(index=False))
    if save is not None:
        try:
            save.write_text(game.to_json(), encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {save}: {exc.strerror or exc}") from None
        print(f"saved the game to {save}")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from sheriff_core.engine.game import Game

    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        game = Game.from_json(text)
    except (ValueError, KeyError, TypeError) as exc:
        raise CliError(f"{path} is not a saved game: {exc}") from None
    state = "final scores" if game.is_over else "scores so far (the game is not over)"
    print(f"{path.name}: {game.variant.name}, {game.n} players, {state}")
    print(game.final_scores().to_string(index=False))
    return 0


COMMANDS = {
    "simulate": cmd_simulate,
    "variants": cmd_variants,
    "bots": cmd_bots,
    "play": cmd_play,
    "score": cmd_score,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 error)."""
    from sheriff_core.errors import RulesError

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return EXIT_ERROR
        return COMMANDS[args.command](args)
    except (CliError, RulesError, ValueError, TypeError) as exc:
        print(f"sheriff: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        return 0


def run() -> NoReturn:  # pragma: no cover
    """Console-script entry point."""
    sys.exit(main())
