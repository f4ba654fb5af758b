"""What 'scorecalc tally' asks of a Caracas table: the readings, the explorers, each board row by row.

The readings (``rules``) come first, their defaults offered; then the explorers' names;
then each explorer's board in the compact grid form (``grid.py``), one row per answer
from the row touching the SEA, the board drawn after each row and an empty line to end
it, or, at row 1, the four landscape figures of a comparison-only explorer. The board is
Caracas' own entry form (``BoardRows``): tally asks it, the form reads each row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...spec.answer import BadAnswer
from ...spec.interview import NEVER, Ask, Cell, Entry, Interview, Palette, Pick, Step
from .animals import CAIMAN_TIES
from .animals import name as animal_name
from .board import COLUMN_NAMES, COLUMNS, OPPOSITE, SIDES, Square, Tile, column_of, label, seen_from, step
from .declaration import GRID_HEADER, LANDSCAPE, PLAYER, TILES_PER_EXPLORER
from .grid import ANIMAL_CODES, LAND_CODES, RIVER_MARK, GridError, GridTile, parse_grid, token_of

if TYPE_CHECKING:
    from ...errors import Path
    from ...pictures import Drawing

ROW_DOC = "four tokens, ✻ ▢ ◎ ▲ left to right, e.g. 'JuJa~ES SwPi~NW . SaAt'"
FIRST_ROW_DOC = (f"{ROW_DOC}; or the four figures of a comparison-only explorer: biggest jungle, "
                 "savannah areas, swamp areas, forks in one basin, e.g. '6 4 2 3'")
REVERSED_ROW_DOC = ROW_DOC.replace("✻ ▢ ◎ ▲", "▲ ◎ ▢ ✻")
SEA_DOC = "a SEA that reads ▲ ◎ ▢ ✻ left to right: 'reversed' first"
SEA_WORDS = {"reversed": "reversed", "▲◎▢✻": "reversed", "standard": "standard", "✻▢◎▲": "standard"}
"""What row 1 takes instead of a row: how the explorer's SEA reads (once per explorer; a row typed
at once keeps the first order, so piped answers keep their meaning)."""


def row_doc(record: Mapping[str, Any], first: bool) -> str:
    """A row's help, its symbols in the order the explorer's SEA shows them."""
    reversed_sea = record.get("sea") == "reversed"
    if not first:
        return REVERSED_ROW_DOC if reversed_sea else ROW_DOC
    if reversed_sea:
        return FIRST_ROW_DOC.replace(ROW_DOC, REVERSED_ROW_DOC) + "; 'standard': a SEA ✻ ▢ ◎ ▲"
    return f"{FIRST_ROW_DOC}; {SEA_DOC}"


TILE_KEY = re.compile(r"grid\.r([1-9][0-9]?)c([1-9])")
"""A square as a cell's key: ``grid.r3c2`` (row 3, column 2)."""
FIGURES = "landscape"
PALETTE = Palette(
    (Pick("land", "Land", tuple((code.title(), land.title()) for code, land in LAND_CODES.items()), least=1),
     Pick("animals", "Animals (at most 2)",
          tuple((code.title(), animal_name(animal)) for code, animal in ANIMAL_CODES.items()), most=2)),
    sides=(("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")), mark=RIVER_MARK, lines=2,
    line="river", piece="tile",
    how="tap a free square (+) to place a tile there, a tile to change or clear it; the SEA is on top")
"""A tile from taps: its land, up to two animals, its rivers' sides (as a token: ``SwIbPi~NES``)."""


def grid_rows(text: str) -> list[str]:
    """The rows of a grid text: lines holding tokens (comments and blank lines skipped)."""
    return [line for line in text.split("\n") if line.split("#", 1)[0].strip()]


def rows_of(explorer: Mapping[str, Any]) -> list[str]:
    grid = explorer.get("grid")
    return grid_rows(grid) if isinstance(grid, str) else []


