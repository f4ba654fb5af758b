"""``scorecalc standings PATH...``: league standings over many tables (``scorecalc/standings.py``)."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typing import Annotated

import typer
from typer.core import TyperCommand

from ..errors import UsageError
from ..games import REGISTRY
from ..output.report import Report
from ..output.standings import StandingsFormat
from .options import OutputOption, PathsArgument, StrictOption, WideOption, command, complete_game, known_game
from .run import emit, expand, score_one


def build(name: str, help: str) -> TyperCommand:
    @command(name, help)
    def standings(
        paths: PathsArgument,
        since: Annotated[str | None, typer.Option(
            "--since", help="Count only plays dated on or after this day (YYYY-MM-DD).")] = None,
        until: Annotated[str | None, typer.Option(
            "--until", help="Count only plays dated on or before this day (YYYY-MM-DD).")] = None,
        game: Annotated[str | None, typer.Option(
            "--game", help="Count only this game.", autocompletion=complete_game)] = None,
        format: Annotated[StandingsFormat, typer.Option(
            "--format", "-f", help="Output format.")] = StandingsFormat.TABLE,
        output: OutputOption = None,
        strict: StrictOption = False,
        wide: WideOption = False,
    ) -> int:
        from ..output.standings import render_standings
        from ..output.terminal import terminal_width
        from ..standings import Filters, compute, parse_day
        from ..writing import check_output_target

        filters = Filters(parse_day("--since", since), parse_day("--until", until),
                          known_game(game) if game is not None else None)
        if filters.since and filters.until and filters.since > filters.until:
            raise UsageError(f"--since {since} is after --until {until}: no day is in that range")
        report = Report()
        files = expand(paths, report)
        check_output_target(output, files)
        sheets = []
        for file in files:
            scored = score_one(file, None, strict, report)
            if scored is not None:
                sheets.append(scored.sheet)
        result = compute(sheets, filters, files=len(files), left_out=report.left_out,
                         game_order=list(REGISTRY))
        to_file = output is not None and output != "-"
        width = None if wide else terminal_width(terminal=not to_file)
        emit(render_standings(result, StandingsFormat(format), width), output)
        return report.exit_code

    return standings
