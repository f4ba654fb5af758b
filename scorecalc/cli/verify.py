"""``scorecalc verify PATH...``: compare files' ``expect:`` blocks with their scores."""

# No ``from __future__ import annotations``: Typer reads these annotations.

from typer.core import TyperCommand

from ..output.report import Report
from ..output.terminal import console
from .options import PathsArgument, StrictOption, command
from .run import expand, score_one


def build(name: str, help: str) -> TyperCommand:
    @command(name, help)
    def verify(paths: PathsArgument, strict: StrictOption = False) -> int:
        from ..verify import verify_one

        report = Report()
        for file in expand(paths, report):
            scored = score_one(file, None, strict, report)
            if scored is None:
                continue
            verdict = verify_one(file, scored)
            if verdict.kind == "bad input":
                report.skipped(verdict.problems)
            elif verdict.kind == "passed":
                report.passed()
            elif verdict.kind == "mismatched":
                report.mismatched()
            else:
                report.unchecked()
            for line in verdict.lines:
                console.out(line + "\n")
        console.out(report.verify_line() + "\n")
        return report.exit_code

    return verify
