"""What 'scorecalc tally' asks of an Origin table: the variant and its cards, the players, then the board."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...spec.interview import AFTER_PLAYERS, Ask, Interview, TableData

if TYPE_CHECKING:
    from ...errors import Path


def not_family(table: TableData, _: Mapping[str, Any]) -> bool:
    """The Family variant has no books and no objectives."""
    return table.get("variant") != "family"


def advanced(table: TableData, _: Mapping[str, Any]) -> bool:
    """Species objectives, public and private, belong to the Advanced game."""
    return table.get("variant") == "advanced"


def cape_town(table: TableData, _: Mapping[str, Any]) -> bool:
    """The progression values are printed on the Cape Town card."""
    return table.get("objective") == "cape_town"


def not_starting(_: TableData, tile: Mapping[str, Any]) -> bool:
    """A starting tile counts as Level 1: its level is not asked."""
    return not tile.get("starting")


def counts_icons(table: TableData, _: Mapping[str, Any] | None = None) -> bool:
    """Only Tahiti and New South Wales count the habitat icons of the tiles left on the board;
    elsewhere a tile's icons, and whether it is a starting tile (Level 1, without a level), score
    nothing, so neither is asked (a starting tile then is entered as Level 1)."""
    return table.get("objective") in ("tahiti", "new_south_wales") and table.get("variant") != "family"


def shows_icons(table: TableData, tile: Mapping[str, Any]) -> bool:
    """Habitat icons are asked where they are counted, and not of a Level 4 tile (it has none)."""
    return counts_icons(table) and tile.get("level") != 4


def holds_cubes(_: TableData, tile: Mapping[str, Any]) -> bool:
    """"Level 4 Species Tiles ... may not have Observation Cubes on them": not asked of one."""
    return tile.get("level") != 4


def player_names(table: TableData) -> list[str]:
    """The players' names, to complete a tile's cubes with."""
    return [player["name"] for player in table.get("players", [])
            if isinstance(player, dict) and "name" in player]


def place_words(path: Path, table: TableData, owner: Callable[[int], str]) -> str | None:
    """A board tile by its number and species, however the file orders its keys, and the cubes a
    player has on it as hers (``Interview.words``): ``("board", 4, "level")`` -> ``tile 5 (Sea
    Lion) level``; ``("board", 4, "cubes", "Rachel")`` -> ``Rachel's cubes on tile 5 (Sea Lion)``;
    a player's collected tile: ``Ana's collected tile 2``."""
    if len(path) >= 2 and path[0] == "board" and isinstance(path[1], int):
        board = table.get("board")
        tile = board[path[1]] if isinstance(board, list) and 0 <= path[1] < len(board) else None
        species = tile.get("species") if isinstance(tile, Mapping) else None
        named = isinstance(species, str) and 0 < len(species) <= 30
        shown = f"tile {path[1] + 1}" + (f" ({species})" if named else "")
        if len(path) == 4 and path[2] == "cubes":
            return f"{str(path[3])[:40]}'s cubes on {shown}"
        rest = [str(part).replace("_", " ") if isinstance(part, str) else str(part + 1) for part in path[2:]]
        return " ".join([shown, *rest])
    if len(path) == 4 and path[0] == "players" and isinstance(path[1], int) and path[2] == "tiles" \
            and isinstance(path[3], int):
        return f"{owner(path[1])} collected tile {path[3] + 1}"
    return None


INTERVIEW = Interview({
    "objective": Ask(applies=not_family, needed=True),
    "progression": Ask(applies=cape_town, needed=True),
    "public_species": Ask(applies=advanced),
    "players.books": Ask(applies=not_family, said="books on the player's cards by habitat, land water "
                                                  "air (green, blue, yellow): '4 8 2', or 'land 4, water 8'"),
    "players.private_species": Ask(applies=advanced),
    "board": Ask(AFTER_PLAYERS, noun="tile"),  # the cubes on a tile name the players
    "board.starting": Ask(applies=counts_icons, said="one of the 3 Starting Species Tiles? 'y' or 'n' "
                                                      "(a starting tile counts as Level 1: its level is "
                                                      "not asked)"),
    "board.level": Ask(1, applies=not_starting, needed=True,  # species, then 'starting?', then the rest
                       said="the tile's Level, 1-4 (the number in the turtle); a starting tile: 1"),
    "board.habitats": Ask(1, applies=shows_icons),
    "board.cubes": Ask(1, applies=holds_cubes, complete=player_names,
                       said="Observation Cubes on the tile at the end, by player: 'Rachel 2, Ezra 1'"),
}, words=place_words)
"""``variant``, ``objective`` (not in Family), ``progression`` (Cape Town), ``public_species``
(Advanced), the date and place, the names, per player ``score``, ``books``, ``tiles`` and
``private_species``; then the board tile by tile: ``species``, ``starting`` (Tahiti and New
South Wales), ``level``, ``habitats`` (Tahiti and New South Wales, not of a Level 4 tile),
``cubes`` (not of a Level 4 tile)."""
