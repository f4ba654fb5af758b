"""Random mutations of valid files end in a score or a located error, never a traceback."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import EXAMPLES
from .mutate import mutate, outcome

SEEDS = sorted(EXAMPLES.rglob("*.yaml"))
GAMES = sorted({path.parent.name for path in SEEDS})


@pytest.mark.parametrize("game", GAMES)
@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 10_000))
def test_mutated_examples_score_or_fail_with_a_location(game: str, seed: int, pick: int) -> None:
    files = [path for path in SEEDS if path.parent.name == game]
    text = files[pick % len(files)].read_text(encoding="utf-8")
    result, message = outcome(mutate(text, random.Random(seed)))
    assert result in {"scored", "error"}
    if result == "error":
        assert message.startswith("fuzz.yaml:")
