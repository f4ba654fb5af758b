"""The registry is the one list of games: one line gives a game its command, help, options,
template, schema and a piped tally, and every per-game test of the suite runs for it (shown with
the toy game of ``tests/support/toy_game.py``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from scorecalc.games import get_game
from scorecalc.template import player_range
from tests.helpers import GAMES, ROOT, TOY_LAUNCH, TOY_SWITCH, run_cli, run_scorecalc, timeout


def toy(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_scorecalc(*args, input=stdin, script=TOY_LAUNCH)


@pytest.mark.slow  # a process per command of the toy (seven)
def test_a_toy_game_gets_command_template_schema_help_and_options_from_one_registry_line() -> None:
    assert "toy" in toy("--help").stdout
    assert "Toy" in toy("--help").stdout  # the app's help names it
    template = toy("template", "toy", "--players", "2")
    assert template.returncode == 0 and "the points on the toy's track" in template.stdout
    schema = toy("schema", "toy")
    assert schema.returncode == 0 and '"points"' in schema.stdout
    scored = toy("toy", "-", "--shout", "--format", "json", stdin=template.stdout)
    assert scored.returncode == 0, scored.stderr
    # the game's view, text for a person, goes to standard error with a data format (SPEC section 8)
    assert scored.stderr == "PLAYER 1 PLAYER 2\n"
    assert json.loads(scored.stdout)["winners"] == ["Player 2"]
    assert "--shout" in toy("toy", "--help").stdout
    assert toy("score", "-", stdin=template.stdout).returncode == 0  # game: toy is a known game


def test_caracas_grid_codes_are_at_hand_without_a_file() -> None:
    result = run_cli("caracas", "--codes")
    assert result.exit_code == 0
    assert "Sq squirrel monkey" in result.stdout and "Ju~NW~ES" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "--codes" in run_cli("caracas", "--help").stdout


# --- what every registered game gets, the toy included ---------------------------------------

PROMPT = re.compile(r"› ([^\n\[]*?)(?: \[[^\]\n]*\])?: ")


@pytest.mark.parametrize("game", GAMES)
def test_a_piped_tally_asks_the_names_a_template_lacks_and_writes_what_the_template_scores(
        game: str, tmp_path: Path) -> None:
    """Derived from the game alone (its template, its example's names), no answers written here:
    the names are asked first; anything else the game's interview asks of a hand-written table
    (the toy's bead form) is answered by Enter alone, its default."""
    low, high = player_range(get_game(game))
    players = max(low, min(2, high))
    template = run_cli("template", game, "--players", str(players))
    assert template.exit_code == 0, template.stderr
    example = get_game(game).example
    assert example is not None
    names = [player["name"] for player in example(players)["players"]]
    blank = template.stdout
    for name in names:
        assert blank.count(f"- name: {name}\n") == 1, f"{game}'s template does not write '- name: {name}'"
        blank = blank.replace(f"- name: {name}\n", "- name:\n")
    path = tmp_path / "t.yaml"
    path.write_text(blank, encoding="utf-8")
    tallied = run_cli("tally", game, str(path), "--format", "json", input="\n".join(names) + "\n" * 20)
    assert tallied.exit_code == 0, tallied.stderr
    asked = PROMPT.findall(tallied.stderr)
    assert asked[:players] == [f"player {n}'s name" for n in range(1, players + 1)], asked
    assert "tally:" not in path.read_text(encoding="utf-8")
    scored = run_cli(game, "-", "--format", "json", input=template.stdout)
    assert scored.exit_code == 0, scored.stderr
    for key in ("players", "winners"):
        assert json.loads(tallied.stdout)[key] == json.loads(scored.stdout)[key]


LOUD = re.compile(r"\badd\b|\bwrite docs/rules/|run python -m tests\.support\.golden")
"""How a per-game test says what a new game still needs (its typed answers, a worked example,
its rules page, its golden file): ``helpers.per_game`` and the tests' own messages."""
MACHINERY = {
    "tests/commands/test_template.py::test_every_game_has_a_template[toy]",
    "tests/commands/test_template.py::test_template_scores_without_edits[toy-2]",
    "tests/commands/test_template.py::test_template_validates_against_schema[toy]",
    "tests/commands/test_registry.py::"
    "test_a_piped_tally_asks_the_names_a_template_lacks_and_writes_what_the_template_scores[toy]",
    "tests/commands/test_cli.py::test_help_is_click_conventional[toy]",
    "tests/rules/test_spec.py::test_every_spec_accepts_its_own_template_example[toy]",
}
"""What one registry line must give a game: template, schema, score, a piped tally, help."""


@pytest.mark.slow  # the suite again, in a process of its own
def test_the_per_game_tests_cover_a_toy_game_registered_with_one_line(tmp_path: Path) -> None:
    """The suite with the toy registered (``SCORECALC_TEST_TOY=1``: one entry added to REGISTRY,
    no list edited): every per-game test runs for it; the machinery passes, and a test that
    needs the game's own data fails saying what to add, none skips it."""
    if os.environ.get(TOY_SWITCH) == "1":
        pytest.skip("this is the run it starts")
    report = tmp_path / "toy.xml"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", "-n", "0",
         "-m", "not stress", "-k", "toy", f"--junitxml={report}", "tests"],
        cwd=ROOT, env={**os.environ, TOY_SWITCH: "1"}, capture_output=True, text=True, timeout=timeout(600))
    assert report.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    outcomes: dict[str, str] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = case.get("name", "")
        if "toy" not in name.partition("[")[2]:
            continue  # not a per-game case: the toy's own tests (tests/rules/test_interview.py)
        node = case.get("classname", "").replace(".", "/") + ".py::" + name
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        if case.find("skipped") is not None:
            outcomes[node] = "skipped"
        elif problem is not None:
            message = problem.get("message", "") + (problem.text or "")
            outcomes[node] = "says what to add" if LOUD.search(message) else f"failed: {message[:600]}"
        else:
            outcomes[node] = "passed"
    assert MACHINERY <= set(outcomes), sorted(MACHINERY - set(outcomes))
    assert {node: outcomes[node] for node in MACHINERY} == dict.fromkeys(MACHINERY, "passed")
    unexplained = {node: outcome for node, outcome in outcomes.items()
                   if outcome not in ("passed", "says what to add")}
    assert not unexplained, unexplained
    assert len(outcomes) >= 20, outcomes  # the suite's per-game tests, not a few
