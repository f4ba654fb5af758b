"""A question's kind is a type: one small class per kind, in one registry
(``scorecalc/tally/kinds.py`` ``KINDS``), asked by the model and the screens for its behaviour;
a new kind is its module and one line of the registry, and a field is asked as it by naming it
in the game's interview (``Ask.kind``). This module adds a toy kind that way."""

from __future__ import annotations

import datetime
import inspect
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from scorecalc.games import REGISTRY, Game, get_game
from scorecalc.spec.answer import BadAnswer
from scorecalc.spec.interview import Ask, Interview
from scorecalc.tally import kinds
from scorecalc.tally.draft import Draft
from scorecalc.tally.kinds import FORM, ITEM, KINDS, VALUE, Asked, Kind
from scorecalc.tally.model import Tally
from scorecalc.tally.prompt import Terminal
from scorecalc.tally.questions import Progress, Question
from scorecalc.tally.session import DONE, Session
from tests.helpers import GAMES, ROOT, TOY
from tests.support import toy_game

NOW = datetime.datetime(2026, 12, 3, 20, 0)


def test_every_question_of_every_game_has_a_registered_kind_and_no_module_compares_its_name() -> None:
    assert KINDS == {"value": VALUE, "item": ITEM, "form": FORM}
    for game in GAMES:
        model = Tally(get_game(game), NOW)
        plan = model.plan(Draft({"players": [{"name": "Ann"}]}, Progress(open=frozenset({("players",)}))))
        assert {question.kind for question in plan} <= set(KINDS.values()), game
        assert all(question.key == (question.kind.name, question.path) for question in plan)
    compared = re.compile(r"\.kind (==|!=|in) [\"'(]")
    found = [f"{path.relative_to(ROOT)}:{number}" for folder in ("tally", "web")
             for path in sorted((ROOT / "scorecalc" / folder).glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if compared.search(line) and "said.kind" not in line]
    assert found == []


def test_a_question_stays_comparable_and_its_kind_equal_by_name() -> None:
    def gate(kind: Kind) -> Question:
        return Question(("players", 1, "name"), kind, toy_game.BEAD, "Players", "player 2's name", "")

    assert gate(kinds.Item()) == gate(ITEM) and gate(ITEM) != gate(VALUE)
    assert gate(ITEM).key == ("item", ("players", 1, "name"))
    assert {kinds.Item(), ITEM, kinds.Form()} == {ITEM, FORM} and repr(ITEM) == "Item()"


def test_each_kind_answers_for_itself() -> None:
    """The behaviour the model's if-chains held, asked of each kind."""
    seat = Question(("players", 2, "name"), ITEM, toy_game.BEAD, "Players", "", "", list_path=("players",),
                    minimum=1, index=2)
    money = Question(("players", 0, "money"), VALUE, toy_game.BEAD, "Ann", "money", "", default=0)
    board = Question(("players", 0, "beads"), FORM, toy_game.BEAD, "Ann", "beads", "")
    assert [kind.adds_to(seat) for kind in (ITEM, VALUE, FORM)] == [("players",), None, None]
    assert [ITEM.may_grow(seat), VALUE.may_grow(money), FORM.may_grow(board)] == [True, False, True]
    settled = [ITEM.settled_by_empty(seat), VALUE.settled_by_empty(money), FORM.settled_by_empty(board)]
    assert settled == [True, True, False]
    assert [ITEM.score_it_answer(seat), VALUE.score_it_answer(money)] == ["", "-"]
    assert [ITEM.declined_if_absent(seat), VALUE.declined_if_absent(money)] == [None, ("players", 0, "money")]
    assert [ITEM.empty_answer_words(seat), VALUE.empty_answer_words(money)] == ["that's everyone", None]
    assert FORM.seen_at(board) == (("players", 0), " beads") and VALUE.seen_at(money) == (money.path, "")
    assert ITEM.owning_record(seat) == ("players",) and VALUE.owning_record(money) == ("players", 0)
    assert [FORM.checks_the_table, FORM.stays_until_answered] == [False, True]
    assert [VALUE.checks_the_table, VALUE.stays_until_answered] == [True, False]


# --- a toy kind: this module holds it, and one line adds it to the registry ----------------------

class Strokes(Kind):
    """A number answered in tally marks: ``|||| ||`` is 6 (a number typed is read as a value is)."""

    name = "strokes"

    def read(self, question: Asked, text: str) -> Any:
        if text.strip() and set(text) <= {"|", " "}:
            return super().read(question, str(text.count("|")))
        return super().read(question, text)


INTERVIEW = toy_game.INTERVIEW.joined(Interview({"players.points": Ask(kind="strokes")}))
"""The toy game's interview with its points asked in tally marks."""


def toy_with_strokes() -> Game[Any]:
    """The toy game asked by ``INTERVIEW`` (its declaration made now: the game's names as the
    registry has them)."""
    return replace(toy_game.GAME, interview_module=__name__)


@pytest.fixture
def strokes(monkeypatch: pytest.MonkeyPatch) -> Game[Any]:
    monkeypatch.setitem(KINDS, "strokes", Strokes())  # the one registry line
    monkeypatch.setitem(REGISTRY, "toy", TOY)  # the toy game known (its form checks the beads through it)
    return toy_with_strokes()


def test_a_new_kind_is_its_module_and_one_line_of_the_registry(strokes: Game[Any]) -> None:
    assert inspect.getsourcefile(type(KINDS["strokes"])) == __file__  # its module: this one
    model = Tally(strokes, NOW)
    state = Draft({"players": [{"name": "Ann"}]}, Progress())
    points = model.find(model.plan(state), ("strokes", ("players", 0, "points")))
    assert points is not None and points.kind == Strokes() and points.label == "points"
    assert model.apply(state, points, "|||| ||").state.data["players"][0]["points"] == 6
    assert model.apply(state, points, "12").state.data["players"][0]["points"] == 12
    with pytest.raises(BadAnswer, match="99"):
        model.apply(state, points, "|" * 100)  # the spec's own check: at most 99


class Scripted(Terminal):
    """The terminal's answers given in turn; what it says, kept."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__()
        self.answers = answers
        self.said: list[str] = []

    @property
    def width(self) -> int | None:
        return None

    def say(self, text: str = "") -> None:
        self.said.append(text)

    def picture(self, text: str) -> None:
        self.said.append(text)

    def ask(self, prompt: str, words: list[str] | None = None) -> str | None:
        self.said.append(prompt)
        return self.answers.pop(0) if self.answers else None


def test_the_terminal_asks_a_new_kind_through_the_model(strokes: Game[Any], tmp_path: Path) -> None:
    terminal = Scripted(["", "", "Ann", "", "|||| ||", "red", ""])
    session = Session(strokes, str(tmp_path / "t.yaml"), terminal, NOW)
    try:
        assert session.run() == DONE
    finally:
        session.file.close()
    assert "› points: " in terminal.said
    written = (tmp_path / "t.yaml").read_text(encoding="utf-8")
    assert "points: 6\n" in written and "beads: [red]" in written and "tally:" not in written


def test_without_the_line_the_kind_is_not_asked() -> None:
    assert "strokes" not in KINDS
    model = Tally(toy_with_strokes(), NOW)
    with pytest.raises(ValueError, match="no question kind 'strokes'; the kinds: 'value', 'item', 'form'"):
        model.plan(Draft({"players": [{"name": "Ann"}]}, Progress()))
