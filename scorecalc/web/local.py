"""The pad's routes as the app calls them in the phone's browser (SPEC section 9): no HTTP.

The app (``app/`` in the repository, built into ``dist/app/`` by ``scripts/build_app.py``) runs
this module under Pyodide in a Web Worker. ``pad.js`` and ``board.js`` are the pad's own scripts;
the app hands them a transport that brings each request here instead of to a server: ``form``,
``answer``, ``score``, ``placing`` and ``result`` answer as ``app.py``'s routes do, with the same
pad (``pad.py``), the same checks and the same replies. A table's FILE lies in Pyodide's file
system (``/tables/KEY/NAME``); after each answer the worker keeps its text in IndexedDB, and only
then does the phone see "saved". No Starlette here: only the server imports it.
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
from typing import Any

from ..errors import FileError, InputError, UsageError, format_error
from ..games import get_game
from .pad import Pad
from .pages import answer_call, form_html, pad_html, phones_reply, placing_call, score_call, score_page
from .reply import Reply

ROOT = "/tables"
"""Where the tables' files lie in the worker's file system."""


def score(name: str, text: str, format: str = "json") -> dict[str, Any]:
    """``text`` scored as ``scorecalc score NAME --format FORMAT`` scores the file ``NAME``: the
    file written at ``NAME`` first (its name is what JSON and the page show). ``{"code", "text"}``:
    0 and the output, or 1 and the messages the command prints for bad input."""
    from ..output.formats import RenderOptions, format_named, render
    from ..pipeline import score_file
    from ..sheet import Scored

    folder = os.path.dirname(name)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(name, "w", encoding="utf-8", newline="") as file:
        file.write(text)
    try:
        scored = score_file(name)
    except (InputError, FileError) as error:
        return {"code": 1, "text": "\n".join(format_error(name, error))}
    wanted = format_named(format)
    kept = scored if wanted.pictures else Scored(scored.sheet, scored.info)
    return {"code": 0, "text": render([kept], RenderOptions(wanted, terminal=False))}


class Table:
    """One table open in the app: its pad, and its score page once scored."""

    def __init__(self, key: str, game: str, name: str, now: datetime.datetime) -> None:
        self.key = key
        self.pad = Pad(get_game(game), os.path.join(ROOT, key, name), now)
        self.page: str | None = None
        self.told = 0

    def text(self) -> str | None:
        """FILE as written now (``None`` before the first answer made it)."""
        try:
            with open(self.pad.name, encoding="utf-8", newline="") as file:
                return file.read()
        except FileNotFoundError:
            return None

    def request(self, method: str, path: str, body: str) -> dict[str, Any]:
        """One request of ``pad.js`` or ``board.js``: ``{"code", "type", "body"}`` as the server's
        route would answer it, and ``version`` and ``scored`` for the events the page listens to."""
        code, kind, text = self.route(method, path.split("?")[0], body)
        return {"code": code, "type": kind, "body": text, "version": self.pad.version,
                "scored": self.page is not None}

    def route(self, method: str, path: str, body: str) -> tuple[int, str, str]:
        pad = self.pad
        if method == "GET" and path == "form":
            return 200, "text/html", form_html(pad.view())
        if method == "GET" and path == "result":
            if self.page is None:
                return 409, "text/plain", "The table is not scored yet"
            return 200, "text/html", self.page
        if method != "POST" or path not in ("answer", "score", "placing"):
            return 404, "text/plain", "Not Found"
        try:
            sent = json.loads(body or ("{}" if path == "score" else ""))
        except (ValueError, RecursionError):
            return reply_of(pad, Reply("refused", 400, "not understood: send JSON"))
        if path == "answer":
            call = answer_call(pad, sent)
            if isinstance(call, str):
                return reply_of(pad, Reply("refused", 400, call))
            reply = call[0](*call[1])
            pad.settle()
            return reply_of(pad, reply, version=True)
        if path == "score":
            anyway = score_call(sent)
            if isinstance(anyway, str):
                return reply_of(pad, Reply("refused", 400, anyway))
            reply = pad.score(anyway)
            if reply.status == "saved" and self.page is None:
                self.page = score_page(pad)
            return reply_of(pad, reply)
        call = placing_call(pad, sent)
        if isinstance(call, str):
            return reply_of(pad, Reply("refused", 400, call))
        return reply_of(pad, call[0](*call[1]), version=True)

    def page_body(self) -> str:
        """The pad's page as the server sends it, its ``<body>`` only (the app's frame has the head)."""
        pad = self.pad
        page = pad_html(pad, pad.view())
        return page[page.index("<body>") + len("<body>"):page.rindex("</body>")]

    def bgstats_link(self) -> str:
        """The createPlay link of the scored table (SPEC section 7), for "Log it in BG Stats"."""
        from ..output.bgstats import bgstats_link
        from ..pipeline import score_file
        from ..sheet import Scored

        scored = score_file(self.pad.name, self.pad.game.name, shown=os.path.basename(self.pad.name))
        return bgstats_link(Scored(scored.sheet, scored.info))

    def close(self) -> None:
        self.pad.keeper.close()


def reply_of(pad: Pad, reply: Reply, version: bool = False) -> tuple[int, str, str]:
    sent = phones_reply(pad, reply)
    if version:
        sent["version"] = reply.version
    return reply.code, "application/json", json.dumps(sent, ensure_ascii=True, allow_nan=False,
                                                      separators=(",", ":"))


class Tables:
    """The tables open in this worker, by key (IndexedDB's key of each)."""

    def __init__(self) -> None:
        self.open: dict[str, Table] = {}

    def start(self, key: str, game: str, name: str, text: str | None, now: str = "") -> dict[str, Any]:
        """Open table ``key`` (``text``: FILE as kept, or as imported; ``None``: a new table):
        ``{"ok": true, "scored", "ready"}``, or ``{"ok": false, "message"}`` in the players' words
        (a file tally cannot read)."""
        self.stop(key)
        folder = os.path.join(ROOT, key)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        if text is not None:
            with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as file:
                file.write(text)
        when = datetime.datetime.fromisoformat(now) if now else datetime.datetime.now()
        try:
            table = Table(key, game, name, when)
        except (UsageError, InputError, FileError) as error:
            lines = format_error(name, error) if isinstance(error, (InputError, FileError)) else [str(error)]
            return {"ok": False, "message": "\n".join(line.replace(folder + "/", "") for line in lines)}
        self.open[key] = table
        return {"ok": True, "ready": table.pad.review().ready, "version": table.pad.version}

    def get(self, key: str) -> Table:
        return self.open[key]

    def stop(self, key: str) -> None:
        table = self.open.pop(key, None)
        if table is not None:
            table.close()
