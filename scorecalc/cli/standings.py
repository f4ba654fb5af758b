"""``scorecalc standings PATH...``: league standings over many tables (``scorecalc/league/``)."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from ..errors import UsageError
from ..games import REGISTRY
from ..output.report import Report
from ..output.standings import StandingsFormat
from . import ClickContext
from .options import OutputOption, PathsArgument, StrictOption, WideOption, command, complete_game, known_game
from .run import emit, expand, score_one

ONE_PLAY_ONLY = ("bgstats is one play's BG Stats link (scorecalc score FILE --format bgstats); "
                 "the plays of a season go into one BG Stats import file: --format bgsplay")


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
            "--format", "-f", help="Output format (bgsplay: the plays counted, as one BG Stats "
                                   "import file).")] = StandingsFormat.TABLE,
        output: OutputOption = None,
        strict: StrictOption = False,
        wide: WideOption = False,
    ) -> int:
        from ..dates import parse_day
        from ..output.standings import render_standings
        from ..output.terminal import terminal_width
        from ..league.standings import Filters, compute
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
        if format is StandingsFormat.BGSPLAY:
            from ..output.bgsplay import render_bgsplay

            emit(render_bgsplay([sheet for sheet in sheets if filters.counts(sheet)]), output)
            return report.exit_code
        result = compute(sheets, filters, files=len(files), left_out=report.left_out,
                         game_order=list(REGISTRY))
        to_file = output is not None and output != "-"
        width = None if wide else terminal_width(terminal=not to_file)
        emit(render_standings(result, StandingsFormat(format), width), output)
        return report.exit_code

    refuse_one_play_format(standings)
    return standings


def refuse_one_play_format(standings: TyperCommand) -> None:
    """``--format bgstats``, a score's format for one play, is refused with a pointer to
    ``bgsplay`` instead of the bare "not one of" (the choices shown stay those of standings)."""
    choice: Any = next(param for param in standings.params if param.name == "format").type
    convert = choice.convert

    def refusing(value: Any, param: Any, ctx: ClickContext) -> Any:
        if isinstance(value, str) and value.strip().lower() == "bgstats":
            choice.fail(ONE_PLAY_ONLY, param, ctx)
        return convert(value, param, ctx)

    choice.convert = refusing
