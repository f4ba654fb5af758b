"""A table in a phone's order (SPEC section 8, "A phone in a player's hand"): the questions as
phones see them, and the view records of what the model offers only on phones (every seat at
once, a house rule field by field, a board given in another form). Functions of the model and a
state: the order and the words are the model's (``Tally.seats``, ``Question.folded``,
``Tally.setting_fields``); this module lays them out for ``pad.py``. No rule here.
"""

from __future__ import annotations

from ..errors import Path, path_text
from ..places import piece_words
from ..spec import MISSING
from ..spec.interview import key_of, palette_of
from ..tally.answers import one_line
from ..tally.draft import Draft
from ..tally.kinds import VALUE
from ..tally.model import Tally
from ..tally.opening import TallyFile
from ..tally.questions import Question
from ..tally.settings import SettingField
from ..tally.wording import default_text
from . import forms
from .addresses import parse_place
from .telling import optional
from .views import FieldView, PlacingView, SectionView


def phone_questions(model: Tally, state: Draft) -> list[Question]:
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


def setting_view(question: Question, part: SettingField, problem: str) -> FieldView:
    """One field of a setting rarely changed (``Tally.setting_fields``): its answer now, or the
    default it takes, chosen."""
    now = part.value if question.answered else ""
    return FieldView(
        place=path_text((*question.path, part.name)), label=part.label, doc="", syntax="",
        value=now, answered=question.answered, default=part.value,
        placeholder="" if part.choices or question.answered else f"empty: {part.value}",
        options=list(part.choices), problem=problem)


def setting_at(model: Tally, state: Draft, path: Path) -> tuple[Question, SettingField] | None:
    """The setting and its field that ``path`` names (``rules.snake_around``), if it is one."""
    if len(path) < 2 or not isinstance(path[-1], str):
        return None
    question = model.find(model.plan(state), (VALUE.name, path[:-1]))
    part = None if question is None else next(
        (part for part in model.setting_fields(question) if part.name == path[-1]), None)
    return None if question is None or part is None else (question, part)


def other_forms(model: Tally, state: Draft, sections: list[SectionView]) -> None:
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
        section.board = forms.given(record, given)


def date_words(model: Tally, date: str) -> str:
    """The date "Score it" takes, as shown beside it: ``played today, 20:00``."""
    if not date:
        return ""
    day, _, clock = date.partition(" ")
    today = model.now.date().isoformat()
    return f"played today, {clock}" if day == today and clock else f"played {date}"



def field_view(model: Tally, state: Draft, file: TallyFile, question: Question, problem: str) -> FieldView:
    """A question a phone answers in a field of its own; ``problem``: the whole table's there."""
    value = current(question)
    return FieldView(
        place=path_text(question.path), label=model.seen(question.path, state.data), doc=question.doc,
        syntax=question.spec.answer_syntax(), value=value or "", answered=value is not None,
        placeholder=placeholder(model, question),
        choices=list(dict.fromkeys([*question.spec.choices(), *question.words])),
        problem="; ".join(filter(None, [*held_text(file, question), problem])),
        optional=optional(question, model.now))


def held_text(file: TallyFile, question: Question) -> list[str]:
    """What FILE held at an unanswered question and the read could not take, quoted."""
    if question.answered:
        return []
    return [f"the file has “{held.text}” ({held.reason})" for held in file.held_at(question)]


def placeholder(model: Tally, question: Question) -> str:
    if question.kind.asks_another(question):
        return "optional: add one" if question.list_path != ("players",) else "optional: another player"
    if question.answered:
        return ""
    if optional(question, model.now):  # the one decision, which "I am …" counts by too
        return "optional"
    text = default_text(question, model.now)
    return f"empty: {text}" if text else ""


def current(question: Question) -> str | None:
    """The answer at ``question`` as a phone shows it; ``None`` when not answered."""
    if not question.answered:
        return None
    if question.declined or question.value is MISSING:
        return ""
    return one_line(question.spec, question.value)


def placing_view(model: Tally, state: Draft, path: Path, phone: str) -> PlacingView:
    """A board a phone holds a tile half built on, said to every phone and, in the second
    person, to the phone that holds it."""
    form = model.interview.form(key_of(path[:-1]))
    palette = palette_of(form)
    piece = palette.piece if palette is not None else "piece"
    noun = form.name if form is not None else "board"
    return PlacingView(path_text(path), model.placing(path, state.data), phone,
                       f"Your phone is placing a {piece} on {model.seen(path[:-1], state.data)} {noun}")


def at(problems: list[tuple[str, tuple[Path, ...]]], path: Path) -> str:
    """The problems of the whole table that ``path`` can fix, in words."""
    return "; ".join(message for message, paths in problems if path in paths)


def cell_words(model: Tally, place: str, current: str | None, text: str) -> tuple[str, str] | None:
    """At a cell built by taps (a Caracas tile, ``players[0].grid.r3c2``): what it holds and what
    was sent, in words; ``None`` elsewhere. Read off the place and the interview (no plan)."""
    path = parse_place(place)
    if path is None or len(path) < 3 or not isinstance(path[-2], str) or forms.row_of(path) is not None:
        return None
    form = model.interview.form(key_of(path[:-2]))
    palette = palette_of(form) if form is not None and path[-2] in form.fields else None
    if palette is None:
        return None
    return piece_words(palette, current or ""), piece_words(palette, text)
