"""``scorecalc tally`` run in-process with a fake standard input: for tests and bench/fuzz_tally.py.

``run_tally(args, lines)`` calls the command line's entry point (the Typer app, as the console
script does) with standard input made of ``lines`` (bytes, one answer each, newline added;
a callable in the list is called when tally reads that far: to edit FILE between two
answers), optionally looking like a terminal (``tty=True``: a wrong answer is asked again),
and returns the exit code, standard output and standard error.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

Line = bytes | Callable[[], None]


class FakeBytes:
    """What tally reads from: ``readline`` of the lines given, then b'' (the end of input)."""

    def __init__(self, lines: Iterable[Line], raw: bytes = b"") -> None:
        self.lines = iter(lines)
        self.raw = raw
        self.reads = 0

    def readline(self, size: int = -1) -> bytes:
        if self.raw:
            line, sep, rest = self.raw.partition(b"\n")
            self.raw = rest
            return line + sep
        for item in self.lines:
            if callable(item):
                item()
                continue
            self.reads += 1
            return item + b"\n"
        return b""


class FakeInput(io.TextIOBase):
    """Standard input: text on top of ``FakeBytes`` (tally reads the bytes and decodes them)."""

    def __init__(self, source: FakeBytes, tty: bool) -> None:
        self.buffer = source
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.buffer.readline().decode("utf-8", "surrogateescape")


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str
    reads: int
    """How many answer lines tally read."""


def run_tally(args: list[str], lines: Iterable[Line] = (), *, tty: bool = False, raw: bytes = b"",
              closed_stdin: bool = False, cwd: str | None = None) -> Outcome:
    """``scorecalc ARGS`` in this process, answers from ``lines`` (or ``raw`` bytes as they are)."""
    from scorecalc.cli import app
    from scorecalc.output.terminal import console

    source = FakeBytes(lines, raw)
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", newline="")
    saved = sys.stdin, sys.stdout, sys.stderr
    here = os.getcwd()
    sys.stdin = None if closed_stdin else FakeInput(source, tty)  # type: ignore[assignment]
    sys.stdout, sys.stderr = out, err
    console.err_failed = False
    code = 0
    try:
        if cwd is not None:
            os.chdir(cwd)
        app(args, prog_name="scorecalc", standalone_mode=True)
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        os.chdir(here)
        sys.stdin, sys.stdout, sys.stderr = saved
    out.flush()
    err.flush()
    return Outcome(code, text_of(out), text_of(err), source.reads)


def text_of(stream: io.TextIOWrapper) -> str:
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8", "backslashreplace")
