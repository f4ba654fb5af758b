"""What an Origin table holds: the YAML's declaration (variant, objective, board, players) and a starter.

The pieces the box holds are counted here too: the checks of ``table.py`` warn about more.
"""

from __future__ import annotations

from typing import Any

from ...spec import Choice, Either, Field, Flag, Int, ListOf, MapOf, Record, Text
from .. import player_name_field

CATEGORIES = ("Game score", "Species tiles", "Books")

HABITATS = ("land", "water", "air")
HABITAT = Choice(
    words=HABITATS,
    aliases={"green": "land", "leaf": "land", "blue": "water", "jellyfish": "water",
             "yellow": "air", "feather": "air"},
    what="habitat",
    example="water",
)

OBJECTIVE_TITLES = {
    "sydney": "Sydney (Sets)",
    "cape_town": "Cape Town (Progression)",
    "plymouth": "Plymouth (Habitat Majority)",
    "new_zealand": "New Zealand (Habitat Trio)",
    "tahiti": "Tahiti (Accepted Knowledge)",
    "new_south_wales": "New South Wales (Rare Knowledge)",
}
OBJECTIVE = Choice(
    words=tuple(OBJECTIVE_TITLES),
    aliases={
        "sets": "sydney", "progression": "cape_town", "habitat_majority": "plymouth",
        "habitat_trio": "new_zealand", "accepted_knowledge": "tahiti", "accepted": "tahiti",
        "rare_knowledge": "new_south_wales", "rare": "new_south_wales",
    },
    what="Level 4 objective",
    example="plymouth",
)
VARIANTS = ("standard", "advanced", "family")

CUBES_PER_PLAYER = 8
"""'32 Observation Cubes (in 4 Player Colors)': 8 of each colour."""
BOX_TILES = 30
"""'3 Starting Species Tiles' and '27 Advanced Species Tiles, Level 1-4'."""
BOX_STARTING_TILES = 3
OBJECTIVES_PER_DECK = 3
"""One public and one private Level 1-3 card per deck in the Advanced game."""
LEVEL_4 = 4


SPECIES_EXAMPLE = ["Sea Snail", "Hydra"]
"""Species names as an answer's help shows a list of them."""

TILE = Record(fields={
    "species": Field(Text(example="Sea Lion"), required=True,
                     doc="the species on the tile (free text)"),
    "level": Field(Int(minimum=1, maximum=LEVEL_4, example=2),
                   doc="the tile's Level, 1-4 (the number in the turtle); not needed for a starting tile"),
    "starting": Field(Flag(example=False), default=False,
                      doc="true for one of the 3 Starting Species Tiles (they count as Level 1)"),
    "habitats": Field(ListOf(HABITAT, max_items=3),
                      doc="the habitat icons on the Species Side, one entry per icon: land, water, air "
                          "(green, blue, yellow); Level 4 tiles have none"),
    "cubes": Field(MapOf(key=Text(doc="a player's name"), value=Int(), example={"Rachel": 2, "Ezra": 1}),
                   default={},
                   doc="Observation Cubes on the tile at the end: {player name: count}"),
})

PLAYER = Record(fields={
    "name": player_name_field(),
    "score": Field(Int(example=38), required=True,
                   doc="the figure on the scoring track before end-game scoring"),
    "books": Field(MapOf(key=HABITAT, value=Int()), default={},
                   doc="books on the player's cards by habitat: {land, water, air} (green, blue, yellow)"),
    "tiles": Field(Either((Int(), ListOf(Text(example="Sea Snail"), example=SPECIES_EXAMPLE))), default=[],
                   doc="species tiles collected during the game: their species names, or a count"),
    "private_species": Field(ListOf(Text(example="Marine Iguana"), example=SPECIES_EXAMPLE), default=[],
                             doc="Advanced game: the species on the player's 3 private objectives"),
})

FIELDS = {
    "variant": Field(Choice(words=VARIANTS, what="variant", example="standard"), default="standard",
                     doc="standard, advanced or family"),
    "objective": Field(OBJECTIVE,
                       doc="the Level 4 Darwin's Journal card: sydney, cape_town, plymouth, new_zealand, "
                           "tahiti or new_south_wales (or the card's name: sets, progression, ...)"),
    "progression": Field(MapOf(key=Int(minimum=1), value=Int(), example={2: 1, 4: 3}),
                         doc="Cape Town: the card's points for each number of books of one habitat"),
    "public_species": Field(ListOf(Text(example="Sea Lion"), example=SPECIES_EXAMPLE), default=[],
                            doc="Advanced game: the species on the 3 public Level 1-3 objectives"),
    "board": Field(ListOf(TILE), required=True, doc="the species tiles on the board at the end"),
    "players": Field(ListOf(PLAYER, min_items=1, max_items=4), required=True,
                     doc="the players in turn order (first = start player; one player alone is a solo game)"),
}


def example(players: int) -> dict[str, Any]:
    """A plausible finished Standard table for ``players`` players (the starter template)."""
    names = [f"Player {i + 1}" for i in range(players)]
    board: list[dict[str, Any]] = [
        {"species": "Lava Lizard", "starting": True, "habitats": ["land"], "cubes": {names[0]: 1}},
        {"species": "Galapagos Penguin", "starting": True, "habitats": ["water"], "cubes": {}},
        {"species": "Sea Lion", "level": 3, "habitats": ["water", "water", "land"],
         "cubes": {names[1]: 2, names[0]: 1} if players > 1 else {names[0]: 2}},
        {"species": "Galapagos Mockingbird", "level": 2, "habitats": ["land", "air"],
         "cubes": {name: 1 for name in names}},
        {"species": "Giant Tortoise", "level": 4, "cubes": {}},
    ]
    rows = []
    for i, name in enumerate(names):
        row: dict[str, Any] = {"name": name, "score": 40 - 3 * i,
                               "books": {"land": 4 - i, "water": 2 + i, "air": 3}}
        row["tiles"] = ["Sea Snail"] if i == 0 else i - 1
        rows.append(row)
    return {"objective": "plymouth", "variant": "standard", "board": board, "players": rows}
