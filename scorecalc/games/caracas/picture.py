"""Each explorer's board as a picture (``--format html``), as the table lies: the SEA on top.

The columns run under their symbols ✻ ▢ ◎ ▲, the rows southward. A tile is coloured by its
land (Okabe and Ito's colours, told apart with every common colour blindness) and carries
the land's name as well; its animals are named in words; each river is drawn from the
tile's middle to the sides it leaves by (a tile's second river dashed, its third dotted, and
each river from its own middle, so two rivers of one tile never seem to meet); a bar across
a river's end marks a dead end. A tile whose animals earned points, or that lost one to a
dead end, carries a badge with its points. Under the board each tile's items are listed,
and a pointer on a tile shows them too (its SVG title).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...pictures import Drawing, Group, Note, Picture, Shape, shape
from ...sheet import Item, PlayerScore, ScoreSheet, plural
from .animals import VP, Rules, name, score_animals
from .board import COLUMNS, SIDES, Board, Square, Tile, label, seen_from, symbols
from .table import Explorer, Table

TILE = 112
GAP = 4
LEFT = 26
"""Room for the row numbers."""
SYMBOLS = 26
SEA = 28
TOP = SYMBOLS + SEA + GAP
INSET = 7
"""The least room between a tile's edge and a name on it."""
ANIMAL_SIZE = 14
"""An animal's name, in px (``.animal`` in board.css.j2)."""
ROOM = TILE - 2 * INSET
"""The widest a name on a tile is drawn."""
LAND_TOP = 17
"""The land's name's baseline at the top of a tile."""
LAND_WIDTH = 0.7 * 14
"""A letter of the land's name at most, in px (bold 14 px: "Savannah" is 75.4 px in DejaVu Sans)."""
RIVER_STYLES = ("river river-1", "river river-2", "river river-3", "river river-4")
RIVER_WORDS = ("solid", "dashed", "dotted", "dash-dotted")
EDGE = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
"""Where each side's middle is, as fractions of the tile."""
LEGEND = ("Each tile: its land (Jungle, Savannah, Swamp) written at the top (at the bottom when a river "
          "leaves by the top) and its animals in the middle; "
          "blue lines are its rivers (a second river on one tile dashed), passing under the names; "
          "a bar across a river's end is a dead end (−1); "
          "a circle in a right-hand corner gives the points the tile earned (or lost).")


def board_pictures(table: Table, sheet: ScoreSheet) -> tuple[Picture, ...]:
    """One picture per explorer, in the table's order: her board, or her four figures."""
    return tuple(explorer_picture(explorer, sheet.player(explorer.name), table.rules)
                 for explorer in table.explorers)


def explorer_picture(explorer: Explorer, player: PlayerScore, rules: Rules) -> Picture:
    board = explorer.board
    if board is None:
        figures = explorer.figures(rules)
        return Picture(explorer.name, f"{explorer.name}: comparison only (no board recorded)", facts=(
            f"Biggest jungle: {plural(figures.biggest_jungle, 'tile')}",
            f"Savannah areas: {figures.savannah_areas}",
            f"Swamp areas: {figures.swamp_areas}",
            f"Most forks/mergers in one river basin: {figures.forks}",
        ))
    with seen_from(board.sea):  # her squares by her SEA's symbols, as her score details name them
        points = tile_points(board, rules)
        notes = tuple(tile_note(board[square], points.get(square, 0), items_about(player.items, square))
                      for square in sorted(board.tiles))
        drawing = board_drawing(explorer.name, board, points, notes)
    return Picture(explorer.name, f"{explorer.name}'s board", drawing, notes, facts=(LEGEND,))


def tile_points(board: Board, rules: Rules) -> dict[Square, int]:
    """What each tile earned: its animals' points (``Award.scoring``), less 1 per dead end."""
    points: dict[Square, int] = {}
    for award in score_animals(board, rules):
        for square in award.scoring:
            points[square] = points.get(square, 0) + VP[award.animal]
    for square, _ in board.dead_ends:
        points[square] = points.get(square, 0) - 1
    return points


def items_about(items: Sequence[Item], square: Square) -> list[Item]:
    return [item for item in items if label(square) in item.tiles]


def tile_note(tile: Tile, points: int, items: Sequence[Item]) -> Note:
    """``✻1 — Swamp: ibis, sotalia; 2 points here`` and one line per item about the tile."""
    shown = tile_words(tile)
    if points:
        shown += f"; {signed(points)} here"
    lines = tuple(f"{item.item} ({item.category}, {plural(item.points, 'point')} in all): {item.detail}"
                  for item in items)
    return Note(label(tile.square), f"{label(tile.square)} — {shown}", lines)


