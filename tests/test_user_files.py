"""Nothing of the user's lost, nothing injected (issue 25).

* House rules are built from the loaded variant, not from its file (edited or deleted
  since), and a save never overwrites a file of the parent's ``extends`` chain nor
  writes a file that would load as other rules than the ones built in memory.
* Every command that writes files, run against a folder of unrelated files, leaves them
  intact (a file is replaced only when the user named it, and then atomically).

The generators (hypothesis) make random folders: unrelated files, chains of variant
files extending each other and a bundled variant, a local file named like a bundled
variant; then load a parent, perhaps edit or delete its files, and build or save random
house rules over random files of the folder.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import sheriff_core as sc
from sheriff_core.rules.house import (
    editable_fields,
    house_rule,
    house_rule_toml,
    rule_changes,
    save_house_rule,
)
from sheriff_core.rules.variants import data_dir

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = sc.variant_names()
FIELDS = {name: editable_fields(name) for name in VARIANTS}
#: Small edits the loader accepts in every bundled variant (and their chains).
SAFE = {
    "setup.starting_gold": st.integers(0, 200),
    "goods.Cheese.penalty": st.integers(0, 9),
    "round.set_aside_max": st.integers(0, 5),
    "round.bag_max": st.integers(4, 6),
    "debts.order": st.sampled_from(["any", "legal_first"]),
}
UNRELATED = {
    "notes.txt": b"my notes\n",
    "results.csv": b"game,seat\n0,0\n",
    "game.json": b'{"not": "a game"}\n',
    "mine.toml": b'# my own file, not a variant\ntitle = "mine"\n',
    "sub/deep.txt": b"deep\n",
}


def snapshot(folder: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every file and folder under ``folder`` (hidden ones too): content and mode."""
    out: dict[str, tuple[bytes | None, int]] = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        out[rel] = (None if path.is_dir() else path.read_bytes(), path.stat().st_mode)
    return out


def fill(folder: Path, files: dict[str, bytes] = UNRELATED) -> dict[str, tuple[bytes | None, int]]:
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return snapshot(folder)


def same_rules(a: sc.Variant, b: sc.Variant) -> list[str]:
    """The Variant fields but ``source`` (and the data) that differ."""
    out = [
        f.name
        for f in dataclasses.fields(sc.Variant)
        if f.compare and f.name != "source" and getattr(a, f.name) != getattr(b, f.name)
    ]
    return out + ["to_data()"] * (a.to_data() != b.to_data())


def variant_file(extends: str, name: str, changes: dict) -> str:
    """A variant file extending ``extends`` with ``changes`` (the house module's writer)."""
    text = house_rule_toml("classic", changes, name=name)
    return text.replace('extends = "classic"', f"extends = {json.dumps(extends)}", 1)


# --------------------------------------------------------------------------- built from the loaded variant


def test_a_house_rule_is_its_loaded_parent_with_the_changes_though_the_file_changed(
    tmp_path: Path,
) -> None:
    parent = tmp_path / "strict.toml"
    parent.write_text(variant_file("classic", "strict", {"goods.Pepper.penalty": 7}))
    loaded = sc.load_variant(parent)
    before = house_rule(loaded, {"setup.starting_gold": 30})
    # Edited on disk since: the house rule is still the loaded rules with the change.
    parent.write_text(variant_file("classic", "strict", {"goods.Pepper.penalty": 1}))
    after = house_rule(loaded, {"setup.starting_gold": 30})
    assert same_rules(before, after) == []
    assert after.goods["Pepper"].penalty == 7 and after.starting_gold == 30
    assert rule_changes(loaded, after) == {"setup.starting_gold": (50, 30)}
    assert after.lineage == ("classic", "strict", "strict-house")
    # Deleted: the same.
    parent.unlink()
    assert same_rules(before, house_rule(loaded, {"setup.starting_gold": 30})) == []
    assert list(tmp_path.iterdir()) == []


