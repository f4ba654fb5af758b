"""JSON Schema (draft 2020-12) of a game's YAML, derived from its declaration."""

from __future__ import annotations

from typing import Any

from .games import get_game


def json_schema(game_name: str) -> dict[str, Any]:
    game = get_game(game_name)
    schema = game.declaration.json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://scorecalc.invalid/schema/{game.name}.json",
        "title": f"scorecalc: a finished {game.title} table",
        **schema,
    }
