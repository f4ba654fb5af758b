"""YAML text -> a composed node tree that remembers each node's line and column.

Only safe YAML is read: the tree is *composed*, never constructed, so no tag can
build an object; plain scalars are typed by the rules of ``scalars`` (only
``true``/``false`` are booleans, ``No``, ``on``, ``yes`` stay strings, integers are
plain decimals and dates stay text); budgets hold hostile files (size, depth, nodes).
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import yaml

from ..errors import MAX_SHOWN, FileError, InputError, Path, Position, position_at, quoted, shorten
from .scalars import BOOL, FLOAT, INT, MAP, NULL, RULE_OF_TAG, RULES, SEQ, STR

MAX_BYTES = 5_000_000
"""No real score sheet comes near this; anything bigger is refused before parsing."""

MAX_DEPTH = 64
"""Nesting deeper than this is refused: no game's format nests beyond six levels."""

MAX_NODES = 20_000
"""Budget of nodes in a document: checked on the text before it is composed (``prescan``),
then again while validating, aliases expanded (billion laughs). The largest example has
339 nodes; the budget bounds the time and memory any file can cost to read
(``tests/system/test_yaml_limits.py``)."""

MAX_DIGITS = 100
"""Numbers longer than this many digits are refused (Python's ``int()`` stops at 4,300)."""

MAX_VALUE_LENGTH = 100_000
"""Characters in one value: the longest real one, a Caracas grid of all 73 tiles, is about
2,000. Past this, matching a name ("did you mean") alone would take seconds and hundreds of
megabytes (``tests/system/test_yaml_limits.py`` holds the bound)."""

MAX_KEY_LENGTH = 200
"""No key of any game is longer than a player's name (100 characters) with some spaces."""

SHOWN = MAX_SHOWN
"""Offending values are quoted in messages up to this many characters (``errors.shorten``)."""

ALLOWED_TAGS = {NULL, BOOL, INT, FLOAT, STR, SEQ, MAP}
CORE_PREFIX = "tag:yaml.org,2002:"

_INT = RULE_OF_TAG[INT]
_BOOL = RULE_OF_TAG[BOOL]
_NULL = RULE_OF_TAG[NULL]


@cache
def loader_class() -> Any:
    """The (C, when available) safe loader with the implicit resolvers of ``scalars.RULES``,
    built when a first text is read (so a command that reads none never compiles them)."""
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    resolvers: dict[str | None, list[tuple[str, Any]]] = {}  # its own, not the safe loader's
    Loader: Any = type("Loader", (base,), {"yaml_implicit_resolvers": resolvers})
    for rule in RULES:
        Loader.add_implicit_resolver(rule.tag, rule.regex(), list(rule.first))
    Loader.resolve = _resolver(resolvers)
    # No path resolvers (PyYAML's 'add_path_resolver'): the composer's calls around each node
    # have nothing to do, so a builtin that takes their arguments answers them (``slice(parent,
    # index)``, ``tuple()``) instead of PyYAML's Python methods, which return at once.
    assert not Loader.yaml_path_resolvers
    Loader.descend_resolver = slice
    Loader.ascend_resolver = tuple
    return Loader


def _resolver(resolvers: dict[str | None, list[tuple[str, Any]]]) -> Any:
    """PyYAML's ``BaseResolver.resolve`` for a loader without path resolvers, giving the same
    tags: the composer calls it for every node (bench/RESULTS.md, 2026-12-02: about 5 % of a
    batch). Each plain scalar tries the rules its first character may start (the empty text:
    those for ``""``) in their order, then the wildcard ones; anything else takes its kind's
    default tag."""
    wildcard = tuple(resolvers.get(None, ()))
    by_first = {first: (*pairs, *wildcard) for first, pairs in resolvers.items() if first is not None}
    scalar, sequence = yaml.ScalarNode, yaml.SequenceNode

    def resolve(self: Any, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
        if kind is scalar:
            if implicit[0]:
                for tag, regexp in by_first.get(value[:1], wildcard):
                    if regexp.match(value):
                        return tag
            return STR
        return SEQ if kind is sequence else MAP

    return resolve


def compose_text(text: str) -> yaml.Node | None:
    """The node tree of ``text`` (``None`` for an empty text); a ``yaml.YAMLError`` when it is no YAML."""
    loader = loader_class()(text)
    try:
        node: yaml.Node | None = loader.get_single_node()
    finally:
        loader.dispose()
    return node


@dataclass(frozen=True, slots=True, repr=False)
class Source:
    """The text of one input file and the name it was given by (``-`` for stdin); two sources
    are equal when their names and texts are."""

    name: str
    text: str
    modified: float | None = field(default=None, compare=False)
    """The file's modification time (standard input: when it was read); ``None`` for
    text that came from no file."""

    def __repr__(self) -> str:
        return f"Source({self.name!r}, {shorten(self.text, 40)!r})"


def read_source(name: str) -> Source:
    """Read a file (or standard input for ``-``) as UTF-8 text, refusing binaries."""
    try:
        if name == "-":
            if sys.stdin is None:  # started with file descriptor 0 closed ('<&-')
                raise FileError("cannot read standard input: it is closed")
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
            modified = time.time()
        else:
            with open(name, "rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
                modified = os.fstat(handle.fileno()).st_mtime
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
    return Source(name, text, modified)


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
        for event in yaml.parse(text, Loader=loader_class()):
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
    loader = loader_class()(source.text)
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
    return position_at(node.start_mark)


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
    rule = RULE_OF_TAG.get(tag)
    if rule is None:  # !!seq or !!map on a single value (unknown tags are refused before)
        return f"the YAML tag {tag_name(tag)} does not fit a single value", "remove the tag"
    if not rule.fits(text):
        shown = quoted(text) if text else "an empty value"
        hint = "remove the tag"
        if tag in (INT, FLOAT) and "_" in text:
            hint = "write numbers as plain digits, without '_'; then remove the tag"
        return f"the YAML tag {tag_name(tag)} needs {rule.kind}, found {shown}", hint
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
            if len(text) <= MAX_DIGITS and _INT.fits(text):
                return
        elif tag == BOOL:
            if _BOOL.fits(text):
                return
        elif tag == NULL:
            if _NULL.fits(text):
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
    if type(key) is yaml.ScalarNode and key.tag == STR and len(key.value) <= MAX_KEY_LENGTH:
        return  # every key of an ordinary file: what check_node passes (MAX_KEY_LENGTH < MAX_VALUE_LENGTH)
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
    if tag == INT and len(text) <= MAX_DIGITS and _INT.fits(text):
        return int(text)
    rule = RULE_OF_TAG.get(tag)
    if rule is None or scalar_problem(node) is not None:
        return text
    return rule.value(text)
