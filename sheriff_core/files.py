"""Writing files safely: the project's one atomic write (the CLI's outputs, house rules).

Lowest layer (standard library only), so the rules can save a file without importing
the command line.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["write_atomic"]


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp)`` on a temporary file next to ``path``, then move it into place.

    If ``write`` fails or is interrupted, the temporary file is removed and an
    existing ``path`` is left as it was.

    >>> import shutil, tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomic(target, lambda tmp: tmp.write_text("done"))
    >>> target.read_text(), [p.name for p in target.parent.iterdir()]
    ('done', ['out.txt'])
    >>> shutil.rmtree(target.parent)
    """
    folder = path.parent if str(path.parent) else Path(".")
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    os.close(fd)
    tmp = Path(name)
    try:
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        os.chmod(tmp, mode)
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
