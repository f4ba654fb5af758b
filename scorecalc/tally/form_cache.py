"""What a screen draws of a game's entry form, kept per record: a view after an answer draws
every board again, and an answer changes one board at most.

A game's ``EntryForm`` draws a record from the record alone (``spec.interview``: ``parts``,
``cells``, ``sketch`` take nothing else), so a drawing made once holds for every equal record.
The pad's view draws each player's board after every answer, and on a large Caracas table
drawing the boards is most of the view (bench/RESULTS.md, "Tally"). A screen calls these
instead of the form's own; what they give is the form's, the lists copied (a caller's list is
its own).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..pictures import Drawing
from ..spec.interview import Cell, EntryForm, board_of

KEPT = 64
"""Drawings kept (a board's parts, cells and sketch each count one): every board of a full
table, twice over."""

T = TypeVar("T")
_kept: dict[tuple[int, str, str, bool], tuple[EntryForm, Any]] = {}
"""By the form's identity, what is drawn, the record's ``repr`` and the flag: the form itself
and its drawing (the form kept too, so that its ``id`` is never another's)."""


def _kept_for(form: EntryForm, what: str, record: Mapping[str, Any], flag: bool,
              make: Callable[[], T]) -> T:
    key = (id(form), what, repr(record), flag)
    found = _kept.get(key)
    if found is not None and found[0] is form:
        made: T = found[1]
        return made
    made = make()
    _kept[key] = (form, made)
    while len(_kept) > KEPT:
        del _kept[next(iter(_kept))]
    return made


def parts(form: EntryForm, record: Mapping[str, Any]) -> list[str]:
    """``form.parts(record)`` (a board's rows), kept."""
    return list(_kept_for(form, "parts", record, False, lambda: form.parts(record)))


def cells(form: EntryForm, record: Mapping[str, Any]) -> list[Cell]:
    """``form.cells(record)`` (each square a tile may be on, with its tile), kept; none for a form
    only typed (not a ``BoardForm``)."""
    board = board_of(form)
    return [] if board is None else list(_kept_for(form, "cells", record, False, lambda: board.cells(record)))


def sketch(form: EntryForm, record: Mapping[str, Any], free: bool) -> Drawing | None:
    """``form.sketch(record, free)`` (the board drawn while it is filled), kept; ``None`` for a
    form only typed."""
    board = board_of(form)
    return None if board is None else _kept_for(form, "sketch", record, free,
                                                lambda: board.sketch(record, free))
