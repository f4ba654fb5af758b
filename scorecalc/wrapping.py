"""Text as a terminal shows it, measured once: display width, text made safe, and wrapping.

One width rule, ``display_width`` (wcwidth's, a dependency for that reason), measures every
text a person reads in columns: the tables' cells and tabulate's padding (``output/tables.py``),
the text format's paragraphs (``output/text.py``), and the lines on standard error that
``wrap_message`` fits. East Asian wide characters and emoji take two columns, combining marks
none.

Two ways to break text into lines, one per kind of text, over that one measure:

``wrap`` (the score pages and the standings) keeps a detail's clauses (the parts between
``;``, and a part ending in a stand-alone ``—``) whole on a line whenever a clause fits a line
by itself, so a list of places reads one place to a line rather than broken anywhere; it
never splits a word that fits a line, and keeps a value with the word it belongs to
(``Kit £1,500),``).

``wrap_message`` is the one wrapping of what a person reads on standard error: tally's
questions and messages (``tally/prompt.py``), every other message
(``output.terminal.Console.err``; a located ``FILE:LINE:COL`` one stays whole), the pad's
lines on the laptop's terminal, and ``--show-board``'s lines of text (to the width rule's
columns, as the score beside it, piped too). Otherwise only what goes to a terminal is
wrapped (``Terminal.width``, ``error_width``); piped runs whose standard error is a file or
a pipe print every line as it is, so their transcripts do not depend on a width. A line keeps
its indent, and a line that starts with a mark (``✗``, ``⚠``, ``›``) hangs its continuation
under the text after the mark. A command to copy (``'scorecalc tally caracas night.yaml'``)
is one unbreakable unit, and in a line that must wrap it stands alone on its own line,
without its quotes, so it can be copied whole. A word longer than the width is left whole
(wider than the terminal only when it cannot be shorter); pictures (the Caracas board) are
never passed through here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from wcwidth import wcswidth, wcwidth

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
COMMAND = re.compile(r"'(scorecalc [^']*)'")
MARKS = ("✗ ", "⚠ ", "› ", "· ", "- ")
_LINE_BREAKS = "\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029"
"""What ends a line (``str.splitlines``' list; ``\\r\\n`` is one break)."""
_UNSAFE = [*range(0x00, 0x09), *range(0x0e, 0x1c), 0x1f, *range(0x7f, 0x85), *range(0x86, 0xa0),
           *range(0x202a, 0x202f), *range(0x2066, 0x206a)]
"""Control characters but tab and the line breaks, and the bidirectional controls."""
_SAFE = {**dict.fromkeys(map(ord, _LINE_BREAKS + "\t"), " "), **dict.fromkeys(_UNSAFE, "\ufffd")}
_BREAKS = dict.fromkeys(map(ord, _LINE_BREAKS), "\n")
"""``str.translate`` tables, not patterns: none is compiled at every start (1 ms)."""
_VALUE_END = frozenset(",;:.)")


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
    filling = _Filling(width, first, later)
    for clause, sizes, whole in clauses:
        if filling.words and filling.used + 1 + whole > width and later + whole <= width:
            filling.flush()
        for word, size in zip(clause, sizes, strict=True):
            filling.put(word, size)
    lines = filling.done()
    if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 2 \
            and not lines[-2][-1].endswith(";") and lines[-2][-1] != "—":
        # one word alone on the last line: take the word before it along, when that fits
        last = [lines[-2][-1], *lines[-1]]
        if later + display_width(" ".join(last)) <= width:
            lines[-2:] = [lines[-2][:-1], last]
    return [(subsequent if index else indent) + " ".join(line) for index, line in enumerate(lines)]


class _Filling:
    """``wrap``'s lines as they fill: the words of each line done, those of the current one
    and its width so far (the first line starts after ``first`` columns, the others ``later``)."""

    __slots__ = ("later", "lines", "used", "width", "words")

    def __init__(self, width: int, first: int, later: int) -> None:
        self.width, self.later = width, later
        self.lines: list[list[str]] = []
        self.words: list[str] = []
        self.used = first

    def flush(self) -> None:
        self.lines.append(self.words)
        self.words, self.used = [], self.later

    def put(self, word: str, size: int) -> None:
        width = self.width
        if self.used + (1 if self.words else 0) + size <= width:
            self.used += (1 if self.words else 0) + size
            self.words.append(word)
            return
        if self.words:
            self.flush()
        if " " in word and self.used + size > width:  # a parenthesis wider than a line
            for part in word.split(" "):
                self.put(part, display_width(part))
            return
        while self.used + size > width:
            head, word = _break_word(word, width - self.used)
            self.words.append(head)
            self.flush()
            size = display_width(word)
        if word:
            self.words.append(word)
            self.used += size

    def done(self) -> list[list[str]]:
        if self.words or not self.lines:
            self.flush()
        return self.lines


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




def wrap_message(text: str, width: int) -> list[str]:
    """A message's lines (``text`` may hold newlines), each fitted to ``width`` columns: a command
    whole on a line of its own, a marked line hanging under its text."""
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(wrap_line(line, width))
    return out


def wrap_line(line: str, width: int) -> list[str]:
    if display_width(ESCAPE.sub("", line)) <= width:
        return [line]
    plain = ESCAPE.sub("", line)
    indent = len(plain) - len(plain.lstrip(" "))
    hang = indent
    rest = plain[indent:]
    for mark in MARKS:
        if rest.startswith(mark):
            hang = indent + len(mark)
            break
    numbered = re.match(r"\d+\. ", rest)
    if numbered:  # a numbered list ('=' in tally): the rest hangs under its text
        hang = indent + numbered.end()
    if hang > width // 2:
        hang = min(indent, width // 2)
    leading = line[:len(line) - len(line.lstrip(" "))]
    lines: list[str] = []
    current = leading
    first = True  # no word on the current line yet
    space = ""
    for kind, unit in split_units(line[len(leading):]):
        if kind == "space":
            space = unit
            continue
        if kind == "command":
            if not first:
                lines.append(current.rstrip())
            lines.append(" " * max(hang, 2) + unit)
            current, first, space = " " * hang, True, ""
            continue
        candidate = current + unit if first else current + space + unit
        if first or display_width(ESCAPE.sub("", candidate)) <= width:
            current = candidate
        else:
            lines.append(current.rstrip())
            current = " " * hang + unit
        first, space = False, ""
    if not first:
        lines.append(current.rstrip())
    return lines


def split_units(line: str) -> list[tuple[str, str]]:
    """Words, runs of spaces and whole commands (their quotes dropped), in order."""
    units: list[tuple[str, str]] = []
    position = 0
    for match in COMMAND.finditer(line):
        units.extend(_words(line[position:match.start()]))
        units.append(("command", match.group(1)))
        position = match.end()
    units.extend(_words(line[position:]))
    return units


QUOTED = r"(?<!\S)'[^'\n]{1,40}'[,;:.)]*(?!\S)"
"""An example quoted in a message ('JuJa~ES SwPi~NW . SaAt'): wrapped as one word, never broken
between its own words (what is typed reads whole)."""


def _words(text: str) -> list[tuple[str, str]]:
    return [("space" if part.isspace() else "word", part)
            for part in re.findall(QUOTED + r"|\s+|\S+", text)]