class BoardRows:
    """An explorer's board, row by row in the grid form; or the four figures at row 1.

    The board's operations (``set_tile``, ``clear_tile``, ``close``; a finished board is
    reopened by tally through ``reopens``) change the record the form is handed; a row typed
    at the terminal is the next row's four squares set at once. The drawing is the screen's
    (``picture``, at its width)."""

    name = "board"
    fields = ("grid", "landscape", "tiles")
    """The board in any of its three forms; an unfinished grid is kept open as ``players[i].grid``."""

    def step(self, record: Mapping[str, Any], held_open: bool) -> Step | None:
        if "tiles" in record:
            return None  # the explicit form, written by hand: tally leaves it as it is
        if isinstance(record.get("landscape"), dict):
            figures = " ".join(str(value) for value in record["landscape"].values())
            return Step("board", doc=FIRST_ROW_DOC, done=True, default=figures or "keep",
                        value=record["landscape"])
        text = record.get("grid")
        rows = rows_of(record)
        fault = self.fault(rows)
        if fault is not None and held_open:  # a file's row that does not read: asked again there
            row, message = fault
            kept = "; ".join(f"row {n} {' '.join(rows[n - 1].split())}"
                             for n in range(row + 1, len(rows) + 1))
            return Step(f"row {row}", doc=f"{row_doc(record, False)}; the rows after it are kept"
                        + (f" ({kept})" if kept else ""), value=text, fault=message)
        if isinstance(text, str) and not held_open:
            return Step("board", doc=PLAYER.fields["grid"].doc, done=True, default="keep", value=text)
        return Step(f"row {len(rows) + 1}", doc=row_doc(record, not rows), optional=bool(rows),
                    default="end of board" if rows else "", value=text,
                    back=f"row {len(rows)}" if rows else "")

    def reopens(self, record: Mapping[str, Any]) -> bool:
        return bool(rows_of(record))

    @staticmethod
    def fault(rows: list[str]) -> tuple[int, str] | None:
        """The first row that does not read (a file's: typed rows are read before they are kept)
        and what is wrong with it, the row named by its number, not by the file's token."""
        for index in range(len(rows)):
            try:
                parse_grid("".join(row + "\n" for row in rows[:index + 1]))
            except GridError as error:
                message = re.sub(r"^token '[^']*': ", "", error.message)
                return index + 1, message + (f" ({error.hint})" if error.hint else "")
        return None

    def retyped(self, entry: Entry, rows: list[str], row: int, text: str) -> None:
        """Row ``row``, which did not read, typed again; the rows after it kept as they are."""
        if text in ("", "-"):
            raise BadAnswer(f"row {row} does not read: type it again (four squares, '.' for none)")
        found = self.read(rows[:row - 1], text)
        table = [line.split() for line in rows]
        table[row - 1] = cells_of(found, row)
        entry.record["grid"] = GRID_HEADER + aligned(table)
        entry.hold(True)
        if self.fault(rows_of(entry.record)) is None:
            entry.draw()

    def answer(self, entry: Entry, step: Step, text: str) -> None:
        if step.done and text in ("", "-"):
            return
        explorer = entry.record
        if step.done and "landscape" in explorer:  # the four figures typed again, or row 1 instead
            explorer.pop("landscape")
        rows = rows_of(explorer)
        fault = self.fault(rows)
        if fault is not None:
            self.retyped(entry, rows, fault[0], text)
            return
        if text in ("", "-"):
            if not rows:
                raise BadAnswer("type row 1 of the board (or the four landscape figures)")
            self.close(entry)
            return
        tokens = text.split()
        sea = SEA_WORDS.get("".join(tokens).lower()) if not rows else None
        if sea is not None:
            self.sea(entry, sea)
            return
        if not rows and tokens and all(token.isdigit() for token in tokens):
            figures = entry.checked(LANDSCAPE, text, (*entry.path, "landscape"))
            explorer.pop("grid", None)
            explorer["landscape"] = figures
            entry.hold(False)
            return
        found = self.read(rows, text)  # a row typed at a finished board opens it again there
        table = [row.split() for row in rows] + [cells_of(found, len(rows) + 1)]
        explorer["grid"] = GRID_HEADER + aligned(table)
        entry.hold(True)  # a board never ends by itself: a table may differ from the rulebook's count
        entry.draw()
        self.count(entry, found)

    @staticmethod
    def sea(entry: Entry, sea: str) -> None:
        """How the explorer's SEA reads: written only when it is the rulebook's other side."""
        if sea == "reversed":
            entry.record["sea"] = sea
        else:
            entry.record.pop("sea", None)
        order = "▲ ◎ ▢ ✻" if sea == "reversed" else "✻ ▢ ◎ ▲"
        entry.say(f"{entry.record.get('name', 'This explorer')}'s SEA reads {order} left to right: "
                  "her squares are named by her symbols")

    def set_tile(self, entry: Entry, row: int, col: int, token: str) -> None:
        """The square at ``row``, ``col`` (1-based) holds the tile ``token`` (``.``: none); the
        board stays open. ``BadAnswer`` when the token, or the board with it, does not read."""
        cells = [line.split() for line in rows_of(entry.record)]
        if not 1 <= col <= 4 or not 1 <= row <= len(cells) + 1:
            raise BadAnswer(f"row {row}, column {col} is off the board (rows 1 to {len(cells) + 1}, "
                            "columns 1 to 4)")
        if row == len(cells) + 1:
            cells.append(["."] * 4)
        cells[row - 1][col - 1] = token
        while cells and all(cell == "." for cell in cells[-1]):
            cells.pop()
        try:
            found = parse_grid("".join(" ".join(line) + "\n" for line in cells))
        except GridError as error:
            raise BadAnswer(error.message + (f" ({error.hint})" if error.hint else "")) from None
        if cells:
            rows = [cells_of(found, r) for r in range(1, len(cells) + 1)]
            entry.record["grid"] = GRID_HEADER + aligned(rows)
        else:
            entry.record.pop("grid", None)
        entry.hold(True)

    def parts(self, record: Mapping[str, Any]) -> list[str]:
        return [" ".join(line.split()) for line in rows_of(record)]

    def part_label(self, index: int) -> str:
        return f"board row {index}" + (" (or her four figures)" if index == 1 else "")

    def change(self, entry: Entry, index: int, text: str) -> None:
        """A row already on the board typed again: its four squares set one by one."""
        rows = rows_of(entry.record)
        if not 0 < index <= len(rows):
            raise BadAnswer(f"row {index} is off the board (rows 1 to {len(rows) + 1})")
        tokens = text.split() if text else ["."] * 4
        if len(tokens) != 4:
            raise BadAnswer(f"a row is four squares, ✻ ▢ ◎ ▲ left to right ('.' for none), not {len(tokens)}")
        for column, token in enumerate(tokens, start=1):
            self.set_tile(entry, index, column, token)

    def cells(self, record: Mapping[str, Any]) -> list[Cell]:
        """Every square of the board's rows and of the row below, each with its tile's token or
        empty (a free square starts with the river sides its neighbours lead into); or the four
        figures of a comparison-only explorer."""
        if "tiles" in record:
            return []
        figures = record.get(FIGURES)
        if isinstance(figures, dict):
            return [Cell(f"{FIGURES}.{key}", key.replace("_", " "), str(figures.get(key, "")), number=True,
                         doc=f"{LANDSCAPE.fields[key].doc}; empty: no figures, her board by tiles instead")
                    for key in LANDSCAPE.fields]
        tiles = self.tiles_of(record)
        if tiles is None:
            return []
        with seen_from(str(record.get("sea", "standard"))):  # her squares by her SEA's symbols
            return [Cell(tile_key(square), label(square), token_of(tiles[square]) if square in tiles else "",
                         start="" if square in tiles else rivers_into(tiles, square))
                    for square in squares_of(record)]

    def set_cell(self, entry: Entry, key: str, text: str) -> None:
        """A square's tile (``grid.r3c2``: the token; empty or ``.`` clears it) or one of the four
        figures (``landscape.forks``: empty clears the four, and her board is entered again)."""
        text = text.strip()
        square = TILE_KEY.fullmatch(key)
        record = entry.record
        if square is not None:
            if isinstance(record.get(FIGURES), dict):
                raise BadAnswer("her four figures are given instead of a board: clear them first")
            if len(text.split()) > 1:
                raise BadAnswer(f"one tile's token, not {len(text.split())}: land, animals, then '~' and "
                                "river sides (e.g. 'JuJa~ES')")
            where = (int(square.group(1)), int(square.group(2)))
            try:
                self.set_tile(entry, *where, text or ".")
            except BadAnswer as error:  # a tile built by taps is named by its square, not its token
                prefix = f"token {text!r}: "
                if not error.message.startswith(prefix):
                    raise
                raise BadAnswer(f"the tile on {label(where)}: {error.message.removeprefix(prefix)}") from None
            return
        figure = key.removeprefix(f"{FIGURES}.")
        figures = record.get(FIGURES)
        if figure == key or figure not in LANDSCAPE.fields or not isinstance(figures, dict):
            raise BadAnswer(f"no square of her board (rows 1 to {len(rows_of(record)) + 1}, ✻ ▢ ◎ ▲) and no "
                            "figure of hers")
        if not text:
            record.pop(FIGURES)
            entry.hold(True)
            return
        figures[figure] = entry.checked(LANDSCAPE.fields[figure].spec, text, (*entry.path, FIGURES, figure))

    def sketch(self, record: Mapping[str, Any], free: bool) -> Drawing | None:
        """The board as the html format draws it (``picture.in_progress``), each tile and free
        square keyed by its cell (``grid.r3c2``)."""
        from .board import Board
        from .picture import in_progress

        tiles = self.tiles_of(record)
        if tiles is None or isinstance(record.get(FIGURES), dict) or "tiles" in record:
            return None
        squares = [square for square in squares_of(record) if square not in tiles] if free else []
        board = Board(tiles.values(), str(record.get("sea", "standard")))
        with seen_from(board.sea):
            return in_progress(str(record.get("name", "")), board, squares, tile_key)

    def palette(self) -> Palette:
        return PALETTE

    def tiles_of(self, record: Mapping[str, Any]) -> dict[Square, Tile] | None:
        """The board's tiles by square; ``None`` when its grid does not read (edited by hand)."""
        rows = rows_of(record)
        if not rows:
            return {}
        try:
            return {item.tile.square: item.tile for item in self.read(rows[:-1], rows[-1])}
        except BadAnswer:
            return None

    def clear_tile(self, entry: Entry, row: int, col: int) -> None:
        """The square at ``row``, ``col`` empty again."""
        self.set_tile(entry, row, col, ".")

    def close(self, entry: Entry) -> None:
        """The board is complete: the game's checks on it, then no more rows asked."""
        self.finish(entry)
        entry.hold(False)

    def resume(self, entry: Entry, step: Step) -> None:
        """A run that goes on with a half-typed board draws it first."""
        rows = rows_of(entry.record)
        if rows:
            entry.note(f"  {entry.record.get('name', '')}'s board so far ({len(rows)} "
                       f"row{'s' if len(rows) != 1 else ''}):")
            entry.draw()

    def picture(self, record: Mapping[str, Any], width: int | None) -> str:
        from .board import Board
        from .show import draw_board

        rows = rows_of(record)
        if not rows or self.fault(rows) is not None:
            return ""
        tiles = (item.tile for item in self.read(rows[:-1], rows[-1]))
        board = Board(tiles, str(record.get("sea", "standard")))
        return "\n".join(draw_board(board, width))

    @staticmethod
    def expected(entry: Entry) -> int | None:
        """The tiles each explorer places, once the number of explorers is known."""
        players = entry.table.get("players")
        count = len(players) if isinstance(players, list) else 0
        return None if entry.more_players else TILES_PER_EXPLORER.get(count)

    @staticmethod
    def read(rows: list[str], text: str) -> list[GridTile]:
        """The board's tiles with the row ``text`` added below ``rows``; ``BadAnswer`` if it does not read."""
        try:
            return parse_grid("".join(row + "\n" for row in [*rows, text]))
        except GridError as error:
            raise BadAnswer(error.message + (f" ({error.hint})" if error.hint else "")) from None

    @staticmethod
    def finish(entry: Entry) -> None:
        """An explorer's board is complete: the game's checks on it (tiles linked to row 1...)."""
        explorer = entry.record
        alone = {"name": explorer.get("name", "Explorer"), "grid": explorer["grid"]}
        trial: dict[str, Any] = {"players": [alone]}
        if isinstance(entry.table.get("rules"), dict):
            trial["rules"] = entry.table["rules"]
        for problem in entry.problems(trial):
            if problem.path[:1] == ("players",):
                raise BadAnswer(problem.message + (f" ({problem.hint})" if problem.hint else "")
                                + "; this board cannot be finished as it is")

    @classmethod
    def count(cls, entry: Entry, found: list[GridTile]) -> None:
        """How many tiles the board has of those an explorer places; at the rulebook's count, that
        an empty line finishes it (it never ends by itself: the rulebook's own example gives Alex
        16 tiles at 4 explorers)."""
        players = entry.table.get("players")
        count = len(players) if isinstance(players, list) else 0
        expected = cls.expected(entry)
        tiles = len({(item.tile.row, item.tile.col) for item in found})
        placed = f"{tiles} tile{'s' if tiles != 1 else ''}"
        name = entry.record.get("name", "")
        if expected and tiles == expected:
            entry.note(f"  {placed}, as many as each of {count} explorers places: Enter finishes {name}'s "
                       "board, or type another row")
            return
        if expected:
            placed += f" of the {expected} each explorer places in a game of {count}"
        entry.note(f"  {name}: {placed}; the next row, or an empty line when the board is complete")

    def back(self, entry: Entry, step: Step) -> bool:
        """``<`` on a row: take back the row typed last (asked again)."""
        rows = [row for row in rows_of(entry.record) if not row.lstrip().startswith("#")]
        if step.done or not rows or step.fault:  # a file's row asked again: '<' leaves the board as it is
            return False
        if len(rows) == 1:
            entry.record.pop("grid")
        else:
            entry.record["grid"] = GRID_HEADER + "".join(row + "\n" for row in rows[:-1])
        entry.note(f"  row {len(rows)} taken back: type it again")
        if len(rows) > 1:
            entry.draw()  # the board as it is now, the row taken back gone from it
        return True


