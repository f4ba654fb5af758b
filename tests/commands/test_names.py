"""Player names: names that are one player, names that could forge or hide text, line and paragraph
separators, a formula behind zero-width characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

TABLE = "game: galapagos\nplayers:\n  - {{name: {a}, exhibition: 1, education: 1, money: 0}}\n" \
        "  - {{name: {b}, exhibition: 2, education: 2, money: 0}}\n"


@pytest.mark.parametrize(("a", "b"), [
    ('"Al\\u200bex"', "Alex"),
    ('"Ale\\u0301x"', '"Al\\u00e9x"'),  # NFD and NFC
    ("ALEX", "alex"),
    ('"Alex  Smith"', "Alex Smith"),
])
def test_names_that_are_one_player_are_a_duplicate(tmp_path: Path, a: str, b: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(TABLE.format(a=a, b=b), encoding="utf-8")
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2 and "player 1 is already called" in result.stderr


def test_hyphens_are_kept() -> None:
    from scorecalc.names import name_key

    assert name_key("Anne-Marie") != name_key("Anne Marie")


@pytest.mark.parametrize(("name", "message"), [
    ('"Mal\\n\\nWinner: Mal"', "contains a line break"),
    ('"A\\tB"', "contains a tab"),
    ('"\\u200b\\u200d"', "is empty once invisible (zero-width) characters are removed"),
    ('"Eve\\u202egnirts"', "contains the bidirectional control U+202E"),
    ('"x\\u2066y"', "contains the bidirectional control U+2066"),
])
def test_names_that_could_forge_or_hide_text_are_refused(tmp_path: Path, name: str, message: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(TABLE.format(a=name, b="Bo"), encoding="utf-8")
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1  # one line, whatever the name holds
    assert "Winner: Mal" not in result.stdout


# --- line and paragraph separators in a name -----------------------------------------------------


NAMED = """game: galapagos
players:
  - {{name: {a}, exhibition: 10, education: 3, animals: 2, money: 1000}}
  - {{name: Bo, exhibition: 10, education: 2, animals: 2, money: 1000}}
"""


@pytest.mark.parametrize(("escape", "what"), [("\\x85", "a next-line character (U+0085)"),
                                              ("\\u2028", "a line separator (U+2028)"),
                                              ("\\u2029", "a paragraph separator (U+2029)")])
def test_line_and_paragraph_separators_in_a_name_are_refused(tmp_path: Path, escape: str, what: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(NAMED.format(a=f'"Mal{escape}Winner: Mal"'), encoding="utf-8")
    before = path.read_bytes()
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2, result.stdout
    code = what[what.index("U+"):-1]  # NEL is a C1 control character too: Text refuses it first
    assert (f"contains {what}; a name is one line of text" in result.stderr
            or f"contains the control character {code}" in result.stderr), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not {"\x85", "\u2028", "\u2029"} & set(result.stderr)  # shown escaped, never raw
    assert path.read_bytes() == before


# --- a formula behind zero-width characters ------------------------------------------------------


@pytest.mark.parametrize("name", ["\u200b=HYPERLINK(1)", "\ufeff\u200d+1", "\u2060@SUM(A1)"])
def test_a_formula_behind_zero_width_characters_is_kept_as_text_in_csv(tmp_path: Path, name: str) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(NAMED.format(a=f'"{name}"'), encoding="utf-8")
    result = run_cli("galapagos", str(path), "--format", "csv")
    assert result.exit_code == 0, result.stderr
    row = result.stdout.splitlines()[1].split(",")
    assert row[3] == "'" + name


def test_one_rule_that_names_differ_each_later_namesake_against_the_first() -> None:
    from scorecalc.names import same_names

    names = {0: "Ana", 1: "Bo", 2: " ana ", 3: "\u200b", 4: "ANA", 5: "bo", 6: ""}
    assert list(same_names(names)) == [(2, 0), (4, 0), (5, 1)]


def test_a_file_and_tally_refuse_the_same_namesake_in_the_same_words(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from scorecalc.tally.answers import BadAnswer
    from scorecalc.tally.editing import check_name

    path = tmp_path / "t.yaml"
    path.write_text(TABLE.format(a="Anna", b="anna"), encoding="utf-8")
    said_for_the_file = run_cli("galapagos", str(path)).stderr
    assert said_for_the_file == f"{path}:4:12: players[1] (anna).name: player 1 is already called 'Anna'; " \
                                "names must differ\n"
    table = {"players": [{"name": "Anna"}, {"name": "Ben"}, {"name": "Cleo"}]}
    for index, typed, words in [(1, "anna", "player 1 is already called 'Anna'"),
                                (0, "cleo", "player 3 is already called 'Cleo'")]:
        with pytest.raises(BadAnswer) as refused:
            check_name(table, SimpleNamespace(path=("players", index, "name")), typed)  # type: ignore[arg-type]
        assert str(refused.value) == words + "; names must differ"
    check_name(table, SimpleNamespace(path=("players", 0, "name")), "ANNA")  # type: ignore[arg-type]
