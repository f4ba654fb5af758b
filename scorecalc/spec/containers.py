"""The specs that hold others: lists, mappings of names, alternatives, anything (records are ``record``).

A declaration is a tree of them: ``Record(fields={"players": Field(ListOf(PLAYER))})``.
Each checks a composed YAML node into plain Python data, recording where every value was
written and reporting a bad part without stopping (``checking.Context``), so a file's
problems all show in one run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import InputError, Path, quoted
from ..reading.loading import position_of, scalar_value
from .answer import NOTHING, mapping_answer, sequence_node, split_list
from .base import FIT_SHAPE, Spec, one_line, quoted_hint
from .record import mapping_pairs
from .values import MAX_COUNT, Int, Text

if TYPE_CHECKING:
    from .context import Context


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ListOf(Spec):
    """A list of values of one spec, ``min_items`` to ``max_items`` long."""

    item: Spec
    _: KW_ONLY
    min_items: int = 0
    max_items: int = MAX_COUNT
    kind: str = "a list"
    example: Sequence[Any] | None = None
    """The template's entries (kept as a tuple)."""

    def __post_init__(self) -> None:
        if self.example is not None:
            object.__setattr__(self, "example", tuple(self.example))

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
        before = ctx.count
        items = []
        for i, child in enumerate(node.value):
            try:
                items.append(self.item.check(child, (*path, i), ctx))
            except InputError as error:
                ctx.report(error)
        ctx.check_parts(before)
        return items

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "array", "items": self.item.json_schema()}
        if self.min_items:
            schema["minItems"] = self.min_items
        if self.max_items != MAX_COUNT:
            schema["maxItems"] = self.max_items
        return schema

    def template_example(self) -> list[Any]:
        if self.example is not None:
            return list(self.example)
        return [self.item.template_example() for _ in range(min(max(self.min_items, 1), self.max_items))]

    def item_spec(self) -> Spec:
        return self.item

    def list_bounds(self) -> tuple[int, int]:
        return self.min_items, self.max_items

    def asked_entries(self) -> Spec | None:
        return None if self.item.is_scalar() else self.item

    def parts(self) -> tuple[Spec, ...]:
        return (self.item,)

    def answer_node(self, text: str) -> yaml.Node:
        if text.lower() in NOTHING:
            return sequence_node([])
        return sequence_node([self.item.answer(part) for part in split_list(self.item, text)])

    def answer_fit(self, text: str) -> int:
        return FIT_SHAPE

    def answer_text(self, value: Any) -> str:
        return one_line(value, item=self.item)

    def written(self, value: Any) -> Any:
        return [self.item.written(item) for item in value] if isinstance(value, list) else value

    def answer_syntax(self) -> str:
        if not self.item.is_scalar():
            return "its entries are asked one at a time ('none' for an empty list)"
        shown = ", ".join(map(str, self.example)) if self.example else self.item.list_example()
        return f"a list, separated by commas: {shown} ('none' for an empty list)"

    def answer_words(self) -> list[str]:
        return self.item.answer_words()


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MapOf(Spec):
    """A mapping from names (``key``) to values: ``{sea_lion: 2, tortoise: 1}``."""

    _: KW_ONLY
    key: Spec = field(default_factory=Text)
    value: Spec = field(default_factory=Int)
    kind: str = "a mapping"
    example: Mapping[Any, Any] | None = None
    """The template's entries (read-only once built)."""

    def __post_init__(self) -> None:
        if self.example is not None:
            object.__setattr__(self, "example", MappingProxyType(dict(self.example)))

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[Any, Any]:
        ctx.visit(node, path)
        if not isinstance(node, yaml.MappingNode):
            raise self.wrong_type(node, path)
        before = ctx.count
        result: dict[Any, Any] = {}
        for key, value in mapping_pairs(node, path):
            raw = key.value
            child = (*path, str(raw))
            try:
                name = self.key.check(key, child, ctx)
            except InputError as error:
                error.position = error.position or position_of(key)
                ctx.report(error)
                continue
            if name in result:
                ctx.report(InputError(child, f"duplicate key {quoted(raw)} (the same name was already given "
                                      "above)", position=position_of(key)))
                continue
            child = (*path, str(name))  # recorded under the canonical spelling
            ctx.positions.keys[child] = key.start_mark
            try:
                result[name] = self.value.check(value, child, ctx)
            except InputError as error:
                ctx.report(error)
        ctx.check_parts(before)
        return result

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "object", "additionalProperties": self.value.json_schema()}
        key_schema = self.key.json_schema()
        if "enum" in key_schema:
            schema["propertyNames"] = {"enum": [str(word) for word in key_schema["enum"]]}
        elif key_schema.get("type") == "integer":
            schema["propertyNames"] = {"pattern": "^[0-9]+$"}
        return schema

    def template_example(self) -> dict[Any, Any]:
        if self.example is not None:
            return dict(self.example)
        return {self.key.template_example(): self.value.template_example()}

    def value_spec(self) -> Spec:
        return self.value

    def parts(self) -> tuple[Spec, ...]:
        return (self.key, self.value)

    def answer_node(self, text: str) -> yaml.Node:
        return mapping_answer(self, text)

    def answer_fit(self, text: str) -> int:
        return FIT_SHAPE

    def answer_keys(self) -> list[str]:
        return list(self.key.choices())

    def answer_key(self, token: str) -> str | None:
        return self.key.lookup(token)

    def answer_key_node(self, key: str) -> yaml.Node:
        return self.key.key_node(key)

    def answer_value_spec(self, key: str) -> Spec:
        return self.value

    def answer_syntax(self) -> str:
        order = self.answer_keys()
        text = f"name and count pairs: '{self.pairs_example()}'"
        if order:
            text += f", or only the values in this order: {' '.join(order)}"
        return text

    def pairs_example(self) -> str:
        """Two pairs, as the answer help shows them: the declared example, or the first and last words."""
        if self.example:
            return ", ".join(f"{key} {value}" for key, value in self.example.items())
        words = self.key.choices()
        if words:
            return f"{words[0]} 2, {words[-1]} 1"
        return "name 2, other 1"

    def answer_words(self) -> list[str]:
        return self.key.answer_words()


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Either(Spec):
    """The first alternative that accepts the node's shape (a count *or* a mapping); its
    ``kind`` names the alternatives'."""

    options: tuple[Spec, ...]
    kind: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", " or ".join(option.kind for option in self.options))

    def accepts(self, node: yaml.Node) -> bool:
        return any(option.accepts(node) for option in self.options)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> object:
        for option in self.options:
            if option.accepts(node):
                return option.check(node, path, ctx)
        ctx.visit(node, path)
        raise self.wrong_type(node, path, quoted_hint(node, "a number"))

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [option.json_schema() for option in self.options]}

    def template_example(self) -> object:
        return self.options[0].template_example()

    def as_record(self) -> Spec | None:
        return next((record for option in self.options if (record := option.as_record()) is not None), None)

    def item_spec(self) -> Spec | None:
        return next((item for option in self.options if (item := option.item_spec()) is not None), None)

    def parts(self) -> tuple[Spec, ...]:
        return self.options

    def is_scalar(self) -> bool:
        return all(option.is_scalar() for option in self.options)

    def pick(self, text: str) -> Spec:
        """Which alternative an answer means: a bare number a count, a known word its list, else a
        list or a mapping (the last alternative when none fits)."""
        best, fit = self.options[-1], 0
        for option in self.options:
            option_fit = option.answer_fit(text)
            if option_fit > fit:
                best, fit = option, option_fit
        return best

    def answer_node(self, text: str) -> yaml.Node:
        return self.pick(text).answer(text)

    def answer_syntax(self) -> str:
        """Each alternative's syntax; a list's words without numbers where a bare number is
        another alternative's (Galapagos' bonus: ``3`` is bonus tile 3, so the animals are
        offered by their words only: the help never offers a number that means something else)."""
        return " — or — ".join(option.answer_syntax() if self.pick("1") is option
                               else option.answer_syntax_unnumbered() for option in self.options)

    def answer_words(self) -> list[str]:
        return [word for option in self.options for word in option.answer_words()]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Anything(Spec):
    """Any YAML value, kept as plain data (read by someone else, e.g. ``expect:``)."""

    kind: str = field(default="a value", init=False)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> object:
        ctx.visit(node, path)
        if isinstance(node, yaml.ScalarNode):
            return scalar_value(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.check(child, (*path, i), ctx) for i, child in enumerate(node.value)]
        assert isinstance(node, yaml.MappingNode)
        result: dict[Any, Any] = {}
        for key, value in mapping_pairs(node, path):
            name = scalar_value(key)
            child = (*path, str(name))
            if name in result:
                raise InputError(child, f"duplicate key {name!r}", position=position_of(key))
            ctx.positions.keys[child] = key.start_mark
            result[name] = self.check(value, child, ctx)
        return result

    def json_schema(self) -> dict[str, Any]:
        return {}

    def template_example(self) -> dict[str, Any]:
        return {}
