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
- **A bound on strangers as a whole.** A connection that has not yet sent a request for the
  pad's own path (``/TOKEN/``) is a stranger's until it does; at most ``most_strangers`` are
  open at once, from any number of addresses (a quarter of the open-files limit, at most
  ``MOST_STRANGERS``). One more closes the oldest idle one first, so twenty machines of idle
  connections, each under the cap per address, cannot take every open file either: a phone's
  connection sends its head in its first packet and is a stranger's only for that moment.
- **The request line's authority wins.** A request in absolute form (``GET
  http://evil.example/TOKEN/``) is judged by that authority, not by its ``Host`` header (RFC 9112,
  3.2.2): it takes the ``Host`` header's place, which ``app.Guard`` holds to the printed address.

``raise_open_files`` raises the open-files limit toward its hard limit at the start (a desktop's
1,024 is common; macOS's 256).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

HEAD_LIMIT = 10.0
"""Seconds a connection has to send a request's head (from being opened, or from its last response)."""
PER_ADDRESS = 64
"""Connections open at once from one client address: a phone's browser opens at most six to one
host (and an event stream); the tests' twenty phones share 127.0.0.1."""
MOST_STRANGERS = 512
"""Connections open at once, from every address together, that have not asked for the pad's path."""
LEAST_STRANGERS = 16
MOST_OPEN_FILES = 65536
"""The open-files limit asked for when the hard limit is unlimited."""


class Addresses:
    """The connections open now from each client address, at most ``most`` from one (one server's)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        """One more connection from ``address`` counted; ``False`` (not counted) when it has its most."""
        if self.open.get(address, 0) >= self.most:
            return False
        self.open[address] = self.open.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        """A connection counted from ``address`` closed."""
        left = self.open.get(address, 1) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)


class Strangers:
    """The connections that have not asked for the pad's path yet, oldest first, at most ``most``:
    ``admit`` one more and get the oldest idle one to close when that makes one too many."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.waiting: dict[int, Any] = {}
        """Each stranger's connection (its id: the connection, which says ``idle()``), oldest first."""

    def admit(self, connection: Any) -> Any | None:
        """``connection`` counted; the oldest idle stranger's connection to close, if one is over."""
        over = None
        if len(self.waiting) >= self.most:
            over = next((other for other in self.waiting.values() if other.idle()), None)
            if over is not None:
                self.waiting.pop(id(over), None)
        self.waiting[id(connection)] = connection
        return over

    def known(self, connection: Any) -> None:
        """``connection`` asked for the pad's path (or closed): no longer a stranger's."""
        self.waiting.pop(id(connection), None)


def most_strangers() -> int:
    """A quarter of the open-files limit (the rest for phones, FILE and the server), at most
    ``MOST_STRANGERS``."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return MOST_STRANGERS
    if soft == getattr(resource, "RLIM_INFINITY", -1) or soft <= 0:
        return MOST_STRANGERS
    return max(LEAST_STRANGERS, min(MOST_STRANGERS, soft // 4))


class HeadClock:
    """A connection's time for its next request head: started when it opens (or answers a request),
    stopped when the head is in or the connection closes; ``late`` is called when it runs out."""

    def __init__(self, limit: float, late: Callable[[], None]) -> None:
        self.limit = limit
        self.late = late
        self.timer: asyncio.TimerHandle | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.stop()
        self.timer = loop.call_later(self.limit, self.ran_out)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def ran_out(self) -> None:
        self.timer = None
        self.late()


def door(head_limit: float = HEAD_LIMIT, per_address: int = PER_ADDRESS, token: str = "",
         strangers: int | None = None) -> type[asyncio.Protocol]:
    """The protocol class for uvicorn's ``Config(http=...)``: its httptools protocol behind the
    door. Each call makes a class with counts of its own (one server's connections: ``Guard``)."""
    import httptools
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    guard = Guard(per_address, strangers or most_strangers(), token)

    class Door(HttpToolsProtocol):
        address = ""
        turned_away = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            self.address = str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""
            self.clock = HeadClock(head_limit, self.head_too_slow)
            if not guard.admit(self):
                self.turned_away = True
                transport.close()
                return
            super().connection_made(transport)
            self.clock.start(self.loop)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.turned_away:
                return
            guard.release(self)
            self.clock.stop()
            super().connection_lost(exc)

        def idle(self) -> bool:
            return idle(self)

        def head_too_slow(self) -> None:
            if idle(self):
                self.transport.close()

        def on_headers_complete(self) -> None:
            self.clock.stop()
            guard.asked(self, self.url)
            take_authority(self.headers, self.url, httptools)
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self.clock.start(self.loop)  # the next request on this connection has its own limit

    return Door


def idle(connection: Any) -> bool:
    """Waiting for a request's head (none being answered) on an open connection: one whose time
    ran out, or a stranger's over the bound, may be closed."""
    busy = connection.cycle is not None and not connection.cycle.response_complete
    return not busy and not connection.transport.is_closing()


class Guard:
    """One server's counts: connections per address (``Addresses``) and strangers' connections
    together (``Strangers``); ``token`` makes the pad's path (``/TOKEN/``) known."""

    def __init__(self, per_address: int, strangers: int, token: str) -> None:
        self.addresses = Addresses(per_address)
        self.strangers = Strangers(strangers)
        self.own = f"/{token}/".encode() if token else None

    def admit(self, connection: Any) -> bool:
        """``connection`` counted (the oldest idle stranger's closed when one is over), or ``False``
        when its address has its most (not counted: it is closed at once)."""
        if not self.addresses.admit(connection.address):
            return False
        over = self.strangers.admit(connection)
        if over is not None:
            over.transport.close()
        return True

    def asked(self, connection: Any, target: bytes) -> None:
        """A request's head came in: for the pad's own path, the connection is no stranger's (the
        application judges the rest: token, ``Host``)."""
        if self.own is not None and target.startswith(self.own):
            self.strangers.known(connection)

    def release(self, connection: Any) -> None:
        self.strangers.known(connection)
        self.addresses.release(connection.address)


def take_authority(headers: list[tuple[bytes, bytes]], target: bytes, httptools: Any) -> None:
    """A request line in absolute form: its authority, not the ``Host`` header, is judged (it
    takes the ``Host`` header's place in ``headers``)."""
    authority = request_authority(target, httptools)
    if authority is not None:
        headers[:] = [(name, value) for name, value in headers if name != b"host"]
        headers.append((b"host", authority))


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
