"""``scorecalc standings PATH...``: league standings over many tables (``scorecalc/league/``)."""

# No ``from __future__ import annotations``: Typer reads these annotations.

import inspect
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

from ..errors import UsageError
from ..games import REGISTRY
from ..output.formats import FORMATS, Format, format_named, goes_to_file
from ..output.report import Report
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
    joined,
    known_game,
)
from .run import emit, expand, save, score_one

if TYPE_CHECKING:
    from ..league.records import Filters, Insight

ONE_PLAY_ONLY = ("bgstats is one play's BG Stats link (scorecalc score FILE --format bgstats); "
                 "the plays of a season go into one BG Stats import file: --format bgsplay")


def standings_format(text: str | Format) -> Format:
    """``--format``'s value: a format of the standings; ``bgstats``, one play's, is refused with
    a pointer to ``bgsplay`` instead of the bare "not one of"."""
    if str(text).strip().lower() == "bgstats":
        raise typer.BadParameter(ONE_PLAY_ONLY)
    try:
        found = format_named(text)
    except ValueError:
        found = None
    if found is None or not found.in_standings:
        choices = ", ".join(repr(fmt.name) for fmt in standings_formats())
        raise typer.BadParameter(f"{str(text)!r} is not one of {choices}.") from None
    return found


def standings_formats() -> list[Format]:
    """The formats ``standings`` offers, in ``FORMATS``' order."""
    return [fmt for fmt in FORMATS if fmt.in_standings]


INLINE = ""
"""``--chart`` given without a path (``StandingsCommand``): with ``-f html`` the page carries the
chart inline; with any other format it still needs a file to write."""
ChartOption = Annotated[str | None, typer.Option(
    "--chart", metavar="FILE",
    help="Also draw the season as FILE.png or FILE.svg: ratings (with --ratings) or wins after each "
         "dated play, a line per player (with -f html the page draws it inline: no FILE needed).")]


FormatOption = Annotated[Format, typer.Option(
    "--format", "-f", metavar=choice_metavar([fmt.name for fmt in standings_formats()]),
    parser=standings_format, autocompletion=lambda: [fmt.name for fmt in standings_formats()],
    help="Output format (bgsplay: the plays counted, as one BG Stats import file).")]


def chart_file(chart: str | None, format: Format) -> str | None:
    """The chart file to write: ``--chart`` without a path (``INLINE``) goes only with a format
    whose page draws the chart itself, and writes none."""
    if chart != INLINE:
        return chart
    if not format.chart:
        raise UsageError("--chart: give a path ending in .png or .svg (with -f html the page draws "
                         "the chart inline, no path needed)")
    return None  # the page draws it whenever it can; --chart said so, nothing to write


class StandingsCommand(ScorecalcCommand):
    """``standings``, whose ``--chart`` may come without its path (``standings --chart -f html``:
    the page draws the chart inline). Typer 0.28 has no option with an optional value, so a
    ``--chart`` followed by another option, or by nothing, is read as ``--chart=`` (``INLINE``)."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        given = list(args)
        end = given.index("--") if "--" in given else len(given)
        for index in range(end):
            after = given[index + 1] if index + 1 < end else None
            if given[index] == "--chart" and (after is None or (after.startswith("-") and after != "-")):
                given[index] = "--chart="
        parsed: list[str] = super().parse_args(ctx, given)
        return parsed


def build(name: str, help: str) -> TyperCommand:
    from ..league import figures

    def standings(
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
        format: FormatOption = FORMATS[0],
        output: OutputOption = None,
        strict: StrictOption = False,
        wide: WideOption = False,
        chart: ChartOption = None,
        asked: frozenset[str] = frozenset(),
    ) -> int:
        from ..dates import parse_day
        from ..league.records import Filters, Insight

        filters = Filters(parse_day("--since", since), parse_day("--until", until),
                          known_game(game) if game is not None else None)
        if filters.since and filters.until and filters.since > filters.until:
            raise UsageError(f"--since {since} is after --until {until}: no day is in that range")
        chart = chart_file(chart, format)
        insight = Insight(asked, chart is not None)
        return run(paths, filters, insight, standings_format(format), output, strict, wide, chart)

    # one flag per figure of league.figures, before --chart, in Figure.listed order; the figures
    # given reach the command as ``asked``, a frozenset of their names
    listed = figures.listed()
    flags = [inspect.Parameter(figure.name, inspect.Parameter.KEYWORD_ONLY, default=False,
                               annotation=Annotated[bool, typer.Option(figure.flag, help=figure.help)])
             for figure in listed]

    def gather(values: dict[str, Any]) -> frozenset[str]:
        return frozenset(figure.name for figure in listed if values[figure.name])

    return built(joined(standings, flags, "asked", gather, before="chart"), name, help, StandingsCommand)


def run(paths: list[str], filters: "Filters", insight: "Insight", format: Format, output: str | None,
        strict: bool, wide: bool, chart: str | None) -> int:
    """Read and score the files, then write the chart, and the standings (or the plays, bgsplay)."""
    from ..output.formats import RenderOptions
    from ..output.standings_layout import needs_standings, render_season, season_insight
    from ..sheet import Scored, for_the_season
    from ..writing import check_output_target

    insight = season_insight(format, insight)
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
    result = None
    if needs_standings(format, chart is not None):
        from ..league.standings import compute

        result = compute(results, filters, files=len(files), left_out=report.left_out,
                         game_order=list(REGISTRY), insight=insight)
    if chart is not None and result is not None:
        from ..league.chart import draw, season_picture

        drawing = draw(season_picture(result), chart)
        save(chart, drawing.data)
        if drawing.missing:
            console.err(f"{chart}: warning: the chart's font has no glyph for {drawing.missing!r}; "
                        "those characters of names show as boxes")
    options = RenderOptions(format, wide=wide, terminal=not goes_to_file(output))
    emit(render_season(results, result, filters, options), output)
    return report.exit_code


def check_chart(chart: str, output: str | None, files: list[str]) -> None:
    """``--chart`` names a PNG or SVG written as ``--output`` is (never an input file, never
    ``--output``'s file), and the plotting library is there: refused before any file is read."""
    from ..league.chart import check_chart_path, check_plotting_library
    from ..writing import check_output_target, same_target

    check_chart_path(chart)
    check_output_target(chart, files, "--chart")
    if goes_to_file(output) and output is not None and same_target(chart, output):
        raise UsageError(f"{chart}: --chart and --output name the same file; give each its own path")
    check_plotting_library()
