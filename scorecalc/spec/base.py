"""The protocol of a spec type: check a node, give its schema and example, describe itself, read an answer.

Every kind of value in a declaration is a ``Spec``: the types of ``values`` and
``containers``, and a game's own (Galapagos' money, Caribe's books, the Caracas grid).
Validation, the JSON Schema, the starter template and ``scorecalc tally`` ask a spec
what it does instead of asking what it is; a game's type answers for itself and nothing
outside its game names it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import yaml

from ..errors import InputError, Path
from ..reading.loading import describe_node
from ..reading.scalars import STR
from .answer import flow_node, scalar_node, typed_node

if TYPE_CHECKING:
    from .context import Context


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""No value: a field without a default, a value a check refused."""

FIT_NUMBER, FIT_WORD, FIT_SHAPE = 3, 2, 1
"""How surely an answer means one alternative of an ``Either`` (``Spec.answer_fit``)."""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Spec:
    """One kind of value in a declaration, and what each part of scorecalc asks of it.

    - checking: ``accepts(node)``, ``check(node, path, ctx)`` (plain data, or ``InputError``);
      ``comma_start`` and ``comma_hint`` for ``{money: 1,900}`` cut at its comma;
    - schema: ``json_schema()``;
    - template: ``template_example()``, and the parts a written value follows:
      ``as_record()``, ``item_spec()``, ``value_spec()``, ``list_bounds()``;
    - description: ``kind`` (for messages: ``expected a whole number``), ``doc`` (for help),
      ``choices()`` and ``lookup(text)`` (fixed words), ``parts()`` (the specs inside);
    - answers (``scorecalc tally``): ``answer(text)`` (the node a one-line answer stands
      for), ``answer_fit``, ``takes_bare``, ``key_node``, ``answer_text(value)``,
      ``written(value)``, ``answer_syntax()``, ``answer_words()``, ``is_scalar()``; a spec
      answered as ``key value`` pairs (a record, a mapping) also keeps ``answer.Keyed``;
      ``asked_fields()`` and ``asked_entries()`` (asked field by field, or entry by entry,
      rather than on one line).

    Every spec type is a frozen dataclass, ``@dataclass(frozen=True, slots=True, eq=False,
    repr=False)``: a declaration is shared by every file, template and tally session, so
    nothing may change it once built (setting an attribute raises ``FrozenInstanceError``);
    specs compare by identity and show as ``<Int: a whole number>``. A subclass's method
    calls its base's by name (``Text.check(self, ...)``): Python 3.11 rebuilds a slotted
    dataclass, so a bare ``super()`` inside its methods fails.
    """

    doc: str = field(default="", kw_only=True)
    kind: str = field(default="a value", kw_only=True)

    single_word: ClassVar[bool] = False
    """An answer to it is one word (a number, a name from a list): a list of them may be
    written with spaces between (``iguana crab``)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.kind}>"

    # --- checking ------------------------------------------------------------------------

    def accepts(self, node: yaml.Node) -> bool:
        """Whether ``node`` has this spec's shape (an ``Either`` takes the first that does)."""
        return True

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> object:
        """The plain value of ``node`` (canonical spellings, typed scalars), its parts' problems
        reported to ``ctx``; an ``InputError`` when the value itself is wrong."""
        raise NotImplementedError

    def wrong_type(self, node: yaml.Node, path: Path, hint: str | None = None) -> InputError:
        return InputError(path, f"expected {self.kind}, found {describe_node(node)}", hint=hint)

    def comma_start(self, text: str) -> bool:
        """Whether a plain value ``text`` in a flow mapping may be a number cut at its comma
        (``1`` of ``{exhibition: 1,900}``, which YAML reads as a value 1 and a key 900)."""
        return 1 <= len(text) <= 3 and text.isdecimal()

    def comma_hint(self, key: str, number: str) -> str:
        """What to write instead of ``{key: number}`` when the comma cut ``number``."""
        return f"write {key}: {number.replace(',', '')}, without the comma"

    # --- schema ----------------------------------------------------------------------------

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of what ``check`` accepts."""
        raise NotImplementedError

    # --- template --------------------------------------------------------------------------

    def template_example(self) -> object:
        """A value this spec accepts, as plain data (its declared ``example`` where it has one)."""
        return None

    def as_record(self) -> Spec | None:
        """The record a mapping written for this spec follows (its keys' order and comments); as
        a ``Record``: ``record.record_of(spec)`` (this module names no record)."""
        return None

    def item_spec(self) -> Spec | None:
        """The spec of a list's entries, when a list is written for this spec."""
        return None

    def value_spec(self) -> Spec | None:
        """The spec of a mapping's values, when a mapping of names is written for this spec."""
        return None

    def list_bounds(self) -> tuple[int, int] | None:
        """How many entries a list of this spec holds, at least and at most (lists only)."""
        return None

    # --- description -----------------------------------------------------------------------

    def choices(self) -> tuple[str, ...]:
        """The fixed words this value is one of (none for a count or free text)."""
        return ()

    def lookup(self, text: str) -> str | None:
        """The canonical word ``text`` spells, for a spec of fixed words; else ``None``."""
        return None

    def parts(self) -> tuple[Spec, ...]:
        """The specs this one is made of (a record's fields, a list's item...), for walking a declaration."""
        return ()

    # --- answers ---------------------------------------------------------------------------

    def is_scalar(self) -> bool:
        """One value on one line (a count, a word, a date), not a list or a mapping."""
        return False

    def asked_fields(self) -> Spec | None:
        """The record whose fields are asked one by one (a player, an Origin board tile), where
        an answer on one line would not do; ``None``: this value is asked as a whole. As a
        ``Record``: ``record.fields_asked(spec)``."""
        return None

    def asked_entries(self) -> Spec | None:
        """For a list asked entry by entry (players, books, exhibitions), the spec of an entry;
        ``None``: the list, if it is one, is answered on one line (``Sea Snail, Hydra``)."""
        return None

    def answer(self, text: str) -> yaml.Node:
        """The YAML node a one-line answer stands for, shaped for this spec; ``{...}`` and
        ``[...]`` are YAML's own flow form. ``BadAnswer`` when it cannot be read at all."""
        text = text.strip()
        if text[:1] in ("{", "["):
            return flow_node(text)
        return self.answer_node(text)

    def answer_node(self, text: str) -> yaml.Node:
        """``answer`` for a stripped text not in flow form: a scalar typed as a file types it."""
        return typed_node(text)

    def answer_fit(self, text: str) -> int:
        """How surely ``text`` means this alternative: 0 not at all, ``FIT_SHAPE`` by its shape
        (a list or mapping), ``FIT_WORD`` a known word, ``FIT_NUMBER`` a number."""
        return 0

    def takes_bare(self, token: str) -> bool:
        """Whether ``token`` may stand alone as this value among values given in order (``3 4 2``)."""
        return True

    def key_node(self, text: str) -> yaml.Node:
        """The node of a mapping key written ``text`` in an answer, for a key of this spec."""
        return scalar_node(STR, text)

    def answer_text(self, value: Any) -> str:
        """``value`` written back as a one-line answer (the default offered when going back)."""
        return one_line(value)

    def written(self, value: Any) -> Any:
        """A checked value in the shape the YAML holds it (what ``check`` read, written back)."""
        return value

    def answer_syntax(self) -> str:
        """How to write an answer on one line (docs/tally.md says the same)."""
        return "see docs/tally.md"

    def answer_syntax_unnumbered(self) -> str:
        """``answer_syntax`` where a bare number means something else (an ``Either`` whose
        other alternative takes it): a list's words without their numbers."""
        return self.answer_syntax()

    def answer_words(self) -> list[str]:
        """The fixed names an answer may use (for completion and picking by number)."""
        return []

    def list_example(self) -> str:
        """Two entries of a list of this spec, as the list's answer help shows them."""
        return "a, b"


def one_line(value: Any, field_spec: Callable[[Any], Spec | None] | None = None,
             item: Spec | None = None) -> str:
    """``value`` as a one-line answer: ``yes``/``no``, ``none`` for an empty list or mapping,
    entries joined by commas (each written by its own spec where one is known)."""
    if value is MISSING or value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if not value:
            return "none"
        parts = []
        for key, entry in value.items():
            if entry is None:
                continue
            spec = field_spec(key) if field_spec is not None else None
            parts.append(f"{key} {spec.answer_text(entry) if spec is not None else one_line(entry)}")
        return ", ".join(parts)
    if isinstance(value, list):
        if not value:
            return "none"
        return ", ".join(item.answer_text(entry) if item is not None else one_line(entry) for entry in value)
    return str(value)


def quoted_hint(node: yaml.Node, wanted: str) -> str | None:
    """``"12"`` where a number is wanted: the quotes made it text."""
    if isinstance(node, yaml.ScalarNode) and node.tag == STR and node.style in ("'", '"'):
        return f"remove the quotes to write {wanted}"
    return None