def squares_of(record: Mapping[str, Any]) -> list[Square]:
    """Every square of the board's rows and of the row below: where a tile is or may go."""
    return [(row, col) for row in range(1, len(rows_of(record)) + 2) for col in COLUMNS]


def tile_key(square: Square) -> str:
    """A square as a cell's key (``TILE_KEY``): ``grid.r3c2``."""
    return f"grid.r{square[0]}c{square[1]}"


def rivers_into(tiles: Mapping[Square, Tile], square: Square) -> str:
    """``~NW``: the sides of ``square`` that a neighbour's river leads into (what a tile placed
    there most often carries on); empty when none does."""
    sides = "".join(side for side in SIDES
                    if (other := tiles.get(step(square, side))) is not None and OPPOSITE[side] in other.river)
    return RIVER_MARK + sides if sides else ""


def cells_of(found: list[GridTile], row: int) -> list[str]:
    """The four tokens of ``row`` among the tiles read."""
    cells = ["."] * 4
    for tile in found:
        if tile.tile.row == row:
            cells[tile.tile.col - 1] = token_of(tile.tile)
    return cells


def aligned(table: list[list[str]]) -> str:
    """The grid's rows (four tokens each), their columns lined up."""
    widths = [max(len(line[c]) for line in table) for c in range(4)]
    return "".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
                   + "\n" for line in table)


