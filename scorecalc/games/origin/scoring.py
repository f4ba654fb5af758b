"""On the Origin of Species scored: the majority step on the board, the species tiles, and the books.

End-game scoring in the rulebook's order: each species tile still on the board goes to
the player with strictly the most Observation Cubes on it; every tile a player obtained
(during the game or now) scores; then the books score by the Level 4 Darwin's Journal
card. The Advanced game scores matching species instead of 1 per tile; the Family
variant has no books and no objectives. Readings are documented in ``docs/rules/origin.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...reading.words import normalise_word
from ...sheet import PlayerScore, ScoreSheet, TieBreak, ordinal, plural, rank, split_places
from .declaration import CATEGORIES, HABITATS, OBJECTIVE_TITLES
from .table import Player, Table, Tile, take_tiles

ADVANCED_POINTS = (2, 5, 8, 12, 16, 20)
"""Victory points for 1-6 matching species tiles (Appendix 2, Advanced Game)."""
PLYMOUTH_POINTS = (6, 3, 1)
SYDNEY_SET = 3
NEW_ZEALAND_SET = 4
KNOWLEDGE_POINTS = 2
"""Tahiti / New South Wales: 2 points for each book of the habitat(s) named."""


# --- the majority step, described (who takes each tile: table.majority_holder) -------------------


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
    sheet = ScoreSheet("origin", CATEGORIES, tuple(scores), notes=tuple(notes), extra={
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
