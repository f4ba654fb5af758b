"""A Caribe table read from its document: players, books, Percy and the solo mode, checked against the box."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Path
from ...names import name_key
from ...reading.document import Document
from ...sheet import plural
from .declaration import (
    ANIMAL_PLURALS,
    ANIMALS,
    ANIMALS_IN_PLAY,
    BOOK_SLOTS,
    CAMPAIGN_CARDS,
    HEAD_START,
    KNOWLEDGE,
    SCIENTISTS_PER_PLAYER,
    TERRAINS,
    UNIVERSITIES,
)

# --- state ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Book:
    """A completed book's whole icons; ``slots`` keeps the pages when they were given."""

    whole: Mapping[str, int]
    slots: tuple[tuple[str, str], ...] | None = None

    @property
    def icons(self) -> int:
        return sum(self.whole.values())


@dataclass(frozen=True)
class Leftover:
    animals: int = 0
    scientists: int = 0
    coins: int = 0
    compass: int = 0


@dataclass(frozen=True)
class Player:
    name: str
    score: int
    knowledge: Mapping[str, int]
    universities: Mapping[str, int]
    board: Mapping[str, int]
    books: tuple[Book, ...] = ()
    leftover: Leftover = Leftover()

    @property
    def whole_icons(self) -> int:
        return sum(book.icons for book in self.books)

    @property
    def scientists_at_universities(self) -> int:
        return sum(self.universities.values())

    @property
    def on_player_board(self) -> int:
        return sum(self.board.values())


@dataclass(frozen=True)
class Percy:
    score: int
    knowledge: Mapping[str, int]
    universities: Mapping[str, int]
    board: Mapping[str, int]
    half_icons: Mapping[str, int]
    coins: int = 0
    compass: int = 0


@dataclass(frozen=True)
class Solo:
    mode: str
    difficulty: str = "normal"
    goals_completed: int | None = None


@dataclass(frozen=True)
class Table:
    cards: Mapping[str, str]
    players: tuple[Player, ...]
    solo: Solo | None = None
    percy: Percy | None = None


# --- parse ---------------------------------------------------------------------------------------


