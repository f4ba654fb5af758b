"""Options in one hop: a command's options are read by Typer from one
signature (its own parameters, the shared score options, the game's or the figures' flags)
and reach it as one frozen value; nothing of Click is patched or found by its name."""

from __future__ import annotations

import re

from scorecalc.cli.options import joined
from tests.helpers import ROOT, run_cli


def test_the_command_line_patches_nothing_and_finds_no_class_by_name() -> None:
    found = []
    for path in sorted((ROOT / "scorecalc" / "cli").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"__mro__|__name__ ==|\.convert\s*=|ctx\.meta\[|params\.(extend|append|insert)",
                         line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    assert found == []


def test_joined_puts_the_extra_parameters_in_one_signature_and_gathers_them() -> None:
    import inspect

    def command(path: str, chosen: frozenset[str], last: int = 0) -> int:
        return len(chosen) + last

    extra = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=False, annotation=bool)
             for name in ("a", "b")]
    made = joined(command, extra, "chosen", lambda values: frozenset(k for k, v in values.items() if v),
                  before="last")
    assert list(inspect.signature(made).parameters) == ["path", "a", "b", "last"]
    assert made(path="x", a=True, b=True, last=1) == 3


def test_standings_refuses_a_one_play_format_with_its_own_words() -> None:
    result = run_cli("standings", str(ROOT / "examples" / "league"), "-f", "bgstats")
    assert result.exit_code == 2
    assert "bgstats is one play's BG Stats link" in result.output
    result = run_cli("standings", str(ROOT / "examples" / "league"), "-f", "nope")
    assert "'nope' is not one of 'table', 'json', 'csv', 'markdown', 'bgsplay', 'html'." in result.output
