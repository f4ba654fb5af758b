"""On the Origin of Species: the majority step, each Level 4 card, the variants and the checks,
each with a hand-computed value."""

from __future__ import annotations

import json
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecalc.errors import InputError
from scorecalc.games.origin.scoring import (
    accepted_knowledge,
    habitat_tile_counts,
    matching_species,
    rare_knowledge,
    score_habitat_majority,
    score_habitat_trio,
    score_progression,
    score_sets,
)
from scorecalc.games.origin.table import Tile, majority_holder
from scorecalc.pipeline import Scored, score_source
from scorecalc.reading.loading import Source
from tests.helpers import EXAMPLES, error_of, examples, run_cli, score_text

NAMES = ["Rachel", "Ezra", "Ana", "Tom"]


def tile(*cubes: tuple[int, int], habitats: tuple[str, ...] | None = ("water",), level: int = 1) -> Tile:
    return Tile("Sea Snail", level, False, habitats, tuple(sorted(cubes, key=lambda pair: -pair[1])))


def totals(scored: Scored) -> dict[str, dict[str, int]]:
    sheet = scored.sheet
    return {player.name: {**player.category_totals(sheet.categories), "total": player.total}
            for player in sheet.players}


def game(body: str, *, header: str = "objective: plymouth", players: str | None = None) -> Scored:
    """A table with two players, Rachel and Ezra, unless ``players`` is given."""
    if players is None:
        players = """
            players:
              - {name: Rachel, score: 10}
              - {name: Ezra, score: 10}
            """
    return score_text("game: origin\n" + header + "\n" + textwrap.dedent(body).strip("\n") + "\n"
                      + textwrap.dedent(players).strip("\n") + "\n")


# --- the majority step ---------------------------------------------------------------------------


class TestMajority:
    def test_strictly_most_cubes_takes_the_tile(self) -> None:
        assert majority_holder(tile((0, 2), (1, 1))) == 0
        assert majority_holder(tile((0, 1), (1, 3), (2, 2))) == 1

    def test_a_tie_for_most_gives_nobody_the_tile(self) -> None:
        assert majority_holder(tile((0, 2), (1, 2))) is None
        assert majority_holder(tile((0, 2), (1, 2), (2, 1))) is None

    def test_a_tie_below_the_top_does_not_matter(self) -> None:
        assert majority_holder(tile((0, 3), (1, 1), (2, 1))) == 0

    def test_no_cubes_nobody(self) -> None:
        assert majority_holder(tile()) is None

    def test_a_single_cube_is_a_majority(self) -> None:
        assert majority_holder(tile((3, 1))) == 3

    def test_zero_cubes_written_out_count_as_none(self) -> None:
        scored = game("""
            board:
              - {species: Hydra, level: 2, habitats: [water, air], cubes: {Rachel: 1, Ezra: 0}}
            """)
        assert totals(scored)["Rachel"]["Species tiles"] == 1
        assert scored.sheet.extra["board"][0] == {
            "species": "Hydra", "level": 2, "starting": False, "cubes": {"Rachel": 1}, "taken_by": "Rachel"}

    def test_one_point_per_tile_collected_and_taken(self) -> None:
        scored = game("""
            board:
              - {species: Sea Lion, level: 3, habitats: [water, water, land], cubes: {Rachel: 2, Ezra: 1}}
              - {species: Hydra, level: 2, habitats: [water, air], cubes: {Rachel: 1, Ezra: 1}}
              - {species: Finch, level: 1, habitats: [air], cubes: {Ezra: 1}}
            """, players="""
            players:
              - {name: Rachel, score: 20, tiles: [Sea Snail, Summer Tanager]}
              - {name: Ezra, score: 20, tiles: 3}
            """)
        # Rachel: 2 collected + Sea Lion = 3; Ezra: 3 collected + Finch = 4; Hydra is tied.
        assert totals(scored)["Rachel"]["Species tiles"] == 3
        assert totals(scored)["Ezra"]["Species tiles"] == 4

    def test_output_names_each_tile_and_who_took_it(self) -> None:
        scored = game("""
            board:
              - {species: Sea Lion, level: 3, habitats: [water, water, land], cubes: {Rachel: 2, Ezra: 1}}
              - {species: Hydra, level: 2, habitats: [water, air], cubes: {Rachel: 1, Ezra: 1}}
              - {species: Lava Lizard, starting: true, habitats: [land]}
            """)
        notes = "\n".join(scored.sheet.notes)
        assert "Sea Lion (Level 3): Rachel 2 cubes, Ezra 1 -> Rachel" in notes
        assert "Hydra (Level 2): Rachel 1 cube, Ezra 1 -> tied, nobody takes it" in notes
        assert "Lava Lizard (starting tile): no cubes -> stays on the board" in notes
        items = {item.item: item for item in scored.sheet.player("Rachel").items}
        assert items["Sea Lion (Level 3)"].points == 1
        assert items["Sea Lion (Level 3)"].detail == "taken at the end: Rachel 2 cubes, Ezra 1"


