"""A table's plain data as the node tree its file would compose into, without the file.

Tally checks the table after each answer with the same declaration and the same game checks
a file gets (``pipeline.check_document``). Writing the table out (``layout.render``) and
composing the text back cost about as much as the declaration's check itself, for a tree
known in advance: ``table_nodes`` builds that tree straight from the data, each node with
the tag, the value, the style and the line and column the written file gives it (so every
message, its path and the order of the problems are those of the file), and the few lines
of text a check reads back (a Caracas grid's tiles are located in the file's own lines).

It follows ``layout.emit`` decision for decision (flow or block, the comment lines, the
``|`` blocks), using layout's own rules for each. Where a value's text would not read
back as itself (a character YAML refuses or reads as a line break, a block that begins
with a space, a key too long to be a plain key, a tree past the loader's budgets), it
answers ``None`` and the caller writes and reads the text as before.
``tests/rules/test_table_nodes.py`` holds the two routes to the same errors and warnings, in
the same order at the same positions, over random tables of every game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import yaml

from ..games import Game, State
from ..reading.loading import MAX_DEPTH, MAX_NODES
from ..reading.scalars import INT, MAP, SEQ, STR, tag_of
from ..spec import Record, Spec, record_of
from .layout import FLOW_WIDTH, SHORT_LIST, _nested, scalar

__all__ = ["table_nodes"]

_UNSAFE = re.compile("[^\x09\x0A\x0D\x20-\x7E\xA0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\U00010000-\U0010ffff]")
"""What YAML refuses in a text (PyYAML's non-printable characters; the byte order mark, which
libyaml refuses inside a document) or reads as a line break (NEL; LS and PS lie in the
printable range and are caught by ``_BREAKS``)."""
_BREAKS = re.compile("[\r\u2028\u2029]")
_BLOCK_UNSAFE = re.compile("(?:^|\n)[ \t]")
"""A line of a ``|`` block that begins with a space or a tab: YAML takes the block's
indentation from its first line, so such a text would not read back as itself."""
MAX_KEY = 1000
"""A plain (implicit) key is at most 1,024 characters in YAML: past this, the file's route."""


class Unsafe(Exception):
    """The data holds something whose written text would not read back as itself."""


