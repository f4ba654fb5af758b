"""The command line: a group whose commands are built only when invoked, and the one error boundary.

``COMMANDS`` is the cheap table of every command (the module that builds it and its
one-line help): ``--help`` lists it without building a command, and ``scorecalc caracas
FILE`` imports and builds ``caracas`` alone (click's ``LazyGroup`` recipe). No rules live
here or in the command modules: they turn options into library calls and results into
output.

Commands raise domain errors or return an exit code; ``ScorecalcGroup.invoke`` is the
one boundary that turns errors, interrupts and stream faults into a message and an exit
code (see ``output/report.py``), whatever command or step raised them.
"""

# No ``from __future__ import annotations`` in the command modules: Typer reads their
# annotations, and real objects spare it evaluating strings at every start (bench/RESULTS.md).

import importlib
from collections.abc import Iterator, MutableMapping
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from .. import __version__
from ..errors import UsageError
from ..games import REGISTRY
from ..output.report import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PIPE,
    final_exit_code,
    tell_bug,
)
from ..output.terminal import PipeClosed, console, guard_standard_output, silence

ClickContext = Any
"""Click's ``Context``, as Typer's methods take it: Typer exports it under no public name
(``typer._click`` from 0.26, the ``click`` package before); ``typer.Context`` is a subclass,
not the class Click passes."""
ClickFormatter = Any
"""Click's ``HelpFormatter`` (likewise)."""

YAML_SUFFIXES = (".yaml", ".yml")


def command_table() -> dict[str, tuple[str, str]]:
    """Every command in the order ``--help`` lists them: name -> (the module of
    ``scorecalc.cli`` that builds it, its one-line help). The games come from the registry."""
    games = {name: ("game", f"Score a finished {entry.title} table.") for name, entry in REGISTRY.items()}
    return {  # in the order a player meets them (SPEC section 1)
        **games,
        "tally": ("tally", "Ask for a finished table question by question, writing FILE as it goes; "
                           "then score it."),
        "score": ("score", "Score many tables in one run (the game comes from each file's 'game:' key; "
                           "folders are searched)."),
        "standings": ("standings", "League standings, ratings, rivals and streaks over many tables."),
        "verify": ("verify", "Check files' 'expect:' blocks against their scores (exit 1 on a mismatch)."),
        "template": ("template", "Print a commented starter YAML for a game (it scores as it is)."),
        "schema": ("schema", "Print the JSON Schema of a game's YAML (draft 2020-12), for editors."),
    }


class LazyCommands(MutableMapping[str, Any]):
    """The group's commands: names from ``command_table``, each command built on first use by
    its module's ``build(name, help)``."""

    def __init__(self, table: dict[str, tuple[str, str]]) -> None:
        self.table = table
        self.built: dict[str, TyperCommand] = {}

    def __getitem__(self, name: str) -> TyperCommand:
        command = self.built.get(name)
        if command is None:
            module, help = self.table[name]
            build = importlib.import_module(f"{__name__}.{module}").build
            command = self.built[name] = build(name, help)
        return command

    def __setitem__(self, name: str, command: TyperCommand) -> None:
        self.table.setdefault(name, ("", command.help or ""))
        self.built[name] = command

    def __delitem__(self, name: str) -> None:
        del self.table[name]
        self.built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)


class ScorecalcGroup(TyperGroup):
    """The app's group: commands built when invoked, the error boundary, and a hint for
    ``scorecalc FILE.yaml``."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.lazy = LazyCommands(command_table())
        self.commands = self.lazy

    def list_commands(self, ctx: ClickContext) -> list[str]:
        return list(self.lazy)

    def format_commands(self, ctx: ClickContext, formatter: ClickFormatter) -> None:
        """The commands with their one-line help, as Click lays them out, from the table alone."""
        table = self.lazy.table
        if not table:
            return
        limit = formatter.width - 6 - max(len(name) for name in table)
        rows = [(name, TyperCommand(name, help=help).get_short_help_str(limit))
                for name, (_, help) in table.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: ClickContext) -> Any:
        try:
            code = super().invoke(ctx)
            console.flush()
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise  # Click's own (a usage error above all): Click prints it and exits
        except KeyboardInterrupt:
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except (BrokenPipeError, PipeClosed):
            silence()
            raise typer.Exit(EXIT_PIPE) from None
        except UsageError as error:
            console.err(str(error))
            code = EXIT_BAD_INPUT
        except Exception as error:  # a bug: one line (its traceback first with SCORECALC_DEBUG=1)
            tell_bug("scorecalc", error, "it")
            code = EXIT_INTERNAL
        code = final_exit_code(code if isinstance(code, int) else EXIT_OK)
        if code:
            raise typer.Exit(code)
        return code

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """The same boundary around what Click does before any command runs: the eager
        ``--help`` and ``--version`` writing to a standard output that fails."""
        try:
            try:
                return super().main(*args, **kwargs)
            finally:  # Click exits without flushing: the help text may still be in the buffer
                console.flush()
        except PipeClosed:
            raise SystemExit(EXIT_PIPE) from None
        except UsageError as error:
            console.err(str(error))
            raise SystemExit(final_exit_code(EXIT_BAD_INPUT)) from None
        except Exception as error:  # a bug: one line (its traceback first with SCORECALC_DEBUG=1)
            tell_bug("scorecalc", error, "it")
            raise SystemExit(EXIT_INTERNAL) from None

    def resolve_command(self, ctx: ClickContext, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name.lower().endswith(YAML_SUFFIXES) and name not in self.lazy:
            ctx.fail(f"{name!r} is a file, not a command; to score it, run "
                     f"'scorecalc score {name}' (or 'scorecalc GAME {name}')")
        return super().resolve_command(ctx, args)


def show_version(value: bool) -> None:
    if value:
        console.out(f"scorecalc {__version__}\n")
        raise typer.Exit()


def app_help() -> str:
    from ..sheet import join_words

    titles = [entry.title for entry in REGISTRY.values()]
    return (f"Tally the end-of-game score of {join_words(titles)} "
            "from a YAML description of the finished table.\n\n"
            "To begin after a game: 'scorecalc tally GAME FILE' asks for the finished table "
            "question by question ('?' explains a question, '<' goes back), writes FILE after "
            "every answer and prints the score. A table written as YAML ('scorecalc template GAME "
            "> FILE' starts one) is scored with 'scorecalc GAME FILE'. 'scorecalc COMMAND --help' "
            "says more of each command.")


app = typer.Typer(
    name="scorecalc",
    cls=ScorecalcGroup,
    help=app_help(),
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


def main() -> None:
    """Console entry point."""
    from ..signals import install_signal_handlers

    install_signal_handlers()
    guard_standard_output()
    app(prog_name="scorecalc")
