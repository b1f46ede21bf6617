"""A class tournament: students' bots against each other and the bundled bots.

:func:`tournament` plays every line-up of the entrants in every seat order on the same
deals, so any two entrants are compared on the same cards (paired comparisons), and
returns a :class:`TournamentResult`: a tidy table of games (one row per game and seat),
the faults of the students' bots, a leaderboard with intervals and a head-to-head table.

**Entrants** (``bots``) are any of

* a registered name with its parameters, ``"smuggler"``, ``"threshold:bribe=3"``: a name
  registered as a merchant *and* as a Sheriff (a student's pair of classes with one name)
  plays both roles; a merchant-only name plays with the Sheriff ``partners["sheriff"]``
  (``"threshold"``, the simulator's default Sheriff), a Sheriff-only name with the
  merchant ``partners["merchant"]`` (``"honest"``), so all merchant-only entrants share
  one partner and are compared on their merchant play alone (and likewise the Sheriffs);
* a pair ``"merchant+sheriff"`` (``"smuggler+threshold:size=3"``) or a tuple of two specs;
* a :class:`~sheriff_core.bots.Player`, a bot instance or a bot class (made with no
  arguments), or an object or class with ``choose(view)`` (it plays the whole seat).

**Opponents**: the bundled line-up :data:`DEFAULT_OPPONENTS` joins the entrants unless
``opponents`` names others (``[]``: the entrants alone).

**Line-ups**: with ``P`` entrants and opponents for ``players`` seats, every set of
``players`` of them (``C(P, players)``; with fewer than ``players``, the pool repeated to
fill the table) plays each deal in each of the ``players`` rotations of its seat order, so
everybody sits in every seat and meets everybody on the same cards. ``games`` is rounded
up to whole deals (a deal: every line-up in every rotation), the table says how many.

**Guards**: a bot not bundled with ``sheriff_core`` plays through a
:class:`~sheriff_core.bots.guard.Guard`: an exception, an illegal action or a decision
longer than ``time_limit`` seconds of CPU time (``wall_limit`` of wall-clock time) loses
that decision to the bundled honest/trusting
bots' choice and is recorded (:attr:`TournamentResult.faults`, :meth:`~TournamentResult.report`);
the tournament goes on. Bundled bots are not timed, so a busy machine cannot change
their games.

**The leaderboard** (:meth:`TournamentResult.leaderboard`): win rates (share of seats
that finished first; ties count as wins) with Wilson 95 % intervals, and a
**Bradley-Terry rating**, fitted with statsmodels: every pair of different entrants at a
table is one comparison (who scored more; a tie counts half), ``P(a ahead of b) =
1 / (1 + 10 ** ((rating_b - rating_a) / 400))``, on Elo's scale with the field's
average at 0, 95 % intervals from standard errors clustered by game (the comparisons of
one game are not independent). Why this model: ``docs/tournament.md``.

>>> result = tournament(["smuggler", "honest+threshold"], games=8, seed=1, players=3,
...                     opponents=["briber+bayesian"])
>>> len(result.games), sorted(result.games["entrant"].unique())
(27, ['briber+bayesian', 'honest+threshold', 'smuggler'])
>>> list(result.leaderboard().columns[:4])
['entrant', 'games', 'wins', 'win_rate']
"""

from __future__ import annotations

import copy
import importlib.util
import math
import re
import sys
import warnings
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from sheriff_core.analysis.exploitability import merchant_smuggling_rate, sheriff_exploitability
from sheriff_core.base.errors import RulesError, message_of
from sheriff_core.base.i18n import N_, Message, Term, _, language
from sheriff_core.bots.base import (
    Bot,
    MerchantBot,
    Player,
    SheriffBot,
    bot_names,
    make_bot,
    make_player,
    parse_spec,
    register,
)
from sheriff_core.bots.guard import FAULT_KINDS, Fault, Guard, time_limits
from sheriff_core.engine.game import Game, new_game
from sheriff_core.play.driver import drive
from sheriff_core.rules.variants import Variant, load_variant

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEFAULT_OPPONENTS",
    "DEFAULT_PARTNERS",
    "Entrant",
    "TournamentResult",
    "entrant",
    "load_bots",
    "tournament",
    "win_rate_by_mix",
    "sheriff_exploitability",
    "merchant_smuggling_rate",
    "GAME_COLUMNS",
    "FAULT_COLUMNS",
]

