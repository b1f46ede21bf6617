"""The command line, run as a user runs it: ``python -m sheriff_core ...`` in a subprocess."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

import sheriff_core as sc


def run(*args: str, cwd=None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheriff_core", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


def test_help_on_every_command():
    for cmd in ([], ["simulate"], ["variants"], ["bots"], ["play"], ["score"]):
        done = run(*cmd, "--help")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("usage: sheriff")


def test_variants_lists_every_variant_with_a_summary():
    done = run("variants")
    assert done.returncode == 0
    lines = done.stdout.strip().splitlines()
    assert [line.split()[0] for line in lines] == sc.variant_names()
    assert "3-5 players" in lines[0] and "contraband fine 4" in lines[0]


def test_simulate_writes_csv_and_parquet_with_the_same_rows(tmp_path):
    csv = tmp_path / "results.csv"
    args = ["simulate", "--variant", "classic", "--players", "3", "--games", "20", "--seed", "1"]
    done = run(*args, "--out", str(csv), "--merchants", "honest", "smuggler:risk=0.9")
    assert done.returncode == 0, done.stderr
    assert "wrote 60 rows" in done.stdout
    df = pd.read_csv(csv)
    expected = sc.simulate(
        "classic", players=3, games=20, seed=1, merchants=["honest", "smuggler:risk=0.9"]
    )
    assert df["total"].tolist() == expected["total"].tolist()
    assert set(df["strategy"]) == {"honest", "smuggler(risk=0.9)"}
    pytest.importorskip("pyarrow")
    pq = tmp_path / "bags.parquet"
    done = run(*args, "--out", str(pq), "--per", "bag")
    assert done.returncode == 0, done.stderr
    bags = sc.simulate_bags("classic", players=3, games=20, seed=1)
    pd.testing.assert_frame_equal(pd.read_parquet(pq), bags, check_dtype=False)


def test_simulate_without_out_prints_win_rates():
    done = run("simulate", "--games", "12", "--sheriffs", "bayesian")
    assert done.returncode == 0, done.stderr
    assert "win_rate" in done.stdout and "honest" in done.stdout


def test_play_tells_the_game_and_score_reads_the_saved_file(tmp_path):
    saved = tmp_path / "game.json"
    done = run("play", "--players", "3", "--seed", "4", "--save", str(saved))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Round 1 of 9. Sheriff: Ann" in out and "Round 9 of 9" in out
    assert "declares" in out and "Game over. Winner(s):" in out
    game = sc.Game.from_json(saved.read_text())
    assert game.is_over
    done = run("score", str(saved))
    assert done.returncode == 0, done.stderr
    assert "final scores" in done.stdout
    winner = game.final_scores().sort_values("rank").iloc[0]["player"]
    assert winner in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--variant", "nope"], "unknown variant 'nope'"),
        (["simulate", "--players", "9"], "classic is played by 3-5 players, not 9"),
        (["play", "--variant", "classic", "--players", "2"], "3-5 players, not 2"),
        (["simulate", "--games", "5", "--out", "/no/such/dir/x.csv"], "does not exist"),
        (["simulate", "--games", "5", "--out", "results.txt"], "use a .csv or .parquet"),
        (["simulate", "--merchants", "nobody"], "unknown merchant bot 'nobody'"),
        (["simulate", "--games", "many"], "not a whole number"),
        (["score", "missing.json"], "cannot read missing.json"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_errors_print_one_line_and_exit_non_zero(args, message, tmp_path):
    done = run(*args, cwd=tmp_path)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("sheriff: error:") and message in lines[0]


def test_unwritable_output_and_bad_game_file(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        done = run("simulate", "--games", "2", "--out", str(locked / "x.csv"))
        import os

        if os.geteuid() != 0:  # root may write anywhere
            assert done.returncode != 0 and "cannot write" in done.stderr
    finally:
        locked.chmod(0o700)
    done = run("simulate", "--games", "2", "--out", str(tmp_path))
    assert done.returncode != 0 and "use a .csv or .parquet" in done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = run("score", str(bad))
    assert done.returncode != 0
    assert done.stderr.count("\n") == 1 and "is not a saved game" in done.stderr


# --------------------------------------------------------------------------- issue 11


def run_main(monkeypatch, capsys, *argv: str) -> tuple[int, str, str]:
    """``main(argv)`` in this process (so tests can monkeypatch the library)."""
    from sheriff_core.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_variants_says_6_players_not_6_6():
    out = run("variants").stdout
    deputies = next(line for line in out.splitlines() if line.startswith("deputies"))
    assert " 6 players " in deputies and "6-6" not in out
    assert "3-5 players" in out


def test_bots_prints_plain_text():
    done = run("bots")
    assert done.returncode == 0, done.stderr
    assert "``" not in done.stdout and ":class:" not in done.stdout and "`" not in done.stdout
    assert "with probability risk (0 = honest" in done.stdout
    assert "Smuggles like Smuggler (risk)" in done.stdout


def _save_with(tmp_path, name: str, change) -> str:
    import json

    game = sc.new_game("classic", players=3, seed=0)
    data = json.loads(game.to_json())
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return name


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[]", "is not a saved game: expected a JSON object, got a list"),
        ("null", "is not a saved game: expected a JSON object, got null"),
        ("[" * 100_000 + "]" * 100_000, "is not a saved game: JSON nested too deeply"),
        ('{"a": {"b": {"c": [[{"d": 1}]]}}}', "is not a saved game"),
        ("{not json", "is not a saved game: not JSON"),
        (b"\xff\xfe{}", "is not a saved game: not UTF-8 text"),
        ("short gold", "is not a saved game"),
        ("missing", "cannot read game.json: No such file or directory"),
    ],
)
def test_score_errors_print_one_line(tmp_path, content, message):
    if content == "short gold":
        _save_with(tmp_path, "game.json", lambda d: d.update(gold=d["gold"][:1]))
    elif isinstance(content, bytes):
        (tmp_path / "game.json").write_bytes(content)
    elif content != "missing":
        (tmp_path / "game.json").write_text(content)
    done = run("score", "game.json", cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("sheriff: error: ") and message in lines[0], lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "3", "--out", ""],
        ["simulate", "--games", "3", "--out", "   "],
        ["play", "--save", ""],
        ["score", ""],
        ["play", "--seat", "4"],
        ["play", "--seat", "0", "--bots", "nobody/trusting"],
        ["play", "--seat", "0", "--players", "3", "--bots", "honest", "honest", "honest/nobody"],
        ["play", "--seat", "0", "--bots", ","],
        ["play", "--variant", ""],
    ],
)
def test_empty_names_and_bad_play_options_print_one_line(args, tmp_path):
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sheriff: error: "), done.stderr
    assert list(tmp_path.iterdir()) == []


def _fail_midway(monkeypatch, exc: BaseException):
    """DataFrame.to_csv writes half of its rows, then fails with ``exc``."""

    def half_then_fail(self, path, **kwargs):
        with open(path, "w") as f:
            f.write("game,seat\n0,0\n")
        raise exc

    monkeypatch.setattr(pd.DataFrame, "to_csv", half_then_fail)


@pytest.mark.parametrize(
    ("exc", "code", "message"),
    [
        (OSError(28, "No space left on device"), 2, "cannot write"),
        (KeyboardInterrupt(), 130, "sheriff: interrupted"),
    ],
)
def test_a_failed_write_leaves_the_old_file_and_no_temp_file(
    tmp_path, monkeypatch, capsys, exc, code, message
):
    out = tmp_path / "results.csv"
    out.write_text("the old results\n")
    _fail_midway(monkeypatch, exc)
    got, _, err = run_main(
        monkeypatch, capsys, "simulate", "--games", "3", "--no-progress", "--out", str(out)
    )
    assert got == code
    assert err.strip().splitlines() == [err.strip()] and message in err
    assert out.read_text() == "the old results\n"
    assert [p.name for p in tmp_path.iterdir()] == ["results.csv"]


def test_a_complete_write_replaces_the_file_keeping_its_mode(tmp_path, monkeypatch, capsys):
    out = tmp_path / "results.csv"
    out.write_text("the old results\n")
    out.chmod(0o640)
    got, stdout, _ = run_main(
        monkeypatch, capsys, "simulate", "--games", "3", "--players", "3", "--out", str(out)
    )
    assert got == 0 and "wrote 9 rows" in stdout
    assert len(pd.read_csv(out)) == 9 and (out.stat().st_mode & 0o777) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["results.csv"]


def test_write_atomic_cleans_up_when_the_writer_fails(tmp_path):
    from sheriff_core.cli import write_atomic

    target = tmp_path / "game.json"
    target.write_text("old")

    def half(tmp):
        tmp.write_text("{half")
        raise RuntimeError("disk gone")

    with pytest.raises(RuntimeError, match="disk gone"):
        write_atomic(target, half)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["game.json"]


def _children(pid: int) -> list:
    psutil = pytest.importorskip("psutil")
    return psutil.Process(pid).children(recursive=True)


def test_ctrl_c_prints_one_line_exits_130_and_leaves_no_worker(tmp_path):
    import signal
    import time

    psutil = pytest.importorskip("psutil")
    out = tmp_path / "big.csv"
    out.write_text("old\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "sheriff_core", "simulate", "--games", "200000"]
        + ["--workers", "2", "--no-progress", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # a terminal's foreground process: Ctrl-C is not ignored (a background job's is)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 60
        while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children(proc.pid)
        assert len(workers) >= 2, "the worker processes never started"
        time.sleep(1)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert stderr.splitlines() == ["sheriff: interrupted"], stderr
    time.sleep(0.2)
    alive = [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]
    assert alive == []
    assert out.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["big.csv"]


def _die(task):
    import os
    import signal

    os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_worker_prints_one_line_and_exits_2(tmp_path, monkeypatch, capsys):
    import sheriff_core.analysis.sim as sim

    psutil = pytest.importorskip("psutil")
    # processes started before (a forkserver lives as long as this process) are not ours
    before = {p.pid for p in psutil.Process().children()}
    monkeypatch.setattr(sim, "cpu_count", lambda: 2)
    monkeypatch.setattr(sim, "_run_chunk", _die)  # the forked workers inherit it
    out = tmp_path / "x.csv"
    got, _, err = run_main(
        monkeypatch, capsys, "simulate", "--games", "100", "--workers", "2", "--out", str(out)
    )
    assert got == 2
    assert err.strip().splitlines() == [
        "sheriff: error: a simulation worker process died (killed, or out of memory?); "
        "the run was abandoned"
    ]
    assert not out.exists() and list(tmp_path.iterdir()) == []
    leftover = [
        p
        for p in psutil.Process().children()
        if p.status() != psutil.STATUS_ZOMBIE and p.pid not in before
    ]
    assert leftover == []


def test_workers_are_capped_at_cpus_and_games(monkeypatch):
    import sheriff_core.analysis.sim as sim

    made: list[int] = []

    class Recording(sim.ProcessPoolExecutor):
        def __init__(self, max_workers=None, **kwargs):
            made.append(max_workers)
            super().__init__(max_workers, **kwargs)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", Recording)
    one = sc.simulate("classic", players=3, games=10, seed=2)
    # 10 games fit in one chunk: no pool at all, whatever was asked
    assert sc.simulate("classic", players=3, games=10, seed=2, workers=400).equals(one)
    assert made == []
    monkeypatch.setattr(sim, "cpu_count", lambda: 3)
    many = sc.simulate("classic", players=3, games=40, seed=2, workers=400, chunk_size=5)
    assert made == [3]
    assert many.equals(sc.simulate("classic", players=3, games=40, seed=2))
    sc.simulate("classic", players=3, games=2, seed=2, workers=400, chunk_size=1)
    assert made == [3, 2]
