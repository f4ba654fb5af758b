"""An Origin table read from its document: the board tiles and the players, checked against the box."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import Path, quoted
from ...reading.document import Document
from ...reading.words import did_you_mean, normalise_word
from ...sheet import plural
from .declaration import (
    BOX_STARTING_TILES,
    BOX_TILES,
    CUBES_PER_PLAYER,
    HABITATS,
    LEVEL_4,
    OBJECTIVE_TITLES,
    OBJECTIVES_PER_DECK,
)


@dataclass(frozen=True)
class Tile:
    species: str
    level: int
    """1-4; a starting tile counts as Level 1."""
    starting: bool
    habitats: tuple[str, ...] | None
    """The icons as given, or None when not given."""
    cubes: tuple[tuple[int, int], ...]
    """(player index, count) for each player with cubes here, most first (input order on a tie)."""

    @property
    def label(self) -> str:
        return f"{self.species} ({'starting tile' if self.starting else f'Level {self.level}'})"


@dataclass(frozen=True)
class Player:
    name: str
    score: int
    books: Mapping[str, int]
    """Every habitat, 0 included; all 0 in the Family variant."""
    collected: tuple[str, ...] | int
    """Species tiles collected during the game: names, or only a count."""
    private_species: tuple[str, ...]

    @property
    def total_books(self) -> int:
        return sum(self.books.values())


@dataclass(frozen=True)
class Table:
    variant: str
    objective: str | None
    """None in the Family variant."""
    progression: Mapping[int, int]
    public_species: tuple[str, ...]
    board: tuple[Tile, ...]
    players: tuple[Player, ...]


# --- the majority step ---------------------------------------------------------------------------


def majority_holder(tile: Tile) -> int | None:
    """'For each Tile, the player with the most Observation Cubes on that Tile takes the Tile.
    (If two or more players are tied, no one takes the Tile.)'"""
    if not tile.cubes:
        return None
    most = max(count for _, count in tile.cubes)
    holders = [p for p, count in tile.cubes if count == most]
    return holders[0] if len(holders) == 1 else None


def take_tiles(board: Sequence[Tile]) -> list[int | None]:
    return [majority_holder(tile) for tile in board]


# --- reading the table ---------------------------------------------------------------------------


def parse(document: Document) -> Table:
    """The table with every tile and player checked; a problem is reported and checking goes on.

    In a partly valid table (the declaration found problems) a refused tile or player is
    ``None`` and a refused setting is absent; checks that need it are skipped.
    """
    data = document.data
    variant = data.get("variant")
    raw_players = data.get("players") or []
    names = [raw["name"] if raw is not None else None for raw in raw_players]
    if "players" not in data:
        names = [None]  # the list was refused as a whole (reported already): any name may be a player's
    objective = check_objective(document, variant) if variant is not None else None
    before = len(document.problems)
    board = tuple(parse_tile(document, i, raw, names) for i, raw in enumerate(data.get("board") or [])
                  if raw is not None)
    board_holds = len(document.problems) == before and "board" in data and None not in data["board"] \
        and None not in names
    seated = [(p, parse_player(document, p, raw, variant)) for p, raw in enumerate(raw_players)
              if raw is not None]
    players = tuple(player for _, player in seated)
    public = tuple(data.get("public_species") or ())
    if variant == "advanced":
        if len(public) > OBJECTIVES_PER_DECK:
            document.warn(("public_species",), f"{len(public)} public species; the Advanced game has "
                          f"{OBJECTIVES_PER_DECK} public objectives")
    else:
        if public and variant is not None:
            document.warn(("public_species",), objectives_ignored(variant))
        public = ()
    table = Table(variant or "standard", objective, dict(data.get("progression") or {}), public, board,
                  players)
    if "progression" in data or ("progression",) not in document.positions.values:
        check_progression(document, table, seated)  # (a refused 'progression' is reported already)
    if board_holds:  # the majority step needs every tile and every player's cubes
        check_cube_supply(document, table)
        check_tiles_in_box(document, table)
        check_habitats_given(document, table)
    return table


