"""Tables shown in the reader's language: :func:`shown`, a display-only copy of a table.

The package's tables (the goods of a variant, ``bag_rows``, ``final_scores``...) keep
English column names and English values, because code filters on them
(``bags["outcome"] == "inspected: lie"``) in every language. :func:`shown` makes a copy
for the eye: its column headers, index labels and known vocabulary cells in the current
language, through the catalogs (a header's message id in :data:`HEADERS`, looked up in
the ``screens`` then the ``core`` catalog; a cell's game word from the ``core``
catalog). What is translated:

* column headers and the index's name listed in :data:`HEADERS` (``"merchant"`` is
  shown as the role's word, ``"goods_value"`` as ``"goods value"``...), and
  ``bonus_<good>`` as ``"King/Queen: <good>"``;
* cells that are a game word (:data:`sheriff_core.rules.terms.TERMS`: goods, kinds,
  roles..., not the engine's step names), a bot's name when a catalog has it, a bag's
  outcome (``"passed: lie"``), a declaration (``"3 Cheese"``, in the narration's form)
  and the offers column of ``bag_rows`` (``"merchant: 17 gold"``);
* booleans, as the catalogs' yes / no.

Numbers and everything else (players' names, unknown headers and cells) pass through
unchanged; in English the copy equals the table. The table itself is never modified.

>>> import pandas as pd
>>> df = pd.DataFrame({"good": ["Pepper"], "kind": ["contraband"], "value": [6]})
>>> shown(df).equals(df)
True
>>> zh = shown(df, language="zh")
>>> zh.to_dict("list")
{'货物': ['胡椒'], '种类': ['违禁品'], '价值': [6]}
>>> list(df.columns)  # the table keeps its English names
['good', 'kind', 'value']
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from sheriff_core.base.i18n import N_, _, get_language
from sheriff_core.base.i18n import language as in_language
from sheriff_core.present.words import check_language, fmt

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["shown", "HEADERS", "OUTCOMES"]

T = TypeVar("T", "pd.DataFrame", "pd.Series")

#: A column's English name -> the message id of its header (the same word where the
#: catalogs have it with that meaning: ``"merchant"`` alone is a step's name in core, the
#: column is the role).
HEADERS: dict[str, str] = {
    # a variant's goods (lesson 00), the rules summary
    "good": N_("good"),
    "kind": N_("kind"),
    "cards": N_("cards"),
    "count": N_("count"),
    "value": N_("value"),
    "penalty": N_("penalty"),
    # bag_rows (lesson 00)
    "round": N_("round"),
    "merchant": N_("Merchant"),
    "sheriff": N_("Sheriff"),
    "declared": N_("declaration"),
    "bag": N_("bag"),
    "threatened": N_("threatened"),
    "offers": N_("offers"),
    "outcome": N_("outcome"),
    "bribe": N_("bribe"),
    "fine": N_("fine"),
    # final_scores (lesson 00), play_rounds
    "player": N_("player"),
    "seat": N_("seat"),
    "gold": N_("gold"),
    "goods_value": N_("goods value"),
    "tokens_value": N_("villager tokens"),
    "bonus": N_("bonus"),
    "total": N_("total"),
    "rank": N_("rank"),
    "legal_goods": N_("legal goods"),
    "contraband": N_("contraband"),
    "stand": N_("stand"),
    "hand": N_("hand"),
}

#: A bag's outcome as ``bag_rows`` writes it -> its message id (the same text).
OUTCOMES: dict[str, str] = {
    "inspected: truth": N_("inspected: truth"),
    "inspected: lie": N_("inspected: lie"),
    "passed: truth": N_("passed: truth"),
    "passed: lie": N_("passed: lie"),
}

#: Who spoke in ``bag_rows``' offers column (``"merchant: 17 gold; Sheriff: ..."``).
_SPEAKERS = {"Sheriff": N_("Sheriff: {offer}"), "merchant": N_("merchant: {offer}")}
_DECLARATION = re.compile(r"\d+ \S.*")


@functools.cache
def _terms() -> frozenset[str]:
    """Every game word but the engine's step names (``"merchant"`` as a step is "the
    merchant responds", not the role)."""
    from sheriff_core.rules.terms import all_terms

    return frozenset(word for kind, word in all_terms() if kind != "steps")


