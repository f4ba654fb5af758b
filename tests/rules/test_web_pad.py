"""The web pad over the interview model, in-process (``scorecalc/web/pad.py``): no server, a real
FILE in a temporary folder. The HTTP contract and the browser are ``tests/system/test_web*.py``."""

from __future__ import annotations

import dataclasses
import datetime
import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.web import pad as pad_module
from scorecalc.web.pad import Pad
from scorecalc.web.pages import form_html, pad_html, static
from scorecalc.web.protocol import Served, dispatch
from scorecalc.web.reply import Reply, Status

NOW = datetime.datetime(2026, 12, 2, 20, 0)


def pad(game: str, file: Path) -> Pad:
    return Pad(get_game(game), str(file), NOW)


def saved(board: Pad, place: str, value: str, seen: str | None = None) -> None:
    reply = board.answer(place, seen, value)
    assert reply.status == "saved", (place, value, reply)


def test_a_rename_follows_the_player_to_origins_cubes(tmp_path: Path) -> None:
    table = pad("origin", tmp_path / "t.yaml")
    try:
        saved(table, "objective", "tahiti")
        saved(table, "players[0].name", "Rachel")
        saved(table, "players[1].name", "Ed")
        saved(table, "board[0].species", "Sea Lion")  # before the players' own figures: a phone may
        saved(table, "board[0].level", "2")
        saved(table, "board[0].cubes", "Rachel 2, Ed 1")
        saved(table, "players[0].name", "Rae", seen="Rachel")
        for i in (0, 1):
            saved(table, f"players[{i}].score", "10")
        assert table.review().ready, table.review()
        data = yaml.safe_load((tmp_path / "t.yaml").read_text())
        assert data["board"][0]["cubes"] == {"Rae": 2, "Ed": 1}
        assert data["players"][0]["name"] == "Rae"
    finally:
        table.close()


def test_a_whole_table_problem_is_shown_at_the_fields_that_fix_it(tmp_path: Path) -> None:
    table = pad("galapagos", tmp_path / "t.yaml")
    try:
        for i, name in enumerate(("A", "B")):
            saved(table, f"players[{i}].name", name)
        for place, value in (("exhibition", "13"), ("education", "17"), ("money", "2300")):
            saved(table, f"players[0].{place}", value)
        for place, value in (("exhibition", "35"), ("education", "12"), ("money", "1900")):
            saved(table, f"players[1].{place}", value)
        saved(table, "players[0].exhibitions[0].animals", "sea_lion, tortoise, booby")
        saved(table, "players[0].exhibitions[0].bonus", "3")
        assert not table.review().ready
        [message] = [problem.message for problem in table.review().problems]
        assert "add up to 9 points but 'exhibition' says 13" in message
        fields = {f.place: f for s in table.view().sections for f in s.fields}
        assert "add up to 9" in fields["players[0].exhibition"].problem
        assert table.score().status == "refused"
        saved(table, "players[0].exhibition", "9", seen="13")
        assert table.review().ready and table.review().problems == ()
        assert table.score().status == "saved"
        data = yaml.safe_load((tmp_path / "t.yaml").read_text())
        assert "tally" not in data and data["players"][0]["exhibition"] == 9
        assert "date" in data  # the date's default taken, as Enter takes it at the terminal
    finally:
        table.close()


def test_a_file_tally_did_not_start_is_kept_before_the_first_answer(tmp_path: Path) -> None:
    file = tmp_path / "t.yaml"
    file.write_text("# mine\ngame: galapagos\nplayers:\n  - name: A\n    exhibition: 10\n", encoding="utf-8")
    table = pad("galapagos", file)
    try:
        assert table.foreign
        saved(table, "players[0].money", "2300")
        assert (tmp_path / "t.yaml~").read_text().startswith("# mine")
        assert yaml.safe_load(file.read_text())["players"][0]["money"] == 2300
    finally:
        table.close()


def test_a_stale_answer_changes_nothing_and_a_refused_one_says_why(tmp_path: Path) -> None:
    table = pad("galapagos", tmp_path / "t.yaml")
    try:
        saved(table, "players[0].name", "A")
        saved(table, "players[0].money", "2300")
        before = (tmp_path / "t.yaml").read_bytes()
        stale = table.answer("players[0].money", "1900", "2500")
        assert (stale.status, stale.code, stale.current) == ("stale", 409, "2300")
        refused = table.answer("players[0].education", None, "26")
        assert refused.status == "refused" and refused.code == 422 and refused.message
        assert table.answer("players[0].nothing", None, "1").status == "gone"
        assert table.answer("players[", None, "1").status == "gone"
        assert (tmp_path / "t.yaml").read_bytes() == before
    finally:
        table.close()


