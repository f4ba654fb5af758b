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
import os
import shutil
from typing import Any

from ..errors import FileError, InputError, UsageError, format_error
from ..games import get_game
from ..tablefile.reader import FIX_AND_RUN_AGAIN
from . import parts
from .pad import Pad
from .pages import body_html, phones_reply
from .protocol import Served, dispatch
from .reply import Status

ROOT = "/tables"
"""Where the tables' files lie in the worker's file system."""


def score(name: str, text: str | bytes, format: str = "json") -> dict[str, Any]:
    """``text`` scored as ``scorecalc score NAME --format FORMAT`` scores the file ``NAME``: the
    file written at ``NAME`` first (its name is what JSON and the page show; bytes as they are,
    read as the command reads them). ``{"code", "text"}``: 0 and the output, or 1 and the messages
    the command prints for bad input."""
    from ..output.formats import RenderOptions, format_named, render
    from ..pipeline import score_file
    from ..sheet import Scored

    folder = os.path.dirname(name)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(name, "wb") as file:
        file.write(text if isinstance(text, bytes) else text.encode("utf-8"))
    try:
        scored = score_file(name)
    except (InputError, FileError) as error:
        return {"code": 1, "text": "\n".join(format_error(name, error))}
    wanted = format_named(format)
    kept = scored if wanted.pictures else Scored(scored.sheet, scored.info)
    return {"code": 0, "text": render([kept], RenderOptions(wanted, terminal=False))}


class OpenTable(Served):
    """One table open in the app: its pad, and its score page once scored."""

    def __init__(self, key: str, game: str, name: str, now: datetime.datetime) -> None:
        self.ident = key.replace("-", "")[:12].upper()
        """The table's id as its code carries it (the pad's, ``Pad.ident``): a part made for another
        table is refused."""
        super().__init__(Pad(get_game(game), os.path.join(ROOT, key, name), now, ident=self.ident))
        self.key = key
        self.told = 0
        self.heard = parts.Collector()
        """The codes the camera has read so far ("Scan a part")."""

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
        """The request through the pad's protocol (``protocol.dispatch``), as the server's routes
        take it; an answer's review follows at once (the server's follows its reply)."""
        response = dispatch(self, method, path, body)
        if method == "POST" and path == "answer":
            self.pad.settle()
        return response.code, response.type, response.body

    # --- several phones, no network (SPEC section 9): parts sent as QR codes ----------------------

    def send(self, name: str, table: str) -> dict[str, Any]:
        """"Send my part": ``name``'s answers as codes (``{ok, codes, pictures, text}``), or
        ``{ok: false, message}``. ``table``: the id of the table this phone joined ("" if none)."""
        try:
            codes = parts.split(parts.part_of(self.pad, name, table))
        except (parts.PartError, ValueError) as error:
            return {"ok": False, "message": str(error)}
        return {"ok": True, "codes": codes, "pictures": parts.drawn(codes), "text": "\n".join(codes)}

    def share(self) -> dict[str, Any]:
        """"This table's code", for a phone that joins: the game, the settings, the names, the id."""
        codes = parts.split(parts.table_of(self.pad, self.ident))
        return {"ok": True, "codes": codes, "pictures": parts.drawn(codes), "text": "\n".join(codes)}

    def code(self, text: str) -> dict[str, Any]:
        """One code the camera read: ``{ok, have, count, ident}``, and once a part is whole it is
        applied (``taken``: the pad's reply; ``player``; ``whose``); ``ok`` false with a message
        for a code that is no part."""
        try:
            heard = self.heard.add(text)
            found: dict[str, Any] = {"ok": True, "ident": heard.ident, "have": heard.have,
                                     "count": heard.count}
            if heard.part is not None:
                found["player"] = heard.part.player
                reply = parts.take_parts(self.pad, [heard.part], [], self.ident)
                found["taken"] = phones_reply(self.pad, reply)
                found["whose"] = parts.whose(self.pad)
                found["version"] = self.pad.version
        except parts.PartError as error:
            return {"ok": False, "message": str(error)}
        except Exception:  # a camera reads anything: whatever a code holds, the worker answers in words
            return {"ok": False, "message": "this code could not be read: scan it again"}
        return found

    def whose(self, received: dict[str, bool] | None = None) -> dict[str, Any]:
        """Whose parts are in (``Alex ✓, Bea —``), and the record kept with the table; ``received``:
        the record as IndexedDB kept it, taken back after a reload."""
        got = parts.received(self.pad)
        if received:
            got.update({str(name): bool(whole) for name, whole in received.items()})
        return {"line": parts.whose(self.pad), "received": dict(got)}

    def join(self, text: str) -> dict[str, Any]:
        """A joining phone's new table set from the table's code: ``{ok, table, names}`` (the id its
        parts carry, the players to choose "I am …" from), or ``{ok: false, message}``."""
        try:
            part = parts.joined(text)
            refused = parts.begin(self.pad, part)
        except parts.PartError as error:
            return {"ok": False, "message": str(error)}
        if refused:
            return {"ok": False, "message": "; ".join(refused)}
        players = self.pad.state.data.get("players")
        names = [str(record["name"]) for record in players if isinstance(record, dict) and "name" in record] \
            if isinstance(players, list) else []
        return {"ok": True, "table": part.table, "names": names}

    def name_me(self, name: str) -> dict[str, Any]:
        """A phone that joins with the game and her name alone: her name as player 1's."""
        reply = self.pad.answer("players[0].name", None, name)
        self.pad.settle()
        return {"ok": reply.status is Status.SAVED, "message": reply.message}

    def page_body(self) -> str:
        """The pad's page as the server sends it, its ``<body>`` only (the app's frame has the head)."""
        return body_html(self.pad)

    def bgstats_link(self) -> str:
        """The createPlay link of the scored table (SPEC section 7), for "Log it in BG Stats"."""
        from ..output.bgstats import bgstats_link
        from ..pipeline import score_file
        from ..sheet import Scored

        scored = score_file(self.pad.name, self.pad.game.name, shown=os.path.basename(self.pad.name))
        return bgstats_link(Scored(scored.sheet, scored.info))

    def close(self) -> None:
        self.pad.keeper.close()


