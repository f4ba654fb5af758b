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