# --- the Level 4 cards ---------------------------------------------------------------------------


class TestSydney:
    def test_rulebook_example_two_sets_for_six(self) -> None:
        assert score_sets({"land": 3, "water": 2, "air": 5})[0] == 6

    def test_a_missing_type_makes_no_set(self) -> None:
        assert score_sets({"land": 9, "water": 9, "air": 0})[0] == 0

    def test_sets_of_equal_counts(self) -> None:
        assert score_sets({"land": 4, "water": 4, "air": 4}) == (
            12, "land 4, water 4, air 4: 4 sets of all three × 3")


RULEBOOK_PROGRESSION = {2: 1, 4: 3, 8: 7}
"""The only Cape Town values the rulebook prints."""


class TestCapeTown:
    def test_rulebook_example_three_plus_seven_plus_one(self) -> None:
        got = [score_progression(habitat, count, RULEBOOK_PROGRESSION)[0]
               for habitat, count in (("land", 4), ("water", 8), ("air", 2))]
        assert got == [3, 7, 1]

    def test_no_books_score_nothing_without_a_card_value(self) -> None:
        assert score_progression("air", 0, {}) == (0, "no air books")

    def test_a_count_missing_from_the_card_is_an_error_naming_the_card_at_the_count(self) -> None:
        error = error_of("""
            game: origin
            objective: cape-town
            progression: {2: 1, 4: 3}
            board: []
            players:
              - name: Rachel
                score: 10
                books: {green: 2, blue: 5}
              - {name: Ezra, score: 10}
            """)
        assert "Cape Town (Progression)" in error.message and "5 books" in error.message
        assert error.path == ("players", 0, "books", "water")
        assert error.position is not None and (error.position.line, error.position.column) == (8, 29)

    def test_missing_progression_is_an_error_too(self) -> None:
        error = error_of("""
            game: origin
            objective: progression
            board: []
            players:
              - {name: Rachel, score: 10, books: {air: 1}}
              - {name: Ezra, score: 10}
            """)
        assert "'progression' is missing" in error.message

    def test_progression_on_another_card_warns_and_is_ignored(self) -> None:
        scored = game("board: []\nprogression: {2: 1}")
        warnings = scored.info.warnings
        assert any("only Cape Town (Progression) uses its card's values" in warning for warning in warnings)


class TestPlymouth:
    def test_rulebook_example_two_tied_for_most_get_four_third_gets_one(self) -> None:
        assert [p for p, _ in score_habitat_majority("water", [6, 6, 3], NAMES[:3])] == [4, 4, 1]

    def test_clear_places_six_three_one(self) -> None:
        assert [p for p, _ in score_habitat_majority("land", [4, 3, 2, 1], NAMES)] == [6, 3, 1, 0]

    def test_three_way_tie_shares_ten_rounded_down(self) -> None:
        assert [p for p, _ in score_habitat_majority("air", [8, 8, 8, 2], NAMES)] == [3, 3, 3, 0]

    def test_tie_for_second_shares_three_and_one(self) -> None:
        assert [p for p, _ in score_habitat_majority("air", [5, 3, 3], NAMES[:3])] == [6, 2, 2]

    def test_tie_for_third_shares_one_rounded_down(self) -> None:
        assert [p for p, _ in score_habitat_majority("air", [5, 4, 1, 1], NAMES)] == [6, 3, 0, 0]

    def test_a_player_needs_a_book_to_place(self) -> None:
        # Ezra has none: Rachel is 1st, Ana 2nd; Ezra takes no place and scores nothing.
        result = score_habitat_majority("land", [5, 0, 3], NAMES[:3])
        assert [p for p, _ in result] == [6, 0, 3]
        assert "needs at least one" in result[1][1]

    def test_detail_explains_the_shared_places(self) -> None:
        result = score_habitat_majority("water", [6, 6, 3], NAMES[:3])
        assert result[0][1] == "6 water books, tied for the most with Ezra: (6 + 3) / 2 rounded down = 4"
        assert result[2][1] == "3 water books, the 3rd most: 1"


