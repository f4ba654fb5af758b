"""What a Caracas table holds: the YAML's declaration (explorers, their boards, the readings), a starter."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import yaml

from ...errors import InputError, Path
from ...spec import Choice, Either, Field, Int, ListOf, Record
from .. import player_name_field
from .animals import ALIASES, ANIMALS, Rules
from .board import COLUMN_NAMES, COLUMN_SYMBOLS, FORK_READINGS, LANDS, SEA_READINGS, SIDES
from .grid import GridText, parse_grid

if TYPE_CHECKING:
    from ...spec.context import Context



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


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class SideChoice(Choice):
    """A river side; written ``N``/``n``/``north``."""

    def json_schema(self) -> dict[str, Any]:
        schema = Choice.json_schema(self)
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

@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Neighbourhood(Int):
    """``snake_around``: 8 (the tiles around, diagonals included) or 4 (side neighbours)."""

    def check(self, node: yaml.Node, path: Path, ctx: Context) -> int:
        value = Int.check(self, node, path, ctx)
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

SEA = Choice(words=SEA_READINGS, what="reading of the SEA", example="reversed")

PLAYER = Record(fields={
    "name": player_name_field(),
    "sea": Field(SEA, doc="the SEA's symbols left to right: standard ✻ ▢ ◎ ▲, or reversed ▲ ◎ ▢ ✻ "
                          "(the rulebook's other side: her symbols name the columns right to left)"),
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