def removal(board: Pad, place: str) -> str:
    """The mark a phone shows with the remove button at ``place`` (the entry as it saw it)."""
    [found] = [r for s in board.view().sections for r in s.removals if r.place == place]
    return found.seen


def exhibitions(folder: Path) -> list[list[str]]:
    """The first player's exhibitions' animals, as FILE holds them."""
    table = yaml.safe_load((folder / "t.yaml").read_text())
    return [e["animals"] for e in table["players"][0]["exhibitions"]]


def test_list_entries_are_removed_only_from_the_end(tmp_path: Path) -> None:
    table = pad("galapagos", tmp_path / "t.yaml")
    try:
        for i, name in enumerate(("A", "B", "C")):
            saved(table, f"players[{i}].name", name)
        saved(table, "players[0].exhibitions[0].animals", "sea_lion, tortoise, booby")
        saved(table, "players[0].exhibitions[1].animals", "booby, booby")
        removals = {r.place: r.label for s in table.view().sections for r in s.removals}
        # the last player, and A's last exhibition; neither B nor A's first exhibition
        assert removals == {"players[2]": "player 3 (C)", "players[0].exhibitions[1]": "A's exhibition 2"}
        seen = removal(table, "players[0].exhibitions[1]")
        assert table.remove("players[0].exhibitions[0]", None).status == "stale"  # not the last one
        assert table.remove("players[0].exhibitions[1]", seen).status == "saved"
        text = (tmp_path / "t.yaml").read_text()
        assert table.remove("players[0].exhibitions[1]", seen).status == "saved"  # a resend
        assert (tmp_path / "t.yaml").read_text() == text  # ... changes nothing twice
        assert exhibitions(tmp_path) == [["sea_lion", "tortoise", "booby"]]
        # the list stays open: the entry is asked again, and may be added back
        saved(table, "players[0].exhibitions[1].animals", "booby")
        assert exhibitions(tmp_path)[1] == ["booby"]
        # a removal sent after another phone changed the entry takes nothing
        seen = removal(table, "players[0].exhibitions[1]")
        saved(table, "players[0].exhibitions[1].animals", "tortoise", seen="booby")
        stale = table.remove("players[0].exhibitions[1]", seen)
        assert stale.status == "stale" and stale.current == removal(table, "players[0].exhibitions[1]")
        assert exhibitions(tmp_path)[1] == ["tortoise"]
        assert table.remove("players[2]", removal(table, "players[2]")).status == "saved"
        assert [p["name"] for p in yaml.safe_load((tmp_path / "t.yaml").read_text())["players"]] == ["A", "B"]
        # Galapagos is played by 1 to 6: the last player can go but the first cannot
        assert table.remove("players[1]", removal(table, "players[1]")).status == "saved"
        assert "players[0]" not in {r.place for s in table.view().sections for r in s.removals}
        refused = table.remove("players[0]", None)
        assert refused.status == "refused" and "needs at least 1 entry" in refused.message
    finally:
        table.close()


def test_a_removed_player_leaves_origins_cubes(tmp_path: Path) -> None:
    table = pad("origin", tmp_path / "t.yaml")
    try:
        saved(table, "objective", "tahiti")
        for i, name in enumerate(("Rachel", "Ed", "Jo")):
            saved(table, f"players[{i}].name", name)
        saved(table, "board[0].species", "Sea Lion")
        saved(table, "board[0].level", "2")
        saved(table, "board[0].cubes", "Rachel 2, Jo 1")
        assert table.remove("players[2]", removal(table, "players[2]")).status == "saved"
        data = yaml.safe_load((tmp_path / "t.yaml").read_text())
        assert data["board"][0]["cubes"] == {"Rachel": 2}
        assert [p["name"] for p in data["players"]] == ["Rachel", "Ed"]
        # Origin is played by 1 to 4 (alone, a solo game): Ed may leave too, Rachel stays
        removals = {r.place for s in table.view().sections for r in s.removals}
        assert "players[1]" in removals and "players[0]" not in removals
    finally:
        table.close()


# --- the pad's protocol (web/protocol.py): one dispatcher, one refusal, a frozen reply -----------

ANSWER = "not an answer: send JSON {place, seen, value}"


