"""The terminal: questions and help on standard error, answers from standard input.

Why not Typer's (Click's) ``prompt``: it writes the question to standard output (so
``tally ... --format json > out.json`` would fill out.json with questions) and turns the
end of input into an ``Abort`` that exits 1, where SPEC wants exit 2 and the count of
questions left. Why not prompt_toolkit: a new dependency (with wcwidth) whose import alone
costs more than scorecalc's whole start over the floor, for what the standard library does
(bench/RESULTS.md, "What start-up's choices spare"). So: plain reading from standard input,
and on a terminal the standard ``readline`` module for line editing, history and Tab
completion (its import is paid only by ``tally``).

``input()`` uses readline only when standard input *and* standard output are the
terminal, and it writes its prompt to standard output. So while a question is asked,
file descriptor 1 is pointed at the terminal that standard error is (and put back right
after): readline then edits the line with the prompt in view, while what the run prints
on standard output (the score) still goes wherever standard output was sent.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from ..errors import UsageError
from ..output.terminal import console, error_width


class Unreadable(Exception):
    """An answer line that is not UTF-8 text: refused like an answer that fails its check."""


def decoded(raw: bytes) -> str:
    """An answer line's bytes as text (``Unreadable`` when they are not UTF-8)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unreadable(f"this answer is not valid UTF-8 text (byte 0x{raw[error.start]:02x}); type it again"
                         " in a UTF-8 terminal, or save the answers as UTF-8") from None


def text_only(answer: str | None) -> str | None:
    """An answer read through the locale's decoding: bytes it could not decode stand as lone
    surrogates (``surrogateescape``), which no file can hold."""
    if answer is not None and any("\udc80" <= char <= "\udcff" for char in answer):
        raise Unreadable("this answer is not valid UTF-8 text; set the terminal to UTF-8 and type it again")
    return answer


class Terminal:
    def __init__(self) -> None:
        stdin = sys.stdin
        self.interactive = stdin is not None and stdin.isatty()
        err = sys.stderr
        self.on_terminal = self.interactive and err is not None and err.isatty()
        self.styled = self.on_terminal and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        self.words: list[str] = []
        self.readline: Any = None
        if self.on_terminal:
            try:
                import readline
            except ImportError:  # pragma: no cover - Python built without readline
                pass
            else:
                readline.set_completer(self._complete)
                readline.set_completer_delims(" ,;/\t")
                if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
                    readline.parse_and_bind("bind ^I rl_complete")
                else:
                    readline.parse_and_bind("tab: complete")
                self.readline = readline

    # --- showing ---------------------------------------------------------------------------

    @property
    def width(self) -> int | None:
        """The columns to wrap to: the terminal's that standard error is (asked each time, so a
        resized window is followed); ``None`` when standard error is no terminal (nothing wraps)."""
        return error_width()

    def say(self, text: str = "") -> None:
        """Lines of text, wrapped to the terminal's width at word boundaries (``wrapping.py``)."""
        width = self.width
        if width is None:
            lines = text.split("\n")
        else:
            from ..wrapping import wrap_message

            lines = wrap_message(text, width - 1)  # a full row would leave the cursor in the last column
        for line in lines:
            console.err(line, wrap=False)  # wrapped already (a located line too: tally's own words)

    def picture(self, text: str) -> None:
        """Lines shown as they are, never wrapped (the Caracas board keeps its 78 columns)."""
        for line in text.split("\n"):
            console.err(line, wrap=False)

    def style(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.styled else text

    def bold(self, text: str) -> str:
        return self.style(text, "1")

    def dim(self, text: str) -> str:
        return self.style(text, "2")

    def warn(self, text: str) -> str:
        return self.style(text, "33")

    def bad(self, text: str) -> str:
        return self.style(text, "31")

    # --- asking ----------------------------------------------------------------------------

    def _complete(self, text: str, state: int) -> str | None:
        lowered = text.lower()
        matches = [word for word in self.words if word.lower().startswith(lowered)]
        return matches[state] if state < len(matches) else None

    @staticmethod
    def closed() -> bool:
        """Standard input was closed when the run started (``<&-``): no answer can come."""
        return sys.stdin is None

    def ask(self, prompt: str, words: list[str] | None = None) -> str | None:
        """One answer line (without its newline); ``None`` at the end of input. ``Unreadable``
        when the line is not UTF-8; ``UsageError`` when standard input cannot be read."""
        self.words = list(dict.fromkeys(words or []))
        width = self.width
        if width is not None:  # a long question: its first lines said, its last line the prompt
            from ..wrapping import wrap_message

            *above, prompt = wrap_message(prompt.rstrip(" "), width - 2)
            prompt += " "
            for line in above:
                console.err(line, wrap=False)
        if not self.interactive:
            return self._read_piped(prompt)
        if self.on_terminal and self.readline is not None and sys.stdout is not None:
            return text_only(self._read_edited(prompt))
        self._write_err(prompt)
        typed = self._read_line()
        return None if typed is None else typed.rstrip("\r\n")

    @staticmethod
    def _read_line() -> str | None:
        """One line of standard input, decoded here (so the locale never decides): ``None`` at
        its end."""
        stream = sys.stdin
        if stream is None:
            raise UsageError("scorecalc: cannot read standard input: it is closed")
        try:
            buffer = getattr(stream, "buffer", None)
            raw = buffer.readline() if buffer is not None else stream.readline()
        except OSError as error:
            raise UsageError(f"scorecalc: cannot read standard input: {error.strerror or error}") from None
        except UnicodeDecodeError:  # a text stream of its own (no bytes underneath) that is not UTF-8
            raise Unreadable("this answer is not valid UTF-8 text") from None
        if not raw:
            return None
        return decoded(raw) if isinstance(raw, bytes) else raw

    def _write_err(self, text: str) -> None:
        stream = sys.stderr
        if stream is not None:
            try:
                stream.write(text)
                stream.flush()
            except OSError:
                pass

    def _read_piped(self, prompt: str) -> str | None:
        try:
            line = self._read_line()
        except Unreadable:
            self._write_err(prompt + "(not UTF-8)\n")
            raise
        if line is None:
            return None
        answer = line.rstrip("\r\n")
        self._write_err(prompt + answer + "\n")
        return answer

    def _read_edited(self, prompt: str) -> str | None:
        """``input()`` with readline, its prompt and echo on the terminal of standard error."""
        sys.stdout.flush()
        saved = os.dup(1)
        try:
            os.dup2(2, 1)
            return input(prompt)
        except EOFError:
            self._write_err("\n")
            return None
        except UnicodeDecodeError:
            raise Unreadable("this answer is not valid UTF-8 text; set the terminal to UTF-8 and type it "
                             "again") from None
        finally:
            os.dup2(saved, 1)
            os.close(saved)

