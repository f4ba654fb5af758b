"""The table and Markdown formats draw the page of blocks the html page draws:
``output/text.py`` over ``scorecalc.blocks``, fitted by the one rule (``tables.fit_tables``).

The golden files hold the score pages as drawn from ``output.page``; these tests build pages
by hand, to pin each rule the text formats follow."""

from __future__ import annotations

import pytest

from scorecalc.blocks import Bars, Column, Facts, Group, Heading, Paragraph, Row, Section, Tabular, TieBreak
from scorecalc.output.formats import RenderOptions, render
from scorecalc.output.html import render_page
from scorecalc.output.page import score_page
from scorecalc.output.tables import fit_tables
from scorecalc.output.text import render_markdown, render_text
from scorecalc.sheet import Scored
from tests.helpers import EXAMPLES

ITEMS = (Column("Category", wraps=True), Column("Item", wraps=True), Column("Points", "right", beside=True),
         Column("Detail", fills=True))


def items(*rows: tuple[str, str, str, str], total: str) -> Tabular:
    body = [Row(row) for row in rows]
    body.append(Row(("", "Total", total, ""), role="total"))
    return Tabular(ITEMS, tuple(body), "items", family="items")


def page_section() -> Section:
    """A scored table as ``output.page`` lays one out: heading and facts, a warning, the
    summary, the passage under it, the play's notes, then one section per player."""
    ana = Section("p1", (Heading("Ana"), items(("Land", "Jungle", "3", "biggest jungle 6 tiles"), total="3")))
    bo = Section("p2", (Heading("Bo"), items(("Rare animals", "Poison Frog", "12", "no tile south of it"),
                                             total="12")))
    columns = (Column("Rank", "right"), Column("Player", wraps=True), Column("Total", "right", beside=True))
    summary = Tabular(columns, (Row(("1", "Bo", "12")), Row(("2", "Ana", "3"))), "summary")
    outcome = Group((Paragraph("Bo", "winner", "Winner"), TieBreak("none needed"), Paragraph("", "note"),
                     Paragraph("Majority:", "note"), Paragraph("Hydra: Bo", "note", indent=2),
                     Paragraph("Lizard: Ana", "note", indent=2)))
    return Section("table-1", (
        Heading("Caracas", 1),
        Facts((("game", "Game", "Caracas"), ("date", "Date", "2026-11-28 20:30"),
               ("location", "Location", "Café  Zoo"), ("file", "File", "x.yaml"))),
        Paragraph("Warning: x.yaml:3: a warning", "warning"),
        Heading("Summary"), summary, Bars((), (), 0, 0), outcome,
        Paragraph("first line\nsecond line", "notes", "Notes"),
        ana, bo))


def test_the_table_format_draws_a_scored_tables_page() -> None:
    assert render_text(page_section().blocks, 80) == "\n".join([
        "Caracas — x.yaml — 2026-11-28 20:30, Café Zoo",  # the facts on the heading's line
        "",
        "Ana",  # the players' sections before the section's own blocks: the summary ends it
        "",
        "Category      Item           Points  Detail",  # the family's tables line up
        "------------  -----------  --------  ----------------------",
        "Land          Jungle              3  biggest jungle 6 tiles",
        "              Total               3",
        "",
        "Bo",
        "",
        "Category      Item           Points  Detail",
        "------------  -----------  --------  ----------------------",
        "Rare animals  Poison Frog        12  no tile south of it",
        "              Total              12",
        "",
        "Summary",  # no warning (standard error has it), no bars (a picture)
        "",
        "  Rank  Player      Total",
        "------  --------  -------",
        "     1  Bo             12",
        "     2  Ana             3",
        "",
        "Winner: Bo",  # the passage line after line, a blank note a blank line
        "Tie-break: none needed",
        "",
        "Majority:",
        "  Hydra: Bo",
        "  Lizard: Ana",
        "",
        "Notes: first line",
        "       second line",
        ""])


def test_narrow_the_family_stacks_with_the_details_under_their_items() -> None:
    text = render_text(page_section().blocks, 24)
    assert "\n".join(["Land", "  Jungle        3", "      biggest jungle", "      6 tiles",
                      "-----------------", "Total           3"]) in text  # the names as wide as Bo's
    assert "\n".join(["Rare animals", "  Poison Frog  12", "      no tile south", "      of it",
                      "-----------------", "Total          12"]) in text
    assert "Summary\n\n1  Bo   12\n2  Ana   3\n" in text  # the total beside the name
    assert text.startswith("Caracas — x.yaml —\n  2026-11-28 20:30,\n  Café Zoo\n")


def test_markdown_draws_the_same_page() -> None:
    assert render_markdown(page_section().blocks) == "\n".join([
        "# Caracas — x.yaml — 2026-11-28 20:30, Café Zoo",
        "",
        "## Ana",
        "",
        "| Category   | Item   |   Points | Detail                 |",
        "|------------|--------|----------|------------------------|",
        "| Land       | Jungle |        3 | biggest jungle 6 tiles |",
        "|            | Total  |        3 |                        |",
        "",
        "## Bo",
        "",
        "| Category     | Item        |   Points | Detail              |",
        "|--------------|-------------|----------|---------------------|",
        "| Rare animals | Poison Frog |       12 | no tile south of it |",
        "|              | Total       |       12 |                     |",
        "",
        "## Summary",
        "",
        "|   Rank | Player   |   Total |",
        "|--------|----------|---------|",
        "|      1 | Bo       |      12 |",
        "|      2 | Ana      |       3 |",
        "",
        "Winner: Bo",
        "",
        "Tie-break: none needed",
        "",
        "Majority:",
        "",
        "- Hydra: Bo",  # indented notes: one list
        "- Lizard: Ana",
        "",
        "Notes: first line  ",
        "second line",
        ""])


def test_the_score_formats_draw_output_page_for_every_format() -> None:
    scored = [render_input()]
    page = score_page(scored, [()])
    assert render(scored, RenderOptions("table", width=80)) == render_text(page.sections[0].blocks, 80)
    assert render(scored, RenderOptions("markdown")) == render_markdown(page.sections[0].blocks)
    html = render_page(page)
    assert all(name in html for name in ("Pia", "Quin"))


def render_input() -> Scored:
    from scorecalc.pipeline import score_file

    return score_file(str(EXAMPLES / "caracas" / "five-explorers-tie.yaml"))


def test_a_hanging_table_needs_its_group_and_name_columns() -> None:
    with pytest.raises(ValueError, match="two columns that wrap"):
        fit_tables((Column("Item", wraps=True), Column("Detail", fills=True)), [[("a", "b")]], 80)


def test_blocks_are_immutable_records() -> None:
    heading = Heading("Summary")
    with pytest.raises(AttributeError):
        heading.text = "x"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del heading.level
    assert heading == Heading("Summary", 2)
    assert heading != Heading("Summary", 1) and heading != Paragraph("Summary")
    assert len({heading, Heading("Summary"), Row(("a",)), Row(("a",))}) == 2
    assert repr(Row(("a",), role="total")) == "Row(cells=('a',), data=(), role='total')"
    assert heading.kind == "heading" and Tabular((), ()).kind == "table"
