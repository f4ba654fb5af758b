"""Caracas: score each explorer's grid of land tiles — animals, landscape, dead ends.

- ``declaration``: what a table's YAML holds (the readings of the rules included), and the
  starter template's example;
- ``board``: the board's geometry (squares, sides, rivers, areas); ``grid``: the compact grid
  form, Caracas' own spec type;
- ``table``: a document read into each explorer's board, checked (one tile per square, every
  tile linked to row 1) and counted against the box;
- ``animals``: the animal rules; ``landscape``: the landscape comparison; ``scoring``: the
  score sheet from both and the dead-end rivers;
- ``show``: the ``--show-board`` drawing; ``picture``: the board as the html page draws it;
- ``interview``: what ``scorecalc tally`` asks, the board row by row (imported by tally only).

Readings: ``docs/rules/caracas.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import Game
from .declaration import CATEGORIES, FIELDS, example
from .grid import grid_codes
from .scoring import score
from .table import Explorer, Table, parse

if TYPE_CHECKING:
    from ...pictures import Picture
    from ...sheet import ScoreSheet


def draw_boards(table: Table, width: int | None) -> str:
    """``--show-board``: each explorer's grid as typed, fitted to ``width`` columns (imported only
    when asked for)."""
    from .show import show_board

    return show_board(table, width)


def draw_pictures(table: Table, sheet: ScoreSheet) -> Sequence[Picture]:
    """``--format html``: each explorer's board as a picture (imported only when asked for)."""
    from .picture import board_pictures

    return board_pictures(table, sheet)


GAME = Game(
    name="caracas",
    title="Caracas",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    views={"show_board": draw_boards},
    listings={"codes": grid_codes},
    example=example,
    interview_module=__name__ + ".interview",
    pictures=draw_pictures,
)

__all__ = ["GAME", "Explorer", "Table", "grid_codes"]