class _Builder:
    """The layout's walk, making nodes at the lines and columns the text would have."""

    __slots__ = ("count", "line", "name", "texts")

    def __init__(self, name: str) -> None:
        self.name = name
        self.line = 0
        self.count = 0
        self.texts: dict[int, str] = {}
        """The text of the lines a check reads back: each string scalar at its column (what
        lies between them left blank), each ``|`` block's lines."""

    def write(self, column: int, written: str) -> None:
        """``written`` at ``column`` of this line, right of what the line holds (left to right)."""
        line = self.texts.get(self.line, "")
        self.texts[self.line] = line + " " * (column - len(line)) + written

    def undo(self, count: int, line: str | None) -> None:
        """A value built in flow style that layout writes in block style: its nodes uncounted,
        its line's text as before."""
        self.count = count
        if line is None:
            self.texts.pop(self.line, None)
        else:
            self.texts[self.line] = line

    def mark(self, line: int, column: int) -> yaml.Mark:
        return yaml.Mark(self.name, 0, line, column, None, 0)

    def counted(self, depth: int) -> None:
        self.count += 1
        if self.count > MAX_NODES or depth > MAX_DEPTH:
            raise Unsafe

    # --- scalars -------------------------------------------------------------------------------

    def scalar(self, value: Any, column: int, depth: int, key: bool = False) -> tuple[yaml.ScalarNode, int]:
        """``value`` as ``layout.scalar`` writes it, at ``column`` of this line; and the column
        after it."""
        self.counted(depth)
        if value.__class__ is str:
            found = _text(value)
            if found is None:
                raise Unsafe
            written, tag, style = found
            read = value
            self.write(column, written)
        elif value is None or isinstance(value, bool | int | float):
            written = scalar(value)
            tag = INT if value.__class__ is int else tag_of(written)
            style, read = None, written
        else:  # written as its text (str(value)), as layout writes it
            read = str(value)
            found = _text(read)
            if found is None:
                raise Unsafe
            written, tag, style = found
            self.write(column, written)
        if key and len(written) > MAX_KEY:
            raise Unsafe
        end = column + len(written)
        line = self.line
        node = yaml.ScalarNode(tag, read, self.mark(line, column), self.mark(line, end), style=style)
        return node, end

    def block_text(self, value: str, indent: int, column: int, depth: int) -> yaml.ScalarNode:
        """``key: |`` and its lines (``layout.emit``): the node starts at the ``|``."""
        self.counted(depth)
        kept = value.rstrip("\n")
        if not kept.strip("\n") or _UNSAFE.search(kept) or _BREAKS.search(kept) or _BLOCK_UNSAFE.search(kept):
            raise Unsafe
        lines = kept.split("\n")
        start = self.mark(self.line, column)
        self.write(column, "|")
        pad = " " * (indent + 2)
        for line in lines:
            self.line += 1
            if line:
                self.texts[self.line] = pad + line
        self.line += 1
        return yaml.ScalarNode(STR, "\n".join(lines) + "\n", start, self.mark(self.line, 0), style="|")

    # --- flow ------------------------------------------------------------------------------------

    def flow(self, value: Any, column: int, depth: int) -> tuple[yaml.Node, int]:
        """``layout.flow(value)`` at ``column`` of this line, and the column after it."""
        if isinstance(value, dict):
            self.counted(depth)
            at = column + 1
            pairs: list[tuple[yaml.Node, yaml.Node]] = []
            for index, (key, entry) in enumerate(value.items()):
                if index:
                    at += 2
                key_node, at = self.scalar(key, at, depth + 1, key=True)
                value_node, at = self.flow(entry, at + 2, depth + 1)
                pairs.append((key_node, value_node))
            at += 1
            return yaml.MappingNode(MAP, pairs, self.mark(self.line, column), self.mark(self.line, at),
                                    flow_style=True), at
        if isinstance(value, list | tuple):
            self.counted(depth)
            at = column + 1
            items: list[yaml.Node] = []
            for index, entry in enumerate(value):
                if index:
                    at += 2
                node, at = self.flow(entry, at, depth + 1)
                items.append(node)
            at += 1
            return yaml.SequenceNode(SEQ, items, self.mark(self.line, column), self.mark(self.line, at),
                                     flow_style=True), at
        return self.scalar(value, column, depth)

    # --- block -----------------------------------------------------------------------------------

    def emit(self, spec: Spec | None, value: Any, indent: int, end: int, comments: bool,
             depth: int) -> yaml.Node:
        """The value of ``key: value`` (``layout.emit``), its key from ``indent`` to column ``end``
        of this line; the builder is on the line after it when done. Where layout writes a value
        in flow style if it fits the width, it is built so and kept if it fits (its width is where
        it ends), else built again in block style."""
        if isinstance(value, str) and "\n" in value:
            return self.block_text(value, indent, end + 2, depth)
        if isinstance(value, dict):
            return self.emit_mapping(spec, value, indent, end, comments, depth)
        if isinstance(value, list):
            return self.emit_list(spec, value, indent, end, comments, depth)
        node, _ = self.scalar(value, end + 2, depth)
        self.line += 1
        return node

    def flow_fits(self, value: Any, end: int, depth: int) -> yaml.Node | None:
        """``value`` in flow style after ``key:`` ending at column ``end``, if it fits the width
        (the builder then on the next line); ``None``, and nothing built, if not."""
        count, line = self.count, self.texts.get(self.line)
        node, after = self.flow(value, end + 2, depth)
        if end + 1 + after - (end + 2) < FLOW_WIDTH:
            self.line += 1
            return node
        self.undo(count, line)
        return None

    def emit_mapping(self, spec: Spec | None, value: dict[str, Any], indent: int, end: int, comments: bool,
                     depth: int) -> yaml.Node:
        record = record_of(spec)
        if (record is None or not comments) and not _nested(value):
            fitted = self.flow_fits(value, end, depth)
            if fitted is not None:
                return fitted
        empty = self.mark(self.line, end + 1)
        self.line += 1
        values = spec.value_spec() if spec is not None else None
        pairs = self.mapping(record, value, indent + 2, comments, values, depth)
        if not pairs:  # 'key:' and nothing under it: YAML reads nothing there
            self.counted(depth)
            return yaml.ScalarNode(tag_of(""), "", empty, empty)
        return yaml.MappingNode(MAP, pairs, pairs[0][0].start_mark, self.mark(self.line, 0))

    def emit_list(self, spec: Spec | None, value: list[Any], indent: int, end: int, comments: bool,
                  depth: int) -> yaml.Node:
        if not any(isinstance(v, dict | list) for v in value):
            fitted = self.flow_fits(value, end, depth)
            if fitted is not None:
                return fitted
        self.counted(depth)
        self.line += 1
        item = spec.item_spec() if spec is not None else None
        entries: list[yaml.Node] = []
        dashes: list[int] = []
        short_list = len(value) <= SHORT_LIST
        for index, entry in enumerate(value):
            record_entry = isinstance(entry, dict) and bool(entry)
            if not (record_entry and (short_list or _nested(entry))):
                count, line = self.count, self.texts.get(self.line)
                node, after = self.flow(entry, indent + 4, depth + 1)  # '  - ' and the entry
                if not record_entry or after < FLOW_WIDTH:
                    dashes.append(self.line)
                    self.line += 1
                    entries.append(node)
                    continue
                self.undo(count, line)
            # layout puts the '- ' before the entry's first key, below its comment
            pairs = self.mapping(record_of(item), entry, indent + 4, comments and index == 0, None, depth + 1)
            first = pairs[0][0].start_mark
            dashes.append(first.line)
            entries.append(yaml.MappingNode(MAP, pairs, first, self.mark(self.line, 0)))
        return yaml.SequenceNode(SEQ, entries, self.mark(dashes[0], indent + 2), self.mark(self.line, 0))

    def mapping(self, record: Record | None, value: dict[str, Any], indent: int, comments: bool,
                value_spec: Spec | None, depth: int) -> list[tuple[yaml.Node, yaml.Node]]:
        """``layout.emit_mapping``: a block mapping's pairs at ``indent``, each key on a line of
        its own below its comment."""
        self.counted(depth)
        fields = record.fields if record is not None else {}
        keys = [*fields, *(k for k in value if k not in fields)] if fields else list(value)
        pairs: list[tuple[yaml.Node, yaml.Node]] = []
        for key in keys:
            if key not in value:
                continue
            field = fields.get(key)
            if comments and field is not None and field.doc:
                self.line += 1 + field.doc.count("\n")
            spec = field.spec if field is not None else value_spec
            key_node, end = self.scalar(key, indent, depth + 1, key=True)
            pairs.append((key_node, self.emit(spec, value[key], indent, end, comments, depth + 1)))
        return pairs


