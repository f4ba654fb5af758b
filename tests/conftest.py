"""Shared test helpers: the CLI in-process, tables from text, YAML files in a tmp folder,
Hypothesis profiles and the ``slow`` marker.

``pytest -m "not slow"`` is the edit-test loop: it leaves out property tests (every
``@given`` test is marked ``slow`` here), pseudo-terminal sessions, signals sent at random
moments and the README tour. ``HYPOTHESIS_PROFILE=dev`` runs a fifth of the examples,
``thorough`` ten times as many; CI runs the default profile, ``ci``.
"""

from __future__ import annotations

import inspect
import os
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner, Result

from scorecalc.cli import app
from scorecalc.errors import InputError, format_error
from scorecalc.pipeline import Scored, score_source
from scorecalc.reading.loading import Source

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

SCALE = {"ci": 1.0, "dev": 0.2, "thorough": 10.0}
"""Each profile's share of a test's own number of examples (``examples(150)``)."""
for _profile in SCALE:
    settings.register_profile(_profile, deadline=None, print_blob=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if PROFILE not in SCALE:
    raise pytest.UsageError(f"HYPOTHESIS_PROFILE={PROFILE!r}: one of {', '.join(SCALE)}")
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """A property test's number of examples under the chosen profile (at least 5)."""
    return max(5, round(count * SCALE[PROFILE]))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out of the quick loop (pytest -m 'not slow')")
    config.addinivalue_line("markers", "stress: long randomized or repeated runs (races, load, kill loops); "
                                       "run by 'pytest -m stress' after the suite")


@pytest.hookimpl(tryfirst=True)  # before '-m' deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)


def score_text(text: str, name: str = "t.yaml") -> Scored:
    """Score a table given as (dedented) YAML text, as the command would read a file."""
    return score_source(Source(name, textwrap.dedent(text).lstrip("\n")))


def error_of(text: str) -> InputError:
    """The error a table given as YAML text raises; the test fails if it scores."""
    with pytest.raises(InputError) as caught:
        score_text(text)
    return caught.value


def message_of(text: str, name: str = "t.yaml") -> str:
    """The message the CLI prints for a table given as YAML text; fails unless it is located."""
    error = error_of(text)
    message = "\n".join(format_error(name, error))
    assert message.startswith(f"{name}:") and error.position is not None, message
    return message


SEPARATE_STDERR = {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
"""Click before 8.2 mixes standard error into ``result.stdout`` unless told not to (the lowest
Typer that pyproject.toml allows runs on Click 8.1; CI tests it)."""


def run_cli(*args: str, input: str | None = None) -> Result:
    """Run ``scorecalc ARGS`` in-process; ``result.stdout`` and ``result.stderr`` are separate."""
    return CliRunner(**SEPARATE_STDERR).invoke(app, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def write_yaml(tmp_path: Path) -> Callable[[str, str], Path]:
    """``write_yaml(text, name="table.yaml")`` writes dedented YAML and returns its path."""

    def write(text: str, name: str = "table.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """``zone("America/New_York")`` makes that the local time zone for the test."""

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield use
    monkeypatch.undo()
    time.tzset()


def wait_until_it_catches(pid: int, signum: int, timeout: float = 30) -> None:
    """Wait until the process has a handler for ``signum`` (Linux: SigCgt in /proc)."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        time.sleep(3)
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in status.read_text().splitlines():
            if line.startswith("SigCgt:") and int(line.split()[1], 16) & (1 << (signum - 1)):
                return
        time.sleep(0.02)
    raise AssertionError(f"process {pid} never installed a handler for signal {signum}")
