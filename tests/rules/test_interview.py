"""A game is one place: its declaration (frozen), its interview, its own entry form; tally only dispatches."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from scorecalc.games import REGISTRY, Game, get_game
from scorecalc.spec import Choice, Field, Int, ListOf, Record, Spec
from scorecalc.spec.interview import Ask, Interview
from tests.helpers import ROOT, TOY_LAUNCH, imported, per_game, run_scorecalc


def toy(*args: str, stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"SOURCE_DATE_EPOCH": "1764590400", "PATH": "/usr/bin:/bin"}
    return run_scorecalc(*args, input=stdin, cwd=cwd, env=env, script=TOY_LAUNCH)


# --- a toy game with an entry form of its own, tallied end to end ----------------------------


@pytest.mark.slow  # a long check: the full suite runs it, not the quick loop
def test_a_toy_game_with_its_own_entry_form_is_tallied_from_piped_answers(tmp_path: Path) -> None:
    answers = ["", "", "Ann", "Bo", "", "7", "red", "<", "green", "blue", "", "3", ""]
    result = toy("tally", "toy", "t.yaml", "--format", "json", stdin="\n".join(answers) + "\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "› bead 1 [done]: red\n  Ann's beads: red\n" in result.stderr  # the form speaks
    assert "› bead 2 [done]: <\n  the last bead is taken back\n› bead 1 [done]: green" in result.stderr
    assert "(2 of the 3 beads each of the 2 players has)" in result.stderr  # Entry.more_players: False
    assert "    beads: [green, blue]\n" in (tmp_path / "t.yaml").read_text()
    assert "tally:" not in (tmp_path / "t.yaml").read_text()
    scored = toy("toy", "t.yaml", "--format", "json", stdin="", cwd=tmp_path)
    assert scored.stdout == result.stdout and '"detail": "green blue"' in scored.stdout


@pytest.mark.slow  # a process per run (the quick loop tallies the toy once, above)
def test_a_toy_form_stopped_midway_is_kept_open_and_goes_on_where_it_was(tmp_path: Path) -> None:
    first = toy("tally", "toy", "t.yaml", stdin="\n\nAnn\n\n7\nred\n", cwd=tmp_path)
    assert first.returncode == 2 and "the input ended with" in first.stderr
    saved = (tmp_path / "t.yaml").read_text()
    assert 'open: ["players[0].beads"]' in saved and "beads: [red]" in saved  # Entry.hold, Entry.save
    second = toy("tally", "toy", "t.yaml", stdin="blue\n\n", cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert "› bead 2 [done]: blue" in second.stderr
    assert "beads: [red, blue]" in (tmp_path / "t.yaml").read_text()


@pytest.mark.slow  # as above
def test_the_toy_form_refuses_through_the_games_own_check_and_the_beads_spec(tmp_path: Path) -> None:
    too_many = toy("tally", "toy", "t.yaml", stdin="\n\nAnn\n\n7\nred\nred\nblue\ngreen\n\n", cwd=tmp_path)
    assert too_many.returncode == 2
    assert "✗ 4 beads; each player has 3; take one back with '<'" in too_many.stderr  # Entry.problems
    unknown = toy("tally", "toy", "u.yaml", stdin="\n\nAnn\n\n7\npurple\n", cwd=tmp_path)
    assert unknown.returncode == 2
    assert "✗ unknown bead 'purple'" in unknown.stderr  # Entry.checked, by the declared Choice


def test_the_toy_game_touches_nothing_outside_its_module() -> None:
    """Its entry form speaks through the Entry: it imports the spec types, never tally."""
    modules = imported(ROOT / "tests" / "support" / "toy_game.py")
    assert not {name for name in modules if name.startswith(("scorecalc.tally", "scorecalc.cli"))}


# --- declarations are frozen after import ---------------------------------------------------


def walk(spec: Spec, seen: set[int] | None = None) -> Iterator[Spec | Field]:
    seen = set() if seen is None else seen
    if id(spec) in seen:
        return
    seen.add(id(spec))
    yield spec
    record = spec.as_record()
    if record is not None:
        yield from record.fields.values()
    for part in spec.parts():
        yield from walk(part, seen)


def slots(value: object) -> list[str]:
    return [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_part_of_a_declaration_is_frozen(game: str) -> None:
    declaration = get_game(game).declaration
    parts = list(walk(declaration))
    assert len(parts) > 20
    for part in parts:
        for name in slots(part):
            assert hasattr(part, name), (part, name)  # every attribute written when built...
            with pytest.raises(FrozenInstanceError):  # ...and never again
                setattr(part, name, getattr(part, name))
    with pytest.raises(TypeError):
        declaration.fields["players"] = declaration.fields["players"]  # type: ignore[index]
    choices = [part for part in parts if isinstance(part, Choice) and part.aliases]
    for choice in choices[:1]:  # a game whose words have no aliases (the toy's beads) has none to try
        with pytest.raises(TypeError):
            choice.aliases["x"] = "y"  # type: ignore[index]


def test_what_a_game_set_on_a_shared_field_after_import_now_raises() -> None:
    players = get_game("origin").declaration.fields["players"]
    with pytest.raises(FrozenInstanceError):
        players.doc = "the players"
    # a name that is no field: a TypeError on Python 3.11 (CPython gh-105936: a frozen slotted
    # dataclass's __setattr__ calls super() on the class slots=True replaced), an AttributeError
    # where that is fixed; refused either way
    with pytest.raises((AttributeError, TypeError)):
        players.ask = 2  # type: ignore[attr-defined]  # tally's settings live in the interview
    with pytest.raises(FrozenInstanceError):
        get_game("galapagos").title = "Galápagos"


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_games_declaration_is_built_once(game: str) -> None:
    assert get_game(game).declaration is get_game(game).declaration
    assert get_game(game).interview is get_game(game).interview


# --- the interview ----------------------------------------------------------------------------


def small_game(**questions: Ask) -> Game:
    record = Record(fields={"name": Field(Int()), "points": Field(Int())})
    fields = {"players": Field(ListOf(record), required=True), "rounds": Field(Int())}
    module = type(sys)("small_interview")
    module.INTERVIEW = Interview(questions)  # type: ignore[attr-defined]
    sys.modules["small_interview"] = module
    return Game("small", "Small", ("Points",), fields, parse=lambda d: d, score=lambda s: s,
                interview_module="small_interview")


def test_an_interview_that_names_a_field_the_declaration_lacks_is_refused() -> None:
    assert small_game(**{"players.points": Ask(1)}).interview.ask("players.points").order == 1
    with pytest.raises(ValueError, match=re.escape("'players.pionts', which the declaration does not have")):
        _ = small_game(**{"players.pionts": Ask(1)}).interview
    with pytest.raises(ValueError, match=re.escape("'rounds.count'")):
        _ = small_game(**{"rounds.count": Ask(1)}).interview


NOUNS = {"caracas": {}, "caribe": {"players.books": "book"},
         "galapagos": {"players.exhibitions": "exhibition"}, "origin": {"board": "tile"}}
"""Each game's lists asked entry by entry, and an entry's noun ("book 2") where it is not 'entry'."""


@pytest.mark.parametrize("game", list(REGISTRY))
def test_every_game_has_an_interview_and_says_which_entry_noun_its_lists_take(game: str) -> None:
    interview = get_game(game).interview
    nouns = {key: ask.noun for key, ask in interview.questions.items() if ask.noun != "entry"}
    assert nouns == per_game(NOUNS, game, "entry nouns", "NOUNS in tests/rules/test_interview.py")


# --- tally knows no game ---------------------------------------------------------------------


def code_strings(path: Path) -> set[str]:
    """The string constants of a module's code (docstrings left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs}


