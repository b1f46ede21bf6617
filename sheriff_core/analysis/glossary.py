"""The glossary: every game word in English, Thai and Chinese, read from the catalogs.

>>> table = glossary()
>>> list(table.columns)
['English', 'Thai', 'Chinese']
>>> table.set_index("English").loc["Pepper", "Chinese"]
'胡椒'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheriff_core.base.i18n import _, language
from sheriff_core.rules.terms import all_terms

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["glossary"]


def glossary() -> pd.DataFrame:
    """One row per game word (:data:`sheriff_core.rules.terms.TERMS`, in that order): its
    English key and its Thai and Chinese names from the ``core`` catalogs."""
    import pandas as pd  # only when asked: `import sheriff_core` does not load pandas

    words = [word for _kind, word in all_terms()]
    columns = {"English": words}
    for lang, title in (("th", "Thai"), ("zh", "Chinese")):
        with language(lang):
            columns[title] = [_(word) for word in words]
    return pd.DataFrame(columns)
