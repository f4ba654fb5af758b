"""``scorecalc template GAME``: a commented starter YAML for a game, which scores as it is."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typing import Annotated

import typer
from typer.core import TyperCommand

from ..errors import UsageError
from ..output.report import EXIT_OK
from .options import GameArgument, OutputOption, command, known_game
from .run import emit


def build(name: str, help: str) -> TyperCommand:
    @command(name, help)
    def template(
        game: GameArgument,
        players: Annotated[int | None, typer.Option(
            "--players", "-n", metavar="N", help="Number of players.")] = None,
        output: OutputOption = None,
    ) -> int:
        from ..games import get_game
        from ..template import player_range, render_template

        chosen = get_game(known_game(game))
        if chosen.example is None:
            raise UsageError(f"{chosen.title} has no starter template yet")
        low, high = player_range(chosen)
        count = max(low, 2) if players is None else players
        if not low <= count <= high:
            raise UsageError(f"--players: {chosen.title} is played by {low} to {high} players, not {count}")
        emit(render_template(chosen, count), output)
        return EXIT_OK

    return template
