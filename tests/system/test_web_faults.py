"""The pad against faults (issue 36): a signal always stops it, mid-write or not, with its exit
code and the "Stopped" message, FILE holding every acknowledged answer (item 4); a body that
is not an answer gets 400 with one line, an unexpected error "failed: try again", never a 500
from input (item 3). Servers on 127.0.0.1 in a process of their own (``tests.support.web_pad``)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc import writing
from tests.helpers import timeout
from tests.support.web_pad import Served

JSON = {"Content-Type": "application/json"}
CODES = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}
SIGNAL_TRIALS = int(os.environ.get("SIGNAL_TRIALS", "20"))


class Phone:
    """One phone answering Anna's money back to back on a kept-open connection, as a browser
    keeps it; ``acknowledged`` is the last value it was told is saved, ``sent`` the last sent."""

    def __init__(self, pad: Served) -> None:
        self.pad = pad
        self.acknowledged: str | None = None
        self.sent: str | None = None
        self.count = 0
        self.ended = threading.Event()
        self.enough = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        host, port = self.pad.host.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=timeout(20))
        try:
            while True:
                self.sent = str(100 * (self.count + 1))
                body = json.dumps({"place": "players[0].money", "seen": self.acknowledged,
                                   "value": self.sent})
                connection.request("POST", f"/{self.pad.token}/answer", body, JSON)
                response = connection.getresponse()
                reply = json.loads(response.read())
                assert response.status == 200 and reply["status"] == "saved", (response.status, reply)
                self.acknowledged = self.sent
                self.count += 1
                if self.count >= 15:
                    self.enough.set()
        except (OSError, http.client.HTTPException):
            pass  # the pad stopped
        finally:
            self.enough.set()
            self.ended.set()
            connection.close()


def signal_under_answers(tmp_path: Path, signum: int, trial: int = 0) -> None:
    file = tmp_path / f"t{trial}.yaml"
    pad = Served("galapagos", file)
    try:
        assert pad.answer("players[0].name", "Anna")[0] == 200
        phone = Phone(pad)
        phone.thread.start()
        assert phone.enough.wait(timeout(30)), "the phone's answers were not saved"
        pad.process.send_signal(signum)
        code, _, said = pad.finish()
        assert phone.ended.wait(timeout(30))
    finally:
        pad.stop()
    assert code == CODES[signum], (signal.Signals(signum).name, code, said)
    assert "Stopped. " in said and "keeps every answer saved so far" in said, said
    assert "Traceback" not in said and "Exception" not in said, said
    money = str(yaml.safe_load(file.read_text(encoding="utf-8"))["players"][0]["money"])
    # every acknowledged answer is in FILE: the last one told "saved", or the one sent after it
    assert money in (phone.acknowledged, phone.sent), (money, phone.acknowledged, phone.sent)


@pytest.mark.slow
@pytest.mark.parametrize("signum", list(CODES), ids=lambda s: signal.Signals(s).name)
def test_a_signal_under_back_to_back_answers_stops_the_pad(tmp_path: Path, signum: int) -> None:
    signal_under_answers(tmp_path, signum)


@pytest.mark.stress
@pytest.mark.parametrize("signum", list(CODES), ids=lambda s: signal.Signals(s).name)
def test_each_signal_twenty_times_under_back_to_back_answers(tmp_path: Path, signum: int) -> None:
    for trial in range(SIGNAL_TRIALS):
        signal_under_answers(tmp_path, signum, trial)


def test_a_signal_during_a_replace_is_handed_on_after_it_never_raised_in_the_writer(
        tmp_path: Path) -> None:
    """The writer holds the signal while FILE is replaced, then gives it to the handler that was
    there (a server's: it notes it and stops serving), not raised where the writer was called,
    and no signal left ignored."""
    target = tmp_path / "t.yaml"
    target.write_text("old\n")
    caught: list[int] = []
    previous = signal.signal(signal.SIGHUP, lambda signum, frame: caught.append(signum))

    def hang_up(path: str) -> None:
        os.kill(os.getpid(), signal.SIGHUP)
        assert caught == []  # held while the replace is under way

    writing.BEFORE_REPLACE.append(hang_up)
    try:
        writing.write_output(str(target), "new\n", unchanged=lambda path: True)
        assert caught == [signal.SIGHUP]
        assert target.read_text() == "new\n"
        assert signal.getsignal(signal.SIGHUP) not in (signal.SIG_IGN, signal.SIG_DFL)
    finally:
        writing.BEFORE_REPLACE.clear()
        signal.signal(signal.SIGHUP, previous)


def post(pad: Served, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    code, _, data = pad.request("answer", body, headers or JSON)
    return code, data
