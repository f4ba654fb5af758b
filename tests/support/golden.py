"""Golden outputs: what scorecalc prints for every shipped example in every format, stored
as files under ``tests/commands/golden/`` and compared by ``tests/commands/test_golden.py``.

After a deliberate change of output, regenerate them and read the diff:

    python -m tests.support.golden   # rewrite every golden file
    git diff tests/commands/golden   # what the change changed

Each golden file holds one or more runs; a run is the command, its exit code, its
standard error and its standard output. The runs are in-process (the CLI app through
Typer's test runner) with the environment pinned: ``COLUMNS`` and ``LINES``, ``TZ=UTC``,
``NO_COLOR``, ``SOURCE_DATE_EPOCH`` (tally's clock), and the examples copied into a scratch
folder whose files all carry one modification time (BG Stats' ``playDate`` of an undated
table follows it). The games come from the registry, so a new game's examples and
templates are covered without editing a list here.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from scorecalc.league import figures
from scorecalc.output.formats import FORMATS as REGISTERED

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "commands" / "golden"
FILE_TIME = 1_767_225_600  # 2026-01-01 00:00 UTC: every copied example's modification time
CLOCK = "1767643200"  # 2026-01-05 20:00 UTC: tally's "now" (SOURCE_DATE_EPOCH)
ENVIRONMENT = {"COLUMNS": "80", "LINES": "200", "NO_COLOR": "1", "TERM": "dumb", "TZ": "UTC",
               "SOURCE_DATE_EPOCH": CLOCK}
FORMATS = tuple(fmt.name for fmt in sorted(REGISTERED[1:], key=lambda fmt: fmt.data) if not fmt.pictures)
"""Every format of ``output.formats.FORMATS`` but the first (the default: each example's first
runs) and those that draw the games' pictures (a file of their own): the pages written as text
first, then the data formats, each in the registry's order."""
PAGE_FORMATS = tuple(fmt.name for fmt in REGISTERED if fmt.pictures)
"""The formats that draw the games' pictures (html): a golden file per example and format."""
STANDINGS_FORMATS = tuple(fmt.name for fmt in REGISTERED if fmt.standings is not None and not fmt.chart)
"""The formats of the standings, but a page that draws the season chart (its SVG is matplotlib's,
which changes with its version)."""
PLAYS_FORMATS = tuple(fmt.name for fmt in REGISTERED if fmt.plays)
STANDINGS_OPTIONS = tuple(figure.flag for figure in figures.listed())
"""Every figure's flag, as ``standings --help`` lists them: a new figure is in the golden runs."""
NO_NEWLINE = "\\ no newline at end of output\n"

TALLY = {
    "galapagos": ["2026-01-05 20:00", "Home", "Anna", "Ben", "", "41", "17", "sea_lion 2, tortoise 1", "2300",
                  "", "35", "12", "3", "1900", ""],
    "caribe": ["coimbra fauna, london coastline, paris turtle", "", "2026-01-05", "", "Inês", "Jo", "",
               "70", "3 4 2", "2 1 1", "5 0 0 0 0 3", "fauna 2, geology 1", "", "2 2 2 1",
               "60", "2 3 3", "1 0 0", "3 3 3 1 1 1", "", ""],
    "caracas": ["caiman_ties strict", "2026-01-05", "", "Alex", "Bea", "",
                "JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb",
                "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W", "", "6 4 2 3"],
    "origin": ["", "plymouth", "2026-01-05", "", "Rachel", "Ezra", "", "38", "4 8 2", "Sea Snail",
               "30", "2 2 2", "2", "Sea Lion", "3", "Rachel 2, Ezra 1", ""],
}
"""A piped tally per game: the answers typed, one a line (a game of the registry without
answers here is tallied with an empty standard input, which stops at the first question)."""


@dataclass(frozen=True, slots=True)
class Run:
    """One command: its arguments, its standard input and its own environment values."""

    args: tuple[str, ...]
    stdin: str | None = None
    columns: int = 80
    written: str | None = None
    """A file the command writes (relative to the scratch folder), shown after its output."""


def games() -> list[str]:
    from scorecalc.games import REGISTRY

    return list(REGISTRY)


