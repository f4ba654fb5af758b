"""The terminal: questions and help on standard error, answers from standard input.

Why not Typer's (Click's) ``prompt``: it writes the question to standard output (so
``tally ... --format json > out.json`` would fill out.json with questions) and turns the
end of input into an ``Abort`` that exits 1, where SPEC wants exit 2 and the count of
questions left. Why not prompt_toolkit: a new dependency (with wcwidth) whose import
took 190-240 ms here (``python -X importtime -c 'import prompt_toolkit'``, 3.0.53), for
what the standard library does. So: plain reading from standard input, and on a terminal
the standard ``readline`` module for line editing, history and Tab completion (its import:
about 1 ms; the whole tally package about 15 ms, paid only by ``tally``).

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

from ..output.terminal import console


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
        stream = sys.stderr
        try:
            if stream is None or not stream.isatty():
                return None
            return max(20, os.get_terminal_size(stream.fileno()).columns)
        except (AttributeError, OSError, ValueError):
            return None

    def say(self, text: str = "") -> None:
        """Lines of text, wrapped to the terminal's width at word boundaries (``wrapping.py``)."""
        width = self.width
        if width is None:
            lines = text.split("\n")
        else:
            from .wrapping import wrap

            lines = wrap(text, width - 1)  # a full row would leave the cursor in the last column
        for line in lines:
            console.err(line)

    def picture(self, text: str) -> None:
        """Lines shown as they are, never wrapped (the Caracas board keeps its 78 columns)."""
        for line in text.split("\n"):
            console.err(line)

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

    def ask(self, prompt: str, words: list[str] | None = None) -> str | None:
        """One answer line (without its newline); ``None`` at the end of input."""
        self.words = list(dict.fromkeys(words or []))
        width = self.width
        if width is not None:  # a long question: its first lines said, its last line the prompt
            from .wrapping import wrap

            *above, prompt = wrap(prompt.rstrip(" "), width - 2)
            prompt += " "
            for line in above:
                console.err(line)
        if not self.interactive:
            return self._read_piped(prompt)
        if self.on_terminal and self.readline is not None and sys.stdout is not None:
            return self._read_edited(prompt)
        self._write_err(prompt)
        line = sys.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    def _write_err(self, text: str) -> None:
        stream = sys.stderr
        if stream is not None:
            try:
                stream.write(text)
                stream.flush()
            except OSError:
                pass

    def _read_piped(self, prompt: str) -> str | None:
        line = sys.stdin.readline()
        if line == "":
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
        finally:
            os.dup2(saved, 1)
            os.close(saved)