#: The bundled bots that join a tournament unless ``opponents`` says otherwise.
DEFAULT_OPPONENTS: tuple[str, ...] = (
    "honest+trusting",
    "smuggler+threshold",
    "briber+bayesian",
    "adaptive+threshold:bribe=3",
)

#: The partner of an entrant that plays one role only.
DEFAULT_PARTNERS: Mapping[str, str] = {"merchant": "honest", "sheriff": "threshold"}

#: Columns of :attr:`TournamentResult.games`, in order.
GAME_COLUMNS: tuple[str, ...] = (
    "game",
    "deal",
    "seed",
    "lineup",
    "rotation",
    "seat",
    "entrant",
    "merchant",
    "sheriff",
    "score",
    "gold",
    "goods_value",
    "bonus",
    "rank",
    "won",
    "faults",
    "variant",
    "players",
)

#: Columns of :attr:`TournamentResult.faults`, in order.
FAULT_COLUMNS: tuple[str, ...] = (
    "entrant",
    "game",
    "seed",
    "seat",
    "round",
    "step",
    "kind",
    "message",
    "played",
    "seconds",
    "cpu_seconds",
    "state",
)

#: 95 % intervals.
_Z = 1.959963984540054
#: Log-odds to Elo points.
_ELO = 400 / math.log(10)


# --------------------------------------------------------------------------- entrants


@dataclass(frozen=True)
class Entrant:
    """One competitor: its ``name`` (unique in a tournament), the labels of the merchant
    and Sheriff it plays, a ``factory`` making a fresh seat player for each game, and
    whether its code is bundled with sheriff_core (``trusted``: not guarded)."""

    name: str
    merchant: str
    sheriff: str
    factory: Callable[[], Any] = field(repr=False, compare=False)
    trusted: bool = False


def _bundled(obj: Any) -> bool:
    return type(obj).__module__.startswith("sheriff_core.")


def _of_player(name: str, player: Player) -> Entrant:
    trusted = _bundled(player.merchant) and _bundled(player.sheriff)
    try:  # each game gets a fresh copy: find out now if one cannot be made
        player.clone()
    except Exception as exc:  # noqa: BLE001 - a user's class: any error, said clearly
        raise ValueError(
            Message(
                "cannot make a fresh copy of the bots of {name!r} for each game: "
                "{error}: {exc} (does its __init__ call super().__init__(...) with "
                "its parameters, as docs/bots.md shows?)",
                name=name,
                error=type(exc).__name__,
                exc=str(exc),
            )
        ) from exc
    return Entrant(name, player.merchant.label(), player.sheriff.label(), player.clone, trusted)


def _of_name(text: str, partners: Mapping[str, str]) -> Entrant:
    if "+" in text:
        merchant, _, sheriff = text.partition("+")
        return _of_player(text.strip(), make_player(merchant.strip(), sheriff.strip()))
    name, _ = parse_spec(text)
    roles = [r for r in ("merchant", "sheriff") if name in bot_names(r)]
    if roles == ["merchant", "sheriff"]:
        player = make_player(text, text)
    elif roles == ["merchant"]:
        player = make_player(text, partners["sheriff"])
    elif roles == ["sheriff"]:
        player = make_player(partners["merchant"], text)
    else:
        known = ", ".join(bot_names("merchant") + bot_names("sheriff"))
        raise ValueError(
            Message("no bot is registered as {name!r}; known: {known}", name=name, known=known)
        )
    return _of_player(text.strip(), player)


def _of_bot(bot: Bot, partners: Mapping[str, str]) -> Entrant:
    if not hasattr(bot, "params"):
        raise ValueError(
            Message(
                "the bot {cls} has no params: its __init__ must call "
                "super().__init__(...) with its parameters (docs/bots.md)",
                cls=type(bot).__name__,
            )
        )
    if isinstance(bot, MerchantBot):
        player = make_player(bot, partners["sheriff"])
    elif isinstance(bot, SheriffBot):
        player = make_player(partners["merchant"], bot)
    else:
        raise TypeError(Message("{bot} is neither a MerchantBot nor a SheriffBot", bot=repr(bot)))
    return _of_player(bot.label(), player)


def _of_chooser(obj: Any) -> Entrant:
    name = getattr(obj, "name", None) or type(obj).__name__

    def fresh() -> Any:
        try:
            return copy.deepcopy(obj)
        except Exception:  # noqa: BLE001 - an object that cannot be copied plays as it is
            return obj

    return Entrant(str(name), str(name), str(name), fresh, _bundled(obj))


