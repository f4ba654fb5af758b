"""``--output`` under faults: what stands at the path, inputs, signals (SPEC section 7).

These tests run as root in CI: permissions are checked from mode bits (root could
write anything), and nothing here points at the real ``/dev/null`` or ``/dev/stdout``
(a FIFO with its reader started first stands in for "not a regular file").
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import threading
import time
from pathlib import Path

import pytest

from scorecalc.errors import UsageError
from scorecalc.writing import check_output_target, write_output
from tests.helpers import (
    EXAMPLES,
    first_quick,
    run_cli,
    run_scorecalc,
    start_scorecalc,
    timeout,
    wait_until_it_catches,
)

EXAMPLE = EXAMPLES / "galapagos" / "decided-by-money.yaml"


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".scorecalc-")]


def test_output_onto_a_fifo_writes_through_and_leaves_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        result = run_cli("galapagos", str(EXAMPLE), "-f", "csv", "-o", str(fifo))
    finally:
        reader.join(5)  # it ends once the writer has closed the FIFO
        if reader.is_alive():  # the write failed before opening the FIFO: release the reader, never
            try:           # blocking (a plain open for writing waits for a reader that may be gone)
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
            reader.join(10)
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert received[0].decode().startswith("file,game,")
    assert leftovers(tmp_path) == []


def test_output_onto_a_symlink_replaces_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.csv"
    target.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(target.name)
    assert run_cli("galapagos", str(EXAMPLE), "-f", "csv", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == "real.csv"
    assert target.read_text().startswith("file,game,")


def test_output_onto_a_dangling_symlink_creates_what_it_points_to(tmp_path: Path) -> None:
    link = tmp_path / "link.csv"
    link.symlink_to("made.csv")
    assert run_cli("galapagos", str(EXAMPLE), "-f", "csv", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and (tmp_path / "made.csv").read_text().startswith("file,game,")


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o604, 0o200])
def test_an_existing_file_keeps_its_permission_bits(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old")
    target.chmod(mode)
    assert run_cli("galapagos", str(EXAMPLE), "-f", "csv", "-o", str(target)).exit_code == 0
    assert stat.S_IMODE(target.stat().st_mode) == mode
    target.chmod(0o600)
    assert target.read_text().startswith("file,game,")


@pytest.mark.parametrize("mode", [0o444, 0o400, 0o000, 0o555])
def test_a_file_with_no_write_bit_is_refused_even_as_root(tmp_path: Path, mode: int) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old")
    target.chmod(mode)
    try:
        result = run_cli("galapagos", str(EXAMPLE), "-f", "csv", "-o", str(target))
        assert result.exit_code == 2
        assert f"{target}: --output is read-only (mode {mode:04o})" in result.stderr
        result = run_cli("template", "galapagos", "-o", str(target))  # template checks at the write
        assert result.exit_code == 2 and "cannot write: read-only" in result.stderr
        assert stat.S_IMODE(target.stat().st_mode) == mode
    finally:
        target.chmod(0o600)
    assert target.read_text() == "old"
    assert leftovers(tmp_path) == []


@pytest.mark.slow
def test_output_dash_is_standard_output_not_a_file(tmp_path: Path) -> None:
    result = run_scorecalc("galapagos", str(EXAMPLE), "-f", "csv", "-o", "-", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("file,game,")
    assert not (tmp_path / "-").exists()
    result = run_scorecalc("template", "galapagos", "--output", "-", cwd=tmp_path)
    assert result.returncode == 0 and "game: galapagos" in result.stdout
    assert not (tmp_path / "-").exists()


@pytest.mark.slow
def test_the_file_read_on_standard_input_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "y.yaml"
    path.write_bytes(EXAMPLE.read_bytes())
    with path.open("rb") as stdin:
        result = run_scorecalc("score", "-", "-o", str(path), stdin=stdin)
    assert result.returncode == 2
    assert "--output would overwrite the file read on standard input" in result.stderr
    assert path.read_bytes() == EXAMPLE.read_bytes()


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink", "dotted"])
def test_an_input_is_never_overwritten_however_it_is_named(tmp_path: Path, how: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_bytes(EXAMPLE.read_bytes())
    other = tmp_path / "other.yaml"
    if how == "symlink":
        other.symlink_to(path)
    elif how == "hardlink":
        os.link(path, other)
    elif how == "dotted":
        other = tmp_path / "." / "t.yaml"
    else:
        other = path
    result = run_cli("score", str(path), "-o", str(other))
    assert result.exit_code == 2 and "would overwrite an input file" in result.stderr
    assert path.read_bytes() == EXAMPLE.read_bytes()


def test_output_in_a_missing_folder_is_refused_before_scoring(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="folder that does not exist"):
        check_output_target(str(tmp_path / "no" / "out.csv"), [str(EXAMPLE)])


def test_output_onto_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="is a folder"):
        check_output_target(str(tmp_path), [str(EXAMPLE)])
    with pytest.raises(IsADirectoryError):
        write_output(str(tmp_path), "text")


def test_a_symlink_loop_is_refused(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    with pytest.raises(UsageError, match="cannot be used"):
        check_output_target(str(loop), [str(EXAMPLE)])


# --- signals --------------------------------------------------------------------------------

SIGNAL_DURING_WRITE = """
import os, signal, sys
import scorecalc.writing as writing
from scorecalc.cli import main
# As from an interactive shell, even when the test runs in the background or under nohup.
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGHUP, signal.SIG_DFL)
real_fsync = os.fsync
def fsync_then_signal(fd):
    real_fsync(fd)
    os.kill(os.getpid(), signal.{signal})
    assert os.listdir({folder!r}) != [], "the temporary file exists while the signal is held"
