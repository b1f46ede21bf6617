"""The benchmark script runs (small size) so it cannot rot; the timing itself is not asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_script_runs_small():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_sim.py"), "--games", "200"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "200 games of classic x4" in done.stdout and "games/s" in done.stdout


def test_bench_script_profile_mode_runs():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_sim.py"), "--games", "30", "--profile"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "engine" in done.stdout and "bots" in done.stdout


def test_bench_script_gc_report_runs():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_sim.py"), "--games", "30", "--gc-report"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "tuned by simulate" in done.stdout and "default" in done.stdout
