"""The command line: arguments -> load -> score -> render. No rules live here.

Commands raise domain errors or return an exit code; ``ScorecalcGroup.invoke`` is the
one boundary that turns errors, interrupts and stream faults into a message and an
exit code (see ``outcome.py``), whatever command or step raised them.
"""

# No ``from __future__ import annotations`` here: Typer reads these annotations, and
# real objects spare it evaluating strings at every start (bench/RESULTS.md).

import inspect
import os
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any

import typer
from typer._click.core import Context as ClickContext
from typer._click.exceptions import UsageError as ClickUsageError
from typer.core import TyperGroup

from . import __version__
from .console import console
from .errors import FileError, InputError, UsageError, format_error, quoted, shorten
from .games import REGISTRY, GameOption
from .outcome import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PIPE,
    Report,
)
from .pipeline import Scored, score_file, warning_as_error
from .render import FORMATS
from .sheet import ScoreSheet, join_words


class ScorecalcGroup(TyperGroup):
    """The app's group: the error boundary, and a hint for ``scorecalc FILE.yaml``."""

    def invoke(self, ctx: ClickContext) -> Any:
        try:
            code = super().invoke(ctx)
            console.flush()
        except (typer.Exit, typer.TyperException, typer.Abort):
            raise
        except KeyboardInterrupt:
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            console.silence()
            raise typer.Exit(EXIT_PIPE) from None
        except UsageError as error:
            console.err(str(error))
            code = EXIT_BAD_INPUT
        except Exception as error:  # a bug: one line, never a traceback
            console.err(internal_error("scorecalc", error, "it"))
            code = EXIT_INTERNAL
        code = console.exit_code(code if isinstance(code, int) else EXIT_OK)
        if code:
            raise typer.Exit(code)
        return code

    def resolve_command(self, ctx: ClickContext, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name.lower().endswith((".yaml", ".yml")) and name not in self.commands:
            raise ClickUsageError(f"{name!r} is a file, not a command; to score it, run "
                                   f"'scorecalc score {name}' (or 'scorecalc GAME {name}')")
        return super().resolve_command(ctx, args)


def internal_error(where: str, error: Exception, what: str) -> str:
    """The one line a bug prints (never a traceback): ``FILE: internal error (KeyError: 'x'); ...``."""
    return f"{where}: internal error ({type(error).__name__}: {shorten(error)}); please report {what}"


def show_version(value: bool) -> None:
    if value:
        console.out(f"scorecalc {__version__}\n")
        raise typer.Exit()


app = typer.Typer(
    name="scorecalc",
    cls=ScorecalcGroup,
    help=f"Tally the end-of-game score of {join_words([entry.title for entry in REGISTRY.values()])} "
    "from a YAML description of the finished table.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.",
                                          callback=show_version, is_eager=True)] = False,
) -> None:
    """Tally the end-of-game score of board games from YAML."""


def complete_path(incomplete: str) -> list[str]:
    """Shell completion for FILE arguments: folders and YAML files."""
    import glob

    matches = []
    for path in sorted(glob.glob(glob.escape(incomplete) + "*")):
        if os.path.isdir(path):
            matches.append(path + os.sep)
        elif path.lower().endswith((".yaml", ".yml")):
            matches.append(path)
    return matches


def complete_game(incomplete: str) -> list[str]:
    return [name for name in REGISTRY if name.startswith(incomplete)]


FileArgument = Annotated[
    str, typer.Argument(help="YAML file of the finished table ('-' for stdin).", autocompletion=complete_path)
]
PathsArgument = Annotated[
    list[str], typer.Argument(help="YAML files or folders of them.", autocompletion=complete_path)
]
Format = StrEnum("Format", [(name, name) for name in FORMATS])  # type: ignore[misc]
TABLE = Format("table")
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
OutputOption = Annotated[
    str | None, typer.Option("--output", "-o", help="Write the output to this file (atomically).")
]
StrictOption = Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")]
SummaryOption = Annotated[bool, typer.Option(
    "--summary", help="Only the summary: ranks, category totals, winner (JSON without items).")]
WideOption = Annotated[bool, typer.Option(
    "--wide", help="Do not wrap the table. Otherwise it fits COLUMNS, else the terminal, else 80 "
                   "columns (a file given to --output: COLUMNS, else 80).")]
LinkOption = Annotated[bool, typer.Option(
    "--bgstats-link", help="Print BG Stats' import link for the play instead of the score (one per line).")]
QrOption = Annotated[bool, typer.Option(
    "--qr", help="Draw the BG Stats link as a QR code instead of the score (one file).")]
