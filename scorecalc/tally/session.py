"""The loop: ask what is missing, check each answer, write FILE after every one.

``Session.run()`` returns ``DONE`` when the table is complete (FILE then has no
``tally:`` block and the caller prints the score) or an exit code: 2 when a piped answer
fails its check or the input ends first (FILE keeps every earlier answer).
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

from ..dates import written_minute
from ..errors import InputError, Path, UsageError, format_path
from ..games import Game
from ..names import name_key
from ..output.report import EXIT_BAD_INPUT
from ..spec import MISSING, Record, Spec
from ..spec.interview import PLAYERS, Table
from .answers import BadAnswer, check, one_line
from .keeping import Keeper
from .progress import as_source, load, render
from .prompt import Terminal, Unreadable
from .questions import Planner, Progress, Question, get

DONE = -1
"""``run()``: the table is complete; the caller prints the score."""

HELP = ("'?' this help · '<' back one question · empty: the default [in brackets], or skip\n"
        "  '-' skips an optional part that has a default · Ctrl-C stops: FILE keeps every answer, "
        "and the same command goes on later")


class Session:
    def __init__(self, game: Game[Any], name: str, terminal: Terminal | None = None,
                 now: datetime.datetime | None = None) -> None:
        self.game = game
        self.name = name
        self.terminal = terminal or Terminal()
        self.declaration = game.declaration
        self.interview = game.interview
        self.now = now or current_time()
        self.keeper = Keeper(name)
        self.keeper.start()  # a folder, a device, a file another tally holds: refused here
        try:
            loaded = load(game, name)
        except BaseException:
            self.keeper.close()
            raise
        self.data: dict[str, Any] = loaded.data
        self.declined: set[Path] = set(loaded.progress.declined)
        self.open: set[Path] = set(loaded.progress.open)
        self.backup = loaded.exists and not loaded.started
        self.started = loaded.started
        self.foreign = loaded.exists and not loaded.started and bool(loaded.data)
        self.problems = loaded.problems
        self.cursor: tuple[str, Path] | None = None
        self.reviewing = False
        self.section = ""
        self.last_doc: tuple[str, str] = ("", "")
        self.shown_warnings: set[str] = set()
        self.answers = 0
        self.pointed: dict[tuple[Path, str, tuple[str, Path]], Any] = {}
        """Problems of the whole table sent back to a question, with its answer then."""
        self.unsaved: list[str] = []
        """The answers given since FILE was last written (printed if it cannot be)."""
        self.expanded: set[Path] = set()
        """Settings rarely changed (``Ask.rarely``) that the player asked to see in full."""
        self.resumed: set[Path] = set()
        """Entry forms shown their work so far in this run (a half-typed board drawn on resuming)."""
        if self.foreign:
            self.settle_foreign()

    # --- the plan ----------------------------------------------------------------------------

    @property
    def progress(self) -> Progress:
        return Progress(frozenset(self.declined), frozenset(self.open))

    def plan(self) -> list[Question]:
        return Planner(self.declaration, self.interview, self.data, self.progress).plan()

    def settle_foreign(self) -> None:
        """In a file tally did not start, an absent optional part counts as declined."""
        while True:
            changed = False
            for question in self.plan():
                if question.answered or not (question.optional or question.default is not MISSING):
                    continue
                if question.kind == "item" and question.index > 0:
                    continue
                where = question.list_path if question.kind == "item" else question.path
                if where is not None and where not in self.declined:
                    self.declined.add(where)
                    changed = True
            if not changed:
                return

    def left(self, plan: list[Question] | None = None) -> int:
        return sum(not question.answered for question in (plan if plan is not None else self.plan()))

    def left_text(self, plan: list[Question]) -> str:
        """``3 or more questions``: "or more" while a list (players, a board) can still grow, so
        its further questions are not known yet."""
        left = self.left(plan)
        more = " or more" if self.growing(plan) else ""
        return f"{left}{more} question{'s' if left != 1 or more else ''}"

    def next_question(self, plan: list[Question]) -> Question | None:
        if self.cursor is not None:
            for question in plan:
                if question.key == self.cursor:
                    return question
            self.cursor = None
        return next((question for question in plan if not question.answered), None)

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        say = self.terminal.say
        title = f"{self.game.title} — {self.name}"
        say(self.terminal.bold(title))
        if self.foreign:
            say(f"{self.name} was not started by tally: it is kept as {self.keeper.backup_name()} before the "
                "first answer is written; only what is required and missing is asked.")
        for line in self.problems:
            say(self.terminal.bad(line) + " — asked again below")
        plan = self.plan()
        left = self.left(plan)
        self.preflight(left)
        if left and self.answers == 0:
            count = f"{self.left_text(plan)} to go"
            say(self.terminal.dim(f"{count} · '?' help · '<' back · Ctrl-C stops, and the same command goes "
                                  "on later"))
        try:
            return self.loop()
        except UsageError as error:  # FILE could not be written, or was changed meanwhile
            return self.stopped(error)
        except KeyboardInterrupt:
            say("")
            say(f"Stopped. {self.name} keeps every answer so far; run 'scorecalc tally {self.game.name} "
                f"{self.name}' to go on.")
            raise

    @property
    def must_write(self) -> bool:
        """Whether this run has anything to write: FILE is new, unfinished, or had values dropped."""
        return not self.keeper.exists or self.started or bool(self.problems)

    def preflight(self, left: int) -> None:
        """Before the first question: refuse a FILE that cannot take the answers (SPEC: a complete
        read-only FILE is simply scored), and a standard input that was closed."""
        if not (left or self.must_write):
            return
        if self.keeper.read_only:
            raise UsageError(f"{self.name}: {self.keeper.read_only}: tally writes every answer to it; "
                             "make it writable, or tally into another file")
        if left and self.terminal.closed():
            raise UsageError(f"{self.name}: cannot read the answers: standard input is closed")

    def stopped(self, error: UsageError) -> int:
        """FILE could not be written: say why, and give back the answers not saved, one per line
        as a pipe gives them (to paste into the next run)."""
        self.terminal.say(self.terminal.bad(str(error)))
        if self.unsaved:
            count = len(self.unsaved)
            self.terminal.say(f"{self.name}: {count} answer{'s' if count != 1 else ''} not saved, as the "
                              "lines to give 'scorecalc tally' again:")
            for line in self.unsaved:
                self.terminal.say(line)
        return EXIT_BAD_INPUT

    def growing(self, plan: list[Question]) -> bool:
        return any(question.kind in ("item", "form") and not question.answered for question in plan)

    @staticmethod
    def more_players(plan: list[Question]) -> bool:
        """Whether more players may still join: the players list still asks for its next entry."""
        return any(question.kind == "item" and question.list_path == ("players",) and not question.answered
                   for question in plan)

    def loop(self) -> int:
        while True:
            plan = self.plan()
            question = self.next_question(plan)
            if question is None:
                outcome = self.finish(plan)
                if outcome is not None:
                    return outcome
                continue
            self.show_section(question, plan)
            self.resume_form(question)
            words = [*question.words, "yes", "no"] if self.gated(question) else question.words
            try:
                answer = self.terminal.ask(self.prompt(question), words)
            except Unreadable as error:
                self.terminal.say(self.terminal.bad(f"  ✗ {error}"))
                if not self.terminal.interactive:
                    return self.failed(question, str(error))
                continue
            if answer is None:
                return self.ended(plan)
            answer = answer.strip()
            if answer == "?":
                self.terminal.say(self.help(question))
                continue
            if answer == "<":
                self.back(question, plan)
                continue
            self.unsaved.append(answer)
            try:
                self.answer(question, answer)
            except Expanded:
                continue
            except BadAnswer as error:
                self.unsaved.pop()
                self.terminal.say(self.terminal.bad(f"  ✗ {error.message}"))
                if not self.terminal.interactive:
                    return self.failed(question, error.message)
                continue
            self.answers += 1
            self.advance(question)

    def ended(self, plan: list[Question]) -> int:
        self.terminal.say(f"{self.name}: the input ended with {self.left_text(plan)} left "
                          f"({self.kept()}); run 'scorecalc tally {self.game.name} {self.name}' to go on")
        return EXIT_BAD_INPUT

    def failed(self, question: Question, message: str) -> int:
        self.terminal.say(f"{self.name}: {self.where(question)}: {message}; stopped with "
                          f"{self.left_text(self.plan())} left ({self.kept()})")
        return EXIT_BAD_INPUT

    def kept(self) -> str:
        """What FILE holds when a run stops early: true whatever was (or was not) written."""
        if self.answers:
            return "every earlier answer is saved"
        return "the file is as it was" if self.keeper.exists else "nothing was written"

    def where(self, question: Question) -> str:
        return format_path(question.path, {i: p.get("name", "") for i, p in enumerate(self.players())
                                           if isinstance(p, dict) and p.get("name")})

    def players(self) -> list[Any]:
        players = self.data.get("players")
        return players if isinstance(players, list) else []

    def back(self, question: Question, plan: list[Question]) -> None:
        if question.form is not None and question.step is not None and \
                question.form.back(FormEntry(self, question), question.step):
            return
        index = next(i for i, q in enumerate(plan) if q.key == question.key)
        earlier = [q for q in plan[:index] if not (q.declined and q.kind == "value" and q.declared is None)]
        if not earlier:
            self.terminal.say("  (this is the first question)")
            return
        self.cursor = earlier[-1].key
        self.reviewing = True

    def advance(self, question: Question) -> None:
        """After an answer: the first question still open, or, after going back, the next one in
        order (so going back walks forward again over the answers given, Enter keeping each)."""
        self.cursor = None
        if not self.reviewing:
            return
        plan = self.plan()
        keys = [q.key for q in plan]
        if question.key in keys and question.kind != "form":
            following = plan[keys.index(question.key) + 1:]
            if following and following[0].answered:
                self.cursor = following[0].key
                return
        self.reviewing = False

    # --- showing a question ------------------------------------------------------------------

    def show_section(self, question: Question, plan: list[Question]) -> None:
        if question.section == self.section:
            return
        self.section = question.section
        heading = question.section
        index = self.player_index(question)
        if index is not None and question.path[:1] == ("players",) and question.section != "Players":
            heading += f" (player {index + 1} of {len(self.players())})"
        left = self.left(plan)
        tail = f" {left} left" if left > 1 else ""
        width = self.terminal.width
        room = 50 if width is None else min(50, width - 7)
        rule = "─" * max(3, room - len(heading) - len(tail))
        self.terminal.say("")
        self.terminal.say(self.terminal.bold(f"── {heading} {rule}") + self.terminal.dim(tail))

    @staticmethod
    def player_index(question: Question) -> int | None:
        if len(question.path) > 1 and question.path[0] == "players" and isinstance(question.path[1], int):
            return question.path[1]
        return None

    def gated(self, question: Question) -> bool:
        """A setting rarely changed, asked first as its yes-or-no question (``house rules? [no]``)."""
        return bool(question.rarely) and not question.answered and question.path not in self.expanded

    def resume_form(self, question: Question) -> None:
        """The first time in a run that a game's entry form asks about a record it has begun (a
        board typed in part before a stop): the form shows what it has (the board drawn)."""
        if question.form is None or question.step is None or question.path in self.resumed:
            return
        self.resumed.add(question.path)
        if question.step.value is not None and not question.step.done:
            question.form.resume(FormEntry(self, question), question.step)

    def default_text(self, question: Question) -> str:
        """What an empty answer means, as shown in brackets."""
        if self.gated(question):
            return "no"
        if question.step is not None:
            return question.step.default
        if question.answered:
            if question.declined:
                return "skip"
            return one_line(question.spec, question.value) or "keep"
        if question.path == ("date",):
            return written_minute(self.now)
        if question.kind == "item":
            if question.index < question.minimum:
                return ""
            if question.index == 0 and question.default is not MISSING:
                return "none"
            if question.index == 0:
                return "skip" if question.optional else ""
            return "done" if question.list_path != ("players",) else "that's everyone"
        if question.default is not MISSING:
            return one_line(question.spec, question.default) or "none"
        record = question.spec.as_record()
        if record is not None and all(f.default is not MISSING or not f.required
                                      for f in record.fields.values()):
            return one_line(question.spec, defaults_of(record)) or "skip"
        return "skip" if question.optional else ""

    def prompt(self, question: Question) -> str:
        if self.gated(question):
            return f"› {question.rarely} [no]: "
        doc = question.doc
        choices = choice_line(question.spec)
        if doc and (doc, question.section) != self.last_doc:
            self.terminal.say(f"  {self.terminal.dim(doc)}")
        self.last_doc = (doc, question.section)
        if choices:
            self.terminal.say("  " + self.terminal.dim(choices))
        default = self.default_text(question)
        bracket = f" [{default}]" if default else ""
        return f"› {question.label}{bracket}: "

    def help(self, question: Question) -> str:
        if self.gated(question):
            return "\n".join([
                f"  {question.rarely} empty or 'n': the defaults ({self.default_text_full(question)}); "
                f"'y': see them and change some; or type the {question.label} at once",
                f"  {question.label}: {question.doc}" if question.doc else f"  {question.label}",
                f"  answer: {syntax(question.spec, question)}",
                "  " + HELP])
        lines = [f"  {question.label}: {question.doc}" if question.doc else f"  {question.label}",
                 f"  answer: {syntax(question.spec, question)}"]
        if question.words and not question.spec.choices():
            lines.append("  names: " + ", ".join(dict.fromkeys(question.words)) + " (Tab completes)")
        default = self.default_text(question)
        if default:
            lines.append(f"  Enter alone: {default}")
        elif question.optional:
            lines.append("  Enter alone: skip it (optional)")
        lines.append("  " + HELP)
        return "\n".join(lines)

    def default_text_full(self, question: Question) -> str:
        self.expanded.add(question.path)
        try:
            return self.default_text(question)
        finally:
            self.expanded.discard(question.path)

    # --- answering ---------------------------------------------------------------------------

    def answer(self, question: Question, text: str) -> None:
        if self.gated(question):
            if text.lower() in ("y", "yes"):
                self.expanded.add(question.path)
                raise Expanded
            if text.lower() in ("", "n", "no", "-"):
                text = ""
        if question.form is not None and question.step is not None:
            question.form.answer(FormEntry(self, question), question.step, text)
            return
        before = copy.deepcopy(self.data), set(self.declined), set(self.open)
        if text == "" or (text == "-" and (question.optional or question.default is not MISSING)):
            self.empty(question, text)
        else:
            value = check(question.spec, text, question.path)
            if question.path[-1:] == ("name",) and question.path[:1] == ("players",):
                self.check_name(question, value)
            self.put(question, value)
        try:
            self.trial(question)
        except BadAnswer:
            self.data, self.declined, self.open = before
            raise
        self.save()

    def empty(self, question: Question, text: str) -> None:
        if question.answered and text == "":
            return  # keep the answer given before
        if question.kind == "item":
            list_path = question.list_path
            assert list_path is not None
            if question.index < question.minimum:
                need = question.minimum
                raise BadAnswer(f"needs at least {need} {'entry' if need == 1 else 'entries'}; an answer is "
                                "needed")
            if question.index == 0 and question.default is not MISSING:
                set_at(self.data, list_path, copy.deepcopy(question.default))
            elif question.index == 0:
                self.declined.add(list_path)
            self.open.discard(list_path)
            return
        if question.path == ("date",) and text == "":
            self.put(question, written_minute(self.now))
            return
        if text == "" and question.default is not MISSING:
            self.put(question, copy.deepcopy(question.default))
            return
        if text == "" and question.spec.as_record() is not None:
            try:
                self.put(question, check(question.spec, "{}", question.path))
                return
            except BadAnswer:
                if not question.optional:
                    raise
        if question.optional or text == "-":
            delete_at(self.data, question.path)
            self.declined.add(question.path)
            return
        raise BadAnswer("an answer is needed here ('?' for help)")

    def put(self, question: Question, value: Any) -> None:
        if question.kind == "item":
            list_path = question.list_path
            assert list_path is not None
            entries = get(self.data, list_path)
            if not isinstance(entries, list):
                entries = []
                set_at(self.data, list_path, entries)
            entry: Any = {question.path[-1]: value} if len(question.path) > len(list_path) + 1 else value
            entries.append(entry)
            self.open.add(list_path)
            self.declined.discard(list_path)
            return
        set_at(self.data, question.path, value)
        self.declined.discard(question.path)

    def check_name(self, question: Question, name: str) -> None:
        key = name_key(name)
        for i, player in enumerate(self.players()):
            if question.path[1] == i or not isinstance(player, dict):
                continue
            if name_key(str(player.get("name", ""))) == key:
                raise BadAnswer(f"player {i + 1} is already called {player['name']!r}; names must differ")

    # --- trying the table so far -------------------------------------------------------------

    def trial(self, question: Question) -> None:
        """Run the game's own checks on the table so far, where that is cheap and fair: an error
        about this answer refuses it; a warning about it is shown. Only the players' answers and
        what comes after them are tried, and only over the players whose questions are all
        answered (the settings alone would give only errors about what is not asked yet)."""
        order = self.interview.ask(str(question.path[0])).order
        if order is None or order < PLAYERS or question.kind == "form":
            return
        plan = self.plan()
        incomplete = sorted({q.path[1] for q in plan if not q.answered and q.path[:1] == ("players",)
                             and len(q.path) > 2 and isinstance(q.path[1], int)})
        players = self.players()
        cut = incomplete[0] if incomplete else len(players)
        index = self.player_index(question)
        if index is not None and index >= cut:
            return
        data = copy.deepcopy(self.data)
        data["players"] = data.get("players", [])[:cut]
        for key, spec_field in self.declaration.fields.items():
            if spec_field.required and key not in data and spec_field.spec.list_bounds() is not None:
                data[key] = []
        problems, warnings = self.check_table(data)
        for problem in problems:
            if problem.path[:len(question.path)] == question.path:
                raise BadAnswer(problem.describe() if problem.path != question.path else
                                problem.message + (f" ({problem.hint})" if problem.hint else ""))
        if cut == len(players) and not self.more_players(plan):
            for warning in warnings:
                if warning[0][:len(question.path)] == question.path and warning[1] not in self.shown_warnings:
                    self.shown_warnings.add(warning[1])
                    self.terminal.say(self.terminal.warn(f"  ⚠ {warning[1]} (kept)"))

    def check_table(self, data: dict[str, Any]) -> tuple[list[InputError], list[tuple[Path, str]]]:
        """The game's errors and warnings on ``data`` (none when the declaration refuses it)."""
        from ..pipeline import score_source

        text = render(self.game, data, None)
        try:
            scored = score_source(as_source(self.name, text), self.game.name)
        except InputError as error:
            return error.problems, []
        except Exception:  # a partial table the game cannot read yet: nothing to say
            return [], []
        return [], [(issue.path, issue.message) for issue in scored.document.warnings]

    # --- the end -----------------------------------------------------------------------------

    def finish(self, plan: list[Question]) -> int | None:
        """Every question answered: the whole table through the game's checks. ``DONE`` when it
        scores; ``None`` to go on asking (a question asked again); an exit code when piped."""
        problems, _ = self.check_table(self.data)
        if problems and self.keeper.read_only:
            for problem in problems:
                self.terminal.say(self.terminal.bad(f"{self.name}: {problem.describe()}"))
            self.terminal.say(f"{self.name}: {self.keeper.read_only}; fix it in the file and run "
                              f"'scorecalc tally {self.game.name} {self.name}' again")
            return EXIT_BAD_INPUT
        if not problems:
            self.declined.clear()
            self.open.clear()
            if self.answers or self.must_write:  # a complete file nobody answered into stays as it is
                self.write(render(self.game, self.data, None))
            self.terminal.say("")
            self.terminal.say(self.terminal.bold(f"The table is complete: {self.name} is saved."))
            self.terminal.say("")
            return DONE
        for problem in problems:
            question = self.question_for(problem.path, plan)
            message = problem.describe()
            if question is not None and not self.may_fix(problem, question):
                question = None  # asked again already, and kept as it was: the file must change
            if question is None or question.kind == "form":
                self.terminal.say(self.terminal.bad(f"{self.name}: {message}"))
                self.terminal.say(f"{self.name}: this cannot be answered here; fix it in the file and run "
                                  f"'scorecalc tally {self.game.name} {self.name}' again")
                return EXIT_BAD_INPUT
            self.terminal.say(self.terminal.bad(f"  ✗ {message}"))
            if not self.terminal.interactive:
                return self.failed(question, problem.message)
            self.cursor = question.key
            return None
        return None

    def may_fix(self, problem: InputError, question: Question) -> bool:
        """Whether asking ``question`` again may fix ``problem``: not when it was asked again for
        this very problem and kept its answer (the table would be asked forever)."""
        key = (problem.path, problem.message, question.key)
        if key in self.pointed and self.pointed[key] == question.value:
            return False
        self.pointed[key] = copy.deepcopy(question.value)
        return True

    def question_for(self, path: Path, plan: list[Question]) -> Question | None:
        """The question whose answer a problem at ``path`` is about; ``None`` for a problem about
        the whole table (no one answer fixes it)."""
        if not path:
            return None
        best: Question | None = None
        for question in plan:
            if question.path[:len(path)] == path and question.kind != "item":
                return question
            if path[:len(question.path)] == question.path and (best is None or len(question.path) > len(
                    best.path)):
                best = question
        return best

    def save(self) -> None:
        self.write(render(self.game, self.data, self.progress))

    def write(self, text: str) -> None:
        """FILE rewritten (``keeping.py``: never over an edit made meanwhile), after keeping a file
        tally did not start as its backup; ``UsageError`` when it cannot be."""
        if self.backup and self.keeper.exists:
            self.keeper.keep_backup()
        self.backup = False
        self.keeper.write(text)
        self.unsaved.clear()