def test_a_sweep_measures_the_loaded_parent_not_its_edited_file(tmp_path: Path) -> None:
    from sheriff_core.analysis.lab import with_field

    parent = tmp_path / "strict.toml"
    parent.write_text(variant_file("classic", "strict", {"goods.Pepper.penalty": 7}))
    loaded = sc.load_variant(parent)
    parent.write_text(variant_file("classic", "strict", {"setup.starting_gold": 5}))
    swept = with_field(loaded, "round.bag_max", 4)
    assert rule_changes(loaded, swept) == {"round.bag_max": (5, 4)}


@st.composite
def chains(draw) -> tuple[dict[str, str], list[str], str]:
    """Variant files in a folder: a chain ``f0 <- f1 <- ...`` over a bundled variant (each
    with one small change, naming its parent by name or by path), and perhaps a local file
    named like the bundled variant (which the chain's root then finds, as the loader does).

    Returns the files (name -> text), the chain's file names (root first) and the bundled
    variant's name."""
    bundled = draw(st.sampled_from(VARIANTS))
    names = draw(
        st.lists(
            st.sampled_from(["a", "b", "c", "rules", "x1"]), min_size=1, max_size=3, unique=True
        )
    )
    files: dict[str, str] = {}
    if draw(st.booleans()):
        files[f"{bundled}.toml"] = variant_file(
            bundled, bundled, {"setup.starting_gold": 77}
        ).replace(
            f'extends = "{bundled}"',
            f'extends = "{(data_dir() / "variants" / bundled).as_posix()}.toml"',
        )
    if draw(st.booleans()):  # a variant of the user's, extending some bundled one by name
        other = draw(st.sampled_from(VARIANTS))
        files["other.toml"] = variant_file(other, "other", {"setup.starting_gold": 11})
    previous = bundled
    for name in names:
        path, value = draw(st.sampled_from(sorted(SAFE.items())))
        ref = previous if previous == bundled or draw(st.booleans()) else f"{previous}.toml"
        files[f"{name}.toml"] = variant_file(ref, name, {path: draw(value)})
        previous = name
    return files, [f"{n}.toml" for n in names], bundled


def _changes(draw, parent: sc.Variant) -> dict:
    fields = draw(st.lists(st.sampled_from(sorted(SAFE)), min_size=1, max_size=2, unique=True))
    out = {f: draw(SAFE[f]) for f in fields}
    if draw(st.integers(0, 3)) == 0:  # now and then a change the loader refuses
        out["round.bag_min"] = draw(st.integers(1, 9))
    return out


def _rules_of(path: Path) -> object:
    """What loading ``path`` gives: its rules (as data, lineage aside) or its error."""
    try:
        data = sc.load_variant(path).to_data()
    except sc.VariantError as exc:
        return f"refused: {exc}"
    data.pop("lineage")
    return data


TRIED: dict[str, int] = {}


def _count(kind: str) -> None:
    TRIED[kind] = TRIED.get(kind, 0) + 1
    event(kind)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), setup=chains())
