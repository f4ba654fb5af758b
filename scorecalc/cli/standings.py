"""``scorecalc standings PATH...``: league standings over many tables (``scorecalc/league/``)."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand, TyperOption

from ..errors import UsageError
from ..games import REGISTRY
from ..output.report import Report
from ..output.standings import StandingsFormat
from ..output.terminal import console
from . import ClickContext
from .options import (
    OutputOption,
    PathsArgument,
    ScorecalcCommand,
    StrictOption,
    WideOption,
    built,
    choice_metavar,
    complete_game,
    known_game,
)
from .run import emit, expand, save, score_one

if TYPE_CHECKING:
    from ..league.standings import Filters, Insight, Standings

ONE_PLAY_ONLY = ("bgstats is one play's BG Stats link (scorecalc score FILE --format bgstats); "
                 "the plays of a season go into one BG Stats import file: --format bgsplay")


ChartOption = Annotated[str | None, typer.Option(
    "--chart", metavar="FILE", help="Also draw the season as FILE.png or FILE.svg: ratings (with "
                                    "--ratings) or wins after each dated play, a line per player.")]


FIGURES_KEY = "scorecalc.standings_figures"


class StandingsCommand(ScorecalcCommand):
    """``standings``: its own options, and one flag per figure of ``league.figures`` (listed
    before ``--chart``, in ``Figure.listed`` order). The figures given reach the command as
    ``ctx.meta[FIGURES_KEY]``, a frozenset of their names."""

    def take_figures(self) -> None:
        from ..league import figures

        flags = [TyperOption(param_decls=[figure.name, figure.flag], is_flag=True, default=False,
                             help=figure.help) for figure in figures.listed()]
        at = next(index for index, param in enumerate(self.params) if param.name == "chart")
        self.params[at:at] = flags

    def invoke(self, ctx: ClickContext) -> Any:
        from ..league import figures

        ctx.meta[FIGURES_KEY] = frozenset(figure.name for figure in figures.listed()
                                          if ctx.params.pop(figure.name, False))
        return super().invoke(ctx)


def build(name: str, help: str) -> TyperCommand:
    def standings(
        ctx: typer.Context,
        paths: PathsArgument,
        since: Annotated[str | None, typer.Option(
            "--since", metavar="DATE",
            help="Count only plays dated on or after this day (YYYY-MM-DD).")] = None,
        until: Annotated[str | None, typer.Option(
            "--until", metavar="DATE",
            help="Count only plays dated on or before this day (YYYY-MM-DD).")] = None,
        game: Annotated[str | None, typer.Option(
            "--game", metavar="GAME", help="Count only this game: " + ", ".join(REGISTRY) + ".",
            autocompletion=complete_game)] = None,
        format: Annotated[StandingsFormat, typer.Option(
            "--format", "-f", metavar=choice_metavar(list(StandingsFormat)),
            help="Output format (bgsplay: the plays counted, as one BG Stats import file).",
        )] = StandingsFormat.TABLE,
        output: OutputOption = None,
        strict: StrictOption = False,
        wide: WideOption = False,
        chart: ChartOption = None,
    ) -> int:
        from ..dates import parse_day
        from ..league.standings import Filters, Insight

        filters = Filters(parse_day("--since", since), parse_day("--until", until),
                          known_game(game) if game is not None else None)
        if filters.since and filters.until and filters.since > filters.until:
            raise UsageError(f"--since {since} is after --until {until}: no day is in that range")
        insight = Insight(ctx.meta[FIGURES_KEY], chart is not None)
        return run(paths, filters, insight, StandingsFormat(format), output, strict, wide, chart)

    command = built(standings, name, help, StandingsCommand)
    assert isinstance(command, StandingsCommand)
    command.take_figures()
    refuse_one_play_format(command)
    return command


def run(paths: list[str], filters: "Filters", insight: "Insight", format: StandingsFormat, output: str | None,
        strict: bool, wide: bool, chart: str | None) -> int:
    """Read and score the files, then write the chart, and the standings (or the plays, bgsplay)."""
    from ..sheet import Scored, for_the_season
    from ..writing import check_output_target

    if format is StandingsFormat.BGSPLAY:
        refuse_insight_with_bgsplay(insight)
    if format is StandingsFormat.HTML and plotting_library():
        insight = replace(insight, chart=True)  # the page draws the season whenever it can
    report = Report()
    files = expand(paths, report)
    check_output_target(output, files)
    if chart is not None:
        check_chart(chart, output, files)
    results: list[Scored] = []
    for file in files:
        scored = score_one(file, None, strict, report)
        if scored is not None:
            # not the file's document nor every item's detail: 20,000 tables add up
            results.append(Scored(for_the_season(scored.sheet), scored.info))
    if files and not results:  # every file was bad input: an existing --output or --chart keeps its content
        return report.exit_code
    if format is StandingsFormat.BGSPLAY and chart is None:
        from ..output.bgsplay import render_bgsplay

        emit(render_bgsplay([scored for scored in results if filters.counts(scored)]), output)
        return report.exit_code
    from ..league.standings import compute

    result = compute(results, filters, files=len(files), left_out=report.left_out, game_order=list(REGISTRY),
                     insight=insight)
    if chart is not None:
        from ..league.chart import draw, season_picture

        drawing = draw(season_picture(result), chart)
        save(chart, drawing.data)
        if drawing.missing:
            console.err(f"{chart}: warning: the chart's font has no glyph for {drawing.missing!r}; "
                        "those characters of names show as boxes")
    if format is StandingsFormat.BGSPLAY:
        from ..output.bgsplay import render_bgsplay

        emit(render_bgsplay([scored for scored in results if filters.counts(scored)]), output)
    elif format is StandingsFormat.HTML:
        emit(standings_page(result), output)
    else:
        from ..output.standings import render_standings
        from ..output.terminal import terminal_width

        to_file = output is not None and output != "-"
        emit(render_standings(result, format, None if wide else terminal_width(terminal=not to_file)), output)
    return report.exit_code


def plotting_library() -> bool:
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


def standings_page(result: "Standings") -> str:
    """``--format html``: the blocks ``-f markdown`` shows, then the season chart inline as SVG
    when matplotlib is installed (else one line saying how to install it)."""
    from ..league.chart import INSTALL
    from ..output.html import render_standings_html

    chart, note = None, f"The season chart needs matplotlib, which is not installed: {INSTALL}"
    if plotting_library():
        from ..league.chart import draw, season_picture

        chart = draw(season_picture(result), "season.svg").data
        note = "The season as standings --chart FILE.svg draws it."
    return render_standings_html(result, chart, note)


def refuse_insight_with_bgsplay(insight: "Insight") -> None:
    """The insight options add to the standings; ``bgsplay`` writes the plays, not the standings."""
    from ..league import figures

    asked = [figure.flag for figure in figures.listed() if figure.name in insight]
    if asked:
        raise UsageError(f"{asked[0]} adds to the standings; --format bgsplay writes the plays counted, "
                         "not the standings (--chart may go with it)")


def check_chart(chart: str, output: str | None, files: list[str]) -> None:
    """``--chart`` names a PNG or SVG written as ``--output`` is (never an input file, never
    ``--output``'s file), and the plotting library is there: refused before any file is read."""
    from ..league.chart import check_chart_path, check_plotting_library
    from ..writing import check_output_target, same_target

    check_chart_path(chart)
    check_output_target(chart, files, "--chart")
    if output is not None and output != "-" and same_target(chart, output):
        raise UsageError(f"{chart}: --chart and --output name the same file; give each its own path")
    check_plotting_library()


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