def entrant(spec: Any, partners: Mapping[str, str] = DEFAULT_PARTNERS) -> Entrant:
    """An :class:`Entrant` from any form :func:`tournament` takes (see the module's text).

    >>> e = entrant("smuggler:risk=0.9")
    >>> e.name, e.merchant, e.sheriff, e.trusted
    ('smuggler:risk=0.9', 'smuggler(risk=0.9)', 'threshold', True)
    >>> entrant("bayesian").merchant
    'honest'
    """
    return _entrant(spec, partners)


def _entrant(spec: Any, partners: Mapping[str, str]) -> Entrant:
    """:func:`entrant` (a name its callers can use when an argument is called ``entrant``)."""
    if isinstance(spec, Entrant):
        return spec
    if isinstance(spec, str):
        return _of_name(spec, partners)
    if isinstance(spec, tuple) and len(spec) == 2:
        player = make_player(spec[0], spec[1])
        return _of_player(str(player), player)
    if isinstance(spec, Player):
        return _of_player(str(spec), spec)
    if isinstance(spec, Bot):
        return _of_bot(spec, partners)
    if isinstance(spec, type) and issubclass(spec, Bot):
        return _of_bot(spec(), partners)
    if isinstance(spec, type) and callable(getattr(spec, "choose", None)):
        return _of_chooser(spec())
    if callable(getattr(spec, "choose", None)):
        return _of_chooser(spec)
    raise TypeError(
        Message(
            "a tournament entrant is a bot name, 'merchant+sheriff', a Player, a bot or a "
            "bot class, or an object with choose(view); not {spec}",
            spec=repr(spec),
        )
    )


def _pool(
    bots: Sequence[Any] | Any, opponents: Sequence[Any] | None, partners: Mapping[str, str]
) -> list[Entrant]:
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        bots = [bots]
    pool: list[Entrant] = []
    for spec in bots:
        e = _entrant(spec, partners)
        if any(p.name == e.name for p in pool):
            raise ValueError(
                Message("two entrants are called {name!r}: give them different names", name=e.name)
            )
        pool.append(e)
    for spec in DEFAULT_OPPONENTS if opponents is None else opponents:
        e = _entrant(spec, partners)
        if all(p.name != e.name for p in pool):  # an entrant that is also an opponent: once
            pool.append(e)
    if not pool:
        raise ValueError(Message("a tournament needs at least one entrant"))
    return pool


# --------------------------------------------------------------------------- playing


def _lineups(size: int, players: int) -> list[tuple[int, ...]]:
    """Every set of ``players`` entrants of ``size`` (fewer: the pool repeated)."""
    if size >= players:
        return list(combinations(range(size), players))
    return [tuple(i % size for i in range(players))]


def _deal_seeds(seed: int | None, deals: int) -> list[int]:
    """One integer seed per deal (``sc.new_game(..., seed=s)`` deals it again)."""
    root = np.random.SeedSequence(seed)
    return [int(s.generate_state(1)[0]) for s in root.spawn(deals)]


def _explainer(game: Game) -> Callable[[Any, int], object]:
    """The engine's reason an action is illegal for a seat of ``game`` now (a message,
    read in the language current when it is shown)."""

    def explain(action: Any, seat: int) -> object:
        try:
            game.verify(action, seat)
        except RulesError as exc:
            return exc.message
        return None

    return explain


@dataclass
class _Run:
    """What one tournament plays: the variant, table size, pool, limits and sinks."""

    variant: Variant
    players: int
    pool: list[Entrant]
    time_limit: float | None
    wall_limit: float | None = None
    rows: dict[str, list[Any]] = field(default_factory=lambda: {c: [] for c in GAME_COLUMNS})
    faults: list[tuple[int, int, Fault]] = field(default_factory=list)

    def play(self, index: int, deal: int, seed: int, lineup: int, order: Sequence[int]) -> None:
        """Deal game ``index`` from ``seed`` and play it with entrants ``order`` by seat."""
        game = new_game(self.variant, players=self.players, seed=seed, first_sheriff=0)
        explain = _explainer(game)
        seats: list[Any] = []
        for i in order:
            e = self.pool[i]
            player = e.factory()
            if not e.trusted:
                player = Guard(
                    player,
                    e.name,
                    time_limit=self.time_limit,
                    wall_limit=self.wall_limit,
                    explain=explain,
                )
            seats.append(player)
        drive(game, seats)
        lost = [len(p.faults) if isinstance(p, Guard) else 0 for p in seats]
        for p in seats:
            if isinstance(p, Guard):
                self.faults.extend((index, seed, f) for f in p.faults)
        self._record(game, index, deal, seed, lineup, order, lost)

    def _record(
        self,
        game: Game,
        index: int,
        deal: int,
        seed: int,
        lineup: int,
        order: Sequence[int],
        lost: list[int],
    ) -> None:
        cols = self.rows
        n = self.players
        for seat, row in enumerate(game.score_rows()):
            e = self.pool[order[seat]]
            for key, value in (
                ("game", index),
                ("deal", deal),
                ("seed", seed),
                ("lineup", lineup),
                ("rotation", index % n),
                ("seat", seat),
                ("entrant", e.name),
                ("merchant", e.merchant),
                ("sheriff", e.sheriff),
                ("score", row["total"]),
                ("gold", row["gold"]),
                ("goods_value", row["goods_value"]),
                ("bonus", row["bonus"]),
                ("rank", row["rank"]),
                ("won", row["rank"] == 1),
                ("faults", lost[seat]),
                ("variant", self.variant.name),
                ("players", n),
            ):
                cols[key].append(value)


