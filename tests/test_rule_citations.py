"""Rule ids cited at the engine's checks (issue 30): rule id -> code is a grep, as rule id ->
test is (``docs/rule-tests.md``).

The comments ``# MKT-2: ...`` at the checks of ``sheriff_core/engine/market.py``,
``loading.py``, ``inspection.py``, ``payments.py`` and of the Nottingham game name rules of
``docs/rules.md``; this test fails on a cited id the document does not define (a typo,
or a rule renamed without its citations), and on a phase of the rulebook those modules
check without citing any of its rules.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from rule_ids import rule_ids  # noqa: E402

CITING = [
    ROOT / "sheriff_core" / "engine" / name
    for name in ("market.py", "loading.py", "inspection.py", "payments.py")
] + [ROOT / "sheriff_core" / "nottingham" / "game.py"]
#: An id in a comment: upper-case words or numbers joined by hyphens, ending in a number.
CITED = re.compile(r"\b((?:[A-Z0-9]+-)*[A-Z]+-[1-9][0-9]*)\b")


def citations() -> dict[str, list[str]]:
    """Rule id -> ``file:line`` of every comment citing it."""
    out: dict[str, list[str]] = {}
    for path in CITING:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "#" in line:
                for rid in CITED.findall(line.split("#", 1)[1]):
                    out.setdefault(rid, []).append(f"{path.relative_to(ROOT)}:{n}")
    return out


def test_every_cited_rule_id_is_defined_in_docs_rules_md():
    defined = set(rule_ids())
    unknown = {rid: where for rid, where in citations().items() if rid not in defined}
    assert not unknown, f"comments cite rule ids docs/rules.md does not define: {unknown}"


def test_each_phase_the_engine_checks_cites_its_rules():
    cited = citations()
    for phase in ("MKT", "LOAD", "DECL", "INSP", "BRIBE", "DEBT", "DIS-TOK", "DEP-VOTE", "NOT-ACT"):
        assert any(rid.startswith(phase + "-") for rid in cited), phase
    assert len(cited) >= 30
