"""The questions of a table, derived from the game's declaration and the answers so far.

``plan`` walks the declaration (``Record`` fields in their ``ask`` order, skipping those
whose ``applies`` says no) against the table as answered so far and returns every
question in the order a player reads the table, each marked answered or not. It is
recomputed after every answer, so a question that stops applying (Percy's table once the
solo mode is BYOS) simply disappears, and lists grow one entry at a time:

- a scalar, a list of scalars, a mapping, or a record of scalars (``leftover``, ``rules``)
  is one question with a one-line answer (``answers.py``);
- a record of anything else (a player, Percy, an Origin board tile) is its fields' questions;
- a list of records or of books is asked entry by entry: the next entry's first question
  ("Player 3's name", "tile 4 species") is asked until an empty answer closes the list;
- the top-level ``players`` list is asked names first, then each player's fields;
- the Caracas board is asked row by row in the grid form (``BOARD_FORMS``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Path
from ..spec import MISSING, Field, ListOf, Record, Spec

NOUNS = {"players": "player", "board": "tile", "books": "book", "exhibitions": "exhibition"}
"""What one entry of a list is called in a question ("tile 3")."""


def is_scalar(spec: Spec) -> bool:
    return spec.is_scalar()


def one_line_record(spec: Spec) -> bool:
    """A record of scalars (``leftover``, ``rules``, ``solo``) is answered on one line."""
    return isinstance(spec, Record) and all(is_scalar(f.spec) for f in spec.fields.values())


def expanded(spec: Spec) -> bool:
    """A record asked field by field."""
    return isinstance(spec, Record) and not one_line_record(spec)


def words_of(spec: Spec) -> list[str]:
    """The fixed names an answer may use (for completion and picking by number)."""
    return spec.answer_words()


@dataclass(frozen=True)
class Progress:
    """What the file does not show by itself: parts declined, and lists (or grids) still open."""

    declined: frozenset[Path] = frozenset()
    open: frozenset[Path] = frozenset()


@dataclass
class Question:
    path: Path
    """Where the answer goes in the table (a list entry's first field for ``item``)."""
    kind: str
    """``value``; ``item`` (the next entry of ``list_path``); ``row`` (a Caracas grid row)."""
    spec: Spec
    section: str
    """Whose question: a player's name, 'The table', 'Percy', 'Board'."""
    label: str
    """What is asked, in a few words: 'money', 'tile 3 species'."""
    doc: str
    """Where to find it on the table (the field's ``doc``, as the template writes it)."""
    optional: bool = False
    """An empty answer declines it (nothing written)."""
    default: Any = MISSING
    """What an empty answer takes (written out)."""
    answered: bool = False
    value: Any = MISSING
    """The answer so far (for going back)."""
    declined: bool = False
    list_path: Path | None = None
    minimum: int = 0
    """``item``: entries the list needs before an empty answer may close it."""
    index: int = 0
    """``item``/``row``: which entry (0-based)."""
    declared: Field | None = None
    words: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, Path]:
        return (self.kind, self.path)


def get(data: Any, path: Path) -> Any:
    for part in path:
        if isinstance(part, int):
            if not isinstance(data, list) or part >= len(data):
                return MISSING
        elif not isinstance(data, dict) or part not in data:
            return MISSING
        data = data[part]
    return data


