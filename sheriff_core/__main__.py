"""``python -m sheriff_core``: the command line (see :mod:`sheriff_core.cli`)."""

from sheriff_core.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
