"""``scorecalc tally GAME FILE --web``: the pad's HTTP contract (SPEC section 8, "Who gets in",
"Several phones at once", "The end") in the quick loop, in-process: the application that
``scorecalc/web/app.py``'s ``build(...)`` makes, over a real FILE, through Starlette's
``TestClient`` (``tests/support/pad_client.py``). The same contract against a real server in a
process of its own, and the phones in Chromium, are the slow tests of ``tests/system/test_web*.py``."""

from __future__ import annotations

import asyncio
import datetime
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from tests.helpers import run_cli
from tests.support.pad_client import JSON, PadClient, pad_client

POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""SPEC section 8's policy, word for word."""
SECURITY = {"content-security-policy": POLICY, "referrer-policy": "no-referrer"}
LIMIT = 64 * 1024
"""SPEC section 8: request bodies of at most 64 KB."""
NOW = datetime.datetime(2026, 12, 2, 20, 0)


@pytest.fixture
def pad(tmp_path: Path) -> Iterator[PadClient]:
    with pad_client("galapagos", tmp_path / "tonight.yaml") as client:
        yield client


def saved(current: str | None) -> dict[str, object]:
    return {"status": "saved", "message": "", "current": current, "warnings": []}


def names(pad: PadClient, *players: str) -> None:
    for i, name in enumerate(players):
        assert pad.answer(f"players[{i}].name", name) == (200, saved(name))


def secured(headers: dict[str, str]) -> bool:
    return all(headers.get(name) == value for name, value in SECURITY.items()) \
        and "access-control-allow-origin" not in headers


def test_who_gets_in_the_token_and_the_host_or_404(pad: PadClient) -> None:
    code, headers, body = pad.request()
    assert code == 200 and b'id="form"' in body and b"<form" not in body
    assert secured(headers) and headers["x-content-type-options"] == "nosniff"
    port = pad.host.split(":")[1]
    root = f"http://{pad.host}/"
    wrong = pad.url.replace(pad.token, pad.token[:-1] + ("A" if pad.token[-1] != "A" else "B"))
    for url, sent in ((root, {}), (wrong, {}), (root + pad.token, {}), (pad.url[:-1] + "x/", {}),
                      (pad.url, {"Host": f"evil.example:{port}"}), (pad.url, {"Host": f"localhost:{port}"}),
                      (pad.url, {"Host": "127.0.0.1"}), (pad.url + "nothing", {}), (root + "answer", {}),
                      (root + "pad.js", {})):
        code, headers, body = pad.request(url=url, headers=sent)
        assert code == 404, (url, sent)
        assert pad.token.encode() not in body and b"galapagos" not in body.lower(), (url, sent)
        assert secured(headers), (url, sent)
    # neither a wrong Host nor a wrong token reaches a route: nothing written, nothing said
    wrong_host = {**JSON, "Host": f"evil.example:{port}"}
    body = json.dumps({"place": "players[0].name", "seen": None, "value": "Ana"}).encode()
    assert pad.request("answer", body, wrong_host)[0] == 404
    assert pad.request(url=wrong + "answer", body=body, headers=JSON)[0] == 404
    assert not pad.file.exists() and pad.said == []


def test_a_phones_first_load_is_the_page_its_script_and_style_within_150_kb(pad: PadClient) -> None:
    page = pad.request()[2].decode()
    scripts = ["idiomorph.js", "morph.js", "pad.js", "board.js"]  # in the order they run
    assert re.findall(r'<script src="([^"]+)" defer></script>', page) == scripts
    assert 'href="pad.css"' in page and "<script>" not in page  # script only from the package
    loads = {part: pad.request(part) for part in (*scripts, "pad.css")}
    types = {part: (code, got["content-type"].split(";")[0]) for part, (code, got, _) in loads.items()}
    assert types == {**{script: (200, "text/javascript") for script in scripts}, "pad.css": (200, "text/css")}
    assert len(page.encode()) + sum(len(body) for _, _, body in loads.values()) <= 150_000


@pytest.mark.parametrize(("method", "path", "allowed"), [("GET", "answer", "POST"), ("PUT", "answer", "POST"),
                                                         ("GET", "score", "POST"), ("POST", "", "HEAD, GET"),
                                                         ("POST", "result", "HEAD, GET"),
                                                         ("DELETE", "pad.js", "HEAD, GET")])
def test_a_wrong_method_is_405(pad: PadClient, method: str, path: str, allowed: str) -> None:
    code, headers, _ = pad.request(path, b"{}" if method != "GET" else None, JSON, method=method)
    assert (code, set(headers["allow"].split(", "))) == (405, set(allowed.split(", ")))  # a set's order
    assert secured(headers)
    assert not pad.file.exists()


