"""Packaging: environment.yml matches pyproject.toml; the wheel carries the data."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent


def _split(req: str) -> tuple[str, str]:
    m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", req)
    assert m, req
    return m.group(1).lower().replace("_", "-"), m.group(2).replace(" ", "")


def test_environment_yml_names_the_same_packages_and_bounds_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        wanted.extend(extra)
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    conda, pip = [], []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip.extend(dep["pip"])
        else:
            conda.append(dep)
    assert "-e ." in pip
    have = [d for d in conda + pip if d != "-e ." and _split(d)[0] not in ("python", "pip")]
    assert dict(map(_split, have)) == dict(map(_split, wanted))
    py = [d for d in conda if _split(d)[0] == "python"]
    assert py and _split(py[0])[1] == project["requires-python"]


def test_wheel_ships_the_variant_files(tmp_path):
    pytest.importorskip("pip")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("sheriff_core-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for variant in (ROOT / "data" / "variants").glob("*.toml"):
        assert f"sheriff_core/data/variants/{variant.name}" in names
    # the gettext catalogs, compiled by the build hook (hatch_build.py; .mo files are not in git)
    for po in (ROOT / "sheriff_core" / "locale").glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo").relative_to(ROOT).as_posix()
        assert mo in names, mo
    # The installed (non-editable) package finds its variants inside itself.
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import sheriff_core as sc; "
        "from sheriff_core.rules.variants import data_dir; "
        "assert str(data_dir()).startswith(sys.argv[1]), data_dir(); "
        "print(sorted(sc.variant_names()) == sorted(sys.argv[2].split(',')))"
    )
    expected = ",".join(p.stem for p in (ROOT / "data" / "variants").glob("*.toml"))
    out = subprocess.run(
        [sys.executable, "-c", code, str(unpacked), expected],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert out.stdout.strip() == "True", out.stderr
