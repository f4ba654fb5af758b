"""Signals: two SIGTERMs close together end a run once and quietly; the first signal decides."""

from __future__ import annotations

import signal
import subprocess
import time
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, start_scorecalc, timeout, wait_until_it_catches


@pytest.mark.slow
@pytest.mark.parametrize("attempts", [pytest.param(range(3, 4), id="once"),  # the suite: one pair of signals
                                      pytest.param(range(8), id="eight-spacings", marks=pytest.mark.stress)])
def test_two_sigterms_close_together_end_the_run_once_and_quietly(tmp_path: Path, attempts: range) -> None:
    tables = tmp_path / "tables"
    tables.mkdir()
    examples = sorted(EXAMPLES.rglob("*.yaml"))
    for copy in range(40):
        for number, example in enumerate(examples):
            (tables / f"{copy:02}-{number:02}.yaml").write_bytes(example.read_bytes())
    for attempt in attempts:
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
    from scorecalc.signals import Interrupted, _raise_interrupted

    saved = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    try:
        with pytest.raises(Interrupted) as first:
            _raise_interrupted(signal.SIGTERM, None)
        assert first.value.code == 143
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)
