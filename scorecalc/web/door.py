"""Strangers cannot hold the door (issue 36, item 5): the pad's guard at the connection, below
the application, where a request that never finishes its head would otherwise wait forever.

uvicorn runs this protocol (``Config(http=door(...))``), its httptools protocol subclassed:

- **A time limit for a request's head.** A connection has ``HEAD_LIMIT`` seconds from being
  opened (or from its last response, kept open for the next request) until its request line
  and headers are in; then it is closed. A phone sends its head in one packet; an idle or
  trickling stranger is cut off. (A request whose head is in is left alone: its body is held to
  64 KB by the application, and an event stream lasts as long as the phone keeps it.)
- **A cap per client address.** At most ``PER_ADDRESS`` connections from one address are
  open at once; one more is closed as soon as it is accepted. So one machine's idle connections
  cannot take every open file and lock the phones out (each phone has an address of its own);
  uvicorn's ``limit_concurrency`` would answer everyone 503 once full, which is not that.
- **The request line's authority wins.** A request in absolute form (``GET
  http://evil.example/TOKEN/``) is judged by that authority, not by its ``Host`` header (RFC 9112,
  3.2.2): it takes the ``Host`` header's place, which ``app.Guard`` holds to the printed address.

``raise_open_files`` raises the open-files limit toward its hard limit at the start (a desktop's
1,024 is common; macOS's 256).
"""

from __future__ import annotations

import asyncio
from typing import Any

HEAD_LIMIT = 10.0
"""Seconds a connection has to send a request's head (from being opened, or from its last response)."""
PER_ADDRESS = 64
"""Connections open at once from one client address: a phone's browser opens at most six to one
host (and an event stream); the tests' twenty phones share 127.0.0.1."""
MOST_OPEN_FILES = 65536
"""The open-files limit asked for when the hard limit is unlimited."""


def door(head_limit: float = HEAD_LIMIT, per_address: int = PER_ADDRESS) -> type[asyncio.Protocol]:
    """The protocol class for uvicorn's ``Config(http=...)``: its httptools protocol behind the
    door. Each call makes a class with counts of its own (one server's connections)."""
    import httptools
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    open_from: dict[str, int] = {}

    class Door(HttpToolsProtocol):
        address = ""
        turned_away = False
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            self.address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""
            if open_from.get(self.address, 0) >= per_address:
                self.turned_away = True
                transport.close()
                return
            open_from[self.address] = open_from.get(self.address, 0) + 1
            super().connection_made(transport)
            self.wait_for_head()

        def connection_lost(self, exc: Exception | None) -> None:
            if self.turned_away:
                return
            left = open_from.get(self.address, 1) - 1
            if left > 0:
                open_from[self.address] = left
            else:
                open_from.pop(self.address, None)
            self.head_in()
            super().connection_lost(exc)

        def wait_for_head(self) -> None:
            self.head_in()
            self.head_timer = self.loop.call_later(head_limit, self.head_too_slow)

        def head_in(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def head_too_slow(self) -> None:
            self.head_timer = None
            busy = self.cycle is not None and not self.cycle.response_complete
            if not busy and not self.transport.is_closing():
                self.transport.close()

        def on_headers_complete(self) -> None:
            self.head_in()
            authority = request_authority(self.url, httptools)
            if authority is not None:  # the request line's authority, not the Host header, is judged
                self.headers[:] = [(name, value) for name, value in self.headers if name != b"host"]
                self.headers.append((b"host", authority))
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self.wait_for_head()  # the next request on this connection has its own limit

    return Door


def request_authority(target: bytes, httptools: Any) -> bytes | None:
    """The ``host[:port]`` of a request target in absolute form (``http://host:port/path``), as a
    ``Host`` header writes it (IPv6 in brackets); ``None`` for the usual ``/path``."""
    if target[:1] == b"/" or target == b"*":
        return None
    try:
        parsed = httptools.parse_url(target)
    except httptools.HttpParserInvalidURLError:
        return b""  # judged as no authority at all: not this pad
    host = parsed.host or b""
    if b":" in host:
        host = b"[" + host + b"]"
    return host + (b":%d" % parsed.port if parsed.port else b"")


def raise_open_files() -> None:
    """The open-files limit raised toward its hard limit (no change where it cannot be)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = MOST_OPEN_FILES if hard == resource.RLIM_INFINITY else hard
    for wanted in (target, min(target, 10240)):  # macOS refuses more than OPEN_MAX (10,240)
        if wanted <= soft and soft != resource.RLIM_INFINITY:
            return
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return
        except (ValueError, OSError):
            continue