class TestNewZealand:
    def test_rulebook_example_eleven_books_two_sets_eight_points(self) -> None:
        assert score_habitat_trio("water", 11) == (8, "11 water books: 2 sets of 4 × 4")

    @pytest.mark.parametrize(("count", "points"), [(0, 0), (3, 0), (4, 4), (7, 4), (8, 8), (12, 12)])
    def test_four_per_four(self, count: int, points: int) -> None:
        assert score_habitat_trio("land", count)[0] == points


class TestKnowledge:
    def test_rulebook_example_air_most_common_on_the_tiles_left(self) -> None:
        board = [
            tile((0, 2), habitats=("water", "water", "land"), level=3),  # taken: not counted
            tile(habitats=("air",)),
            tile((0, 1), (1, 1), habitats=("land", "air"), level=2),   # tied: stays
            tile(habitats=("air", "air", "water"), level=3),
            tile(habitats=("water", "land"), level=2),
            tile(habitats=("air", "air"), level=2),
            tile(habitats=(), level=4),
        ]
        holders = [majority_holder(t) for t in board]
        counts = habitat_tile_counts(board, holders)
        assert counts == {"land": 2, "water": 2, "air": 4}
        assert accepted_knowledge(counts) == ["air"]
        assert rare_knowledge(counts) == ["land", "water"]

    def test_tied_habitats_all_score(self) -> None:
        assert accepted_knowledge({"land": 3, "water": 3, "air": 1}) == ["land", "water"]
        assert rare_knowledge({"land": 3, "water": 1, "air": 1}) == ["water", "air"]

    def test_a_habitat_on_no_tile_is_the_least_common(self) -> None:
        assert rare_knowledge({"land": 0, "water": 2, "air": 1}) == ["land"]

    def test_with_no_icons_left_nothing_is_most_common_and_everything_least(self) -> None:
        empty = {"land": 0, "water": 0, "air": 0}
        assert accepted_knowledge(empty) == []
        assert rare_knowledge(empty) == ["land", "water", "air"]

    def test_rare_knowledge_table(self) -> None:
        scored = game("""
            board:
              - {species: Sea Lion, level: 3, habitats: [water, water, land], cubes: {Ezra: 1}}
              - {species: Hydra, level: 2, habitats: [water, air]}
              - {species: Finch, level: 1, habitats: [air]}
            """, header="objective: New South Wales", players="""
            players:
              - {name: Rachel, score: 10, books: {land: 3, water: 4, air: 1}}
              - {name: Ezra, score: 10, books: {land: 1}}
            """)
        # Left: Hydra (water, air), Finch (air): land 0 is the rarest -> land books 2 each.
        assert totals(scored)["Rachel"]["Books"] == 6
        assert totals(scored)["Ezra"]["Books"] == 2
        assert "land 0, water 1, air 2 -> land books score 2 each" in "\n".join(scored.sheet.notes)

    def test_tahiti_needs_the_icons_of_the_tiles_left(self) -> None:
        error = error_of("""
            game: origin
            objective: tahiti
            board:
              - {species: Sea Lion, level: 3, cubes: {Ezra: 1}}
              - {species: Hydra, level: 2}
            players:
              - {name: Rachel, score: 10}
              - {name: Ezra, score: 10}
            """)
        assert error.path == ("board", 1)
        assert "missing 'habitats'" in error.message and "Hydra (Level 2) stays on the board" in error.message


# --- variants ------------------------------------------------------------------------------------


