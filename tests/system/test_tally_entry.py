"""Entry you can trust at the terminal (SPEC section 8; section 7's board sentence): the model
decides, the terminal presents. Each session runs in a real pseudo-terminal (pexpect) and is
read as the screen shows it (pyte).

- The rulebook's Alex board with a 16th tile, at 4 explorers: at 15 tiles tally says so and
  waits for Enter or another row; on the main of 2026-12-03 the board closed by itself at 15
  and row 6 went to Bea as her row 1.
- A player renamed with ``=`` carries Origin's cubes: on that main the cubes kept the old name
  and the finish check re-asked the tile ("'Mia' is not at the table").
- ``tally --web``: Enter at the pad's terminal shows the warnings; a second Enter scores (on that
  main the first Enter scored).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml

from tests.helpers import spawn_scorecalc, timeout

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

ENV = {"COLUMNS": None, "LINES": None, "SOURCE_DATE_EPOCH": "1767643200"}
PROMPT = re.compile(r"› ([^›\[]*?)(?: \[[^\]]*\])?: ")
COLUMNS = 80

ALEX = ["JuHoKi~NES JuHoFl~NSW SwCpPi~NS SaJaSn~NS",  # the rulebook's board (examples/caracas/
        "SwPi~NS SwCpPi~NES SaCp~NE~SW JuSlIb~NSW",   # rulebook-alex.yaml) in the grid form:
        "JuJa~NE SwCmCp~NES . SwIbHo~NS",             # 15 tiles in five rows
        "JuJaPi~SW JuJaFr~NES . SaCp~ES",
        "SwTa~NE . . .",
        "JuAt . . ."]                                  # a 16th: this table's Alex placed one more


def screen(output: str) -> list[str]:
    """The rows a terminal of ``COLUMNS`` shows for ``output`` (pyte)."""
    height = output.count("\n") + len(output) // COLUMNS + 5
    shown = pyte.Screen(COLUMNS, height)
    pyte.Stream(shown).feed(output.replace("\r\n", "\n").replace("\n", "\r\n"))
    return [shown.display[row].rstrip() for row in range(shown.cursor.y + 1)]


def drive(game: str, steps: list[tuple[str, str]], cwd: Path) -> tuple[int, list[str]]:
    """Answer each prompt ``label`` with ``typed``, in order; the exit status and the screen."""
    log = io.StringIO()
    child = spawn_scorecalc("tally", game, "t.yaml", cwd=cwd, env=ENV, dimensions=(40, COLUMNS))
    child.logfile_read = log
    for label, typed in steps:
        child.expect(PROMPT)
        assert child.match.group(1) == label, (label, screen(log.getvalue())[-16:])
        child.send(typed + "\r")
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, screen(log.getvalue())


def test_a_board_at_the_rulebooks_count_waits_for_enter_or_another_row(tmp_path: Path) -> None:
    steps = [("house rules?", ""), ("date", "2026-01-05"), ("location", ""), ("player 1's name", "Alex"),
             ("player 2's name", "Bea"), ("player 3's name", "Cleo"), ("player 4's name", "Dan"),
             ("player 5's name", "")]
    steps += [(f"row {number}", row) for number, row in enumerate(ALEX, start=1)]
    steps += [("row 7", ""), ("row 1", "5 4 2 3"), ("row 1", "6 3 3 4"), ("row 1", "4 3 5 2")]
    code, rows = drive("caracas", steps, tmp_path)
    assert code == 0, "\n".join(rows[-30:])
    said = " ".join(row.strip() for row in rows)  # a sentence wrapped at 80 columns read whole
    sentence = ("15 tiles, as many as each of 4 explorers places: Enter finishes Alex's board, or type "
                "another row")
    assert sentence in said, "\n".join(rows)
    after = said[said.index(sentence) + len(sentence):]
    assert after.lstrip().startswith("› row 6 [end of board]: JuAt")  # the board waits: row 6 is Alex's
    table = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert "tally" not in table
    grid = [line.split() for line in table["players"][0]["grid"].splitlines() if not line.startswith("#")]
    assert grid == [row.split() for row in ALEX]
    assert table["players"][1]["landscape"] == {"biggest_jungle": 5, "savannah_areas": 4, "swamp_areas": 2,
                                                "forks": 3}


def test_a_rename_with_equals_carries_origins_cubes(tmp_path: Path) -> None:
    steps = [("variant", ""), ("objective", "tahiti"), ("date", "2026-01-05"), ("location", ""),
             ("player 1's name", "Mia"), ("player 2's name", "Ed"), ("player 3's name", ""),
             ("score", "10"), ("books", ""), ("tiles", ""), ("score", "12"), ("books", ""), ("tiles", ""),
             ("tile 1 species", "Sea Lion"), ("starting", ""), ("level", "2"), ("habitats", ""),
             ("cubes", "Mia 2, Ed 1"),
             ("tile 2 species", "="), ("go to which?", "5"),  # 1-4 the table's, 5 player 1's name
             ("player 1's name", "Mira"),
             ("tile 2 species", "")]                           # back where '=' was: the board done
    code, rows = drive("origin", steps, tmp_path)
    assert code == 0, "\n".join(rows[-30:])
    assert not any("not at the table" in row for row in rows), "\n".join(rows)
    table = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert table["players"][0]["name"] == "Mira"
    assert table["board"][0]["cubes"] == {"Mira": 2, "Ed": 1}


def test_the_pads_terminal_shows_the_warnings_and_a_second_enter_scores(tmp_path: Path) -> None:
    """``tally --web``: Enter at the pad's terminal says every plausibility warning and scores only
    at a second Enter, as "Score it anyway" on a phone (on main one Enter scored at once)."""
    import json
    import urllib.request

    child = spawn_scorecalc("tally", "caracas", "tonight.yaml", "--web", "--bind", "127.0.0.1", cwd=tmp_path,
                            env=ENV)
    try:
        child.expect(r"http://127\.0\.0\.1:\d+/[A-Za-z0-9_-]+/")
        url = child.after
        for place, value in (("players[0].name", "Alex"), ("players[1].name", "Bea"),
                             ("players[0].grid.row1", ALEX[0]), ("players[0].grid", "done"),
                             ("players[1].grid.row1", "5 4 2 3")):
            body = json.dumps({"place": place, "seen": "open" if place.endswith("grid") else None,
                               "value": value}).encode()
            request = urllib.request.Request(url + "answer", body, {"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=timeout(20)) as response:
                assert json.loads(response.read())["status"] == "saved", place
        child.expect("or Enter here")
        child.sendline("")
        child.expect("⚠ Alex has 4 tiles; in a game of 2 explorers each explorer places 17")
        child.expect("score it anyway\\? Enter again scores it")
        assert "tally:" in (tmp_path / "tonight.yaml").read_text()  # not scored by the first Enter
        child.sendline("")
        child.expect("Winner")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
    finally:
        if child.isalive():
            child.terminate(force=True)
    assert "tally" not in yaml.safe_load((tmp_path / "tonight.yaml").read_text())