def test_random_edits_and_deletions_of_the_parents_files_change_no_house_rule(
    data, setup, tmp_path_factory
) -> None:
    files, chain, _ = setup
    folder = tmp_path_factory.mktemp("chain")
    for name, text in files.items():
        (folder / name).write_text(text)
    parent = sc.load_variant(folder / data.draw(st.sampled_from(chain)))
    changes = _changes(data.draw, parent)
    try:
        expected = house_rule(parent, changes)
    except sc.VariantError:
        expected = None
    # Now the files change under the loaded parent: edited, deleted, or turned into junk.
    for name in data.draw(st.lists(st.sampled_from(sorted(files)), unique=True)):
        how = data.draw(st.sampled_from(["edit", "delete", "junk"]))
        _count(f"parent file {how}")
        if how == "delete":
            (folder / name).unlink()
        elif how == "junk":
            (folder / name).write_text("[not toml")
        else:
            (folder / name).write_text((folder / name).read_text().replace("=", "= 1 +", 1))
    try:
        got = house_rule(parent, changes)
    except sc.VariantError as exc:
        assert expected is None, f"refused after the files changed: {exc}"
        _count("house rule refused (as before the change)")
        return
    assert expected is not None
    assert same_rules(expected, got) == []
    _count("house rule built from the loaded parent")


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), setup=chains())
def test_random_house_rules_saved_over_random_files_lose_nothing(
    data, setup, tmp_path_factory
) -> None:
    files, chain, bundled = setup
    folder = tmp_path_factory.mktemp("save")
    for name, text in files.items():
        (folder / name).write_text(text)
    before = fill(folder)
    which = data.draw(st.sampled_from([bundled, *chain]))
    parent = sc.load_variant(which if which == bundled else folder / which)
    # The files the parent extends now (its chain as loaded, found like the loader does).
    in_chain = {str(data_dir() / "variants" / f"{bundled}.toml")}
    if which != bundled:
        in_chain |= {str(folder / n) for n in chain[: chain.index(which) + 1]}
        if f"{bundled}.toml" in files:
            in_chain.add(str(folder / f"{bundled}.toml"))
    existing = sorted({*before, *files, f"{bundled}.toml"} - {"sub"})
    by_name = [tomllib.loads(files["other.toml"])["extends"]] if "other.toml" in files else []
    named = st.sampled_from(
        ["new.toml", "sub/new.toml", *(f"{v}.toml" for v in [*by_name, *by_name, *VARIANTS])]
    )
    target = folder / data.draw(st.one_of(named, st.sampled_from(existing)))
    changes = _changes(data.draw, parent)
    if data.draw(st.booleans()) and which != bundled:  # the parent's file edited since loading
        (folder / which).write_text((folder / which).read_text() + "\n[setup]\nhand_size = 7\n")
        before = snapshot(folder)
        _count("parent edited before the save")
    try:
        made = house_rule(parent, changes, name=target.stem)
    except sc.VariantError:
        made = None
    rules = {n: _rules_of(folder / n) for n in files}
    if target.is_file():  # the files extending the target: replacing it (named) changes them
        aside = folder.parent / f"{folder.name}-aside"
        target.rename(aside)
        rules = {n: r for n, r in rules.items() if _rules_of(folder / n) == r}
        aside.rename(target)
    try:
        save_house_rule(target, parent, changes)
    except sc.VariantError as exc:
        assert snapshot(folder) == before, f"refused ({exc}) but files changed"
        _count("save refused, folder intact")
        return
    except OSError as exc:  # a folder or a file that is not a .toml... named as target
        assert snapshot(folder) == before, exc
        _count("save failed, folder intact")
        return
    after = snapshot(folder)
    rel = str(target.relative_to(folder))
    assert str(target) not in in_chain, "overwrote a file of the parent's chain"
    assert {k: v for k, v in after.items() if k != rel} == {
        k: v for k, v in before.items() if k != rel
    }
    for n, was in rules.items():  # no other variant file's rules changed (but by extending
        assert folder / n == target or _rules_of(folder / n) == was, n  # the file named)
    assert made is not None, "saved a house rule the rules refuse"
    assert same_rules(made, sc.load_variant(target)) == []
    _count("saved, nothing else touched" + (" (replaced the file named)" if rel in before else ""))


# --------------------------------------------------------------------------- single cases of the classes


def test_saving_onto_its_own_parent_file_or_its_chain_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(variant_file("classic", "a", {"round.bag_max": 4}))
    (tmp_path / "b.toml").write_text(variant_file("a", "b", {"setup.starting_gold": 40}))
    before = snapshot(tmp_path)
    b = sc.load_variant(tmp_path / "b.toml")
    for target in ("b.toml", "a.toml", "./a.toml"):
        with pytest.raises(sc.VariantError, match="overwrite it with a file extending itself"):
            save_house_rule(tmp_path / target, b, {"goods.Pepper.penalty": 6})
        assert snapshot(tmp_path) == before, target
    assert sc.load_variant(tmp_path / "b.toml").bag_max == 4  # still loads: not self-extending


