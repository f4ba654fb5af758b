"""League standings: score sheets in, standings out (SPEC section 7, "League standings").

Pure: no files, no streams. The command line reads and scores the files and hands the
sheets here; ``output.standings`` turns the result into table, markdown, csv or json.

Who counts: a player is a name compared as player names are (``name_key``), shown as
first spelled in the order the sheets come; an automa (Caribe's Percy) is no player. Wins
follow the one winner rule (``ScoreSheet.winners``): a game with several people is won at
rank 1 (shared wins count for each); a solo game with a goal is won when the goal was met;
a solo game without one is played, not won.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dates import day_of
from .names import name_key
from .sheet import ScoreSheet

ALL = "all"
"""The ``game`` of the overall rows (csv) and the key of the overall record."""


@dataclass
class Record:
    """One player's figures over some plays."""

    played: int = 0
    wins: int = 0
    points: int = 0
    best: int | None = None

    def add(self, total: int, won: bool) -> None:
        self.played += 1
        self.wins += won
        self.points += total
        self.best = total if self.best is None or total > self.best else self.best

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0


@dataclass
class Player:
    name: str
    """As first spelled."""
    overall: Record = field(default_factory=Record)
    by_game: dict[str, Record] = field(default_factory=dict)


@dataclass(frozen=True)
class Filters:
    since: datetime.date | None = None
    until: datetime.date | None = None
    game: str | None = None

    def counts(self, sheet: ScoreSheet) -> bool:
        if self.game is not None and sheet.game != self.game:
            return False
        if self.since is None and self.until is None:
            return True
        if not sheet.date:
            return False  # undated plays are not counted once a date range is asked for
        day = day_of(sheet.date)
        return (self.since is None or day >= self.since) and (self.until is None or day <= self.until)


@dataclass
class Standings:
    players: list[Player]
    """In standings order (over all games)."""
    games: list[str]
    """Games with at least one counted play, in the order of ``game_order`` given."""
    files: int = 0
    """Files read, counted or not."""
    left_out: int = 0
    """Broken files."""
    plays: int = 0
    """Plays counted."""
    titles: dict[str, str] = field(default_factory=dict)

    def table(self, game: str = ALL) -> list[tuple[Player, Record]]:
        """The players of one game (or ``all``) with their record there, in standings order."""
        rows = [(player, player.overall if game == ALL else player.by_game[game])
                for player in self.players if game == ALL or game in player.by_game]
        return sorted(rows, key=lambda row: order_key(row[0], row[1]))


def order_key(player: Player, record: Record) -> tuple[Any, ...]:
    """Wins, then win rate, then average (unrounded), all descending; then the name."""
    return (-record.wins, -record.win_rate, -record.average, name_key(player.name), player.name)


def compute(sheets: Iterable[ScoreSheet], filters: Filters = Filters(), *, files: int = 0,
            left_out: int = 0, game_order: Sequence[str] = ()) -> Standings:
    """Standings over ``sheets`` (in file order) that pass ``filters``."""
    players: dict[str, Player] = {}
    spellings: dict[str, str] = {}
    """Every name as first spelled in the sheets read, counted or not: a player's name does
    not change with ``--since`` or ``--game``."""
    games: set[str] = set()
    titles: dict[str, str] = {}
    plays = 0
    for sheet in sheets:
        for score in sheet.players:
            spellings.setdefault(name_key(score.name), score.name)
        if not filters.counts(sheet):
            continue
        plays += 1
        games.add(sheet.game)
        titles.setdefault(sheet.game, sheet.title or sheet.game)
        for score in sheet.people:
            key = name_key(score.name)
            player = players.get(key)
            if player is None:
                player = players[key] = Player(spellings[key])
            victory = sheet.won(score.name)
            player.overall.add(score.total, victory)
            player.by_game.setdefault(sheet.game, Record()).add(score.total, victory)
    ordered = sorted(players.values(), key=lambda player: order_key(player, player.overall))
    known = [game for game in game_order if game in games]
    known += sorted(games - set(known))
    return Standings(ordered, known, files=files, left_out=left_out, plays=plays, titles=titles)
