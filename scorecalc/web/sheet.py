"""A table in a phone's order (SPEC section 8, "A phone in a player's hand"): the questions as
phones see them, and the view records of what the model offers only on phones (every seat at
once, a house rule field by field, a board given in another form). Functions of the model and a
state: the order and the words are the model's (``Tally.seats``, ``Question.folded``,
``Tally.parts``); this module lays them out for ``pad.py``. No rule here.
"""

from __future__ import annotations

from ..errors import Path, path_text
from ..tally.kinds import VALUE
from ..tally.model import Tally
from ..tally.questions import Question
from ..tally.settings import Part
from ..tally.state import State
from . import board
from .views import FieldView, SectionView


def sheet(model: Tally, state: State) -> list[Question]:
    """The questions in a phone's order: the model's plan, every seat still free offered at once
    after the players' next one (``Tally.seats``), and what the model folds (date, place, house
    rules) last."""
    plan = model.plan(state)
    out: list[Question] = []
    for question in plan:
        if question.folded:
            continue
        out.append(question)
        if question.kind.adds_to(question) == ("players",):
            out.extend(model.seats(state))
    folded = [question for question in plan if question.folded]
    return out + sorted(folded, key=lambda question: bool(question.rarely))  # the house rules last


def folded_title(questions: list[Question]) -> str:
    """The heading of what a phone folds: ``Date, place and house rules``."""
    rules = any(question.folded and question.rarely for question in questions)
    return "Date, place and house rules" if rules else "Date and place"


def part_view(question: Question, part: Part, problem: str) -> FieldView:
    """One field of a setting rarely changed (``Tally.parts``): its answer now, or the default it
    takes, chosen."""
    now = part.value if question.answered else ""
    return FieldView(
        place=path_text((*question.path, part.name)), label=part.label, doc="", syntax="",
        value=now, answered=question.answered, default=part.value,
        placeholder="" if part.choices or question.answered else f"empty: {part.value}",
        options=list(part.choices), problem=problem)


def part_at(model: Tally, state: State, path: Path) -> tuple[Question, Part] | None:
    """The setting and its field that ``path`` names (``rules.snake_around``), if it is one."""
    if len(path) < 2 or not isinstance(path[-1], str):
        return None
    question = model.find(model.plan(state), (VALUE.name, path[:-1]))
    part = None if question is None else next(
        (part for part in model.parts(question) if part.name == path[-1]), None)
    return None if question is None or part is None else (question, part)


def other_forms(model: Tally, state: State, sections: list[SectionView]) -> None:
    """A player whose entry form asks nothing because her record holds another form of it (a
    comparison-only explorer's four figures): what it holds, shown in her section."""
    form = model.interview.form("players")
    players = state.data.get("players")
    if form is None or not isinstance(players, list):
        return
    for index, record in enumerate(players):
        if not isinstance(record, dict) or form.step(record, False) is not None:
            continue
        section = next((s for s in sections if s.player == index), None)
        if section is None:
            section = SectionView(str(record.get("name", f"player {index + 1}")), index)
            sections.append(section)
        given = {name: record[name] for name in form.fields if name in record}
        section.board = board.given(record, given)


def date_words(model: Tally, date: str) -> str:
    """The date "Score it" takes, as shown beside it: ``played today, 20:00``."""
    if not date:
        return ""
    day, _, clock = date.partition(" ")
    today = model.now.date().isoformat()
    return f"played today, {clock}" if day == today and clock else f"played {date}"