def tournament(
    bots: Sequence[Any] | Any,
    *,
    games: int = 2000,
    seed: int | None = 0,
    variant: Variant | str = "classic",
    players: int = 4,
    opponents: Sequence[Any] | None = None,
    time_limit: float | None = 0.05,
    progress: bool = False,
    partners: Mapping[str, str] = DEFAULT_PARTNERS,
    wall_limit: float | None = None,
) -> TournamentResult:
    """Play a tournament between ``bots`` (and ``opponents``: the bundled
    :data:`DEFAULT_OPPONENTS` unless given; ``[]`` for none) and return its
    :class:`TournamentResult`. See the module's text for the entrants, line-ups,
    guards and the leaderboard; ``partners``: the partner of an entrant that plays one
    role only. ``time_limit``: CPU seconds per decision of a guarded bot, ``wall_limit``:
    wall-clock seconds (default ``max(1, 20 x time_limit)``; None for both: no limit;
    :class:`~sheriff_core.bots.guard.Guard`). The same arguments give the same tables
    (CPU time does not depend on how busy the machine is, but a bot that thinks close to
    its limit can fall either side of it). ``progress``: a tqdm bar.

    >>> r = tournament(["honest"], games=6, players=3, opponents=["smuggler", "briber"])
    >>> r.games.groupby("entrant")["game"].count().tolist()
    [6, 6, 6]
    """
    v = load_variant(variant) if isinstance(variant, str) else variant
    v.check_players(players)
    if games < 1:
        raise ValueError(Message("games must be 1 or more, not {games}", games=games))
    if time_limit is not None and not time_limit > 0:
        raise ValueError(
            Message(
                "time_limit is seconds per decision, above 0 (or None), not {limit}",
                limit=time_limit,
            )
        )
    pool = _pool(bots, opponents, partners)
    lineups = _lineups(len(pool), players)
    deals = math.ceil(games / (len(lineups) * players))
    run = _Run(v, players, pool, time_limit, wall_limit)
    schedule = [
        (d, li, lineup[r:] + lineup[:r])
        for d in range(deals)
        for li, lineup in enumerate(lineups)
        for r in range(players)
    ]
    seeds = _deal_seeds(seed, deals)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(schedule), desc="tournament", unit="game")
    try:
        with time_limits():
            for index, (d, li, order) in enumerate(schedule):
                run.play(index, d, seeds[d], li, order)
                if bar is not None:
                    bar.update()
    finally:
        if bar is not None:
            bar.close()
    return TournamentResult(run)


# --------------------------------------------------------------------------- results


def _wilson(wins: Any, n: Any) -> tuple[Any, Any]:
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(wins, n, alpha=0.05, method="wilson")
    return lo, hi


