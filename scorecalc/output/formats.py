"""Score sheets -> text: the one registry of output formats (``--format``) for scores and
standings, where the output goes, and a sheet as JSON and CSV.

Tables and Markdown (``text``, with the page model and the table engine), the html page
(``html``, with Jinja2) and BG Stats (``bgstats``, ``bgsplay``) are imported only when asked
for, so a JSON run loads none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any

from ..sheet import Scored
from .contract import PlayerJSON, TableJSON
from .data import csv_text, json_text


@dataclass(frozen=True, slots=True)
class Format:
    """One output format (``--format NAME``) and where its renderers live: each a
    ``"module:function"`` (a module under ``scorecalc.output`` when it starts with a dot),
    imported only when the format is asked for. ``FORMATS`` registers every one, once."""

    name: str
    scores: str
    """``function(results, options) -> str``: the scored tables in this format."""
    _: KW_ONLY
    standings: str | None = None
    """``function(standings, options) -> str``: the league's standings in this format; ``None``:
    ``standings`` does not offer it (unless it writes the ``plays``)."""
    plays: bool = False
    """``standings`` writes the plays counted in it (through ``scores``), not the standings."""
    chart: bool = False
    """Its standings draw the season chart themselves whenever the plotting library is there."""
    pictures: bool = False
    """It draws the games' pictures, so it needs each file's game and state, not the sheet alone;
    a game's text view (``--show-board``) would only repeat them, so it is not printed."""
    data: bool = False
    """Its output is data for another program (JSON, CSV, BG Stats): a game's text view
    (``--show-board``) goes to standard error, so standard output and ``--output`` stay parseable."""

    def __str__(self) -> str:
        return self.name

    @property
    def in_standings(self) -> bool:
        """``standings --format`` offers it."""
        return self.standings is not None or self.plays


FORMATS: tuple[Format, ...] = (
    Format("table", ".text:render_text_format", standings=".standings_layout:render_table_standings"),
    Format("json", ".formats:render_json_format",
           standings=".standings_layout:render_json_standings", data=True),
    Format("csv", ".formats:render_csv_format",
           standings=".standings_layout:render_csv_standings", data=True),
    Format("markdown", ".text:render_markdown_format",
           standings=".standings_layout:render_markdown_standings"),
    Format("bgstats", ".bgstats:render_bgstats_format", data=True),
    Format("bgsplay", ".bgsplay:render_bgsplay_format", plays=True, data=True),
    Format("html", ".html:render_html_format", standings=".html:render_standings_format", chart=True,
           pictures=True),
)
"""Every output format, in the order ``--format`` offers them: a new format is its renderers'
module and one line here."""


def format_named(name: str | Format) -> Format:
    """The format called ``name`` (a ``Format`` is itself); ``ValueError`` naming the choices."""
    if isinstance(name, Format):
        return name
    for found in FORMATS:
        if found.name == name:
            return found
    raise ValueError(f"{name!r} is not one of {', '.join(repr(fmt.name) for fmt in FORMATS)}.")


def renderer(path: str) -> Any:
    """The function a ``"module:function"`` of ``Format`` names, its module imported now."""
    from importlib import import_module

    module, _, function = path.partition(":")
    return getattr(import_module(module, __package__), function)


def goes_to_file(output: str | None) -> bool:
    """Whether ``--output``'s value names a file (``None`` and ``-`` are standard output)."""
    return output is not None and output != "-"


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """How a run wants its sheets shown (frozen)."""

    format: Format = FORMATS[0]
    """The format (a plain ``"json"`` is taken as the format of that name)."""
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
        object.__setattr__(self, "format", format_named(self.format))

    def table_width(self) -> int | None:
        """The columns a table fits: ``None`` with ``wide``, else ``width`` or the terminal's rule."""
        if self.wide:
            return None
        if self.width is not None and self.width > 0:
            return self.width
        from .terminal import terminal_width

        return terminal_width(terminal=self.terminal)


def to_json_object(scored: Scored, items: bool = True) -> dict[str, Any]:
    """The stable JSON shape (``contract.TableJSON``), with the play's ``date`` and ``location``
    (null when not given) and the game's own keys after it; without ``items`` when ``items`` is
    false (``--summary``)."""
    sheet, info = scored.sheet, scored.info
    players: list[PlayerJSON] = []
    for player in sheet.players:
        entry: PlayerJSON = {
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
    table: TableJSON = {
        "game": sheet.game,
        "file": info.file,
        "date": info.date,
        "location": info.location,
        "players": players,
        "winners": list(sheet.winners),
        "tiebreak": sheet.tiebreak,
        "warnings": list(info.warnings),
    }
    result: dict[str, Any] = dict(table)
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


def render(results: Sequence[Scored], options: RenderOptions) -> str:
    """The scored tables in ``options.format``, by the format's renderer."""
    text: str = renderer(options.format.scores)(results, options)
    return text


def render_json_format(results: Sequence[Scored], options: RenderOptions) -> str:
    return render_json(results, items=not options.summary)


def render_csv_format(results: Sequence[Scored], options: RenderOptions) -> str:
    return render_csv(results)
