"""Strangers cannot hold the door (issue 36, item 5; ``scorecalc/web/door.py``): a request's head
has a time limit, one address's connections are capped, so idle connections from one machine
never lock a phone out, even at an open-files limit of 1,024; one ``Host`` header; the request
line's authority judged. Servers on 127.0.0.1; the stranger connects from 127.0.0.2 (a loopback
address of its own, as a second machine on the network has an address of its own)."""

from __future__ import annotations

import asyncio
import resource
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc.web.door import PER_ADDRESS, door, raise_open_files, request_authority
from tests.helpers import timeout
from tests.support import web_pad
from tests.support.web_pad import Served

STRANGER = "127.0.0.2"
IDLE = 1100
OPEN_FILES = 1024


def raw(pad: Served, data: bytes, source: str = "127.0.0.1") -> bytes:
    """What the pad answers ``data`` sent on a connection of its own: the status line."""
    host, port = pad.host.split(":")
    with socket.create_connection((host, int(port)), timeout=timeout(20), source_address=(source, 0)) as sock:
        sock.sendall(data)
        reply = b""
        while b"\r\n" not in reply:
            chunk = sock.recv(4096)
            if not chunk:
                break
            reply += chunk
    return reply.split(b"\r\n")[0]


@pytest.fixture
def pad(tmp_path: Path) -> Iterator[Served]:
    served = Served("galapagos", tmp_path / "tonight.yaml")
    yield served
    served.stop()


def test_the_request_lines_authority_is_read_as_a_host_header_writes_it() -> None:
    import httptools

    assert request_authority(b"/TOKEN/", httptools) is None
    assert request_authority(b"http://evil.example/TOKEN/", httptools) == b"evil.example"
    assert request_authority(b"http://127.0.0.1:8000/TOKEN/", httptools) == b"127.0.0.1:8000"
    assert request_authority(b"http://[::1]:8000/TOKEN/", httptools) == b"[::1]:8000"
    assert request_authority(b"http//", httptools) == b""


@pytest.mark.slow
def test_one_host_header_and_the_request_lines_authority_wins(pad: Served) -> None:
    here, token = pad.host, pad.token
    assert raw(pad, f"GET /{token}/ HTTP/1.1\r\nHost: {here}\r\nConnection: close\r\n\r\n".encode()) \
        == b"HTTP/1.1 200 OK"
    assert raw(pad, f"GET /{token}/ HTTP/1.1\r\nHost: {here}\r\nHost: {here}\r\n\r\n".encode()) \
        == b"HTTP/1.1 400 Bad Request"
    assert raw(pad, f"GET /{token}/ HTTP/1.1\r\nHost: evil.example\r\nHost: {here}\r\n\r\n".encode()) \
        == b"HTTP/1.1 400 Bad Request"
    assert raw(pad, f"GET http://evil.example/{token}/ HTTP/1.1\r\nHost: {here}\r\n\r\n".encode()) \
        == b"HTTP/1.1 404 Not Found"
    assert raw(pad, f"GET http://{here}/{token}/ HTTP/1.1\r\nHost: evil.example\r\n"
                    f"Connection: close\r\n\r\n".encode()) == b"HTTP/1.1 200 OK"


