"""Standard output and standard error, and what happens when they fail.

A closed pipe ends the run quietly (exit 141); any other failure to write standard
output becomes one line on standard error and exit 2; a message that cannot reach
standard error (closed, or a full device) still makes the run exit 2. Standard error
is never written through ``print``'s fallback: with file descriptor 2 closed,
``print(file=sys.stderr)`` would write into standard output.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from .errors import UsageError
from .outcome import EXIT_BAD_INPUT, EXIT_INTERNAL


class Console:
    def __init__(self) -> None:
        self.err_failed = False

    def out(self, text: str) -> None:
        stream = self._stream(sys.stdout, "standard output")
        try:
            stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise self._stdout_failed(error) from None

    def err(self, line: str) -> None:
        """One message line on standard error (never wrapped)."""
        stream = sys.stderr
        if stream is None:
            self.err_failed = True
            return
        try:
            stream.write(line + "\n")
            stream.flush()
        except OSError:
            self.err_failed = True

    def flush(self) -> None:
        stream = sys.stdout
        if stream is None:
            return
        try:
            stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise self._stdout_failed(error) from None

    def _stdout_failed(self, error: OSError) -> UsageError:
        self.silence()
        return UsageError(f"scorecalc: cannot write to standard output: {error.strerror or error}")

    def silence(self) -> None:
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

    def exit_code(self, code: int) -> int:
        """``code``, made 2 when a message could not be written (a crash's 3 stays)."""
        if self.err_failed and code != EXIT_INTERNAL:
            return max(code, EXIT_BAD_INPUT)
        return code

    @staticmethod
    def _stream(stream: TextIO | None, what: str) -> TextIO:
        if stream is None:
            raise UsageError(f"scorecalc: cannot write to {what}: it is closed")
        return stream


console = Console()
