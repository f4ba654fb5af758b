"""The pad: one table shared by every phone, over the interview model (``tally/model.py``).

Every phone sees the whole plan (``Tally.plan``) as sections of fields and may answer any of
them; an answer names its place, the value the phone last saw there and the new value
(SPEC section 8, "Several phones at once"). Under one lock the pad applies it through the
model (the same checks and messages as the terminal), writes FILE through the same
``Keeper`` as tally (the same lock, backup and check that FILE is still what it last wrote)
and only then says "saved". Lists stay open while phones answer (a player may still join,
a ledger take another entry); "Score it" closes them as Enter at the terminal would, checks
the whole table, and writes FILE without its ``tally:`` block.

No HTTP here (``app.py`` serves the pad); a game's entry form (a Caracas explorer's board) is
``board.py``, a list's entries removed from its end ``lists.py``.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Path, UsageError
from ..games import Game
from ..places import piece_words, place_words, problem_words
from ..spec import MISSING
from ..spec.interview import key_of
from ..tablefile.layout import render
from ..tally.answers import BadAnswer, one_line
from ..tally.editing import player_index
from ..tally.model import Tally
from ..tally.opening import TallyFile
from ..tally.questions import Question, get
from ..tally.state import State
from ..tally.wording import default_text, seen_as
from . import board, lists
from .places import parse_place, place_text
from .reply import Reply

MOST_CLOSING = 2000
"""Empty answers "Score it" gives at most (each closes a list or takes a default)."""


@dataclass
class FieldView:
    place: str
    label: str
    """The question as tally words it, with the player's name (``Ana's money``)."""
    doc: str
    syntax: str
    value: str
    answered: bool
    placeholder: str
    kind: str
    choices: list[str] = field(default_factory=list)
    problem: str = ""


@dataclass
class SectionView:
    title: str
    player: int | None
    fields: list[FieldView] = field(default_factory=list)
    board: board.BoardView | None = None
    removals: list[lists.RemoveView] = field(default_factory=list)


@dataclass
class View:
    sections: list[SectionView]
    ready: bool
    left: int
    problems: list[str]
    """Problems of the whole table that no field shown here names."""
    version: int


class Pad:
    """One table for every phone; ``lock`` guards ``state`` and FILE."""

    def __init__(self, game: Game[Any], name: str, now: datetime.datetime,
                 say: Callable[[str], None] = lambda line: None) -> None:
        self.game = game
        self.name = name
        self.say = say
        self.model = Tally(game, now, auto_close=False)
        self.file = TallyFile(game, name, self.model)
        self.keeper = self.file.keeper
        self.state = self.file.state
        self.foreign = self.file.foreign
        self.lock = threading.RLock()
        self.version = 0
        self.answers = 0
        self.shown_warnings: set[str] = set()
        self.scored = False
        self.failure = ""
        self.found_ready = False
        self.problems_found: list[tuple[str, list[Path]]] = []
        self.finished: set[str] = set()
        self.reviewed = False
        """Whether ``ready`` and ``table_problems`` are of the state as it is (``review``)."""
        self.review()

    # --- the view ----------------------------------------------------------------------------

    def plan(self) -> list[Question]:
        return self.model.plan(self.state)

    def seen(self, path: Path, data: dict[str, Any] | None = None) -> str:
        return seen_as(path, self.state.data if data is None else data, self.model.interview,
                       self.model.declaration)

    def view(self) -> View:
        with self.lock:
            self.settle()
            sections: list[SectionView] = []
            shown: set[Path] = set()
            for question in self.plan():
                index = player_index(question)
                player = index if question.section != "Players" else None
                if not sections or sections[-1].title != question.section:
                    sections.append(SectionView(question.section, player))
                section = sections[-1]
                if question.form is not None:
                    record = get(self.state.data, question.path[:-1])
                    section.board = board.view(question, record if isinstance(record, dict) else {},
                                               self.problem_at(question.path))
                    shown.add(question.path)
                    continue
                section.fields.append(self.field_view(question))
                shown.add(question.path)
            self.other_forms(sections)
            lists.offer(self, sections)
            loose = [message for message, paths in self.table_problems if not any(p in shown for p in paths)]
            return View(sections, self.ready, self.model.left(self.plan()), loose, self.version)

    def other_forms(self, sections: list[SectionView]) -> None:
        """A player whose entry form asks nothing because her record holds another form of it (a
        comparison-only explorer's four figures): what it holds, shown in her section."""
        form = self.model.interview.form("players")
        players = self.state.data.get("players")
        if form is None or not isinstance(players, list):
            return
        for index, record in enumerate(players):
            if not isinstance(record, dict) or form.step(record, False) is not None:
                continue
            section = next((s for s in sections if s.player == index), None)
            if section is None:
                section = SectionView(str(record.get("name", f"player {index + 1}")), index)
                sections.append(section)
            given = {name: record[name] for name in form.fields if name in record}
            section.board = board.given(record, given)

    def field_view(self, question: Question) -> FieldView:
        value = self.current(question)
        return FieldView(
            place=place_text(question.path), label=self.seen(question.path), doc=question.doc,
            syntax=question.spec.answer_syntax(), value=value or "", answered=value is not None,
            placeholder=self.placeholder(question), kind=question.kind,
            choices=list(dict.fromkeys([*question.spec.choices(), *question.words])),
            problem=self.problem_at(question.path))

    def placeholder(self, question: Question) -> str:
        if question.kind == "item" and question.index >= question.minimum:
            return "optional: add one" if question.list_path != ("players",) else "optional: another player"
        if question.answered:
            return ""
        text = default_text(question, self.model.now)
        if text == "skip":
            return "optional"
        return f"empty: {text}" if text else ""

    def problem_at(self, path: Path) -> str:
        return "; ".join(message for message, paths in self.table_problems if path in paths)

    @staticmethod
    def current(question: Question) -> str | None:
        """The answer at ``question`` as a phone shows it; ``None`` when not answered."""
        if not question.answered:
            return None
        if question.declined or question.value is MISSING:
            return ""
        return one_line(question.spec, question.value)

    # --- answering ---------------------------------------------------------------------------

    def answer(self, place: str, seen: str | None, text: str) -> Reply:
        """One phone's answer at ``place``: applied, saved and acknowledged; or refused; with the
        table's version after it."""
        with self.lock:
            reply = self.answered(place, seen, text)
            reply.version = self.version
            if reply.status in ("saved", "stale"):
                reply.words = self.piece_words(place, reply.current, text)
            return reply

    def said_at(self, question: Question, row: board.Part, data: dict[str, Any],
                text: str) -> tuple[str, str]:
        """What the terminal's line says changed: the place and the answer in the players' words (a
        tile by its square and in words: ``Alex's ✻3: Swamp, ibis, river N S``)."""
        label, shown = self.seen(question.path, data), text.strip() or "(empty)"
        form = question.form
        record = get(data, question.path[:-1])
        if isinstance(row, str) and form is not None and isinstance(record, dict):
            cell = next((cell for cell in form.cells(record) if cell.key == row), None)
            palette = form.palette()
            if cell is not None:
                label = f"{place_words(question.path[:-1], data, self.model.interview)} {cell.label}"
            if palette is not None and text.strip():
                shown = piece_words(palette, text)
        return label, shown

    def piece_words(self, place: str, current: str | None, text: str) -> tuple[str, str] | None:
        """At a cell built by taps (a Caracas tile, ``players[0].grid.r3c2``): what it holds and what
        was sent, in words; ``None`` elsewhere. Read off the place and the interview (no plan)."""
        path = parse_place(place)
        if path is None or len(path) < 3 or not isinstance(path[-2], str) or board.row_of(path) is not None:
            return None
        form = self.model.interview.form(key_of(path[:-2]))
        palette = form.palette() if form is not None and path[-2] in form.fields else None
        if palette is None:
            return None
        return piece_words(palette, current or ""), piece_words(palette, text)

    def answered(self, place: str, seen: str | None, text: str) -> Reply:
        with self.lock:
            if self.scored or self.failure:
                return Reply("gone", 409, "the table is scored" if self.scored else self.failure)
            path = parse_place(place)
            found = None if path is None else self.find(path)
            if found is None:
                return Reply("gone", 404, "this question is not asked now (the table changed on another "
                             "phone)")
            question, row = found
            on_board = row is not None or question.form is not None
            if isinstance(row, str) and seen is not None and seen.strip() in ("", "."):
                seen = ""  # a free square, however the phone wrote it
            where = question.path[:-1] if on_board else question.path
            warnings: tuple[str, ...] = ()
            try:
                if on_board:
                    after = board.answer(self, question, row, text)
                else:
                    after, warnings = self.apply(question, text)
            except BadAnswer as error:
                return Reply("refused", 422, error.message)
            now = board.current(question, row, self.state.data) if on_board else self.current(question)
            same = (get(self.state.data, where), self.state.progress) == (get(after.data, where),
                                                                          after.progress)
            if same and now is not None:
                return Reply("saved", current=now)  # a resend: it holds the new value already
            if (now or None) != (seen or None) and not (now is None and seen == ""):
                return Reply("stale", 409, "changed on another phone meanwhile", current=now)
            label, shown = self.said_at(question, row, after.data, text)
            reply = self.take(after, label, shown, warnings, question)
            if isinstance(row, str) and reply.status == "saved":
                reply.current = board.current(question, row, self.state.data)  # the tile as read
            return reply

    def remove(self, place: str, seen: str | None) -> Reply:
        """A list's last entry removed (``players[2]``): saved; a resend "saved" again; refused
        when the entry is no longer the last (another phone added one) or changed since the phone
        saw it (``seen``, its ``entry_mark``)."""
        with self.lock:
            reply = lists.remove(self, place, seen)
            reply.version = self.version
            return reply

    def find(self, path: Path) -> tuple[Question, board.Part] | None:
        """The question at ``path``, and the part of its form that ``path`` names (a row, a cell)."""
        row = board.row_of(path)
        target = path[:-1] if row is not None else path
        plan = self.plan()
        for question in plan:
            if question.path == target:
                return question, row
        for question in plan:
            key = board.cell_key(question, path)
            if key is not None:
                return question, key
        return None

    def apply(self, question: Question, text: str) -> tuple[State, tuple[str, ...]]:
        if question.answered and text.strip() == "":
            text = "-" if question.optional or question.default is not MISSING else text
            if text == "":
                raise BadAnswer("an answer is needed here")
        outcome = self.model.apply(self.state, question, text.strip(), self.shown_warnings)
        after = outcome.state
        if question.path[:1] == ("players",) and question.path[-1:] == ("name",) and question.answered:
            after = lists.renamed(after, question.value, get(after.data, question.path))
        return after, outcome.warnings

    def take(self, after: State, label: str, text: str, warnings: tuple[str, ...] = (),
             question: Question | None = None) -> Reply:
        """The new state kept and written to FILE; "saved" only once it is there. ``label`` and
        ``text`` say on the terminal what changed; the reply carries ``question``'s answer now."""
        try:
            self.write(render(self.game, after.data, after.progress))
        except UsageError as error:
            self.failure = str(error)
            self.say(self.failure)
            self.say(f"{self.name}: the answer not saved: {label}: {text}")
            self.version += 1
            return Reply("failed", 503, self.failure)
        self.state = after
        self.answers += 1
        self.shown_warnings.update(warnings)
        self.say(f"  {label}: {text} ✓")
        self.reviewed = False  # settled after the phone is told (``settle``), or by the next view
        self.version += 1
        return Reply("saved", current=self.now_at(question) if question is not None else None,
                     warnings=warnings)

    def now_at(self, question: Question) -> str | None:
        if question.form is not None:
            return None
        again = self.model.find(self.plan(), ("value", question.path))
        return self.current(again) if again is not None else None

    def write(self, text: str) -> None:
        self.file.write(text)

    # --- the whole table ----------------------------------------------------------------------

    def closed(self) -> tuple[State, str]:
        """The state with every question left answered by an empty answer (a list closed, an
        optional part declined, a default taken), as Enter at the terminal would; and the
        message of the first that cannot be (a required answer missing)."""
        state = self.state
        for _ in range(MOST_CLOSING):
            plan = self.model.plan(state)
            question = next((q for q in plan if not q.answered), None)
            if question is None:
                return state, ""
            if not skippable(question):
                return state, f"{self.seen(question.path, state.data)}: an answer is needed"
            try:
                state = self.model.apply(state, question, "", set(self.shown_warnings)).state
            except BadAnswer as error:
                return state, f"{self.seen(question.path, state.data)}: {error.message}"
        return state, "too many questions left"

    def settle(self) -> None:
        """The table reviewed if an answer came since it last was: the server calls it once the
        phone has its "saved" (the review costs as much as the answer itself), a view before it
        draws."""
        with self.lock:
            if not self.reviewed:
                self.review()

    @property
    def ready(self) -> bool:
        """Whether every question is answered and the whole table holds: "Score it" is offered."""
        self.settle()
        return self.found_ready

    @property
    def table_problems(self) -> list[tuple[str, list[Path]]]:
        """What is wrong with the table as a whole, each with the places that can fix it."""
        self.settle()
        return self.problems_found

    def review(self) -> None:
        """After each answer: is the table ready to score, and what is wrong with it as a whole."""
        self.reviewed = True
        closed, missing = self.closed()
        was_ready = self.found_ready
        self.problems_found = []
        ready = not missing
        if ready:
            for problem in self.model.problems(closed):
                paths = [key[1] for key in problem.fixes] + [problem.error.path]
                self.problems_found.append((problem_words(problem.error, closed.data, self.model.interview),
                                            paths))
        self.found_ready = ready and not self.problems_found
        self.tell_finished(was_ready)

    def tell_finished(self, was_ready: bool) -> None:
        """The terminal's live line: each section once all its questions are answered."""
        sections: dict[str, bool] = {}
        given: set[str] = set()
        for question in self.plan():
            sections[question.section] = sections.get(question.section, True) and (
                question.answered or skippable(question))
            if question.answered and not question.declined:
                given.add(question.section)
        for title, done in sections.items():
            if done and title in given and title not in self.finished:
                self.finished.add(title)
                self.say(f"✓ {title}: every answer in")
            elif not done:
                self.finished.discard(title)
        if self.ready and not was_ready:
            self.say("Every question is answered: 'Score it' on a phone, or Enter here.")
        for message, _ in self.table_problems:
            self.say(f"✗ {message}")

    def score(self) -> Reply:
        """"Score it": the lists closed, the whole table checked, FILE written without ``tally:``."""
        with self.lock:
            if self.scored:
                return Reply("saved")
            if self.failure:
                return Reply("failed", 503, self.failure)
            closed, missing = self.closed()
            if missing:
                return Reply("refused", 422, missing)
            problems = self.model.problems(closed)
            if problems:
                self.review()
                self.version += 1
                return Reply("refused", 422,
                             problem_words(problems[0].error, closed.data, self.model.interview))
            try:
                if self.answers or self.file.must_write or closed.data != self.state.data:
                    self.write(render(self.game, closed.data, None))
            except UsageError as error:
                self.failure = str(error)
                self.say(self.failure)
                self.version += 1
                return Reply("failed", 503, self.failure)
            self.state = self.model.complete(closed)
            self.scored = True
            self.version += 1
            return Reply("saved")

    def close(self) -> None:
        self.file.close()


def skippable(question: Question) -> bool:
    """Whether an empty answer may settle ``question`` when the table is scored."""
    if question.kind == "item":
        return question.index >= question.minimum
    if question.step is not None:
        return question.step.optional
    return question.optional or question.default is not MISSING or question.path == ("date",)
