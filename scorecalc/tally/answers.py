"""One-line answers: text -> a YAML node -> the field's own spec ``check``.

The answer is never checked by rules of its own: it is turned into the node the YAML
would hold (``sea_lion 2, tortoise 1`` -> ``{sea_lion: 2, tortoise: 1}``) and checked by
the same spec that checks files, with a fresh ``Context``; its first problem is the
message. The forms (docs/tally.md):

- a number: ``12``; money as players write it: ``£1,900``;
- a name from a fixed list: the word (any case, spaces or hyphens) or its number in the list;
- yes/no: ``y``, ``yes``, ``true`` / ``n``, ``no``, ``false``;
- a list: ``sea_lion, tortoise`` (commas; names from a fixed list may be separated by spaces);
- a mapping: ``sea_lion 2, tortoise 1`` (``key value``, also ``key: value`` or ``key=value``),
  or only the values in the order the question shows (``3 4 2`` for fauna, geology, flora);
- a record of scalars (``leftover``): ``coins 2, compass 1``, or its values in order;
- a Caribe book: ``fauna 2, geology 1`` (whole icons) or ``geology none fauna / geology flora flora``
  (left page / right page, slot by slot);
- anything in YAML's own flow form: ``{fauna: 2}``, ``[Sea Snail, Hydra]``.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from ..declare import (
    MISSING,
    Choice,
    Context,
    Date,
    Either,
    Flag,
    Int,
    KeyedMap,
    ListOf,
    MapOf,
    Record,
    Spec,
    Stop,
    Text,
    normalise_word,
)
from ..errors import InputError, Path, format_path
from ..loading import BOOL, FLOAT, INT, MAP, NULL, SEQ, STR

_MARK = yaml.Mark("answer", 0, 0, 0, "", 0)
_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_FLOAT = re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?$")
_MONEY = re.compile(r"^£?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)$")
NOTHING = {"none", "nothing", "-"}
_YES = {"y", "yes", "true", "t"}
_NO = {"n", "no", "false", "f"}


class BadAnswer(Exception):
    """An answer the spec refused: the message to show (the question is asked again)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _scalar(tag: str, value: str) -> yaml.ScalarNode:
    return yaml.ScalarNode(tag, value, _MARK, _MARK)


def _typed(text: str) -> yaml.ScalarNode:
    """A plain scalar typed as the file would type it (only ``true``/``false`` are booleans)."""
    if _INT.match(text):
        return _scalar(INT, text)
    if _FLOAT.match(text):
        return _scalar(FLOAT, text)
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return _scalar(BOOL, text)
    if text in ("", "~", "null", "Null", "NULL"):
        return _scalar(NULL, text)
    return _scalar(STR, text)


def _seq(items: list[yaml.Node]) -> yaml.SequenceNode:
    return yaml.SequenceNode(SEQ, items, _MARK, _MARK, flow_style=True)


def _map(pairs: list[tuple[yaml.Node, yaml.Node]]) -> yaml.MappingNode:
    return yaml.MappingNode(MAP, pairs, _MARK, _MARK, flow_style=True)


def is_book(spec: Spec) -> bool:
    """A Caribe book: whole icons (``counts``) or two pages (``pages``), told apart by shape."""
    counts, pages = getattr(spec, "counts", None), getattr(spec, "pages", None)
    return isinstance(counts, MapOf) and isinstance(pages, Record)


def keys_in_order(spec: Spec) -> list[str]:
    """The keys an answer may give as bare values, in the order they are shown."""
    if isinstance(spec, KeyedMap):
        return list(spec.specs)
    if isinstance(spec, MapOf) and isinstance(spec.key, Choice):
        return list(spec.key.words)
    if isinstance(spec, Record):
        return list(spec.fields)
    return []


