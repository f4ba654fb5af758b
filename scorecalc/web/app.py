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
can post one). Only the routes below exist.
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
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from .pad import Pad
from .pages import (
    PHONE_MOST,
    answer_call,
    form_html,
    pad_html,
    part_call,
    phones_reply,
    placing_call,
    score_call,
    score_page,
    static,
)
from .reply import Reply

LIMIT = 64 * 1024
"""The largest request body taken, in bytes."""
POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"referrer-policy", b"no-referrer"), (b"content-security-policy", POLICY.encode()),
           (b"x-content-type-options", b"nosniff"), (b"cache-control", b"no-store")]
TOO_LARGE = "Request body too large (at most 64 KB)"
TICK = 0.2
"""How often an event stream looks for a new version of the table (seconds)."""
KEEP_ALIVE = 15.0

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


def refusal(message: str, code: int = 400) -> Json:
    return Json({"status": "refused", "message": message, "current": None, "warnings": []}, code)


async def unexpected(request: Request, error: Exception) -> Response:
    """Starlette's reply to an error no route expected (logged by ``Guard``, which it reaches next)."""
    return Json({"status": "failed", "message": FAILED, "current": None, "warnings": []}, 500)


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
            await refusal(TOO_LARGE, 413)(scope, receive, with_headers)
            return
        try:
            await self.app(scope, receive, with_headers)
        except Exception as error:  # answered already (``unexpected``): one line here, and serve on
            self.say(f"(a phone's request met an error, told 'try again'; the pad serves on: "
                     f"{one_line(error)})")


class TooLarge(Exception):
    pass


async def body_of(request: Request) -> bytes:
    """The request's body, refused beyond ``LIMIT`` however it is sent (chunked included)."""
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > LIMIT:
            raise TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


class Serving:
    """The running pad as the routes and the terminal share it: scoring and what follows."""

    def __init__(self, pad: Pad, origin: str) -> None:
        self.pad = pad
        self.origin = origin
        """``http://HOST:PORT``: the only ``Origin`` an answer may come from."""
        self.page: str | None = None
        self.told = 0
        """Event streams told that the table is scored (each phone then loads the score page)."""
        self.served = 0
        self.streams = 0
        """Event streams open now."""
        self.closing = False

    def score(self, anyway: bool = False) -> Reply:
        return self.scored(self.pad.score(anyway))

    def enter(self) -> Reply:
        """Enter at the pad's terminal (a second Enter drops a phone's half-built tile, or scores
        past the warnings the first one showed)."""
        return self.scored(self.pad.enter())

    def scored(self, reply: Reply) -> Reply:
        if reply.status == "saved" and self.page is None:
            self.page = score_page(self.pad)
        return reply


def build(serving: Serving, token: str, host: str) -> ASGIApp:
    """The pad's application: its routes under ``/TOKEN/``, behind ``Guard``."""
    routes = Routes(serving)
    base = f"/{token}"
    posted = {"answer": routes.answer, "score": routes.score, "placing": routes.placing, "part": routes.part}
    read = {"": routes.page, "form": routes.form, "events": routes.events, "result": routes.result,
            **{name: routes.static(name, kind) for name, kind in STATIC.items()}}
    return Guard(Starlette(routes=[*(Route(f"{base}/{path}", handler) for path, handler in read.items()),
                                   *(Route(f"{base}/{path}", handler, methods=["POST"])
                                     for path, handler in posted.items())],
                           exception_handlers={Exception: unexpected}),
                 token, host, serving.pad.say)


STATIC = {"idiomorph.js": "text/javascript", "morph.js": "text/javascript", "pad.js": "text/javascript",
          "board.js": "text/javascript", "pad.css": "text/css"}
"""The pad's scripts and style, served beside its page."""


