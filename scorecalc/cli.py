"""The command line: arguments -> load -> score -> render. No rules live here.

Exit codes: 0 scored (or verified), 1 ``verify`` found a mismatch, 2 bad input or
usage (wins over 1), 3 an internal error — a bug, reported without a traceback.
"""

# No ``from __future__ import annotations`` here: Typer reads these annotations, and
# real objects spare it evaluating strings at every start (bench/RESULTS.md).

import os
import sys
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any

import typer

from .errors import FileError, InputError, UsageError
from .games import REGISTRY
from .pipeline import Scored, format_error, score_file, warning_as_error

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3

app = typer.Typer(
    name="scorecalc",
    help="Tally the end-of-game score of Caracas, Caribe, Galapagos and On the Origin of Species "
    "from a YAML description of the finished table.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Format(StrEnum):
    table = "table"
    json = "json"
    csv = "csv"
    markdown = "markdown"
    bgstats = "bgstats"


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


FileArgument = Annotated[
    str, typer.Argument(help="YAML file of the finished table ('-' for stdin).", autocompletion=complete_path)
]
FormatOption = Annotated[Format, typer.Option("--format", "-f", help="Output format.")]
OutputOption = Annotated[
    str | None, typer.Option("--output", "-o", help="Write the output to this file (atomically).")
]
StrictOption = Annotated[bool, typer.Option("--strict", help="Treat warnings as errors.")]


def complete_game(incomplete: str) -> list[str]:
    return [name for name in REGISTRY if name.startswith(incomplete)]


def eprint(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def emit(text: str, output: str | None) -> None:
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    from .writing import write_atomically

    try:
        write_atomically(output, text)
    except OSError as error:
        eprint(f"{output}: cannot write: {error.strerror or error}")
        raise typer.Exit(EXIT_BAD_INPUT) from None


def score_one(name: str, wanted: str | None, strict: bool) -> Scored | None:
    """Score one file, printing its errors and warnings; ``None`` when it is bad input."""
    try:
        scored = score_file(name, wanted)
    except (InputError, FileError) as error:
        eprint(format_error(name, error))
        return None
    except Exception as error:  # a bug: say so plainly, without a traceback
        eprint(f"{name}: internal error ({type(error).__name__}: {error}); please report this file")
        raise typer.Exit(EXIT_INTERNAL) from None
    if strict and scored.document.warnings:
        for issue in scored.document.warnings:
            eprint(format_error(name, warning_as_error(scored.document, issue)))
        return None
    for warning in scored.sheet.warnings:
        eprint(warning)
    return scored


def run(files: list[str], wanted: str | None, fmt: Format, output: str | None, strict: bool,
        show_board: bool = False) -> None:
    from .render import render
    from .writing import check_output_target

    try:
        check_output_target(output, files)
    except UsageError as error:
        eprint(str(error))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    sheets = []
    boards = []
    bad = False
    for name in files:
        scored = score_one(name, wanted, strict)
        if scored is None:
            bad = True
            continue
        sheets.append(scored.sheet)
        if show_board and scored.game.show_board is not None:
            boards.append(scored.game.show_board(scored.state))
    if sheets:
        text = render(sheets, fmt.value)
        if boards:
            text = "\n".join(boards) + "\n" + text
        emit(text, output)
    raise typer.Exit(EXIT_BAD_INPUT if bad else EXIT_OK)


def make_game_command(game: str) -> Callable[..., Any]:
    entry = REGISTRY[game]
    if entry.show_board:
        def command_with_board(
            file: FileArgument,
            format: FormatOption = Format.table,
            output: OutputOption = None,
            strict: StrictOption = False,
            show_board: Annotated[
                bool, typer.Option("--show-board", help="Draw each grid as typed.")
            ] = False,
        ) -> None:
            run([file], game, format, output, strict, show_board)

        command: Callable[..., Any] = command_with_board
    else:
        def command_plain(
            file: FileArgument,
            format: FormatOption = Format.table,
            output: OutputOption = None,
            strict: StrictOption = False,
        ) -> None:
            run([file], game, format, output, strict)

        command = command_plain
    command.__doc__ = f"Score a finished {entry.title} table."
    return command


for _game in REGISTRY:
    app.command(_game)(make_game_command(_game))


@app.command("score")
def score_command(
    files: Annotated[list[str], typer.Argument(help="YAML files; each names its game with 'game:'.",
                                               autocompletion=complete_path)],
    format: FormatOption = Format.table,
    output: OutputOption = None,
    strict: StrictOption = False,
) -> None:
    """Score many tables in one run (the game comes from each file's 'game:' key)."""
    run(files, None, format, output, strict)


@app.command("verify")
def verify_command(
    paths: Annotated[list[str], typer.Argument(help="Files or folders of YAML with an 'expect:' block.",
                                               autocompletion=complete_path)],
    strict: StrictOption = False,
) -> None:
    """Check files' 'expect:' blocks against their scores (exit 1 on a mismatch)."""
    from .verify import check_expect, find_files

    counts = {"ok": 0, "FAIL": 0, "skip": 0, "bad": 0}
    files = list(find_files(paths))
    if not files:
        eprint(f"{', '.join(paths)}: no YAML files found")
        raise typer.Exit(EXIT_BAD_INPUT)
    for name in files:
        scored = score_one(name, None, strict)
        if scored is None:
            counts["bad"] += 1
            continue
        try:
            outcome = check_expect(scored)
        except InputError as error:
            error.position = error.position or scored.document.position(error.path, at_key=error.at_key)
            eprint(format_error(name, error))
            counts["bad"] += 1
            continue
        if outcome is None:
            counts["skip"] += 1
            print(f"skip  {name} (no expect: block)")
        elif outcome.mismatches:
            counts["FAIL"] += 1
            print(f"FAIL  {name}")
            for line in outcome.mismatches:
                print(f"      {line}")
        else:
            counts["ok"] += 1
            print(f"ok    {name} ({outcome.checks} checks)")
    print(f"{counts['ok']} passed, {counts['FAIL']} failed, {counts['skip']} skipped, "
          f"{counts['bad']} bad input")
    sys.stdout.flush()
    if counts["bad"]:
        raise typer.Exit(EXIT_BAD_INPUT)
    raise typer.Exit(EXIT_MISMATCH if counts["FAIL"] else EXIT_OK)


@app.command("template")
def template_command(
    game: Annotated[str, typer.Argument(help="The game.", autocompletion=complete_game)],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
    output: OutputOption = None,
) -> None:
    """Print a commented starter YAML for a game (it scores as it is)."""
    from .games import get_game
    from .template import player_range, render_template

    chosen = get_game(known_game(game))
    if chosen.example is None:
        eprint(f"{chosen.title} has no starter template yet")
        raise typer.Exit(EXIT_BAD_INPUT)
    low, high = player_range(chosen)
    count = max(low, 2) if players is None else players
    if not low <= count <= high:
        eprint(f"--players: {chosen.title} is played by {low} to {high} players, not {count}")
        raise typer.Exit(EXIT_BAD_INPUT)
    emit(render_template(chosen, count), output)


@app.command("schema")
def schema_command(
    game: Annotated[str, typer.Argument(help="The game.", autocompletion=complete_game)],
    output: OutputOption = None,
) -> None:
    """Print the JSON Schema of a game's YAML (draft 2020-12), for editors."""
    import json

    from .schema import json_schema

    emit(json.dumps(json_schema(known_game(game)), indent=2, ensure_ascii=False) + "\n", output)


def known_game(name: str) -> str:
    from .declare import did_you_mean, normalise_word

    word = normalise_word(name)
    if word not in REGISTRY:
        hint = did_you_mean(word, list(REGISTRY)) or "known games: " + ", ".join(REGISTRY)
        eprint(f"unknown game {name!r} ({hint})")
        raise typer.Exit(EXIT_BAD_INPUT)
    return word


def main() -> None:
    """Console entry point."""
    from .writing import install_signal_handlers
    install_signal_handlers()
    app(prog_name="scorecalc")
