"""The seams between a game and the pipeline: a game's ``score`` returns only what it computed,
and the play's details (file, date, place, notes, BG Stats id, warnings) are the pipeline's,
in ``PlayInfo`` beside the sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorecalc.games import REGISTRY, get_game
from scorecalc.pipeline import load, score_file
from scorecalc.reading.loading import read_source
from scorecalc.sheet import PlayInfo, Scored

from .conftest import EXAMPLES

METADATA = ("file", "title", "date", "location", "play_notes", "bgg_id", "file_time", "warnings")
"""What the pipeline once set onto the sheet a game returned."""


def first_example(game: str) -> Path:
    return sorted((EXAMPLES / game).glob("*.yaml"))[0]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_games_score_returns_only_what_it_computed(name: str) -> None:
    game, document = load(read_source(str(first_example(name))))
    sheet = game.score(game.parse(document))
    assert sheet.game == name
    for attribute in METADATA:
        assert not hasattr(sheet, attribute), attribute


TABLE = """\
game: galapagos
date: 2026-11-28 20:30
location: Café Zoo
notes: Hana's first win.
bgg_id: 4
players:
  - {name: Hana, exhibition: 30, education: 11, animals: 3, money: 2600}
  - {name: Ivo, exhibition: 33, education: 6, animals: 2, money: 1900}
"""


def test_the_pipeline_fills_the_plays_details_beside_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "night.yaml"
    path.write_text(TABLE, encoding="utf-8")
    scored = score_file(str(path))
    assert isinstance(scored, Scored)
    assert scored.info == PlayInfo(file=str(path), title="Galapagos", date="2026-11-28T20:30",
                                   location="Café Zoo", notes="Hana's first win.", bgg_id=4,
                                   file_time=path.stat().st_mtime, warnings=())
    assert scored.sheet == get_game("galapagos").score(scored.state)  # the same sheet the game computed
    assert scored.sheet.winners == ["Hana"]


def test_the_plays_warnings_are_in_its_details(tmp_path: Path) -> None:
    path = tmp_path / "crowded.yaml"
    path.write_text(TABLE.replace("animals: 3", "animals: {crab: 8}"), encoding="utf-8")
    warnings = score_file(str(path)).info.warnings
    assert warnings and all(line.startswith(f"{path}:") and ": warning: " in line for line in warnings)
