"""The loop: ask what is missing, check each answer, write FILE after every one.

``Session.run()`` returns ``DONE`` when the table is complete (FILE then has no
``tally:`` block and the caller prints the score) or an exit code: 2 when a piped answer
fails its check or the input ends first (FILE keeps every earlier answer).
"""

from __future__ import annotations

import copy
import datetime
from typing import Any

from ..errors import InputError, Path, UsageError, format_path
from ..games import Game
from ..names import name_key
from ..output.report import EXIT_BAD_INPUT
from ..spec import MISSING, ListOf, Record, Spec
from .answers import BadAnswer, check, one_line
from .progress import as_source, load, render, save
from .prompt import Terminal
from .questions import BOARD_FORMS, Planner, Progress, Question, get, grid_rows

DONE = -1
"""``run()``: the table is complete; the caller prints the score."""

HELP = ("'?' this help · '<' back one question · empty: the default [in brackets], or skip\n"
        "  '-' skips an optional part that has a default · Ctrl-C stops: FILE keeps every answer,\n"
        "  and the same command goes on later")


class Session:
    def __init__(self, game: Game, name: str, terminal: Terminal | None = None,
                 now: datetime.datetime | None = None) -> None:
        self.game = game
        self.name = name
        self.terminal = terminal or Terminal()
        self.declaration = game.declaration
        self.board_form = BOARD_FORMS.get(game.name)
        self.now = now or current_time()
        loaded = load(game, name)
        self.data: dict[str, Any] = loaded.data
        self.declined: set[Path] = set(loaded.progress.declined)
        self.open: set[Path] = set(loaded.progress.open)
        self.backup = loaded.exists and not loaded.started
        self.foreign = loaded.exists and not loaded.started and bool(loaded.data)
        self.problems = loaded.problems
        self.cursor: tuple[str, Path] | None = None
        self.reviewing = False
        self.section = ""
        self.last_doc: tuple[str, str] = ("", "")
        self.shown_warnings: set[str] = set()
        self.answers = 0
        if self.foreign:
            self.settle_foreign()

    # --- the plan ----------------------------------------------------------------------------

    @property
    def progress(self) -> Progress:
        return Progress(frozenset(self.declined), frozenset(self.open))

    def plan(self) -> list[Question]:
        return Planner(self.declaration, self.data, self.progress, self.board_form).plan()

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
            say(f"{self.name} was not started by tally: it is kept as {self.name}~ before the first answer "
                "is written; only what is required and missing is asked.")
        for line in self.problems:
            say(self.terminal.bad(line) + " — asked again below")
        plan = self.plan()
        left = self.left(plan)
        if left and self.answers == 0:
            more = " or more" if self.growing(plan) else ""
            count = f"{left} question{'s' if left != 1 else ''} to go{more}"
            say(self.terminal.dim(f"{count} · '?' help · '<' back · Ctrl-C stops, and the same command goes "
                                  "on later"))
        try:
            return self.loop()
        except KeyboardInterrupt:
            say("")
            say(f"Stopped. {self.name} keeps every answer so far; run 'scorecalc tally {self.game.name} "
                f"{self.name}' to go on.")
            raise

    def growing(self, plan: list[Question]) -> bool:
        return any(question.kind in ("item", "row") and not question.answered for question in plan)

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
            answer = self.terminal.ask(self.prompt(question), question.words)
            if answer is None:
                return self.ended(plan)
            answer = answer.strip()
            if answer == "?":
                self.terminal.say(self.help(question))
                continue
            if answer == "<":
                self.back(question, plan)
                continue
            try:
                self.answer(question, answer)
            except BadAnswer as error:
                self.terminal.say(self.terminal.bad(f"  ✗ {error.message}"))
                if not self.terminal.interactive:
                    return self.failed(question, error.message)
                continue
            self.answers += 1
            self.advance(question)

    def ended(self, plan: list[Question]) -> int:
        left = self.left(plan)
        self.terminal.say(f"{self.name}: the input ended with {left} question{'s' if left != 1 else ''} left "
                          f"(every earlier answer is saved); run 'scorecalc tally {self.game.name} "
                          f"{self.name}' to go on")
        return EXIT_BAD_INPUT

    def failed(self, question: Question, message: str) -> int:
        left = self.left()
        self.terminal.say(f"{self.name}: {self.where(question)}: {message}; stopped with {left} "
                          f"question{'s' if left != 1 else ''} left (every earlier answer is saved)")
        return EXIT_BAD_INPUT

    def where(self, question: Question) -> str:
        return format_path(question.path, {i: p.get("name", "") for i, p in enumerate(self.players())
                                           if isinstance(p, dict) and p.get("name")})

    def players(self) -> list[Any]:
        players = self.data.get("players")
        return players if isinstance(players, list) else []

    def back(self, question: Question, plan: list[Question]) -> None:
        if question.kind == "row" and not question.answered and self.drop_row(question):
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
        if question.key in keys and question.kind != "row":
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
        rule = "─" * max(3, 50 - len(heading) - len(tail))
        self.terminal.say("")
        self.terminal.say(self.terminal.bold(f"── {heading} {rule}") + self.terminal.dim(tail))

    @staticmethod
    def player_index(question: Question) -> int | None:
        if len(question.path) > 1 and question.path[0] == "players" and isinstance(question.path[1], int):
            return question.path[1]
        return None

    def default_text(self, question: Question) -> str:
        """What an empty answer means, as shown in brackets."""
        if question.answered:
            if question.declined:
                return "skip"
            if question.kind == "row":
                return "keep"
            return one_line(question.spec, question.value) or "keep"
        if question.kind == "row":
            return "end of board" if question.index else ""
        if question.path == ("date",):
            return self.now.strftime("%Y-%m-%d %H:%M")
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
        if isinstance(question.spec, Record) and all(
                f.default is not MISSING or not f.required for f in question.spec.fields.values()):
            return one_line(question.spec, defaults_of(question.spec)) or "skip"
        return "skip" if question.optional else ""

    def prompt(self, question: Question) -> str:
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
        lines = [f"  {question.label}: {question.doc}" if question.doc else f"  {question.label}",
                 f"  answer: {syntax(question.spec, question)}"]
        if question.words and not question.spec.choices():
            lines.append("  names: " + ", ".join(dict.fromkeys(question.words)) + " (Tab completes)")
        if question.optional:
            lines.append("  empty: skip it (optional)")
        lines.append("  " + HELP)
        return "\n".join(lines)

    # --- answering ---------------------------------------------------------------------------

    def answer(self, question: Question, text: str) -> None:
        if question.kind == "row":
            self.answer_row(question, text)
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
            self.put(question, self.now.strftime("%Y-%m-%d %H:%M"))
            return
        if text == "" and question.default is not MISSING:
            self.put(question, copy.deepcopy(question.default))
            return
        if text == "" and isinstance(question.spec, Record):
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
        about this answer refuses it; a warning about it is shown."""
        if question.path[:1] not in (("players",), ("board",), ("percy",)) or question.kind == "row":
            return
        plan = self.plan()
        incomplete = sorted({q.path[1] for q in plan if not q.answered and q.path[:1] == ("players",)
                             and len(q.path) > 2 and isinstance(q.path[1], int)})
        players = self.players()
        cut = incomplete[0] if incomplete else len(players)
        index = self.player_index(question)
        if index is not None and index >= cut:
            return
        if any(not q.answered for q in plan if q.path[:1] in (("board",), ("percy",))) and \
                question.path[:1] != ("players",):
            pass
        data = copy.deepcopy(self.data)
        data["players"] = data.get("players", [])[:cut]
        for key, spec_field in self.declaration.fields.items():
            if spec_field.required and key not in data and isinstance(spec_field.spec, ListOf):
                data[key] = []
        problems, warnings = self.check_table(data)
        for problem in problems:
            if problem.path[:len(question.path)] == question.path:
                raise BadAnswer(problem.describe() if problem.path != question.path else
                                problem.message + (f" ({problem.hint})" if problem.hint else ""))
        if cut == len(players) and "players" not in self.open:
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

    # --- Caracas rows ------------------------------------------------------------------------

    def answer_row(self, question: Question, text: str) -> None:
        from ..games.caracas import GRID_HEADER
        from ..games.caracas.grid import GridError, parse_grid

        path = question.path
        player_path = path[:-1]
        player = get(self.data, player_path)
        assert isinstance(player, dict)
        if question.answered:
            if text in ("", "-"):
                return
            raise BadAnswer("this board is finished; to change it, edit the grid in the file")
        rows = grid_rows(player.get("grid", "")) if isinstance(player.get("grid"), str) else []
        if text in ("", "-"):
            if not rows:
                raise BadAnswer("type row 1 of the board (or the four landscape figures)")
            self.finish_board(question, player)
            self.open.discard(path)
            self.save()
            return
        tokens = text.split()
        if not rows and tokens and all(token.isdigit() for token in tokens):
            figures = check(self.landscape_spec(), text, (*player_path, "landscape"))
            player.pop("grid", None)
            player["landscape"] = figures
            self.open.discard(path)
            self.save()
            return
        candidate = "".join(row + "\n" for row in [*rows, text])
        try:
            found = parse_grid(candidate)
        except GridError as error:
            raise BadAnswer(error.message + (f" ({error.hint})" if error.hint else "")) from None
        row_number = len(rows) + 1
        cells = ["."] * 4
        for tile in found:
            if tile.tile.row == row_number:
                cells[tile.tile.col - 1] = token_text(tile.tile)
        table = [row.split() for row in rows] + [cells]
        widths = [max(len(line[c]) for line in table) for c in range(4)]
        grid = "".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
                       + "\n" for line in table)
        player["grid"] = GRID_HEADER + grid
        self.open.add(path)
        self.save()
        self.draw(player, found)

    def drop_row(self, question: Question) -> bool:
        """``<`` on a grid row: take back the row typed last (asked again)."""
        player = get(self.data, question.path[:-1])
        rows = grid_rows(player.get("grid", "")) if isinstance(player, dict) and isinstance(
            player.get("grid"), str) else []
        rows = [row for row in rows if not row.lstrip().startswith("#")]
        if not rows:
            return False
        assert isinstance(player, dict)
        if len(rows) == 1:
            player.pop("grid")
        else:
            from ..games.caracas import GRID_HEADER

            player["grid"] = GRID_HEADER + "".join(row + "\n" for row in rows[:-1])
        self.save()
        self.terminal.say(self.terminal.dim(f"  row {len(rows)} taken back: type it again"))
        return True

    def landscape_spec(self) -> Spec:
        players = self.declaration.fields["players"].spec
        assert isinstance(players, ListOf) and isinstance(players.item, Record)
        return players.item.fields["landscape"].spec

    def draw(self, player: dict[str, Any], found: list[Any]) -> None:
        from ..games.caracas import TILES_PER_EXPLORER
        from ..games.caracas.board import Board
        from ..games.caracas.show import draw_board

        board = Board(item.tile for item in found)
        self.terminal.say("\n".join(draw_board(board)))
        expected = TILES_PER_EXPLORER.get(len(self.players()))
        placed = f"{len(board)} tile{'s' if len(board) != 1 else ''}"
        if expected and "players" not in self.open:
            placed += f" of the {expected} each explorer places in a game of {len(self.players())}"
        self.terminal.say(self.terminal.dim(f"  {player.get('name', '')}: {placed}; the next row, or an "
                                            "empty line when the board is complete"))

    def finish_board(self, question: Question, player: dict[str, Any]) -> None:
        """An explorer's board is complete: the game's checks (tiles linked to row 1...)."""
        trial = {"players": [{"name": player.get("name", "Explorer"), "grid": player["grid"]}]}
        if isinstance(self.data.get("rules"), dict):
            trial["rules"] = self.data["rules"]
        problems, _ = self.check_table(trial)
        for problem in problems:
            if problem.path[:1] == ("players",):
                raise BadAnswer(problem.message + (f" ({problem.hint})" if problem.hint else "")
                                + "; this board cannot be finished as it is")

    # --- the end -----------------------------------------------------------------------------

    def finish(self, plan: list[Question]) -> int | None:
        """Every question answered: the whole table through the game's checks. ``DONE`` when it
        scores; ``None`` to go on asking (a question asked again); an exit code when piped."""
        problems, _ = self.check_table(self.data)
        if not problems:
            self.declined.clear()
            self.open.clear()
            save(self.name, render(self.game, self.data, None), self.backup)
            self.backup = False
            self.terminal.say("")
            self.terminal.say(self.terminal.bold(f"The table is complete: {self.name} is saved."))
            self.terminal.say("")
            return DONE
        for problem in problems:
            question = self.question_for(problem.path, plan)
            message = problem.describe()
            if question is None or question.kind == "row":
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

    def question_for(self, path: Path, plan: list[Question]) -> Question | None:
        best: Question | None = None
        for question in plan:
            if question.path[:len(path)] == path and question.kind != "item":
                return question
            if path[:len(question.path)] == question.path and (best is None or len(question.path) > len(
                    best.path)):
                best = question
        return best

    def save(self) -> None:
        save(self.name, render(self.game, self.data, self.progress), self.backup)
        self.backup = False


def current_time() -> datetime.datetime:
    """Now, for the date's default; ``SOURCE_DATE_EPOCH`` (UTC) fixes it for reproducible transcripts."""
    import os

    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).replace(tzinfo=None)
    return datetime.datetime.now()


def token_text(tile: Any) -> str:
    from ..games.caracas.grid import token_of

    return token_of(tile)


def defaults_of(record: Record) -> dict[str, Any]:
    return {name: f.default for name, f in record.fields.items() if f.default is not MISSING}


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


def tally(game: Game, name: str) -> int:
    """Ask for what FILE lacks; ``DONE`` when the table is complete, else an exit code."""
    if name == "-":
        raise UsageError("tally writes FILE as it goes; give a file path, not '-'")
    return Session(game, name).run()
