"""``scorecalc schema GAME``: the JSON Schema (draft 2020-12) of a game's YAML, for editors."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typer.core import TyperCommand

from ..output.report import EXIT_OK
from .options import GameArgument, OutputOption, command, known_game
from .run import emit


def build(name: str, help: str) -> TyperCommand:
    @command(name, help)
    def schema(game: GameArgument, output: OutputOption = None) -> int:
        from ..output.data import json_text
        from ..schema import json_schema

        emit(json_text([json_schema(known_game(game))]), output)
        return EXIT_OK

    return schema