class TestAdvanced:
    @pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 2), (2, 5), (3, 8), (4, 12), (5, 16),
                                                   (6, 20), (7, 20)])
    def test_matching_species_table(self, count: int, points: int) -> None:
        species = [f"Species {i}" for i in range(count)]
        objectives = {f"species_{i}": "public" for i in range(count)}
        assert matching_species([*species, "Other"], objectives)[0] == points

    def test_matching_tiles_replace_one_per_tile(self) -> None:
        scored = game("""
            variant: advanced
            public_species: [Sea Lion, hydra]
            board:
              - {species: Sea Lion, level: 3, habitats: [water, water, land], cubes: {Rachel: 2}}
              - {species: Finch, level: 1, habitats: [air], cubes: {Rachel: 1}}
            """, players="""
            players:
              - {name: Rachel, score: 10, tiles: [Hydra, Sea Snail, Booby], private_species: [Booby]}
              - {name: Ezra, score: 10, tiles: [Lava Cactus], private_species: [Sea Snail]}
            """)
        # Rachel: Hydra (public), Booby (private), Sea Lion (public, taken) = 3 -> 8; Sea Snail is
        # Ezra's private objective, not hers; Finch matches nothing. Ezra: nothing -> 0.
        assert totals(scored)["Rachel"]["Species tiles"] == 8
        assert totals(scored)["Ezra"]["Species tiles"] == 0
        detail = next(item.detail for item in scored.sheet.player("Rachel").items
                      if item.item == "Matching species")
        assert detail.startswith("3 matching tiles: Hydra (public), Booby (private), Sea Lion (public) -> 8")
        assert "no objective shows Sea Snail, Finch" in detail

    def test_a_tile_count_cannot_be_matched(self) -> None:
        error = error_of("""
            game: origin
            variant: advanced
            objective: sydney
            board: []
            players:
              - {name: Rachel, score: 10, tiles: 2}
              - {name: Ezra, score: 10}
            """)
        assert error.path == ("players", 0, "tiles") and "needs their names" in error.message

    def test_species_objectives_outside_advanced_warn_and_are_ignored(self) -> None:
        scored = game("public_species: [Sea Lion]\nboard: []", players="""
            players:
              - {name: Rachel, score: 10, tiles: [Sea Lion], private_species: [Hydra]}
              - {name: Ezra, score: 10}
            """)
        assert totals(scored)["Rachel"]["Species tiles"] == 1
        assert sum("score only in the Advanced game" in warning for warning in scored.info.warnings) == 2


class TestFamily:
    def test_no_books_no_objectives_with_warnings(self) -> None:
        scored = game("""
            variant: family
            progression: {2: 1}
            board:
              - {species: Hydra, level: 2, habitats: [water, air], cubes: {Ezra: 2}}
            """, players="""
            players:
              - {name: Rachel, score: 10, books: {land: 8}}
              - {name: Ezra, score: 9}
            """)
        assert totals(scored)["Rachel"] == {"Game score": 10, "Species tiles": 0, "Books": 0, "total": 10}
        assert totals(scored)["Ezra"]["total"] == 10
        warnings = "\n".join(scored.info.warnings)
        assert "no objectives; the Level 4 card given is ignored" in warnings
        assert "no objectives; the Cape Town values given are ignored" in warnings
        assert "no books; they are ignored" in warnings
        # Tied on 10: the Family tie-break is turn order alone, not books.
        assert scored.sheet.winners == ["Ezra"]
        assert scored.sheet.tiebreak is not None and "books" not in scored.sheet.tiebreak

    def test_objective_is_not_needed(self) -> None:
        scored = game("variant: family\nboard: []", header="")
        assert scored.state.objective is None

    def test_standard_needs_an_objective(self) -> None:
        error = error_of("""
            game: origin
            board: []
            players:
              - {name: Rachel, score: 10}
              - {name: Ezra, score: 10}
            """)
        assert "missing 'objective'" in error.message


# --- tie-breaks ----------------------------------------------------------------------------------


class TestTieBreaks:
    def test_most_books_first(self) -> None:
        scored = game("board: []", header="objective: new_zealand", players="""
            players:
              - {name: Rachel, score: 10, books: {land: 3, water: 2}}
              - {name: Ezra, score: 10, books: {air: 3}}
            """)
        assert scored.sheet.winners == ["Rachel"]
        assert scored.sheet.tiebreak == ("Rachel and Ezra tied on 10 points; decided by most books "
                                         "(Rachel 5 books, Ezra 3 books).")

    def test_then_last_in_turn_order(self) -> None:
        scored = game("board: []", header="objective: new_zealand", players="""
            players:
              - {name: Rachel, score: 10, books: {land: 3}}
              - {name: Ezra, score: 10, books: {air: 3}}
              - {name: Ana, score: 9, books: {air: 3}}
            """)
        assert scored.sheet.winners == ["Ezra"]
        assert [player.rank for player in scored.sheet.players] == [2, 1, 3]
        assert scored.sheet.tiebreak is not None
        assert scored.sheet.tiebreak.endswith("decided by later in turn order (Rachel 1st, Ezra 2nd).")


# --- checks --------------------------------------------------------------------------------------


TWO_PLAYERS = """
players:
  - {name: Rachel, score: 10}
  - {name: Ezra, score: 10}
"""


