"""Messages on standard error as a terminal 80 and 60 columns wide shows them (SPEC 7 "Output a
person reads"): wrapped at word boundaries by the program, no word broken by the
terminal's own wrapping; a located ``FILE:LINE:COL`` message written as one line, for editors; and
``--show-board`` within the width. Read through pexpect and pyte (``tests/support/screen.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

from scorecalc.wrapping import display_width  # noqa: E402
from tests.helpers import EXAMPLES  # noqa: E402
from tests.support.screen import logical_lines, screen_rows, typed_session, words_whole  # noqa: E402

WIDTHS = [80, 60]
CHART = ("--chart: give a path ending in .png or .svg (with -f html the page draws the chart inline, no "
         "path needed)")


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_usage_message_wraps_at_word_boundaries(columns: int, tmp_path: Path) -> None:
    output = typed_session(["standings", str(EXAMPLES / "league"), "--chart"], [], columns, tmp_path)
    lines = [line for line in logical_lines(output) if line]
    assert all(display_width(line) < columns for line in lines), lines
    rows = screen_rows(output, columns)
    assert words_whole(rows, CHART), rows
    if columns == 60:
        assert len([row for row in rows if row]) >= 2  # wrapped by the program, not the terminal


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_located_message_stays_one_line(columns: int, tmp_path: Path) -> None:
    table = tmp_path / "night.yaml"
    source = EXAMPLES / "caracas" / "two-explorers.yaml"
    table.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    output = typed_session(["galapagos", "night.yaml"], [], columns, tmp_path)
    located = [line for line in logical_lines(output) if line.startswith("night.yaml:")]
    assert len(located) == 1 and display_width(located[0]) > columns  # one line, the terminal folds it
    assert "this file is a caracas table, not galapagos" in located[0]


@pytest.mark.parametrize("columns", WIDTHS)
def test_show_board_fits_the_terminal(columns: int, tmp_path: Path) -> None:
    output = typed_session(["caracas", str(EXAMPLES / "caracas" / "rulebook-alex.yaml"), "--show-board"], [],
                           columns, tmp_path)
    lines = logical_lines(output)
    assert max(display_width(line) for line in lines) <= columns
    assert [line for line in lines if line.startswith("15 tiles; river basins of 8, 5, 2, 1 tiles;")]
    assert ("Key: Fr poison frog, Ho howler monkey" in lines) == (columns < 80)