class Planner:
    """Walks a declaration against the table so far; ``plan()`` is every question in order."""

    def __init__(self, declaration: Record, data: dict[str, Any], progress: Progress,
                 board_form: Callable[[Planner, dict[str, Any], Path, str, list[Question]], None] | None
                 = None) -> None:
        self.declaration = declaration
        self.data = data
        self.progress = progress
        self.board_form = board_form

    def plan(self) -> list[Question]:
        out: list[Question] = []
        self.record(self.declaration, self.data, (), "The table", out)
        return out

    @staticmethod
    def ordered(record: Record) -> list[tuple[str, Field]]:
        fields = [(f.ask, i, name, f) for i, (name, f) in enumerate(record.fields.items())
                  if f.ask is not None]
        return [(name, f) for _, _, name, f in sorted(fields, key=lambda entry: (entry[0], entry[1]))]

    def record(self, record: Record, value: dict[str, Any], path: Path, section: str, out: list[Question],
               skip: tuple[str, ...] = ()) -> None:
        for name, spec_field in self.ordered(record):
            if name in skip:
                continue
            if spec_field.applies is not None and not spec_field.applies(self.data, value):
                continue
            child = (*path, name)
            current = value.get(name, MISSING)
            if path == () and name == "players":
                self.players(spec_field, current, out)
            else:
                self.field(spec_field, current, child, section, out)

    def field(self, spec_field: Field, value: Any, path: Path, section: str, out: list[Question]) -> None:
        spec = spec_field.spec
        if isinstance(spec, Record) and expanded(spec):
            title = str(path[-1]).title() if len(path) == 1 else section
            self.record(spec, value if isinstance(value, dict) else {}, path, title, out)
            return
        if isinstance(spec, ListOf) and not is_scalar(spec.item):
            self.items(spec_field, spec, value, path, section, out)
            return
        out.append(self.question(spec_field, spec, value, path, section, label_of(path)))

    def question(self, spec_field: Field, spec: Spec, value: Any, path: Path, section: str,
                 label: str) -> Question:
        declined = value is MISSING and path in self.progress.declined
        words = words_of(spec)
        if spec_field.complete is not None:
            words += spec_field.complete(self.data)
        return Question(
            path=path, kind="value", spec=spec, section=section, label=label, doc=spec_field.doc,
            optional=not spec_field.required and not spec_field.needed and spec_field.default is MISSING,
            default=spec_field.default, answered=value is not MISSING or declined, value=value,
            declined=declined, declared=spec_field, words=words,
        )

    def is_open(self, path: Path, value: Any) -> bool:
        return path in self.progress.open or (value is MISSING and path not in self.progress.declined)

    def limit(self, spec_field: Field, spec: ListOf) -> int:
        most = spec_field.most(self.data) if spec_field.most is not None else None
        return spec.max_items if most is None else min(most, spec.max_items)

    def items(self, spec_field: Field, spec: ListOf, value: Any, path: Path, section: str,
              out: list[Question]) -> None:
        entries = value if isinstance(value, list) else []
        noun = NOUNS.get(str(path[-1]), "entry")
        for i, entry in enumerate(entries):
            where = (*path, i)
            if isinstance(spec.item, Record):
                title = self.entry_title(path, section, noun, i)
                self.record(spec.item, entry if isinstance(entry, dict) else {}, where, title, out)
            else:
                out.append(self.question(spec_field, spec.item, entry, where, section, f"{noun} {i + 1}"))
        if self.is_open(path, value) and len(entries) < self.limit(spec_field, spec):
            out.append(self.gate(spec_field, spec, entries, path, section, noun))
        elif value is MISSING and path in self.progress.declined:
            out.append(Question(path=path, kind="value", spec=spec, section=section, label=label_of(path),
                                doc=spec_field.doc, optional=True, answered=True, declined=True,
                                declared=spec_field))

    def gate(self, spec_field: Field, spec: ListOf, entries: list[Any], path: Path, section: str,
             noun: str) -> Question:
        """The question that starts the list's next entry (an empty answer closes the list)."""
        n = len(entries)
        item = spec.item
        if isinstance(item, Record):
            first, first_field = next((name, f) for name, f in self.ordered(item))
            where: Path = (*path, n, first)
            asked: Spec = first_field.spec
            doc = first_field.doc
            label = f"{noun} {n + 1}'s {first}" if path == ("players",) else f"{noun} {n + 1} {first}"
            if n == 0 and path != ("players",) and spec_field.doc:
                doc = f"{spec_field.doc} — {noun} {n + 1}: {doc}" if doc else spec_field.doc
        else:
            where, asked, doc, label = (*path, n), item, spec_field.doc, f"{noun} {n + 1}"
        title = self.entry_title(path, section, noun, n) if isinstance(item, Record) else section
        required = spec_field.required and n == 0 and spec.min_items == 0
        return Question(
            path=where, kind="item", spec=asked, section=title, label=label, doc=doc,
            optional=n >= spec.min_items,
            default=([] if required else spec_field.default) if n == 0 else MISSING,
            list_path=path, minimum=spec.min_items, index=n, declared=spec_field,
            words=words_of(asked) + (spec_field.complete(self.data) if spec_field.complete else []),
        )

    @staticmethod
    def entry_title(path: Path, section: str, noun: str, n: int) -> str:
        """The heading of a list entry's questions: 'Board · tile 3', 'Anna · exhibition 1'."""
        owner = str(path[-1]).replace("_", " ").capitalize() if section == "The table" else section
        return f"{owner} · {noun} {n + 1}"

    def players(self, spec_field: Field, value: Any, out: list[Question]) -> None:
        """Names first, in turn order; then each player's fields."""
        spec = spec_field.spec
        assert isinstance(spec, ListOf) and isinstance(spec.item, Record)
        players = value if isinstance(value, list) else []
        name_field = spec.item.fields["name"]
        for i, player in enumerate(players):
            out.append(self.question(name_field, name_field.spec, player.get("name", MISSING),
                                     ("players", i, "name"), "Players", f"player {i + 1}'s name"))
        if self.is_open(("players",), value) and len(players) < self.limit(spec_field, spec):
            gate = self.gate(spec_field, spec, players, ("players",), "Players", "player")
            gate.section = "Players"
            gate.doc = "in turn order, the start player first"
            out.append(gate)
        for i, player in enumerate(players):
            name = player.get("name") or f"Player {i + 1}"
            if self.board_form is not None:
                self.record(spec.item, player, ("players", i), name, out, skip=("name", "grid", "landscape"))
                self.board_form(self, player, ("players", i), name, out)
            else:
                self.record(spec.item, player, ("players", i), name, out, skip=("name",))


