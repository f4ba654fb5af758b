"""Declare a game's YAML once; validation (and later schema and template) follow.

A declaration is a tree of small specs — ``Record``, ``ListOf``, ``MapOf``, ``Int``,
``Text``, ``Choice``, ``Flag``, ``Either``, ``Anything`` — that each know how to
check a composed YAML node, turning it into plain Python data (canonical spellings,
typed scalars) while recording where every value was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import MAX_PROBLEMS, InputError, Path, Positions, Problems, quoted
from .loading import (
    BOOL,
    FLOAT,
    INT,
    MAX_DEPTH,
    MAX_NODES,
    NULL,
    STR,
    check_key,
    check_node,
    describe_node,
    position_of,
    scalar_value,
    shorten,
)
from .names import name_problem

MAX_COUNT = 10_000
"""Counts above this are errors: no table can show them."""

MAX_WORD = 100
"""Longer words get no "did you mean": no name of any game comes near."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def normalise_word(text: str) -> str:
    """``Howler Monkey`` / ``howler-monkey`` -> ``howler_monkey``."""
    return re.sub(r"[\s\-]+", "_", text.strip().lower())


def did_you_mean(word: str, choices: list[str]) -> str | None:
    close = _closest(word, choices)
    return f"did you mean {close!r}?" if close else None


def _closest(word: str, choices: list[str]) -> str | None:
    if len(word) > MAX_WORD:  # no name is that long, and comparing it would only cost time
        return None
    import difflib  # only when a word is unknown

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None


class Stop(InputError):
    """A problem after which reading goes no further (a budget exceeded)."""


class Reported(InputError):
    """A container had bad parts, already reported: the container is left out as a whole,
    so no spec built on it ever sees partial data."""

    def __init__(self) -> None:
        super().__init__((), "already reported")


class Context:
    """What one validation pass collects: positions, problems, and budgets against hostile files.

    Validation goes on past a bad value: each problem is reported here and the value
    left out, so a file's problems all show in one run. Past ``MAX_PROBLEMS`` they are
    only counted.
    """

    def __init__(self) -> None:
        self.positions = Positions()
        self.nodes = 0
        self.problems: list[InputError] = []
        self.more = 0
        self.collect = True

    @contextmanager
    def strictly(self) -> Iterator[None]:
        """Within: the first problem is raised, not collected (a spec that retries another reading)."""
        before, self.collect = self.collect, False
        try:
            yield
        finally:
            self.collect = before

    def report(self, error: InputError) -> None:
        """Keep ``error`` (located from the positions seen so far) and go on; a ``Stop`` ends reading."""
        if isinstance(error, Stop) or not self.collect:
            raise error
        if isinstance(error, Reported):
            return
        if isinstance(error, Problems):
            for problem in error.problems:
                self.report(problem)
            self.more += error.more
            return
        if len(self.problems) >= MAX_PROBLEMS:
            self.more += 1
            return
        self.problems.append(self.positions.locate(error))

    def check_parts(self, before: int) -> None:
        """Raise ``Reported`` when problems were reported since ``before`` (a container's parts)."""
        if self.count > before:
            raise Reported()

    @property
    def count(self) -> int:
        return len(self.problems) + self.more

    def visit(self, node: yaml.Node, path: Path) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise Stop(
                path,
                f"the document expands to more than {MAX_NODES:,} values "
                "(aliases repeated over and over?); no score sheet is that large",
                position=position_of(node),
            )
        if len(path) > MAX_DEPTH:
            raise Stop(path, f"nested deeper than {MAX_DEPTH} levels", position=position_of(node))
        check_node(node, path)
        self.positions.values[path] = position_of(node)


