"""Caracas animal rules: one function per animal, quoting the rulebook.

Each rule takes a ``Board`` and the table's ``Rules`` and returns an ``Award``: the
points of every tile showing that animal, with a detail naming the squares
("Capybara group of 4 at ▢2, ◎2, ◎3, ▲3"). Geometry questions go to ``board.py``.
Readings are documented in ``docs/rules/caracas.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...sheet import plural
from .board import Basin, Board, Group, Square, label, where

COMMON = ("jaguar", "capybara", "howler_monkey", "piranha", "ibis")
RARE = (
    "sloth", "anaconda", "anteater", "tarantula", "poison_frog", "kinkajou", "shrimp",
    "squirrel_monkey", "butterfly", "guppy", "caiman", "sotalia", "electric_eel", "flamingo", "snake",
)
ANIMALS = COMMON + RARE
RIVER_ANIMALS = frozenset({"piranha", "guppy", "caiman", "sotalia", "electric_eel"})
"""They need a river on their tile; on a tile without river they score nothing."""

VP = {**dict.fromkeys(COMMON, 1), **dict.fromkeys(RARE, 2)}

PLURALS = {
    "howler_monkey": "howler monkeys", "ibis": "ibises", "poison_frog": "poison frogs",
    "squirrel_monkey": "squirrel monkeys", "butterfly": "butterflies", "guppy": "guppies",
    "electric_eel": "electric eels", "shrimp": "shrimps",
}

ALIASES = {
    "howler": "howler_monkey", "howlers": "howler_monkey", "eel": "electric_eel", "frog": "poison_frog",
    "poison_dart_frog": "poison_frog", "dart_frog": "poison_frog", "squirrel": "squirrel_monkey",
    "capibara": "capybara", "tucuxi": "sotalia", "dolphin": "sotalia", "caiman_crocodile": "caiman",
}


def title(animal: str) -> str:
    """``howler_monkey`` -> ``Howler Monkey``."""
    return animal.replace("_", " ").title()


def name(animal: str, count: int = 1) -> str:
    """``howler_monkey`` -> ``howler monkey`` / ``howler monkeys``."""
    if count == 1:
        return animal.replace("_", " ")
    return PLURALS.get(animal, animal.replace("_", " ") + "s")


MAX_LISTED = 8
"""Details list at most this many other basins' sizes (synthetic boards have thousands)."""


CAIMAN_TIES = {"count": "scores (a tied basin is a biggest one)",
               "strict": "does not score (only a basin with strictly the most tiles)"}
"""The Caiman's reading of a tie in players' words: what a Caiman in a basin tied for the most
tiles does under each (the one wording: score details, tally and the pad's choices)."""


@dataclass(frozen=True)
class Rules:
    """The readings a table may switch (``rules:`` in the YAML)."""

    caiman_ties: str = "count"
    """``count``: every basin tied for most tiles counts; ``strict``: only a basin strictly biggest."""
    flamingo_min_run: int = 5
    snake_min_types: int = 5
    snake_around: int = 8
    """``8``: the up-to-8 tiles around a Snake, diagonals included; ``4``: side neighbours."""
    forks: str = "sides"
    """``sides``: a river with k >= 3 sides is k - 2 forks/mergers; ``junctions``: 1."""


@dataclass(frozen=True)
class Award:
    animal: str
    points: int
    detail: str
    scoring: tuple[Square, ...] = ()
    """The tiles whose animal earned the points (``VP[animal]`` each), in reading order: the
    board picture's badges. The tiles the award is about are those showing the animal."""


def _tally(animal: str, verdicts: list[tuple[Square, bool, str]]) -> Award:
    """Points for per-tile verdicts ``(square, scores, reason)``, reasons in reading order."""
    scored = tuple(square for square, scores, _ in verdicts if scores)
    scoring = len(scored)
    reasons = "; ".join(reason for _, _, reason in verdicts)
    if len(verdicts) > 1:
        verb = "scores" if scoring == 1 else "score"
        reasons = f"{scoring} of {len(verdicts)} {name(animal, 2)} {verb} — {reasons}"
    return Award(animal, scoring * VP[animal], reasons, scored)


