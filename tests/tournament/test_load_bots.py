"""load_bots and `sheriff tournament --bots FOLDER`: a student's files, a bad file among
them, a file that reuses a bundled bot's name; the registry is left as it was found."""

from __future__ import annotations

import warnings

import pytest
from cli_run import run_cli

import sheriff_core as sc
from sheriff_core.bots import bot_names, make_bot
from sheriff_core.bots.base import unregister
from sheriff_core.bots.merchants import HonestMerchant

NOSY = """
from sheriff_core.bots import SheriffBot
from sheriff_core.engine import Inspect, LetPass


class Nosy(SheriffBot):
    name = "tt-nosy"

    def decide(self, view, merchant):
        good, count = view.declared[merchant]
        return Inspect(merchant) if count > 3 else LetPass(merchant)
"""

PAIR = """
from sheriff_core.bots import MerchantBot, SheriffBot
from sheriff_core.bots.merchants import HonestMerchant
from sheriff_core.engine import LetPass


class Careful(MerchantBot):
    name = "tt-careful"

    def load(self, view):
        return HonestMerchant().load(view)

    def declare(self, view):
        return HonestMerchant().declare(view)


class Lenient(SheriffBot):
    name = "tt-lenient"
"""

CRASHY = """
from sheriff_core.bots import MerchantBot


class Crashy(MerchantBot):
    name = "tt-crashy"

    def load(self, view):
        raise RuntimeError("forgot to write load")

    def declare(self, view):
        raise RuntimeError("forgot to write declare")
"""


@pytest.fixture
def registry():
    """Forget the bots a test registers."""
    before = {role: set(bot_names(role)) for role in ("merchant", "sheriff")}
    yield
    for role, names in before.items():
        for name in set(bot_names(role)) - names:
            unregister(name, role)


def _folder(tmp_path, **files):
    for name, text in files.items():
        (tmp_path / f"{name}.py").write_text(text)
    return tmp_path


def test_load_bots_registers_each_files_bots_and_reports_a_bad_file(tmp_path, registry):
    folder = _folder(tmp_path, a_nosy=NOSY, b_broken="def oops(:\n", c_pair=PAIR, d_empty="x = 1\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        names = sc.load_bots(folder)
    said = sorted(str(w.message).split(" not loaded")[0] for w in caught)
    assert said == ["bot file b_broken.py", "bot file d_empty.py"]
    assert list(names) == ["tt-nosy", "tt-careful+tt-lenient"]
    assert sorted(names.errors) == ["b_broken.py", "d_empty.py"]
    assert "SyntaxError" in names.errors["b_broken.py"]
    assert "no MerchantBot or SheriffBot" in names.errors["d_empty.py"]
    assert "tt-nosy" in bot_names("sheriff") and "tt-careful" in bot_names("merchant")
    result = sc.tournament(list(names), games=30, players=3, opponents=["honest+trusting"])
    assert {"tt-nosy", "tt-careful+tt-lenient"} <= set(result.games["entrant"])
    assert result.faults.empty


def test_a_file_cannot_replace_a_bundled_bot(tmp_path, registry):
    folder = _folder(
        tmp_path, fake=NOSY.replace("SheriffBot", "MerchantBot").replace('"tt-nosy"', '"honest"')
    )
    with warnings.catch_warnings(record=True):
        names = sc.load_bots(folder)
    assert list(names) == [] and "honest" in names.errors["fake.py"]
    assert type(make_bot("honest", "merchant")) is HonestMerchant


def test_load_bots_needs_a_folder(tmp_path):
    with pytest.raises(ValueError, match="no folder"):
        sc.load_bots(tmp_path / "missing")


def _cli(*args):
    return run_cli(args)


def test_the_command_line_prints_the_leaderboard_and_the_faults(tmp_path, registry):
    folder = _folder(tmp_path, nosy=NOSY, crashy=CRASHY, broken="import no_such_module\n")
    code, out, err = _cli(
        "tournament",
        "--bots",
        str(folder),
        "--games",
        "24",
        "--players",
        "3",
        "--opponents",
        "honest+trusting",
        "smuggler+threshold",
    )
    assert code == 0, err
    lines = out.splitlines()
    assert (
        lines[0] == "not loaded: broken.py: ModuleNotFoundError: No module named 'no_such_module'"
    )
    assert lines[1].startswith("24 games of classic, 3 players, seed 0")
    assert lines[2].split()[:4] == ["entrant", "games", "wins", "win_rate"]
    board = "\n".join(lines[3:7])
    for name in ("tt-nosy", "tt-crashy", "honest+trusting", "smuggler+threshold"):
        assert name in board
    assert "tt-crashy: " in out and "RuntimeError: forgot to write load" in out
    assert "tt-nosy:" not in out.split("\n\n", 1)[1]  # no faults of its own


def test_the_command_line_refuses_a_folder_without_bots(tmp_path):
    code, out, err = _cli("tournament", "--bots", str(tmp_path))
    assert code == 2 and "no bot loaded" in err


def test_the_command_line_writes_the_games_table(tmp_path, registry):
    import pandas as pd

    (tmp_path / "bots").mkdir()
    folder = _folder(tmp_path / "bots", nosy=NOSY)
    out = tmp_path / "games.csv"
    code, text, err = _cli(
        "tournament",
        "--bots",
        str(folder),
        "--games",
        "6",
        "--players",
        "3",
        "--opponents",
        "honest+trusting",
        "--out",
        str(out),
    )
    assert code == 0, err
    games = pd.read_csv(out)
    assert len(games) == 6 * 3 and set(games["entrant"]) == {"tt-nosy", "honest+trusting"}
    assert text.rstrip().endswith(f"wrote 18 rows to {out}")
    code, text, err = _cli(
        "tournament", "--bots", str(folder), "--out", str(tmp_path / "x.parquet")
    )
    assert code == 2 and "written as .csv" in err
