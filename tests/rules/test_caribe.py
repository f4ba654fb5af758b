"""Caribe rules, each with a hand-computed value; checks; solo modes; counts vs half-icon pages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecalc.errors import InputError
from scorecalc.games.caribe.declaration import KNOWLEDGE
from scorecalc.games.caribe.scoring import (
    achievement,
    campaign,
    score_coimbra,
    score_london,
    score_paris,
    score_percy_books,
    score_remaining_elements,
    score_theory_book,
)
from scorecalc.games.caribe.table import Book, Leftover, whole_icons
from scorecalc.pipeline import Scored, score_source
from scorecalc.reading.loading import Source
from tests.helpers import EXAMPLES, error_of, examples, run_cli, score_text

CARDS = {"coimbra": "fauna", "london": "coastline", "paris": "turtle"}
KNOW = {"fauna": 3, "geology": 4, "flora": 2}


def player(name: str = "Ana", score: int = 50, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": name, "score": score, "knowledge": dict(KNOW), "board": {}}
    data.update(extra)
    return data


def table(*players: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"game": "caribe", "university_cards": dict(CARDS), "players": list(players), **top}


def score_doc(doc: dict[str, Any]) -> Scored:
    # JSON is YAML: the document is written out and read back through the whole pipeline.
    return score_text(json.dumps(doc, ensure_ascii=False))


def totals(scored: Scored) -> dict[str, int]:
    return {p.name: p.total for p in scored.sheet.players}


def categories(scored: Scored, name: str) -> dict[str, int]:
    return scored.sheet.player(name).category_totals(scored.sheet.categories)


def doc_error(doc: dict[str, Any]) -> InputError:
    return error_of(json.dumps(doc, ensure_ascii=False))


def warnings_of(doc: dict[str, Any]) -> list[str]:
    return list(score_doc(doc).info.warnings)


PERCY = {"score": 40, "knowledge": {"fauna": 4, "geology": 4, "flora": 3},
         "half_icons": {"fauna": 8, "geology": 5, "flora": 5}}


# --- universities ------------------------------------------------------------------------------


def test_coimbra_scientists_times_white_value_of_the_cards_knowledge() -> None:
    # Inês: 2 scientists, fauna worth 3 -> 6
    assert score_coimbra(2, "fauna", KNOW) == ("Coimbra", 6, "2 scientists × fauna white value 3")
    assert score_coimbra(3, "geology", KNOW)[1] == 12  # 3 × 4


def test_london_scientists_times_scientists_on_the_cards_track() -> None:
    board = {"volcano": 2, "forest": 0, "coastline": 3}
    assert score_london(1, "coastline", board) == (
        "London", 3, "1 scientist × 3 scientists on the coastline track")
    assert score_london(2, "volcano", board)[1] == 4
    assert score_london(4, "forest", board)[1] == 0


def test_paris_scientists_times_animals_of_the_cards_kind() -> None:
    board = {"turtle": 5, "dolphin": 1, "flamingo": 0}
    assert score_paris(1, "turtle", board) == ("Paris", 5, "1 scientist × 5 turtles on the player board")
    assert score_paris(3, "dolphin", board)[2] == "3 scientists × 1 dolphin on the player board"
    assert score_paris(3, "dolphin", board)[1] == 3


# --- books ---------------------------------------------------------------------------------------


def test_book_scores_each_whole_icon_at_its_white_value() -> None:
    assert score_theory_book(1, Book({"fauna": 2, "geology": 1}), KNOW) == (
        "Book 1", 10, "2 fauna × 3 + 1 geology × 4")


def test_whole_icon_is_a_slot_where_both_pages_match() -> None:
    slots = (("geology", "geology"), ("none", "flora"), ("fauna", "flora"))
    assert whole_icons(slots) == {"geology": 1}
    assert whole_icons((("none", "none"),)) == {}  # two blanks make no icon
    book = Book(whole_icons(slots), slots)
    assert score_theory_book(3, book, KNOW) == ("Book 3", 4, "1 geology × 4 (whole in slot 1 of 3)")


def test_book_without_whole_icon_scores_nothing_and_warns() -> None:
    doc = table(player(books=[{"left": ["fauna", "flora"], "right": ["flora", "fauna"]}]), player("Bea"))
    scored = score_doc(doc)
    assert categories(scored, "Ana")["Books"] == 0
    item = next(i for i in scored.sheet.player("Ana").items if i.item == "Book 1")
    assert "not a complete book" in item.detail
    assert any("players[0] (Ana).books[0]: this book has no whole icon" in w for w in scored.info.warnings)


def test_counts_and_pages_score_the_same() -> None:
    as_pages = [{"left": ["geology", "none", "fauna"], "right": ["geology", "flora", "flora"]},
                {"left": ["fauna", "flora", "flora"], "right": ["fauna", "flora", "geology"]}]
    as_counts = [{"geology": 1}, {"fauna": 1, "flora": 1}]
    a = score_doc(table(player(books=as_pages), player("Bea")))
    b = score_doc(table(player(books=as_counts), player("Bea")))
    assert categories(a, "Ana")["Books"] == categories(b, "Ana")["Books"] == 4 + 3 + 2


HALF = st.sampled_from([*KNOWLEDGE, "none"])


@settings(max_examples=examples(60))
@given(
    pages=st.lists(st.integers(1, 3).flatmap(lambda n: st.tuples(st.lists(HALF, min_size=n, max_size=n),
                                                                 st.lists(HALF, min_size=n, max_size=n))),
                   min_size=0, max_size=4),
    values=st.fixed_dictionaries({kind: st.integers(0, 5) for kind in KNOWLEDGE}),
)
def test_property_pages_and_their_whole_icon_counts_score_the_same(pages, values) -> None:
    as_pages = [{"left": left, "right": right} for left, right in pages]
    as_counts = [whole_icons(tuple(zip(left, right, strict=True))) for left, right in pages]
    a = score_doc(table(player(knowledge=values, books=as_pages), player("Bea")))
    b = score_doc(table(player(knowledge=values, books=as_counts), player("Bea")))
    assert a.sheet.player("Ana").total == b.sheet.player("Ana").total
    assert categories(a, "Ana")["Books"] == sum(
        count * values[kind] for book in as_counts for kind, count in book.items())
    assert [w.split(": ", 1)[1] for w in a.info.warnings] == [w.split(": ", 1)[1] for w in b.info.warnings]


# --- leftovers -----------------------------------------------------------------------------------


def test_leftovers_are_one_pool_one_point_per_three() -> None:
    # Inês: 2 coins, 1 compass, 2 scientists, 2 animals = 7 -> 2
    _, points, detail = score_remaining_elements(Leftover(animals=2, scientists=2, coins=2, compass=1))
    assert points == 2
    assert detail == "2 animals + 2 scientists on the map + 2 coins + 1 compass = 7; 1 per 3"
    # one of each kind pools to 3 -> 1, where per-kind rounding would give 0
    assert score_remaining_elements(Leftover(1, 1, 1, 0))[1] == 1
    assert score_remaining_elements(Leftover(0, 0, 2, 0))[1] == 0


# --- the rulebook examples -----------------------------------------------------------------------


def test_ines_105_by_category() -> None:
    scored = score_source(Source("x", (EXAMPLES / "caribe" / "rulebook-ines.yaml").read_text("utf-8")))
    assert categories(scored, "Inês") == {"Game score": 70, "Universities": 14, "Books": 19, "Leftovers": 2}
    assert scored.sheet.player("Inês").total == 105
    assert scored.info.warnings == ()


def test_percy_books_30() -> None:
    # 8 // 2 × 4 + 5 // 2 × 4 + 5 // 2 × 3 = 16 + 8 + 6
    lines = score_percy_books({"fauna": 8, "geology": 5, "flora": 5}, {"fauna": 4, "geology": 4, "flora": 3})
    assert [points for _, points, _ in lines] == [16, 8, 6]
    assert lines[0][2] == "8 half icons ÷ 2 = 4 × fauna white value 4"


# --- tie-breaks ----------------------------------------------------------------------------------


def test_most_points_wins_without_tiebreak() -> None:
    scored = score_doc(table(player("Ana", 60), player("Bea", 59)))
    assert scored.sheet.winners == ["Ana"]
    assert scored.sheet.tiebreak is None


def test_first_tiebreak_most_whole_icons() -> None:
    ana = player("Ana", 50, books=[{"flora": 1}, {"flora": 1}])  # 2 icons × 2 = 4 -> 54
    bea = player("Bea", 50, books=[{"geology": 1}])  # 1 icon × 4 = 4 -> 54
    scored = score_doc(table(ana, bea))
    assert totals(scored) == {"Ana": 54, "Bea": 54}
    assert scored.sheet.winners == ["Ana"]
    assert scored.sheet.tiebreak == ("Ana and Bea tied on 54 points; decided by most whole icons on books "
                                     "(Ana 2, Bea 1).")


def test_second_tiebreak_most_scientists_at_universities() -> None:
    # Ana: 50 + London 2 × 0 on coastline = 50; Bea: 50 + London 1 × 0 = 50; icons 0 and 0
    scored = score_doc(table(player("Ana", universities={"london": 2}),
                             player("Bea", universities={"london": 1})))
    assert scored.sheet.winners == ["Ana"]
    assert [p.rank for p in scored.sheet.players] == [1, 2]
    assert "decided by most scientists at the universities (Ana 2, Bea 1)" in scored.sheet.tiebreak


def test_third_tiebreak_most_animals_plus_scientists_on_the_board() -> None:
    # Bea: 2 dolphins + 1 volcano scientist = 3 on the board; Ana 2 flamingos; no card uses them
    scored = score_doc(table(player("Ana", board={"flamingo": 2}),
                             player("Bea", board={"dolphin": 2, "volcano": 1})))
    assert totals(scored) == {"Ana": 50, "Bea": 50}
    assert scored.sheet.winners == ["Bea"]
    assert "decided by most animals plus scientists on the player board (Ana 2, Bea 3)" in (
        scored.sheet.tiebreak)


def test_unbroken_tie_is_a_shared_victory_and_the_next_rank_skips() -> None:
    scored = score_doc(table(player("Ana"), player("Bea"), player("Cai", 40)))
    assert sorted(scored.sheet.winners) == ["Ana", "Bea"]
    assert [p.rank for p in scored.sheet.players] == [1, 1, 3]
    assert scored.sheet.tiebreak.endswith("a shared victory.")


@settings(max_examples=examples(30))
@given(st.permutations(range(3)))
def test_property_reordering_players_changes_no_total_or_winner(order) -> None:
    players = [player("Ana", 50, books=[{"flora": 1}]), player("Bea", 52, universities={"london": 1}),
               player("Cai", 52, board={"turtle": 1}, universities={"paris": 1})]
    base = score_doc(table(*players))
    shuffled = score_doc(table(*(players[i] for i in order)))
    assert totals(base) == totals(shuffled)
    assert base.sheet.winners == shuffled.sheet.winners == ["Cai"]  # 53, Bea 52, Ana 52


# --- solo: You vs Percy --------------------------------------------------------------------------


def percy_game(score: int, difficulty: str = "normal", **solo: Any) -> Scored:
    return score_doc(table(player("Inês", score), solo={"mode": "percy", "difficulty": difficulty, **solo},
                           percy=dict(PERCY)))


def test_percy_is_scored_and_listed_after_the_player() -> None:
    scored = percy_game(71)
    assert [p.name for p in scored.sheet.players] == ["Inês", "Percy"]
    # Percy: 40 + 0 universities + 30 books + 0 leftovers = 70
    assert categories(scored, "Percy") == {"Game score": 40, "Universities": 0, "Books": 30, "Leftovers": 0}
    assert scored.sheet.winners == ["Inês"]
    assert scored.sheet.extra["solo"]["percy_beaten"] is True


def test_a_tie_with_percy_is_percys() -> None:
    scored = percy_game(70)
    assert scored.sheet.winners == ["Percy"]
    assert [p.rank for p in scored.sheet.players] == [2, 1]
    assert "a tie goes to Percy" in scored.sheet.tiebreak
    assert scored.sheet.extra["solo"]["percy_beaten"] is False


def test_percy_universities_coins_and_compasses() -> None:
    percy = {**PERCY, "universities": {"coimbra": 1, "london": 2, "paris": 1},
             "board": {"coastline": 4, "turtle": 3}, "coins": 5, "compass": 2}
    scored = score_doc(table(player("Inês"), solo={"mode": "percy"}, percy=percy))
    # Coimbra 1 × fauna 4 + London 2 × 4 + Paris 1 × 3 = 15; (5 + 2) // 3 = 2
    assert categories(scored, "Percy") == {"Game score": 40, "Universities": 15, "Books": 30, "Leftovers": 2}


def test_head_start_is_noted_and_a_low_percy_score_warns() -> None:
    scored = percy_game(10, "expert")
    assert scored.sheet.extra["solo"]["head_start"] == 30
    assert any("started on 30" in note for note in scored.sheet.notes)
    assert not scored.info.warnings  # 40 ≥ 30
    low = score_doc(table(player("Inês"), solo={"mode": "percy", "difficulty": "expert"},
                          percy={**PERCY, "score": 20}))
    assert any("percy.score: Percy's score 20 is below the expert head start of 30" in w
               for w in low.info.warnings)


def test_percy_at_london_or_paris_without_a_board_warns() -> None:
    scored = score_doc(table(player("Inês"), solo={"mode": "percy"},
                             percy={**PERCY, "universities": {"paris": 2}}))
    assert any("percy.board" in w and "Paris but his player board is not given" in w
               for w in scored.info.warnings)


def test_a_player_called_percy_is_refused_in_a_percy_game() -> None:
    error = doc_error(table(player("percy"), solo={"mode": "percy"}, percy=dict(PERCY)))
    assert error.path == ("players", 0, "name")
    # ... but is fine at a multiplayer table
    assert score_doc(table(player("Percy"), player("Bea"))).sheet.players[0].name == "Percy"


# --- solo: BYOS and the campaign -----------------------------------------------------------------


@pytest.mark.parametrize(("total", "band"), [
    (126, ">125"), (125, "100-125"), (100, "100-125"), (99, "75-99"), (75, "75-99"), (74, "<75"), (0, "<75"),
])
def test_byos_bands(total: int, band: str) -> None:
    assert achievement(total)[0] == band


@pytest.mark.parametrize(("difficulty", "score", "passed"), [
    ("normal", 75, False), ("normal", 76, True), ("hard", 100, False), ("hard", 101, True),
    ("expert", 125, False), ("expert", 126, True),
])
def test_byos_score_to_beat_is_passed_only_strictly_above(difficulty: str, score: int, passed: bool) -> None:
    scored = score_doc(table(player("Marta", score), solo={"mode": "byos", "difficulty": difficulty}))
    solo = scored.sheet.extra["solo"]
    assert solo["score_to_beat_passed"] is passed
    assert solo["campaign"]["condition_a"] is passed
    assert scored.sheet.winners == (["Marta"] if passed else [])  # SPEC's one winner rule
    assert any(("passed" if passed else "not passed") in note for note in scored.sheet.notes)


def test_campaign_conditions() -> None:
    assert campaign(True, 1) == {"condition_a": True, "goals_completed": 1, "condition_b": True,
                                 "passed": True}
    assert campaign(True, 0)["passed"] is False  # B fails
    assert campaign(False, 3)["passed"] is False  # A fails
    assert campaign(True, None) == {"condition_a": True, "goals_completed": None, "condition_b": None,
                                    "passed": None}


def test_campaign_note_only_when_goals_are_given() -> None:
    plain = score_doc(table(player("Marta", 90), solo={"mode": "byos"}))
    assert not any(note.startswith("Campaign") for note in plain.sheet.notes)
    played = score_doc(table(player("Marta", 90), solo={"mode": "byos", "goals_completed": 0}))
    assert any("condition A met (90 > 75); condition B not met (0 goals completed)" in note
               for note in played.sheet.notes)


# --- checks --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("change", "path", "message"), [
    ({"knowledge": {"fauna": 6, "geology": 1, "flora": 1}}, ("players", 0, "knowledge", "fauna"),
     "white value is 0-5; found 6"),
    ({"knowledge": {"fauna": 1, "geology": 1}}, ("players", 0, "knowledge"), "missing 'flora'"),
    ({"board": {"forest": 6}}, ("players", 0, "board", "forest"), "the forest track has 5 spaces"),
    ({"board": {"jaguar": 1}}, ("players", 0, "board", "jaguar"), "unknown player-board track"),
    ({"books": [{"left": ["fauna"], "right": ["fauna", "flora"]}]}, ("players", 0, "books", 0, "right"),
     "the right page lists 2 slots and the left page 1"),
    ({"books": [{"fauna": 1, "left": ["fauna"]}]}, ("players", 0, "books", 0, "fauna"), "unknown key"),
    ({"universities": {"lisbon": 1}}, ("players", 0, "universities", "lisbon"), "unknown university"),
])
def test_player_errors(change: dict[str, Any], path: tuple, message: str) -> None:
    error = doc_error(table(player(**change), player("Bea")))
    assert any(problem.path == path and message in problem.message for problem in error.problems), \
        [(problem.path, problem.message) for problem in error.problems]


@pytest.mark.parametrize(("cards", "message", "hint"), [
    ({"coimbra": "fauna", "london": "coastline", "paris": "turtel"}, "unknown animal 'turtel'",
     "did you mean 'turtle'?"),
    ({"coimbra": "turtle", "london": "coastline", "paris": "turtle"},
     "'turtle' is an animal (a Paris card); a Coimbra card names a knowledge type", None),
    ({"coimbra": "fauna", "london": "flora", "paris": "turtle"},
     "'flora' is a knowledge type (a Coimbra card); a London card names a terrain", None),
    ({"coimbra": "fauna", "london": "coastline"}, "missing 'paris'", None),
])
def test_university_cards_name_things_that_exist(
    cards: dict[str, str], message: str, hint: str | None
) -> None:
    error = doc_error({**table(player(), player("Bea")), "university_cards": cards})
    assert message in error.message
    if hint:
        assert error.hint == hint


def test_spellings_are_normalised() -> None:
    doc = table(player(board={"Turtles": 2, "Coast": 1}, universities={"Paris": 1, "LONDON": 1}),
                player("Bea"))
    doc["university_cards"] = {"Coimbra": "Fauna", "london": "coastline", "paris": "Turtle"}
    # London 1 × 1 on the coastline track + Paris 1 × 2 turtles
    assert categories(score_doc(doc), "Ana")["Universities"] == 3


@pytest.mark.parametrize(("doc", "path", "message"), [
    (table(player(), player("Bea"), solo={"mode": "byos"}), ("solo",), "a solo game has one player"),
    (table(player(), solo={"mode": "percy"}), ("solo", "mode"), "needs a 'percy:' block"),
    (table(player(), solo={"mode": "byos"}, percy=PERCY), ("percy",), "Percy does not score"),
    (table(player(), percy=PERCY), ("percy",), "belongs to a You vs Percy game"),
    (table(*(player(f"P{i}") for i in range(5))), ("players",), "at most 4"),
])
def test_table_errors(doc: dict[str, Any], path: tuple, message: str) -> None:
    error = doc_error(doc)
    assert error.path == path
    assert message in error.message


def test_box_limit_warnings() -> None:
    ana = player(board={"turtle": 5, "volcano": 5, "forest": 5, "coastline": 5},
                 universities={"coimbra": 5}, leftover={"scientists": 5})
    warnings = warnings_of(table(ana, player("Bea", board={"turtle": 4})))
    assert any("players[0] (Ana): 25 scientists" in w and "each colour has 24" in w for w in warnings)
    # 2 players: 8 of each animal go in the bag; 5 + 4 turtles between them
    assert any("hold 9 turtles between them; a 2-player game puts 8" in w for w in warnings)


def test_an_animal_track_holds_five() -> None:
    # 'If there is no available space on the player board to place the animal ...'
    error = doc_error(table(player(board={"turtle": 6}), player("Bea")))
    assert "players[0].board.turtle: the turtle track has 5 spaces; found 6" in str(error)


def test_animals_in_play_follow_the_player_count() -> None:
    # 3 players: 11 dolphins in the bag; 4 players: 14
    three = [player(n, board={"dolphin": 4}) for n in ("Ana", "Bea", "Cai")]
    warnings = warnings_of(table(*three))
    assert any("hold 12 dolphins between them; a 3-player game puts 11" in w for w in warnings)
    four = [player(n, board={"dolphin": 3}) for n in ("Ana", "Bea", "Cai", "Dov")]
    assert warnings_of(table(*four)) == []
    # a solo game is set up for 2 players: 8 of each
    solo = table(player("Joana", board={"dolphin": 5}), solo={"mode": "percy"},
                 percy={**PERCY, "board": {"dolphin": 4}})
    assert any("hold 9 dolphins between them; a 2-player game puts 8" in w for w in warnings_of(solo))


def test_one_player_without_solo_warns() -> None:
    assert any("one player and no solo mode" in w and "solo:" not in w for w in warnings_of(table(player())))


def test_more_slots_than_a_book_has_warns() -> None:
    warnings = warnings_of(table(player(books=[{"fauna": 4}]), player("Bea")))
    assert any("this book has 4 whole icons; a book has 3 slots" in w for w in warnings)


def test_too_many_goals_warns() -> None:
    warnings = warnings_of(table(player(), solo={"mode": "byos", "goals_completed": 10}))
    assert any("solo.goals_completed: 10 goals completed" in w for w in warnings)


# --- command line --------------------------------------------------------------------------------


def test_table_output_names_universities_books_and_the_tiebreak() -> None:
    result = run_cli("caribe", str(EXAMPLES / "caribe" / "second-tiebreak.yaml"), "--wide")
    assert result.exit_code == 0
    assert "2 scientists × flora white value 4" in result.stdout
    assert "2 fauna × 4 + 1 flora × 3" in result.stdout
    assert "decided by most scientists at the universities (Ana 4, Bruno 3)" in result.stdout


def test_byos_prints_the_band_and_json_has_solo() -> None:
    path = str(EXAMPLES / "caribe" / "byos-hard-campaign.yaml")
    table_out = run_cli("caribe", path, "--wide").stdout
    assert "113 is in the 100–125 band: Your contribution to scientific advancement is noteworthy." in (
        table_out)
    assert "Score to beat at hard: 100 — passed (113 > 100)." in table_out
    data = json.loads(run_cli("caribe", path, "-f", "json").stdout)
    assert data["solo"] == {
        "mode": "byos", "difficulty": "hard", "score": 113, "band": "100-125",
        "achievement": "Your contribution to scientific advancement is noteworthy",
        "score_to_beat": 100, "score_to_beat_passed": True,
        "campaign": {"condition_a": True, "goals_completed": 1, "condition_b": True, "passed": True},
    }
    assert list(data["players"][0]["categories"]) == ["Game score", "Universities", "Books", "Leftovers"]


def test_bad_caribe_input_is_located_and_exits_2(write_yaml) -> None:
    path = write_yaml("""
        game: caribe
        university_cards: {coimbra: fauna, london: coastline, paris: turtle}
        players:
          - name: Ana
            score: 50
            knowledge: {fauna: 6, geology: 1, flora: 1}
            board: {}
    """)
    result = run_cli("caribe", str(path))
    assert result.exit_code == 2
    assert (f"{path}:6:24: players[0] (Ana).knowledge.fauna: a knowledge marker's white value is 0-5; "
            "found 6") in result.stderr


def test_misspelt_page_is_named_not_the_valid_key(write_yaml) -> None:
    path = write_yaml("""
        game: caribe
        university_cards: {coimbra: fauna, london: coastline, paris: turtle}
        players:
          - name: A
            score: 10
            knowledge: {fauna: 3, geology: 4, flora: 2}
            board: {turtle: 1}
            books: [{geology: 1, rght: 1}]
        """)
    result = run_cli("caribe", str(path))
    assert result.exit_code == 2
    assert f"{path}:8:26: players[0] (A).books[0].rght: unknown key 'rght' (did you mean 'right'?)" \
        in result.stderr


def test_percy_is_no_player_in_bgstats() -> None:
    """BG Stats logs people: Percy is left out, and the one person is the start player (the
    first of the YAML's players), who did not win the tie."""
    result = run_cli("caribe", str(EXAMPLES / "caribe" / "percy-wins-a-tie.yaml"), "-f", "bgstats")
    players = json.loads(result.stdout)["players"]
    assert len(players) == 1 and players[0]["name"] != "Percy"
    assert (players[0].get("startPlayer"), players[0]["winner"]) == (True, False)


def test_the_university_cards_help_shows_an_answer_saved_as_it_says() -> None:
    """Issue 19: the help said "name and count pairs: 'coimbra 2, paris 1'", and 'coimbra 2' was
    saved as the second knowledge type (geology): numbers picked list entries no list showed."""
    from scorecalc.games import get_game
    from scorecalc.spec.answer import BadAnswer
    from scorecalc.tally.answers import check

    spec = get_game("caribe").declaration.fields["university_cards"].spec
    shown = re.search(r"'([^']+)'", spec.answer_syntax())
    assert shown is not None and "count" not in spec.answer_syntax()
    cards = {"coimbra": "fauna", "london": "coastline", "paris": "turtle"}
    assert check(spec, shown.group(1), ("university_cards",)) == cards
    assert check(spec, "fauna coastline turtle", ("university_cards",)) == cards  # the words in order
    for counts in ("coimbra 2, london 1, paris 1", "2 1 1"):
        with pytest.raises(BadAnswer, match="coimbra: unknown knowledge type '2'"):
            check(spec, counts, ("university_cards",))
