"""YAML syntax errors in plain words: which line, and what the parser expected there.

PyYAML (and libyaml, whose wording differs) say "mapping values are not allowed here" or
"did not find expected key"; a player at the table needs "this line is indented
differently from the lines above it" or "put the value in quotes". ``explain`` turns the
problems players meet into such sentences, quoting the line (at most 80 characters); a
problem it does not know is left to the caller's general message.
"""

from __future__ import annotations

import re

import yaml

from ..errors import quoted, shorten

_KEY = re.compile(r"^(\s*)((?:-\s+)*)([^\s#][^:#]*?):(?:\s|$)")
"""An indented line's key: indentation, list dashes, the key before its ': '."""


def explain(text: str, error: yaml.MarkedYAMLError) -> tuple[str, str | None] | None:
    """``(message, hint)`` for a syntax error a player can fix by knowing where and what; else None."""
    problem = error.problem or ""
    mark = error.problem_mark
    if mark is None:
        return None
    lines = text.splitlines()
    context = error.context_mark
    if problem.startswith("mapping values are not allowed"):
        return _colon_in_value(lines, mark.line, mark.column)
    if problem.startswith(("did not find expected key", "expected <block end>",
                           "did not find expected '-' indicator")):
        return _indentation(lines, mark.line)
    if problem.startswith(("did not find expected ',' or", "expected ',' or")) and context is not None:
        return _flow(lines, mark.line, mark.column, context, problem)
    if problem.startswith("could not find expected ':'") and context is not None \
            and context.line < len(lines):
        written = lines[context.line].strip()
        parts = written.rsplit(None, 1)
        hint = (f"write {shorten(parts[0], 40)}: {shorten(parts[1], 30)}" if len(parts) == 2
                else "add ': ' and the value after the key")
        return f"this line has no ':' after its key: {quoted(written)}", hint
    if "while scanning a quoted scalar" in (error.context or "") and context is not None:
        return (f"the quote opened at line {context.line + 1}, column {context.column + 1} is never closed",
                "end the text with the same quote it starts with")
    return None


def _content(line: str) -> tuple[int, str]:
    """The 1-based column where ``line``'s content starts, and its first token (``money:``, ``- name:``)."""
    stripped = line.lstrip(" ")
    column = len(line) - len(stripped) + 1
    match = _KEY.match(line)
    if match:
        token = f"{match.group(2)}{match.group(3).strip()}:"
    else:
        token = stripped.split(" ", 1)[0] if stripped else ""
    return column, token


def _previous(lines: list[str], index: int) -> int | None:
    """The index of the nearest line above ``index`` with content (not blank, not a comment)."""
    for above in range(min(index, len(lines)) - 1, -1, -1):
        stripped = lines[above].strip()
        if stripped and not stripped.startswith("#"):
            return above
    return None


def _previous_item(lines: list[str], index: int) -> int | None:
    """The index of the nearest list item (a line starting ``- ``) above ``index``."""
    for above in range(index - 1, -1, -1):
        if lines[above].lstrip().startswith("- "):
            return above
    return None


def _key_column(line: str) -> tuple[int, str]:
    """Where the key of ``line`` starts (after a list dash: ``- name:`` -> ``name:``), and the key."""
    column, token = _content(line)
    if line.lstrip().startswith("- "):
        column += len(line.lstrip()) - len(line.lstrip()[1:].lstrip())
        token = token.lstrip("- ").lstrip()
    return column, token


def _lines_up_with(lines: list[str], index: int) -> int | None:
    """The line whose key the mis-indented key at ``index`` belongs beside: of the keys still open
    above it (each nearer one less indented than the last), the one at the nearest column, the
    outer one on a tie. ``leftover:`` one space right of ``books:`` lines up with ``books:``, not
    with the ``flora:`` of the last book above it."""
    column = _content(lines[index])[0]
    best: tuple[int, int] | None = None  # (distance, line)
    limit = None
    for above in range(index - 1, -1, -1):
        stripped = lines[above].strip()
        if not stripped or stripped.startswith("#"):
            continue
        key_column = _key_column(lines[above])[0]
        if limit is not None and key_column >= limit:
            continue
        limit = key_column
        distance = abs(key_column - column)
        if best is None or distance <= best[0]:
            best = (distance, above)
        if key_column == 1:
            break
    return best[1] if best is not None else None


def _indentation(lines: list[str], index: int) -> tuple[str, str | None] | None:
    if index >= len(lines):
        return None
    column, token = _content(lines[index])
    if lines[index].lstrip().startswith("- "):
        above = _previous_item(lines, index)
        if above is None:
            return None
        above_column, above_token = _content(lines[above])
    else:
        above = _lines_up_with(lines, index)
        if above is None:
            return None
        above_column, above_token = _key_column(lines[above])
    if column == above_column:
        return None
    hint = ("start each '- ' of a list at the same column" if token.startswith("-")
            else "indent a key with spaces to the same column as the other keys of its mapping")
    return (f"this line is indented differently from the lines above it: {quoted(token)} at column {column} "
            f"but {quoted(above_token)} at column {above_column} (line {above + 1}): "
            f"{quoted(lines[index].strip())}", hint)


def _colon_in_value(lines: list[str], index: int, column: int) -> tuple[str, str | None] | None:
    if index >= len(lines):
        return None
    line = lines[index]
    match = _KEY.match(line)
    if match and match.end() <= column:
        key = match.group(3).strip()
        value = line[match.end():].strip()
        written = quoted(line.strip())
        return (f"the value of {quoted(key)} contains ': ', which YAML reads as the start of another key: "
                f"{written}",
                f'put the value in quotes: {shorten(key, 30)}: "{shorten(value, 40)}"')
    above = _previous(lines, index)
    if above is not None:
        found, token = _content(line)
        above_column, above_token = _content(lines[above])
        if lines[above].lstrip().startswith("- ") and not line.lstrip().startswith("- "):
            above_column += len(lines[above].lstrip()) - len(lines[above].lstrip()[1:].lstrip())
            above_token = above_token.lstrip("- ").lstrip()
        if found > above_column:
            return (f"this line is indented more than the line above it: {quoted(token)} at column {found} "
                    f"but {quoted(above_token)} at column {above_column} (line {above + 1}): "
                    f"{quoted(line.strip())}",
                    "indent a key with spaces to the same column as the other keys of its mapping")
    return None


def _flow(lines: list[str], index: int, column: int, context: yaml.Mark,
          problem: str) -> tuple[str, str | None]:
    closing = "}" if "'}'" in problem else "]"
    opening = "{" if closing == "}" else "["
    where = f"line {context.line + 1}, column {context.column + 1}"
    line = lines[index] if index < len(lines) else ""
    if line[column:column + 1] == ":" and index == context.line:
        start = max(line.rfind(",", 0, column), line.rfind("{", 0, column), line.rfind("[", 0, column)) + 1
        ends = [at for at in (line.find(",", column), line.find(closing, column)) if at >= 0]
        segment = line[start:min(ends) if ends else len(line)].strip()
        key, _, value = segment.partition(": ")
        return (f"inside the '{opening}...{closing}' that starts at {where}, a value contains ': ': "
                f"{quoted(line.strip())}",
                f'put the value in quotes: {shorten(key, 30)}: "{shorten(value, 40)}"' if value
                else "put the value in quotes")
    return (f"the '{opening}...{closing}' that starts at {where} is not closed: YAML expected ',' or "
            f"'{closing}' at line {index + 1}, column {column + 1}",
            f"close it with '{closing}' on the same line, or put a value containing ',', '[', ']', "
            "'{' or '}' in quotes")
