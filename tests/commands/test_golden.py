"""Every output against its golden file (``tests/support/golden.py`` says what they hold).

A difference fails with the unified diff; after a deliberate change, ``python -m tests.support.golden``
rewrites the files and ``git diff tests/commands/golden`` shows what the change changed.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.golden import GOLDEN, cases, render, scratch

CASES = cases()


def quick_pages(names: list[str]) -> list[object]:
    """The golden cases, each example's outputs and html page but the first of each folder marked
    ``slow``: every example runs in the suite, one of each folder (a game's, the league's) in the
    quick loop, beside every command's and game's own case (the formats' frame is the same)."""
    seen: set[tuple[str, bool]] = set()
    kept: list[object] = []
    for name in names:
        folder = name.rpartition("/")[0]
        kind = (folder, name.endswith(".html.txt"))
        if name.startswith("examples/") and kind in seen:
            kept.append(pytest.param(name, marks=pytest.mark.slow))
        else:
            seen.add(kind)
            kept.append(name)
    return kept


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with scratch() as made:
        yield made


@pytest.mark.parametrize("name", quick_pages(sorted(CASES)))
def test_output_is_golden(name: str, folder: Path) -> None:
    expected_file = GOLDEN / name
    assert expected_file.exists(), f"{name} has no golden file: run python -m tests.support.golden"
    expected = expected_file.read_text(encoding="utf-8")
    actual = render(CASES[name], folder)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            f"golden/{name}", "now", n=2))
        pytest.fail(f"output differs from tests/commands/golden/{name} "
                    f"(python -m tests.support.golden rewrites it):\n{diff}")


def test_every_golden_file_has_a_case() -> None:
    stale = sorted(str(path.relative_to(GOLDEN)) for path in GOLDEN.rglob("*.txt")
                   if str(path.relative_to(GOLDEN)) not in CASES)
    assert not stale, f"golden files no case makes (python -m tests.support.golden removes them): {stale}"
