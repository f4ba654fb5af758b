"""Caribe: universities, theory books and leftovers on top of the scoring track; the solo modes.

Readings are documented in ``docs/rules/caribe.md``; rulebook sentences are quoted in
the docstrings of the functions that implement them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Path
from ...names import name_key
from ...reading.document import Document
from ...sheet import PlayerScore, ScoreSheet, TieBreak, plural, rank
from ...spec import Choice, Field, Int, ListOf, MapOf, Record
from .. import Game, player_name_field
from .specs import BookSpec, CardChoice, KeyedMap

CATEGORIES = ("Game score", "Universities", "Books", "Leftovers")

KNOWLEDGE = ("fauna", "geology", "flora")
TERRAINS = ("volcano", "forest", "coastline")
ANIMALS = ("turtle", "dolphin", "flamingo")
UNIVERSITIES = ("coimbra", "london", "paris")

ANIMAL_PLURALS = {"turtle": "turtles", "dolphin": "dolphins", "flamingo": "flamingos"}

KNOWLEDGE_MAX = 5
"""'the furthest point along the knowledge track (worth 5 white points)'."""
TRACK_SPACES = 5
"""A track of the player board holds 5: 'As the track only holds 5 the 6th scientist is moved';
an animal track likewise ('If there is no available space on the player board to place the
animal'; the campaign goal 'having 5 of each animal on your player board')."""
SCIENTISTS_PER_PLAYER = 24
"""'96 Scientists — 24 per player colour'."""
ANIMALS_IN_PLAY = {2: 8, 3: 11, 4: 14}
"""Animals of each kind put in the bag by player count; solo games are set up for 2 players."""
CAMPAIGN_CARDS = 9
"""'9 Solo Campaign Cards'."""
BOOK_SLOTS = 3
"""Slots between the pages of a book in SPEC's example; more is warned about, not refused."""

HEAD_START = {"normal": 0, "hard": 15, "expert": 30}
"""You vs Percy: where Percy's scoring marker starts."""
SCORE_TO_BEAT = {"normal": 75, "hard": 100, "expert": 125}
"""BYOS: the score to beat per difficulty (campaign condition A)."""
ACHIEVEMENTS = (
    (126, ">125", "> 125",
     "Your name will be forever associated with the amazing discoveries in the Caribbean"),
    (100, "100-125", "100–125", "Your contribution to scientific advancement is noteworthy"),
    (75, "75-99", "75–99", "A small animal is named after you"),
    (None, "<75", "< 75", "Your discoveries have been deemed irrelevant"),
)
"""The BYOS merit table: (lowest score of the band, JSON label, printed label, achievement)."""


# --- declaration -------------------------------------------------------------------------------


KNOWLEDGE_TYPE = Choice(words=KNOWLEDGE, what="knowledge type", example="fauna")
TERRAIN = Choice(words=TERRAINS, what="terrain",
                 aliases={"volcanoes": "volcano", "volcanos": "volcano", "forests": "forest",
                          "coastlines": "coastline", "coast": "coastline"},
                 example="coastline")
ANIMAL = Choice(words=ANIMALS, what="animal",
                aliases={"turtles": "turtle", "dolphins": "dolphin", "flamingos": "flamingo",
                         "flamingoes": "flamingo"},
                example="turtle")
UNIVERSITY = Choice(words=UNIVERSITIES, what="university", example="coimbra")
CARD_CHOICES = {"coimbra": KNOWLEDGE_TYPE, "london": TERRAIN, "paris": ANIMAL}
"""What each University card names: Coimbra a knowledge type, London a terrain track, Paris an animal."""


UNIVERSITY_CARDS = KeyedMap(
    key=UNIVERSITY, required=True,
    specs={name: CardChoice(CARD_CHOICES[name], university=name, others=CARD_CHOICES)
           for name in UNIVERSITIES},
)

KNOWLEDGE_VALUES = KeyedMap(
    key=KNOWLEDGE_TYPE,
    specs={kind: Int(maximum=KNOWLEDGE_MAX, example=3,
                         why=f"a knowledge marker's white value is 0-{KNOWLEDGE_MAX}")
           for kind in KNOWLEDGE},
    required=True,
)

BOARD_TRACK = Choice(words=ANIMALS + TERRAINS, aliases={**ANIMAL.aliases, **TERRAIN.aliases},
                     what="player-board track", example="turtle")
BOARD = KeyedMap(
    key=BOARD_TRACK,
    specs={
        **{animal: Int(maximum=TRACK_SPACES, example=3,
                       why=f"the {animal} track has {TRACK_SPACES} spaces")
           for animal in ANIMALS},
        **{terrain: Int(maximum=TRACK_SPACES, example=2,
                            why=f"the {terrain} track has {TRACK_SPACES} spaces")
           for terrain in TERRAINS},
    },
)

SCIENTISTS_AT = MapOf(key=UNIVERSITY, value=Int(example=1))

HALF_ICON = Choice(words=(*KNOWLEDGE, "none"), aliases={"blank": "none", "empty": "none", "_": "none"},
                   what="half icon", example="fauna")


BOOK = BookSpec(
    counts=MapOf(key=KNOWLEDGE_TYPE, value=Int(example=1)),
    pages=Record(fields={
        "left": Field(ListOf(HALF_ICON, min_items=1), required=True,
                      doc="the left page's half icons, slot by slot ('none' for an empty slot)"),
        "right": Field(ListOf(HALF_ICON, min_items=1), required=True,
                       doc="the right page's half icons, slot by slot"),
    }),
)

LEFTOVER = Record(fields={
    "animals": Field(Int(), default=0, doc="animals collected beside the player board, not placed on it"),
    "scientists": Field(Int(), default=0, doc="scientists still on the map"),
    "coins": Field(Int(), default=0, doc="coins"),
    "compass": Field(Int(), default=0, doc="compass markers"),
})

PLAYER = Record(fields={
    "name": player_name_field(),
    "score": Field(Int(example=70), required=True,
                   doc="the scoring track at the end of round 9 (laps of 50 included)"),
    "knowledge": Field(KNOWLEDGE_VALUES, required=True,
                       doc="the white-point value under each knowledge marker (0-5)"),
    "universities": Field(SCIENTISTS_AT, default={}, doc="the player's scientists at each university"),
    "board": Field(BOARD, required=True,
                   doc="animals on each animal track and scientists on each terrain track (0-5)"),
    "books": Field(ListOf(BOOK), default=[],
                   doc="completed theory books: whole icons by type, or {left: [...], right: [...]}"),
    "leftover": Field(LEFTOVER, default={"animals": 0, "scientists": 0, "coins": 0, "compass": 0},
                      doc="leftover elements: 1 point per 3"),
})

SOLO = Record(fields={
    "mode": Field(Choice(words=("percy", "byos"), what="solo mode", example="percy",
                         aliases={"you_vs_percy": "percy", "vs_percy": "percy",
                                  "beat_your_own_score": "byos"}),
                  required=True, doc="percy (You vs Percy) or byos (Beat Your Own Score)"),
    "difficulty": Field(Choice(words=tuple(HEAD_START), what="difficulty", example="normal"),
                        default="normal", doc="normal, hard or expert"),
    "goals_completed": Field(Int(example=1),
                             doc="campaign goals completed this game (campaign condition B)"),
})

PERCY = Record(fields={
    "score": Field(Int(example=80), required=True,
                   doc="Percy's scoring track at the end of round 9, head start included"),
    "knowledge": Field(KNOWLEDGE_VALUES, required=True,
                       doc="the white-point value under each of Percy's knowledge markers (0-5)"),
    "universities": Field(SCIENTISTS_AT, default={}, doc="Percy's scientists at each university"),
    "board": Field(BOARD, doc="Percy's player board (needed when he has scientists at London or Paris)"),
    "half_icons": Field(MapOf(key=KNOWLEDGE_TYPE, value=Int(example=6)), default={},
                        doc="half icons of each type on the theory cards Percy collected"),
    "coins": Field(Int(), default=0, doc="Percy's coins"),
    "compass": Field(Int(), default=0, doc="Percy's compass markers"),
})

FIELDS = {
    "university_cards": Field(UNIVERSITY_CARDS, required=True,
                              doc="the card beside each university: Coimbra a knowledge type, "
                                  "London a terrain track, Paris an animal"),
    "players": Field(ListOf(PLAYER, min_items=1, max_items=4), required=True,
                     doc="the players in turn order (first = start player)"),
    "solo": Field(SOLO, doc="a solo game: {mode: percy|byos, difficulty: normal|hard|expert}"),
    "percy": Field(PERCY, doc="Percy's table in a You vs Percy game"),
}


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
                      f"{head_start}; 'score' is his track value with the head start included")
    if "board" not in raw:
        for university in ("london", "paris"):
            if percy.universities[university]:
                document.warn((*path, "universities", university),
                              f"Percy has scientists at {university.title()} but no 'board' is given, "
                              "so they score 0; add percy.board")
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
            document.warn(("players",), "one player and no 'solo:' block; add "
                          "'solo: {mode: percy}' or 'solo: {mode: byos}' to score a solo game")
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


