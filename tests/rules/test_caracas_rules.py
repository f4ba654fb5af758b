"""Caracas rules on tiny boards, each with a hand-computed value.

Boards are written in the grid form: one line per row (row 1 under the SEA), four
tokens per line, ``.`` empty; ``SwIbPi~NES`` = swamp, ibis and piranha, river N E S.
"""

from __future__ import annotations

import pytest

from scorecalc.games.caracas.animals import Rules, score_animals
from scorecalc.games.caracas.landscape import Figures, figures_of, landscape_ranking
from tests.support.caracas_boards import board, detail, points


class TestGeometry:
    def test_adjacency_is_orthogonal_and_never_the_tile_itself(self) -> None:
        b = board("Ju Ju . .\nJu . . .")
        assert sorted(b.adjacent((1, 1))) == [(1, 2), (2, 1)]
        assert (1, 1) not in b.adjacent((1, 1))

    def test_around_includes_diagonals(self) -> None:
        b = board("Ju Ju Ju .\nJu Ju Ju .\nJu Ju Ju .")
        assert len(b.around((2, 2))) == 8
        assert len(b.around((1, 1))) == 3

    def test_areas_are_connected_tiles_of_one_land(self) -> None:
        b = board("Ju Sa Ju .\nJu Sa Sa .")
        assert sorted(len(area) for area in b.areas("jungle")) == [1, 2]
        assert [len(area) for area in b.areas("savannah")] == [3]

    def test_rivers_connect_only_when_both_facing_sides_carry_river(self) -> None:
        b = board("Ju~E Ju~W Ju~E Ju")
        assert sorted(len(basin) for basin in b.basins) == [1, 2]
        assert b.dead_ends == [((1, 3), "E")]

    def test_the_sea_does_not_join_basins(self) -> None:
        b = board("Ju~N Ju~N . .")
        assert len(b.basins) == 2
        assert b.is_sea_mouth((1, 1)) and b.is_sea_mouth((1, 2))

    def test_a_tile_without_river_is_in_no_basin(self) -> None:
        b = board("Ju Ju~S . .\n. Ju~N . .")
        assert [basin.tiles for basin in b.basins] == [frozenset({(1, 2), (2, 2)})]
        assert b.basins_of((1, 1)) == []

    def test_forks_are_k_minus_2_per_tile_counted_from_the_printed_sides(self) -> None:
        # ✻1 has 4 sides (2 forks) though only S and E connect; ▢1 has 3 (1 fork).
        b = board("Ju~NESW Ju~ESW Ju~W .\nJu~N . . .")
        (basin,) = b.basins_of((1, 1))
        assert b.forks(basin) == 3
        assert figures_of(b).forks == 3

    def test_dead_ends_never_face_the_sea_an_empty_square_or_the_edge(self) -> None:
        b = board("Ju~NW Ju~E . Ju~E\nJu~S . . .")
        assert b.dead_ends == []

    def test_each_side_facing_a_tile_without_river_is_one_dead_end(self) -> None:
        # ✻1 S faces ✻2 (no N); ▢1 W faces ✻1 (which has E? no) -> 2 dead ends.
        b = board("Ju~S Ju~W . .\nJu . . .")
        assert sorted(b.dead_ends) == [((1, 1), "S"), ((1, 2), "W")]

    def test_unlinked_tiles(self) -> None:
        b = board("Ju . . .\n. . . Ju")
        assert b.unlinked() == [(2, 4)]

    def test_mirror(self) -> None:
        b = board("Ju~E Sa~W . .").mirrored()
        assert {tile.square: tile.rivers for tile in b} == {(1, 4): (frozenset("W"),),
                                                             (1, 3): (frozenset("E"),)}