def _per_tile(board: Board, animal: str, test: Callable[[Square], tuple[bool, str]]) -> Award:
    """Judge each tile showing ``animal``; river animals on a tile without river score nothing."""
    verdicts = []
    for square in board.showing(animal):
        if animal in RIVER_ANIMALS and not board[square].river:
            verdicts.append((square, False, f"{label(square)}: no river on its tile, so it scores nothing"))
        else:
            scores, reason = test(square)
            verdicts.append((square, scores, f"{label(square)}: {reason}"))
    return _tally(animal, verdicts)


def _one_group_scores(animal: str, groups: list[Group], chosen: Group, why: str) -> Award:
    """Only ``chosen`` scores, 1 vp per tile; the others are listed with no vp."""
    detail = f"{title(animal)} group of {len(chosen)} at {where(chosen)} {why}"
    others = [group for group in groups if group is not chosen]
    if others:
        detail += "; no vp: " + "; ".join(f"group of {len(group)} at {where(group)}" for group in others)
    return Award(animal, len(chosen) * VP[animal], detail, tuple(sorted(chosen)))


# --- Common animals ----------------------------------------------------------------------


def score_jaguars(board: Board, rules: Rules) -> Award:
    """'Jaguar on a tile which isn't adjacent to any tile with another Jaguar.'"""

    def test(square: Square) -> tuple[bool, str]:
        others = [other for other in board.adjacent(square) if board[other].shows("jaguar")]
        if others:
            return False, f"jaguar next to it at {where(others)}"
        return True, "no jaguar on an adjacent tile"

    return _per_tile(board, "jaguar", test)


def score_capybaras(board: Board, rules: Rules) -> Award:
    """'Capybara in your biggest group of 1 or more Capybaras. A group is formed by
    orthogonally connected tiles, with that animal in each tile.'

    Only one group scores; with two biggest groups of equal size one of them scores.
    """
    groups = board.groups("capybara")
    biggest = max(groups, key=len)
    tied = sum(1 for group in groups if len(group) == len(biggest))
    why = "is the biggest" if tied == 1 else f"is one of {tied} biggest groups (only one scores)"
    return _one_group_scores("capybara", groups, biggest, why)


def score_howler_monkeys(board: Board, rules: Rules) -> Award:
    """'Howler Monkey in your smallest (!) group of 1 or more Howler Monkeys.'

    Only one group scores; with two smallest groups of equal size one of them scores.
    """
    groups = board.groups("howler_monkey")
    smallest = min(groups, key=len)
    tied = sum(1 for group in groups if len(group) == len(smallest))
    why = "is the smallest" if tied == 1 else f"is one of {tied} smallest groups (only one scores)"
    return _one_group_scores("howler_monkey", groups, smallest, why)


def score_piranhas(board: Board, rules: Rules) -> Award:
    """'Piranha in your river basin with the most Piranhas. Connected rivers form 1 river
    basin.'

    One basin scores. A Piranha on a tile with two rivers counts in each basin its tile's
    rivers belong to, and still scores at most once; one on a tile without river is in no
    basin and scores nothing.
    """
    per_basin = [(basin, found) for basin in board.basins
                 if (found := [square for square in basin if board[square].shows("piranha")])]
    dry = [square for square in board.showing("piranha") if not board[square].river]
    parts = []
    points = 0
    scored: tuple[Square, ...] = ()
    if per_basin:
        best_basin, best = max(per_basin, key=lambda pair: len(pair[1]))
        points = len(best) * VP["piranha"]
        scored = tuple(best)
        tied = sum(1 for _, found in per_basin if len(found) == len(best))
        most = "the most in any basin" if tied == 1 else f"{tied} basins tie for the most; only one scores"
        parts.append(f"{plural(len(best), 'piranha')} at {where(best)} in one basin "
                     f"({plural(len(best_basin), 'tile')}), {most}")
        parts.extend(_piranhas_elsewhere(per_basin, best_basin))
    if dry:
        parts.append(f"no river at {where(dry)}, so no basin and no vp")
    return Award("piranha", points, "; ".join(parts), scored)


