"""Errors a player can fix in one pass: every problem of a file in one run, in order, and
messages that say what to do where a player would be stuck."""

from __future__ import annotations

import re

import pytest

from tests.helpers import EXAMPLES, run_cli

LOCATED = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<rest>.*)$")


def problems(result) -> list[tuple[int, int, str]]:
    """(line, column, 'path: message (hint)') of every located line on stderr."""
    found = []
    for line in result.stderr.splitlines():
        match = LOCATED.match(line)
        assert match, line
        found.append((int(match["line"]), int(match["col"]), match["rest"]))
    return found


def run(write_yaml, game: str, text: str):
    path = write_yaml(text)
    result = run_cli(game, str(path))
    assert result.exit_code == 2, result.stdout
    return problems(result)


# --- all problems in one run ---------------------------------------------------------------------


def test_galapagos_four_mistakes_in_three_players_in_one_run(write_yaml) -> None:
    found = run(write_yaml, "galapagos", """
        game: galapagos
        players:
          - name: Anna
            exhibition: 10
            education: 17
            money: 2300
            exhibitions:
              - {animals: [crab, crab]}
              - {animals: [iguana, booby], bonus: 3}
          - name: Ben
            exhibition: 6
            educaton: 12
            money: 1200
          - name: Cleo
            exhibition: 9
            education: 3
            money: 250
    """)
    assert [(line, where.split(":")[0]) for line, _, where in found] == [
        (8, "players[0] (Anna).exhibitions[0].animals[1]"),
        (9, "players[0] (Anna).exhibitions[1].bonus"),
        (12, "players[1] (Ben).educaton"),
        (17, "players[2] (Cleo).money"),
    ]
    assert "two crabs in one exhibition" in found[0][2]
    assert "bonus tile 3 needs at least 3 animals" in found[1][2]
    assert "did you mean 'education'?" in found[2][2]
    assert "£250 is not a multiple of £100" in found[3][2]


def test_galapagos_three_ledger_slips_all_show(write_yaml) -> None:
    found = run(write_yaml, "galapagos", """
        game: galapagos
        players:
          - name: Anna
            exhibition: 7
            education: 17
            money: 2300
            exhibitions:
              - {animals: [crab, crab]}
              - {animals: [iguana], bonus: penguin}
          - name: Ben
            exhibition: 3
            education: 12
            money: 1200
            exhibitions:
              - {animals: [penguin], bonus: penguin}
    """)
    assert [line for line, _, _ in found] == [8, 9, 15]
    assert "already used (in Anna's exhibition 2)" in found[2][2]


def test_origin_cape_town_lists_every_missing_card_value_in_one_run(write_yaml) -> None:
    # the table: five runs, one per missing value, before
    found = run(write_yaml, "origin", """
        game: origin
        objective: cape_town
        progression: {2: 1, 4: 3, 8: 7}
        board: []
        players:
          - {name: Rachel, score: 30, books: {land: 3, water: 5, air: 2}}
          - {name: Ezra, score: 31, books: {land: 1, water: 4, air: 6}}
          - {name: Lena, score: 29, books: {land: 7, water: 0, air: 9}}
    """)
    assert [(line, text.split(":")[0]) for line, _, text in found] == [
        (6, "players[0] (Rachel).books.land"), (6, "players[0] (Rachel).books.water"),
        (7, "players[1] (Ezra).books.land"), (7, "players[1] (Ezra).books.air"),
        (8, "players[2] (Lena).books.land"), (8, "players[2] (Lena).books.air"),
    ]
    assert all("add '" in text and "POINTS' to 'progression'" in text for _, _, text in found)


def test_origin_four_mistakes_in_three_players_in_one_run(write_yaml) -> None:
    found = run(write_yaml, "origin", """
        game: origin
        objective: cape_town
        progression: {2: 1, 4: 3}
        board:
          - {species: Giant Tortoise, level: 4, cubes: {Rachel: 1}}
        players:
          - {name: Rachel, score: 30, books: {land: 3}}
          - {name: Ezra, score: thirty}
          - {name: Lena, score: 29, tiles: [Null]}
    """)
    assert [line for line, _, _ in found] == [5, 7, 8, 9]
    texts = [text for _, _, text in found]
    assert "a Level 4 tile carries no Observation Cubes" in texts[0]
    assert "value for 3 books is needed" in texts[1]
    assert "expected a whole number" in texts[2]
    assert "found 'Null', which YAML reads as 'nothing'" in texts[3]


