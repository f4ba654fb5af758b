"""Folders given to a command: deeper than Python's recursion limit, unreadable, walked in sorted
path order, a file reached twice read once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, run_cli, run_scorecalc

GALAPAGOS = EXAMPLES / "galapagos" / "shared-victory.yaml"


# --- a folder deeper than the recursion limit ----------------------------------------------------


@pytest.mark.slow  # every example, or many random seasons: the full suite's
@pytest.mark.parametrize("command", ["score", "standings"])
def test_a_folder_1100_levels_deep_is_searched_without_a_crash(tmp_path: Path, command: str) -> None:
    deep = tmp_path
    folder = os.open(tmp_path, os.O_RDONLY)  # one level at a time: the whole path passes PATH_MAX
    for _ in range(1100):
        os.mkdir("d", dir_fd=folder)
        inner = os.open("d", os.O_RDONLY, dir_fd=folder)
        os.close(folder)
        folder = inner
    table = os.open("t.yaml", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=folder)
    os.write(table, GALAPAGOS.read_bytes())
    os.close(table)
    os.close(folder)
    (tmp_path / "top.yaml").write_bytes(GALAPAGOS.read_bytes())
    try:
        result = run_scorecalc(command, ".", "-f", "json", cwd=deep, text=False)
    finally:
        remove_deep(tmp_path / "d", levels=1100)
    assert result.returncode in (0, 2), result.stderr[-400:]
    assert b"internal error" not in result.stderr and b"Traceback" not in result.stderr
    if command == "score":
        assert result.stdout.count(b'"game": "galapagos"') == 2


def remove_deep(top: Path, levels: int) -> None:
    """Remove a chain of ``levels`` folders named ``d`` (and the one table at its bottom) from the
    bottom up: Python 3.11's ``shutil.rmtree``, which pytest uses on old temporary folders, recurses."""
    chain = [os.open(top, os.O_RDONLY)]
    for _ in range(levels - 1):
        chain.append(os.open("d", os.O_RDONLY, dir_fd=chain[-1]))
    os.unlink("t.yaml", dir_fd=chain[-1])
    while len(chain) > 1:
        os.close(chain.pop())
        os.rmdir("d", dir_fd=chain[-1])
    os.close(chain.pop())
    top.rmdir()


def test_the_walk_keeps_sorted_path_order(tmp_path: Path) -> None:
    from scorecalc.paths import expand_paths

    for name in ["b/z.yaml", "a/y.yaml", "a/c/x.yaml", "m.yaml", "a/skip.txt"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("game: galapagos\n")
    found = expand_paths([str(tmp_path)])
    assert [Path(name).relative_to(tmp_path).as_posix() for name in found.files] == [
        "a/c/x.yaml", "a/y.yaml", "b/z.yaml", "m.yaml"]


def test_an_unreadable_folder_is_bad_input_not_a_pass(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text((EXAMPLES / "galapagos" / "shared-victory.yaml").read_text())
    locked = tmp_path / "locked"
    locked.mkdir()
    real_scandir = os.scandir

    def scandir(path: object = ".") -> object:  # as root, chmod 000 cannot lock a folder: simulate it
        if str(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    result = run_cli("verify", str(tmp_path))
    assert result.exit_code == 2
    assert f"{locked}: cannot read this folder: Permission denied" in result.stderr
    assert "1 passed" in result.stdout


def test_a_file_reached_twice_is_read_once() -> None:
    result = run_cli("score", str(GALAPAGOS), str(EXAMPLES / "galapagos"), "--format", "csv")
    assert result.exit_code == 0
    assert result.stdout.count("shared-victory.yaml") == len(
        [line for line in result.stdout.splitlines() if "shared-victory" in line])
    rows = [line for line in result.stdout.splitlines() if "shared-victory.yaml" in line]
    assert len(rows) == len({row.split(",")[3] for row in rows})  # each player once
