"""The pad against faults: a signal always stops it, mid-write or not, with its exit
code and the "Stopped" message, FILE holding every acknowledged answer; a body that
is not an answer gets 400 with one line, an unexpected error "failed: try again", never a 500
from input (item 3). Servers on 127.0.0.1 in a process of their own (``tests.support.web_pad``)."""

from __future__ import annotations

import asyncio
import datetime
import http.client
import json
import os
import random
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
    # the pad as a terminal starts it: a signal ignored here (a test before, in this process,
    # left SIGHUP ignored) would be inherited, and an ignored SIGHUP stays ignored, as under nohup
    inherited = signal.signal(signum, signal.SIG_DFL)
    try:
        pad = Served("galapagos", file)
    finally:
        signal.signal(signum, inherited)
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


@pytest.mark.parametrize("tally", [True, False], ids=["tally's FILE", "--output"])
def test_a_signal_while_the_new_file_is_synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               tally: bool) -> None:
    """A signal before the new file is whole: tally's FILE is still replaced (its answer was taken,
    and "saved" follows), then the signal handed on; ``--output`` gives up, the old file as it
    was, and says so when the handler did not end the run (never a write claimed that was not)."""
    target = tmp_path / "t.yaml"
    target.write_text("old\n")
    caught: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: caught.append(signum))
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    try:
        if tally:
            writing.write_output(str(target), "new\n", unchanged=lambda path: True)
            assert target.read_text() == "new\n"
        else:
            with pytest.raises(InterruptedError):
                writing.write_output(str(target), "new\n")
            assert target.read_text() == "old\n"
        assert caught == [signal.SIGTERM]
        assert sorted(os.listdir(tmp_path)) == ["t.yaml"]
    finally:
        signal.signal(signal.SIGTERM, previous)


def post(pad: Served, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    code, _, data = pad.request("answer", body, headers or JSON)
    return code, data


# --- every request answered, never a 500 from input --------------------------------------------------

HOST = "127.0.0.1:8000"
TOKEN = "t" * 22


class InProcess:
    """The pad's application called in this process, as uvicorn calls it: for what a test must
    break inside (a route that raises, a FILE that cannot be written)."""

    def __init__(self, file: Path) -> None:
        from scorecalc.games import get_game
        from scorecalc.web.app import Serving, build
        from scorecalc.web.pad import Pad

        self.said: list[str] = []
        self.pad = Pad(get_game("galapagos"), str(file), datetime.datetime(2026, 1, 5, 20, 0),
                       say=self.said.append)
        self.app = build(Serving(self.pad, f"http://{HOST}"), TOKEN, HOST)

    def post(self, body: bytes, route: str = "answer") -> tuple[int, Any]:
        return asyncio.run(self.call("POST", f"/{TOKEN}/{route}", body))

    async def call(self, method: str, path: str, body: bytes) -> tuple[int, Any]:
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
                 "root_path": "", "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
                 "headers": [(b"host", HOST.encode()), (b"content-type", b"application/json"),
                             (b"content-length", str(len(body)).encode())]}
        incoming = [{"type": "http.request", "body": body, "more_body": False}]
        out: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return incoming.pop(0) if incoming else {"type": "http.disconnect"}

        async def send(message: Any) -> None:
            out.append(dict(message))

        await self.app(scope, receive, send)
        status = next(m["status"] for m in out if m["type"] == "http.response.start")
        data = b"".join(m.get("body", b"") for m in out if m["type"] == "http.response.body")
        return status, json.loads(data)

    def close(self) -> None:
        self.pad.close()


def answer(place: str, value: Any, seen: Any = None) -> bytes:
    return json.dumps({"place": place, "seen": seen, "value": value}).encode()


def test_an_unexpected_error_is_one_line_on_the_terminal_and_try_again_on_the_phone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    served = InProcess(tmp_path / "tonight.yaml")
    try:
        def broken(*args: Any) -> Any:
            raise RuntimeError("a bug\nover two lines")

        monkeypatch.setattr(served.pad, "answer", broken)
        code, reply = served.post(answer("players[0].name", "Anna"))
        assert (code, reply["status"], reply["message"]) == (500, "failed", "failed: try again")
        logged = [line for line in served.said if "RuntimeError" in line]
        assert logged == ["(a phone's request met an error, told 'try again'; the pad serves on: "
                          "RuntimeError: a bug over two lines)"]
        monkeypatch.undo()
        assert served.post(answer("players[0].name", "Anna"))[1]["status"] == "saved"  # serving on
    finally:
        served.close()


