"""FILE opened for a tally, by any screen (the terminal's ``session.py``, the web pad): locked,
read back into the model's first state, backed up before its first rewrite when tally did not
start it, and written through tally's ``Keeper`` (``tablefile/keeping.py``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Path, UsageError
from ..games import Game
from ..tablefile.keeping import Keeper
from ..tablefile.layout import render
from ..tablefile.reading import Held, load
from .model import Tally, asks
from .questions import Question
from .state import State
from .wording import seen_as


class Unaskable(UsageError):
    """Values of FILE no question can hold (``lines``, in the players' words): the run is refused;
    the message tells the terminal's player to fix them and run tally again (the app, which has
    no command line, says it its own way from ``lines``)."""

    def __init__(self, lines: list[str], game: str, name: str) -> None:
        self.lines = lines
        self.them = "these" if len(lines) > 1 else "it"
        them = self.them
        super().__init__("\n".join([*lines, f"{name}: no question of tally can hold {them}, and nothing is "
                                    f"scored without {them}: fix {them} in the file, then run "
                                    f"'scorecalc tally {game} {name}' again"]))


class TallyFile:
    """One run's FILE: ``state`` as read (an absent optional part of a file tally did not start
    counting as declined), ``problems`` (the values the read could not take, in the file's words),
    ``held`` (their places, each asked again with the file's text: SPEC section 8, "A read never
    drops a value"), ``keeper`` its lock. A value no question can hold (a Caracas board in
    ``tiles:`` form) refuses the run (``UsageError``, exit 2), in the players' words."""

    def __init__(self, game: Game[Any], name: str, model: Tally) -> None:
        if name == "-":  # the terminal's tally and the pad alike
            raise UsageError("tally writes FILE as it goes; give a file path, not '-'")
        self.game = game
        self.name = name
        self.keeper = Keeper(name)
        self.keeper.start()  # a folder, a device, a file another tally holds: refused here
        try:
            loaded = load(game, name)
        except BaseException:
            self.keeper.close()
            raise
        self.state = State(loaded.data, loaded.progress)
        self.started = loaded.started
        """FILE holds a ``tally:`` block: tally wrote it."""
        self.existed = loaded.exists
        self.foreign = loaded.exists and not loaded.started and bool(loaded.data)
        self.problems = loaded.problems
        self.held = loaded.held
        self.model = model
        self.backup = loaded.exists and not loaded.started
        """A ``FILE~`` is still due before the first rewrite."""
        if self.foreign:
            self.state = model.settled(self.state)
        if self.held:
            self.state = undeclined(self.state, [held.path for held in self.held])
            stuck = [held for held in self.held if not askable(model.plan(self.state), held.path)]
            if stuck:
                self.keeper.close()
                raise Unaskable([f"{name}: {self.words(held)}" for held in stuck], game.name, name)

    def words(self, held: Held) -> str:
        """A value held, in the players' words, with the file's text: ``Ana's exhibition: the
        file has “exhibition: 30; exhibition: 45” (given twice)``."""
        model = self.model
        within = f" in “{held.within}”" if held.within else ""
        return (f"{seen_as(held.path, self.state.data, model.interview, model.declaration)}: the file has "
                f"“{held.text}”{within} ({held.reason})")

    def held_at(self, question: Question) -> list[Held]:
        """The values held that ``question`` asks again (its place, or one inside it)."""
        return [held for held in self.held if asks(question, held.path)]

    @property
    def must_write(self) -> bool:
        """Whether this run has anything to write: FILE is new, unfinished, or had values held."""
        return not self.existed or self.started or bool(self.problems)

    def kept_as(self) -> str | None:
        """What a run says first of a file tally did not start: where it is kept."""
        if not self.foreign:
            return None
        return (f"{self.name} was not started by tally: it is kept as {self.keeper.backup_name()} before the "
                "first answer is written; only what is required and missing is asked.")

    def refuse_read_only(self) -> None:
        if self.keeper.read_only:
            raise UsageError(f"{self.name}: {self.keeper.read_only}: tally writes every answer to it; "
                             "make it writable, or tally into another file")

    def write(self, text: str) -> str:
        """FILE rewritten (never over an edit made meanwhile), after keeping a file tally did not
        start as its backup; ``UsageError`` when it cannot be. What to tell the player besides
        (FILE was removed meanwhile and is written again), or ``""``."""
        if self.backup and self.keeper.exists:
            self.keeper.keep_backup()
        self.backup = False
        return self.keeper.write(text)

    def write_complete(self, before: State, complete: State, answers: int) -> None:
        """The final write: FILE without its ``tally:`` block, when this run gave an answer, FILE
        is new or unfinished, or "Score it" closed anything (``complete`` differs from
        ``before``); a complete file nobody answered into stays as it is."""
        if answers or self.must_write or complete.data != before.data:
            self.write(render(self.game, complete.data, None))

    def close(self) -> None:
        self.keeper.close()


def askable(plan: list[Question], path: Path) -> bool:
    return any(not question.answered and asks(question, path) for question in plan)


def undeclined(state: State, paths: list[Path]) -> State:
    """``state`` with nothing declined at, around or inside a place held (a misspelt ``locaton:``
    is asked, never settled as declined)."""
    declined = frozenset(done for done in state.progress.declined
                         if not any(done[:len(path)] == path or path[:len(done)] == done for path in paths))
    return replace(state, progress=replace(state.progress, declined=declined))
