"""Caracas: separate rivers on one tile, and the two readings added with them.

Boards are in the grid form (row 1 under the SEA; ``.`` empty). ``Sw~NW~ES`` is a swamp
tile printed with two separate rivers: one on its N and W sides, one on its E and S
sides. Every value below is worked out by hand in the comment above it.
"""

from __future__ import annotations

import re
import textwrap

import pytest

from scorecalc.errors import InputError
from scorecalc.games.caracas import grid_codes
from scorecalc.games.caracas.animals import ANIMALS, name
from scorecalc.games.caracas.board import Tile
from scorecalc.games.caracas.grid import ANIMAL_CODES, LAND_CODES, GridError, parse_grid, render_grid
from scorecalc.games.caracas.landscape import figures_of
from scorecalc.games.caracas.show import INNER, draw_board
from scorecalc.pipeline import score_source
from scorecalc.reading.loading import Source
from tests.helpers import run_cli
from tests.support.caracas_boards import board, detail, points

# ▢1 carries two rivers. N W meets ✻1's E: basin X = ✻1 ▢1 (2 tiles). E S meets ◎1's W and
# ▢2's N: basin Y = ▢1 ◎1 ▢2 (3 tiles). 5 tile places on 4 tiles.
TWO_BASINS = "Sw{a}~E  Sw{b}~NW~ES  Sw{c}~W  .\n.  Sw{d}~N  .  ."


def two_basins(a: str = "", b: str = "", c: str = "", d: str = "") -> str:
    return TWO_BASINS.format(a=a, b=b, c=c, d=d)


class TestGeometry:
    def test_a_tile_with_two_rivers_lies_in_two_basins(self) -> None:
        b = board(two_basins())
        assert [sorted(basin.tiles) for basin in b.basins] == [[(1, 1), (1, 2)], [(1, 2), (1, 3), (2, 2)]]
        assert sorted(len(basin) for basin in b.basins_of((1, 2))) == [2, 3]
        assert sum(len(basin) for basin in b.basins) == 5 and len(b) == 4

    def test_two_rivers_of_one_tile_joined_elsewhere_are_one_basin(self) -> None:
        # ▢1's N W river runs W to ✻1, S to ✻2, E to ▢2 and N back into ▢1's E S river.
        b = board("Sw~ES Sw~NW~ES . .\nSw~NE Sw~NW . .")
        (basin,) = b.basins
        assert len(basin) == 4 and len(basin.rivers) == 5
        assert b.basins_of((1, 2)) == [basin]

    def test_a_side_belongs_to_one_river_so_rivers_connect_side_by_side(self) -> None:
        # ✻1 E meets ▢1 W (river N W); ◎1 W meets ▢1 E (river E S). Not one basin.
        b = board(two_basins())
        assert b.river_connects((1, 1), "E") and b.river_connects((1, 3), "W")
        assert len(b.basins) == 2

    def test_forks_count_per_river(self) -> None:
        # One river N E S (1 fork) and one river W (none): 1, where 4 sides on one river are 2.
        assert Tile(1, 1, "jungle", (), (frozenset("NES"), frozenset("W"))).forks() == 1
        assert Tile(1, 1, "jungle", (), (frozenset("NESW"),)).forks() == 2
        assert Tile(1, 1, "jungle", (), (frozenset("NESW"),)).forks("junctions") == 1
        # ✻1 N E S + W: ✻1's N E S river joins ▢1 and ✻2; its W river is a basin of its own.
        b = board("Ju~NES~W Ju~W . .\nJu~N . . .")
        assert sorted(b.forks(basin) for basin in b.basins) == [0, 1]

    def test_dead_ends_are_counted_per_side_whichever_river(self) -> None:
        # ✻1's E S river faces ▢1 (no W) and ✻2 (no N): 2 dead ends from one river.
        b = board("Ju~NW~ES Ju . .\nJu . . .")
        assert b.dead_ends == [((1, 1), "E"), ((1, 1), "S")]

    def test_the_sea_mouth_belongs_to_the_river_with_the_n_side(self) -> None:
        b = board(two_basins())
        x, y = b.basins
        assert b.sea_mouths(x) == [(1, 2)] and b.sea_mouths(y) == []


