"""What a figure of ``standings`` is (``Figure``), and what the figures' layouts share.

A figure computes what it adds to the standings, names its flag and its help, and lays
itself out: JSON keys, CSV columns, and page-model blocks (``output.page``: headings,
paragraphs, tables with their columns and alignment) that each renderer draws in its own
format (table, markdown, html), escaping text its own way. A figure never writes markup or
Markdown, and never asks which format it is drawn in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ...blocks import Column, Group, Heading, Paragraph, Row, Tabular

if TYPE_CHECKING:
    from ...blocks import Block
    from ...plays import Play
    from ...sheet import PlayerScore, ScoreSheet
    from ..records import Player, Record, Standings

NO_VALUE = "–"
"""A figure that is not there (a category not recorded, no rating yet, no result): an en dash."""


Cell = Callable[["Standings", "Player", str, "Record"], Any]


class CsvColumn(NamedTuple):
    """A CSV column a figure adds: its name and its cell for a player's row of one game
    (``game`` is ``all`` on the overall rows)."""

    name: str
    cell: Cell
    free_text: bool = False
    """A player's name (kept from reading as a formula)."""


class Figure:
    """One figure ``standings`` can add (``--ratings``, ``--versus``, …).

    Each hook does nothing unless the figure overrides it; the command asks only the figures
    given on its command line (``Insight``). ``name`` is the figure's key in ``Insight`` and
    its option's parameter name; ``flag`` and ``help`` make the option.
    """

    name: ClassVar[str]
    flag: ClassVar[str]
    help: ClassVar[str]
    listed: ClassVar[int] = 100
    """Where ``standings --help`` lists the flag among the figures' (lowest first): the
    outputs take the figures in ``FIGURES``' order, the help in the order they were added."""
    reads_plays: ClassVar[bool] = False
    """Whether ``season`` needs the plays in the league's play order (``plays``)."""

    # --- computing ---------------------------------------------------------------------------

    def count(self, record: Record, sheet: ScoreSheet, score: PlayerScore, won: bool,
              share: float | None, seats: int) -> None:
        """Add one counted play of one person (``score``) to her ``record`` in the play's game
        (``seats``: the people at the table; ``share``: her placing share, ``None`` alone)."""

    def season(self, standings: Standings, plays: Sequence[Play], by_key: dict[str, Player]) -> None:
        """Work out what the whole season gives, from the counted plays in the league's play
        order (only when ``reads_plays``)."""

    # --- laying out ----------------------------------------------------------------------------

    def player_json(self, standings: Standings, player: Player) -> dict[str, Any]:
        """The keys the figure adds to a player over all games."""
        return {}

    def game_json(self, standings: Standings, game: str, record: Record) -> dict[str, Any]:
        """The keys the figure adds to a player's record in one game."""
        return {}

    def csv_columns(self, standings: Standings) -> list[CsvColumn]:
        """The CSV columns the figure adds (after the figures', in ``FIGURES``' order)."""
        return []

    def overall_blocks(self, standings: Standings) -> list[Block]:
        """What the figure shows after the table of all games."""
        return []

    def game_blocks(self, standings: Standings, game: str) -> list[Block]:
        """What the figure shows after one game's table."""
        return []


# --- what the layouts share ---------------------------------------------------------------------


def overall_only(value: Callable[[Player], Any]) -> Cell:
    """A CSV cell given on the overall rows only."""
    return lambda standings, player, game, record: value(player) if game == "all" else ""


def games_only(value: Callable[[Record], Any]) -> Cell:
    """A CSV cell given on each game's rows only."""
    return lambda standings, player, game, record: "" if game == "all" else value(record)


def one_decimal(value: float | None) -> str:
    return NO_VALUE if value is None else f"{value:.1f}"


def percent(rate: float) -> str:
    """``0.625`` -> ``63%`` (halves round up, as people round)."""
    return f"{int(rate * 100 + 0.5)}%"


def names_by_key(standings: Standings) -> dict[str, str]:
    return {player.key: player.name for player in standings.players}


def section(title: str, columns: Sequence[Column], body: Sequence[Sequence[str]], *,
            legend: Sequence[tuple[str, str]] = (), player: int = 1, level: int = 2) -> list[Block]:
    """A titled table: its heading, its legend (a line per column a reader may not know: the
    column's name, then what it means in words), the table.

    ``player``: the column holding the player's name (each row's ``player``, for a reader to
    look up).
    """
    blocks: list[Block] = [Heading(title, level)]
    blocks.extend(legend_lines(legend))
    rows = tuple(Row(tuple(cells), (("player", cells[player]),)) for cells in body)
    blocks.append(Tabular(tuple(columns), rows, "standings"))
    return blocks


def legend_lines(legend: Sequence[tuple[str, str]]) -> list[Block]:
    """``Met: plays together.``: a line per figure, labelled with its column's name, read as one
    passage (the table format draws them line after line)."""
    if not legend:
        return []
    return [Group(tuple(Paragraph(meaning, "meaning", label) for label, meaning in legend))]


def name_column(header: str = "Player", *, groups: bool = False) -> Column:
    """A column of names: left-aligned, its cells wrapped when the table is fitted to a width
    (``groups``: a name shown once, on the first row of its group, in the table format)."""
    return Column(header, "left", wraps=True, groups=groups)


def number_column(header: str) -> Column:
    return Column(header, "right")