def _piranhas_elsewhere(per_basin: list[tuple[Basin, list[Square]]], best_basin: Basin) -> list[str]:
    """The detail for the basins that do not score. A Piranha on a tile with two rivers
    may be in the scoring basin and in another; it scores once, with the first."""
    others = [found for basin, found in per_basin if basin is not best_basin]
    if not others:
        return []
    counts = ", ".join(f"{len(found)} at {where(found)}" for found in others) + \
        (" in another basin" if len(others) == 1 else " in other basins")
    elsewhere = {square for found in others for square in found}
    shared = elsewhere & best_basin.tiles
    if not shared:
        return [f"no vp: {counts}"]
    unscored = elsewhere - shared
    return [f"also {counts}: {where(shared)} lies in two basins (a tile with two rivers) and scores once"
            + (f"; no vp: {where(unscored)}" if unscored else "")]


def score_ibises(board: Board, rules: Rules) -> Award:
    """'Ibis in an orthogonal or diagonal sequence of at least 3 tiles with 1 Ibis in each
    tile. An Ibis can be part of several straight sequences of 3 or more Ibis tiles. But
    each Common animal, so each Ibis too, can only score 1 vp.'"""
    ibises = board.showing("ibis")
    runs = board.straight_runs("ibis", 3)
    scoring = {square for run in runs for square in run}
    if not runs:
        return Award("ibis", 0, f"no straight line of 3 ibises ({plural(len(ibises), 'ibis', 'ibises')} "
                                f"at {where(ibises)})")
    detail = f"{len(scoring)} of {plural(len(ibises), 'ibis', 'ibises')} in straight lines of 3 or more: " + \
        "; ".join(" - ".join(label(square) for square in run) for run in runs)
    alone = sorted(set(ibises) - scoring)
    if alone:
        detail += f"; no vp: {where(alone)}"
    return Award("ibis", len(scoring) * VP["ibis"], detail, tuple(sorted(scoring)))


# --- Rare animals ------------------------------------------------------------------------


def _in_strictly_largest(board: Board, animal: str, land: str) -> Award:
    areas = board.areas(land)
    largest = max((len(area) for area in areas), default=0)
    count_largest = sum(1 for area in areas if len(area) == largest)

    def test(square: Square) -> tuple[bool, str]:
        tile = board[square]
        if tile.land != land:
            return False, f"on {tile.land}, not in a {land}"
        size = len(board.area_of(square))
        if size < largest:
            return False, f"{land} of {plural(size, 'tile')}; the largest has {largest}"
        if count_largest > 1:
            return False, (f"{land} of {plural(size, 'tile')}, equally large as another "
                           "(equally large isn't enough)")
        return True, f"in the largest {land} ({plural(size, 'tile')})"

    return _per_tile(board, animal, test)


def score_sloths(board: Board, rules: Rules) -> Award:
    """'Sloth in your largest Jungle. (Equally large isn't enough.)'"""
    return _in_strictly_largest(board, "sloth", "jungle")


def score_anacondas(board: Board, rules: Rules) -> Award:
    """'Anaconda in your largest Swamp. (Equally large isn't enough.)'"""
    return _in_strictly_largest(board, "anaconda", "swamp")


def score_anteaters(board: Board, rules: Rules) -> Award:
    """'Anteater in your largest Savannah. (Equally large isn't enough.)'"""
    return _in_strictly_largest(board, "anteater", "savannah")


def score_tarantulas(board: Board, rules: Rules) -> Award:
    """'Tarantula if adjacent to only 1 other land tile.'"""

    def test(square: Square) -> tuple[bool, str]:
        adjacent = board.adjacent(square)
        if len(adjacent) == 1:
            return True, f"exactly 1 adjacent tile ({where(adjacent)})"
        return False, f"{plural(len(adjacent), 'adjacent tile')}, not 1"

    return _per_tile(board, "tarantula", test)


def score_poison_frogs(board: Board, rules: Rules) -> Award:
    """'Poison Frog if it has no tile adjacent at its south side.'"""

    def test(square: Square) -> tuple[bool, str]:
        south = (square[0] + 1, square[1])
        if south in board:
            return False, f"a tile south of it at {label(south)}"
        return True, "no tile south of it"

    return _per_tile(board, "poison_frog", test)


