"""A table in a phone's order (SPEC section 8, "A phone in a player's hand"), over the pad's model,
in-process: the settings that decide the questions first, a name field for every seat at once
(typed in any order, no seat changing meaning), the players' parts, then the date, the place and
the house rules folded last, each house rule a choice in words."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import yaml

from scorecalc.games import get_game
from scorecalc.web.pad import Pad
from scorecalc.web.views import FieldView

NOW = datetime.datetime(2026, 12, 3, 20, 0)


@pytest.fixture
def caracas(tmp_path: Path):  # type: ignore[no-untyped-def]
    table = Pad(get_game("caracas"), str(tmp_path / "t.yaml"), NOW)
    yield table
    table.close()


def saved(board: Pad, place: str, value: str, seen: str | None = None) -> None:
    reply = board.answer(place, seen, value)
    assert reply.status == "saved", (place, value, reply)


def sections(board: Pad) -> list[tuple[str, bool, list[str]]]:
    return [(s.title, s.folded, [f.place for f in s.fields]) for s in board.view().sections]


def fields(board: Pad) -> dict[str, FieldView]:
    return {f.place: f for s in board.view().sections for f in s.fields}


def test_origin_asks_its_settings_first_then_every_seat_and_folds_the_date_and_place_last(
        tmp_path: Path) -> None:
    table = Pad(get_game("origin"), str(tmp_path / "t.yaml"), NOW)
    try:
        shown = sections(table)
        assert shown[0] == ("The table", False, ["variant", "objective"])
        # Origin takes 1 to 4 players (alone, a solo game): four name fields at once, the first needed
        assert shown[1] == ("Players", False, [f"players[{i}].name" for i in range(4)])
        assert shown[-1] == ("Date and place", True, ["date", "location"])
        placeholders = [f.placeholder for f in table.view().sections[1].fields]
        assert placeholders == ["", *["optional: another player"] * 3]
        # "I am …" counts the first seat as left to answer, not the three the table may leave empty
        assert [f.optional for f in table.view().sections[1].fields] == [False, True, True, True]
        # the date is still asked (today's is only its fallback); the place may be left out
        assert [f.optional for f in table.view().sections[-1].fields] == [False, True]
    finally:
        table.close()


def test_a_caribe_solo_table_offers_one_seat(tmp_path: Path) -> None:
    table = Pad(get_game("caribe"), str(tmp_path / "t.yaml"), NOW)
    try:
        assert [f.place for f in table.view().sections[1].fields] == [f"players[{i}].name" for i in range(4)]
        saved(table, "university_cards", "coimbra fauna, london volcano, paris dolphin")
        saved(table, "solo", "mode byos, difficulty hard, goals_completed 1")
        players = next(s for s in table.view().sections if s.title == "Players")
        assert [f.place for f in players.fields] == ["players[0].name"]
    finally:
        table.close()


def test_a_name_at_a_later_seat_keeps_its_seat_and_the_seats_between_wait_for_theirs(
        caracas: Pad, tmp_path: Path) -> None:
    assert sections(caracas)[0] == ("Players", False, [f"players[{i}].name" for i in range(5)])
    saved(caracas, "players[3].name", "Dan")  # the fourth to play types hers first
    saved(caracas, "players[0].name", "Alex")
    data = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert data["players"] == [{"name": "Alex"}, {}, {}, {"name": "Dan"}]
    shown = fields(caracas)
    assert (shown["players[1].name"].answered, shown["players[1].name"].label) == (False, "player 2's name")
    assert shown["players[4].name"].placeholder == "optional: another player"
    assert [s.title for s in caracas.view().sections if s.player is not None] == \
        ["Alex", "Player 2", "Player 3", "Dan"]
    saved(caracas, "players[2].name", "Cid")  # seat 3 before seat 2: nobody moves
    saved(caracas, "players[1].name", "Bea")
    data = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert [p["name"] for p in data["players"]] == ["Alex", "Bea", "Cid", "Dan"]
    with pytest.raises(AssertionError):  # the same name at two seats is refused, as at the terminal
        saved(caracas, "players[4].name", "Alex")


def test_an_unnamed_seat_holds_the_score_until_it_is_named(caracas: Pad) -> None:
    saved(caracas, "players[0].name", "Alex")
    saved(caracas, "players[2].name", "Cid")
    for i in (0, 2):
        saved(caracas, f"players[{i}].grid.row1", "6 4 2 3")  # comparison-only explorers
    review = caracas.review()
    assert not review.ready
    assert review.waiting == ("player 2's name: an answer is needed", "player 2's board is not finished")
    refused = caracas.score()
    assert (refused.status, refused.message) == ("refused", "; ".join(review.waiting))
    saved(caracas, "players[1].name", "Bea")
    saved(caracas, "players[1].grid.row1", "5 3 2 1")
    assert caracas.review().ready, caracas.review()


def test_removing_the_last_seat_takes_the_unnamed_seats_before_it_too(caracas: Pad, tmp_path: Path) -> None:
    saved(caracas, "players[0].name", "Alex")
    saved(caracas, "players[1].name", "Bea")
    saved(caracas, "players[4].name", "Eve")  # a slip: the fifth seat
    removal = next(r for s in caracas.view().sections for r in s.removals)
    assert (removal.place, removal.label) == ("players[4]", "player 5 (Eve)")
    assert caracas.remove("players[4]", removal.seen).status == "saved"
    data = yaml.safe_load((tmp_path / "t.yaml").read_text())
    assert data["players"] == [{"name": "Alex"}, {"name": "Bea"}]
    assert [f.place for f in caracas.view().sections[0].fields] == [f"players[{i}].name" for i in range(5)]


def test_the_house_rules_are_folded_last_each_a_choice_in_words(caracas: Pad, tmp_path: Path) -> None:
    title, folded, places = sections(caracas)[-1]
    assert (title, folded) == ("Date, place and house rules", True)
    assert places == ["date", "location", "rules.caiman_ties", "rules.flamingo_min_run",
                      "rules.snake_min_types", "rules.snake_around", "rules.forks"]
    around = fields(caracas)["rules.snake_around"]
    assert around.label == "The tiles around a Snake"
    assert around.options == [("8", "the up to 8 around it, diagonals included"),
                              ("4", "only the 4 at its sides")]
    assert (around.value, around.default, around.answered) == ("", "8", False)
    assert "caiman_ties" not in around.label + " ".join(words for _, words in around.options)
    run = fields(caracas)["rules.flamingo_min_run"]
    assert (run.options, run.placeholder) == ([], "empty: 5")

    said: list[str] = []
    caracas.say = said.append
    saved(caracas, "rules.snake_around", "4")
    assert said[-1] == "  The tiles around a Snake: only the 4 at its sides ✓"
    rules = yaml.safe_load((tmp_path / "t.yaml").read_text())["rules"]
    assert rules == {"snake_around": 4}  # FILE holds only what was changed: the others as the rulebook reads
    refused = caracas.answer("rules.flamingo_min_run", "5", "0")
    assert (refused.status, refused.message) == ("refused", "must be at least 1, found 0")
    stale = caracas.answer("rules.forks", None, "junctions")  # sent as if nothing were chosen yet
    assert (stale.status, stale.current) == ("stale", "sides")
    saved(caracas, "rules.forks", "junctions", seen="sides")
    assert caracas.answer("rules.forks", "sides", "junctions").status == "saved"  # a resend
    rules = yaml.safe_load((tmp_path / "t.yaml").read_text())["rules"]
    assert (rules["snake_around"], rules["forks"]) == (4, "junctions")


def test_an_empty_seat_sent_empty_leaves_every_seat_offered(caracas: Pad, tmp_path: Path) -> None:
    """Enter in an empty name field: nothing saved, and the list stays open on phones (at the
    terminal an empty answer ends the players; on phones "Score it" closes the list)."""
    saved(caracas, "players[0].name", "Alex")
    saved(caracas, "players[1].name", "Bea")
    before = (tmp_path / "t.yaml").read_text()
    saved(caracas, "players[4].name", "")
    assert (tmp_path / "t.yaml").read_text() == before
    assert [f.place for f in caracas.view().sections[0].fields] == [f"players[{i}].name" for i in range(5)]
    saved(caracas, "players[2].name", "Cid")
