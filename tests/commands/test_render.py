"""Output a person reads (SPEC section 7): the table fits the width, --summary, the heading's
play details, markdown escaping; and the wrapping underneath."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wcwidth import wcswidth

from scorecalc.output import terminal
from scorecalc.output.formats import RenderOptions, render, to_json_object
from scorecalc.output.tables import display_width, line_count, wrap
from scorecalc.output.terminal import terminal_height, terminal_width
from scorecalc.sheet import PlayerScore, PlayInfo, Scored, ScoreSheet, TieBreak, rank
from tests.helpers import EXAMPLES, examples, one_per_folder, run_cli

ALL_EXAMPLES = sorted(EXAMPLES.glob("**/*.yaml"))
ALEX = EXAMPLES / "caracas" / "rulebook-alex.yaml"
ORIGIN = EXAMPLES / "origin" / "full-game-advanced.yaml"


def render_table(scored: Scored, width: int | None = None) -> str:
    """The table format of one sheet at ``width`` (``None``: ``--wide``)."""
    return render([scored], RenderOptions("table", width=width, wide=width is None))


def markdown_page(scored: Scored) -> str:
    return render([scored], RenderOptions("markdown"))


def widest(text: str) -> int:
    return max((wcswidth(line) for line in text.splitlines()), default=0)


def table_at(columns: int, monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    result = run_cli("score", *args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


# --- the table fits the width ---------------------------------------------------------------------


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("path", one_per_folder(ALL_EXAMPLES),
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_line_is_wider_than_the_width(path: Path, columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    out = table_at(columns, monkeypatch, str(path))
    assert widest(out) <= columns, out
    assert widest(table_at(columns, monkeypatch, str(path), "--summary")) <= columns


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_narrow_widths_stack_details_without_crashing(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = table_at(40, monkeypatch, str(path))
    assert widest(out) <= 40, out
    assert "Winner" in out and "Summary" in out


def test_narrow_table_puts_each_detail_under_its_item(monkeypatch: pytest.MonkeyPatch) -> None:
    out = table_at(40, monkeypatch, str(ALEX))
    lines = out.splitlines()
    jaguar = next(i for i, line in enumerate(lines) if line.strip().startswith("Jaguar"))
    assert lines[jaguar].split() == ["Jaguar", "1"]
    assert lines[jaguar + 1] == "      1 of 4 jaguars scores —"
    assert lines[jaguar + 2] == "      ▲1: no jaguar on an adjacent tile;"


def test_at_80_columns_the_detail_wraps_in_its_column(monkeypatch: pytest.MonkeyPatch) -> None:
    out = table_at(80, monkeypatch, str(ALEX))
    assert "Category        Item               Points  Detail" in out
    # a clause that fits a line starts one: one place per line
    assert "\n                                           ✻3: jaguar next to it at ✻4;\n" in out
    # the summary's two-word headers stand over their column
    assert "Common       Rare" in out and "animals    animals    Landscape" in out


def test_every_player_table_has_the_same_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    out = table_at(80, monkeypatch, str(ORIGIN))
    rules = {line for line in out.splitlines() if line.startswith("-------------  ")}
    assert len(rules) == 1


def test_wide_gives_the_long_lines_back(monkeypatch: pytest.MonkeyPatch) -> None:
    out = table_at(80, monkeypatch, str(ALEX), "--wide")
    assert widest(out) > 150
    assert ("1 of 4 jaguars scores — ▲1: no jaguar on an adjacent tile; ✻3: jaguar next to it at ✻4; "
            "✻4: jaguar next to it at ✻3, ▢4; ▢4: jaguar next to it at ✻4") in out


def test_a_table_that_fits_is_drawn_as_the_wide_one(monkeypatch: pytest.MonkeyPatch, write_yaml) -> None:
    path = write_yaml("game: galapagos\nplayers:\n"
                      "  - {name: Hana, exhibition: 30, education: 9, money: 2600}\n")
    assert table_at(200, monkeypatch, str(path)) == table_at(200, monkeypatch, str(path), "--wide")


def test_output_file_is_wrapped_like_a_pipe(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    monkeypatch.delenv("COLUMNS", raising=False)
    assert run_cli("caracas", str(ALEX), "--output", str(target)).exit_code == 0
    assert widest(target.read_text(encoding="utf-8")) == 80
    monkeypatch.setenv("COLUMNS", "100")
    assert run_cli("caracas", str(ALEX), "--output", str(target)).exit_code == 0
    assert 80 < widest(target.read_text(encoding="utf-8")) <= 100
    assert run_cli("caracas", str(ALEX), "--output", str(target), "--wide").exit_code == 0
    assert widest(target.read_text(encoding="utf-8")) > 150


def test_warnings_on_stderr_never_wrap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    table = tmp_path / "many-sea-lions.yaml"  # more sea lions than the box holds: a warning
    table.write_text("game: galapagos\nplayers:\n"
                     "  - {name: Anna, exhibition: 30, education: 5, money: 0, animals: {sea_lion: 13}}\n"
                     "  - {name: Ben, exhibition: 20, education: 3, money: 0}\n")
    result = run_cli("galapagos", str(table))
    assert result.exit_code == 0, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert widest(result.stderr) > 40


# --- width resolution --------------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1


def test_width_is_columns_then_the_terminal_then_80(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal.os, "get_terminal_size", lambda fd: terminal.os.terminal_size((132, 40)))
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr(terminal.sys, "stdout", FakeTerminal())
    assert terminal_width() == 100
    assert RenderOptions(width=60).table_width() == 60
    assert RenderOptions(width=60, wide=True).table_width() is None
    for junk in ("", "wide", "-5", "0", "１２０"):
        monkeypatch.setenv("COLUMNS", junk)
        assert terminal_width() == 132
        assert terminal_width(terminal=False) == 80  # a file: no terminal
    monkeypatch.setattr(terminal.sys, "stdout", io.StringIO())  # piped: not a terminal
    assert terminal_width() == 80
    monkeypatch.setattr(terminal.sys, "stdout", None)  # closed
    assert terminal_width() == 80


def test_height_is_lines_then_the_terminal_then_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(terminal.os, "get_terminal_size", lambda fd: terminal.os.terminal_size((132, 40)))
    monkeypatch.setattr(terminal.sys, "stdout", FakeTerminal())
    monkeypatch.setenv("LINES", "30")
    assert terminal_height() == 30
    for junk in ("", "tall", "-5", "0", "３０"):
        monkeypatch.setenv("LINES", junk)
        assert terminal_height() == 40
        assert terminal_height(terminal=False) is None
    monkeypatch.setattr(terminal.sys, "stdout", io.StringIO())
    assert terminal_height() is None


def test_render_options_width_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    sheet = scored_sheet()
    assert widest(render([sheet], RenderOptions("table", width=50))) <= 50


# --- --summary ---------------------------------------------------------------------------------------


def test_summary_table_and_markdown_have_only_the_summary() -> None:
    path = str(EXAMPLES / "galapagos" / "decided-by-money.yaml")
    for fmt in ("table", "markdown"):
        out = run_cli("galapagos", path, "--summary", "-f", fmt).stdout
        assert "Summary" in out and "Winner: Hana" in out
        assert "Tie-break: Hana and Ivo tied on 37 points" in out
        assert "Detail" not in out and "Education bonus" not in out
    origin = run_cli("origin", str(ORIGIN), "--summary").stdout
    assert "Majority on each tile at the end:" in origin and "Scoring track" not in origin


def test_summary_json_has_no_items_but_every_category() -> None:
    data = json.loads(run_cli("caracas", str(ALEX), "--summary", "-f", "json").stdout)
    for player in data["players"]:
        assert list(player) == ["name", "total", "rank", "categories"]
        assert list(player["categories"]) == ["Common animals", "Rare animals", "Landscape", "Penalties"]
    assert data["winners"] == ["Alex"]


@pytest.mark.parametrize("fmt", ["csv", "bgstats"])
def test_summary_leaves_csv_and_bgstats_as_they_are(fmt: str) -> None:
    path = str(EXAMPLES / "galapagos" / "decided-by-money.yaml")
    plain = run_cli("galapagos", path, "-f", fmt).stdout
    assert run_cli("galapagos", path, "-f", fmt, "--summary").stdout == plain


# --- heading and play details ------------------------------------------------------------------------


PLAY = """\
game: galapagos
date: 2026-11-28 20:30
location: Café Zoo
players:
  - {name: "Dee | pipe |", exhibition: 30, education: 10, money: 2600}
  - {name: 'Back\\slash', exhibition: 12, education: 3, money: 1900}