# --- scoring -------------------------------------------------------------------------------------

Line = tuple[str, int, str]
"""One item: (item, points, detail)."""


def score_coimbra(scientists: int, knowledge_type: str, knowledge: Mapping[str, int]) -> Line:
    """'Coimbra – Green — Players score points by multiplying the number of their scientists at Coimbra
    University on the game board by the white points value of the knowledge marker on their player
    board indicated on the University card.'"""
    value = knowledge[knowledge_type]
    return ("Coimbra", scientists * value,
            f"{plural(scientists, 'scientist')} × {knowledge_type} white value {value}")


def score_london(scientists: int, terrain: str, board: Mapping[str, int]) -> Line:
    """'London – Red — Players score points by multiplying the number of their scientists at London
    University on the game board by the number of scientists they have placed on the track indicated
    on the University card.'"""
    on_track = board[terrain]
    return ("London", scientists * on_track,
            f"{plural(scientists, 'scientist')} × {plural(on_track, 'scientist')} on the {terrain} track")


def score_paris(scientists: int, animal: str, board: Mapping[str, int]) -> Line:
    """'Paris – Yellow — Players score points by multiplying the number of their scientists at Paris
    University by the number of animals on their player board of the type indicated on the University
    card.'"""
    animals = board[animal]
    name = animal if animals == 1 else ANIMAL_PLURALS[animal]
    return ("Paris", scientists * animals,
            f"{plural(scientists, 'scientist')} × {animals} {name} on the player board")


