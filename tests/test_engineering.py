"""The error boundary, the outcome object, the registry as the one list of games, and docs
that cannot drift from the program."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import typer

import scorecalc
from scorecalc.cli.options import FileArgument, ScoreOptions, score_command
from scorecalc.output.formats import Format
from scorecalc.output.report import Report

from .conftest import EXAMPLES, ROOT, run_cli

GALAPAGOS = str(EXAMPLES / "galapagos" / "shared-victory.yaml")


# --- the outcome object decides the exit code ----------------------------------------------


def report_of(*outcomes: str) -> Report:
    """A report told ``outcomes`` (verbs) in turn."""
    report = Report()
    for outcome in outcomes:
        if outcome == "skipped":
            report.skipped([])
        elif outcome == "crashed":
            report.crashed("x.yaml", RuntimeError("boom"))
        elif outcome == "unwritable":
            report.unwritable("out.json: cannot write")
        else:
            getattr(report, outcome)()
    return report


@pytest.mark.parametrize(("outcomes", "code"), [
    ((), 0),
    (("scored",) * 3, 0),
    (("passed", "passed", "unchecked"), 0),
    (("mismatched", *("passed",) * 4), 1),
    (("mismatched", "skipped"), 2),
    (("unwritable",), 2),
    (("skipped", "skipped", "crashed", *("mismatched",) * 3), 3),
    (("crashed",), 3),
])
def test_report_exit_code_is_the_worst_outcome(outcomes: tuple[str, ...], code: int,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert report_of(*outcomes).exit_code == code


def test_report_verbs_say_their_messages_and_count(capsys: pytest.CaptureFixture[str]) -> None:
    report = report_of("passed", "passed", "passed", "mismatched", "unchecked", "unchecked")
    report.skipped(["a.yaml:1:1: players: missing"])
    report.scored(["b.yaml:3:5: warning: more tiles than the box holds"])
    assert report.verify_line() == "3 passed, 1 failed, 2 skipped, 1 bad input"
    report.crashed("c.yaml", KeyError("x"))
    report.crashed("d.yaml", KeyError("y"))
    assert report.verify_line().endswith(", 2 crashed") and report.left_out == 3
    assert capsys.readouterr().err.splitlines() == [
        "a.yaml:1:1: players: missing", "b.yaml:3:5: warning: more tiles than the box holds",
        "c.yaml: internal error (KeyError: 'x'); please report this file",
        "d.yaml: internal error (KeyError: 'y'); please report this file"]


# --- one boundary: any bug is one line and exit 3 -----------------------------------------


def boom(*args: object, **kwargs: object) -> str:
    raise RuntimeError("injected failure")


@pytest.mark.parametrize(("target", "args"), [
    ("scorecalc.output.formats.render", ["galapagos", GALAPAGOS]),
    ("scorecalc.verify.check_expect", ["verify", GALAPAGOS]),
    ("scorecalc.template.render_template", ["template", "galapagos"]),
    ("scorecalc.schema.json_schema", ["schema", "caribe"]),
])
def test_an_injected_bug_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch, target: str,
                                                args: list[str]) -> None:
    module, name = target.rsplit(".", 1)
    monkeypatch.setattr(sys.modules.get(module) or __import__(module, fromlist=[name]), name, boom)
    result = run_cli(*args)
    assert result.exit_code == 3, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "internal error (RuntimeError: injected failure)" in lines[0]
    assert "Traceback" not in result.stderr


def crashing_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A Galapagos table whose scoring raises (a bug injected for the player named Crash)."""
    import scorecalc.pipeline as pipeline

    real_get_game = pipeline.get_game

    def fragile_game(name: str) -> object:
        game = real_get_game(name)

        def score(state: object) -> object:
            if any(player.name == "Crash" for player in state.players):  # type: ignore[attr-defined]
                raise ZeroDivisionError("boom")
            return game.score(state)

        return dataclasses.replace(game, score=score)

    monkeypatch.setattr(pipeline, "get_game", fragile_game)
    bad = tmp_path / "a-crash.yaml"
    bad.write_text("game: galapagos\nplayers:\n  - {name: Crash, exhibition: 1, education: 1, money: 0}\n")
    return bad


