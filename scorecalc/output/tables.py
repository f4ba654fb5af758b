"""The one table engine: tables drawn and fitted to the width, their text measured, made safe and
wrapped by ``scorecalc/wrapping.py`` (the one text module: ``display_width``, ``clean``, ``wrap``).

tabulate draws the tables (``draw_table``: its "simple" format; ``draw_markdown``: its
"github" format), with the cells ``wrap`` has already broken into lines and padded by the one
width rule (``display_width``): tabulate's own ``maxcolwidths`` splits hyphenated words that
fit and parts a value from its name (``bench/tabulate_wrapping.py`` shows it), so it never wraps here.
tabulate is imported only when a table is drawn.

One fitting rule, ``fit_tables``, fits every table to the width: the score pages' summary
and items, the standings and what their figures add (the columns' ``blocks.Column``
properties say which wrap, which fills the room left, which stays beside the names).

Imported only when a table or Markdown is asked for, so JSON and CSV runs never load it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..wrapping import clean, display_width, line_count, longest_word, wrap
from .terminal import DEFAULT_WIDTH

if TYPE_CHECKING:
    from ..blocks import Column

MIN_WIDTH = 20
"""Narrower widths are laid out as this one (lines may then be wider than asked)."""

Align = str
"""``"left"`` or ``"right"``."""


# --- tables -------------------------------------------------------------------------------


def pad(text: str, width: int, side: Align = "left") -> str:
    """``text`` padded with spaces to ``width`` columns, on the right (``left``) or the left."""
    padding = " " * max(width - display_width(text), 0)
    return padding + text if side == "right" else text + padding


def column_width(header: str, cells: Iterable[str]) -> int:
    """The width tabulate gives a column: its widest line, and at least the header + 2."""
    widest = max((display_width(line) for cell in cells for line in cell.split("\n")), default=0)
    return max(max(display_width(line) for line in header.split("\n")) + 2, widest)


def table_width(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """The width of ``draw_table(headers, rows, ...)`` at its own column widths."""
    columns = [column_width(header, [row[i] for row in rows]) for i, header in enumerate(headers)]
    return sum(columns) + 2 * (len(columns) - 1)


def draw_table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align],
               widths: Sequence[int] | None = None) -> str:
    """tabulate's "simple" table; a cell or a header may span lines (``\\n``, as ``wrap``
    made them): cells hang from their row, headers sit on the rule. Each line of a cell is
    stripped of surrounding spaces, each line of the table of trailing ones (tabulate's way).

    ``widths``: the columns at least that wide (so that several tables line up), given
    to tabulate as a header that long; a column is never narrower than its widest line.
    """
    cells = [[_table_cell(cell) for cell in row] for row in rows]
    heads = [_safe_lines(header) for header in headers]
    if widths is not None:
        heads = [_widened(header, width, column_width(header, [row[i] for row in cells]), side)
                 for i, (header, width, side) in enumerate(zip(heads, widths, align, strict=True))]
    height = max((header.count("\n") for header in heads), default=0)
    heads = ["\n" * (height - header.count("\n")) + header for header in heads]  # down to the rule
    return _tabulate(heads, cells, align, "simple")


def draw_markdown(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align]) -> str:
    """A GitHub table, tabulate's "github" format: one space inside each ``|``, columns as
    wide as their widest cell and at least the header + 2, a rule of dashes. A cell is one
    line (line breaks become spaces); the caller escapes ``|``."""
    return _tabulate([clean(header) for header in headers],
                     [[clean(cell).strip() for cell in row] for row in rows], align, "github")


def _tabulate(headers: list[str], rows: list[list[str]], align: Sequence[Align], style: str) -> str:
    """tabulate with every cell text as given (no number parsing), the alignment given, and
    ``display_width`` for its widths (``_measured_by_display_width``). A table without rows
    is drawn with one empty row, then cut after its rule: tabulate aligns the headers of an
    empty table to the left."""
    from tabulate import tabulate

    _measured_by_display_width()
    text = tabulate(rows or [[""] * len(headers)], headers, tablefmt=style, disable_numparse=True,
                    colalign=align)
    if rows:
        return text
    rule = 1 + max((header.count("\n") for header in headers), default=0)  # the lines above the row
    return "\n".join(text.split("\n")[:rule + 1])


class _Measure:
    """What tabulate asks of wcwidth when it measures a line: ``display_width``."""

    wcswidth = staticmethod(display_width)


@lru_cache(maxsize=1)
def _measured_by_display_width() -> None:
    """Make tabulate measure with ``display_width``: the one width rule for the wrapping and
    the padding. tabulate 0.9 measures each line of a cell with ``wcwidth.wcswidth``,
    through its module's own ``wcwidth`` name, when its ``WIDE_CHARS_MODE`` is on; that name
    is ours here. The numbers are wcswidth's on every text ``clean`` has made safe, and come
    faster (no loop over the characters of a plain ASCII line); ``clean`` also leaves
    ``\\n`` the only line break, so tabulate's lines are ours. tests/rules/test_tables_tabulate.py
    checks both."""
    import tabulate

    setattr(tabulate, "wcwidth", _Measure)  # noqa: B010 (a name the type stubs do not declare)
    tabulate.WIDE_CHARS_MODE = True


def _safe_lines(text: str) -> str:
    return "\n".join(clean(line) for line in text.split("\n"))


def _table_cell(cell: str) -> str:
    return "\n".join(clean(line).strip() for line in cell.split("\n"))


def _widened(header: str, width: int, natural: int, side: Align) -> str:
    """``header`` with its last line made ``width - 2`` columns (spaces on the side away from
    the column's alignment), so that tabulate makes its column ``width`` wide."""
    if width <= natural:
        return header
    *above, last = header.split("\n")
    return "\n".join([*above, pad(last, width - 2, side)])


# --- fitting: the one width rule ---------------------------------------------------------------------

HANGING_WIDTH = DEFAULT_WIDTH
"""Narrower than this, a table with a filling column that does not fit as it is stacks (SPEC:
"narrower widths may stack each item's detail under it")."""
WRAPPED_NAME = 4
"""What a wrapped name costs, in lines, when the widths of a hanging table are chosen."""
MIN_FILL = 30
"""A filling column narrower than this is written under its rows instead (at 80 columns and
wider it always gets more)."""
NAME_TRIED = 16
"""The narrowest name column tried for a hanging table is no wider than this."""


def fit_tables(columns: Sequence[Column], bodies: Sequence[Sequence[Sequence[str]]], width: int | None, *,
               totals: bool = False) -> list[str]:
    """The one fitting rule for tables and a width (``None``: no limit), by ``display_width``;
    ``bodies``: the rows of tables that share ``columns`` (each player's items), fitted
    together so that they line up.

    A table fits at its natural width when it can. Else its headers wrap at their spaces
    ("Win" over "rate"). Else the text of its wrapping columns (``Column.wraps``: names)
    wraps at word boundaries, to the room left (a column no narrower than its header). A
    table with a filling column (``Column.fills``: details) hangs instead: the widths of its
    names and its filling column are chosen together, taking the fewest lines
    (``_hanging_widths``), and its tables get the same widths. Narrower still, a table
    stacks: a hanging one as items under their group with the filling text under each
    (``_stacked_hanging``; its last row its total when ``totals``), another as its names on
    a line, figures ``beside`` them, and its other cells as ``Header value`` pairs under
    them (``stacked_table``).
    """
    if any(column.fills for column in columns):
        return _fit_hanging(columns, bodies, width, totals)
    headers = [clean(column.name) for column in columns]
    align = [column.align for column in columns]
    wrapped = [index for index, column in enumerate(columns) if column.wraps]
    drawn = []
    for rows in bodies:
        fitted = _fit_one(headers, rows, align, width, wrapped)
        drawn.append(stacked_table(columns, rows, width or 0) if fitted is None else fitted)
    return drawn


def _fit_one(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align], width: int | None,
             wrapped: Sequence[int]) -> str | None:
    """The table at its natural width, with its headers wrapped, or with its names wrapped as
    well; ``None`` when it must stack."""
    if width is None or table_width(headers, rows) <= width or not rows:
        return draw_table(headers, rows, align)
    heads = list(headers)
    for index, header in enumerate(heads):
        widest = max(display_width(line) for row in rows for line in row[index].split("\n"))
        heads[index] = "\n".join(wrap(header, max(longest_word(header), widest - 2)))
    if table_width(heads, rows) <= width:
        return draw_table(heads, rows, align)
    over = table_width(heads, rows) - width
    cells = [list(row) for row in rows]
    for column in wrapped:
        natural = column_width(heads[column], [row[column] for row in cells])
        least = column_width(heads[column], [])
        room = max(least, natural - over)
        if room < natural:
            over -= natural - room
            for row in cells:
                row[column] = "\n".join(wrap(row[column], room))
    if over <= 0:
        return draw_table(heads, cells, align)
    return None


def stacked_table(columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int) -> str:
    """A table too wide for ``width`` as lines: each row's leading cells (up to its last
    wrapping column, the names) on a line, the last of them wrapped to what is left, and the
    figures that stay ``beside`` the names after them; then its other cells as ``Header
    value`` pairs, ``; `` between them, wrapped under it."""
    headers = [clean(column.name) for column in columns]
    lead = max((index for index, column in enumerate(columns) if column.wraps), default=0) + 1
    beside = [index for index in range(lead, len(columns)) if columns[index].beside]
    widths = [max(display_width(clean(row[index])) for row in rows) for index in range(lead - 1)]
    used = sum(size + 2 for size in widths)
    figures = [(index, max(display_width(row[index]) for row in rows)) for index in beside]
    indent = " " * (widths[0] + 4 if widths else 4)
    label = max(width - used, 1)
    if beside:
        label = min(max(display_width(clean(row[lead - 1])) for row in rows),
                    width - used - sum(size + 2 for _, size in figures))
    out = []
    for row in rows:
        names = wrap(row[lead - 1], label) if row[lead - 1].strip() or beside else [""]
        first = "  ".join(pad(clean(row[index]), widths[index], columns[index].align)
                          for index in range(lead - 1))
        line = ((first + "  ") if first else "") + (pad(names[0], label) if beside else names[0])
        out.append(line + _beside(row, figures))
        out.extend(" " * used + name for name in names[1:])
        pairs = [f"{' '.join(clean(headers[index]).split())} {clean(row[index])}"
                 for index in range(lead, len(headers)) if index not in beside]
        if pairs:
            out.extend(wrap("; ".join(pairs), width, indent=indent, subsequent=indent))
    return "\n".join(line.rstrip() for line in out)


# --- hanging tables: names, figures and a filling column (each player's items) ------------------------


def _fit_hanging(columns: Sequence[Column], bodies: Sequence[Sequence[Sequence[str]]], width: int | None,
                 totals: bool) -> list[str]:
    """Tables with a filling column (``fit_tables``): its group and name columns (the two
    that wrap), its figures, and the filling column; every table gets the same widths."""
    name = _hanging_shape(columns)[1]
    headers = [clean(column.name) for column in columns]
    align = [column.align for column in columns]
    if width is None:
        return [draw_table(headers, rows, align) for rows in bodies]
    every = [row for rows in bodies for row in rows]
    chosen = _hanging_widths(columns, every, width)
    if chosen is None:
        figures = [(index, max(display_width(row[index]) for row in every))
                   for index, column in enumerate(columns) if column.beside]
        label = min(max(display_width("  " + row[name]) for row in every),
                    width - sum(size + 2 for _, size in figures))
        return [_stacked_hanging(columns, rows, width, label, figures, totals) for rows in bodies]
    widths = [chosen.get(index) or column_width(headers[index], [row[index] for row in every])
              for index, column in enumerate(columns)]
    return [draw_table(headers, [[_wrapped(cell, chosen[index]) if index in chosen else cell
                                  for index, cell in enumerate(row)] for row in rows], align, widths)
            for rows in bodies]


def _hanging_shape(columns: Sequence[Column]) -> tuple[int, int, int]:
    """The group column, the name column (the two that wrap) and the filling column of a
    hanging table."""
    wrapping = [index for index, column in enumerate(columns) if column.wraps]
    filling = [index for index, column in enumerate(columns) if column.fills]
    if len(wrapping) != 2 or len(filling) != 1:
        raise ValueError("a table with a filling column has one, and two columns that wrap (a group, a name)")
    return wrapping[0], wrapping[1], filling[0]


def _wrapped(text: str, width: int) -> str:
    return "\n".join(wrap(text, width))


def _hanging_widths(columns: Sequence[Column], rows: Sequence[Sequence[str]],
                    width: int) -> dict[int, int] | None:
    """The widths of the group, name and filling columns for ``width`` (by index), or ``None``
    when the filling text is to be written under its rows instead: the table does not fit as
    it is and ``width`` is under ``HANGING_WIDTH``, or the filling column would be narrower
    than ``MIN_FILL``.

    When the natural widths do not fit, the layout taking the fewest lines is chosen among a
    few: each group column width (its natural width, or its longest word) with each name
    column width at which a name stops wrapping, a wrapped name counting as
    ``WRAPPED_NAME`` more lines; on a draw, fewer wrapped names, then the wider filling
    column.
    """
    group, name, fill = _hanging_shape(columns)
    natural = [column_width(clean(column.name), [row[index] for row in rows])
               for index, column in enumerate(columns)]
    figures = sum(natural[index] for index in range(len(columns)) if index not in (group, name, fill))
    room = width - figures - 2 * (len(columns) - 1)
    category, item, detail = natural[group], natural[name], natural[fill]
    if category + item + detail <= room:
        return {group: category, name: item, fill: detail}
    if width < HANGING_WIDTH:
        return None
    fewest_item = max(display_width(clean(columns[name].name)) + 2,
                      min(item, max(longest_word(row[name]) for row in rows), NAME_TRIED))
    fewest_category = max(display_width(clean(columns[group].name)) + 2,
                          min(category, max(longest_word(row[group]) for row in rows)))
    items = {fewest_item, *(size for row in rows for size in _fewer_lines(row[name], fewest_item, item))}
    categories = {fewest_category, category,
                  *(size for row in rows for size in _fewer_lines(row[group], fewest_category, category))}
    layouts = [(category_width, item_width, room - category_width - item_width)
               for category_width in categories for item_width in items
               if room - category_width - item_width >= MIN_FILL]
    if not layouts:
        return None
    wanted = min(detail, max(MIN_FILL, room // 2))
    layouts = [layout for layout in layouts if layout[2] >= wanted] or [max(layouts, key=lambda w: w[2])]

    def cost(layout: tuple[int, int, int]) -> tuple[int, int, int]:
        category_width, item_width, detail_width = layout
        lines = wrapped = 0
        for row in rows:
            names = line_count(row[group], category_width), line_count(row[name], item_width)
            lines += max(*names, line_count(row[fill], detail_width))
            wrapped += (names[0] > 1) + (names[1] > 1)
        return lines + WRAPPED_NAME * wrapped, wrapped, -detail_width

    category, item, detail = min(layouts, key=cost)
    return {group: category, name: item, fill: detail}


def _fewer_lines(name: str, narrowest: int, widest: int) -> set[int]:
    """The column widths between ``narrowest`` and ``widest`` at which ``name`` takes one line
    fewer than at the width before: each is a width worth trying (a name of 25 columns may
    take three lines at 13, two at 16 and one at 25)."""
    sizes: set[int] = set()
    before = line_count(name, narrowest)
    for size in range(narrowest + 1, min(widest, display_width(name)) + 1):
        lines = line_count(name, size)
        if lines < before:
            sizes.add(size)
            before = lines
    return sizes


def _stacked_hanging(columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int, label: int,
                     figures: Sequence[tuple[int, int]], totals: bool) -> str:
    """Narrow widths: rows under their group, each row's filling text on lines under it.

    ::

        Common animals
          Jaguar             1
            1 of 4 jaguars scores —
            ...
        --------------------------
        Total               19

    ``label`` is the width of the names' column (indent included), ``figures`` each figure's
    column and width; with ``totals``, the last row is the total, after a rule.
    """
    group, name, fill = _hanging_shape(columns)
    out: list[str] = []
    heading = None
    for row in rows[:-1] if totals else rows:
        if row[group] != heading:
            out.extend(wrap(row[group], width))
            heading = row[group]
        names = wrap(row[name], label, indent="  ", subsequent="    ")
        out.append(pad(names[0], label) + _beside(row, figures))
        out.extend(names[1:])
        if row[fill]:
            out.extend(wrap(row[fill], width, indent="      ", subsequent="      "))
    if totals and rows:
        out.append("-" * (label + sum(size + 2 for _, size in figures)))
        out.append(pad(rows[-1][name], label) + _beside(rows[-1], figures))
    return "\n".join(out)


def _beside(row: Sequence[str], figures: Iterable[tuple[int, int]]) -> str:
    """The row's figures that stay beside its names (``figures``: index and width of each)."""
    return "".join("  " + pad(row[index], size, "right") for index, size in figures)
