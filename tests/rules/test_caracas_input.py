"""Caracas input: the grid form, the explicit form, checks, warnings, the board echo."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorecalc.games.caracas.animals import ANIMALS
from scorecalc.games.caracas.board import LANDS, SIDES, Tile
from scorecalc.games.caracas.grid import GridError, parse_grid, render_grid, token_of
from scorecalc.pipeline import score_source
from scorecalc.reading.loading import Source
from tests.helpers import EXAMPLES, error_of, run_cli, score_text

ALEX = EXAMPLES / "caracas" / "rulebook-alex.yaml"


def one_explorer(tiles: str) -> str:
    return "game: caracas\nplayers:\n  - name: Alex\n    tiles:\n" + tiles


# --- grid form -----------------------------------------------------------------------------


def test_token_grammar() -> None:
    (found,) = parse_grid("swIBpi~nes . . .")
    assert found.tile == Tile(1, 1, "swamp", ("ibis", "piranha"), (frozenset("NES"),))
    assert token_of(found.tile) == "SwIbPi~NES"


def test_rows_skip_blank_and_comment_lines_and_comments_end_lines() -> None:
    tiles = parse_grid("# ✻ ▢ ◎ ▲\n\nJu . . .   # row 1\n\nSa~N . . .\n")
    assert [(g.tile.row, g.tile.col, g.tile.land) for g in tiles] == [(1, 1, "jungle"), (2, 1, "savannah")]


def test_explicit_and_grid_forms_agree() -> None:
    grid = score_text("game: caracas\nplayers:\n  - name: A\n    grid: |\n      JuJaSl~NS Sa . .\n")
    explicit = score_text(one_explorer(
        "      - {row: 1, col: asterisk, land: jungle, animals: [jaguar, sloth], river: [N, S]}\n"
        "      - {row: 1, col: 2, land: savannah}\n"))
    assert grid.state.explorers[0].board.tiles == explicit.state.explorers[0].board.tiles


TILES = st.builds(
    Tile,
    row=st.integers(1, 8),
    col=st.integers(1, 4),
    land=st.sampled_from(LANDS),
    animals=st.lists(st.sampled_from(ANIMALS), max_size=2, unique=True).map(tuple),
    rivers=st.lists(st.sampled_from(SIDES), unique=True).flatmap(
        lambda sides: st.lists(st.integers(0, 3), min_size=len(sides), max_size=len(sides)).map(
            lambda pieces: tuple(frozenset(s for s, p in zip(sides, pieces, strict=True) if p == k)
                                 for k in set(pieces)))),
)


@given(st.lists(TILES, max_size=32, unique_by=lambda tile: tile.square))
def test_grid_round_trips_to_the_explicit_form(tiles: list[Tile]) -> None:
    text = render_grid(tiles)
    back = [found.tile for found in parse_grid(text)]
    assert sorted(back, key=lambda t: t.square) == sorted(tiles, key=lambda t: t.square)
    assert render_grid(back) == text


@pytest.mark.parametrize(("token", "message", "at"), [
    ("Xx", "'Xx' is not a land", 0),
    ("JuJaQq", "unknown animal code 'Qq'", 4),
    ("JuJ", "one letter is left over", 2),
    ("JuJaJa", "shows the jaguar twice", 4),
    ("JuJaPiCm", "3 animals; a tile shows at most 2", 6),
    ("Ju~", "'~' must be followed by river sides", 2),
    ("Ju~NX", "'X' is not a river side", 4),
    ("Ju~NN", "river side N given twice", 4),
    ("Ju-Ja", "unexpected '-'", 2),
])
def test_unreadable_tokens(token: str, message: str, at: int) -> None:
    with pytest.raises(GridError) as caught:
        parse_grid(f"Ju . . .\n.  {token} . .")
    assert message in caught.value.message
    assert (caught.value.line, caught.value.offset) == (1, 3 + at)


def test_a_row_needs_four_squares() -> None:
    with pytest.raises(GridError, match="row 1 has 5 squares"):
        parse_grid("Ju . . . Ju")
    with pytest.raises(GridError, match="row 2 has 3 squares"):
        parse_grid("Ju . . .\nJu . .")


def test_a_grid_has_at_most_73_rows() -> None:
    parse_grid("Ju . . .\n" * 73)
    with pytest.raises(GridError, match="row 74: a board has at most 73 rows"):
        parse_grid("Ju . . .\n" * 74)


def test_error_in_a_block_grid_points_at_the_token() -> None:
    text = ("game: caracas\n"                      # line 1
            "players:\n"                           # 2
            "  - name: Alex\n"                     # 3
            "    grid: |  # the table\n"           # 4
            "      # ✻  ▢  ◎  ▲\n"                 # 5
            "      Ju   Ju  .  .\n"                # 6
            "\n"                                   # 7
            "      Ju   JuQq  .  .\n")             # 8: 'Qq' starts at column 14
    error = error_of(text)
    assert error.path == ("players", 0, "grid")
    assert "unknown animal code 'Qq'" in error.message
    assert (error.position.line, error.position.column) == (8, 14)


def test_error_in_a_one_line_grid_points_at_the_token() -> None:
    error = error_of('game: caracas\nplayers:\n  - name: A\n    grid: "Ju Jq . ."\n')
    assert (error.position.line, error.position.column) == (4, 15)
    assert "'Jq' is not a land" in error.message


def test_cli_prints_the_token_position(write_yaml) -> None:
    path = write_yaml("game: caracas\nplayers:\n  - name: A\n    grid: |\n      Ju Ju~NZ . .\n")
    result = run_cli("caracas", str(path))
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(
        ":5:14: players[0] (A).grid: token 'Ju~NZ': 'Z' is not a river side (N, E, S, W)")


def test_checks_on_grid_tiles_point_at_the_token() -> None:
    error = error_of("game: caracas\nplayers:\n  - name: A\n    grid: |\n      Ju . . .\n      . . . Sa\n")
    assert "not linked to row 1" in error.message
    assert (error.position.line, error.position.column) == (6, 13)


# --- explicit form and checks -------------------------------------------------------------


def test_columns_by_number_symbol_or_name() -> None:
    scored = score_text(one_explorer(
        "      - {row: 1, col: 1, land: jungle}\n"
        "      - {row: 1, col: square, land: jungle}\n"
        "      - {row: 1, col: ◎, land: jungle}\n"
        "      - {row: 1, col: Triangle, land: jungle}\n"))
    assert sorted(scored.state.explorers[0].board.tiles) == [(1, 1), (1, 2), (1, 3), (1, 4)]


@pytest.mark.parametrize(("tiles", "path", "message"), [
    ("      - {row: 1, col: 5, land: jungle}\n", ("players", 0, "tiles", 0, "col"), "at most 4"),
    ("      - {row: 1, col: hexagon, land: jungle}\n", ("players", 0, "tiles", 0, "col"), "unknown column"),
    ("      - {row: 1, col: 1, land: jungle}\n      - {row: 1, col: asterisk, land: swamp}\n",
     ("players", 0, "tiles", 1), "two tiles on ✻1"),
    ("      - {row: 1, col: 1, land: jungle}\n      - {row: 3, col: 1, land: swamp}\n",
     ("players", 0, "tiles", 1), "not linked to row 1"),
    ("      - {row: 1, col: 1, land: jungle, animals: [jaguar, sloth, ibis]}\n",
     ("players", 0, "tiles", 0, "animals"), "at most 2"),
    ("      - {row: 1, col: 1, land: jungle, animals: [jaguar, Jaguar]}\n",
     ("players", 0, "tiles", 0, "animals", 1), "listed twice"),
    ("      - {row: 1, col: 1, land: jungle, river: [N, n]}\n",
     ("players", 0, "tiles", 0, "river", 1), "listed twice"),
    ("      - {row: 1, col: 1, land: jungle, animals: [jagur]}\n",
     ("players", 0, "tiles", 0, "animals", 0), "unknown animal"),
    ("      - {row: 0, col: 1, land: jungle}\n", ("players", 0, "tiles", 0, "row"), "at least 1"),
])
def test_impossible_tables_are_errors(tiles: str, path: tuple, message: str) -> None:
    error = error_of(one_explorer(tiles))
    assert error.path == path
    assert message in error.message


def test_unknown_animal_hint() -> None:
    error = error_of(one_explorer("      - {row: 1, col: 1, land: jungle, animals: [jagur]}\n"))
    assert error.hint == "did you mean 'jaguar'?"


def test_short_animal_names() -> None:
    scored = score_text(one_explorer(
        "      - {row: 1, col: 1, land: swamp, animals: [howler, eel], river: [N]}\n"
        "      - {row: 1, col: 2, land: swamp, animals: [Poison Frog, squirrel-monkey]}\n"))
    tiles = scored.state.explorers[0].board.tiles
    assert tiles[(1, 1)].animals == ("howler_monkey", "electric_eel")
    assert tiles[(1, 2)].animals == ("poison_frog", "squirrel_monkey")


def test_one_form_per_explorer() -> None:
    error = error_of("game: caracas\nplayers:\n  - name: A\n    grid: 'Ju . . .'\n"
                     "    landscape: {biggest_jungle: 1, savannah_areas: 0, swamp_areas: 0, forks: 0}\n")
    assert "exactly one of" in error.message
    error = error_of("game: caracas\nplayers:\n  - name: A\n")
    assert "exactly one of" in error.message


def test_rules_options_are_declared() -> None:
    error = error_of("game: caracas\nrules: {caiman_ties: sometimes}\nplayers:\n  - name: A\n"
                     "    grid: 'Ju . . .'\n")
    assert error.path == ("rules", "caiman_ties")


def test_tile_count_and_box_warnings() -> None:
    row = "Ju Ju Ju Ju\n"
    players = "".join(f"  - name: P{i}\n    grid: |\n" + ("      " + row) * 4 for i in range(5))
    scored = score_text("game: caracas\nplayers:\n" + players)
    warnings = scored.info.warnings
    expected = "P0 has 16 tiles; in a game of 5 explorers each explorer places 14"
    assert sum(expected in warning for warning in warnings) == 1
    assert any("80 tiles on the table; the box holds 73" in w for w in warnings)


def test_the_right_tile_count_does_not_warn() -> None:
    grid = "      Ju Ju Ju Ju\n" * 4 + "      Ju Ju . .\n"
    scored = score_text("game: caracas\nplayers:\n  - name: Solo\n    grid: |\n" + grid)
    assert scored.info.warnings == ()


def test_strict_makes_the_tile_count_an_error(write_yaml) -> None:
    path = write_yaml("game: caracas\nplayers:\n  - name: A\n    grid: 'Ju Ju . .'\n"
                      "  - name: B\n    grid: 'Ju Ju . .'\n")
    result = run_cli("caracas", str(path), "--strict")
    assert result.exit_code == 2
    assert "A has 2 tiles" in result.stderr


def test_the_rulebook_example_has_15_tiles_and_no_warning() -> None:
    result = run_cli("caracas", str(ALEX), "--strict")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""


# --- output -------------------------------------------------------------------------------


def test_alex_json_has_every_category_for_comparison_only_explorers() -> None:
    result = run_cli("caracas", str(ALEX), "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    alex, bea = data["players"][0], data["players"][1]
    assert alex["categories"] == {"Common animals": 8, "Rare animals": 8, "Landscape": 5, "Penalties": -2}
    assert bea["categories"] == {"Common animals": 0, "Rare animals": 0, "Landscape": 9, "Penalties": 0}
    items = {item["item"]: item for item in alex["items"]}
    assert items["Capybara"]["detail"].startswith("Capybara group of 4 at ◎1, ▢2, ◎2, ▢3")
    assert items["Savannah"]["detail"] == ("3 savannah areas; tied 2nd-4th of 4 with Cleo, Dan: "
                                          "(2+1+0)/3 = 1 -> 1 vp")
    assert data["winners"] == ["Alex"]
    assert data["warnings"] == []


def test_show_board_draws_the_grid_before_the_score() -> None:
    result = run_cli("caracas", str(ALEX), "--show-board")
    assert result.exit_code == 0
    out = result.stdout
    assert out.index(" SEA ") < out.index("Caracas — ")
    assert "15 tiles; river basins of 8, 5, 2, 1 tiles" in out
    assert "dead ends: ✻3 E, ▲3 S" in out
    assert "◎2: 2 separate rivers (≈ N E, ≋ S W); in basins of 8 and 5 tiles" in out
    assert "SaCp~NE~SW" in out  # the grid form, to copy
    assert "Bea: comparison only" in out


def test_show_board_grid_form_reads_back_as_the_same_board() -> None:
    scored = score_source(Source(str(ALEX), ALEX.read_text(encoding="utf-8")))
    board = scored.state.explorers[0].board
    text = render_grid(list(board))
    assert {found.tile.square: found.tile for found in parse_grid(text)} == board.tiles


def test_more_tiles_than_the_box_warns(write_yaml) -> None:
    # 4 columns x 40 rows = 160 tiles: more than the box's 73, a warning (SPEC section 1), not an error
    rows = "".join(f"      - {{row: {r}, col: {c}, land: jungle}}\n"
                   for r in range(1, 41) for c in range(1, 5))
    path = write_yaml("game: caracas\nplayers:\n  - name: A\n    tiles:\n" + rows, "tiles.yaml")
    result = run_cli("caracas", str(path))
    assert result.exit_code == 0, result.stderr
    assert "73" in result.stderr and "warning" in result.stderr


def test_the_docs_worked_grid_is_the_first_two_rows_of_the_example() -> None:
    docs = (EXAMPLES.parent / "docs" / "rules" / "caracas.md").read_text(encoding="utf-8")
    block = docs.split("rebuilt in\n`examples/caracas/rulebook-alex.yaml`:\n\n```yaml\n    grid: |\n", 1)[1]
    grid = [found.tile for found in parse_grid(block.split("```", 1)[0])]
    scored = score_source(Source(str(ALEX), ALEX.read_text(encoding="utf-8")))
    board = scored.state.explorers[0].board
    assert {tile.square: tile for tile in grid} == {sq: t for sq, t in board.tiles.items() if sq[0] <= 2}


HER_SYMBOL = {"asterisk": "triangle", "square": "spiral", "spiral": "square", "triangle": "asterisk"}
"""A column's symbol on the standard SEA -> the symbol the same column shows on a reversed SEA."""
SWAPPED = str.maketrans({"✻": "▲", "▢": "◎", "◎": "▢", "▲": "✻"})