def game_words() -> set[str]:
    """The names of the games and of every field only some games have."""
    common = set(get_game("galapagos").declaration.fields) - {"players"} | {"players", "name"}
    words = set(REGISTRY)
    for game in REGISTRY:
        for part in walk(get_game(game).declaration):
            record = part.as_record() if isinstance(part, Spec) else None
            if record is not None:
                words |= set(record.fields)
    return words - common


@pytest.mark.slow
def test_tally_names_no_game_and_imports_no_games_parts() -> None:
    words = game_words()
    assert {"percy", "grid", "board", "exhibitions", "cubes", "caracas"} <= words
    for path in sorted((ROOT / "scorecalc" / "tally").glob("*.py")):
        named = {text for text in code_strings(path) for word in words
                 if word in text.lower().replace(" ", "_").split(".")}
        assert not named, (path.name, named)
        assert not {name for name in imported(path) if name.startswith("scorecalc.games.")}, path.name


@pytest.mark.slow
def test_a_games_modules_import_nothing_above_the_game() -> None:
    """Games import downward only: spec, reading, the sheet, shared helpers; never tally, the command
    line or the output layer."""
    below = ("scorecalc.spec", "scorecalc.reading", "scorecalc.errors", "scorecalc.names", "scorecalc.sheet",
             "scorecalc.pictures", "scorecalc.wrapping", "scorecalc.games")
    for path in sorted((ROOT / "scorecalc" / "games").rglob("*.py")):
        above = {name for name in imported(path) if not name.startswith(below)}
        assert not above, (path.relative_to(ROOT), above)


