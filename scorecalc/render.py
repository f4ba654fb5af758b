"""Score sheets -> text: table, markdown, json (lines), csv; bgstats lives in ``bgstats.py``.

tabulate is imported only by the table and markdown renderers.
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
    """Columns to fit; ``None``: ``COLUMNS``, else the terminal's, else 80."""


def to_json_object(sheet: ScoreSheet) -> dict[str, Any]:
    """The stable JSON shape of SPEC section 1."""
    players = []
    for player in sheet.players:
        players.append({
            "name": player.name,
            "total": player.total,
            "rank": player.rank,
            "categories": player.category_totals(sheet.categories),
            "items": [
                {"category": item.category, "item": item.item, "points": item.points, "detail": item.detail}
                for item in player.items
            ],
        })
    result: dict[str, Any] = {
        "game": sheet.game,
        "file": sheet.file,
        "players": players,
        "winners": list(sheet.winners),
        "tiebreak": sheet.tiebreak,
        "warnings": list(sheet.warnings),
    }
    for key, value in sheet.extra.items():
        result.setdefault(key, value)
    return result


def render_json(sheets: Sequence[ScoreSheet]) -> str:
    if len(sheets) == 1:
        return json.dumps(to_json_object(sheets[0]), ensure_ascii=False, indent=2) + "\n"
    return "".join(json.dumps(to_json_object(sheet), ensure_ascii=False) + "\n" for sheet in sheets)


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
                             player.rank, "true" if player.name in sheet.winners else "false", player.total,
                             *(totals.get(category, "") for category in categories)])
    return out.getvalue()


def render_tables(sheets: Sequence[ScoreSheet], markdown: bool = False) -> str:
    return "\n".join(render_table(sheet, markdown) for sheet in sheets)


def render_table(sheet: ScoreSheet, markdown: bool = False) -> str:
    """Itemised blocks per player, then the summary with totals, ranks and the winner."""
    from tabulate import tabulate

    style = "github" if markdown else "simple"
    heading = "## " if markdown else ""
    title = sheet.title or sheet.game
    lines = [f"{'# ' if markdown else ''}{title} — {sheet.file}", ""]
    for player in sheet.players:
        rows: list[list[Any]] = [
            [item.category, item.item, item.points, item.detail] for item in player.items
        ]
        rows.append(["", "Total", player.total, ""])
        lines.append(f"{heading}{player.name}")
        lines.append("")
        lines.append(tabulate(rows, headers=["Category", "Item", "Points", "Detail"], tablefmt=style,
                              colalign=("left", "left", "right", "left")))
        lines.append("")
    lines.append(f"{heading}Summary")
    lines.append("")
    summary = [
        [player.rank, player.name, *player.category_totals(sheet.categories).values(), player.total]
        for player in sorted(sheet.players, key=lambda p: p.rank)
    ]
    lines.append(tabulate(summary, headers=["Rank", "Player", *sheet.categories, "Total"], tablefmt=style))
    lines.append("")
    label = "Winner" if len(sheet.winners) == 1 else "Winners"
    lines.append(f"{label}: {', '.join(sheet.winners)}")
    if sheet.tiebreak:
        lines.append(f"Tie-break: {sheet.tiebreak}")
    lines.extend(sheet.notes)
    lines.append("")
    return "\n".join(lines)


def render_bgstats(sheets: Sequence[ScoreSheet]) -> str:
    from .bgstats import render_bgstats

    return render_bgstats(sheets)


Renderer = Callable[[Sequence[ScoreSheet], RenderOptions], str]

FORMATS: dict[str, Renderer] = {
    "table": lambda sheets, options: render_tables(sheets),
    "json": lambda sheets, options: render_json(sheets),
    "csv": lambda sheets, options: render_csv(sheets),
    "markdown": lambda sheets, options: render_tables(sheets, markdown=True),
    "bgstats": lambda sheets, options: render_bgstats(sheets),  # bgstats.py
}
"""Every output format: name -> renderer. The command line's ``--format`` choices come from here."""


def render(sheets: Sequence[ScoreSheet], options: RenderOptions) -> str:
    return FORMATS[options.format](sheets, options)