def test_failure_replies_name_file_by_its_own_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorecalc.errors import UsageError

    served = InProcess(tmp_path / "tonight.yaml")
    try:
        def full(text: str) -> str:
            raise UsageError(f"{served.pad.name}: cannot write: No space left on device")

        monkeypatch.setattr(served.pad.file, "write", full)
        code, reply = served.post(answer("players[0].name", "Anna"))
        assert (code, reply["status"]) == (503, "failed")
        assert reply["message"] == "tonight.yaml: cannot write: No space left on device"
        assert str(tmp_path) in "".join(served.said)  # the terminal, the server's own, says where
    finally:
        served.close()


NOT_ANSWERS = [b"[" * 10_000, b"{" * 100_000, b'{"a":' * 5_000, b"not json", b"", b"\xff\xfe", b"null",
               b"[1, 2]", b'"text"', b"1e999999", b"9" * 5_000, answer("players[0].name", 7),
               answer(7, "Anna"), answer("players[0].name", "Anna", seen=[1]),
               answer("players[0].name", None), b'{"place": "x", "value": "y", "remove": "yes"}',
               b'{"place": "\\ud800", "seen": "\\udfff", "value": "\\ud800"}',
               answer("players[0].name", {"a": [1, 2, {"b": None}]})]


def test_bodies_that_are_not_answers_get_400_with_one_line(tmp_path: Path) -> None:
    served = InProcess(tmp_path / "tonight.yaml")
    try:
        for body in NOT_ANSWERS:
            code, reply = served.post(body)
            assert code in (400, 404, 413), (body[:40], code, reply)
            assert reply["status"] in ("refused", "gone") and "\n" not in reply["message"], (body[:40], reply)
        assert not served.said or all("error" not in line for line in served.said), served.said
        assert served.post(answer("players[0].name", "Anna"))[1]["status"] == "saved"
    finally:
        served.close()


def random_body(rng: random.Random, depth: int = 0) -> Any:
    kinds = ["str", "int", "float", "none", "bool", "list", "dict", "answer"] if depth < 6 else ["str", "int"]
    kind = rng.choice(kinds)
    if kind == "str":
        return "".join(chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0, 0x110000)]))
                       for _ in range(rng.randrange(0, 12)))
    if kind == "int":
        return rng.choice([0, -1, 7, 2 ** 70, rng.randrange(-10 ** 9, 10 ** 9)])
    if kind == "float":
        return rng.choice([0.5, -1e300, 1e-300])
    if kind in ("none", "bool"):
        return None if kind == "none" else rng.random() < 0.5
    if kind == "list":
        return [random_body(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if kind == "dict":
        return {random_body(rng, 6): random_body(rng, depth + 1) for _ in range(rng.randrange(0, 4))}
    return {"place": rng.choice(["players[0].name", "location", "date", "players[0].money", "players[9].x",
                                 random_body(rng, 6)]),
            "seen": rng.choice([None, "", random_body(rng, 6)]), "value": random_body(rng, depth + 1),
            **({"remove": random_body(rng, 6)} if rng.random() < 0.2 else {})}


def encoded(rng: random.Random) -> bytes:
    body = json.dumps(random_body(rng)).encode()
    cut = rng.random()
    if cut < 0.1:
        return body[:rng.randrange(0, len(body) + 1)]  # cut short
    if cut < 0.15:
        return b"[" * rng.randrange(1000, 60_000)  # nested past any parser's depth
    return body


@pytest.mark.slow
def test_a_thousand_random_bodies_no_500_and_a_phone_still_answers(tmp_path: Path) -> None:
    rng = random.Random(36)
    pad = Served("galapagos", tmp_path / "tonight.yaml")
    try:
        codes: dict[int, int] = {}
        for _ in range(1000):
            code = post(pad, encoded(rng))[0]
            codes[code] = codes.get(code, 0) + 1
        assert 500 not in codes and set(codes) <= {200, 400, 404, 409, 413, 422}, codes
        assert pad.answer("location", "Home")[0] == 200
        assert pad.process.poll() is None
        said = "".join(pad.said) + "".join(pad.lines.queue)
        assert "Traceback" not in said and "met an error" not in said, said
        assert yaml.safe_load(pad.file.read_text(encoding="utf-8"))["location"] == "Home"
    finally:
        pad.stop()


def test_file_removed_while_the_pad_runs_is_written_again_and_the_terminal_says_so(tmp_path: Path) -> None:
    file = tmp_path / "tonight.yaml"
    served = InProcess(file)
    try:
        assert served.post(answer("players[0].name", "Anna"))[1]["status"] == "saved"
        file.unlink()
        code, reply = served.post(answer("location", "Home"))
        assert (code, reply["status"]) == (200, "saved")
        table = yaml.safe_load(file.read_text(encoding="utf-8"))
        assert (table["players"][0]["name"], table["location"]) == ("Anna", "Home")
        assert f"{file} was removed while tally ran: it is written again with every answer so far" \
            in "\n".join(served.said)
        assert served.post(answer("players[0].name", "Ana", "Anna"))[1]["status"] == "saved"  # on as before
    finally:
        served.close()
