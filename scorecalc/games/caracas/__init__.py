"""Caracas: score each explorer's grid of land tiles — animals, landscape, dead ends.

The board geometry is in ``board.py``, the animal rules in ``animals.py``, the
landscape comparison in ``landscape.py``, the compact grid form in ``grid.py`` and
the ``--show-board`` echo in ``show.py``. Readings: ``docs/rules/caracas.md``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import yaml

from ...errors import InputError, Path, Position, format_path
from ...reading.document import Document
from ...sheet import PlayerScore, ScoreSheet, plural, rank
from ...spec import Choice, Either, Field, Int, ListOf, Record
from .. import Game, player_name_field
from .animals import ALIASES, ANIMALS, COMMON, Rules, name, score_animals, title
from .board import COLUMN_NAMES, COLUMN_SYMBOLS, FORK_READINGS, LANDS, SIDES, Board, Tile, label, step
from .grid import GridError, GridText, grid_codes, parse_grid
from .landscape import Figures, figures_of, landscape_ranking

if TYPE_CHECKING:
    from ...spec.checking import Context

CATEGORIES = ("Common animals", "Rare animals", "Landscape", "Penalties")

TILES_PER_EXPLORER = {1: 18, 2: 17, 3: 16, 4: 15, 5: 14}
"""'Each explorer will place 15 tiles' (4), 16 (3), 17 (2), 18 (solo), 14 (5)."""
TILES_IN_BOX = 73
MAX_EXPLORERS = 5

ANIMAL = Choice(words=ANIMALS, aliases=ALIASES, what="animal", example="jaguar")
LAND = Choice(words=LANDS, aliases={"savanna": "savannah", "marsh": "swamp"}, what="land type",
              example="jungle")
COLUMN = Either((
    Int(minimum=1, maximum=4, example=1),
    Choice(
        words=tuple(COLUMN_NAMES.values()),
        aliases={
            **{symbol: COLUMN_NAMES[col] for col, symbol in COLUMN_SYMBOLS.items()},
            "nested_square": "square", "*": "asterisk",
        },
        what="column", example="asterisk",
    ),
))


class SideChoice(Choice):
    """A river side; written ``N``/``n``/``north``."""

    __slots__ = ()

    def json_schema(self) -> dict[str, Any]:
        schema = super().json_schema()
        return {**schema, "enum": [*SIDES, *schema["enum"]]}


SIDE = SideChoice(words=tuple(side.lower() for side in SIDES),
                  aliases={"north": "n", "east": "e", "south": "s", "west": "w"},
                  what="river side", example="N")

TILE = Record(fields={
    "row": Field(Int(minimum=1, maximum=TILES_IN_BOX, example=1), required=True,
                 doc="row below the SEA: 1 touches the SEA, rows grow southward"),
    "col": Field(COLUMN, required=True,
                 doc="column 1-4 or its symbol: asterisk, square, spiral, triangle"),
    "land": Field(LAND, required=True, doc="jungle, savannah or swamp"),
    "animals": Field(ListOf(ANIMAL, max_items=2), default=[], doc="the 0-2 different animals on the tile"),
    "river": Field(ListOf(SIDE, max_items=4), doc="the sides (N, E, S, W) that carry river, all one river"),
    "rivers": Field(ListOf(ListOf(SIDE, max_items=4, kind="a list of sides (one river, e.g. [N, W])"),
                           max_items=4),
                    doc="a tile printed with separate rivers: one list of sides per river, "
                        "e.g. [[N, W], [E, S]]"),
})

class Neighbourhood(Int):
    """``snake_around``: 8 (the tiles around, diagonals included) or 4 (side neighbours)."""

    __slots__ = ()

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        value = super().check(node, path, ctx)
        if value not in (4, 8):
            raise InputError(path, f"must be 8 (the tiles around, diagonals included) or 4 (side "
                             f"neighbours only), found {value}")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "integer", "enum": [8, 4]}


LANDSCAPE = Record(fields={
    "biggest_jungle": Field(Int(maximum=TILES_IN_BOX), required=True, doc="tiles in the biggest jungle area"),
    "savannah_areas": Field(Int(maximum=TILES_IN_BOX), required=True, doc="number of savannah areas"),
    "swamp_areas": Field(Int(maximum=TILES_IN_BOX), required=True, doc="number of swamp areas"),
    "forks": Field(Int(maximum=2 * TILES_IN_BOX), required=True,
                   doc="most forks/mergers in one river basin"),
})

PLAYER = Record(fields={
    "name": player_name_field(),
    "tiles": Field(ListOf(TILE), doc="the explorer's tiles, one entry each"),
    "grid": Field(GridText(), doc="the explorer's tiles in the compact grid form (docs/rules/caracas.md)"),
    "landscape": Field(LANDSCAPE,
                       doc="comparison-only explorer: the four landscape figures instead of tiles"),
})

RULES = Record(fields={
    "caiman_ties": Field(Choice(words=("count", "strict"), what="reading", example="count"), default="count",
                         doc="count: a Caiman in any basin tied for most tiles scores; strict: only in a "
                             "basin strictly biggest"),
    "flamingo_min_run": Field(Int(minimum=1, maximum=TILES_IN_BOX, example=5), default=5,
                              doc="tiles a Flamingo's column run needs to score"),
    "snake_min_types": Field(Int(minimum=1, maximum=len(ANIMALS), example=5), default=5,
                             doc="different animal types around a Snake it needs to score"),
    "snake_around": Field(Neighbourhood(minimum=4, maximum=8, example=8), default=8,
                          doc="8: the up-to-8 tiles around a Snake, diagonals included; 4: only the "
                              "tiles at its sides"),
    "forks": Field(Choice(words=FORK_READINGS, what="reading", example="sides"), default="sides",
                   doc="sides: a river with k >= 3 sides is k - 2 forks/mergers; junctions: 1 per "
                       "river with 3 or more sides"),
})

FIELDS = {
    "players": Field(ListOf(PLAYER, min_items=1, max_items=MAX_EXPLORERS), required=True,
                     doc="the explorers in turn order (first = start player)"),
    "rules": Field(RULES, doc="readings of the rules (docs/rules/caracas.md)"),
}


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
        placed = (tiles_from_list(p, raw["tiles"]) if forms == ["tiles"]
                  else tiles_from_grid(document, p, raw["grid"]))
        explorers.append(Explorer(raw["name"], check_board(placed)))
    check_tile_counts(document, explorers)
    return Table(tuple(explorers), rules)


def tiles_from_list(p: int, raw_tiles: list[dict[str, Any]]) -> list[Placed]:
    placed = []
    for i, raw in enumerate(raw_tiles):
        path: Path = ("players", p, "tiles", i)
        col = raw["col"] if isinstance(raw["col"], int) else \
            next(number for number, word in COLUMN_NAMES.items() if word == raw["col"])
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
            raise InputError((*path, j), f"side {side} is already in river {owner[side] + 1} "
                             f"(rivers[{owner[side]}]); a side belongs to at most one river")
        owner[side] = river
    return sides


def tiles_from_grid(document: Document, p: int, text: str) -> list[Placed]:
    path: Path = ("players", p, "grid")
    try:
        grid_tiles = parse_grid(text)
    except GridError as error:
        raise InputError(path, error.message, hint=error.hint,
                         position=token_position(document, path, text, error.line, error.offset)) from None
    return [Placed(found.tile, path, token_position(document, path, text, found.line, found.offset))
            for found in grid_tiles]


def token_position(document: Document, path: Path, text: str, line: int, offset: int) -> Position:
    """Where a character of the grid stands in the file.

    The document knows where the scalar starts. In a literal block (``grid: |``) line
    ``k`` of the text is on the ``k``-th line after the ``|``, behind the block's
    indentation; a one-line scalar starts at its own position (after a quote).
    """
    start = document.position(path)
    source_lines = document.source.text.splitlines()
    header = source_lines[start.line - 1][start.column - 1:] if start.line <= len(source_lines) else ""
    text_lines = text.split("\n")
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


def check_board(placed: list[Placed]) -> Board:
    """Two tiles on one square and tiles not linked to row 1 are errors."""
    seen: dict[tuple[int, int], Placed] = {}
    for item in placed:
        square = item.tile.square
        if square in seen:
            first = seen[square]
            where_first = f" ({format_path(first.path)})" if first.path != item.path else ""
            raise InputError(item.path, f"two tiles on {label(square)} (row {square[0]}, column "
                             f"{square[1]}): a tile is there already{where_first}", position=item.position)
        seen[square] = item
    board = Board(item.tile for item in placed)
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


def score(table: Table) -> ScoreSheet:
    names = [explorer.name for explorer in table.explorers]
    landscape = landscape_ranking(names, [explorer.figures(table.rules) for explorer in table.explorers])
    players = []
    for explorer, landscape_awards in zip(table.explorers, landscape, strict=True):
        player = PlayerScore(explorer.name)
        board = explorer.board
        if board is not None:
            for award in score_animals(board, table.rules):
                category = "Common animals" if award.animal in COMMON else "Rare animals"
                player.add(category, title(award.animal), award.points, award.detail)
        for landscape_award in landscape_awards:
            player.add("Landscape", landscape_award.item, landscape_award.points, landscape_award.detail)
        if board is not None:
            dead = board.dead_ends
            detail = "; ".join(f"{label(square)} {side} side faces {label(step(square, side))} "
                               "without river" for square, side in dead) or "no dead-end rivers"
            player.add("Penalties", "Dead-end rivers", -len(dead), detail)
        players.append(player)
    return rank(ScoreSheet("caracas", CATEGORIES, players))


EXAMPLE_GRID = """\
JuJa~ES   JuSlSo~NW~ES  JuHo~SW    SaAt
JuKi~NE   SwPiGu~NESW   SwAn~NW    SaIb
JuCp~E    SwCm~NEW      SwEe~ESW   JuIbSh~W
SaTa      JuBu          SaFr~N     SwIb
.         SaSn          .          SwPi~N
"""


GRID_HEADER = "# ✻ ▢ ◎ ▲ — row 1 touches the SEA; '.' is an empty square\n"


def example(explorers: int) -> dict[str, Any]:
    """A plausible finished table (the starter template): grids of the right tile count,
    every other one mirrored, and from 3 explorers on a comparison-only explorer."""
    from .grid import render_grid

    base = [found.tile for found in parse_grid(EXAMPLE_GRID)]
    count = TILES_PER_EXPLORER[explorers]
    players: list[dict[str, Any]] = []
    for index in range(explorers):
        player: dict[str, Any] = {"name": f"Explorer {index + 1}"}
        if explorers >= 3 and index == explorers - 1:
            player["landscape"] = {"biggest_jungle": 4, "savannah_areas": 3, "swamp_areas": 2, "forks": 2}
        else:
            tiles = base[:count]
            if index % 2:
                tiles = [tile.mirrored() for tile in tiles]
            player["grid"] = GRID_HEADER + render_grid(tiles)
        players.append(player)
    return {"players": players, "rules": asdict(Rules())}


def draw_boards(table: Table) -> str:
    """``--show-board``: each explorer's grid as typed (imported only when asked for)."""
    from .show import show_board

    return show_board(table)


GAME = Game(
    name="caracas",
    title="Caracas",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    views={"show_board": draw_boards, "codes": lambda table: grid_codes()},
    example=example,
    interview=__name__ + ".interview",
)

__all__ = ["GAME", "Explorer", "Table", "grid_codes"]
