"""The one table engine: display width, text made safe, wrapping, and tables drawn with them.

One width rule, ``display_width`` (wcwidth's, a dependency for that reason), measures
for the wrapping and for tabulate's padding alike: East Asian wide characters and emoji
take two columns, combining marks none. ``wrap`` keeps a detail's clauses (the parts
between ``;``, and a part ending in a stand-alone ``—``) whole on a line whenever a clause
fits a line by itself, so a list of places reads one place to a line rather than broken
anywhere; it never splits a word that fits a line, and keeps a value with the word it
belongs to (``Kit £1,500),``).

tabulate draws the tables (``draw_table``: its "simple" format; ``draw_markdown``: its
"github" format), with the cells ``wrap`` has already broken into lines: tabulate's own
``maxcolwidths`` splits hyphenated words that fit and parts a value from its name
(bench/RESULTS.md, 2026-12-01), so it never wraps here. tabulate is imported only when a
table is drawn.

One fitting rule, ``fit_tables``, fits every table to the width: the score pages' summary
and items, the standings and what their figures add (the columns' ``blocks.Column``
properties say which wrap, which fills the room left, which stays beside the names).

Imported only when a table or Markdown is asked for, so JSON and CSV runs never load it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from wcwidth import wcswidth, wcwidth

from .terminal import DEFAULT_WIDTH

if TYPE_CHECKING:
    from ..blocks import Column

MIN_WIDTH = 20
"""Narrower widths are laid out as this one (lines may then be wider than asked)."""

_LINE_BREAKS = "\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029"
"""What ends a line (``str.splitlines``' list; ``\\r\\n`` is one break)."""
_UNSAFE = [*range(0x00, 0x09), *range(0x0e, 0x1c), 0x1f, *range(0x7f, 0x85), *range(0x86, 0xa0),
           *range(0x202a, 0x202f), *range(0x2066, 0x206a)]
"""Control characters but tab and the line breaks, and the bidirectional controls."""
_SAFE = {**dict.fromkeys(map(ord, _LINE_BREAKS + "\t"), " "), **dict.fromkeys(_UNSAFE, "\ufffd")}
_BREAKS = dict.fromkeys(map(ord, _LINE_BREAKS), "\n")
"""``str.translate`` tables, not patterns: none is compiled at every start (1 ms)."""
_VALUE_END = frozenset(",;:.)")

Align = str
"""``"left"`` or ``"right"``."""


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: wcwidth's ``wcswidth``, the measure tabulate pads
    by (see ``_tabulate``); a character wcwidth cannot size (a control character) counts 0.

    Measured without wcswidth's loop over every character: a plain ASCII line is its
    length, and otherwise each distinct other character is sized once (wcwidth's per
    character rule, which is wcswidth's too but for a joiner or a variation selector).
    """
    if text.isascii() and text.isprintable():
        return len(text)
    others = set(text).difference(_PLAIN)
    if not others.isdisjoint(_SEQUENCES):
        width: int = wcswidth(text)  # emoji sequences: wcswidth's own rule
        return width if width >= 0 else sum(char_width(char) for char in text)
    return len(text) + sum((char_width(char) - 1) * text.count(char) for char in others)


@lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    if " " <= char <= "~":
        return 1
    width: int = wcwidth(char)
    return max(width, 0)


_PLAIN = frozenset(map(chr, range(0x20, 0x7F)))
"""Printable ASCII: one column each."""
_SEQUENCES = frozenset("\u200d\ufe0f")
"""The zero-width joiner and the emoji variation selector: wcswidth sizes the characters
around them together."""


def clean(text: str) -> str:
    """``text`` made safe for one line of a table: line breaks and tabs become spaces,
    other control and bidirectional control characters become U+FFFD."""
    return text.replace("\r\n", " ").translate(_SAFE)


def lines_of(text: str) -> list[str]:
    """``text`` split at its line breaks, each line made safe (``clean``)."""
    return [clean(line) for line in text.replace("\r\n", "\n").translate(_BREAKS).split("\n")]


def wrap(text: str, width: int, *, indent: str = "", subsequent: str = "") -> list[str]:
    """``text`` broken into lines no wider than ``width`` (display width).

    Words go on a line while they fit; a clause that does not fit on the current line
    but fits on a line of its own starts one; a word wider than a line is broken, after
    a ``/`` or ``-`` when one is near the end; a word left alone on the last line takes
    the one before it along. ``indent`` starts the first line, ``subsequent`` the others
    (both counted in ``width``).
    """
    first, later = display_width(indent), display_width(subsequent)
    width = max(width, first + 1, later + 1)
    clauses = _clauses(text)
    if first + sum(whole for _, _, whole in clauses) + len(clauses) - 1 <= width:  # one line
        return [indent + " ".join(word for clause, _, _ in clauses for word in clause)]
    lines: list[list[str]] = []  # the words of each line
    words: list[str] = []  # on the current line
    used = first  # its width so far

    def flush() -> None:
        nonlocal words, used
        lines.append(words)
        words, used = [], later

    def put(word: str, size: int) -> None:
        nonlocal used
        if used + (1 if words else 0) + size <= width:
            used += (1 if words else 0) + size
            words.append(word)
            return
        if words:
            flush()
        if " " in word and used + size > width:  # a parenthesis wider than a line
            for part in word.split(" "):
                put(part, display_width(part))
            return
        while used + size > width:
            head, word = _break_word(word, width - used)
            words.append(head)
            flush()
            size = display_width(word)
        if word:
            words.append(word)
            used += size

    for clause, sizes, whole in clauses:
        if words and used + 1 + whole > width and later + whole <= width:
            flush()
        for word, size in zip(clause, sizes, strict=True):
            put(word, size)
    if words or not lines:
        flush()
    if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 2 \
            and not lines[-2][-1].endswith(";") and lines[-2][-1] != "—":
        # one word alone on the last line: take the word before it along, when that fits
        last = [lines[-2][-1], *lines[-1]]
        if later + display_width(" ".join(last)) <= width:
            lines[-2:] = [lines[-2][:-1], last]
    return [(subsequent if index else indent) + " ".join(line) for index, line in enumerate(lines)]


@lru_cache(maxsize=4096)
def _clauses(text: str) -> tuple[tuple[tuple[str, ...], tuple[int, ...], int], ...]:
    """``text`` as clauses: (words, their widths, the clause's width).

    A clause ends with a word ending in ``;`` (outside parentheses) or a lone ``—``. A
    short parenthesis (``(Level 3)``, up to three words) is one word, and so is a value
    that ends a list entry with the word before it (``Kit £1,500),``); such a word is
    split again only if it cannot fit on a line of its own.
    """
    words = [word for word in clean(text).split(" ") if word]
    clauses: list[list[str]] = [[]]
    depth = 0  # parentheses open: a ';' inside them ends no clause
    index = 0
    while index < len(words):
        word = words[index]
        if word.startswith("(") and ")" not in word:
            end = next((k for k in range(index + 1, min(index + 3, len(words))) if ")" in words[k]), None)
            if end is not None:
                word = " ".join(words[index:end + 1])
                index = end
        index += 1
        if "(" in word or ")" in word:
            depth = max(depth + word.count("(") - word.count(")"), 0)
        if word[-1] in _VALUE_END and _is_value(word) and clauses[-1] and " " not in clauses[-1][-1]:
            word = clauses[-1].pop() + " " + word  # "Kit £1,500)": a name keeps its value
        clauses[-1].append(word)
        if depth == 0 and (word.endswith(";") or word == "—"):
            clauses.append([])
    result = []
    for clause in clauses:
        if clause:
            sizes = tuple(display_width(word) for word in clause)
            result.append((tuple(clause), sizes, sum(sizes) + len(sizes) - 1))
    return tuple(result)


def _is_value(word: str) -> bool:
    """Whether ``word`` is an amount ending a list entry (``£1,500),``, ``(3;``, ``12.``): what
    the pattern ``\\(?[£$€\\d][\\d,.]*\\W*[,;:.)]$`` matches, without compiling it."""
    body = word[1:] if word.startswith("(") else word
    if len(body) < 2 or body[-1] not in _VALUE_END or not (body[0] in "£$€" or body[0].isdecimal()):
        return False
    middle = body[1:-1]
    end = len(middle)  # after the last word character: digits, "," and "." up to it, \W after it
    while end and not (middle[end - 1].isalnum() or middle[end - 1] == "_"):
        end -= 1
    return all(char.isdecimal() or char in ",." for char in middle[:end])


@lru_cache(maxsize=4096)
def line_count(text: str, width: int) -> int:
    """How many lines ``wrap(text, width)`` makes: counted as ``wrap`` fills its lines, without
    making them (layouts are chosen by counting many widths), unless a word is wider than a
    line, which ``wrap`` itself breaks."""
    width = max(width, 1)
    clauses = _clauses(text)
    if sum(whole for _, _, whole in clauses) + len(clauses) - 1 <= width:  # one line, as wrap finds
        return 1
    if max((max(sizes) for _, sizes, _ in clauses), default=0) > width:
        return len(wrap(text, width))
    lines, used = 1, -1  # -1: the current line is empty
    for _, sizes, whole in clauses:
        if used >= 0 and used + 1 + whole > width and whole <= width:  # the clause starts a line
            lines, used = lines + 1, -1
        for size in sizes:
            if used + 1 + size <= width:
                used += 1 + size
            else:
                lines, used = lines + 1, size
    return lines


def _break_word(word: str, room: int) -> tuple[str, str]:
    """The longest head of ``word`` that fits ``room`` columns (at least one character),
    ending after a ``/`` (else a ``-`` or ``_``) when one is in its second half, and the rest."""
    taken = 0
    end = 0
    for index, char in enumerate(word):
        size = char_width(char)
        if index > 0 and taken + size > room:
            break
        taken += size
        end = index + 1
    while end < len(word) and char_width(word[end]) == 0:  # keep combining marks with their letter
        end += 1
    if end < len(word):
        for marks in ("/", "-_"):
            cut = next((cut for cut in range(end, max(end // 2, 1), -1) if word[cut - 1] in marks), None)
            if cut is not None:
                end = cut
                break
    return word[:end], word[end:]


def longest_word(text: str) -> int:
    """The display width of the widest word of ``text``."""
    return max((display_width(word) for word in clean(text).split(" ")), default=0)


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
