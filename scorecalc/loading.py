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

from .errors import MAX_SHOWN, FileError, InputError, Issue, Path, Position, Positions, quoted, shorten

MAX_BYTES = 5_000_000
"""No real score sheet comes near this; anything bigger is refused before parsing."""

MAX_DEPTH = 64
"""Nesting deeper than this is refused: no game's format nests beyond six levels."""

MAX_NODES = 20_000
"""Budget of nodes in a document: checked on the text before it is composed (``prescan``),
then again while validating, aliases expanded (billion laughs). The largest example has
339 nodes; at 20,000 the slowest file under budget reads in about half a second
(bench/RESULTS.md)."""

MAX_DIGITS = 100
"""Numbers longer than this many digits are refused (Python's ``int()`` stops at 4,300)."""

MAX_VALUE_LENGTH = 100_000
"""Characters in one value: the longest real one, a Caracas grid of all 73 tiles, is about
2,000. Past this, matching a name ("did you mean") alone would take seconds and 200 MB."""

MAX_KEY_LENGTH = 200
"""No key of any game is longer than a player's name (100 characters) with some spaces."""

SHOWN = MAX_SHOWN
"""Offending values are quoted in messages up to this many characters (``errors.shorten``)."""

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

NULL = "tag:yaml.org,2002:null"
BOOL = "tag:yaml.org,2002:bool"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
STR = "tag:yaml.org,2002:str"
SEQ = "tag:yaml.org,2002:seq"
MAP = "tag:yaml.org,2002:map"
ALLOWED_TAGS = {NULL, BOOL, INT, FLOAT, STR, SEQ, MAP}
SCALAR_TAGS = {NULL, BOOL, INT, FLOAT, STR}
CORE_PREFIX = "tag:yaml.org,2002:"


class _Loader(_Base):
    """The (C, when available) safe loader with our own implicit resolvers."""

    yaml_implicit_resolvers: ClassVar[dict[str | None, list[tuple[str, re.Pattern[str]]]]] = {}


_PATTERNS = {
    BOOL: re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    INT: re.compile(r"^[-+]?[0-9]+$"),  # as YAML 1.2's core schema: 007 is 7, never octal
    FLOAT: re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?$"),
    NULL: re.compile(r"^(?:~|null|Null|NULL|)$"),
}
"""What each typed scalar looks like: the implicit resolvers, and the test of explicit tags."""

for _tag, _first in [(BOOL, "tTfF"), (INT, "-+0123456789"), (FLOAT, "-+.0123456789"),
                     (NULL, ["~", "n", "N", ""])]:
    _Loader.add_implicit_resolver(_tag, _PATTERNS[_tag], list(_first))

_INT_MATCH = _PATTERNS[INT].fullmatch  # fullmatch: "12\n" (a tagged block scalar) is not "12"
_BOOL_TEXT = {word: word.lower() == "true" for word in ("true", "True", "TRUE", "false", "False", "FALSE")}
_NULL_TEXT = frozenset(("", "~", "null", "Null", "NULL"))
_KIND_OF_TAG = {INT: "a whole number", FLOAT: "a number", BOOL: "true or false", NULL: "an empty value"}


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


def node_bound(text: str) -> int:
    """An upper bound on the nodes a YAML text composes into, from counting characters.

    Every node takes a slot that one of these characters opens: a block sequence entry
    (``-``), a key and its value (``:`` or ``?``: two each), a flow entry (``,``: two,
    for a flow mapping's key without value), a flow collection's last entry (``[``
    one, ``{`` two), and the root. The same characters inside text and comments only
    raise the bound. About 3 % of composing an ordinary file (bench/RESULTS.md).
    """
    return (1 + text.count("-") + 2 * (text.count(":") + text.count("?") + text.count(","))
            + text.count("[") + 2 * text.count("{"))


def prescan(text: str) -> None:
    """Hold the node budget before the C composer builds a tree (it cannot be stopped).

    Ordinary files pass on the character count alone. Past it, the C parser's events
    are counted (they are not kept, so memory stays flat) and the file is refused at the
    first node over budget; a syntax error is left for ``compose`` to report.
    """
    if node_bound(text) <= MAX_NODES:
        return
    nodes = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, _NODE_EVENTS):
                nodes += 1
                if nodes > MAX_NODES:
                    mark = event.start_mark
                    raise InputError(
                        (), f"the document holds more than {MAX_NODES:,} values; "
                        "no score sheet is that large",
                        position=Position(mark.line + 1, mark.column + 1) if mark else Position(1, 1),
                    )
    except yaml.YAMLError:
        return


_NODE_EVENTS = (yaml.ScalarEvent, yaml.AliasEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)


def compose(source: Source) -> yaml.MappingNode:
    """Parse the text into a node tree; the top must be a mapping."""
    prescan(source.text)
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


def tag_name(tag: str) -> str:
    """``tag:yaml.org,2002:int`` -> ``!!int`` (other tags as written, shortened)."""
    if tag.startswith(CORE_PREFIX):
        return "!!" + shorten(tag[len(CORE_PREFIX):], SHOWN - 2)
    return shorten(tag)


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