@lru_cache(maxsize=4096)
def _text(text: str) -> tuple[str, str, str | None] | None:
    """A text as ``layout.scalar`` writes it, the tag it reads back with and its style (``"``:
    in double quotes); ``None`` when it would not read back as itself. Names and keys repeat
    from answer to answer: kept."""
    written = scalar(text)
    if written != text:  # in double quotes, as JSON writes a string
        if _UNSAFE.search(written) or _BREAKS.search(written):
            return None
        return written, STR, '"'
    if "\n" in text:  # "A\n" passes layout's plain pattern ('$' before a last line break)
        return None
    return written, tag_of(written), None


def table_nodes(game: Game[State], data: Mapping[str, Any],
                name: str = "table") -> tuple[yaml.MappingNode, str] | None:
    """The node tree of the file ``layout.render(game, data, None)`` writes, and the lines of
    its text a check reads back (the others left empty); ``None`` when some value's text would
    not read back as itself (the file's route then gives the answer)."""
    builder = _Builder(name)
    builder.line = 3  # the two lines of the header and a blank line
    try:
        pairs = builder.mapping(game.declaration, {"game": game.name, **data}, 0, True, None, 0)
    except Unsafe:
        return None
    top = yaml.MappingNode(MAP, pairs, pairs[0][0].start_mark, builder.mark(builder.line, 0))
    texts = builder.texts
    text = "\n".join(texts.get(line, "") for line in range(builder.line + 1))
    return top, text

