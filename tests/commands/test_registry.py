"""The registry is the one list of games: one line gives a game its command, help, options,
template and schema (shown with the toy game of ``tests/support/toy_game.py``)."""

from __future__ import annotations

import subprocess

from tests.helpers import TOY_LAUNCH, run_cli, run_scorecalc


def toy(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_scorecalc(*args, input=stdin, script=TOY_LAUNCH)


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


def test_caracas_grid_codes_are_at_hand_without_a_file() -> None:
    result = run_cli("caracas", "--codes")
    assert result.exit_code == 0
    assert "Sq squirrel monkey" in result.stdout and "Ju~NW~ES" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "--codes" in run_cli("caracas", "--help").stdout