def score_universities(cards: Mapping[str, str], universities: Mapping[str, int],
                       knowledge: Mapping[str, int], board: Mapping[str, int]) -> list[Line]:
    """'For each University, players score points by multiplying the number of their scientists
    currently at that University on the game board by the number of elements required by that
    University that they have earned.'"""
    return [
        score_coimbra(universities["coimbra"], cards["coimbra"], knowledge),
        score_london(universities["london"], cards["london"], board),
        score_paris(universities["paris"], cards["paris"], board),
    ]


def score_theory_book(number: int, book: Book, knowledge: Mapping[str, int]) -> Line:
    """'For each whole icon on a book the player gains points equal to the white points value of the
    knowledge marker on their player board.' A book without a whole icon is not complete."""
    item = f"Book {number}"
    if book.icons == 0:
        return item, 0, "no whole icon: not a complete book, scores nothing"
    terms = " + ".join(f"{count} {kind} × {knowledge[kind]}" for kind, count in book.whole.items())
    if book.slots is not None:
        where = [str(s) for s, (left, right) in enumerate(book.slots, start=1) if left == right != "none"]
        terms += f" (whole in slot{'s' if len(where) > 1 else ''} {', '.join(where)} of {len(book.slots)})"
    return item, sum(count * knowledge[kind] for kind, count in book.whole.items()), terms


def score_theory_books(books: tuple[Book, ...], knowledge: Mapping[str, int]) -> list[Line]:
    if not books:
        return [("Books", 0, "no completed books")]
    return [score_theory_book(number, book, knowledge) for number, book in enumerate(books, start=1)]


def one_per_three(parts: list[tuple[int, str]]) -> Line:
    """'Players score 1 point for every 3 of the following elements they have in total'.

    ``parts`` are (count, shown), e.g. ``(2, "2 coins")``.
    """
    total = sum(count for count, _ in parts)
    shown = " + ".join(text for _, text in parts)
    return "Leftover elements", total // 3, f"{shown} = {total}; 1 per 3"


def coins_and_compasses(coins: int, compass: int) -> list[tuple[int, str]]:
    return [(coins, plural(coins, "coin")), (compass, plural(compass, "compass", "compasses"))]


def score_remaining_elements(leftover: Leftover) -> Line:
    """'Animals collected beside the player board but not placed on it; Scientists still on the game
    board; Coins; Compass markers.' — one pool, 1 point per 3."""
    return one_per_three([
        (leftover.animals, plural(leftover.animals, "animal")),
        (leftover.scientists, plural(leftover.scientists, "scientist") + " on the map"),
        *coins_and_compasses(leftover.coins, leftover.compass),
    ])


