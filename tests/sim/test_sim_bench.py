"""The benchmark script runs (small size) so it cannot rot; the timing itself is not asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench(*args: str) -> str:
    """Run benchmarks/bench_sim.py with ``args``; its stdout (it must exit 0)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_sim.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_script_runs_small():
    out = _bench("--games", "200")
    assert "200 games of classic x4" in out and "games/s" in out


def test_bench_script_profile_mode_runs():
    out = _bench("--games", "30", "--profile")
    assert "engine" in out and "bots" in out


def test_bench_script_gc_report_runs():
    out = _bench("--games", "30", "--gc-report")
    assert "tuned by simulate" in out and "default" in out


def test_speed_script_quick_mode_prints_every_figure():
    """benchmarks/speed.py --quick: each figure once, with the command that gives it."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "speed.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for label in (
        "machine:",
        "one process:",
        "2 workers:",
        "2-worker scaling on 200 games:",
        "CPU seconds for 200 games:",
        "05 simulation explorer, change of a control",
        "inspection explorer, slider move",
        "machine after:",
    ):
        (line,) = [x for x in lines if x.startswith(label)]
        if not label.startswith("machine"):
            assert line.endswith("[python benchmarks/speed.py --quick]"), line
    assert "games/s" in done.stdout and " ms " in done.stdout
