"""The shared ranking mechanics: tied places' points and tie-breaks."""

from __future__ import annotations

from scorecalc.sheet import Place, PlayerScore, ScoreSheet, TieBreak, ordinal, rank, split_places


def points(*args: object, **kwargs: object) -> list[int]:
    return [place.points for place in split_places(*args, **kwargs)]  # type: ignore[arg-type]


def test_split_places_rounds_up_or_down() -> None:
    # two tied for 2nd-3rd of 3/2/1/0: (2 + 1) / 2 = 1.5
    assert points([5, 3, 3, 1], [3, 2, 1, 0], rounding="up") == [3, 2, 2, 0]
    assert points([5, 3, 3, 1], [3, 2, 1, 0], rounding="down") == [3, 1, 1, 0]


def test_split_places_fewest_is_best_and_places_beyond_the_table_score_zero() -> None:
    # fewest swamps: 1 is best; 4, 4 share 3rd-4th of 4/3/2/1/0 -> (2 + 1) / 2 -> 2 rounded up
    assert points([1, 4, 4, 2], [4, 3, 2, 1, 0], higher_is_better=False, rounding="up") == [4, 2, 2, 3]
    # Plymouth 6/3/1 for four players: 4th place is worth 0
    assert points([9, 5, 3, 1], [6, 3, 1], rounding="down") == [6, 3, 1, 0]


def test_split_places_none_takes_no_place() -> None:
    assert points([None, 2, 1], [6, 3, 1], rounding="down") == [0, 6, 3]


def test_split_places_returns_the_place_the_tied_players_and_the_shares() -> None:
    places = split_places([5, 3, None, 3, 1], [3, 2, 1, 0], rounding="up")
    assert places[0] == Place(3, 1, (), (3,))
    assert places[1] == Place(2, 2, (3,), (2, 1)) and places[1].rounded
    assert places[2] == Place(0, None)
    assert places[3] == Place(2, 2, (1,), (2, 1))
    assert places[4] == Place(0, 4, (), (0,)) and not places[4].rounded


def sheet(*totals: int) -> ScoreSheet:
    players = []
    for index, total in enumerate(totals):
        player = PlayerScore(f"P{index}")
        player.add("Points", "points", total)
        players.append(player)
    return ScoreSheet("galapagos", ("Points",), players)


def test_rank_shares_and_skips() -> None:
    result = rank(sheet(10, 12, 12, 3))
    assert [p.rank for p in result.players] == [3, 1, 1, 4]
    assert result.winners == ["P1", "P2"] and result.tiebreak is None


def test_rank_second_tiebreak_decides_and_is_named() -> None:
    books = [0, 4, 4]
    order = [0, 1, 2]
    result = rank(sheet(1, 9, 9), [TieBreak("most books", lambda i: books[i], lambda i: str(books[i])),
                                   TieBreak("later in turn order", lambda i: order[i])])
    assert result.winners == ["P2"]
    assert result.tiebreak == ("P1 and P2 tied on 9 points and on most books (P1 4, P2 4); "
                               "decided by later in turn order.")


def test_ordinal() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]


def money_books_sheet(money: list[int], books: list[int]) -> ScoreSheet:
    players = []
    for name in ("A", "B", "C")[:len(money)]:
        player = PlayerScore(name)
        player.add("Points", "points", 14)
        players.append(player)
    return rank(ScoreSheet("galapagos", ("Points",), players), [
        TieBreak("most money", lambda i: money[i], lambda i: f"£{money[i]:,}"),
        TieBreak("most books", lambda i: books[i], lambda i: str(books[i]))])


def test_each_tiebreak_step_names_only_the_players_still_tied() -> None:
    # B has less money than A and C: B is out after the first step, and is not said to tie on money
    result = money_books_sheet([2300, 1900, 2300], [5, 9, 3])
    assert result.tiebreak == ("A, B and C tied on 14 points; most money (A £2,300, B £1,900, C £2,300) "
                               "puts B out; A and C still tied; decided by most books (A 5, C 3).")
    assert result.winners == ["A"]
    assert [p.rank for p in result.players] == [1, 3, 2]


def test_a_one_step_decision_is_one_short_sentence() -> None:
    result = money_books_sheet([2600, 1900], [0, 0])
    assert result.tiebreak == "A and B tied on 14 points; decided by most money (A £2,600, B £1,900)."


def test_a_tie_no_tiebreak_breaks_is_a_shared_victory() -> None:
    result = money_books_sheet([2300, 1900, 2300], [4, 9, 4])
    assert result.tiebreak == ("A, B and C tied on 14 points; most money (A £2,300, B £1,900, C £2,300) "
                               "puts B out; A and C still tied and on most books (A 4, C 4): "
                               "a shared victory.")
    assert result.winners == ["A", "C"]
    assert [p.rank for p in result.players] == [1, 3, 1]
    level = money_books_sheet([2300, 2300], [4, 4])
    assert level.tiebreak == ("A and B tied on 14 points and on most money (A £2,300, B £2,300); "
                              "most books (A 4, B 4): a shared victory.")


def test_the_last_tiebreak_may_leave_some_tied_and_put_others_out() -> None:
    result = money_books_sheet([2300, 2300, 2300], [4, 1, 4])
    assert result.tiebreak == ("A, B and C tied on 14 points and on most money (A £2,300, B £2,300, "
                               "C £2,300); most books (A 4, B 1, C 4) puts B out; A and C still tied: "
                               "a shared victory.")
