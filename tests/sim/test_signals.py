"""Signals and sizes (issue 25): ``kill`` (SIGTERM) is handled like Ctrl-C, at any moment
of a command-line run (no worker left, no temporary file, an old output intact or a
complete new one); a game count no machine could hold is refused before anything is
allocated; ``play --save`` checks its file before the game.

The command line runs as a user runs it: ``python -m sheriff_core`` in a subprocess.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import sheriff_core as sc
from sheriff_core.analysis.sim import BAG_COLUMNS, PLAYER_COLUMNS

psutil = pytest.importorskip("psutil")

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
CLI = [sys.executable, "-m", "sheriff_core"]


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=ENV,
        # a terminal's foreground process: Ctrl-C is not ignored (a background job's is)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _alive(procs: list) -> list:
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.NoSuchProcess:
            pass
    return out


def _ends(
    proc: subprocess.Popen[str], seconds: float, family: list | None = None
) -> tuple[str, str]:
    """The run's output once it ends; if it does not end within ``seconds``, it and the
    processes of ``family`` (its workers, which hold its output pipes) are killed."""
    try:
        return proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        pass
    for p in _alive(list(family or [])):
        p.kill()
    proc.kill()
    try:
        proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    raise AssertionError(f"still running (or its workers) {seconds} s after the signal")


def test_sigterm_stops_simulate_and_its_workers_and_keeps_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "big.csv"
    out.write_text("old\n")
    proc = _start(
        [*CLI, "simulate", "--games", "200000", "--workers", "2", "--no-progress"]
        + ["--out", str(out)],
        tmp_path,
    )
    deadline = time.monotonic() + 60
    while len(psutil.Process(proc.pid).children()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = psutil.Process(proc.pid).children(recursive=True)
    assert len(workers) >= 2, "the worker processes never started"
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, stderr = _ends(proc, 10, workers)
    assert proc.returncode == 143, (proc.returncode, stderr)
    assert stderr.splitlines() == ["sheriff: terminated"], stderr
    time.sleep(0.2)
    assert _alive(workers) == []
    assert out.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["big.csv"]


SIGNAL_IN_THE_WRITE = """
import os, signal, sys
import pandas as pd
from sheriff_core.cli import main

def half_then_signal(self, path, **kwargs):
    with open(path, "w") as f:
        f.write("game,seat\\n0,0\\n")
        f.flush()
        os.kill(os.getpid(), signal.{sig})
        f.write("1,1\\n")  # the handler runs here

pd.DataFrame.to_csv = half_then_signal
sys.exit(main(["simulate", "--games", "3", "--players", "3", "--no-progress",
               "--out", {out!r}]))
