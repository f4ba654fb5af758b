"""Caracas board geometry: squares, neighbours, areas, river basins, straight lines.

Nothing here knows what an animal scores; ``animals.py`` and ``landscape.py`` ask
these questions. A square is ``(row, col)``: row 1 touches the SEA (north of row 1),
rows grow southward, columns 1-4 run left to right under the symbols ✻ ▢ ◎ ▲.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import cached_property

Square = tuple[int, int]
"""``(row, col)``."""

COLUMNS = (1, 2, 3, 4)
COLUMN_SYMBOLS = {1: "✻", 2: "▢", 3: "◎", 4: "▲"}
COLUMN_NAMES = {1: "asterisk", 2: "square", 3: "spiral", 4: "triangle"}
SEA_READINGS = ("standard", "reversed")
"""How an explorer's SEA reads its symbols left to right: ✻ ▢ ◎ ▲, or the rulebook's other side
▲ ◎ ▢ ✻ (SPEC section 3: her symbols name the columns right to left; numbers stay left to right)."""
REVERSED_SYMBOLS = {col: COLUMN_SYMBOLS[5 - col] for col in COLUMN_SYMBOLS}
LANDS = ("jungle", "savannah", "swamp")
SIDES = ("N", "E", "S", "W")
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
MIRROR_SIDE = {"N": "N", "S": "S", "E": "W", "W": "E"}
AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
LINE_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Row, column and the two diagonals: each straight line is walked in one direction."""


def symbols(sea: str = "standard") -> Mapping[int, str]:
    """Each column's symbol on an explorer's SEA (``SEA_READINGS``), by column number."""
    return REVERSED_SYMBOLS if sea == "reversed" else COLUMN_SYMBOLS


def column_of(word: str, sea: str = "standard") -> int:
    """The column a symbol's name names on an explorer's SEA: ``asterisk`` is 1, or 4 on a
    reversed SEA."""
    col = next(number for number, name in COLUMN_NAMES.items() if name == word)
    return 5 - col if sea == "reversed" else col


_SEEN: ContextVar[Mapping[int, str]] = ContextVar("caracas_symbols", default=COLUMN_SYMBOLS)
"""The symbols ``label`` names squares by: the explorer's whose board is being told about."""


@contextmanager
def seen_from(sea: str) -> Iterator[None]:
    """Squares named as an explorer reads her own SEA while the block runs (``label``, ``where``):
    every detail of her board names her squares by her symbols."""
    token = _SEEN.set(symbols(sea))
    try:
        yield
    finally:
        _SEEN.reset(token)


def label(square: Square) -> str:
    """``(2, 3)`` -> ``◎2``: the column symbol and the row, as a player finds it (on her SEA:
    ``seen_from``)."""
    row, col = square
    return f"{_SEEN.get()[col]}{row}"


def where(squares: Iterable[Square]) -> str:
    """``▢2, ◎2, ◎3`` in reading order (row by row, left to right)."""
    return ", ".join(label(square) for square in sorted(squares))


def step(square: Square, side: str) -> Square:
    d_row, d_col = STEP[side]
    return (square[0] + d_row, square[1] + d_col)


River = frozenset[str]
"""The sides of one river printed on a tile; a tile may carry separate rivers."""
FORK_READINGS = ("sides", "junctions")


def river_forks(river: River, reading: str = "sides") -> int:
    """'Most forks & mergers in 1 river basin': a river with k >= 3 sides is k - 2
    forks/mergers (reading ``sides``), or 1 (reading ``junctions``)."""
    if len(river) < 3:
        return 0
    return len(river) - 2 if reading == "sides" else 1


def _first_side(river: River) -> int:
    return min(SIDES.index(side) for side in river)


@dataclass(frozen=True)
class Tile:
    """One land tile as placed: its square, land, the 0-2 animals it shows, its rivers.

    ``rivers`` holds each separate river printed on the tile (``[[N, W], [E, S]]``); a
    side belongs to at most one of them. They are kept in a canonical order (by their
    first side in N E S W order), so equal tiles compare equal however they were written.
    """

    row: int
    col: int
    land: str
    animals: tuple[str, ...] = ()
    rivers: tuple[River, ...] = ()
    river: River = field(init=False, repr=False, compare=False)
    """Every side that carries river, whichever river it belongs to."""
    _river_of_side: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.rivers, frozenset | set) or any(isinstance(river, str) for river in self.rivers):
            raise TypeError(f"Tile.rivers is a tuple of rivers, each a set of sides; got {self.rivers!r}")
        ordered = tuple(sorted((frozenset(river) for river in self.rivers if river), key=_first_side))
        object.__setattr__(self, "rivers", ordered)
        object.__setattr__(self, "river", frozenset().union(*ordered))
        object.__setattr__(self, "_river_of_side",
                           {side: index for index, river in enumerate(ordered) for side in river})

    @property
    def square(self) -> Square:
        return (self.row, self.col)

    def shows(self, animal: str) -> bool:
        return animal in self.animals

    def river_index(self, side: str) -> int | None:
        """Which of the tile's rivers carries ``side`` (``None``: no river there)."""
        return self._river_of_side.get(side)

    def forks(self, reading: str = "sides") -> int:
        """Forks/mergers printed on the tile: the sum over its rivers."""
        return sum(river_forks(river, reading) for river in self.rivers)

    def mirrored(self) -> Tile:
        """Column c -> 5 - c; every river's east and west sides swap."""
        return replace(self, col=5 - self.col,
                       rivers=tuple(frozenset(MIRROR_SIDE[side] for side in river) for river in self.rivers))


