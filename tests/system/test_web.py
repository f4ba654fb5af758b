"""``scorecalc tally GAME FILE --web``: the HTTP contract of SPEC section 8 ("Who gets in",
"Several phones at once", "The end") against a real server in a process of its own on
127.0.0.1, talked to with ``urllib``; and the web stack left out of every other command."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from scorecalc.errors import UsageError, path_text
from scorecalc.web.addresses import parse_place
from scorecalc.web.serve import choose, parse_bind
from tests.helpers import EXAMPLES, first_quick, run_scorecalc, spawn_scorecalc, timeout
from tests.support.web_pad import Served

POLICY = ("default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def pad(tmp_path: Path) -> Iterator[Served]:
    served = Served("galapagos", tmp_path / "tonight.yaml")
    yield served
    served.stop()


def saved(current: str | None) -> dict[str, object]:
    return {"status": "saved", "message": "", "current": current, "warnings": []}


def names(pad: Served, *players: str) -> None:
    for i, name in enumerate(players):
        assert pad.answer(f"players[{i}].name", name) == (200, saved(name))


@pytest.mark.slow
@pytest.mark.parametrize("args", first_quick(
    ("galapagos", str(EXAMPLES / "galapagos" / "decided-by-money.yaml")), ("--help",), ("tally", "--help")))
def test_other_commands_do_not_import_the_web_stack(args: tuple[str, ...]) -> None:
    done = run_scorecalc(*args, python=("-X", "importtime"))
    assert done.returncode == 0, done.stderr
    loaded = {line.rsplit("|", 1)[1].strip().split(".")[0]
              for line in done.stderr.splitlines() if "|" in line}
    stack = {"starlette", "uvicorn", "anyio", "h11", "httptools", "uvloop"}
    assert not loaded & stack, loaded & stack
    assert "scorecalc" in loaded


def test_places_and_bind_addresses_read_as_written() -> None:
    assert path_text(("players", 2, "money")) == "players[2].money"
    assert parse_place("players[2].money") == ("players", 2, "money")
    assert parse_place("players[0].grid.row3") == ("players", 0, "grid", "row3")
    for bad in ("", ".x", "players[", "a b", "x" * 300, "players[2]]"):
        assert parse_place(bad) is None
    assert parse_bind(None) == (None, 0)
    assert parse_bind("0.0.0.0") == ("0.0.0.0", 0)
    assert parse_bind("192.168.1.20:8000") == ("192.168.1.20", 8000)
    assert parse_bind("[::1]:8000") == ("::1", 8000)
    assert parse_bind("[::1]") == ("::1", 0)
    for bad in ("::1", "host.example:80", "1.2.3.4:0", "1.2.3.4:99999", "[::1]x"):
        with pytest.raises(UsageError):
            parse_bind(bad)


def test_the_pads_connections_send_replies_at_once() -> None:
    """A reply's headers and body leave without waiting for the phone's ACK: the listening socket
    names TCP, so asyncio sets TCP_NODELAY on every connection it accepts. Without it each answer
    waits on the phone's delayed ACK (bench/RESULTS.md, `python bench/web.py`)."""
    address, sock = choose("127.0.0.1")
    nodelay: list[int] = []

    async def main() -> None:
        accepted = asyncio.Event()

        class Seen(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                nodelay.append(transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP,
                                                                             socket.TCP_NODELAY))
                accepted.set()

        server = await asyncio.get_running_loop().create_server(Seen, sock=sock)
        _, writer = await asyncio.open_connection("127.0.0.1", address.port)
        await asyncio.wait_for(accepted.wait(), timeout(10))
        writer.close()
        server.close()

    try:
        asyncio.run(main())
    finally:
        sock.close()
    assert nodelay == [1]


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_who_gets_in(pad: Served) -> None:
    code, headers, body = pad.request()
    assert code == 200 and b"<form" not in body and b'id="form"' in body
    assert headers["content-security-policy"] == POLICY and headers["referrer-policy"] == "no-referrer"
    assert "access-control-allow-origin" not in {name.lower() for name in headers}
    root = f"http://{pad.host}/"
    wrong = pad.url.replace(pad.token, pad.token[:-1] + ("A" if pad.token[-1] != "A" else "B"))
    for url, sent in ((root, {}), (wrong, {}), (pad.url, {"Host": f"evil.example:{pad.host.split(':')[1]}"}),
                      (pad.url, {"Host": pad.host.replace("127.0.0.1", "localhost")}),
                      (pad.url + "nothing", {}), (root + "answer", {})):
        code, headers, body = pad.request(url=url, headers=sent)
        assert code == 404, url
        assert pad.token.encode() not in body and b"galapagos" not in body.lower()
        assert headers["content-security-policy"] == POLICY and headers["referrer-policy"] == "no-referrer"
    assert len(pad.token) >= 22  # 16 bytes of secrets.token_urlsafe: 128 bits
    parts = ("", "idiomorph.js", "morph.js", "pad.js", "board.js", "pad.css")
    first_load = sum(len(pad.request(part)[2]) for part in parts)
    assert first_load <= 150_000


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_bodies_are_bounded_and_answers_are_json_from_the_pad(pad: Served) -> None:
    big = json.dumps({"place": "players[0].name", "seen": None, "value": "x" * 70_000}).encode()
    assert pad.request("answer", big, JSON)[0] == 413
    form = b"place=players%5B0%5D.name&value=Ana"
    assert pad.request("answer", form, {"Content-Type": "application/x-www-form-urlencoded"})[0] == 415
    assert pad.request("answer", b'{"place": "players[0].name", "seen": null, "value": "Ana"}',
                       {**JSON, "Origin": "http://evil.example"})[0] == 403
    assert pad.request("answer", b"[1, 2]", JSON)[0] == 400
    assert pad.request("answer", b"not json", JSON)[0] == 400
    assert pad.request("answer", method="GET")[0] == 405
    assert not pad.file.exists()  # nothing refused was written


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_answers_saved_before_the_reply_stale_refused_and_resends_saved_once(pad: Served) -> None:
    names(pad, "Anna", "Ben")
    code, reply = pad.answer("players[0].money", "2,300")
    assert (code, reply["status"], reply["current"]) == (200, "saved", "2300")
    assert yaml.safe_load(pad.file.read_text())["players"][0]["money"] == 2300  # in FILE when "saved"
    again = pad.file.read_bytes()
    assert pad.answer("players[0].money", "2,300") == (200, saved("2300"))
    assert pad.file.read_bytes() == again  # a resend changes nothing twice
    code, reply = pad.answer("players[0].money", "2500", seen=None)  # this phone never saw 2300
    assert (code, reply["status"], reply["current"]) == (409, "stale", "2300")
    assert yaml.safe_load(pad.file.read_text())["players"][0]["money"] == 2300
    code, reply = pad.answer("players[0].money", "2500", seen="2300")
    assert (code, reply["status"]) == (200, "saved")
    code, reply = pad.answer("players[1].money", "2350")
    assert code == 422 and reply["message"].startswith("£2,350 is not a multiple of £100")
    code, reply = pad.answer("players[1].name", "anna", seen="Ben")
    assert code == 422 and "already called 'Anna'" in reply["message"]
    assert pad.answer("players[7].money", "100")[0] == 404
    data = yaml.safe_load(pad.file.read_text())
    assert data["players"][0]["money"] == 2500 and "tally" in data
    assert "Anna's money: 2500" in "".join(pad.said) or pad.wait_for(re.compile("Anna's money: 2500"))


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_the_end_writes_the_table_prints_the_score_and_exits(pad: Served) -> None:
    names(pad, "Anna", "Ben")
    assert pad.score()[0] == 422  # not yet: the players' figures are missing
    for i, (exhibition, education, money) in enumerate([(41, 17, 2300), (35, 12, 1900)]):
        for field, value in (("exhibition", exhibition), ("education", education), ("money", money)):
            assert pad.answer(f"players[{i}].{field}", str(value))[0] == 200
    assert b'id="score"' in pad.request("form")[2]
    started = time.monotonic()
    assert pad.score() == (200, saved(None))
    code, _, page = pad.request("result")
    assert code == 200 and b"Anna" in page and b"Winner" in page
    assert b"tonight.yaml" in page and str(pad.file.parent).encode() not in page  # FILE by its own name
    code, out, said = pad.finish()
    assert code == 0, said
    assert time.monotonic() - started < timeout(8)
    assert "Winner: Anna" in out
    data = yaml.safe_load(pad.file.read_text())
    assert "tally" not in data and data["players"][1]["money"] == 1900
    assert run_scorecalc("galapagos", str(pad.file)).returncode == 0


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_ctrl_c_exits_130_and_the_same_command_serves_the_answers_again(tmp_path: Path) -> None:
    file = tmp_path / "tonight.yaml"
    first = Served("galapagos", file)
    try:
        names(first, "Anna", "Ben")
        assert first.answer("players[0].money", "2300")[0] == 200
        first.process.send_signal(signal.SIGINT)
        code, _, said = first.finish()
    finally:
        first.stop()
    assert code == 130, said
    assert "keeps every answer" in said
    assert "run 'scorecalc tally galapagos tonight.yaml --web --bind 127.0.0.1' to go on" in said \
        or f"run 'scorecalc tally galapagos {file} --web --bind 127.0.0.1' to go on" in said  # as given
    second = Served("galapagos", file)
    try:
        page = second.request()[2].decode()
        assert 'value="Anna"' in page and 'value="2300"' in page
        assert second.token != first.token  # a new token for every run
    finally:
        second.stop()


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_a_second_pad_on_one_file_is_refused(pad: Served, tmp_path: Path) -> None:
    names(pad, "Anna")
    done = run_scorecalc("tally", "galapagos", str(pad.file), "--web", "--bind", "127.0.0.1",
                         input="", seconds=60)
    assert done.returncode == 2 and "another 'scorecalc tally' is writing this file" in done.stderr


