"""The specs that hold others: records of named fields, lists, mappings of names, alternatives, anything.

A declaration is a tree of them: ``Record(fields={"players": Field(ListOf(PLAYER))})``.
Each checks a composed YAML node into plain Python data, recording where every value was
written and reporting a bad part without stopping (``checking.Context``), so a file's
problems all show in one run.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import InputError, Path, quoted
from ..reading.loading import check_key, position_of, scalar_value
from ..reading.scalars import NULL, STR
from ..reading.words import closest, normalise_word
from .answer import NOTHING, mapping_answer, scalar_node, sequence_node, split_list
from .base import FIT_SHAPE, MISSING, Frozen, Spec, one_line, quoted_hint
from .values import MAX_COUNT, Int, Text

if TYPE_CHECKING:
    from .checking import Context


class Field(Frozen):
    """A key of a ``Record``: its spec, whether it is required or its default, and its ``doc``
    (the template's comment: where the number is found on the physical table).

    What ``scorecalc tally`` asks of a field (in which order, when it applies) is the
    game's interview (``spec.interview``), not part of the declaration. Frozen."""

    __slots__ = ("default", "doc", "required", "spec")

    def __init__(self, spec: Spec, *, required: bool = False, default: Any = MISSING, doc: str = "") -> None:
        self.spec = spec
        self.required = required
        self.default = default
        self.doc = doc

    def __repr__(self) -> str:
        return f"Field({self.spec!r}, required={self.required})"

    def fresh_default(self) -> Any:
        """A copy of the default for one table's data: an empty list or mapping filled in for one
        table (a tally answer appended to it) must never become every later table's default."""
        return copy.deepcopy(self.default) if isinstance(self.default, list | dict) else self.default


class ListOf(Spec):
    """A list of values of one spec, ``min_items`` to ``max_items`` long."""

    __slots__ = ("example", "item", "max_items", "min_items")

    def __init__(self, item: Spec, *, min_items: int = 0, max_items: int = MAX_COUNT, doc: str = "",
                 kind: str = "a list", example: Sequence[Any] | None = None) -> None:
        super().__init__(doc=doc, kind=kind)
        self.item = item
        self.min_items = min_items
        self.max_items = max_items
        self.example = tuple(example) if example is not None else None

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


def mapping_pairs(node: yaml.MappingNode, path: Path) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
    """A mapping's keys (each a short, plain word) and values; merge keys are refused."""
    pairs: list[tuple[yaml.ScalarNode, yaml.Node]] = []
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "<<" and not key.style:
            raise InputError((*path, "<<"), "YAML merge keys ('<<') are not supported; write the keys out",
                             position=position_of(key))
        check_key(key, path)
        pairs.append((key, value))
    return pairs


def _split_numbers(node: yaml.Node, fields: Mapping[str, Field], path: Path) -> dict[int, InputError | None]:
    """``{money: 1,900}``: in a flow mapping the comma ends the value, so YAML reads
    ``money: 1`` and a key ``900``. Such a run — a number, then keys of three digits without
    values on the same line — is one problem, reported at the number (by the index of its
    pair) instead of a wrong value and unknown keys; the digit keys' indexes map to ``None``.
    The field's spec says where such a number starts and what to write instead."""
    found: dict[int, InputError | None] = {}
    if not isinstance(node, yaml.MappingNode) or not node.flow_style:
        return found
    pairs = node.value
    for i, (key, value) in enumerate(pairs):
        spec_field = fields.get(key.value) if isinstance(key, yaml.ScalarNode) else None
        if spec_field is None or not isinstance(value, yaml.ScalarNode) or value.style \
                or not spec_field.spec.comma_start(value.value):
            continue
        groups = []
        for next_key, next_value in pairs[i + 1:]:
            if not (isinstance(next_key, yaml.ScalarNode) and not next_key.style
                    and 1 <= len(next_key.value) <= 3 and next_key.value.isdecimal()
                    and next_key.value not in fields
                    and next_key.start_mark.line == value.end_mark.line
                    and isinstance(next_value, yaml.ScalarNode) and next_value.tag == NULL
                    and next_value.value == ""):
                break
            groups.append(next_key.value)
        if not groups:
            continue
        number = ",".join([value.value, *groups])
        found[i] = InputError(
            (*path, str(key.value)), f"{number} inside {{...}}: the comma ends the value, so YAML reads "
            f"{key.value}: {value.value} and a key {groups[0]!r}",
            hint=spec_field.spec.comma_hint(str(key.value), number), position=position_of(value))
        for j in range(i + 1, i + 1 + len(groups)):
            found[j] = None
    return found


class Record(Spec):
    """A mapping with a fixed set of keys."""

    __slots__ = ("fields",)

    def __init__(self, fields: Mapping[str, Field] | None = None, *, doc: str = "",
                 kind: str = "a mapping") -> None:
        super().__init__(doc=doc, kind=kind)
        self.fields: Mapping[str, Field] = MappingProxyType(dict(fields or {}))

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[str, Any]:
        ctx.visit(node, path)
        if not isinstance(node, yaml.MappingNode):
            raise self.wrong_type(node, path)
        before = ctx.count
        result: dict[str, Any] = {}
        meant: set[str] = set()
        """Keys an unknown key was taken for ('educaton' -> 'education'): not also reported missing."""
        split = _split_numbers(node, self.fields, path)
        for index, (key, value) in enumerate(mapping_pairs(node, path)):
            name = scalar_value(key)
            spec_field = self.fields.get(name) if isinstance(name, str) else None
            child = (*path, str(key.value))
            if index in split:
                problem = split[index]
                if problem is not None:
                    ctx.report(problem)
                    result[name] = MISSING
                continue
            if spec_field is None:
                words = list(self.fields)
                close = closest(str(key.value), words) or closest(normalise_word(str(key.value)), words)
                if close is not None:
                    meant.add(close)
                ctx.report(InputError(
                    child, f"unknown key {quoted(key.value)}",
                    hint=f"did you mean {close!r}?" if close else "expected one of: " + ", ".join(words),
                    position=position_of(key),
                ))
                continue
            if name in result:
                ctx.report(InputError(child, f"duplicate key {quoted(name)} (it was already given above)",
                                      position=position_of(key)))
                continue
            ctx.positions.keys[child] = position_of(key)
            try:
                result[name] = spec_field.spec.check(value, child, ctx)
            except InputError as error:
                ctx.report(error)
                result[name] = MISSING
        for name, spec_field in self.fields.items():
            if name in result:
                continue
            if spec_field.required and name not in meant:
                ctx.report(InputError(path, f"missing required key {name!r}", position=position_of(node)))
            elif spec_field.default is not MISSING:
                result[name] = spec_field.fresh_default()
        ctx.check_parts(before)
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

    def template_example(self) -> dict[str, Any]:
        """The required fields, each with its example."""
        return {name: spec_field.spec.template_example() for name, spec_field in self.fields.items()
                if spec_field.required}

    def as_record(self) -> Record:
        return self

    def asked_fields(self) -> Record | None:
        """A record of scalars (``leftover``, ``rules``, ``solo``) is answered on one line."""
        return None if all(spec_field.spec.is_scalar() for spec_field in self.fields.values()) else self

    def parts(self) -> tuple[Spec, ...]:
        return tuple(spec_field.spec for spec_field in self.fields.values())

    def answer_node(self, text: str) -> yaml.Node:
        return mapping_answer(self, text)

    def answer_fit(self, text: str) -> int:
        return FIT_SHAPE

    def answer_keys(self) -> list[str]:
        return list(self.fields)

    def answer_key(self, token: str) -> str | None:
        word = normalise_word(token)
        return word if word in self.fields else None

    def answer_key_node(self, key: str) -> yaml.Node:
        return scalar_node(STR, self.answer_key(key) or key)

    def answer_value_spec(self, key: str) -> Spec:
        found = self.fields.get(normalise_word(key))
        return found.spec if found is not None else Text()

    def _field_spec(self, key: Any) -> Spec | None:
        found = self.fields.get(key)
        return found.spec if found is not None else None

    def answer_text(self, value: Any) -> str:
        return one_line(value, field_spec=self._field_spec)

    def written(self, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {key: self.fields[key].spec.written(item) if key in self.fields else item
                for key, item in value.items()}

    def answer_syntax(self) -> str:
        order = self.answer_keys()
        shown = self.answer_text({key: self.fields[key].spec.template_example()
                                  for key in (order[0], order[-1])})
        return (f"'name value' pairs, e.g. '{shown}', or only the values in this order: "
                f"{' '.join(order)} (left out: the default)")

    def answer_words(self) -> list[str]:
        words = [*self.fields]
        for spec_field in self.fields.values():
            words += spec_field.spec.answer_words()
        return list(dict.fromkeys(words))


class MapOf(Spec):
    """A mapping from names (``key``) to values: ``{sea_lion: 2, tortoise: 1}``."""

    __slots__ = ("example", "key", "value")

    def __init__(self, *, key: Spec | None = None, value: Spec | None = None, doc: str = "",
                 kind: str = "a mapping", example: Mapping[Any, Any] | None = None) -> None:
        super().__init__(doc=doc, kind=kind)
        self.key = key if key is not None else Text()
        self.value = value if value is not None else Int()
        self.example: Mapping[Any, Any] | None = None if example is None else MappingProxyType(dict(example))

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
            ctx.positions.keys[child] = position_of(key)
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


class Either(Spec):
    """The first alternative that accepts the node's shape (a count *or* a mapping)."""

    __slots__ = ("options",)

    def __init__(self, options: tuple[Spec, ...], *, doc: str = "") -> None:
        super().__init__(doc=doc, kind=" or ".join(option.kind for option in options))
        self.options = options

    def accepts(self, node: yaml.Node) -> bool:
        return any(option.accepts(node) for option in self.options)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        for option in self.options:
            if option.accepts(node):
                return option.check(node, path, ctx)
        ctx.visit(node, path)
        raise self.wrong_type(node, path, quoted_hint(node, "a number"))

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [option.json_schema() for option in self.options]}

    def template_example(self) -> Any:
        return self.options[0].template_example()

    def as_record(self) -> Record | None:
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
        return " — or — ".join(option.answer_syntax() for option in self.options)

    def answer_words(self) -> list[str]:
        return [word for option in self.options for word in option.answer_words()]


class Anything(Spec):
    """Any YAML value, kept as plain data (read by someone else, e.g. ``expect:``)."""

    __slots__ = ()

    def __init__(self, *, doc: str = "") -> None:
        super().__init__(doc=doc, kind="a value")

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
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
            ctx.positions.keys[child] = position_of(key)
            result[name] = self.check(value, child, ctx)
        return result

    def json_schema(self) -> dict[str, Any]:
        return {}

    def template_example(self) -> dict[str, Any]:
        return {}