def salvage(record: Record, node: yaml.Node, positions: Positions) -> tuple[dict[str, Any], list[Path]]:
    """The parts of a document that are valid on their own, for a game's checks after the
    declaration found problems elsewhere (so a file's problems of both kinds show in one run),
    and the paths of the parts left out.

    Each top-level key is kept when its value checks without a problem; a top-level list
    (``players``, ``board``) is kept item by item, a bad item becoming ``None`` so indexes
    still match the file. A bad value elsewhere leaves its key out (defaults are filled in).
    """
    result: dict[str, Any] = {}
    dropped: list[Path] = []
    if not isinstance(node, yaml.MappingNode):
        return result, [()]
    for key, value in node.value:
        name = scalar_value(key) if isinstance(key, yaml.ScalarNode) else None
        spec_field = record.fields.get(name) if isinstance(name, str) else None
        if spec_field is None or not isinstance(name, str) or name in result:
            continue
        spec = spec_field.spec
        if isinstance(spec, ListOf) and isinstance(value, yaml.SequenceNode) \
                and len(value.value) <= spec.max_items:
            items = [check_alone(spec.item, child, (name, i), positions)[0]
                     for i, child in enumerate(value.value)]
            result[name] = [None if item is MISSING else item for item in items]
            dropped.extend((name, i) for i, item in enumerate(items) if item is MISSING)
            continue
        checked, _ = check_alone(spec, value, (name,), positions)
        if checked is not MISSING:
            result[name] = checked
        else:
            dropped.append((name,))
    for name, spec_field in record.fields.items():
        if name not in result and spec_field.default is not MISSING:
            result[name] = spec_field.default
    return result, dropped


def check_alone(spec: Spec, node: yaml.Node, path: Path,
                positions: Positions | None = None) -> tuple[Any, list[InputError]]:
    """``spec``'s value of ``node`` checked on its own, and its problems (located): the value is
    ``MISSING`` when there is any. ``positions`` collects where values were written."""
    ctx = Context()
    if positions is not None:
        ctx.positions = positions
    try:
        value = spec.check(node, path, ctx)
    except Stop as error:
        return MISSING, [*ctx.problems, ctx.positions.locate(error)]
    except InputError as error:
        ctx.report(error)
        value = MISSING
    return (MISSING, ctx.problems) if ctx.count else (value, [])



class Spec:
    """One kind of value in a declaration."""

    doc: str = ""
    kind: str = "a value"

    def accepts(self, node: yaml.Node) -> bool:
        return True

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        raise NotImplementedError

    def json_schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def wrong_type(self, node: yaml.Node, path: Path, hint: str | None = None) -> InputError:
        return InputError(path, f"expected {self.kind}, found {describe_node(node)}", hint=hint)


def _is_scalar(node: yaml.Node, *tags: str) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag in tags


def _quoted_hint(node: yaml.Node, wanted: str) -> str | None:
    if isinstance(node, yaml.ScalarNode) and node.tag == STR and node.style in ("'", '"'):
        return f"remove the quotes to write {wanted}"
    return None


@dataclass(eq=False)
class Int(Spec):
    """A whole number in ``[minimum, maximum]``."""

    minimum: int = 0
    maximum: int = MAX_COUNT
    doc: str = ""
    example: int | None = None
    why: str = ""
    """Why the maximum is what it is ("the forest track has 5 spaces"), for the error."""

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "a whole number"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, INT, FLOAT)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path, _quoted_hint(node, "a number"))
        assert isinstance(node, yaml.ScalarNode)
        value = scalar_value(node)
        if isinstance(value, float):
            raise InputError(path, f"expected a whole number, found {shorten(node.value)}")
        return self.in_range(int(value), path)

    def in_range(self, value: int, path: Path) -> int:
        """``value`` when it lies in ``[minimum, maximum]``; else the error that says why."""
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


_MONEY_TEXT = re.compile(r"^£?\s*(\d{1,3}(?:,\d{3}){1,6}|\d{1,20})$")
_DOTTED_THOUSANDS = re.compile(r"^£?\s*\d{1,3}(?:\.\d{3})+$")


