"""tabulate draws the tables: scorecalc's ``wrap`` breaks the cells into
lines, tabulate lays them out, and one width rule (``display_width``) measures for both.

Every expected table is written out by hand.
"""

from __future__ import annotations

import pytest
import wcwidth

from scorecalc.output.tables import (
    clean,
    display_width,
    draw_markdown,
    draw_table,
    table_width,
    wrap,
)
from scorecalc.output.text import markdown_cell
from tests.helpers import EXAMPLES, run_scorecalc

EXAMPLE = str(EXAMPLES / "caracas" / "rulebook-alex.yaml")


def lines(*rows: str) -> str:
    return "\n".join(rows)


def test_wrapped_cells_hang_from_their_row() -> None:
    detail = wrap("1 of 4 jaguars scores; the others sit beside a river", 20)
    assert detail == ["1 of 4 jaguars", "scores; the others", "sit beside a river"]
    table = draw_table(("Item", "Points", "Detail"),
                       [("Jaguar", "4", "\n".join(detail)), ("Total", "4", "")],
                       ("left", "right", "left"))
    assert table == lines(
        "Item      Points  Detail",
        "------  --------  ------------------",
        "Jaguar         4  1 of 4 jaguars",
        "                  scores; the others",
        "                  sit beside a river",
        "Total          4",
    )


def test_wide_characters_and_emoji_take_two_columns_and_stay_aligned() -> None:
    table = draw_table(("Player", "Total"), [("漢字さん", "12"), ("Zoe\u0301 🎲", "7"), ("Ann", "100")],
                       ("left", "right"))
    assert table == lines(
        "Player      Total",
        "--------  -------",
        "漢字さん       12",
        "Zoe\u0301 🎲          7",
        "Ann           100",
    )
    assert {display_width(line) for line in table.split("\n")} == {17}


def test_numbers_are_right_aligned_as_written() -> None:
    # tabulate's own number parsing would write 007 as 7 and line 1.5 and 10 up on a decimal point
    assert draw_table(("Score", "Note"), [("1.5", "a"), ("10", "b"), ("007", "c"), ("-3", "d")],
                      ("right", "left")) == lines(
        "  Score  Note",
        "-------  ------",
        "    1.5  a",
        "     10  b",
        "    007  c",
        "     -3  d",
    )


def test_a_header_that_wraps_sits_on_the_rule() -> None:
    table = draw_table(("Rank", "Player", "Common\nanimals", "Total"),
                       [("1", "Alex", "12", "30"), ("2", "Bea", "9", "27")],
                       ("right", "left", "right", "right"))
    assert table == lines(
        "                     Common",
        "  Rank  Player      animals    Total",
        "------  --------  ---------  -------",
        "     1  Alex             12       30",
        "     2  Bea               9       27",
    )


def test_widths_given_line_several_tables_up() -> None:
    widths = (10, 9)
    first = draw_table(("Item", "Points"), [("Jaguar", "4")], ("left", "right"), widths)
    second = draw_table(("Item", "Points"), [("Ibis", "12")], ("left", "right"), widths)
    assert first == lines(
        "Item           Points",
        "----------  ---------",
        "Jaguar              4",
    )
    assert second == lines(
        "Item           Points",
        "----------  ---------",
        "Ibis               12",
    )


def test_a_table_without_rows_keeps_its_alignment() -> None:
    assert draw_table(("Player", "Total"), [], ("left", "right")) == lines(
        "Player      Total",
        "--------  -------",
    )
    assert draw_table(("Common\nanimals", "Total"), [], ("right", "right")) == lines(
        "   Common",
        "  animals    Total",
        "---------  -------",
    )


def test_markdown_escapes_a_pipe_inside_a_cell() -> None:
    rows = [(markdown_cell("x|y"), "3"), (markdown_cell("a\\|b"), "10"), (markdown_cell("漢字"), "1")]
    assert draw_markdown(("Player", "Total"), rows, ("left", "right")) == lines(
        "| Player   |   Total |",
        "|----------|---------|",
        "| x\\|y     |       3 |",
        "| a\\\\\\|b   |      10 |",
        "| 漢字     |       1 |",
    )


def test_table_width_is_the_width_drawn() -> None:
    headers = ("Rank", "Player", "Common\nanimals", "Total")
    rows = [("1", "漢字さん", "12", "30"), ("2", "Bea\nSmith-Jones", "9", "27")]
    table = draw_table(headers, rows, ("right", "left", "right", "right"))
    rule = next(line for line in table.split("\n") if line.startswith("-"))
    assert table_width(headers, rows) == display_width(rule) == 6 + 11 + 9 + 7 + 3 * 2
    assert max(display_width(line) for line in table.split("\n")) == 39


def test_one_width_rule_for_the_wrapping_and_for_tabulate() -> None:
    import tabulate

    draw_table(("a",), [("b",)], ("left",))
    # tabulate 0.9 measures through its module's ``wcwidth`` name: display_width now answers
    assert tabulate.WIDE_CHARS_MODE
    assert tabulate.wcwidth.wcswidth is display_width
    assert tabulate._visible_width("漢字 🎲") == 7
    # a control character wcswidth cannot size: display_width still gives a width
    assert wcwidth.wcswidth("a\x1fb") == -1 and tabulate._visible_width("a\x1fb") == 2
    # and on text made safe, display_width is wcswidth's measure, character for character
    samples = ["Alex", "漢字さん", "Zoe\u0301", "🎲", "👍🏽", "👨\u200d👩", "✔\ufe0f", "a\u200bb", "ｱｲ",
               "£1,500 —", clean("tab\there\x1f\x85\u2028end")]
    for text in samples:
        assert display_width(text) == wcwidth.wcswidth(text), text


def test_cells_are_made_safe_before_tabulate_sees_them() -> None:
    # a line break other than \n, or a control character, would split or size a line
    # differently for tabulate and for us: clean() turns them into a space or U+FFFD
    table = draw_table(("Name", "Total"), [("a\u2028b\x1bc", "1")], ("left", "right"))
    assert table == lines(
        "Name      Total",
        "------  -------",
        "a b\ufffdc         1",
    )


LOADED = """
import atexit, sys
atexit.register(lambda: print(sorted({"tabulate", "wcwidth"} & set(sys.modules)), file=sys.stderr))
from scorecalc.cli import main
sys.argv[0] = "scorecalc"
main()
"""


def third_party_loaded(*args: str) -> str:
    done = run_scorecalc(*args, script=LOADED)
    return done.stderr.strip().splitlines()[-1]


@pytest.mark.slow  # a process per command (four)
def test_tabulate_and_wcwidth_load_only_where_a_table_is_drawn() -> None:
    assert third_party_loaded("caracas", EXAMPLE) == "['tabulate', 'wcwidth']"
    assert third_party_loaded("caracas", EXAMPLE, "--format", "markdown") == "['tabulate', 'wcwidth']"
    assert third_party_loaded("caracas", EXAMPLE, "--format", "json") == "[]"
    assert third_party_loaded("caracas", EXAMPLE, "--format", "csv") == "[]"