class TestCommonAnimals:
    def test_jaguar_scores_without_an_adjacent_jaguar(self) -> None:
        # ✻1 and ▢1 touch (0 each); ◎2 is only diagonal to ▢1 -> 1
        assert points("jaguar", "JuJa JuJa Ju .\nJu Ju JuJa .") == 1

    def test_capybara_biggest_group_only(self) -> None:
        assert points("capybara", "JuCp JuCp JuCp Ju\nJu . . JuCp") == 3

    def test_capybara_two_equal_biggest_groups_only_one_scores(self) -> None:
        assert points("capybara", "JuCp JuCp Ju JuCp\nJu Ju Ju JuCp") == 2

    def test_howler_smallest_group_only(self) -> None:
        assert points("howler_monkey", "JuHo JuHo Ju JuHo") == 1
        assert points("howler_monkey", "JuHo JuHo JuHo .") == 3

    def test_howler_two_equal_smallest_groups_only_one_scores(self) -> None:
        assert points("howler_monkey", "JuHo Ju JuHo Ju") == 1

    def test_piranha_basin_with_most(self) -> None:
        # basin ✻1-▢1 has 2 piranhas; basin ▲1 has 1 -> 2
        assert points("piranha", "SwPi~E SwPi~W Sw SwPi~N") == 2

    def test_piranha_adjacent_without_connected_river_is_another_basin(self) -> None:
        assert points("piranha", "SwPi~N SwPi~N . .") == 1

    def test_piranha_without_river_scores_nothing(self) -> None:
        assert points("piranha", "SwPi SwPi Sw .") == 0
        assert "no river" in detail("piranha", "SwPi SwPi~N Sw .")
        assert points("piranha", "SwPi SwPi~N Sw .") == 1

    def test_ibis_straight_lines_of_three(self) -> None:
        assert points("ibis", "SwIb SwIb Sw .") == 0
        assert points("ibis", "SwIb SwIb SwIb .") == 3
        assert points("ibis", "SwIb SwIb SwIb SwIb") == 4

    def test_ibis_diagonal_lines(self) -> None:
        assert points("ibis", "SwIb Sw Sw .\nSw SwIb Sw .\nSw Sw SwIb .") == 3
        assert points("ibis", "Sw Sw SwIb .\nSw SwIb Sw .\nSwIb Sw Sw .") == 3

    def test_ibis_in_two_lines_scores_once(self) -> None:
        # row ✻1-◎1 and column ✻1-✻3 share ✻1: 5 ibises, 5 vp
        assert points("ibis", "SwIb SwIb SwIb .\nSwIb . . .\nSwIb . . .") == 5

    def test_ibis_line_is_broken_by_an_empty_square(self) -> None:
        assert points("ibis", "SwIb SwIb . SwIb\nSw Sw Sw Sw") == 0


class TestRareAnimals:
    @pytest.mark.parametrize(("animal", "code", "land"), [
        ("sloth", "Sl", "Ju"), ("anaconda", "An", "Sw"), ("anteater", "At", "Sa"),
    ])
    def test_strictly_largest_area(self, animal: str, code: str, land: str) -> None:
        other = "Sw" if land != "Sw" else "Sa"
        assert points(animal, f"{land}{code} {land} {other} {land}") == 2 * 1
        # equally large isn't enough
        assert points(animal, f"{land}{code} {land} {other} {land}\n{other} {other} {other} {land}") == 0
        # not on that land: in no such area
        assert points(animal, f"{other}{code} {land} {land} .") == 0

    def test_tarantula_exactly_one_adjacent_tile(self) -> None:
        assert points("tarantula", "JuTa Ju . .") == 2
        assert points("tarantula", "Ju JuTa Ju .") == 0
        assert points("tarantula", "JuTa . . .") == 0  # no neighbour at all

    def test_poison_frog_no_tile_south(self) -> None:
        assert points("poison_frog", "JuFr Ju . .") == 2
        assert points("poison_frog", "JuFr . . .\nJu . . .") == 0

    @pytest.mark.parametrize(("animal", "code", "shunned"), [
        ("kinkajou", "Ki", "Ja"), ("shrimp", "Sh", "Ib"), ("squirrel_monkey", "Sq", "Ho"),
        ("butterfly", "Bu", "Cp"),
    ])
    def test_no_adjacent_tile_showing(self, animal: str, code: str, shunned: str) -> None:
        assert points(animal, f"Ju{code} Ju{shunned} . .") == 0
        assert points(animal, f"Ju{code} Ju . .\nJu Ju{shunned} . .") == 2  # diagonal is not adjacent
        assert points(animal, f"Ju{code}{shunned} Ju . .") == 2  # its own tile is not adjacent

    def test_guppy(self) -> None:
        assert points("guppy", "SwGu~E SwPi~W . .") == 0
        assert points("guppy", "SwGu~N SwPi~W . .") == 2  # adjacent but rivers not connected
        assert points("guppy", "SwGuPi~E Sw~W . .") == 2  # own tile is not adjacent
        assert points("guppy", "SwGu SwPi . .") == 0  # no river on its tile
        assert "no river" in detail("guppy", "SwGu SwPi . .")

    def test_caiman_biggest_basin_ties_count_by_default(self) -> None:
        assert points("caiman", "SwCm~E Sw~W Sw~E Sw~W") == 2
        assert points("caiman", "SwCm~E Sw~W Sw~E Sw~W", caiman_ties="strict") == 0
        assert points("caiman", "SwCm~N Sw Sw~E Sw~W") == 0
        assert points("caiman", "SwCm Sw . .") == 0

    def test_sotalia_needs_a_sea_mouth_on_another_tile(self) -> None:
        assert points("sotalia", "Sw~NS . . .\nSwSo~N . . .") == 2
        assert points("sotalia", "SwSo~NS . . .\nSw~N . . .") == 0  # its own tile is the only mouth
        assert points("sotalia", "Sw~S . . .\nSwSo~N . . .") == 0  # no mouth at all

    def test_electric_eel_every_river_side_connects(self) -> None:
        assert points("electric_eel", "Sw~E SwEe~SW Sw .\nSw Sw~N . .") == 2
        assert points("electric_eel", "SwEe~NE Sw~W . .") == 0  # N faces the sea
        assert points("electric_eel", "SwEe~E Sw . .") == 0  # dead end

    def test_flamingo_run_in_its_column(self) -> None:
        column = "\n".join(["JuFl . . ."] + ["Ju . . ."] * 4)
        assert points("flamingo", column) == 2
        assert points("flamingo", "\n".join(["JuFl . . ."] + ["Ju . . ."] * 3)) == 0
        assert points("flamingo", "\n".join(["JuFl . . ."] + ["Ju . . ."] * 3), flamingo_min_run=4) == 2

    def test_flamingo_run_is_broken_by_a_gap(self) -> None:
        gap = "JuFl Ju . .\nJu Ju . .\n. Ju . .\nJu Ju . .\nJu Ju . ."
        assert points("flamingo", gap) == 0

    def test_snake_counts_types_on_the_eight_tiles_around(self) -> None:
        five = "JuJa JuCp JuHo .\nJuIb JuSn JuSl .\n. . . ."
        assert points("snake", five) == 2
        four = "JuJa JuCp JuHo .\nJuIb JuSn Ju .\n. . . ."
        assert points("snake", four) == 0
        assert points("snake", four, snake_min_types=4) == 2
        # another snake is a type; two of one type count once; its own tile does not count.
        # ✻1: capybara, jaguar, ibis, sloth, snake, flamingo around -> 2;
        # ▢2: jaguar, snake, capybara, howler, ibis, sloth -> 2
        assert points("snake", "JuJaSn JuCpJa JuHo .\nJuIbSl JuSnFl Ju .") == 4
        assert points("snake", "JuJa JuJa JuJa .\nJuJa JuSnCp JuJa .") == 0


