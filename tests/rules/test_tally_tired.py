"""What a tired player still met at the table, in the interview model (``scorecalc/tally/model.py``):
a value the table's own answers make necessary is never offered to skip; settings and places in
the players' words. Pure states, no terminal (the screens' side: tests/system/test_tally_tired.py)."""

from __future__ import annotations

import datetime

import pytest

from scorecalc.games import get_game
from scorecalc.tally.answers import BadAnswer
from scorecalc.tally.model import Draft, Tally
from scorecalc.tally.questions import Progress, Question
from scorecalc.tally.wording import seen_as

NOW = datetime.datetime(2026, 12, 2, 20, 0)
PERCY_SO_FAR = {
    "university_cards": {"coimbra": "geology", "london": "forest", "paris": "dolphin"},
    "solo": {"mode": "percy", "difficulty": "normal"},
    "date": "2026-12-02 20:00",
    "players": [{"name": "Joana", "score": 78, "knowledge": {"fauna": 5, "geology": 3, "flora": 4},
                 "universities": {"coimbra": 1, "london": 2, "paris": 2},
                 "board": {"turtle": 3, "dolphin": 3, "flamingo": 4, "volcano": 2, "forest": 4,
                           "coastline": 3},
                 "books": [{"fauna": 2, "flora": 1}], "leftover": {"animals": 1, "scientists": 3, "coins": 2,
                                                                  "compass": 2}}],
    "percy": {"score": 64, "knowledge": {"fauna": 4, "geology": 4, "flora": 3}},
}


def percy_state(universities: dict[str, int],
                declined: frozenset[tuple[str | int, ...]] = frozenset()) -> Draft:
    data = {**PERCY_SO_FAR, "percy": {**PERCY_SO_FAR["percy"], "universities": universities}}
    return Draft(data, Progress(declined=frozenset({("location",)}) | declined))


def board_question(tally: Tally, state: Draft) -> Question:
    return next(q for q in tally.plan(state) if q.path == ("percy", "board"))


def test_percys_board_is_needed_when_he_has_scientists_at_london_or_paris() -> None:
    tally = Tally(get_game("caribe"), NOW)
    for universities in ({"coimbra": 2, "london": 1, "paris": 1}, {"london": 1}, {"paris": 3}):
        state = percy_state(universities)
        board = board_question(tally, state)
        assert not board.optional
        with pytest.raises(BadAnswer, match="an answer is needed here"):
            tally.apply(state, board, "")
        with pytest.raises(BadAnswer, match="an answer is needed here"):
            tally.decline(state, board)
        taken = tally.apply(state, board, "2 4 1 3 5 2").state
        assert taken.data["percy"]["board"]["forest"] == 5
    alone = percy_state({"coimbra": 2})
    board = board_question(tally, alone)
    assert board.optional  # at Coimbra only, the board scores nothing: it may be skipped
    assert "board" not in tally.apply(alone, board, "").state.data["percy"]


def test_percys_board_skipped_before_it_was_needed_is_asked_again() -> None:
    tally = Tally(get_game("caribe"), NOW)
    declined = frozenset({("percy", "board")})
    skipped = percy_state({"coimbra": 2}, declined)
    assert board_question(tally, skipped).answered  # declined while it was not needed
    later = percy_state({"coimbra": 2, "london": 1}, declined)  # London changed afterwards ('=')
    board = board_question(tally, later)
    assert not board.answered and not board.optional
    assert tally.left(tally.plan(later)) >= 1  # the table cannot end before it is answered


def test_percys_places_are_named_as_his() -> None:
    tally = Tally(get_game("caribe"), NOW)
    state = percy_state({"london": 1})
    assert seen_as(("percy", "board"), state.data, tally.interview, tally.declaration) == "Percy's board"
    assert seen_as(("percy", "score"), state.data, tally.interview, tally.declaration) == "Percy's score"


def test_a_missing_board_warns_in_players_words() -> None:
    tally = Tally(get_game("caribe"), NOW)
    data = {**percy_state({"coimbra": 1, "london": 1}).data}
    data["percy"] = {**data["percy"], "half_icons": {}, "coins": 0, "compass": 0}
    errors, warnings = tally.check_table(data)
    assert not errors
    assert (("percy", "board"), "Percy has scientists at London but his player board is not given, so they "
                                "score 0") in warnings


def test_a_reversed_sea_is_said_once_at_row_1_and_her_board_is_drawn_by_her_symbols() -> None:
    tally = Tally(get_game("caracas"), NOW)
    state = Draft({"players": [{"name": "Alex"}], "date": "2026-12-02 20:00"},
                  Progress(declined=frozenset({("location",), ("rules",)})))
    row = next(q for q in tally.plan(state) if not q.answered)
    assert row.label == "row 1" and "'reversed' first" in row.doc
    said = tally.apply(state, row, "reversed")
    assert said.state.data["players"][0]["sea"] == "reversed"
    assert "Alex's SEA reads ▲ ◎ ▢ ✻ left to right" in said.said[0].text
    row = next(q for q in tally.plan(said.state) if not q.answered)
    assert row.label == "row 1" and row.doc.startswith("four tokens, ▲ ◎ ▢ ✻ left to right")
    typed = tally.apply(said.state, row, "JuJa~ES JuJa . .").state
    assert row.form is not None
    header = row.form.picture(typed.data["players"][0], 80).splitlines()[0]
    assert header.split() == ["▲", "◎", "▢", "✻"]
    back = tally.apply(said.state, row, "standard").state
    assert "sea" not in back.data["players"][0]  # the first order: nothing written