def label_of(path: Path) -> str:
    """``("players", 0, "leftover")`` -> ``leftover``; ``("percy", "half_icons")`` -> ``half icons``."""
    named = [part for part in path if isinstance(part, str)]
    return named[-1].replace("_", " ") if named else "answer"


def caracas_board(planner: Planner, player: dict[str, Any], path: Path, section: str,
                  out: list[Question]) -> None:
    """An explorer's board: grid rows until an empty line, or the four landscape figures."""
    grid_path = (*path, "grid")
    record = planner.declaration.fields["players"].spec
    assert isinstance(record, ListOf) and isinstance(record.item, Record)
    grid_field: Field = record.item.fields["grid"]
    if "landscape" in player or "tiles" in player:
        return
    text = player.get("grid")
    rows = grid_rows(text) if isinstance(text, str) else []
    if isinstance(text, str) and grid_path not in planner.progress.open:
        out.append(Question(path=grid_path, kind="row", spec=grid_field.spec, section=section,
                            label="board", doc=grid_field.doc, answered=True, value=text,
                            declared=grid_field, index=len(rows)))
        return
    doc = ("four tokens, ✻ ▢ ◎ ▲ left to right, e.g. 'JuJa~ES SwPi~NW . SaAt'"
           if rows else "four tokens, ✻ ▢ ◎ ▲ left to right, e.g. 'JuJa~ES SwPi~NW . SaAt'; "
           "or the four figures of a comparison-only explorer: 'biggest_jungle savannah_areas "
           "swamp_areas forks', e.g. '6 4 2 3'")
    out.append(Question(path=grid_path, kind="row", spec=grid_field.spec, section=section,
                        label=f"row {len(rows) + 1}", doc=doc, optional=bool(rows), value=text or MISSING,
                        declared=grid_field, index=len(rows)))


def grid_rows(text: str) -> list[str]:
    """The rows of a grid text: lines holding tokens (comments and blank lines skipped)."""
    return [line for line in text.split("\n") if line.split("#", 1)[0].strip()]


BOARD_FORMS: dict[str, Callable[[Planner, dict[str, Any], Path, str, list[Question]], None]] = {
    "caracas": caracas_board,
}
"""Games whose players' boards are asked in a form of their own."""
