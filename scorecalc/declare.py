"""Declare a game's YAML once; validation (and later schema and template) follow.

A declaration is a tree of small specs — ``Record``, ``ListOf``, ``MapOf``, ``Int``,
``Text``, ``Choice``, ``Flag``, ``Either``, ``Anything`` — that each know how to
check a composed YAML node, turning it into plain Python data (canonical spellings,
typed scalars) while recording where every value was written.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import InputError, Path, Position
from .loading import (
    BOOL,
    FLOAT,
    INT,
    MAX_DEPTH,
    MAX_NODES,
    NULL,
    STR,
    check_key,
    check_node,
    describe_node,
    position_of,
    scalar_value,
    shorten,
)

MAX_COUNT = 10_000
"""Counts above this are errors: no table can show them."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def normalise_word(text: str) -> str:
    """``Howler Monkey`` / ``howler-monkey`` -> ``howler_monkey``."""
    return re.sub(r"[\s\-]+", "_", text.strip().lower())


def did_you_mean(word: str, choices: list[str]) -> str | None:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else None


class Context:
    """What one validation pass collects: positions, and budgets against hostile files."""

    def __init__(self) -> None:
        self.value_positions: dict[Path, Position] = {}
        self.key_positions: dict[Path, Position] = {}
        self.nodes = 0

    def visit(self, node: yaml.Node, path: Path) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise InputError(
                path,
                f"the document expands to more than {MAX_NODES:,} values "
                "(aliases repeated over and over?); no score sheet is that large",
                position=position_of(node),
            )
        if len(path) > MAX_DEPTH:
            raise InputError(path, f"nested deeper than {MAX_DEPTH} levels", position=position_of(node))
        check_node(node, path)
        self.value_positions[path] = position_of(node)


def raise_tag_error(node: yaml.Node, path: Path) -> None:
    """Refuse YAML tags outside the plain core set (``!!python/object`` and friends), or
    one that does not fit its value (``!!int x``); ``loading.check_node`` decides."""
    check_node(node, path)


class Spec:
    """One kind of value in a declaration."""

    doc: str = ""
    kind: str = "a value"

    def accepts(self, node: yaml.Node) -> bool:
        return True

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def wrong_type(self, node: yaml.Node, path: Path, hint: str | None = None) -> InputError:
        return InputError(path, f"expected {self.kind}, found {describe_node(node)}", hint=hint)


def _is_scalar(node: yaml.Node, *tags: str) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag in tags


def _quoted_hint(node: yaml.Node, wanted: str) -> str | None:
    if isinstance(node, yaml.ScalarNode) and node.tag == STR and node.style in ("'", '"'):
        return f"remove the quotes to write {wanted}"
    return None


@dataclass(eq=False)
class Int(Spec):
    """A whole number in ``[minimum, maximum]``."""

    minimum: int = 0
    maximum: int = MAX_COUNT
    doc: str = ""
    example: int | None = None
    why: str = ""
    """Why the maximum is what it is ("the forest track has 5 spaces"), for the error."""

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "a whole number"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, INT, FLOAT)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path, _quoted_hint(node, "a number"))
        value = scalar_value(node)
        shown = shorten(node.value)  # up to 100 digits (loading.MAX_DIGITS); messages quote 80
        if isinstance(value, float):
            raise InputError(path, f"expected a whole number, found {shown}")
        if value < self.minimum:
            if self.minimum == 0:
                raise InputError(path, f"must not be negative, found {shown}")
            raise InputError(path, f"must be at least {self.minimum}, found {shown}")
        if value > self.maximum:
            if self.maximum == MAX_COUNT:
                raise InputError(path, f"{shown} is more than {MAX_COUNT:,}; no table shows that many")
            if self.why:
                raise InputError(path, f"{self.why}; found {shown}")
            raise InputError(path, f"must be at most {self.maximum}, found {shown}")
        return int(value)

    def json_schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}