def origin_board_state(objective: str) -> Draft:
    return Draft({"variant": "standard", "objective": objective, "date": "2026-12-02 20:00",
                  "players": [{"name": "Rachel", "score": 38, "books": {"land": 4, "water": 8, "air": 2},
                               "tiles": 0}],
                  "board": [{"species": "Sea Snail"}]},
                 Progress(declined=frozenset({("location",)})))


def test_origins_starting_tile_is_said_where_the_level_is_asked() -> None:
    tally = Tally(get_game("origin"), NOW)
    state = origin_board_state("plymouth")  # a starting tile scores as Level 1: 'starting' not asked
    level = next(q for q in tally.plan(state) if q.path == ("board", 0, "level"))
    assert level.doc.endswith("a starting tile: 1") and "not needed" not in level.doc
    assert tally.apply(state, level, "1").state.data["board"][0]["level"] == 1
    state = origin_board_state("tahiti")  # icons count: whether it is a starting tile is asked
    starting = next(q for q in tally.plan(state) if q.path == ("board", 0, "starting"))
    assert starting.doc.startswith("one of the 3 Starting Species Tiles? 'y' or 'n'")
    after = tally.apply(state, starting, "y").state
    assert not [q for q in tally.plan(after) if q.path == ("board", 0, "level")]  # Level 1: not asked


def test_names_of_several_words_are_read_from_spaces_where_one_reading_holds() -> None:
    from scorecalc.games.galapagos.declaration import ANIMAL
    from scorecalc.spec import Choice, ListOf
    from scorecalc.tally.answers import check

    animals = ListOf(ANIMAL)
    assert check(animals, "sea lion booby", ("animals",)) == ["sea_lion", "booby"]
    assert check(animals, "booby sea lion penguin", ("animals",)) == ["booby", "sea_lion", "penguin"]
    with pytest.raises(BadAnswer, match=r"^animal 3: unknown animal 'sea'"):  # counted as typed: the third
        check(animals, "sea lion tortoise sea", ("animals",))
    both = ListOf(Choice(words=("sea", "lion", "sea_lion", "booby"), what="thing"))
    with pytest.raises(BadAnswer, match="reads two ways: sea, lion, booby — or — sea lion, booby"):
        check(both, "sea lion booby", ("things",))
    assert check(both, "sea lion, booby", ("things",)) == ["sea_lion", "booby"]  # commas settle it


def test_a_reversed_sea_names_her_squares_on_the_pad_and_in_messages() -> None:
    from scorecalc.games.caracas.interview import BoardRows
    from scorecalc.places import place_words

    cells = BoardRows().cells({"name": "Alex", "sea": "reversed", "grid": "JuJa . . .\n"})
    assert [cell.label for cell in cells[:4]] == ["▲1", "◎1", "▢1", "✻1"]  # column 1 is her ▲
    interview = get_game("caracas").interview
    table = {"players": [{"name": "Alex", "sea": "reversed",
                          "tiles": [{"row": 1, "col": "asterisk"}, {"row": 2, "col": 1}]}]}
    assert place_words(("players", 0, "tiles", 0, "land"), table, interview) == "Alex's tile ✻1 land"
    assert place_words(("players", 0, "tiles", 1, "land"), table, interview) == "Alex's tile ▲2 land"


def test_a_refused_house_rule_is_named_by_its_reading() -> None:
    tally = Tally(get_game("caracas"), NOW)
    state = Draft({}, Progress())
    rules = next(q for q in tally.plan(state) if q.path == ("rules",))
    with pytest.raises(BadAnswer) as refused:
        tally.apply(state, rules, "x")
    assert str(refused.value) == ("A Caiman in a river basin tied for the most tiles: unknown reading 'x' "
                                  "(one of: count, strict)")
    with pytest.raises(BadAnswer, match=r"^not one of its readings") as unknown:
        tally.apply(state, rules, "JuQq SwHoPi~SW . .")
    assert "caiman_ties" not in str(unknown.value)


def test_score_it_waits_for_percys_needed_board_and_not_for_an_unneeded_one() -> None:
    """The pad and the app close a table through the same model: "Score it" settles what is
    optional, never a value the table's answers make necessary."""
    tally = Tally(get_game("caribe"), NOW)
    needed = percy_state({"coimbra": 2, "london": 1})
    waiting = tally.review(needed).waiting
    assert any("Percy's board" in words for words in waiting), waiting
    unneeded = tally.review(percy_state({"coimbra": 2}))
    assert not [words for words in unneeded.waiting if "board" in words]
    assert "board" not in unneeded.closed.data["percy"]


def test_a_books_slot_is_named_as_the_player_counts_it() -> None:
    from scorecalc.tally.answers import check

    caribe = get_game("caribe")
    book = caribe.declaration.fields["players"].spec.item_spec()
    assert book is not None
    books = book.as_record()
    assert books is not None
    spec = books.fields["books"].spec.item_spec()
    with pytest.raises(BadAnswer, match=r"^right half icon 2: unknown half icon 'flaura'"):
        check(spec, "geology none fauna / geology flaura flora", ("players", 0, "books", 0))


def test_a_solo_mode_is_shown_by_its_name() -> None:
    from scorecalc.tally.wording import brief, default_text

    tally = Tally(get_game("caribe"), NOW)
    state = Draft({}, Progress())
    solo = next(q for q in tally.plan(state) if q.path == ("solo",))
    answered = tally.apply(state, solo, "Percy hard").state
    assert answered.data["solo"]["mode"] == "percy"  # FILE keeps its word
    again = next(q for q in tally.plan(answered) if q.path == ("solo",))
    assert brief(again) == "You vs Percy, hard"
    assert default_text(again, NOW) == "You vs Percy, hard"
