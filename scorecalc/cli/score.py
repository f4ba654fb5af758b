"""``scorecalc score PATH...``: score many tables in one run, each file naming its game."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typer.core import TyperCommand

from ..output.report import Report
from .options import PathsArgument, ScoreOptions, score_command
from .run import expand, score_files


def build(name: str, help: str) -> TyperCommand:
    @score_command(name, help)
    def score(paths: PathsArgument, options: ScoreOptions) -> int:
        report = Report()
        return score_files(expand(paths, report), None, options, report)

    return score
