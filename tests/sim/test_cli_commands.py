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
