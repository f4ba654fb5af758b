"""A validated document: its plain data, where each value was written, and what a game's checks found."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError, Issue, Path, Position, Positions
from .loading import Source


@dataclass(slots=True)
class Document:
    """What a game's ``parse`` reads: the declaration's plain data, the positions of its values,
    and the warnings and problems the game's own checks add (all reported together).

    Not frozen, and honestly so: ``parse`` adds to ``warnings`` and ``problems`` as it checks
    (``warn``, ``report``), so that one run finds them all. Nothing else changes it."""

    source: Source
    data: dict[str, Any]
    """The declaration's checked plain data (what ``scorecalc.spec`` types give); ``parse``
    reads it into the game's typed state."""
    positions: Positions
    names: Mapping[int, str] = field(default_factory=dict)
    """The players' names as written, by index, for messages (``tablefile.reader.player_names``)."""
    warnings: list[Issue] = field(default_factory=list, init=False)
    problems: list[InputError] = field(default_factory=list, init=False)
    """Problems a game's own checks found; all of them are reported together."""

    def position(self, path: Path, *, at_key: bool = False) -> Position:
        """Where ``path`` is written, or its nearest written ancestor."""
        return self.positions.of(path, at_key=at_key)

    def warn(self, path: Path, message: str) -> None:
        self.warnings.append(Issue(tuple(path), message))

    def report(self, path: Path, message: str, *, hint: str | None = None, at_key: bool = False,
               also: tuple[Path, ...] = ()) -> None:
        """A game's check found a problem: note it and go on checking the rest. ``also``: other
        parts a fix may change (tally asks them after the part at ``path``)."""
        self.problems.append(InputError(path, message, hint=hint, at_key=at_key, also=also))