QrFileOption = Annotated[str | None, typer.Option(
    "--qr-file", help="Also write the BG Stats link as a QR code image, PATH.png or PATH.svg (one file).")]


class Share:
    """``--bgstats-link``, ``--qr`` and ``--qr-file``: the play for BG Stats (``bgstats.py``).

    A plain class: a dataclass would be built at every start (bench/RESULTS.md)."""

    def __init__(self, link: bool = False, qr: bool = False, qr_file: str | None = None) -> None:
        self.link, self.qr, self.qr_file = link, qr, qr_file

    def check(self, files: list[str]) -> None:
        if (self.qr or self.qr_file) and len(files) > 1:
            what = "--qr" if self.qr else "--qr-file"
            raise UsageError(f"{what} shows one play; give one file "
                             "(--bgstats-link prints one link per line)")
        if self.qr_file:
            from .bgstats import check_qr_file

            check_qr_file(self.qr_file)

    def text(self, sheets: list[ScoreSheet]) -> str | None:
        """What replaces the score on standard output, after writing ``--qr-file``."""
        if not (self.link or self.qr or self.qr_file):
            return None
        from .bgstats import bgstats_link, qr_image, qr_text

        links = [bgstats_link(sheet) for sheet in sheets]
        if self.qr_file:
            save(self.qr_file, qr_image(links[0], self.qr_file))
        if self.link:
            return "".join(link + "\n" for link in links)
        if self.qr:
            return qr_text(links[0])
        return None


def score_one(name: str, wanted: str | None, strict: bool, report: Report) -> Scored | None:
    """Score one file, printing its errors and warnings; ``None`` when it is bad input or crashed."""
    try:
        scored = score_file(name, wanted)
    except (InputError, FileError) as error:
        for line in format_error(name, error):
            console.err(line)
        report.skipped += 1
        return None
    except (KeyboardInterrupt, BrokenPipeError):
        raise
    except Exception as error:  # a bug in one file of a batch: say so plainly and go on
        console.err(internal_error(name, error, "this file"))
        report.crashed += 1
        return None
    if strict and scored.document.warnings:
        for issue in scored.document.warnings:
            for line in format_error(name, warning_as_error(scored.document, issue)):
                console.err(line)
        report.skipped += 1
        return None
    for warning in scored.sheet.warnings:
        console.err(warning)
    report.scored += 1
    return scored


def expand(paths: list[str], report: Report) -> list[str]:
    """Files named by PATH arguments; unreadable folders are reported as bad input."""
    from .paths import expand_paths

    found = expand_paths(paths)
    for line in found.unreadable:
        console.err(line)
        report.skipped += 1
    if not found.files and not found.unreadable:
        raise UsageError(f"{', '.join(paths)}: no YAML files found")
    return found.files


def run(files: list[str], wanted: str | None, fmt: Format, output: str | None, strict: bool,
        summary: bool = False, wide: bool = False, options: dict[str, bool] | None = None,
        report: Report | None = None, share: Share | None = None) -> int:
    from .render import RenderOptions, render
    from .writing import check_output_target

    report = report or Report()
    check_output_target(output, files)
    share = share or Share()
    share.check(files)
    sheets = []
    shown: list[str] = []
    for name in files:
        scored = score_one(name, wanted, strict, report)
        if scored is None:
            continue
        sheets.append(scored.sheet)
        shown.extend(game_option_text(scored, options or {}))
    if not sheets:
        return report.exit_code
    try:
        text = share.text(sheets)
        if text is None:
            to_file = output is not None and output != "-"
            text = render(sheets, RenderOptions(fmt.value, summary=summary, wide=wide, terminal=not to_file))
            text = "\n".join(shown) + "\n" + text if shown else text
        emit(text, output)
    except UsageError as error:  # unwritable output: counted with the files' outcomes (a crash's 3 wins)
        console.err(str(error))
        report.unwritable = True
    return report.exit_code


def game_option_text(scored: Scored, options: dict[str, bool]) -> list[str]:
    """What the game's own options print before the score (``--show-board``)."""
    texts = []
    for option in REGISTRY[scored.game.name].options:
        if options.get(option.parameter):
            texts.append(scored.game.views[option.view](scored.state))
    return texts


def emit(text: str, output: str | None) -> None:
    """``text`` to standard output, or to the ``--output`` file."""
    if output is None or output == "-":
        console.out(text)
        return
    save(output, text)


