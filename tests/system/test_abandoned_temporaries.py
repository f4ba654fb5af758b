"""A temporary file left by a run killed with SIGKILL (``.scorecalc-PID-*.tmp``) is removed by
the next run that writes in that folder, once that process is gone; a live run's is never
touched (SPEC section 7, files and streams under faults)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorecalc import writing
from tests.helpers import EXAMPLES, run_scorecalc, start_scorecalc

pytestmark = pytest.mark.slow  # every test starts the program: the full suite runs them, not the quick loop

EXAMPLE = str(EXAMPLES / "galapagos" / "decided-by-money.yaml")


def gone_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_temporary_file_is_named_with_its_process_id(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    replace = os.replace

    def noting(source: str, target: str) -> None:
        seen.append(os.path.basename(source))
        replace(source, target)

    monkeypatch.setattr(os, "replace", noting)
    writing.write_output(str(tmp_path / "out.txt"), "text\n")
    assert len(seen) == 1 and seen[0].startswith(f".scorecalc-{os.getpid()}-") and seen[0].endswith(".tmp")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.txt"]


def test_the_next_run_removes_a_dead_runs_temporary_and_keeps_a_live_ones(tmp_path: Path) -> None:
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        dead = tmp_path / f".scorecalc-{gone_pid()}-k1ll3d.tmp"
        live = tmp_path / f".scorecalc-{sleeper.pid}-wr1t1ng.tmp"
        other = tmp_path / ".scorecalc-notapid.tmp"  # not one of ours by its name: left alone
        for path in (dead, live, other):
            path.write_text("partial", encoding="utf-8")
        done = run_scorecalc("score", EXAMPLE, "-f", "json", "-o", str(tmp_path / "out.json"))
        assert done.returncode == 0, done.stderr
        assert not dead.exists()
        assert live.read_text(encoding="utf-8") == "partial"
        assert other.exists()
        assert (tmp_path / "out.json").exists()
    finally:
        sleeper.kill()
        sleeper.wait()


@pytest.mark.stress
def test_a_tally_killed_while_writing_leaves_nothing_the_next_run_keeps(tmp_path: Path) -> None:
    """SIGKILL at random moments of a tally answering as fast as a pipe gives: whatever
    temporary file a kill left, the next tally in that folder removes it, and FILE is whole."""
    answers = ("\n".join(["", "Home", "Anna", "Ben", "", "41", "17", "sea_lion 2, tortoise 1", "2300",
                          "", "35", "12", "3", "1900", ""]) + "\n").encode()
    table = tmp_path / "t.yaml"
    for trial in range(40):
        table.unlink(missing_ok=True)
        run = start_scorecalc("tally", "galapagos", str(table), stdin=subprocess.PIPE,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert run.stdin is not None
        run.stdin.write(answers)
        run.stdin.flush()
        time.sleep(0.25 + (trial % 10) * 0.03)
        run.send_signal(signal.SIGKILL)
        run.wait()
        run.stdin.close()
        again = run_scorecalc("score", EXAMPLE, "-f", "json", "-o", str(tmp_path / "out.json"))
        assert again.returncode == 0
        left = [path.name for path in tmp_path.iterdir() if path.name.startswith(".scorecalc-")]
        assert left == [], f"trial {trial}: {left}"
