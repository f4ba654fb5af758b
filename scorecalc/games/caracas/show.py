"""``--show-board``: draw each explorer's grid as typed, the SEA on top.

Each tile is a box with its land and animals, names in full (the box is as wide as the
longest name: 79 columns in all); narrower than that (tally at 60 columns), the boxes are
shorter and a name that does not fit is written as its grid code (``Sq`` for the squirrel
monkey), the way the player typed it, and a key under the board names each code used
(``Key: Sq squirrel monkey``). A river side is marked on the side of the box: ``≈`` for a tile's only
river; on a tile with separate rivers each river has its own mark (``≈`` the first,
``≋`` the second...), and a line under the board names them. Facing sides of two tiles
are drawn apart, so a river that meets no river on the next tile (a dead end) shows as a
mark facing a plain border.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...sheet import plural
from ...wrapping import wrap_message
from .animals import ANIMALS, Rules, name
from .board import COLUMNS, LANDS, SIDES, Board, Tile, label, seen_from, symbols
from .grid import CODE_OF_ANIMAL, render_grid
from .landscape import figures_of

if TYPE_CHECKING:
    from .table import Table

RIVER_MARKS = ("≈", "≋", "∿", "≀")
"""One mark per river of a tile (a tile has at most 4 rivers: one per side)."""
INNER = 1 + max(len(text) for text in [*map(name, ANIMALS), *(land.title() for land in LANDS)])
"""Wide enough for every name after one space: no name is ever cut."""
ROW_LABEL = 4
NARROW_INNER = 11
"""The narrow board: 4 + 4 * 13 + 3 = 59 columns, within 60."""


def inner_for(width: int | None) -> int:
    """The text room of a box for a terminal ``width`` columns wide (``None``: no limit)."""
    full = ROW_LABEL + 4 * (INNER + 2) + 3
    return INNER if width is None or width >= full else NARROW_INNER


def fitted(text: str, inner: int, code: str) -> str:
    """A name, or its grid code when the box is too narrow for it."""
    return text if len(text) < inner else code


def river_mark(tile: Tile, side: str, border: str) -> str:
    """The mark of the river carrying ``side``, or the plain ``border``."""
    index = tile.river_index(side)
    return border if index is None else RIVER_MARKS[index]


def _box(tile: Tile | None, inner: int = INNER) -> list[str]:
    """Five lines of ``inner + 2`` characters for one square."""
    INNER = inner  # the box's room (the module's constant by default)
    width = INNER + 2
    if tile is None:
        blank = " " * width
        middle = " " * (width // 2) + "·" + " " * (width - width // 2 - 1)
        return [blank, blank, middle, blank, blank]
    half = INNER // 2

    def edge(left: str, right: str, side: str) -> str:
        return left + "─" * half + river_mark(tile, side, "─") + "─" * (INNER - half - 1) + right

    texts = [tile.land.title(), *(fitted(name(animal), INNER, CODE_OF_ANIMAL[animal].title())
                                  for animal in tile.animals)]
    texts += [""] * (3 - len(texts))
    lines = [edge("┌", "┐", "N")]
    for index, text in enumerate(texts):
        west = river_mark(tile, "W", "│") if index == 1 else "│"
        east = river_mark(tile, "E", "│") if index == 1 else "│"
        lines.append(west + (" " + text).ljust(INNER) + east)
    lines.append(edge("└", "┘", "S"))
    return lines


def draw_board(board: Board, columns: int | None = None) -> list[str]:
    """The board as lines of at most 79 characters, or 59 when ``columns`` is narrower (then a
    key to the codes that stand for names too long for a box, within the same 59)."""
    inner = inner_for(columns)
    width = inner + 2
    header = " " * ROW_LABEL + " ".join(symbols(board.sea)[col].center(width) for col in COLUMNS)
    span = len(COLUMNS) * width + len(COLUMNS) - 1
    sea = " " * ROW_LABEL + " SEA ".center(span, "≈")
    lines = [header.rstrip(), sea]
    for row in range(1, board.rows + 1):
        boxes = [_box(board.tiles.get((row, col)), inner) for col in COLUMNS]
        for index in range(5):
            prefix = f"{row:>{ROW_LABEL - 1}} " if index == 2 else " " * ROW_LABEL
            lines.append((prefix + " ".join(box[index] for box in boxes)).rstrip())
    shortened = sorted({animal for tile in board for animal in tile.animals
                        if fitted(name(animal), inner, "") == ""}, key=lambda animal: CODE_OF_ANIMAL[animal])
    if shortened:
        key = "Key: " + ", ".join(f"{CODE_OF_ANIMAL[animal].title()} {name(animal)}" for animal in shortened)
        room = len(header.rstrip()) if columns is None else min(columns - 1, span + ROW_LABEL)
        lines += wrap_message(key, room)
    return lines


def separate_rivers(board: Board) -> list[str]:
    """A line per tile with separate rivers: each river's mark and sides, and its basins."""
    lines = []
    for tile in board:
        if len(tile.rivers) < 2:
            continue
        rivers = ", ".join(f"{RIVER_MARKS[index]} {' '.join(side for side in SIDES if side in river)}"
                           for index, river in enumerate(tile.rivers))
        sizes = " and ".join(str(len(basin)) for basin in board.basins_of(tile.square))
        basins = "one basin" if len(board.basins_of(tile.square)) == 1 else "basins"
        lines.append(f"{label(tile.square)}: {len(tile.rivers)} separate rivers ({rivers}); in {basins} "
                     f"of {sizes} tiles")
    return lines


def summary(board: Board, rules: Rules) -> str:
    """The board's figures in one line, its parts apart by ``;`` (``show_board`` wraps it)."""
    figures = figures_of(board, rules.forks)
    basins = sorted((len(basin) for basin in board.basins), reverse=True)
    dead = ", ".join(f"{label(square)} {side}" for square, side in board.dead_ends) or "none"
    basins_text = f"river basins of {', '.join(map(str, basins))} tiles" if basins else "no river basin"
    return (f"{len(board)} tiles; {basins_text}; "
            f"biggest jungle {figures.biggest_jungle}; {plural(figures.savannah_areas, 'savannah area')}; "
            f"{plural(figures.swamp_areas, 'swamp area')}; most forks/mergers in one basin {figures.forks}; "
            f"dead ends: {dead}")


def show_board(table: Table, width: int | None = None) -> str:
    """Every explorer's grid (or comparison figures), then the grid form to copy; the board drawn
    for ``width`` columns (``draw_board``) and every other line wrapped at word boundaries to
    it (``None``: no limit, each a line)."""
    out: list[str] = []

    def said(text: str) -> None:
        out.extend([text] if width is None else wrap_message(text, width - 1))

    for explorer in table.explorers:
        if explorer.board is None:
            figures = explorer.figures(table.rules)
            said(f"{explorer.name}: comparison only — biggest jungle {figures.biggest_jungle}, "
                 f"{figures.savannah_areas} savannah areas, {figures.swamp_areas} swamp areas, "
                 f"{figures.forks} forks/mergers in one basin")
            out.append("")
            continue
        said(explorer.name)
        out.extend(draw_board(explorer.board, width))
        with seen_from(explorer.board.sea):
            for line in separate_rivers(explorer.board):
                said(line)
            said(summary(explorer.board, table.rules))
        said("grid form:")
        for line in render_grid(list(explorer.board)).splitlines():
            said("  " + line)
        out.append("")
    return "\n".join(out)
