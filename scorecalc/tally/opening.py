"""FILE opened for a tally, by any screen (the terminal's ``session.py``, the web pad): locked,
read back into the model's first state, backed up before its first rewrite when tally did not
start it, and written through tally's ``Keeper`` (``tablefile/keeping.py``)."""

from __future__ import annotations

from typing import Any

from ..errors import UsageError
from ..games import Game
from ..tablefile.keeping import Keeper
from ..tablefile.reading import load
from .model import Tally
from .state import State


class TallyFile:
    """One run's FILE: ``state`` as read (an absent optional part of a file tally did not start
    counting as declined), ``problems`` (values dropped, asked again), ``keeper`` its lock."""

    def __init__(self, game: Game[Any], name: str, model: Tally) -> None:
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
        self.backup = loaded.exists and not loaded.started
        """A ``FILE~`` is still due before the first rewrite."""
        if self.foreign:
            self.state = model.settled(self.state)

    @property
    def must_write(self) -> bool:
        """Whether this run has anything to write: FILE is new, unfinished, or had values dropped."""
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

    def close(self) -> None:
        self.keeper.close()