def answer_of(size: int) -> bytes:
    """An answer's JSON of exactly ``size`` bytes (a long value)."""
    shell = json.dumps({"place": "players[0].name", "seen": None, "value": ""}).encode()
    body = json.dumps({"place": "players[0].name", "seen": None, "value": "x" * (size - len(shell))}).encode()
    assert len(body) == size
    return body


def test_bodies_of_at_most_64_kb(pad: PadClient) -> None:
    code, headers, body = pad.request("answer", answer_of(LIMIT + 1), JSON)
    assert (code, json.loads(body)["message"]) == (413, "Request body too large (at most 64 KB)")
    assert secured(headers)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body counted as it comes
        data = answer_of(LIMIT + 1)
        for start in range(0, len(data), 4096):
            yield data[start:start + 4096]

    code, headers, body = pad.request("answer", chunks(), JSON)  # type: ignore[arg-type]
    assert (code, json.loads(body)["message"]) == (413, "Request body too large (at most 64 KB)")
    assert secured(headers)
    assert not pad.file.exists()
    code, reply = pad.answer("players[0].name", "x" * (LIMIT - 60))  # read, then refused as a name
    assert code == 422 and reply["status"] == "refused"
    code, _, body = pad.request("answer", answer_of(LIMIT), JSON)  # 64 KB exactly: read
    assert code == 422 and json.loads(body)["status"] == "refused"


def test_an_answer_is_json_from_the_pads_own_origin(pad: PadClient) -> None:
    good = b'{"place": "players[0].name", "seen": null, "value": "Ana"}'
    form = b"place=players%5B0%5D.name&value=Ana"
    refusals = [
        (pad.request("answer", form, {"Content-Type": "application/x-www-form-urlencoded"}),
         415, "send JSON"),
        (pad.request("answer", good, {"Content-Type": "text/plain"}), 415, "send JSON"),
        (pad.request("answer", good, {**JSON, "Origin": "http://evil.example"}), 403, "not from this pad"),
        (pad.request("answer", good, {**JSON, "Origin": "http://127.0.0.1:9999"}), 403, "not from this pad"),
        (pad.request("score", b"{}", {**JSON, "Origin": "http://evil.example"}), 403, "not from this pad"),
        (pad.request("answer", b"[1, 2]", JSON), 400, "not an answer: send JSON {place, seen, value}"),
        (pad.request("answer", b'{"place": 1, "seen": null, "value": "Ana"}', JSON), 400,
         "not an answer: send JSON {place, seen, value}"),
        (pad.request("answer", b'{"place": "players[0].name", "seen": 3, "value": "Ana"}', JSON), 400,
         "not an answer: send JSON {place, seen, value}"),
        (pad.request("answer", b"not json", JSON), 400, "not understood: send JSON {place, seen, value}"),
    ]
    for (code, headers, body), want, message in refusals:
        sent = json.loads(body)
        assert (code, sent["status"], sent["message"]) == (want, "refused", message)
        assert secured(headers)
    assert not pad.file.exists() and pad.said == []  # nothing refused was written
    code, _, _ = pad.request("answer", good, {**JSON, "Origin": f"http://{pad.host}"})
    assert code == 200 and yaml.safe_load(pad.file.read_text())["players"][0]["name"] == "Ana"


def test_answers_saved_before_the_reply_stale_refused_gone_and_resends_saved_once(pad: PadClient) -> None:
    names(pad, "Anna", "Ben")
    code, reply = pad.answer("players[0].money", "2,300")
    assert (code, reply) == (200, saved("2300"))
    assert yaml.safe_load(pad.file.read_text())["players"][0]["money"] == 2300  # in FILE when "saved"
    again = pad.file.read_bytes()
    assert pad.answer("players[0].money", "2,300") == (200, saved("2300"))
    assert pad.file.read_bytes() == again  # a resend changes nothing twice
    code, reply = pad.answer("players[0].money", "2500", seen=None)  # this phone never saw 2300
    assert (code, reply) == (409, {"status": "stale", "message": "changed on another phone meanwhile",
                                   "current": "2300", "warnings": []})
    assert yaml.safe_load(pad.file.read_text())["players"][0]["money"] == 2300
    assert pad.answer("players[0].money", "2500", seen="2300") == (200, saved("2500"))
    code, reply = pad.answer("players[1].money", "2350")
    assert (code, reply["status"], reply["current"]) == (422, "refused", None)
    assert reply["message"].startswith("£2,350 is not a multiple of £100")
    code, reply = pad.answer("players[1].name", "anna", seen="Ben")
    assert code == 422 and "already called 'Anna'" in reply["message"]
    gone = "this question is not asked now (the table changed on another phone)"
    assert pad.answer("players[7].money", "100") == (404, {"status": "gone", "current": None, "warnings": [],
                                                          "message": gone})
    assert pad.answer("players[0", "100")[1]["status"] == "gone"
    data = yaml.safe_load(pad.file.read_text())
    assert data["players"][0]["money"] == 2500 and data["players"][1]["name"] == "Ben" and "tally" in data
    assert "  Anna's money: 2500 ✓" in pad.said