"""


def test_heading_carries_date_and_location(write_yaml, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # the temporary folder's path is long
    path = write_yaml(PLAY)
    assert run_cli("galapagos", str(path)).stdout.startswith(
        f"Galapagos — {path} — 2026-11-28 20:30, Café Zoo\n")
    assert run_cli("galapagos", str(path), "-f", "markdown").stdout.startswith(
        f"# Galapagos — {path} — 2026-11-28 20:30, Café Zoo\n")
    data = json.loads(run_cli("galapagos", str(path), "-f", "json").stdout)
    assert (data["date"], data["location"]) == ("2026-11-28T20:30", "Café Zoo")
    dateless = write_yaml(PLAY.replace("date: 2026-11-28 20:30\n", ""), "dateless.yaml")
    assert run_cli("galapagos", str(dateless)).stdout.startswith(f"Galapagos — {dateless} — Café Zoo\n")


def test_json_date_and_location_are_null_when_absent() -> None:
    data = json.loads(run_cli("caracas", str(ALEX), "-f", "json").stdout)
    assert data["date"] is None and data["location"] is None


def test_markdown_escapes_pipes_and_backslashes_in_cells(write_yaml) -> None:
    out = run_cli("galapagos", str(write_yaml(PLAY)), "-f", "markdown").stdout
    assert "| Dee \\| pipe \\|" in out
    assert "| Back\\\\slash" in out
    for line in out.splitlines():
        if line.startswith("|"):
            unescaped = line.replace("\\\\", "").replace("\\|", "")
            cells = len(unescaped.split("|")) - 2
            assert cells in (4, 7), line  # Category, Item, Points, Detail / Rank, Player, 4 categories, Total


def hostile_sheet() -> Scored:
    odd = PlayerScore("Line\nbreak\tand\u202eRLO")
    odd.add("Points", "item | with\nnewline", 3, "detail with | pipe\r\nand a 漢字 name " * 4)
    plain = PlayerScore("Plain")
    plain.add("Points", "item", 3)
    sheet = ScoreSheet("galapagos", ("Points",), [odd, plain])
    return Scored(rank(sheet), PlayInfo(file="x.yaml", location="Upstairs\nBar"))


def test_names_and_details_are_rendered_defensively() -> None:
    sheet = hostile_sheet()
    markdown = markdown_page(sheet)
    for line in markdown.splitlines():
        if line.startswith("|"):
            assert len(line.replace("\\|", "").split("|")) == 6  # 4 columns, each cell one line
    assert "\u202e" not in markdown
    for width in (20, 40, 80):
        text = render_table(sheet, width=width)
        assert widest(text) <= width and "\u202e" not in text and "\r" not in text and "\t" not in text
    assert "— Upstairs Bar" in render_table(sheet)


def test_play_notes_are_shown_under_the_summary(write_yaml) -> None:
    path = write_yaml(PLAY + "notes: |\n  First line.\n  Second line.\n")
    out = run_cli("galapagos", str(path)).stdout
    assert "Notes: First line.\n       Second line.\n" in out


# --- the three-player tie-break, as printed ---------------------------------------------------------


def scored_sheet() -> Scored:
    money = [2300, 1900, 2300]
    books = [5, 4, 3]
    players = []
    for name in ("Anna", "Ben", "Cleo"):
        player = PlayerScore(name)
        player.add("Points", "Points", 14, "the points they scored during the game, all of them")
        players.append(player)
    return Scored(rank(ScoreSheet("galapagos", ("Points",), players), [
        TieBreak("most money", lambda i: money[i], lambda i: f"£{money[i]:,}"),
        TieBreak("most books", lambda i: books[i], lambda i: str(books[i]))]), PlayInfo(file="tie.yaml"))


def test_tiebreak_sentence_wraps_under_its_label() -> None:
    text = render_table(scored_sheet(), width=80)
    tail = text[text.index("Tie-break:"):].splitlines()
    assert tail[:3] == [
        "Tie-break: Anna, Ben and Cleo tied on 14 points;",
        "           most money (Anna £2,300, Ben £1,900, Cleo £2,300) puts Ben out;",
        "           Anna and Cleo still tied; decided by most books (Anna 5, Cleo 3).",
    ]
    assert all(line.startswith(" " * len("Tie-break: ")) for line in tail[1:] if line)
    assert " ".join(line.strip() for line in tail).startswith(
        "Tie-break: " + (scored_sheet().sheet.tiebreak or "-"))


# --- wrapping ----------------------------------------------------------------------------------------


def test_wrap_keeps_clauses_whole_when_they_fit_a_line() -> None:
    detail = ("1 of 4 jaguars scores — ▲1: no jaguar on an adjacent tile; ✻3: jaguar next to it at ✻4; "
              "✻4: jaguar next to it at ✻3, ▢4")
    assert wrap(detail, 37) == ["1 of 4 jaguars scores —", "▲1: no jaguar on an adjacent tile;",
                                "✻3: jaguar next to it at ✻4;", "✻4: jaguar next to it at ✻3, ▢4"]
    # a clause wider than a line goes on where the last one stopped
    assert wrap("3 savannah areas; tied 2nd-4th of 4 with Cleo, Dan: (2+1+0)/3 = 1 -> 1 vp", 37) == [
        "3 savannah areas; tied 2nd-4th of 4", "with Cleo, Dan: (2+1+0)/3 = 1 -> 1 vp"]


def test_wrap_keeps_short_parentheses_and_values_with_their_word() -> None:
    assert wrap("Flightless Cormorant (Level 3)", 16) == ["Flightless", "Cormorant", "(Level 3)"]
    assert wrap("most money (Jo £1,500, Kit £1,500): a shared victory.", 24) == [
        "most money (Jo £1,500,", "Kit £1,500): a", "shared victory."]


def test_wrap_leaves_no_word_alone_on_the_last_line() -> None:
    assert wrap("Galapagos Mockingbird (Level 2): Rachel 1 cube, Ezra 1 -> tied, nobody takes it", 72) == [
        "Galapagos Mockingbird (Level 2): Rachel 1 cube, Ezra 1 -> tied, nobody", "takes it"]


def test_a_semicolon_inside_parentheses_ends_no_clause() -> None:
    assert wrap("not both met: this game is lost (play it again; 2 lost games end the campaign).", 46) == [
        "not both met: this game is lost (play it", "again; 2 lost games end the campaign)."]


def test_wrap_measures_display_width() -> None:
    assert display_width("漢字") == 4 and display_width("é") == 1 and display_width("e\u0301") == 1
    assert wrap("漢字 漢字 漢字", 9) == ["漢字 漢字", "漢字"]
    assert wrap("漢字漢字漢字", 5) == ["漢字", "漢字", "漢字"]


def test_wrap_breaks_a_long_path_after_a_slash() -> None:
    lines = wrap("examples/caracas/rulebook-alex.yaml", 24)
    assert lines == ["examples/caracas/", "rulebook-alex.yaml"]


def test_wrap_indents() -> None:
    assert wrap("one two three four", 14, indent="Label: ", subsequent="       ") == [
        "Label: one two", "       three", "       four"]


CHARACTERS = [*"ab ;—()£1,./-e", "漢", "😀", "\u0301", "\u200b"]  # wide, emoji, combining, zero-width
TEXT = st.text(alphabet=st.sampled_from(CHARACTERS), max_size=120)


@settings(max_examples=examples(300))
@given(TEXT, st.integers(min_value=1, max_value=60))
def test_line_count_is_the_lines_wrap_makes(text: str, width: int) -> None:
    """The layouts of a table are chosen by counting lines without making them."""
    assert line_count(text, width) == len(wrap(text, width))


@settings(max_examples=examples(300))
@given(TEXT, st.integers(min_value=2, max_value=60))
def test_wrap_never_exceeds_the_width_and_loses_no_text(text: str, width: int) -> None:
    lines = wrap(text, width)
    assert all(display_width(line) <= width for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())


def test_to_json_object_items_switch() -> None:
    sheet = scored_sheet()
    assert "items" in to_json_object(sheet)["players"][0]
    assert "items" not in to_json_object(sheet, items=False)["players"][0]


def test_csv_is_not_wrapped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "20")
    rows = list(csv.reader(io.StringIO(run_cli("caracas", str(ALEX), "-f", "csv").stdout)))
    assert len(rows) == 5


def test_item_column_takes_the_width_its_names_need_when_detail_has_room() -> None:
    """At 80 columns the Item column takes the width its names need while Detail has room:
    the widths at which a name takes a line fewer are tried, so 'Collected during the game'
    takes two lines at most."""
    example = EXAMPLES / "origin" / "rulebook-plymouth-tie.yaml"
    result = run_cli("origin", str(example), env={"COLUMNS": "80"})
    lines = result.stdout.split("\n")
    at = next(i for i, line in enumerate(lines) if "Collected" in line)
    assert "Collected during" in lines[at] or "during the game" in lines[at + 1]
    assert lines[at + 2].startswith(("Books", "Species", "Game")), "\n".join(lines[at:at + 3])
    assert max(len(line) for line in lines) <= 80
