"""A read never drops a value, through the command (SPEC section 8, "Entry you can trust"):
``scorecalc tally`` on a file with Ana's ``exhibition:`` given twice, at a real terminal
(pexpect, read as the screen shows it: pyte), piped, and on the pad (``--web``); a Caracas board
in ``tiles:`` form with ``jagaur``. On main at e31c357 each scored, exit 0: the duplicate kept 30
and dropped 45 (saying "asked again below" and asking nothing), the jaguar vanished."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import yaml

from tests.helpers import ROOT, run_scorecalc, spawn_scorecalc
from tests.support.web_pad import Served

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")
pytestmark = pytest.mark.slow  # processes, a pseudo-terminal, a server

TWICE = """\
game: galapagos
players:
  - name: Ana
    exhibition: 30
    education: 11
    animals: 2
    money: 2600
    exhibition: 45
  - name: Ivo
    exhibition: 33
    education: 6
    animals: 2
    money: 1900
"""
BOTH = "exhibition: 30; exhibition: 45"
SAID = f"Ana's exhibition: the file has “{BOTH}” (given twice)"
PROMPT = re.compile(r"› ([^\n\[]*?)(?: \[[^\]\n]*\])?: ")


def exhibitions(result: str) -> dict[str, int]:
    sheet = json.loads(result)
    return {player["name"]: player["categories"]["Exhibitions"] for player in sheet["players"]}


def test_a_key_given_twice_piped_the_next_line_answers_it(tmp_path: Path) -> None:
    target = tmp_path / "t.yaml"
    target.write_text(TWICE)
    result = run_scorecalc("tally", "galapagos", "t.yaml", "-f", "json", cwd=tmp_path, input="45\n")
    assert result.returncode == 0, result.stderr
    assert PROMPT.findall(result.stderr) == ["exhibition"]
    assert f"{SAID}: asked below" in result.stderr.splitlines()
    assert "  the file has “exhibition: 30; exhibition: 45” (given twice)" in result.stderr.splitlines()
    assert "asked again below" not in result.stderr and "players[" not in result.stderr
    assert exhibitions(result.stdout) == {"Ana": 45, "Ivo": 33}
    written = yaml.safe_load(target.read_text())
    assert written["players"][0]["exhibition"] == 45 and "tally" not in written
    assert (tmp_path / "t.yaml~").read_text() == TWICE


def test_a_key_given_twice_and_the_input_ends_exits_2_naming_it(tmp_path: Path) -> None:
    target = tmp_path / "t.yaml"
    target.write_text(TWICE)
    result = run_scorecalc("tally", "galapagos", "t.yaml", cwd=tmp_path, input="")
    assert result.returncode == 2 and result.stdout == ""
    assert f"t.yaml: not answered: {SAID}" in result.stderr.splitlines()
    assert "the input ended with 1 question left (the file is as it was)" in result.stderr
    assert target.read_text() == TWICE


def test_a_word_a_board_in_tiles_form_cannot_hold_exits_2(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "caracas" / "rulebook-alex.yaml").read_text()
    text = text.replace("animals: [jaguar], river: [N, E]}", "animals: [jagaur], river: [N, E]}")
    (tmp_path / "t.yaml").write_text(text)
    result = run_scorecalc("tally", "caracas", "t.yaml", cwd=tmp_path, input="\n" * 20)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines()[0] == (
        "t.yaml: Alex's tile ✻3 animals: the file has “animals: [jagaur]” in “{row: 3, col: asterisk, "
        "land: jungle, animals: [jagaur], river: [N, E]}” (unknown animal 'jagaur'; did you mean 'jaguar'?)")
    assert "players[" not in result.stderr and not re.search(r"t\.yaml:\d+:\d+", result.stderr)
    assert (tmp_path / "t.yaml").read_text() == text
    assert run_scorecalc("caracas", "t.yaml", cwd=tmp_path).returncode == 2  # as the scoring command says


def screen(output: str, columns: int) -> list[str]:
    shown = pyte.Screen(columns, output.count("\n") + len(output) // columns + 5)
    pyte.Stream(shown).feed(output.replace("\r\n", "\n").replace("\n", "\r\n"))
    return [shown.display[row].rstrip() for row in range(shown.cursor.y + 1)]


def test_a_key_given_twice_at_a_terminal(tmp_path: Path) -> None:
    """Read as the screen shows it: the file's two values named before anything is asked, then
    again above the one question, which takes the player's answer."""
    target = tmp_path / "t.yaml"
    target.write_text(TWICE)
    log = io.StringIO()
    child = spawn_scorecalc("tally", "galapagos", "t.yaml", "-f", "json", cwd=tmp_path,
                            env={"TERM": "xterm", "COLUMNS": None, "LINES": None}, dimensions=(50, 100))
    child.logfile_read = log
    child.expect(PROMPT)
    assert child.match.group(1) == "exhibition"
    rows = screen(log.getvalue(), 100)
    assert f"{SAID}: asked below" in rows, rows
    assert rows[-2:] == [f"  the file has “{BOTH}” (given twice)", "› exhibition:"], rows
    child.send("45\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, screen(log.getvalue(), 100)[-10:]
    assert yaml.safe_load(target.read_text())["players"][0]["exhibition"] == 45
    assert '"Exhibitions": 45' in log.getvalue()


def test_a_key_given_twice_on_the_pad(tmp_path: Path) -> None:
    """The phones: the field is unanswered and shows the file's text; nothing is scored until it
    is answered; the answer is taken."""
    target = tmp_path / "tonight.yaml"
    target.write_text(TWICE)
    served = Served("galapagos", target)
    try:
        assert f"{SAID}: asked on the phones\n" in served.said  # said before the address
        page = served.request("")[2].decode()
        field = re.search(r'<div class="field" data-place="players\[0\]\.exhibition".*?</div>\s*</div>', page,
                          re.S)
        assert field is not None, page
        assert 'data-answered="no"' in field.group(0)
        assert "the file has “exhibition: 30; exhibition: 45” (given twice)" in field.group(0)
        code, reply = served.score()
        assert (code, reply["status"]) == (422, "refused"), reply  # not scored without it
        assert "Ana's exhibition" in reply["message"], reply
        assert served.answer("players[0].exhibition", "45")[1]["status"] == "saved"
        assert "the file has" not in served.request("")[2].decode()
    finally:
        served.stop()
    assert yaml.safe_load(target.read_text())["players"][0]["exhibition"] == 45


def test_a_misspelt_optional_key_on_the_pad_is_not_declined_by_score_it(tmp_path: Path) -> None:
    """``locaton: Lisbon`` is held as the place, which is optional: "Score it" (which declines
    what is optional and untouched) is refused until the place is answered."""
    target = tmp_path / "tonight.yaml"
    once = TWICE.replace("    exhibition: 45\n", "")
    target.write_text(once.replace("players:\n", "locaton: Lisbon\nplayers:\n"))
    served = Served("galapagos", target)
    try:
        code, reply = served.score()
        assert (code, reply["status"], reply["message"]) == (422, "refused", "location: an answer is needed")
        assert served.answer("location", "Lisbon")[1]["status"] == "saved"
        assert served.score()[1]["status"] == "saved"
        assert served.finish()[0] == 0
    finally:
        served.stop()
    assert yaml.safe_load(target.read_text())["location"] == "Lisbon"
