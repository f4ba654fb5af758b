"""A session on a real pseudo-terminal read as its screen shows it (pexpect, then pyte, a VT100
emulator), for the terminal tests (tests/system/test_tally_slips.py,
tests/system/test_text_fits_terminal.py): what was typed, and the rows a player reads."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from tests.helpers import interrupt, spawn_scorecalc

ENV = {"COLUMNS": None, "LINES": None, "SOURCE_DATE_EPOCH": "1767643200"}  # the terminal's own size
PROMPT = re.compile(r"› [^›]*?: ")
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")


def typed_session(args: list[str], answers: list[str], columns: int, cwd: Path) -> str:
    """``scorecalc ARGS`` at ``columns`` columns, each answer typed at the next prompt (``^C``
    stops the run); everything the terminal received."""
    import pexpect

    log = io.StringIO()
    child: Any = spawn_scorecalc(*args, cwd=cwd, env=ENV, dimensions=(40, columns))
    child.logfile_read = log
    for typed in answers:
        child.expect(PROMPT)
        if typed == "^C":
            interrupt(child)
            break
        child.send(typed + "\r")
    child.expect(pexpect.EOF)
    child.close()
    return log.getvalue()


def logical_lines(output: str) -> list[str]:
    """The lines as written: escapes dropped, a carriage return starting the line again."""
    return [line.rsplit("\r", 1)[-1] for line in ESCAPE.sub("", output).replace("\r\n", "\n").split("\n")]


def screen_rows(output: str, columns: int) -> list[str]:
    """The rows a terminal ``columns`` wide shows (none scrolled off)."""
    import pyte

    height = output.count("\n") + len(output) // columns + 5
    screen = pyte.Screen(columns, height)
    stream = pyte.Stream(screen)
    stream.feed(output.replace("\r\n", "\n").replace("\n", "\r\n"))
    return [screen.display[row].rstrip() for row in range(screen.cursor.y + 1)]


def tally_rows(game: str, answers: list[str], columns: int, cwd: Path) -> list[str]:
    """``scorecalc tally GAME GAME-night.yaml`` typed at ``columns`` columns: the rows it shows,
    each checked to fit the width."""
    from scorecalc.wrapping import display_width

    rows = screen_rows(typed_session(["tally", game, f"{game}-night.yaml"], answers, columns, cwd), columns)
    assert all(display_width(row) <= columns for row in rows)
    return rows


def words_whole(rows: list[str], text: str) -> bool:
    """Whether ``text`` reads on the screen with its words whole: each row holds whole words of it
    (a row that ends mid-word and goes on in the next is the terminal's own wrapping)."""
    flowing = " ".join(row.strip() for row in rows)
    return " ".join(text.split()) in " ".join(flowing.split())