class TestRiverAnimals:
    def test_piranha_on_a_two_river_tile_counts_in_each_basin_and_scores_once(self) -> None:
        # X = ✻1 ▢1 holds piranhas ✻1, ▢1 (2); Y = ▢1 ◎1 ▢2 holds ▢1, ◎1, ▢2 (3). Y scores: 3 vp,
        # ▢1 once. (▢1 only in its first basin: 2 vp; one basin for the whole tile: 4.)
        assert points("piranha", two_basins("Pi", "Pi", "Pi", "Pi")) == 3
        text = detail("piranha", two_basins("Pi", "Pi", "Pi", "Pi"))
        assert text.startswith("3 piranhas at ▢1, ◎1, ▢2 in one basin (3 tiles)")
        assert text.endswith("also 2 at ✻1, ▢1 in another basin: ▢1 lies in two basins (a tile with two "
                             "rivers) and scores once; no vp: ✻1")

    def test_piranha_in_two_basins_never_scores_twice(self) -> None:
        # X = ✻1 ▢1: 2 piranhas; Y: ▢1 only (1). X scores 2, not 2 + 1.
        assert points("piranha", two_basins("Pi", "Pi")) == 2

    def test_caiman_on_a_two_river_tile_is_in_both_basins(self) -> None:
        # Basins X 2 tiles, Y 3 tiles, ▲1-▲2 2 tiles. ▢1 is in Y, the biggest: 2 vp; ✻1 only in X: 0.
        extra = "Sw{a}~E  Sw{b}~NW~ES  Sw~W  Sw~S\n.  Sw~N  .  Sw~N"
        assert points("caiman", extra.format(a="", b="Cm")) == 2
        assert points("caiman", extra.format(a="Cm", b="")) == 0
        assert "✻1: basin of 2 tiles; the biggest has 3" in detail("caiman", extra.format(a="Cm", b="Cm"))
        # A two-river tile in no biggest basin: X 2 and Y 3 tiles, beside a basin of 4 (▲1-▲4).
        bigger = "Sw~E SwCm~NW~ES Sw~W Sw~S\n. Sw~N . Sw~NS\n. . . Sw~NS\n. . . Sw~N"
        assert detail("caiman", bigger) == "▢1: in 2 basins (2 and 3 tiles); the biggest has 4"

    def test_caiman_tie_detail_names_the_reading(self) -> None:
        tie = "SwCm~E Sw~W Sw~E Sw~W"  # two basins of 2 tiles
        assert points("caiman", tie) == 2
        assert detail("caiman", tie) == ("✻1: tied biggest basin (2 tiles, with another); scores: a "
                                         "tied basin is a biggest one")
        assert points("caiman", tie, caiman_ties="strict") == 0
        strict = detail("caiman", tie, caiman_ties="strict")
        assert "does not score: only a basin with strictly the most tiles" in strict

    def test_sotalia_next_to_a_two_river_tile_does_not_reach_the_sea_through_the_other_river(self) -> None:
        # ◎1 is in Y = ▢1 ◎1 ▢2; ▢1's N side is on the other river (X): Y has no sea mouth.
        assert points("sotalia", two_basins(c="So")) == 0
        assert points("sotalia", two_basins(a="So").replace("Sw" + "So~E", "SwSo~NE")) == 2

    def test_sotalia_on_a_two_river_tile_needs_a_mouth_on_another_tile(self) -> None:
        # ▢1's own N side is X's only mouth: 0. With ✻1 N too, X reaches the sea at ✻1: 2.
        assert points("sotalia", two_basins(b="So")) == 0
        assert points("sotalia", two_basins(b="So").replace("Sw~E", "Sw~NE")) == 2

    def test_sotalia_on_a_tile_whose_own_other_river_is_the_only_mouth_scores_nothing(self) -> None:
        # One basin of 4 tiles through both rivers of ▢1; its only mouth is ▢1's N side.
        loop = "Sw~ES SwSo~NW~ES . .\nSw~NE Sw{d}~NW . ."
        assert points("sotalia", loop.format(d="")) == 0
        assert "its own tile is the only sea mouth" in detail("sotalia", loop.format(d=""))
        assert points("sotalia", loop.format(d="So")) == 2 + 0  # ▢2 reaches the sea through ▢1

    def test_guppy_and_eel_look_at_every_river_side_of_their_tile(self) -> None:
        # ▢1 shows the guppy; a piranha on ◎1 is joined through its E S river: 0.
        assert points("guppy", two_basins(b="Gu", c="Pi")) == 0
        assert points("guppy", two_basins(b="Gu")) == 2
        # ▢1's N faces the sea: not connected to another land tile, so the eel scores 0.
        assert points("electric_eel", two_basins(b="Ee")) == 0
        assert points("electric_eel", "Sw~E SwEe~SW~E Sw~W .\n. Sw~N . .") == 2


