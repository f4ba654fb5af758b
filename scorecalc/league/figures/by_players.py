"""``--by-players``: each game's figures by number of people at the table.

JSON ``by_game.GAME.by_players: {"2": {played, wins, win_rate, average}, …}``; CSV
``players2_played`` … (one group per table size seen, game rows); a table per game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..records import Record
from .base import CsvColumn, Figure, games_only, name_column, number_column, percent, section

if TYPE_CHECKING:
    from ...blocks import Block
    from ...sheet import PlayerScore, ScoreSheet
    from ..records import Standings

PARTS = ("played", "wins", "win_rate", "average")


def parts(record: Record) -> dict[int, Record]:
    """The record's figures by number of people at the table (kept by this figure)."""
    return record.got(FIGURE.name, {})


def by_players_json(record: Record) -> dict[str, dict[str, Any]]:
    return {str(size): {"played": part.played, "wins": part.wins, "win_rate": round(part.win_rate, 3),
                        "average": round(part.average, 3)}
            for size, part in sorted(parts(record).items())}


class ByPlayersFigure(Figure):
    name = "by_players"
    flag = "--by-players"
    help = "Add each game's figures by number of players at the table."
    listed = 4

    def count(self, record: Record, sheet: ScoreSheet, score: PlayerScore, won: bool,
              share: float | None, seats: int) -> None:
        by_size: dict[int, Record] = record.kept(self.name, {})
        by_size.setdefault(seats, Record()).add(score.total, won, share)

    def game_json(self, standings: Standings, game: str, record: Record) -> dict[str, Any]:
        return {"by_players": by_players_json(record)}

    def csv_columns(self, standings: Standings) -> list[CsvColumn]:
        sizes = sorted({size for player in standings.players for record in player.by_game.values()
                        for size in parts(record)})

        def value(size: int, part: str) -> Callable[[Record], Any]:
            return lambda record: by_players_json(record).get(str(size), {}).get(part, "")

        return [CsvColumn(f"players{size}_{part}", games_only(value(size, part)))
                for size in sizes for part in PARTS]

    def game_blocks(self, standings: Standings, game: str) -> list[Block]:
        body = []
        for player, record in standings.table(game):
            for size, part in sorted(parts(record).items()):
                body.append([player.name, str(size), str(part.played), str(part.wins), percent(part.win_rate),
                             f"{part.average:.1f}"])
        columns = [name_column(groups=True),
                   *map(number_column, ("Players", "Played", "Wins", "Win rate", "Average"))]
        title = standings.titles.get(game, game)
        return section(f"{title} by number of players", columns, body, player=0, level=3)


FIGURE = ByPlayersFigure()
