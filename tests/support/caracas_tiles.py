"""Caracas tiles as the browser tests tap them: each code's words as the tile editor's buttons
show them, read from the game's own palette (no second list of them), and a grid's tiles."""

from __future__ import annotations

from scorecalc.games.caracas.interview import PALETTE

LANDS: dict[str, str] = dict(PALETTE.picks[0].options)
"""``{"Ju": "Jungle", ...}``: a token's land code and the button that picks it."""
ANIMALS: dict[str, str] = dict(PALETTE.picks[1].options)
"""``{"Ho": "howler monkey", ...}``: a token's animal code and the button that picks it."""


def tiles_of(grid: str) -> list[tuple[int, int, str]]:
    """``(row, column, token)`` of every tile of a grid text, row by row."""
    return [(r, c, token) for r, line in enumerate(grid.splitlines(), start=1)
            for c, token in enumerate(line.split(), start=1) if token != "."]