"""``rules`` (a setting), the date and place, the explorers' names, then each explorer's board."""


def place_words(path: Path, table: Mapping[str, Any], owner: Callable[[int], str]) -> str | None:
    """An explorer's board and its tiles in the players' words (``Interview.words``):
    ``("players", 0, "grid")`` -> ``Alex's board``; ``("players", 0, "tiles", 3, "col")`` ->
    ``Alex's tile ▢2 column`` (the square the tile names, else its place in the list)."""
    if path[:1] == ("rules",):  # the readings, as the players know them
        reading = HOUSE_RULES.get(f"rules.{path[1]}") if len(path) > 1 else None
        return "house rules" if len(path) == 1 else reading.said if reading is not None else None
    if len(path) < 3 or path[0] != "players" or not isinstance(path[1], int) \
            or path[2] not in ("grid", "tiles"):
        return None
    if len(path) == 3 or path[2] == "grid":
        return f"{owner(path[1])} board"
    index = path[3]
    if not isinstance(index, int):
        return None
    players = table.get("players")
    player = players[path[1]] if isinstance(players, list) and 0 <= path[1] < len(players) else None
    tiles = player.get("tiles") if isinstance(player, Mapping) else None
    tile = tiles[index] if isinstance(tiles, list) and 0 <= index < len(tiles) else None
    sea = str(player.get("sea", "standard")) if isinstance(player, Mapping) else "standard"
    words = [f"{owner(path[1])} {tile_words(tile, index, sea)}"]
    rest = path[4:]
    for at, part in enumerate(rest):
        entry = at + 1 < len(rest) and isinstance(rest[at + 1], int)  # ``animal 2``; the list: ``animals``
        words.append(f"{part + 1}" if isinstance(part, int) else
                     (ENTRY if entry else TILE_PARTS).get(part, part.replace("_", " ")))
    return " ".join(words)