def check_objective(document: Document, variant: str) -> str | None:
    """The Level 4 card; the Family variant has 'no intermediate nor final Objectives'."""
    data = document.data
    if variant == "family":
        for key, what in (("objective", "the Level 4 card given is"), ("progression", "the Cape Town values "
                                                                                   "given are")):
            if key in data:
                document.warn((key,), f"the Family variant has no objectives; {what} ignored")
        return None
    if "objective" not in data:
        if ("objective",) not in document.positions.values:  # else refused, and already reported
            document.report((), f"missing 'objective': the {variant} game scores books by its Level 4 card",
                            hint="add 'objective:' with one of " + ", ".join(OBJECTIVE_TITLES))
        return None
    objective: str = data["objective"]
    if "progression" in data and objective != "cape_town":
        document.warn(("progression",), f"only Cape Town (Progression) uses its card's values; the "
                      f"objective is {OBJECTIVE_TITLES[objective]}, so the values given are ignored")
    return objective


def parse_tile(document: Document, i: int, raw: dict[str, Any], names: list[str | None]) -> Tile:
    """One board tile; ``names`` are the players' names (``None`` for a player refused already)."""
    path: Path = ("board", i)
    starting = raw["starting"]
    level: int | None
    if starting:
        if raw.get("level", 1) != 1:
            document.report((*path, "level"), f"a starting tile counts as Level 1, not Level {raw['level']}",
                            hint="remove 'level:' or 'starting: true'")
        level = 1
    elif "level" in raw:
        level = raw["level"]
    else:
        document.report(path, "missing 'level' (1-4, the number in the turtle)",
                        hint="or 'starting: true' for a starting tile")
        level = None
    cubes = []
    known = [name for name in names if name is not None]
    for name, count in raw["cubes"].items():
        key_path = (*path, "cubes", name)
        if name not in known:
            if None not in names:  # else it may be the refused player's: already reported
                document.report(key_path, f"{quoted(name)} is not at the table",
                                hint=did_you_mean(name, known) or "players: " + ", ".join(known),
                                at_key=True)
            continue
        if count:
            cubes.append((names.index(name), count))
    if level == LEVEL_4 and cubes:
        document.report((*path, "cubes"), "a Level 4 tile carries no Observation Cubes "
                        "(it has no habitat icons)", hint="remove the cubes, or correct 'level'")
    cubes.sort(key=lambda pair: -pair[1])
    habitats = tuple(raw["habitats"]) if "habitats" in raw else None
    if habitats is not None and level is not None:
        check_icon_count(document, (*path, "habitats"), level, habitats)
    return Tile(raw["species"], level or 1, starting, habitats, tuple(cubes))


def check_icon_count(document: Document, path: Path, level: int, habitats: tuple[str, ...]) -> None:
    """'The number of icons determines the Level of the tile for Level 1-3 tiles. Level 4 tiles
    have no icons.'"""
    if level == LEVEL_4 and habitats:
        document.warn(path, f"Level 4 tiles show no habitat icons; {plural(len(habitats), 'icon')} given "
                      "(counted as given)")
    elif level < LEVEL_4 and len(habitats) != level:
        document.warn(path, f"a Level {level} tile shows {plural(level, 'habitat icon')}; "
                      f"{len(habitats)} given")


def parse_player(document: Document, p: int, raw: dict[str, Any], variant: str | None) -> Player:
    path: Path = ("players", p)
    books = {habitat: raw["books"].get(habitat, 0) for habitat in HABITATS}
    if variant == "family":
        if any(books.values()):
            document.warn((*path, "books"), "the Family variant has no books; they are ignored")
        books = dict.fromkeys(HABITATS, 0)
    collected = raw["tiles"]
    if variant == "advanced" and isinstance(collected, int) and collected:
        document.report((*path, "tiles"), "the Advanced game matches collected tiles against the species "
                        "objectives, so it needs their names, not a count",
                        hint="write them as a list: [Sea Snail, Hydra]")
    private = tuple(raw["private_species"])
    if variant != "advanced":
        if private and variant is not None:
            document.warn((*path, "private_species"), objectives_ignored(variant))
        private = ()
    elif len(private) > OBJECTIVES_PER_DECK:
        document.warn((*path, "private_species"), f"{len(private)} private species; each player is dealt "
                      f"{OBJECTIVES_PER_DECK} private objectives")
    return Player(raw["name"], raw["score"], books,
                  tuple(collected) if isinstance(collected, list) else collected, private)


