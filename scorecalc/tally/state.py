"""The model's values (``model.py``): a state of the interview, an answer's outcome, a problem."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, Path
from .questions import Progress


@dataclass(frozen=True)
class State:
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
    state: State
    warnings: tuple[str, ...] = ()
    """Warnings about the answer (it was kept), each once per table."""
    said: tuple[Said, ...] = ()


@dataclass(frozen=True)
class Problem:
    """What is wrong with the whole table, and the questions (by key) that can fix it, in the
    order to ask them; ``state`` holds the lists and forms reopened for it."""

    error: InputError
    state: State
    fixes: tuple[tuple[str, Path], ...]