def test_each_reply_carries_the_tables_version_after_it(pad: PadClient) -> None:
    versions = []
    for place, value, seen in (("players[0].name", "Anna", None), ("players[0].money", "2300", None),
                               ("players[0].money", "2300", None), ("players[0].money", "99", "2300")):
        body = json.dumps({"place": place, "seen": seen, "value": value}).encode()
        versions.append(json.loads(pad.request("answer", body, JSON)[2])["version"])
    first = versions[0]
    assert versions == [first, first + 1, first + 1, first + 1]  # a resend and a refusal change nothing


def test_the_score_route_the_page_and_the_end(pad: PadClient) -> None:
    names(pad, "Anna", "Ben")
    code, reply = pad.score()
    assert (code, reply["status"]) == (422, "refused") and reply["message"]  # the figures are missing
    assert pad.request("result")[:1] == (409,)
    assert pad.request("result")[2] == b"The table is not scored yet"
    assert b'id="score"' not in pad.request("form")[2]
    for i, (exhibition, education, money) in enumerate([(41, 17, 2300), (35, 12, 1900)]):
        for field, value in (("exhibition", exhibition), ("education", education), ("money", money)):
            assert pad.answer(f"players[{i}].{field}", str(value))[0] == 200
    assert b'id="score"' in pad.request("form")[2]
    assert pad.score() == (200, saved(None))
    assert pad.score() == (200, saved(None))  # a second tap: saved, nothing again
    code, headers, page = pad.request("result")
    assert code == 200 and headers["content-type"].startswith("text/html") and secured(headers)
    text = page.decode()
    assert "Anna" in text and "Winner" in text
    assert "tonight.yaml" in text and str(pad.file.parent) not in text  # FILE by its own name
    code, reply = pad.answer("players[0].money", "100", seen="2300")
    assert (code, reply["status"], reply["message"]) == (409, "gone", "the table is scored")
    code, headers, stream = pad.request("events")  # once scored, a stream says so and ends
    assert code == 200 and headers["content-type"].startswith("text/event-stream")
    events = [json.loads(line[len("data: "):]) for line in stream.decode().splitlines()
              if line.startswith("data: ")]
    assert stream.startswith(b"retry: 500\n\n") and events == [{"version": pad.serving.pad.version,
                                                                 "scored": True}]
    data = yaml.safe_load(pad.file.read_text())
    assert "tally" not in data and data["players"][1]["money"] == 1900
    done = run_cli("galapagos", str(pad.file))
    assert done.exit_code == 0 and "Winner: Anna" in done.stdout


def test_a_caracas_board_by_rows_and_by_tiles(tmp_path: Path) -> None:
    with pad_client("caracas", tmp_path / "tonight.yaml") as pad:
        names(pad, "Alex", "Bea")
        assert pad.answer("players[0].grid.row1", "juja~es JuSlSo~NESW JuHo~SW SaAt")[1]["status"] == "saved"
        page = pad.request("form")[2].decode()
        assert "Alex&#39;s board row 2" in page and 'class="drawing"' in page and "SEA" in page
        code, reply = pad.answer("players[0].grid.row2", "Xx")
        assert code == 422 and "a row has 4" in reply["message"]
        code, reply = pad.answer("players[0].grid.r2c1", "sasn~n", seen="")  # a tile by its square
        assert (code, reply["status"], reply["current"]) == (200, "saved", "SaSn~N")
        code, reply = pad.answer("players[0].grid.r2c1", "JuJa", seen="")
        assert (code, reply["status"], reply["current"]) == (409, "stale", "SaSn~N")
        code, reply = pad.answer("players[0].grid.r2c2", "SaSn~Q", seen="")
        assert (code, reply["message"]) == (422, "the tile on ▢2: 'Q' is not a river side (N, E, S, W)")
        page = pad.request("")[2].decode()
        assert 'data-place="players[0].grid.r2c1" data-seen="SaSn~N"' in page
        code, headers, script = pad.request("board.js")
        assert code == 200 and headers["content-type"].startswith("text/javascript")
        assert b"innerHTML" not in script
        rows = yaml.safe_load(pad.file.read_text(encoding="utf-8"))["players"][0]["grid"]
        assert [row.split() for row in rows.splitlines() if not row.startswith("#")] == \
            [["JuJa~ES", "JuSlSo~NESW", "JuHo~SW", "SaAt"], ["SaSn~N", ".", ".", "."]]