def tile_words(tile: Tile) -> str:
    """``Swamp: ibis, sotalia; river N S`` (each of two rivers with its style)."""
    text = tile.land.title()
    if tile.animals:
        text += ": " + ", ".join(name(animal) for animal in tile.animals)
    if len(tile.rivers) == 1:
        text += "; river " + " ".join(side for side in SIDES if side in tile.rivers[0])
    elif tile.rivers:
        text += "; rivers " + ", ".join(
            f"{' '.join(side for side in SIDES if side in river)} ({RIVER_WORDS[index]})"
            for index, river in enumerate(tile.rivers))
    return text


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"−{-points}"


def board_drawing(player: str, board: Board, points: dict[Square, int], notes: Sequence[Note], *,
                  free: Sequence[Square] = (), key: Callable[[Square], str] = label,
                  dead_ends: bool = True) -> Drawing:
    """The board under the SEA, each tile a group keyed ``key(square)`` (its label, ``✻1``) and
    titled by its note; ``free``: empty squares drawn as dashed places to tap (a board being
    entered on a phone, ``in_progress``); ``dead_ends``: the bars across rivers' dead ends."""
    rows = max(board.rows, *(square[0] for square in free), 1)
    width = LEFT + len(COLUMNS) * (TILE + GAP)
    height = TOP + rows * (TILE + GAP)
    groups = [frame(rows, width, board.sea)]
    dead: dict[Square, list[str]] = {}
    for square, side in board.dead_ends if dead_ends else ():
        dead.setdefault(square, []).append(side)
    by_square = {note.key: note for note in notes}
    for tile in board:
        note = by_square[key(tile.square)]
        groups.append(Group(tile_shapes(tile, points.get(tile.square, 0), dead.get(tile.square, [])),
                            title="\n".join((note.heading, *note.lines)), css="tile", key=note.key))
    for square in free:
        groups.append(Group(free_shapes(square), title=f"{label(square)}: free", css="free", key=key(square)))
    return Drawing(width, height, f"{player}'s board: {plural(len(board), 'tile')}, the SEA at the top",
                   tuple(groups))


def in_progress(player: str, board: Board, free: Sequence[Square], key: Callable[[Square], str]) -> Drawing:
    """A board being entered (a phone's taps): drawn as the html format draws it, without points
    or dead ends (a river may yet go on), each tile and each ``free`` square keyed by ``key``."""
    notes = tuple(Note(key(tile.square), f"{label(tile.square)} — {tile_words(tile)}") for tile in board)
    return board_drawing(player, board, {}, notes, free=free, key=key, dead_ends=False)


def free_shapes(square: Square) -> tuple[Shape, ...]:
    """An empty square a tile may go on: a dashed outline and a plus."""
    x, y = x_of(square[1]), y_of(square[0])
    return (shape("rect", x=x + 3, y=y + 3, width=TILE - 6, height=TILE - 6, rx=6, class_="free-square"),
            shape("text", "+", x=x + TILE / 2, y=y + TILE / 2 + 14, class_="free-mark"))


def frame(rows: int, width: int, sea: str = "standard") -> Group:
    """The column symbols (as the explorer's SEA reads them), the SEA along the top and the row
    numbers."""
    shapes = [shape("text", symbols(sea)[col], x=x_of(col) + TILE / 2, y=SYMBOLS - 6, class_="symbol")
              for col in COLUMNS]
    shapes.append(shape("rect", x=LEFT, y=SYMBOLS, width=width - LEFT - GAP, height=SEA, class_="sea"))
    shapes.append(shape("text", "SEA", x=LEFT + (width - LEFT) / 2, y=SYMBOLS + SEA / 2 + 6,
                        class_="sea-name"))
    shapes.extend(shape("text", str(row), x=LEFT / 2, y=y_of(row) + TILE / 2 + 6, class_="row-number")
                  for row in range(1, rows + 1))
    return Group(tuple(shapes), css="frame")


def x_of(col: int) -> float:
    return LEFT + (col - 1) * (TILE + GAP)


def y_of(row: int) -> float:
    return TOP + (row - 1) * (TILE + GAP)


