"""docs/tournament.md: its example runs in a fresh interpreter (a bot defined as in a
notebook cell) and prints what the page shows under it; the page keeps its warning that
a bot file is code, and names the rating model it uses."""

from __future__ import annotations

from doc_pages import ROOT, blocks, run_first_example

PAGE = ROOT / "docs" / "tournament.md"


def _blocks(kind: str) -> list[str]:
    return blocks(PAGE, kind)


def test_the_pages_example_prints_what_the_page_shows():
    out, shown = run_first_example(PAGE, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout == shown


def test_the_page_warns_that_a_bot_file_is_code_and_names_its_model():
    text = PAGE.read_text(encoding="utf-8")
    assert "**A bot file is code.** Loading it runs it, with your rights" in text
    assert "Bradley-Terry" in text and "Wilson" in text and "clustered by game" in text


def test_the_readme_links_the_page():
    assert "docs/tournament.md" in (ROOT / "README.md").read_text(encoding="utf-8")
