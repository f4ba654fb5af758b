"""``--categories``: each player's average per scoring category, game by game.

A category is averaged over the plays that recorded it: a Caracas comparison-only explorer
records only Landscape, so her other categories are absent (JSON ``null``, an empty CSV
cell, ``–`` in a table), not 0. JSON ``by_game.GAME.categories: {CATEGORY: average}``; CSV
one column per category (their union, game by game, in each game's order; game rows); a
table per game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .base import CsvColumn, Figure, games_only, name_column, number_column, one_decimal, section

if TYPE_CHECKING:
    from ...blocks import Block
    from ...sheet import PlayerScore, ScoreSheet
    from ..records import Record, Standings


class Totals(NamedTuple):
    """A record's points per category and the plays that recorded each (kept by this figure)."""

    points: dict[str, int]
    plays: dict[str, int]


def averages(record: Record) -> dict[str, float | None]:
    """Each category's average over the plays that recorded it; ``None`` where none did."""
    totals: Totals | None = record.got(FIGURE.name, None)
    if totals is None:
        return {}
    return {category: points / totals.plays[category] if totals.plays.get(category) else None
            for category, points in totals.points.items()}


def rounded_or_empty(value: float | None) -> Any:
    return "" if value is None else round(value, 3)


class CategoriesFigure(Figure):
    name = "categories"
    flag = "--categories"
    help = "Add each game's average per scoring category."
    listed = 5

    def count(self, record: Record, sheet: ScoreSheet, score: PlayerScore, won: bool,
              share: float | None, seats: int) -> None:
        totals = record.got(self.name, None)
        if totals is None:
            totals = record.kept(self.name, Totals(dict.fromkeys(sheet.categories, 0),
                                                   dict.fromkeys(sheet.categories, 0)))
        for category, points in score.category_totals(sheet.categories).items():
            if category in score.unrecorded:
                continue
            totals.points[category] = totals.points.get(category, 0) + points
            totals.plays[category] = totals.plays.get(category, 0) + 1

    def game_json(self, standings: Standings, game: str, record: Record) -> dict[str, Any]:
        return {"categories": {category: None if value is None else round(value, 3)
                               for category, value in averages(record).items()}}

    def csv_columns(self, standings: Standings) -> list[CsvColumn]:
        names: list[str] = []
        for game in standings.games:
            names += [category for category in standings.categories[game] if category not in names]

        def value(name: str) -> Callable[[Record], Any]:
            return lambda record: rounded_or_empty(averages(record).get(name))

        return [CsvColumn(name, games_only(value(name))) for name in names]

    def game_blocks(self, standings: Standings, game: str) -> list[Block]:
        categories = standings.categories[game]
        body = []
        for player, record in standings.table(game):
            found = averages(record)
            body.append([player.name, *(one_decimal(found.get(category)) for category in categories)])
        columns = [name_column(), *map(number_column, categories)]
        title = standings.titles.get(game, game)
        return section(f"{title}: average per category", columns, body, player=0, level=3)


FIGURE = CategoriesFigure()