class Expanded(Exception):
    """'y' to a setting rarely changed: the setting itself is asked next."""


class FormEntry:
    """What a game's entry form is handed (``spec.interview.Entry``): the record it fills, and the
    session's terminal, FILE and checks."""

    def __init__(self, session: Session, question: Question) -> None:
        self.session = session
        self.question = question

    @property
    def record(self) -> dict[str, Any]:
        record = get(self.session.data, self.path)
        assert isinstance(record, dict)  # the planner asks a form only of a record that is there
        return record

    @property
    def table(self) -> Table:
        return self.session.data

    @property
    def path(self) -> Path:
        return self.question.path[:-1]

    @property
    def more_players(self) -> bool:
        return self.session.more_players(self.session.plan())

    def say(self, text: str) -> None:
        self.session.terminal.say(text)

    def note(self, text: str) -> None:
        self.session.terminal.say(self.session.terminal.dim(text))

    def draw(self, text: str) -> None:
        self.session.terminal.picture(text)

    @property
    def interactive(self) -> bool:
        return self.session.terminal.interactive

    def hold(self, still_open: bool) -> None:
        if still_open:
            self.session.open.add(self.question.path)
        else:
            self.session.open.discard(self.question.path)

    def save(self) -> None:
        self.session.save()

    def checked(self, spec: Spec, text: str, path: Path) -> Any:
        return check(spec, text, path)

    def problems(self, table: Table) -> list[InputError]:
        return self.session.check_table(dict(table))[0]


