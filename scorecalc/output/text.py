"""Blocks (``scorecalc.blocks``) as text: the table format, fitted to a width, and Markdown.

Both draw the page the html format draws (``output.page``), in their own way:

- The table format draws headings and paragraphs as lines wrapped to the width (a label's
  text hangs under the label's end, a note's indent is kept), the passage under a summary
  (``Group``) line after line, and tables as tabulate's "simple" tables fitted to the width
  by the one fitting rule (``tables.fit_tables``); the tables of one family in a section
  (each player's items) are fitted together, so that they line up.
- Markdown draws ``#`` headings, paragraphs, a note written indented as a list item, and
  GitHub tables, each cell escaped by the one Markdown escaper (``markdown_cell``).

In both, blocks are separated by a blank line; a heading followed by the play's facts
carries them on its line (``Caracas — FILE — 2026-11-28 20:30, Café Zoo``); a section's
sub-sections (the players' items) come before its own blocks after that heading, so the
summary ends a table's output, where a terminal leaves it in view; warnings are not drawn
(the command writes them to standard error), nor pictures (bars, boards, charts), which only
the html page shows.

Imported only when a table or Markdown is asked for (with the table engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..blocks import Block, Facts, Group, Heading, Paragraph, Section, Tabular, TieBreak
from ..wrapping import clean, display_width, lines_of, wrap
from .page import score_page
from .tables import MIN_FILL, MIN_WIDTH, draw_markdown, fit_tables

if TYPE_CHECKING:
    from ..sheet import Scored
    from .formats import RenderOptions

BlockOrSection = Block | Section


def render_text_format(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format table`` (``formats.FORMATS``): every scored table's page, fitted to the
    width (``--wide``: one line per item, however long)."""
    width = options.table_width()
    if width is not None:
        width = max(width, MIN_WIDTH)
    page = score_page(results, [()] * len(results), summary=options.summary)
    return "\n".join(render_text(section.blocks, width) for section in page.sections)


def render_markdown_format(results: Sequence[Scored], options: RenderOptions) -> str:
    """``--format markdown`` (``formats.FORMATS``): every scored table's page (never wrapped)."""
    page = score_page(results, [()] * len(results), summary=options.summary)
    return "\n".join(render_markdown(section.blocks) for section in page.sections)


def render_text(blocks: Sequence[BlockOrSection], width: int | None) -> str:
    """The blocks in the table format, each line at most ``width`` columns wherever the width
    rule can fit it (``None``: no limit)."""
    return "\n\n".join(_text_parts(blocks, width, {})) + "\n"


def render_markdown(blocks: Sequence[BlockOrSection]) -> str:
    """The blocks as Markdown: ``#`` headings (one ``#`` a level), paragraphs, GitHub tables;
    never two blank lines in a row, one line break at the end."""
    text = "\n\n".join(_markdown_parts(blocks))
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip("\n") + "\n"


# --- the order and the heading, both formats ---------------------------------------------------------


def in_text_order(blocks: Sequence[BlockOrSection]) -> list[BlockOrSection]:
    """``blocks`` as text draws them: a leading heading (and the facts under it), then the
    sub-sections, then the other blocks."""
    lead = 1 if blocks and isinstance(blocks[0], Heading) else 0
    while lead < len(blocks) and isinstance(blocks[lead], Facts):
        lead += 1
    rest = blocks[lead:]
    return [*blocks[:lead], *(part for part in rest if isinstance(part, Section)),
            *(part for part in rest if not isinstance(part, Section))]


def heading_line(heading: Heading, facts: Facts | None) -> str:
    """The heading, with the play's facts when they follow it: ``Title — file — when, where``."""
    if facts is None:
        return clean(heading.text)
    found = {key: value for key, _, value in facts.pairs}
    parts = [clean(heading.text)]
    if "file" in found:
        parts.append(clean(found["file"]))
    place = " ".join(clean(found["location"]).split()) if found.get("location") else None
    played = ", ".join(part for part in (found.get("date"), place) if part)
    if played:
        parts.append(played)
    return " — ".join(parts)


def _with_facts(blocks: Sequence[BlockOrSection]) -> list[tuple[BlockOrSection, Facts | None]]:
    """Each block to draw, a heading with the facts that follow it (drawn on its line)."""
    paired: list[tuple[BlockOrSection, Facts | None]] = []
    for part in blocks:
        heading = paired[-1][0] if paired and paired[-1][1] is None else None
        if isinstance(part, Facts) and isinstance(heading, Heading):
            paired[-1] = (heading, part)
        else:
            paired.append((part, None))
    return paired


def _shown(part: BlockOrSection) -> bool:
    """Whether text draws the block: not a warning (standard error has it), not a picture."""
    if isinstance(part, Paragraph):
        return part.role != "warning"
    return isinstance(part, Heading | Facts | TieBreak | Tabular | Group | Section)


# --- the table format ---------------------------------------------------------------------------------


def _text_parts(blocks: Sequence[BlockOrSection], width: int | None, fitted: dict[int, str]) -> list[str]:
    """The text of each block (``fitted``: the tables already fitted with their family, by id)."""
    ordered = in_text_order(blocks)
    fitted = {**fitted, **_fit_families(ordered, width)}
    parts: list[str] = []
    for part, facts in _with_facts(ordered):
        if not _shown(part):
            continue
        if isinstance(part, Section):
            parts.extend(_text_parts(part.blocks, width, fitted))
        elif isinstance(part, Heading):
            parts.append(_lines(heading_line(part, facts), width, subsequent="  " if facts else ""))
        elif isinstance(part, Tabular):
            parts.append(fitted.get(id(part)) or fit_tables(part.columns, [_cells(part)], width,
                                                            totals=_totals(part))[0])
        elif isinstance(part, Group):
            parts.append("\n".join(_text_line(inner, width, "  ") for inner in part.blocks))
        elif isinstance(part, Paragraph | TieBreak | Facts):
            parts.append(_text_line(part, width))
    return parts


