"""What a Caribe table holds: the YAML's declaration (cards, players, the solo modes) and a starter.

The rulebook's numbers (track spaces, pieces in the box, head starts, the merit table) are
here too, quoted where they come from.
"""

from __future__ import annotations

from typing import Any

from ...spec import Choice, Field, Int, ListOf, MapOf, Record
from .. import player_name_field
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
    specs={name: CardChoice.like(CARD_CHOICES[name], university=name, others=CARD_CHOICES)
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
