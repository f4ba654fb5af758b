"""What the commands share: the score options as one frozen object, arguments, completion, building.

The options of every command that prints a score (``scorecalc GAME FILE``, ``score``,
``tally``) are listed once, as the parameters of ``score_options``; the ``score_command``
decorator puts those options, and the game's own flags (``--show-board``), in the
command function's one signature (``joined``), which Typer reads, and calls it with
``options``, one frozen ``ScoreOptions``, as sqlite-utils' ``output_options`` and black's
``Mode`` do: one hop, on Typer's public API.
"""

# No ``from __future__ import annotations``: Typer reads these annotations.

import inspect
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any

import typer
import typer.main
from typer.core import TyperCommand

from ..errors import UsageError, quoted
from ..games import REGISTRY, GameOption
from ..output.formats import FORMATS, Format, format_named, goes_to_file
from ..output.terminal import console
from . import ClickContext


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


def known_game(name: str) -> str:
    """The registered game ``name`` names (case and spelling as the YAML's ``game:`` allows)."""
    from ..reading.words import did_you_mean, normalise_word

    word = normalise_word(name)
    if word not in REGISTRY:
        hint = did_you_mean(word, list(REGISTRY)) or "known games: " + ", ".join(REGISTRY)
        raise UsageError(f"unknown game {quoted(name)} ({hint})")
    return word


def choice_metavar(choices: Sequence[str]) -> str:
    """A choice as Click shows it: ``[table|json|csv]``."""
    return "[" + "|".join(choices) + "]"


GAMES_HELP = "The game: " + ", ".join(REGISTRY) + "."
FileArgument = Annotated[
    str, typer.Argument(help="YAML file of the finished table ('-' for stdin).", metavar="FILE",
                        autocompletion=complete_path)
]
PathsArgument = Annotated[
    list[str], typer.Argument(help="YAML files or folders of them.", metavar="PATH...",
                              autocompletion=complete_path)
]
GameArgument = Annotated[str, typer.Argument(help=GAMES_HELP, metavar="GAME", autocompletion=complete_game)]
def score_format(text: str | Format) -> Format:
    """``--format``'s value: a format of ``output.formats.FORMATS``, by its name."""
    try:
        return format_named(text)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


FormatOption = Annotated[Format, typer.Option(
    "--format", "-f", help="Output format.", metavar=choice_metavar([fmt.name for fmt in FORMATS]),
    parser=score_format, autocompletion=lambda: [fmt.name for fmt in FORMATS])]
OutputOption = Annotated[
    str | None, typer.Option("--output", "-o", help="Write the output to this file (atomically).",
                             metavar="PATH")
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
    "--qr-file", metavar="PATH",
    help="Also write the BG Stats link as a QR code image, PATH.png or PATH.svg (one file).")]


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    """The options of a command that prints a score, frozen (as black's ``Mode``)."""

    format: Format = FORMATS[0]
    output: str | None = None
    strict: bool = False
    summary: bool = False
    wide: bool = False
    bgstats_link: bool = False
    qr: bool = False
    qr_file: str | None = None
    flags: tuple[GameOption, ...] = ()
    """The game's own flags given (``--show-board``), in the registry's order."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "format", format_named(self.format))  # a plain "json" is the format too

    def with_flags(self, flags: tuple[GameOption, ...]) -> "ScoreOptions":
        """These options with the game's own ``flags`` given."""
        return replace(self, flags=flags)

    @property
    def to_file(self) -> bool:
        """The output goes to a file (``--output PATH``), not to standard output."""
        return goes_to_file(self.output)


def score_options(
    format: FormatOption = FORMATS[0],
    output: OutputOption = None,
    strict: StrictOption = False,
    summary: SummaryOption = False,
    wide: WideOption = False,
    bgstats_link: LinkOption = False,
    qr: QrOption = False,
    qr_file: QrFileOption = None,
) -> ScoreOptions:
    """The options of every command that prints a score, listed once: Typer reads them from
    this signature, ``ScoreCommand`` adds them to each such command and calls this with
    their values."""
    return ScoreOptions(format=format, output=output, strict=strict, summary=summary, wide=wide,
                        bgstats_link=bgstats_link, qr=qr, qr_file=qr_file)