def test_json_is_read_only_when_it_nests_no_deeper_than_a_request_or_a_part() -> None:
    """Under Pyodide a deeply nested text stops the whole runtime inside ``json.loads``: the depth
    is counted first, brackets inside strings being text."""
    from scorecalc.web import shallow

    assert shallow.loads('{"a": [[["]]]]]]", "{{{"]]]}') == {"a": [[["]]]]]]", "{{{"]]]}
    assert shallow.loads("[" * shallow.DEEPEST + "]" * shallow.DEEPEST) is not None
    for deep in ["[" * (shallow.DEEPEST + 1) + "]" * (shallow.DEEPEST + 1), "[" * 100_000, b"{" * 9_999]:
        with pytest.raises(ValueError, match="nested deeper"):
            shallow.loads(deep)
    with pytest.raises(ValueError):
        shallow.loads(b"\xff[]")


@pytest.mark.parametrize(("route", "body", "code", "message"), [
    ("answer", "not json", 400, "not understood: send JSON {place, seen, value}"),
    ("answer", "[1, 2]", 400, ANSWER),
    ("answer", '{"place": 1, "seen": null, "value": "Ana"}', 400, ANSWER),
    ("answer", '{"place": "players[0].name", "seen": 3, "value": "Ana"}', 400, ANSWER),
    ("answer", '{"place": "players[0].name", "seen": null}', 400, ANSWER),
    ("answer", '{"place": "players[0].name", "seen": null, "value": "A", "remove": 1}', 400, ANSWER),
    ("answer", '{"place": "players[0].name", "seen": null, "value": "A", "at": "3"}', 400, ANSWER),
    ("answer", '{"place": "players[0].name", "seen": null, "value": "A", "at": true}', 400, ANSWER),
    ("answer", "[" * 100_000, 400, "not understood: send JSON {place, seen, value}"),
    ("score", '{"anyway": "yes"}', 400, "send JSON {anyway: true|false}"),
    ("score", "[]", 400, "send JSON {anyway: true|false}"),
    ("placing", '{"board": "players[0].grid", "placing": 1}', 400, "send JSON {board, placing, phone}"),
    ("placing", '{"board": "b", "placing": true, "phone": "' + "x" * 65 + '"}', 400,
     "send JSON {board, placing, phone}"),
    ("part", '{"text": 3}', 400, "send JSON {text}"),
    ("answer", '{"place": "players[0].education", "seen": null, "value": "26"}', 422, None),
    ("answer", '{"place": "players[7].money", "seen": null, "value": "1"}', 404,
     "this question is not asked now (the table changed on another phone)"),
])
def test_each_shape_error_is_one_refusal_through_the_one_dispatcher(
        tmp_path: Path, route: str, body: str, code: int, message: str | None) -> None:
    table = pad("galapagos", tmp_path / "t.yaml")
    try:
        saved(table, "players[0].name", "A")
        version = table.version
        response = dispatch(Served(table), "POST", route, body)
        sent = json.loads(response.body)
        assert (response.code, response.type) == (code, "application/json")
        assert sent["status"] == ("gone" if code == 404 else "refused") and sent["version"] == version
        assert sent["message"] == message if message is not None else sent["message"]
        assert response.body.isascii() and table.version == version  # nothing changed
    finally:
        table.close()


def test_a_reply_is_frozen_and_its_statuses_are_the_ones_the_page_carries(tmp_path: Path) -> None:
    reply = Reply(Status.SAVED, current="2300")
    with pytest.raises(dataclasses.FrozenInstanceError):
        reply.version = 3  # type: ignore[misc]
    assert dataclasses.replace(reply, version=3).version == 3 and reply.version == 0
    table = pad("galapagos", tmp_path / "t.yaml")
    try:
        page = pad_html(table, table.view())
        carried = re.search(r'<script type="application/json" id="statuses">(.*?)</script>', page)
        assert carried is not None
        assert json.loads(carried.group(1)) == {
            "saved": "saved", "refused": "refused", "stale": "stale", "gone": "gone", "failed": "failed",
            "warned": "warned", "placing": "placing"}
        for script in ("pad.js", "board.js"):  # the scripts compare against the page's names only
            text = static(script).decode()
            assert not re.search(r"""status\s*[!=]==?\s*["']""", text), script
            assert "STATUS.saved" in text
    finally:
        table.close()


