"""A Galapagos table read from its document: the players and their ledgers, checked against the box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...reading.document import Document
from .declaration import ANIMALS, BOX_TOKENS, PLAYER_LIMIT, animal_name, bonus_name


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
                            f"{bonus_name(bonus)} was already used (in "
                            f"{document.names.get(first_p, f'player {first_p + 1}')}'s exhibition "
                            f"{first_e + 1}); each bonus tile is used once per game")
        else:
            used_tiles[bonus] = (p, e)
    return Exhibition(animals, bonus)


def check_ledger_sum(document: Document, p: int, exhibition: int, ledger: tuple[Exhibition, ...]) -> None:
    total = sum(show.points for show in ledger)
    if total != exhibition:
        document.report(("players", p, "exhibitions"),
                        f"the exhibitions add up to {total} points but 'exhibition' says {exhibition}",
                        hint="fix the ledger or the figure; every exhibited animal is 2 points, 3 with a "
                             "bonus tile", also=(("players", p, "exhibition"),))


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
