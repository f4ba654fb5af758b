"""The pad's protocol, the same under both transports: every request a phone's page makes of the
pad (its form, an answer, "Score it", a tile half built, a part pasted, the score page) goes
through ``dispatch``, which the server's routes (``app.py``, over HTTP) and the app's worker
(``local.py``, in the phone's browser) both call. The route table, the bodies' JSON and shape
checks, and the refusals live here once; the server keeps only what HTTP needs (who gets in,
bodies streamed, the event stream).

A refusal is raised as ``Refused`` wherever it is found and answered in one place
(``refusal``). An answer's reply carries what the answering phone shows next (SPEC section 8,
"Several phones at once"): the fresh form when anything beyond its own field changed, or nothing
beyond the table's version when only that field did, so that phone makes no second request.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from . import shallow
from .pad import Pad
from .pages import form_html, phones_reply, score_page
from .reply import Refused, Reply, Status
from .views import FieldView, View

PHONE_MOST = 64
"""The longest phone id taken (a page makes 16 characters)."""
JSON_TYPE = "application/json"


@dataclass(frozen=True)
class Response:
    """A request's answer, whatever carries it: its HTTP code, its media type and its text."""

    code: int
    type: str
    body: str


class Served:
    """A pad as its phones reach it: the pad, and the score page once the table is scored."""

    def __init__(self, pad: Pad) -> None:
        self.pad = pad
        self.page: str | None = None

    def score(self, anyway: bool = False) -> Reply:
        return self.scored(self.pad.score(anyway))

    def enter(self) -> Reply:
        """Enter at the pad's terminal (a second Enter drops a phone's half-built tile, or scores
        past the warnings the first one showed)."""
        return self.scored(self.pad.enter())

    def scored(self, reply: Reply) -> Reply:
        if reply.status is Status.SAVED and self.pad.scored and self.page is None:
            self.page = score_page(self.pad)
            self.pad.wake()  # the page comes just after the last version: the streams say "scored"
        return reply


def dispatch(served: Served, method: str, route: str, body: str | bytes = "") -> Response:
    """One request of a phone's page: ``GET form`` or ``result``, ``POST answer``, ``score``,
    ``placing`` or ``part`` (with its JSON body), answered as ``Response``; anything else 404.
    A refusal, wherever raised, is answered by ``refusal``."""
    pad = served.pad
    try:
        if method == "GET" and route == "form":
            return Response(200, "text/html", form_html(pad.view_now()))
        if method == "GET" and route == "result":
            if served.page is None:
                return Response(409, "text/plain", "The table is not scored yet")
            return Response(200, "text/html", served.page)
        taking = POSTED.get(route) if method == "POST" else None
        if taking is None:
            return Response(404, "text/plain", "Not Found")
        shape, work = taking
        return work(served, read_json(body, shape, empty="{}" if route == "score" else ""))
    except Refused as error:
        return refusal(pad, error)


def refusal(pad: Pad, error: Refused) -> Response:
    """The one place a refusal becomes what a phone reads."""
    return replied(pad, error.reply(pad.version))


def replied(pad: Pad, reply: Reply, form: str | None = None) -> Response:
    """A reply as JSON in ASCII (any text quoted in it, a phone's lone surrogate included,
    encodes), with the table's version, and the form the phone shows next when it has one."""
    sent = {**phones_reply(pad, reply), "version": reply.version}
    if form is not None:
        sent["form"] = form
    return Response(reply.code, JSON_TYPE, as_json(sent))


def as_json(sent: Any) -> str:
    return json.dumps(sent, ensure_ascii=True, allow_nan=False, separators=(",", ":"))


def read_json(body: str | bytes, shape: str, empty: str = "") -> Any:
    """A request's body as JSON; refused when it is not JSON (or not UTF-8), or nested deeper than
    any request (``shallow.loads``). ``empty``: what an empty body means."""
    try:
        return shallow.loads(body or empty)
    except ValueError:
        raise Refused(400, f"not understood: send JSON {shape}") from None


# --- what each request asks ----------------------------------------------------------------------

