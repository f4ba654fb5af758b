"""The pad's routes (Starlette), and who gets in (SPEC section 8, "Who gets in").

Every request passes ``Guard`` first: it must carry one ``Host`` header (two are 400, as
RFC 9110 asks), exactly the printed ``HOST:PORT`` (a page from elsewhere that rebinds its own
name to this address gets 404), its path must start with the run's token (compared in
constant time), and its body may hold at most 64 KB (413). Every request is answered: a body
that is not an answer is 400 with one line; an error the code did not expect is logged as
one line on the pad's terminal (no traceback), the phone is told "failed: try again" (a JSON
reply, which the page shows at the field, never as "no connection"), and the pad serves on.
Replies are JSON in ASCII (non-ASCII escaped), so a lone surrogate a phone sent can be quoted
back. Every response carries ``Referrer-Policy: no-referrer`` and the
policy below; an answer must be JSON from the pad's own origin (no form or page elsewhere
can post one). Only the routes below exist: what a request asks, and every refusal of its
body, is the pad's protocol (``protocol.dispatch``, the same in the app); here only HTTP.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, StreamingResponse
from starlette.responses import Response as HTTPResponse
from starlette.routing import Route

from .pad import Pad
from .pages import pad_html, static
from .protocol import PHONE_MOST, POSTED, Response, Served, dispatch, refusal
from .reply import Refused, Reply, Status

LIMIT = 64 * 1024
"""The largest request body taken, in bytes."""
POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"referrer-policy", b"no-referrer"), (b"content-security-policy", POLICY.encode()),
           (b"x-content-type-options", b"nosniff"), (b"cache-control", b"no-store")]
TOO_LARGE = "Request body too large (at most 64 KB)"
KEEP_ALIVE = 15.0
"""How long an event stream stays quiet before it says it is still there (seconds)."""
BUSY = 0.05
"""How soon a stream looks again at a flag's end it could not reach (the pad's lock busy)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


FAILED = "failed: try again"
"""What a phone is told when the pad met an error it did not expect (its page shows it at the field)."""


class Json(JSONResponse):
    """A JSON reply in ASCII: any text quoted in it (a phone's lone surrogate included) encodes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def too_large() -> Json:
    return Json(Refused(413, TOO_LARGE).reply().json(), 413)


async def unexpected(request: Request, error: Exception) -> HTTPResponse:
    """Starlette's reply to an error no route expected (logged by ``Guard``, which it reaches next)."""
    return Json(Reply(Status.FAILED, 500, FAILED).json(), 500)


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:200]}" if text else type(error).__name__


class Guard:
    """The ``Host``, token and size checks before any route; the policy headers on every response;
    an unexpected error logged as one line, the pad serving on."""

    def __init__(self, app: ASGIApp, token: str, host: str,
                 say: Callable[[str], None] = lambda line: None) -> None:
        self.app = app
        self.prefix = f"/{token}/".encode()
        self.host = host.encode()
        self.say = say

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        if sum(name == b"host" for name, _ in scope["headers"]) > 1:
            await PlainTextResponse("Bad Request: one Host header", 400)(scope, receive, with_headers)
            return
        headers = dict(scope["headers"])
        path = scope.get("raw_path") or scope["path"].encode()
        host_ok = secrets.compare_digest(headers.get(b"host", b""), self.host)
        token_ok = secrets.compare_digest(path[:len(self.prefix)], self.prefix)
        if not (host_ok and token_ok):
            await PlainTextResponse("Not Found", 404)(scope, receive, with_headers)
            return
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > LIMIT:
            await too_large()(scope, receive, with_headers)
            return
        try:
            await self.app(scope, receive, with_headers)
        except Exception as error:  # answered already (``unexpected``): one line here, and serve on
            self.say(f"(a phone's request met an error, told 'try again'; the pad serves on: "
                     f"{one_line(error)})")


async def body_of(request: Request) -> bytes:
    """The request's body, refused beyond ``LIMIT`` however it is sent (chunked included), or
    when the phone went away before it came whole."""
    chunks = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > LIMIT:
                raise Refused(413, TOO_LARGE)
            chunks.append(chunk)
    except ClientDisconnect:
        raise Refused(400, "the phone went away before its request came whole") from None
    return b"".join(chunks)


class Serving(Served):
    """The running pad as the routes and the terminal share it: scoring and what follows, and the
    event streams, woken by each change of the table (``Pad.commit``) and by its end."""

    def __init__(self, pad: Pad, origin: str) -> None:
        super().__init__(pad)
        self.origin = origin
        """``http://HOST:PORT``: the only ``Origin`` an answer may come from."""
        self.told = 0
        """Event streams told that the table is scored (each phone then loads the score page)."""
        self.served = 0
        self.streams = 0
        """Event streams open now."""
        self.closing = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.changed = asyncio.Event()
        """Set, and replaced by a fresh one, at every change: each stream waits on the one it saw."""
        pad.watchers.append(self.wake)

    def wake(self) -> None:
        """Every event stream woken (from any thread: the pad's work may run in a worker thread)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self.woken)
        except RuntimeError:  # the loop closed meanwhile: no stream is left to wake
            pass

    def woken(self) -> None:
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()

    def close(self) -> None:
        """The server stops: every event stream ends at once."""
        self.closing = True
        self.wake()


def build(serving: Serving, token: str, host: str) -> ASGIApp:
    """The pad's application: its routes under ``/TOKEN/``, behind ``Guard``."""
    routes = Routes(serving)
    base = f"/{token}"
    read = {"": routes.page, "form": routes.read("form"), "events": routes.events,
            "result": routes.read("result"), **{name: routes.static(name, kind)
                                                 for name, kind in STATIC.items()}}
    return Guard(Starlette(routes=[*(Route(f"{base}/{path}", handler) for path, handler in read.items()),
                                   *(Route(f"{base}/{path}", routes.posted(path), methods=["POST"])
                                     for path in POSTED)],
                           exception_handlers={Exception: unexpected}),
                 token, host, serving.pad.say)


