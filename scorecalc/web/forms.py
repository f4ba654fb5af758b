"""A game's entry form on a phone (Caracas' board): its parts as fields, through the form itself.

The form is the game's (``spec.interview.EntryForm``; Caracas' ``BoardRows``), and this
module names no game: the next part typed goes through the model as at the terminal
(``Tally.apply``: the same checks; the four figures of a comparison-only explorer at row 1),
a part the form holds already is changed by the form (``EntryForm.change``: a board row
square by square), and the form is closed (the game's checks on a complete board) or
reopened like any answer. A part is a place of its own, ``players[0].grid.row2``; the form
itself is ``players[0].grid`` ("done" closes it, "open" opens it again).

A form's cells (``BoardForm.cells``) are places too, named by their key below the record:
``players[0].grid.r3c2`` (a tile, set by taps on the board the form draws, ``BoardForm.sketch``,
through ``static/board.js``), ``players[1].landscape.forks`` (a figure, a field of its own). A
cell is set through the form (``BoardForm.set_cell``): the same checks as a row typed. A form
only typed (no ``BoardForm``) has no cells: its parts are typed rows, and a tap is refused.
"""

from __future__ import annotations

from typing import Any

from ..errors import Path, path_text
from ..spec.interview import Cell, board_of, palette_of
from ..tally import form_cache
from ..tally.answers import BadAnswer
from ..tally.draft import Draft
from ..tally.editing import FormEntry, Work
from ..tally.model import Tally
from ..tally.questions import Question, get
from .views import BoardView, CellView, RowView

ROW = "row"

RowOrCell = int | str | None
"""What of a form a place names: a row (``row2``: 2), a cell (``r3c2``: ``grid.r3c2``), or the
form itself (``None``)."""


def row_of(path: Path) -> int | None:
    """``("players", 0, "grid", "row2")`` -> 2; ``None`` for any other place."""
    last = path[-1] if path else None
    if isinstance(last, str) and last.startswith(ROW) and last[len(ROW):].isdigit() and len(path) > 1:
        return int(last[len(ROW):])
    return None


def cell_key(question: Question, path: Path) -> str | None:
    """``("players", 0, "grid", "r3c2")`` at the board of ``players[0]`` -> ``grid.r3c2``."""
    form = question.form
    record = question.path[:-1]
    if form is None or len(path) != len(record) + 2 or path[:len(record)] != record:
        return None
    name, key = path[-2], path[-1]
    return f"{name}.{key}" if isinstance(name, str) and isinstance(key, str) and name in form.fields else None


def owner_name(question: Question, record: Any) -> str:
    """Whose the form's record is, as a phone names her: ``Alex``, ``player 2`` (a seat unnamed yet)."""
    seat = question.path[-2] if len(question.path) >= 2 else None
    name = record.get("name") if isinstance(record, dict) else None
    return name or (f"player {seat + 1}" if isinstance(seat, int) else "")


def view(question: Question, record: dict[str, Any], problem: str) -> BoardView:
    name = owner_name(question, record)
    form = question.form
    assert form is not None
    rows = form_cache.parts(form, record)
    done = question.step is not None and question.step.done
    where = path_text(question.path[:-1])
    if done and not rows and question.step is not None and isinstance(question.step.value, dict):
        shown = given(record, {form.fields[0]: question.step.value})  # the four figures, as given
        shown.fields = [cell_view(where, name, cell) for cell in form_cache.cells(form, record)]
        return shown
    place = path_text(question.path)
    sketch = form_cache.sketch(form, record, not done)
    drawn = {group.key for group in sketch.groups} if sketch is not None else set()
    shown = BoardView(place, f"{name}'s {form.name}", question.doc, done=done, sketch=sketch,
                      palette=palette_of(form), problem=problem)
    shown.cells = {cell.key: cell_view(where, name, cell) for cell in form_cache.cells(form, record)
                   if cell.key in drawn}
    for number, row in enumerate(rows, start=1):
        shown.rows.append(RowView(f"{place}.{ROW}{number}", f"{name}'s {form.part_label(number)}", row, True))
    if not done:
        number = len(rows) + 1
        shown.rows.append(RowView(f"{place}.{ROW}{number}", f"{name}'s {form.part_label(number)}", "", False))
    return shown


def cell_view(where: str, name: str, cell: Cell) -> CellView:
    return CellView(f"{where}.{cell.key}", f"{name}'s {cell.label}", cell.value, cell.start, cell.doc,
                    cell.number)


def current(question: Question, row: RowOrCell, data: dict[str, Any]) -> str | None:
    """What a phone shows at the row (``None``: not typed), at a cell (empty: a free square;
    ``None``: no such cell now), or at the board (``done``/``open``)."""
    record = get(data, question.path[:-1])
    form = question.form
    if isinstance(row, str):
        cells = form_cache.cells(form, record) if isinstance(record, dict) and form is not None else []
        return next((cell.value for cell in cells if cell.key == row), None)
    rows = form_cache.parts(form, record) if isinstance(record, dict) and form is not None else []
    if row is None:
        return "done" if question.step is not None and question.step.done else "open"
    return rows[row - 1] if 0 < row <= len(rows) else None


def answer(model: Tally, state: Draft, question: Question, row: RowOrCell, text: str) -> Draft:
    """The board's answer to ``state``: the new state; ``BadAnswer`` if refused. "done" is a
    person finishing the board (the game's checks on it); "open" opens it again."""
    before = get(state.data, question.path[:-1])
    text = text.strip()
    form = question.form
    assert form is not None
    if isinstance(row, str):  # a cell: a tile on its square, a figure
        taps = board_of(form)
        if taps is None:  # a form only typed: nothing of it is set by a tap
            raise BadAnswer(f"{owner_name(question, before)}'s {form.name}: typed one answer at a time, "
                            "nothing here is tapped")
        work = Work(model, state)
        taps.set_cell(FormEntry(model, work, question), row, text)
        return work.state()
    if row is None:  # the board itself: closed ("done") or opened again ("open")
        if text == "open":
            reopened = model.reopen(state, question) if question.step and question.step.done else None
            return reopened or state
        if text != "done":
            raise BadAnswer("'done' closes the board, 'open' opens it again")
        return model.finish(state, question)  # "Finish Alex's board": a person finishes it
    record = before if isinstance(before, dict) else {}
    rows = form_cache.parts(form, record)
    if row == len(rows) + 1:
        if question.step is not None and question.step.done:
            state = model.reopen(state, question) or state
            question = next(q for q in model.plan(state) if q.path == question.path)
        if not text:
            raise BadAnswer(f"an answer is needed here: {question.doc}" if question.doc else
                            "an answer is needed here")
        return model.apply(state, question, text).state
    work = Work(model, state)
    form.change(FormEntry(model, work, question), row, text)
    return work.state()


def given(record: dict[str, Any], parts: dict[str, Any]) -> BoardView:
    """A board given in another form (a comparison-only explorer's figures), shown as it is."""
    words = []
    for value in parts.values():
        if isinstance(value, dict):
            words += [f"{key.replace('_', ' ')} {item}" for key, item in value.items()]
        else:
            words.append(str(value))
    name = record.get("name", "")
    return BoardView("", f"{name}'s board", "", done=True, figures=", ".join(words))
