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

Imported only when a table or Markdown is asked for, so JSON and CSV runs never load it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from wcwidth import wcswidth, wcwidth

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
    ``\\n`` the only line break, so tabulate's lines are ours. tests/test_tables_tabulate.py
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



def fit_table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align],
              width: int | None, wrapped: Sequence[int] = (),
              stacked: Callable[[], str] | None = None) -> str:
    """The one fitting rule for a table and a width (``None``: no limit), by ``display_width``.

    The table at its natural width when it fits; else with its headers wrapped at their
    spaces ("Win" over "rate"); else with the text of the ``wrapped`` columns (names) wrapped
    as well, at word boundaries, to the room left (a column no narrower than its header);
    narrower still, stacked: ``stacked()``, by default ``stacked_table`` (each row's names
    on a line, its other cells as ``Header value`` pairs under them).
    """
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
    return stacked() if stacked is not None else stacked_table(headers, rows, align, width, wrapped)


def stacked_table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align], width: int,
                  wrapped: Sequence[int] = ()) -> str:
    """A table too wide for ``width`` as lines: each row's leading cells (up to its last
    ``wrapped`` column, the names) on a line, the last of them wrapped to what is left, then
    its other cells as ``Header value`` pairs, ``; `` between them, wrapped under it."""
    lead = max(wrapped, default=0) + 1
    widths = [max(display_width(clean(row[index])) for row in rows) for index in range(lead - 1)]
    used = sum(size + 2 for size in widths)
    indent = " " * (widths[0] + 4 if widths else 4)
    out = []
    for row in rows:
        names = wrap(row[lead - 1], max(width - used, 1)) if row[lead - 1].strip() else [""]
        first = "  ".join(pad(clean(row[index]), widths[index], align[index]) for index in range(lead - 1))
        out.append(((first + "  ") if first else "") + names[0])
        out.extend(" " * used + name for name in names[1:])
        pairs = [f"{' '.join(clean(headers[index]).split())} {clean(row[index])}"
                 for index in range(lead, len(headers))]
        if pairs:
            out.extend(wrap("; ".join(pairs), width, indent=indent, subsequent=indent))
    return "\n".join(line.rstrip() for line in out)