@dataclass(eq=False)
class Money(Int):
    """An amount of money as players write it: ``1900``, ``1,900`` or ``£1,900`` (whole
    pounds, a multiple of ``step``). YAML reads ``1,900`` and ``£1,900`` as text, so text in
    those shapes is accepted; ``1.900`` is a float and is refused with a hint."""

    step: int = 1
    why_step: str = ""
    """Why amounts are multiples of ``step`` ("the game's money comes in £100 and £500 notes")."""

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "an amount of money (1900, 1,900 or £1,900)"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, INT, FLOAT, STR)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        ctx.visit(node, path)
        if not isinstance(node, yaml.ScalarNode) or node.tag not in (INT, FLOAT, STR):
            raise self.wrong_type(node, path)
        written = str(node.value).strip()
        if node.tag == STR:
            match = _MONEY_TEXT.match(written)
            if not match:
                raise InputError(path, f"expected {self.kind}, found {quoted(written)}",
                                 hint=_money_hint(written))
            value = self.in_range(int(match.group(1).replace(",", "")), path)
        elif node.tag == FLOAT:
            raise InputError(path, f"{written} is not a whole number of pounds", hint=_money_hint(written))
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
        return {"anyOf": [number, {"type": "string", "pattern": _MONEY_TEXT.pattern}]}


def _money_hint(written: str) -> str | None:
    if _DOTTED_THOUSANDS.match(written):
        return f"if the '.' separates thousands, write {written.lstrip('£ ').replace('.', '')}"
    return None


@dataclass(eq=False)
class Text(Spec):
    """Free text on one line (a player or species name)."""

    doc: str = ""
    example: str | None = None
    max_length: int = 100
    kind: str = "text"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, STR)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.not_text(node, path)
        value = str(node.value).strip()
        if not value:
            raise InputError(path, "must not be empty")
        bad = _CONTROL.search(value)
        if bad:
            raise InputError(path, f"contains the control character U+{ord(bad.group()):04X}")
        if len(value) > self.max_length:
            raise InputError(path, f"longer than {self.max_length} characters")
        return value

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


@dataclass(eq=False)
class Name(Text):
    """A player's name: one line, no control or bidirectional characters, not invisible."""

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        value = super().check(node, path, ctx)
        problem = name_problem(str(node.value))
        if problem:
            raise InputError(path, f"the name {quoted(node.value)} {problem}")
        return value


_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$")


@dataclass(eq=False)
class Date(Spec):
    """When the play happened: ``2026-11-28``, ``2026-11-28 20:30`` or ``2026-11-28 20:30:00``.

    Read as ``2026-11-28`` or ``2026-11-28T20:30`` (seconds are not kept).
    """

    doc: str = ""
    example: str | None = None
    kind: str = "a date (2026-11-28, or 2026-11-28 20:30)"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, STR)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> str:
        import datetime

        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        text = str(node.value).strip()
        match = _DATE.match(text)
        if not match:
            raise InputError(path, f"expected {self.kind}, found {quoted(text)}")
        parts = [int(part) for part in match.groups() if part is not None]
        try:
            when = datetime.datetime(*parts)  # type: ignore[arg-type]
        except ValueError as error:
            raise InputError(path, f"{quoted(text)} is not a real date or time ({error})") from None
        return when.strftime("%Y-%m-%dT%H:%M" if match.group(4) else "%Y-%m-%d")

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": _DATE.pattern}


@dataclass(eq=False)
class Flag(Spec):
    """``true`` or ``false`` (and nothing else: ``yes``/``no`` are text)."""

    doc: str = ""
    example: bool | None = None
    kind: str = "true or false"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, BOOL)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> bool:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        assert isinstance(node, yaml.ScalarNode)
        return bool(scalar_value(node))

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(eq=False)
class Choice(Spec):
    """One of a fixed set of words, matched after ``normalise_word``, plus short forms."""

    words: tuple[str, ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)
    doc: str = ""
    example: str | None = None
    what: str = "name"

    @property
    def kind(self) -> str:  # type: ignore[override]
        article = "an" if self.what[:1].lower() in "aeiou" else "a"
        return f"{article} {self.what} ({', '.join(self.words)})"

    def accepts(self, node: yaml.Node) -> bool:
        return _is_scalar(node, STR)

    def lookup(self, text: str) -> str | None:
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


