"""Players' words on players' screens (SPEC section 8): every message tally and the pad show, for
the shipped examples and the hostile corpus's files that tally can read, names places as the
players do: no ``FILE:LINE:COL``, no index path (``players[0]``, ``board[4].cubes``), no grid
token the player did not type.

Tally is run piped, in this process (``tests/support/tally_run.py``): each file as it is, with
each of a few of its values left out and a wrong answer typed for it, and each game's typed
session with a wrong answer at each of its questions. The pad is driven in this process over a
copy of each file (``scorecalc/web/pad.py``): what it draws, a wrong answer at every field, a
row and a tile, a tile taken meanwhile by another phone, and "Score it"."""

from __future__ import annotations

import datetime
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecalc.errors import FileError, InputError, UsageError
from scorecalc.games import get_game
from scorecalc.places import piece_words, place_words, subject_words
from scorecalc.tablefile.reader import load, read_source, read_table
from scorecalc.web.pad import Pad
from tests.helpers import EXAMPLES, ROOT, run_cli
from tests.support.tally_answers import PIPED
from tests.support.tally_run import run_tally

NOW = datetime.datetime(2026, 12, 2, 20, 0)
POSITION = re.compile(r"\.ya?ml:\d+:\d+|\bline \d+, column \d+")
INDEX_PATH = re.compile(r"\b[a-z_]+\[\d+\]|<document>")
TOKEN = re.compile(r"(?<![A-Za-z])(?:Ju|Sa|Sw)"
                   r"(?:(?:[A-Z][a-z])+(?:~[NESWnesw]+)*|(?:~[NESWnesw]+)+)(?![a-z])")
"""A Caracas grid token (``SwHoPi~SW``, ``Ju~N``, ``SaAt``): a tile as its code writes it."""
EXAMPLE = re.compile(r"e\.g\. '[^']*'")
SETTING = re.compile(r"\b(?:caiman_ties|flamingo_min_run|snake_min_types|snake_around|biggest_jungle|"
                     r"savannah_areas|swamp_areas)\b|'[a-z_]+:'|\bpercy\.[a-z_]+")
"""A setting or figure by its file name (``caiman_ties``), a YAML key (``'solo:'``, ``percy.board``)."""
WRONG = ("x", "-1")


def readable(path: Path) -> str | None:
    """The game of a file tally can read (its ``game:``, read as tally reads FILE), else ``None``."""
    try:
        game, _ = read_table(read_source(str(path)))
        load(game, str(path))
    except (UsageError, InputError, FileError):
        return None
    return game.name


def files() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(EXAMPLES.glob("*/*.yaml")) + sorted((ROOT / "tests" / "hostile").glob("*.yaml")):
        game = readable(path)
        if game is not None:
            found.append((game, path))
    return found


FILES = files()


def faults(text: str, typed: str = "") -> list[str]:
    """What a player's screen must not show in ``text``: positions, index paths, and grid tokens
    that are not in ``typed`` (what the player typed, or wrote in FILE)."""
    found = [f"position {m.group()!r}" for m in POSITION.finditer(text)]
    found += [f"path {m.group()!r}" for m in INDEX_PATH.finditer(text)]
    found += [f"file name {m.group()!r}" for m in SETTING.finditer(text) if m.group() not in typed]
    taught = EXAMPLE.sub("", text)  # an answer's form taught by an example is no message about a tile
    found += [f"token {m.group()!r}" for m in TOKEN.finditer(taught)
              if m.group().lower() not in typed.lower()]
    return found


