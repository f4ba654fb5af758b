"""The BG Stats link as a QR code: drawn in the terminal (``--qr``) or written as an image (``--qr-file``).

Only these options import this module, and ``segno`` with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import UsageError
from .terminal import colour, terminal_height, terminal_width

QUIET_ZONE = 4
"""Light modules around the code, as the QR standard asks; narrowed (down to
``MIN_QUIET_ZONE``) only when that is what lets the code fit the terminal."""
MIN_QUIET_ZONE = 1
DARK = "\x1b[38;5;16m"
LIGHT = "\x1b[48;5;231m"
"""Black ink on a white ground from the 256-colour cube (16 = #000000, 231 = #ffffff).
Themes recolour the 16 basic colours (Solarized's "black" is blue-grey, some light themes
swap black and white), but not the cube, so the code is dark-on-light on any theme."""
RESET = "\x1b[0m"
GLYPHS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""Half blocks: (top dark, bottom dark) -> the glyph whose ink is the dark modules. One
character is one module wide and two tall, which keeps modules square."""
QUARTERS = {
    (False, False, False, False): " ", (True, False, False, False): "▘",
    (False, True, False, False): "▝", (True, True, False, False): "▀",
    (False, False, True, False): "▖", (True, False, True, False): "▌",
    (False, True, True, False): "▞", (True, True, True, False): "▛",
    (False, False, False, True): "▗", (True, False, False, True): "▚",
    (False, True, False, True): "▐", (True, True, False, True): "▜",
    (False, False, True, True): "▄", (True, False, True, True): "▙",
    (False, True, True, True): "▟", (True, True, True, True): "█",
}
"""Quarter blocks: (top left, top right, bottom left, bottom right dark) -> the glyph. One
character is two modules by two: half the columns of half blocks, the same lines (modules
twice as tall as wide, which phone scanners read)."""
PROMPT = 1
"""The line the shell's prompt takes under the drawing."""


class QRTooLong(UsageError):
    """The link does not fit in any QR code (version 40 at low error correction)."""


@dataclass(frozen=True)
class QRCode:
    version: int
    error: str
    modules: tuple[tuple[bool, ...], ...]
    """Rows of modules, ``True`` = dark, without a quiet zone."""

    @property
    def size(self) -> int:
        return len(self.modules)


class Layout(NamedTuple):
    """How a code is drawn: ``quarter`` blocks or half blocks, with ``quiet`` light modules
    around it, in ``columns`` x ``lines`` characters."""

    quarter: bool
    quiet: int
    columns: int
    lines: int


def make_qr(text: str, option: str = "--qr") -> Any:
    """The smallest QR code for ``text`` (error correction L, raised only where the same
    version has room for more, as ``segno`` does by default: never a bigger code).
    ``option`` names the option that asked for it in the message when it cannot be made."""
    import segno

    try:
        return segno.make(text, error="l", micro=False, boost_error=True)
    except segno.DataOverflowError:
        raise QRTooLong(
            f"{option}: the BG Stats link is {len(text.encode())} bytes, too long for any QR code "
            "(at most 2,953); print it with --bgstats-link instead") from None


def qr_code(text: str) -> QRCode:
    code = make_qr(text)
    modules = tuple(tuple(bool(bit) for bit in row) for row in code.matrix)
    return QRCode(code.version, code.error, modules)


def layout(size: int, quarter: bool, quiet: int) -> Layout:
    side = size + 2 * quiet
    return Layout(quarter, quiet, -(-side // 2) if quarter else side, -(-side // 2))


def fit(code: QRCode, width: int, height: int | None) -> Layout:
    """The layout ``--qr`` draws in a terminal of ``width`` columns and ``height`` rows
    (``None``: unknown, no limit): half blocks when they fit, else quarter blocks, each with
    the widest quiet zone that fits (from ``QUIET_ZONE`` down to ``MIN_QUIET_ZONE``); it fits
    when its width is at most ``width`` and its lines and the prompt at most ``height``.
    Raises ``UsageError`` with the columns and rows needed when nothing fits."""
    for quarter in (False, True):
        for quiet in range(QUIET_ZONE, MIN_QUIET_ZONE - 1, -1):
            candidate = layout(code.size, quarter, quiet)
            if candidate.columns <= width and (height is None or candidate.lines + PROMPT <= height):
                return candidate
    smallest = layout(code.size, True, MIN_QUIET_ZONE)
    rows = "" if height is None else f" and {height} rows"
    raise UsageError(
        f"--qr: the QR code (version {code.version}, {code.size} x {code.size} modules) needs "
        f"{smallest.columns} columns and {smallest.lines + PROMPT} rows ({smallest.lines} lines and "
        f"the prompt) and the terminal has {width} columns{rows}; enlarge the terminal (or set "
        "COLUMNS and LINES), or write it as an image with --qr-file PATH.png (or .svg)")


def draw_qr(code: QRCode, width: int, height: int | None = None, color: bool = True) -> str:
    """The code as ``fit`` lays it out for a ``width`` x ``height`` terminal; a light quiet
    zone all round (drawn white with ``color``). Raises ``UsageError`` when it cannot fit."""
    return draw(code, fit(code, width, height), color)


def draw(code: QRCode, how: Layout, color: bool = True) -> str:
    quiet = how.quiet
    side = code.size + 2 * quiet
    columns = side + side % 2 if how.quarter else side
    blank = (False,) * columns
    rows = [blank] * quiet
    rows += [(False,) * quiet + row + (False,) * (columns - quiet - code.size) for row in code.modules]
    rows += [blank] * (quiet + side % 2)
    start, end = (DARK + LIGHT, RESET) if color else ("", "")
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        if how.quarter:
            cells = (QUARTERS[top[x], top[x + 1], bottom[x], bottom[x + 1]] for x in range(0, columns, 2))
        else:
            cells = (GLYPHS[pair] for pair in zip(top, bottom, strict=True))
        lines.append(start + "".join(cells) + end)
    return "\n".join(lines) + "\n"


def qr_text(link: str, terminal: bool = True) -> str:
    """``--qr``: the link drawn to fit the terminal (``COLUMNS``/``LINES``, else the terminal's
    size; ``terminal=False`` for ``--output``: ``COLUMNS`` else 80, no limit on rows), in
    colour unless ``NO_COLOR`` is set."""
    return draw_qr(qr_code(link), terminal_width(terminal=terminal), terminal_height(terminal=terminal),
                   color=colour())


QR_KINDS = (".png", ".svg")


def check_qr_file(path: str) -> None:
    if not path.lower().endswith(QR_KINDS):
        raise UsageError(f"--qr-file {path}: give a path ending in .png or .svg")


def qr_image(link: str, path: str) -> bytes:
    """``--qr-file``: the code as a PNG (8 pixels a module) or SVG, with a 4-module quiet zone."""
    import io

    check_qr_file(path)
    out = io.BytesIO()
    kind = path.lower().rsplit(".", 1)[1]
    make_qr(link, "--qr-file").save(out, kind=kind, scale=8 if kind == "png" else 4, border=QUIET_ZONE)
    return out.getvalue()
