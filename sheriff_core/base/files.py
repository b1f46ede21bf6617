"""Writing files safely: the project's one atomic write (the CLI's outputs, house rules).

Lowest layer (standard library only), so the rules can save a file without importing
the command line. :func:`write_atomic` writes a complete file or nothing (a temporary
file next to the target, moved into place when complete, removed on any error or signal
handled as an exception); :func:`cannot_write` says, before a long run, why a file could
not be written, so a game or a simulation is not lost to a bad file name at the end.
"""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["cannot_write", "write_atomic"]

#: The signals held back while a temporary file is created and not yet in the ``try``
#: that removes it (a Ctrl-C or SIGTERM raised as an exception there would leave it).
_HELD = frozenset({signal.SIGINT, signal.SIGTERM})
#: Characters of the target's name kept in the temporary file's name (a long name plus
#: the temporary file's prefix and suffix must still be a valid name).
_STEM = 64


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _hold_signals() -> set[int] | None:
    """Hold back SIGINT and SIGTERM (their handlers run when released); the old mask."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        return None
    return set(signal.pthread_sigmask(signal.SIG_BLOCK, _HELD))


def _release_signals(old: set[int] | None) -> None:
    if old is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _temp_next_to(path: Path) -> tuple[int, Path, set[int] | None]:
    """A new hidden temporary file next to ``path``, created with signals held back:
    the caller releases them (:func:`_release_signals`) inside its cleanup ``try``."""
    folder = path.parent if str(path.parent) else Path(".")
    held = _hold_signals()
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name[:_STEM]}.", suffix=".part", dir=folder)
    except BaseException:
        _release_signals(held)
        raise
    return fd, Path(name), held


def write_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """Call ``write(tmp)`` on a temporary file next to ``path``, then move it into place.

    If ``write`` fails or is interrupted (an exception, Ctrl-C, or a SIGTERM that the
    program raises as an exception, as the command line does), the temporary file is
    removed and an existing ``path`` is left as it was.

    >>> import shutil, tempfile
    >>> target = Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomic(target, lambda tmp: tmp.write_text("done"))
    >>> target.read_text(), [p.name for p in target.parent.iterdir()]
    ('done', ['out.txt'])
    >>> shutil.rmtree(target.parent)
    """
    fd, tmp, held = _temp_next_to(Path(path))
    try:
        os.close(fd)
        _release_signals(held)  # a signal held back lands here, inside the cleanup
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        os.chmod(tmp, mode)
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def cannot_write(path: str | Path) -> str | None:
    """Why :func:`write_atomic` could not write ``path`` now, or None if it could.

    Checked before a long run (a game, a simulation), so its end is not lost to a file
    name: the folder exists and is a folder, the path is not a folder, the name is not
    too long, an existing file is writable, and a file can be created in the folder (a
    temporary one, removed at once: the only trace is none).

    >>> import shutil, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> cannot_write(folder / "game.json") is None, cannot_write(folder)
    (True, 'it is a folder')
    >>> cannot_write(folder / "no" / "game.json") == f"folder {folder / 'no'} does not exist"
    True
    >>> cannot_write(folder / ("x" * 300))
    'the file name is too long (300 bytes; at most 255)'
    >>> sorted(folder.iterdir())
    []
    >>> shutil.rmtree(folder)
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"folder {folder} does not exist" if not folder.exists() else f"{folder} is a file"
    try:
        longest = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no pathconf
        longest = 255
    size = len(os.fsencode(path.name))
    if size > longest:
        return f"the file name is too long ({size} bytes; at most {longest})"
    try:
        if path.is_dir():
            return "it is a folder"
        if not os.access(folder, os.W_OK | os.X_OK) or (
            path.exists() and not os.access(path, os.W_OK)
        ):
            return "permission denied"
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        fd, tmp, held = _temp_next_to(path)
    except OSError as exc:
        return exc.strerror or str(exc)
    try:
        os.close(fd)
        _release_signals(held)
    finally:
        tmp.unlink(missing_ok=True)
    return None
