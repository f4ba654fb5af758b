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

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.slow  # real terminals and subprocesses

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).parent / "scorecalc"
COMMAND = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "scorecalc"]
ENV = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100"}
PROMPT = re.compile(r"› ([^\n\[]*?)(?: \[[^\]\n]*\])?: ")

# (the question's label, what is typed); "^C" interrupts; "!message" expects a refusal first
SESSIONS = {
    "galapagos": {
        "first": [
            ("date", "2026-01-05 20:00"), ("location", "Home"),
            ("player 1's name", "Anna"), ("player 2's name", "Ben"), ("player 3's name", ""),
            ("exhibition", "41"), ("education", "30"), ("!", "must be at most 25"), ("education", "17"),
            ("animals", "sea_l\t 2, tort\t 1"), ("money", "<"), ("animals", ""), ("money", "2300"),
            ("exhibition 1 animals", ""), ("exhibition", "^C"),
        ],
        "resume": "exhibition",
        "second": [
            ("exhibition", "35"), ("education", "12"), ("animals", "3"), ("money", "1900"),
            ("exhibition 1 animals", ""),
        ],
        "piped": ["2026-01-05 20:00", "Home", "Anna", "Ben", "", "41", "17", "sea_lion 2, tortoise 1", "2300",
                  "", "35", "12", "3", "1900", ""],
    },
    "caribe": {
        "first": [
            ("university cards", "coim\t fauna, london coast\t, paris turtle"), ("solo", ""),
            ("date", "2026-01-05"), ("location", ""),
            ("player 1's name", "Inês"), ("player 2's name", "Jo"), ("player 3's name", ""),
            ("score", "70"), ("knowledge", "3 4 9"), ("!", "white value is 0-5"), ("knowledge", "3 4 2"),
            ("universities", "2 1 1"), ("board", "<"), ("universities", ""), ("board", "5 0 0 0 0 3"),
            ("book 1", "fauna 2, geology 1"), ("book 2", ""), ("leftover", "2 2 2 1"), ("score", "^C"),
        ],
        "resume": "score",
        "second": [
            ("score", "60"), ("knowledge", "2 3 3"), ("universities", "1 0 0"), ("board", "3 3 3 1 1 1"),
            ("book 1", ""), ("leftover", ""),
        ],
        "piped": ["coimbra fauna, london coastline, paris turtle", "", "2026-01-05", "", "Inês", "Jo", "",
                  "70", "3 4 2", "2 1 1", "5 0 0 0 0 3", "fauna 2, geology 1", "", "2 2 2 1",
                  "60", "2 3 3", "1 0 0", "3 3 3 1 1 1", "", ""],
    },
    "caracas": {
        "first": [
            ("house rules?", "caiman_ties str\t"), ("date", "2026-01-05"), ("location", ""),
            ("player 1's name", "Alex"), ("player 2's name", "Bea"), ("player 3's name", ""),
            ("row 1", "JuJa~ES JuSlSo~NESW JuHo~SW SaAt"), ("row 2", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb"),
            ("row 3", "JuCp~E SwCm~NEW SwEe~ESW"), ("!", "a row has 4"),
            ("row 3", "JuCp~E SwCm~NEW SwEe~ESW SaTa"), ("row 4", "<"),
            ("row 3", "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W"), ("row 4", ""), ("row 1", "^C"),
        ],
        "resume": "row 1",
        "second": [("row 1", "6 4 2 3")],
        "piped": ["caiman_ties strict", "2026-01-05", "", "Alex", "Bea", "",
                  "JuJa~ES JuSlSo~NESW JuHo~SW SaAt", "JuKi~NE SwPiGu~NESW SwAn~NW SaIb",
                  "JuCp~E SwCm~NEW SwEe~ESW JuIbSh~W", "", "6 4 2 3"],
    },
    "origin": {
        "first": [
            ("variant", ""), ("objective", "plym\t"), ("date", "2026-01-05"), ("location", ""),
            ("player 1's name", "Rachel"), ("player 2's name", "Ezra"), ("player 3's name", ""),
            ("score", "38"), ("books", "4 8 2"), ("tiles", "<"), ("books", ""), ("tiles", "Sea Snail"),
            ("score", "^C"),
        ],
        "resume": "score",
        "second": [
            ("score", "30"), ("books", "2 2 2"), ("tiles", "2"),
            ("tile 1 species", "Sea Lion"), ("level", "5"), ("!", "must be at most 4"),
            ("level", "3"), ("cubes", "Rach\t 2, Ezra 1"),
            ("tile 2 species", ""),
        ],
        "piped": ["", "plymouth", "2026-01-05", "", "Rachel", "Ezra", "", "38", "4 8 2", "Sea Snail",
                  "30", "2 2 2", "2", "Sea Lion", "3", "Rachel 2, Ezra 1", ""],
    },
}


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    return pexpect.spawn(COMMAND[0], [*COMMAND[1:], *args], cwd=str(cwd), env=ENV, encoding="utf-8",
                         dimensions=(50, 120), timeout=15)


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
            child.sendintr()
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 130
            return
        for part in re.split(r"(\t)", typed):
            child.send(part)
            if part == "\t":
                child.expect(r"\S")  # the completion is echoed
        child.send("\r")


def run(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], cwd=cwd, input=stdin, capture_output=True, text=True,
                          env=ENV, timeout=60)