class TournamentResult:
    """The tables of one :func:`tournament`: :attr:`games` (:data:`GAME_COLUMNS`),
    :attr:`faults` (:data:`FAULT_COLUMNS`), :meth:`leaderboard`, :meth:`head_to_head`,
    :meth:`report`; ``entrants`` (the pool, entrants first), ``variant``, ``players``."""

    def __init__(self, run: _Run) -> None:
        import pandas as pd

        self.variant = run.variant.name
        self.players = run.players
        self.entrants: list[Entrant] = list(run.pool)
        self.time_limit = run.time_limit
        self.games: pd.DataFrame = pd.DataFrame(run.rows, columns=list(GAME_COLUMNS))
        faults = [
            {
                "entrant": f.entrant,
                "game": game,
                "seed": seed,
                "seat": f.seat,
                "round": f.round,
                "step": f.step,
                "kind": f.kind,
                "message": f.message,
                "played": f.played,
                "seconds": f.seconds,
                "cpu_seconds": f.cpu_seconds,
                "state": f.state,
            }
            for game, seed, f in run.faults
        ]
        self.faults: pd.DataFrame = pd.DataFrame(faults, columns=list(FAULT_COLUMNS))
        # each fault's message and state as messages, by row (the report's language)
        self._said: list[tuple[object, object] | None] = [f.said for _, _, f in run.faults]

    def __repr__(self) -> str:
        n = self.games["game"].nunique()
        return (
            f"<TournamentResult: {n} games of {self.variant}, {self.players} players, "
            f"{len(self.entrants)} entrants, {len(self.faults)} faults>"
        )

    def comparisons(self) -> pd.DataFrame:
        """One row per game and pair of seats played by different entrants: ``game``,
        ``entrant``, ``opponent``, ``score``, ``opponent_score``, ``ahead`` (1, 0.5 for a
        tie, 0), each pair once (the lower seat as ``entrant``)."""
        g = self.games[["game", "seat", "entrant", "score"]]
        pairs = g.merge(g, on="game", suffixes=("", "_b"))
        pairs = pairs[(pairs["seat"] < pairs["seat_b"]) & (pairs["entrant"] != pairs["entrant_b"])]
        diff = np.sign(pairs["score"].to_numpy() - pairs["score_b"].to_numpy())
        return (
            pairs.assign(ahead=(diff + 1) / 2)
            .rename(columns={"entrant_b": "opponent", "score_b": "opponent_score"})[
                ["game", "entrant", "opponent", "score", "opponent_score", "ahead"]
            ]
            .reset_index(drop=True)
        )

    def ratings(self) -> pd.DataFrame:
        """The Bradley-Terry fit: ``entrant``, ``rating``, ``rating_lo``, ``rating_hi``
        (Elo points, the field's average at 0, 95 % intervals clustered by game)."""
        return _bradley_terry([e.name for e in self.entrants], self.comparisons())

    def leaderboard(self) -> pd.DataFrame:
        """One row per entrant, best rating first: ``entrant``, ``games`` (seats played),
        ``wins``, ``win_rate`` with its Wilson 95 % interval ``win_lo``-``win_hi``,
        ``rating`` with ``rating_lo``-``rating_hi`` (:meth:`ratings`), ``mean_score``,
        ``faults``, ``merchant``, ``sheriff``."""
        import pandas as pd

        g = self.games
        by = g.groupby("entrant", sort=False)
        table = pd.DataFrame(
            {
                "games": by["won"].size(),
                "wins": by["won"].sum().astype(int),
                "mean_score": by["score"].mean(),
            }
        )
        names = [e.name for e in self.entrants]
        table = table.reindex(names).fillna(0).rename_axis("entrant").reset_index()
        table["games"] = table["games"].astype(int)
        table["wins"] = table["wins"].astype(int)
        table["win_rate"] = table["wins"] / table["games"].where(table["games"] > 0)
        lo, hi = _wilson(table["wins"].to_numpy(), np.maximum(table["games"].to_numpy(), 1))
        table["win_lo"], table["win_hi"] = lo, hi
        table = table.merge(self.ratings(), on="entrant")
        counts = self.faults.groupby("entrant").size()
        table["faults"] = table["entrant"].map(counts).fillna(0).astype(int)
        table["merchant"] = [e.merchant for e in self.entrants]
        table["sheriff"] = [e.sheriff for e in self.entrants]
        cols = ["entrant", "games", "wins", "win_rate", "win_lo", "win_hi", "rating"]
        cols += ["rating_lo", "rating_hi", "mean_score", "faults", "merchant", "sheriff"]
        return (
            table[cols]
            .sort_values(["rating", "win_rate"], ascending=False, kind="stable")
            .reset_index(drop=True)
        )

    def head_to_head(self) -> pd.DataFrame:
        """One row per ordered pair of entrants that met: ``entrant``, ``opponent``,
        ``games`` (games where both played), ``win_rate``: the share of those games the
        entrant finished ahead of the opponent (a tie counts half), with its Wilson 95 %
        interval ``win_lo``-``win_hi``."""
        c = self.comparisons()
        flipped = c.rename(
            columns={
                "entrant": "opponent",
                "opponent": "entrant",
                "score": "opponent_score",
                "opponent_score": "score",
            }
        ).assign(ahead=1 - c["ahead"])
        import pandas as pd

        both = pd.concat([c, flipped], ignore_index=True)
        table = (
            both.groupby(["entrant", "opponent"], sort=True)
            .agg(games=("game", "nunique"), meetings=("ahead", "size"), ahead=("ahead", "sum"))
            .reset_index()
        )
        table["win_rate"] = table["ahead"] / table["meetings"]
        lo, hi = _wilson(table["ahead"].to_numpy(), table["meetings"].to_numpy())
        table["win_lo"], table["win_hi"] = lo, hi
        return table[["entrant", "opponent", "games", "win_rate", "win_lo", "win_hi"]]

    def report(self) -> str:
        """The faults in sentences a bot's author can act on (empty faults: one line)."""
        return _report(self)


