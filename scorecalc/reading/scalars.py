"""How a plain scalar reads: the one table of rules that the YAML loader and tally's answers share.

YAML 1.2's core schema, narrowed for score sheets: only ``true``/``false`` are booleans
(``yes``, ``No``, ``on`` stay text, as SPEC section 2 says), integers are plain decimals
(``007`` is 7, never octal; ``0x10`` and ``1_000`` are text), floats are decimals, and
``~``, ``null`` or nothing at all is null. Dates stay text. The loader resolves every plain
scalar by ``RULES`` (``loading``), and a one-line answer in ``tally`` is typed by
``tag_of``, so a value reads the same wherever it is typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

NULL = "tag:yaml.org,2002:null"
BOOL = "tag:yaml.org,2002:bool"
INT = "tag:yaml.org,2002:int"
FLOAT = "tag:yaml.org,2002:float"
STR = "tag:yaml.org,2002:str"
SEQ = "tag:yaml.org,2002:seq"
MAP = "tag:yaml.org,2002:map"


class Rule:
    """One typed kind of plain scalar: its tag, what its text looks like, and its value.

    ``first`` holds the characters such a text can start with (``""``: the empty text), so
    the loader tries a rule only on texts that may match. A rule with a fixed set of
    spellings (``words``) matches exactly those; its pattern is built from them.
    """

    __slots__ = ("_fullmatch", "examples", "first", "kind", "pattern", "tag", "value", "words")

    def __init__(self, tag: str, *, kind: str, first: tuple[str, ...], value: Callable[[str], Any],
                 examples: tuple[str, ...], pattern: str = "", words: tuple[str, ...] = ()) -> None:
        self.tag = tag
        self.kind = kind
        """What such a value is, in a message: ``the YAML tag !!int needs a whole number``."""
        self.first = first
        self.value = value
        self.examples = examples
        """Texts this rule reads (the tests walk them through the loader and tally alike)."""
        self.words = frozenset(words) if words else None
        self.pattern = pattern or "^(?:" + "|".join(re.escape(word) for word in words) + ")$"
        self._fullmatch: Callable[[str], re.Match[str] | None] | None = None

    def regex(self) -> re.Pattern[str]:
        """The pattern, compiled when first needed (for the loader's implicit resolvers)."""
        return re.compile(self.pattern)

    def fits(self, text: str) -> bool:
        """Whether ``text``, whole, is written as this rule says (``"12\\n"`` is not ``12``)."""
        if self.words is not None:
            return text in self.words
        match = self._fullmatch
        if match is None:
            match = self._fullmatch = self.regex().fullmatch
        return match(text) is not None


def _bool(text: str) -> bool:
    return text.lower() == "true"


def _null(text: str) -> None:
    return None


RULES: tuple[Rule, ...] = (
    Rule(BOOL, kind="true or false", first=tuple("tTfF"), value=_bool,
         words=("true", "True", "TRUE", "false", "False", "FALSE"), examples=("true", "False", "TRUE")),
    Rule(INT, kind="a whole number", first=tuple("-+0123456789"), value=int,
         pattern=r"^[-+]?[0-9]+$", examples=("7", "007", "-3", "+4", "0", "-0")),
    Rule(FLOAT, kind="a number", first=tuple("-+.0123456789"), value=float,
         pattern=r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?$",
         examples=("1.5", "-.5", "2.", "1e3", "+2.5E-1", "007.5")),
    Rule(NULL, kind="an empty value", first=("~", "n", "N", ""), value=_null,
         words=("", "~", "null", "Null", "NULL"), examples=("", "~", "null", "NULL")),
)
"""In the order they are tried: the first rule a text fits gives its tag (``7`` fits both
``INT`` and ``FLOAT``: it is an integer). A text that fits none is text (``STR``)."""

TEXT_EXAMPLES = ("yes", "No", "on", "0x10", "1_000", "1,900", "2026-11-28", ".inf", "nan", "12a")
"""Plain texts that no rule reads: they stay text, in a file and in an answer."""

RULE_OF_TAG: dict[str, Rule] = {rule.tag: rule for rule in RULES}


def tag_of(text: str) -> str:
    """The tag a plain (unquoted) scalar written as ``text`` takes."""
    for rule in RULES:
        if rule.fits(text):
            return rule.tag
    return STR


def is_integer(text: str) -> bool:
    """``text`` reads as a whole number (``12``, ``007``, ``-3``)."""
    return RULE_OF_TAG[INT].fits(text)


def value_of(text: str) -> Any:
    """The value of a plain scalar written as ``text``: ``7``, ``1.5``, ``True``, ``None`` or the text."""
    rule = RULE_OF_TAG.get(tag_of(text))
    return text if rule is None else rule.value(text)