class TestScoreAnimals:
    def test_common_first_and_one_award_per_kind_shown(self) -> None:
        awards = score_animals(board("JuJaSl JuCp . ."), Rules())
        assert [award.animal for award in awards] == ["jaguar", "capybara", "sloth"]

    def test_details_name_squares_by_column_symbol_and_row(self) -> None:
        text = detail("capybara", "Ju JuCp JuCp JuCp\n. . JuCp .")
        assert text.startswith("Capybara group of 4 at ▢1, ◎1, ▲1, ◎2")


class TestLandscape:
    def test_figures(self) -> None:
        b = board("Ju~S Ju Sa Sw\nJu~NES Sa~W Sw Sa")
        # jungle ✻1 ▢1 ✻2; savannah ◎1, ▢2, ▲2 apart; swamps ▲1 and ◎2 touch only diagonally
        assert figures_of(b) == Figures(biggest_jungle=3, savannah_areas=3, swamp_areas=2, forks=1)

    def test_three_explorers_ties_share_rounded_up(self) -> None:
        names = ["A", "B", "C"]
        figures = [Figures(5, 3, 2, 1), Figures(5, 2, 2, 0), Figures(3, 2, 4, 0)]
        awards = landscape_ranking(names, figures)
        table = [[award.points for award in row] for row in awards]
        # jungle: A, B tie 1st-2nd (3+1)/2 = 2; C 0
        # savannah: A 3; B, C tie 2nd-3rd (1+0)/2 = 0.5 -> 1
        # swamp (fewest): A, B tie 1st-2nd -> 2; C 0
        # river: A 3; B, C tie (1+0)/2 -> 1
        assert table == [[2, 3, 2, 3], [2, 1, 2, 1], [0, 1, 0, 1]]

    def test_five_explorers_all_tied(self) -> None:
        awards = landscape_ranking(list("ABCDE"), [Figures(1, 1, 1, 1)] * 5)
        assert {award.points for row in awards for award in row} == {2}  # (4+3+2+1+0)/5 = 2

    def test_detail_shows_figure_place_and_vp(self) -> None:
        awards = landscape_ranking(["A", "B", "C", "D"], [Figures(5, 0, 0, 0), Figures(6, 0, 0, 0),
                                                         Figures(4, 0, 0, 0), Figures(1, 0, 0, 0)])
        assert awards[0][0].detail == "biggest jungle 5 tiles; 2nd of 4 -> 2 vp"

    @pytest.mark.parametrize(("figures", "expected"), [
        (Figures(5, 5, 0, 7), [3, 3, 3, 3]),
        (Figures(9, 9, 1, 9), [3, 3, 3, 3]),
        (Figures(4, 4, 2, 6), [2, 2, 2, 2]),
        (Figures(3, 3, 3, 5), [1, 1, 1, 1]),
        (Figures(2, 2, 4, 4), [0, 0, 0, 0]),
    ])
    def test_solo_thresholds(self, figures: Figures, expected: list[int]) -> None:
        (awards,) = landscape_ranking(["Solo"], [figures])
        assert [award.points for award in awards] == expected
