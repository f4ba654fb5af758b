"""The model's values (``model.py``): a draft of the table (what the interview holds so far), an
answer's outcome, a problem, the review of the whole table (what stops "Score it", its problems
and warnings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, Path
from .questions import Progress

DONE = -1
"""A run's outcome when the table is complete (FILE written without ``tally:``): the caller prints
the score. Any other outcome is an exit code. The terminal's tally and the pad both end with it."""


@dataclass(frozen=True)
class Draft:
    """The table so far and its progress; treated as immutable (``apply`` works on a copy)."""

    data: dict[str, Any] = field(default_factory=dict)
    progress: Progress = field(default_factory=Progress)


@dataclass(frozen=True)
class Said:
    """A line a game's form had to say: ``say`` (plain), ``note`` (quiet), ``picture`` (the
    record drawn: the screen asks the form for the drawing at its own width)."""

    kind: str
    text: str = ""


@dataclass(frozen=True)
class Outcome:
    state: Draft
    warnings: tuple[str, ...] = ()
    """Warnings about the answer (it was kept), each once per table."""
    said: tuple[Said, ...] = ()


@dataclass(frozen=True)
class Problem:
    """What is wrong with the whole table, and the questions (by key) that can fix it, in the
    order to ask them; ``state`` holds the lists and forms reopened for it."""

    error: InputError
    state: Draft
    fixes: tuple[tuple[str, Path], ...]
    message: str = ""
    """The problem in the players' words (``Ana's exhibition: ...``), as every screen shows it."""

    @property
    def places(self) -> tuple[Path, ...]:
        """The places that can fix it (each fixing question's, and the problem's own)."""
        return (*(key[1] for key in self.fixes), self.error.path)


@dataclass(frozen=True)
class Review:
    """The whole table as "Score it" would take it (``Tally.review``): decided from the plan, the
    game's checks run once on the table closed.

    ``closed`` is the state scoring would write: every open list closed and every optional part
    left untouched declined, as an empty answer would; the date, if untouched, taken (``date``).
    A Caracas board is never finished here: only a person finishes one."""

    closed: Draft
    waiting: tuple[str, ...] = ()
    """What only a person can give before scoring, in words: a board not finished, a required
    answer missing."""
    placing: tuple[str, ...] = ()
    """Boards a phone is placing a tile on (``Alex's phone is placing a tile``): anyone may drop it."""
    problems: tuple[Problem, ...] = ()
    """What is wrong with the closed table as a whole (checked only when nothing is waiting)."""
    warnings: tuple[str, ...] = ()
    """The plausibility warnings of the closed table, shown before "Score it anyway"."""
    date: str = ""
    """The date "Score it" takes when it was never answered (``2026-12-03 20:00``); empty if given."""

    @property
    def ready(self) -> bool:
        """Whether "Score it" is offered: nothing waiting, no tile half built, no problem."""
        return not (self.waiting or self.placing or self.problems)
