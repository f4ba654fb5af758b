"""One-line answers: the text a player types at ``scorecalc tally`` -> the YAML node a file would hold.

An answer is never checked by rules of its own: the field's spec turns it into the node
the YAML would hold (``sea_lion 2, tortoise 1`` -> ``{sea_lion: 2, tortoise: 1}``), its
scalars typed by the rules that type a file's (``reading.scalars``: ``007`` is 7 in both),
and the same ``check`` that checks files checks it. The forms (docs/tally.md):

- a number: ``12`` (a game's own type reads its own forms, such as money as players write it);
- a name from a fixed list: the word (any case, spaces or hyphens) or its number in the list;
- yes/no: ``y``, ``yes``, ``true`` / ``n``, ``no``, ``false``;
- a list: ``sea_lion, tortoise`` (commas; names from a fixed list may be separated by spaces);
- a mapping: ``sea_lion 2, tortoise 1`` (``key value``, also ``key: value`` or ``key=value``),
  or only the values in the order the question shows (``3 4 2`` for fauna, geology, flora);
- a record of scalars (``leftover``): ``coins 2, compass 1``, or its values in order;
- a game's own form (a Caribe book's two pages), read by the game's own spec;
- anything in YAML's own flow form: ``{fauna: 2}``, ``[Sea Snail, Hydra]``.
"""

from __future__ import annotations

import re
from typing import Protocol

import yaml

from ..reading.scalars import MAP, NULL, SEQ, STR, is_integer, tag_of

_MARK = yaml.Mark("answer", 0, 0, 0, "", 0)
NOTHING = frozenset(("none", "nothing", "-"))
"""An empty list or mapping."""
YES = frozenset(("y", "yes", "true", "t"))
NO = frozenset(("n", "no", "false", "f"))


class BadAnswer(Exception):
    """An answer that cannot be read, or that its spec refused: the message to show (the
    question is asked again)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def scalar_node(tag: str, value: str) -> yaml.ScalarNode:
    return yaml.ScalarNode(tag, value, _MARK, _MARK)


def typed_node(text: str) -> yaml.ScalarNode:
    """A plain scalar typed as the file would type it (``reading.scalars``)."""
    return scalar_node(tag_of(text), text)


def sequence_node(items: list[yaml.Node]) -> yaml.SequenceNode:
    return yaml.SequenceNode(SEQ, items, _MARK, _MARK, flow_style=True)


def mapping_node(pairs: list[tuple[yaml.Node, yaml.Node]]) -> yaml.MappingNode:
    return yaml.MappingNode(MAP, pairs, _MARK, _MARK, flow_style=True)


def flow_node(text: str) -> yaml.Node:
    """An answer in YAML's flow form, composed as a file is."""
    from ..reading.loading import compose_text

    try:
        node = compose_text(text)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or "cannot be read"
        raise BadAnswer(f"YAML: {problem}") from None
    return node if node is not None else scalar_node(NULL, "")


class Answered(Protocol):
    """What an answer needs of a spec (``base.Spec`` has it; named here so that this module
    imports no spec): whether its value is one word, and its own reading of an answer."""

    @property
    def single_word(self) -> bool:
        """A value that is one word (a list of them may be separated by spaces)."""

    def answer(self, text: str) -> yaml.Node:
        """The node a one-line answer stands for."""

    def takes_bare(self, token: str) -> bool:
        """Whether ``token`` alone can be this value (``3`` for a count)."""

    def answer_fit(self, text: str) -> int:
        """How surely ``text`` means this value: 0 not at all (``Spec.answer_fit``)."""


MOST_WORDS = 3
"""The most words one name of a fixed list is read from (``sea lion``, ``howler monkey``)."""


def split_list(item: Answered, text: str) -> list[str]:
    """A list answer's entries: separated by commas (or semicolons), or by spaces for words, a
    name of several words read whole where only one grouping reads (``names_read``)."""
    if "," in text or ";" in text:
        parts = re.split(r"[,;]", text)
    elif item.single_word:
        parts = names_read(item, text.split())
    else:
        parts = [text]
    return [part.strip() for part in parts if part.strip()]