def node_for(spec: Spec, text: str) -> yaml.Node:
    """The YAML node an answer stands for, shaped for ``spec``."""
    text = text.strip()
    if text[:1] in ("{", "[") and not isinstance(spec, Text):
        return _flow(text)
    if isinstance(spec, Int):
        money = _MONEY.match(text)
        return _typed(money.group(1).replace(",", "") if money else text)
    if isinstance(spec, Flag):
        word = text.lower()
        return _scalar(BOOL, "true") if word in _YES else _scalar(BOOL, "false") if word in _NO else \
            _scalar(STR, text)
    if isinstance(spec, Choice):
        if text.isdigit() and 1 <= int(text) <= len(spec.words):
            return _scalar(STR, spec.words[int(text) - 1])
        return _scalar(STR, text)
    if isinstance(spec, Text | Date):
        return _scalar(STR, text)
    if isinstance(spec, Either):
        return node_for(_pick(spec, text), text)
    if isinstance(spec, ListOf):
        if text.lower() in NOTHING:
            return _seq([])
        return _seq([node_for(spec.item, part) for part in split_list(spec.item, text)])
    if isinstance(spec, MapOf | Record):
        return _mapping(spec, text)
    if is_book(spec):
        if "/" in text:
            left, _, right = text.partition("/")
            page = ListOf(Choice())
            return _map([(_scalar(STR, "left"), node_for(page, left)),
                         (_scalar(STR, "right"), node_for(page, right))])
        return node_for(getattr(spec, "counts"), text)  # noqa: B009 - duck-typed book
    return _typed(text)


def _flow(text: str) -> yaml.Node:
    from ..loading import _Loader

    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or "cannot be read"
        raise BadAnswer(f"YAML: {problem}") from None
    finally:
        loader.dispose()
    return node if node is not None else _scalar(NULL, "")


def _pick(spec: Either, text: str) -> Spec:
    """Which alternative an answer means: a bare number a count, else a list or a mapping."""
    options = spec.options
    if _INT.match(text) or _MONEY.match(text):
        for option in options:
            if isinstance(option, Int):
                return option
    for option in options:
        if isinstance(option, Choice) and option.lookup(text) is not None:
            return option
    for option in options:
        if isinstance(option, MapOf | Record | ListOf):
            return option
    return options[-1]


def split_list(item: Spec, text: str) -> list[str]:
    if "," in text or ";" in text:
        parts = re.split(r"[,;]", text)
    elif isinstance(item, Choice | Int):
        parts = text.split()
    else:
        parts = [text]
    return [part.strip() for part in parts if part.strip()]


def _mapping(spec: MapOf | Record, text: str) -> yaml.MappingNode:
    if text.lower() in NOTHING:
        return _map([])
    order = keys_in_order(spec)
    entries = [part.strip() for part in re.split(r"[,;]", text) if part.strip()]
    if len(entries) == 1:
        tokens = entries[0].split()
        if order and _all_values(spec, order, tokens):
            return _positional(spec, order, tokens)  # values only, in the order shown
        if all(re.match(r"^[^:=]+[:=][^:=]+$", token) for token in tokens):
            entries = tokens  # 'sea_lion:2 tortoise:1'
        elif len(tokens) > 2 and len(tokens) % 2 == 0 and all(_INT.match(t) for t in tokens[1::2]):
            entries = [f"{tokens[i]} {tokens[i + 1]}" for i in range(0, len(tokens), 2)]
    pairs = []
    for entry in entries:
        match = re.match(r"^(.*?)\s*[:=]\s*(.*)$", entry) or re.match(r"^(.*\S)\s+(\S+)$", entry)
        if match is None:
            raise BadAnswer(f"{entry!r}: expected a name and a value, such as "
                            f"'{order[0] if order else 'name'} 2'")
        key, value = match.group(1).strip(), match.group(2).strip()
        pairs.append((_key_node(spec, key), node_for(_value_spec(spec, key), value)))
    return _map(pairs)


