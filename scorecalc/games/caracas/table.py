"""A Caracas table read from its document: each explorer's board placed and checked, or the figures given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...errors import InputError, Path, Position
from ...reading.document import Document
from ...sheet import plural
from .animals import Rules, name
from .board import Board, Tile, column_of, label, seen_from
from .declaration import TILES_IN_BOX, TILES_PER_EXPLORER
from .grid import GridError, parse_grid
from .landscape import Figures, figures_of


@dataclass(frozen=True)
class Explorer:
    """An explorer with a board, or a comparison-only explorer with landscape figures."""

    name: str
    board: Board | None
    figures_given: Figures | None = None

    def figures(self, rules: Rules) -> Figures:
        """The landscape figures: read from the board (forks as ``rules.forks`` reads
        them), or as given for a comparison-only explorer."""
        if self.board is not None:
            return figures_of(self.board, rules.forks)
        assert self.figures_given is not None  # parse gives one or the other
        return self.figures_given


@dataclass(frozen=True)
class Table:
    explorers: tuple[Explorer, ...]
    rules: Rules


@dataclass(frozen=True)
class Placed:
    """A tile and where it was written, for errors about it."""

    tile: Tile
    path: Path
    position: Position | None = None


def parse(document: Document) -> Table:
    rules = Rules(**document.data.get("rules", {}))
    explorers = []
    for p, raw in enumerate(document.data["players"]):
        forms = [key for key in ("tiles", "grid", "landscape") if key in raw]
        if len(forms) != 1:
            shown = " and ".join(repr(form) for form in forms) if forms else "none of them"
            raise InputError(("players", p),
                             f"give exactly one of 'tiles', 'grid' or 'landscape'; found {shown}")
        if forms == ["landscape"]:
            explorers.append(Explorer(raw["name"], None, Figures(**raw["landscape"])))
            continue
        sea = raw.get("sea", "standard")
        placed = (tiles_from_list(p, raw["tiles"], sea) if forms == ["tiles"]
                  else tiles_from_grid(document, p, raw["grid"]))
        explorers.append(Explorer(raw["name"], check_board(placed, sea)))
    check_tile_counts(document, explorers)
    return Table(tuple(explorers), rules)


def tiles_from_list(p: int, raw_tiles: list[dict[str, Any]], sea: str = "standard") -> list[Placed]:
    """The tiles of the explicit form; a column named by its symbol as the explorer's SEA reads it."""
    placed = []
    for i, raw in enumerate(raw_tiles):
        path: Path = ("players", p, "tiles", i)
        col = raw["col"] if isinstance(raw["col"], int) else column_of(raw["col"], sea)
        animals = raw["animals"]
        for j, animal in enumerate(animals):
            if animal in animals[:j]:
                raise InputError((*path, "animals", j), f"the {name(animal)} is listed twice; a tile shows "
                                 "0-2 different animals")
        placed.append(Placed(Tile(raw["row"], col, raw["land"], tuple(animals), rivers_of(path, raw)), path))
    return placed


def rivers_of(path: Path, raw: dict[str, Any]) -> tuple[frozenset[str], ...]:
    """``river: [N, E, S]`` is one river; ``rivers: [[N, W], [E, S]]`` separate rivers, a
    side in at most one of them."""
    if "river" in raw and "rivers" in raw:
        raise InputError((*path, "rivers"), "give 'river' (the sides of one river) or 'rivers' (a list of "
                         "separate rivers), not both")
    if "rivers" not in raw:
        sides = sides_of((*path, "river"), raw.get("river", []), {})
        return (frozenset(sides),) if sides else ()
    owner: dict[str, int] = {}
    rivers = []
    for k, river in enumerate(raw["rivers"]):
        if not river:
            raise InputError((*path, "rivers", k), "an empty river; list the sides it carries (N, E, S, W)")
        rivers.append(frozenset(sides_of((*path, "rivers", k), river, owner, k)))
    return tuple(rivers)


def sides_of(path: Path, raw: list[str], owner: dict[str, int], river: int = 0) -> list[str]:
    """The sides of one river, upper case; a side twice, or in two rivers, is an error."""
    sides = [side.upper() for side in raw]
    for j, side in enumerate(sides):
        if side in sides[:j]:
            raise InputError((*path, j), f"river side {side} is listed twice")
        if side in owner:
            raise InputError((*path, j), f"side {side} is already in river {owner[side] + 1}; "
                             "a side belongs to at most one river")
        owner[side] = river
    return sides


