"""What the tests share: where things are, the games, the one in-process runner and the one
subprocess runner, tables from text, timeouts that hold on a busy machine, and the modules a
source file imports.

Fixtures and hooks live in ``conftest.py``; data only some tests use (Caracas boards,
mutations, random plays, the toy game, typed tally answers, the golden cases) in
``support/``. No test module imports from another test module: what two of them need is here.

The games are the registry's (``GAMES``): a per-game test is parametrized over it, so a new
game is covered without editing a list. With ``SCORECALC_TEST_TOY=1`` in the environment the
toy game of ``support/toy_game.py`` is registered too (one entry added to ``REGISTRY`` before
anything reads it): ``commands/test_registry.py`` runs the per-game tests that way.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner, Result

from scorecalc.games import REGISTRY, GameEntry, GameOption

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
HOSTILE = ROOT / "tests" / "hostile"

# --- the games -------------------------------------------------------------------------------

TOY_SWITCH = "SCORECALC_TEST_TOY"
TOY = GameEntry("tests.support.toy_game", "Toy",
                options=(GameOption("--shout", "Shout the names.", "shout"),))
"""The toy game's registry line (its module holds the whole game)."""
TOY_LAUNCH = f"""
import sys
from scorecalc.games import REGISTRY, GameEntry, GameOption
REGISTRY["toy"] = {TOY!r}
from scorecalc.cli import main
sys.argv[0] = "scorecalc"
main()
"""
"""A program for ``run_scorecalc(..., script=TOY_LAUNCH)``: the command line with the toy registered."""

if os.environ.get(TOY_SWITCH) == "1":
    REGISTRY["toy"] = TOY

GAMES: tuple[str, ...] = tuple(REGISTRY)
"""Every registered game, in the registry's order."""

def per_game(table: Mapping[str, T], game: str, what: str, where: str) -> T:
    """``table[game]`` for data only a game's own tests can hold (its typed answers, the nouns
    its interview uses); a game the table lacks fails the test, saying what to add where,
    rather than leaving the new game silently untested."""
    if game not in table:
        pytest.fail(f"game {game!r} has no {what} here: add them to {where}", pytrace=False)
    return table[game]


# --- Hypothesis: examples per profile ---------------------------------------------------------

SCALE = {"ci": 1.0, "dev": 0.2, "thorough": 10.0}
"""Each profile's share of a test's own number of examples (``examples(150)``)."""
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")


def examples(count: int) -> int:
    """A property test's number of examples under the chosen profile (at least 5)."""
    return max(5, round(count * SCALE.get(PROFILE, 1.0)))


# --- timeouts that hold on a busy machine -----------------------------------------------------

SLOWNESS = "SCORECALC_TEST_SLOWNESS"


def slowness() -> float:
    """How many times slower than an idle machine this one runs now: ``SCORECALC_TEST_SLOWNESS``
    if set, else the load average per core when it is above 1 (at least 1)."""
    if os.environ.get(SLOWNESS):
        return max(1.0, float(os.environ[SLOWNESS]))
    try:
        load = os.getloadavg()[0]
    except OSError:
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


def timeout(seconds: float) -> float:
    """A guard against a hang: ``seconds`` (generous on an idle machine: several times the
    longest run seen) times ``slowness()``. Never an assertion on how long a run takes."""
    return seconds * slowness()


# --- the quick loop ---------------------------------------------------------------------------

RUNNING: list[pytest.Item] = []
"""The test running now (set by ``conftest.py``'s ``pytest_runtest_setup``)."""


PARAM = type(pytest.param(None))
"""What ``pytest.param`` makes."""


def first_quick(*cases: Any, several: bool = False) -> list[Any]:
    """The cases of a test that starts a process per case, or of a sweep (``parametrize``): the
    first one in the quick loop, every one in the suite (the others marked ``slow``). A case may be a
    ``pytest.param`` already (its marks and id kept); ``several``: each case is a tuple of the
    test's several arguments."""
    kept: list[Any] = []
    for i, case in enumerate(cases):
        if i == 0:
            kept.append(case)
        elif isinstance(case, PARAM):
            kept.append(pytest.param(*case.values, marks=[*case.marks, pytest.mark.slow], id=case.id))
        else:
            kept.append(pytest.param(*(case if several else (case,)), marks=pytest.mark.slow))
    return kept