CARACAS_TRUTH = """\
game: caracas
players:
  - name: Alex
    grid: |
      JuJa~ES  JuSlSo~NESW  JuHo~SW  SaAt
      JuKi~NE  SwPiGu~NESW  SwAn~NW  SaIb
  - name: Bea
    landscape: {biggest_jungle: 6, savannah_areas: 4, swamp_areas: 2, forks: 3}
"""


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_a_caracas_table_by_board_rows(tmp_path: Path) -> None:
    pad = Served("caracas", tmp_path / "tonight.yaml")
    try:
        names(pad, "Alex", "Bea")
        assert pad.answer("players[0].grid.row1", "juja~es JuSlSo~NESW JuHo~SW SaAt")[1]["status"] == "saved"
        page = pad.request("form")[2].decode()
        assert "Alex&#39;s board row 2" in page and 'class="drawing"' in page and "SEA" in page
        assert pad.answer("players[0].grid.row2", "JuKi~NE SwPiGu~NESW SwAn~NW .")[1]["status"] == "saved"
        code, reply = pad.answer("players[0].grid.row2", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb",
                                 seen="JuKi~NE SwPiGu~NESW SwAn~NW .")  # a square changed on the board
        assert (code, reply["status"]) == (200, "saved")
        code, reply = pad.answer("players[0].grid.row3", "Xx")
        assert code == 422 and "a row has 4" in reply["message"]
        assert pad.answer("players[0].grid", "done", seen="open")[1]["status"] == "saved"
        assert pad.answer("players[1].grid.row1", "6 4 2 3")[1]["status"] == "saved"
        shown = pad.request("form")[2].decode()
        assert "Bea&#39;s board: comparison only" in shown  # her figures, each a field of its own
        assert 'data-place="players[1].landscape.savannah_areas" data-seen="4"' in shown
        code, reply = pad.score()  # Alex's 8 tiles of the 17 each places: shown first
        assert (code, reply["status"]) == (200, "warned") and "Alex has 8 tiles" in reply["warnings"][0]
        assert pad.score(anyway=True)[0] == 200
        page = pad.request("result")[2]
        assert b'<svg class="board"' in page  # Alex's board drawn on the phones' score page
        code, out, said = pad.finish()
        assert code == 0, said
        assert "Winner" in out
    finally:
        pad.stop()
    truth = tmp_path / "truth.yaml"
    truth.write_text(CARACAS_TRUTH, encoding="utf-8")
    written = yaml.safe_load(pad.file.read_text(encoding="utf-8"))
    expected = yaml.safe_load(CARACAS_TRUTH)
    assert [row.split() for row in written["players"][0]["grid"].splitlines() if not row.startswith("#")] == \
        [row.split() for row in expected["players"][0]["grid"].splitlines()]
    assert written["players"][1] == expected["players"][1]
    first = json.loads(run_scorecalc("caracas", str(pad.file), "--format", "json").stdout)
    second = json.loads(run_scorecalc("caracas", str(truth), "--format", "json").stdout)
    assert first["players"] == second["players"] and first["winners"] == second["winners"]


