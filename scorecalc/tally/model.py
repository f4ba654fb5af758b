"""The interview as a model apart from any screen: a state, the questions it gives, and answers applied.

A ``Draft`` is the table so far (plain data, as the YAML holds it) and its ``Progress``
(parts declined, lists and forms still open). Everything else follows from it:
``Tally.plan(state)`` is every question in reading order, each answered or not (``questions.py``);
``Tally.apply(state, question, text)`` checks one answer and gives a new ``Outcome`` (the new
state, the warnings it raised, what a game's form had to say) or refuses it with ``BadAnswer``
and its message. The state given is never changed. ``Tally.problems(state)`` names what is
wrong with the whole table and the questions that can fix it.

No I/O here: no terminal, no printing, no FILE. Each screen keeps its own cursor over the
plan (the terminal walks one, ``session.py``; every phone of a web pad would have its own)
and saves the state it is given (``keeping.py``). A game's entry form (Caracas' board) is
driven through ``FormEntry``, which collects what the form says as ``Said`` lines for the
screen to show, and its operations (reopen, take back) are model operations too.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..dates import written_minute
from ..errors import InputError, Path
from ..games import Game
from ..places import problem_words
from ..spec import MISSING, Spec, record_of
from ..spec.interview import PLAYERS, TableData, key_of, palette_of
from . import settings, told
from .answers import BadAnswer
from .draft import Draft, Outcome, Problem, Review
from .editing import FormEntry, Work, check_name, is_name, player_index, players_of, renamed
from .questions import Planner, Progress, Question, get
from .settings import SettingField
from .wording import seen_as

MOST_ROUNDS = 50
"""Plans "Score it" walks at most while closing (each settles every question its plan leaves)."""

CHECKS_KEPT = 16
"""Tables whose check ``check_table`` keeps: the review's closing answers and the next answer's."""


class Tally:
    """The interview of one game: pure functions of a ``Draft``."""

    def __init__(self, game: Game[Any], now: datetime.datetime) -> None:
        self.game = game
        self.declaration = game.declaration
        self.interview = game.interview
        self.now = now
        self.planned: tuple[Draft, tuple[Question, ...]] | None = None
        self.checked: dict[str, tuple[list[InputError], list[tuple[Path, str]]]] = {}
        """The last tables checked (``check_table``), by their data's ``repr``."""

    # --- the questions -----------------------------------------------------------------------

    def plan(self, state: Draft) -> list[Question]:
        """Every question of ``state``, in reading order. The last state's plan is kept: a screen
        asks it several times an answer (its cursor, the count left, whether more players may
        join), and a state is never changed once made."""
        if self.planned is not None and self.planned[0] is state:
            return list(self.planned[1])
        plan = Planner(self.declaration, self.interview, state.data, state.progress).plan()
        self.planned = (state, tuple(plan))
        return plan

    def seats(self, state: Draft) -> list[Question]:
        """Every seat the table still allows after the players list's next entry, as its name
        question: phones offer them all at once, typed in any order (SPEC section 8, "A phone in a
        player's hand"). A name given at a later seat takes that seat, the seats between stay
        unnamed players (their names still to give), so no seat changes meaning; the terminal asks
        the next entry only."""
        return Planner(self.declaration, self.interview, state.data, state.progress).seats()

    def setting_fields(self, question: Question) -> list[SettingField]:
        """A setting rarely changed (Caracas' readings), as phones offer it: each of its fields a
        question of its own in the players' words (``settings.py``); empty for any other."""
        return settings.setting_fields(self.interview, question)

    def apply_setting(self, state: Draft, question: Question, name: str, text: str,
                   shown: Iterable[str] = ()) -> Outcome:
        """``text`` as the answer to the field ``name`` of ``question`` (``parts``): checked as that
        field, then the whole setting, its other fields as they were."""
        return self.apply(state, question, settings.whole(self.interview, question, name, text), shown)

    @staticmethod
    def find(plan: list[Question], key: tuple[str, Path]) -> Question | None:
        return next((question for question in plan if question.key == key), None)

    @staticmethod
    def left(plan: list[Question]) -> int:
        return sum(not question.answered for question in plan)

    @staticmethod
    def growing(plan: list[Question]) -> bool:
        """Whether the plan can still grow (a list or a form still takes entries)."""
        return any(question.kind.may_grow(question) and not question.answered for question in plan)

    @staticmethod
    def more_players(plan: list[Question]) -> bool:
        """Whether more players may still join: the players list still asks for its next entry."""
        return any(question.kind.adds_to(question) == ("players",) and not question.answered
                   for question in plan)

    def settled(self, state: Draft) -> Draft:
        """A file tally did not start: an absent optional part counts as declined."""
        declined = set(state.progress.declined)
        while True:
            changed = False
            for question in self.plan(replace(state, progress=replace(state.progress,
                                                                       declined=frozenset(declined)))):
                if question.answered or not (question.optional or question.default is not MISSING):
                    continue
                where = question.kind.declined_if_absent(question)
                if where is not None and where not in declined:
                    declined.add(where)
                    changed = True
            if not changed:
                return replace(state, progress=replace(state.progress, declined=frozenset(declined)))

    # --- answering ---------------------------------------------------------------------------

    def apply(self, state: Draft, question: Question, text: str, shown: Iterable[str] = ()) -> Outcome:
        """``text`` as the answer to ``question``: the new state, or ``BadAnswer``. ``shown``: the
        warnings already shown for this table (each is given once)."""
        work = Work(self, state)
        if question.form is not None and question.step is not None:
            entry = FormEntry(self, work, question)
            question.form.answer(entry, question.step, text)
            return Outcome(self.as_chosen(work.state()), said=tuple(entry.said))
        if text == "" or (text == "-" and (question.optional or question.default is not MISSING)):
            work.empty(question, text)
        else:
            value = self.read(question, text)
            if is_name(question):
                check_name(work.data, question, value)
            work.put(question, value)
            if is_name(question) and question.answered:  # she is renamed everywhere the table names her
                work.data = renamed(work.data, question.value, value)
        after = self.as_chosen(work.state())
        return Outcome(after, warnings=tuple(self.trial(after, question, set(shown))))

    def read(self, question: Question, text: str) -> Any:
        """``text`` read as ``question``'s value; a setting rarely changed refused in its readings'
        words (``told.refusal``)."""
        try:
            return question.kind.read(question, text)
        except BadAnswer as error:
            if not question.rarely:
                raise
            raise BadAnswer(told.refusal(self.interview, question.path, question.spec, str(error))) from None

    def decline(self, state: Draft, question: Question, shown: Iterable[str] = ()) -> Outcome:
        """An answer taken away (a phone's field emptied): an optional part declined, a part with
        a default declined too (written without it); ``BadAnswer`` where the table needs one."""
        if not (question.optional or question.default is not MISSING):
            raise BadAnswer("an answer is needed here")
        return self.apply(state, question, "-", shown)

    def finish(self, state: Draft, question: Question) -> Draft:
        """A person finishes a form (a board: "Finish Alex's board", an empty row at the terminal):
        the game's checks on it (``BadAnswer`` if it cannot be finished as it is). Nothing else
        finishes one: not "Score it", not the rulebook's count."""
        if question.form is None or question.step is None or question.step.done:
            return state
        return self.apply(state, question, "").state

    def take_back(self, state: Draft, question: Question) -> Outcome | None:
        """``<`` inside a form: its last answer taken back; ``None`` when there is none."""
        if question.form is None or question.step is None:
            return None
        work = Work(self, state)
        entry = FormEntry(self, work, question)
        if not question.form.back(entry, question.step):
            return None
        return Outcome(work.state(), said=tuple(entry.said))

    def resume(self, state: Draft, question: Question) -> Outcome:
        """What a form says of a record it has begun (the board so far), before its next answer."""
        if question.form is None or question.step is None:
            return Outcome(state)
        entry = FormEntry(self, Work(self, state), question)
        question.form.resume(entry, question.step)
        return Outcome(state, said=tuple(entry.said))

    def reopen(self, state: Draft, question: Question) -> Draft | None:
        """A finished form (a board) opened again at its next answer; ``None`` if it cannot be."""
        if question.form is None or question.step is None or not question.step.done:
            return None
        record = get(state.data, question.path[:-1])
        if not isinstance(record, dict) or not question.form.reopens(record):
            return None
        return replace(state, progress=replace(state.progress, open=state.progress.open | {question.path}))

    def reopen_list(self, state: Draft, path: Path) -> Draft:
        """A list closed earlier takes entries again (its next entry is asked)."""
        progress = state.progress
        return replace(state, progress=Progress(progress.declined - {path}, progress.open | {path}))

    def removable(self, state: Draft) -> list[Path]:
        """The last entry of each list asked entry by entry, where the list holds more than it
        needs (``players[2]``, ``players[0].exhibitions[1]``): what ``remove_last`` may take away.
        Entries are added at the end and removed only from the end."""
        last: dict[Path, int] = {}
        for question in self.plan(state):
            for at, part in enumerate(question.path):
                if not isinstance(part, int):
                    continue
                listed = question.kind.adds_to(question)
                if listed is not None and at == len(listed):
                    continue  # the next entry, not one there yet
                last[question.path[:at]] = max(last.get(question.path[:at], -1), part)
        found = []
        for list_path, index in last.items():
            entries = get(state.data, list_path)
            least = self.least(list_path)
            if isinstance(entries, list) and len(entries) == index + 1 and least is not None \
                    and len(entries) > least:
                found.append((*list_path, index))
        return found

    def least(self, list_path: Path) -> int | None:
        """The entries the list at ``list_path`` needs (its declared bounds); ``None``: no list."""
        spec_field = self.field_at(list_path)
        bounds = spec_field.spec.list_bounds() if spec_field is not None else None
        return bounds[0] if bounds is not None else None

    def remove_last(self, state: Draft, list_path: Path) -> Draft:
        """The list at ``list_path`` without its last entry, open for another; what was declined or
        held open inside that entry forgotten. ``BadAnswer`` when it is not ``removable``."""
        entries = get(state.data, list_path)
        count = len(entries) if isinstance(entries, list) else 0
        entry = (*list_path, count - 1)
        if not count or entry not in self.removable(state):
            least = self.least(list_path) or 0
            entries_word = "entry" if least == 1 else "entries"
            raise BadAnswer(f"needs at least {least} {entries_word}" if count and least else
                            "no entry here can be removed")
        work = Work(self, state)
        kept = get(work.data, list_path)
        assert isinstance(kept, list)
        kept.pop()
        while list_path == ("players",) and len(kept) > (self.least(list_path) or 0) and kept[-1] == {}:
            kept.pop()  # the seats left unnamed before her are no players either

        def outside(path: Path) -> bool:  # not in an entry taken away
            at = len(list_path)
            index = path[at] if path[:at] == list_path and len(path) > at else None
            return not (isinstance(index, int) and index >= len(kept))

        declined = {path for path in work.declined if outside(path)} - {list_path}
        opened = {path for path in work.open if outside(path)} | {list_path}
        data = work.data
        gone = entries[-1] if isinstance(entries, list) else None
        if list_path == ("players",) and isinstance(gone, dict):  # she left: her name taken out elsewhere
            data = renamed(data, gone.get("name"), None)
        return Draft(data, Progress(frozenset(declined), frozenset(opened)))

    def complete(self, state: Draft) -> Draft:
        """The table as written when complete: no progress kept."""
        return Draft(self.as_chosen(state).data, Progress())

    def as_chosen(self, state: Draft) -> Draft:
        """``state`` as FILE holds it: each setting rarely changed only where it differs from its
        defaults (``settings.as_chosen``)."""
        return settings.as_chosen(self.declaration, self.interview, state)

    # --- checking the table so far ------------------------------------------------------------

    def trial(self, state: Draft, question: Question, shown: set[str]) -> list[str]:
        """The game's own checks on the table so far, where that is cheap and fair: an error
        about this answer refuses it; a warning about it is returned. Only the players' answers
        and what comes after them are tried, and only over the players whose questions are all
        answered (the settings alone would give only errors about what is not asked yet)."""
        order = self.interview.ask(str(question.path[0])).order
        if order is None or order < PLAYERS or not question.kind.checks_the_table:
            return []
        plan = self.plan(state)
        incomplete = sorted({q.path[1] for q in plan if not q.answered and q.path[:1] == ("players",)
                             and len(q.path) > 2 and isinstance(q.path[1], int)})
        players = players_of(state.data)
        cut = incomplete[0] if incomplete else len(players)
        index = player_index(question)
        if index is not None and index >= cut:
            return []
        if index is None and cut < len(players):
            return []  # what refers to the players (Origin's cubes), answered before they all are (a
            # phone of the web pad may): tried by the whole table's check at the end, not against a cut
        data = dict(state.data)  # checking changes nothing: a shallow copy to cut the players from
        data["players"] = data.get("players", [])[:cut]
        for key, spec_field in self.declaration.fields.items():
            if spec_field.required and key not in data and spec_field.spec.list_bounds() is not None:
                data[key] = []
        errors, warnings = self.check_table(data)
        for problem in errors:
            if problem.path[:len(question.path)] == question.path:
                raise BadAnswer(problem_words(problem, data, self.interview) if problem.path != question.path
                                else problem.message + (f" ({problem.hint})" if problem.hint else ""))
        found = []
        if cut == len(players) and not self.more_players(plan):
            for path, message in warnings:
                if path[:len(question.path)] == question.path and message not in shown:
                    shown.add(message)
                    found.append(message)
        return found

    def check_table(self, data: TableData) -> tuple[list[InputError], list[tuple[Path, str]]]:
        """The game's errors and warnings on ``data`` (none when the declaration refuses it): the
        declaration's check and the game's ``parse``, as ``scorecalc GAME FILE`` reads the file
        tally writes, over the node tree that file would compose into (``tablefile/nodes.py``:
        no text written and read back; the same messages, paths and order). Kept for the last
        tables checked: the review after an answer closes the table with empty answers that
        mostly leave the data as it was (a list closed, a part declined), each checked again."""
        key = repr(data)
        found = self.checked.get(key)
        if found is None:
            found = self.checked[key] = self.check_plain(data)
            while len(self.checked) > CHECKS_KEPT:
                del self.checked[next(iter(self.checked))]
        return list(found[0]), list(found[1])

    def check_plain(self, data: TableData) -> tuple[list[InputError], list[tuple[Path, str]]]:
        """``check_table`` without keeping: the tree built from ``data`` (or, for a value whose
        text would not read back as itself, FILE's text written and read), checked and parsed."""
        from ..pipeline import check_document, load, parse_document
        from ..tablefile.layout import render
        from ..tablefile.nodes import table_nodes
        from ..tablefile.reader import as_source

        built = table_nodes(self.game, data)
        try:
            if built is None:  # a value whose text would not read back as itself: the file's route
                _, document = load(as_source("table", render(self.game, dict(data), None)), self.game.name)
            else:
                top, lines = built
                document = check_document(self.game, as_source("table", lines), top)
            parse_document(self.game, document)
        except InputError as error:
            return error.problems, []
        except Exception:  # a partial table the game cannot read yet: nothing to say
            return [], []
        return [], [(issue.path, issue.message) for issue in document.warnings]

    def problems(self, state: Draft) -> list[Problem]:
        """What is wrong with the whole table (every question answered), each with the questions
        that can fix it: those about the problem's part, a list's next entry first (the list
        reopened), a finished form reopened; none for a problem no answer here can fix."""
        return self.problems_of(state, self.check_table(state.data)[0])

    def problems_of(self, state: Draft, errors: list[InputError]) -> list[Problem]:
        out = []
        for error in errors:
            fixing = self.fixing(state, error.path)
            plan = self.plan(fixing)
            about = self.about(plan, error)
            keys = [question.key for question in about]
            words = self.words(error, state.data)
            step = about[0].step if about else None
            if step is not None and step.fault:  # the row as the player counts it, not the file's token
                words = f"{self.seen(about[0].path, state.data)}, {step.label}: {step.fault}"
            out.append(Problem(error, fixing, tuple(keys), words))
        return out

    def words(self, error: InputError, data: dict[str, Any]) -> str:
        """A problem of the table as every screen says it: the place as the players see its
        question (``Ana's exhibition``), the message, its hint."""
        return problem_words(error, data, self.interview)

    def seen(self, path: Path, data: dict[str, Any]) -> str:
        """A place as the players see its question (``Anna's money``, ``tile 5 (Sea Lion) cubes``)."""
        return seen_as(path, data, self.interview, self.declaration)

    # --- scoring: what "Score it" takes, and whether it may ------------------------------------

    def review(self, state: Draft, placing: Iterable[Path] = (),
               now: datetime.datetime | None = None, held: Iterable[Path] = ()) -> Review:
        """The whole table as "Score it" would take it, decided from the plan (no answer replayed):
        every open list closed and every optional part left untouched declined, as an empty
        answer would (the date, if untouched, taken as ``now``); what only a person can give
        (a board not finished, a required answer) waits. ``placing``: the boards (their form's
        place, ``players[0].grid``) a phone holds a tile half built on; ``held``: the places of
        values FILE held that its read could not take, which wait for a person's answer (never
        declined by "Score it"). The game's checks run once, on the table closed, when nothing
        waits: its problems and its warnings."""
        closed, waiting, date = self.closing(state, now or self.now, tuple(held))
        placed = tuple(self.placing(path, state.data) for path in sorted(set(placing), key=str))
        if waiting:
            return Review(closed, tuple(waiting), placed, date=date)
        errors, warnings = self.check_table(closed.data)
        problems = self.problems_of(closed, errors) if errors else []
        return Review(closed, (), placed, tuple(problems),
                      tuple(dict.fromkeys(message for _, message in warnings)), date)

    def closing(self, state: Draft, now: datetime.datetime,
                held: tuple[Path, ...] = ()) -> tuple[Draft, list[str], str]:
        """``state`` with every question left that "Score it" settles settled (lists closed,
        optional parts and parts with a default declined: a default becomes an answer only by a
        person's act, SPEC section 8; the date ``now``), on one copy, a plan at a time; what waits
        for a person, in words; the date taken (empty if it was answered)."""
        work = Work(self, state)
        date = ""
        for _ in range(MOST_ROUNDS):
            plan = self.plan(work.state())
            left = [question for question in plan if not question.answered]
            waiting = [self.waiting(question, work.data) for question in left
                       if not question.kind.settled_by_empty(question)
                       or any(asks(question, path) for path in held)]
            if waiting or not left:
                return work.state(), waiting, date
            for question in left:
                if question.path == ("date",):
                    date = written_minute(now)
                    work.put(question, date)
                    continue
                try:
                    work.empty(question, question.kind.score_it_answer(question))
                except BadAnswer as error:  # a part whose empty answer the declaration refuses
                    return work.state(), [f"{self.seen(question.path, work.data)}: {error.message}"], date
        return work.state(), ["too many questions left"], date

    def waiting(self, question: Question, data: dict[str, Any]) -> str:
        """What a question no empty answer settles waits for, in words."""
        if question.form is not None:
            return f"{self.seen(question.path[:-1], data)} {question.form.name} is not finished"
        return f"{self.seen(question.path, data)}: an answer is needed"

    def placing(self, path: Path, data: dict[str, Any]) -> str:
        """A form's record that a phone holds a piece half built on, in words: ``Alex's phone is
        placing a tile`` (the phone on her board, whoever holds it)."""
        form = self.interview.form(key_of(path[:-1]))
        palette = palette_of(form)
        piece = palette.piece if palette is not None else "piece"
        return f"{self.seen(path[:-1], data)} phone is placing a {piece}"

    def fixing(self, state: Draft, path: Path) -> Draft:
        """``state`` with the lists at or below ``path`` open again, and a finished form there."""
        if not path:
            return state
        for question in self.plan(state):
            if question.path[:len(path)] != path and path[:len(question.path)] != question.path:
                continue
            state = self.reopen(state, question) or state  # a finished form; nothing for any other
        target = get(state.data, path)
        spec_field = self.field_at(path)
        listed = spec_field is not None and spec_field.spec.asked_entries() is not None
        if isinstance(target, list) and listed:
            state = self.reopen_list(state, path)
        return state

    def field_at(self, path: Path) -> Any:
        spec: Spec = self.declaration
        found = None
        for part in path:
            if isinstance(part, int):
                item = spec.item_spec()
                if item is None:
                    return None
                spec = item
                continue
            record = record_of(spec)
            if record is None or part not in record.fields:
                return None
            found = record.fields[part]
            spec = found.spec
        return found

    @staticmethod
    def about(plan: list[Question], error: InputError) -> list[Question]:
        """The questions that can fix ``error``: a finished form there (reopened), a list's next
        entry (adding an entry is the likelier fix), the other parts the game names
        (``InputError.also``: a ledger's track figure); else the questions the part is made of,
        or the one holding it."""
        path = error.path
        if not path:
            return []
        inside = [q for q in plan if q.path[:len(path)] == path or q.list_path == path]
        if not inside:
            inside = [q for q in plan if path[:len(q.path)] == q.path][-1:]
        first = [q for q in inside if q.kind.asked_first_on_problem(q)]
        also = [q for q in plan for other in error.also if q.path[:len(other)] == other]
        chosen = [*first, *also] or inside
        return list({q.key: q for q in chosen}.values())


def asks(question: Question, path: Path) -> bool:
    """Whether ``question`` holds the place ``path``: it is there or inside it, or it is a game's
    form that fills it (Caracas' board: ``grid``, ``landscape``)."""
    if question.path[:len(path)] == path:
        return True
    if question.form is None:
        return False
    owner = question.path[:-1]
    return path[:len(owner) + 1] in {(*owner, name) for name in question.form.fields}
