"""Galapagos' money as players write it: ``1900``, ``1,900`` or ``£1,900``, in whole pounds."""

from __future__ import annotations

import re
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from ...errors import InputError, Path, quoted
from ...reading.scalars import FLOAT, INT, STR, is_integer
from ...spec import Int

if TYPE_CHECKING:
    from ...spec.context import Context

_MONEY_TEXT = r"^£?\s*(\d{1,3}(?:,\d{3}){1,6}|\d{1,20})$"
_DOTTED_THOUSANDS = r"^£?\s*\d{1,3}(?:\.\d{3})+$"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Money(Int):
    """An amount of money as players write it: ``1900``, ``1,900`` or ``£1,900`` (whole
    pounds, a multiple of ``step``). YAML reads ``1,900`` and ``£1,900`` as text, so text in
    those shapes is accepted; ``1.900`` is a float and is refused with a hint. A tally answer
    is read the same way (the same rules make the same node)."""

    _: KW_ONLY
    step: int = 1
    why_step: str = ""
    """Why amounts are multiples of ``step`` ("the game's money comes in £100 and £500 notes")."""
    kind: str = field(default="an amount of money (1900, 1,900 or £1,900)", init=False)

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.ScalarNode) and node.tag in (INT, FLOAT, STR)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        ctx.visit(node, path)
        if not isinstance(node, yaml.ScalarNode) or node.tag not in (INT, FLOAT, STR):
            raise self.wrong_type(node, path)
        written = str(node.value).strip()
        if node.tag == STR:
            match = re.match(_MONEY_TEXT, written)
            if not match:
                raise InputError(path, f"expected {self.kind}, found {quoted(written)}",
                                 hint=money_hint(written))
            value = self.in_range(int(match.group(1).replace(",", "")), path)
        elif node.tag == FLOAT:
            raise InputError(path, f"{written} is not a whole number of pounds", hint=money_hint(written))
        else:
            value = self.in_range(int(written), path)
        if self.step > 1 and value % self.step:
            reason = f"; {self.why_step}" if self.why_step else ""
            raise InputError(path, f"£{value:,} is not a multiple of £{self.step:,}{reason}")
        return value

    def json_schema(self) -> dict[str, Any]:
        number: dict[str, Any] = {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}
        if self.step > 1:
            number["multipleOf"] = self.step
        return {"anyOf": [number, {"type": "string", "pattern": _MONEY_TEXT}]}

    def comma_start(self, text: str) -> bool:
        """``{money: £1,900}`` reads as ``money: £1`` and a key ``900``."""
        return re.fullmatch(r"£?\s*\d{1,3}", text) is not None

    def comma_hint(self, key: str, number: str) -> str:
        plain = number.lstrip("£ ").replace(",", "")
        return f'put it in quotes: {key}: "{number}", or write {plain}'

    def takes_bare(self, token: str) -> bool:
        return is_integer(token) or re.match(_MONEY_TEXT, token) is not None

    def answer_syntax(self) -> str:
        return Int.answer_syntax(self) + " (£1,900 is fine)"


def money_hint(written: str) -> str | None:
    if re.match(_DOTTED_THOUSANDS, written):
        return f"if the '.' separates thousands, write {written.lstrip('£ ').replace('.', '')}"
    return None
