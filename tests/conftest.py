"""Fixtures and hooks: YAML files in a tmp folder, a time zone for a test, Hypothesis profiles,
and the ``slow`` and ``stress`` markers. What tests share besides fixtures is in ``helpers.py``.

``pytest -m "not slow"`` is the edit-test loop: it leaves out property tests (every
``@given`` test is marked ``slow`` here), browser tests (every test that uses the ``browser``
fixture is marked ``slow`` here), pad servers, pseudo-terminal sessions, signals sent at random
moments and the README tour. A test not marked ``slow`` that starts a pad server or a
pseudo-terminal fails in that loop, saying so (``helpers.starts``).

``stress`` marks long randomized or repeated runs (kill loops, races, runs under load): left
out of every run unless asked for (``pytest -m stress``; they are ``slow`` too).
``HYPOTHESIS_PROFILE=dev`` runs a fifth of the examples, ``thorough`` ten times as many; CI runs
the default profile, ``ci``.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.helpers import PROFILE, RUNNING, SCALE

for _profile in SCALE:
    settings.register_profile(_profile, deadline=None, print_blob=True)
if PROFILE not in SCALE:
    raise pytest.UsageError(f"HYPOTHESIS_PROFILE={PROFILE!r}: one of {', '.join(SCALE)}")
settings.load_profile(PROFILE)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out of the quick loop (pytest -m 'not slow')")
    config.addinivalue_line("markers", "stress: long randomized or repeated runs (races, load, kill loops); "
                                       "run by 'pytest -m stress' after the suite")


def quick_loop(config: pytest.Config) -> bool:
    """Whether this run is the quick loop: its ``-m`` leaves the ``slow`` tests out."""
    return "not slow" in (config.getoption("markexpr", "") or "")


@pytest.hookimpl(optionalhook=True)  # xdist's hook: Pyodide's pytest runs without xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject's addopts) runs the quick loop in this one process: each xdist worker
    starts Python and pytest and collects every module again, which cost a third of the loop's
    processor time for a wall time a little shorter on idle cores and longer on a busy machine
    (CONTRIBUTING.md, "What the checks cost"). The suite still takes a worker a core; ``-n 2``
    given on the command line is obeyed."""
    return 0 if quick_loop(config) else None


@pytest.hookimpl(tryfirst=True)  # before '-m' deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Property tests and browser tests are ``slow``; ``stress`` tests are ``slow`` too, and left
    out of every run whose ``-m`` does not name ``stress`` (a ``-m`` in addopts would be replaced
    by the one typed, so ``pytest -m "not slow"`` would bring them back)."""
    wanted_stress = "stress" in (config.getoption("markexpr", "") or "")
    kept, left_out = [], []
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)
        if "browser" in getattr(item, "fixturenames", ()):  # tests/system/conftest.py: Chromium
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("stress") is not None:
            item.add_marker(pytest.mark.slow)
            if not wanted_stress:
                left_out.append(item)
                continue
        kept.append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


@pytest.hookimpl(tryfirst=True)  # before the test's fixtures start anything
def pytest_runtest_setup(item: pytest.Item) -> None:
    """The test running now, for ``helpers.starts``."""
    RUNNING[:] = [item]


def pytest_runtest_teardown(item: pytest.Item) -> None:
    RUNNING.clear()


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