def test_caribe_four_mistakes_in_three_players_in_one_run(write_yaml) -> None:
    found = run(write_yaml, "caribe", """
        game: caribe
        university_cards: {coimbra: fauna, london: coastline, paris: turtle}
        players:
          - name: Inês
            score: 70
            knowledge: {fauna: 6, geology: 4, flora: 2}
            board: {turtle: 7}
          - name: Afonso
            score: 60
            knowledge: {fauna: 1, geology: 1, flora: 1}
            board: {}
            books:
              - {left: [fauna, flora], right: [fauna]}
          - name: Joana
            score: 50
            knowledge: {fauna: 1, geology: 1, flora: 1}
            board: {volcanoe: 2}
    """)
    assert [line for line, _, _ in found] == [6, 7, 13, 17]
    texts = [text for _, _, text in found]
    assert "a knowledge marker's white value is 0-5; found 6" in texts[0]
    assert "the turtle track has 5 spaces; found 7" in texts[1]
    assert "the right page lists 1 slot and the left page 2" in texts[2]
    assert "did you mean 'volcanoes'?" in texts[3] or "did you mean 'volcano'?" in texts[3]


def test_caribe_solo_problems_together(write_yaml) -> None:
    found = run(write_yaml, "caribe", """
        game: caribe
        university_cards: {coimbra: fauna, london: coastline, paris: turtle}
        solo: {mode: percy}
        players:
          - {name: Percy, score: 70, knowledge: {fauna: 3, geology: 4, flora: 2}, board: {}}
          - {name: Ana, score: 70, knowledge: {fauna: 3, geology: 4, flora: 2}, board: {}}
    """)
    texts = [text for _, _, text in found]
    assert any("a solo game has one player; this table has 2" in text for text in texts)
    assert any("needs a 'percy:' block" in text for text in texts)
    assert any("'Percy' is the automa" in text for text in texts)


def test_a_players_list_refused_as_a_whole_is_not_blamed_elsewhere(write_yaml) -> None:
    """Five players for a game of at most four: the board's cubes and the solo block do not
    say that players named in the file are 'not at the table' or that the table has 0."""
    found = run(write_yaml, "origin", """
        game: origin
        objective: plymouth
        board:
          - {species: Lava Lizard, starting: true, habitats: [land], cubes: {Ana: 1}}
        players:
          - {name: Ana, score: 30}
          - {name: Ben, score: 30}
          - {name: Cy, score: 30}
          - {name: Di, score: 30}
          - {name: Ed, score: 30}
    """)
    assert [text.split(":")[0] for _, _, text in found] == ["players"]
    found = run(write_yaml, "caribe", """
        game: caribe
        university_cards: {coimbra: fauna, london: coastline, paris: turtle}
        solo: {mode: byos}
        players: Ana
    """)
    assert [text.split(":")[0] for _, _, text in found] == ["players"]


def test_past_twenty_problems_the_rest_are_counted(write_yaml) -> None:
    row = "  - {{name: P{i}, score: -1, knowledge: {{fauna: 6, geology: 6, flora: 6}}, " \
          "board: {{turtle: 9, dolphin: 9}}}}\n"
    text = ("game: caribe\nuniversity_cards: {coimbra: fauna, london: coastline, paris: turtle}\nplayers:\n"
            + "".join(row.format(i=i) for i in range(4)))
    result = run_cli("caribe", str(write_yaml(text)))
    lines = result.stderr.splitlines()
    assert result.exit_code == 2
    assert len(lines) == 21 and lines[-1].endswith(": … and 4 more problems")
    assert [int(line.split(":")[1]) for line in lines[:20]] == sorted(int(line.split(":")[1])
                                                                     for line in lines[:20])


