"""What the app (SPEC section 9) runs in the phone's browser, here on CPython as under Pyodide (this
module runs in both): the pad's routes without HTTP (``scorecalc/web/local.py``), the pad's presenter
free of Starlette, and the writer where Pyodide's ``os`` has no ``link``, ``geteuid`` or ``getegid``."""

from __future__ import annotations

import ast
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.helpers import ROOT


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    import scorecalc.web.local as local

    monkeypatch.setattr(local, "ROOT", str(tmp_path / "tables"))
    return local.Tables()


def post(table: Any, path: str, body: object) -> tuple[int, dict[str, object]]:
    reply = table.request("POST", path, json.dumps(body))
    assert reply["type"] == "application/json"
    sent: dict[str, object] = json.loads(reply["body"])
    return int(reply["code"]), sent


def test_a_table_answered_refused_stale_and_scored_through_the_apps_routes(tables: Any) -> None:
    opened = tables.start("k", "galapagos", "tonight.yaml", None, "2026-12-03T20:00:00")
    assert opened == {"ok": True, "game": "galapagos", "text": None, "ready": False, "version": 0}
    table = tables.get("k")
    assert table.text() is None  # nothing written before the first answer
    answers = {"date": "2026-11-28 20:30", "players[0].name": "Ana", "players[1].name": "Ben"}
    for place, value in answers.items():
        assert post(table, "answer", {"place": place, "seen": None, "value": value}) == \
            (200, {"status": "saved", "message": "", "current": value, "warnings": [],
                   "version": table.pad.version})
    code, sent = post(table, "answer", {"place": "players[0].money", "seen": None, "value": "lots"})
    assert (code, sent["status"]) == (422, "refused") \
        and sent["message"] == "expected an amount of money (1900, 1,900 or £1,900), found 'lots'"
    code, sent = post(table, "answer", {"place": "players[1].name", "seen": None, "value": "Bo"})
    assert (code, sent["status"], sent["current"]) == (409, "stale", "Ben")
    form = table.request("GET", "form", "")
    assert form["code"] == 200 and 'data-place="players[1].money"' in form["body"]
    assert "<header>" in table.page_body() and "tonight.yaml" in table.page_body()
    assert table.request("GET", "result", "")["code"] == 409
    for player, (exhibition, money) in enumerate([(41, 2300), (35, 1900)]):
        for key, value in (("exhibition", exhibition), ("education", 10), ("animals", 2), ("money", money)):
            place = f"players[{player}].{key}"
            sent = post(table, "answer", {"place": place, "seen": None, "value": str(value)})[1]
            assert sent["status"] == "saved", (place, sent)
    code, sent = post(table, "score", {})
    if sent["status"] == "warned":
        code, sent = post(table, "score", {"anyway": True})
    assert (code, sent["status"]) == (200, "saved")
    result = table.request("GET", "result", "")
    assert result["code"] == 200 and result["scored"] is True
    assert "Winner" in result["body"] and "tonight.yaml" in result["body"]
    written = yaml.safe_load(table.text())
    assert [p["name"] for p in written["players"]] == ["Ana", "Ben"] and "tally" not in written
    assert table.bgstats_link().startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert table.request("GET", "nowhere", "")["code"] == 404
    assert post(table, "answer", {"place": 3})[0] == 400


def test_the_apps_routes_refuse_what_the_servers_refuse(tables: Any) -> None:
    """One reading of a request for both (``web/pages.py``): the same refusals, word for word."""
    tables.start("k", "caracas", "t.yaml", None, "2026-12-03T20:00:00")
    table = tables.get("k")
    refused = [post(table, "placing", {"board": "players[0].grid", "placing": True, "phone": "p" * 65}),
               post(table, "placing", {"board": 1, "placing": True}),
               post(table, "score", {"anyway": "yes"}),
               post(table, "answer", {"place": "date", "value": 3})]
    assert [(code, sent["message"]) for code, sent in refused] == [
        (400, "send JSON {board, placing, phone}"), (400, "send JSON {board, placing, phone}"),
        (400, "send JSON {anyway: true|false}"), (400, "not an answer: send JSON {place, seen, value}")]


def test_a_file_it_cannot_take_as_a_table_is_refused_in_the_players_words(tables: Any) -> None:
    text = "game: caracas\nplayers:\n  - name: Ana\n    tiles: [{at: ✻1, land: jungle}]\n"
    said = tables.start("k", "caracas", "alex.yaml", text)
    assert said["ok"] is False and "alex.yaml" in said["message"] and "/k/" not in said["message"]


def test_a_file_no_question_can_hold_is_refused_without_a_command_to_run(tables: Any) -> None:
    """The terminal's tally says to run it again; a phone has no command line."""
    text = "game: caracas\nplayers:\n  - name: Ana\n    tiles: [{at: ✻1, land: jungle}]\n"
    said = tables.start("k", None, "alex.yaml", text.encode())
    assert said["ok"] is False and "scorecalc" not in said["message"]
    assert said["message"].endswith("alex.yaml: the app cannot ask for it, and nothing is scored without it: "
                                    "fix it in the file, then open it again")
    assert tables.open == {}
    tagged = tables.start("k", None, "tagged.yaml", b"game: galapagos\n!!int location: Home\n")
    assert tagged["message"].endswith("tagged.yaml: fix it in the file, then open it again")
    assert "scorecalc" not in tagged["message"] and "!!int" in tagged["message"]