@dataclass(eq=False)
class ListOf(Spec):
    item: Spec = field(default_factory=Spec)
    min_items: int = 0
    max_items: int = MAX_COUNT
    doc: str = ""
    kind: str = "a list"

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


def _mapping_pairs(node: yaml.Node, path: Path, ctx: Context) -> list[tuple[yaml.ScalarNode, yaml.Node]]:
    pairs: list[tuple[yaml.ScalarNode, yaml.Node]] = []
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and key.value == "<<" and not key.style:
            raise InputError((*path, "<<"), "YAML merge keys ('<<') are not supported; write the keys out",
                             position=position_of(key))
        check_key(key, path)
        pairs.append((key, value))
    return pairs


@dataclass(eq=False)
class Field:
    spec: Spec
    required: bool = False
    default: Any = MISSING
    doc: str = ""
    # What 'scorecalc tally' needs to ask for the field at the table (scorecalc/tally/):
    ask: int | None = 0
    """Reading order among the record's fields (lower first, then declaration order); ``None``:
    never asked. At the top: 0 the table's settings, 1 date and location, 2 the players, 3 what
    refers to the players."""
    applies: Callable[[dict[str, Any], dict[str, Any]], bool] | None = None
    """``applies(table, record)``: whether the question applies, given the table so far and the
    record that holds the field (``None``: always)."""
    needed: bool = False
    """When it applies, the game needs it although the declaration leaves it optional (the
    objective outside the Family variant): the tally does not offer to decline it."""
    most: Callable[[dict[str, Any]], int | None] | None = None
    """For a list: at most this many entries given the table so far (a solo game's one player)."""
    complete: Callable[[dict[str, Any]], list[str]] | None = None
    """Words to complete the answer with, from the table so far (players' names for cubes)."""


_DIGITS = re.compile(r"^\d{1,3}$")


def _split_numbers(node: yaml.Node, fields: dict[str, Field], path: Path) -> dict[int, InputError | None]:
    """``{money: 1,900}``: in a flow mapping the comma ends the value, so YAML reads
    ``money: 1`` and a key ``900``. Such a run — a number, then keys of three digits without
    values on the same line — is one problem, reported at the number (by the index of its
    pair) instead of a wrong value and unknown keys; the digit keys' indexes map to ``None``."""
    found: dict[int, InputError | None] = {}
    if not isinstance(node, yaml.MappingNode) or not node.flow_style:
        return found
    pairs = node.value
    for i, (key, value) in enumerate(pairs):
        spec_field = fields.get(key.value) if isinstance(key, yaml.ScalarNode) else None
        if spec_field is None or not isinstance(value, yaml.ScalarNode) or value.style \
                or not re.fullmatch(r"£?\s*\d{1,3}", value.value):
            continue
        groups = []
        for next_key, next_value in pairs[i + 1:]:
            if not (isinstance(next_key, yaml.ScalarNode) and not next_key.style
                    and _DIGITS.match(next_key.value) and next_key.value not in fields
                    and next_key.start_mark.line == value.end_mark.line
                    and isinstance(next_value, yaml.ScalarNode) and next_value.tag == NULL
                    and next_value.value == ""):
                break
            groups.append(next_key.value)
        if not groups:
            continue
        number = ",".join([value.value, *groups])
        plain = number.lstrip("£ ").replace(",", "")
        if isinstance(spec_field.spec, Money):
            hint = f'put it in quotes: {key.value}: "{number}", or write {plain}'
        else:
            hint = f"write {key.value}: {plain}, without the comma"
        found[i] = InputError(
            (*path, str(key.value)), f"{number} inside {{...}}: the comma ends the value, so YAML reads "
            f"{key.value}: {value.value} and a key {groups[0]!r}", hint=hint, position=position_of(value))
        for j in range(i + 1, i + 1 + len(groups)):
            found[j] = None
    return found