# --- messages that say what to do ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a value with ': ' inside
        ("game: galapagos\nnotes: Remember: bring snacks\nplayers: []\n",
         "2:16: <document>: YAML syntax: the value of 'notes' contains ': ', which YAML reads as the start "
         "of another key: 'notes: Remember: bring snacks' (put the value in quotes: notes: \"Remember: bring "
         "snacks\")"),
        ("game: galapagos\nplayers:\n  - {name: Dr: Who, exhibition: 1, education: 1, money: 0}\n",
         "3:14: <document>: YAML syntax: inside the '{...}' that starts at line 3, column 5, a value "
         "contains ': ': '- {name: Dr: Who, exhibition: 1, education: 1, money: 0}' (put the value in "
         "quotes: name: \"Dr: Who\")"),
        ("game: galapagos\nnotes:\n  Remember: bring snacks\nplayers: []\n",
         "3:3: notes: expected text, found 'Remember: bring snacks', which YAML reads as a key and its value "
         "because of the ': ' inside (put it in quotes to use it as text: \"Remember: bring snacks\")"),
        # indentation slips
        ("game: galapagos\nplayers:\n  - name: Anna\n    exhibition: 4\n   money: 5\n",
         "5:4: <document>: YAML syntax: this line is indented differently from the lines above it: 'money:' "
         "at column 4 but 'exhibition:' at column 5 (line 4): 'money: 5' (indent a key with spaces to the "
         "same column as the other keys of its mapping)"),
        ("game: galapagos\nplayers:\n  - name: Anna\n      money: 5\n",
         "4:12: <document>: YAML syntax: this line is indented more than the line above it: 'money:' at "
         "column 7 but 'name:' at column 5 (line 3): 'money: 5'"),
        ("game: galapagos\nplayers:\n  - name: Anna\n    exhibition: 4\n - name: Ben\n",
         "5:2: <document>: YAML syntax: this line is indented differently from the lines above it: "
         "'- name:' at column 2 but '- name:' at column 3 (line 3): '- name: Ben' (start each '- ' of a list "
         "at the same column)"),
        ("game: galapagos\nplayers:\n  - name: Anna\n    money 5\n    education: 3\n",
         "<document>: YAML syntax: this line has no ':' after its key: 'money 5' (write money: 5)"),
        # names YAML reads as something else
        ("game: origin\nobjective: sydney\nboard:\n  - {species: ~, level: 1}\nplayers:\n"
         "  - {name: A, score: 1}\n  - {name: B, score: 1}\n",
         "4:15: board[0].species: expected text, found '~', which YAML reads as 'nothing' (put it in quotes "
         "to use it as text: \"~\")"),
        ("game: origin\nobjective: sydney\nboard:\n  - {species: X, level: 1, cubes: {Null: 1}}\nplayers:\n"
         "  - {name: A, score: 1}\n  - {name: B, score: 1}\n",
         "4:36: board[0].cubes.Null: expected text, found 'Null', which YAML reads as 'nothing' (put it in "
         "quotes to use it as text: \"Null\")"),
        ("game: origin\nobjective: sydney\nboard: []\nplayers:\n  - {name: true, score: 1}\n"
         "  - {name: B, score: 1}\n",
         "5:12: players[0].name: expected text, found the boolean true (put it in quotes to use it as text: "
         "\"true\")"),
        ("game: origin\nobjective: sydney\nboard: []\nplayers:\n  - {name: A, score: 1, tiles: [Null]}\n"
         "  - {name: B, score: 1}\n",
         "5:33: players[0] (A).tiles[0]: expected text, found 'Null', which YAML reads as 'nothing'"),
        # money as people write it
        ("game: galapagos\nplayers:\n  - {name: A, exhibition: 1, education: 1, money: 1,900}\n",
         "3:51: players[0] (A).money: 1,900 inside {...}: the comma ends the value, so YAML reads money: 1 "
         "and a key '900' (put it in quotes: money: \"1,900\", or write 1900)"),
        ("game: galapagos\nplayers:\n  - {name: A, exhibition: 1, education: 1, money: 100}\n"
         "  - name: B\n    exhibition: 1\n    education: 1\n    money: 1.900\n",
         "7:12: players[1] (B).money: 1.900 is not a whole number of pounds (if the '.' separates thousands, "
         "write 1900)"),
        ("game: galapagos\nplayers:\n  - {name: A, exhibition: 1, education: 1, money: lots}\n",
         "3:51: players[0] (A).money: expected an amount of money (1900, 1,900 or £1,900), found 'lots'"),
        ("game: galapagos\nplayers:\n  - {name: A, exhibition: 1,000, education: 1, money: 0}\n",
         "3:27: players[0] (A).exhibition: 1,000 inside {...}: the comma ends the value, so YAML reads "
         "exhibition: 1 and a key '000' (write exhibition: 1000, without the comma)"),
    ],
)
def test_message_says_what_to_do(write_yaml, text: str, expected: str) -> None:
    path = write_yaml(text)
    game = text.split("\n", 1)[0].split(": ")[1]
    result = run_cli(game, str(path))
    assert result.exit_code == 2
    assert expected in result.stderr, result.stderr