def one_per_folder(paths: Sequence[Path]) -> list[Any]:
    """The cases of a sweep over every example: the first file of each folder (one a game, and the
    league) in the quick loop, every file in the suite (the others marked ``slow``)."""
    seen: set[Path] = set()
    kept: list[Any] = []
    for path in paths:
        if path.parent in seen:
            kept.append(pytest.param(path, marks=pytest.mark.slow))
        else:
            seen.add(path.parent)
            kept.append(path)
    return kept


def starts(what: str) -> None:
    """Said where a test starts ``what``: a pad server, a browser or a pseudo-terminal. In a run
    that leaves the slow tests out (``pytest -m "not slow"``), a test not marked ``slow`` fails
    here, saying so: the quick loop stays quick (CONTRIBUTING.md). In any other run, nothing."""
    if not RUNNING:
        return
    item = RUNNING[-1]
    if item.get_closest_marker("slow") is not None:
        return
    if "not slow" not in (item.config.getoption("markexpr", "") or ""):
        return
    pytest.fail(f"{item.nodeid} starts {what} but is not marked slow: add @pytest.mark.slow (the "
                "quick loop, -m 'not slow', leaves out servers, browsers and terminals; "
                "tests/commands/test_web_http.py tests the pad's routes in-process)", pytrace=False)


# --- the command line in-process --------------------------------------------------------------


SEPARATE_STDERR = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
"""Click before 8.2 mixes standard error into ``result.stdout`` unless told not to (the lowest
Typer that pyproject.toml allows runs on Click 8.1; CI tests it)."""


def run_cli(*args: str, input: str | None = None, env: Mapping[str, str | None] | None = None) -> Result:
    """Run ``scorecalc ARGS`` in-process (Typer's test runner); ``result.stdout`` and
    ``result.stderr`` are separate; ``env`` changes the environment for the run."""
    from scorecalc.cli import app  # imported once the registry is complete (the toy, above)

    return CliRunner(**SEPARATE_STDERR).invoke(app, list(args), input=input, env=env, catch_exceptions=False)


# --- the command line in a process of its own -------------------------------------------------

SCORECALC = (sys.executable, "-m", "scorecalc")
KEPT = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR",
        "SYSTEMROOT")
