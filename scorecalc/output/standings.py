"""League standings as a person reads them (tables, Markdown) and as tools read them (JSON, CSV).

The figures come from ``scorecalc.league``; here they are only laid out, with the table
engine (``tables``) and the one JSON and CSV writers (``data``). What ``standings``' insight
options add (ratings, streaks, head to head, by number of players, per category) is laid
out by ``output.insight``, section by section, key by key and column by column.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from ..league.standings import ALL, Player, Record, Standings, order_key
from ..sheet import plural
from .data import csv_text, json_text


class StandingsFormat(StrEnum):
    """The formats of ``standings``: those of a score but ``bgstats``, which is one play's;
    ``bgsplay`` writes the plays counted, not the standings (``output.bgsplay``); ``html``
    is the command's (``cli/standings.py``: the page with the season chart)."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"
    BGSPLAY = "bgsplay"
    HTML = "html"


FIGURES = ("played", "wins", "win_rate", "points", "average", "best")
ACROSS_GAMES = ("points", "average", "best")
"""Figures that add scores of different scales: shown per game, left empty overall."""


def rounded(value: float | None) -> float | None:
    """3 decimals, as JSON and CSV give every share and average."""
    return None if value is None else round(value, 3)


def record_json(record: Record) -> dict[str, Any]:
    return {"played": record.played, "wins": record.wins, "win_rate": round(record.win_rate, 3),
            "points": record.points, "average": round(record.average, 3), "best": record.best}


def to_json_object(standings: Standings) -> dict[str, Any]:
    """SPEC's shape: ``files``, ``left_out``, then each player's figures, ``placing``, what
    the insight options add, and ``by_game``."""
    from .insight import game_json, player_json

    return {
        "files": standings.files,
        "left_out": standings.left_out,
        "players": [
            {"name": player.name, **record_json(player.overall), "placing": rounded(player.overall.placing),
             **player_json(standings, player),
             "by_game": {game: {**record_json(player.by_game[game]),
                                **game_json(standings, game, player.by_game[game])}
                         for game in standings.games if game in player.by_game}}
            for player in standings.players
        ],
    }


def render_csv(standings: Standings) -> str:
    """``player, game, played, wins, win_rate, points, average, best, placing``, then the
    columns the insight options add: the overall rows (``game`` = ``all``: points, average
    and best empty, placing given) in standings order, then each game's rows (placing
    empty) in that game's order."""
    from .insight import csv_columns

    columns = csv_columns(standings)
    rows = []
    for game in [ALL, *standings.games]:
        for player, record in standings.table(game):
            figures = record_json(record)
            if game == ALL:
                figures.update(dict.fromkeys(ACROSS_GAMES, ""))
            placing = rounded(record.placing) if game == ALL else None
            rows.append([player.name, game, *(figures[key] for key in FIGURES),
                         "" if placing is None else placing,
                         *(column.cell(standings, player, game, record) for column in columns)])
    header = ["player", "game", *FIGURES, "placing", *(column.name for column in columns)]
    free_text = ("player", *(column.name for column in columns if column.free_text))
    return csv_text(header, rows, free_text=free_text)


HEADERS = ("#", "Player", "Played", "Wins", "Win rate", "Points", "Average", "Best")
ALIGN = ("right", "left", "right", "right", "right", "right", "right", "right")
OVERALL_HEADERS = ("#", "Player", "Played", "Wins", "Win rate", "Placing")
OVERALL_ALIGN = ALIGN[:len(OVERALL_HEADERS)]
MIN_NAME_WIDTH = 12
PLACING_NOTE = ("Placing: where a player finished in plays with others, on average: 1 for first, "
                "0 for last. It orders the players across games, whose points differ in scale.")


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


def standings_rows(standings: Standings, game: str, markdown: bool) -> list[list[str]]:
    """One game's table (or ``all``'s), cell by cell: the overall table shows placing where a
    game's shows points, average and best."""
    rows = standings.table(game)
    body = []
    for position, (player, record) in zip(positions(rows, game), rows, strict=True):
        cells = [str(position), escape(player.name) if markdown else player.name, str(record.played),
                 str(record.wins), percent(record.win_rate)]
        if game == ALL:
            cells.append(placing_text(record.placing))
        else:
            cells += [str(record.points), f"{record.average:.1f}", str(record.best)]
        body.append(cells)
    return body


def render_table(standings: Standings, markdown: bool = False, width: int | None = 80) -> str:
    """The overall table, what the insight options add over all games, then one table per
    game with what they add per game; ``width`` (``None``: no limit) caps each line of the
    table format, wrapping long player names (markdown never wraps: a cell of a Markdown
    table is one line)."""
    from .insight import game_sections, overall_sections

    heading = "## " if markdown else ""
    lines = [("# " if markdown else "") + "League standings", "", summary_line(standings), ""]
    if not standings.players:
        lines += ["No plays to count.", ""]
        return "\n".join(lines)
    for game in [ALL, *standings.games]:
        title = "All games" if game == ALL else standings.titles.get(game, game)
        headers, align = (OVERALL_HEADERS, OVERALL_ALIGN) if game == ALL else (HEADERS, ALIGN)
        body = standings_rows(standings, game, markdown)
        lines += [f"{heading}{title}", ""]
        if game == ALL:  # the column a reader may not know, said in one line as the sections do
            lines += [*note_lines(PLACING_NOTE, markdown, width), ""]
        lines.append(laid_out(headers, body, align, markdown, width))
        lines.append("")
        sections = overall_sections(standings, markdown, width) if game == ALL else \
            game_sections(standings, game, markdown, width)
        for section in sections:
            lines += [section, ""]
    return "\n".join(lines)


def note_lines(note: str, markdown: bool, width: int | None) -> list[str]:
    """A note under a title: one line in Markdown or without a width, else wrapped to it."""
    from .tables import wrap

    return [note] if markdown or width is None else wrap(note, width)


def laid_out(headers: Sequence[str], body: list[list[str]], align: Sequence[str], markdown: bool,
             width: int | None, wrapped: Sequence[int] = (1,)) -> str:
    """A Markdown table, or a table fitted to ``width`` (``fitted``)."""
    from .tables import draw_markdown

    return draw_markdown(headers, body, align) if markdown else fitted(headers, body, align, width, wrapped)


def fitted(headers: Sequence[str], body: list[list[str]], align: Sequence[str], width: int | None,
           wrapped: Sequence[int] = (1,)) -> str:
    """The table at its natural width when that fits ``width``, else with the text of the
    ``wrapped`` columns (the player names) wrapped, at word boundaries and by display width,
    to what is left, but not under 12 columns each."""
    from .tables import display_width, draw_table, table_width, wrap

    widest = table_width(headers, body)
    if width is None or widest <= width or not body:
        return draw_table(headers, body, align)
    over = widest - width
    rows = [list(row) for row in body]
    for column in wrapped:
        natural = max(display_width(row[column]) for row in rows)
        room = max(MIN_NAME_WIDTH, natural - over)
        over -= natural - room
        for row in rows:
            row[column] = "\n".join(wrap(row[column], room))
    return draw_table(headers, rows, align)


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
