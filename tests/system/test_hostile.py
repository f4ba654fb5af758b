"""Hostile and broken input: exit 2 with a located message, never a traceback, never a hang.

Each case runs the real command in a subprocess with a generous timeout (a guard
against hangs; no times are asserted).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import HOSTILE, first_quick, run_scorecalc

# file -> the message it must give (after "FILE:"); every one exits 2.
CASES = {
    "empty.yaml": "1:1: <document>: the file is empty",
    "only-comments.yaml": "1:1: <document>: the file is empty",
    "top-list.yaml": "1:1: <document>: expected a mapping with 'game:' and 'players:' at the top, "
                     "found a list",
    "top-scalar.yaml": "1:1: <document>: expected a mapping",
    "invalid-utf8.yaml": "3:14: <document>: not valid UTF-8 text (byte 0xe7)",
    "binary.yaml": " binary file (it contains NUL bytes), not YAML text",
    "tabs.yaml": "3:1: <document>: YAML syntax: found character that cannot start any token",
    "unclosed-bracket.yaml": "3:1: <document>: YAML syntax: the '{...}' that starts at line 2, column 11",
    "duplicate-key.yaml": "2:1: game: duplicate key 'game'",
    "duplicate-player.yaml": "4:12: players[1] (Ana).name: player 1 is already called 'Ana'",
    "unknown-game.yaml": "1:7: game: unknown game 'chess'",
    "python-tag.yaml": "2:10: players: the YAML tag 'tag:yaml.org,2002:python/object/apply:os.system' is "
                       "not allowed",
    "python-name-tag.yaml": "3:5: players[0] (A): the YAML tag 'tag:yaml.org,2002:python/name:os.system'",
    "billion-laughs.yaml": "the document expands to more than 20,000 values",
    "number-as-string.yaml": "3:27: players[0] (A).exhibition: expected a whole number, found the text "
                             "'30' "
                             "(remove the quotes",
    "float-count.yaml": "3:27: players[0] (A).exhibition: expected a whole number, found 30.5",
    "bool-count.yaml": "3:27: players[0] (A).exhibition: expected a whole number, found the boolean true",
    "negative-count.yaml": "3:66: players[0] (A).animals: must not be negative, found -2",
    "huge-count.yaml": "3:27: players[0] (A).exhibition: 99999999999999999999999 is more than 10,000",
    "infinity.yaml": "3:27: players[0] (A).exhibition: expected a whole number",
    "control-character-name.yaml": "3:12: players[0] (A\\x07B).name: contains the control character U+0007",
    "two-documents.yaml": "2:1: <document>: YAML syntax: but found another document",
    "merge-key.yaml": "4:5: players[1] (B).<<: YAML merge keys ('<<') are not supported",
    # Explicit tags are checked against their value, keys included (none is an internal error).
    "tag-int-on-text.yaml": "3:51: players[0] (A).money: the YAML tag !!int needs a whole number, found 'x'",
    "tag-int-empty.yaml": "3:51: players[0] (A).money: the YAML tag !!int needs a whole number, "
                          "found an empty value",
    "tag-int-underscore.yaml": "3:51: players[0] (A).money: the YAML tag !!int needs a whole number, "
                               "found '1_000'",
    "tag-float-empty.yaml": "3:51: players[0] (A).money: the YAML tag !!float needs a number, "
                            "found an empty value",
    "tag-bool-on-text.yaml": "2:19: expect.winners: the YAML tag !!bool needs true or false, found 'banana'",
    "tag-int-on-key.yaml": "1:1: game: the YAML tag !!int needs a whole number, found 'game'",
    "tag-shorthand-float.yaml": "5:27: players[0] (A).exhibition: the YAML tag !!float needs a number, "
                                "found 'x'",
    "tag-str-on-list.yaml": "2:10: players: the YAML tag !!str does not fit a list",
    "digits-4301.yaml": "3:51: players[0] (A).money: a number of 4,301 digits; numbers longer than 100 "
                        "digits are not read",
    "digits-101.yaml": "3:51: players[0] (A).money: a number of 101 digits",
}


# Game-specific hostile values, scored with `scorecalc score` (the file names its game).
GAME_CASES = {
    "caracas-grid-junk-token.yaml": "5:19: players[0] (Mara).grid: token 'JuQq': unknown animal code 'Qq'",
    "caracas-column-five.yaml": "5:23: players[0] (Mara).tiles[0].col: must be at most 4, found 5",
    "caracas-two-tiles-one-square.yaml": "6:9: players[0] (Mara).tiles[1]: two tiles on ▢1",
    "caribe-knowledge-six.yaml": "6:24: players[0] (Inês).knowledge.fauna: a knowledge marker's white "
                                 "value is 0-5",
    "caribe-score-as-text.yaml": "5:12: players[0] (Inês).score: expected a whole number, found the text "
                                 "'seventy'",
    "origin-float-cubes.yaml": "4:83: board[0].cubes.Rachel: expected a whole number, found 1.5",
    "origin-level-five.yaml": "4:32: board[0].level: must be at most 4, found 5",
    "origin-unknown-cube-owner.yaml": "4:75: board[0].cubes.Rachael: 'Rachael' is not at the table "
                                      "(did you mean 'Rachel'?)",
}


def assert_located_failure(result: subprocess.CompletedProcess[str], name: str, message: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(name + ":"), result.stderr
    assert message in result.stderr, result.stderr


def test_every_corpus_file_has_a_case() -> None:
    on_disk = {p.name for p in HOSTILE.glob("*.yaml")} - {"crlf-and-bom.yaml"}
    assert on_disk == set(CASES) | set(GAME_CASES)


@pytest.mark.slow  # a process per corpus file; the quick loop sees every corpus message in-process (golden)
@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file(name: str) -> None:
    path = HOSTILE / name
    before = path.read_bytes()
    display = f"tests/hostile/{name}"
    result = run_scorecalc("galapagos", display)
    assert_located_failure(result, display, CASES[name])
    assert path.read_bytes() == before


@pytest.mark.slow  # as above
@pytest.mark.parametrize("name", sorted(GAME_CASES))
def test_hostile_value_of_each_game(name: str) -> None:
    display = f"tests/hostile/{name}"
    result = run_scorecalc("score", display)
    assert_located_failure(result, display, GAME_CASES[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", first_quick("tabs.yaml", "duplicate-key.yaml", "unknown-game.yaml"))
def test_hostile_file_in_batch_and_verify(name: str) -> None:
    display = f"tests/hostile/{name}"
    for command in ("score", "verify"):
        result = run_scorecalc(command, display)
        assert_located_failure(result, display, CASES[name])


@pytest.mark.slow
def test_windows_line_endings_and_byte_order_mark_score() -> None:
    result = run_scorecalc("galapagos", "tests/hostile/crlf-and-bom.yaml")
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_fifty_megabyte_file_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    line = b"# " + b"x" * 97 + b"\n"
    with path.open("wb") as handle:
        handle.write(b"game: galapagos\n")
        for _ in range(50 * 10_000):
            handle.write(line)
    result = run_scorecalc("galapagos", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"{path}: larger than 5 MB")


@pytest.mark.slow
@pytest.mark.parametrize("shape", first_quick("flow", "block"))
def test_ten_thousand_levels_of_nesting(tmp_path: Path, shape: str) -> None:
    path = tmp_path / "deep.yaml"
    if shape == "flow":
        path.write_text("game: galapagos\nplayers: " + "[" * 10_000 + "]" * 10_000 + "\n")
    else:
        path.write_text("game: galapagos\nplayers:\n" + "".join(" " * i + "- \n" for i in range(1, 10_001)))
    result = run_scorecalc("galapagos", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{path}:")


@pytest.mark.slow
def test_deep_but_parseable_nesting_is_refused_by_our_limit(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("game: galapagos\nexpect: " + "[" * 200 + "]" * 200 + "\nplayers: []\n")
    result = run_scorecalc("galapagos", str(path))
    assert_located_failure(result, str(path), "nested deeper than 64 levels")


@pytest.mark.slow
def test_standard_input_hostile() -> None:
    result = run_scorecalc("galapagos", "-",
                           input=(HOSTILE / "python-tag.yaml").read_bytes().decode("utf-8", "replace"))
    assert_located_failure(result, "-", "is not allowed")


# --- a tag on a key: every mistake in one pass, and tally refuses it ------------------------------

TAGGED_KEYS = ("!!int game: galapagos\n"
               "players:\n"
               "  - {name: A, exhibition: x, education: 1, money: 100}\n"
               "  - {name: B, exhibition: 2, !!float education: 1, money: 200}\n")
"""Tags on two keys and a wrong value between them: three problems, one pass."""


def test_a_tag_on_the_game_key_is_reported_with_every_other_mistake(tmp_path: Path) -> None:
    from tests.helpers import run_cli

    (tmp_path / "t.yaml").write_text(TAGGED_KEYS)
    for command in ("galapagos", "score"):
        result = run_cli(command, str(tmp_path / "t.yaml"))
        assert result.exit_code == 2, result.stderr
        lines = [line.removeprefix(f"{tmp_path / 't.yaml'}:") for line in result.stderr.splitlines()]
        assert lines == [
            "1:1: game: the YAML tag !!int needs a whole number, found 'game' (remove the tag)",
            "3:27: players[0] (A).exhibition: expected a whole number, found the text 'x'",
            "4:30: players[1] (B).education: the YAML tag !!float needs a number, found 'education' "
            "(remove the tag)",
        ], result.stderr


def test_tally_refuses_a_tagged_key_naming_every_one(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.support.tally_run import run_tally

    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.yaml").write_text(TAGGED_KEYS)
    result = run_tally(["tally", "galapagos", "t.yaml"], [b"3", b"4"])
    assert result.code == 2, result.stderr
    assert result.reads == 0 and "›" not in result.stderr
    assert "t.yaml:1:1: game: the YAML tag !!int needs a whole number, found 'game'" in result.stderr
    assert "t.yaml:4:30: players[1].education: the YAML tag !!float needs a number" in result.stderr
    assert "fix it (or move it away) and run 'scorecalc tally' again" in result.stderr
    assert (tmp_path / "t.yaml").read_text() == TAGGED_KEYS and os.listdir(tmp_path) == ["t.yaml"]
