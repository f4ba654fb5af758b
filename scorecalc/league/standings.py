"""League standings: score sheets in, standings out (SPEC section 7, "League standings").

Pure: no files, no streams. The command line reads and scores the files and hands the
sheets here; ``output.standings`` turns the result into table, markdown, csv or json.

Who counts: a player is a name compared as player names are (``name_key``), shown as
first spelled in the order the sheets come; an automa (Caribe's Percy) is no player. Wins
follow the one winner rule (``ScoreSheet.winners``): a game with several people is won at
rank 1 (shared wins count for each); a solo game with a goal is won when the goal was met;
a solo game without one is played, not won.

Across games points add scores of different scales (Caracas ~20, Caribe ~100), so the
overall order uses ``placing`` instead of the average: the mean over a player's plays with
others of (players - rank) / (players - 1), 1 for a win and 0 for last.

``Insight`` says what else to work out (the options of ``standings``): the figures of
``league.figures`` (ratings, streaks and form, head to head, by number of players, per
category), each of which counts what it needs, sheet by sheet (``Figure.count``) or over the
plays in the league's play order (``Figure.season``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..dates import day_of
from ..names import name_key
from ..sheet import Scored, ScoreSheet

if TYPE_CHECKING:
    from ..plays import Play
    from .figures.base import Figure
    from .figures.ratings import Change, Rating
    from .figures.streaks import Form
    from .figures.versus import Meeting

ALL = "all"
"""The ``game`` of the overall rows (csv) and the key of the overall record."""


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
class Record:
    """One player's figures over some plays."""

    played: int = 0
    wins: int = 0
    points: int = 0
    best: int | None = None
    placed: int = 0
    """Plays with others (those ``placing`` is the mean over)."""
    placing_sum: float = 0.0
    by_players: dict[int, Record] | None = None
    """``--by-players``: the figures by number of people at the table."""
    category_points: dict[str, int] | None = None
    """``--categories``: points per scoring category (the game's categories, in order)."""
    category_plays: dict[str, int] | None = None
    """``--categories``: the plays that recorded each category (a comparison-only Caracas
    explorer's records Landscape alone)."""
    rating: Rating | None = None
    """``--ratings``: the rating after the last play; ``None`` without a play with others."""
    found: dict[str, Any] | None = None
    """What a figure counts play by play and keeps in no field above, by the figure's name
    (``None`` until one does: most records never need it)."""

    def kept(self, figure: str, default: Any) -> Any:
        """What the figure ``figure`` keeps here (``found``), ``default`` first set when there is none."""
        if self.found is None:
            self.found = {}
        return self.found.setdefault(figure, default)

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

    def category_averages(self) -> dict[str, float | None]:
        """Each category's average over the plays that recorded it; ``None`` where none did."""
        plays = self.category_plays or {}
        return {category: points / plays[category] if plays.get(category) else None
                for category, points in (self.category_points or {}).items()}


@dataclass
class Player:
    name: str
    """As first spelled."""
    key: str = ""
    """The name key (``names.name_key``)."""
    overall: Record = field(default_factory=Record)
    by_game: dict[str, Record] = field(default_factory=dict)
    form: Form | None = None
    """``--streaks``."""
    versus: list[Meeting] | None = None
    """``--versus``: one meeting per opponent met (most met first)."""
    rival: str | None = None
    """``--versus``: the rival's name (``versus.rival``)."""
    nemesis: str | None = None
    """``--versus``: the nemesis' name (``versus.nemesis``)."""


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
    insight: Insight = FIGURES_ONLY
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each game's scoring categories, in the game's order."""
    in_order: list[Play] = field(default_factory=list)
    """The plays counted, in the league's play order (only when a figure asked for or the chart
    reads them)."""
    rating_changes: list[list[Change]] = field(default_factory=list)
    """``--ratings``: what each play of ``in_order`` did to the overall ratings."""
    found: dict[str, Any] = field(default_factory=dict)
    """What a figure works out over the season and keeps nowhere else, by the figure's name."""

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


def placing_shares(sheet: ScoreSheet) -> dict[str, float]:
    """Each person's (players - rank) / (players - 1) at a table with others (ranks among
    the people: 1 for a win, shared ranks alike, 0 for last); empty for a solo play."""
    people = sheet.people
    if len(people) < 2:
        return {}
    last = len(people) - 1
    return {player.name: (last - sum(other.rank < player.rank for other in people)) / last
            for player in people}


def compute(results: Iterable[Scored], filters: Filters = Filters(), *, files: int = 0,
            left_out: int = 0, game_order: Sequence[str] = (), insight: Insight = FIGURES_ONLY) -> Standings:
    """Standings over the scored tables (in file order) that pass ``filters``, with what ``insight``
    asks for."""
    from . import figures

    players: dict[str, Player] = {}
    spellings: dict[str, str] = {}
    """Every name as first spelled in the sheets read, counted or not: a player's name does
    not change with ``--since`` or ``--game``."""
    titles: dict[str, str] = {}
    categories: dict[str, tuple[str, ...]] = {}
    counted: list[Scored] = []
    asked = figures.asked(insight)
    for scored in results:
        sheet = scored.sheet
        for score in sheet.players:
            spellings.setdefault(name_key(score.name), score.name)
        if not filters.counts(scored):
            continue
        counted.append(scored)
        titles.setdefault(sheet.game, scored.info.title or sheet.game)
        categories.setdefault(sheet.game, sheet.categories)
        count_sheet(sheet, players, spellings, asked)
    ordered = sorted(players.values(), key=lambda player: order_key(player, player.overall))
    known = [game for game in game_order if game in titles]
    known += sorted(set(titles) - set(known))
    standings = Standings(ordered, known, files=files, left_out=left_out, plays=len(counted), titles=titles,
                          insight=insight, categories=categories)
    season = [figure for figure in asked if figure.reads_plays]
    if season or insight.chart:
        add_insight(standings, counted, season)
    return standings


def count_sheet(sheet: ScoreSheet, players: dict[str, Player], spellings: dict[str, str],
                asked: Sequence[Figure]) -> None:
    """Add one counted sheet to its people's records (overall and the game's), and to what the
    figures ``asked`` count play by play."""
    winners = set(sheet.winners)
    shares = placing_shares(sheet)
    people = sheet.people
    for score in people:
        key = name_key(score.name)
        player = players.get(key)
        if player is None:
            player = players[key] = Player(spellings[key], key)
        victory = score.name in winners
        total = score.total
        share = shares.get(score.name)
        player.overall.add(total, victory, share)
        record = player.by_game.get(sheet.game)
        if record is None:
            record = player.by_game[sheet.game] = Record()
        record.add(total, victory, share)
        for figure in asked:
            figure.count(record, sheet, score, victory, share, len(people))


def add_insight(standings: Standings, counted: list[Scored], season: Sequence[Figure]) -> None:
    """The plays in the league's play order (kept for the chart), and what the figures of the
    ``season`` work out from them (ratings, streaks and form, head to head)."""
    from ..plays import in_play_order, read_play

    plays = in_play_order(read_play(scored) for scored in counted)
    standings.in_order = plays
    by_key = {player.key: player for player in standings.players}
    for figure in season:
        figure.season(standings, plays, by_key)
