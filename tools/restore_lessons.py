"""Put lessons back as they were given: a fresh copy of each notebook you name.

    python tools/restore_lessons.py 07        # lesson 07 only (notebooks/07_*.ipynb)
    python tools/restore_lessons.py 07.th     # lesson 07 in Thai (notebooks/07_*.th.ipynb)
    python tools/restore_lessons.py 01 02     # lessons 01 and 02
    python tools/restore_lessons.py --all     # every lesson of notebooks/

A learner who clicked a lesson into a muddle, or whose edits broke it, runs one line.
The fresh copy is the committed notebook (``git show HEAD:notebooks/NAME``, read from
this checkout's history), so nothing needs the internet. Only the lesson notebooks named
are overwritten, each one listed first; no other file is touched (your own notebooks,
the teachers' copies in ``notebooks/instructor/`` and anything else stay as they are).
A lesson that is already as given is left alone. Close the lesson's tab in JupyterLab
first (or afterwards choose File > Reload Notebook from Disk).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lesson_key(name: str) -> str:
    """The number a lesson is restored by: its ``NN``, then its language when the notebook
    is a translation (``NN_name.<lang>.ipynb``).

    >>> lesson_key("07_play_a_game.ipynb"), lesson_key("07_play_a_game.th.ipynb")
    ('07', '07.th')
    """
    parts = name.removesuffix(".ipynb").split(".")
    return name[:2] + (f".{parts[-1]}" if len(parts) > 1 else "")


def lessons(root: Path = ROOT) -> dict[str, str]:
    """The committed lessons, ``{"07": "notebooks/07_play_a_game.ipynb", "07.zh":
    "notebooks/07_play_a_game.zh.ipynb", ...}``.

    >>> lessons()["07"], lessons()["07.zh"]
    ('notebooks/07_play_a_game.ipynb', 'notebooks/07_play_a_game.zh.ipynb')
    """
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "ls-tree", "--name-only", "HEAD", "notebooks/"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
    except (subprocess.CalledProcessError, FileNotFoundError):
        raise ValueError(
            f"{root} is not a git checkout of the lessons (or git is missing): the fresh "
            "copies come from its history"
        ) from None
    return {
        lesson_key(Path(p).name): p
        for p in out
        if p.endswith(".ipynb") and Path(p).name[:2].isdigit()
    }


def restore(
    numbers: list[str], root: Path = ROOT, say: Callable[[str], object] = print
) -> list[Path]:
    """Overwrite the lessons ``numbers`` (``["07", "00.th"]``; none: every lesson) with their
    committed copies, saying which first; return the files written. Unknown numbers
    raise ``ValueError`` before anything is written.

    >>> restore(["42"])
    Traceback (most recent call last):
    ...
    ValueError: no lesson 42; lessons: 00, 00.th, 00.zh, 01, 02, 03, 04, 05, 06, 07, 07.th, 07.zh, 08, 09, 10
    """
    known = lessons(root)
    wanted = [_number(n) for n in numbers] if numbers else sorted(known)
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise ValueError(f"no lesson {', '.join(unknown)}; lessons: {', '.join(sorted(known))}")
    written = []
    for n in wanted:
        path = root / known[n]
        fresh = subprocess.run(
            ["git", "-C", str(root), "show", f"HEAD:{known[n]}"], capture_output=True, check=True
        ).stdout
        if path.exists() and path.read_bytes() == fresh:
            say(f"{known[n]}: already as given, left alone")
            continue
        say(f"{known[n]}: overwriting it with the lesson as given")
        path.write_bytes(fresh)
        written.append(path)
    return written


def _number(given: str) -> str:
    """``"7"`` -> ``"07"``, ``"7.th"`` -> ``"07.th"``."""
    number, dot, lang = given.partition(".")
    return number.zfill(2) + dot + lang


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers, e.g. 07 (07.th: in Thai)")
    parser.add_argument("--all", action="store_true", help="every lesson")
    args = parser.parse_args(argv)
    if not args.lessons and not args.all:
        parser.error("name the lessons to restore (e.g. 07), or --all")
    try:
        written = restore(args.lessons)
    except ValueError as exc:
        print(f"nothing restored: {exc}", file=sys.stderr)
        return 1
    print(f"{len(written)} lesson(s) restored.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
