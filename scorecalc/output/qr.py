"""The BG Stats link as a QR code: drawn in the terminal (``--qr``) or written as an image (``--qr-file``).

Only these options import this module, and ``segno`` with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import UsageError
from .terminal import colour, terminal_width

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
"""(top dark, bottom dark) -> the half-block glyph whose ink is the dark modules."""


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


def make_qr(text: str) -> Any:
    """The smallest QR code for ``text`` (error correction L, raised only where the same
    version has room for more, as ``segno`` does by default: never a bigger code)."""
    import segno

    try:
        return segno.make(text, error="l", micro=False, boost_error=True)
    except segno.DataOverflowError:
        raise QRTooLong(
            f"--qr: the BG Stats link is {len(text.encode())} bytes, too long for any QR code "
            "(at most 2,953); print it with --bgstats-link instead") from None


def qr_code(text: str) -> QRCode:
    code = make_qr(text)
    modules = tuple(tuple(bool(bit) for bit in row) for row in code.matrix)
    return QRCode(code.version, code.error, modules)


def draw_qr(code: QRCode, width: int, color: bool = True) -> str:
    """The code in half-block characters, two modules per character cell (one above the
    other), which keeps modules square; a light quiet zone as wide as ``width`` allows, up to
    ``QUIET_ZONE`` and at least ``MIN_QUIET_ZONE``. Raises ``UsageError`` when even the
    narrowest does not fit."""
    needed = code.size + 2 * MIN_QUIET_ZONE
    if needed > width:
        raise UsageError(
            f"--qr: the QR code (version {code.version}, {code.size} x {code.size} modules) needs "
            f"{needed} columns and the terminal has {width}; widen the terminal (or set COLUMNS), "
            "or write it as an image with --qr-file PATH.png (or .svg)")
    quiet = min(QUIET_ZONE, (width - code.size) // 2)
    side = code.size + 2 * quiet
    blank = (False,) * side
    rows = [blank] * quiet + [(False,) * quiet + row + (False,) * quiet for row in code.modules]
    rows += [blank] * quiet
    if len(rows) % 2:
        rows.append(blank)
    start, end = (DARK + LIGHT, RESET) if color else ("", "")
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        lines.append(start + "".join(GLYPHS[pair] for pair in zip(top, bottom, strict=True)) + end)
    return "\n".join(lines) + "\n"


def qr_text(link: str, width: int | None = None) -> str:
    """``--qr``: the link drawn for the terminal (colours unless ``NO_COLOR`` is set)."""
    return draw_qr(qr_code(link), terminal_width() if width is None else width, color=colour())


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
    make_qr(link).save(out, kind=kind, scale=8 if kind == "png" else 4, border=QUIET_ZONE)
    return out.getvalue()