GAME_FORMS = ['game: "galapagos"', "game: galapagos  # tonight", "game: Galapagos"]


def test_an_import_finds_its_game_as_the_command_line_does(tables: Any, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Quoted, with a comment, capitalised, or the whole file in flow style: each scores with
    ``scorecalc score FILE`` and each opens, read by Python alone."""
    from tests.helpers import run_cli

    whole = (ROOT / "examples" / "galapagos" / "decided-by-money.yaml").read_text(encoding="utf-8")
    assert "\ngame: galapagos\n" in whole
    texts = [whole.replace("\ngame: galapagos\n", f"\n{form}\n") for form in GAME_FORMS]
    texts.append(json.dumps(yaml.safe_load(whole)))  # {game: galapagos, players: [...]}
    monkeypatch.chdir(tmp_path)
    for i, text in enumerate(texts):
        Path(f"f{i}.yaml").write_text(text, encoding="utf-8")
        assert run_cli("score", f"f{i}.yaml").exit_code == 0, text[:200]
        said = tables.start(f"k{i}", None, f"f{i}.yaml", text.encode())
        got = (said["ok"], said["game"], said["ready"], said["text"])
        assert got == (True, "galapagos", True, text), said


def test_an_import_not_utf8_is_refused_in_the_command_lines_words(tables: Any, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers import run_cli

    data = "game: galapagos\nplayers:\n  - name: Haïna\n  - name: Ivo\n".encode("latin-1")
    monkeypatch.chdir(tmp_path)
    Path("latin.yaml").write_bytes(data)
    cli = run_cli("score", "latin.yaml")
    assert cli.exit_code == 2
    said = tables.start("k", None, "latin.yaml", data)
    assert said == {"ok": False, "message": cli.stderr.strip()}
    assert said["message"] == ("latin.yaml:3:13: <document>: not valid UTF-8 text (byte 0xef) "
                               "(save the file as UTF-8)")
    assert tables.open == {} and not (tmp_path / "tables" / "k").exists()  # nothing of it kept
    for refused in (b"players: []\n", b"game: chess\n", b"game: galapagos\n\x00"):
        assert tables.start("k", None, "x.yaml", refused)["ok"] is False


def test_a_table_opened_again_never_goes_back_a_version(tables: Any) -> None:
    """Another tab kept the table meanwhile: reopened from its text, the page's pad sees it move on."""
    tables.start("k", "galapagos", "t.yaml", None, "2026-12-03T20:00:00")
    post(tables.get("k"), "answer", {"place": "players[0].name", "seen": None, "value": "Ana"})
    before = tables.get("k").pad.version
    text = tables.get("k").text()
    again = tables.start("k", "galapagos", "t.yaml", text, "2026-12-03T20:00:00")
    assert again["version"] == before + 1 and again["text"] == text


def test_an_imported_file_keeps_a_value_it_cannot_take_as_a_question(tables: Any) -> None:
    text = "game: galapagos\nplayers:\n  - name: Ana\n    money: lots\n  - name: Ben\n"
    assert tables.start("k", "galapagos", "ours.yaml", text)["ok"] is True
    form = tables.get("k").request("GET", "form", "")["body"]
    assert "lots" in form  # the file's text shown at its question


def test_scored_as_the_command_line_scores_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorecalc.web.local import score
    from tests.helpers import run_cli

    monkeypatch.chdir(tmp_path)
    text = (ROOT / "examples" / "galapagos" / "decided-by-money.yaml").read_text(encoding="utf-8")
    for format in ("json", "html", "csv"):
        got = score("shelf/tonight.yaml", text, format)
        assert got == {"code": 0, "text": run_cli("score", "shelf/tonight.yaml", "--format", format).stdout}
    bad = score("bad.yaml", "game: galapagos\nplayers: 3\n")
    assert bad["code"] == 1 and str(bad["text"]).startswith("bad.yaml:")


def test_the_presenter_the_app_imports_is_free_of_starlette() -> None:
    for name in ("local", "protocol", "pages", "pad", "forms", "lists", "views", "addresses", "reply"):
        tree = ast.parse((ROOT / "scorecalc" / "web" / f"{name}.py").read_text(encoding="utf-8"))
        nodes = list(ast.walk(tree))
        modules = {alias.name for node in nodes if isinstance(node, ast.Import) for alias in node.names}
        modules |= {node.module or "" for node in nodes if isinstance(node, ast.ImportFrom)}
        assert not {m for m in modules if m.split(".")[0] in ("starlette", "uvicorn", "anyio")}, name


def test_the_writer_without_hard_links_or_user_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide's ``os`` has no ``link``, ``geteuid``, ``getegid``: a new file and a rewrite still land."""
    from scorecalc import writing

    for name in ("link", "geteuid", "getegid"):
        if hasattr(os, name):
            monkeypatch.delattr(os, name)
    target = tmp_path / "t.yaml"
    writing.write_output(str(target), "one\n", absent=True)
    assert target.read_text(encoding="utf-8") == "one\n"
    writing.write_output(str(target), "two\n")
    assert target.read_text(encoding="utf-8") == "two\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.yaml"]
