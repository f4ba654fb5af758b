"""What a tired player still met, on a real pseudo-terminal at 80 and 60 columns, read as the
screen shows it (pexpect and pyte, ``tests/support/screen.py``):

- Percy's board, needed once he has scientists at London or Paris, is asked with no ``[skip]``;
  Enter alone is refused in words, and the rulebook's table scores Percy 112;
- Caracas' house rules, the comparison-only figures and the ``=`` list speak the players' words,
  never a setting's file name, and "no" to house rules writes no ``rules:`` block;
- Origin's level says where it is asked that a starting tile is entered as Level 1;
- a file's board whose row 1 does not read reopens at row 1, its good row 2 kept and shown; piped,
  the run names the row and its fault;
- ``sea lion booby`` is the exhibition's sea lion and booby, shown as said;
- at 60 columns too: an example stands whole on a row, ``<`` on a row redraws the board without
  it, the reopened board's hint says which row ``<`` takes back, the ``=`` list hangs under its
  numbers;
- ``reversed`` at row 1: her board drawn and her details named by her SEA's symbols;
- Origin alone, piped: scored as hand-computed, nobody wins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")
pytestmark = pytest.mark.slow

from tests.support.screen import tally_rows as tally  # noqa: E402
from tests.support.tally_run import run_tally  # noqa: E402

WIDTHS = [80, 60]

PERCY_BOOKS = [  # examples/caribe/rulebook-percy-books.yaml, typed
    "coimbra geology, london forest, paris dolphin", "percy normal", "", "", "Joana",
    "78", "5 3 4", "1 2 2", "3 3 4 2 4 3",
    "fauna 2, flora 1", "flora fauna geology / flora fauna none", "geology 1", "", "1 3 2 2",
    "64", "4 4 3", "2 1 1", "", "2 4 1 3 5 2", "fauna 8, geology 5, flora 5", "4", "1",
]


@pytest.mark.parametrize("columns", WIDTHS)
def test_percys_needed_board_refuses_enter_and_the_table_scores_112(columns: int, tmp_path: Path) -> None:
    rows = tally("caribe", PERCY_BOOKS, columns, tmp_path)
    boards = [i for i, row in enumerate(rows) if row.startswith("› board")]
    percy = boards[-2:]  # his board: asked, Enter refused, asked again
    assert [rows[i] for i in percy] == ["› board:", "› board: 2 4 1 3 5 2"]
    assert "an answer is needed here" in rows[percy[0] + 1]
    assert not [row for row in rows if "skip]" in row and row.startswith("› board")]
    assert not [row for row in rows if "percy.board" in row or "'board'" in row]
    summary = [row.split() for row in rows if row.split()[1:2] == ["Percy"]]
    assert summary and summary[-1][-1] == "112"
    written = (tmp_path / "caribe-night.yaml").read_text(encoding="utf-8")
    assert "board: {turtle: 2, dolphin: 4, flamingo: 1, volcano: 3, forest: 5, coastline: 2}" in written


FILE_NAMES = ("caiman_ties", "flamingo_min_run", "snake_min_types", "snake_around", "biggest_jungle",
              "savannah_areas", "swamp_areas", "junctions:")


@pytest.mark.parametrize("columns", WIDTHS)
def test_house_rules_figures_and_the_list_in_words(columns: int, tmp_path: Path) -> None:
    rows = tally("caracas", ["?", "n", "", "", "Alex", "", "=", "", "6 4 2 3"], columns, tmp_path)
    screen = " ".join(" ".join(rows).split())
    assert not [name for name in FILE_NAMES if name in screen]
    assert "A Caiman in a river basin tied for the most tiles: 'count' scores" in screen
    assert "The tiles around a Snake: '8' the up to 8 around it, diagonals included, or '4' only" in screen
    assert "explorer: biggest jungle, savannah areas, swamp areas, forks in one basin" in screen
    listed = rows[next(i for i, row in enumerate(rows) if row.endswith(": =")) + 1]
    assert listed.strip() == "1. house rules: as the rulebook reads"
    written = (tmp_path / "caracas-night.yaml").read_text(encoding="utf-8")
    assert "rules:" not in written and "biggest_jungle: 6" in written


@pytest.mark.parametrize("columns", WIDTHS)
def test_origins_level_says_a_starting_tile_is_1(columns: int, tmp_path: Path) -> None:
    answers = ["", "plymouth", "", "", "Rachel", "Ezra", "", "38", "4 8 2", "0", "30", "1 2 3", "0",
               "Sea Snail", "?", "1", "Rachel 1", ""]
    rows = tally("origin", answers, columns, tmp_path)
    level = next(i for i, row in enumerate(rows) if row.startswith("› level"))
    shown = " ".join(" ".join(rows[level - 3:level + 12]).split())
    assert "the tile's Level, 1-4 (the number in the turtle); a starting tile: 1" in shown
    assert "not needed" not in shown and "✗" not in " ".join(rows)
    assert "Sea Snail (Level 1): Rachel 1 cube -> Rachel" in " ".join(rows)


BAD_ROW_1 = """\
game: caracas
players:
  - name: Alex
    grid: |
      JuJg~NS  JuSlSo~NESW  JuHo~SW  SaAt
      JuKi~NE  SwPiGu~NESW  SwAn~NW  SaIb
  - name: Bea
    landscape: {biggest_jungle: 6, savannah_areas: 4, swamp_areas: 2, forks: 3}
