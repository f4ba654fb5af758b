"""Caracas boards for tests, in the grid form (row 1 under the SEA, ``.`` empty)."""

from __future__ import annotations

import textwrap

from scorecalc.games.caracas.animals import RULES, Rules
from scorecalc.games.caracas.board import Board
from scorecalc.games.caracas.grid import parse_grid


def board(text: str) -> Board:
    return Board(found.tile for found in parse_grid(textwrap.dedent(text)))


def points(animal: str, text: str, **rules: object) -> int:
    return RULES[animal](board(text), Rules(**rules)).points  # type: ignore[arg-type]


def detail(animal: str, text: str, **rules: object) -> str:
    return RULES[animal](board(text), Rules(**rules)).detail  # type: ignore[arg-type]
