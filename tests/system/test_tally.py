"""``scorecalc tally``: real terminal sessions (a pseudo-terminal, with pexpect) and piped answers.

Each game's session is typed twice: on a terminal (with a wrong answer asked again, Tab
completion of a name, ``<`` to go back, Ctrl-C in the middle and a resume that asks only
what is missing), and piped one answer per line; both must write the same FILE, and the
score printed at the end must be the one ``scorecalc GAME FILE`` prints for it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import GAMES, ROOT, SLOWNESS, interrupt, per_game, run_scorecalc, slowness, spawn_scorecalc
from tests.support.tally_answers import SESSIONS

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow  # real terminals and subprocesses

ENV = {"TERM": "xterm", "COLUMNS": "100"}
PROMPT = re.compile(r"› ([^\n\[]*?)(?: \[[^\]\n]*\])?: ")


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    return spawn_scorecalc(*args, cwd=cwd, env=ENV, dimensions=(50, 120))


def expect_prompt(child: pexpect.spawn, label: str) -> None:
    child.expect(PROMPT)
    assert child.match.group(1) == label, (label, child.before[-600:])


def type_steps(child: pexpect.spawn, steps: list[tuple[str, str]]) -> None:
    for label, typed in steps:
        if label == "!":
            child.expect(re.escape(typed))
            continue
        expect_prompt(child, label)
        if typed == "^C":
            interrupt(child)
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 130
            return
        for part in re.split(r"(\t)", typed):
            child.send(part)
            if part == "\t":
                child.expect(r"\S")  # the completion is echoed
        child.send("\r")


@pytest.mark.parametrize("game", GAMES)
def test_terminal_session_then_piped_answers(game: str, tmp_path: Path) -> None:
    session = per_game(SESSIONS, game, "typed tally session", "SESSIONS in tests/support/tally_answers.py")
    # on a terminal: a wrong answer, a completion, '<', then Ctrl-C in the middle
    child = spawn("tally", game, "table.yaml", cwd=tmp_path)
    type_steps(child, session["first"])
    saved = (tmp_path / "table.yaml").read_text()
    assert "\ntally:\n" in saved
    unfinished = run_scorecalc(game, "table.yaml", cwd=tmp_path, input="", env=ENV)
    assert unfinished.returncode == 2
    wanted = f"this table is unfinished; run 'scorecalc tally {game} table.yaml' to finish it"
    assert wanted in unfinished.stderr

    # the same command again asks only what is missing, then prints the score
    child = spawn("tally", game, "table.yaml", "--format", "json", "--output", "tally.json", cwd=tmp_path)
    expect_prompt(child, session["resume"])
    child.send(session["second"][0][1] + "\r")
    type_steps(child, session["second"][1:])
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    finished = (tmp_path / "table.yaml").read_text()
    assert "tally:" not in finished
    again = run_scorecalc(game, "table.yaml", "--format", "json", cwd=tmp_path, input="", env=ENV)
    assert again.returncode == 0, again.stderr
    assert json.loads((tmp_path / "tally.json").read_text()) == json.loads(again.stdout)

    # piped: the same answers one per line write the same file; only the score on stdout
    piped = run_scorecalc("tally", game, "piped.yaml", "--format", "json", cwd=tmp_path,
                          input="\n".join(session["piped"]) + "\n", env=ENV)
    assert piped.returncode == 0, piped.stderr
    assert (tmp_path / "piped.yaml").read_text() == finished
    assert json.loads(piped.stdout)["players"] == json.loads(again.stdout)["players"]


def test_bad_piped_answer_exits_2_and_keeps_earlier_answers(tmp_path: Path) -> None:
    answers = ["2026-01-05", "", "Anna", "Ben", "", "41", "30", "2300"]
    result = run_scorecalc("tally", "galapagos", "t.yaml", cwd=tmp_path, input="\n".join(answers) + "\n",
                           env=ENV)
    assert result.returncode == 2
    assert "must be at most 25, found 30" in result.stderr
    assert re.search(r"stopped with \d+ or more questions left", result.stderr)
    assert result.stdout == ""
    saved = (tmp_path / "t.yaml").read_text()
    assert "exhibition: 41" in saved and "name: Ben" in saved and "education" not in saved


def test_an_answer_with_leading_zeros_is_saved_as_the_file_reads_it(tmp_path: Path) -> None:
    """SPEC 7: answers read numbers exactly as the YAML does (``007`` is 7)."""
    answers = ["2026-01-05", "", "Anna", "", "041", "007"]
    run_scorecalc("tally", "galapagos", "t.yaml", cwd=tmp_path, input="\n".join(answers) + "\n", env=ENV)
    saved = (tmp_path / "t.yaml").read_text()
    assert "exhibition: 41\n" in saved and "education: 7\n" in saved


def test_end_of_input_exits_2_and_says_how_many_are_left(tmp_path: Path) -> None:
    result = run_scorecalc("tally", "galapagos", "t.yaml", cwd=tmp_path, input="2026-01-05\n\nAnna\n\n41\n",
                           env=ENV)
    assert result.returncode == 2
    assert "the input ended with 4 or more questions left" in result.stderr
    assert "exhibition: 41" in (tmp_path / "t.yaml").read_text()


def test_a_file_complete_but_for_one_money_asks_exactly_that(tmp_path: Path) -> None:
    example = (ROOT / "examples" / "galapagos" / "shared-victory.yaml").read_text()
    kit = example.index("name: Kit")
    target = tmp_path / "t.yaml"
    target.write_text(example[:kit] + example[kit:].replace("    money: 1500\n", "", 1))
    result = run_scorecalc("tally", "galapagos", "t.yaml", "--format", "json", cwd=tmp_path, input="1500\n",
                           env=ENV)
    assert result.returncode == 0, result.stderr
    assert PROMPT.findall(result.stderr) == ["money"]
    assert (tmp_path / "t.yaml~").read_text() == example[:kit] + example[kit:].replace(
        "    money: 1500\n", "", 1)
    assert json.loads(result.stdout)["winners"] == ["Jo", "Kit"]
    assert "tally:" not in target.read_text()


def test_a_part_no_question_holds_names_its_player(tmp_path: Path) -> None:
    """SPEC 8: a value no question can hold is never left out of a score: named in the players'
    words with the file's text, exit 2, FILE as it was (until main at e31c357: 'left out', scored)."""
    example = (ROOT / "examples" / "galapagos" / "shared-victory.yaml").read_text()
    kit = "  - name: Kit\n"
    written = example.replace(kit, kit + "    colour: red\n", 1)
    (tmp_path / "t.yaml").write_text(written)
    result = run_scorecalc("tally", "galapagos", "t.yaml", "--format", "csv", cwd=tmp_path, input="", env=ENV)
    assert result.returncode == 2 and result.stdout == ""
    assert "t.yaml: Kit's colour: the file has “colour: red” ('colour' is no part of the table)" \
        in result.stderr.splitlines(), result.stderr
    assert "players[" not in result.stderr and not re.search(r"t\.yaml:\d+:\d+", result.stderr)
    assert (tmp_path / "t.yaml").read_text() == written


def test_other_commands_do_not_import_the_tally_package(tmp_path: Path) -> None:
    example = ROOT / "examples" / "galapagos" / "shared-victory.yaml"
    result = run_scorecalc("galapagos", str(example), python=("-X", "importtime"), env=ENV)
    assert result.returncode == 0
    assert "scorecalc.tally" not in result.stderr
    assert "readline" not in result.stderr


@pytest.mark.stress
def test_terminal_sessions_hold_on_a_loaded_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal session again while busy processes keep every core loaded twice over, for a
    game with a form of its own (Caracas' board) and a plain one (every game's session runs
    unloaded in the suite): the waits scale with the load (helpers.timeout) and a Ctrl-C waits
    for the prompt to be read (helpers.interrupt), so a slow machine makes a session slow, never
    failed."""
    cores = os.cpu_count() or 1
    # the busy processes add two to each core's load at once; the load average shows it a minute later
    monkeypatch.setenv(SLOWNESS, str(slowness() + 2))
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2 * cores)]
    try:
        for game in ("caracas", "galapagos"):
            folder = tmp_path / game
            folder.mkdir()
            test_terminal_session_then_piped_answers(game, folder)
    finally:
        for process in busy:
            process.kill()
            process.wait()
