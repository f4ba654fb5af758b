"""``scorecalc GAME FILE``: score one table of a game, with the score options and the game's own flags."""

# No ``from __future__ import annotations``: Typer reads these annotations.

import typer
from typer.core import TyperCommand

from ..games import REGISTRY
from .options import FileArgument, ScoreOptions, score_command
from .run import score_files


def build(name: str, help: str) -> TyperCommand:
    @score_command(name, help, flags=[(name, option) for option in REGISTRY[name].options])
    def game(ctx: typer.Context, file: FileArgument) -> int:
        return score_files([file], name, ScoreOptions.of(ctx))

    return game
