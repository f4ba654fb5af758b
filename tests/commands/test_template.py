"""Starter templates and JSON Schemas derive from each game's declaration."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from scorecalc.games import REGISTRY, get_game
from scorecalc.template import player_range
from tests.helpers import EXAMPLES, run_cli

GAMES = list(REGISTRY)
"""Every registered game: each must have a starter template (the test below fails otherwise)."""


def counts(game: str) -> list[int]:
    low, high = player_range(get_game(game))
    return list(range(low, min(high, 5) + 1))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_template(game: str) -> None:
    assert get_game(game).example is not None


@pytest.mark.parametrize(("game", "players"), [(g, n) for g in GAMES for n in counts(g)])
def test_template_scores_without_edits(game: str, players: int) -> None:
    template = run_cli("template", game, "--players", str(players))
    assert template.exit_code == 0, template.stderr
    assert template.stdout.startswith(f"# yaml-language-server: $schema={game}.schema.json")
    assert "\n# " in template.stdout  # commented
    result = run_cli(game, "-", "--format", "json", input=template.stdout)
    assert result.exit_code == 0, result.stderr
    assert len(json.loads(result.stdout)["players"]) >= players


@pytest.mark.parametrize("game", GAMES)
def test_template_validates_against_schema(game: str) -> None:
    document = yaml.safe_load(run_cli("template", game).stdout)
    schema = json.loads(run_cli("schema", game).stdout)
    jsonschema.Draft202012Validator(schema).validate(document)


def test_template_refuses_impossible_player_counts() -> None:
    result = run_cli("template", "galapagos", "--players", "9")
    assert result.exit_code == 2 and "is played by" in result.stderr


EXAMPLE_FILES = sorted(EXAMPLES.rglob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_example_validates_against_its_schema(path: Path) -> None:
    document = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    game = document["game"]
    schema = json.loads(run_cli("schema", game).stdout)
    jsonschema.Draft202012Validator(schema).validate(_typed(path))


def _typed(path: Path):
    """Load a file as scorecalc reads it (only true/false are booleans)."""
    from scorecalc.reading.loading import Source, compose
    from scorecalc.spec import Anything
    from scorecalc.spec.context import Context

    return Anything().check(compose(Source(str(path), path.read_text(encoding="utf-8"))), (), Context())


def test_a_broken_file_fails_the_schema() -> None:
    schema = json.loads(run_cli("schema", "galapagos").stdout)
    player = {"name": "A", "exhibition": "many", "education": 1, "money": 0}
    broken = {"game": "galapagos", "players": [player]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(broken)
