"""Exit codes: the outcome object decides them, and the one error boundary turns any bug into
one line and exit 3."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

import scorecalc
import scorecalc.output.formats
from scorecalc.output.report import Report
from tests.helpers import EXAMPLES, run_cli

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
    import scorecalc.tablefile.reader as reading  # where a table's game is looked up (read_table)

    real_get_game = reading.get_game

    def fragile_game(name: str) -> object:
        game = real_get_game(name)

        def score(state: object) -> object:
            if any(player.name == "Crash" for player in state.players):  # type: ignore[attr-defined]
                raise ZeroDivisionError("boom")
            return game.score(state)

        return dataclasses.replace(game, score=score)

    monkeypatch.setattr(reading, "get_game", fragile_game)
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


# --- SCORECALC_DEBUG=1: the traceback for a bug report --------------------------------------


@pytest.mark.parametrize("value", ["", "0"])
def test_without_scorecalc_debug_a_bug_shows_no_traceback(monkeypatch: pytest.MonkeyPatch,
                                                         value: str) -> None:
    monkeypatch.setenv("SCORECALC_DEBUG", value)
    monkeypatch.setattr(scorecalc.output.formats, "render", boom)
    result = run_cli("galapagos", GALAPAGOS)
    assert result.exit_code == 3
    assert result.stderr.splitlines() == [
        "scorecalc: internal error (RuntimeError: injected failure); please report it"]


def test_scorecalc_debug_prints_the_traceback_before_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCORECALC_DEBUG", "1")
    monkeypatch.setattr(scorecalc.output.formats, "render", boom)
    result = run_cli("galapagos", GALAPAGOS)
    assert result.exit_code == 3
    lines = result.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert any(line.strip().startswith('raise RuntimeError("injected failure")') for line in lines)
    assert lines[-2:] == ["RuntimeError: injected failure",
                          "scorecalc: internal error (RuntimeError: injected failure); please report it"]


def test_scorecalc_debug_traces_a_crashed_file_of_a_batch_and_scores_the_others(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SCORECALC_DEBUG", "1")
    bad = crashing_table(monkeypatch, tmp_path)
    result = run_cli("score", str(bad), GALAPAGOS, "--format", "csv")
    assert result.exit_code == 3
    lines = result.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert 'raise ZeroDivisionError("boom")' in result.stderr
    assert lines[-1] == f"{bad}: internal error (ZeroDivisionError: boom); please report this file"
    assert "shared-victory.yaml" in result.stdout
