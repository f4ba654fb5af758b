"""The web pad over the interview model, in-process (``scorecalc/web/pad.py``): no server, a real
FILE in a temporary folder. The HTTP contract and the browser are ``tests/system/test_web*.py``."""

from __future__ import annotations

import datetime
from pathlib import Path

import yaml

from scorecalc.games import get_game
from scorecalc.web.pad import Pad

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
        assert table.ready, table.table_problems
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
        assert not table.ready
        [(message, _)] = table.table_problems
        assert "add up to 9 points but 'exhibition' says 13" in message
        fields = {f.place: f for s in table.view().sections for f in s.fields}
        assert "add up to 9" in fields["players[0].exhibition"].problem
        assert table.score().status == "refused"
        saved(table, "players[0].exhibition", "9", seen="13")
        assert table.ready and table.table_problems == []
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