def test_a_reversed_sea_names_the_same_board_by_her_symbols() -> None:
    """The rulebook's board typed by an explorer whose SEA reads ▲ ◎ ▢ ✻ (``sea: reversed``, each
    column named by her symbol) scores as the board by numbers, and every detail names her squares
    by her symbols: ✻ is her column 4, ▢ her column 3 (SPEC section 3)."""
    text = (EXAMPLES / "caracas" / "rulebook-alex.yaml").read_text(encoding="utf-8")
    numbered = text
    for col, word in enumerate(("asterisk", "square", "spiral", "triangle"), start=1):
        numbered = numbered.replace(f"col: {word},", f"col: {col},")
    hers = text.replace("  - name: Alex\n", "  - name: Alex\n    sea: reversed\n")
    hers = re.sub(r"col: (\w+),", lambda found: f"col: {HER_SYMBOL[found.group(1)]},", hers)
    by_numbers, by_her_symbols = score_text(numbered).sheet, score_text(hers).sheet
    alex, her = by_numbers.players[0], by_her_symbols.players[0]
    assert her.total == alex.total == 19
    assert [item.points for item in her.items] == [item.points for item in alex.items]
    assert [item.detail for item in her.items] == [item.detail.translate(SWAPPED) for item in alex.items]
    dead = next(item.detail for item in her.items if item.item == "Dead-end rivers")
    assert dead.startswith("▲3 E side faces ◎3 without river")  # column 1 row 3, as she reads it