@dataclass(eq=False)
class Text(Spec):
    """Free text on one line (a player or species name)."""

    doc: str = ""
    example: str | None = None
    max_length: int = 100
    kind: str = "text"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, STR)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        ctx.visit(node, path)
        if not self.accepts(node):
            hint = None
            if isinstance(node, yaml.ScalarNode) and node.tag != NULL:
                hint = f'put it in quotes to use it as text: "{node.value}"'
            raise self.wrong_type(node, path, hint)
        value = str(node.value).strip()
        if not value:
            raise InputError(path, "must not be empty")
        bad = _CONTROL.search(value)
        if bad:
            raise InputError(path, f"contains the control character U+{ord(bad.group()):04X}")
        if len(value) > self.max_length:
            raise InputError(path, f"longer than {self.max_length} characters")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_length}


@dataclass(eq=False)
class Flag(Spec):
    """``true`` or ``false`` (and nothing else: ``yes``/``no`` are text)."""

    doc: str = ""
    example: bool | None = None
    kind: str = "true or false"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, BOOL)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> bool:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        return bool(scalar_value(node))

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(eq=False)
class Choice(Spec):
    """One of a fixed set of words, matched after ``normalise_word``, plus short forms."""

    words: tuple[str, ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)
    doc: str = ""
    example: str | None = None
    what: str = "name"

    @property
    def kind(self) -> str:  # type: ignore[override]
        return f"a {self.what} ({', '.join(self.words)})"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, STR)

    def lookup(self, text: str) -> str | None:
        word = normalise_word(text)
        if word in self.words:
            return word
        return self.aliases.get(word)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        found = self.lookup(str(node.value))
        if found is None:
            hint = did_you_mean(normalise_word(str(node.value)), [*self.words, *self.aliases])
            if hint is None:
                hint = "one of: " + ", ".join(self.words)
            raise InputError(path, f"unknown {self.what} {node.value!r}", hint=hint)
        return found

    def json_schema(self) -> dict[str, Any]:
        """The canonical spellings, then the short forms (``howler``) that are accepted too."""
        return {"type": "string", "enum": [*self.words, *(a for a in self.aliases if a not in self.words)]}


@dataclass(eq=False)
class ListOf(Spec):
    item: Spec = field(default_factory=Spec)
    min_items: int = 0
    max_items: int = MAX_COUNT
    doc: str = ""
    kind: str = "a list"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.SequenceNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> list[Any]:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        if len(node.value) < self.min_items:
            need = "an entry" if self.min_items == 1 else f"at least {self.min_items} entries"
            raise InputError(path, f"needs {need}, found {len(node.value)}")
        if len(node.value) > self.max_items:
            raise InputError(path, f"has {len(node.value)} entries; at most {self.max_items} allowed")
        return [self.item.check(child, (*path, i), ctx) for i, child in enumerate(node.value)]

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.min_items:
            schema["minItems"] = self.min_items
        if self.max_items != MAX_COUNT:
            schema["maxItems"] = self.max_items
        return schema


def _mapping_pairs(node: yaml.Node, path: Path, ctx: Context) -> list[tuple[yaml.Node, yaml.Node]]:
    pairs = []
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "<<" and not key.style:
            raise InputError((*path, "<<"), "YAML merge keys ('<<') are not supported; write the keys out",
                             position=position_of(key))
        check_key(key, path)
        pairs.append((key, value))
    return pairs


@dataclass(eq=False)
class Field:
    spec: Spec
    required: bool = False
    default: Any = MISSING
    doc: str = ""


