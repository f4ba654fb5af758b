"""A form's drawings kept per record (``tally/form_cache.py``): the form's own, each made once per
equal record, made again when the record changes."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scorecalc.games import get_game
from scorecalc.tally import form_cache


def board() -> tuple[Any, dict[str, Any]]:
    game = get_game("caracas")
    assert game.example is not None
    form = game.interview.form("players")
    assert form is not None
    return form, copy.deepcopy(dict(game.example(2))["players"][0])


def test_a_drawing_is_the_forms_own_and_made_once_per_equal_record(monkeypatch: pytest.MonkeyPatch) -> None:
    form, record = board()
    shorter = copy.deepcopy(record)
    shorter["grid"] = "\n".join(record["grid"].splitlines()[:-1]) + "\n"
    own = (form.parts(record), form.cells(record), form.sketch(record, True), form.parts(shorter))
    made: list[str] = []
    for what in ("parts", "cells", "sketch"):
        real = getattr(type(form), what)

        def counted(self: Any, *args: Any, _real: Any = real, _what: str = what) -> Any:
            made.append(_what)
            return _real(self, *args)

        monkeypatch.setattr(type(form), what, counted)
    monkeypatch.setattr(form_cache, "_kept", {})
    rows = form_cache.parts(form, record)
    assert (rows, form_cache.cells(form, record), form_cache.sketch(form, record, True)) == own[:3]
    assert made == ["parts", "cells", "sketch"] and len(rows) == len(own[3]) + 1
    made.clear()
    same = copy.deepcopy(record)
    drawn = (form_cache.parts(form, same), form_cache.cells(form, same), form_cache.sketch(form, same, True))
    assert drawn == own[:3]
    assert made == []  # nothing drawn again for an equal record
    form_cache.sketch(form, same, False)
    assert made == ["sketch"]  # the other flag is another drawing
    rows.append("changed")  # a caller's list is its own
    assert form_cache.parts(form, record) == own[0]
    made.clear()
    assert form_cache.parts(form, shorter) == own[3]
    assert made == ["parts"]


def test_only_the_last_drawings_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    form, record = board()
    monkeypatch.setattr(form_cache, "_kept", {})
    for number in range(form_cache.KEPT + 10):
        form_cache.parts(form, {**record, "name": f"Explorer {number}"})
    assert len(form_cache._kept) == form_cache.KEPT
