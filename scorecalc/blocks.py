"""The page model's blocks: heading, facts, paragraph, table (its columns and their alignment),
tie-break, a group of lines, bars, picture, markup, sections and the page, as plain frozen data.

Library code builds them (``output.page`` for a scored table and the standings page, each
figure of ``league.figures`` for what it adds); one renderer per format draws them
(``output.text``: the table format and Markdown; ``output.html``: the page). What a
renderer needs to lay a block out in its format is said here, as data: a column that wraps,
one that fills the room the others leave, a paragraph's label and indent. A block holds
text, never markup (but ``Markup``, a picture another library drew): each renderer escapes
it its own way. Nothing here imports a renderer or a template engine; it sits below
``league`` and ``output`` alike, so both build blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .pictures import Picture

Align = Literal["left", "right"]


@dataclass(frozen=True, slots=True)
class Heading:
    text: str
    level: int = 2
    kind: str = field(default="heading", init=False)


@dataclass(frozen=True, slots=True)
class Facts:
    """Labelled values (``Date: 2026-11-28``), each with a key (``date``) for a reader to find."""

    pairs: tuple[tuple[str, str, str], ...]
    """``(key, label, value)``."""
    kind: str = field(default="facts", init=False)


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    role: str = ""
    """What the paragraph is (``warning``, ``winner``, ``note``): a class a style or a test finds."""
    label: str = ""
    """What the text hangs from (``Winner``, ``Notes``): drawn ``Label: text``; the table format
    wraps the text's lines under the label's end."""
    indent: int = 0
    """A line of a list under the paragraph before it (a sheet's note written indented), in
    spaces. A paragraph whose text is empty is a blank line between lines of a ``Group``."""
    kind: str = field(default="paragraph", init=False)


@dataclass(frozen=True, slots=True)
class TieBreak:
    """How first place was decided (the sheet's tie-break sentence)."""

    text: str
    kind: str = field(default="tiebreak", init=False)


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    align: Align = "left"
    wraps: bool = False
    """Its cells may wrap when the table is fitted to a width (the table format: names)."""
    groups: bool = False
    """It groups rows: the table format shows a value once, on the first row of its group."""
    fills: bool = False
    """A long text (an item's detail): it takes the room the other columns leave, and where
    that is too narrow the table format writes it on lines under its row."""
    beside: bool = False
    """A figure that stays beside the row's names when the table format stacks the table (a
    total): on the names' line, not under it."""


@dataclass(frozen=True, slots=True)
class Row:
    cells: tuple[str, ...]
    data: tuple[tuple[str, str], ...] = ()
    """What a reader may look up by key (``("player", "Ana"), ("total", "31")``)."""
    role: str = ""
    """``total``: the row that sums the others."""


@dataclass(frozen=True, slots=True)
class Table:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    role: str = ""
    """``summary``, ``items``, ``standings``: which table it is."""
    caption: str = ""
    family: str = ""
    """Tables of one family in a section (each player's items) line up: the table format
    fits them to the width together and gives them the same column widths."""
    kind: str = field(default="table", init=False)


@dataclass(frozen=True, slots=True)
class Group:
    """Paragraphs that read as one passage (the winner, the tie-break and the notes under a
    summary): the table format draws them line after line, Markdown and html as the
    paragraphs they are."""

    blocks: tuple[Paragraph | TieBreak, ...]
    kind: str = field(default="group", init=False)


@dataclass(frozen=True, slots=True)
class Segment:
    category: str
    points: int
    index: int
    """The category's place in the game's order (a renderer's pattern and colour)."""


@dataclass(frozen=True, slots=True)
class Bar:
    player: str
    positive: tuple[Segment, ...]
    negative: tuple[Segment, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Bars:
    """Each player's category totals as one stacked bar: positive categories right of zero,
    negative ones left of it; every bar on one scale (``left`` and ``right``: the most points
    any player has on each side)."""

    bars: tuple[Bar, ...]
    categories: tuple[str, ...]
    left: int
    right: int
    kind: str = field(default="bars", init=False)


@dataclass(frozen=True, slots=True)
class PictureBlock:
    picture: Picture
    kind: str = field(default="picture", init=False)


@dataclass(frozen=True, slots=True)
class Markup:
    """A picture another library drew as SVG (the season chart), made safe to embed by the
    code that builds the block (ids prefixed, no script): the one block whose text is markup."""

    svg: str
    caption: str
    kind: str = field(default="markup", init=False)


Block = Heading | Facts | Paragraph | TieBreak | Table | Group | Bars | PictureBlock | Markup


@dataclass(frozen=True, slots=True)
class Section:
    """A part of the page: one scored table, or one player of it."""

    key: str
    blocks: tuple[Block | Section, ...]
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()
    kind: str = field(default="section", init=False)


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    sections: tuple[Section, ...]
    contents: tuple[tuple[str, str], ...] = ()
    """``(section key, title)`` of each section, listed first when there are several tables."""
