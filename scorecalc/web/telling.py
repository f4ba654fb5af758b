"""What the pad's terminal says as the phones fill the table (SPEC section 8, "A phone in a
player's hand"): each answer by its place in the players' words (a tile by its square, a board
row square by square), one line per player when hers changes (``Alex: 12 tiles``, ``Bea: done``),
a section that is no player's once every question of it is answered, "Score it" offered, a tile
half built on a phone, the table's problems. It reads the model's plan and review and says;
it decides nothing (``Pad`` calls it; the rules of entry are the model's, ``tally/``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from ..places import piece_words, place_words
from ..spec.interview import palette_of
from ..tally import form_cache
from ..tally.draft import Review
from ..tally.editing import player_index
from ..tally.model import Tally
from ..tally.questions import Question, get
from ..tally.wording import default_text
from . import forms


class Telling:
    """The terminal's live lines, each said when it changes."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.finished: set[str] = set()
        """The sections said to have every answer in."""
        self.player_said: dict[int, str] = {}
        """Each player's line as last said."""
        self.was_ready = False
        self.said_placing: set[str] = set()

    def tell(self, plan: list[Question], data: dict[str, Any], review: Review) -> None:
        """Say what changed of the table as a whole: a section that is no player's (the table's
        settings, Origin's board) once every one of its questions is answered, not merely
        closable; each player's line when hers changes; "Score it" offered; a tile half built
        on a phone; the table's problems."""
        sections: dict[str, bool] = {}
        for question in plan:
            if player_index(question) is None and question.section != "Players":
                sections[question.section] = sections.get(question.section, True) and in_(question)
        for title, done in sections.items():
            if done and title not in self.finished:
                self.finished.add(title)
                self.say(f"✓ {title}: every answer in")
            elif not done:
                self.finished.discard(title)
        for index, line in player_lines(plan, data).items():
            if self.player_said.get(index) != line:
                self.player_said[index] = line
                self.say(line)
        if review.ready and not self.was_ready:
            self.say("Every question is answered: 'Score it' on a phone, or Enter here.")
        self.was_ready = review.ready
        if not review.waiting and not review.problems:
            for message in set(review.placing) - self.said_placing:
                self.say(f"{message}: 'Score it' waits for it (Enter here twice scores anyway)")
        self.said_placing = set(review.placing)
        for problem in review.problems:
            self.say(f"✗ {problem.message}")


def player_lines(plan: list[Question], data: dict[str, Any]) -> dict[int, str]:
    """Each named player's line: ``Alex: done`` when every question of hers is answered (her
    board finished by a person); else her board's pieces so far (``Alex: 12 tiles``, ``, board
    finished``), or how many of her questions are answered (``Bea: 3 of 5 answers``)."""
    mine: dict[int, list[Question]] = {}
    for question in plan:
        index = player_index(question)
        if index is not None and question.section != "Players":
            mine.setdefault(index, []).append(question)
    players = data.get("players")
    lines: dict[int, str] = {}
    for index, questions in mine.items():
        record = players[index] if isinstance(players, list) and index < len(players) else None
        if not isinstance(record, dict) or not isinstance(record.get("name"), str):
            continue
        name = record["name"]
        if all(in_(question) for question in questions):
            lines[index] = f"{name}: done"
            continue
        boards = [(question, question.form) for question in questions if question.form is not None]
        cells = [cell for _, form in boards for cell in form_cache.cells(form, record)
                 if cell.value and not cell.number]
        if boards and (cells or not [q for q in questions if q.form is None and q.answered]):
            palette = palette_of(boards[0][1])
            noun = palette.piece if palette is not None else "piece"
            finished = ", board finished" if all(question.answered for question, _ in boards) else ""
            lines[index] = f"{name}: {len(cells)} {noun}{'s' if len(cells) != 1 else ''}{finished}"
        else:
            asked = [question for question in questions if not asks_another(question)]
            lines[index] = f"{name}: {sum(q.answered for q in asked)} of {len(asked)} answers"
    return lines


def asks_another(question: Question) -> bool:
    """A list's next entry past its least (another book, exhibition or board tile of Origin): it
    waits for whoever has one more, and is nothing missing."""
    return question.kind.asks_another(question)


def optional(question: Question, now: datetime.datetime) -> bool:
    """Whether the table scores with ``question`` left empty: a list's next entry (another
    player's seat included), or a part it may skip."""
    return asks_another(question) or (not question.answered and default_text(question, now) == "skip")


def in_(question: Question) -> bool:
    """Whether ``question``'s answer is in, as the terminal's lines count it: answered, or a
    list's further entry (``further``)."""
    return question.answered or asks_another(question)


def said_at(model: Tally, question: Question, row: forms.RowOrCell, data: dict[str, Any],
            text: str) -> tuple[str, str]:
    """What the terminal's line says changed: the place and the answer in the players' words (a
    tile by its square and in words: ``Alex's ✻3: Swamp, ibis, river N S``)."""
    label, shown = model.seen(question.path, data), text.strip() or "(empty)"
    form = question.form
    record = get(data, question.path[:-1])
    if isinstance(row, str) and form is not None and isinstance(record, dict):
        cell = next((cell for cell in form_cache.cells(form, record) if cell.key == row), None)
        palette = palette_of(form)
        if cell is not None:
            label = f"{place_words(question.path[:-1], data, model.interview)} {cell.label}"
        if palette is not None and text.strip():
            shown = piece_words(palette, text)
    elif isinstance(row, int) and form is not None and isinstance(record, dict):
        label, shown = row_words(model, question, row, record, data, text)
    return label, shown


def row_words(model: Tally, question: Question, row: int, record: dict[str, Any], data: dict[str, Any],
              text: str) -> tuple[str, str]:
    """A board row typed on a phone, on the terminal by its squares, in words: ``Alex's board
    row 2: ✻2 Swamp, piranha, river N S; ▢2 free`` (never the grid tokens nobody typed here)."""
    form = question.form
    assert form is not None
    owner = place_words(question.path[:-1], data, model.interview)
    palette = palette_of(form)
    cells = form_cache.cells(form, record)
    if cells and all(cell.number for cell in cells):  # a comparison-only explorer's figures
        return f"{owner} figures", ", ".join(f"{cell.label} {cell.value}" for cell in cells)
    labels = {cell.key: cell.label for cell in cells}
    tokens = text.split()
    if palette is None or not tokens:
        return f"{owner} board row {row}", text.strip() or "(empty)"
    field = form.fields[0]
    squares = [f"{labels.get(f'{field}.r{row}c{column}', f'square {column}')} "
               f"{'free' if token == '.' else piece_words(palette, token)}"
               for column, token in enumerate(tokens, start=1)]
    return f"{owner} board row {row}", "; ".join(squares)