def current_time() -> datetime.datetime:
    """Now, for the date's default; ``SOURCE_DATE_EPOCH`` (UTC) fixes it for reproducible
    transcripts (a value that cannot be used is ignored with one warning line)."""
    from ..environment import check_time_zone, source_date_epoch

    fixed = source_date_epoch()
    if fixed is not None:
        return fixed
    check_time_zone()
    return datetime.datetime.now()


def defaults_of(record: Record) -> dict[str, Any]:
    return {name: f.fresh_default() for name, f in record.fields.items() if f.default is not MISSING}


def set_at(data: Any, path: Path, value: Any) -> None:
    for i, part in enumerate(path[:-1]):
        following = path[i + 1]
        if isinstance(part, int):
            while len(data) <= part:
                data.append({})
            data = data[part]
        else:
            if part not in data or not isinstance(data[part], dict | list):
                data[part] = [] if isinstance(following, int) else {}
            data = data[part]
    last = path[-1]
    if isinstance(last, int):
        while len(data) <= last:
            data.append(None)
        data[last] = value
    else:
        data[last] = value


def delete_at(data: Any, path: Path) -> None:
    target = get(data, path[:-1])
    if isinstance(target, dict):
        target.pop(path[-1], None)


def choice_line(spec: Spec) -> str:
    """A short fixed list shown under the question, numbered for picking."""
    words = spec.choices()
    if words and len(words) <= 8:
        return "  ".join(f"{i} {word}" for i, word in enumerate(words, start=1))
    return ""


def syntax(spec: Spec, question: Question | None = None) -> str:
    """How to write an answer to ``spec`` on one line (docs/tally.md has the same)."""
    return spec.answer_syntax()


def tally(game: Game[Any], name: str) -> int:
    """Ask for what FILE lacks; ``DONE`` when the table is complete, else an exit code."""
    if name == "-":
        raise UsageError("tally writes FILE as it goes; give a file path, not '-'")
    session = Session(game, name)
    try:
        return session.run()
    finally:
        session.keeper.close()
