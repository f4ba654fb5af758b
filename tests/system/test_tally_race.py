"""Two tallies started on a FILE that does not exist yet, answering at the same moment: an
answer tally accepted is always in FILE or in the lines it printed to paste, never lost
(SPEC section 7: the first write creates FILE only if it is still absent)."""

from __future__ import annotations

import os
import select
import subprocess
import time
from pathlib import Path

import pytest

from tests.helpers import start_scorecalc, timeout

TRIALS = int(os.environ.get("RACE_TRIALS", "30"))
ANSWERS = {"first": "2026-01-05 20:00", "second": "2026-02-06 21:30"}


def start(path: Path) -> subprocess.Popen[bytes]:
    return start_scorecalc("tally", "galapagos", str(path), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)


def read_until(process: subprocess.Popen[bytes], wanted: bytes, seconds: float = 120) -> bytes:
    """Standard error until ``wanted`` shows (the first question: the run is past its start)."""
    assert process.stderr is not None
    seen = b""
    deadline = time.monotonic() + timeout(seconds)
    while wanted not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {wanted!r} in {seen!r}"
        ready, _, _ = select.select([process.stderr], [], [], left)
        if ready:
            chunk = os.read(process.stderr.fileno(), 4096)
            assert chunk, f"ended before {wanted!r}: {seen!r}"
            seen += chunk
    return seen


@pytest.mark.stress
def test_two_tallies_on_a_missing_file_never_lose_an_accepted_answer(tmp_path: Path) -> None:
    lost: list[str] = []
    for trial in range(TRIALS):
        path = tmp_path / f"t{trial}.yaml"
        runs = {who: start(path) for who in ANSWERS}
        begun = {who: read_until(process, b"when you played")  # its first question: past the start
                 for who, process in runs.items()}
        for who, process in runs.items():  # both answers at the same moment, then the end of input
            assert process.stdin is not None
            os.write(process.stdin.fileno(), ANSWERS[who].encode() + b"\n")
        for process in runs.values():
            assert process.stdin is not None
            process.stdin.close()
            process.stdin = None
        said = {who: (begun[who] + process.communicate(timeout=timeout(120))[1]).decode()
                for who, process in runs.items()}
        written = path.read_text(encoding="utf-8") if path.exists() else ""
        for who, answer in ANSWERS.items():
            accepted = "› date [" in said[who] and f"]: {answer}" in said[who]
            pasted = "not saved" in said[who] and said[who].rstrip().endswith(answer)
            if accepted and f'date: "{answer}"' not in written and not pasted:
                lost.append(f"trial {trial}: {who}'s {answer} accepted, not in FILE, not given back:\n"
                            f"{said[who]}\n--- FILE\n{written}")
    assert not lost, f"{len(lost)} of {TRIALS} trials lost an answer; the first:\n{lost[0]}"
