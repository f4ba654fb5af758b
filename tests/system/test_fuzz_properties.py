"""Random mutations of valid files end in a score or a located error, never a traceback."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorecalc.games import get_game
from scorecalc.template import render_template
from tests.helpers import EXAMPLES, GAMES, examples
from tests.support.mutate import mutate, outcome

SEEDS = sorted(EXAMPLES.rglob("*.yaml"))
FOLDERS = sorted({*GAMES, *(path.parent.name for path in SEEDS)})
"""Every game of the registry and every folder of examples (the league's mixes the games)."""


def seeds(folder: str) -> list[str]:
    """The folder's examples, and for a game its starter template (so a game without examples
    is fuzzed too)."""
    texts = [path.read_text(encoding="utf-8") for path in SEEDS if path.parent.name == folder]
    if folder in GAMES:
        texts.append(render_template(get_game(folder), 2))
    return texts


@pytest.mark.parametrize("game", FOLDERS)
@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 10_000))
def test_mutated_examples_score_or_fail_with_a_location(game: str, seed: int, pick: int) -> None:
    texts = seeds(game)
    text = texts[pick % len(texts)]
    mutated = mutate(text, random.Random(seed))
    result, message = outcome(mutated)  # raises on a traceback, an unlocated message or a broken sheet
    if result == "error":  # each position lies inside the file (YAML breaks lines at \r, NEL, LS, PS too)
        lines = len(mutated.splitlines()) + 1
        for line, column in re.findall(r"^fuzz\.yaml:(\d+):(\d+):", message, re.M):
            assert 1 <= int(line) <= lines and int(column) >= 1, (line, column, message)
