"""Every game word a person reads, by kind: the English keys of the glossary.

The words are data keys (a good is ``"Apples"`` in a variant file, a save and a typed
action); they are shown translated through the ``core`` gettext catalog
(:func:`sheriff_core.base.i18n.good_name`). This table lists each once, marked for
extraction, so the catalogs (``tools/catalogs.py``) and the glossary
(:func:`sheriff_core.analysis.glossary.glossary`) know them; ``tests/i18n`` checks that
every good, token and term of every bundled variant and every Nottingham item is here.

>>> "Pepper" in TERMS["contraband goods"] and "Sheriff" in TERMS["roles"]
True
>>> all_terms()[:2]
[('roles', 'Sheriff'), ('roles', 'Merchant')]
"""

from __future__ import annotations

from sheriff_core.base.i18n import N_, SUPPORTED, _, language

__all__ = ["TERMS", "all_terms", "english_name", "NOTTINGHAM_CONTEXT"]

#: The gettext context of Nottingham's words that differ from Sheriff of Nottingham's
#: (its Sheriff is a pawn on a track: ``pgettext("nottingham", "Sheriff")``).
NOTTINGHAM_CONTEXT = "nottingham"

#: Kind of word -> the English keys, in the order the glossary shows them.
TERMS: dict[str, tuple[str, ...]] = {
    "roles": (N_("Sheriff"), N_("Merchant"), N_("Deputy"), N_("Deputies"), N_("King"), N_("Queen")),
    "kinds": (N_("legal"), N_("contraband"), N_("royal")),
    "legal goods": (N_("Apples"), N_("Cheese"), N_("Bread"), N_("Chickens")),
    "contraband goods": (N_("Pepper"), N_("Mead"), N_("Silk"), N_("Crossbow")),
    "royal goods": (
        N_("Green Apples"),
        N_("Golden Apples"),
        N_("Gouda Cheese"),
        N_("Bleu Cheese"),
        N_("Rye Bread"),
        N_("Pumpernickel Bread"),
        N_("Royal Rooster"),
    ),
    "Robin Hood goods": (
        N_("Carrots"),
        N_("Wood"),
        N_("Fabric"),
        N_("Jewels"),
        N_("Rings"),
        N_("Money Bags"),
        N_("Crowns"),
    ),
    "tokens": (N_("Rabbit"), N_("Mouse"), N_("Otto"), N_("Owl")),
    "Robin Hood words": (
        N_("Stolen Treasure"),
        N_("King Richard's Gold"),
        N_("King Richard's Silver"),
        N_("player board"),
        N_("Villager token"),
    ),
    "table": (
        N_("gold"),
        N_("bag"),
        N_("stand"),
        N_("hand"),
        N_("draw pile"),
        N_("discard pile"),
        N_("bribe"),
        N_("penalty"),
        N_("value"),
        N_("Loot"),
        N_("round"),
        N_("seat"),
        N_("promise"),
        N_("King bonus"),
        N_("Queen bonus"),
    ),
    "phases": (
        N_("setup"),
        N_("starter"),
        N_("market"),
        N_("load"),
        N_("declare"),
        N_("inspect"),
        N_("inspection"),
        N_("over"),
    ),
    "steps": (
        N_("sheriff"),
        N_("merchant"),
        N_("negotiation"),
        N_("confiscate"),
        N_("debt"),
        N_("vote"),
        N_("exchange"),
        N_("pass"),
    ),
    "Nottingham items": (
        N_("Copper"),
        N_("Candlestick"),
        N_("Gold"),
        N_("Pearls"),
        N_("Necklace"),
        N_("Chest"),
    ),
    "Nottingham actions": (
        N_("purchase"),
        N_("steal"),
        N_("ambush"),
        N_("rob"),
        N_("hold_up"),
        N_("defend"),
        N_("trade"),
    ),
    "Nottingham words": (
        N_("item card"),
        N_("ambush card"),
        N_("task card"),
        N_("tax collector"),
        N_("track"),
    ),
    "colours": (
        N_("red"),
        N_("blue"),
        N_("green"),
        N_("yellow"),
        N_("purple"),
        N_("black"),
        N_("white"),
    ),
}


def all_terms() -> list[tuple[str, str]]:
    """``(kind, English key)`` of every game word, each once, in glossary order."""
    seen: set[str] = set()
    out = []
    for kind, words in TERMS.items():
        for word in words:
            if word not in seen:
                seen.add(word)
                out.append((kind, word))
    return out


_ENGLISH: dict[str, str] = {}


def english_name(shown: str) -> str:
    """The English key of a game word shown in any supported language (``"ชีส"`` and
    ``"奶酪"`` -> ``"Cheese"``); any other text comes back unchanged (an English key, a
    house rule's own good). The action parser reads typed names through it, so typed
    actions, saves and events keep the English keys.

    >>> english_name("Cheese"), english_name("Salt")
    ('Cheese', 'Salt')
    """
    if not _ENGLISH:
        for lang in SUPPORTED:
            if lang == "en":
                continue
            with language(lang):
                for _kind, word in all_terms():
                    _ENGLISH.setdefault(_(word), word)
                    _ENGLISH.setdefault(_(word).casefold(), word)
    found = _ENGLISH.get(shown)
    if found is None:
        found = _ENGLISH.get(shown.casefold(), shown)
    return found