"""What a process inherits of the test's environment (the locale and the time zone: a run in a
process and one in-process read dates alike); everything else is left out or pinned."""
PINNED = {"PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "80"}
"""The source tree first on the path (``tests.support`` importable), no colour, 80 columns."""


def pinned_environment(changes: Mapping[str, str | None] | None = None) -> dict[str, str]:
    """The pinned environment of a process, with ``changes`` (``None`` removes a variable)."""
    env = {name: os.environ[name] for name in KEPT if name in os.environ}
    env.update(PINNED)
    for name, value in (changes or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def run_scorecalc(*args: str, input: str | bytes | None = None, cwd: Path | str = ROOT,
                  env: Mapping[str, str | None] | None = None, script: str | None = None,
                  python: Sequence[str] = (), text: bool = True, seconds: float = 120,
                  **options: Any) -> subprocess.CompletedProcess[Any]:
    """``python -m scorecalc ARGS`` in a process of its own, in ``cwd``, with the pinned
    environment (``env``: changes to it), killed after ``timeout(seconds)``.

    Standard output and error are captured unless ``stdout`` or ``stderr`` is given (then
    what is not given is inherited); ``text=False`` gives bytes. ``python``: the interpreter's
    own options (``("-X", "importtime")``). ``script``: a Python program that starts the
    command line itself, run as ``python -c SCRIPT ARGS`` (a registry entry added first, the
    modules a run imported printed at exit...)."""
    start = ["-c", script] if script is not None else ["-m", "scorecalc"]
    command = [sys.executable, *python, *start, *args]
    if "stdout" not in options and "stderr" not in options:
        options["capture_output"] = True
    if isinstance(input, str) and not text:
        input = input.encode()
    return subprocess.run(command, input=input, cwd=cwd, env=pinned_environment(env), text=text,
                          timeout=timeout(seconds), check=False, **options)


def start_scorecalc(*args: str, cwd: Path | str = ROOT, env: Mapping[str, str | None] | None = None,
                    **options: Any) -> subprocess.Popen[bytes]:
    """``python -m scorecalc ARGS`` started in the pinned environment, for a test that talks to
    it or signals it while it runs (``subprocess.Popen`` options pass through)."""
    return subprocess.Popen([*SCORECALC, *args], cwd=cwd, env=pinned_environment(env), **options)


def spawn_scorecalc(*args: str, cwd: Path | str, dimensions: tuple[int, int] = (50, 120),
                    env: Mapping[str, str | None] | None = None, seconds: float = 60) -> Any:
    """``python -m scorecalc ARGS`` on a real pseudo-terminal (a ``pexpect.spawn``: ``TERM=xterm``,
    the pinned environment, ``env`` changes); each ``expect`` waits at most ``timeout(seconds)``."""
    import pexpect

    starts("a pseudo-terminal")
    return pexpect.spawn(SCORECALC[0], [*SCORECALC[1:], *args], cwd=str(cwd),
                         env=pinned_environment({"TERM": "xterm", **(env or {})}), encoding="utf-8",
                         dimensions=dimensions, timeout=timeout(seconds))


def interrupt(child: Any, seconds: float = 30) -> None:
    """Ctrl-C on the pseudo-terminal of ``child``, once the program waits for its answer.

    The prompt shows before the program waits: readline prints it, then looks for a signal, then
    waits for a key. A Ctrl-C in between is noted but not acted on until the next key (a race in
    Python's readline loop, seen here as a session that never ends, 1 in 10 under load), so the
    key is sent only when the process sleeps, blocked reading its terminal."""
    state = Path(f"/proc/{child.pid}/stat")
    deadline = time.monotonic() + timeout(seconds)
    while state.exists() and time.monotonic() < deadline:
        if state.read_text().rsplit(")", 1)[1].split()[0] == "S":
            break
        time.sleep(0.005)
    child.sendintr()


def wait_until_it_catches(pid: int, signum: int, seconds: float = 30) -> None:
    """Wait until the process has a handler for ``signum`` (Linux: SigCgt in /proc)."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        time.sleep(timeout(3))
        return
    deadline = time.monotonic() + timeout(seconds)
    while time.monotonic() < deadline:
        for line in status.read_text().splitlines():
            if line.startswith("SigCgt:") and int(line.split()[1], 16) & (1 << (signum - 1)):
                return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} never installed a handler for signal {signum}")


# --- tables from text -------------------------------------------------------------------------


def score_text(text: str, name: str = "t.yaml") -> Any:
    """Score a table given as (dedented) YAML text, as the command would read a file."""
    from scorecalc.pipeline import score_source
    from scorecalc.reading.loading import Source

    return score_source(Source(name, textwrap.dedent(text).lstrip("\n")))


def error_of(text: str) -> Any:
    """The error a table given as YAML text raises; the test fails if it scores."""
    from scorecalc.errors import InputError

    with pytest.raises(InputError) as caught:
        score_text(text)
    return caught.value


def message_of(text: str, name: str = "t.yaml") -> str:
    """The message the CLI prints for a table given as YAML text; fails unless it is located."""
    from scorecalc.errors import format_error

    error = error_of(text)
    message = "\n".join(format_error(name, error))
    assert message.startswith(f"{name}:") and error.position is not None, message
    return message


# --- the code's own imports -------------------------------------------------------------------


def imported(path: Path) -> set[str]:
    """The scorecalc modules ``path`` imports (relative imports resolved)."""
    stat = path.stat()
    return set(imports_of(path, stat.st_mtime_ns, stat.st_size))


@functools.cache  # the layer tests read every source file; a file read once per process and version
def imports_of(path: Path, mtime_ns: int, size: int) -> frozenset[str]:
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            found.add(".".join([*base, node.module or ""]).strip("."))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return frozenset(name for name in found if name.startswith("scorecalc"))
