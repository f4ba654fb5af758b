"""How long a phone's answer takes while a stranger holds idle connections (issue 36, item 5).

A ``scorecalc tally galapagos FILE --web`` on 127.0.0.1, started with its open-files limit at
1,024 (soft and hard, as ``ulimit -n 1024`` sets it: raising it toward the hard limit cannot
help). A phone answers (a new value at a player's money, naming the value it last saw), each
answer on a new connection as a phone after a pause opens one; first with no stranger, then
while a stranger on another address (127.0.0.2) holds ``--idle`` connections, each sending half
a request line and waiting, each one closed by the pad opened again at once. Prints each
phase's round trips (median, 90th percentile, worst) and how many answers failed; asserts
nothing (the test that every answer is saved is tests/system/test_web_door.py).

    python bench/door.py                 # 40 answers each phase, 1,100 idle connections
    python bench/door.py --idle 3000 --answers 100
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

LINK = re.compile(rb"http://(127\.0\.0\.1:\d+)/([A-Za-z0-9_-]+)/")
OPEN_FILES = 1024
STRANGER = "127.0.0.2"


def served(folder: Path) -> tuple[subprocess.Popen[bytes], str, str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))

    process = subprocess.Popen([sys.executable, "-m", "scorecalc", "tally", "galapagos", "t.yaml", "--web",
                                "--bind", "127.0.0.1"], cwd=folder, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit)
    assert process.stderr is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = LINK.search(process.stderr.readline())
        if found:
            threading.Thread(target=process.stderr.read, daemon=True).start()  # keep the pipe drained
            return process, found.group(1).decode(), found.group(2).decode()
    process.kill()
    raise SystemExit("the pad never printed its address")


def send(host: str, token: str, place: str, value: str, seen: str | None) -> tuple[float, str]:
    """One answer on a connection of its own: its round trip (seconds) and its status."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection(host, timeout=60)
    try:
        body = json.dumps({"place": place, "seen": seen, "value": value})
        connection.request("POST", f"/{token}/answer", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        status = str(json.loads(response.read())["status"])
    except (OSError, http.client.HTTPException) as error:
        status = f"failed ({type(error).__name__})"
    finally:
        connection.close()
    return time.perf_counter() - started, status


class Stranger:
    def __init__(self, host: str, idle: int) -> None:
        address, port = host.split(":")
        self.target = (address, int(port))
        self.idle = idle
        self.opened = 0
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def connect(self, chooser: selectors.BaseSelector) -> None:
        sock = socket.socket()
        try:
            sock.bind((STRANGER, 0))
            sock.setblocking(False)
            sock.connect_ex(self.target)
        except OSError:
            sock.close()
            return
        self.opened += 1
        chooser.register(sock, selectors.EVENT_WRITE)

    def run(self) -> None:
        chooser = selectors.DefaultSelector()
        for _ in range(self.idle):
            self.connect(chooser)
        self.ready.set()
        while not self.stop.is_set():
            for key, events in chooser.select(0.05):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                if events & selectors.EVENT_WRITE:
                    try:
                        sock.send(b"GET /")
                    except OSError:
                        pass
                    chooser.modify(sock, selectors.EVENT_READ)
                    continue
                try:
                    gone = sock.recv(1024) == b""
                except OSError:
                    gone = True
                if gone:
                    chooser.unregister(sock)
                    sock.close()
                    self.connect(chooser)
        for key in list(chooser.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def phase(host: str, token: str, answers: int, start: int) -> tuple[list[float], list[str]]:
    times: list[float] = []
    failed: list[str] = []
    for n in range(start, start + answers):
        took, status = send(host, token, "players[0].money", str(100 * (n + 1)), str(100 * n) if n else None)
        if status == "saved":
            times.append(took)
        else:
            failed.append(status)
        time.sleep(0.05)
    return times, failed


def summary(name: str, times: list[float], failed: list[str]) -> str:
    if not times:
        return f"{name}: every answer failed ({failed[:3]})"
    ordered = sorted(times)
    ninetieth = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (f"{name}: {len(times)} saved, {len(failed)} failed; round trip median "
            f"{statistics.median(times) * 1000:.1f} ms, 90th percentile {ninetieth * 1000:.1f} ms, "
            f"worst {ordered[-1] * 1000:.1f} ms")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=1100, help="the stranger's idle connections")
    parser.add_argument("--answers", type=int, default=40, help="answers in each phase")
    options = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < options.idle + 200 <= hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (options.idle + 200, hard))
    with tempfile.TemporaryDirectory() as folder:
        process, host, token = served(Path(folder))
        try:
            send(host, token, "players[0].name", "Anna", None)
            quiet = phase(host, token, options.answers, 0)
            stranger = Stranger(host, options.idle)
            stranger.thread.start()
            stranger.ready.wait(60)
            attacked = phase(host, token, options.answers, options.answers)
            stranger.stop.set()
            stranger.thread.join(30)
        finally:
            process.terminate()
            process.wait(30)
    print(f"pad at an open-files limit of {OPEN_FILES}; a stranger at {STRANGER} with {options.idle} idle "
          f"connections ({stranger.opened} opened in all: each one the pad closed, opened again)")
    print(summary("no stranger", *quiet))
    print(summary("under the stranger", *attacked))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