def save(path: str, content: str | bytes) -> None:
    """Write a file as ``writing.write_output`` does; a failure is a usage error (exit 2)."""
    from .writing import write_output

    try:
        write_output(path, content)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None


Parameter = tuple[str, Any, Any]
"""A command parameter: name, annotation (with its Typer option), default."""

SCORE_OPTIONS: list[Parameter] = [
    ("format", FormatOption, TABLE), ("output", OutputOption, None), ("strict", StrictOption, False),
    ("summary", SummaryOption, False), ("wide", WideOption, False),
    ("bgstats_link", LinkOption, False), ("qr", QrOption, False), ("qr_file", QrFileOption, None),
]
"""The options of every command that prints a score: ``scorecalc GAME FILE`` and ``tally``."""


def with_parameters(command: Callable[..., int], parameters: list[Parameter], doc: str) -> Callable[..., int]:
    """Give ``command`` (which takes ``**options``) the signature Typer reads its parameters from."""
    signature = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                                   annotation=annotation) for name, annotation, default in parameters]
    command.__signature__ = inspect.Signature(signature, return_annotation=int)  # type: ignore[attr-defined]
    command.__annotations__ = {parameter.name: parameter.annotation for parameter in signature}
    command.__doc__ = doc
    return command


def make_game_command(game: str) -> Callable[..., int]:
    """``scorecalc GAME FILE``, with the options every game has and the game's own ones."""
    entry = REGISTRY[game]

    def command(file: str, format: Format = TABLE, output: str | None = None, strict: bool = False,
                summary: bool = False, wide: bool = False, bgstats_link: bool = False, qr: bool = False,
                qr_file: str | None = None, **options: bool) -> int:
        return run([file], game, format, output, strict, summary, wide, options,
                   share=Share(bgstats_link, qr, qr_file))

    own = [(option.parameter, game_option_annotation(game, option), False) for option in entry.options]
    return with_parameters(command, [("file", FileArgument, inspect.Parameter.empty), *SCORE_OPTIONS, *own],
                           f"Score a finished {entry.title} table.")


def game_option_annotation(game: str, option: GameOption) -> Any:
    if option.needs_table:
        return Annotated[bool, typer.Option(option.flag, help=option.help)]

    def show(value: bool) -> None:
        if value:
            from .games import get_game

            console.out(get_game(game).views[option.view](None).rstrip("\n") + "\n")
            raise typer.Exit()

    return Annotated[bool, typer.Option(option.flag, help=option.help, is_eager=True, callback=show)]


for _game in REGISTRY:
    app.command(_game)(make_game_command(_game))


@app.command("score")
def score_command(
    paths: PathsArgument,
    format: FormatOption = TABLE,
    output: OutputOption = None,
    strict: StrictOption = False,
    summary: SummaryOption = False,
    wide: WideOption = False,
    bgstats_link: LinkOption = False,
    qr: QrOption = False,
    qr_file: QrFileOption = None,
) -> int:
    """Score many tables in one run (the game comes from each file's 'game:' key; folders are searched)."""
    report = Report()
    files = expand(paths, report)
    return run(files, None, format, output, strict, summary, wide, report=report,
               share=Share(bgstats_link, qr, qr_file))


StandingsFormat = StrEnum(  # type: ignore[misc]
    "StandingsFormat", [(name, name) for name in FORMATS if name != "bgstats"])
"""The score formats but bgstats (not imported from standings.py: it loads only for 'standings')."""
STANDINGS_TABLE = StandingsFormat("table")


@app.command("standings")
def standings_command(
    paths: PathsArgument,
    since: Annotated[str | None, typer.Option(
        "--since", help="Count only plays dated on or after this day (YYYY-MM-DD).")] = None,
    until: Annotated[str | None, typer.Option(
        "--until", help="Count only plays dated on or before this day (YYYY-MM-DD).")] = None,
    game: Annotated[str | None, typer.Option(
        "--game", help="Count only this game.", autocompletion=complete_game)] = None,
    format: Annotated[StandingsFormat, typer.Option(
        "--format", "-f", help="Output format.")] = STANDINGS_TABLE,
    output: OutputOption = None,
    strict: StrictOption = False,
    wide: WideOption = False,
) -> int:
    """League standings over many tables: played, wins, win rate, points, average, best."""
    from .standings import Filters, compute, parse_day, render_standings
    from .writing import check_output_target

    filters = Filters(parse_day("--since", since), parse_day("--until", until),
                      known_game(game) if game is not None else None)
    if filters.since and filters.until and filters.since > filters.until:
        raise UsageError(f"--since {since} is after --until {until}: no day is in that range")
    report = Report()
    files = expand(paths, report)
    check_output_target(output, files)
    sheets = []
    for name in files:
        scored = score_one(name, None, strict, report)
        if scored is not None:
            sheets.append(scored.sheet)
    result = compute(sheets, filters, files=len(files), left_out=report.skipped + report.crashed,
                     game_order=list(REGISTRY))
    width = None if wide or output is not None else table_width()
    emit(render_standings(result, format.value, width), output)
    return report.exit_code