class ScorecalcCommand(TyperCommand):
    """A scorecalc command: its usage line as Click writes it (``scorecalc caracas [OPTIONS] FILE``);
    Typer 0.28 wraps required arguments in braces (``{FILE}``)."""

    def collect_usage_pieces(self, ctx: ClickContext) -> list[str]:
        pieces: list[str] = super().collect_usage_pieces(ctx)
        return [piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece for piece in pieces]


def flag_parameter(game: str, option: GameOption) -> inspect.Parameter:
    """A game's own flag (``GameOption``) as a parameter Typer reads: a view printed before the
    score, or one printed instead of it, without a table (``--codes``)."""
    if option.needs_table:
        declared = typer.Option(option.flag, help=option.help)
    else:
        def show(ctx: ClickContext, param: Any, value: bool) -> None:
            if value:
                from ..games import get_game

                console.out(get_game(game).listings[option.view]().rstrip("\n") + "\n")
                raise typer.Exit()

        declared = typer.Option(option.flag, help=option.help, is_eager=True, callback=show)
    return inspect.Parameter(option.parameter, inspect.Parameter.KEYWORD_ONLY, default=False,
                             annotation=Annotated[bool, declared])


Command = Callable[..., int]


def built(function: Callable[..., Any], name: str, help: str, cls: type[TyperCommand] = ScorecalcCommand) \
        -> TyperCommand:
    """``function`` as a Click command, its parameters read by Typer from its signature."""
    app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
    app.command(name, help=help, cls=cls)(function)
    command = typer.main.get_command(app)
    assert isinstance(command, cls)
    return command


def command(name: str, help: str) -> Callable[[Command], TyperCommand]:
    """Decorator: the function as the command ``name``."""
    return lambda function: built(function, name, help)


def joined(function: Command, extra: Sequence[inspect.Parameter], fills: str,
           gather: Callable[[dict[str, Any]], Any], before: str | None = None) -> Command:
    """``function`` with the ``extra`` parameters in its signature instead of its parameter
    ``fills`` (placed before the parameter ``before``, else last): Typer reads them all from
    that one signature, and ``gather`` turns their values into the one frozen value
    ``function`` takes as ``fills``."""
    names = {param.name for param in extra}
    own = [param for param in inspect.signature(function).parameters.values() if param.name != fills]
    at = next((i for i, param in enumerate(own) if param.name == before), len(own))
    added = [param.replace(kind=inspect.Parameter.KEYWORD_ONLY) for param in extra]
    parameters = [*own[:at], *added, *own[at:]]
    parameters = [param.replace(kind=inspect.Parameter.KEYWORD_ONLY) if i >= at else param
                  for i, param in enumerate(parameters)]

    def command(**values: Any) -> int:
        taken = {name: values.pop(name) for name in names}
        return function(**values, **{fills: gather(taken)})

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {param.name: param.annotation for param in parameters}
    return command


def score_command(name: str, help: str, flags: Sequence[tuple[str, GameOption]] = ()) \
        -> Callable[[Command], TyperCommand]:
    """Decorator: the function as the command ``name``, with the score options (``score_options``'
    parameters) and the game ``flags`` after its own parameters; the function is called with
    ``options``, one frozen ``ScoreOptions`` (as sqlite-utils' ``output_options`` and black's
    ``Mode`` do)."""
    shared = list(inspect.signature(score_options).parameters.values())
    given = [(option, flag_parameter(game, option)) for game, option in flags]

    def gather(values: dict[str, Any]) -> ScoreOptions:
        options = score_options(**{param.name: values[param.name] for param in shared})
        return options.with_flags(tuple(option for option, param in given if values[param.name]))

    def decorate(function: Command) -> TyperCommand:
        return built(joined(function, [*shared, *(param for _, param in given)], "options", gather), name,
                     help)

    return decorate