def whole_icons(slots: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """'A complete book consists of 1 "left-page" theory card and 1 "right-page" theory card placed
    together' — a slot's icon is whole when both pages show the same half icon there."""
    matched = [left for left, right in slots if left == right != "none"]
    return {kind: matched.count(kind) for kind in KNOWLEDGE if kind in matched}


def every(names: tuple[str, ...], given: Mapping[str, int]) -> dict[str, int]:
    """``given`` with every name of ``names``, 0 where it was left out."""
    return {name: given.get(name, 0) for name in names}


def parse_book(document: Document, raw: dict[str, Any], path: Path) -> Book:
    if "whole" in raw:
        return Book({kind: raw["whole"][kind] for kind in KNOWLEDGE if raw["whole"].get(kind)})
    left, right = raw["pages"]["left"], raw["pages"]["right"]
    if len(left) != len(right):
        document.report((*path, "right"),
                        f"the right page lists {plural(len(right), 'slot')} and the left page "
                        f"{len(left)}; list the half icons that face each other, slot by slot",
                        hint="write 'none' for a slot with no half icon")
    slots = tuple(zip(left, right, strict=False))
    return Book(whole_icons(slots), slots)


def parse_player(document: Document, p: int, raw: dict[str, Any]) -> Player:
    path: Path = ("players", p)
    books = tuple(parse_book(document, book, (*path, "books", b)) for b, book in enumerate(raw["books"]))
    player = Player(
        name=raw["name"],
        score=raw["score"],
        knowledge=raw["knowledge"],
        universities=every(UNIVERSITIES, raw["universities"]),
        board=every(ANIMALS + TERRAINS, raw["board"]),
        books=books,
        leftover=Leftover(**raw["leftover"]),
    )
    for b, book in enumerate(books):
        check_book(document, (*path, "books", b), book)
    check_player_pieces(document, path, player.board, player.universities, player.leftover.scientists)
    return player


def check_book(document: Document, path: Path, book: Book) -> None:
    """'at least 1 of the knowledge icons – Fauna, Geology or Flora – in the middle of the book is whole'."""
    if book.icons == 0:
        document.warn(path, "this book has no whole icon, so it is not a complete book; it scores nothing")
    slots = len(book.slots) if book.slots is not None else book.icons
    if slots > BOOK_SLOTS:
        what = plural(slots, "slot") if book.slots is not None else plural(slots, "whole icon")
        document.warn(path, f"this book has {what}; a book has {BOOK_SLOTS} slots between its pages")


def check_player_pieces(document: Document, path: Path, board: Mapping[str, int],
                        universities: Mapping[str, int], on_map: int) -> None:
    """Warn about more scientists than the box holds (a track holds at most 5 animals, so one
    board never shows more animals of a kind than the box's 14)."""
    scientists = sum(board[terrain] for terrain in TERRAINS) + sum(universities.values()) + on_map
    if scientists > SCIENTISTS_PER_PLAYER:
        document.warn(path, f"{scientists} scientists on the player board, at the universities and on "
                            f"the map; each colour has {SCIENTISTS_PER_PLAYER}")


def check_animals_in_play(document: Document, boards: list[Mapping[str, int]], seats: int) -> None:
    """'Dependent upon the number of players place the following numbers of each animal into the bag'
    (a solo game is set up for 2 players)."""
    for animal in ANIMALS:
        held = sum(board[animal] for board in boards)
        if held > ANIMALS_IN_PLAY[seats]:
            document.warn(("players",),
                          f"the player boards hold {held} {ANIMAL_PLURALS[animal]} between them; a "
                          f"{seats}-player game puts {ANIMALS_IN_PLAY[seats]} of each animal in the bag")


def parse_percy(document: Document, raw: dict[str, Any], solo: Solo) -> Percy:
    path: Path = ("percy",)
    percy = Percy(
        score=raw["score"],
        knowledge=raw["knowledge"],
        universities=every(UNIVERSITIES, raw["universities"]),
        board=every(ANIMALS + TERRAINS, raw.get("board", {})),
        half_icons=every(KNOWLEDGE, raw["half_icons"]),
        coins=raw["coins"],
        compass=raw["compass"],
    )
    head_start = HEAD_START[solo.difficulty]
    if percy.score < head_start:
        document.warn((*path, "score"),
                      f"Percy's score {percy.score} is below the {solo.difficulty} head start of "
                      f"{head_start}; his score is his track value, the head start included")
    if "board" not in raw:  # (at the board: tally asks it then, never warns before it is asked)
        for university in ("london", "paris"):
            if percy.universities[university]:
                document.warn((*path, "board"),
                              f"Percy has scientists at {university.title()} but his player board is not "
                              "given, so they score 0")
    check_player_pieces(document, path, percy.board, percy.universities, 0)
    return percy


def parse_solo(document: Document) -> tuple[Solo | None, dict[str, Any] | None]:
    """The solo settings; a problem is reported and checking goes on (``None`` where unusable)."""
    data = document.data
    raw_solo, raw_percy = data.get("solo"), data.get("percy")
    players = data.get("players") or []
    if raw_solo is None:
        if written(document, "solo"):
            return None, None  # refused by the declaration (a partly valid table): already reported
        if raw_percy is not None:
            document.report(("percy",), "'percy:' belongs to a You vs Percy game",
                            hint="add 'solo: {mode: percy}'", at_key=True)
        elif len(players) == 1:
            document.warn(("players",), "one player and no solo mode; to score a solo game, give "
                          "the solo mode: You vs Percy or Beat Your Own Score")
        return None, None
    solo = Solo(raw_solo["mode"], raw_solo["difficulty"], raw_solo.get("goals_completed"))
    if "players" in data and len(players) != 1:  # (a list refused as a whole is reported already)
        document.report(("solo",), f"a solo game has one player; this table has {len(players)}",
                        hint="remove 'solo:' to score a game of several players", at_key=True)
    if solo.mode == "percy":
        if raw_percy is None and not written(document, "percy"):
            document.report(("solo", "mode"), "a You vs Percy game needs a 'percy:' block",
                            hint="percy: {score: ..., knowledge: {...}, universities: {...}, "
                                 "half_icons: {...}, coins: ..., compass: ...}")
        for p, player in enumerate(players):
            if player is not None and name_key(player["name"]) == "percy":
                document.report(("players", p, "name"),
                                "'Percy' is the automa in a You vs Percy game; give the player another name")
    elif raw_percy is not None:
        document.report(("percy",), "in Beat Your Own Score Percy does not score; remove 'percy:'",
                        hint="or set 'solo: {mode: percy}'", at_key=True)
        raw_percy = None
    if solo.goals_completed is not None and solo.goals_completed > CAMPAIGN_CARDS:
        document.warn(("solo", "goals_completed"),
                      f"{solo.goals_completed} goals completed; the box has {CAMPAIGN_CARDS} campaign cards")
    return solo, raw_percy


def written(document: Document, key: str) -> bool:
    """``key`` is in the file, even when the declaration refused its value."""
    return (key,) in document.positions.values


def parse(document: Document) -> Table:
    """The table, every player and Percy checked; a problem is reported and checking goes on.

    In a partly valid table (the declaration found problems) a refused player is ``None``
    and a refused setting is absent; what needs it is not checked.
    """
    data = document.data
    solo, raw_percy = parse_solo(document)
    players = tuple(parse_player(document, p, raw) for p, raw in enumerate(data.get("players") or [])
                    if raw is not None)
    percy = parse_percy(document, raw_percy, solo) if solo is not None and raw_percy is not None else None
    boards = [player.board for player in players] + ([percy.board] if percy is not None else [])
    check_animals_in_play(document, boards, seats=2 if solo is not None else max(len(players), 2))
    return Table(data.get("university_cards", {}), players, solo, percy)
