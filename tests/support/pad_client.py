"""The pad's application in-process, for the quick loop's tests of its HTTP contract
(``tests/commands/test_web_http.py``): ``scorecalc/web/app.py``'s ``build(...)`` over a ``Pad``
on a real FILE in a temporary folder, talked to with Starlette's ``TestClient`` (no socket, no
process, no uvicorn). ``tests/support/web_pad.py``'s ``Served`` is the same contract against a
real server in a process of its own, for the slow tests."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the web stack is imported by the tests that use it, not at collection
    from starlette.testclient import TestClient

    from scorecalc.web.app import Serving

NOW = datetime.datetime(2026, 12, 2, 20, 0)
HOST = "127.0.0.1:8765"
"""The ``HOST:PORT`` the pad would print: its ``Host`` guard lets in only this one."""
TOKEN = "Q2hlY2tlZC1pbi1wcm9jZXNzLXRva2Vu"
"""A token as ``secrets.token_urlsafe(16)`` writes one (a real run draws a new one)."""
ORIGIN = f"http://{HOST}"
JSON = {"Content-Type": "application/json"}


class PadClient:
    """One pad and a client at its printed address: ``url`` (``http://HOST/TOKEN/``), ``file``,
    ``serving`` (what the routes share: the score page once scored), ``said`` (its terminal lines)."""

    def __init__(self, client: TestClient, serving: Serving, file: Path, said: list[str]) -> None:
        self.client = client
        self.serving = serving
        self.file = file
        self.said = said
        self.host = HOST
        self.token = TOKEN
        self.url = f"http://{HOST}/{TOKEN}/"
        self.responses: list[tuple[int, dict[str, str]]] = []
        """Every response's status and headers, in order."""

    def request(self, path: str = "", body: bytes | None = None, headers: Mapping[str, str] | None = None,
                method: str | None = None, url: str | None = None) -> tuple[int, dict[str, str], bytes]:
        """As ``Served.request``: ``path`` under the token (or a whole ``url``), POST when a body is
        given; the status, the headers (lower-case names) and the body."""
        method = method or ("POST" if body is not None else "GET")
        response = self.client.request(method, url or self.url + path, content=body,
                                       headers=dict(headers or {}))
        got = {name.lower(): value for name, value in response.headers.items()}
        self.responses.append((response.status_code, got))
        return response.status_code, got, response.content

    def answer(self, place: str, value: str, seen: str | None = None) -> tuple[int, dict[str, Any]]:
        """One field's answer as a phone sends it; the code and the reply, its ``version`` checked
        and taken out (the table's version after the answer)."""
        body = json.dumps({"place": place, "seen": seen, "value": value}).encode()
        code, _, data = self.request("answer", body, JSON)
        reply = json.loads(data)
        if code != 400:
            assert isinstance(reply.pop("version"), int)
        return code, reply

    def remove(self, place: str, seen: str | None) -> tuple[int, dict[str, Any]]:
        body = json.dumps({"place": place, "seen": seen, "value": "", "remove": True}).encode()
        code, _, data = self.request("answer", body, JSON)
        reply = json.loads(data)
        assert isinstance(reply.pop("version"), int)
        return code, reply

    def score(self) -> tuple[int, dict[str, Any]]:
        code, _, data = self.request("score", b"{}", JSON)
        reply = json.loads(data)
        assert isinstance(reply.pop("version"), int)
        return code, reply


@contextmanager
def pad_client(game: str, file: Path) -> Iterator[PadClient]:
    """``scorecalc tally GAME FILE --web``'s application on ``file``, in-process; closed after."""
    from starlette.testclient import TestClient

    from scorecalc.games import get_game
    from scorecalc.web.app import Serving, build
    from scorecalc.web.pad import Pad

    said: list[str] = []
    pad = Pad(get_game(game), str(file), NOW, say=said.append)
    try:
        serving = Serving(pad, ORIGIN)
        with TestClient(build(serving, TOKEN, HOST), base_url=ORIGIN) as client:
            yield PadClient(client, serving, file, said)
    finally:
        pad.close()
