"""League standings: score sheets in, standings out (SPEC section 7, "League standings").

Pure: no files, no streams. The command line reads and scores the files and hands the
sheets here; ``output.standings_layout`` turns the result into table, markdown, csv or json. What
the standings hold is ``league.records`` (it names no figure).

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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..names import name_key
from ..sheet import Scored, ScoreSheet
from .records import EVERY_PLAY, FIGURES_ONLY, Filters, Insight, Player, Record, Standings, order_key

if TYPE_CHECKING:
    from .figures.base import Figure

def placing_shares(sheet: ScoreSheet) -> dict[str, float]:
    """Each person's (players - rank) / (players - 1) at a table with others (ranks among
    the people: 1 for a win, shared ranks alike, 0 for last); empty for a solo play."""
    people = sheet.people
    if len(people) < 2:
        return {}
    last = len(people) - 1
    return {player.name: (last - sum(other.rank < player.rank for other in people)) / last
            for player in people}


def compute(results: Iterable[Scored], filters: Filters = EVERY_PLAY, *, files: int = 0,
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
