"""League standings as a person reads them (table, Markdown, html) and as tools read them (JSON, CSV).

The figures come from ``scorecalc.league``; here they are only laid out: the standings
tables as page-model blocks (``standings_blocks``), which each renderer draws in its format
(``output.text`` for the table and Markdown formats, ``output.html`` for the page), and the
JSON object and CSV rows, written by the one JSON and CSV writers (``data``). What the
insight options add, each figure lays out itself (``league.figures``): its JSON keys, its
CSV columns and its blocks, in ``FIGURES``' order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..blocks import Block, Column, Heading, Paragraph, Row, Tabular
from ..league import figures
from ..league.figures.base import legend_lines, percent
from ..league.records import ALL, Player, Record, Standings, order_key
from ..sheet import plural
from .contract import RecordJSON, StandingsJSON, StandingsPlayerJSON
from .data import csv_text, json_text

if TYPE_CHECKING:
    from ..league.records import Filters, Insight
    from ..sheet import Scored
    from .formats import Format, RenderOptions


FIGURES = ("played", "wins", "win_rate", "points", "average", "best")
ACROSS_GAMES = ("points", "average", "best")
"""Figures that add scores of different scales: shown per game, left empty overall."""


def rounded(value: float | None) -> float | None:
    """3 decimals, as JSON and CSV give every share and average."""
    return None if value is None else round(value, 3)


def record_json(record: Record) -> RecordJSON:
    return {"played": record.played, "wins": record.wins, "win_rate": round(record.win_rate, 3),
            "points": record.points, "average": round(record.average, 3), "best": record.best}


def to_json_object(standings: Standings) -> dict[str, Any]:
    """SPEC's shape (``contract.StandingsJSON``): ``files``, ``left_out``, then each player's
    figures, ``placing``, what the insight options add, and ``by_game``."""
    asked = figures.asked(standings.insight)

    def by_game(game: str, record: Record) -> dict[str, Any]:
        found: dict[str, Any] = dict(record_json(record))
        for figure in asked:
            found.update(figure.game_json(standings, game, record))
        return found

    def one(player: Player) -> dict[str, Any]:
        shape: StandingsPlayerJSON = {"name": player.name, **record_json(player.overall),
                                      "placing": rounded(player.overall.placing), "by_game": {}}
        entry: dict[str, Any] = {key: value for key, value in shape.items() if key != "by_game"}
        for figure in asked:  # the insight options' keys, before by_game
            entry.update(figure.player_json(standings, player))
        entry["by_game"] = {game: by_game(game, player.by_game[game])
                            for game in standings.games if game in player.by_game}
        return entry

    top: StandingsJSON = {"files": standings.files, "left_out": standings.left_out, "players": []}
    return {**top, "players": [one(player) for player in standings.players]}


def render_csv(standings: Standings) -> str:
    """``player, game, played, wins, win_rate, points, average, best, placing``, then the
    columns the insight options add: the overall rows (``game`` = ``all``: points, average
    and best empty, placing given) in standings order, then each game's rows (placing
    empty) in that game's order."""
    columns = [column for figure in figures.asked(standings.insight)
               for column in figure.csv_columns(standings)]
    rows = []
    for game in [ALL, *standings.games]:
        for player, record in standings.table(game):
            found: dict[str, Any] = dict(record_json(record))
            if game == ALL:
                found.update(dict.fromkeys(ACROSS_GAMES, ""))
            placing = rounded(record.placing) if game == ALL else None
            rows.append([player.name, game, *(found[key] for key in FIGURES),
                         "" if placing is None else placing,
                         *(column.cell(standings, player, game, record) for column in columns)])
    header = ["player", "game", *FIGURES, "placing", *(column.name for column in columns)]
    free_text = ("player", *(column.name for column in columns if column.free_text))
    return csv_text(header, rows, free_text=free_text)


# --- the page: what the table, markdown and html formats draw ------------------------------------

COLUMNS = (Column("#", "right"), Column("Player", wraps=True), Column("Played", "right"),
           Column("Wins", "right"), Column("Win rate", "right"))
GAME_COLUMNS = (*COLUMNS, Column("Points", "right"), Column("Average", "right"), Column("Best", "right"))
OVERALL_COLUMNS = (*COLUMNS, Column("Placing", "right"))
PLACING_LEGEND = (("Placing", "where a player finished in plays with others, on average: 1 for first, "
                               "0 for last."),
                  ("Order", "most wins first, then the higher win rate, then the higher placing (points "
                            "are not added across games: their scales differ)."))


