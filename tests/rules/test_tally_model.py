"""The interview as a model (``scorecalc/tally/model.py``): pure states, no terminal.

Each test builds a ``Draft`` by hand, applies answers through ``Tally`` and reads the new
state; nothing prints and no file is written. The web pad drives the same model.
"""

from __future__ import annotations

import copy
import datetime
import subprocess
import sys

import pytest

from scorecalc.games import get_game
from scorecalc.games.caracas.interview import BoardRows
from scorecalc.tally.answers import BadAnswer
from scorecalc.tally.editing import FormEntry, Work
from scorecalc.tally.model import Draft, Tally
from scorecalc.tally.questions import Progress, Question
from scorecalc.tally.wording import seen_as
from tests.helpers import ROOT

NOW = datetime.datetime(2026, 12, 2, 20, 0)


def model(game: str) -> Tally:
    return Tally(get_game(game), NOW)


def question(tally: Tally, state: Draft, path: tuple[str | int, ...]) -> Question:
    return next(q for q in tally.plan(state) if q.path == path)


@pytest.mark.slow
def test_the_model_imports_no_terminal_module() -> None:
    code = ("import sys, scorecalc.tally.model as m, scorecalc.tally.editing, scorecalc.tally.draft;"
            "bad = [name for name in sys.modules if name in ('readline', 'termios', 'tty') or "
            "name.startswith(('scorecalc.tally.prompt', 'scorecalc.tally.session', 'scorecalc.cli'))];"
            "print(bad)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_an_answer_gives_a_new_state_and_leaves_the_old_one() -> None:
    tally = model("galapagos")
    state = Draft({"players": [{"name": "Anna"}, {"name": "Ben"}]},
                  Progress(declined=frozenset({("date",), ("location",)})))
    before = copy.deepcopy(state.data)
    money = question(tally, state, ("players", 0, "money"))
    outcome = tally.apply(state, money, "£2,300")
    assert outcome.state.data["players"][0]["money"] == 2300
    assert state.data == before  # the state given is never changed
    with pytest.raises(BadAnswer, match="not a multiple of £100"):
        tally.apply(state, money, "2350")


def test_a_finished_board_reopens_at_its_next_row_and_keeps_its_rows() -> None:
    tally = model("caracas")
    grid = "JuJa~ES JuSlSo~NESW JuHo~SW SaAt\n"
    state = Draft({"players": [{"name": "Alex", "grid": grid}, {"name": "Bea"}]},
                  Progress(declined=frozenset({("date",), ("location",)})))
    board = question(tally, state, ("players", 0, "grid"))
    assert board.step is not None and board.step.done and board.step.label == "board"
    reopened = tally.reopen(state, board)
    assert reopened is not None and ("players", 0, "grid") in reopened.progress.open
    row = question(tally, reopened, ("players", 0, "grid"))
    assert row.step is not None and row.step.label == "row 2" and not row.answered
    outcome = tally.apply(reopened, row, "JuKi~NE SwPiGu~NESW SwAn~NW SaIb")
    assert outcome.state.data["players"][0]["grid"].count("\n") == 3  # the header and two rows
    assert [said.kind for said in outcome.said] == ["picture", "note"]
    assert tally.reopen(state, question(tally, state, ("players", 1, "grid"))) is None  # nothing typed yet


def test_the_board_operations_set_and_clear_a_square() -> None:
    tally = model("caracas")
    state = Draft({"players": [{"name": "Alex"}]}, Progress(open=frozenset({("players",)})))
    board = question(tally, state, ("players", 0, "grid"))
    work = Work(tally, state)
    entry = FormEntry(tally, work, board)
    form = BoardRows()
    form.set_tile(entry, 1, 1, "juja~es")
    form.set_tile(entry, 1, 2, "JuSlSo~NESW")
    form.set_tile(entry, 2, 1, "JuKi~NE")
    def rows() -> list[list[str]]:
        return [line.split() for line in work.data["players"][0]["grid"].splitlines()[1:]]

    assert rows() == [["JuJa~ES", "JuSlSo~NESW", ".", "."], ["JuKi~NE", ".", ".", "."]]
    form.clear_tile(entry, 2, 1)
    assert rows() == [["JuJa~ES", "JuSlSo~NESW", ".", "."]]
    with pytest.raises(BadAnswer, match="off the board"):
        form.set_tile(entry, 4, 1, "JuJa")
    with pytest.raises(BadAnswer):
        form.set_tile(entry, 1, 3, "Xx")
    assert ("players", 0, "grid") in work.state().progress.open
    form.clear_tile(entry, 1, 2)
    form.clear_tile(entry, 1, 1)
    assert "grid" not in work.data["players"][0]


def test_the_ledger_problem_names_its_next_entry_then_the_track_figure() -> None:
    tally = model("galapagos")
    players = [{"name": "A", "exhibition": 13, "education": 17, "animals": 0, "money": 2300,
                "exhibitions": [{"animals": ["sea_lion", "tortoise", "booby"], "bonus": 3}]},
               {"name": "B", "exhibition": 35, "education": 12, "animals": 3, "money": 1900}]
    state = Draft({"players": players},
                  Progress(declined=frozenset({("date",), ("location",), ("players", 1, "exhibitions")})))
    assert tally.left(tally.plan(state)) == 0
    [problem] = tally.problems(state)
    assert "add up to 9 points but 'exhibition' says 13" in problem.error.message
    assert problem.fixes == (("item", ("players", 0, "exhibitions", 1, "animals")),
                             ("value", ("players", 0, "exhibition")))
    assert ("players", 0, "exhibitions") in problem.state.progress.open


def test_origin_asks_no_cubes_of_a_level_4_tile_and_no_level_of_a_starting_tile() -> None:
    tally = model("origin")
    data = {"variant": "standard", "objective": "tahiti", "players": [{"name": "R"}, {"name": "E"}],
            "board": [{"species": "Giant Tortoise", "level": 4},
                      {"species": "Lava Lizard", "starting": True}]}
    paths = {q.path for q in tally.plan(Draft(data, Progress()))}
    assert ("board", 0, "cubes") not in paths and ("board", 1, "cubes") in paths
    assert ("board", 1, "level") not in paths and ("board", 0, "habitats") not in paths


def test_a_question_is_named_as_the_player_sees_it() -> None:
    game = get_game("origin")
    data = {"players": [{"name": "Rachel"}], "board": [{"species": "Sea Lion"}] * 5}
    assert seen_as(("board", 4, "cubes"), data, game.interview, game.declaration) == "tile 5 (Sea Lion) cubes"
    assert seen_as(("players", 0, "score"), data, game.interview, game.declaration) == "Rachel's score"
    assert seen_as(("players", 1, "name"), data, game.interview, game.declaration) == "player 2's name"
    galapagos = get_game("galapagos")
    assert seen_as(("players", 0, "exhibitions", 1, "animals"), {"players": [{"name": "A"}]},
                   galapagos.interview, galapagos.declaration) == "A's exhibition 2 animals"


def test_the_model_renames_a_player_where_the_table_names_her_and_takes_her_out_when_she_leaves() -> None:
    """One rule for every screen: a renamed player's cubes follow her new name, at the terminal
    as on the pad."""
    tally = model("origin")
    state = Draft({"objective": "tahiti", "players": [{"name": "Mia"}, {"name": "Ed"}, {"name": "Jo"}],
                   "board": [{"species": "Sea Lion", "level": 2, "cubes": {"Mia": 2, "Jo": 1}}]},
                  Progress(open=frozenset({("players",)})))
    renamed = tally.apply(state, question(tally, state, ("players", 0, "name")), "Mira").state
    assert renamed.data["board"][0]["cubes"] == {"Mira": 2, "Jo": 1}
    assert renamed.data["players"][0]["name"] == "Mira"
    assert state.data["board"][0]["cubes"] == {"Mia": 2, "Jo": 1}  # the state given is never changed
    gone = tally.remove_last(renamed, ("players",))
    assert gone.data["board"][0]["cubes"] == {"Mira": 2} and len(gone.data["players"]) == 2


def test_a_board_is_finished_only_by_a_person_and_declining_needs_an_optional_part() -> None:
    tally = model("caracas")
    state = Draft({"players": [{"name": "Ana", "grid": "JuJa~ES JuSlSo~NESW JuHo~SW SaAt\n"},
                               {"name": "Bea", "landscape": {"biggest_jungle": 6, "savannah_areas": 4,
                                                             "swamp_areas": 2, "forks": 3}}]},
                  Progress(declined=frozenset({("location",)}), open=frozenset({("players", 0, "grid")})))
    review = tally.review(state)
    assert review.waiting == ("Ana's board is not finished",) and not review.ready
    assert review.closed.data["players"][0]["grid"] == state.data["players"][0]["grid"]  # not closed
    board = question(tally, state, ("players", 0, "grid"))
    finished = tally.finish(state, board)
    assert tally.review(finished).waiting == () and tally.review(finished).ready
    assert tally.finish(finished, question(tally, finished, ("players", 0, "grid"))) is finished
    with pytest.raises(BadAnswer, match="an answer is needed here"):
        tally.decline(finished, question(tally, finished, ("players", 0, "name")))
