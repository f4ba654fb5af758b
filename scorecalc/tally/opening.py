"""FILE opened for a tally, by any screen (the terminal's ``session.py``, the web pad): locked,
read back into the model's first state, backed up before its first rewrite when tally did not
start it, and written through tally's ``Keeper`` (``tablefile/keeping.py``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Path, UsageError
from ..games import Game
from ..tablefile.keeping import Changed, Keeper
from ..tablefile.layout import render
from ..tablefile.reader import Held, Progress, load, read_data
from .draft import Draft
from .model import Tally, asks
from .questions import Question
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
        self.state = Draft(loaded.data, loaded.progress)
        self.first = leaves(loaded.data)
        """Every value FILE held when the run began, by place: what no answer of this run gave."""
        self.first_declined = loaded.progress.declined
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
        written = self.keeper.text
        try:
            return self.keeper.write(text)
        except Changed as error:
            raise self.given_back(error, written) from None

    def verify(self) -> Changed | None:
        """``None`` when FILE (and every file a rewrite replaced) still holds what this run last
        wrote; else why not, with the answers it no longer holds (``given_back``): checked before
        a run says that every earlier answer is saved."""
        written = self.keeper.text
        try:
            self.keeper.verify()
        except Changed as error:
            return self.given_back(error, written)
        return None

    def given_back(self, error: Changed, written: bytes | None) -> Changed:
        """``error`` with the answers of this run that FILE no longer holds (``Changed.lost``:
        their places, compared with ``written``, what this run last wrote, value by value), named
        in the players' words, so that every accepted answer is in FILE or said."""
        lost = self.lost(written, self.keeper.read_name())
        if not lost:
            return error
        mine = (read_data(self.game, self.name, written or b"") or ({}, None))[0]
        said = [(path, value) for path, value in lost if value is not CLOSED]
        count = len(said)
        lines = [f"{self.name}: it no longer holds {count} answer{'s' if count != 1 else ''} saved before:",
                 *(f"  {self.model.seen(path, mine)}: {'(skipped)' if value is SKIPPED else value}"
                   for path, value in said)]
        given = Changed("\n".join([str(error), *lines]) if said else str(error))
        given.lost = tuple((*path, CLOSED_MARK) if value is CLOSED else path for path, value in lost)
        return given

    def lost(self, written: bytes | None, now: bytes | None) -> list[tuple[Path, Any]]:
        """The values ``written`` holds that ``now`` (FILE, ``None`` when gone) does not, each
        at its place, leaving out what FILE held when the run began (an edit may remove that);
        then the parts it declined that ``now`` does not (``SKIPPED``), and the lists it may have
        closed that ``now`` has open or lacks (``CLOSED``: the answer that closed one, if any)."""
        mine = read_data(self.game, self.name, written) if written is not None else None
        if mine is None:
            return []
        read = read_data(self.game, self.name, now) if now is not None else None
        theirs, progress = (leaves(read[0]), read[1]) if read is not None else ({}, Progress())
        lost: list[tuple[Path, Any]] = [
            (path, value) for path, value in leaves(mine[0]).items()
            if theirs.get(path, _NONE) != value and self.first.get(path, _NONE) != value]
        declined = mine[1].declined - progress.declined - self.first_declined
        lacking = {place[:n] for place, _ in lost for n in range(1, len(place) + 1)
                   if not any(other[:n] == place[:n] for other in theirs)}
        closed = (progress.open - mine[1].open) | lacking
        return [*lost, *((path, SKIPPED) for path in sorted(declined, key=str)),
                *((path, CLOSED) for path in sorted(closed, key=str))]

    def write_complete(self, before: Draft, complete: Draft, answers: int) -> None:
        """The final write: FILE without its ``tally:`` block, when this run gave an answer, FILE
        is new or unfinished, or "Score it" closed anything (``complete`` differs from
        ``before``); a complete file nobody answered into stays as it is."""
        if answers or self.must_write or complete.data != before.data:
            self.write(render(self.game, complete.data, None))

    def close(self) -> None:
        self.keeper.close()


def askable(plan: list[Question], path: Path) -> bool:
    return any(not question.answered and asks(question, path) for question in plan)


def undeclined(state: Draft, paths: list[Path]) -> Draft:
    """``state`` with nothing declined at, around or inside a place held (a misspelt ``locaton:``
    is asked, never settled as declined)."""
    declined = frozenset(done for done in state.progress.declined
                         if not any(done[:len(path)] == path or path[:len(done)] == done for path in paths))
    return replace(state, progress=replace(state.progress, declined=declined))


_NONE = object()
SKIPPED = object()
"""An optional part this run declined (an empty answer)."""
CLOSED = object()
"""A list (or a board) this run may have closed (an empty answer)."""
CLOSED_MARK = "(closed)"
"""The last step of a list's place (``players``, ``(closed)``) for the answer that closed it."""


def leaves(value: Any, path: Path = ()) -> dict[Path, Any]:
    """Every value of a table's data by its place (``players[0].animals.sea_lion``); an empty
    list or mapping is a value of its own."""
    children = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    found: dict[Path, Any] = {}
    for key, child in children:
        found.update(leaves(child, (*path, key)))
    return found if found else {path: value}
