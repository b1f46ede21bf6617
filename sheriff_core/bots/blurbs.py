"""The bundled bots' one-line descriptions (what ``sheriff bots`` prints), marked for the
``core`` catalog so a Thai or Chinese reader sees them translated.

Each is the first sentence of the bot class's docstring as the command line shows it
(``sheriff_core.cli.plain``); ``tests/i18n/test_errors_i18n.py`` checks the table
still equals the docstrings. A bot someone else wrote keeps its own words.

>>> BLURBS[("sheriff", "trusting")]
'Lets every bag pass and takes whatever is offered'

The bundled bots' names are data (``make_player("honest", "threshold")``, saves, frames);
:func:`bot_title` is a name as the screens show it, in the current language:

>>> from sheriff_core.base.i18n import language
>>> with language("zh"):
...     bot_title("honest"), bot_title("my-own-bot")
('诚实', 'my-own-bot')
"""

from __future__ import annotations

from sheriff_core.base.i18n import N_, _

__all__ = ["BLURBS", "NAMES", "bot_title"]

#: (role, name) -> the bot's description (English: the message id).
BLURBS: dict[tuple[str, str], str] = {
    ("merchant", "honest"): N_(
        "Collects its most plentiful legal good, bags all of it (up to the bag limit) and declares exactly that"
    ),
    ("merchant", "smuggler"): N_(
        "Keeps contraband at the market and adds each contraband card to the bag with probability risk (0 = honest, 1 = every card), hidden under a declaration of its legal good"
    ),
    ("merchant", "bluffer"): N_(
        "Plays honest, except with probability bluff it lies with legal goods only: it bags its best legal good plus its second one and declares the first (a cheap lie: only legal goods can be confiscated)"
    ),
    ("merchant", "briber"): N_(
        "Smuggles like Smuggler (risk) and, when threatened with a lying bag, offers gold = scale x the value at risk (fines + confiscated goods' value), accepting a Sheriff's demand up to the full value at risk."
    ),
    ("merchant", "adaptive"): N_(
        "Reads the Sheriff's past inspections: estimates this Sheriff's inspection rate p = (bags opened + prior x base) / (bags faced + prior) and smuggles when p is below the threshold at which smuggling starts to pay"
    ),
    ("sheriff", "trusting"): N_("Lets every bag pass and takes whatever is offered"),
    ("sheriff", "always-inspect"): N_("Opens every bag (refusing any bribe)"),
    ("sheriff", "threshold"): N_(
        "Opens a bag declared with at least size cards, or from a player caught lying before (grudge)"
    ),
    ("sheriff", "bayesian"): N_(
        "Keeps a Beta(prior_lie, prior_honest) belief per player that their bag lies (see belief: every resolved bag counts, so it tends to the player's lie rate)"
    ),
}

#: The bundled bots' names, marked for the ``core`` catalog (a name is its own message
#: id: in English a bot is shown by its name).
NAMES: tuple[str, ...] = (
    # TRANSLATORS: a merchant bot's name: it plays honestly
    N_("honest"),
    # TRANSLATORS: a merchant bot's name: it smuggles contraband
    N_("smuggler"),
    # TRANSLATORS: a merchant bot's name: it lies with legal goods only
    N_("bluffer"),
    # TRANSLATORS: a merchant bot's name: it offers bribes
    N_("briber"),
    # TRANSLATORS: a merchant bot's name: it adapts to the Sheriff's inspection rate
    N_("adaptive"),
    # TRANSLATORS: a Sheriff bot's name: it lets every bag pass
    N_("trusting"),
    # TRANSLATORS: a Sheriff bot's name: it opens every bag
    N_("always-inspect"),
    # TRANSLATORS: a Sheriff bot's name: it opens bags declared with many cards
    N_("threshold"),
    # TRANSLATORS: a Sheriff bot's name: it keeps a Bayesian belief per player
    N_("bayesian"),
)


def bot_title(name: str) -> str:
    """A bot's name as the screens show it: a bundled bot's in the current language,
    any other bot's (a learner's own) as it is.

    >>> bot_title("threshold"), bot_title("Greedy")
    ('threshold', 'Greedy')
    """
    return _(name) if name in NAMES else name
