"""On the Origin of Species: the majority step on the board, the species tiles, and the books.

End-game scoring in the rulebook's order: each species tile still on the board goes to
the player with strictly the most Observation Cubes on it; every tile a player obtained
(during the game or now) scores; then the books score by the Level 4 Darwin's Journal
card. The Advanced game scores matching species instead of 1 per tile; the Family
variant has no books and no objectives. Readings are documented in ``docs/rules/origin.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import Path, format_path, quoted
from ...reading.document import Document
from ...reading.words import did_you_mean, normalise_word
from ...sheet import PlayerScore, ScoreSheet, TieBreak, ordinal, plural, rank, split_places
from ...spec import Choice, Either, Field, Flag, Int, ListOf, MapOf, Record, Text
from .. import Game, player_name_field

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

ADVANCED_POINTS = (2, 5, 8, 12, 16, 20)
"""Victory points for 1-6 matching species tiles (Appendix 2, Advanced Game)."""
PLYMOUTH_POINTS = (6, 3, 1)
SYDNEY_SET = 3
NEW_ZEALAND_SET = 4
KNOWLEDGE_POINTS = 2
"""Tahiti / New South Wales: 2 points for each book of the habitat(s) named."""

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
    "players": Field(ListOf(PLAYER, min_items=2, max_items=4), required=True,
                     doc="the 2-4 players in turn order (first = start player)"),
}


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
        for key in ("objective", "progression"):
            if key in data:
                document.warn((key,), f"the Family variant has no objectives; {key!r} is ignored")
        return None
    if "objective" not in data:
        if ("objective",) not in document.positions.values:  # else refused, and already reported
            document.report((), f"missing 'objective': the {variant} game scores books by its Level 4 card",
                            hint="add 'objective:' with one of " + ", ".join(OBJECTIVE_TITLES))
        return None
    objective: str = data["objective"]
    if "progression" in data and objective != "cape_town":
        document.warn(("progression",), f"only Cape Town uses 'progression'; the objective is "
                      f"{OBJECTIVE_TITLES[objective]}, so it is ignored")
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
            document.warn(path, f"{species!r} is also at {format_place(seen[key])}; the box has one tile of "
                          "each species")
        else:
            seen[key] = path
    if len(table.board) + collected > BOX_TILES:
        document.warn(("board",), f"{len(table.board)} tiles on the board and {collected} collected make "
                      f"{len(table.board) + collected}; the box has {BOX_TILES} species tiles")


def format_place(path: Path) -> str:
    return format_path(path[:-1] if path[-1] == "species" else path)


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


def describe_cubes(tile: Tile, names: Sequence[str]) -> str:
    """``Rachel 2 cubes, Ezra 1``."""
    return ", ".join(f"{names[p]} {plural(count, 'cube') if n == 0 else count}"
                     for n, (p, count) in enumerate(tile.cubes))


def describe_majority(tile: Tile, holder: int | None, names: Sequence[str]) -> str:
    """``Rachel 2 cubes, Ezra 1 -> Rachel`` (after the tile's label)."""
    if not tile.cubes:
        return "no cubes -> stays on the board"
    outcome = names[holder] if holder is not None else "tied, nobody takes it"
    return f"{describe_cubes(tile, names)} -> {outcome}"


# --- species tiles -------------------------------------------------------------------------------


def score_species_tiles(player: Player, taken: Sequence[tuple[Tile, str]], table: Table,
                        score: PlayerScore) -> None:
    """'Players then score 1 point for each Species Tile they have obtained.' — during the
    game ('Species Tiles collected during the game are worth 1 victory point at the end of the
    game') and by the majority step. In the Advanced game they score as matching species."""
    advanced = table.variant == "advanced"
    objectives = species_objectives(table, player)
    collected = player.collected
    count = collected if isinstance(collected, int) else len(collected)
    listed = plural(collected, "tile") if isinstance(collected, int) else ", ".join(collected)
    if not count:
        score.add("Species tiles", "Collected during the game", 0, "no tiles collected during the game")
    elif advanced:
        score.add("Species tiles", "Collected during the game", 0, f"{listed}: scored under Matching species")
    else:
        score.add("Species tiles", "Collected during the game", count, f"{listed}: 1 each")
    for tile, cubes in taken:
        detail = "taken at the end: " + cubes
        if advanced:
            score.add("Species tiles", tile.label, 0, detail + "; scored under Matching species")
        else:
            score.add("Species tiles", tile.label, 1, detail)
    if advanced:
        during = collected if isinstance(collected, tuple) else ()
        acquired = [*during, *(tile.species for tile, _ in taken)]
        score.add("Species tiles", "Matching species", *matching_species(acquired, objectives))


def species_objectives(table: Table, player: Player) -> dict[str, str]:
    """Normalised species -> where it is an objective ('public' or 'private')."""
    found = {normalise_word(species): "private" for species in player.private_species}
    found.update({normalise_word(species): "public" for species in table.public_species})
    return found


def matching_species(tiles: Sequence[str], objectives: Mapping[str, str]) -> tuple[int, str]:
    """'Players count up the number of acquired Tiles that match the species on public or private
    Objectives' and score 2/5/8/12/16/20 for 1-6; other tiles score nothing ('instead of scoring
    1 point per Species Tile')."""
    matching = [f"{species} ({objectives[normalise_word(species)]})" for species in tiles
                if normalise_word(species) in objectives]
    others = [species for species in tiles if normalise_word(species) not in objectives]
    count = len(matching)
    points = ADVANCED_POINTS[min(count, len(ADVANCED_POINTS)) - 1] if count else 0
    scale = "/".join(str(value) for value in ADVANCED_POINTS)
    detail = f"{plural(count, 'matching tile')}" + (f": {', '.join(matching)}" if matching else "")
    detail += f" -> {points} on the {scale} scale"
    if count > len(ADVANCED_POINTS):
        detail += f"; the table stops at {len(ADVANCED_POINTS)}"
    if others:
        detail += f"; no objective shows {', '.join(others)}"
    return points, detail


# --- books: the Level 4 cards --------------------------------------------------------------------


def score_sets(books: Mapping[str, int]) -> tuple[int, str]:
    """Sydney: 'Players score 3 points for each set of 3 different Books.'"""
    sets = min(books.values())
    shown = ", ".join(f"{habitat} {count}" for habitat, count in books.items())
    return sets * SYDNEY_SET, f"{shown}: {plural(sets, 'set')} of all three × {SYDNEY_SET}"


def score_progression(habitat: str, count: int, progression: Mapping[int, int]) -> tuple[int, str]:
    """Cape Town: 'For each Habitat type, players receive points for the number of Books as shown.'"""
    if not count:
        return 0, f"no {habitat} books"
    return progression[count], f"{plural(count, habitat + ' book')}: {progression[count]} on the card"


def score_habitat_majority(
    habitat: str, counts: Sequence[int], names: Sequence[str]
) -> list[tuple[int, str]]:
    """Plymouth: 'For each Habitat type, the player with the 1st, 2nd, and 3rd most Books will earn
    6, 3, and 1 points.' Ties: 'the tying players share the available points, rounding down', and
    'a player must have at least some matching ... Books'."""
    values = [count or None for count in counts]
    result = []
    for value, place in zip(values, split_places(values, PLYMOUTH_POINTS, rounding="down"), strict=True):
        if value is None or place.place is None:
            result.append((0, f"no {habitat} books (a player needs at least one)"))
            continue
        won = place.points
        books = plural(value, habitat + " book")
        if not place.tied:
            standing = f"{books}, {most_place(place.place)}"
            result.append((won, f"{standing}: {won}" if won else f"{standing}: only the top 3 score"))
            continue
        others = ", ".join(names[j] for j in place.tied)
        shared = " + ".join(str(points) for points in place.shares)
        result.append((won, f"{books}, tied for {most_place(place.place)} with {others}: "
                            f"({shared}) / {len(place.shares)} rounded down = {won}"))
    return result


def score_habitat_trio(habitat: str, count: int) -> tuple[int, str]:
    """New Zealand: 'For each habitat type, players score 4 points for every 4 Books.'"""
    sets = count // NEW_ZEALAND_SET
    detail = f"{plural(count, habitat + ' book')}: {plural(sets, 'set')} of {NEW_ZEALAND_SET}"
    detail += f" × {NEW_ZEALAND_SET}"
    return sets * NEW_ZEALAND_SET, detail


def habitat_tile_counts(board: Sequence[Tile], holders: Sequence[int | None]) -> dict[str, int]:
    """'After Species Tiles are removed in end-game scoring, count how many of the remaining Species
    Tiles in play have at least one icon matching each Habitat type.'"""
    counts = dict.fromkeys(HABITATS, 0)
    for tile, holder in zip(board, holders, strict=True):
        if holder is None:
            for habitat in set(tile.habitats or ()):
                counts[habitat] += 1
    return counts


def accepted_knowledge(counts: Mapping[str, int]) -> list[str]:
    """Tahiti: 'Whichever Habitat type(s) is the most common (has the largest number of Tiles
    showing that icon)'. A habitat on no tile is not common at all, so it never qualifies."""
    most = max(counts.values())
    return [habitat for habitat, count in counts.items() if count == most and count > 0]


def rare_knowledge(counts: Mapping[str, int]) -> list[str]:
    """New South Wales: 'Whichever Habitat type(s) is the rarest (has the fewest number of Tiles
    showing that icon)'. A habitat on no tile is the rarest of all."""
    fewest = min(counts.values())
    return [habitat for habitat, count in counts.items() if count == fewest]


def score_knowledge(habitat: str, count: int, chosen: Sequence[str], counts: Mapping[str, int],
                    most: bool) -> tuple[int, str]:
    """Tahiti / New South Wales: 'players score 2 points for each Book of that type'."""
    word = "most" if most else "least"
    tiles = plural(counts[habitat], "tile")
    if habitat in chosen:
        return count * KNOWLEDGE_POINTS, (f"{habitat} is the {word} common habitat on the tiles left "
                                          f"({tiles}): {plural(count, 'book')} × {KNOWLEDGE_POINTS}")
    return 0, f"{habitat} is not the {word} common habitat on the tiles left ({tiles})"


def knowledge_note(counts: Mapping[str, int], chosen: Sequence[str]) -> str:
    shown = ", ".join(f"{habitat} {count}" for habitat, count in counts.items())
    if chosen:
        outcome = " and ".join(chosen) + f" books score {KNOWLEDGE_POINTS} each"
    else:
        outcome = "no habitat shows on a tile left, so no books score"
    return f"Tiles left on the board showing each habitat: {shown} -> {outcome}."


def score_books(table: Table, scores: Sequence[PlayerScore], notes: list[str]) -> None:
    """'Next, score the Books that players have collected according to the end-game Objective Card.'"""
    objective = table.objective
    players = table.players
    if objective is None:
        for score in scores:
            score.add("Books", "Books", 0, "no books or objectives in the Family variant")
        return
    title = OBJECTIVE_TITLES[objective]
    notes.append(f"Level 4 card: {title}.")
    if objective == "sydney":
        for player, score in zip(players, scores, strict=True):
            score.add("Books", "Sets of three habitats", *score_sets(player.books))
        return
    per_habitat: dict[str, list[tuple[int, str]]] = {}
    if objective == "plymouth":
        names = [player.name for player in players]
        per_habitat = {habitat: score_habitat_majority(habitat, [player.books[habitat] for player in players],
                                                       names)
                       for habitat in HABITATS}
    elif objective == "cape_town":
        per_habitat = {habitat: [score_progression(habitat, player.books[habitat], table.progression)
                                 for player in players] for habitat in HABITATS}
    elif objective == "new_zealand":
        per_habitat = {habitat: [score_habitat_trio(habitat, player.books[habitat]) for player in players]
                       for habitat in HABITATS}
    else:
        most = objective == "tahiti"
        counts = habitat_tile_counts(table.board, take_tiles(table.board))
        chosen = accepted_knowledge(counts) if most else rare_knowledge(counts)
        notes.append(knowledge_note(counts, chosen))
        per_habitat = {habitat: [score_knowledge(habitat, player.books[habitat], chosen, counts, most)
                                 for player in players] for habitat in HABITATS}
    for habitat in HABITATS:
        for score, (points, detail) in zip(scores, per_habitat[habitat], strict=True):
            score.add("Books", f"{habitat.capitalize()} books", points, detail)


# --- the whole table -----------------------------------------------------------------------------


def score(table: Table) -> ScoreSheet:
    players = table.players
    names = [player.name for player in players]
    holders = take_tiles(table.board)
    notes = ["", "Majority on each tile at the end:"]
    taken: list[list[tuple[Tile, str]]] = [[] for _ in players]
    for tile, holder in zip(table.board, holders, strict=True):
        notes.append(f"  {tile.label}: {describe_majority(tile, holder, names)}")
        if holder is not None:
            taken[holder].append((tile, describe_cubes(tile, names)))
    if not table.board:
        notes.append("  no tiles on the board")
    scores = []
    for p, player in enumerate(players):
        sheet_player = PlayerScore(player.name)
        sheet_player.add("Game score", "Scoring track", player.score, "before end-game scoring")
        score_species_tiles(player, taken[p], table, sheet_player)
        scores.append(sheet_player)
    score_books(table, scores, notes)
    sheet = ScoreSheet("origin", CATEGORIES, scores, notes=notes, extra={
        "variant": table.variant,
        "objective": table.objective,
        "board": [
            {"species": tile.species, "level": tile.level, "starting": tile.starting,
             "cubes": {names[p]: count for p, count in tile.cubes},
             "taken_by": names[holder] if holder is not None else None}
            for tile, holder in zip(table.board, holders, strict=True)
        ],
    })
    return rank(sheet, tiebreaks(table))


def tiebreaks(table: Table) -> list[TieBreak]:
    """'In case of a tie, the player with most total Books on their cards wins. If there is still
    a tie, the tied player who was last in turn order is the winner.' The Family variant has no
    books: 'the winner will be the tied player who was last in turn order'."""
    players = table.players
    later = TieBreak("later in turn order", lambda i: i, lambda i: f"{ordinal(i + 1)}")
    if table.variant == "family":
        return [later]
    most_books = TieBreak("most books", lambda i: players[i].total_books,
                          lambda i: plural(players[i].total_books, "book"))
    return [most_books, later]


def most_place(n: int) -> str:
    """``the most``, ``the 2nd most``..."""
    return "the most" if n == 1 else f"the {ordinal(n)} most"


def example(players: int) -> dict[str, Any]:
    """A plausible finished Standard table for ``players`` players (the starter template)."""
    names = [f"Player {i + 1}" for i in range(players)]
    board: list[dict[str, Any]] = [
        {"species": "Lava Lizard", "starting": True, "habitats": ["land"], "cubes": {names[0]: 1}},
        {"species": "Galapagos Penguin", "starting": True, "habitats": ["water"], "cubes": {}},
        {"species": "Sea Lion", "level": 3, "habitats": ["water", "water", "land"],
         "cubes": {names[1]: 2, names[0]: 1}},
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


GAME = Game(
    name="origin",
    title="On the Origin of Species",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    example=example,
    checks_partial=True,
    interview=__name__ + ".interview",
)
