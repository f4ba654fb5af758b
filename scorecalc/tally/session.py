"""The terminal's tally: one cursor over the model's questions, an answer at a time, FILE after each.

The interview itself is the model (``model.py``: a state, its questions, answers applied);
this module is the terminal's presenter: it walks the questions in order, shows each
(``wording.py``), reads the answer (``prompt.py``), hands it to the model, and writes the
new state to FILE (``keeping.py``). Moving: ``<`` back one question (across a finished
board, which opens again at its next row), ``=`` every answer so far and ``go to which?``.

``Session.run()`` returns ``DONE`` when the table is complete (FILE then has no
``tally:`` block and the caller prints the score) or an exit code: 2 when a piped answer
fails its check or the input ends first (FILE keeps every earlier answer; if an editor changed
it meanwhile, the run says so and gives back what it lacks).
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

from ..dates import current_time
from ..errors import MAX_PROBLEMS, Path, UsageError
from ..games import Game
from ..output.report import EXIT_BAD_INPUT
from ..places import problem_words
from ..tablefile.keeping import Changed
from ..tablefile.layout import render
from .answers import BadAnswer
from .draft import DONE, Outcome, Problem
from .editing import player_index, players_of
from .model import Tally
from .moving import Key, Moving
from .opening import CLOSED_MARK, TallyFile
from .prompt import Terminal, Unreadable
from .questions import Question, get
from .wording import brief, choice_line, default_text, help_text

__all__ = ["DONE", "Session", "tally"]

COMMANDS = ("?", "<", "=")
"""What the terminal reads as a command, not an answer: help, back, go to an answer."""


class Session(Moving):
    def __init__(self, game: Game[Any], name: str, terminal: Terminal | None = None,
                 now: datetime.datetime | None = None) -> None:
        self.game = game
        self.name = name
        self.terminal = terminal or Terminal()
        self.now = now or current_time()
        self.model = Tally(game, self.now)
        self.file = TallyFile(game, name, self.model)
        self.keeper = self.file.keeper
        self.state = self.file.state
        self.started = self.file.started
        self.cursor: Key | None = None
        self.reviewing = False
        self.return_to: Key | None = None
        """After a question picked with '=' is answered, where tally was."""
        self.queue: list[Key] = []
        """The questions that can fix a problem of the whole table, still to ask."""
        self.fixing: tuple[str, Any] | None = None
        """The problem of the whole table being fixed, and the table when it was named."""
        self.section = ""
        self.last_doc: tuple[str, str] = ("", "")
        self.shown_warnings: set[str] = set()
        self.answers = 0
        self.unsaved: list[tuple[Path, str]] = []
        """The answers given since FILE was last written, each at its question's place (printed if
        it cannot be)."""
        self.accepted: list[tuple[Path, str]] = []
        """Every answer written to FILE by this run, in order: those FILE no longer holds when it
        was changed meanwhile are printed with the unsaved (``given_back``)."""
        self.changed: Changed | None = None
        """FILE found changed when the run said what it keeps (``kept``)."""
        self.expanded: set[Any] = set()
        """Settings rarely changed (``Ask.rarely``) that the player asked to see in full."""
        self.quoted: set[Any] = set()
        """The values held from FILE whose text was shown where they are asked."""
        self.resumed: set[Any] = set()
        """Records shown their work so far in this run (a half-typed board, Caribe's books)."""

    # --- the model, as this screen uses it -------------------------------------------------

    @property
    def data(self) -> dict[str, Any]:
        return self.state.data

    def plan(self) -> list[Question]:
        return self.model.plan(self.state)

    def left_text(self, plan: list[Question]) -> str:
        """``3 or more questions``: "or more" while a list (players, a board) can still grow."""
        left = self.model.left(plan)
        more = " or more" if self.model.growing(plan) else ""
        return f"{left}{more} question{'s' if left != 1 or more else ''}"

    def next_question(self, plan: list[Question]) -> Question | None:
        if self.cursor is not None:
            found = self.model.find(plan, self.cursor)
            if found is not None:
                return found
            self.cursor = None
        return next((question for question in plan if not question.answered), None)

    def seen(self, question: Question) -> str:
        """The question as the player sees it; a form's by its own words (``Alex's board``)."""
        place, then = question.kind.seen_at(question)
        return self.model.seen(place, self.data) + then

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> int:
        say = self.terminal.say
        say(self.terminal.bold(f"{self.game.title} — {self.name}"))
        kept = self.file.kept_as()
        if kept:
            say(kept)
        held = self.file.held  # every value the read could not take: asked below, never dropped
        for each in held[:MAX_PROBLEMS]:
            say(self.terminal.bad(f"{self.file.words(each)}: asked below"))
        if len(held) > MAX_PROBLEMS:  # a thousand are all asked, but said as a count
            more = len(held) - MAX_PROBLEMS
            more_text = f"… and {more} more value{'s' if more != 1 else ''} of the file"
            say(self.terminal.bad(f"{more_text}: asked below"))
        plan = self.plan()
        left = self.model.left(plan)
        self.preflight(left)
        if left and self.answers == 0:
            say(self.terminal.dim(f"{self.left_text(plan)} to go · '?' help · '<' back · '=' change an "
                                  "answer · Ctrl-C stops, and the same command goes on later"))
        try:
            return self.loop()
        except UsageError as error:  # FILE could not be written, or was changed meanwhile
            return self.stopped(error)
        except KeyboardInterrupt:
            say("")
            changed = self.file.verify() if self.answers else None
            if changed is not None:  # an editor's save meanwhile: what FILE lacks, given back
                say(f"Stopped. {self.name} was changed meanwhile, not every answer is in it; run 'scorecalc "
                    f"tally {self.game.name} {self.name}' to go on.")
                self.stopped(changed)
            else:
                say(f"Stopped. {self.name} keeps every answer so far; run 'scorecalc tally "
                    f"{self.game.name} {self.name}' to go on.")
            raise

    def preflight(self, left: int) -> None:
        """Before the first question: refuse a FILE that cannot take the answers (a complete
        read-only FILE is simply scored), and a standard input that was closed."""
        if not (left or self.file.must_write):
            return
        self.file.refuse_read_only()
        if left and self.terminal.closed():
            raise UsageError(f"{self.name}: cannot read the answers: standard input is closed")

    def stopped(self, error: UsageError) -> int:
        """FILE could not be written: say why, and give back the answers not saved, one per line
        as a pipe gives them (to paste into the next run)."""
        self.terminal.say(self.terminal.bad(str(error)))
        self.give_back(error.lost if isinstance(error, Changed) else ())
        return EXIT_BAD_INPUT

    def give_back(self, lost: tuple[Path, ...]) -> None:
        """The answers FILE does not hold, one per line as a pipe gives them: those this run saved
        at a place FILE no longer holds (``lost``), then those not saved yet; a question answered
        again later gives only its last answer (each row of a board is an answer of its own)."""
        given = [(path, line) for path, line in self.accepted
                 if any(path[:len(place)] == place or place[:len(path)] == path for place in lost)]
        given += self.unsaved
        lines = [line for i, (path, line) in enumerate(given)
                 if all(later != path for later, _ in given[i + 1:])]
        if lines:
            count = len(lines)
            self.terminal.say(f"{self.name}: {count} answer{'s' if count != 1 else ''} not saved, as the "
                              "lines to give 'scorecalc tally' again:")
            for line in lines:
                self.terminal.say(line)

    def loop(self) -> int:
        while True:
            plan = self.plan()
            question = self.next_question(plan)
            if question is None:
                outcome = self.finish()
                if outcome is not None:
                    return outcome
                continue
            self.show_section(question, plan)
            self.resume(question)
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
            stop = self.command(answer, question, plan) if answer in COMMANDS else \
                self.given(question, answer)
            if stop is not None:
                return stop

    def command(self, command: str, question: Question, plan: list[Question]) -> int | None:
        """``?`` help, ``<`` back, ``=`` go to an answer; an exit code when the run stops there."""
        if command == "?":
            self.terminal.say(help_text(question, self.now, self.gated(question)))
        elif command == "<":
            if not self.folded(question):
                self.back(question, plan)
        else:
            went = self.go_to(question, plan)
            if went is None:
                return self.ended(self.plan())
            if not went:
                return self.failed(question, "'go to which?' takes the number of an answer")
        return None

    def given(self, question: Question, answer: str) -> int | None:
        """An answer typed: applied and saved, the cursor moved on; refused, said (an exit code
        when piped)."""
        self.unsaved.append((self.answer_place(question, answer), answer))
        try:
            self.answer(question, answer)
        except Expanded:
            self.unsaved.pop()
            return None
        except BadAnswer as error:
            self.unsaved.pop()
            self.terminal.say(self.terminal.bad(f"  ✗ {error.message}"))
            return None if self.terminal.interactive else self.failed(question, error.message)
        self.answers += 1
        self.advance(question)
        return None

    def answer_place(self, question: Question, answer: str) -> Path:
        """Where an answer goes, to give it back if FILE loses it: its question's place; a board's
        row, one of its own; an empty answer that closes a list or a board, the list's with
        ``CLOSED_MARK`` (given back when FILE has that list open again, or lacks it)."""
        listed = question.kind.adds_to(question) if question.form is None else question.path
        if listed is not None and not answer.strip():
            return (*listed, CLOSED_MARK)
        if question.form is not None:
            return (*question.path, len(self.accepted) + len(self.unsaved))
        return question.path

    def ended(self, plan: list[Question]) -> int:
        for held in [held for held in self.file.held if any(not q.answered and q.path[:len(held.path)]
                                                              == held.path for q in plan)]:
            self.terminal.say(f"{self.name}: not answered: {self.file.words(held)}")
        self.terminal.say(f"{self.name}: the input ended with {self.left_text(plan)} left "
                          f"({self.kept()}); run 'scorecalc tally {self.game.name} {self.name}' to go on")
        return self.told()

    def failed(self, question: Question, message: str) -> int:
        self.terminal.say(f"{self.name}: {self.seen(question)}: {message}; stopped with "
                          f"{self.left_text(self.plan())} left ({self.kept()})")
        return self.told()

    def kept(self) -> str:
        """What FILE holds when a run stops early: true whatever was (or was not) written, FILE
        checked before it is said (``told`` then gives back what it no longer holds)."""
        if self.answers:
            self.changed = self.file.verify()
            if self.changed is None:
                return "every earlier answer is saved"
            return "but the file was changed meanwhile: see below"
        return "the file is as it was" if self.keeper.exists else "nothing was written"

    def told(self) -> int:
        """Exit 2, after saying how FILE was changed if ``kept`` found it so, and giving back the
        answers it no longer holds."""
        if self.changed is not None:
            self.stopped(self.changed)
        return EXIT_BAD_INPUT

    # --- showing a question ------------------------------------------------------------------

    def show_section(self, question: Question, plan: list[Question]) -> None:
        if question.section == self.section:
            return
        self.section = question.section
        heading = question.section
        index = player_index(question)
        if index is not None and question.section != "Players":
            heading += f" (player {index + 1} of {len(players_of(self.data))})"
        left = self.model.left(plan)
        tail = f" {left} left" if left > 1 else ""
        width = self.terminal.width
        room = 50 if width is None else min(50, width - 7)
        rule = "─" * max(3, room - len(heading) - len(tail))
        self.terminal.say("")
        self.terminal.say(self.terminal.bold(f"── {heading} {rule}") + self.terminal.dim(tail))

    def gated(self, question: Question) -> bool:
        """A setting rarely changed, asked first as its yes-or-no question (``house rules? [no]``)."""
        return bool(question.rarely) and not question.answered and question.path not in self.expanded

    def folded(self, question: Question) -> bool:
        """``<`` at a rarely changed setting opened with ``y``: back to its yes-or-no question
        (``house rules? [no]``), the question before it as the player sees it."""
        if question.rarely and not question.answered and question.path in self.expanded:
            self.expanded.discard(question.path)
            return True
        return False

    def resume(self, question: Question) -> None:
        """The first question of a run about a record begun before a stop: what it holds already
        (a half-typed board drawn, Caribe's books so far), so the next answer has its context."""
        owner = question.kind.owning_record(question)
        if self.answers or not self.started or owner in self.resumed:
            return
        self.resumed.add(owner)
        if question.form is not None and question.step is not None:
            if question.step.value is not None and not question.step.done:
                self.apply(self.model.resume(self.state, question), question, save=False)
            return
        given = [q for q in self.plan() if q.answered and not q.declined and q.kind.adds_to(q) is None
                 and q.section == question.section and q.key != question.key]
        if given:
            # every answer of the record (her score too, however many books came after it), wrapped
            self.terminal.say(self.terminal.dim(f"  {question.section} so far: "
                                                + "; ".join(f"{q.label} {brief(q)}" for q in given)))

    def prompt(self, question: Question) -> str:
        if self.gated(question):
            return f"› {question.rarely} [no]: "
        doc = question.doc
        choices = choice_line(question.spec)
        if doc and (doc, question.section) != self.last_doc:
            self.terminal.say(f"  {self.terminal.dim(doc)}")
            for number, reading in enumerate(question.readings, start=1):  # a setting opened with 'y'
                self.terminal.say(self.terminal.dim(f"    {number}. {reading}"))
        self.last_doc = (doc, question.section)
        if choices:
            self.terminal.say("  " + self.terminal.dim(choices))
        for held in self.file.held_at(question):
            if held.path not in self.quoted:  # the file's text, once, where it is asked again
                self.quoted.add(held.path)
                self.terminal.say("  " + self.terminal.bad(f"the file has “{held.text}” ({held.reason})"))
        default = self.default_text(question)
        bracket = f" [{default}]" if default else ""
        return f"› {question.label}{bracket}: "

    def default_text(self, question: Question) -> str:
        return default_text(question, self.now, self.gated(question))

    def help(self, question: Question) -> str:
        return help_text(question, self.now, self.gated(question))

    # --- answering ---------------------------------------------------------------------------

    def answer(self, question: Question, text: str) -> None:
        if self.gated(question):
            if text.lower() in ("y", "yes"):
                self.expanded.add(question.path)
                raise Expanded
            if text.lower() in ("", "n", "no", "-"):
                text = ""
        elif question.rarely and text.lower() in ("n", "no"):
            text = ""  # "no" to the setting opened with 'y': none changed after all, its defaults
        self.apply(self.model.apply(self.state, question, text, self.shown_warnings), question)

    def apply(self, outcome: Outcome, question: Question, save: bool = True) -> None:
        """The model's new state taken (and written to FILE), what it said shown."""
        self.state = outcome.state
        for warning in outcome.warnings:
            self.shown_warnings.add(warning)
            self.terminal.say(self.terminal.warn(f"  ⚠ {warning} (kept)"))
        for said in outcome.said:
            if said.kind == "picture" and question.form is not None:
                record = get(self.data, question.path[:-1])
                if isinstance(record, dict):
                    self.terminal.picture(question.form.picture(record, self.terminal.width))
            elif said.kind == "note":
                self.terminal.say(self.terminal.dim(said.text))
            else:
                self.terminal.say(said.text)
        if save:
            self.save()

    # --- the end -----------------------------------------------------------------------------

    def finish(self) -> int | None:
        """Every question answered: the whole table through the game's checks. ``DONE`` when it
        scores; ``None`` to go on asking (the questions that can fix it); an exit code when
        piped, or when no question here can fix it."""
        problems = self.model.problems(self.state)
        if not problems:
            self.file.write_complete(self.state, self.state, self.answers)
            self.saved()
            self.state = self.model.complete(self.state)
            self.terminal.say("")
            self.terminal.say(self.terminal.bold(f"The table is complete: {self.name} is saved."))
            self.terminal.say("")
            return DONE
        problem = problems[0]
        message = problem.message
        unchanged = self.fixing == (message, self.data)
        if self.keeper.read_only or not problem.fixes or unchanged:
            for each in problems:
                self.terminal.say(self.terminal.bad(
                    f"{self.name}: {problem_words(each.error, self.data, self.model.interview)}"))
            reason = self.keeper.read_only or ("every answer that could change it was kept" if unchanged
                                               else "no question here can change it")
            self.terminal.say(f"{self.name}: {reason}; fix it in the file and run "
                              f"'scorecalc tally {self.game.name} {self.name}' again")
            return EXIT_BAD_INPUT
        self.fixing = (message, copy.deepcopy(self.data))
        return self.fix(problem, message)

    def fix(self, problem: Problem, message: str) -> int | None:
        """A problem of the whole table: named, then the questions that can fix it asked in turn,
        each with its current answer as the default."""
        plan = self.model.plan(problem.state)
        fixes = [q for key in problem.fixes if (q := self.model.find(plan, key)) is not None]
        names = ", ".join(self.model.seen(q.path, problem.state.data)
                          for q in fixes)
        self.terminal.say(self.terminal.bad(f"  ✗ {message}"))
        if not self.terminal.interactive:
            self.terminal.say(f"{self.name}: {message}; the questions that can fix it: {names}; "
                              f"stopped ({self.kept()})")
            return self.told()
        self.terminal.say(f"  the questions that can fix it, in turn: {names} ('=' goes to any other)")
        self.state = problem.state
        self.save()
        self.queue = [q.key for q in fixes[1:]]
        self.cursor = fixes[0].key
        self.section = ""
        return None

    def save(self) -> None:
        self.write(render(self.game, self.data, self.state.progress))

    def write(self, text: str) -> None:
        """FILE rewritten (``opening.TallyFile``); ``UsageError`` when it cannot be."""
        note = self.file.write(text)
        self.saved()
        if note:
            self.terminal.say(self.terminal.bad(note))


    def saved(self) -> None:
        """The answers given since the last write are in FILE now."""
        self.accepted += self.unsaved
        self.unsaved.clear()


class Expanded(Exception):
    """'y' to a setting rarely changed: the setting itself is asked next."""


def tally(game: Game[Any], name: str) -> int:
    """Ask for what FILE lacks; ``DONE`` when the table is complete, else an exit code."""
    session = Session(game, name)
    try:
        return session.run()
    finally:
        session.file.close()
