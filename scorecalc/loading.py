"""YAML text -> a composed node tree that remembers each node's line and column.

Only safe YAML is read: the tree is *composed*, never constructed, so no tag can
build an object; scalars are typed by our own resolvers, under which only
``true``/``false`` are booleans (``No``, ``on``, ``yes`` stay strings), integers are
plain decimals and dates stay text.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from typing import Any, ClassVar

import yaml

from .errors import FileError, InputError, Issue, Path, Position, Positions

MAX_BYTES = 5_000_000
"""No real score sheet comes near this; anything bigger is refused before parsing."""

MAX_DEPTH = 64
"""Nesting deeper than this is refused: no game's format nests beyond six levels."""

MAX_NODES = 200_000
"""Budget of nodes visited while reading a document, aliases expanded (billion laughs)."""

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

NULL = "tag:yaml.org,2002:null"
BOOL = "tag:yaml.org,2002:bool"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
STR = "tag:yaml.org,2002:str"
SEQ = "tag:yaml.org,2002:seq"
MAP = "tag:yaml.org,2002:map"
ALLOWED_TAGS = {NULL, BOOL, INT, FLOAT, STR, SEQ, MAP}


class _Loader(_Base):  # type: ignore[misc,valid-type]
    """The (C, when available) safe loader with our own implicit resolvers."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {}


for _tag, _pattern, _first in [
    (BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    (INT, r"^[-+]?(?:0|[1-9][0-9]*)$", "-+0123456789"),
    (FLOAT, r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?$", "-+.0123456789"),
    (NULL, r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
]:
    _Loader.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


@dataclass(frozen=True)
class Source:
    """The text of one input file and the name it was given by (``-`` for stdin)."""

    name: str
    text: str


def read_source(name: str) -> Source:
    """Read a file (or standard input for ``-``) as UTF-8 text, refusing binaries."""
    try:
        if name == "-":
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(name, "rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise FileError("no such file") from None
    except IsADirectoryError:
        raise FileError("is a folder, not a YAML file") from None
    except OSError as error:
        raise FileError(f"cannot read: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise FileError(
            f"larger than {MAX_BYTES // 1_000_000} MB; no score sheet comes near that, "
            "so this is not one"
        )
    if b"\x00" in raw:
        raise FileError("binary file (it contains NUL bytes), not YAML text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise InputError(
            (),
            f"not valid UTF-8 text (byte 0x{raw[error.start]:02x})",
            hint="save the file as UTF-8",
            position=Position(line, column),
        ) from None
    return Source(name, text)


def compose(source: Source) -> yaml.MappingNode:
    """Parse the text into a node tree; the top must be a mapping."""
    loader = _Loader(source.text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        position = Position(mark.line + 1, mark.column + 1) if mark else Position(1, 1)
        problem = error.problem or "cannot be read as YAML"
        lines = source.text.splitlines()
        at_tab = mark is not None and mark.line < len(lines) and "\t" in lines[mark.line][: mark.column + 1]
        if "'\\t'" in problem or at_tab:
            hint = "indent with spaces; YAML does not allow tabs for indentation"
        else:
            hint = None
        if error.context and error.context not in problem:
            problem = f"{problem} ({error.context})"
        from .syntax import explain

        plain = None if hint else explain(source.text, error)
        if plain is not None:
            problem, hint = plain
        raise InputError((), f"YAML syntax: {problem}", hint=hint, position=position) from None
    except yaml.YAMLError as error:
        raise InputError((), f"YAML syntax: {error}", position=Position(1, 1)) from None
    except RecursionError:
        raise InputError(
            (), f"nesting deeper than {MAX_DEPTH} levels; no score sheet needs that",
            position=Position(1, 1),
        ) from None
    finally:
        loader.dispose()
    if node is None:
        raise InputError(
            (), "the file is empty; expected a mapping with 'game:' and 'players:'",
            hint="run 'scorecalc template GAME' for a starting point",
            position=Position(1, 1),
        )
    if not isinstance(node, yaml.MappingNode):
        raise InputError(
            (), f"expected a mapping with 'game:' and 'players:' at the top, found {describe_node(node)}",
            position=position_of(node),
        )
    return node


def position_of(node: yaml.Node) -> Position:
    return Position(node.start_mark.line + 1, node.start_mark.column + 1)


def describe_node(node: yaml.Node) -> str:
    """How a node looks to a person: 'a list', 'the number 3', 'the text "abc"'."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    value = scalar_value(node)
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the whole number {value}"
    if isinstance(value, float):
        return f"the number {node.value}"
    shown = value if len(value) <= 40 else value[:37] + "..."
    return f"the text {shown!r}"


def scalar_value(node: yaml.ScalarNode) -> Any:
    """The Python value of a scalar under our resolvers (quoted scalars are text)."""
    tag = node.tag
    if tag == STR:
        return node.value
    if tag == INT:
        return int(node.value)
    if tag == FLOAT:
        return float(node.value)
    if tag == BOOL:
        return node.value.lower() == "true"
    if tag == NULL:
        return None
    return node.value


@dataclass
class Document:
    """A validated document: plain data, where each value came from, and warnings."""

    source: Source
    data: dict[str, Any]
    positions: Positions
    warnings: list[Issue] = field(default_factory=list)

    def position(self, path: Path, *, at_key: bool = False) -> Position:
        """Where ``path`` is written, or its nearest written ancestor."""
        return self.positions.of(path, at_key=at_key)

    problems: list[InputError] = field(default_factory=list)
    """Problems a game's own checks found; all of them are reported together."""

    def warn(self, path: Path, message: str) -> None:
        self.warnings.append(Issue(tuple(path), message))

    def report(self, path: Path, message: str, *, hint: str | None = None, at_key: bool = False) -> None:
        """A game's check found a problem: note it and go on checking the rest."""
        self.problems.append(InputError(path, message, hint=hint, at_key=at_key))
