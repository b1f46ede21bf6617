"""Execute the teaching notebooks and store them clean.

    python tools/notebooks.py                  # execute every notebook in notebooks/, then strip
    python tools/notebooks.py --strip-only     # only strip (e.g. after editing in JupyterLab)
    python tools/notebooks.py notebooks/02_load_and_declare.ipynb

Stripping keeps outputs (nbval compares them) and removes what is noise:
execution counts, per-cell execution metadata, widget state, kernel versions.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def strip(path: Path) -> None:
    import nbformat

    nb = nbformat.read(path, as_version=4)
    meta = nb.metadata
    meta.pop("widgets", None)
    if "language_info" in meta:
        meta["language_info"] = {"name": meta["language_info"].get("name", "python")}
    meta["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    for cell in nb.cells:
        for key in ("execution", "collapsed", "scrolled"):
            cell.metadata.pop(key, None)
        if cell.cell_type == "code":
            cell.execution_count = None
            for out in cell.get("outputs", []):
                if "execution_count" in out:
                    out["execution_count"] = None
                out.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)


def execute(path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--inplace",
            "--ExecutePreprocessor.store_widget_state=False",
            "--ExecutePreprocessor.timeout=300",
            str(path),
        ],
        check=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--strip-only", action="store_true")
    args = parser.parse_args()
    paths = args.paths or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        if not args.strip_only:
            execute(path)
        strip(path)
        print(f"{path}: {'stripped' if args.strip_only else 'executed and stripped'}")


if __name__ == "__main__":
    main()