@pytest.mark.slow  # over 0.4 s: the full suite runs it, not the quick loop
def test_a_head_not_finished_in_time_is_closed_and_one_address_is_capped() -> None:
    """In-process, with a short limit and a cap of 3: the fourth connection from one address is
    closed at once, another address still gets in, and an idle connection is closed once its
    time for a head is up; a connection whose head came in time is answered."""
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def main() -> dict[str, Any]:
        config = Config(app, http=door(head_limit=0.5, per_address=3), lifespan="off", log_level="error")
        config.load()
        state = ServerState()
        protocol = config.http_protocol_class
        loop = asyncio.get_running_loop()
        server = await loop.create_server(lambda: protocol(config=config, server_state=state, app_state={}),
                                          "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]

        async def connect(source: str, send: bytes = b"GET /") -> tuple[asyncio.StreamReader, Any]:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
            writer.write(send)
            return reader, writer

        idle = [await connect("127.0.0.1") for _ in range(3)]
        over = await connect("127.0.0.1")
        turned_away = await asyncio.wait_for(over[0].read(), timeout(10)) == b""
        other = await connect(STRANGER, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        answered = (await asyncio.wait_for(other[0].readline(), timeout(10))).startswith(b"HTTP/1.1 200")
        cut = [await asyncio.wait_for(reader.read(), timeout(10)) == b"" for reader, _ in idle]
        for _, writer in [*idle, over, other]:
            writer.close()
        server.close()
        return {"turned away": turned_away, "other address": answered, "idle cut": cut}

    assert asyncio.run(main()) == {"turned away": True, "other address": True, "idle cut": [True] * 3}


def test_the_open_files_limit_is_raised_toward_its_hard_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda what: (1024, 4096))
    monkeypatch.setattr(resource, "setrlimit", lambda what, limits: asked.append(limits))
    raise_open_files()
    assert asked == [(4096, 4096)]


class Stranger:
    """``count`` connections from one address (``source``), each sending half a request line and
    waiting; each one the pad closes is opened again at once, for as long as the stranger runs."""

    def __init__(self, host: str, port: int, source: str = STRANGER, count: int = IDLE) -> None:
        self.host, self.port = host, port
        self.source, self.count = source, count
        self.stop = threading.Event()
        self.opened = 0
        self.thread = threading.Thread(target=self.run, daemon=True)

    def connect(self) -> socket.socket | None:
        sock = socket.socket()
        try:
            sock.bind((self.source, 0))
            sock.setblocking(False)
            sock.connect_ex((self.host, self.port))
            self.opened += 1
            return sock
        except OSError:
            sock.close()
            return None

    def run(self) -> None:
        import selectors

        chooser = selectors.DefaultSelector()
        for _ in range(self.count):
            sock = self.connect()
            if sock is not None:
                chooser.register(sock, selectors.EVENT_WRITE)
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
                    again = self.connect()
                    if again is not None:
                        chooser.register(again, selectors.EVENT_WRITE)
        for key in list(chooser.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def served_at_1024(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Served:
    """A pad started at an open-files limit of 1,024 (soft and hard, as ``ulimit -n 1024`` sets it)."""
    start = web_pad.start_scorecalc

    def at_1024(*args: Any, **options: Any) -> Any:
        limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))  # noqa: E731
        return start(*args, preexec_fn=limit, **options)

    monkeypatch.setattr(web_pad, "start_scorecalc", at_1024)
    return Served("galapagos", tmp_path / "tonight.yaml")


@pytest.mark.slow
def test_idle_connections_from_one_address_never_lock_a_phone_out(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """At an open-files limit of 1,024, 1,100 idle connections from one address, opened again as
    fast as they are closed, while a phone answers: every answer saved, each within a bounded wait."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < IDLE + 200 <= hard:  # the stranger's own sockets (restored below)
        resource.setrlimit(resource.RLIMIT_NOFILE, (IDLE + 200, hard))
    pad = served_at_1024(tmp_path, monkeypatch)
    host, port = pad.host.split(":")
    stranger = Stranger(host, int(port))
    try:
        stranger.thread.start()
        deadline = time.monotonic() + timeout(60)
        while stranger.opened < IDLE and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stranger.opened >= IDLE
        limits = Path(f"/proc/{pad.process.pid}/limits").read_text()
        assert any(line.startswith("Max open files") and f" {OPEN_FILES} " in line
                   for line in limits.splitlines())
        assert pad.answer("players[0].name", "Anna")[0] == 200
        for n in range(20):
            code, reply = pad.answer("players[0].money", str(100 * (n + 1)), str(100 * n) if n else None)
            assert (code, reply["status"]) == (200, "saved"), (n, code, reply)
        assert stranger.opened > IDLE  # the pad kept closing the stranger's connections
    finally:
        stranger.stop.set()
        stranger.thread.join(timeout(30))
        pad.stop()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    table = yaml.safe_load((tmp_path / "tonight.yaml").read_text(encoding="utf-8"))
    assert table["players"][0]["money"] == 2000
    assert PER_ADDRESS < OPEN_FILES // 4


ADDRESSES = 20
EACH = 60
"""Twenty machines, each under the cap per address (``PER_ADDRESS``), 1,200 connections together."""


def test_strangers_are_bounded_as_a_whole_oldest_idle_first() -> None:
    from scorecalc.web.door import Strangers

    class Connection:
        def __init__(self, busy: bool = False) -> None:
            self.busy = busy

        def idle(self) -> bool:
            return not self.busy

    waiting = Strangers(3)
    first, second, third = Connection(busy=True), Connection(), Connection()
    assert [waiting.admit(each) for each in (first, second, third)] == [None, None, None]
    assert waiting.admit(fourth := Connection()) is second  # the oldest idle one; the busy one stays
    waiting.known(third)  # it asked for the pad's path: a phone's
    assert waiting.admit(Connection()) is None
    assert waiting.admit(Connection()) is fourth


@pytest.mark.stress
def test_idle_connections_from_many_addresses_never_lock_a_phone_out(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """At an open-files limit of 1,024, twenty addresses each holding 60 idle connections (under
    the cap per address), opened again as fast as they are closed, while a phone answers: every
    probe answered and saved."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = ADDRESSES * EACH + 300
    if soft < wanted <= hard:  # the strangers' own sockets (restored below)
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    assert EACH < PER_ADDRESS and ADDRESSES * EACH > OPEN_FILES
    pad = served_at_1024(tmp_path, monkeypatch)
    host, port = pad.host.split(":")
    strangers = [Stranger(host, int(port), f"127.0.1.{n + 1}", EACH) for n in range(ADDRESSES)]
    try:
        for stranger in strangers:
            stranger.thread.start()
        deadline = time.monotonic() + timeout(60)
        while sum(s.opened for s in strangers) < ADDRESSES * EACH and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sum(s.opened for s in strangers) >= ADDRESSES * EACH
        time.sleep(1)  # the strangers settled in
        assert pad.answer("players[0].name", "Anna")[0] == 200
        for n in range(20):
            code, reply = pad.answer("players[0].money", str(100 * (n + 1)), str(100 * n) if n else None)
            assert (code, reply["status"]) == (200, "saved"), (n, code, reply)
        assert sum(s.opened for s in strangers) > ADDRESSES * EACH  # the pad closed strangers' connections
    finally:
        for stranger in strangers:
            stranger.stop.set()
        for stranger in strangers:
            stranger.thread.join(timeout(30))
        pad.stop()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    table = yaml.safe_load((tmp_path / "tonight.yaml").read_text(encoding="utf-8"))
    assert table["players"][0]["money"] == 2000
