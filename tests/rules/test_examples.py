"""Every shipped example is its own test case: a failure names the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorecalc.pipeline import score_file
from scorecalc.verify import verify_one
from tests.helpers import EXAMPLES, GAMES, ROOT

FILES = sorted(EXAMPLES.rglob("*.yaml"))


def test_there_are_examples_of_every_game() -> None:
    missing = set(GAMES) - {path.parent.name for path in FILES}
    assert not missing, f"no worked example of {sorted(missing)}: add examples/GAME/*.yaml (with expect:)"


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(EXAMPLES)) for path in FILES])
def test_example_matches_its_expect_block(path: Path) -> None:
    name = str(path.relative_to(ROOT))
    verdict = verify_one(name, score_file(name))
    assert verdict.kind == "passed", "\n".join(verdict.lines + verdict.problems)
