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

Blocks are immutable records, typed named tuples (``typing.NamedTuple``) rather than the
dataclasses the rest of the code uses: the default output creates these classes at every
start, and a frozen dataclass writes its methods with ``exec``, several times the cost of a
named tuple, against the table format's start-up target (bench/RESULTS.md, "What start-up's
choices spare"). A block's ``kind`` names it for a template.
"""

from typing import TYPE_CHECKING, Literal, NamedTuple

if TYPE_CHECKING:
    from .pictures import Picture

Align = Literal["left", "right"]


class Heading(NamedTuple):
    text: str
    level: int = 2

    @property
    def kind(self) -> str:
        return "heading"


class Facts(NamedTuple):
    """Labelled values (``Date: 2026-11-28``), each with a key (``date``) for a reader to find."""

    pairs: tuple[tuple[str, str, str], ...]
    """``(key, label, value)``."""

    @property
    def kind(self) -> str:
        return "facts"


class Paragraph(NamedTuple):
    text: str
    role: str = ""
    """What the paragraph is (``warning``, ``winner``, ``note``): a class a style or a test finds."""
    label: str = ""
    """What the text hangs from (``Winner``, ``Notes``): drawn ``Label: text``; the table format
    wraps the text's lines under the label's end."""
    indent: int = 0
    """A line of a list under the paragraph before it (a sheet's note written indented), in
    spaces. A paragraph whose text is empty is a blank line between lines of a ``Group``."""

    @property
    def kind(self) -> str:
        return "paragraph"


class TieBreak(NamedTuple):
    """How first place was decided (the sheet's tie-break sentence)."""

    text: str

    @property
    def kind(self) -> str:
        return "tiebreak"


class Column(NamedTuple):
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


class Row(NamedTuple):
    cells: tuple[str, ...]
    data: tuple[tuple[str, str], ...] = ()
    """What a reader may look up by key (``("player", "Ana"), ("total", "31")``)."""
    role: str = ""
    """``total``: the row that sums the others."""


class Tabular(NamedTuple):
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    role: str = ""
    """``summary``, ``items``, ``standings``: which table it is."""
    caption: str = ""
    family: str = ""
    """Tables of one family in a section (each player's items) line up: the table format
    fits them to the width together and gives them the same column widths."""

    @property
    def kind(self) -> str:
        return "table"


class Group(NamedTuple):
    """Paragraphs that read as one passage (the winner, the tie-break and the notes under a
    summary): the table format draws them line after line, Markdown and html as the
    paragraphs they are."""

    blocks: tuple[Paragraph | TieBreak, ...]

    @property
    def kind(self) -> str:
        return "group"


class Segment(NamedTuple):
    category: str
    points: int
    order: int
    """The category's place in the game's order (a renderer's pattern and colour)."""


class Bar(NamedTuple):
    player: str
    positive: tuple[Segment, ...]
    negative: tuple[Segment, ...]
    total: int


class Bars(NamedTuple):
    """Each player's category totals as one stacked bar: positive categories right of zero,
    negative ones left of it; every bar on one scale (``left`` and ``right``: the most points
    any player has on each side)."""

    bars: tuple[Bar, ...]
    categories: tuple[str, ...]
    left: int
    right: int

    @property
    def kind(self) -> str:
        return "bars"


class PictureBlock(NamedTuple):
    picture: "Picture"

    @property
    def kind(self) -> str:
        return "picture"


class Markup(NamedTuple):
    """A picture another library drew as SVG (the season chart), made safe to embed by the
    code that builds the block (ids prefixed, no script): the one block whose text is markup."""

    svg: str
    caption: str

    @property
    def kind(self) -> str:
        return "markup"


Block = Heading | Facts | Paragraph | TieBreak | Tabular | Group | Bars | PictureBlock | Markup


class Section(NamedTuple):
    """A part of the page: one scored table, or one player of it."""

    key: str
    blocks: tuple["Block | Section", ...]
    role: str = ""
    data: tuple[tuple[str, str], ...] = ()

    @property
    def kind(self) -> str:
        return "section"


class Page(NamedTuple):
    title: str
    sections: tuple[Section, ...]
    contents: tuple[tuple[str, str], ...] = ()
    """``(section key, title)`` of each section, listed first when there are several tables."""