def table_width() -> int:
    from .bgstats import terminal_width

    return terminal_width()


@app.command("verify")
def verify_command(paths: PathsArgument, strict: StrictOption = False) -> int:
    """Check files' 'expect:' blocks against their scores (exit 1 on a mismatch)."""
    from .verify import verify_one

    report = Report()
    for name in expand(paths, report):
        scored = score_one(name, None, strict, report)
        if scored is not None:
            for line in verify_one(name, scored, report):
                console.out(line + "\n")
    console.out(report.verify_line() + "\n")
    return report.exit_code


@app.command("template")
def template_command(
    game: Annotated[str, typer.Argument(help="The game.", autocompletion=complete_game)],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    output: OutputOption = None,
) -> int:
    """Print a commented starter YAML for a game (it scores as it is)."""
    from .games import get_game
    from .template import player_range, render_template

    chosen = get_game(known_game(game))
    if chosen.example is None:
        raise UsageError(f"{chosen.title} has no starter template yet")
    low, high = player_range(chosen)
    count = max(low, 2) if players is None else players
    if not low <= count <= high:
        raise UsageError(f"--players: {chosen.title} is played by {low} to {high} players, not {count}")
    emit(render_template(chosen, count), output)
    return EXIT_OK


@app.command("schema")
def schema_command(
    game: Annotated[str, typer.Argument(help="The game.", autocompletion=complete_game)],
    output: OutputOption = None,
) -> int:
    """Print the JSON Schema of a game's YAML (draft 2020-12), for editors."""
    import json

    from .schema import json_schema

    emit(json.dumps(json_schema(known_game(game)), indent=2, ensure_ascii=False) + "\n", output)
    return EXIT_OK


def make_tally_command() -> Callable[..., int]:
    """``scorecalc tally GAME FILE``: ask for the table question by question (scorecalc/tally/),
    then print the score as ``scorecalc GAME FILE`` would, with the same options."""
    own = {option.parameter: (game, option) for game, entry in REGISTRY.items() for option in entry.options
           if option.needs_table}

    def command(game: str, file: str, format: Format = TABLE, output: str | None = None,
                strict: bool = False, summary: bool = False, wide: bool = False, bgstats_link: bool = False,
                qr: bool = False, qr_file: str | None = None, **options: bool) -> int:
        from .games import get_game
        from .tally.session import DONE, tally

        chosen = known_game(game)
        for parameter, given in options.items():
            if given and own[parameter][1] not in REGISTRY[chosen].options:
                raise UsageError(f"{own[parameter][1].flag} is not an option of {REGISTRY[chosen].title}")
        outcome = tally(get_game(chosen), file)
        if outcome != DONE:
            return outcome
        return run([file], chosen, format, output, strict, summary, wide, options,
                   share=Share(bgstats_link, qr, qr_file))

    arguments = [
        ("game", Annotated[str, typer.Argument(help="The game.", metavar="GAME",
                                               autocompletion=complete_game)],
         inspect.Parameter.empty),
        ("file", Annotated[str, typer.Argument(help="The table's YAML file: written after every answer; "
                                                    "a file begun earlier is continued.", metavar="FILE",
                                               autocompletion=complete_path)], inspect.Parameter.empty),
    ]
    extra = [(name, game_option_annotation(game, option), False) for name, (game, option) in own.items()]
    return with_parameters(command, [*arguments, *SCORE_OPTIONS, *extra],
                           "Ask for a finished table question by question, writing FILE as it goes; "
                           "then score it.")


app.command("tally")(make_tally_command())


def known_game(name: str) -> str:
    from .reading.words import did_you_mean, normalise_word

    word = normalise_word(name)
    if word not in REGISTRY:
        hint = did_you_mean(word, list(REGISTRY)) or "known games: " + ", ".join(REGISTRY)
        raise UsageError(f"unknown game {quoted(name)} ({hint})")
    return word


def main() -> None:
    """Console entry point."""
    from .writing import install_signal_handlers

    install_signal_handlers()
    app(prog_name="scorecalc")
