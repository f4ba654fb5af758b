"""The domain errors, the warnings beside a score, and the one message formatter.

Every problem is tied to a *path* into the document (``("players", 0, "money")``);
the pipeline turns paths into ``LINE:COL`` positions, so game rules never deal with
YAML marks. ``format_problem`` is the only place a problem becomes a line of text:
``FILE:LINE:COL: players[1] (Lena).money: message (hint)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from yaml.error import Mark

PathPart = str | int
Path = tuple[PathPart, ...]

MAX_SHOWN = 80
"""Messages quote at most this many characters of an offending value."""

MAX_PROBLEMS = 20
"""A file's problems are listed up to this many; the rest are only counted."""


def shorten(value: object, limit: int = MAX_SHOWN) -> str:
    """``value`` as text cut to ``limit`` characters (with ``…``), on one line: control
    characters are shown escaped. Every value a message quotes passes through here."""
    text = str(value)
    cut = text[: limit + 1]
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in cut)
    return shown[: limit - 1] + "…" if len(text) > limit or len(shown) > limit else shown


def quoted(value: object) -> str:
    """A value as a message quotes it: ``'jaguarr'``, at most ``MAX_SHOWN`` characters."""
    return f"'{shorten(value)}'"


def path_text(path: Path, names: Mapping[int, str] | None = None, *, shown: bool = False) -> str:
    """``("players", 0, "money")`` -> ``players[0].money``: a place in the file's own form, the
    one writing of it: exact by default, as the ``tally:`` block writes it and a phone's request
    names it; ``shown``: as a message shows it (``format_path``), each key cut and escaped by
    ``shorten`` and a player's name after her index when ``names`` knows it
    (``players[0] (Alex).tiles[3]``). A player's screen names a place in the players' words
    instead (``scorecalc.places``)."""
    text = ""
    for i, part in enumerate(path):
        if isinstance(part, int):
            text += f"[{part}]"
            if names and i == 1 and path[0] == "players" and part in names:
                text += f" ({shorten(names[part], 40)})"
        else:
            part = shorten(part) if shown else part
            text += f".{part}" if text else part
    return text


def format_path(path: Path, names: Mapping[int, str] | None = None) -> str:
    """A place as a message where a file is read shows it (``scorecalc GAME FILE``, ``verify``,
    JSON's warnings, a file tally cannot read at all): ``path_text``'s ``shown`` form, the whole
    document ``<document>``."""
    return path_text(path, names, shown=True) if path else "<document>"


class Position(NamedTuple):
    """A 1-based line and column in the input file (ordered by line, then column)."""

    line: int
    column: int


class Positions:
    """Where each value (and each key) of a document was written: the one path -> position map.

    It holds PyYAML's marks (``node.start_mark``, 0-based) as the checks meet the nodes,
    and makes a ``Position`` only for the path a problem asks about: a document has a mark
    for every value, and most documents have no problem."""

    def __init__(self) -> None:
        self.values: dict[Path, Mark] = {}
        self.keys: dict[Path, Mark] = {}

    def of(self, path: Path, *, at_key: bool = False) -> Position:
        """Where ``path`` is written (its key with ``at_key``), or its nearest written ancestor."""
        probe = tuple(path)
        while probe:
            if at_key and probe in self.keys:
                return position_at(self.keys[probe])
            if probe in self.values:
                return position_at(self.values[probe])
            probe = probe[:-1]
        top = self.values.get(())
        return Position(1, 1) if top is None else position_at(top)

    def locate(self, error: InputError) -> InputError:
        """Give ``error`` (and each problem it holds) a position from its path, where it has none."""
        for problem in error.problems:
            if problem.position is None:
                problem.position = self.of(problem.path, at_key=problem.at_key)
        if error.position is None:
            error.position = self.of(error.path, at_key=error.at_key)
        return error


def position_at(mark: Mark) -> Position:
    """A PyYAML mark (0-based) as a position (1-based)."""
    return Position(mark.line + 1, mark.column + 1)


