"""An answer on the pad and the view after it, over HTTP, beside a bare endpoint on the same server.

    python bench/pad_answer.py [--runs 30]

The pad (``tally --web``'s application, ``web/app.py`` ``build``) serves a 60-tile Caracas table
(4 explorers, 15 tiles each) from uvicorn on 127.0.0.1, configured as ``web/serve.py``
configures it, in a process of its own. On the same server, beside the pad's routes, a bare
Starlette endpoint reads the same JSON body and writes the same FILE text the same way (a
``Keeper`` of its own, as tally writes: FILE checked unchanged, a locked atomic replace) and
answers "saved". A phone's connection (kept open, as a browser keeps it) times, runs
interleaved:

- the floor: one POST to the bare endpoint;
- the answering phone's round trip: an explorer's name POSTed to ``answer`` with the version of
  the form the phone shows (``at``), checked against the whole table, FILE written, "saved",
  and in the same reply what the phone shows next (here the fresh form: a name changes her
  section's title and labels), one request (``web/protocol.py``);
- for comparison, as before the protocol carried the form: the answer, then ``form`` fetched;
- an answer that changes its own field alone (the table's place): "saved" and the version, no
  form (the phone's form is the table's once it shows its own answer).

Target: the answering phone's round trip at most 1.5x the floor (medians).
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAD_TARGET = 1.5
TOKEN = "bench"
NAMES = tuple(f"Explorer {number}" for number in range(10, 266))
"""A new name for every answer: a section is drawn again only when its view changed
(``pages.section_html``), so two names in turn would find both drawn already."""
PLACE = "players[3].name"


def table() -> tuple[Any, dict[str, Any]]:
    """The Caracas game and a 60-tile table as plain data."""
    from scorecalc.games import get_game

    game = get_game("caracas")
    assert game.example is not None
    data: dict[str, Any] = dict(game.example(4))
    for player in data["players"]:  # four explorers with a 15-tile board each: 60 tiles
        player.pop("landscape", None)
        player["grid"] = data["players"][0]["grid"]
    return game, data


def serve(folder: str) -> None:
    """The server's side: the pad and the floor's endpoint on one uvicorn server; prints its port."""
    import copy
    import datetime
    import socket

    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    from scorecalc.tablefile.keeping import Keeper
    from scorecalc.tablefile.layout import render
    from scorecalc.web.app import Serving, build
    from scorecalc.web.pad import Pad

    game, data = table()
    name = str(Path(folder) / "table.yaml")
    Path(name).write_text(render(game, data, None), encoding="utf-8")
    pad = Pad(game, name, datetime.datetime(2026, 12, 3, 20, 0))
    texts = {}
    for given in NAMES:  # what the pad writes for each answer: the floor writes the same
        changed = copy.deepcopy(pad.state.data)
        changed["players"][3]["name"] = given
        texts[given] = render(game, changed, pad.state.progress)
    keeper = Keeper(str(Path(folder) / "floor.yaml"))
    keeper.start()

    async def floor(request: Request) -> Response:
        sent = json.loads(await request.body())
        keeper.write(texts[sent["value"]])
        return JSONResponse({"status": "saved", "version": 0})

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    host = f"127.0.0.1:{sock.getsockname()[1]}"
    pad_app = build(Serving(pad, f"http://{host}"), TOKEN, host)
    floor_app = Starlette(routes=[Route("/floor", floor, methods=["POST"])])

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] == "/floor":
            await floor_app(scope, receive, send)
        else:
            await pad_app(scope, receive, send)

    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False, server_header=False,
                            date_header=False, ws="none")
    print(host, flush=True)
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        pad.close()
        keeper.close()


class Phone:
    """One phone's connection, kept open between requests."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.connection = http.client.HTTPConnection(host, timeout=60)
        self.headers = {"Content-Type": "application/json", "Origin": f"http://{host}"}

    def post(self, path: str, sent: dict[str, Any]) -> dict[str, Any]:
        self.connection.request("POST", path, json.dumps(sent).encode(), self.headers)
        response = self.connection.getresponse()
        reply: dict[str, Any] = json.loads(response.read())
        return reply

    def get(self, path: str) -> bytes:
        self.connection.request("GET", path)
        return self.connection.getresponse().read()


