"""One error type for bad input, and the warnings that go beside a score.

Every problem is tied to a *path* into the document (``("players", 0, "money")``);
the loader turns paths into ``LINE:COL`` positions when the message is printed, so
game rules never deal with YAML marks.
"""

from __future__ import annotations

from dataclasses import dataclass

PathPart = str | int
Path = tuple[PathPart, ...]


def format_path(path: Path) -> str:
    """``("players", 0, "tiles", 3, "col")`` -> ``players[0].tiles[3].col``."""
    if not path:
        return "<document>"
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass(frozen=True)
class Position:
    """A 1-based line and column in the input file."""

    line: int
    column: int


class InputError(Exception):
    """Bad input: printed as ``FILE:LINE:COL: path: message`` and exit code 2.

    ``path`` locates the offending value in the document; ``position`` may be given
    directly when there is no path (a YAML syntax error), and ``at_key`` points the
    position at the key rather than at its value (an unknown or duplicate key).
    """

    def __init__(
        self,
        path: Path,
        message: str,
        *,
        hint: str | None = None,
        position: Position | None = None,
        at_key: bool = False,
    ) -> None:
        super().__init__(message)
        self.path = tuple(path)
        self.message = message
        self.hint = hint
        self.position = position
        self.at_key = at_key

    def describe(self) -> str:
        text = f"{format_path(self.path)}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


class FileError(Exception):
    """A problem with a whole file that has no position: ``FILE: message``."""


@dataclass(frozen=True)
class Issue:
    """A warning: a state the box makes implausible, but that a table could show."""

    path: Path
    message: str


class UsageError(Exception):
    """Bad usage or an output that cannot be written: the message is printed as is, exit 2."""
