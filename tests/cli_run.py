"""Run the ``sheriff`` command line in this process, for the tests that read its output.

>>> code, out, err = run_cli(["variants"])
>>> code, "classic" in out, err
(0, True, '')
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Sequence

from sheriff_core.cli import main


def run_cli(argv: Sequence[str], stdin: str = "") -> tuple[int | str | None, str, str]:
    """``main(argv)`` with ``stdin`` as standard input: its exit code (a ``SystemExit``'s
    code when argparse stops it), what it printed, what it wrote to standard error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as exc:
                code = exc.code
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()