def scalar_problem(node: yaml.Node) -> tuple[str, str | None] | None:
    """Why a scalar's text cannot be the type its tag names (message, hint), or ``None``.

    Implicitly typed scalars fit their tag by construction, except for length; an
    explicit tag (``!!int x``, an empty ``!!float``, ``%TAG`` shorthands of the core
    tags) may name a type its text is not.
    """
    tag = node.tag
    if tag == STR:
        return None
    text = node.value
    pattern = _PATTERNS.get(tag)
    if pattern is None:  # !!seq or !!map on a single value (unknown tags are refused before)
        return f"the YAML tag {tag_name(tag)} does not fit a single value", "remove the tag"
    if not pattern.fullmatch(text):
        shown = quoted(text) if text else "an empty value"
        hint = "remove the tag"
        if tag in (INT, FLOAT) and "_" in text:
            hint = "write numbers as plain digits, without '_'; then remove the tag"
        return f"the YAML tag {tag_name(tag)} needs {_KIND_OF_TAG[tag]}, found {shown}", hint
    if tag in (INT, FLOAT) and len(text) > MAX_DIGITS:
        digits = sum(1 for char in text if char.isdigit())
        if digits > MAX_DIGITS:
            return (f"a number of {digits:,} digits; numbers longer than {MAX_DIGITS} digits are not read",
                    None)
    return None


def check_node(node: yaml.Node, path: Path) -> None:
    """Refuse a node whose tag is not plain data, or does not fit the node.

    The one place tags are checked (``Context.visit`` runs it on every value, and
    ``check_key`` on every key): ``!!python/object`` and friends, ``!!int x``,
    ``!!seq`` on a single value, ``!!str`` on a list, a 4,301-digit number, a value
    longer than ``MAX_VALUE_LENGTH``. Ordinary nodes take the first test that fits.
    """
    tag = node.tag
    kind = type(node)
    if kind is yaml.ScalarNode:
        text = node.value
        if tag == STR:
            if len(text) <= MAX_VALUE_LENGTH:
                return
        elif tag == INT:
            if len(text) <= MAX_DIGITS and _INT_MATCH(text):
                return
        elif tag == BOOL:
            if text in _BOOL_TEXT:
                return
        elif tag == NULL:
            if text in _NULL_TEXT:
                return
    elif kind is yaml.SequenceNode:
        if tag == SEQ:
            return
    elif kind is yaml.MappingNode and tag == MAP:
        return
    _check_slowly(node, path)


def _check_slowly(node: yaml.Node, path: Path) -> None:
    tag = node.tag
    if tag not in ALLOWED_TAGS:
        raise InputError(
            path, f"the YAML tag {shorten(tag)!r} is not allowed; score sheets hold plain values only",
            position=position_of(node),
        )
    if isinstance(node, yaml.ScalarNode):
        problem = scalar_problem(node)
        if problem is None and len(node.value) > MAX_VALUE_LENGTH:
            problem = (f"a value of {len(node.value):,} characters; no score sheet holds one longer "
                       f"than {MAX_VALUE_LENGTH:,}", None)
    elif isinstance(node, yaml.SequenceNode):
        problem = None if tag == SEQ else (f"the YAML tag {tag_name(tag)} does not fit a list",
                                           "remove the tag")
    else:
        problem = None if tag == MAP else (f"the YAML tag {tag_name(tag)} does not fit a mapping",
                                           "remove the tag")
    if problem is not None:
        message, hint = problem
        raise InputError(path, message, hint=hint, position=position_of(node))


def check_key(key: yaml.Node, path: Path) -> None:
    """A mapping key (at ``path``, the mapping's path) is a short, plain, well-tagged word."""
    if not isinstance(key, yaml.ScalarNode):
        raise InputError(path, "a key must be a plain word, not a list or mapping", position=position_of(key))
    if len(key.value) > MAX_KEY_LENGTH:
        raise InputError(
            path, f"a key of {len(key.value):,} characters ({shorten(key.value)!r}); "
            f"no key of a score sheet is longer than {MAX_KEY_LENGTH}",
            position=position_of(key),
        )
    check_node(key, (*path, key.value))


def scalar_value(node: yaml.Node) -> Any:
    """The Python value of a scalar under our resolvers (quoted scalars are text).

    Never raises: a scalar whose text does not fit its tag (which ``check_node``
    refuses, with its path) reads as its text, never as a wrong number.
    """
    tag = node.tag
    text = node.value
    if tag == STR:
        return text
    if tag == INT:
        if len(text) <= MAX_DIGITS and _INT_MATCH(text):
            return int(text)
        return int(text) if scalar_problem(node) is None else text
    if tag == BOOL:
        return _BOOL_TEXT.get(text, text)
    if tag == NULL:
        return None if text in _NULL_TEXT else text
    if tag == FLOAT:
        return float(text) if scalar_problem(node) is None else text
    return text


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