@pytest.mark.slow  # a pad server in a process of its own (in-process: commands/test_web_http.py)
def test_enter_at_the_terminal_scores_too(tmp_path: Path) -> None:
    import urllib.request

    child = spawn_scorecalc("tally", "galapagos", "tonight.yaml", "--web", "--bind", "127.0.0.1",
                            cwd=tmp_path)
    try:
        child.expect(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/")
        url = child.after
        for place, value in (("players[0].name", "Anna"), ("players[0].exhibition", "41"),
                             ("players[0].education", "17"), ("players[0].money", "2300")):
            body = json.dumps({"place": place, "seen": None, "value": value}).encode()
            request = urllib.request.Request(url + "answer", body, JSON)
            with urllib.request.urlopen(request, timeout=timeout(20)) as response:
                assert json.loads(response.read())["status"] == "saved"
        child.expect("or Enter here")
        child.sendline("")
        child.expect("Anna")
        child.expect("Winner:")
        child.expect(pexpect_eof())
        child.close()
        assert child.exitstatus == 0
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert "tally" not in yaml.safe_load((tmp_path / "tonight.yaml").read_text())


def pexpect_eof() -> object:
    import pexpect

    return pexpect.EOF


@pytest.mark.slow  # a long check: the full suite runs it, not the quick loop
def test_the_pad_draws_a_board_in_the_html_formats_colours() -> None:
    """One copy of the board drawing's rules (output/templates/board.css.j2): the html format
    includes it, and so does the pad's style (web/templates/pad.css.j2), said of its drawing."""
    from importlib import resources

    from scorecalc.web.pages import static

    shared = resources.files("scorecalc.output").joinpath("templates", "board.css.j2").read_text()
    own = resources.files("scorecalc.web").joinpath("templates", "pad.css.j2").read_text()
    served = static("pad.css").decode()
    assert "{{ board }} .land-jungle { fill: #7fcdb0; }" in shared
    assert "svg.sketch .land-jungle { fill: #7fcdb0; }" in served
    assert ".land-jungle" not in own  # not a second copy
    page = run_scorecalc("caracas", str(EXAMPLES / "caracas" / "rulebook-alex.yaml"), "--format", "html")
    assert "svg.board .land-jungle { fill: #7fcdb0; }" in page.stdout