TILE_PARTS = {"col": "column"}
ENTRY = {"rivers": "river", "animals": "animal"}
"""A tile's list named by one of its entries (``animal 2``, ``river 1``)."""


def tile_words(tile: Any, index: int, sea: str = "standard") -> str:
    """``tile ▢2`` (by the square it names, in the symbols of the explorer's SEA) or ``tile 4``
    (its place in the list)."""
    if isinstance(tile, Mapping):
        row, col = tile.get("row"), tile.get("col")
        if isinstance(col, str) and col in COLUMN_NAMES.values():
            col = column_of(col, sea)
        if isinstance(row, int) and not isinstance(row, bool) and row >= 1 and col in COLUMNS:
            with seen_from(sea):
                return f"tile {label((row, col))}"
    return f"tile {index + 1}"


HOUSE_RULES = {
    "rules.caiman_ties": Ask(said="A Caiman in a river basin tied for the most tiles", choices=CAIMAN_TIES),
    "rules.flamingo_min_run": Ask(said="Tiles a Flamingo's unbroken run in its column needs to score"),
    "rules.snake_min_types": Ask(said="Different animal types around a Snake it needs to score"),
    "rules.snake_around": Ask(said="The tiles around a Snake", choices={
        "8": "the up to 8 around it, diagonals included", "4": "only the 4 at its sides"}),
    "rules.forks": Ask(said="Forks and mergers in a river with 4 sides", choices={
        "sides": "2 (one less each side past the second)", "junctions": "1 (one place where branches meet)"}),
}
"""The readings the rulebook leaves open (docs/rules/caracas.md), as phones offer them: each a
choice in words, folded at the end with the date and place (SPEC section 8)."""

INTERVIEW = Interview({"rules": Ask(rarely="house rules?", said="the readings the rulebook leaves open"),
                       "players.sea": NEVER, **HOUSE_RULES},
                      forms={"players": BoardRows()}, words=place_words)