def board_error(board: str, header: str = "objective: sydney") -> InputError:
    return error_of(f"game: origin\n{header}\nboard:\n{board}{TWO_PLAYERS}")


def board_warnings(board: str, players: str = TWO_PLAYERS) -> list[str]:
    return list(score_text(f"game: origin\nobjective: sydney\nboard:\n{board}{players}").info.warnings)


class TestChecks:
    def test_cubes_on_a_level_4_tile(self) -> None:
        error = board_error("  - {species: Giant Tortoise, level: 4, cubes: {Rachel: 1}}\n")
        assert error.path == ("board", 0, "cubes")
        assert "Level 4 tile carries no Observation Cubes" in error.message

    def test_level_4_with_zero_cubes_written_is_fine(self) -> None:
        assert board_warnings("  - {species: Giant Tortoise, level: 4, cubes: {Rachel: 0}}\n") == []

    def test_more_than_eight_cubes_of_one_player_warns(self) -> None:
        board = "".join(f"  - {{species: S{i}, level: 1, habitats: [air], cubes: {{Ezra: 3}}}}\n"
                        for i in range(3))
        warnings = board_warnings(board)
        assert len(warnings) == 1
        assert "Ezra has 9 cubes on the board; each player has 8 Observation Cubes" in warnings[0]
        assert warnings[0].startswith("t.yaml:4:3: warning: board:")

    def test_eight_cubes_is_fine(self) -> None:
        board = "  - {species: S, level: 1, habitats: [air], cubes: {Ezra: 8}}\n"
        assert board_warnings(board) == []

    @pytest.mark.parametrize("level", [0, 5])
    def test_level_outside_one_to_four(self, level: int) -> None:
        error = board_error(f"  - {{species: Hydra, level: {level}}}\n")
        assert error.path == ("board", 0, "level")

    def test_missing_level(self) -> None:
        error = board_error("  - {species: Hydra}\n")
        assert "missing 'level'" in error.message

    def test_starting_tile_is_level_one(self) -> None:
        error = board_error("  - {species: Lava Lizard, starting: true, level: 2}\n")
        assert "counts as Level 1" in error.message

    def test_habitat_names_with_did_you_mean(self) -> None:
        error = board_error("  - {species: Hydra, level: 2, habitats: [water, lnd]}\n")
        assert error.path == ("board", 0, "habitats", 1)
        assert "unknown habitat 'lnd'" in error.message and error.hint == "did you mean 'land'?"

    def test_colour_and_icon_short_forms(self) -> None:
        scored = game("""
            board:
              - {species: Hydra, level: 3, habitats: [Green, blue, feather]}
            """, header="objective: Habitat Majority")
        assert scored.state.board[0].habitats == ("land", "water", "air")
        assert scored.state.objective == "plymouth"

    def test_player_in_cubes_not_at_the_table_is_located_at_the_key(self) -> None:
        error = board_error("  - {species: Hydra, level: 2, cubes: {Rachel: 1, Ezrah: 2}}\n")
        assert error.path == ("board", 0, "cubes", "Ezrah")
        assert error.hint == "did you mean 'Ezra'?"
        assert error.position is not None and (error.position.line, error.position.column) == (4, 51)

    def test_icon_count_differing_from_level_warns(self) -> None:
        warnings = board_warnings("  - {species: Hydra, level: 2, habitats: [water]}\n"
                                  "  - {species: Tortoise, level: 4, habitats: [land]}\n")
        assert "a Level 2 tile shows 2 habitat icons; 1 given" in warnings[0]
        assert "Level 4 tiles show no habitat icons" in warnings[1]

    @pytest.mark.parametrize("count", [0, 5])
    def test_one_to_four_players(self, count: int) -> None:
        rows = "".join(f"  - {{name: P{i}, score: 1}}\n" for i in range(count))
        error = error_of(f"game: origin\nobjective: sydney\nboard: []\nplayers:\n{rows}")
        assert error.path == ("players",)

    def test_same_species_twice_and_too_many_starting_tiles_warn(self) -> None:
        board = "".join(f"  - {{species: Start {i}, starting: true, habitats: [air]}}\n" for i in range(4))
        warnings = board_warnings(board + "  - {species: Hydra, level: 2, habitats: [air, air]}\n", """
players:
  - {name: Rachel, score: 10, tiles: [hydra]}
  - {name: Ezra, score: 10}
""")
        assert any("4 starting tiles on the board; the box has 3" in warning for warning in warnings)
        assert any("'hydra' is also on the board (tile 5)" in warning for warning in warnings)

    def test_strict_makes_warnings_errors(self, write_yaml) -> None:
        path = write_yaml("game: origin\nobjective: sydney\nboard:\n"
                          "  - {species: Hydra, level: 2, habitats: [water]}\n" + TWO_PLAYERS)
        result = run_cli("origin", str(path), "--strict")
        assert result.exit_code == 2
        assert "board[0].habitats: a Level 2 tile shows 2 habitat icons; 1 given" in result.stderr