def names_read(item: Answered, tokens: list[str]) -> list[str]:
    """Words separated by spaces, grouped into the names they spell: ``sea lion booby`` is
    ``sea lion``, ``booby`` when that is the one grouping every part of which reads as a name;
    two groupings are refused with both; none: each word alone (its own message names it)."""
    readings: list[list[str]] = []

    def walk(start: int, taken: list[str]) -> None:
        if len(readings) > 1:
            return
        if start == len(tokens):
            readings.append(taken)
            return
        for end in range(start + 1, min(len(tokens), start + MOST_WORDS) + 1):
            part = " ".join(tokens[start:end])
            if item.answer_fit(part) > 0:
                walk(end, [*taken, part])

    walk(0, [])
    if len(readings) > 1:
        first, second = (", ".join(reading) for reading in readings[:2])
        raise BadAnswer(f"'{' '.join(tokens)}' reads two ways: {first} — or — {second}; separate the "
                        "names with commas")
    return readings[0] if readings else longest_names(item, tokens)


def longest_names(item: Answered, tokens: list[str]) -> list[str]:
    """Words where no grouping reads whole: the longest name at each place, a word that is none
    alone (so the one that is not a name is counted where the player counts it)."""
    parts, start = [], 0
    while start < len(tokens):
        end = next((end for end in range(min(len(tokens), start + MOST_WORDS), start, -1)
                    if item.answer_fit(" ".join(tokens[start:end])) > 0), start + 1)
        parts.append(" ".join(tokens[start:end]))
        start = end
    return parts


class Keyed(Protocol):
    """A spec answered as ``key value`` pairs (a record, a mapping of names)."""

    def answer_keys(self) -> list[str]:
        """The keys an answer may give as bare values, in the order they are shown."""

    def answer_key(self, token: str) -> str | None:
        """The key ``token`` names, or ``None``."""

    def answer_key_node(self, key: str) -> yaml.Node:
        """The node of ``key`` as an answer wrote it."""

    def answer_value_spec(self, key: str) -> Answered:
        """The spec of the value given for ``key``."""


def mapping_answer(spec: Keyed, text: str) -> yaml.MappingNode:
    """``sea_lion 2, tortoise 1``, ``coins:2 compass:1``, or bare values in order (``3 4 2``)."""
    if text.lower() in NOTHING:
        return mapping_node([])
    order = spec.answer_keys()
    entries = [part.strip() for part in re.split(r"[,;]", text) if part.strip()]
    if len(entries) == 1:
        tokens = entries[0].split()
        if order and _all_values(spec, order, tokens):
            return _positional(spec, order, tokens)  # values only, in the order shown
        if all(re.match(r"^[^:=]+[:=][^:=]+$", token) for token in tokens):
            entries = tokens  # 'sea_lion:2 tortoise:1'
        elif len(tokens) > 2 and len(tokens) % 2 == 0 and all(is_integer(t) for t in tokens[1::2]):
            entries = [f"{tokens[i]} {tokens[i + 1]}" for i in range(0, len(tokens), 2)]
    pairs = []
    for entry in entries:
        match = re.match(r"^(.*?)\s*[:=]\s*(.*)$", entry) or re.match(r"^(.*\S)\s+(\S+)$", entry)
        if match is None:
            raise BadAnswer(f"{entry!r}: expected a name and a value, such as "
                            f"'{order[0] if order else 'name'} 2'")
        key, value = match.group(1).strip(), match.group(2).strip()
        pairs.append((spec.answer_key_node(key), spec.answer_value_spec(key).answer(value)))
    return mapping_node(pairs)


def _all_values(spec: Keyed, order: list[str], tokens: list[str]) -> bool:
    """Whether the tokens are only values (``3 4 2``), not names with values (``fauna 3``)."""
    if len(tokens) > len(order):
        return all(is_integer(token) for token in tokens)  # too many values: say so
    for key, token in zip(order, tokens, strict=False):
        if spec.answer_key(token.rstrip(":=")) is not None:
            return False
        if not spec.answer_value_spec(key).takes_bare(token):
            return False
    return True


def _positional(spec: Keyed, order: list[str], tokens: list[str]) -> yaml.MappingNode:
    if len(tokens) > len(order):
        raise BadAnswer(f"{len(tokens)} values for {len(order)} places ({', '.join(order)})")
    return mapping_node([(scalar_node(STR, key), spec.answer_value_spec(key).answer(token))
                         for key, token in zip(order, tokens, strict=False)])