"""


@pytest.mark.parametrize(("sig", "code"), [("SIGTERM", 143), ("SIGINT", 130)])
def test_a_signal_during_the_write_leaves_no_temporary_file(tmp_path, sig, code) -> None:
    out = tmp_path / "results.csv"
    out.write_text("the old results\n")
    script = textwrap.dedent(SIGNAL_IN_THE_WRITE.format(sig=sig, out=str(out)))
    proc = _start([sys.executable, "-c", script], tmp_path)
    _, stderr = _ends(proc, 60)
    assert proc.returncode == code, stderr
    assert out.read_text() == "the old results\n"
    assert [p.name for p in tmp_path.iterdir()] == ["results.csv"]


def _outcome(kind: str, target: Path, old: str, games: int) -> str:
    """What the run left in ``target``: the old text, or a complete new output."""
    text = target.read_text()
    if text == old:
        return "old file intact"
    if kind == "simulate":
        assert len(pd.read_csv(target)) == games * 3, "an incomplete table"
    else:
        assert sc.Game.from_json(text).n == 3, "an incomplete save"
    return "complete new file"


RUNS = 8


def test_signals_at_random_moments_of_cli_runs(tmp_path: Path) -> None:
    """A generator: runs of ``simulate`` (1 or 2 workers) and ``play --save``, each sent
    SIGTERM or Ctrl-C after a random delay (seeded). Whenever it lands (before the handler
    is set, among the games, in the workers' start, in the write, after the end), the run
    ends within seconds, leaves no process and no temporary file, and its output is the
    old file or a complete new one."""
    rng = np.random.default_rng(2025)
    tried: dict[str, int] = {}
    for run in range(RUNS):
        kind = ["simulate", "play"][run % 2]
        sig = [signal.SIGTERM, signal.SIGINT][int(rng.integers(2))]
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        games = int(rng.integers(500, 20_000))
        if kind == "simulate":
            target, workers = folder / "out.csv", "1" if run % 8 == 0 else "2"
            args = [kind, "--games", str(games), "--players", "3", "--workers", workers]
            args += ["--no-progress", "--out", str(target)]
        else:
            target = folder / "g.json"
            args = [kind, "--players", "3", "--seed", str(run), "--save", str(target)]
        target.write_text("old")
        proc = _start([*CLI, *args], folder)
        seen: set = set()
        # Half the simulate runs count their moment from the workers' start (the start of
        # the Python process takes a second or more: a moment from the launch often lands
        # in the imports).
        after_workers = kind == "simulate" and workers == "2" and run % 4 == 2
        if after_workers:  # both signals among the workers' games
            sig = signal.SIGTERM if run % 8 == 2 else signal.SIGINT
        delay = float(rng.uniform(0.0, 1.5) if after_workers else rng.uniform(0.2, 3.0))
        moment = time.monotonic() + (60 if after_workers else delay)
        while time.monotonic() < moment and proc.poll() is None:
            try:
                seen |= set(psutil.Process(proc.pid).children(recursive=True))
            except psutil.NoSuchProcess:
                break
            if after_workers and len(seen) >= 2:
                moment, after_workers = time.monotonic() + delay, False
            time.sleep(0.02)
        if proc.poll() is None:
            proc.send_signal(sig)
        _ends(proc, 15, list(seen))
        time.sleep(0.2)
        assert _alive(list(seen)) == [], (run, args)
        assert sorted(p.name for p in folder.iterdir()) == [target.name], (run, args)
        assert proc.returncode in (0, 130, 143, -sig), (run, proc.returncode)
        what = _outcome(kind, target, "old", games)
        key = f"{kind}, {signal.Signals(sig).name}, exit {proc.returncode}: {what}"
        tried[key] = tried.get(key, 0) + 1
    print(tried)
    assert sum(tried.values()) == RUNS


# --------------------------------------------------------------------------- sizes


def test_a_game_count_no_memory_could_hold_is_refused_before_any_allocation() -> None:
    import tracemalloc

    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(ValueError, match=r"games: 10,000,000,000,000 games would hold"):
            sc.simulate("classic", players=4, games=10**13, workers=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, f"{peak:,} bytes allocated before the refusal"
    assert time.perf_counter() - start < 5


def test_the_bound_is_a_floor_per_table() -> None:
    from sheriff_core.analysis.sim import check_run_size

    v = sc.load_variant("classic")
    per_game = 4 * len(PLAYER_COLUMNS) * 16
    check_run_size(v, 4, 1000, memory=1000 * per_game)  # exactly fits: accepted
    with pytest.raises(ValueError, match="play at most 1,000 games"):
        check_run_size(v, 4, 1001, memory=1000 * per_game)
    bags = v.rounds(4) * 3 * len(BAG_COLUMNS) * 16
    with pytest.raises(ValueError, match="play at most 10 games"):
        check_run_size(v, 4, 11, "bag", memory=10 * bags)
    with pytest.raises(ValueError, match="play at most 10 games"):
        check_run_size(v, 4, 11, "both", memory=10 * (bags + per_game))
    check_run_size(v, 4, 0, memory=1)  # no games: nothing to hold


def test_simulate_with_a_huge_game_count_prints_one_line_at_once(tmp_path: Path) -> None:
    def limit() -> None:  # what the run may use: 4 GB of address space
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (4 * 10**9, 4 * 10**9))

    start = time.monotonic()
    done = subprocess.run(
        [*CLI, "simulate", "--games", str(10**13), "--workers", "2", "--out", "x.csv"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**ENV, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
        timeout=60,
        preexec_fn=limit,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "GB of memory here: play at most" in done.stderr
    assert time.monotonic() - start < 30 and list(tmp_path.iterdir()) == []


def test_play_checks_its_save_file_before_the_game(tmp_path: Path) -> None:
    done = subprocess.run(
        [*CLI, "play", "--players", "3", "--save", "x" * 300 + ".json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=ENV,
        timeout=60,
    )
    assert done.returncode == 2 and "the file name is too long" in done.stderr
    assert "Round 1" not in done.stdout and list(tmp_path.iterdir()) == []