def answer(served: Served, sent: Any) -> Response:
    """``POST answer``: ``{place, seen, value}`` (``remove: true`` takes the list entry at
    ``place`` away; ``at``: the version of the form the phone shows, when it wants what it shows
    next in the reply)."""
    if not (isinstance(sent, dict) and isinstance(sent.get("place"), str)
            and isinstance(sent.get("value"), str)
            and (sent.get("seen") is None or isinstance(sent.get("seen"), str))
            and isinstance(sent.get("remove", False), bool)
            and (sent.get("at") is None or type(sent.get("at")) is int)):
        raise Refused(400, "not an answer: send JSON {place, seen, value}")
    pad = served.pad
    at: int | None = sent.get("at")
    with pad.lock:
        before = pad.view_now() if at is not None and at == pad.version else None
        if sent.get("remove") is True:  # a list's last entry taken away
            reply = pad.remove(sent["place"], sent.get("seen"))
        else:
            reply = pad.answer(sent["place"], sent.get("seen"), sent["value"])
        form = next_form(pad, reply, sent["place"], at, before)
    return replied(pad, reply, form)


def next_form(pad: Pad, reply: Reply, place: str, at: int | None, before: View | None) -> str | None:
    """What the answering phone shows next, its form at version ``at`` (``None``: it did not
    say): nothing when its form is the table's now, or when the answer changed only its own
    field (its page shows that already); else the fresh form, the same a ``GET form`` draws."""
    if at is None or at == reply.version:
        return None
    after = pad.view_now()
    if before is not None and reply.version == at + 1 and without(before, place) == without(after, place):
        return None
    return form_html(after)


def without(view: View, place: str) -> View:
    """``view`` with the field at ``place`` left blank, and no version: two views equal so differ
    at most in what that field shows."""
    sections = [replace(section, fields=[blank(field) if field.place == place else field
                                         for field in section.fields])
                if any(field.place == place for field in section.fields) else section
                for section in view.sections]
    return replace(view, sections=sections, version=0)


def blank(field: FieldView) -> FieldView:
    return replace(field, value="", answered=False, placeholder="")


def score(served: Served, sent: Any) -> Response:
    """``POST score``: ``{anyway}`` (``{}``: not anyway)."""
    if not isinstance(sent, dict) or not isinstance(sent.get("anyway", False), bool):
        raise Refused(400, "send JSON {anyway: true|false}")
    return replied(served.pad, served.score(bool(sent.get("anyway", False))))


def placing(served: Served, sent: Any) -> Response:
    """``POST placing``: ``{board, placing, phone}`` (a phone's tile editor holds an unplaced tile
    on a board, or no more; any phone may drop another's)."""
    if not (isinstance(sent, dict) and isinstance(sent.get("board"), str)
            and isinstance(sent.get("placing"), bool) and isinstance(sent.get("phone", ""), str)
            and len(sent.get("phone", "")) <= PHONE_MOST):
        raise Refused(400, "send JSON {board, placing, phone}")
    return replied(served.pad, served.pad.place(sent.get("phone", ""), sent["board"], sent["placing"]))


def part(served: Served, sent: Any) -> Response:
    """``POST part``: ``{text}``, a player's part as her phone shows it ("Send my part"), pasted,
    each answer through the pad's compare-and-set (``parts.take_text``); a part made for a table
    other than this pad's (``Pad.ident``) refused, whatever ``table`` the phone sends."""
    from .parts import take_text

    if not (isinstance(sent, dict) and isinstance(sent.get("text"), str)):
        raise Refused(400, "send JSON {text}")
    return replied(served.pad, take_text(served.pad, sent["text"], served.pad.ident))


POSTED: dict[str, tuple[str, Callable[[Served, Any], Response]]] = {
    "answer": ("{place, seen, value}", answer),
    "score": ("{anyway: true|false}", score),
    "placing": ("{board, placing, phone}", placing),
    "part": ("{text}", part),
}
"""The routes a phone POSTs to: the shape its body must have (said when it is not JSON), and
what takes it."""
