"""What a player sees of ``scorecalc tally`` at 80 and at 60 columns (SPEC 7, "Tally for a tired
player"): every question, help and message wrapped at word boundaries, the command to copy whole on
its own line, the Caracas board drawn at its 78 columns.

A real pseudo-terminal (pexpect) of that width runs the session; its output is read twice: as the
logical lines the program wrote (none wider than the terminal but the board's), and as the screen a
terminal shows (pyte, a VT100 emulator): no row runs on into the next (a word split by the
terminal's own wrapping), outside the board.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

from scorecalc.games.caracas.board import Board  # noqa: E402
from scorecalc.games.caracas.grid import parse_grid  # noqa: E402
from scorecalc.games.caracas.show import draw_board  # noqa: E402
from scorecalc.wrapping import display_width  # noqa: E402
from tests.helpers import GAMES, per_game  # noqa: E402
from tests.support.screen import logical_lines, screen_rows, typed_session  # noqa: E402

# what is typed at each prompt, in order; "^C" stops the run
CARACAS_FIRST = [
    "?", "y", "?", "", "", "", "Alexandra", "Beatriz", "Cleo", "Dominik", "", "?",
    "JuJa~ES SwGu ~NE . SaAt", "JuJa~ES SwCn . SaAt", "JuJa~ES JuSlSo~NESW JuHo~SW SaAt",
    "JuKi~NE SwPiGu~NESW SwAn~NW SaIb", "^C",
]
CARACAS_RESUME = ["?", "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W", "^C"]
GALAPAGOS = ["?", "", "Home", "Anna", "Ben", "", "?", "41",
             "30", "17", "?", "sea_lion 2, tortoise 1", "2300", "?", "^C"]
ORIGIN = ["?", "", "?", "tahiti", "", "", "Rachel", "Ezra", "Noor", "", "38", "?", "4 8 2", "Sea Snail", "^C"]
CARIBE = ["?", "fauna coastline turtle", "?", "", "", "", "Inês", "Jo", "", "?", "70",
          "?", "3 4 9", "3 4 2", "?", "2 1 1", "5 0 0 0 0 3", "?", "fauna 2, geology 1", "^C"]
SCREENS = {"caracas": [CARACAS_FIRST, CARACAS_RESUME], "galapagos": [GALAPAGOS], "origin": [ORIGIN],
           "caribe": [CARIBE]}
"""Each game's sessions, typed in turn in one folder (Caracas' second goes on from the first)."""


def session(game: str, answers: list[str], columns: int, cwd: Path) -> str:
    return typed_session(["tally", game, f"{game}-night.yaml"], answers, columns, cwd)


def outside_board(lines: list[str]) -> list[str]:
    """The lines but the board drawings (from a row's answer to the note under the board)."""
    kept, drawing = [], False
    for line in lines:
        if re.match(r"› row \d+(?: \[[^\]]*\])?: \S", line) or re.match(r"  \S.* board so far \(", line):
            kept.append(line)
            drawing = True
            continue
        if drawing and re.match(r"  \S.*: \d+ tiles? ", line):
            drawing = False
        if not drawing:
            kept.append(line)
    return kept


@pytest.mark.parametrize("columns", [80, 60])
@pytest.mark.parametrize("game", GAMES)
def test_every_tally_line_fits_the_terminal(game: str, columns: int, tmp_path: Path) -> None:
    typed = per_game(SCREENS, game, "typed screen sessions", "SCREENS in tests/system/test_tally_screen.py")
    outputs = [session(game, answers, columns, tmp_path) for answers in typed]
    for output in outputs:
        lines = logical_lines(output)
        wide = [line for line in outside_board(lines) if display_width(line) > columns]
        assert not wide, "\n".join(wide)
        rows = screen_rows(output, columns)
        kept = outside_board(rows)
        for above, below in itertools.pairwise(kept):
            ran_on = display_width(above) >= columns and below[:1] not in ("", " ")
            assert not ran_on, f"a line ran on at {columns} columns:\n{above}\n{below}"
        stop = [row for row in rows if "scorecalc tally" in row]
        command = f"scorecalc tally {game} {game}-night.yaml"
        assert any(row.strip() == command for row in stop), "\n".join(rows)
    if game == "caracas":
        first, resumed = (logical_lines(output) for output in outputs)
        text = " ".join(line.strip() for line in first)
        assert "› house rules? [no]: ?" in first
        assert "'~NE' stands apart from its tile" in text
        assert "did you mean 'Cm' (caiman)?" in text
        rows_typed = CARACAS_FIRST[-3] + "\n" + CARACAS_FIRST[-2] + "\n"
        drawn = "\n".join(draw_board(Board(tile.tile for tile in parse_grid(rows_typed)), columns))
        assert drawn in "\n".join(first)  # the drawing as it is, not wrapped (79 columns, 59 at 60)
        assert "board so far (2 rows)" in " ".join(line.strip() for line in resumed)
        assert any("│" in line for line in resumed)  # drawn before the first question
