"""The questions of a table, derived from the game's declaration and the answers so far.

``plan`` walks the declaration against the table as answered so far, as the game's
interview says (``spec.interview``: each record's fields in their ``Ask.order``, skipping
those whose ``applies`` says no), and returns every question in the order a player reads
the table, each marked answered or not. It is recomputed after every answer, so a
question that stops applying (Percy's table once the solo mode is BYOS) simply
disappears, and lists grow one entry at a time:

- a scalar, a list of scalars, a mapping, or a record of scalars (``leftover``, ``rules``)
  is one question with a one-line answer (``answers.py``);
- a record of anything else (a player, Percy, an Origin board tile) is its fields'
  questions (``Spec.asked_fields``);
- a list of records or of books is asked entry by entry (``Spec.asked_entries``): the
  next entry's first question ("Player 3's name", "tile 4 species") is asked until an
  empty answer closes the list;
- the top-level ``players`` list is asked names first, then each player's fields;
- fields a game enters in a form of its own (``EntryForm``: the Caracas board, row by row)
  are one ``form`` question, asked again until the form is done.

Each question's kind (value, item, form) is a type of ``kinds.py``, which says how the model
and the screens treat it; a field the interview asks as another kind names it (``Ask.kind``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import Path
from ..spec import MISSING, Field, Record, Spec, fields_asked, record_of
from ..spec.interview import WHEN_AND_WHERE, Ask, EntryForm, Interview, Step, key_of
from ..tablefile.reader import Progress as Progress  # its home is the table-file module
from . import told
from .kinds import FORM, ITEM, VALUE, Kind, named


@dataclass
class Question:
    path: Path
    """Where the answer goes in the table (a list entry's first field for ``item``)."""
    kind: Kind
    """``VALUE``; ``ITEM`` (the next entry of ``list_path``); ``FORM`` (a step of the game's
    ``EntryForm``, kept under ``path``: the form's first field); or a kind the interview names
    (``kinds.py``)."""
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
    """``item``: which entry (0-based)."""
    declared: Field | None = None
    words: list[str] = field(default_factory=list)
    form: EntryForm | None = None
    step: Step | None = None
    rarely: str = ""
    """A setting rarely changed: asked first as this yes-or-no question (``Ask.rarely``)."""
    told: str = ""
    """A setting rarely changed, as it stands, in the players' words (``told.told``); a record
    answered whose fields the game words, as said (``told.worded``: ``You vs Percy, normal``):
    what the screens show of it, never its fields' file names."""
    readings: tuple[str, ...] = ()
    """A setting rarely changed: each of its fields in words, in the order its values are typed
    (``told.readings``)."""
    folded: bool = False
    """On phones, asked last and folded ("nothing to change usually"): the date, the place and
    the settings rarely changed (SPEC section 8, "A phone in a player's hand"); the terminal asks
    it in reading order."""

    @property
    def key(self) -> tuple[str, Path]:
        """The question's name in a plan, stable from one plan to the next: its kind's name and
        its path."""
        return (self.kind.name, self.path)


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

    def __init__(self, declaration: Record, interview: Interview, data: dict[str, Any],
                 progress: Progress) -> None:
        self.declaration = declaration
        self.interview = interview
        self.data = data
        self.progress = progress

    def plan(self) -> list[Question]:
        out: list[Question] = []
        self.record(self.declaration, self.data, (), "The table", out)
        return out

    def ordered(self, record: Record, path: Path) -> list[tuple[str, Field, Ask]]:
        """The record's fields that are asked, in the interview's order, with how each is asked."""
        fields = []
        for i, (name, spec_field) in enumerate(record.fields.items()):
            ask = self.interview.ask(key_of((*path, name)))
            if ask.order is not None:
                fields.append((ask.order, i, name, spec_field, ask))
        fields.sort(key=lambda entry: (entry[0], entry[1]))
        return [(name, f, ask) for _, _, name, f, ask in fields]

    def record(self, record: Record, value: dict[str, Any], path: Path, section: str, out: list[Question],
               skip: tuple[str, ...] = ()) -> None:
        form = self.interview.form(key_of(path)) if path else None
        placed = False
        for name, spec_field, ask in self.ordered(record, path):
            if name in skip:
                continue
            if form is not None and name in form.fields:
                if not placed:  # the form's one question, where the first of its fields is read
                    self.form_step(form, record.fields[form.fields[0]], value, path, section, out)
                    placed = True
                continue
            if ask.applies is not None and not ask.applies(self.data, value):
                continue
            if callable(ask.needed):  # needed or not, from the table's own answers
                ask = replace(ask, needed=ask.needs(self.data, value))
            child = (*path, name)
            current = value.get(name, MISSING)
            first = len(out)
            if path == () and name == "players":
                self.players(spec_field, ask, current, out)
            else:
                self.field(spec_field, ask, current, child, section, out)
            if path == () and (ask.order == WHEN_AND_WHERE or ask.rarely):
                for question in out[first:]:
                    question.folded = True

    def field(self, spec_field: Field, ask: Ask, value: Any, path: Path, section: str,
              out: list[Question]) -> None:
        spec = spec_field.spec
        record = fields_asked(spec)
        if record is not None:
            title = str(path[-1]).title() if len(path) == 1 else section
            self.record(record, value if isinstance(value, dict) else {}, path, title, out)
            return
        if spec.asked_entries() is not None:
            self.items(spec_field, ask, spec, value, path, section, out)
            return
        out.append(self.question(spec_field, ask, spec, value, path, section, label_of(path)))

    def question(self, spec_field: Field, ask: Ask, spec: Spec, value: Any, path: Path, section: str,
                 label: str) -> Question:
        declined = value is MISSING and self.declined(path, spec_field, ask)
        words = spec.answer_words()
        if ask.complete is not None:
            words += ask.complete(self.data)
        return Question(
            path=path, kind=named(ask.kind), spec=spec, section=section, label=label,
            doc=ask.said or spec_field.doc,
            optional=not spec_field.required and not ask.needed and spec_field.default is MISSING,
            default=spec_field.default, answered=value is not MISSING or declined, value=value,
            declined=declined, declared=spec_field, words=words, rarely=ask.rarely,
            told=(told.told(self.interview, path, spec, value) if ask.rarely
                  else told.worded(self.interview, path, spec, value)),
            readings=told.readings(self.interview, path, spec, value) if ask.rarely else (),
        )

    def form_step(self, form: EntryForm, first: Field, record: dict[str, Any], path: Path, section: str,
                  out: list[Question]) -> None:
        """The question of a game's own entry form for this record, if it asks one (kept under the
        form's first field, ``first``)."""
        where = (*path, form.fields[0])
        step = form.step(record, where in self.progress.open)
        if step is None:
            return
        out.append(Question(path=where, kind=FORM, spec=first.spec, section=section, label=step.label,
                            doc=step.doc, optional=step.optional, answered=step.done,
                            value=MISSING if step.value is None else step.value, declared=first, form=form,
                            step=step))

    def declined(self, path: Path, spec_field: Field, ask: Ask) -> bool:
        """Whether the part at ``path`` counts as declined. What the table needs (a required field,
        or one the interview says is needed) is never declined, whatever a ``tally:`` block or a
        file tally did not start says: it is asked."""
        return path in self.progress.declined and not (spec_field.required or ask.needed)

    def is_open(self, path: Path, value: Any, spec_field: Field, ask: Ask) -> bool:
        """Whether a list still takes entries: held open, or not given and not declined, or short of
        the entries it needs."""
        entries = value if isinstance(value, list) else []
        minimum = (spec_field.spec.list_bounds() or (0, 0))[0]
        return (path in self.progress.open or len(entries) < minimum
                or (value is MISSING and not self.declined(path, spec_field, ask)))

    def limit(self, ask: Ask, spec: Spec) -> int:
        most = ask.most(self.data) if ask.most is not None else None
        bounds = spec.list_bounds()
        assert bounds is not None  # a list asked entry by entry
        return bounds[1] if most is None else min(most, bounds[1])

    def items(self, spec_field: Field, ask: Ask, spec: Spec, value: Any, path: Path, section: str,
              out: list[Question]) -> None:
        entries = value if isinstance(value, list) else []
        item = spec.asked_entries()
        assert item is not None
        noun = ask.noun
        for i, entry in enumerate(entries):
            where = (*path, i)
            record = record_of(item)
            if record is not None:
                title = self.entry_title(path, section, noun, i)
                self.record(record, entry if isinstance(entry, dict) else {}, where, title, out)
            else:
                out.append(self.question(spec_field, ask, item, entry, where, section, f"{noun} {i + 1}"))
        if self.is_open(path, value, spec_field, ask) and len(entries) < self.limit(ask, spec):
            out.append(self.gate(spec_field, ask, spec, entries, path, section, noun))
        elif value is MISSING and self.declined(path, spec_field, ask):
            out.append(Question(path=path, kind=VALUE, spec=spec, section=section, label=label_of(path),
                                doc=spec_field.doc, optional=True, answered=True, declined=True,
                                declared=spec_field))

    def gate(self, spec_field: Field, ask: Ask, spec: Spec, entries: list[Any], path: Path, section: str,
             noun: str) -> Question:
        """The question that starts the list's next entry (an empty answer closes the list)."""
        n = len(entries)
        item = spec.asked_entries()
        assert item is not None
        record = record_of(item)
        if record is not None:
            first, first_field, _ = next(iter(self.ordered(record, path)))
            where: Path = (*path, n, first)
            asked: Spec = first_field.spec
            doc = first_field.doc
            label = f"{noun} {n + 1}'s {first}" if path == ("players",) else f"{noun} {n + 1} {first}"
            said = ask.said or spec_field.doc
            if n == 0 and path != ("players",) and said:
                doc = f"{said} — {noun} {n + 1}: {doc}" if doc else said
        else:
            where, asked, doc, label = (*path, n), item, ask.said or spec_field.doc, f"{noun} {n + 1}"
        title = self.entry_title(path, section, noun, n) if record is not None else section
        minimum = (spec.list_bounds() or (0, 0))[0]
        required = spec_field.required and n == 0 and minimum == 0
        return Question(
            path=where, kind=ITEM, spec=asked, section=title, label=label, doc=doc,
            optional=n >= minimum,
            default=([] if required else spec_field.default) if n == 0 else MISSING,
            list_path=path, minimum=minimum, index=n, declared=spec_field,
            words=asked.answer_words() + (ask.complete(self.data) if ask.complete else []),
        )

    def seats(self) -> list[Question]:
        """The players' seats after the list's next entry, each as its name question, up to the
        most the table allows: what phones offer at once (SPEC section 8, "A phone in a player's
        hand"). Empty when the list takes no more."""
        spec_field = self.declaration.fields.get("players")
        if spec_field is None:
            return []
        ask = self.interview.ask("players")
        value = self.data.get("players", MISSING)
        count = len(value) if isinstance(value, list) else 0
        if not self.is_open(("players",), value, spec_field, ask):
            return []
        seats = []
        for n in range(count + 1, self.limit(ask, spec_field.spec)):
            seat = self.gate(spec_field, ask, spec_field.spec, [None] * n, ("players",), "Players", "player")
            seat.section = "Players"
            seat.doc = SEAT_DOC
            seats.append(seat)
        return seats

    @staticmethod
    def entry_title(path: Path, section: str, noun: str, n: int) -> str:
        """The heading of a list entry's questions: 'Board · tile 3', 'Anna · exhibition 1'."""
        owner = str(path[-1]).replace("_", " ").capitalize() if section == "The table" else section
        return f"{owner} · {noun} {n + 1}"

    def players(self, spec_field: Field, ask: Ask, value: Any, out: list[Question]) -> None:
        """Names first, in turn order; then each player's fields."""
        spec = spec_field.spec
        item = spec.asked_entries()
        player_record = record_of(item)
        assert player_record is not None  # every game's players are a list of records
        players = value if isinstance(value, list) else []
        name_field = player_record.fields["name"]
        name_ask = self.interview.ask("players.name")
        for i, player in enumerate(players):
            out.append(self.question(name_field, name_ask, name_field.spec, player.get("name", MISSING),
                                     ("players", i, "name"), "Players", f"player {i + 1}'s name"))
        if self.is_open(("players",), value, spec_field, ask) and len(players) < self.limit(ask, spec):
            gate = self.gate(spec_field, ask, spec, players, ("players",), "Players", "player")
            gate.section = "Players"
            gate.doc = SEAT_DOC
            out.append(gate)
        for i, player in enumerate(players):
            name = player.get("name") or f"Player {i + 1}"
            self.record(player_record, player, ("players", i), name, out, skip=("name",))


SEAT_DOC = "in turn order, the start player first"
"""A seat's note: its place in the list is its place in the turn order."""


def label_of(path: Path) -> str:
    """``("players", 0, "leftover")`` -> ``leftover``; ``("percy", "half_icons")`` -> ``half icons``."""
    named = [part for part in path if isinstance(part, str)]
    return named[-1].replace("_", " ") if named else "answer"