class Routes:
    """The pad's routes: the page and its form, an answer, "Score it", a tile half built, the
    score page, the event stream, the scripts (what each request asks: ``pages.py``)."""

    def __init__(self, serving: Serving) -> None:
        self.serving = serving
        self.pad = serving.pad

    async def page(self, request: Request) -> Response:
        return HTMLResponse(pad_html(self.pad, await run_in_threadpool(self.pad.view)))

    async def form(self, request: Request) -> Response:
        return HTMLResponse(form_html(await run_in_threadpool(self.pad.view)))

    async def sent(self, request: Request, shape: str, empty: bytes = b"") -> Any:
        """The JSON a phone's page POSTed, or the ``Json`` refusal (another origin, not JSON)."""
        refused = await refuse_foreign(request, self.serving.origin)
        return refused if refused is not None else await read_json(request, shape, empty)

    async def answer(self, request: Request) -> Response:
        pad = self.pad
        sent = await self.sent(request, "{place, seen, value}")
        call = sent if isinstance(sent, Json) else answer_call(pad, sent)
        if isinstance(call, Json | str):
            return refusal(call) if isinstance(call, str) else call
        reply = await under_lock(pad, call[0], *call[1])
        # the whole table reviewed once the phone has its reply (a view would settle it first)
        return Json({**phones_reply(pad, reply), "version": reply.version}, reply.code,
                    background=BackgroundTask(pad.settle))

    async def score(self, request: Request) -> Response:
        sent = await self.sent(request, "{anyway: true|false}", empty=b"{}")
        anyway = sent if isinstance(sent, Json) else score_call(sent)
        if isinstance(anyway, Json | str):
            return refusal(anyway) if isinstance(anyway, str) else anyway
        reply = await run_in_threadpool(self.serving.score, anyway)
        return Json(phones_reply(self.pad, reply), reply.code)

    async def placing(self, request: Request) -> Response:
        """A phone's tile editor holds an unplaced tile on a board, or no more (any phone may drop
        another's: "score anyway")."""
        pad = self.pad
        sent = await self.sent(request, "{board, placing, phone}")
        call = sent if isinstance(sent, Json) else placing_call(pad, sent)
        if isinstance(call, Json | str):
            return refusal(call) if isinstance(call, str) else call
        reply = await under_lock(pad, call[0], *call[1])
        return Json({**phones_reply(pad, reply), "version": reply.version}, reply.code)

    async def part(self, request: Request) -> Response:
        """A player's part pasted (``{text}``; SPEC section 9): each answer through the pad's
        compare-and-set, as the app's holder applies a scanned one."""
        pad = self.pad
        sent = await self.sent(request, "{text}")
        call = sent if isinstance(sent, Json) else part_call(pad, sent)
        if isinstance(call, Json | str):
            return refusal(call) if isinstance(call, str) else call
        reply = await run_in_threadpool(call[0], *call[1])
        return Json({**phones_reply(pad, reply), "version": reply.version}, reply.code,
                    background=BackgroundTask(pad.settle))

    async def result(self, request: Request) -> Response:
        if self.serving.page is None:
            return PlainTextResponse("The table is not scored yet", 409)
        self.serving.served += 1
        return HTMLResponse(self.serving.page)

    async def events(self, request: Request) -> Response:
        phone = request.query_params.get("phone", "")[:PHONE_MOST]
        return StreamingResponse(stream(self.serving, phone), media_type="text/event-stream")

    @staticmethod
    def static(name: str, kind: str) -> Callable[[Request], Awaitable[Response]]:
        async def served(request: Request) -> Response:
            return Response(static(name), media_type=kind)

        return served


async def read_json(request: Request, shape: str, empty: bytes = b"") -> Any:
    """A request's body as JSON, or the refusal a phone gets (``Json``): too large, cut short, not
    JSON (or not UTF-8), or nested past Python's depth; ``empty``: what an empty body means."""
    try:
        return json.loads(await body_of(request) or empty)
    except TooLarge:
        return refusal(TOO_LARGE, 413)
    except ClientDisconnect:
        return refusal("the phone went away before its request came whole")
    except (ValueError, RecursionError):
        return refusal(f"not understood: send JSON {shape}")


async def under_lock(pad: Pad, work: Callable[..., Reply], *args: Any) -> Reply:
    """``work`` under the pad's lock: on the event loop when the lock is free (an answer takes about a
    millisecond, FILE written; the hop to a worker thread cost a quarter of that again,
    bench/web.py), in a worker thread when the terminal holds it (Enter scoring the table), so the
    loop never waits on it."""
    if pad.lock.acquire(blocking=False):
        try:
            return work(*args)
        finally:
            pad.lock.release()
    return await run_in_threadpool(work, *args)


async def refuse_foreign(request: Request, origin: str) -> Response | None:
    """An answer is JSON from the pad's own page: another origin, or a form, is refused."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return refusal("send JSON", 415)
    sent_from = request.headers.get("origin")
    if sent_from is not None and sent_from != origin:
        return refusal("not from this pad", 403)
    return None


async def stream(serving: Serving, phone: str) -> AsyncIterator[str]:
    """Server-sent events: the table's version whenever it changes, and ``scored`` at the end.
    ``phone``: who listens (its "placing a tile" flag lasts while one of its streams is open)."""
    pad = serving.pad
    seen: tuple[int, bool] = (-1, False)
    serving.streams += 1
    pad.opened(phone)
    try:
        yield "retry: 500\n\n"  # a phone whose stream broke is back within half a second
        async for event in events(serving, pad, seen):
            yield event
    finally:
        serving.streams -= 1
        pad.closed(phone)


async def events(serving: Serving, pad: Pad, seen: tuple[int, bool]) -> AsyncIterator[str]:
    quiet = 0.0
    while not serving.closing:
        if pad.placing and pad.lock.acquire(blocking=False):  # a gone phone's tile dropped in time
            try:
                pad.expire()
            finally:
                pad.lock.release()
        now = (pad.version, serving.page is not None)  # the page comes just after the last version
        if now != seen:
            seen = now
            yield f"data: {json.dumps({'version': now[0], 'scored': now[1]})}\n\n"
            quiet = 0.0
            if now[1]:
                serving.told += 1
                return
        await asyncio.sleep(TICK)
        quiet += TICK
        if quiet >= KEEP_ALIVE:
            yield ": still here\n\n"
            quiet = 0.0