RiverRef = tuple[Square, int]
"""One river of one tile: its square and its index in ``Tile.rivers``."""


@dataclass(frozen=True, eq=False)
class Basin:
    """'Connected rivers form 1 river basin': a connected set of rivers. Its size is the
    number of distinct tiles it touches. Two basins are never equal unless they are the
    same basin (two one-tile basins on one two-river tile touch the same tiles)."""

    rivers: tuple[RiverRef, ...]
    tiles: frozenset[Square]

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Square]:
        return iter(sorted(self.tiles))

    def __contains__(self, square: object) -> bool:
        return square in self.tiles


Group = frozenset[Square]


class Board:
    """One explorer's tiles below the SEA (at most one tile per square; ``parse`` checks)."""

    def __init__(self, tiles: Iterable[Tile], sea: str = "standard") -> None:
        self.tiles: dict[Square, Tile] = {tile.square: tile for tile in tiles}
        self.sea = sea
        """How the explorer's SEA reads (``SEA_READINGS``): only the names of her squares follow it."""
        self._order = sorted(self.tiles)

    def __contains__(self, square: object) -> bool:
        return square in self.tiles

    def __getitem__(self, square: Square) -> Tile:
        return self.tiles[square]

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles[square] for square in self._order)

    def __len__(self) -> int:
        return len(self.tiles)

    def mirrored(self) -> Board:
        """The board seen in a mirror: column c -> 5 - c, east and west river sides swapped."""
        return Board((tile.mirrored() for tile in self), self.sea)

    @property
    def rows(self) -> int:
        return max((row for row, _ in self.tiles), default=0)

    # --- neighbours -------------------------------------------------------------------

    def adjacent(self, square: Square) -> list[Square]:
        """Tiles sharing a side with ``square`` (never the tile itself)."""
        return [other for side in SIDES if (other := step(square, side)) in self.tiles]

    def around(self, square: Square) -> list[Square]:
        """The up-to-8 tiles around ``square``, diagonals included."""
        row, col = square
        return [other for d_row, d_col in AROUND if (other := (row + d_row, col + d_col)) in self.tiles]

    def showing(self, animal: str) -> list[Square]:
        """Squares whose tile shows ``animal``, in reading order."""
        return self._showing.get(animal, [])

    @cached_property
    def _showing(self) -> dict[str, list[Square]]:
        found: dict[str, list[Square]] = {}
        for tile in self:
            for animal in tile.animals:
                found.setdefault(animal, []).append(tile.square)
        return found

    def components(self, squares: Iterable[Square],
                   linked: Callable[[Square, Square], bool] | None = None) -> list[Group]:
        """Orthogonally connected groups of ``squares`` (optionally only across ``linked`` pairs)."""
        todo = set(squares)
        groups = []
        for start in sorted(todo):
            if start not in todo:
                continue
            todo.discard(start)
            group = {start}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for side in SIDES:
                    there = step(here, side)
                    if there in todo and (linked is None or linked(here, there)):
                        todo.discard(there)
                        group.add(there)
                        queue.append(there)
            groups.append(frozenset(group))
        return groups

    def areas(self, land: str) -> list[Group]:
        """'An area is a cluster of 1 or more equal LAND type tiles, orthogonally connected.'"""
        return self._areas[land]

    @cached_property
    def _areas(self) -> dict[str, list[Group]]:
        return {land: self.components(tile.square for tile in self if tile.land == land) for land in LANDS}

    @cached_property
    def _area_index(self) -> dict[Square, Group]:
        return {square: area for areas in self._areas.values() for area in areas for square in area}

    def groups(self, animal: str) -> list[Group]:
        """Orthogonally connected tiles each showing ``animal``."""
        return self.components(self.showing(animal))

    def area_of(self, square: Square) -> Group:
        return self._area_index[square]

    def unlinked(self) -> list[Square]:
        """Tiles not linked to row 1 through adjacent tiles."""
        linked: set[Square] = set()
        for group in self.components(self.tiles):
            if any(row == 1 for row, _ in group):
                linked |= group
        return sorted(set(self.tiles) - linked)

    # --- rivers -----------------------------------------------------------------------

    def river_connects(self, square: Square, side: str) -> bool:
        """Two adjacent tiles' rivers connect when both facing sides carry river."""
        other = self.tiles.get(step(square, side))
        return (other is not None and side in self.tiles[square].river
                and OPPOSITE[side] in other.river)

    def river_neighbours(self, square: Square) -> list[Square]:
        """Adjacent tiles whose river connects to a river of ``square`` 's tile."""
        return [step(square, side) for side in SIDES if self.river_connects(square, side)]

    def _joined_rivers(self, square: Square, index: int) -> Iterator[RiverRef]:
        """The rivers on adjacent tiles that river ``index`` of ``square`` connects to."""
        for side in self.tiles[square].rivers[index]:
            there = step(square, side)
            other = self.tiles.get(there)
            if other is not None:
                found = other.river_index(OPPOSITE[side])
                if found is not None:
                    yield (there, found)

    @cached_property
    def basins(self) -> list[Basin]:
        """'Connected rivers form 1 river basin.' Each river of a tile is one piece; the
        sea joins nothing; a tile without river is in no basin. In reading order."""
        seen: set[RiverRef] = set()
        found = []
        for tile in self:
            for index in range(len(tile.rivers)):
                if (tile.square, index) not in seen:
                    found.append(self._basin_from((tile.square, index), seen))
        return found

    def _basin_from(self, start: RiverRef, seen: set[RiverRef]) -> Basin:
        seen.add(start)
        rivers = [start]
        queue = deque([start])
        while queue:
            for joined in self._joined_rivers(*queue.popleft()):
                if joined not in seen:
                    seen.add(joined)
                    rivers.append(joined)
                    queue.append(joined)
        return Basin(tuple(rivers), frozenset(square for square, _ in rivers))

    def basins_of(self, square: Square) -> list[Basin]:
        """Every basin a river of ``square`` 's tile belongs to (none without river; two
        for a tile whose two rivers are not connected)."""
        return self._basin_index.get(square, [])

    @cached_property
    def _basin_index(self) -> dict[Square, list[Basin]]:
        index: dict[Square, list[Basin]] = {}
        for basin in self.basins:
            for square in basin.tiles:
                index.setdefault(square, []).append(basin)
        return index

    def sea_mouths(self, basin: Basin) -> list[Square]:
        """The tiles where a river of the basin meets the SEA (a row-1 river with its N
        side), in reading order."""
        return self._sea_mouths.get(basin, [])

    @cached_property
    def _sea_mouths(self) -> dict[Basin, list[Square]]:
        mouths: dict[Basin, list[Square]] = {}
        for basin in self.basins:
            found = [square for square, index in basin.rivers
                     if square[0] == 1 and "N" in self.tiles[square].rivers[index]]
            if found:
                mouths[basin] = sorted(found)
        return mouths

    def forks(self, basin: Basin, reading: str = "sides") -> int:
        """Forks/mergers of a basin: the sum over its rivers (``river_forks``)."""
        return sum(river_forks(self.tiles[square].rivers[index], reading) for square, index in basin.rivers)

    def is_sea_mouth(self, square: Square) -> bool:
        """A row-1 tile with river on its N side."""
        return square[0] == 1 and "N" in self.tiles[square].river

    @cached_property
    def dead_ends(self) -> list[tuple[Square, str]]:
        """River sides facing an adjacent tile whose facing side has no river.

        Sides facing the sea, an empty square or the outer edge are not dead ends.
        """
        return [
            (tile.square, side)
            for tile in self for side in SIDES
            if side in tile.river and step(tile.square, side) in self.tiles
            and not self.river_connects(tile.square, side)
        ]

    # --- lines ------------------------------------------------------------------------

    def straight_runs(self, animal: str, minimum: int) -> list[tuple[Square, ...]]:
        """Maximal runs of >= ``minimum`` consecutive tiles showing ``animal`` in a row,
        column or diagonal."""
        runs = []
        for d_row, d_col in LINE_DIRECTIONS:
            for start in self.showing(animal):
                before = (start[0] - d_row, start[1] - d_col)
                if before in self.tiles and self.tiles[before].shows(animal):
                    continue
                run = [start]
                while True:
                    nxt = (run[-1][0] + d_row, run[-1][1] + d_col)
                    if nxt not in self.tiles or not self.tiles[nxt].shows(animal):
                        break
                    run.append(nxt)
                if len(run) >= minimum:
                    runs.append(tuple(run))
        return runs

    def column_run(self, square: Square) -> tuple[Square, ...]:
        """The unbroken run of tiles in ``square`` 's column that contains it, north to south."""
        return self._column_runs[square]

    @cached_property
    def _column_runs(self) -> dict[Square, tuple[Square, ...]]:
        runs: dict[Square, tuple[Square, ...]] = {}
        for col in COLUMNS:
            rows = sorted(row for row, c in self.tiles if c == col)
            start = 0
            for index in range(1, len(rows) + 1):
                if index == len(rows) or rows[index] != rows[index - 1] + 1:
                    run = tuple((row, col) for row in rows[start:index])
                    runs.update(dict.fromkeys(run, run))
                    start = index
        return runs