def _no_neighbour_showing(board: Board, animal: str, shunned: str) -> Award:
    def test(square: Square) -> tuple[bool, str]:
        found = [other for other in board.adjacent(square) if board[other].shows(shunned)]
        if found:
            return False, f"{name(shunned)} next to it at {where(found)}"
        return True, f"no {name(shunned)} on an adjacent tile"

    return _per_tile(board, animal, test)


def score_kinkajous(board: Board, rules: Rules) -> Award:
    """'Kinkajou if not connected to a tile with a Jaguar.'"""
    return _no_neighbour_showing(board, "kinkajou", "jaguar")


def score_shrimps(board: Board, rules: Rules) -> Award:
    """'Shrimp if not connected to a tile with an Ibis.'"""
    return _no_neighbour_showing(board, "shrimp", "ibis")


def score_squirrel_monkeys(board: Board, rules: Rules) -> Award:
    """'Squirrel Monkey if not connected to a tile with a Howler Monkey.'"""
    return _no_neighbour_showing(board, "squirrel_monkey", "howler_monkey")


def score_butterflies(board: Board, rules: Rules) -> Award:
    """'Butterfly if not connected to a tile with a Capybara.'"""
    return _no_neighbour_showing(board, "butterfly", "capybara")


def score_guppies(board: Board, rules: Rules) -> Award:
    """'Guppy if the 4 river sides don't connect to a river with a Piranha in that
    adjacent tile.'"""

    def test(square: Square) -> tuple[bool, str]:
        found = [other for other in board.river_neighbours(square) if board[other].shows("piranha")]
        if found:
            return False, f"its river connects to a piranha at {where(found)}"
        return True, "no river-connected adjacent tile shows a piranha"

    return _per_tile(board, "guppy", test)


def score_caimans(board: Board, rules: Rules) -> Award:
    """'Caiman if it's in your biggest (most tiles) river basin.'

    With ``caiman_ties: count`` every basin tied for most tiles counts; with ``strict``
    only a basin with strictly more tiles than every other. A Caiman on a tile with two
    rivers is in both their basins and scores (once) if either is the biggest.
    """
    sizes = sorted((len(basin) for basin in board.basins), reverse=True)
    biggest = sizes[0] if sizes else 0
    tied = sizes.count(biggest)
    others = sizes[1:]
    shown = ", ".join(map(str, others[:MAX_LISTED])) + (", ..." if len(others) > MAX_LISTED else "")
    compared = f"other basins {shown}" if others else "the only basin"

    def test(square: Square) -> tuple[bool, str]:
        size = max(len(basin) for basin in board.basins_of(square))
        where_it_is = _basin_sizes(board, square)
        if size < biggest:
            return False, f"{where_it_is}; the biggest has {biggest}"
        if tied > 1:
            with_others = "another" if tied == 2 else f"{tied - 1} others"
            reading = CAIMAN_TIES[rules.caiman_ties].replace(" (", ": ", 1).removesuffix(")")
            return rules.caiman_ties == "count", (f"tied biggest basin ({plural(size, 'tile')}, with "
                                                  f"{with_others}); {reading}")
        return True, f"in the biggest basin ({plural(size, 'tile')}; {compared})"

    return _per_tile(board, "caiman", test)


def _basin_sizes(board: Board, square: Square) -> str:
    """'basin of 5 tiles', or 'in two basins (5 and 2 tiles)' for a tile with two rivers."""
    sizes = [len(basin) for basin in board.basins_of(square)]
    if len(sizes) == 1:
        return f"basin of {plural(sizes[0], 'tile')}"
    return f"in {len(sizes)} basins ({' and '.join(map(str, sizes))} tiles)"


