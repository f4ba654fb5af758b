"""The records and the seams between a game and the pipeline: a game's ``score`` returns only
what it computed, and the play's details (file, date, place, notes, BG Stats id, warnings) are
the pipeline's, in ``PlayInfo`` beside the sheet; every record is a frozen dataclass."""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest
import yaml

from scorecalc.cli.options import ScoreOptions
from scorecalc.errors import InputError, format_error
from scorecalc.games import REGISTRY, get_game
from scorecalc.output.formats import RenderOptions, format_named
from scorecalc.pipeline import load, score_file, score_source, warning_as_error
from scorecalc.plays import read_play
from scorecalc.reading.document import Document
from scorecalc.reading.loading import Source, read_source
from scorecalc.sheet import PlayerScore, PlayInfo, Scored, ScoreSheet, rank
from scorecalc.spec import Choice, Either, Field, Int, ListOf, MapOf, Record, Text
from scorecalc.spec.interview import Ask, Interview, Step
from tests.helpers import EXAMPLES

METADATA = ("file", "title", "date", "location", "play_notes", "bgg_id", "file_time", "warnings")
"""What the pipeline once set onto the sheet a game returned."""


def first_example(game: str) -> Path:
    found = sorted((EXAMPLES / game).glob("*.yaml"))
    if not found:
        pytest.fail(f"game {game!r} has no worked example: add examples/{game}/*.yaml", pytrace=False)
    return found[0]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_games_score_returns_only_what_it_computed(name: str) -> None:
    game, document = load(read_source(str(first_example(name))))
    sheet = game.score(game.parse(document))
    assert sheet.game == name
    for attribute in METADATA:
        assert not hasattr(sheet, attribute), attribute


TABLE = """\
game: galapagos
date: 2026-11-28 20:30
location: Café Zoo
notes: Hana's first win.
bgg_id: 4
players:
  - {name: Hana, exhibition: 30, education: 11, animals: 3, money: 2600}
  - {name: Ivo, exhibition: 33, education: 6, animals: 2, money: 1900}
"""


def test_the_pipeline_fills_the_plays_details_beside_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "night.yaml"
    path.write_text(TABLE, encoding="utf-8")
    scored = score_file(str(path))
    assert isinstance(scored, Scored)
    assert scored.info == PlayInfo(file=str(path), title="Galapagos", date="2026-11-28T20:30",
                                   location="Café Zoo", notes="Hana's first win.", bgg_id=4,
                                   file_time=path.stat().st_mtime, warnings=())
    assert scored.sheet == get_game("galapagos").score(scored.state)  # the same sheet the game computed
    assert scored.sheet.winners == ["Hana"]


def test_the_plays_warnings_are_in_its_details(tmp_path: Path) -> None:
    path = tmp_path / "crowded.yaml"
    path.write_text(TABLE.replace("animals: 3", "animals: {crab: 8}"), encoding="utf-8")
    warnings = score_file(str(path)).info.warnings
    assert warnings and all(line.startswith(f"{path}:") and ": warning: " in line for line in warnings)


# --- records are frozen dataclasses -----------------------------------------------------------


def records() -> list[object]:
    scored = score_file(str(first_example("galapagos")))
    return [scored.sheet, scored.info, scored, Scored(scored.sheet, scored.info), get_game("galapagos"),
            Field(Int()), Int(), Record(fields={"a": Field(Text())}), ListOf(Int()), MapOf(),
            Either((Int(),)), Choice(words=("a",)), Ask(), Step("row 1"), Interview(), ScoreOptions(),
            RenderOptions(),
            Source("a.yaml", "game: galapagos\n"), read_play(scored)]


def test_setting_an_attribute_on_a_record_raises() -> None:
    for record in records():
        assert dataclasses.is_dataclass(record) and not hasattr(record, "__dict__"), record
        for part in dataclasses.fields(record):
            with pytest.raises(FrozenInstanceError):
                setattr(record, part.name, getattr(record, part.name))
            with pytest.raises(FrozenInstanceError):
                delattr(record, part.name)


def test_a_sheets_parts_cannot_be_changed_either() -> None:
    sheet = score_file(str(first_example("origin"))).sheet
    assert isinstance(sheet.players, tuple) and isinstance(sheet.notes, tuple)
    with pytest.raises(TypeError):
        sheet.extra["board"] = []  # type: ignore[index]
    listed = ScoreSheet("galapagos", ("Points",), [PlayerScore("A")], notes=["a note"])  # type: ignore[arg-type]
    assert listed.players == (PlayerScore("A"),) and listed.notes == ("a note",)


