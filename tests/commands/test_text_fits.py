"""Text that fits (SPEC 7 "Output a person reads"): ``--show-board`` drawn and
summed up within the width (60 columns: the narrow board and a key to its codes), and messages on
standard error wrapped at word boundaries to the terminal's width, but a located ``FILE:LINE:COL``
message, which stays one line for editors. The real terminal: tests/system/test_text_fits_terminal.py."""

from __future__ import annotations

import json

import pytest

from scorecalc.output import terminal
from scorecalc.wrapping import display_width
from tests.helpers import EXAMPLES, run_cli

ALEX = EXAMPLES / "caracas" / "rulebook-alex.yaml"


def widest(text: str) -> int:
    return max(display_width(line) for line in text.split("\n"))


@pytest.mark.parametrize("columns", [60, 72])
def test_show_board_below_80_columns_fits_60_with_a_key_to_its_codes(columns: int) -> None:
    result = run_cli("caracas", str(ALEX), "--show-board", env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.stderr
    drawing = result.stdout.split("\n\n")[0]  # Alex's board, before the comparison explorers
    assert widest(result.stdout) <= columns
    board = [line for line in drawing.splitlines()  # the drawing's lines: indented, not the grid form's
             if (line.startswith("   ") and set(line) & set("┌│└≈✻·")) or line.startswith("Key: ")]
    assert len(board) > 20 and max(map(display_width, board)) <= 59  # the narrow board, within 60
    keys = [line for line in result.stdout.splitlines() if line.startswith("Key: ")]
    assert keys == ["Key: Fr poison frog, Ho howler monkey"]
    assert " Ho " in drawing and "howler monkey" not in drawing.replace(keys[0], "")
    summary = " ".join(line for line in drawing.splitlines() if "─" not in line and "│" not in line)
    assert "15 tiles; river basins of 8, 5, 2, 1 tiles; biggest jungle 3" in summary
    assert "dead ends: ✻3 E, ▲3 S" in summary


def test_show_board_at_80_columns_names_every_animal_and_needs_no_key() -> None:
    result = run_cli("caracas", str(ALEX), "--show-board", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    assert widest(result.stdout) <= 80
    assert "howler monkey" in result.stdout and "Key: " not in result.stdout
    summary = [line for line in result.stdout.splitlines() if line.startswith("15 tiles; ")]
    assert summary and display_width(summary[0]) <= 79  # the summary wrapped within the width


def test_show_board_wide_draws_each_line_whole() -> None:
    result = run_cli("caracas", str(ALEX), "--show-board", "--wide", env={"COLUMNS": "60"})
    summary = [line for line in result.stdout.splitlines() if line.startswith("15 tiles; ")]
    assert summary and summary[0].endswith("dead ends: ✻3 E, ▲3 S")


def test_show_board_with_a_data_format_fits_standard_error() -> None:
    result = run_cli("caracas", str(ALEX), "--show-board", "-f", "json", env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.stderr
    json.loads(result.stdout)
    assert "Key: Fr poison frog, Ho howler monkey" in result.stderr
    assert widest(result.stderr) <= 60


def said(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, width: int | None,
         message: str) -> list[str]:
    monkeypatch.setattr(terminal, "error_width", lambda: width)
    terminal.console.err(message)
    return capsys.readouterr().err.rstrip("\n").split("\n")


MESSAGE = ("--chart: give a path ending in .png or .svg (with -f html the page draws the chart inline, "
           "no path needed)")


def test_a_message_wraps_at_word_boundaries_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    lines = said(capsys, monkeypatch, 40, MESSAGE)
    assert len(lines) > 1 and all(display_width(line) <= 39 for line in lines)
    assert " ".join(lines) == MESSAGE  # no word broken, none lost
    assert said(capsys, monkeypatch, None, MESSAGE) == [MESSAGE]  # piped: one line, as written


def test_a_command_to_copy_stands_whole_on_its_own_line(capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    message = ("night.yaml is not finished (its tally: block says so); go on with "
               "'scorecalc tally caracas /home/ana/games/tuesday-night.yaml' and then score it")
    lines = said(capsys, monkeypatch, 40, message)
    assert "  scorecalc tally caracas /home/ana/games/tuesday-night.yaml" in lines
    assert all(display_width(line) <= 39 for line in lines if "scorecalc tally" not in line)


def test_a_located_message_stays_one_line(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    located = ("examples/caracas/rulebook-alex.yaml:60:7: game: this file is a caracas table, not "
               "galapagos (run 'scorecalc caracas FILE' or 'scorecalc score FILE')")
    assert said(capsys, monkeypatch, 40, located) == [located]
    warning = "night.yaml:12:5: warning: players[0] (Alex).tiles: Alex has 16 tiles; in a game of 4 explorers"
    assert said(capsys, monkeypatch, 40, warning) == [warning]