def positions(rows: Sequence[tuple[Player, Record]], game: str = ALL) -> list[int]:
    """1, 2, 2, 4...: players level on wins, win rate and the third key (placing overall,
    average per game) share a position."""
    result: list[int] = []
    for index, (player, record) in enumerate(rows):
        level = index and order_key(player, record, game)[:3] == order_key(*rows[index - 1], game)[:3]
        result.append(result[-1] if level else index + 1)
    return result


def placing_text(placing: float | None) -> str:
    """``0.75``; ``–`` when every play was solo."""
    return "–" if placing is None else f"{placing:.2f}"


def standings_table(standings: Standings, game: str) -> Tabular:
    """One game's table (or ``all``'s): the overall table shows placing where a game's shows
    points, average and best."""
    rows = standings.table(game)
    body = []
    for position, (player, record) in zip(positions(rows, game), rows, strict=True):
        cells = [str(position), player.name, str(record.played), str(record.wins), percent(record.win_rate)]
        if game == ALL:
            cells.append(placing_text(record.placing))
        else:
            cells += [str(record.points), f"{record.average:.1f}", str(record.best)]
        body.append(Row(tuple(cells), (("player", player.name),)))
    return Tabular(OVERALL_COLUMNS if game == ALL else GAME_COLUMNS, tuple(body), "standings")


def standings_blocks(standings: Standings) -> list[Block]:
    """The overall table, what the figures asked for add over all games, then one table per
    game with what they add per game."""
    blocks: list[Block] = [Heading("League standings", 1), Paragraph(summary_line(standings), "summary")]
    if not standings.players:
        blocks.append(Paragraph("No plays to count."))
        return blocks
    asked = figures.asked(standings.insight)
    for game in [ALL, *standings.games]:
        blocks.append(Heading("All games" if game == ALL else standings.titles.get(game, game)))
        if game == ALL:  # the column a reader may not know, and the order, a line each as figures do
            blocks.extend(legend_lines(PLACING_LEGEND))
        blocks.append(standings_table(standings, game))
        for figure in asked:
            blocks += figure.overall_blocks(standings) if game == ALL else figure.game_blocks(standings, game)
    return blocks


def summary_line(standings: Standings) -> str:
    text = f"{plural(standings.plays, 'play')} counted from {plural(standings.files, 'file')}"
    if standings.left_out:
        text += f" ({standings.left_out} left out: broken)"
    return text + "."


def render_table_standings(standings: Standings, options: RenderOptions) -> str:
    """``standings --format table``: the blocks fitted to the width (``--wide``: no limit)."""
    from .text import render_text

    return render_text(standings_blocks(standings), options.table_width())


def render_markdown_standings(standings: Standings, options: RenderOptions) -> str:
    from .text import render_markdown

    return render_markdown(standings_blocks(standings))


def render_json_standings(standings: Standings, options: RenderOptions) -> str:
    return json_text([to_json_object(standings)])


def render_csv_standings(standings: Standings, options: RenderOptions) -> str:
    return render_csv(standings)


# --- the season in a format: what ``standings`` prints --------------------------------------------

def season_insight(fmt: Format, insight: Insight) -> Insight:
    """What the season is computed for in ``fmt``: a format that writes the plays adds nothing to
    the standings (an insight option is refused); the page draws the chart whenever it can."""
    from dataclasses import replace

    from ..errors import UsageError

    if fmt.plays:
        asked = [figure.flag for figure in figures.listed() if figure.name in insight]
        if asked:
            raise UsageError(f"{asked[0]} adds to the standings; --format {fmt} writes the plays counted, "
                             "not the standings (--chart may go with it)")
    if fmt.chart and plotting_library():
        return replace(insight, chart=True)
    return insight


def needs_standings(fmt: Format, chart: bool) -> bool:
    """Whether the season's standings are computed: for the standings, or for a chart to draw."""
    return not fmt.plays or chart


def render_season(results: Sequence[Scored], standings: Standings | None, filters: Filters,
                  options: RenderOptions) -> str:
    """What ``standings`` prints in ``options.format``: the plays counted (a format that writes
    the plays), else the standings by the format's renderer."""
    from .formats import render, renderer

    fmt = options.format
    if fmt.plays:
        return render([scored for scored in results if filters.counts(scored)], options)
    assert fmt.standings is not None and standings is not None, f"{fmt} has no standings"
    text: str = renderer(fmt.standings)(standings, options)
    return text


def plotting_library() -> bool:
    """Whether matplotlib, which draws the season chart, is installed (found, not imported)."""
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None
