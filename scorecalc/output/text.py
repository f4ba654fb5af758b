"""A page of blocks (``output.page``) as text: the table format, fitted to a width, and Markdown.

The table format draws headings and paragraphs as lines (paragraphs wrapped to the width)
and tables as tabulate's "simple" tables fitted to the width (``tables.fit_table``: the
one width rule). Markdown draws ``#`` headings, paragraphs and GitHub tables, each cell
escaped by the one Markdown escaper (``sheets.markdown_cell``). Blocks are separated by a
blank line. Only headings, paragraphs and tables are drawn: the other blocks are pictures,
which only the html page shows.

Imported only when a table or Markdown is asked for (with the table engine).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..blocks import Block, Heading, Paragraph, Table
from .tables import clean, draw_markdown, fit_table, wrap


def render_text(blocks: Sequence[Block], width: int | None) -> str:
    """The blocks in the table format, each line at most ``width`` columns wherever the width
    rule can fit it (``None``: no limit)."""
    parts = []
    for block in blocks:
        if isinstance(block, Heading):
            parts.append(clean(block.text))
        elif isinstance(block, Paragraph):
            parts.append(clean(block.text) if width is None else "\n".join(wrap(block.text, width)))
        elif isinstance(block, Table):
            parts.append(text_table(block, width))
    return "\n\n".join(parts) + "\n"


def text_table(table: Table, width: int | None) -> str:
    """The table fitted to ``width``; in a column that groups rows, a value is shown on the
    first row of its group only."""
    rows = [list(row.cells) for row in table.rows]
    for index, column in enumerate(table.columns):
        if column.groups:
            for above, row in zip(table.rows, rows[1:], strict=False):
                if above.cells[index] == row[index]:
                    row[index] = ""
    return fit_table([column.name for column in table.columns], rows,
                     [column.align for column in table.columns], width,
                     [index for index, column in enumerate(table.columns) if column.wraps])


def render_markdown(blocks: Sequence[Block]) -> str:
    """The blocks as Markdown: ``#`` headings (one ``#`` a level), paragraphs, GitHub tables."""
    from .sheets import markdown_cell

    parts = []
    for block in blocks:
        if isinstance(block, Heading):
            parts.append("#" * block.level + " " + clean(block.text))
        elif isinstance(block, Paragraph):
            parts.append(clean(block.text))
        elif isinstance(block, Table):
            parts.append(draw_markdown([markdown_cell(column.name) for column in block.columns],
                                       [[markdown_cell(cell) for cell in row.cells] for row in block.rows],
                                       [column.align for column in block.columns]))
    return "\n\n".join(parts) + "\n"