def test_a_changed_record_is_a_new_one() -> None:
    options = ScoreOptions(format="json", summary=True)
    flag = REGISTRY["caracas"].options[0]
    flagged = options.with_flags((flag,))
    assert (flagged.flags, flagged.format, flagged.summary) == ((flag,), format_named("json"), True)
    assert options.flags == ()
    player = PlayerScore("A")
    player.add("Points", "points", 3)
    sheet = ScoreSheet("galapagos", ("Points",), (player,))
    ranked = rank(sheet)
    assert ranked.players[0].rank == 1 and sheet.players[0].rank == 0  # rank leaves its sheet as it was
    game = get_game("galapagos")
    renamed = dataclasses.replace(game, title="Galápagos")
    assert renamed.title == "Galápagos" and game.title == "Galapagos"
    assert renamed.declaration is not game.declaration and list(renamed.declaration.fields) == \
        list(game.declaration.fields)


def test_what_a_step_builds_is_a_mutable_dataclass_and_says_so() -> None:
    """A document collects the problems and warnings parse finds; a player's score, the items
    score adds: both slotted, neither frozen (their docstrings say why)."""
    for kind in (Document, PlayerScore):
        assert dataclasses.is_dataclass(kind) and "__slots__" in vars(kind)
        assert not kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert "Not frozen" in (kind.__doc__ or "")


# --- names from one place; partial tables -------------------------------------------------------


def test_every_error_and_warning_names_the_players_from_one_reading(tmp_path: Path) -> None:
    """The declaration's problems, the game's own and a warning under --strict all carry the
    names ``pipeline.player_names`` read from the file, given when the error is made."""
    declared = tmp_path / "declared.yaml"
    declared.write_text(TABLE.replace("money: 1900", "money: 250"), encoding="utf-8")  # not a £100 multiple
    own = tmp_path / "own.yaml"
    own.write_text(TABLE.replace("exhibition: 33,", "exhibition: 2, exhibitions: [{animals: [crab, crab]}],"),
                   encoding="utf-8")
    names = {0: "Hana", 1: "Ivo"}
    for path in (declared, own):
        with pytest.raises(InputError) as caught:
            score_file(str(path))
        assert caught.value.names == names
        lines = format_error(str(path), caught.value)
        assert all(line.split(": ")[1].startswith("players[1] (Ivo)") for line in lines), lines
    crowded = tmp_path / "crowded.yaml"
    crowded.write_text(TABLE.replace("animals: 3", "animals: {crab: 8}"), encoding="utf-8")
    scored = score_file(str(crowded))
    assert scored.document.names == names
    assert warning_as_error(scored.document, scored.document.warnings[0]).names == names


def broken_tables(text: str) -> list[str]:
    """``text`` with each top-level value, each entry of a list (a player, a tile) and each
    part of an entry in turn replaced by junk the declaration refuses: the game's own checks
    then run over the rest (a partial table)."""
    data = yaml.safe_load(text)
    tables = []
    for key in data:
        if key in ("game", "expect"):
            continue
        tables.append({**data, key: {"junk": [1, 2]}})
        if not isinstance(data[key], list):
            continue
        entries = data[key]
        for i, entry in enumerate(entries):
            tables.append({**data, key: [*entries[:i], 3.5, *entries[i + 1:]]})
            for part in entry if isinstance(entry, dict) else ():
                tables.append({**data, key: [*entries[:i], {**entry, part: {"junk": [1]}}, *entries[i + 1:]]})
    return [yaml.safe_dump(table, allow_unicode=True, sort_keys=False) for table in tables]


@pytest.mark.slow  # every example, or many random seasons: the full suite's
@pytest.mark.parametrize("name", [name for name in REGISTRY if get_game(name).checks_partial])
def test_a_games_checks_over_a_partial_table_raise_only_input_errors(name: str) -> None:
    """What ``partial_checks`` catches is all parse may raise: every example, each part broken."""
    cases = 0
    for path in sorted((EXAMPLES / name).glob("*.yaml")):
        for text in broken_tables(path.read_text(encoding="utf-8")):
            with pytest.raises(InputError) as caught:
                score_source(Source(path.name, text))
            assert caught.value.problems and all(problem.position for problem in caught.value.problems)
            cases += 1
    assert cases > 20
