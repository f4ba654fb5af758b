"""``scorecalc GAME FILE``: score one table of a game, with the score options and the game's own flags."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typer.core import TyperCommand

from ..games import REGISTRY
from .options import FileArgument, ScoreOptions, score_command
from .run import score_files


def build(name: str, help: str) -> TyperCommand:
    @score_command(name, help, flags=[(name, option) for option in REGISTRY[name].options])
    def game(file: FileArgument, options: ScoreOptions) -> int:
        return score_files([file], name, options)

    return game
