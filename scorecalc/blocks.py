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

Blocks are frozen records like every other (``dataclass(frozen=True, slots=True)``), but
written out (``Frozen``): the default output builds them at every start, and fifteen
dataclasses took 7-10 ms to create there (each writes its methods with ``exec``), a tenth
of the start-up the table format may take (issue 28: the table as fast as JSON).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from .pictures import Picture

Align = Literal["left", "right"]


class Frozen:
    """What ``dataclass(frozen=True, slots=True)`` gives a record, written once for the
    blocks: the fields are the ``__slots__``, set by ``__init__`` (``_set``) and never after
    (``FrozenInstanceError``); equal when of one type with equal fields, hashed and shown
    (``repr``) by them."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self._fields()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


def _set(block: Frozen, **fields: object) -> None:
    for name, value in fields.items():
        object.__setattr__(block, name, value)


class Heading(Frozen):
    __slots__ = ("level", "text")
    kind: ClassVar[str] = "heading"
    text: str
    level: int

    def __init__(self, text: str, level: int = 2) -> None:
        _set(self, text=text, level=level)


class Facts(Frozen):
    """Labelled values (``Date: 2026-11-28``), each with a key (``date``) for a reader to find."""

    __slots__ = ("pairs",)
    kind: ClassVar[str] = "facts"
    pairs: tuple[tuple[str, str, str], ...]
    """``(key, label, value)``."""

    def __init__(self, pairs: tuple[tuple[str, str, str], ...]) -> None:
        _set(self, pairs=pairs)


class Paragraph(Frozen):
    __slots__ = ("indent", "label", "role", "text")
    kind: ClassVar[str] = "paragraph"
    text: str
    role: str
    """What the paragraph is (``warning``, ``winner``, ``note``): a class a style or a test finds."""
    label: str
    """What the text hangs from (``Winner``, ``Notes``): drawn ``Label: text``; the table format
    wraps the text's lines under the label's end."""
    indent: int
    """A line of a list under the paragraph before it (a sheet's note written indented), in
    spaces. A paragraph whose text is empty is a blank line between lines of a ``Group``."""

    def __init__(self, text: str, role: str = "", label: str = "", indent: int = 0) -> None:
        _set(self, text=text, role=role, label=label, indent=indent)


class TieBreak(Frozen):
    """How first place was decided (the sheet's tie-break sentence)."""

    __slots__ = ("text",)
    kind: ClassVar[str] = "tiebreak"
    text: str

    def __init__(self, text: str) -> None:
        _set(self, text=text)


class Column(Frozen):
    __slots__ = ("align", "beside", "fills", "groups", "name", "wraps")
    name: str
    align: Align
    wraps: bool
    """Its cells may wrap when the table is fitted to a width (the table format: names)."""
    groups: bool
    """It groups rows: the table format shows a value once, on the first row of its group."""
    fills: bool
    """A long text (an item's detail): it takes the room the other columns leave, and where
    that is too narrow the table format writes it on lines under its row."""
    beside: bool
    """A figure that stays beside the row's names when the table format stacks the table (a
    total): on the names' line, not under it."""

    def __init__(self, name: str, align: Align = "left", wraps: bool = False, groups: bool = False,
                 fills: bool = False, beside: bool = False) -> None:
        _set(self, name=name, align=align, wraps=wraps, groups=groups, fills=fills, beside=beside)


class Row(Frozen):
    __slots__ = ("cells", "data", "role")
    cells: tuple[str, ...]
    data: tuple[tuple[str, str], ...]
    """What a reader may look up by key (``("player", "Ana"), ("total", "31")``)."""
    role: str
    """``total``: the row that sums the others."""

    def __init__(self, cells: tuple[str, ...], data: tuple[tuple[str, str], ...] = (),
                 role: str = "") -> None:
        _set(self, cells=cells, data=data, role=role)


class Table(Frozen):
    __slots__ = ("caption", "columns", "family", "role", "rows")
    kind: ClassVar[str] = "table"
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    role: str
    """``summary``, ``items``, ``standings``: which table it is."""
    caption: str
    family: str
    """Tables of one family in a section (each player's items) line up: the table format
    fits them to the width together and gives them the same column widths."""

    def __init__(self, columns: tuple[Column, ...], rows: tuple[Row, ...], role: str = "", caption: str = "",
                 family: str = "") -> None:
        _set(self, columns=columns, rows=rows, role=role, caption=caption, family=family)


class Group(Frozen):
    """Paragraphs that read as one passage (the winner, the tie-break and the notes under a
    summary): the table format draws them line after line, Markdown and html as the
    paragraphs they are."""

    __slots__ = ("blocks",)
    kind: ClassVar[str] = "group"
    blocks: tuple[Paragraph | TieBreak, ...]

    def __init__(self, blocks: tuple[Paragraph | TieBreak, ...]) -> None:
        _set(self, blocks=blocks)


class Segment(Frozen):
    __slots__ = ("category", "index", "points")
    category: str
    points: int
    index: int
    """The category's place in the game's order (a renderer's pattern and colour)."""

    def __init__(self, category: str, points: int, index: int) -> None:
        _set(self, category=category, points=points, index=index)


class Bar(Frozen):
    __slots__ = ("negative", "player", "positive", "total")
    player: str
    positive: tuple[Segment, ...]
    negative: tuple[Segment, ...]
    total: int

    def __init__(self, player: str, positive: tuple[Segment, ...], negative: tuple[Segment, ...],
                 total: int) -> None:
        _set(self, player=player, positive=positive, negative=negative, total=total)


class Bars(Frozen):
    """Each player's category totals as one stacked bar: positive categories right of zero,
    negative ones left of it; every bar on one scale (``left`` and ``right``: the most points
    any player has on each side)."""

    __slots__ = ("bars", "categories", "left", "right")
    kind: ClassVar[str] = "bars"
    bars: tuple[Bar, ...]
    categories: tuple[str, ...]
    left: int
    right: int

    def __init__(self, bars: tuple[Bar, ...], categories: tuple[str, ...], left: int, right: int) -> None:
        _set(self, bars=bars, categories=categories, left=left, right=right)


class PictureBlock(Frozen):
    __slots__ = ("picture",)
    kind: ClassVar[str] = "picture"
    picture: Picture

    def __init__(self, picture: Picture) -> None:
        _set(self, picture=picture)


class Markup(Frozen):
    """A picture another library drew as SVG (the season chart), made safe to embed by the
    code that builds the block (ids prefixed, no script): the one block whose text is markup."""

    __slots__ = ("caption", "svg")
    kind: ClassVar[str] = "markup"
    svg: str
    caption: str

    def __init__(self, svg: str, caption: str) -> None:
        _set(self, svg=svg, caption=caption)


Block = Heading | Facts | Paragraph | TieBreak | Table | Group | Bars | PictureBlock | Markup


class Section(Frozen):
    """A part of the page: one scored table, or one player of it."""

    __slots__ = ("blocks", "data", "key", "role")
    kind: ClassVar[str] = "section"
    key: str
    blocks: tuple[Block | Section, ...]
    role: str
    data: tuple[tuple[str, str], ...]

    def __init__(self, key: str, blocks: tuple[Block | Section, ...], role: str = "",
                 data: tuple[tuple[str, str], ...] = ()) -> None:
        _set(self, key=key, blocks=blocks, role=role, data=data)


class Page(Frozen):
    __slots__ = ("contents", "sections", "title")
    title: str
    sections: tuple[Section, ...]
    contents: tuple[tuple[str, str], ...]
    """``(section key, title)`` of each section, listed first when there are several tables."""

    def __init__(self, title: str, sections: tuple[Section, ...],
                 contents: tuple[tuple[str, str], ...] = ()) -> None:
        _set(self, title=title, sections=sections, contents=contents)