def _words() -> frozenset[str]:
    """The cells shown through the catalogs as they are: the game words and the names of
    the bots registered now."""
    from sheriff_core.bots import bot_names

    return _terms() | set(bot_names("merchant")) | set(bot_names("sheriff"))


@functools.cache
def _goods() -> frozenset[str]:
    from sheriff_core.rules.terms import TERMS

    return frozenset(w for kind, ws in TERMS.items() if "goods" in kind for w in ws)


def _header(name: Any) -> Any:
    """A column's (or the index's) name in the current language; others unchanged."""
    if not isinstance(name, str):
        return name
    if name in HEADERS:
        return _(HEADERS[name])
    if name.startswith("bonus_") and name[6:] in _goods():
        return fmt("King/Queen: {good}", good=_(name[6:]))
    return name


def _offers(text: str) -> str | None:
    """``bag_rows``' offers cell in the current language (``None``: not one)."""
    parts = [p.partition(": ") for p in text.split("; ")]
    if not all(who in _SPEAKERS and sep for who, sep, _rest in parts):
        return None
    return "; ".join(fmt(_SPEAKERS[who], offer=rest) for who, _sep, rest in parts)


def _cell(value: Any, words: frozenset[str]) -> Any:
    """A cell in the current language when it is a known word; others unchanged."""
    if isinstance(value, bool | np.bool_):
        return _("yes") if value else _("no")
    if not isinstance(value, str) or not value:
        return value
    if value in OUTCOMES:
        return _(OUTCOMES[value])
    if value in words:
        return _(value)
    if _DECLARATION.fullmatch(value) and value.partition(" ")[2] in _goods():
        from sheriff_core.play.narrate import declared_text

        return declared_text(value)
    if ": " in value:
        said = _offers(value)
        if said is not None:
            return said
    return value


def _column(values: pd.Series, words: frozenset[str]) -> pd.Series:
    """A column with its known cells translated (numbers: the column itself)."""
    import pandas as pd

    if pd.api.types.is_bool_dtype(values.dtype):
        return values.map(lambda v: _cell(v, words)).astype(object)
    if pd.api.types.is_numeric_dtype(values.dtype):
        return values
    return values.map(lambda v: _cell(v, words))


def _index(index: pd.Index, words: frozenset[str]) -> pd.Index:
    import pandas as pd

    if isinstance(index, pd.MultiIndex):
        return index.set_names([_header(n) for n in index.names])
    renamed = index.rename(_header(index.name))
    if pd.api.types.is_numeric_dtype(index.dtype):
        return renamed
    return renamed.map(lambda v: _cell(v, words))


def shown(table: T, language: str | None = None) -> T:
    """A copy of ``table`` (a DataFrame or Series) to *show*: its headers, index labels
    and known cells in ``language`` (``None``: the current one); numbers, names and
    unknown words unchanged, ``table`` itself untouched. For display only: code goes on
    filtering on ``table``'s English names and values.

    >>> import pandas as pd
    >>> bags = pd.DataFrame({"declared": ["3 Cheese"], "outcome": ["inspected: lie"],
    ...                      "threatened": [True], "fine": [2]})
    >>> th = shown(bags, language="th")
    >>> th.to_dict("list")
    {'การประกาศ': ['ชีส 3 ใบ'], 'ผล': ['ตรวจค้น: โกหก'], 'ถูกขู่': ['ใช่'], 'ค่าปรับ': [2]}
    >>> shown(bags).equals(bags)
    True
    """
    import pandas as pd

    with in_language(check_language(language)):
        if get_language() == "en":
            return table.copy()
        out, words = table.copy(), _words()
        if isinstance(out, pd.DataFrame):
            for i in range(out.shape[1]):
                out.isetitem(i, _column(out.iloc[:, i], words))
            out.columns = out.columns.map(_header)
        else:
            out = _column(out, words).rename(_header(out.name))
        out.index = _index(out.index, words)
        return out