class TestReadings:
    def test_snake_around_8_or_4_changes_the_total(self) -> None:
        # Diagonals show jaguar, capybara, howler, ibis; ▢1 above shows a piranha.
        # 8 around: 5 types -> 2 vp. 4 (side neighbours): piranha only -> 0.
        text = "JuJa JuPi JuCp .\nJu JuSn Ju .\nJuHo Ju JuIb ."
        assert points("snake", text) == 2
        assert points("snake", text, snake_around=4) == 0
        assert "1 animal type around (piranha); needs 5" in detail("snake", text, snake_around=4)

    def test_snake_around_changes_a_table_total(self) -> None:
        # Solo, 9 jungle tiles, no river. Jaguar ✻1 1, Capybara ◎1 1, Howler ✻3 1, Piranha
        # (no river) 0, Ibis 0; Snake 2 or 0. Solo landscape: jungle of 9 -> 3, 0 savannah
        # areas -> 0, 0 swamp areas -> 3, 0 forks -> 0. Total 3 + 2 + 6 = 11, or 9 with 4.
        grid = "    grid: |\n      JuJa JuPi JuCp .\n      Ju JuSn Ju .\n      JuHo Ju JuIb .\n"
        for rules, total in (("", 11), ("rules: {snake_around: 4}\n", 9)):
            text = f"game: caracas\n{rules}players:\n  - name: A\n{grid}"
            assert score_source(Source("t.yaml", text)).sheet.players[0].total == total

    def test_forks_sides_or_junctions_changes_the_landscape(self, write_yaml) -> None:
        # A's ✻1 has one river on 4 sides: 2 forks (sides) or 1 (junctions). B has 1.
        # sides: A 1st -> River 2 vp; junctions: A, B tie -> (2+0)/2 = 1 vp. Jungle (3 and 3),
        # savannah (0 and 0) and swamp (0 and 0) tie: 1 vp each. No animals, no dead ends.
        # A's total: 1 + 1 + 1 + 2 = 5 (sides) or 1 + 1 + 1 + 1 = 4 (junctions).
        table = ("game: caracas\n{rules}players:\n  - name: A\n    grid: |\n      Ju~NESW Ju~W . .\n"
                 "      Ju~N . . .\n  - name: B\n"
                 "    landscape: {{biggest_jungle: 3, savannah_areas: 0, swamp_areas: 0, forks: 1}}\n")
        assert figures_of(board("Ju~NESW Ju~W . .\nJu~N . . ."), "junctions").forks == 1
        for rules, river, total in (("", 2, 5), ("rules: {forks: junctions}\n", 1, 4)):
            sheet = score_source(Source("t.yaml", table.format(rules=rules))).sheet
            a = sheet.players[0]
            assert [item.points for item in a.items if item.item == "River"] == [river]
            assert a.total == total

    def test_rules_are_validated(self) -> None:
        for rules, message in (("{snake_around: 6}", "must be 8"), ("{forks: branches}", "unknown reading")):
            with pytest.raises(InputError, match=message):
                score_source(Source("t.yaml", f"game: caracas\nrules: {rules}\nplayers:\n  - name: A\n"
                                              "    grid: 'Ju . . .'\n"))

    def test_the_template_lists_both_readings(self) -> None:
        result = run_cli("template", "caracas")
        assert result.exit_code == 0
        assert "snake_around: 8" in result.stdout and "forks: sides" in result.stdout
        assert "only the tiles at its sides" in result.stdout


