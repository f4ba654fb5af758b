"""Galapagos scored: the end bonus for education, animals and money on top of the exhibition track.

Readings are documented in ``docs/rules/galapagos.md``.
"""

from __future__ import annotations

from ...sheet import PlayerScore, ScoreSheet, TieBreak, plural, rank
from .declaration import CATEGORIES, animal_name, bonus_name
from .table import Player, Table


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
    sheet = ScoreSheet("galapagos", CATEGORIES, tuple(scores))
    most_money = TieBreak("most money", lambda i: players[i].money, lambda i: f"£{players[i].money:,}")
    return rank(sheet, [most_money])
