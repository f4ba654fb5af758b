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

``Insight`` says what else to work out (the options of ``standings``): ratings
(``ratings``), streaks and form (``streaks``), who finished ahead of whom (``versus``),
figures by number of players and averages per scoring category (here).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..dates import day_of
from ..names import name_key
from ..sheet import Scored, ScoreSheet

if TYPE_CHECKING:
    from ..plays import Play
    from .ratings import Change, Rating
    from .streaks import Form
    from .versus import Meeting

ALL = "all"
"""The ``game`` of the overall rows (csv) and the key of the overall record."""


class Insight(NamedTuple):
    """What ``standings``' options ask for beyond the figures."""

    ratings: bool = False
    versus: bool = False
    streaks: bool = False
    by_players: bool = False
    categories: bool = False
    chart: bool = False

    @property
    def needs_plays(self) -> bool:
        """Whether the plays are needed in the league's play order (ratings, streaks, the chart)."""
        return self.ratings or self.streaks or self.chart


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
    rating: Rating | None = None
    """``--ratings``: the rating after the last play; ``None`` without a play with others."""

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

    def category_averages(self) -> dict[str, float]:
        return {category: points / self.played for category, points in (self.category_points or {}).items()}


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
    """The plays counted, in the league's play order (only when ``insight.needs_plays``)."""
    rating_changes: list[list[Change]] = field(default_factory=list)
    """``--ratings``: what each play of ``in_order`` did to the overall ratings."""

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
    players: dict[str, Player] = {}
    spellings: dict[str, str] = {}
    """Every name as first spelled in the sheets read, counted or not: a player's name does
    not change with ``--since`` or ``--game``."""
    titles: dict[str, str] = {}
    categories: dict[str, tuple[str, ...]] = {}
    counted: list[Scored] = []
    for scored in results:
        sheet = scored.sheet
        for score in sheet.players:
            spellings.setdefault(name_key(score.name), score.name)
        if not filters.counts(scored):
            continue
        counted.append(scored)
        titles.setdefault(sheet.game, scored.info.title or sheet.game)
        categories.setdefault(sheet.game, sheet.categories)
        count_sheet(sheet, players, spellings, insight)
    ordered = sorted(players.values(), key=lambda player: order_key(player, player.overall))
    known = [game for game in game_order if game in titles]
    known += sorted(set(titles) - set(known))
    standings = Standings(ordered, known, files=files, left_out=left_out, plays=len(counted), titles=titles,
                          insight=insight, categories=categories)
    if insight.needs_plays or insight.versus:
        add_insight(standings, counted)
    return standings


def count_sheet(sheet: ScoreSheet, players: dict[str, Player], spellings: dict[str, str],
                insight: Insight) -> None:
    """Add one counted sheet to its people's records (overall and the game's)."""
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
        if insight.by_players:
            if record.by_players is None:
                record.by_players = {}
            record.by_players.setdefault(len(people), Record()).add(total, victory, share)
        if insight.categories:
            if record.category_points is None:
                record.category_points = dict.fromkeys(sheet.categories, 0)
            for category, points in score.category_totals(sheet.categories).items():
                record.category_points[category] = record.category_points.get(category, 0) + points


def add_insight(standings: Standings, counted: list[Scored]) -> None:
    """Ratings, streaks and form, and head-to-head records, as ``standings.insight`` asks."""
    from ..plays import in_play_order, read_play

    plays = in_play_order(read_play(scored) for scored in counted)
    insight = standings.insight
    by_key = {player.key: player for player in standings.players}
    if insight.needs_plays:
        standings.in_order = plays
    if insight.ratings:
        add_ratings(standings, plays, by_key)
    if insight.streaks:
        from .streaks import forms

        for key, form in forms(plays).items():
            by_key[key].form = form
    if insight.versus:
        from .versus import meetings, nemesis, rival

        met = meetings(play.seats for play in plays)
        for player in standings.players:
            player.versus = met.get(player.key, [])
            found = rival(player.versus), nemesis(player.versus)
            player.rival, player.nemesis = (None if key is None else by_key[key].name for key in found)


def add_ratings(standings: Standings, plays: Sequence[Play], by_key: dict[str, Player]) -> None:
    """Each player's rating over all games and per game, and each play's changes overall."""
    from .ratings import Ratings

    overall = Ratings()
    per_game: dict[str, Ratings] = {}
    for play in plays:
        seats = play.seats
        standings.rating_changes.append(overall.play(seats))
        per_game.setdefault(play.sheet.game, Ratings()).play(seats)
    for key, player in by_key.items():
        player.overall.rating = overall.get(key)
        for game, record in player.by_game.items():
            record.rating = per_game[game].get(key)
