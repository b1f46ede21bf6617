"""docs/bots.md ("how to write a bot"): its example runs, in a fresh interpreter (it
registers a bot, which must not leak into other tests), prints what the page shows
under it, and stays about 20 lines of bot."""

from __future__ import annotations

import re

from doc_pages import ROOT, blocks, run_first_example

PAGE = ROOT / "docs" / "bots.md"


def _blocks(kind: str) -> list[str]:
    return blocks(PAGE, kind)


def test_the_pages_example_runs_and_prints_what_the_page_shows():
    out, shown = run_first_example(PAGE, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == shown


def test_the_bot_itself_is_about_twenty_lines():
    code = _blocks("python")[0]
    bot = code[code.index("@register") : code.index("lineup =")].strip().splitlines()
    assert 10 <= len(bot) <= 22, len(bot)


def test_the_page_names_only_what_a_view_has():
    from sheriff_core.engine import SeatView

    text = PAGE.read_text(encoding="utf-8")
    listed = text[text.index("What the view holds") : text.index("Ask the engine")]
    names = {n.split("(")[0] for n in re.findall(r"`([a-z_]+(?:\(\w*\))?)`", listed)}
    names -= {"legal", "contraband", "size"}  # fields of a stand's and a bag's records
    assert len(names) > 30
    assert [n for n in sorted(names) if not hasattr(SeatView, n)] == []
