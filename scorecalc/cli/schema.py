"""``scorecalc schema GAME``: the JSON Schema (draft 2020-12) of a game's YAML, for editors."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typer.core import TyperCommand

from ..output.report import EXIT_OK
from .options import GameArgument, OutputOption, command, known_game
from .run import emit


def build(name: str, help: str) -> TyperCommand:
    @command(name, help)
    def schema(game: GameArgument, output: OutputOption = None) -> int:
        import json

        from ..schema import json_schema

        emit(json.dumps(json_schema(known_game(game)), indent=2, ensure_ascii=False) + "\n", output)
        return EXIT_OK

    return schema
