"""Galapagos rules, each with a hand-computed value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecalc.errors import InputError
from scorecalc.games.galapagos.scoring import animal_points, education_bonus, money_points
from scorecalc.games.galapagos.table import Exhibition
from tests.helpers import examples, run_cli, score_text


def points(educations: list[int]) -> list[int]:
    return [bonus for bonus, _ in education_bonus(educations)]


def table(*players: str) -> str:
    return "game: galapagos\nplayers:\n" + "".join(players)


def player(name: str, exhibition: int = 10, education: int = 0, money: int = 0, extra: str = "") -> str:
    return (f"  - name: {name}\n    exhibition: {exhibition}\n    education: {education}\n"
            f"    money: {money}\n{extra}")


class TestEducationBonus:
    def test_highest_four_second_two(self) -> None:
        # 17 is highest -> 4; 12 is second -> 2; 3 is third -> 0
        assert points([12, 17, 3]) == [2, 4, 0]

    def test_tie_for_highest_gives_three_each_and_nobody_else_anything(self) -> None:
        assert points([17, 17, 12, 3]) == [3, 3, 0, 0]

    def test_three_way_tie_for_highest_still_three_each(self) -> None:
        assert points([9, 9, 9]) == [3, 3, 3]

    def test_tie_for_second_gives_one_each(self) -> None:
        assert points([20, 14, 14, 9]) == [4, 1, 1, 0]

    def test_two_players_the_other_is_second(self) -> None:
        # 'the player with the second highest education receives 2 points'
        assert points([0, 5]) == [2, 4]

    def test_solo_player_is_highest(self) -> None:
        assert points([3]) == [4]


def test_animal_points_one_per_two_tokens() -> None:
    assert animal_points(0)[0] == 0
    assert animal_points(1)[0] == 0
    assert animal_points(5)[0] == 2  # 5 // 2


def test_money_points_one_per_thousand() -> None:
    assert money_points(999 - 99)[0] == 0
    assert money_points(2300)[0] == 2
    assert money_points(10000)[0] == 10


def test_exhibition_points_two_per_animal_three_with_bonus() -> None:
    assert Exhibition(("sea_lion", "tortoise", "booby"), 3).points == 9  # the rulebook's 9
    assert Exhibition(("sea_lion", "booby"), "booby").points == 6  # and its 6
    assert Exhibition(("crab",), None).points == 2


def test_full_table_totals_and_money_tiebreak() -> None:
    sheet = score_text(table(
        player("Hana", 30, 11, 2600, "    animals: 3\n"),  # 30 + 4 + 1 + 2 = 37
        player("Ivo", 33, 6, 1900, "    animals: 2\n"),  # 33 + 2 + 1 + 1 = 37
    )).sheet
    assert [p.total for p in sheet.players] == [37, 37]
    assert sheet.winners == ["Hana"]
    assert [p.rank for p in sheet.players] == [1, 2]
    assert sheet.tiebreak is not None and "most money" in sheet.tiebreak


def test_equal_money_is_a_shared_win() -> None:
    sheet = score_text(table(player("Jo", 24, 5, 1500), player("Kit", 24, 5, 1500))).sheet
    assert sheet.winners == ["Jo", "Kit"]
    assert [p.rank for p in sheet.players] == [1, 1]


def test_ranks_skip_after_shared_place() -> None:
    sheet = score_text(table(
        player("A", 30, 5, 1000),  # 30 + 3 + 0 + 1 = 34
        player("B", 30, 5, 1000),  # 34
        player("C", 10, 1, 0),  # 10
    )).sheet
    assert [p.rank for p in sheet.players] == [1, 1, 3]


def test_animals_by_kind_are_counted_together() -> None:
    sheet = score_text(table(player("A", 0, 0, 0, "    animals: {sea_lion: 2, crab: 3}\n"))).sheet
    assert sheet.players[0].category_totals(sheet.categories)["Animals"] == 2  # 5 // 2


LEDGER_PLAYER = "    exhibitions:\n      - {animals: [sea_lion, tortoise, booby], bonus: 3}\n"


def test_ledger_items_replace_the_track_item() -> None:
    sheet = score_text(table(player("A", 9, 0, 0, LEDGER_PLAYER))).sheet
    items = [item for item in sheet.players[0].items if item.category == "Exhibitions"]
    assert [(item.item, item.points) for item in items] == [("Exhibition 1", 9)]


@pytest.mark.parametrize(
    ("ledger", "message"),
    [
        ("      - {animals: [crab, crab]}\n", "two crabs in one exhibition"),
        ("      - {animals: [crab, iguana], bonus: 3}\n", "bonus tile 3 needs at least 3 animals"),
        ("      - {animals: [crab, iguana], bonus: penguin}\n", "needs a penguin"),
        ("      - {animals: [crab], bonus: 1}\n      - {animals: [iguana], bonus: 1}\n",
         "bonus tile 1 was already used"),
        ("      - {animals: [crab, iguana]}\n", "add up to 4 points but 'exhibition' says 9"),
    ],
)
def test_ledger_errors(ledger: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        score_text(table(player("A", 9 if "already" not in message else 6, 0, 0,
                                "    exhibitions:\n" + ledger)))
    assert any(message in problem.message for problem in caught.value.problems)


def test_bonus_tile_used_once_per_game_across_players() -> None:
    first = player("A", 3, 0, 0, "    exhibitions:\n      - {animals: [crab], bonus: crab}\n")
    second = player("B", 3, 0, 0, "    exhibitions:\n      - {animals: [crab], bonus: crab}\n")
    with pytest.raises(InputError, match=r"crab bonus tile was already used \(in A's exhibition 1\)"):
        score_text(table(first, second))


def test_ledger_sum_error_is_located_and_shows_both_numbers(write_yaml) -> None:
    path = write_yaml(table(player("A", 10, 0, 0, "    exhibitions:\n      - {animals: [crab]}\n")))
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:8:7: players[0] (A).exhibitions: the exhibitions add up to 2 "
                                    "points but 'exhibition' says 10")


def test_component_limit_warns_but_scores(write_yaml) -> None:
    # 13 sea lions in the box, one on the education track: 12 between the players
    path = write_yaml(table(player("A", 0, 0, 0, "    animals: {sea_lion: 7}\n"),
                            player("B", 0, 0, 0, "    animals: {sea_lion: 6}\n")))
    result = run_cli("galapagos", str(path), "--format", "json")
    assert result.exit_code == 0
    assert "warning: players: players hold 13 sea lions between them" in result.stderr
    strict = run_cli("galapagos", str(path), "--strict")
    assert strict.exit_code == 2
    assert "13 sea lions" in strict.stderr and "--strict" in strict.stderr


def test_money_in_notes_only(write_yaml) -> None:
    path = write_yaml(table(player("A", 0, 0, 150)))
    result = run_cli("galapagos", str(path))
    assert result.exit_code == 2
    assert "players[0] (A).money: £150 is not a multiple of £100; the game's money comes in £100 and £500 " \
           "notes" in result.stderr


def test_animal_short_forms() -> None:
    sheet = score_text(table(player("A", 0, 0, 0, "    animals: {Sea Lions: 1, blue-footed booby: 1}\n")))
    assert sheet.sheet.players[0].category_totals(sheet.sheet.categories)["Animals"] == 1


@settings(max_examples=examples(60))
@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 25), st.integers(0, 10), st.integers(0, 60)),
                min_size=1, max_size=6))
def test_reordering_players_changes_no_total(rows: list[tuple[int, int, int, int]]) -> None:
    players = [player(f"P{i}", e, edu, money * 100, f"    animals: {a}\n")
               for i, (e, edu, a, money) in enumerate(rows)]
    forward = score_text(table(*players)).sheet
    backward = score_text(table(*reversed(players))).sheet
    assert {p.name: p.total for p in forward.players} == {p.name: p.total for p in backward.players}
    assert sorted(forward.winners) == sorted(backward.winners)


@settings(max_examples=examples(60))
@given(st.lists(st.integers(0, 25), min_size=1, max_size=6))
def test_education_bonus_invariants(educations: list[int]) -> None:
    bonus = points(educations)
    best = max(educations)
    assert all(b > 0 for b, e in zip(bonus, educations, strict=True) if e == best)
    top = [b for b, e in zip(bonus, educations, strict=True) if e == best]
    rest = [b for b, e in zip(bonus, educations, strict=True) if e != best]
    assert all(t > r for t in top for r in rest)
    if len(top) > 1:
        assert set(top) == {3} and not any(rest)
