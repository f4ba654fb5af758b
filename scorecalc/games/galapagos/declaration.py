"""What a Galapagos table holds: the YAML's declaration (players, their figures, the ledger) and a starter."""

from __future__ import annotations

from typing import Any

from ...spec import Choice, Either, Field, Int, ListOf, MapOf, Record
from .. import player_name_field
from .money import Money

CATEGORIES = ("Exhibitions", "Education", "Animals", "Money")

ANIMALS = ("sea_lion", "iguana", "tortoise", "booby", "penguin", "crab")
ANIMAL_NAMES = {
    "sea_lion": ("sea lion", "sea lions"),
    "iguana": ("iguana", "iguanas"),
    "tortoise": ("tortoise", "tortoises"),
    "booby": ("blue-footed booby", "blue-footed boobies"),
    "penguin": ("penguin", "penguins"),
    "crab": ("crab", "crabs"),
}
BOX_TOKENS = {"sea_lion": 13, "iguana": 12, "tortoise": 11, "booby": 10, "penguin": 9, "crab": 8}
"""Tokens per kind in the box; one of each sits on the education track all game."""
PLAYER_LIMIT = {kind: count - 1 for kind, count in BOX_TOKENS.items()}
EDUCATION_MAX = 25
MONEY_MAX = 1_000_000
"""No table holds a million pounds: the bank is a box of £100 and £500 notes."""

ANIMAL = Choice(
    words=ANIMALS,
    aliases={
        "sea_lions": "sea_lion", "iguanas": "iguana", "tortoises": "tortoise",
        "boobies": "booby", "blue_footed_booby": "booby", "blue_footed_boobies": "booby",
        "penguins": "penguin", "crabs": "crab",
    },
    what="animal",
    example="sea_lion",
)

EXHIBITION = Record(fields={
    "animals": Field(ListOf(ANIMAL, min_items=1, max_items=len(ANIMALS)), required=True,
                     doc="the different animal tokens exhibited"),
    "bonus": Field(Either((Int(minimum=1, maximum=6), ANIMAL)),
                   doc="the bonus tile used, if any: a number 1-6 or an animal"),
})

PLAYER = Record(fields={
    "name": player_name_field(),
    "exhibition": Field(Int(example=30), required=True,
                        doc="exhibition points: the figure on the exhibition track; the track ends at 50, "
                            "so a figure that went round adds 50 per lap (on 12 after one lap: 62)"),
    "education": Field(Int(maximum=EDUCATION_MAX, example=10), required=True,
                       doc="the figure on the education track, 0-25"),
    "animals": Field(Either((Int(example=3), MapOf(key=ANIMAL, value=Int()))), default=0,
                     doc="animal tokens left in front of the player: a count or {kind: count}"),
    "money": Field(Money(maximum=MONEY_MAX, step=100, example=1500,
                         why_step="the game's money comes in £100 and £500 notes"),
                   required=True,
                   doc="money in pounds, a multiple of 100: 1900, 1,900 or £1,900 "
                       "(inside {...} write \"1,900\" in quotes)"),
    "exhibitions": Field(ListOf(EXHIBITION), doc="optional ledger of the player's exhibitions"),
})

FIELDS = {
    "players": Field(ListOf(PLAYER, min_items=1, max_items=6), required=True,
                     doc="the players in turn order (first = start player)"),
}


def animal_name(kind: str, count: int = 1) -> str:
    singular, many = ANIMAL_NAMES[kind]
    return singular if count == 1 else many


def bonus_name(bonus: int | str) -> str:
    return f"bonus tile {bonus}" if isinstance(bonus, int) else f"{animal_name(bonus)} bonus tile"


def example(players: int) -> dict[str, Any]:
    """A plausible finished table for ``players`` players (the starter template)."""
    rows = []
    for i in range(players):
        row: dict[str, Any] = {"name": f"Player {i + 1}", "exhibition": 40 - 3 * i, "education": 16 - 2 * i}
        row["animals"] = {"sea_lion": 1, "crab": 1} if i == 0 else i
        row["money"] = 1500 + 100 * i
        rows.append(row)
    return {"players": rows}