def objectives_ignored(variant: str) -> str:
    return f"species objectives score only in the Advanced game; ignored in the {variant} game"


def check_cube_supply(document: Document, table: Table) -> None:
    """'Each player ... takes the 8 Observation Cubes of their player color.'"""
    on_board = [0] * len(table.players)
    for tile in table.board:
        for p, count in tile.cubes:
            on_board[p] += count
    for player, count in zip(table.players, on_board, strict=True):
        if count > CUBES_PER_PLAYER:
            document.warn(("board",), f"{player.name} has {count} cubes on the board; each player has "
                          f"{CUBES_PER_PLAYER} Observation Cubes")


def check_tiles_in_box(document: Document, table: Table) -> None:
    """The box holds 30 species tiles, one of each species, 3 of them starting tiles."""
    starting = sum(tile.starting for tile in table.board)
    if starting > BOX_STARTING_TILES:
        document.warn(("board",), f"{starting} starting tiles on the board; the box has {BOX_STARTING_TILES}")
    seen: dict[str, Path] = {}
    places: list[tuple[str, Path]] = [(tile.species, ("board", i, "species"))
                                      for i, tile in enumerate(table.board)]
    collected = 0
    for p, player in enumerate(table.players):
        if isinstance(player.collected, int):
            collected += player.collected
            continue
        collected += len(player.collected)
        places.extend((species, ("players", p, "tiles", t)) for t, species in enumerate(player.collected))
    for species, path in places:
        key = normalise_word(species)
        if key in seen:
            document.warn(path, f"{species!r} is also {format_place(table, seen[key])}; the box has one "
                          "tile of each species")
        else:
            seen[key] = path
    if len(table.board) + collected > BOX_TILES:
        document.warn(("board",), f"{len(table.board)} tiles on the board and {collected} collected make "
                      f"{len(table.board) + collected}; the box has {BOX_TILES} species tiles")


def format_place(table: Table, path: Path) -> str:
    """Where a species tile lies, in words that read the same in a file and on a player's screen:
    ``on the board (tile 5)``, ``among Ana's collected tiles (tile 2)``."""
    if path[0] == "board" and isinstance(path[1], int):
        return f"on the board (tile {path[1] + 1})"
    p, t = path[1], path[3]
    assert isinstance(p, int) and isinstance(t, int)
    return f"among {table.players[p].name}'s collected tiles (tile {t + 1})"


def check_progression(document: Document, table: Table, seated: Sequence[tuple[int, Player]]) -> None:
    """Cape Town: 'For each Habitat type, players receive points for the number of Books as shown.'

    The rulebook prints only three of the card's values, so the card's values come from
    the table; a count the card's values do not cover is an error naming the card.
    """
    if table.objective != "cape_town":
        return
    for p, player in seated:
        for habitat, count in player.books.items():
            if count and count not in table.progression:
                known = ", ".join(str(books) for books in sorted(table.progression))
                given = (f"'progression' gives values for {known} books" if known
                         else "'progression' is missing")
                document.report(
                    ("players", p, "books", habitat),
                    f"the Cape Town (Progression) card's value for {plural(count, 'book')} is needed; "
                    f"{given}",
                    hint=f"add '{count}: POINTS' to 'progression' as printed on the card",
                )


def check_habitats_given(document: Document, table: Table) -> None:
    """Tahiti and New South Wales count the icons of the tiles left on the board."""
    if table.objective not in ("tahiti", "new_south_wales"):
        return
    for i, (tile, holder) in enumerate(zip(table.board, take_tiles(table.board), strict=True)):
        if holder is None and tile.habitats is None and tile.level < LEVEL_4:
            document.report(("board", i), f"missing 'habitats': {tile.label} stays on the board, and "
                            f"{OBJECTIVE_TITLES[table.objective]} counts the icons of the tiles left",
                            hint="add 'habitats:' with the icons on the tile, e.g. [water, land]")
