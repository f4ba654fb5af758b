"""Pictures of a finished table as plain shapes (a Caracas board), which a format draws as it can.

A game builds them (``Game.pictures``) from its state and its sheet: knowledge of the game
stays in its package. A picture is data, never markup: tags, attribute names and classes
come from the game's code, while every text (a name, an item's detail) stays text, so the
renderer escapes it (the html page draws a ``Drawing`` as SVG through its templates, with
autoescaping).
"""

from __future__ import annotations

from dataclasses import dataclass

SHAPES = frozenset({"rect", "line", "circle", "text", "polyline", "polygon", "path"})
"""The SVG elements a ``Shape`` may be."""


@dataclass(frozen=True, slots=True)
class Shape:
    """One SVG element: ``Shape("rect", (("x", "4"), ("class", "land-jungle")))``; ``text`` is
    the content of a ``text`` element."""

    tag: str
    attrs: tuple[tuple[str, str], ...]
    text: str = ""

    def __post_init__(self) -> None:
        if self.tag not in SHAPES:
            raise ValueError(f"a picture's shape is one of {sorted(SHAPES)}, not {self.tag!r}")


def shape(tag: str, text: str = "", **attrs: str | float) -> Shape:
    """``shape("line", x1=0, y1=0, x2=10, y2=0, class_="river")``: ``class_`` is ``class``,
    other underscores are dashes (``stroke_width`` -> ``stroke-width``); numbers are written
    with at most 2 decimals (the same picture gives the same bytes)."""
    pairs = []
    for key, value in attrs.items():
        name = "class" if key == "class_" else key.replace("_", "-")
        pairs.append((name, number(value) if isinstance(value, float | int) else value))
    return Shape(tag, tuple(pairs), text)


def number(value: float) -> str:
    """``12`` -> ``12``; ``12.5`` -> ``12.5``; ``1/3`` -> ``0.33``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes drawn together, with a ``title`` a pointer shows (an SVG ``<title>``), a CSS
    class and a key (``data-key``: a tile's square, ``✻1``)."""

    shapes: tuple[Shape, ...]
    title: str = ""
    css: str = ""
    key: str = ""


@dataclass(frozen=True, slots=True)
class Drawing:
    """A picture ``width`` x ``height`` (its own units; the page scales it), described by
    ``label`` for a screen reader."""

    width: int
    height: int
    label: str
    groups: tuple[Group, ...]


@dataclass(frozen=True, slots=True)
class Note:
    """A line under a picture, ``heading`` then ``lines`` (one square and its items)."""

    key: str
    heading: str
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Picture:
    """What a game shows of one player: a drawing with notes under it, or, when there is
    nothing to draw (a Caracas comparison-only explorer), only ``facts``."""

    player: str
    caption: str
    drawing: Drawing | None = None
    notes: tuple[Note, ...] = ()
    facts: tuple[str, ...] = ()
    """Plain lines shown under the caption (a legend, or the figures given instead of a board)."""