@pytest.mark.parametrize("game", list(SESSIONS))
def test_terminal_session_then_piped_answers(game: str, tmp_path: Path) -> None:
    session = SESSIONS[game]
    # on a terminal: a wrong answer, a completion, '<', then Ctrl-C in the middle
    child = spawn("tally", game, "table.yaml", cwd=tmp_path)
    type_steps(child, session["first"])
    saved = (tmp_path / "table.yaml").read_text()
    assert "\ntally:\n" in saved
    unfinished = run(game, "table.yaml", cwd=tmp_path)
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
    again = run(game, "table.yaml", "--format", "json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert json.loads((tmp_path / "tally.json").read_text()) == json.loads(again.stdout)

    # piped: the same answers one per line write the same file; only the score on stdout
    piped = run("tally", game, "piped.yaml", "--format", "json", cwd=tmp_path,
                stdin="\n".join(session["piped"]) + "\n")
    assert piped.returncode == 0, piped.stderr
    assert (tmp_path / "piped.yaml").read_text() == finished
    assert json.loads(piped.stdout)["players"] == json.loads(again.stdout)["players"]


def test_bad_piped_answer_exits_2_and_keeps_earlier_answers(tmp_path: Path) -> None:
    answers = ["2026-01-05", "", "Anna", "Ben", "", "41", "30", "2300"]
    result = run("tally", "galapagos", "t.yaml", cwd=tmp_path, stdin="\n".join(answers) + "\n")
    assert result.returncode == 2
    assert "must be at most 25, found 30" in result.stderr
    assert re.search(r"stopped with \d+ or more questions left", result.stderr)
    assert result.stdout == ""
    saved = (tmp_path / "t.yaml").read_text()
    assert "exhibition: 41" in saved and "name: Ben" in saved and "education" not in saved


def test_an_answer_with_leading_zeros_is_saved_as_the_file_reads_it(tmp_path: Path) -> None:
    """SPEC 7: answers read numbers exactly as the YAML does (``007`` is 7)."""
    answers = ["2026-01-05", "", "Anna", "", "041", "007"]
    run("tally", "galapagos", "t.yaml", cwd=tmp_path, stdin="\n".join(answers) + "\n")
    saved = (tmp_path / "t.yaml").read_text()
    assert "exhibition: 41\n" in saved and "education: 7\n" in saved


def test_end_of_input_exits_2_and_says_how_many_are_left(tmp_path: Path) -> None:
    result = run("tally", "galapagos", "t.yaml", cwd=tmp_path, stdin="2026-01-05\n\nAnna\n\n41\n")
    assert result.returncode == 2
    assert "the input ended with 4 or more questions left" in result.stderr
    assert "exhibition: 41" in (tmp_path / "t.yaml").read_text()


def test_a_file_complete_but_for_one_money_asks_exactly_that(tmp_path: Path) -> None:
    example = (ROOT / "examples" / "galapagos" / "shared-victory.yaml").read_text()
    kit = example.index("name: Kit")
    target = tmp_path / "t.yaml"
    target.write_text(example[:kit] + example[kit:].replace("    money: 1500\n", "", 1))
    result = run("tally", "galapagos", "t.yaml", "--format", "json", cwd=tmp_path, stdin="1500\n")
    assert result.returncode == 0, result.stderr
    assert PROMPT.findall(result.stderr) == ["money"]
    assert (tmp_path / "t.yaml~").read_text() == example[:kit] + example[kit:].replace(
        "    money: 1500\n", "", 1)
    assert json.loads(result.stdout)["winners"] == ["Jo", "Kit"]
    assert "tally:" not in target.read_text()


def test_a_part_left_out_of_a_file_names_its_player(tmp_path: Path) -> None:
    """SPEC 7: messages name the player after the index, tally's 'left out' ones too."""
    example = (ROOT / "examples" / "galapagos" / "shared-victory.yaml").read_text()
    kit = "  - name: Kit\n"
    (tmp_path / "t.yaml").write_text(example.replace(kit, kit + "    colour: red\n", 1))
    result = run("tally", "galapagos", "t.yaml", "--format", "csv", cwd=tmp_path)
    assert re.search(r"t\.yaml:\d+:5: players\[1\] \(Kit\)\.colour: unknown key 'colour'; left out",
                     result.stderr), result.stderr


def test_other_commands_do_not_import_the_tally_package(tmp_path: Path) -> None:
    example = ROOT / "examples" / "galapagos" / "shared-victory.yaml"
    command = [sys.executable, "-X", "importtime", "-m", "scorecalc", "galapagos", str(example)]
    result = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=60)
    assert result.returncode == 0
    assert "scorecalc.tally" not in result.stderr
    assert "readline" not in result.stderr
