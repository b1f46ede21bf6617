"""The gettext catalogs of the ``core`` domain: extract -> update -> compile, and check.

    python tools/catalogs.py            # extract, update th/zh core.po, compile every .po, glossary
    python tools/catalogs.py extract    # sheriff_core/locale/core.pot from the code
    python tools/catalogs.py update     # merge core.pot into th and zh core.po (keeps translations)
    python tools/catalogs.py compile    # every locale/<lang>/LC_MESSAGES/<domain>.po -> .mo
    python tools/catalogs.py glossary   # docs/glossary.md from the catalogs
    python tools/catalogs.py check      # exit 1 when any of the above is out of date

Extraction reads the core modules (``CORE``) with Babel: ``_``, ``ngettext``, ``N_``,
``pgettext``, ``Message`` and the error classes' first argument (a message id), and the
second argument of a rules-file checker's ``fail``. The other domains (``screens``,
``lessons``) keep their own ``.po`` files; ``compile`` builds them too (the build hook,
``hatch_build.py``, does the same when a wheel is built or ``pip install -e .`` runs).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from hatch_build import compile_catalogs, mo_bytes  # noqa: E402

LOCALE = ROOT / "sheriff_core" / "locale"
POT = LOCALE / "core.pot"
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGS = ("th", "zh")
#: The modules whose words are the core domain's (globs relative to the root).
CORE = (
    "sheriff_core/base/*.py",
    "sheriff_core/rules/*.py",
    "sheriff_core/engine/*.py",
    "sheriff_core/play/*.py",
    "sheriff_core/bots/*.py",
    "sheriff_core/nottingham/*.py",
    "sheriff_core/analysis/lab.py",
    "sheriff_core/analysis/glossary.py",
    "sheriff_core/analysis/sim.py",
    "sheriff_core/analysis/tournament.py",
    "sheriff_core/analysis/exploitability.py",
    "sheriff_core/cli.py",
)
ERRORS = (
    "Explained RulesError IllegalAction BadAction NotYourTurn IllegalMarket IllegalLoad "
    "IllegalDeclaration IllegalOffer IllegalInspection IllegalDebtPayment GameOver "
    "VariantError SaveError NottinghamRulesError WrongDecision GameFinished IllegalUse "
    "IllegalTarget IllegalAmbush IllegalScore IllegalDiscard NottinghamDataError error "
    "Message Quoted"
).split()
KEYWORDS = {**DEFAULT_KEYWORDS, **dict.fromkeys(ERRORS), "fail": (2,)}
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
HEADER = "Sheriff of Nottingham teaching notebooks: the core words (rules, engine, errors,\nnarration, the lab's sentences, the command line)."


def _catalog(locale: str | None = None) -> Catalog:
    return Catalog(
        locale=locale,
        domain="core",
        project="sheriff-core",
        version="0.1.0",
        header_comment="# " + HEADER.replace("\n", "\n# "),
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )


def extract() -> Catalog:
    """The template: every message of the core modules (file locations, no line numbers)."""
    template = _catalog()
    for pattern in CORE:
        for path in sorted(ROOT.glob(pattern)):
            rel = path.relative_to(ROOT).as_posix()
            found = extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
            )
            for _lineno, message, comments, context in found:
                if not message or (isinstance(message, tuple) and not message[0]):
                    continue
                template.add(
                    message,
                    locations=[(rel, None)],
                    auto_comments=comments,
                    context=context,
                    flags=("python-brace-format",) if "{" in str(message) else (),
                )
    return template


def _po_text(catalog: Catalog) -> bytes:
    """The ``.po`` / ``.pot`` text, the same with any Babel version (no version header)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, ignore_obsolete=True, include_lineno=False)
    fixed = b'"Generated-By: Babel\\n"'
    return re.sub(rb'"Generated-By: Babel [^"]*"', lambda _m: fixed, out.getvalue())


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain="core")


def updated(template: Catalog, lang: str) -> Catalog:
    """``lang``'s core.po merged with ``template`` (translations kept, new ids empty)."""
    path = LOCALE / lang / "LC_MESSAGES" / "core.po"
    catalog = read(path, lang) if path.exists() else _catalog(lang)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.header_comment = template.header_comment
    catalog.revision_date = FIXED_DATE
    catalog.creation_date = FIXED_DATE
    catalog.fuzzy = False
    for message in catalog:
        if message.id:
            message.flags.discard("fuzzy")
    return catalog


def glossary_markdown() -> str:
    """docs/glossary.md: every game word in English, Thai and Chinese, from the catalogs."""
    from sheriff_core.analysis.glossary import glossary

    table = glossary()
    lines = [
        "# Glossary: every game word in English, Thai and Chinese",
        "",
        "Generated from the gettext catalogs (`sheriff_core/locale/*/LC_MESSAGES/core.po`) by",
        "`python tools/catalogs.py glossary`; `tests/i18n/test_core_catalogs.py` checks it is current.",
        "How the words were chosen: [languages.md](languages.md). In Python:",
        "`sheriff_core.glossary()`.",
        "",
        "| English | Thai | Chinese |",
        "|---|---|---|",
    ]
    for row in table.itertuples(index=False):
        lines.append(f"| {row.English} | {row.Thai} | {row.Chinese} |")
    return "\n".join(lines) + "\n"


def check() -> list[str]:
    """What is out of date (empty: everything is current)."""
    problems = []
    template = extract()
    if not POT.exists() or POT.read_bytes() != _po_text(template):
        problems.append(f"{POT.relative_to(ROOT)} differs from the code: run `tools/catalogs.py`")
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    for lang in LANGS:
        path = LOCALE / lang / "LC_MESSAGES" / "core.po"
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in read(path, lang) if m.id}
        for word, missing in (("missing", ids - have), ("obsolete", have - ids)):
            if missing:
                problems.append(
                    f"{lang} core.po: {len(missing)} {word} id(s): {sorted(missing)[:5]}"
                )
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(po):
            problems.append(f"{mo.relative_to(ROOT)} is not compiled from its .po: run compile")
    if not problems and (
        not GLOSSARY.exists() or GLOSSARY.read_text("utf-8") != glossary_markdown()
    ):
        problems.append("docs/glossary.md is out of date: run `tools/catalogs.py glossary`")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "step",
        nargs="?",
        default="all",
        choices=("all", "extract", "update", "compile", "glossary", "check"),
    )
    step = parser.parse_args(argv).step
    if step == "check":
        problems = check()
        print("\n".join(problems) or "catalogs, compiled catalogs and glossary are current")
        return 1 if problems else 0
    if step in ("all", "extract", "update"):
        template = extract()
        POT.parent.mkdir(parents=True, exist_ok=True)
        POT.write_bytes(_po_text(template))
        if step != "extract":
            for lang in LANGS:
                path = LOCALE / lang / "LC_MESSAGES" / "core.po"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(_po_text(updated(template, lang)))
    if step in ("all", "compile"):
        for mo in compile_catalogs(ROOT):
            print("compiled", mo)
    if step in ("all", "glossary"):
        GLOSSARY.write_text(glossary_markdown(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