def cases() -> dict[str, list[Run]]:
    """Every golden file's name (relative to ``tests/commands/golden``) and its runs."""
    found: dict[str, list[Run]] = {}
    for example in sorted((ROOT / "examples").glob("*/*.yaml")):
        path = str(example.relative_to(ROOT))
        runs = [Run(("score", path)), Run(("score", path), columns=60), Run(("score", path, "--summary"))]
        runs += [Run(("score", path, "-f", fmt)) for fmt in FORMATS]
        found[f"examples/{example.parent.name}/{example.stem}.txt"] = runs
        for fmt in PAGE_FORMATS:
            page = f"examples/{example.parent.name}/{example.stem}.{fmt}.txt"
            found[page] = [Run(("score", path, "-f", fmt))]
    for game in games():
        found[f"games/{game}.txt"] = [
            Run(("schema", game)),
            *(Run(("template", game, "--players", str(players))) for players in range(1, 6)),
            Run(("tally", game, "t.yaml"), stdin="\n".join(TALLY.get(game, [])) + "\n", written="t.yaml"),
        ]
    found["commands/help.txt"] = [Run(("--help",)), *(Run((command, "--help")) for command in (
        *games(), "tally", "score", "standings", "verify", "template", "schema"))]
    found["commands/score-all.txt"] = [Run(("score", "examples", "-f", fmt)) for fmt in ("json", "csv")]
    found["commands/verify.txt"] = [Run(("verify", "examples"))]
    found["commands/hostile.txt"] = [Run(("score", "tests/hostile"))]
    found["commands/standings.txt"] = [
        *(Run(("standings", "examples/league", "-f", fmt)) for fmt in STANDINGS_FORMATS),
        Run(("standings", "examples/league"), columns=60),
        *(Run(("standings", "examples/league", *STANDINGS_OPTIONS, "-f", fmt))
          for fmt in STANDINGS_FORMATS),
        Run(("standings", "examples/league", *STANDINGS_OPTIONS), columns=60),
        *(Run(("standings", "examples/league", "-f", fmt)) for fmt in PLAYS_FORMATS),
    ]
    return found


@contextlib.contextmanager
def pinned(columns: int) -> Iterator[None]:
    """The environment of one run, restored after it (``TZ`` takes effect through tzset)."""
    saved = {name: os.environ.get(name) for name in ENVIRONMENT}
    os.environ.update({**ENVIRONMENT, "COLUMNS": str(columns)})
    time.tzset()
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        time.tzset()


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    """A folder holding a copy of ``examples/`` and ``tests/hostile/`` whose files all carry
    ``FILE_TIME``, made the working folder for the runs."""
    with tempfile.TemporaryDirectory(prefix="scorecalc-golden-") as name:
        folder = Path(name)
        shutil.copytree(ROOT / "examples", folder / "examples")
        shutil.copytree(ROOT / "tests" / "hostile", folder / "tests" / "hostile")
        for path in folder.rglob("*"):
            os.utime(path, (FILE_TIME, FILE_TIME), follow_symlinks=False)
        before = Path.cwd()
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(before)


def shown(text: str) -> str:
    return text if not text or text.endswith("\n") else text + "\n" + NO_NEWLINE


def perform(run: Run, folder: Path) -> str:
    """One run as the golden file shows it."""
    from typer.testing import CliRunner

    from scorecalc.cli import app
    from tests.helpers import SEPARATE_STDERR

    if run.written:
        (folder / run.written).unlink(missing_ok=True)
    with pinned(run.columns):
        result = CliRunner(**SEPARATE_STDERR).invoke(app, list(run.args), input=run.stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"scorecalc {' '.join(run.args)} raised") from result.exception
    width = f"COLUMNS={run.columns} " if run.columns != 80 else ""
    text = (f"$ {width}scorecalc {' '.join(run.args)}\n"
            f"exit {result.exit_code}\n--- stderr\n{shown(result.stderr)}--- stdout\n{shown(result.stdout)}")
    if run.written:
        written = folder / run.written
        content = written.read_text(encoding="utf-8") if written.exists() else "(not written)\n"
        text += f"--- {run.written}\n{shown(content)}"
        written.unlink(missing_ok=True)
    return text


def render(runs: list[Run], folder: Path) -> str:
    return "\n".join(perform(run, folder) for run in runs)


def update(write: Callable[[Path, str], None] | None = None) -> int:
    """Rewrite every golden file (and remove those no case makes); returns how many changed."""
    changed = 0
    wanted = cases()
    with scratch() as folder:
        for name, runs in wanted.items():
            target = GOLDEN / name
            text = render(runs, folder)
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                changed += 1
                print(f"changed {target.relative_to(ROOT)}")
    for stale in sorted(GOLDEN.rglob("*.txt")):
        if str(stale.relative_to(GOLDEN)) not in wanted:
            stale.unlink()
            changed += 1
            print(f"removed {stale.relative_to(ROOT)}")
    return changed


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    count = update()
    print(f"{count} golden file(s) changed" if count else "golden files unchanged")
