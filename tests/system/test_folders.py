"""Faults around the run: closed standard input, help and version on a failing standard output,
two signals close together, folders deeper than Python's recursion limit, and names that hold
a line or paragraph separator (issue 20, items 6-9 and 12).

Each case runs the real program in a subprocess where what matters is what the process does
with its file descriptors, its signals and its exit status.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, run_cli, run_scorecalc, start_scorecalc, timeout, wait_until_it_catches

GALAPAGOS = EXAMPLES / "galapagos" / "shared-victory.yaml"
HAS_FULL = os.path.exists("/dev/full")


def scorecalc(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return run_scorecalc(*args, text=False, **kwargs)


def closed_stdin() -> None:
    os.close(0)


# --- item 6: a closed standard input -------------------------------------------------------------


def test_score_from_a_closed_standard_input_is_bad_input_not_a_crash() -> None:
    result = scorecalc("score", "-", preexec_fn=closed_stdin)
    assert result.returncode == 2, result.stderr
    assert result.stderr.decode().strip() == "-: cannot read standard input: it is closed"


# --- item 7: help and version on a failing standard output ---------------------------------------


@pytest.mark.skipif(not HAS_FULL, reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [["--version"], ["--help"], ["caracas", "--help"], ["tally", "--help"]])
def test_help_and_version_onto_a_full_device_are_one_line_and_exit_2(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = scorecalc(*args, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 2, result.stderr
    assert result.stderr.decode().splitlines() == [
        "scorecalc: cannot write to standard output: No space left on device"]


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["caracas", "--help"], ["score", "--help"]])
def test_help_and_version_into_a_closed_pipe_end_quietly_with_141(args: list[str]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = scorecalc(*args, stdout=write_end, stderr=subprocess.PIPE)
    finally:
        os.close(write_end)
    assert result.returncode == 141, result.stderr
    assert result.stderr == b""


# --- item 8: two signals close together ----------------------------------------------------------


@pytest.mark.slow
def test_two_sigterms_close_together_end_the_run_once_and_quietly(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    tables.mkdir()
    examples = sorted(EXAMPLES.rglob("*.yaml"))
    for copy in range(40):
        for number, example in enumerate(examples):
            (tables / f"{copy:02}-{number:02}.yaml").write_bytes(example.read_bytes())
    for attempt in range(8):
        process = start_scorecalc("score", str(tables), "-f", "json", stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        wait_until_it_catches(process.pid, signal.SIGTERM)  # a busy machine starts it slowly
        time.sleep(0.1 * attempt)
        process.send_signal(signal.SIGTERM)
        time.sleep(0.003 * attempt)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=timeout(60))
        assert process.returncode in (0, 143), (process.returncode, stderr)
        assert b"Exception ignored" not in stderr and b"Traceback" not in stderr, stderr


def test_the_first_signal_decides_and_later_ones_are_ignored() -> None:
    from scorecalc.writing import Interrupted, _raise_interrupted

    saved = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGINT)}
    try:
        with pytest.raises(Interrupted) as first:
            _raise_interrupted(signal.SIGTERM, None)
        assert first.value.code == 143
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


# --- item 9: a folder deeper than the recursion limit --------------------------------------------


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


# --- item 12: line and paragraph separators in a name --------------------------------------------


TABLE = """game: galapagos
players:
  - {{name: {a}, exhibition: 10, education: 3, animals: 2, money: 1000}}
  - {{name: Bo, exhibition: 10, education: 2, animals: 2, money: 1000}}
"""


@pytest.mark.parametrize(("escape", "what"), [("\\x85", "a next-line character (U+0085)"),
                                              ("\\u2028", "a line separator (U+2028)"),
                                              ("\\u2029", "a paragraph separator (U+2029)")])
def test_line_and_paragraph_separators_in_a_name_are_refused(tmp_path: Path, escape: str, what: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(TABLE.format(a=f'"Mal{escape}Winner: Mal"'), encoding="utf-8")
    before = path.read_bytes()
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2, result.stdout
    code = what[what.index("U+"):-1]  # NEL is a C1 control character too: Text refuses it first
    assert (f"contains {what}; a name is one line of text" in result.stderr
            or f"contains the control character {code}" in result.stderr), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not {"\x85", "\u2028", "\u2029"} & set(result.stderr)  # shown escaped, never raw
    assert path.read_bytes() == before


# --- item 13 (part): a formula behind zero-width characters --------------------------------------


@pytest.mark.parametrize("name", ["\u200b=HYPERLINK(1)", "\ufeff\u200d+1", "\u2060@SUM(A1)"])
def test_a_formula_behind_zero_width_characters_is_kept_as_text_in_csv(tmp_path: Path, name: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(TABLE.format(a=f'"{name}"'), encoding="utf-8")
    result = run_cli("galapagos", str(path), "--format", "csv")
    assert result.exit_code == 0, result.stderr
    row = result.stdout.splitlines()[1].split(",")
    assert row[3] == "'" + name