def leaves(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every value's place below the players and the board (names kept: the place is named by them)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in ("name", "expect"):
                yield from leaves(value, (*path, key))
    elif isinstance(data, list) and path[:1] in (("players",), ("board",)):
        for index, value in enumerate(data):
            yield from leaves(value, (*path, index))
    elif path[:1] in (("players",), ("board",)) and len(path) > 2:
        yield path


def without(data: Any, path: tuple[str | int, ...]) -> Any:
    """``data`` with the value at ``path`` left out (the question tally then asks)."""
    copied = yaml.safe_load(yaml.safe_dump(data, sort_keys=False))
    holder = copied
    for part in path[:-1]:
        holder = holder[part]
    last = path[-1]
    if isinstance(holder, list) and isinstance(last, int):
        holder.pop(last)
    else:
        holder.pop(last)
    return copied


def tally_said(game: str, file: Path, lines: list[str]) -> str:
    outcome = run_tally(["tally", game, str(file)], [line.encode() for line in lines])
    return outcome.stderr


def test_the_checks_find_what_they_are_for() -> None:
    """The three forms are found where they are (so a clean run below means something)."""
    assert faults("t.yaml:13:11: warning: x")
    assert faults("✗ board[4].cubes.Ezar: not at the table")
    assert faults("another phone put “SwHoPi~SW” here")
    assert not faults("another phone put “SwHoPi~SW” here", typed="swhopi~sw")
    assert not faults("Alex's tile ▢2: Swamp, howler monkey, piranha, river S W; Sam's money: 1,900")
    assert len(FILES) >= 30, FILES  # examples and the hostile files tally reads


@pytest.mark.slow  # every example and hostile file (every question of a session) through it
@pytest.mark.parametrize(("game", "path"), FILES, ids=[p.stem for _, p in FILES])
def test_tally_words_every_message_of_a_file_the_players_way(game: str, path: Path, tmp_path: Path) -> None:
    written = path.read_text(encoding="utf-8", errors="replace")
    shown: list[str] = []
    for lines in ([], *([wrong] for wrong in WRONG)):
        file = tmp_path / f"as-is-{len(shown)}.yaml"
        shutil.copyfile(path, file)
        shown.append(tally_said(game, file, lines))
    data = yaml.safe_load(written) if path.is_relative_to(EXAMPLES) else None  # the hostile: as they are
    places = list(leaves(data)) if isinstance(data, dict) else []
    step = max(1, len(places) // 6)
    for number, place in enumerate(places[::step]):  # a value left out, then a wrong answer for it
        file = tmp_path / f"left-out-{number}.yaml"
        file.write_text(yaml.safe_dump(without(data, place), allow_unicode=True, sort_keys=False),
                        encoding="utf-8")
        for wrong in WRONG:
            shown.append(tally_said(game, file, [wrong]))
            file.unlink(missing_ok=True)
            file.write_text(yaml.safe_dump(without(data, place), allow_unicode=True, sort_keys=False),
                            encoding="utf-8")
    text = "\n".join(shown)
    assert text.strip()
    assert not faults(text, typed=written), (faults(text, typed=written), text)


@pytest.mark.slow  # every example and hostile file (every question of a session) through it
@pytest.mark.parametrize("game", sorted(PIPED))
def test_tally_words_a_wrong_answer_at_every_question_of_a_session(game: str, tmp_path: Path) -> None:
    answers = [str(line) for line in PIPED[game]]
    shown: list[str] = []
    for at in range(len(answers)):
        for wrong in (*WRONG, "JuQq SwHoPi~SW . ."):
            file = tmp_path / f"{at}-{len(shown)}.yaml"
            lines = [*answers[:at], wrong]
            said = tally_said(game, file, lines)
            shown.append(said)
            typed = "\n".join(lines)
            assert not faults(said, typed=typed), (lines, faults(said, typed=typed), said)
    assert any("refused" in said or "must" in said or "expected" in said for said in shown)


@pytest.mark.slow  # a whole session with its help and its list of answers at every question
@pytest.mark.parametrize("game", sorted(PIPED))
def test_tally_words_its_help_and_its_answers_so_far_the_players_way(game: str, tmp_path: Path) -> None:
    """At a terminal: '?' (the question's help) and '=' (every answer so far, Enter stays) before
    every answer of the game's session, then the score."""
    lines: list[str] = []
    for at, answer in enumerate(PIPED[game]):
        lines += ["?", "=", "", str(answer)] if at else ["?", str(answer)]  # nothing to list at first
    outcome = run_tally(["tally", game, str(tmp_path / "t.yaml")], [line.encode() for line in lines],
                        tty=True)
    typed = "\n".join(lines)
    assert outcome.code == 0, outcome.stderr
    assert outcome.stderr.count("go to which?") == len(PIPED[game]) - 1  # the walk went where it says
    assert not faults(outcome.stderr, typed=typed), (faults(outcome.stderr, typed=typed), outcome.stderr)


def pad_texts(pad: Pad) -> list[str]:
    """What every phone is shown of the table now: titles, labels, problems, placeholders."""
    view = pad.view()
    texts = list(view.problems)
    for section in view.sections:
        texts.append(section.title)
        for field in section.fields:
            texts += [field.label, field.problem, field.placeholder, field.doc]
        if section.board is not None:
            board = section.board
            texts += [board.label, board.problem, board.figures]
            texts += [row.label for row in board.rows]
            texts += [cell.label for cell in [*board.cells.values(), *board.fields]]
        texts += [removal.label for removal in section.removals]
    return texts


@pytest.mark.slow  # every example and hostile file (every question of a session) through it
@pytest.mark.parametrize(("game", "path"), FILES, ids=[p.stem for _, p in FILES])
def test_the_pad_words_every_message_the_players_way(game: str, path: Path, tmp_path: Path) -> None:
    file = tmp_path / path.name
    shutil.copyfile(path, file)
    said: list[str] = []
    try:
        pad = Pad(get_game(game), str(file), NOW, say=said.append)
    except UsageError as error:  # a value no question can hold (SPEC 8): refused, in the players' words
        assert "no question of tally can hold it" in str(error), error
        written = file.read_text(errors="replace")
        assert not faults(str(error).replace(str(file), "FILE"), typed=written), error
        return
    refused = 0
    try:
        shown = [*pad.file.problems, *pad_texts(pad)]
        view = pad.view()
        for section in view.sections:
            for field in section.fields:
                for wrong in WRONG:
                    reply = pad.answer(field.place, field.value if field.answered else None, wrong)
                    shown += [reply.message, *reply.warnings]
                    refused += reply.status == "refused"
            board = section.board
            if board is None:
                continue
            for row in board.rows:
                reply = pad.answer(row.place, row.value if row.answered else None, "JuQq . . .")
                assert not faults(reply.message, typed="JuQq")  # a row is typed: it may be quoted
            palette = pad.model.interview.form("players")
            for cell in list(board.cells.values())[:4]:
                for wrong in ("JuJaJa", "Sw~NS~EW", "SaAt~NESW"):  # as taps build them, maybe wrong here
                    reply = pad.answer(cell.place, cell.value, wrong)
                    shown.append(reply.message)
                    refused += reply.status == "refused"
                stale = pad.answer(cell.place, "SwHoPi~SW", "SaAt")  # another phone placed a tile meanwhile
                if stale.status == "stale" and stale.current:
                    assert stale.words is not None and palette is not None
                    shown += list(stale.words)
                    assert stale.words[0] == piece_words(palette.palette() or pytest.fail("no palette"),
                                                         stale.current)
        shown += [pad.answer("players[9].money", None, "1").message,  # a place gone meanwhile
                  pad.remove("players[9]", None).message]
        shown += pad_texts(pad)
        shown.append(pad.score().message)
    finally:
        pad.close()
    text = "\n".join([*shown, *said])
    assert refused, text  # the walk met refusals: their messages are checked below
    written = path.read_text(encoding="utf-8", errors="replace")  # a value of FILE is shown as written
    assert not faults(text, typed=written), (faults(text, typed=written), text)


def test_a_tile_taken_meanwhile_is_named_in_words_on_the_phone(tmp_path: Path) -> None:
    """SPEC's own example: another phone placed Swamp, howler monkey, piranha, river S W here."""
    pad = Pad(get_game("caracas"), str(tmp_path / "t.yaml"), NOW)
    try:
        for place, value in (("players[0].name", "Alex"), ("players[1].name", "Bea")):
            assert pad.answer(place, None, value).status == "saved"
        assert pad.answer("players[0].grid.r1c1", "", "SwHoPi~SW").status == "saved"
        reply = pad.answer("players[0].grid.r1c1", "", "JuJa~E")  # this phone saw a free square
        assert reply.status == "stale"
        assert reply.json()["current_words"] == "Swamp, howler monkey, piranha, river S W"
        assert reply.json()["value_words"] == "Jungle, jaguar, river E"
        assert reply.current == "SwHoPi~SW"  # the phone still compares by the tile's own text
    finally:
        pad.close()


def test_a_place_is_named_as_the_players_name_it() -> None:
    caracas = get_game("caracas").interview
    board = {"players": [{"name": "Alex", "tiles": [{"row": 2, "col": "square"}, {"row": 1, "col": 9}]}]}
    assert place_words(("players", 0, "tiles", 0), board, caracas) == "Alex's tile ▢2"
    assert place_words(("players", 0, "tiles", 1, "col"), board, caracas) == "Alex's tile 2 column"
    assert place_words(("players", 0, "grid"), {"players": [{"name": "Alex"}]}, caracas) == "Alex's board"
    origin = get_game("origin").interview
    table: dict[str, Any] = {"players": [{"name": "Rachel"}],
                             "board": [{}, {}, {}, {}, {"species": "Sea Lion"}]}
    cubes = place_words(("board", 4, "cubes", "Rachel"), table, origin)
    assert cubes == "Rachel's cubes on tile 5 (Sea Lion)"
    assert place_words(("board", 4, "cubes"), table, origin) == "tile 5 (Sea Lion) cubes"
    table["board"][4] = {"level": 2, "species": "Sea Lion"}  # however the file orders the tile's keys
    assert place_words(("board", 4, "level"), table, origin) == "tile 5 (Sea Lion) level"
    galapagos = get_game("galapagos").interview
    table = {"players": [{"name": "A", "exhibitions": [{"animals": {}}]}, {}]}
    assert place_words(("players", 0, "exhibitions", 0), table, galapagos) == "A's exhibition 1"
    assert place_words(("players", 1, "money"), table, galapagos) == "player 2's money"
    assert subject_words(("players", 1), table, galapagos) == "player 2"
    assert subject_words(("players", 0), table, galapagos) == "A"
    assert place_words(("players", 0), table, galapagos) == "A's"  # the owner of her questions


WARNED = """\
game: caracas
date: 2026-01-05
players:
  - name: Alex
    grid: |
      JuJa~ES JuSlSo~NESW JuHo~SW SaAt
  - name: Bea
    landscape: {biggest_jungle: 6, savannah_areas: 4, swamp_areas: 2, forks: 3}
"""


def test_the_html_page_words_its_warnings_the_players_way_and_json_keeps_the_file(tmp_path: Path) -> None:
    """The page is for people: ``Alex's board: Alex has 4 tiles…``; JSON and standard error are
    where a file is read: ``t.yaml:5:11: warning: players[0] (Alex).grid: …``."""
    file = tmp_path / "t.yaml"
    file.write_text(WARNED, encoding="utf-8")
    page = run_cli("caracas", str(file), "-f", "html")
    assert page.exit_code == 0, page.stderr
    assert "Warning: Alex&#39;s board: Alex has 4 tiles; in a game of 2 explorers each explorer places 17" \
        in page.stdout
    assert "players[" not in page.stdout and "t.yaml:" not in page.stdout
    assert f"{file}:5:11: warning: players[0] (Alex).grid: Alex has 4 tiles" in page.stderr
    data = run_cli("caracas", str(file), "-f", "json")
    assert yaml.safe_load(data.stdout)["warnings"] == [
        f"{file}:5:11: warning: players[0] (Alex).grid: Alex has 4 tiles; in a game of 2 explorers each "
        "explorer places 17"]


def test_tally_words_what_it_could_not_take_from_a_file_and_counts_past_twenty(tmp_path: Path) -> None:
    """A file tally reads leniently: each value it cannot take named as the players do, over the
    file as written (a refused player keeps her place and her name), at most 20, then counted."""
    players = "".join(f"  - {{name: P{i}, exhibition: x, education: 1, money: 100}}\n" for i in range(25))
    file = tmp_path / "t.yaml"
    file.write_text(f"game: galapagos\nplayers:\n{players}", encoding="utf-8")
    said = tally_said("galapagos", file, [])
    lines = [line for line in said.splitlines() if line.endswith(": asked below")]
    assert lines[0] == ("P0's exhibition: the file has “exhibition: x” in “{name: P0, exhibition: x, "
                        "education: 1, money: 100}” (expected a whole number, found the text 'x'): "
                        "asked below")
    assert lines[19].startswith("P19's exhibition: ")
    assert lines[20] == "… and 5 more values of the file: asked below"
    assert len(lines) == 21
    assert not faults(said)