@pytest.mark.slow
def test_a_score_command_does_not_import_any_interview(tmp_path: Path) -> None:
    example = ROOT / "examples" / "caracas" / "two-explorers.yaml"
    result = run_scorecalc("caracas", str(example), python=("-X", "importtime"))
    assert result.returncode == 0, result.stderr
    assert "scorecalc.games.caracas" in result.stderr and "interview" not in result.stderr


# --- the players list: more players may join --------------------------------------------------


class Said:
    """A terminal that keeps what it is told (the session's Terminal stands in)."""

    interactive = False

    def __init__(self) -> None:
        self.lines = io.StringIO()

    def say(self, text: str = "") -> None:
        self.lines.write(text + "\n")

    def warn(self, text: str) -> str:
        return text

    dim = bad = bold = warn


CARIBE = """\
game: caribe
university_cards: {coimbra: fauna, london: coastline, paris: turtle}
players:
  - name: Ana
    score: 50
    knowledge: {fauna: 3, geology: 4, flora: 2}
    universities: {}
    board: {turtle: 1}
    books:
      - {left: [fauna], right: [flora]}
    leftover: {}
tally:
  declined: [date, location, solo]
  open: [players]
"""


def test_a_warning_about_a_player_waits_until_no_more_players_may_join(tmp_path: Path) -> None:
    """A warning about a player's answer is held while the players list is open (more may
    join and change it), and given once the list is closed."""
    import datetime
    from dataclasses import replace

    from scorecalc.tablefile.reader import load
    from scorecalc.tally.model import Draft, Tally

    game = get_game("caribe")
    (tmp_path / "t.yaml").write_text(CARIBE)
    loaded = load(game, str(tmp_path / "t.yaml"))
    model = Tally(game, datetime.datetime(2026, 12, 2))
    state = Draft(loaded.data, loaded.progress)
    book = next(q for q in model.plan(state) if q.path == ("players", 0, "books", 0))
    assert model.more_players(model.plan(state))  # the players list still asks for player 2
    assert model.trial(state, book, set()) == []
    closed = replace(state, progress=replace(state.progress, open=state.progress.open - {("players",)}))
    assert not model.more_players(model.plan(closed))
    assert any("this book has no whole icon" in warning for warning in model.trial(closed, book, set()))


def test_a_full_players_list_takes_no_more_players() -> None:
    """Five explorers fill a Caracas table: the list is still open in FILE, but no one may join."""
    from scorecalc.tally.kinds import ITEM
    from scorecalc.tally.model import Tally
    from scorecalc.tally.questions import Question

    def gate(answered: bool) -> Question:
        return Question(("players", 5, "name"), ITEM, Int(), "Players", "", "", list_path=("players",),
                        answered=answered)

    assert Tally.more_players([gate(False)]) and not Tally.more_players([gate(True)])
    assert not Tally.more_players([])


@pytest.mark.slow
def test_five_explorers_hear_how_many_tiles_each_places(tmp_path: Path) -> None:
    rows = ["JuJa~ES JuSlSo~NESW JuHo~SW SaAt", ""]
    answers = ["", "", "", "A", "B", "C", "D", "E", *(rows * 5)]
    result = run_scorecalc("tally", "caracas", "t.yaml", cwd=tmp_path, input="\n".join(answers) + "\n",
                           env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("A: 4 tiles of the 14 each explorer places in a game of 5") == 1