CARIBE_BOOKS = """\
game: caribe
university_cards: {coimbra: fauna, london: coastline, paris: turtle}
players:
  - name: Inês
    score: 70
    knowledge: {fauna: 3, geology: 4, flora: 2}
    universities: {coimbra: 2, london: 1, paris: 1}
    board: {turtle: 5, dolphin: 2, flamingo: 2, volcano: 1, forest: 1, coastline: 3}
    books:
      - fauna: 2
        geology: 1
      - fauna: 1
        flora: 1
INDENTleftover: {animals: 2, scientists: 2, coins: 2, compass: 1}
"""


@pytest.mark.parametrize("spaces", [3, 5])
def test_an_indentation_hint_names_the_key_the_line_belongs_beside(write_yaml, spaces: int) -> None:
    """Reported: 'leftover:' one space off under a player was told to line up with the 'flora:' of
    the last book above it; lined up so, it became an unknown key of that book."""
    path = write_yaml(CARIBE_BOOKS.replace("INDENT", " " * spaces))
    result = run_cli("caribe", str(path))
    assert result.exit_code == 2
    assert f"'leftover:' at column {spaces + 1} but 'books:' at column 5 (line 9)" in result.stderr
    fixed = write_yaml(CARIBE_BOOKS.replace("INDENT", " " * 4), name="fixed.yaml")
    assert run_cli("caribe", str(fixed)).exit_code == 0  # lined up as the hint says, it scores


def test_messages_quote_at_most_80_characters_of_a_line(write_yaml) -> None:
    long = "x" * 200
    path = write_yaml(f"game: galapagos\nnotes: see: {long}\nplayers: []\n")
    result = run_cli("galapagos", str(path))
    quoted = re.findall(r"'(notes: see: x+…)'", result.stderr)
    assert quoted and len(quoted[0]) == 80


@pytest.mark.parametrize("money", ["£1,900", "1,900", "1900", "£1900", '"1,900"', "'£1,900'"])
def test_money_in_block_style_as_players_write_it(write_yaml, money: str) -> None:
    path = write_yaml(f"game: galapagos\nplayers:\n  - name: A\n    exhibition: 1\n    education: 1\n"
                      f"    money: {money}\n")
    result = run_cli("galapagos", str(path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert '"detail": "£1,900, 1 point per £1,000"' in result.stdout


def test_a_file_given_as_a_command_suggests_score(tmp_path) -> None:
    path = tmp_path / "table.yaml"
    path.write_text("game: galapagos\n", encoding="utf-8")
    result = run_cli(str(path))
    assert result.exit_code == 2
    assert f"to score it, run 'scorecalc score {path}'" in result.stderr


def test_score_accepts_a_folder() -> None:
    result = run_cli("score", str(EXAMPLES / "galapagos"), "--format", "csv")
    assert result.exit_code == 0, result.stderr
    files = {line.split(",")[0] for line in result.stdout.splitlines()[1:]}
    assert len(files) == len(list((EXAMPLES / "galapagos").glob("*.yaml")))