def _bradley_terry(names: Sequence[str], comparisons: pd.DataFrame) -> pd.DataFrame:
    """Ratings by a Bradley-Terry fit (see :meth:`TournamentResult.ratings`).

    Sum-to-zero coding (``K - 1`` free ratings, the last minus their sum); one virtual
    tie of each entrant with an average player keeps the fit finite when an entrant
    wins or loses every comparison (a weak prior, worth one comparison)."""
    import pandas as pd

    k = len(names)
    out = pd.DataFrame({"entrant": list(names)})
    if k < 2 or comparisons.empty:
        out["rating"], out["rating_lo"], out["rating_hi"] = 0.0, np.nan, np.nan
        return out
    import statsmodels.api as sm

    index = {n: i for i, n in enumerate(names)}
    code = np.vstack([np.eye(k - 1), -np.ones((1, k - 1))])  # entrant -> free parameters
    a = comparisons["entrant"].map(index).to_numpy()
    b = comparisons["opponent"].map(index).to_numpy()
    x = np.vstack([code[a] - code[b], code])
    y = np.concatenate([comparisons["ahead"].to_numpy(dtype=float), np.full(k, 0.5)])
    games = comparisons["game"].to_numpy()
    groups = np.concatenate([games, games.max() + 1 + np.arange(k)])  # a virtual tie: alone
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # statsmodels' notes on fractional outcomes
        fit = sm.GLM(y, x, family=sm.families.Binomial()).fit(
            cov_type="cluster", cov_kwds={"groups": groups}
        )
    beta = code @ np.asarray(fit.params)
    cov = code @ np.asarray(fit.cov_params()) @ code.T
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    out["rating"] = _ELO * beta
    out["rating_lo"] = _ELO * (beta - _Z * se)
    out["rating_hi"] = _ELO * (beta + _Z * se)
    return out


#: The report's words for each kind of fault: how many, and the first case's line.
_FAULT_COUNT = {
    "raised": N_("{n} raised an exception"),
    "illegal": N_("{n} returned an action the rules do not allow"),
    "slow": N_("{n} ran past the time limit"),
}
_FAULT_FIRST = {
    "raised": N_("  raised, first in game {game} (seat {seat}, round {round}, step '{step}'): "),
    "illegal": N_("  illegal, first in game {game} (seat {seat}, round {round}, step '{step}'): "),
    "slow": N_("  slow, first in game {game} (seat {seat}, round {round}, step '{step}'): "),
}


def _report(result: TournamentResult) -> str:
    """The text of :meth:`TournamentResult.report`, in the current language (the entrants'
    names, the actions and the code to deal a game again stay as they are)."""
    f = result.faults
    if f.empty:
        return _("No faults: every guarded bot answered every decision legally and in time.")
    said = getattr(result, "_said", [])
    lines: list[str] = []
    for name, mine in f.groupby("entrant", sort=False):
        counts = mine["kind"].value_counts()
        summary = _(", ").join(
            _(_FAULT_COUNT[k]).format(n=counts[k]) for k in FAULT_KINDS if k in counts
        )
        lines.append(
            _(
                "{name}: {n} decision(s) lost ({summary}); each was played by the "
                "bundled honest/trusting bots instead."
            ).format(name=name, n=len(mine), summary=summary)
        )
        for kind, cases in mine.groupby("kind", sort=False):
            lines += _first_case(result, cases.iloc[0], str(kind), said)
    return "\n".join(lines)


