"""``--show-board`` leaves data formats parseable and the html page unchanged (SPEC section 8,
"Entry you can trust": data formats stay data). The drawing, being text for a person, goes
before the score in the table and Markdown, to standard error with JSON, CSV and BG Stats, and
nowhere with ``-f html``, whose page draws the boards already."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, run_cli

ALEX = EXAMPLES / "caracas" / "rulebook-alex.yaml"
MARKUP_NAME = "</title><script>alert(2)</script>"


def markup_table(folder: Path) -> Path:
    """The rulebook's Alex board with Alex renamed to markup (a name the drawing would print raw)."""
    text = ALEX.read_text(encoding="utf-8").replace("name: Alex", f"name: '{MARKUP_NAME}'", 1)
    assert MARKUP_NAME in text
    path = folder / "markup.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_html_with_show_board_is_the_page_without_it(tmp_path: Path) -> None:
    table = markup_table(tmp_path)
    plain = run_cli("caracas", str(table), "-f", "html")
    shown = run_cli("caracas", str(table), "-f", "html", "--show-board")
    assert plain.exit_code == shown.exit_code == 0, shown.stderr
    assert shown.stdout == plain.stdout
    assert shown.stdout.startswith("<!DOCTYPE html>")
    assert MARKUP_NAME not in shown.stdout  # escaped by the template, never raw
    assert " SEA " not in shown.stderr  # nor drawn on standard error: the page draws the boards


def test_html_file_with_show_board_is_the_page_without_it(tmp_path: Path) -> None:
    table = markup_table(tmp_path)
    run_cli("caracas", str(table), "-f", "html", "-o", str(tmp_path / "plain.html"))
    result = run_cli("caracas", str(table), "-f", "html", "--show-board", "-o", str(tmp_path / "shown.html"))
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "shown.html").read_bytes() == (tmp_path / "plain.html").read_bytes()


def test_json_with_show_board_parses_and_the_drawing_goes_to_standard_error(tmp_path: Path) -> None:
    result = run_cli("caracas", str(ALEX), "-f", "json", "--show-board")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["players"][0]["name"] == "Alex" and data["players"][0]["total"] == 19
    assert " SEA " in result.stderr
    assert "15 tiles; river basins of 8, 5, 2, 1 tiles" in result.stderr
    assert "SaCp~NE~SW" in result.stderr  # the grid form, to copy
    assert json.loads(run_cli("caracas", str(ALEX), "-f", "json").stdout) == data


def test_json_file_with_show_board_is_json(tmp_path: Path) -> None:
    out = tmp_path / "j.json"
    result = run_cli("caracas", str(ALEX), "-f", "json", "--show-board", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["players"][0]["total"] == 19
    assert " SEA " in result.stderr


@pytest.mark.parametrize("fmt", ["csv", "bgstats", "bgsplay"])
def test_other_data_formats_with_show_board_are_unchanged(fmt: str) -> None:
    plain = run_cli("caracas", str(ALEX), "-f", fmt)
    shown = run_cli("caracas", str(ALEX), "-f", fmt, "--show-board")
    assert plain.exit_code == shown.exit_code == 0, shown.stderr
    assert shown.stdout == plain.stdout
    assert " SEA " in shown.stderr and " SEA " not in plain.stderr
    if fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(shown.stdout)))
        assert rows[0]["player"] == "Alex" and rows[0]["total"] == "19"
    else:
        json.loads(shown.stdout)


@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_text_formats_draw_the_board_before_the_score(fmt: str) -> None:
    result = run_cli("caracas", str(ALEX), "-f", fmt, "--show-board")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.index(" SEA ") < result.stdout.index("Winner")
    assert " SEA " not in result.stderr
