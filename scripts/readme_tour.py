"""Regenerate (or check) the console output shown in README.md and docs/*.md.

A block to generate is a ```console fence right after a ``<!-- tour -->`` line. Each
``$ COMMAND`` line in it is run with bash from the repository root (COLUMNS=80, the
virtual environment's ``bin`` first on PATH) and the lines after it, up to the next
``$``, are replaced by what it printed (standard error first, as a terminal shows
warnings before the score). Shorten long output in the command itself
(``| head -12``), never by hand, so the block stays true.

    python scripts/readme_tour.py           # rewrite the blocks
    python scripts/readme_tour.py --check   # exit 1 and show the difference if any block is stale
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARKER = "<!-- tour -->"


def run(command: str) -> list[str]:
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    return (done.stderr + done.stdout).rstrip("\n").split("\n") if done.stderr + done.stdout else []


def regenerate(text: str) -> str:
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        out.append(lines[i])
        if lines[i].strip() == MARKER and i + 1 < len(lines) and lines[i + 1].startswith("```console"):
            out.append(lines[i + 1])
            i += 2
            while i < len(lines) and not lines[i].startswith("```"):
                if lines[i].startswith("$ "):
                    out.append(lines[i])
                    out.extend(run(lines[i][2:]))
                i += 1
            continue
        i += 1
    return "\n".join(out)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = 0
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        if MARKER not in text:
            continue
        fresh = regenerate(text)
        if fresh == text:
            continue
        stale += 1
        if check:
            rel = str(path.relative_to(ROOT))
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), fresh.splitlines(True),
                                                       rel, rel + " (as the program prints it now)"))
        else:
            path.write_text(fresh, encoding="utf-8")
            print(f"rewrote {path.relative_to(ROOT)}")
    if check and stale:
        print(f"\n{stale} file(s) show output the program no longer prints; "
              "run: python scripts/readme_tour.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