def _fit_families(blocks: Sequence[BlockOrSection], width: int | None) -> dict[int, str]:
    """The tables of each family found in the sub-sections of ``blocks``, fitted together."""
    families: dict[str, list[Tabular]] = {}
    for section in blocks:
        if isinstance(section, Section):
            for part in section.blocks:
                if isinstance(part, Tabular) and part.family:
                    families.setdefault(part.family, []).append(part)
    fitted: dict[int, str] = {}
    for tables in families.values():
        drawn = fit_tables(tables[0].columns, [_cells(table) for table in tables], width,
                           totals=all(_totals(table) for table in tables))
        fitted.update(zip((id(table) for table in tables), drawn, strict=True))
    return fitted


def _cells(table: Tabular) -> list[list[str]]:
    """The table's cells made safe for a line; in a column that groups rows, a value is shown
    on the first row of its group only."""
    rows = [[clean(cell) for cell in row.cells] for row in table.rows]
    for index, column in enumerate(table.columns):
        if column.groups:
            for above, row in zip(table.rows, rows[1:], strict=False):
                if clean(above.cells[index]) == row[index]:
                    row[index] = ""
    return rows


def _totals(table: Tabular) -> bool:
    return bool(table.rows) and table.rows[-1].role == "total"


def _text_line(part: Paragraph | TieBreak | Facts, width: int | None, hang: str = "") -> str:
    """A paragraph, the tie-break or facts as lines: a label's text hangs under the label's
    end; a paragraph's indent is kept, and its later lines go ``hang`` further in (a line of
    a passage: ``"  "``)."""
    if isinstance(part, Facts):
        return "\n".join(line for _, label, value in part.pairs
                         for line in _labelled(f"{label}: ", value, width))
    if isinstance(part, TieBreak):
        return "\n".join(_labelled("Tie-break: ", part.text, width))
    if part.label:
        label = f"{part.label}: "
        under = " " * display_width(label)
        return "\n".join(line for index, text in enumerate(lines_of(part.text))
                         for line in _labelled(under if index else label, text, width))
    indent = " " * part.indent
    if width is None:
        return indent + clean(part.text)
    return "\n".join(wrap(part.text, width, indent=indent, subsequent=indent + hang))


def _lines(text: str, width: int | None, *, subsequent: str = "") -> str:
    return clean(text) if width is None else "\n".join(wrap(text, width, subsequent=subsequent))


def _labelled(label: str, text: str, width: int | None) -> list[str]:
    """``Tie-break: …`` with wrapped lines under the text (under the label when narrow)."""
    if width is None:
        return [label + clean(text)]
    hang = " " * display_width(label) if width >= 2 * display_width(label) + MIN_FILL else "  "
    return wrap(text, width, indent=label, subsequent=hang)


# --- Markdown -------------------------------------------------------------------------------------------


def markdown_cell(text: str) -> str:
    """A GitHub table cell: one line, with ``\\`` and ``|`` escaped (a name cannot end a cell)."""
    return clean(text).replace("\\", "\\\\").replace("|", "\\|")


def _markdown_parts(blocks: Sequence[BlockOrSection]) -> list[str]:
    parts: list[str] = []
    for part, facts in _with_facts(in_text_order(blocks)):
        if not _shown(part):
            continue
        if isinstance(part, Section):
            parts.extend(_markdown_parts(part.blocks))
        elif isinstance(part, Heading):
            parts.append("#" * part.level + " " + heading_line(part, facts))
        elif isinstance(part, Tabular):
            parts.append(draw_markdown([markdown_cell(column.name) for column in part.columns],
                                       [[markdown_cell(cell) for cell in row.cells] for row in part.rows],
                                       [column.align for column in part.columns]))
        elif isinstance(part, Group):
            parts.append(_markdown_group(part))
        elif isinstance(part, Paragraph | TieBreak | Facts):
            parts.append(_markdown_paragraph(part))
    return parts


def _markdown_paragraph(part: Paragraph | TieBreak | Facts) -> str:
    """A paragraph (``Label: text``, its lines kept with Markdown's hard breaks), the
    tie-break, or facts as ``Label: value`` lines; a note written indented is a list item."""
    if isinstance(part, Facts):
        return "  \n".join(f"{label}: {clean(value)}" for _, label, value in part.pairs)
    if isinstance(part, TieBreak):
        return f"Tie-break: {clean(part.text)}"
    if part.label:
        return f"{part.label}: " + "  \n".join(lines_of(part.text))
    return f"- {clean(part.text)}" if part.indent else clean(part.text)


def _markdown_group(group: Group) -> str:
    """The passage's paragraphs, a blank line between them but between items of one list."""
    text = ""
    listed = False
    for part in group.blocks:
        if isinstance(part, Paragraph) and not part.text and not part.label:
            continue
        item = isinstance(part, Paragraph) and part.indent > 0
        if text:
            text += "\n" if item and listed else "\n\n"
        text += _markdown_paragraph(part)
        listed = item
    return text
