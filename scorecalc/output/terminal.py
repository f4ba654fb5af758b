"""The terminal: its width and height, colour, and safe writes to standard output and error.

Size: ``COLUMNS`` (``LINES``) when set to a positive whole number, else the terminal's when
standard output is one, else 80 columns (an unknown height); a value set to anything else
is ignored with one warning line (``scorecalc.environment``). ``shutil.get_terminal_size`` is
not used: it asks ``sys.__stdout__`` whatever standard output currently is.

Writes: a closed pipe ends the run quietly (exit 141); any other failure to write standard
output becomes one line on standard error and exit 2; a message that cannot reach standard
error (closed, or a full device) still makes the run exit 2. Standard error is never
written through ``print``'s fallback: with file descriptor 2 closed,
``print(file=sys.stderr)`` would write into standard output. The console script puts
standard output behind ``GuardedStream``, so text that Click writes itself (``--help``) fails
the same way as the score: Click would turn a closed pipe into exit 1 and let a full device
raise a traceback.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO, cast

from ..errors import UsageError, write_error_line

DEFAULT_WIDTH = 80
"""The width when neither ``COLUMNS`` nor a terminal says otherwise."""


def terminal_width(*, terminal: bool = True) -> int:
    """Columns to fit: ``COLUMNS``, else the terminal's when standard output is one, else 80.

    ``terminal=False`` (output written to a file, which has no terminal): ``COLUMNS``, else 80,
    as when standard output is piped.
    """
    columns = _size_from("COLUMNS")
    if columns is None and terminal:
        size = _terminal_size()
        columns = size.columns if size is not None and size.columns > 0 else None
    return columns or DEFAULT_WIDTH


def terminal_height(*, terminal: bool = True) -> int | None:
    """Rows: ``LINES``, else the terminal's when standard output is one, else ``None`` (unknown)."""
    lines = _size_from("LINES")
    if lines is None and terminal:
        size = _terminal_size()
        lines = size.lines if size is not None and size.lines > 0 else None
    return lines


def _size_from(variable: str) -> int | None:
    """``COLUMNS`` or ``LINES`` when usable; otherwise ignored with one warning line."""
    from ..environment import positive_whole

    instead = "the terminal's width, else 80" if variable == "COLUMNS" else "the terminal's height"
    return positive_whole(variable, instead)


def _terminal_size() -> os.terminal_size | None:
    """The size of the terminal that standard output is, when it is one."""
    stream = sys.stdout
    if stream is None:
        return None
    try:
        if stream.isatty():
            return os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):
        pass
    return None


def colour() -> bool:
    """Whether output may be coloured: not when ``NO_COLOR`` is set to anything (no-color.org)."""
    return not os.environ.get("NO_COLOR")


class PipeClosed(Exception):
    """The reader of standard output went away (``scorecalc … | head -1``): exit 141, quietly.

    Not an ``OSError``: Click answers an ``EPIPE`` it sees with exit 1."""


def write_out(stream: TextIO, text: str) -> None:
    """``text`` to standard output ``stream``; a failure becomes the run's own error."""
    try:
        stream.write(text)
    except BrokenPipeError:
        silence()
        raise PipeClosed() from None
    except OSError as error:
        raise stdout_failed(error) from None


def flush_out(stream: TextIO) -> None:
    try:
        stream.flush()
    except BrokenPipeError:
        silence()
        raise PipeClosed() from None
    except OSError as error:
        raise stdout_failed(error) from None


def stdout_failed(error: OSError) -> UsageError:
    silence()
    return UsageError(f"scorecalc: cannot write to standard output: {error.strerror or error}")


def silence() -> None:
    """Point standard output at the null device, so the exit-time flush cannot fail again."""
    stream = sys.stdout
    if stream is None:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError):
        sys.stdout = None


class GuardedStream:
    """Standard output for the whole run, Click's own writes (help, version) included: a failed
    write or flush raises ``PipeClosed`` or the ``UsageError`` that says so (``write_out``)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        if not isinstance(text, str):  # Click probes with b"" whether a stream takes bytes
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if text:  # and then with "", which a full device refuses: nothing to write, no failure
            write_out(self.stream, text)
        return len(text)

    def flush(self) -> None:
        flush_out(self.stream)

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def guard_standard_output() -> None:
    """Put standard output behind ``GuardedStream`` (the console script does, before Click runs)."""
    if sys.stdout is not None and not isinstance(sys.stdout, GuardedStream):
        sys.stdout = cast(TextIO, GuardedStream(sys.stdout))


LOCATED = re.compile(r"[^\n]*?:\d+:\d+: ")
"""A message located in a file (``night.yaml:13:11: …``): one line, whatever the width (SPEC 7)."""


def error_width() -> int | None:
    """The columns of the terminal that standard error is (asked each time: a resized window is
    followed), at least 20; ``None`` when standard error is no terminal: a message piped or
    written to a file is one line, so transcripts do not depend on a width."""
    stream = sys.stderr
    try:
        if stream is None or not stream.isatty():
            return None
        return max(20, os.get_terminal_size(stream.fileno()).columns)
    except (AttributeError, OSError, ValueError):
        return None


class Console:
    """Standard output and standard error, and what happens when they fail."""

    def __init__(self) -> None:
        self.err_failed = False

    def out(self, text: str) -> None:
        write_out(self._stream(sys.stdout, "standard output"), text)

    def err(self, line: str, *, wrap: bool = True) -> None:
        """A message on standard error: on a terminal, wrapped at word boundaries to its width
        (``scorecalc.wrapping``: a command to copy whole on its own line, no word broken); a
        located message (``FILE:LINE:COL: …``) stays one line, as compilers print them, for
        editors to read. ``wrap=False``: a picture's line (the Caracas board), shown as drawn."""
        width = error_width() if wrap and not LOCATED.match(line) else None
        if width is None:
            lines = [line]
        else:
            from ..wrapping import wrap_message

            lines = wrap_message(line, width - 1)  # a full row would leave the cursor in the last column
        for one in lines:
            if not write_error_line(one):
                self.err_failed = True

    def flush(self) -> None:
        if sys.stdout is not None:
            flush_out(sys.stdout)

    @staticmethod
    def _stream(stream: TextIO | None, what: str) -> TextIO:
        if stream is None:
            raise UsageError(f"scorecalc: cannot write to {what}: it is closed")
        return stream


console = Console()
"""The one console of a run: every command and the error boundary write through it."""
