"""The command-line contract of SPEC section 1, driven through the CLI."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES, GAMES, run_cli, run_scorecalc

EXAMPLE = EXAMPLES / "galapagos" / "tie-for-highest-education.yaml"
GOOD = """\
game: galapagos
players:
  - name: Anna
    exhibition: 41
    education: 17
    money: 2300
  - name: Ben
    exhibition: 38
    education: 12
    money: 1200
"""


def test_table_is_itemised_with_summary_and_winner() -> None:
    result = run_cli("galapagos", str(EXAMPLE), "--wide")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Anna" in out and "Education bonus" in out and "tied with 1 other for highest education" in out
    assert "Summary" in out and "Winner: Anna" in out
    assert out.index("Summary") > out.index("Carla")


def test_json_matches_the_spec_shape() -> None:
    result = run_cli("galapagos", str(EXAMPLE), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["game", "file", "date", "location", "players", "winners", "tiebreak", "warnings"]
    assert data["game"] == "galapagos" and data["file"] == str(EXAMPLE)
    anna = data["players"][0]
    assert list(anna) == ["name", "total", "rank", "categories", "items"]
    assert anna["categories"] == {"Exhibitions": 41, "Education": 3, "Animals": 1, "Money": 2}
    assert anna["total"] == 47 and anna["rank"] == 1
    assert set(anna["items"][0]) == {"category", "item", "points", "detail"}
    assert sum(item["points"] for item in anna["items"]) == anna["total"]
    assert [p["name"] for p in data["players"]] == ["Anna", "Ben", "Carla"]  # input order
    assert data["winners"] == ["Anna"] and data["tiebreak"] is None and data["warnings"] == []


def test_csv_one_row_per_player() -> None:
    result = run_cli("galapagos", str(EXAMPLE), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0]) == ["file", "game", "date", "player", "rank", "winner", "total",
                             "Exhibitions", "Education", "Animals", "Money"]
    assert [(r["player"], r["rank"], r["total"]) for r in rows] == [("Anna", "1", "47"), ("Ben", "2", "44"),
                                                                    ("Carla", "3", "44")]


def test_markdown_and_bgstats() -> None:
    markdown = run_cli("galapagos", str(EXAMPLE), "--format", "markdown").stdout
    assert "| Category" in markdown and "## Summary" in markdown
    result = run_cli("galapagos", str(EXAMPLES / "galapagos" / "decided-by-money.yaml"), "-f", "bgstats")
    play = json.loads(result.stdout)
    assert play["sourceName"] == "scorecalc"
    assert play["game"] == {"name": "Galapagos", "sourceGameId": "galapagos", "highestWins": True,
                            "noPoints": False}
    # Hana and Ivo tied on 37, money decided: the ranks say what the scores cannot
    assert play["players"][0] == {"name": "Hana", "score": 37, "winner": True, "startPlayer": True, "rank": 1,
                                  "sourcePlayerId": "hana"}
    assert "startPlayer" not in play["players"][1] and play["players"][1]["rank"] == 2


def test_stdin_is_dash() -> None:
    result = run_cli("galapagos", "-", "--format", "json", input=GOOD)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["file"] == "-"


def test_batch_is_json_lines_and_reports_broken_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: galapagos\nplayers: 3\n")
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    result = run_cli("score", str(good), str(broken), str(EXAMPLE), "--format", "json")
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert [json.loads(line)["file"] for line in lines] == [str(good), str(EXAMPLE)]
    assert f"{broken}:2:10: players: expected a list, found the whole number 3" in result.stderr


def test_score_needs_game_key(write_yaml) -> None:
    path = write_yaml(GOOD.replace("game: galapagos\n", ""))
    assert run_cli("galapagos", str(path)).exit_code == 0  # the subcommand names the game
    result = run_cli("score", str(path))
    assert result.exit_code == 2
    assert f"{path}:1:1: <document>: missing 'game:'" in result.stderr


def test_game_key_must_match_subcommand(write_yaml) -> None:
    path = write_yaml(GOOD.replace("galapagos", "caribe"))
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2
    assert "game: this file is a caribe table, not galapagos" in result.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace("exhibition: 41", "exibition: 41"),
         ":4:5: players[0] (Anna).exibition: unknown key 'exibition' (did you mean 'exhibition'?)"),
        (GOOD.replace("exhibition: 41", 'exhibition: "41"'),
         ":4:17: players[0] (Anna).exhibition: expected a whole number, found the text '41' "
         "(remove the quotes"),
        (GOOD.replace("    money: 2300\n", "    money: 2300\n    money: 2400\n"),
         ":7:5: players[0] (Anna).money: duplicate key 'money'"),
        ("", ":1:1: <document>: the file is empty"),
        ("# nothing but a comment\n", ":1:1: <document>: the file is empty"),
        (GOOD.replace("education: 17", "education: 26"),
         ":5:16: players[0] (Anna).education: must be at most 25"),
        (GOOD.replace("money: 1200", "money: -100"), ":10:12: players[1] (Ben).money: must not be negative"),
        (GOOD.replace("money: 1200", "money: 1200.5"), "(Ben).money: 1200.5 is not a whole number"),
        (GOOD.replace("exhibition: 41", "exhibition: true"), "expected a whole number, found the boolean"),
        (GOOD.replace("name: Ben", "name: Anna"),
         ":7:11: players[1] (Anna).name: player 1 is already called 'Anna'"),
        (GOOD + "  - name: C\n    education: 1\n    money: 0\n",
         ":11:5: players[2] (C): missing required key 'exhibition'"),
        (GOOD.replace("game: galapagos", "game: galapogos"), ":1:7: game: unknown game 'galapogos'"),
        ("- just\n- a list\n", ":1:1: <document>: expected a mapping"),
        ("game: galapagos\nplayers: [\n", ":3:1: <document>: YAML syntax"),
        ("game: galapagos\nplayers:\n\t- name: A\n", "indent with spaces"),
        ("game: galapagos\nplayers: !!python/object/apply:os.system [ls]\n",
         ":2:10: players: the YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed"),
    ],
)
def test_bad_input_is_located_exit_2_no_traceback(write_yaml, text: str, message: str) -> None:
    path = write_yaml(text)
    before = path.read_bytes()
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(str(path) + ":"), result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert path.read_bytes() == before  # the input file is never changed


def test_yes_no_on_stay_strings(write_yaml) -> None:
    path = write_yaml(GOOD.replace("name: Anna", "name: No").replace("name: Ben", "name: On"))
    result = run_cli("galapagos", str(path), "-f", "json")
    assert result.exit_code == 0, result.stderr
    assert [p["name"] for p in json.loads(result.stdout)["players"]] == ["No", "On"]


def test_number_as_name_needs_quotes(write_yaml) -> None:
    result = run_cli("galapagos", str(write_yaml(GOOD.replace("name: Ben", "name: 7"))))
    assert result.exit_code == 2
    assert "players[1].name: expected text, found the whole number 7" in result.stderr


def test_binary_and_missing_files(tmp_path: Path) -> None:
    binary = tmp_path / "x.yaml"
    binary.write_bytes(b"game: \x00\x01")
    result = run_cli("galapagos", str(binary))
    assert result.exit_code == 2 and result.stderr.startswith(f"{binary}: binary file")
    result = run_cli("galapagos", str(tmp_path / "missing.yaml"))
    assert result.exit_code == 2 and "missing.yaml: no such file" in result.stderr


def test_windows_line_endings_and_bom_score(tmp_path: Path) -> None:
    path = tmp_path / "crlf.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode())
    assert run_cli("galapagos", str(path)).exit_code == 0


def test_output_is_written_atomically_and_not_on_failure(tmp_path: Path, write_yaml) -> None:
    target = tmp_path / "out.json"
    result = run_cli("galapagos", str(EXAMPLE), "-f", "json", "--output", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(target.read_text())["players"][0]["total"] == 47
    target.write_text("previous")
    bad = write_yaml("game: galapagos\nplayers: 1\n", "bad.yaml")
    assert run_cli("galapagos", str(bad), "--output", str(target)).exit_code == 2
    assert target.read_text() == "previous"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".scorecalc-")]


def test_output_never_overwrites_an_input(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(GOOD)
    result = run_cli("galapagos", str(path), "--output", str(path))
    assert result.exit_code == 2 and "would overwrite an input file" in result.stderr
    assert path.read_text() == GOOD


def test_verify_passes_fails_and_skips(tmp_path: Path) -> None:
    expect = "expect: {Anna: 47, Ben: {total: 41, education: 2}, winners: [Anna]}\n"
    (tmp_path / "ok.yaml").write_text(GOOD + expect)
    (tmp_path / "skip.yaml").write_text(GOOD)
    result = run_cli("verify", str(tmp_path))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "ok    " in result.stdout and "skip  " in result.stdout
    (tmp_path / "bad.yaml").write_text(GOOD + "expect: {Anna: {total: 44, Money: 3}, winners: [Ben]}\n")
    result = run_cli("verify", str(tmp_path))
    assert result.exit_code == 1
    assert "Anna total: expected 44, got 47" in result.stdout
    assert "Anna Money: expected 3, got 2" in result.stdout
    assert "winners: expected Ben, got Anna" in result.stdout


def test_verify_name_not_at_table_is_bad_input_and_wins_over_mismatch(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(GOOD + "expect: {Anna: 1}\n")
    (tmp_path / "b.yaml").write_text(GOOD + "expect:\n  Anne: 47\n")
    result = run_cli("verify", str(tmp_path))
    assert result.exit_code == 2
    assert f"{tmp_path / 'b.yaml'}:12:3: expect.Anne: 'Anne' is not at the table (did you mean 'Anna'?)" \
        in result.stderr


def test_verify_expect_names_are_compared_as_player_names(write_yaml) -> None:
    """SPEC 7: names are compared after case folding and NFC, so 'anna' or an NFD spelling
    in expect is the player Anna, not 'not at the table (did you mean ...)'."""
    path = write_yaml(GOOD.replace("Ben", "Bén") + "expect: {anna: 47, \"Be\u0301n\": 41, winners: [ANNA]}\n")
    result = run_cli("verify", str(path))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "(3 checks)" in result.stdout


def test_verify_unknown_category(write_yaml) -> None:
    path = write_yaml(GOOD + "expect: {Anna: {Landscape: 3}}\n")
    result = run_cli("verify", str(path))
    assert result.exit_code == 2 and "unknown category 'Landscape'" in result.stderr


def test_unknown_format_is_usage_error() -> None:
    assert run_cli("galapagos", str(EXAMPLE), "--format", "xml").exit_code == 2


def test_schema_command_is_json_schema() -> None:
    schema = json.loads(run_cli("schema", "galapagos").stdout)
    assert schema["$schema"].endswith("2020-12/schema")
    required = schema["properties"]["players"]["items"]["required"]
    assert required == ["name", "exhibition", "education", "money"]


def test_python_dash_m_and_shipped_examples_verify() -> None:
    result = run_scorecalc("verify", str(EXAMPLES))
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 failed" in result.stdout


def _complete(words: str, index: int) -> list[str]:
    env = {"_SCORECALC_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(index)}
    result = run_scorecalc(env=env)
    return result.stdout.split()


@pytest.mark.slow  # a process per shell and word (four)
def test_shell_completion_of_commands_games_and_files() -> None:
    assert "galapagos" in _complete("scorecalc ga", 1)
    assert _complete("scorecalc template gal", 2) == ["galapagos"]
    files = _complete("scorecalc galapagos examples/galapagos/d", 2)
    assert "examples/galapagos/decided-by-money.yaml" in files
    assert "examples/galapagos/" in _complete("scorecalc verify examples/gal", 2)


def test_bgstats_takes_bgg_id_from_the_yaml(write_yaml) -> None:
    path = write_yaml("bgg_id: 38545\n" + GOOD)
    play = json.loads(run_cli("galapagos", str(path), "-f", "bgstats").stdout)
    assert play["game"]["bggId"] == 38545
    assert [p["winner"] for p in play["players"]] == [True, False]


def test_output_file_gets_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    umask = os.umask(0o022)
    try:
        assert run_cli("galapagos", str(EXAMPLE), "-f", "csv", "-o", str(target)).exit_code == 0
    finally:
        os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o644


def test_verify_reports_every_problem_of_an_expect_block_in_one_run(write_yaml) -> None:
    path = write_yaml(GOOD + "expect: {Zed: 3, Anna: {Exibitions: 41, total: x}, winners: [Anna, Bo]}\n")
    result = run_cli("verify", str(path))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 4, lines
    assert "expect.Zed: 'Zed' is not at the table" in lines[0]
    assert "expect.Anna.Exibitions: unknown category 'Exibitions' (did you mean 'exhibitions'?)" in lines[1]
    assert "expect.Anna.total: expected a whole number, found 'x'" in lines[2]
    assert "expect.winners[1]: 'Bo' is not at the table" in lines[3]


COMMANDS = ("tally", "score", "standings", "verify", "template", "schema")
"""The commands after the games' own, in the order --help lists them."""


@pytest.mark.parametrize("command", ["", *GAMES, *COMMANDS])
def test_help_is_click_conventional(command: str) -> None:
    """Metavars in capitals by meaning, choices listed, never Typer's '{file}' or '<str>' (SPEC section 1)."""
    result = run_cli(*([command] if command else []), "--help")
    assert result.exit_code == 0
    assert not re.search(r"\{[^}]*\}|<(str|int|text|integer)>", result.stdout), result.stdout
    usage = result.stdout.splitlines()[0]
    wanted = {**dict.fromkeys(GAMES, "FILE"), "tally": "GAME FILE", "score": "PATH...",
              "standings": "PATH...", "verify": "PATH...", "template": "GAME", "schema": "GAME"}.get(command)
    if wanted:
        assert usage == f"Usage: scorecalc {command} [OPTIONS] {wanted}"
    if command in ("tally", "template", "schema"):
        assert ", ".join(GAMES) in result.stdout


def test_help_lists_the_commands_in_the_order_a_player_meets_them() -> None:
    listed = re.findall(r"^  (\w+) ", run_cli("--help").stdout.split("Commands:")[1], re.M)
    assert listed == [*GAMES, *COMMANDS]
