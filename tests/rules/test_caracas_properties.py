"""Caracas invariants on random legal boards (every tile linked to row 1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorecalc.games.caracas import Explorer, Table, score
from scorecalc.games.caracas.animals import ANIMALS, VP, Rules, score_animals
from scorecalc.games.caracas.board import COLUMNS, LANDS, MIRROR_SIDE, OPPOSITE, SIDES, Board, Tile, step
from scorecalc.games.caracas.landscape import Figures
from tests.helpers import examples


@st.composite
def rivers_on(draw: st.DrawFn, sides: list[str]) -> tuple[frozenset[str], ...]:
    """Some of ``sides`` split into separate rivers (mostly one river, often two)."""
    chosen = draw(st.lists(st.sampled_from(sides), unique=True)) if sides else []
    pieces = [draw(st.integers(0, 1 if draw(st.booleans()) else 3)) for _ in chosen]
    return tuple(frozenset(side for side, piece in zip(chosen, pieces, strict=True) if piece == k)
                 for k in range(4) if k in pieces)


@st.composite
def tiles_at(draw: st.DrawFn, row: int, col: int, sides: list[str] | None = None) -> Tile:
    return Tile(
        row, col,
        land=draw(st.sampled_from(LANDS)),
        animals=tuple(draw(st.lists(st.sampled_from(ANIMALS), max_size=2, unique=True))),
        rivers=draw(rivers_on(list(SIDES) if sides is None else sides)),
    )


@st.composite
def boards(draw: st.DrawFn, max_rows: int = 6) -> Board:
    """Random squares filled, then only the tiles linked to row 1 kept."""
    rows = draw(st.integers(1, max_rows))
    tiles = [draw(tiles_at(row, col)) for row in range(1, rows + 1) for col in COLUMNS
             if draw(st.integers(0, 3))]  # three squares in four filled
    linked = Board(tiles)
    unlinked = set(linked.unlinked())
    return Board(tile for tile in tiles if tile.square not in unlinked)


FIGURES = st.builds(Figures, *(st.integers(0, 12) for _ in range(4)))
RULES = st.builds(Rules, caiman_ties=st.sampled_from(["count", "strict"]),
                  flamingo_min_run=st.integers(1, 6), snake_min_types=st.integers(1, 8),
                  snake_around=st.sampled_from([8, 4]), forks=st.sampled_from(["sides", "junctions"]))


@st.composite
def tables(draw: st.DrawFn) -> Table:
    count = draw(st.integers(1, 5))
    explorers = []
    for index in range(count):
        if draw(st.booleans()):
            explorers.append(Explorer(f"E{index}", draw(boards())))
        else:
            explorers.append(Explorer(f"E{index}", None, draw(FIGURES)))
    return Table(tuple(explorers), draw(RULES))


def test_a_mirrored_tile_swaps_east_and_west_in_every_river() -> None:
    tile = Tile(1, 1, "jungle", (), (frozenset("NW"), frozenset("ES")))
    assert tile.mirrored() == Tile(1, 4, "jungle", (), (frozenset("NE"), frozenset("WS")))


@settings(max_examples=examples(100))
@given(boards())
def test_mirroring_keeps_every_river_apart_and_swaps_its_sides(board: Board) -> None:
    for tile in board:
        mirror = board.mirrored()[(tile.row, 5 - tile.col)]
        assert len(mirror.rivers) == len(tile.rivers)
        assert {frozenset(MIRROR_SIDE[side] for side in river) for river in tile.rivers} == set(mirror.rivers)
    assert sorted(map(len, board.basins)) == sorted(map(len, board.mirrored().basins))


@settings(max_examples=examples(150))
@given(boards(), RULES)
def test_every_animal_scores_at_most_once(board: Board, rules: Rules) -> None:
    """A tile with two rivers lies in two basins, but its animal never scores twice."""
    for award in score_animals(board, rules):
        assert 0 <= award.points <= VP[award.animal] * len(board.showing(award.animal))


@settings(max_examples=examples(150))
@given(boards())
def test_every_river_is_in_exactly_one_basin(board: Board) -> None:
    rivers = [river for basin in board.basins for river in basin.rivers]
    assert len(rivers) == len(set(rivers)) == sum(len(tile.rivers) for tile in board)
    for tile in board:
        assert 1 <= len(board.basins_of(tile.square)) <= len(tile.rivers) or not tile.rivers


def mirrored(table: Table) -> Table:
    return Table(tuple(Explorer(e.name, e.board.mirrored() if e.board is not None else None, e.figures_given)
                       for e in table.explorers), table.rules)


@settings(max_examples=examples(150))
@given(tables())
def test_mirroring_every_board_left_to_right_changes_no_score(table: Table) -> None:
    before = score(table)
    after = score(mirrored(table))
    for one, other in zip(before.players, after.players, strict=True):
        assert [(i.category, i.item, i.points) for i in one.items] == \
               [(i.category, i.item, i.points) for i in other.items]
    assert before.winners == after.winners


@settings(max_examples=examples(100))
@given(tables(), st.randoms())
def test_reordering_explorers_changes_no_total(table: Table, random) -> None:
    order = list(table.explorers)
    random.shuffle(order)
    before = {p.name: (p.total, p.rank) for p in score(table).players}
    after = {p.name: (p.total, p.rank) for p in score(Table(tuple(order), table.rules)).players}
    assert before == after


@st.composite
def board_and_new_tile(draw: st.DrawFn, dry_facing: bool) -> tuple[Board, Tile]:
    board = draw(boards(max_rows=5))
    free = sorted(
        {step(tile.square, side) for tile in board for side in SIDES} - set(board.tiles)
        | {(1, col) for col in COLUMNS if (1, col) not in board}
    )
    free = [(row, col) for row, col in free if row >= 1 and col in COLUMNS]
    square = draw(st.sampled_from(free))
    facing = [side for side in SIDES if step(square, side) in board]
    allowed = [side for side in SIDES if side not in facing] if dry_facing else list(SIDES)
    return board, draw(tiles_at(*square, sides=allowed))


@settings(max_examples=examples(200))
@given(board_and_new_tile(dry_facing=True))
def test_adding_a_tile_whose_facing_sides_have_no_river_never_reduces_dead_ends(case) -> None:
    board, tile = case
    assert len(Board([*board, tile]).dead_ends) >= len(board.dead_ends)


@settings(max_examples=examples(300))
@given(board_and_new_tile(dry_facing=False))
def test_adding_any_tile_changes_dead_ends_only_at_its_own_square(case) -> None:
    """Before/after, counted properly: existing dead ends face existing tiles, so they stay;
    the new tile adds one per river side that meets a dry side across its edges, in either
    direction. Sides that faced the empty square were never dead ends, so the count never
    goes down, whatever rivers the new tile carries."""
    board, tile = case
    after = Board([*board, tile])
    added = 0
    for side in SIDES:
        neighbour = board.tiles.get(step(tile.square, side))
        if neighbour is None:
            continue
        mine, theirs = side in tile.river, OPPOSITE[side] in neighbour.river
        added += (mine and not theirs) + (theirs and not mine)
    assert len(after.dead_ends) == len(board.dead_ends) + added
    assert set(board.dead_ends) <= set(after.dead_ends)