def tiles_from_grid(document: Document, p: int, text: str) -> list[Placed]:
    path: Path = ("players", p, "grid")
    try:
        grid_tiles = parse_grid(text)
    except GridError as error:
        raise InputError(path, error.message, hint=error.hint,
                         position=token_position(document, path, text, error.line, error.offset)) from None
    where = token_positions(document, path, text)
    return [Placed(found.tile, path, where(found.line, found.offset)) for found in grid_tiles]


def token_position(document: Document, path: Path, text: str, line: int, offset: int) -> Position:
    """Where a character of the grid stands in the file (``token_positions``, for one)."""
    return token_positions(document, path, text)(line, offset)


def token_positions(document: Document, path: Path, text: str) -> Callable[[int, int], Position]:
    """Where each character of the grid stands in the file, by its line of the grid and its
    offset in that line; the file's lines are split once for all the grid's tiles.

    The document knows where the scalar starts. In a literal block (``grid: |``) line
    ``k`` of the text is on the ``k``-th line after the ``|``, behind the block's
    indentation; a one-line scalar starts at its own position (after a quote).
    """
    start = document.position(path)
    source_lines = document.source.text.splitlines()
    header = source_lines[start.line - 1][start.column - 1:] if start.line <= len(source_lines) else ""
    text_lines = text.split("\n")

    def position(line: int, offset: int) -> Position:
        if header.startswith("|"):
            number = start.line + 1 + line
            if number <= len(source_lines) and line < len(text_lines):
                written = source_lines[number - 1]
                wanted = text_lines[line]
                indent = len(written) - len(wanted) if wanted and written.endswith(wanted) else \
                    len(written) - len(written.lstrip(" "))
                return Position(number, indent + offset + 1)
        elif len(text_lines) == 1 and line == 0:
            quote = 1 if header[:1] in ("'", '"') else 0
            return Position(start.line, start.column + quote + offset)
        return start

    return position


def check_board(placed: list[Placed], sea: str = "standard") -> Board:
    """Two tiles on one square and tiles not linked to row 1 are errors (named by the explorer's
    symbols)."""
    with seen_from(sea):
        return checked_board(placed, sea)


def checked_board(placed: list[Placed], sea: str) -> Board:
    seen: dict[tuple[int, int], Placed] = {}
    for item in placed:
        square = item.tile.square
        if square in seen:
            first = seen[square]
            where_first = (f" (tile {first.path[-1] + 1} of the list)"
                           if first.path != item.path and isinstance(first.path[-1], int) else "")
            raise InputError(item.path, f"two tiles on {label(square)} (row {square[0]}, column "
                             f"{square[1]}): a tile is there already{where_first}", position=item.position)
        seen[square] = item
    board = Board((item.tile for item in placed), sea)
    unlinked = board.unlinked()
    if unlinked:
        item = seen[unlinked[0]]
        others = f" (also {', '.join(label(sq) for sq in unlinked[1:])})" if len(unlinked) > 1 else ""
        raise InputError(item.path, f"the tile on {label(unlinked[0])} is not linked to row 1 through "
                         f"adjacent tiles{others}; every tile touches the SEA or another tile when placed",
                         position=item.position)
    return board


def check_tile_counts(document: Document, explorers: list[Explorer]) -> None:
    """Warnings: a tile count that does not fit the number of explorers; more than the box."""
    expected = TILES_PER_EXPLORER.get(len(explorers))
    total = 0
    for p, explorer in enumerate(explorers):
        if explorer.board is None:
            continue
        count = len(explorer.board)
        total += count
        if expected is not None and count != expected:
            raw = document.data["players"][p]
            key = "tiles" if "tiles" in raw else "grid"
            game = "a solo game" if len(explorers) == 1 else f"a game of {len(explorers)} explorers"
            document.warn(("players", p, key), f"{explorer.name} has {plural(count, 'tile')}; in {game} "
                          f"each explorer places {expected}")
    if total > TILES_IN_BOX:
        document.warn(("players",), f"{total} tiles on the table; the box holds {TILES_IN_BOX}")
