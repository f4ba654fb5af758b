"""Where the pad listens, what the terminal shows, and the server's run (uvicorn).

SPEC section 8: ``--bind HOST[:PORT]``, by default the address of the interface with the
default route and a free port (127.0.0.1 when there is none, saying that phones cannot
reach it); ``0.0.0.0`` (or ``[::]``) listens everywhere and prints the LAN address. The
address is printed as one line ``http://HOST:PORT/TOKEN/`` and drawn as a QR code under
section 7's terminal rules. Scoring (a phone's "Score it", or Enter here) lets every phone
load the score page, then stops the server: open event streams are closed and uvicorn's
graceful timeout bounds the rest, so the command exits within seconds.
"""

from __future__ import annotations

import contextlib
import gc
import ipaddress
import secrets
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING, Any

from ..errors import UsageError
from ..games import Game
from ..signals import Interrupted
from .reply import Status

if TYPE_CHECKING:
    from .app import Serving
    from .pad import Pad

TOKEN_BYTES = 16
"""128 bits of ``secrets.token_urlsafe``."""
SETTLE = 3.0
"""After scoring, how long the server waits for the phones to load the score page (seconds)."""
QUIET = 1.0
"""...and stops sooner once no phone holds a stream and each one told has loaded the page; a phone
whose stream broke comes back within half a second (its ``retry``), so it is told too."""
GRACE = 1
"""uvicorn's graceful shutdown timeout: open connections cut after it (seconds)."""
PROBE = ("192.0.2.1", 9)
"""A documentation address (TEST-NET-1): connecting a UDP socket to it sends nothing but
makes the system choose the interface of its default route."""


@dataclass(frozen=True)
class Address:
    listen: str
    """What the socket binds to."""
    shown: str
    """The host phones use, as the link and the ``Host`` header write it (``[::1]`` for IPv6)."""
    port: int
    note: str = ""

    @property
    def host_header(self) -> str:
        return f"{self.shown}:{self.port}"