def score_percy_books(half_icons: Mapping[str, int], knowledge: Mapping[str, int]) -> list[Line]:
    """'For each knowledge marker type, add together the number of half icons shown on the collected
    theory cards, then divide by 2, rounding down. These are Percy's multipliers'."""
    lines = []
    for kind in KNOWLEDGE:
        halves = half_icons[kind]
        value = knowledge[kind]
        lines.append((kind.title(), halves // 2 * value,
                      f"{plural(halves, 'half icon')} ÷ 2 = {halves // 2} × {kind} white value {value}"))
    return lines


def score_percy_leftovers(percy: Percy) -> Line:
    """'Add together any coins and compasses, scoring 1 point for every 3 items.'"""
    return one_per_three(coins_and_compasses(percy.coins, percy.compass))


def score_player(cards: Mapping[str, str], player: Player) -> PlayerScore:
    sheet = PlayerScore(player.name)
    sheet.add("Game score", "Scoring track", player.score, "points scored during the game")
    for line in score_universities(cards, player.universities, player.knowledge, player.board):
        sheet.add("Universities", *line)
    for line in score_theory_books(player.books, player.knowledge):
        sheet.add("Books", *line)
    sheet.add("Leftovers", *score_remaining_elements(player.leftover))
    return sheet


def score_percy(cards: Mapping[str, str], percy: Percy, difficulty: str) -> PlayerScore:
    sheet = PlayerScore("Percy")
    detail = "points scored during the game"
    if HEAD_START[difficulty]:
        detail += f", {difficulty} head start of {HEAD_START[difficulty]} included"
    sheet.add("Game score", "Scoring track", percy.score, detail)
    for line in score_universities(cards, percy.universities, percy.knowledge, percy.board):
        sheet.add("Universities", *line)
    for line in score_percy_books(percy.half_icons, percy.knowledge):
        sheet.add("Books", *line)
    sheet.add("Leftovers", *score_percy_leftovers(percy))
    return sheet


PERCY_SEAT = 1
"""Percy comes after the human in ``players``."""


def tiebreaks(players: tuple[Player, ...]) -> list[TieBreak]:
    """'If there is a tie the winner is the tied player who has the most whole knowledge icons on
    their scored theory cards. If the tie persists the winner is the tied player with the most
    scientists beside the University Cards on the game board. If the tie still persists the winner is
    the tied player who has the most animals plus scientists on their player board. In the rare case
    that the tie cannot be broken all the tied players share the victory.'"""
    return [
        TieBreak("most whole icons on books", lambda i: players[i].whole_icons,
                 lambda i: str(players[i].whole_icons)),
        TieBreak("most scientists at the universities", lambda i: players[i].scientists_at_universities,
                 lambda i: str(players[i].scientists_at_universities)),
        TieBreak("most animals plus scientists on the player board", lambda i: players[i].on_player_board,
                 lambda i: str(players[i].on_player_board)),
    ]


PERCY_WINS_TIES = TieBreak(
    "the solo rule that a tie goes to Percy (you must score more than him to win)",
    lambda i: i == PERCY_SEAT,
)
"""'If you scored more points than Percy, you beat your rival scientist and win the game.'"""


def achievement(total: int) -> tuple[str, str, str]:
    """The BYOS merit table: (JSON label, printed label, achievement) for a final score."""
    for lowest, label, printed, text in ACHIEVEMENTS:
        if lowest is None or total >= lowest:
            return label, printed, text
    raise AssertionError("the last band has no lower bound")


def campaign(condition_a: bool, goals_completed: int | None) -> dict[str, Any]:
    """'A. You beat Percy (You vs Percy) or your score is higher than the score to beat (BYOS) for the
    difficulty level you have chosen. B. You have completed one or more of the face-up Campaign
    Goals.'"""
    condition_b = None if goals_completed is None else goals_completed >= 1
    passed = None if condition_b is None else condition_a and condition_b
    return {"condition_a": condition_a, "goals_completed": goals_completed,
            "condition_b": condition_b, "passed": passed}


def campaign_notes(result: dict[str, Any], a_because: str) -> list[str]:
    if result["goals_completed"] is None:
        return []
    a = "met" if result["condition_a"] else "not met"
    b = "met" if result["condition_b"] else "not met"
    verdict = ("both met: the game is complete; flip the goals you completed" if result["passed"]
               else "not both met: this game is lost (play it again; 2 lost games end the campaign)")
    return [f"Campaign: condition A {a} ({a_because}); condition B {b} "
            f"({plural(result['goals_completed'], 'goal')} completed); {verdict}."]