def score_sotalias(board: Board, rules: Rules) -> Award:
    """'Sotalia if its river leads, through 1 or more other tiles (!), to the SEA.'

    Reading: a basin of its tile has a sea mouth on a tile other than its own. On a tile
    with two rivers both basins count, but a mouth on its own tile never does, whichever
    of the tile's rivers meets the SEA: water reaching the SEA there has passed through no
    other tile.
    """

    def test(square: Square) -> tuple[bool, str]:
        mouths = sorted({other for basin in board.basins_of(square) for other in board.sea_mouths(basin)
                         if other != square})
        if mouths:
            return True, f"its river reaches the sea through {where(mouths)}"
        if board.is_sea_mouth(square):
            return False, "its own tile is the only sea mouth of its basin" + \
                ("s" if len(board.basins_of(square)) > 1 else "")
        return False, "its basin does not reach the sea"

    return _per_tile(board, "sotalia", test)


def score_electric_eels(board: Board, rules: Rules) -> Award:
    """'Electric Eel if each of the 3 river sides is connected to a river on another land
    tile.' (Read for any number of river sides.)"""

    def test(square: Square) -> tuple[bool, str]:
        loose = [side for side in sorted(board[square].river) if not board.river_connects(square, side)]
        if loose:
            return False, f"river side{'s' if len(loose) > 1 else ''} {', '.join(loose)} not connected to " \
                          "another tile's river"
        sides = len(board[square].river)
        return True, ("its river side connects to an adjacent tile" if sides == 1
                      else f"all {sides} river sides connect to adjacent tiles")

    return _per_tile(board, "electric_eel", test)


def score_flamingos(board: Board, rules: Rules) -> Award:
    """'The Flamingo is in a column of 4 connected tiles, not enough for the vp.' (worked
    example). Reading: it scores in a run of >= ``flamingo_min_run`` tiles in its column."""

    def test(square: Square) -> tuple[bool, str]:
        run = board.column_run(square)
        span = f"{label(run[0])}-{label(run[-1])}"
        if len(run) >= rules.flamingo_min_run:
            return True, f"in a column of {len(run)} connected tiles ({span})"
        return False, f"in a column of {plural(len(run), 'connected tile')} ({span}); needs " \
                      f"{rules.flamingo_min_run}"

    return _per_tile(board, "flamingo", test)


def score_snakes(board: Board, rules: Rules) -> Award:
    """'The Snake has 4 different animal types around (3 common and 1 rare), just not
    enough for the vp.' (worked example). Reading: it scores when the up-to-8 tiles around
    it show >= ``snake_min_types`` different animal types (``snake_around: 4``: only the
    tiles at its sides, as 'around' reads for the Kinkajou)."""
    neighbours = board.around if rules.snake_around == 8 else board.adjacent

    def test(square: Square) -> tuple[bool, str]:
        kinds = sorted({animal for other in neighbours(square) for animal in board[other].animals},
                       key=ANIMALS.index)
        shown = ", ".join(name(kind) for kind in kinds) or "none"
        verdict = len(kinds) >= rules.snake_min_types
        needs = "" if verdict else f"; needs {rules.snake_min_types}"
        return verdict, f"{plural(len(kinds), 'animal type')} around ({shown}){needs}"

    return _per_tile(board, "snake", test)


RULES: dict[str, Callable[[Board, Rules], Award]] = {
    "jaguar": score_jaguars,
    "capybara": score_capybaras,
    "howler_monkey": score_howler_monkeys,
    "piranha": score_piranhas,
    "ibis": score_ibises,
    "sloth": score_sloths,
    "anaconda": score_anacondas,
    "anteater": score_anteaters,
    "tarantula": score_tarantulas,
    "poison_frog": score_poison_frogs,
    "kinkajou": score_kinkajous,
    "shrimp": score_shrimps,
    "squirrel_monkey": score_squirrel_monkeys,
    "butterfly": score_butterflies,
    "guppy": score_guppies,
    "caiman": score_caimans,
    "sotalia": score_sotalias,
    "electric_eel": score_electric_eels,
    "flamingo": score_flamingos,
    "snake": score_snakes,
}


def score_animals(board: Board, rules: Rules) -> list[Award]:
    """One award per animal kind shown on the board, common animals first."""
    return [RULES[animal](board, rules) for animal in ANIMALS if board.showing(animal)]
