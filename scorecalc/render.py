"""Score sheets -> text: the table of output formats, json (lines) and csv.

Tables and Markdown live in ``tables.py`` and BG Stats in ``bgstats.py``; both are
imported only when asked for, so a JSON run loads neither (nor tabulate, nor wcwidth).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .sheet import ScoreSheet


@dataclass(frozen=True)
class RenderOptions:
    """How a run wants its sheets shown."""

    format: str = "table"
    summary: bool = False
    """Only the summary (table, markdown; JSON without items)."""
    wide: bool = False
    """Do not wrap the table to ``width``."""
    width: int | None = None
    """Columns to fit; ``None``: ``COLUMNS``, else the terminal's when standard output is
    one (and ``terminal``), else 80 (``layout.resolve_width``)."""
    terminal: bool = True
    """``False`` for ``--output`` to a file, which has no terminal: ``COLUMNS``, else 80, as
    when standard output is piped."""


def to_json_object(sheet: ScoreSheet, items: bool = True) -> dict[str, Any]:
    """The stable JSON shape of SPEC section 1, with the play's ``date`` and ``location``
    (null when not given); without ``items`` when ``items`` is false (``--summary``)."""
    players = []
    for player in sheet.players:
        entry: dict[str, Any] = {
            "name": player.name,
            "total": player.total,
            "rank": player.rank,
            "categories": player.category_totals(sheet.categories),
        }
        if items:
            entry["items"] = [
                {"category": item.category, "item": item.item, "points": item.points, "detail": item.detail}
                for item in player.items
            ]
        players.append(entry)
    result: dict[str, Any] = {
        "game": sheet.game,
        "file": sheet.file,
        "date": sheet.date,
        "location": sheet.location,
        "players": players,
        "winners": list(sheet.winners),
        "tiebreak": sheet.tiebreak,
        "warnings": list(sheet.warnings),
    }
    for key, value in sheet.extra.items():
        result.setdefault(key, value)
    return result


def render_json(sheets: Sequence[ScoreSheet], items: bool = True) -> str:
    if len(sheets) == 1:
        return json.dumps(to_json_object(sheets[0], items), ensure_ascii=False, indent=2) + "\n"
    return "".join(json.dumps(to_json_object(sheet, items), ensure_ascii=False) + "\n" for sheet in sheets)


FORMULA_STARTS = ("=", "+", "-", "@")


def spreadsheet_text(text: str) -> str:
    """Free text from the YAML (a player name, a location, notes) as a CSV cell a
    spreadsheet shows as text: a leading ``=``, ``+``, ``-`` or ``@`` would start a formula,
    so such text gets a leading ``'``. Numbers and file names never pass through here."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def render_csv(sheets: Sequence[ScoreSheet]) -> str:
    """One row per player: file, game, date, player, rank, winner, total, then every category seen."""
    import csv
    import io

    categories: list[str] = []
    for sheet in sheets:
        for category in sheet.categories:
            if category not in categories:
                categories.append(category)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "game", "date", "player", "rank", "winner", "total", *categories])
    for sheet in sheets:
        for player in sheet.players:
            totals = player.category_totals(sheet.categories)
            writer.writerow([sheet.file, sheet.game, sheet.date or "", spreadsheet_text(player.name),
                             player.rank, "true" if sheet.won(player.name) else "false", player.total,
                             *(totals.get(category, "") for category in categories)])
    return out.getvalue()


def render_tables(sheets: Sequence[ScoreSheet], options: RenderOptions, markdown: bool = False) -> str:
    from .tables import render_tables

    return render_tables(sheets, options, markdown)


def render_bgstats(sheets: Sequence[ScoreSheet]) -> str:
    from .bgstats import render_bgstats

    return render_bgstats(sheets)


Renderer = Callable[[Sequence[ScoreSheet], RenderOptions], str]

FORMATS: dict[str, Renderer] = {
    "table": lambda sheets, options: render_tables(sheets, options),
    "json": lambda sheets, options: render_json(sheets, items=not options.summary),
    "csv": lambda sheets, options: render_csv(sheets),
    "markdown": lambda sheets, options: render_tables(sheets, options, markdown=True),
    "bgstats": lambda sheets, options: render_bgstats(sheets),  # bgstats.py
}
"""Every output format: name -> renderer. The command line's ``--format`` choices come from here."""


def render(sheets: Sequence[ScoreSheet], options: RenderOptions) -> str:
    return FORMATS[options.format](sheets, options)
