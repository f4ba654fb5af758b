"""What the standings hold: a player's record over some plays, a player, the standings, and
what ``standings``' options ask for. Plain data that names no figure.

The figures of ``league.figures`` keep what they work out in these records under their own
name (``found``, through ``kept`` and ``got``): a new figure is its module and a line of
``FIGURES``, and nothing here changes. The figures and ``league.standings`` (which computes
the standings) import this module; it imports neither, so no figure and the standings import
each other.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..dates import day_of
from ..names import name_key

if TYPE_CHECKING:
    from ..plays import Play
    from ..sheet import Scored

ALL = "all"
"""The ``game`` of the overall rows (csv) and the key of the overall record."""

T = TypeVar("T")


@dataclass
class Found:
    """What the figures keep in a record, by the figure's name (``ratings``, ``versus``…)."""

    found: dict[str, Any] = field(default_factory=dict, kw_only=True)

    def kept(self, figure: str, default: T) -> T:
        """What the figure ``figure`` keeps here, ``default`` first set when there is none."""
        kept: T = self.found.setdefault(figure, default)
        return kept

    def got(self, figure: str, default: T) -> T:
        """What the figure ``figure`` keeps here, ``default`` when there is none (nothing set)."""
        got: T = self.found.get(figure, default)
        return got


@dataclass(frozen=True, slots=True)
class Insight:
    """What ``standings``' options ask for beyond the figures: the names of the figures
    (``league.figures``: ``ratings``, ``versus``…) and whether the season chart is drawn."""

    figures: frozenset[str] = frozenset()
    chart: bool = False

    @classmethod
    def of(cls, *figures: str, chart: bool = False) -> Insight:
        return cls(frozenset(figures), chart)

    def __contains__(self, figure: object) -> bool:
        return figure in self.figures


FIGURES_ONLY = Insight()
"""The figures alone: what ``standings`` without its insight options asks for."""


@dataclass
class Record(Found):
    """One player's figures over some plays (and what the figures asked for keep of them)."""

    played: int = 0
    wins: int = 0
    points: int = 0
    best: int | None = None
    placed: int = 0
    """Plays with others (those ``placing`` is the mean over)."""
    placing_sum: float = 0.0

    def add(self, total: int, won: bool, share: float | None = None) -> None:
        self.played += 1
        self.wins += won
        self.points += total
        self.best = total if self.best is None or total > self.best else self.best
        if share is not None:
            self.placed += 1
            self.placing_sum += share

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0

    @property
    def placing(self) -> float | None:
        """The mean placing share over plays with others; ``None`` when every play was solo."""
        return self.placing_sum / self.placed if self.placed else None


@dataclass
class Player(Found):
    name: str
    """As first spelled."""
    key: str = ""
    """The name key (``names.name_key``)."""
    overall: Record = field(default_factory=Record)
    by_game: dict[str, Record] = field(default_factory=dict)


@dataclass(frozen=True)
class Filters:
    since: datetime.date | None = None
    until: datetime.date | None = None
    game: str | None = None

    def counts(self, scored: Scored) -> bool:
        if self.game is not None and scored.sheet.game != self.game:
            return False
        if self.since is None and self.until is None:
            return True
        date = scored.info.date
        if not date:
            return False  # undated plays are not counted once a date range is asked for
        day = day_of(date)
        return (self.since is None or day >= self.since) and (self.until is None or day <= self.until)


EVERY_PLAY = Filters()
"""No filter: every play counts."""


@dataclass
class Standings(Found):
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
    insight: Insight = FIGURES_ONLY
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each game's scoring categories, in the game's order."""
    in_order: list[Play] = field(default_factory=list)
    """The plays counted, in the league's play order (only when a figure asked for or the chart
    reads them)."""

    def table(self, game: str = ALL) -> list[tuple[Player, Record]]:
        """The players of one game (or ``all``) with their record there, in standings order."""
        rows = [(player, player.overall if game == ALL else player.by_game[game])
                for player in self.players if game == ALL or game in player.by_game]
        return sorted(rows, key=lambda row: order_key(row[0], row[1], game))


def order_key(player: Player, record: Record, game: str = ALL) -> tuple[Any, ...]:
    """Overall: wins, then win rate, then placing (unrounded; none last); per game: wins,
    then win rate, then average (unrounded); all descending; then the name."""
    if game == ALL:
        placing = record.placing
        third: tuple[Any, ...] = (placing is None, -(placing or 0.0))
    else:
        third = (-record.average,)
    return (-record.wins, -record.win_rate, third, name_key(player.name), player.name)
