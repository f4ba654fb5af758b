"""Regenerate (or check) the terminal transcripts shown in docs/tally.md.

A block to generate is a ```text fence right after a ``<!-- terminal: GAME ANSWER... -->`` line:
``scorecalc tally GAME tonight.yaml`` runs in a fresh folder on a real pseudo-terminal 80
columns wide (pexpect), each answer typed at the next prompt (``\\t`` is the Tab key, ``^C``
stops the run), and the block becomes the rows the terminal shows, as a VT100 emulator (pyte)
reads them: what a player sees, completions and all. The answers are words separated by spaces;
quote an answer holding spaces with double quotes (``"sea_l\\t 2"``), and ``""`` is Enter alone.
The date is pinned (``SOURCE_DATE_EPOCH``), so the block reads the same on every run.

    python scripts/tally_transcripts.py           # rewrite the blocks
    python scripts/tally_transcripts.py --check   # exit 1 and show the difference if a block is stale

The piped transcripts beside them are ```console blocks of ``scripts/readme_tour.py``.
"""

from __future__ import annotations

import difflib
import io
import os
import re
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "tally.md"
MARKER = re.compile(r"^<!-- terminal: (\w+) (.*) -->$")
COLUMNS = 80
PROMPT = re.compile(r"› [^›]*?: ")
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")
EPOCH = "1767643200"
"""The clock every transcript is pinned to (its prompts show the same date on every run)."""


def waiting(child: Any) -> None:
    """Until the program sleeps reading its terminal (a Ctrl-C sent earlier waits for a key)."""
    state = Path(f"/proc/{child.pid}/stat")
    deadline = time.monotonic() + 30
    while state.exists() and time.monotonic() < deadline:
        if state.read_text().rsplit(")", 1)[1].split()[0] == "S":
            return
        time.sleep(0.005)


def session(game: str, answers: list[str]) -> list[str]:
    """The rows a terminal ``COLUMNS`` wide shows after typing ``answers`` to ``scorecalc tally``."""
    import pexpect
    import pyte

    environment = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    environment.update({"TERM": "xterm", "SOURCE_DATE_EPOCH": EPOCH, "TZ": "UTC", "NO_COLOR": "1"})
    log = io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        child = pexpect.spawn(sys.executable, ["-m", "scorecalc", "tally", game, "tonight.yaml"], cwd=folder,
                              env=environment, encoding="utf-8", dimensions=(50, COLUMNS), timeout=60)
        child.logfile_read = log
        for typed in answers:
            child.expect(PROMPT)
            if typed == "^C":
                waiting(child)
                child.sendintr()
                break
            child.send(typed.replace("\\t", "\t") + "\r")
        child.expect(pexpect.EOF)
        child.close()
    output = log.getvalue().replace("\r\n", "\n").replace("\n", "\r\n")
    screen = pyte.Screen(COLUMNS, output.count("\n") + len(output) // COLUMNS + 5)
    pyte.Stream(screen).feed(output)
    rows = [screen.display[row].rstrip() for row in range(screen.cursor.y + 1)]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def regenerate(text: str) -> str:
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        found = MARKER.match(lines[i].strip())
        if found and i + 1 < len(lines) and lines[i + 1].startswith("```text"):
            out.append(lines[i + 1])
            out.extend(session(found.group(1), shlex.split(found.group(2))))
            i += 2
            while i < len(lines) and not lines[i].startswith("```"):
                i += 1
            continue
        i += 1
    return "\n".join(out)


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    fresh = regenerate(text)
    if fresh == text:
        return 0
    rel = str(DOC.relative_to(ROOT))
    if "--check" in argv:
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), fresh.splitlines(True), rel,
                                                   rel + " (as the program shows it now)"))
        print(f"\n{rel} shows a terminal the program no longer shows; "
              "run: python scripts/tally_transcripts.py")
        return 1
    DOC.write_text(fresh, encoding="utf-8")
    print(f"rewrote {rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