def _first_case(result: TournamentResult, first: Any, kind: str, said: list[Any]) -> list[str]:
    """The report's lines of one entrant's first fault of one kind."""
    row = first.name  # the fault's row: its messages are said[row] (if the frame is whole)
    message, state = None, None
    if isinstance(row, int | np.integer) and 0 <= row < len(said) and said[row]:
        message, state = said[row]
        with language("en"):
            if str(message) != first["message"] or str(state) != first["state"]:
                message, state = None, None  # a frame changed by hand: its own text
    where = dict(game=first["game"], seat=first["seat"], round=first["round"])
    step = Term(first["step"])
    return [
        _(_FAULT_FIRST[kind]).format(**where, step=step) + str(message or first["message"]),
        _("    state: {state}").format(state=state or first["state"]),
        _("    played instead: {action}").format(action=first["played"]),
        _(
            "    deal it again: sc.new_game({variant!r}, players={players}, seed={seed}, "
            "first_sheriff=0) and play to round {round}, step '{step}'"
        ).format(
            variant=result.variant,
            players=result.players,
            seed=first["seed"],
            round=first["round"],
            step=step,
        ),
    ]


# --------------------------------------------------------------------------- files


class LoadedBots(list[str]):
    """The entrant names :func:`load_bots` registered (a list), and ``errors``: file
    name -> why it did not load (English text); ``said``: the same reasons as messages,
    read in the language current when shown."""

    errors: dict[str, str]
    said: dict[str, object]

    def _refuse(self, file: str, why: object) -> None:
        self.said[file] = why
        with language("en"):
            self.errors[file] = str(why)


def _bundled_classes() -> dict[tuple[str, str], type]:
    """(role, name) -> class of every registered bot whose class is sheriff_core's own."""
    out: dict[tuple[str, str], type] = {}
    for role in ("merchant", "sheriff"):
        for name in bot_names(role):
            try:
                cls = type(make_bot(name, role))
            except (ValueError, TypeError):  # a user's bot that needs arguments
                continue
            if cls.__module__.startswith("sheriff_core."):
                out[role, name] = cls
    return out


def _import_file(path: Path) -> Any:
    """Import ``path`` as a fresh module (its own name, in ``sys.modules``)."""
    stem = re.sub(r"\W", "_", path.stem)
    name = f"sheriff_student_bots.{stem}_{zlib.crc32(str(path.resolve()).encode()):08x}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(Message("cannot read {file} as Python", file=path.name))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _file_entrants(module: Any) -> list[str]:
    """Register the bot classes ``module`` defines; its entrant names."""
    found: dict[str, list[str]] = {"merchant": [], "sheriff": []}
    for obj in vars(module).values():
        if (
            isinstance(obj, type)
            and issubclass(obj, MerchantBot | SheriffBot)
            and obj.__module__ == module.__name__
            and obj.name != "bot"
        ):
            register(obj)
            found[obj.role].append(obj.name)
    merchants, sheriffs = found["merchant"], found["sheriff"]
    if len(merchants) == 1 and len(sheriffs) == 1 and merchants != sheriffs:
        return [f"{merchants[0]}+{sheriffs[0]}"]  # one of each: they play together
    return list(dict.fromkeys(merchants + sheriffs))