def default_route_address(family: int = socket.AF_INET) -> str | None:
    """The address of the interface with the default route, or ``None``."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def parse_bind(text: str | None) -> tuple[str | None, int]:
    """``HOST[:PORT]`` (IPv6 as ``[::1]`` or ``[::1]:8000``) -> host (``None``: the default) and
    port (0: a free one)."""
    if text is None:
        return None, 0
    host, port = text, ""
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (text[end + 1:] and not text[end + 1:].startswith(":")):
            raise UsageError(f"--bind {text}: write an IPv6 address as [::1] or [::1]:PORT")
        host, port = text[1:end], text[end + 2:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    elif text.count(":") > 1:
        raise UsageError(f"--bind {text}: write an IPv6 address in brackets, [{text}]")
    if port and not (port.isdigit() and 0 < int(port) < 65536):
        raise UsageError(f"--bind {text}: the port must be a number from 1 to 65535")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise UsageError(f"--bind {text}: give an IP address (192.168.1.20, 0.0.0.0, [::1])") from None
    return host, int(port or 0)


def choose(text: str | None) -> tuple[Address, socket.socket]:
    """The address and a socket bound to it (a free port unless one is given)."""
    host, port = parse_bind(text)
    note = ""
    if host is None:
        host = default_route_address()
        if host is None:
            host = "127.0.0.1"
            note = ("no network interface has a default route: listening on 127.0.0.1 only, so phones "
                    "cannot reach it (give --bind with this machine's LAN address)")
    ip = ipaddress.ip_address(host)
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    shown = host
    if ip.is_unspecified:
        shown = default_route_address(family) or ("::1" if ip.version == 6 else "127.0.0.1")
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets whose protocol says TCP (the
    # accepted ones inherit it). Without it a reply's headers and body wait on the phone's delayed
    # ACK (bench/RESULTS.md, `python bench/web.py`).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if ip.version == 6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0 if ip.is_unspecified else 1)
        sock.bind((host, port))
        sock.listen(128)  # phones that come before the server runs wait in the backlog
    except OSError as error:
        sock.close()
        raise UsageError(f"--bind {text or host}: cannot listen there: {error.strerror or error}") from None
    port = sock.getsockname()[1]
    shown = f"[{shown}]" if ipaddress.ip_address(shown).version == 6 else shown
    return Address(host, shown, port, note), sock


def qr_lines(link: str) -> str:
    """The link as a terminal QR code (section 7's rules), or the size it would need."""
    from ..output.qr import MIN_QUIET_ZONE, PROMPT, draw_qr, layout, qr_code
    from ..output.terminal import colour, terminal_height, terminal_width

    code = qr_code(link)
    width, height = terminal_width(), terminal_height()
    try:
        return draw_qr(code, width, height, color=colour()).rstrip("\n")
    except UsageError:
        smallest = layout(code.size, True, MIN_QUIET_ZONE)
        return (f"(no room here for its QR code: it needs {smallest.columns} columns and "
                f"{smallest.lines + PROMPT} rows; enlarge the terminal, or type the address above)")


def serve(pad: Pad, bind: str | None, say: Callable[[str], None]) -> bool:
    """Serve ``pad`` until it is scored (``True``) or the server stops otherwise (``False``);
    Ctrl-C raises ``KeyboardInterrupt`` once the server has stopped."""
    import uvicorn

    from .app import Serving, build
    from .door import door, raise_open_files
    from .parts import HALTED

    address, sock = choose(bind)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    link = f"http://{address.host_header}/{token}/"
    serving = Serving(pad, f"http://{address.host_header}")
    raise_open_files()
    config = uvicorn.Config(build(serving, token, address.host_header), log_level="warning",
                            timeout_graceful_shutdown=GRACE, lifespan="off", access_log=False,
                            server_header=False, date_header=False, ws="none", http=door(token=token))
    server = stopping_server(config, lambda: HALTED.add(pad))
    if address.note:
        say(address.note)
    say("Every phone at the table: open this address (same network), or scan the code:")
    say(link)
    say(qr_lines(link))
    say("Answers are saved to the file as they come; Ctrl-C stops, and the same command goes on later.")
    threading.Thread(target=watch, args=(serving, server), daemon=True).start()
    if sys.stdin is not None and sys.stdin.isatty():
        threading.Thread(target=enter_scores, args=(serving, say), daemon=True).start()
    # what is loaded by now (the web stack, the templates, the table) lives until the end: frozen
    # out of the collector, so that a collection while a phone waits walks only what answers make
    gc.collect()
    gc.freeze()
    try:
        server.run(sockets=[sock])
    finally:
        serving.close()
        with pad.lock:  # a part being applied is whole in FILE by now, or dropped whole (``parts.HALTED``,
            sock.close()  # on a signal): it holds the lock until then, and nothing is written after
    if server.stopped_by:  # the run ends as that signal ends a run (130, 143, 129)
        signum = server.stopped_by[0]
        raise KeyboardInterrupt if signum == signal.SIGINT else Interrupted(signum)
    return pad.scored


STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that stop the pad (uvicorn itself stops on SIGINT and SIGTERM only)."""


def stopping_server(config: Any, stop: Callable[[], None] = lambda: None) -> Any:
    """A uvicorn server that SIGINT, SIGTERM and SIGHUP stop alike, gracefully, noting which came
    first (``stopped_by``) for the run to end with its code once the server is down. It is the
    only handler while it serves: a signal that comes while FILE is being replaced is held by the
    writer and handed to it afterwards (``signals.hand_on``), never raised inside a request. A
    SIGHUP ignored where the pad was started (``nohup``) stays ignored. ``stop`` is called at the
    first signal (the pad's part being applied is dropped whole: ``parts.HALTED``)."""
    import uvicorn

    class Server(uvicorn.Server):
        stopped_by: list[int]

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            self.stopped_by = []
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            hangup = getattr(signal, "SIGHUP", None)
            caught = [signum for signum in STOPPING
                      if signum != hangup or signal.getsignal(signum) != signal.SIG_IGN]
            original = {signum: signal.signal(signum, self.handle_exit) for signum in caught}
            try:
                yield
            finally:
                for signum, handler in original.items():
                    signal.signal(signum, handler)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.stopped_by.append(sig)
            stop()
            super().handle_exit(sig, frame)

    server = Server(config)
    server.stopped_by = []
    return server


def watch(serving: Serving, server: Any) -> None:
    """Stop the server once the table is scored and the phones had the page (or ``SETTLE`` passed),
    or once FILE could not be written."""
    while not (serving.page is not None or serving.pad.failure):
        time.sleep(0.1)
    start = time.monotonic()
    while time.monotonic() < start + SETTLE:
        settled = serving.streams == 0 and serving.served >= serving.told
        if settled and time.monotonic() > start + QUIET:
            break
        time.sleep(0.05)
    serving.close()
    server.should_exit = True


def enter_scores(serving: Serving, say: Callable[[str], None]) -> None:
    """Enter at the terminal scores, as "Score it" on a phone does."""
    for _ in sys.stdin:
        if serving.pad.scored:
            return
        reply = serving.enter()
        for warning in reply.warnings:
            say(f"⚠ {warning}")
        if reply.status in (Status.WARNED, Status.PLACING):
            say(reply.message)
        elif reply.status is not Status.SAVED:
            say(f"Not yet: {reply.message}")
        else:
            return


def tally_web(game: Game[Any], name: str, bind: str | None) -> int:
    """``tally GAME FILE --web``: ``DONE`` once the table is scored, else an exit code."""
    from ..dates import current_time
    from ..output.report import EXIT_BAD_INPUT
    from ..tally.draft import DONE
    from ..tally.prompt import Terminal
    from .pad import Pad

    terminal = Terminal()
    say = terminal.say
    pad = Pad(game, name, current_time(), say=say)
    try:
        say(terminal.bold(f"{game.title} — {name} — on the phones at the table"))
        kept = pad.file.kept_as()
        if kept:
            say(kept)
        for held in pad.file.held:  # every value the read could not take: asked, never dropped
            say(terminal.bad(f"{pad.file.words(held)}: asked on the phones"))
        pad.file.refuse_read_only()
        try:
            scored = serve(pad, bind, say)
            if not scored and not pad.failure:
                # the server stopped on a signal it caught (Ctrl-C) without raising it again: the
                # signal was ignored where this runs (a background job of a script)
                raise KeyboardInterrupt
        except (KeyboardInterrupt, Interrupted):  # SIGINT; SIGTERM, SIGHUP
            say("")
            changed = pad.file.verify() if pad.answers else None  # said only once checked
            if changed is not None:
                say(terminal.bad(str(changed)))
            kept = "was changed meanwhile (see above)" if changed else "keeps every answer saved so far"
            again = f"scorecalc tally {game.name} {name} --web" + (f" --bind {bind}" if bind else "")
            say(f"Stopped. {name} {kept}; run '{again}' to go on.")
            raise
        if not scored:
            say(terminal.bad(pad.failure))
            return EXIT_BAD_INPUT
        say("")
        say(terminal.bold(f"The table is complete: {name} is saved."))
        say("")
        return DONE
    finally:
        pad.close()
