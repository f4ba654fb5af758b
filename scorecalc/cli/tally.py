"""``scorecalc tally GAME FILE``: ask for a table question by question (``scorecalc/tally/``), then
score it as ``scorecalc GAME FILE`` would, with the same options."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typing import Annotated

import typer
from typer.core import TyperCommand

from ..errors import UsageError
from ..games import REGISTRY
from .options import GameArgument, ScoreOptions, complete_path, known_game, score_command
from .run import score_files

TableFileArgument = Annotated[str, typer.Argument(
    help="The table's YAML file: written after every answer; a file begun earlier is continued.",
    metavar="FILE", autocompletion=complete_path)]
WebOption = Annotated[bool, typer.Option(
    "--web", help="Answer from the players' phones instead: serve the questions on this network, print the "
                  "address and its QR code (docs/web.md).")]
BindOption = Annotated[str | None, typer.Option(
    "--bind", metavar="HOST[:PORT]",
    help="With --web: the address to listen on (default: this machine's LAN address, a free port; "
         "0.0.0.0 for every interface, [::1] for IPv6).")]


def full_help(short: str) -> str:
    """``tally --help``: the one line of the command list, then how to begin and how to move."""
    paragraphs = [
        short,
        "To begin: 'scorecalc tally GAME FILE' with a FILE that does not exist yet (tonight.yaml); "
        "run the same command again to go on with a FILE begun earlier.",
        "At each question, type the answer and Enter. Enter alone takes what the [brackets] "
        "show (a default, 'skip', or 'that's everyone' when the list of players is complete). "
        "'?' explains the question, with an example; '<' goes back one question (across a "
        "finished Caracas board too: it opens again at its next row); '=' lists every answer so "
        "far, to go to one and change it; Ctrl-C stops, and FILE keeps every answer given: the "
        "same command goes on where it stopped.",
        *(entry.entry_help for entry in REGISTRY.values() if entry.entry_help),
    ]
    return "\n\n".join(paragraphs)


def build(name: str, help: str) -> TyperCommand:
    flags = [(game, option) for game, entry in REGISTRY.items()
             for option in entry.options if option.needs_table]

    @score_command(name, full_help(help), flags=flags)
    def tally_command(game: GameArgument, file: TableFileArgument, web: WebOption = False,
                      bind: BindOption = None, *, options: ScoreOptions) -> int:
        from ..games import get_game
        from ..tally.session import DONE, tally

        chosen = known_game(game)
        for flag in options.flags:
            if flag not in REGISTRY[chosen].options:
                raise UsageError(f"{flag.flag} is not an option of {REGISTRY[chosen].title}")
        if bind is not None and not web:
            raise UsageError("--bind is an option of --web: give both")
        if web:
            from ..web.serve import tally_web

            outcome = tally_web(get_game(chosen), file, bind)
        else:
            outcome = tally(get_game(chosen), file)
        if outcome != DONE:
            return outcome
        return score_files([file], chosen, options, worded=True)

    return tally_command