def test_saving_a_file_its_parents_chain_would_then_find_is_refused(tmp_path: Path) -> None:
    # a.toml extends "classic" by name: a new classic.toml next to it would be found
    # first, and would extend a.toml: a chain extending itself (found by the generator).
    (tmp_path / "a.toml").write_text(variant_file("classic", "a", {"round.bag_max": 4}))
    a = sc.load_variant(tmp_path / "a.toml")
    before = snapshot(tmp_path)
    with pytest.raises(sc.VariantError, match="the chain would extend itself"):
        save_house_rule(tmp_path / "classic.toml", a, {"setup.starting_gold": 40})
    assert snapshot(tmp_path) == before
    assert sc.load_variant(tmp_path / "a.toml").bag_max == 4


def test_saving_a_file_another_variant_file_would_then_find_is_refused(tmp_path: Path) -> None:
    # other.toml extends "classic" by name: a new classic.toml beside it (a house rule of
    # another variant) would change other.toml's rules (found by the generator).
    (tmp_path / "other.toml").write_text(variant_file("classic", "other", {"round.bag_max": 4}))
    before = snapshot(tmp_path)
    with pytest.raises(sc.VariantError, match="change other.toml's rules"):
        save_house_rule(tmp_path / "classic.toml", "disney", {"setup.starting_gold": 40})
    assert snapshot(tmp_path) == before
    assert sc.load_variant(tmp_path / "other.toml").lineage == ("classic", "other")


def test_saving_after_the_parent_file_changed_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(variant_file("classic", "a", {"round.bag_max": 4}))
    a = sc.load_variant(tmp_path / "a.toml")
    (tmp_path / "a.toml").write_text(variant_file("classic", "a", {"round.bag_max": 6}))
    before = snapshot(tmp_path)
    with pytest.raises(sc.VariantError, match="has changed since it was loaded"):
        save_house_rule(tmp_path / "mine.toml", a, {"setup.starting_gold": 40})
    assert snapshot(tmp_path) == before


def test_saving_where_the_parents_name_finds_another_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "classic.toml").write_text(
        variant_file(
            str(data_dir() / "variants" / "classic.toml"), "classic", {"setup.starting_gold": 9}
        )
    )
    before = snapshot(tmp_path)
    with pytest.raises(sc.VariantError, match="holds a classic.toml of its own"):
        save_house_rule(tmp_path / "mine.toml", "classic", {"round.bag_max": 4})
    assert snapshot(tmp_path) == before