def solo_outcome(sheet: ScoreSheet, solo: Solo) -> None:
    """Notes and the JSON ``solo`` key for a You vs Percy or BYOS game."""
    you = sheet.players[0]
    if solo.mode == "percy":
        percy = sheet.players[1]
        beaten = you.total > percy.total
        sheet.automa = (percy.name,)
        sheet.solo_goal = beaten  # the goal of You vs Percy: beat Percy
        head_start = HEAD_START[solo.difficulty]
        result = campaign(beaten, solo.goals_completed)
        sheet.extra["solo"] = {"mode": "percy", "difficulty": solo.difficulty, "head_start": head_start,
                               "percy_beaten": beaten, "campaign": result}
        sheet.notes.append(f"Solo, You vs Percy ({solo.difficulty}): Percy's scoring marker started on "
                           f"{head_start}" + (" (included in his game score)." if head_start else "."))
        outcome = ("you beat Percy" if beaten
                   else "a tie goes to Percy" if you.total == percy.total else "Percy wins")
        sheet.notes.append(f"{you.name} {you.total}, Percy {percy.total}: {outcome}.")
        because = f"{you.total} {'>' if beaten else '≤'} Percy's {percy.total}"
    else:
        label, printed, text = achievement(you.total)
        to_beat = SCORE_TO_BEAT[solo.difficulty]
        passed = you.total > to_beat
        sheet.solo_goal = passed  # the goal of BYOS: pass the difficulty's score to beat
        result = campaign(passed, solo.goals_completed)
        sheet.extra["solo"] = {"mode": "byos", "difficulty": solo.difficulty, "score": you.total,
                               "band": label, "achievement": text, "score_to_beat": to_beat,
                               "score_to_beat_passed": passed, "campaign": result}
        sheet.notes.append(f"Solo, Beat Your Own Score ({solo.difficulty}): {you.total} is in the "
                           f"{printed} band: {text}.")
        sheet.notes.append(f"Score to beat at {solo.difficulty}: {to_beat} — "
                           + (f"passed ({you.total} > {to_beat})." if passed
                              else f"not passed ({you.total} ≤ {to_beat})."))
        because = f"{you.total} {'>' if passed else '≤'} {to_beat}"
    sheet.notes.extend(campaign_notes(result, because))


def score(table: Table) -> ScoreSheet:
    players = [score_player(table.cards, player) for player in table.players]
    if table.percy is not None and table.solo is not None:
        players.append(score_percy(table.cards, table.percy, table.solo.difficulty))
    sheet = ScoreSheet("caribe", CATEGORIES, players)
    if table.percy is not None:
        sheet.start_player = "Percy"  # 'Every round Percy plays first and you next.'
    if table.solo is None:
        return rank(sheet, tiebreaks(table.players))
    rank(sheet, [PERCY_WINS_TIES] if table.solo.mode == "percy" else [])
    solo_outcome(sheet, table.solo)
    return sheet


def example(players: int) -> dict[str, Any]:
    """A plausible finished table for ``players`` players (the starter template); one player plays
    You vs Percy."""
    rows = []
    for i in range(players):
        rows.append({
            "name": f"Player {i + 1}",
            "score": 70 - 4 * i,
            "knowledge": {"fauna": 3, "geology": 4 - i % 2, "flora": 2 + i % 2},
            "universities": {"coimbra": 2, "london": 1, "paris": 1 - i % 2},
            "board": {"turtle": 3 - i % 2, "dolphin": 2, "flamingo": 1, "volcano": 1, "forest": 2,
                      "coastline": 3 - i % 3},
            "books": [{"fauna": 2, "geology": 1},
                      {"left": ["geology", "none", "fauna"], "right": ["geology", "flora", "flora"]}],
            "leftover": {"animals": 1, "scientists": 2, "coins": 2, "compass": i % 2},
        })
    table: dict[str, Any] = {
        "university_cards": {"coimbra": "fauna", "london": "coastline", "paris": "turtle"},
        "players": rows,
    }
    if players == 1:
        table["solo"] = {"mode": "percy", "difficulty": "normal"}
        table["percy"] = {
            "score": 60, "knowledge": {"fauna": 4, "geology": 3, "flora": 3},
            "universities": {"coimbra": 1, "london": 1, "paris": 1},
            "board": {"turtle": 2, "dolphin": 3, "flamingo": 2, "volcano": 2, "forest": 3, "coastline": 2},
            "half_icons": {"fauna": 6, "geology": 5, "flora": 4}, "coins": 3, "compass": 1,
        }
    return table


GAME = Game(
    name="caribe",
    title="Caribe",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    example=example,
    checks_partial=True,
    interview=__name__ + ".interview",
)