STATIC = {"idiomorph.js": "text/javascript", "morph.js": "text/javascript", "pad.js": "text/javascript",
          "board.js": "text/javascript", "pad.css": "text/css"}
"""The pad's scripts and style, served beside its page."""
QUICK = ("answer", "placing")
"""The routes taken on the event loop while the pad's lock is free (``under_lock``)."""


class Routes:
    """The pad's routes over HTTP: each request that is the protocol's goes to ``dispatch``
    (``protocol.py``); here only what HTTP needs: the origin and media type of a POST, its body
    streamed within ``LIMIT``, where the work runs, the page, the event stream, the scripts."""

    def __init__(self, serving: Serving) -> None:
        self.serving = serving
        self.pad = serving.pad

    async def page(self, request: Request) -> HTTPResponse:
        return HTMLResponse(pad_html(self.pad, await run_in_threadpool(self.pad.view)))

    def read(self, route: str) -> Callable[[Request], Awaitable[HTTPResponse]]:
        async def read(request: Request) -> HTTPResponse:
            if route == "result" and self.serving.page is not None:
                self.serving.served += 1
            return sent(await run_in_threadpool(dispatch, self.serving, "GET", route))

        return read

    def posted(self, route: str) -> Callable[[Request], Awaitable[HTTPResponse]]:
        async def posted(request: Request) -> HTTPResponse:
            try:
                refuse_foreign(request, self.serving.origin)
                body = await body_of(request)
            except Refused as error:
                return sent(refusal(self.pad, error))
            if route in QUICK:
                answered = await under_lock(self.pad, dispatch, self.serving, "POST", route, body)
            else:
                answered = await run_in_threadpool(dispatch, self.serving, "POST", route, body)
            # the whole table reviewed once the phone has its reply (a view would settle it first)
            return sent(answered, BackgroundTask(self.pad.settle) if route in ("answer", "part") else None)

        return posted

    async def events(self, request: Request) -> HTTPResponse:
        phone = request.query_params.get("phone", "")[:PHONE_MOST]
        return StreamingResponse(stream(self.serving, phone), media_type="text/event-stream")

    @staticmethod
    def static(name: str, kind: str) -> Callable[[Request], Awaitable[HTTPResponse]]:
        async def served(request: Request) -> HTTPResponse:
            return HTTPResponse(static(name), media_type=kind)

        return served


def sent(response: Response, background: BackgroundTask | None = None) -> HTTPResponse:
    """The protocol's response over HTTP."""
    return HTTPResponse(response.body.encode(), response.code, media_type=response.type,
                        background=background)


async def under_lock(pad: Pad, work: Callable[..., Response], *args: Any) -> Response:
    """``work`` under the pad's lock: on the event loop when the lock is free (an answer is short,
    and the hop to a worker thread would cost a fair share of it again: bench/web.py), in a
    worker thread when the terminal holds it (Enter scoring the table), so the loop never waits
    on it."""
    if pad.lock.acquire(blocking=False):
        try:
            return work(*args)
        finally:
            pad.lock.release()
    return await run_in_threadpool(work, *args)


def refuse_foreign(request: Request, origin: str) -> None:
    """An answer is JSON from the pad's own page: another origin, or a form, is refused."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "send JSON")
    sent_from = request.headers.get("origin")
    if sent_from is not None and sent_from != origin:
        raise Refused(403, "not from this pad")


async def stream(serving: Serving, phone: str) -> AsyncIterator[str]:
    """Server-sent events: the table's version whenever it changes, and ``scored`` at the end.
    ``phone``: who listens (its "placing a tile" flag lasts while one of its streams is open)."""
    pad = serving.pad
    serving.loop = asyncio.get_running_loop()
    serving.streams += 1
    pad.opened(phone)
    try:
        yield "retry: 500\n\n"  # a phone whose stream broke is back within half a second
        async for event in events(serving, pad):
            yield event
    finally:
        serving.streams -= 1
        pad.closed(phone)


async def events(serving: Serving, pad: Pad) -> AsyncIterator[str]:
    """Each new version of the table as it comes (woken by the change itself, never polled), a
    keep-alive comment after ``KEEP_ALIVE`` quiet seconds, and a gone phone's tile flag dropped
    when its time comes (a timed wait, as long as the flag has left)."""
    loop = asyncio.get_running_loop()
    seen: tuple[int, bool] = (-1, False)
    said = loop.time()
    while not serving.closing:
        changed = serving.changed  # taken before the version is read: a change after it sets this one
        wait = KEEP_ALIVE - (loop.time() - said)
        if pad.placing:
            if pad.lock.acquire(blocking=False):  # a gone phone's tile dropped in time
                try:
                    pad.expire()
                    ending = pad.expiring()
                finally:
                    pad.lock.release()
            else:
                ending = BUSY  # the terminal holds the table: looked at again shortly
            wait = wait if ending is None else min(wait, ending + BUSY)
        now = (pad.version, serving.page is not None)  # the page comes just after the last version
        if now != seen:
            seen = now
            yield f"data: {json.dumps({'version': now[0], 'scored': now[1]})}\n\n"
            said = loop.time()
            if now[1]:
                serving.told += 1
                return
            continue
        if wait <= 0:
            yield ": still here\n\n"
            said = loop.time()
            continue
        try:
            await asyncio.wait_for(changed.wait(), wait)
        except TimeoutError:
            pass
