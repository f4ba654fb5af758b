"""What a run did to each file, and the one place that turns it into an exit code.

Each file of a run is scored, skipped (bad input) or crashed (a bug); ``verify``
also counts passed, failed (a mismatch) and files without ``expect:``. The exit code
is the worst outcome: 3 (a crash) over 2 (bad input, usage, or output that could not
be written) over 1 (a ``verify`` mismatch) over 0.
"""

from __future__ import annotations

from dataclasses import dataclass

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_PIPE, EXIT_INTERRUPTED, EXIT_TERMINATED = 141, 130, 143


@dataclass
class Report:
    """Counts of outcomes over a run (as black's ``Report``)."""

    scored: int = 0
    skipped: int = 0
    """Files that were bad input (or could not be read)."""
    crashed: int = 0
    passed: int = 0
    failed: int = 0
    """``verify`` mismatches."""
    unchecked: int = 0
    """``verify``: files without an ``expect:`` block."""
    unwritable: bool = False
    """The output could not be written, or the run was misused."""

    @property
    def exit_code(self) -> int:
        if self.crashed:
            return EXIT_INTERNAL
        if self.skipped or self.unwritable:
            return EXIT_BAD_INPUT
        if self.failed:
            return EXIT_MISMATCH
        return EXIT_OK

    def verify_line(self) -> str:
        """The closing line of ``verify``."""
        line = (f"{self.passed} passed, {self.failed} failed, {self.unchecked} skipped, "
                f"{self.skipped} bad input")
        if self.crashed:
            line += f", {self.crashed} crashed"
        return line