# --------------------------------------------------------------------------- every writing command


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheriff_core", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_every_writing_command_leaves_unrelated_files_intact(tmp_path: Path, monkeypatch) -> None:
    """Each command that writes a file, pointed at a folder of the user's files: it writes
    only the file it was asked to write (replacing it only when named), or refuses."""
    folder = tmp_path / "mine"
    folder.mkdir()
    before = fill(folder)
    refused = 0

    def intact(*written: str) -> None:
        after = snapshot(folder)
        for name in written:
            after.pop(name, None)
        assert after == {k: v for k, v in before.items() if k not in written}, written
        assert not [p for p in folder.rglob("*.part")], "a temporary file was left"

    # The command line: outputs that are new files, existing files named, folders, junk.
    simulate = ["simulate", "--games", "3", "--players", "3", "--no-progress"]
    done = _cli(*simulate, "--out", "new.csv", cwd=folder)
    assert done.returncode == 0, done.stderr
    intact("new.csv")
    done = _cli(*simulate, "--out", "results.csv", cwd=folder)  # named: replaced
    assert done.returncode == 0 and len((folder / "results.csv").read_text().splitlines()) == 10
    before["results.csv"] = snapshot(folder)["results.csv"]
    (folder / "new.csv").unlink()
    for out in (
        "sub",
        "notes.txt",
        "game.json",
        ".",
        "sub/deep.txt",
        "missing/x.csv",
        "x" * 300 + ".csv",
    ):
        done = _cli(*simulate, "--out", out, cwd=folder)
        assert done.returncode == 2 and "sheriff: error:" in done.stderr, (out, done.stderr)
        intact()
        refused += 1
    play = ["play", "--players", "3", "--seed", "1"]
    for save in ("sub", ".", "notes.txt/g.json", "missing/g.json", "y" * 300 + ".json"):
        done = _cli(*play, "--save", save, cwd=folder)
        assert done.returncode == 2 and "Round 1" not in done.stdout, (save, done.stdout)
        intact()
        refused += 1
    done = _cli(*play, "--save", "g.json", cwd=folder)
    assert done.returncode == 0 and sc.Game.from_json((folder / "g.json").read_text()).is_over
    intact("g.json")
    (folder / "g.json").unlink()
    for read_only in (["variants"], ["bots"], ["score", "game.json"], ["score", "sub"]):
        _cli(*read_only, cwd=folder)
        intact()

    # House rules: a new file; the user's own files named as targets; a file of its chain.
    monkeypatch.chdir(folder)
    save_house_rule("house.toml", "classic", {"setup.starting_gold": 30})
    intact("house.toml")
    house = sc.load_variant(folder / "house.toml")
    for target in ("house.toml", "notes.txt", "sub", "sub/deep.txt"):
        with pytest.raises((sc.VariantError, OSError)):
            save_house_rule(target, house, {"round.bag_max": 4})
        intact("house.toml")
        refused += 1

    # The widgets' save buttons: the editor writes the file named; game night writes none.
    from sheriff_core.present.widgets.editor import VariantEditor
    from sheriff_core.present.widgets.game_night import GameNight

    editor = VariantEditor("classic")
    editor.file_name.value = "house.toml"
    editor.save()  # names a file of the user's: replaced (atomically), nothing else
    intact("house.toml")
    for name in ("classic.toml", "sub", "notes.txt"):
        editor.file_name.value = name
        assert editor.save() is None
        intact("house.toml")
        refused += 1
    night = GameNight(pause=0)
    night.start()
    assert night.table is not None
    night.table.reveal()  # saving is offered from a player's view only
    night.save_button.click()  # a download link in the page, no file
    assert "Download the save file" in night.save_link.value
    intact("house.toml")

    # tools/notebooks.py with the user's files (not notebooks) named: refused, intact.
    for name in ("notes.txt", "sub", "game.json"):
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "notebooks.py"), "--strip-only", name],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=folder,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert done.returncode != 0, name
        intact("house.toml")
        refused += 1
    assert refused == 22


def test_the_site_builder_refuses_a_folder_of_unrelated_files(tmp_path: Path) -> None:
    """``tools/build_site.py --out FOLDER`` writes only into a new folder or a site it built
    (issue 25): a folder of the user's files is refused with a message, its files intact.
    (The builder's fix is another branch's; until it is merged this test fails, and it
    stops the builder as soon as a file disappears.)"""
    folder = tmp_path / "mine"
    folder.mkdir()
    before = fill(folder)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "build_site.py"), "--out", str(folder)]
        + ["--no-execute", "--cdn"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    deadline = time.monotonic() + 120
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if not (folder / "notes.txt").exists():
                break  # the builder is deleting the user's files: stop it now
            time.sleep(0.05)
    finally:
        if proc.poll() is None:
            proc.kill()
        _, stderr = proc.communicate()
    assert snapshot(folder) == before, "the site builder removed or changed the user's files"
    assert proc.returncode not in (0, None) and stderr.strip(), stderr