# --- the command line ----------------------------------------------------------------------------


def test_cli_json_has_categories_and_board() -> None:
    result = run_cli("origin", str(EXAMPLES / "origin" / "full-game-standard.yaml"), "-f", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert list(data["players"][0]["categories"]) == ["Game score", "Species tiles", "Books"]
    assert data["winners"] == ["Ezra"] and "most books" in data["tiebreak"]
    assert data["objective"] == "new_south_wales" and data["variant"] == "standard"
    assert data["board"][3]["taken_by"] == "Rachel"


def test_cli_error_is_located_without_traceback(write_yaml) -> None:
    path = write_yaml("game: origin\nobjective: sydney\nboard:\n"
                      "  - {species: Hydra, level: 2, cubes: {Noah: 1}}\n" + TWO_PLAYERS)
    result = run_cli("origin", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:4:40: board[0].cubes.Noah: 'Noah' is not at the table")


def test_origin_examples_verify() -> None:
    result = run_cli("verify", str(EXAMPLES / "origin"))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "0 failed" in result.stdout and "8 passed" in result.stdout


# --- properties ----------------------------------------------------------------------------------


TILE_STRATEGY = st.fixed_dictionaries({
    "level": st.integers(1, 3),
    "habitats": st.lists(st.sampled_from(["land", "water", "air"]), min_size=1, max_size=3),
    "cubes": st.lists(st.integers(0, 3), min_size=4, max_size=4),
})
PLAYER_STRATEGY = st.fixed_dictionaries({
    "score": st.integers(0, 80),
    "books": st.lists(st.integers(0, 9), min_size=3, max_size=3),
    "tiles": st.integers(0, 3),
})


@settings(max_examples=examples(60))
@given(
    objective=st.sampled_from(["sydney", "plymouth", "new_zealand", "tahiti", "new_south_wales"]),
    variant=st.sampled_from(["standard", "family"]),
    board=st.lists(TILE_STRATEGY, max_size=6),
    players=st.lists(PLAYER_STRATEGY, min_size=4, max_size=4),
    order=st.permutations(range(4)),
)
def test_reordering_players_changes_no_total(objective, variant, board, players, order) -> None:
    def table(sequence: list[int]) -> str:
        data = {
            "game": "origin", "objective": objective, "variant": variant,
            "board": [{"species": f"S{t}", "level": spec["level"], "habitats": spec["habitats"],
                       "cubes": {NAMES[p]: spec["cubes"][p] for p in range(4)}}
                      for t, spec in enumerate(board)],
            "players": [{"name": NAMES[p], "score": players[p]["score"],
                         "books": dict(zip(["land", "water", "air"], players[p]["books"], strict=True)),
                         "tiles": players[p]["tiles"]} for p in sequence],
        }
        return json.dumps(data)

    first = score_source(Source("a.yaml", table([0, 1, 2, 3]))).sheet
    second = score_source(Source("b.yaml", table(list(order)))).sheet
    assert {p.name: p.total for p in first.players} == {p.name: p.total for p in second.players}
    assert len(first.winners) == 1  # the turn-order tie-break always decides


def test_origin_alone_is_a_solo_game_without_a_goal() -> None:
    """One player alone scores as at a table of several (SPEC section 6), and nobody wins."""
    scored = game("""
        board:
          - {species: Sea Lion, level: 3, habitats: [water, water, land], cubes: {Rachel: 2}}
          - {species: Sea Snail, starting: true, habitats: [water], cubes: {}}
        """, players="""
        players:
          - {name: Rachel, score: 38, books: {land: 4, water: 8, air: 0}, tiles: [Finch]}
        """)
    # 38 + Finch 1 + Sea Lion taken 1 + land 6 (the most) + water 6 (the most); air: no book, nothing
    assert totals(scored)["Rachel"]["total"] == 38 + 1 + 1 + 6 + 6
    assert scored.sheet.winners == []