def load_bots(folder: str | Path) -> LoadedBots:
    """Import every ``*.py`` file of ``folder`` (sorted by name), register the bot
    classes each defines (:class:`~sheriff_core.bots.MerchantBot` and
    :class:`~sheriff_core.bots.SheriffBot` subclasses with a ``name``) and return the
    entrant names: a file with one merchant and one Sheriff of different names gives
    ``"merchant+sheriff"``, otherwise each name is an entrant. A file that fails to
    import, defines no bot, or reuses a bundled bot's name is skipped with a warning
    naming it (``.errors``); the others still load.

    **A bot file is code**: importing it runs it with your rights (files, network),
    like any script. Load only files from people you trust, from a folder you chose.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "mine.py").write_text(
    ...     "from sheriff_core.bots import SheriffBot\\n"
    ...     "class Lenient(SheriffBot):\\n    name = 'lenient'\\n")
    >>> _ = (folder / "broken.py").write_text("this is not python")
    >>> import warnings
    >>> with warnings.catch_warnings(record=True):
    ...     names = load_bots(folder)
    >>> names, sorted(names.errors)
    (['lenient'], ['broken.py'])
    >>> from sheriff_core.bots.base import unregister
    >>> unregister("lenient", "sheriff")  # the example leaves the registry as it found it
    """
    root = Path(folder)
    if not root.is_dir():
        raise ValueError(Message("no folder {folder!r} to load bots from", folder=str(root)))
    out = LoadedBots()
    out.errors, out.said = {}, {}
    for path in sorted(root.glob("*.py")):
        before = _bundled_classes()
        try:
            module = _import_file(path)
            names = _file_entrants(module)
        except (Exception, SystemExit) as exc:
            out._refuse(
                path.name,
                Message("{error}: {detail}", error=type(exc).__name__, detail=message_of(exc)),
            )
            names = []
        after = _bundled_classes()
        replaced = [n for key, cls in before.items() if after.get(key) is not cls for n in key[1:]]
        for key, cls in before.items():
            if after.get(key) is not cls:
                register(cls)  # a bundled bot's name stays the bundled bot
        if replaced:
            out._refuse(
                path.name,
                Message(
                    "reuses the bundled bot name(s) {names}: rename them",
                    names=", ".join(replaced),
                ),
            )
            names = []
        elif path.name not in out.errors and not names:
            out._refuse(
                path.name, Message("defines no MerchantBot or SheriffBot class with a name")
            )
        out.extend(n for n in names if n not in out)
    for name, why in out.said.items():
        warnings.warn(
            UserWarning(Message("bot file {name} not loaded: {why}", name=name, why=why)),
            stacklevel=2,
        )
    return out


# --------------------------------------------------------------------------- mixes


def win_rate_by_mix(
    entrant: Any,
    opponent_a: Any,
    opponent_b: Any,
    fractions: Sequence[float] = (0, 0.25, 0.5, 0.75, 1),
    *,
    games: int = 400,
    seed: int | None = 0,
    variant: Variant | str = "classic",
    players: int = 4,
    time_limit: float | None = 0.05,
    partners: Mapping[str, str] = DEFAULT_PARTNERS,
) -> pd.DataFrame:
    """How ``entrant``'s win rate moves as the other seats change from all
    ``opponent_b`` (fraction 0) to all ``opponent_a`` (fraction 1).

    For each fraction ``f``, ``games`` games on the same deals (the same seeds for every
    fraction: paired); the entrant's seat rotates; each other seat of each game plays
    ``opponent_a`` when a uniform draw fixed per game and seat is below ``f`` (the same
    draws for every fraction, so raising ``f`` only turns ``b`` seats into ``a`` seats).
    Columns: ``fraction``, ``share_a`` (the share of the other seats ``a`` played),
    ``games``, ``wins``, ``win_rate``, ``win_lo``, ``win_hi`` (Wilson 95 %), ``mean_score``,
    ``faults``.

    >>> t = win_rate_by_mix("smuggler", "honest", "briber", (0, 1), games=6, players=3)
    >>> t[["fraction", "share_a", "games"]].values.tolist()
    [[0.0, 0.0, 6.0], [1.0, 1.0, 6.0]]
    """
    import pandas as pd

    v = load_variant(variant) if isinstance(variant, str) else variant
    v.check_players(players)
    if games < 1 or not all(0 <= f <= 1 for f in fractions):
        raise ValueError(
            Message(
                "need games >= 1 and fractions from 0 to 1, not {games}, {fractions}",
                games=games,
                fractions=fractions,
            )
        )
    pool = [_entrant(s, partners) for s in (entrant, opponent_a, opponent_b)]
    seeds = _deal_seeds(seed, games)
    draws = np.random.default_rng(np.random.SeedSequence(seed).spawn(games + 1)[-1]).random(
        (games, players)
    )
    rows = []
    with time_limits():
        for f in fractions:
            run = _Run(v, players, pool, time_limit)
            for g in range(games):
                me = g % players
                order = [0 if s == me else (1 if draws[g, s] < f else 2) for s in range(players)]
                run.play(g, g, seeds[g], 0, order)
            df = pd.DataFrame(run.rows)
            mine = df[df["seat"] == df["game"] % players]
            others = df[df["seat"] != df["game"] % players]
            wins = int(mine["won"].sum())
            lo, hi = _wilson(wins, games)
            rows.append(
                {
                    "fraction": float(f),
                    "share_a": float((others["entrant"] == pool[1].name).mean()),
                    "games": games,
                    "wins": wins,
                    "win_rate": wins / games,
                    "win_lo": float(lo),
                    "win_hi": float(hi),
                    "mean_score": float(mine["score"].mean()),
                    "faults": int(mine["faults"].sum()),
                }
            )
    return pd.DataFrame(rows)
