"""Nothing traps a player (SPEC 7): slips mended at the terminal, never by an edit of the YAML.

Each session runs in a real pseudo-terminal (pexpect) at 80 and at 60 columns and is read
as the screen shows it (pyte): an early Enter on a Caracas board taken back from the next
explorer's first row; ``=`` to change an earlier answer and come back; a Galapagos ledger
that does not add up, mended by its next entry and the track figure. Each failed on the
main of 2026-12-01 (the board said "this board is finished; to change it, edit the grid in
the file", ``=`` was an answer refused, the ledger ended with "fix it in the file").
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml

from tests.helpers import run_scorecalc, spawn_scorecalc

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

ENV = {"COLUMNS": None, "LINES": None, "SOURCE_DATE_EPOCH": "1767643200"}
PROMPT = re.compile(r"› ([^›\[]*?)(?: \[[^\]]*\])?: ")
WIDTHS = [80, 60]

ROW_1 = "JuJa~ES JuSlSo~NESW JuHo~SW SaAt"
ROW_2 = "JuKi~NE SwPiGu~NESW SwAn~NW SaIb"


def screen(output: str, columns: int) -> list[str]:
    """The rows a terminal of ``columns`` shows for ``output`` (pyte)."""
    height = output.count("\n") + len(output) // columns + 5
    shown = pyte.Screen(columns, height)
    pyte.Stream(shown).feed(output.replace("\r\n", "\n").replace("\n", "\r\n"))
    return [shown.display[row].rstrip() for row in range(shown.cursor.y + 1)]


def drive(game: str, steps: list[tuple[str, str]], columns: int, cwd: Path) -> tuple[int, list[str]]:
    """Answer each prompt ``label`` with ``typed``, in order; the exit status and the screen."""
    log = io.StringIO()
    child = spawn_scorecalc("tally", game, "t.yaml", cwd=cwd, env=ENV, dimensions=(40, columns))
    child.logfile_read = log
    for label, typed in steps:
        child.expect(PROMPT)
        assert child.match.group(1) == label, (label, screen(log.getvalue(), columns)[-12:])
        child.send(typed + "\r")
    child.expect(pexpect.EOF)
    child.close()
    rows = screen(log.getvalue(), columns)
    wide = [row for row in rows if len(row) > columns]
    assert not wide
    return child.exitstatus, rows


def grid_rows(cwd: Path, player: int) -> list[str]:
    table = yaml.safe_load((cwd / "t.yaml").read_text())
    assert "tally" not in table
    return [line for line in table["players"][player]["grid"].splitlines() if not line.startswith("#")]


@pytest.mark.parametrize("columns", WIDTHS)
def test_an_early_enter_on_a_board_is_taken_back_from_the_next_explorer(columns: int, tmp_path: Path) -> None:
    steps = [("house rules?", ""), ("date", "2026-01-05"), ("location", ""), ("player 1's name", "Alex"),
             ("player 2's name", "Bea"), ("player 3's name", ""), ("row 1", ROW_1),
             ("row 2", ""),             # the slip: Enter ends Alex's board at 4 tiles
             ("row 1", "<"),            # Bea's first row: back into Alex's board
             ("row 2", ROW_2), ("row 3", "<"), ("row 2", ROW_2),  # '<' inside takes a row back
             ("row 3", ""), ("row 1", "6 4 2 3")]
    code, rows = drive("caracas", steps, columns, tmp_path)
    assert code == 0, "\n".join(rows[-20:])
    assert any("Alex: open again at row 2" in row for row in rows), "\n".join(rows)
    assert not any("edit the grid" in row for row in rows)
    assert [line.split() for line in grid_rows(tmp_path, 0)] == [ROW_1.split(), ROW_2.split()]
    drawn = [row for row in rows if row.startswith("    ┌")]
    assert drawn and max(map(len, drawn)) == (79 if columns >= 80 else 59)


@pytest.mark.parametrize("columns", WIDTHS)
def test_equals_lists_the_answers_goes_to_one_and_comes_back(columns: int, tmp_path: Path) -> None:
    steps = [("date", ""), ("location", "Home"), ("player 1's name", "Anna"), ("player 2's name", "Ben"),
             ("player 3's name", ""), ("exhibition", "41"), ("education", "17"),
             ("animals", "="), ("go to which?", "5"),  # 1 date, 2 location, 3 Anna, 4 Ben, 5 exhibition
              ("exhibition", "14"),
              ("animals", "sea_lion 2, tortoise 1"),    # back where '=' was asked
              ("money", "2300"), ("exhibition 1 animals", ""),
              ("exhibition", "35"), ("education", "12"), ("animals", "3"), ("money", "1900"),
              ("exhibition 1 animals", "")]
    code, rows = drive("galapagos", steps, columns, tmp_path)
    assert code == 0, "\n".join(rows[-20:])
    listed = "\n".join(rows)
    assert "5. Anna's exhibition: 41" in listed and "6. Anna's education: 17" in listed
    table = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert table["players"][0]["exhibition"] == 14


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_ledger_that_does_not_add_up_asks_its_next_entry_then_the_figure(columns: int,
                                                                           tmp_path: Path) -> None:
    steps = [("date", ""), ("location", ""), ("player 1's name", "A"), ("player 2's name", "B"),
             ("player 3's name", ""), ("exhibition", "13"), ("education", "17"), ("animals", "0"),
             ("money", "2300"), ("exhibition 1 animals", "sea_lion, tortoise, booby"), ("bonus", "3"),
             ("exhibition 2 animals", ""),
             ("exhibition", "35"), ("education", "12"), ("animals", "3"), ("money", "1900"),
             ("exhibition 1 animals", ""),
             # the whole table: A's 9 points of exhibitions against the track's 13
             ("exhibition 2 animals", "sea_lion, booby"), ("bonus", ""), ("exhibition 3 animals", ""),
             ("exhibition", "")]        # the track figure, 13 kept: the ledger adds up now
    code, rows = drive("galapagos", steps, columns, tmp_path)
    text = " ".join(rows)
    assert code == 0, "\n".join(rows[-20:])
    assert "the exhibitions add up to 9 points but 'exhibition' says 13" in " ".join(r.strip() for r in rows)
    assert "fix it in the file" not in text
    table = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert len(table["players"][0]["exhibitions"]) == 2


def test_piped_a_ledger_that_does_not_add_up_exits_2_naming_the_questions(tmp_path: Path) -> None:
    answers = ["", "", "A", "B", "", "13", "17", "0", "2300", "sea_lion, tortoise, booby", "3", "",
               "35", "12", "3", "1900", ""]
    done = run_scorecalc("tally", "galapagos", "t.yaml", cwd=tmp_path, input="\n".join(answers) + "\n",
                         env=ENV)
    assert done.returncode == 2, done.stderr
    assert ("the questions that can fix it: A's exhibition 2 animals, A's exhibition; stopped (every "
            "earlier answer is saved)") in done.stderr
    assert "players[0]" not in done.stderr


def test_resuming_shows_what_the_record_already_holds(tmp_path: Path) -> None:
    """Caribe stopped after book 2: the run that goes on shows Inês' answers so far (her books
    among them) before it asks book 3; on 2026-12-01 it asked 'book 3' with no context."""
    first = ["fauna coastline turtle", "", "2026-01-05", "", "Inês", "Jo", "", "70", "3 4 2", "2 1 1",
             "5 0 0 0 0 3", "fauna 2, geology 1", "fauna 1, flora 1"]
    done = run_scorecalc("tally", "caribe", "t.yaml", cwd=tmp_path, input="\n".join(first) + "\n", env=ENV)
    assert done.returncode == 2, done.stderr
    again = run_scorecalc("tally", "caribe", "t.yaml", cwd=tmp_path, input="fauna 1\n", env=ENV)
    lines = again.stderr.splitlines()
    held = next(i for i, line in enumerate(lines) if "Inês so far:" in line)
    asked = next(i for i, line in enumerate(lines) if line.startswith("› book 3"))
    assert held < asked
    assert "book 1 fauna 2, geology 1; book 2 fauna 1, flora 1" in lines[held]


def test_a_comparison_only_explorers_figures_can_be_changed_from_the_next_board(tmp_path: Path) -> None:
    """Bea's four figures, then '<' from Alex's first row: her figures asked again, [6 4 2 3]
    offered; on 2026-12-01 the figures vanished from the questions once typed."""
    answers = ["", "2026-01-05", "", "Bea", "Alex", "", "6 4 2 3", "<", "5 4 2 3", ROW_1, ""]
    done = run_scorecalc("tally", "caracas", "t.yaml", cwd=tmp_path, input="\n".join(answers) + "\n", env=ENV)
    assert done.returncode == 0, done.stderr
    assert "› board [6 4 2 3]: 5 4 2 3" in done.stderr
    table = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert table["players"][0]["landscape"]["biggest_jungle"] == 5


def test_piped_go_to_takes_a_number_or_stops(tmp_path: Path) -> None:
    answers = ["", "", "Anna", "Ben", "", "41", "=", "seven"]
    done = run_scorecalc("tally", "galapagos", "t.yaml", cwd=tmp_path, input="\n".join(answers) + "\n",
                         env=ENV)
    assert done.returncode == 2, done.stderr
    assert "✗ a number from 1 to 5, or Enter to stay" in done.stderr
    assert "t.yaml: Anna's education: 'go to which?' takes the number of an answer; stopped" in done.stderr