def _all_values(spec: MapOf | Record, order: list[str], tokens: list[str]) -> bool:
    """Whether the tokens are only values (``3 4 2``), not names with values (``fauna 3``)."""
    if len(tokens) > len(order):
        return all(_INT.match(token) for token in tokens)  # too many values: say so
    known = {normalise_word(key) for key in order} | _aliases(spec)
    for key, token in zip(order, tokens, strict=False):
        if normalise_word(token.rstrip(":=")) in known:
            return False
        if isinstance(_value_spec(spec, key), Int) and not (_INT.match(token) or _MONEY.match(token)):
            return False
    return True


def _aliases(spec: Spec) -> set[str]:
    key = spec.key if isinstance(spec, MapOf) else None
    return set(key.aliases) if isinstance(key, Choice) else set()


def _positional(spec: MapOf | Record, order: list[str], tokens: list[str]) -> yaml.MappingNode:
    if len(tokens) > len(order):
        raise BadAnswer(f"{len(tokens)} values for {len(order)} places ({', '.join(order)})")
    return _map([(_scalar(STR, key), node_for(_value_spec(spec, key), token))
                 for key, token in zip(order, tokens, strict=False)])


def _key_node(spec: MapOf | Record, key: str) -> yaml.Node:
    if isinstance(spec, MapOf) and isinstance(spec.key, Int):
        return _typed(key)
    if isinstance(spec, Record):
        word = normalise_word(key)
        return _scalar(STR, word if word in spec.fields else key)
    return _scalar(STR, key)


def _value_spec(spec: MapOf | Record, key: str) -> Spec:
    if isinstance(spec, Record):
        found = spec.fields.get(normalise_word(key))
        return found.spec if found is not None else Text()
    if isinstance(spec, KeyedMap):
        assert isinstance(spec.key, Choice)
        word = spec.key.lookup(key)
        return spec.specs[word] if word is not None else Text()
    return spec.value


def check(spec: Spec, text: str, path: Path) -> Any:
    """The checked value of an answer, as it is written to FILE; ``BadAnswer`` when refused."""
    node = node_for(spec, text)
    ctx = Context()
    try:
        value = spec.check(node, path, ctx)
    except Stop as error:
        raise BadAnswer(describe(error, path)) from None
    except InputError as error:
        ctx.report(error)
        value = MISSING
    if ctx.problems:
        raise BadAnswer("; ".join(describe(problem, path) for problem in ctx.problems[:3]))
    return as_written(spec, value)


def describe(error: InputError, path: Path) -> str:
    """A problem as the player reads it: the part of the answer it is about, the message, the hint."""
    text = error.message
    if error.hint:
        text += f" ({error.hint})"
    inner = error.path[len(path):] if error.path[:len(path)] == path else ()
    if inner:
        return f"{format_path(inner)}: {text}"
    return text


def as_written(spec: Spec, value: Any) -> Any:
    """A checked value in the shape the YAML holds (a Caribe book's tagged value unwrapped)."""
    if value is MISSING:
        return value
    if is_book(spec) and isinstance(value, dict):
        return value.get("whole", value.get("pages"))
    if isinstance(spec, ListOf) and isinstance(value, list):
        return [as_written(spec.item, item) for item in value]
    if isinstance(spec, Date) and isinstance(value, str):
        return value.replace("T", " ")
    if isinstance(spec, Record) and isinstance(value, dict):
        return {key: as_written(spec.fields[key].spec, item) if key in spec.fields else item
                for key, item in value.items()}
    return value


def one_line(spec: Spec, value: Any) -> str:
    """A value written back in the one-line form (the default shown when going back)."""
    if value is MISSING or value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if is_book(spec) and isinstance(value, dict) and "left" in value:
        return " ".join(value["left"]) + " / " + " ".join(value["right"])
    if isinstance(value, dict):
        if not value:
            return "none"
        sub = spec if isinstance(spec, Record) else None
        return ", ".join(f"{key} {one_line(sub.fields[key].spec if sub and key in sub.fields else Spec(), v)}"
                         for key, v in value.items() if v is not None)
    if isinstance(value, list):
        if not value:
            return "none"
        item = spec.item if isinstance(spec, ListOf) else Spec()
        return ", ".join(one_line(item, entry) for entry in value)
    return str(value)