def test_every_response_carries_the_policy(pad: PadClient) -> None:
    """Whatever the route or the refusal, SPEC section 8's headers are there, and no CORS one."""
    names(pad, "Anna")
    pad.request()
    pad.request("form")
    pad.request("pad.css")
    pad.request(url=f"http://{pad.host}/")
    pad.request("answer", method="GET")
    pad.request("answer", answer_of(LIMIT + 1), JSON)
    pad.request("answer", b"{}", {"Content-Type": "text/plain"})
    pad.request("answer", b"{}", {**JSON, "Origin": "http://evil.example"})
    pad.request("answer", b"[]", JSON)
    pad.answer("players[0].name", "Ana", seen=None)
    pad.answer("players[0].money", "2350")
    pad.request("result")
    assert {code for code, _ in pad.responses} == {200, 400, 403, 404, 405, 409, 413, 415, 422}
    assert [code for code, headers in pad.responses if not secured(headers)] == []


def test_an_event_stream_is_woken_by_the_change_itself_never_polled(tmp_path: Path) -> None:
    """The stream waits on the change (``Pad.commit`` wakes it, from a worker thread too): a new
    version comes at once after an answer, nothing comes while nothing changes, and the server's
    stop ends it at once."""
    from scorecalc.games import get_game
    from scorecalc.web import app
    from scorecalc.web.app import Serving, stream
    from scorecalc.web.pad import Pad

    assert not hasattr(app, "TICK")
    table = Pad(get_game("galapagos"), str(tmp_path / "t.yaml"), NOW)
    serving = Serving(table, "http://127.0.0.1:1")

    async def listen() -> None:
        loop = asyncio.get_running_loop()
        events = stream(serving, "phone-1")
        assert await anext(events) == "retry: 500\n\n"
        first = json.loads((await anext(events))[len("data: "):])
        assert first == {"version": table.version, "scored": False}
        waiting = asyncio.ensure_future(anext(events))
        await asyncio.sleep(0.3)
        assert not waiting.done()  # nothing changed: nothing said
        started = loop.time()
        reply = await asyncio.to_thread(table.answer, "players[0].name", None, "Ana")  # a worker thread
        heard = json.loads((await asyncio.wait_for(waiting, 5))[len("data: "):])
        assert heard == {"version": reply.version, "scored": False} and loop.time() - started < 0.15
        waiting = asyncio.ensure_future(anext(events))
        await asyncio.sleep(0.05)
        started = loop.time()
        serving.close()  # the server stops: the stream ends now, not at its next keep-alive
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(waiting, 5)
        assert loop.time() - started < 0.15

    try:
        asyncio.run(listen())
    finally:
        table.close()


def test_a_tile_flag_of_a_gone_phone_ends_on_time_without_polling(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from scorecalc.games import get_game
    from scorecalc.web import pad as pad_module
    from scorecalc.web.app import Serving, stream
    from scorecalc.web.pad import Pad

    monkeypatch.setattr(pad_module, "GONE", 0.3)
    table = Pad(get_game("caracas"), str(tmp_path / "t.yaml"), NOW)
    serving = Serving(table, "http://127.0.0.1:1")

    async def listen() -> None:
        for i, name in enumerate(("Alex", "Bea")):
            table.answer(f"players[{i}].name", None, name)
        other = stream(serving, "bea-phone")
        await anext(other)
        await anext(other)
        holder = stream(serving, "alex-phone")
        await anext(holder)
        await anext(holder)
        table.place("alex-phone", "players[0].grid", True)
        assert json.loads((await anext(other))[len("data: "):])["version"] == table.version
        await holder.aclose()  # Alex's page closed: her flag ends GONE seconds later
        loop = asyncio.get_running_loop()
        started = loop.time()
        ended = json.loads((await asyncio.wait_for(anext(other), 5))[len("data: "):])
        assert ended["version"] == table.version and not table.placing
        assert 0.25 <= loop.time() - started < 0.6
        await other.aclose()

    try:
        asyncio.run(listen())
    finally:
        table.close()


def test_over_http_the_answer_carries_the_form_its_phone_shows_next(pad: PadClient) -> None:
    names(pad, "Anna")
    form = pad.request("form")[2].decode()
    at = int(form.split('data-version="', 1)[1].split('"', 1)[0])
    body = json.dumps({"place": "players[1].name", "seen": None, "value": "Ben", "at": at}).encode()
    code, _, data = pad.request("answer", body, JSON)
    reply = json.loads(data)
    assert (code, reply["status"], reply["version"]) == (200, "saved", at + 1)
    assert reply["form"] == pad.request("form")[2].decode()  # the same a GET draws
    assert 'data-place="players[2].name"' in reply["form"]  # Ben's seat taken: the next one offered
    assert data.isascii()  # the form's text too, escaped in the JSON