@dataclass(eq=False)
class Record(Spec):
    """A mapping with a fixed set of keys."""

    fields: dict[str, Field] = field(default_factory=dict)
    doc: str = ""
    kind: str = "a mapping"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[str, Any]:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        result: dict[str, Any] = {}
        for key, value in _mapping_pairs(node, path, ctx):
            name = scalar_value(key)
            spec_field = self.fields.get(name) if isinstance(name, str) else None
            child = (*path, str(name))
            if spec_field is None:
                words = list(self.fields)
                hint = did_you_mean(str(name), words) or did_you_mean(normalise_word(str(name)), words)
                raise InputError(
                    child, f"unknown key {str(name)!r}",
                    hint=hint or ("expected one of: " + ", ".join(words)),
                    position=position_of(key),
                )
            if name in result:
                raise InputError(child, f"duplicate key {name!r} (it was already given above)",
                                 position=position_of(key))
            ctx.key_positions[child] = position_of(key)
            result[name] = spec_field.spec.check(value, child, ctx)
        for name, spec_field in self.fields.items():
            if name in result:
                continue
            if spec_field.required:
                raise InputError(path, f"missing required key {name!r}", position=position_of(node))
            if spec_field.default is not MISSING:
                result[name] = spec_field.default
        return result

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {},
            "additionalProperties": False,
        }
        for name, spec_field in self.fields.items():
            sub = spec_field.spec.json_schema()
            if spec_field.doc:
                sub = {**sub, "description": spec_field.doc}
            schema["properties"][name] = sub
        required = [name for name, spec_field in self.fields.items() if spec_field.required]
        if required:
            schema["required"] = required
        return schema


@dataclass(eq=False)
class MapOf(Spec):
    """A mapping from names (``key``) to values: ``{sea_lion: 2, tortoise: 1}``."""

    key: Spec = field(default_factory=Text)
    value: Spec = field(default_factory=Int)
    doc: str = ""
    kind: str = "a mapping"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[Any, Any]:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        result: dict[Any, Any] = {}
        for key, value in _mapping_pairs(node, path, ctx):
            raw = scalar_value(key)
            child = (*path, str(raw))
            try:
                name = self.key.check(key, child, ctx)
            except InputError as error:
                error.position = error.position or position_of(key)
                raise
            if name in result:
                raise InputError(child, f"duplicate key {raw!r} (the same name was already given above)",
                                 position=position_of(key))
            ctx.key_positions[child] = position_of(key)
            result[name] = self.value.check(value, child, ctx)
        return result

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "object", "additionalProperties": self.value.json_schema()}
        key_schema = self.key.json_schema()
        if "enum" in key_schema:
            schema["propertyNames"] = {"enum": [str(word) for word in key_schema["enum"]]}
        elif key_schema.get("type") == "integer":
            schema["propertyNames"] = {"pattern": "^[0-9]+$"}
        return schema


@dataclass(eq=False)
class Either(Spec):
    """The first alternative that accepts the node's shape (a count *or* a mapping)."""

    options: tuple[Spec, ...] = ()
    doc: str = ""

    @property
    def kind(self) -> str:  # type: ignore[override]
        return " or ".join(option.kind for option in self.options)

    def accepts(self, node: yaml.Node) -> bool:
        return any(option.accepts(node) for option in self.options)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        for option in self.options:
            if option.accepts(node):
                return option.check(node, path, ctx)
        ctx.visit(node, path)
        raise self.wrong_type(node, path, _quoted_hint(node, "a number"))

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [option.json_schema() for option in self.options]}


@dataclass(eq=False)
class Anything(Spec):
    """Any YAML value, kept as plain data (read by someone else, e.g. ``expect:``)."""

    doc: str = ""
    kind: str = "a value"

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        ctx.visit(node, path)
        if isinstance(node, yaml.ScalarNode):
            return scalar_value(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.check(child, (*path, i), ctx) for i, child in enumerate(node.value)]
        result: dict[Any, Any] = {}
        for key, value in _mapping_pairs(node, path, ctx):
            name = scalar_value(key)
            child = (*path, str(name))
            if name in result:
                raise InputError(child, f"duplicate key {name!r}", position=position_of(key))
            ctx.key_positions[child] = position_of(key)
            result[name] = self.check(value, child, ctx)
        return result

    def json_schema(self) -> dict[str, Any]:
        return {}
