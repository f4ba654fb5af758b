"""The specs of single values: whole numbers, text, players' names, dates, true/false, fixed words."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import yaml

from ..errors import InputError, Path, quoted, shorten
from ..names import name_problem
from ..reading.loading import scalar_value
from ..reading.scalars import BOOL, FLOAT, INT, NULL, STR, is_integer
from ..reading.words import did_you_mean, normalise_word
from .answer import NO, YES, scalar_node, typed_node
from .base import FIT_NUMBER, FIT_WORD, Spec, quoted_hint

if TYPE_CHECKING:
    from .context import Context

MAX_COUNT = 10_000
"""Counts above this are errors: no table can show them."""

_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f"
"""C0 and C1 controls but the tab and the line feed, which text of several lines (notes) keeps."""
_SURROGATES = "\ud800-\udfff"
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(f"{chr(plane | 0xFFFE)}{chr(plane | 0xFFFF)}"
                                          for plane in range(0, 0x110000, 0x10000))
_ONE_LINE = "\t\n\x85\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
"""What one line of text refuses besides: line breaks and tabs (YAML's and Unicode's), and the
bidirectional controls, which would reorder the text around them (as names refuse them)."""
_LINE_BREAKS = {"\n": "a line break", "\r": "a line break (a carriage return, U+000D)",
                "\x85": "a next-line character (U+0085)",
                "\u2028": "a line separator (U+2028)", "\u2029": "a paragraph separator (U+2029)"}


@cache
def _refused(one_line: bool) -> re.Pattern[str]:
    """The characters text may not hold: one pattern, searched once per value (compiled at the
    first text checked, not at every start)."""
    return re.compile(f"[{_CONTROL}{_SURROGATES}{_NONCHARACTERS}{_ONE_LINE if one_line else ''}]")


def text_problem(value: str, one_line: bool = True) -> str | None:
    """Why ``value`` cannot be a text a file holds and reads back as it is (SPEC section 8, "Text
    a file can hold"), in players' words; ``None`` when it can. The one check of text, for a file
    and for an answer at the terminal or on a phone (``Text.check``). Never quotes the value: the
    character at fault may be one no screen or stream can show."""
    bad = _refused(one_line).search(value)
    if bad is None:
        return None
    char = bad.group()
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return (f"contains a broken character (U+{code:04X}, half of a pair, as an emoji cut in two by a "
                "paste gives); type it again")
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
        return f"contains U+{code:04X}, which is not a character (a Unicode noncharacter); type it without it"
    if one_line and char in _LINE_BREAKS:
        return f"contains {_LINE_BREAKS[char]}; write it on one line"
    if char == "\t":
        return "contains a tab; write it on one line, with spaces"
    if re.fullmatch(f"[{_CONTROL}]", char):
        return f"contains the control character U+{code:04X}"
    return (f"contains the bidirectional control U+{code:04X}, which would reorder the text around it; "
            "type it without it")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Int(Spec):
    """A whole number in ``[minimum, maximum]``."""

    _: KW_ONLY
    minimum: int = 0
    maximum: int = MAX_COUNT
    example: int | None = None
    why: str = ""
    """Why the maximum is what it is ("the forest track has 5 spaces"), for the error."""
    kind: str = "a whole number"

    single_word: ClassVar[bool] = True

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag in (INT, FLOAT)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        ctx.visit(node, path)
        if type(node) is yaml.ScalarNode and node.tag == INT:
            # the common case at once: visit's check_node passed it, so it is written as a whole
            # number of at most MAX_DIGITS digits, the value scalar_value reads
            return self.in_range(int(node.value), path)
        if not self.accepts(node):
            raise self.wrong_type(node, path, quoted_hint(node, "a number"))
        assert isinstance(node, yaml.ScalarNode)
        value = scalar_value(node)
        if isinstance(value, float):
            raise InputError(path, f"expected a whole number, found {shorten(node.value)}")
        return self.in_range(int(value), path)

    def in_range(self, value: int, path: Path) -> int:
        """``value`` when it lies in ``[minimum, maximum]``; else the error that says why."""
        if self.minimum <= value <= self.maximum:
            return value
        shown = shorten(value)  # up to 100 digits (loading.MAX_DIGITS); messages quote 80
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
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}

    def template_example(self) -> int:
        return self.example if self.example is not None else self.minimum

    def is_scalar(self) -> bool:
        return True

    def answer_fit(self, text: str) -> int:
        return FIT_NUMBER if self.takes_bare(text) else 0

    def takes_bare(self, token: str) -> bool:
        return is_integer(token)

    def key_node(self, text: str) -> yaml.Node:
        return typed_node(text)

    def answer_syntax(self) -> str:
        top = "or more" if self.maximum == MAX_COUNT else f"to {self.maximum}"
        return f"a whole number, {self.minimum} {top}"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Text(Spec):
    """Free text on one line (a place, a species name), or of several lines (``one_line=False``:
    notes); never a character a file cannot hold (``text_problem``)."""

    _: KW_ONLY
    example: str | None = None
    max_length: int = 100
    one_line: bool = True
    kind: str = "text"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == STR

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.not_text(node, path)
        value = str(node.value).strip()
        if not value:
            raise InputError(path, "must not be empty")
        problem = text_problem(value, self.lines_refused())
        if problem:
            raise InputError(path, problem)
        if len(value) > self.max_length:
            raise InputError(path, f"longer than {self.max_length} characters")
        return value

    def lines_refused(self) -> bool:
        """Whether ``text_problem`` refuses line breaks, tabs and bidirectional controls here."""
        return self.one_line

    def not_text(self, node: yaml.Node, path: Path) -> InputError:
        """What YAML made of something meant as text, and how to write it as text."""
        if isinstance(node, yaml.ScalarNode) and node.value != "":
            hint = f'put it in quotes to use it as text: "{shorten(node.value)}"'
            if node.tag == NULL:
                return InputError(path, f"expected {self.kind}, found {quoted(node.value)}, which YAML reads "
                                  "as 'nothing'", hint=hint)
            return self.wrong_type(node, path, hint)
        if isinstance(node, yaml.MappingNode) and len(node.value) == 1:
            key, value = node.value[0]
            if isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode) and not key.style \
                    and not value.style and key.start_mark.line == value.end_mark.line:
                text = shorten(f"{key.value}: {value.value}")
                return InputError(path, f"expected {self.kind}, found {quoted(text)}, which YAML reads as a "
                                  "key and its value because of the ': ' inside",
                                  hint=f'put it in quotes to use it as text: "{text}"')
        return self.wrong_type(node, path)

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_length}

    def template_example(self) -> str:
        return self.example if self.example is not None else "text"

    def is_scalar(self) -> bool:
        return True

    def answer(self, text: str) -> yaml.Node:
        """Text as typed: braces and brackets are part of it, not YAML's flow form."""
        return scalar_node(STR, text.strip())

    def answer_syntax(self) -> str:
        return "text on one line" if self.one_line else "text"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Name(Text):
    """A player's name: one line, no control or bidirectional characters, not invisible."""

    def lines_refused(self) -> bool:
        return False  # a name's one-line rule is the names' own, in their words (``name_problem``)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        value = Text.check(self, node, path, ctx)
        problem = name_problem(str(node.value))
        if problem:
            raise InputError(path, f"the name {quoted(node.value)} {problem}")
        return value

    def template_example(self) -> str:
        return self.example if self.example is not None else "Player 1"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Date(Spec):
    """When the play happened: ``2026-11-28``, ``2026-11-28 20:30`` or ``2026-11-28 20:30:00``.

    Read as ``2026-11-28`` or ``2026-11-28T20:30`` (seconds are not kept).
    """

    _: KW_ONLY
    example: str | None = None
    kind: str = "a date (2026-11-28, or 2026-11-28 20:30)"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == STR

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        from ..dates import read_play_date

        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        text = str(node.value).strip()
        try:
            kept = read_play_date(text)
        except ValueError as error:
            raise InputError(path, f"{quoted(text)} is not a real date or time ({error})") from None
        if kept is None:
            raise InputError(path, f"expected {self.kind}, found {quoted(text)}")
        return kept

    def json_schema(self) -> dict[str, Any]:
        from ..dates import PLAY_DATE

        return {"type": "string", "pattern": PLAY_DATE.pattern}

    def template_example(self) -> str:
        return self.example if self.example is not None else "2026-11-28"

    def is_scalar(self) -> bool:
        return True

    def answer_node(self, text: str) -> yaml.Node:
        return scalar_node(STR, text)

    def written(self, value: Any) -> Any:
        """As a player writes it: ``2026-11-28 20:30``."""
        return value.replace("T", " ") if isinstance(value, str) else value

    def answer_syntax(self) -> str:
        return "a date: 2026-11-28 or 2026-11-28 20:30"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Flag(Spec):
    """``true`` or ``false`` (and nothing else: ``yes``/``no`` are text)."""

    _: KW_ONLY
    example: bool | None = None
    kind: str = "true or false"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == BOOL

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> bool:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        assert isinstance(node, yaml.ScalarNode)
        return bool(scalar_value(node))

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def template_example(self) -> bool:
        return self.example if self.example is not None else False

    def is_scalar(self) -> bool:
        return True

    def answer_node(self, text: str) -> yaml.Node:
        """``y``/``yes``/``true`` or ``n``/``no``/``false``, in any case."""
        word = text.lower()
        if word in YES:
            return scalar_node(BOOL, "true")
        if word in NO:
            return scalar_node(BOOL, "false")
        return scalar_node(STR, text)

    def answer_syntax(self) -> str:
        return "y or n"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Choice(Spec):
    """One of a fixed set of words, matched after ``normalise_word``, plus short forms.

    ``kind`` follows from ``what`` and ``words``: ``a river side (n, e, s, w)``."""

    _: KW_ONLY
    words: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)
    """Short forms (``howler`` for ``howler_monkey``), read-only once built."""
    example: str | None = None
    what: str = "name"
    kind: str = field(init=False)

    single_word: ClassVar[bool] = True

    spelt: Mapping[str, str | None] = field(init=False)
    """``lookup`` of the words and short forms as written, worked out once: a file names most
    of its words so (a batch looks up thousands)."""

    def __post_init__(self) -> None:
        article = "an" if self.what[:1].lower() in "aeiou" else "a"
        object.__setattr__(self, "kind", f"{article} {self.what} ({', '.join(self.words)})")
        object.__setattr__(self, "aliases", MappingProxyType(dict(self.aliases)))
        object.__setattr__(self, "spelt", {})
        object.__setattr__(self, "spelt", MappingProxyType({text: self.lookup(text)
                                                            for text in (*self.words, *self.aliases)}))

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag == STR

    def lookup(self, text: str) -> str | None:
        found = self.spelt.get(text)
        if found is not None:
            return found
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
            raise InputError(path, f"unknown {self.what} {quoted(node.value)}", hint=hint)
        return found

    def json_schema(self) -> dict[str, Any]:
        """The canonical spellings, then the short forms (``howler``) that are accepted too."""
        return {"type": "string", "enum": [*self.words, *(a for a in self.aliases if a not in self.words)]}

    def template_example(self) -> str:
        return self.example if self.example is not None else (self.words[0] if self.words else "")

    def choices(self) -> tuple[str, ...]:
        return self.words

    def is_scalar(self) -> bool:
        return True

    def answer_node(self, text: str) -> yaml.Node:
        """The word, or its number in the list (``2`` for the second)."""
        if text.isdigit() and 1 <= int(text) <= len(self.words):
            return scalar_node(STR, self.words[int(text) - 1])
        return scalar_node(STR, text)

    def answer_fit(self, text: str) -> int:
        return FIT_WORD if self.lookup(text) is not None else 0

    def answer_syntax(self) -> str:
        words = ", ".join(f"{i} {word}" for i, word in enumerate(self.words, start=1))
        return f"one of {words} (the word or its number; Tab completes)"

    def answer_syntax_unnumbered(self) -> str:
        return f"one of {', '.join(self.words)} (the word; Tab completes)"

    def answer_words(self) -> list[str]:
        return list(self.words)

    def list_example(self) -> str:
        return ", ".join(self.words[:2])
