"""Caribe's own spec types: mappings keyed by a fixed set of words, University cards, and books."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from ...errors import InputError, Path
from ...reading.scalars import STR
from ...reading.words import did_you_mean, normalise_word
from ...spec import Choice, ListOf, MapOf, Record, Spec, Text
from ...spec.answer import mapping_node, scalar_node

if TYPE_CHECKING:
    from ...spec.context import Context


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ByKey(Spec):
    """The value spec of a ``KeyedMap`` entry, chosen by the (already checked) key."""

    key: Choice
    specs: Mapping[str, Spec]

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> object:
        name = self.key.lookup(str(path[-1]))
        assert name is not None  # MapOf checks the key before its value
        return self.specs[name].check(node, path, ctx)

    def parts(self) -> tuple[Spec, ...]:
        return tuple(self.specs.values())


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class KeyedMap(MapOf):
    """A mapping keyed by enumerated words, each key with its own value spec (its ``value`` is
    the ``ByKey`` of ``specs``).

    ``required`` makes every key compulsory (``university_cards`` names all three).
    """

    _: KW_ONLY
    key: Choice
    specs: Mapping[str, Spec]
    required: bool = False
    value: Spec = field(init=False)

    def __post_init__(self) -> None:
        MapOf.__post_init__(self)
        object.__setattr__(self, "value", ByKey(self.key, self.specs))

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[Any, Any]:
        result = MapOf.check(self, node, path, ctx)
        missing = [name for name in self.specs if name not in result]
        if self.required and missing:
            raise InputError(path, f"missing {', '.join(repr(name) for name in missing)}",
                             hint="give all of " + ", ".join(self.specs))
        return result

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {name: spec.json_schema() for name, spec in self.specs.items()},
            "additionalProperties": False,
        }
        if self.required:
            schema["required"] = list(self.specs)
        return schema

    def template_example(self) -> dict[str, Any]:
        return {name: spec.template_example() for name, spec in self.specs.items()}

    def parts(self) -> tuple[Spec, ...]:
        return (self.key, *self.specs.values())

    def answer_keys(self) -> list[str]:
        return list(self.specs)

    def answer_value_spec(self, key: str) -> Spec:
        word = self.key.lookup(key)
        return self.specs[word] if word is not None else Text()

    def answer_words(self) -> list[str]:
        values = [word for sub in self.specs.values() for word in sub.answer_words()]
        return list(dict.fromkeys([*self.specs, *values]))

    def answer_syntax(self) -> str:
        """The University cards take words, not counts: the help shows pairs that read as it says."""
        pairs = ", ".join(f"{name} {spec.template_example()}" for name, spec in self.specs.items())
        if not all(spec.choices() for spec in self.specs.values()):
            if self.required:  # every name is needed (the knowledge markers): the example gives all
                return f"name and count pairs, all of them: '{pairs}', or only the values in this order: " \
                       f"{' '.join(self.specs)}"
            return MapOf.answer_syntax(self)
        return f"each name and its word: '{pairs}', or only the words in this order: {' '.join(self.specs)}"


def with_article(what: str) -> str:
    return f"an {what}" if what[0] in "aeiou" else f"a {what}"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardChoice(Choice):
    """A University card's word (its ``university``'s kind of word); a word that belongs to
    another University's card (``others``) says so."""

    _: KW_ONLY
    university: str
    others: Mapping[str, Choice]

    @classmethod
    def like(cls, base: Choice, *, university: str, others: Mapping[str, Choice]) -> CardChoice:
        """``base``'s words as the card of ``university``."""
        return cls(words=base.words, aliases=base.aliases, what=base.what, example=base.example,
                   university=university, others=others)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        try:
            return Choice.check(self, node, path, ctx)
        except InputError:
            if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str):
                for other, choice in self.others.items():
                    found = choice.lookup(node.value)
                    if found is not None:
                        raise InputError(
                            path,
                            f"{found!r} is {with_article(choice.what)} (a {other.title()} card); a "
                            f"{self.university.title()} card names {with_article(self.what)}: "
                            + ", ".join(self.words),
                        ) from None
            raise

    def answer_node(self, text: str) -> yaml.Node:
        """The card's word as typed: no list is shown to pick from by number, so ``coimbra 2`` is
        refused (it was read as the second knowledge type, ``geology``)."""
        return scalar_node(STR, text)


_PAGE = ListOf(Choice())
"""One page of a book in an answer: its half icons separated by spaces, checked by ``pages``."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class BookSpec(Spec):
    """A completed book: whole icons by type (``counts``), or the two pages' half icons slot by
    slot (``pages``); read as ``{"whole": ...}`` or ``{"pages": ...}``."""

    _: KW_ONLY
    counts: MapOf
    pages: Record
    kind: str = field(default="a book: whole icons such as {fauna: 2} or pages such as "
                              "{left: [...], right: [...]}", init=False)

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[str, Any]:
        if not isinstance(node, yaml.MappingNode):
            ctx.visit(node, path)
            raise self.wrong_type(node, path)
        keys = [normalise_word(str(key.value)) for key, _ in node.value if isinstance(key, yaml.ScalarNode)]
        if any(key in self.pages.fields for key in keys):
            return {"pages": self.pages.check(node, path, ctx)}
        try:
            with ctx.strictly():
                return {"whole": self.counts.check(node, path, ctx)}
        except InputError as error:
            # a misspelt page ('rght') is not an unknown knowledge type: say what it looks like
            typo = normalise_word(str(error.path[-1])) if len(error.path) > len(path) else ""
            pages = list(self.pages.fields)
            hint = did_you_mean(typo, pages) if self.counts.key.lookup(typo) is None else None
            if hint is None:
                raise
            raise InputError(error.path, f"unknown key {error.path[-1]!r}", hint=hint,
                             position=error.position) from None

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [self.counts.json_schema(), self.pages.json_schema()]}

    def template_example(self) -> object:
        return self.counts.template_example()

    def parts(self) -> tuple[Spec, ...]:
        return (self.counts, self.pages)

    def answer_node(self, text: str) -> yaml.Node:
        """Whole icons (``fauna 2, geology 1``) or the pages, ``left icons / right icons``."""
        if "/" in text:
            left, _, right = text.partition("/")
            return mapping_node([(scalar_node(STR, "left"), _PAGE.answer(left)),
                                 (scalar_node(STR, "right"), _PAGE.answer(right))])
        return self.counts.answer(text)

    def answer_text(self, value: Any) -> str:
        if isinstance(value, dict) and "left" in value:
            return " ".join(value["left"]) + " / " + " ".join(value["right"])
        return Spec.answer_text(self, value)

    def written(self, value: Any) -> Any:
        """As the YAML holds it: the whole icons' mapping, or the pages' ``{left, right}``."""
        return value.get("whole", value.get("pages")) if isinstance(value, dict) else value

    def answer_syntax(self) -> str:
        return ("whole icons 'fauna 2, geology 1', or the pages slot by slot: 'left icons / right icons', "
                "e.g. 'geology none fauna / geology flora flora'")

    def answer_words(self) -> list[str]:
        return list(dict.fromkeys([*self.counts.answer_words(), *self.pages.answer_words()]))