def tile_shapes(tile: Tile, points: int, dead_sides: Sequence[str]) -> tuple[Shape, ...]:
    x, y = x_of(tile.col), y_of(tile.row)
    shapes = [shape("rect", x=x, y=y, width=TILE, height=TILE, rx=6, class_=f"land land-{tile.land}")]
    for index, river in enumerate(tile.rivers):
        hub = river_hub(tile, index)
        for side in SIDES:
            if side in river:
                edge_x, edge_y = EDGE[side]
                shapes.append(shape("line", x1=x + hub[0] * TILE, y1=y + hub[1] * TILE, x2=x + edge_x * TILE,
                                    y2=y + edge_y * TILE, class_=RIVER_STYLES[index]))
    for side in dead_sides:
        shapes.append(dead_end_bar(x, y, side))
    land_line = land_name_line(tile)
    if tile.rivers and land_line == LAND_TOP:  # a river may leave by the top under it
        shapes.append(plate(tile, x + INSET - 3, y + land_line - 13, LAND_WIDTH * len(tile.land) + 6, 18))
    shapes.append(shape("text", tile.land.title(), x=x + INSET, y=y + land_line,
                        class_=f"land-name land-name-{tile.land}"))
    if tile.rivers and tile.animals:  # the rivers meet in the middle, where the animals are named
        widest = max(min(ROOM, len(name(animal)) * ANIMAL_SIZE * 0.62) for animal in tile.animals)
        shapes.append(plate(tile, x + (TILE - widest) / 2 - 3, y + TILE / 2 - 11,
                            widest + 6, 17 * len(tile.animals) + 2))
    for line, animal in enumerate(tile.animals):
        words = name(animal)
        fitted: dict[str, str | float] = {"textLength": ROOM, "lengthAdjust": "spacingAndGlyphs"} \
            if wide(words) else {}
        shapes.append(shape("text", words, x=x + TILE / 2, y=y + TILE / 2 + 2 + 17 * line, class_="animal",
                            **fitted))
    if points:  # bottom right, or top right when the land's name is at the bottom (the animals: middle)
        middle = TILE - 17 if land_line == LAND_TOP else 17
        shapes.append(shape("circle", cx=x + TILE - 17, cy=y + middle, r=14,
                            class_="badge" if points > 0 else "badge badge-lost"))
        shapes.append(shape("text", signed(points), x=x + TILE - 17, y=y + middle + 5, class_="badge-text"
                            if points > 0 else "badge-text badge-text-lost"))
    return tuple(shapes)


def land_name_line(tile: Tile) -> float:
    """Where the land's name stands (its baseline, below the tile's top): at the top, or at the
    bottom when a river leaves by the north and none by the south, so no river line runs under
    it. A tile with rivers at both draws it at the top, on a plate (``plate``)."""
    north = any("N" in river for river in tile.rivers)
    south = any("S" in river for river in tile.rivers)
    return TILE - 9 if north and not south else LAND_TOP


def plate(tile: Tile, x: float, y: float, width: float, height: float) -> Shape:
    """A patch of the land's own colour under a name, drawn over the rivers: a river that runs
    where a name is written goes under the name, and no line crosses its letters."""
    return shape("rect", x=x, y=y, width=width, height=height, rx=4, class_=f"plate land-{tile.land}")


def wide(words: str) -> bool:
    """Whether an animal's name may come nearer the tile's edges than ``INSET`` in some font: at
    14 px DejaVu Sans draws "howler monkey" 105.5 px wide in a tile of 112. Such a name is fitted
    to ``ROOM`` (the estimate, 0.62 em a character, is above every sans-serif's average)."""
    return len(words) * ANIMAL_SIZE * 0.62 > ROOM


def river_hub(tile: Tile, index: int) -> tuple[float, float]:
    """Where river ``index`` of ``tile`` starts: the middle, or, on a tile with several
    rivers, a point pulled toward that river's sides (two rivers never share a middle)."""
    if len(tile.rivers) < 2:
        return 0.5, 0.5
    sides = [EDGE[side] for side in SIDES if side in tile.rivers[index]]
    mean_x = sum(edge[0] for edge in sides) / len(sides)
    mean_y = sum(edge[1] for edge in sides) / len(sides)
    return 0.5 + 0.55 * (mean_x - 0.5), 0.5 + 0.55 * (mean_y - 0.5)


def dead_end_bar(x: float, y: float, side: str) -> Shape:
    """A thick bar across the river where it reaches ``side``, just inside the tile."""
    edge_x, edge_y = EDGE[side]
    inset = 7 / TILE
    middle_x = x + (edge_x + (inset if side == "W" else -inset if side == "E" else 0)) * TILE
    middle_y = y + (edge_y + (inset if side == "N" else -inset if side == "S" else 0)) * TILE
    half = 15
    if side in ("N", "S"):
        return shape("line", x1=middle_x - half, y1=middle_y, x2=middle_x + half, y2=middle_y,
                     class_="dead-end")
    return shape("line", x1=middle_x, y1=middle_y - half, x2=middle_x, y2=middle_y + half, class_="dead-end")