def test_a_crash_in_one_file_of_a_batch_does_not_stop_the_others(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    bad = crashing_table(monkeypatch, tmp_path)
    result = run_cli("score", str(bad), GALAPAGOS, "--format", "csv")
    assert result.exit_code == 3
    assert result.stderr.count("\n") == 1
    assert f"{bad}: internal error (ZeroDivisionError: boom)" in result.stderr
    assert "shared-victory.yaml" in result.stdout  # the other file still scored


def test_bad_usage_and_a_missing_file_are_exit_2() -> None:
    assert run_cli("template", "chess").exit_code == 2
    result = run_cli("score", "no-such-file.yaml")
    assert result.exit_code == 2 and "no-such-file.yaml: no such file" in result.stderr


def test_a_yaml_file_given_as_a_command_suggests_score() -> None:
    result = run_cli(GALAPAGOS)
    assert result.exit_code == 2
    assert f"run 'scorecalc score {GALAPAGOS}'" in result.stderr


def test_version() -> None:
    result = run_cli("--version")
    assert result.exit_code == 0 and result.stdout == f"scorecalc {scorecalc.__version__}\n"


# --- the public API --------------------------------------------------------------------------


def test_score_file_and_score_text_return_the_sheet() -> None:
    sheet = scorecalc.score_file(str(EXAMPLES / "galapagos" / "decided-by-money.yaml"))
    assert sheet.winners == ["Hana"] and sheet.player("Hana").total == 37
    text = (EXAMPLES / "galapagos" / "decided-by-money.yaml").read_text(encoding="utf-8")
    assert scorecalc.score_text(text).winners == ["Hana"]


def test_the_api_raises_every_problem_of_a_file_at_once() -> None:
    text = textwrap.dedent("""\
        game: galapagos
        players:
          - {name: Anna, exhibition: x, education: 17, money: 2300}
          - {name: Lena, exhibition: 3, education: 99, money: -5}
    """)
    with pytest.raises(scorecalc.InputError) as info:
        scorecalc.score_text(text)
    problems = info.value.problems
    assert [(p.position.line, p.path[-1]) for p in problems] == [(3, "exhibition"), (4, "education"),
                                                               (4, "money")]


# --- the registry is the one place that knows the games ------------------------------------

TOY = """
import sys
from scorecalc.games import REGISTRY, GameEntry, GameOption
REGISTRY["toy"] = GameEntry("tests.toy_game", "Toy",
                            options=(GameOption("--shout", "Shout the names.", "shout"),))
from scorecalc.cli import main
sys.argv[0] = "scorecalc"
main()
"""


def toy(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", TOY, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_a_toy_game_gets_command_template_schema_help_and_options_from_one_registry_line() -> None:
    assert "toy" in toy("--help").stdout
    assert "Toy" in toy("--help").stdout  # the app's help names it
    template = toy("template", "toy", "--players", "2")
    assert template.returncode == 0 and "the points on the toy's track" in template.stdout
    schema = toy("schema", "toy")
    assert schema.returncode == 0 and '"points"' in schema.stdout
    scored = toy("toy", "-", "--shout", "--format", "json", stdin=template.stdout)
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.startswith("PLAYER 1 PLAYER 2\n")
    assert '"winners": [\n    "Player 2"\n  ]' in scored.stdout
    assert "--shout" in toy("toy", "--help").stdout
    assert toy("score", "-", stdin=template.stdout).returncode == 0  # game: toy is a known game


# --- commands built only when invoked -------------------------------------------------------

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

    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
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
        "scorecalc.output.tables", "scorecalc.output.sheets", "scorecalc.output.bgstats",
        "scorecalc.output.qr", "scorecalc.output.standings", "scorecalc.league", "scorecalc.verify",
        "scorecalc.template"))]
    assert unused == []


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
    assert list(group.lazy) == ["caracas", "caribe", "galapagos", "origin", "tally", "score", "standings",
                                "verify", "template", "schema"]
    assert '"game": "galapagos"' in capsys.readouterr().out


def test_score_options_reach_the_command_as_one_frozen_object() -> None:
    seen: list[ScoreOptions] = []

    @score_command("probe", "Probe the options.")
    def probe(ctx: typer.Context, file: FileArgument) -> int:
        seen.append(ScoreOptions.of(ctx))
        return 0

    assert probe.main(["x.yaml", "-f", "csv", "--summary", "--wide", "-o", "out.csv"],
                      standalone_mode=False) == 0
    options = seen[0]
    assert (options.format, options.summary, options.wide, options.strict, options.output, options.qr) == \
        (Format.CSV, True, True, False, "out.csv", False)
    with pytest.raises(AttributeError):
        options.wide = False
    names = [param.name for param in probe.params]
    assert names == ["file", "format", "output", "strict", "summary", "wide", "bgstats_link", "qr", "qr_file"]


# --- docs that cannot drift ------------------------------------------------------------------


@pytest.mark.slow
def test_readme_console_output_is_what_the_program_prints() -> None:
    result = subprocess.run([sys.executable, "scripts/readme_tour.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_docs_never_point_outside_the_repository() -> None:
    for path in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        assert "../shared" not in text and "SPEC.md" not in text, path


def test_caracas_grid_codes_are_at_hand_without_a_file() -> None:
    result = run_cli("caracas", "--codes")
    assert result.exit_code == 0
    assert "Sq squirrel monkey" in result.stdout and "Ju~NW~ES" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "--codes" in run_cli("caracas", "--help").stdout


def test_an_unwritable_output_after_a_crash_still_exits_3(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    """SPEC: the exit code is the worst outcome; a crash (3) wins over output not written (2)."""
    import scorecalc.writing as writing

    def full_disk(path: str, content: object) -> None:
        raise OSError(28, "No space left on device", path)

    monkeypatch.setattr(writing, "write_output", full_disk)
    bad = crashing_table(monkeypatch, tmp_path)
    out = tmp_path / "out.csv"
    result = run_cli("score", str(bad), GALAPAGOS, "--format", "csv", "--output", str(out))
    assert result.exit_code == 3
    assert f"{out}: cannot write: No space left on device" in result.stderr
    assert "internal error (ZeroDivisionError: boom)" in result.stderr