def measure(runs: int) -> dict[str, float]:
    """Median seconds of the floor and of an answer with its view, the runs interleaved."""
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, __file__, "--serve", folder], stdout=subprocess.PIPE,
                                  cwd=ROOT)
        assert server.stdout is not None
        try:
            host = server.stdout.readline().decode().strip()
            phone = Phone(host)
            deadline = time.monotonic() + 30
            while True:  # the server listens once uvicorn has started
                try:
                    phone.get(f"/{TOKEN}/form")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
                    phone = Phone(host)
            seen = "Explorer 4"
            times: dict[str, list[float]] = {"floor": [], "answer and view": [], "answer alone": [],
                                             "view alone": [], "round trip": [], "field alone": []}
            where = ""  # the table's place, as the example leaves it
            at = version_of(phone.get(f"/{TOKEN}/form"))
            for run in range(runs + 2):  # two warm-up runs
                given = NAMES[2 * run]
                sent = {"place": PLACE, "seen": seen, "value": given}
                started = time.perf_counter()
                assert phone.post("/floor", sent)["status"] == "saved"
                floor = time.perf_counter() - started
                started = time.perf_counter()
                reply = phone.post(f"/{TOKEN}/answer", {**sent, "at": at})  # what it shows next: in the reply
                trip = time.perf_counter() - started
                assert reply["status"] == "saved" and given in reply["form"], reply
                at, seen = reply["version"], given
                given = NAMES[2 * run + 1]
                sent = {"place": PLACE, "seen": seen, "value": given}
                started = time.perf_counter()
                reply = phone.post(f"/{TOKEN}/answer", sent)  # as before: the answer, then its view
                answered = time.perf_counter() - started
                view = phone.get(f"/{TOKEN}/form")
                both = time.perf_counter() - started
                assert reply["status"] == "saved", reply
                assert given.encode() in view
                started = time.perf_counter()
                phone.get(f"/{TOKEN}/form")  # the same view again: nothing to review
                again = time.perf_counter() - started
                at, seen = version_of(view), given
                started = time.perf_counter()  # an answer that changes its own field alone
                reply = phone.post(f"/{TOKEN}/answer", {"place": "location", "seen": where,
                                                        "value": f"Table {run}", "at": at})
                alone = time.perf_counter() - started
                assert reply["status"] == "saved" and "form" not in reply, reply
                at, where = reply["version"], f"Table {run}"
                if run >= 2:
                    times["field alone"].append(alone)
                    times["floor"].append(floor)
                    times["round trip"].append(trip)
                    times["answer and view"].append(both)
                    times["answer alone"].append(answered)
                    times["view alone"].append(again)
            phone.connection.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    return {what: statistics.median(values) for what, values in times.items()}


def version_of(form: bytes) -> int:
    """The version a form was drawn at (its ``data-version``)."""
    found = re.search(rb'data-version="(\d+)"', form)
    assert found is not None
    return int(found.group(1))


def parts(runs: int) -> dict[str, float]:
    """The same answers in this process, no HTTP, as the reply that carries the form takes them:
    the pad's answer (FILE written), the review, the view's model (``Pad.view``), its page (the
    Jinja form, each section drawn again only when it changed) and the reply's JSON: median
    seconds."""
    import datetime

    from scorecalc.tablefile.layout import render
    from scorecalc.web.pad import Pad
    from scorecalc.web.pages import form_html
    from scorecalc.web.protocol import as_json

    game, data = table()
    times: dict[str, list[float]] = {"answer": [], "review": [], "view": [], "page": [], "json": []}
    with tempfile.TemporaryDirectory() as folder:
        name = str(Path(folder) / "table.yaml")
        Path(name).write_text(render(game, data, None), encoding="utf-8")
        pad = Pad(game, name, datetime.datetime(2026, 12, 3, 20, 0))
        seen = "Explorer 4"
        try:
            for run in range(runs + 2):
                given = NAMES[run]
                started = time.perf_counter()
                assert pad.answer(PLACE, seen, given).status == "saved"
                answered = time.perf_counter()
                pad.settle()
                reviewed = time.perf_counter()
                view = pad.view()
                viewed = time.perf_counter()
                page = form_html(view)
                drawn = time.perf_counter()
                as_json({"status": "saved", "version": view.version, "form": page})
                encoded = time.perf_counter()
                seen = given
                if run >= 2:
                    times["answer"].append(answered - started)
                    times["review"].append(reviewed - answered)
                    times["view"].append(viewed - reviewed)
                    times["page"].append(drawn - viewed)
                    times["json"].append(encoded - drawn)
        finally:
            pad.close()
    return {what: statistics.median(values) for what, values in times.items()}


def bench_pad(runs: int) -> list[tuple[str, float, float]]:
    runs = min(max(runs, 10), len(NAMES) // 2 - 2)
    medians = measure(runs)
    inside = parts(runs)
    floor = medians["floor"]
    ratio = medians["round trip"] / floor
    print("\npad: the answering phone's round trip over HTTP, 60-tile Caracas table (medians):")
    print(f"  floor: a bare endpoint writing the same FILE  {floor * 1000:7.2f} ms")
    for what, label in (("answer alone", "as before: the answer (no form in it)"),
                        ("view alone", "as before: the view again (nothing to review)"),
                        ("answer and view", "as before: the answer, then GET form")):
        print(f"  {label:<46}{medians[what] * 1000:7.2f} ms  ({medians[what] / floor:.2f}x; no target)")
    verdict = "holds" if ratio <= PAD_TARGET else "MISSED"
    print(f"  the answer, the form it shows next in its reply {medians['round trip'] * 1000:7.2f} ms  "
          f"{ratio:5.2f}x the floor (target <= {PAD_TARGET} x: {verdict})")
    print(f"  an answer that changes its field alone (the place; nothing more in the reply) "
          f"{medians['field alone'] * 1000:7.2f} ms  {medians['field alone'] / floor:5.2f}x the floor")
    print("  its parts in-process (no HTTP): " + ", ".join(
        f"{what} {seconds * 1000:.2f} ms" for what, seconds in inside.items())
        + " (answer: checked and FILE written; view: Pad.view; page: the Jinja form; json: the reply)")
    return [("pad", ratio, PAD_TARGET)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--serve", metavar="FOLDER", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve)
        return 0
    bench_pad(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
