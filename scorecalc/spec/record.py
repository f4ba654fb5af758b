"""Records: mappings with a fixed set of named keys (``Record``), each key a ``Field``.

A game's whole table is a ``Record`` (its declaration), and so is each player in it:
``Record(fields={"players": Field(ListOf(PLAYER), required=True)})``. A record checks a
mapping key by key, reporting an unknown, duplicate or missing key, or a number cut at
its comma inside ``{...}``, and going on (``checking.Context``); ``mapping_pairs`` reads
the keys of any mapping (``containers.MapOf``'s too).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import yaml

from ..errors import InputError, Path, quoted
from ..reading.loading import MAX_KEY_LENGTH, check_key, position_of, scalar_value
from ..reading.scalars import NULL, STR
from ..reading.words import closest, normalise_word
from .answer import mapping_answer, scalar_node
from .base import FIT_SHAPE, MISSING, Spec, one_line
from .values import Text

if TYPE_CHECKING:
    from .context import Context


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Field:
    """A key of a ``Record``: its spec, whether it is required or its default, and its ``doc``
    (the template's comment: where the number is found on the physical table).

    What ``scorecalc tally`` asks of a field (in which order, when it applies) is the
    game's interview (``spec.interview``), not part of the declaration. Frozen, as specs are."""

    spec: Spec
    _: KW_ONLY
    required: bool = False
    default: Any = MISSING
    """Plain data filled in when the key is absent (``MISSING``: none); copied for each table."""
    doc: str = ""

    def __repr__(self) -> str:
        return f"Field({self.spec!r}, required={self.required})"

    def fresh_default(self) -> Any:
        """A copy of the default for one table's data: an empty list or mapping filled in for one
        table (a tally answer appended to it) must never become every later table's default."""
        return copy.deepcopy(self.default) if isinstance(self.default, list | dict) else self.default


def mapping_pairs(node: yaml.MappingNode, path: Path,
                  ctx: Context | None = None) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
    """A mapping's keys (each a short, plain word) and values; merge keys are refused.

    The pairs are the node's own list, each key checked first (``check_key`` passes an
    ordinary key at once). With ``ctx``, a short key with a wrong tag (``!!int game:``) is
    reported there and read as its word, so the rest of the file is checked in the same pass
    (SPEC section 7, "Errors a player can fix in one pass")."""
    pairs: list[tuple[yaml.ScalarNode, yaml.Node]] = node.value
    for key, _ in pairs:
        if isinstance(key, yaml.ScalarNode) and key.value == "<<" and not key.style:
            raise InputError((*path, "<<"), "YAML merge keys ('<<') are not supported; write the keys out",
                             position=position_of(key))
        try:
            check_key(key, path)
        except InputError as error:
            if ctx is None or not isinstance(key, yaml.ScalarNode) or len(key.value) > MAX_KEY_LENGTH:
                raise
            ctx.report(error)
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


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Record(Spec):
    """A mapping with a fixed set of keys (``fields``, read-only once built)."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    _: KW_ONLY
    kind: str = "a mapping"

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

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
        for index, (key, value) in enumerate(mapping_pairs(node, path, ctx)):
            name = key.value if key.tag == STR else scalar_value(key)
            spec_field = self.fields.get(name) if isinstance(name, str) else None
            child = (*path, str(key.value))
            if split and index in split:
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
            ctx.positions.keys[child] = key.start_mark
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


def record_of(spec: Spec | None) -> Record | None:
    """The record a mapping written for ``spec`` follows (``Spec.as_record``): the record
    itself, a list's entry's, one of several forms' (``None`` for none)."""
    found = spec.as_record() if spec is not None else None
    return found if isinstance(found, Record) else None


def fields_asked(spec: Spec) -> Record | None:
    """The record whose fields tally asks one by one (``Spec.asked_fields``), or ``None``."""
    found = spec.asked_fields()
    return found if isinstance(found, Record) else None