def test_every_change_of_the_table_goes_through_commit_and_wakes_a_watcher(tmp_path: Path) -> None:
    source = inspect.getsource(pad_module)
    assert source.count("self.version += 1") == 1 and "version = " not in source.replace(
        "self.version = 0", "").replace("version=pad.version", "")
    table = Pad(get_game("caracas"), str(tmp_path / "t.yaml"), NOW)
    woken: list[int] = []
    table.watchers.append(lambda: woken.append(table.version))
    try:
        start = table.version
        saved(table, "players[0].name", "Alex")  # an answer
        saved(table, "players[0].name", "Alex", seen="Alex")  # a resend: nothing changes
        saved(table, "players[1].name", "Bea")
        table.place("phone", "players[0].grid", True)  # a flag
        table.place("phone", "players[0].grid", True)  # the same flag: nothing changes
        table.place("phone", "", False)  # dropped
        saved(table, "players[1].grid.row1", "5 4 2 3")
        assert table.remove("players[1]", removal(table, "players[1]")).status == "saved"
        assert table.version - start == 6
        assert woken == list(range(start + 1, table.version + 1))  # each change once, after it
    finally:
        table.close()


def answer_at(table: Pad, place: str, value: str, seen: str | None = None) -> dict[str, Any]:
    """An answer as a phone whose form is the table's now sends it (``at``: that form's version)."""
    body = json.dumps({"place": place, "seen": seen, "value": value, "at": table.view_now().version})
    response = dispatch(Served(table), "POST", "answer", body)
    sent: dict[str, Any] = json.loads(response.body)
    return sent


def test_the_answer_carries_the_form_when_more_than_its_field_changed(tmp_path: Path) -> None:
    table = pad("galapagos", tmp_path / "t.yaml")
    try:
        saved(table, "players[0].name", "Ana")
        seat = answer_at(table, "players[1].name", "Ben")  # a new seat, her questions, her section
        assert seat["status"] == "saved" and seat["version"] == table.version
        assert seat["form"] == dispatch(Served(table), "GET", "form").body  # the same a GET draws
        assert 'data-place="players[2].name"' in seat["form"] and "Ben" in seat["form"]
        first = answer_at(table, "players[0].money", "2300")  # no longer missing: the end changed
        assert first["status"] == "saved" and "form" in first
        assert "Ana&#39;s money: an answer is needed" not in first["form"]
        money = answer_at(table, "players[0].money", "2500", seen="2300")  # only this field changed
        assert money["status"] == "saved" and money["current"] == "2500" and "form" not in money
        assert money["version"] == first["version"] + 1
        again = answer_at(table, "players[0].money", "2500", seen="2500")  # a resend: nothing new
        assert again["version"] == money["version"] and "form" not in again
        behind = json.loads(dispatch(Served(table), "POST", "answer", json.dumps(
            {"place": "players[1].money", "seen": None, "value": "1900", "at": seat["version"]})).body)
        assert "form" in behind and 'value="2500"' in behind["form"]  # its form missed an answer
        old = json.loads(dispatch(Served(table), "POST", "answer", json.dumps(
            {"place": "players[1].exhibition", "seen": None, "value": "12"})).body)
        assert old["status"] == "saved" and "form" not in old  # a page that does not ask: as before
    finally:
        table.close()


def test_the_end_names_what_is_missing_and_offers_score_anyway_only_when_scoring_follows(
        tmp_path: Path) -> None:
    table = Pad(get_game("caracas"), str(tmp_path / "t.yaml"), NOW)
    try:
        for i, name in enumerate(("Alex", "Bea")):
            saved(table, f"players[{i}].name", name)
        saved(table, "players[0].grid.row1", "JuJa~ES JuSlSo~NESW JuHo~SW SaAt")
        saved(table, "players[1].grid.row1", "5 4 2 3")
        table.opened("alex-phone")
        table.place("alex-phone", "players[0].grid", True)
        view = table.view()  # Alex's board is not finished: dropping the tile would score nothing
        assert not view.anyway and view.waiting == ["Alex's board is not finished"]
        form = form_html(view)
        assert "drop that tile" not in form and "score anyway" not in form.lower()
        assert "Alex&#39;s board is not finished" in form and "optional ones" not in form
        assert "questions not answered" not in form
        [placing] = view.placing
        assert (placing.phone, placing.message, placing.yours) == (
            "alex-phone", "Alex's phone is placing a tile", "Your phone is placing a tile on Alex's board")
        saved(table, "players[0].grid", "done", seen="open")
        view = table.view()  # only the tile holds "Score it" back now
        assert view.anyway and view.waiting == []
        form = form_html(view)
        assert 'data-phone="alex-phone"' in form
        assert "Your phone is placing a tile on Alex&#39;s board: place it, or score anyway?" in form
        assert 'class="drop" data-boards="players[0].grid">Score anyway: drop that tile</button>' in form
    finally:
        table.close()