@dataclass(eq=False)
class Record(Spec):
    """A mapping with a fixed set of keys."""

    fields: dict[str, Field] = field(default_factory=dict)
    doc: str = ""
    kind: str = "a mapping"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[str, Any]:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        before = ctx.count
        result: dict[str, Any] = {}
        meant: set[str] = set()
        """Keys an unknown key was taken for ('educaton' -> 'education'): not also reported missing."""
        split = _split_numbers(node, self.fields, path)
        for index, (key, value) in enumerate(_mapping_pairs(node, path, ctx)):
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
                close = _closest(str(key.value), words) or _closest(normalise_word(str(key.value)), words)
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
                result[name] = spec_field.default
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


@dataclass(eq=False)
class MapOf(Spec):
    """A mapping from names (``key``) to values: ``{sea_lion: 2, tortoise: 1}``."""

    key: Spec = field(default_factory=Text)
    value: Spec = field(default_factory=Int)
    doc: str = ""
    kind: str = "a mapping"

    def accepts(self, node: yaml.Node) -> bool:
        return isinstance(node, yaml.MappingNode)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[Any, Any]:
        ctx.visit(node, path)
        if not self.accepts(node):
            raise self.wrong_type(node, path)
        before = ctx.count
        result: dict[Any, Any] = {}
        for key, value in _mapping_pairs(node, path, ctx):
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


@dataclass(eq=False)
class Either(Spec):
    """The first alternative that accepts the node's shape (a count *or* a mapping)."""

    options: tuple[Spec, ...] = ()
    doc: str = ""

    @property
    def kind(self) -> str:  # type: ignore[override]
        return " or ".join(option.kind for option in self.options)

    def accepts(self, node: yaml.Node) -> bool:
        return any(option.accepts(node) for option in self.options)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        for option in self.options:
            if option.accepts(node):
                return option.check(node, path, ctx)
        ctx.visit(node, path)
        raise self.wrong_type(node, path, _quoted_hint(node, "a number"))

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [option.json_schema() for option in self.options]}


@dataclass(eq=False)
class Anything(Spec):
    """Any YAML value, kept as plain data (read by someone else, e.g. ``expect:``)."""

    doc: str = ""
    kind: str = "a value"

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        ctx.visit(node, path)
        if isinstance(node, yaml.ScalarNode):
            return scalar_value(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.check(child, (*path, i), ctx) for i, child in enumerate(node.value)]
        result: dict[Any, Any] = {}
        for key, value in _mapping_pairs(node, path, ctx):
            name = scalar_value(key)
            child = (*path, str(name))
            if name in result:
                raise InputError(child, f"duplicate key {name!r}", position=position_of(key))
            ctx.positions.keys[child] = position_of(key)
            result[name] = self.check(value, child, ctx)
        return result

    def json_schema(self) -> dict[str, Any]:
        return {}


@dataclass(eq=False)
class ByKey(Spec):
    """The value spec of a ``KeyedMap`` entry, chosen by the (already checked) key."""

    key: Choice = field(default_factory=Choice)
    specs: dict[str, Spec] = field(default_factory=dict)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> Any:
        name = self.key.lookup(str(path[-1]))
        assert name is not None  # MapOf checks the key before its value
        return self.specs[name].check(node, path, ctx)


@dataclass(eq=False)
class KeyedMap(MapOf):
    """A mapping keyed by enumerated words, each key with its own value spec.

    ``required`` makes every key compulsory (``university_cards`` names all three).
    """

    specs: dict[str, Spec] = field(default_factory=dict)
    required: bool = False

    def __post_init__(self) -> None:
        assert isinstance(self.key, Choice)
        self.value = ByKey(self.key, self.specs)

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> dict[Any, Any]:
        result = super().check(node, path, ctx)
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
