"""League standings as a person reads them (tables, Markdown) and as tools read them (JSON, CSV).

The figures come from ``scorecalc.league.standings``; here they are only laid out, with the
table engine (``tables``) and the one JSON and CSV writers (``data``).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from ..sheet import plural
from ..league.standings import ALL, Player, Record, Standings, order_key
from .data import csv_text, json_text


class StandingsFormat(StrEnum):
    """The formats of ``standings``: those of a score but ``bgstats``, which is one play's;
    ``bgsplay`` writes the plays counted, not the standings (``output.bgsplay``)."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"
    BGSPLAY = "bgsplay"


FIGURES = ("played", "wins", "win_rate", "points", "average", "best")


def record_json(record: Record) -> dict[str, Any]:
    return {"played": record.played, "wins": record.wins, "win_rate": round(record.win_rate, 3),
            "points": record.points, "average": round(record.average, 3), "best": record.best}


def to_json_object(standings: Standings) -> dict[str, Any]:
    """SPEC's shape: ``files``, ``left_out``, then each player's figures and ``by_game``."""
    return {
        "files": standings.files,
        "left_out": standings.left_out,
        "players": [
            {"name": player.name, **record_json(player.overall),
             "by_game": {game: record_json(player.by_game[game])
                         for game in standings.games if game in player.by_game}}
            for player in standings.players
        ],
    }


def render_csv(standings: Standings) -> str:
    """``player, game, played, wins, win_rate, points, average, best``: the overall rows
    (``game`` = ``all``) in standings order, then each game's rows in that game's order."""
    rows = []
    for game in [ALL, *standings.games]:
        for player, record in standings.table(game):
            figures = record_json(record)
            rows.append([player.name, game, *(figures[key] for key in FIGURES)])
    return csv_text(["player", "game", *FIGURES], rows, free_text=("player",))


HEADERS = ("#", "Player", "Played", "Wins", "Win rate", "Points", "Average", "Best")
ALIGN = ("right", "left", "right", "right", "right", "right", "right", "right")
MIN_NAME_WIDTH = 12


def positions(rows: Sequence[tuple[Player, Record]]) -> list[int]:
    """1, 2, 2, 4...: players level on wins, win rate and average share a position."""
    result: list[int] = []
    for index, (player, record) in enumerate(rows):
        level = index and order_key(player, record)[:3] == order_key(*rows[index - 1])[:3]
        result.append(result[-1] if level else index + 1)
    return result


def render_table(standings: Standings, markdown: bool = False, width: int | None = 80) -> str:
    """The overall table, then one table per game; ``width`` (``None``: no limit) caps each
    line of the table format, wrapping long player names (markdown never wraps: a cell of a
    Markdown table is one line)."""
    heading = "## " if markdown else ""
    lines = [("# " if markdown else "") + "League standings", "", summary_line(standings), ""]
    if not standings.players:
        lines += ["No plays to count.", ""]
    for game in [ALL, *standings.games] if standings.players else []:
        rows = standings.table(game)
        title = "All games" if game == ALL else standings.titles.get(game, game)
        body = [
            [str(position), escape(player.name) if markdown else player.name, str(record.played),
             str(record.wins), percent(record.win_rate), str(record.points), f"{record.average:.1f}",
             str(record.best)]
            for position, (player, record) in zip(positions(rows), rows, strict=True)
        ]
        lines += [f"{heading}{title}", ""]
        lines.append(markdown_table(body) if markdown else fitted(body, width))
        lines.append("")
    return "\n".join(lines)


def markdown_table(body: list[list[str]]) -> str:
    from .tables import markdown_table

    return markdown_table(HEADERS, body, ALIGN)


def fitted(body: list[list[str]], width: int | None) -> str:
    """The table at its natural width when that fits ``width``, else with the player names
    wrapped (at word boundaries, by display width) to what is left, but not under 12."""
    from .tables import display_width, simple_table, table_width, wrap

    widest = table_width(HEADERS, body)
    if width is None or widest <= width:
        return simple_table(HEADERS, body, ALIGN)
    names = max(display_width(row[1]) for row in body)
    room = max(MIN_NAME_WIDTH, names - (widest - width))
    wrapped = [[row[0], "\n".join(wrap(row[1], room)), *row[2:]] for row in body]
    return simple_table(HEADERS, wrapped, ALIGN)


def percent(rate: float) -> str:
    """``0.625`` -> ``63%`` (halves round up, as people round)."""
    return f"{int(rate * 100 + 0.5)}%"


def escape(text: str) -> str:
    return text.replace("|", "\\|")


def summary_line(standings: Standings) -> str:
    text = f"{plural(standings.plays, 'play')} counted from {plural(standings.files, 'file')}"
    if standings.left_out:
        text += f" ({standings.left_out} left out: broken)"
    return text + "."


def render_standings(standings: Standings, fmt: StandingsFormat, width: int | None = 80) -> str:
    """The standings as a table, Markdown, JSON or CSV (``bgsplay`` is the plays': see the command)."""
    if fmt is StandingsFormat.JSON:
        return json_text([to_json_object(standings)])
    if fmt is StandingsFormat.CSV:
        return render_csv(standings)
    return render_table(standings, markdown=fmt is StandingsFormat.MARKDOWN, width=width)