class InputError(Exception):
    """One bad-input problem: printed as ``FILE:LINE:COL: path: message``, exit code 2.

    ``path`` locates the offending value in the document; ``position`` may be given
    directly when there is no path (a YAML syntax error), and ``at_key`` points the
    position at the key rather than at its value (an unknown or duplicate key). ``names``:
    the players' names by index, for messages (``players[1] (Lena)``); the pipeline gives
    the error it raises the names it read (``tablefile.reader.player_names``).
    """

    def __init__(
        self,
        path: Path,
        message: str,
        *,
        hint: str | None = None,
        position: Position | None = None,
        at_key: bool = False,
        names: Mapping[int, str] | None = None,
        also: tuple[Path, ...] = (),
    ) -> None:
        super().__init__(message)
        self.path = tuple(path)
        self.message = message
        self.hint = hint
        self.position = position
        self.at_key = at_key
        self.names = names
        self.also = also
        """Other parts of the table a fix may change (a ledger's track figure): tally asks them too."""

    @property
    def problems(self) -> list[InputError]:
        """The single problems this error stands for: itself (a ``Problems`` holds many)."""
        return [self]

    def describe(self, names: Mapping[int, str] | None = None) -> str:
        text = f"{format_path(self.path, names)}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def __str__(self) -> str:
        return self.describe()


class Problems(InputError):
    """All the problems found in one file, ordered by position.

    The first is also this error's own path, message and position, so code that
    expects one ``InputError`` still reads something sensible. ``more`` counts the
    problems beyond ``MAX_PROBLEMS`` that were counted but not worded.
    """

    def __init__(self, problems: Iterable[InputError], more: int = 0, *,
                 names: Mapping[int, str] | None = None) -> None:
        listed = sorted(problems, key=_order)
        first = listed[0]
        super().__init__(first.path, first.message, hint=first.hint, position=first.position,
                         at_key=first.at_key, names=names)
        self.listed = listed[:MAX_PROBLEMS]
        self.more = more + max(0, len(listed) - MAX_PROBLEMS)

    @property
    def problems(self) -> list[InputError]:
        return list(self.listed)


def _order(error: InputError) -> tuple[Position, str]:
    return (error.position or Position(0, 0), error.message)


class FileError(Exception):
    """A problem with a whole file that has no position: ``FILE: message``."""


class UsageError(Exception):
    """Bad usage or an output that cannot be written: the message is printed as is, exit 2."""


def format_problem(file: str, error: InputError | FileError, names: Mapping[int, str] | None = None) -> str:
    """One problem as one line: ``FILE:LINE:COL: path: message`` (``FILE: message`` with no position)."""
    if isinstance(error, FileError) or error.position is None:
        return f"{file}: {error}"
    return f"{file}:{error.position.line}:{error.position.column}: {error.describe(names or error.names)}"


def format_error(file: str, error: InputError | FileError,
                 names: Mapping[int, str] | None = None) -> list[str]:
    """Every line a bad file prints: its problems in order, then ``… and N more`` past the limit."""
    if isinstance(error, FileError):
        return [format_problem(file, error)]
    names = names or error.names
    lines = [format_problem(file, problem, names) for problem in error.problems]
    more = error.more if isinstance(error, Problems) else 0
    if more:
        lines.append(f"{file}: … and {more} more problem{'s' if more != 1 else ''}")
    return lines


class Issue(NamedTuple):
    """A warning: a state the box makes implausible, but that a table could show."""

    path: Path
    message: str


def write_error_line(line: str) -> bool:
    """``line`` on standard error, flushed; ``False`` when it cannot be written (closed, a full
    device). Never through ``print``: with file descriptor 2 closed, ``print(file=sys.stderr)``
    would write into standard output."""
    import sys

    stream = sys.stderr
    if stream is None:
        return False
    try:
        stream.write(line + "\n")
        stream.flush()
    except OSError:
        return False
    return True
