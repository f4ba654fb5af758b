"""Score sheets -> text: the output formats (``--format``), and a sheet as JSON and CSV.

Tables and Markdown (``text``, with the page model and the table engine), the html page
(``html``, with Jinja2) and BG Stats (``bgstats``, ``bgsplay``) are imported only when asked
for, so a JSON run loads none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass
from enum import StrEnum
from typing import Any

from ..sheet import Scored
from .data import csv_text, json_text


class Format(StrEnum):
    """Every output format of a score sheet; ``--format`` offers them in this order."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"
    BGSTATS = "bgstats"
    BGSPLAY = "bgsplay"
    HTML = "html"


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How a run wants its sheets shown (frozen)."""

    format: Format = Format.TABLE
    """The format (a plain ``"json"`` is taken as ``Format.JSON``)."""
    _: KW_ONLY
    summary: bool = False
    """Only the summary (table, markdown; JSON without items)."""
    wide: bool = False
    """Do not wrap the table to ``width``."""
    width: int | None = None
    """Columns to fit; ``None``: the terminal's width rule (``terminal.terminal_width``)."""
    terminal: bool = True
    """``False`` for ``--output`` to a file, which has no terminal: ``COLUMNS``, else 80, as
    when standard output is piped."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "format", Format(self.format))

    def table_width(self) -> int | None:
        """The columns a table fits: ``None`` with ``wide``, else ``width`` or the terminal's rule."""
        if self.wide:
            return None
        if self.width is not None and self.width > 0:
            return self.width
        from .terminal import terminal_width

        return terminal_width(terminal=self.terminal)


def to_json_object(scored: Scored, items: bool = True) -> dict[str, Any]:
    """The stable JSON shape of SPEC section 1, with the play's ``date`` and ``location``
    (null when not given); without ``items`` when ``items`` is false (``--summary``)."""
    sheet, info = scored.sheet, scored.info
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
        "file": info.file,
        "date": info.date,
        "location": info.location,
        "players": players,
        "winners": list(sheet.winners),
        "tiebreak": sheet.tiebreak,
        "warnings": list(info.warnings),
    }
    for key, value in sheet.extra.items():
        result.setdefault(key, value)
    return result


def render_json(results: Sequence[Scored], items: bool = True) -> str:
    return json_text([to_json_object(scored, items) for scored in results])


def render_csv(results: Sequence[Scored]) -> str:
    """One row per player: file, game, date, player, rank, winner, total, then every category seen."""
    categories: list[str] = []
    for scored in results:
        for category in scored.sheet.categories:
            if category not in categories:
                categories.append(category)
    rows = []
    for scored in results:
        sheet, info = scored.sheet, scored.info
        for player in sheet.players:
            totals = player.category_totals(sheet.categories)
            rows.append([info.file, sheet.game, info.date or "", player.name, player.rank,
                         "true" if sheet.won(player.name) else "false", player.total,
                         *(totals.get(category, "") for category in categories)])
    return csv_text(["file", "game", "date", "player", "rank", "winner", "total", *categories], rows,
                    free_text=("player",))


@dataclass(frozen=True, slots=True)
class Renderer:
    """Where a format's renderer lives: ``function(results, options) -> str`` in ``module``
    (under ``scorecalc.output``), imported only when the format is asked for."""

    module: str
    function: str
    pictures: bool = False
    """It draws the games' pictures, so it needs each file's game and state, not the sheet alone;
    a game's text view (``--show-board``) would only repeat them, so it is not printed."""
    data: bool = False
    """Its output is data for another program (JSON, CSV, BG Stats): a game's text view
    (``--show-board``) goes to standard error, so standard output and ``--output`` stay parseable."""


RENDERERS: dict[Format, Renderer] = {
    Format.TABLE: Renderer("text", "render_text_format"),
    Format.JSON: Renderer("formats", "render_json_format", data=True),
    Format.CSV: Renderer("formats", "render_csv_format", data=True),
    Format.MARKDOWN: Renderer("text", "render_markdown_format"),
    Format.BGSTATS: Renderer("bgstats", "render_bgstats_format", data=True),
    Format.BGSPLAY: Renderer("bgsplay", "render_bgsplay_format", data=True),
    Format.HTML: Renderer("html", "render_html_format", pictures=True),
}
"""Every format's renderer, one per format (a test checks each format has one)."""


def render(results: Sequence[Scored], options: RenderOptions) -> str:
    """The scored tables in ``options.format``, by the format's renderer."""
    from importlib import import_module

    renderer = RENDERERS[options.format]
    function = getattr(import_module(f"{__package__}.{renderer.module}"), renderer.function)
    text: str = function(results, options)
    return text


def render_json_format(results: Sequence[Scored], options: RenderOptions) -> str:
    return render_json(results, items=not options.summary)


def render_csv_format(results: Sequence[Scored], options: RenderOptions) -> str:
    return render_csv(results)
