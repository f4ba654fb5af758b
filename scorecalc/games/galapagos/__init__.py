"""Galapagos: the end bonus for education, animals and money on top of the exhibition track.

Readings are documented in ``docs/rules/galapagos.md``; money as players write it is the
game's own type (``money.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...reading.document import Document
from ...sheet import PlayerScore, ScoreSheet, TieBreak, plural, rank
from ...spec import Choice, Either, Field, Int, ListOf, MapOf, Record
from .. import Game, player_name_field
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


@dataclass(frozen=True)
class Exhibition:
    animals: tuple[str, ...]
    bonus: int | str | None

    @property
    def points(self) -> int:
        """'For each token exhibited you receive two exhibition points' (3 with a bonus)."""
        return len(self.animals) * (3 if self.bonus is not None else 2)


@dataclass(frozen=True)
class Player:
    name: str
    exhibition: int
    education: int
    animals: int
    money: int
    ledger: tuple[Exhibition, ...] | None


@dataclass(frozen=True)
class Table:
    players: tuple[Player, ...]


def animal_name(kind: str, count: int = 1) -> str:
    singular, many = ANIMAL_NAMES[kind]
    return singular if count == 1 else many


def bonus_name(bonus: int | str) -> str:
    return f"bonus tile {bonus}" if isinstance(bonus, int) else f"{animal_name(bonus)} bonus tile"


def parse(document: Document) -> Table:
    """The players' tables, every ledger checked; a problem is reported and checking goes on.

    A player the declaration already refused (``None`` in a partly valid table) is left out.
    """
    players = []
    used_tiles: dict[int | str, tuple[int, int]] = {}
    held = dict.fromkeys(ANIMALS, 0)
    plain_counts = 0
    for p, raw in enumerate(document.data.get("players") or []):
        if raw is None:
            continue
        animals = raw["animals"]
        if isinstance(animals, dict):
            for kind, count in animals.items():
                held[kind] += count
            animal_count = sum(animals.values())
        else:
            plain_counts += animals
            animal_count = animals
        ledger = None
        if "exhibitions" in raw:
            ledger = tuple(check_exhibition(document, p, e, show, used_tiles)
                           for e, show in enumerate(raw["exhibitions"]))
            check_ledger_sum(document, p, raw["exhibition"], ledger)
        players.append(Player(raw["name"], raw["exhibition"], raw["education"], animal_count,
                              raw["money"], ledger))
    check_component_limits(document, held, plain_counts)
    return Table(tuple(players))


def check_exhibition(
    document: Document, p: int, e: int, raw: dict[str, Any], used_tiles: dict[int | str, tuple[int, int]]
) -> Exhibition:
    """'You form an exhibition consisting of one or more different animal tokens.'"""
    path = ("players", p, "exhibitions", e)
    animals = tuple(raw["animals"])
    for i, kind in enumerate(animals):
        if kind in animals[:i]:
            document.report((*path, "animals", i),
                            f"two {animal_name(kind, 2)} in one exhibition; its animal tokens all differ")
    bonus = raw.get("bonus")
    if bonus is not None:
        if isinstance(bonus, int) and len(animals) < bonus:
            document.report((*path, "bonus"),
                            f"bonus tile {bonus} needs at least {bonus} animals; this exhibition has "
                            f"{len(animals)}")
        if isinstance(bonus, str) and bonus not in animals:
            document.report((*path, "bonus"),
                            f"the {bonus_name(bonus)} needs a {animal_name(bonus)} in the exhibition")
        if bonus in used_tiles:
            first_p, first_e = used_tiles[bonus]
            document.report((*path, "bonus"),
                            f"{bonus_name(bonus)} was already used (players[{first_p}].exhibitions"
                            f"[{first_e}]); each bonus tile is used once per game")
        else:
            used_tiles[bonus] = (p, e)
    return Exhibition(animals, bonus)


def check_ledger_sum(document: Document, p: int, exhibition: int, ledger: tuple[Exhibition, ...]) -> None:
    total = sum(show.points for show in ledger)
    if total != exhibition:
        document.report(("players", p, "exhibitions"),
                        f"the exhibitions add up to {total} points but 'exhibition' says {exhibition}",
                        hint="fix the ledger or the figure; every exhibited animal is 2 points, 3 with a "
                             "bonus tile")


def check_component_limits(document: Document, held: dict[str, int], plain_counts: int) -> None:
    """One token of each kind sits on the education track, so players share the rest."""
    for kind, count in held.items():
        if count > PLAYER_LIMIT[kind]:
            document.warn(("players",),
                          f"players hold {count} {animal_name(kind, 2)} between them; the box has "
                          f"{BOX_TOKENS[kind]} and one stays on the education track")
    total = sum(held.values()) + plain_counts
    limit = sum(PLAYER_LIMIT.values())
    if total > limit:
        document.warn(("players",), f"players hold {total} animal tokens between them; at most {limit} "
                      "can be off the education track")


def education_bonus(educations: list[int]) -> list[tuple[int, str]]:
    """End bonus for education, with the reason for each player.

    'The player with the highest education level receives 4 bonus exhibition points,
    the player with the second highest education receives 2 points. In the case of a
    tie for the highest education, all tied players receive 3 points (and no one
    else receives any bonus points). In the case of a tie for the second highest
    education, all tied players receive 1 point.'
    """
    highest = max(educations)
    top = educations.count(highest)
    others = [level for level in educations if level < highest]
    second = max(others) if others else None
    tied_second = others.count(second) if second is not None else 0
    result = []
    for level in educations:
        if level == highest and top > 1:
            result.append((3, f"tied with {top - 1} other{'s' if top > 2 else ''} for highest education "
                              f"({level})"))
        elif level == highest:
            result.append((4, f"highest education ({level})"))
        elif top > 1:
            result.append((0, f"education {level}; a tie for highest leaves no bonus for others"))
        elif level == second and tied_second > 1:
            result.append((1, f"tied for second highest education ({level})"))
        elif level == second:
            result.append((2, f"second highest education ({level})"))
        else:
            result.append((0, f"education {level}, below the two highest"))
    return result


def animal_points(count: int) -> tuple[int, str]:
    """'1 point for each two animal tokens he has (regardless of kinds)'."""
    return count // 2, f"{plural(count, 'animal token')}, 1 point per 2"


def money_points(money: int) -> tuple[int, str]:
    """'1 point for each £1000'."""
    return money // 1000, f"£{money:,}, 1 point per £1,000"


def exhibition_items(player: Player, score: PlayerScore) -> None:
    if player.ledger is None:
        score.add("Exhibitions", "Exhibition track", player.exhibition,
                  "the figure on the exhibition track")
        return
    if not player.ledger:
        score.add("Exhibitions", "Exhibitions", 0, "no exhibitions in the ledger")
    for number, show in enumerate(player.ledger, start=1):
        names = ", ".join(animal_name(kind) for kind in show.animals)
        if show.bonus is None:
            detail = f"{names}: {len(show.animals)} × 2"
        else:
            detail = f"{names} with the {bonus_name(show.bonus)}: {len(show.animals)} × 3"
        score.add("Exhibitions", f"Exhibition {number}", show.points, detail)


def score(table: Table) -> ScoreSheet:
    players = table.players
    bonuses = education_bonus([player.education for player in players])
    scores = []
    for player, (bonus, why) in zip(players, bonuses, strict=True):
        sheet_player = PlayerScore(player.name)
        exhibition_items(player, sheet_player)
        sheet_player.add("Education", "Education bonus", bonus, why)
        sheet_player.add("Animals", "Animal tokens", *animal_points(player.animals))
        sheet_player.add("Money", "Money", *money_points(player.money))
        scores.append(sheet_player)
    sheet = ScoreSheet("galapagos", CATEGORIES, scores)
    most_money = TieBreak("most money", lambda i: players[i].money, lambda i: f"£{players[i].money:,}")
    return rank(sheet, [most_money])


def example(players: int) -> dict[str, Any]:
    """A plausible finished table for ``players`` players (the starter template)."""
    rows = []
    for i in range(players):
        row: dict[str, Any] = {"name": f"Player {i + 1}", "exhibition": 40 - 3 * i, "education": 16 - 2 * i}
        row["animals"] = {"sea_lion": 1, "crab": 1} if i == 0 else i
        row["money"] = 1500 + 100 * i
        rows.append(row)
    return {"players": rows}


GAME = Game(
    name="galapagos",
    title="Galapagos",
    categories=CATEGORIES,
    fields=FIELDS,
    parse=parse,
    score=score,
    example=example,
    checks_partial=True,
    interview=__name__ + ".interview",
)
