"""Commands are built only when invoked: a run imports the command it runs and what that needs."""

from __future__ import annotations

import pytest

from scorecalc.cli.options import FileArgument, ScoreOptions, score_command
from scorecalc.output.formats import format_named
from tests.helpers import EXAMPLES, GAMES, run_scorecalc

GALAPAGOS = str(EXAMPLES / "galapagos" / "shared-victory.yaml")


LOADED = """
import atexit, sys
atexit.register(lambda: print(sorted(m for m in sys.modules if m.startswith("scorecalc")), file=sys.stderr))
from scorecalc.cli import main
sys.argv[0] = "scorecalc"
main()
"""


def loaded(*args: str) -> set[str]:
    """The scorecalc modules a run of ``scorecalc ARGS`` imported."""
    import ast

    done = run_scorecalc(*args, script=LOADED)
    modules: list[str] = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    return set(modules)


COMMAND_MODULES = {f"scorecalc.cli.{name}" for name in
                   ("game", "score", "standings", "verify", "template", "schema", "tally")}


def test_a_game_as_json_builds_its_command_alone_and_imports_only_what_it_runs() -> None:
    modules = loaded("caracas", str(EXAMPLES / "caracas" / "two-explorers.yaml"), "--format", "json")
    assert modules & COMMAND_MODULES == {"scorecalc.cli.game"}
    assert "scorecalc.games.caracas" in modules and "scorecalc.output.data" in modules
    unused = [module for module in modules if module.startswith((
        "scorecalc.tally", "scorecalc.games.caribe", "scorecalc.games.galapagos", "scorecalc.games.origin",
        "scorecalc.output.tables", "scorecalc.output.text", "scorecalc.output.page", "scorecalc.blocks",
        "scorecalc.output.bgstats",
        "scorecalc.output.qr", "scorecalc.output.standings_layout", "scorecalc.league", "scorecalc.verify",
        "scorecalc.template"))]
    assert unused == []


@pytest.mark.slow  # a process per case (two)
def test_a_table_printed_to_the_terminal_does_not_load_the_writer() -> None:
    """``writing`` (atomic replacement of ``--output``) loads for a file to write; every run
    installs the signal handlers from ``signals``."""
    example = str(EXAMPLES / "caracas" / "two-explorers.yaml")
    modules = loaded("caracas", example)
    assert "scorecalc.signals" in modules and "scorecalc.writing" not in modules
    assert "scorecalc.writing" in loaded("caracas", example, "--output", "/dev/null")


@pytest.mark.slow
def test_help_lists_every_command_without_building_one() -> None:
    modules = loaded("--help")
    assert not modules & COMMAND_MODULES
    assert "scorecalc.spec" not in modules and "scorecalc.pipeline" not in modules


def test_the_group_builds_the_invoked_command_only(capsys: pytest.CaptureFixture[str]) -> None:
    import typer.main

    from scorecalc.cli import ScorecalcGroup, app

    group = typer.main.get_command(app)
    assert isinstance(group, ScorecalcGroup)
    assert group.main(["galapagos", GALAPAGOS, "--format", "json"], standalone_mode=False) == 0
    assert list(group.lazy.built) == ["galapagos"]
    assert list(group.lazy) == [*GAMES, "tally", "score", "standings", "verify", "template", "schema"]
    assert '"game": "galapagos"' in capsys.readouterr().out


def test_score_options_reach_the_command_as_one_frozen_object() -> None:
    seen: list[ScoreOptions] = []

    @score_command("probe", "Probe the options.")
    def probe(file: FileArgument, options: ScoreOptions) -> int:
        seen.append(options)
        return 0

    assert probe.main(["x.yaml", "-f", "csv", "--summary", "--wide", "-o", "out.csv"],
                      standalone_mode=False) == 0
    options = seen[0]
    assert (options.format, options.summary, options.wide, options.strict, options.output, options.qr) == \
        (format_named("csv"), True, True, False, "out.csv", False)
    with pytest.raises(AttributeError):
        options.wide = False
    names = [param.name for param in probe.params]
    assert names == ["file", "format", "output", "strict", "summary", "wide", "bgstats_link", "qr", "qr_file"]
