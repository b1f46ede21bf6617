"""Keep the solver benchmark from rotting: run it in its --quick mode."""

import json
import runpy
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_solver.py"


def test_bench_quick_runs_and_reaches_the_target(tmp_path, capsys):
    main = runpy.run_path(str(BENCH))["main"]
    out = tmp_path / "bench.json"
    assert main(["--quick", "--json", str(out)]) == 0
    results = json.loads(out.read_text())
    assert results[0]["instance"] == "3/3/2"
    assert results[0]["ours"]["nash_conv"] <= 1e-4
    assert "ours (pcfr+)" in capsys.readouterr().out