"""


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_files_bad_row_1_reopens_at_row_1_and_keeps_row_2(columns: int, tmp_path: Path) -> None:
    (tmp_path / "caracas-night.yaml").write_text(BAD_ROW_1, encoding="utf-8")
    rows = tally("caracas", ["JuJa~NS JuSlSo~NESW JuHo~SW SaAt", ""], columns, tmp_path)
    screen = " ".join(" ".join(rows).split())
    assert "✗ Alex's board, row 1: unknown animal code 'Jg'" in screen
    assert "the rows after it are kept (row 2 JuKi~NE SwPiGu~NESW SwAn~NW SaIb)" in screen
    prompts = [row for row in rows if row.startswith("› row")]
    assert prompts == ["› row 1: JuJa~NS JuSlSo~NESW JuHo~SW SaAt", "› row 3 [end of board]:"]
    drawn = rows.index(prompts[0]) + 1
    assert [row.split()[0] for row in rows[drawn:] if row.split()[:1] in (["1"], ["2"])][:2] == ["1", "2"]
    written = (tmp_path / "caracas-night.yaml").read_text(encoding="utf-8")
    assert "JuJa~NS" in written and "JuKi~NE  SwPiGu~NESW  SwAn~NW  SaIb" in written and "Jg" not in written


def test_a_files_bad_row_piped_names_the_row_and_its_fault(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text(BAD_ROW_1, encoding="utf-8")
    done = run_tally(["tally", "caracas", str(tmp_path / "t.yaml")], [b""])
    assert done.code == 2
    assert "t.yaml: Alex's board, row 1: unknown animal code 'Jg'" in done.stderr
    assert "does not add up" not in done.stderr and "JuJg" not in done.stderr


@pytest.mark.parametrize("columns", WIDTHS)
def test_sea_lion_booby_is_two_animals(columns: int, tmp_path: Path) -> None:
    answers = ["", "", "Anna", "Ben", "", "41", "17", "", "2300", "sea lion booby", "", "=", "", "^C"]
    rows = tally("galapagos", answers, columns, tmp_path)
    assert not [row for row in rows if "✗" in row]
    assert any(row.strip().endswith("Anna's exhibition 1 animals: sea lion, booby") for row in rows)
    written = (tmp_path / "galapagos-night.yaml").read_text(encoding="utf-8")
    assert "animals: [sea_lion, booby]" in written


ROWS = ["JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb"]


@pytest.mark.parametrize("columns", WIDTHS)
def test_rows_at_narrow_widths_read_whole_and_back_redraws(columns: int, tmp_path: Path) -> None:
    answers = ["", "", "", "Alex", "Bea", "", ROWS[0], ROWS[1], "<", ROWS[1], "", "<", "^C"]
    rows = tally("caracas", answers, columns, tmp_path)
    assert any("'JuJa~ES SwPi~NW . SaAt'" in row for row in rows)
    assert not [row for row in rows if row.rstrip().endswith(("'JuJa~ES", "SwPi~NW"))]
    taken = next(i for i, row in enumerate(rows) if "row 2 taken back" in row)
    redrawn = rows[taken + 1:next(i for i in range(taken, len(rows)) if rows[i].startswith("› row 2"))]
    assert any(row.split()[:1] == ["1"] for row in redrawn)  # the board drawn again: row 1 ...
    assert not any(row.split()[:1] == ["2"] for row in redrawn)  # ... without the row taken back
    assert "'<' takes back row 2" in " ".join(" ".join(rows).split())


@pytest.mark.parametrize("columns", WIDTHS)
def test_the_list_of_answers_hangs_under_its_numbers(columns: int, tmp_path: Path) -> None:
    long = "sea lion, tortoise, booby, penguin, crab, iguana"
    answers = ["", "", "A Long Name Here", "Ben", "", "41", "17", "", "2300", long, "", "=", "", "^C"]
    rows = tally("galapagos", answers, columns, tmp_path)
    listed = next(i for i, row in enumerate(rows) if row.endswith(": =")) + 1
    end = next(i for i in range(listed, len(rows)) if rows[i].startswith("› go to which"))
    entry = next(row for row in rows[listed:end] if "exhibition 1 animals" in row)
    shown = " ".join(row.strip() for row in rows[rows.index(entry):end])
    assert "animals: sea lion, tortoise, booby, penguin, crab, iguana" in shown  # whole, not cut with …
    for row in rows[listed:end]:
        assert row[:8].strip()[:1].isdigit() or row.startswith(" " * 7), row


def test_origin_alone_is_tallied_and_nobody_wins(tmp_path: Path) -> None:
    answers = ["", "plymouth", "", "", "Rachel", "", "38", "4 8 0", "Finch", "Sea Lion", "3", "Rachel 2", ""]
    done = run_tally(["tally", "origin", str(tmp_path / "t.yaml"), "--format", "json"],
                     [line.encode() for line in answers])
    assert done.code == 0, done.stderr
    scored = json.loads(done.stdout)
    # 38 + Finch 1 + Sea Lion taken 1 + land 6 + water 6 (the most of each: she is alone)
    assert [(p["name"], p["total"]) for p in scored["players"]] == [("Rachel", 52)]
    assert scored["winners"] == []


@pytest.mark.parametrize("columns", WIDTHS)
def test_a_reversed_sea_said_at_row_1_draws_and_names_her_symbols(columns: int, tmp_path: Path) -> None:
    rows = tally("caracas", ["", "", "", "Alex", "", "reversed", "JuJa . . JuJa", ""], columns, tmp_path)
    said = next(i for i, row in enumerate(rows) if row.startswith("› row 1: reversed"))
    assert "Alex's SEA reads ▲ ◎ ▢ ✻ left to right" in " ".join(" ".join(rows[said:said + 3]).split())
    drawn = next(i for i, row in enumerate(rows) if row.startswith("› row 1: JuJa"))
    assert rows[drawn + 1].split() == ["▲", "◎", "▢", "✻"]  # her board's header, as her SEA reads
    screen = " ".join(" ".join(rows).split())
    assert "▲1: no jaguar on an adjacent tile" in screen and "✻1: no jaguar on an adjacent tile" in screen
    assert "sea: reversed" in (tmp_path / "caracas-night.yaml").read_text(encoding="utf-8")