writing.os.fsync = fsync_then_signal
sys.argv = ["scorecalc", "galapagos", {example!r}, "-f", "csv", "-o", {target!r}]
main()
"""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "code"), first_quick(("SIGTERM", 143), ("SIGINT", 130), ("SIGHUP", 129),
                                                      several=True))
def test_a_signal_while_writing_removes_the_temporary_file(tmp_path: Path, name: str, code: int) -> None:
    target = tmp_path / "out.csv"
    target.write_text("previous")
    script = SIGNAL_DURING_WRITE.format(signal=name, folder=str(tmp_path), example=str(EXAMPLE),
                                        target=str(target))
    result = run_scorecalc(script=script)
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    assert leftovers(tmp_path) == []
    assert target.read_text() == "previous"


@pytest.mark.slow
def test_sigterm_during_the_run_exits_143() -> None:
    process = start_scorecalc("score", "-", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    try:
        wait_until_it_catches(process.pid, signal.SIGTERM)
        time.sleep(0.2)  # and is waiting for standard input
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=timeout(30))
    finally:
        process.kill()
    assert process.returncode == 143, stderr
    assert b"Traceback" not in stderr


@pytest.mark.slow
@pytest.mark.parametrize("attempts", [pytest.param(range(2, 3), id="once"),  # the suite: one moment
                                      pytest.param(range(6), id="six-moments", marks=pytest.mark.stress)])
def test_sigterm_at_random_moments_of_a_batch_never_leaves_a_temporary_file(tmp_path: Path,
                                                                           attempts: range) -> None:
    """Reported: SIGTERM during a large batch with --output left .scorecalc-*.tmp files."""
    tables = tmp_path / "tables"  # 40 copies of each example: distinct files (one file is read once)
    tables.mkdir()
    examples = sorted(EXAMPLES.rglob("*.yaml"))
    for copy in range(40):
        for number, example in enumerate(examples):
            (tables / f"{copy:02}-{number:02}.yaml").write_bytes(example.read_bytes())
    files = sorted(str(p) for p in tables.iterdir())
    target = tmp_path / "out.json"
    for attempt in attempts:
        process = start_scorecalc("score", *files, "-f", "json", "-o", str(target), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        time.sleep(0.2 + 0.2 * attempt)
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=timeout(60))
        assert process.returncode in (0, 143, -signal.SIGTERM), stderr
        assert b"Traceback" not in stderr
        assert leftovers(tmp_path) == []
        if target.exists():
            lines = target.read_text().splitlines()
            assert len(lines) == len(files)  # complete or absent, never half