class TestInput:
    def test_grid_token_with_two_rivers(self) -> None:
        (found,) = parse_grid("ju~nw~es . . .")
        assert found.tile.rivers == (frozenset("NW"), frozenset("ES"))
        assert render_grid([found.tile]) == "Ju~NW~ES  .  .  .\n"

    @pytest.mark.parametrize(("token", "message", "at"), [
        ("Ju~NW~NS", "river side N is in two rivers", 6),
        ("Ju~N~", "'~' must be followed by river sides", 4),
        ("Ju~N~~S", "'~' must be followed by river sides", 4),
        ("Ju~NW~EX", "'X' is not a river side", 7),
    ])
    def test_unreadable_river_tokens(self, token: str, message: str, at: int) -> None:
        with pytest.raises(GridError) as caught:
            parse_grid(f"{token} . . .")
        assert message in caught.value.message
        assert caught.value.offset == at

    def test_explicit_and_grid_forms_agree(self) -> None:
        head = "game: caracas\nplayers:\n  - name: A\n"
        grid = score_source(Source("t.yaml", head + "    grid: 'Ju~NW~ES . . .'\n"))
        explicit = score_source(Source("t.yaml", head + "    tiles:\n      - {row: 1, col: 1, land: jungle, "
                                                        "rivers: [[E, S], [W, N]]}\n"))
        assert grid.state.explorers[0].board.tiles == explicit.state.explorers[0].board.tiles

    @pytest.mark.parametrize(("rivers", "where", "message"), [
        ("rivers: [[N, W], [W, S]]", "5:58: players[0] (Alex).tiles[0].rivers[1][0]",
         "side W is already in river 1; a side belongs to at most one river"),
        ("rivers: [[N], []]", "5:54: players[0] (Alex).tiles[0].rivers[1]", "an empty river"),
        ("rivers: [[N, X]]", "5:53: players[0] (Alex).tiles[0].rivers[0][1]", "unknown river side 'X'"),
        ("river: [N], rivers: [[S]]", "5:60: players[0] (Alex).tiles[0].rivers", "give 'river'"),
        ("rivers: [N, S]", "5:49: players[0] (Alex).tiles[0].rivers[0]",
         "expected a list of sides (one river"),
        ("rivers: [[N, n]]", "5:53: players[0] (Alex).tiles[0].rivers[0][1]", "river side N is listed twice"),
    ])
    def test_bad_rivers_are_located_errors(self, write_yaml, rivers: str, where: str, message: str) -> None:
        path = write_yaml("game: caracas\nplayers:\n  - name: Alex\n    tiles:\n"
                          f"      - {{row: 1, col: 1, land: jungle, {rivers}}}\n")
        result = run_cli("caracas", str(path))
        assert result.exit_code == 2
        assert result.stderr.startswith(f"{path}:{where}: {message}")
        assert "Traceback" not in result.stderr

    @pytest.mark.parametrize("header", ["grid:", "grid: >"])
    def test_a_folded_grid_says_to_write_a_literal_block(self, write_yaml, header: str) -> None:
        path = write_yaml(f"game: caracas\nplayers:\n  - name: A\n    {header}\n"
                          "      Ju Ju . .\n      Ju . . .\n")
        result = run_cli("caracas", str(path))
        assert result.exit_code == 2
        assert "the rows were read as one line of 8 squares" in result.stderr
        assert "write 'grid: |'" in result.stderr
        assert "row 1 has" not in result.stderr

    def test_a_one_line_grid_with_too_many_squares_still_says_so(self) -> None:
        with pytest.raises(InputError, match="row 1 has 5 squares"):
            score_source(Source("t.yaml", "game: caracas\nplayers:\n  - name: A\n    grid: 'Ju . . . Ju'\n"))


class TestCodesAndDrawing:
    def test_grid_codes_lists_every_code_within_80_columns(self) -> None:
        text = grid_codes()
        assert max(len(line) for line in text.splitlines()) <= 80
        for code, animal in ANIMAL_CODES.items():
            assert f"{code.title()} {name(animal)}" in text
        for code, land in LAND_CODES.items():
            assert f"{code.title()} {land}" in text
        assert all(re.search(rf"\b{side}\b", text) for side in "NESW")
        assert "~NW~ES" in text

    def test_no_name_is_cut_in_the_drawing(self) -> None:
        assert all(len(name(animal)) < INNER for animal in ANIMALS)
        drawn = "\n".join(draw_board(board("JuSqEe SaFrBu . .")))
        for text in ("squirrel monkey", "electric eel", "poison frog", "butterfly", "Savannah"):
            assert text in drawn

    def test_two_rivers_are_drawn_with_two_marks(self) -> None:
        lines = draw_board(board("Ju~NW~ES . . ."))
        top, middle, bottom = lines[2], lines[4], lines[6]
        box = middle[4:4 + INNER + 2]
        assert "≈" in top and box.startswith("≈") and box.endswith("≋")
        assert "≋" in bottom

    def test_show_board_grid_reads_back_as_the_same_board(self, write_yaml) -> None:
        path = write_yaml("game: caracas\nplayers:\n  - name: A\n    grid: |\n"
                          "      JuSq~NW~ES  SaPi~W~S  .  .\n      Sw~N  Ju~N  .  .\n")
        result = run_cli("caracas", str(path), "--show-board")
        out = result.stdout
        grid = out[out.index("grid form:\n") + len("grid form:\n"):].split("\n\n")[0]
        assert board(textwrap.dedent(grid)).tiles == board(
            "JuSq~NW~ES  SaPi~W~S  .  .\nSw~N  Ju~N  .  .").tiles
        assert "✻1: 2 separate rivers (≈ N W, ≋ E S)" in out and "▢1: 2 separate rivers (≈ S, ≋ W)" in out