def refused(folder: str, lines: list[str]) -> dict[str, Any]:
    """A file the app cannot open: nothing of it left in the worker (``folder``), FILE named by its
    own name, never by where it lies in the worker; the terminal's "run tally again" in a phone's
    words."""
    shutil.rmtree(folder, ignore_errors=True)
    said = "\n".join(line.replace(folder + "/", "") for line in lines)
    return {"ok": False, "message": said.replace(FIX_AND_RUN_AGAIN, "fix it in the file, then open it again")}


class Tables:
    """The tables open in this worker, by key (IndexedDB's key of each)."""

    def __init__(self) -> None:
        self.open: dict[str, OpenTable] = {}
        self.heard = parts.Collector()
        """The codes of a table's code read so far by a phone that joins ("Scan the table's code")."""

    def hear(self, text: str) -> dict[str, Any]:
        """One code of a table's code (or the whole text pasted), read by a phone that joins:
        ``{ok, have, count}``, and once whole ``game``, ``table`` (its id), ``names`` and
        ``packed`` (for ``OpenTable.join``); ``ok`` false with a message in the players' words."""
        try:
            if "\n" not in text.strip():
                heard = self.heard.add(text)
                found: dict[str, Any] = {"ok": True, "have": heard.have, "count": heard.count}
                part, packed = heard.part, heard.packed
            else:
                part = parts.joined(text)
                packed, found = text, {"ok": True, "have": 1, "count": 1}
        except parts.PartError as error:
            return {"ok": False, "message": str(error)}
        except Exception:  # a camera reads anything: whatever a code holds, the worker answers in words
            return {"ok": False, "message": "this code could not be read: scan it again"}
        if part is None:
            return found
        if part.player is not None:
            return {"ok": False, "message": f"this is {part.player}'s part: scan it on the phone that holds "
                    "the table; here, scan the table's code"}
        names = [value for place, _, value in part.answers if place.startswith("players[")
                 and place.endswith("].name")]
        return {**found, "game": part.game, "table": part.table, "names": names, "packed": packed}

    def start(self, key: str, game: str | None, name: str, text: str | bytes | None,
              now: str = "") -> dict[str, Any]:
        """Open table ``key``: ``text`` is FILE as IndexedDB kept it (``str``), a file imported
        (``bytes``, as the picker read them) or ``None`` (a new table). An import is read as
        ``scorecalc score FILE`` reads a file (decoded as UTF-8, its game from its ``game:``,
        which must be ``game`` when given), then as tally reads a file it did not start.
        ``{"ok": true, "game", "text", "scored", "ready", "version"}`` (``text``: FILE as
        Python read it, to keep), or ``{"ok": false, "message"}``: what the command would say,
        where it says to run a command, in a phone's words. A table already open under ``key``
        is replaced, its version carried on (the page's pad never sees it go back)."""
        from ..tablefile.reader import read_source, read_table
        from ..tally.opening import Unaskable

        before = self.open[key].pad.version if key in self.open else 0
        self.stop(key)
        folder = os.path.join(ROOT, key)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        path = os.path.join(folder, name)
        if text is not None:
            with open(path, "wb") as file:
                file.write(text if isinstance(text, bytes) else text.encode("utf-8"))
        try:
            if isinstance(text, bytes):
                source = read_source(path)
                game, text = read_table(source, game)[0].name, source.text
            if game is None:
                raise UsageError(f"{name}: which game? none was given")
            table = OpenTable(key, game, name, datetime.datetime.fromisoformat(now) if now else
                          datetime.datetime.now())
        except Unaskable as error:
            them = error.them
            return refused(folder, [*error.lines, f"{name}: the app cannot ask for {them}, and nothing is "
                            f"scored without {them}: fix {them} in the file, then open it again"])
        except (InputError, FileError) as error:
            return refused(folder, format_error(name, error))
        except UsageError as error:
            return refused(folder, [str(error)])
        if before:
            table.pad.version = before + 1
        self.open[key] = table
        return {"ok": True, "game": game, "text": table.text() if text is None else text,
                "ready": table.pad.review().ready, "version": table.pad.version}

    def get(self, key: str) -> OpenTable:
        return self.open[key]

    def stop(self, key: str) -> None:
        table = self.open.pop(key, None)
        if table is not None:
            table.close()
