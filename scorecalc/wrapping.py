"""Tally's lines fitted to the terminal: wrapped at word boundaries, commands kept whole.

Only what goes to a terminal is wrapped (``Terminal.width``); piped runs whose standard
error is a file or a pipe print every line as it is, so their transcripts do not depend
on a width. A line keeps its indent, and a line that starts with a mark (``✗``, ``⚠``,
``›``) hangs its continuation under the text after the mark. A command to copy
(``'scorecalc tally caracas night.yaml'``) is one unbreakable unit, and in a line that
must wrap it stands alone on its own line, without its quotes, so it can be copied whole.
A word longer than the width is left whole (wider than the terminal only when it cannot
be shorter); pictures (the Caracas board) are never passed through here.
"""

from __future__ import annotations

import re

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
COMMAND = re.compile(r"'(scorecalc [^']*)'")
MARKS = ("✗ ", "⚠ ", "› ", "· ", "- ")


def display_width(text: str) -> int:
    from wcwidth import wcswidth

    plain = ESCAPE.sub("", text)
    width = wcswidth(plain)
    return width if width >= 0 else len(plain)


def wrap(text: str, width: int) -> list[str]:
    """The lines of ``text`` (which may hold newlines), each fitted to ``width`` columns."""
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(wrap_line(line, width))
    return out


def wrap_line(line: str, width: int) -> list[str]:
    if display_width(line) <= width:
        return [line]
    plain = ESCAPE.sub("", line)
    indent = len(plain) - len(plain.lstrip(" "))
    hang = indent
    rest = plain[indent:]
    for mark in MARKS:
        if rest.startswith(mark):
            hang = indent + len(mark)
            break
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
        if first or display_width(candidate) <= width:
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


def _words(text: str) -> list[tuple[str, str]]:
    return [("space" if part.isspace() else "word", part) for part in re.findall(r"\s+|\S+", text)]
