"""What a run did to each file, said as it happens, and the one place that turns it into an exit code.

Each file of a run is scored, skipped (bad input) or crashed (a bug); ``verify`` also
counts files that passed, mismatched and had no ``expect:``. The exit code is the worst
outcome: 3 (a crash) over 2 (bad input, usage, or output that could not be written) over
1 (a ``verify`` mismatch) over 0.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterable

from ..errors import shorten
from .terminal import console

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_PIPE, EXIT_INTERRUPTED, EXIT_TERMINATED = 141, 130, 143


class Report:
    """The outcomes of a run, told through verbs (as black's ``Report``): each verb prints
    what its outcome says on standard error, if anything, and counts it. Nothing else
    changes the counts; ``exit_code`` reads them."""

    __slots__ = ("_crashed", "_mismatched", "_passed", "_scored", "_skipped", "_unchecked", "_unwritable")

    def __init__(self) -> None:
        self._scored = self._skipped = self._crashed = 0
        self._passed = self._mismatched = self._unchecked = 0
        self._unwritable = False

    # --- each file ------------------------------------------------------------------------

    def scored(self, warnings: Iterable[str] = ()) -> None:
        """A file scored; its warnings (``FILE:LINE:COL: warning: ...``) go to standard error."""
        for warning in warnings:
            console.err(warning)
        self._scored += 1

    def skipped(self, lines: Iterable[str]) -> None:
        """A file (or a folder) that was bad input or could not be read: its messages."""
        for line in lines:
            console.err(line)
        self._skipped += 1

    def crashed(self, name: str, error: Exception) -> None:
        """A bug met while scoring file ``name``: one line; the run goes on with the others."""
        tell_bug(name, error, "this file")
        self._crashed += 1

    # --- verify ---------------------------------------------------------------------------

    def passed(self) -> None:
        """A file's ``expect:`` block matched its score."""
        self._passed += 1

    def mismatched(self) -> None:
        """A file's ``expect:`` block did not match its score."""
        self._mismatched += 1

    def unchecked(self) -> None:
        """A file without an ``expect:`` block (``verify`` skips it)."""
        self._unchecked += 1

    # --- the run --------------------------------------------------------------------------

    def unwritable(self, message: str) -> None:
        """The output could not be written (or the run was misused): its one line."""
        console.err(message)
        self._unwritable = True

    @property
    def left_out(self) -> int:
        """Files that were not scored: bad input or a crash."""
        return self._skipped + self._crashed

    @property
    def exit_code(self) -> int:
        if self._crashed:
            return EXIT_INTERNAL
        if self._skipped or self._unwritable:
            return EXIT_BAD_INPUT
        if self._mismatched:
            return EXIT_MISMATCH
        return EXIT_OK

    def verify_line(self) -> str:
        """The closing line of ``verify``."""
        line = (f"{self._passed} passed, {self._mismatched} failed, {self._unchecked} skipped, "
                f"{self._skipped} bad input")
        if self._crashed:
            line += f", {self._crashed} crashed"
        return line


def final_exit_code(code: int) -> int:
    """``code``, made 2 when a message could not reach standard error (a crash's 3 stays)."""
    if console.err_failed and code != EXIT_INTERNAL:
        return max(code, EXIT_BAD_INPUT)
    return code


DEBUG = "SCORECALC_DEBUG"
"""Set to ``1`` (any value but empty or ``0``), a bug's traceback is printed before its line."""


def debugging() -> bool:
    """Whether ``SCORECALC_DEBUG`` asks for a bug's traceback (read at each bug, never cached)."""
    return os.environ.get(DEBUG, "").strip() not in ("", "0")


def internal_error(where: str, error: Exception, what: str) -> str:
    """The one line a bug prints: ``FILE: internal error (KeyError: 'x'); please report ...``."""
    return f"{where}: internal error ({type(error).__name__}: {shorten(error)}); please report {what}"


def tell_bug(where: str, error: Exception, what: str) -> None:
    """Say a bug on standard error: its one line (``internal_error``) and, before it when
    ``SCORECALC_DEBUG=1``, its traceback as Python prints it, for a bug report. Every place that
    catches a bug (a file of a batch, the command's boundary) says it through here."""
    if debugging():
        for line in "".join(traceback.format_exception(error)).splitlines():
            console.err(line, wrap=False)
    console.err(internal_error(where, error, what))
