"""What a phone sees of a terminal: the text ``--qr`` prints, drawn as character cells twice as
tall as wide, each block character's ink where its glyph has it; then decoded with zxing-cpp.

Used by tests/commands/test_bgstats.py; ``python -m tests.support.terminal_view FILE.yaml OUT.png
[COLUMNS LINES]`` saves the picture to look at.
"""

from __future__ import annotations

import re
import sys

import zxingcpp
from PIL import Image

from scorecalc.output.qr import QUARTERS

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
INK = {glyph: quarters for quarters, glyph in QUARTERS.items()}
"""Every glyph ``--qr`` draws (half blocks are quarter blocks too) -> which quarters are inked:
(top left, top right, bottom left, bottom right)."""
CELL_WIDTH, CELL_HEIGHT = 4, 8
"""Pixels of one character cell: twice as tall as wide, as terminal fonts are."""


def cells_of(text: str) -> list[str]:
    """The printed lines without their colour escapes."""
    return [ESCAPE.sub("", line) for line in text.splitlines()]


def picture(text: str, surround: int = 0, margin: int = 3) -> Image.Image:
    """The terminal text as an image, inside ``margin`` cells of the terminal's own background
    (``surround``: 0 a dark theme, 255 a light one). Cells without ink are the code's light
    ground (the colours ``--qr`` sets; with ``NO_COLOR``, a light theme's)."""
    lines = cells_of(text)
    columns = max(len(line) for line in lines)
    width = (columns + 2 * margin) * CELL_WIDTH
    height = (len(lines) + 2 * margin) * CELL_HEIGHT
    image = Image.new("L", (width, height), surround)
    half_w, half_h = CELL_WIDTH // 2, CELL_HEIGHT // 2
    for row, line in enumerate(lines):
        for column, char in enumerate(line):
            left, top = (column + margin) * CELL_WIDTH, (row + margin) * CELL_HEIGHT
            image.paste(255, (left, top, left + CELL_WIDTH, top + CELL_HEIGHT))
            for index, inked in enumerate(INK[char]):
                if inked:
                    x, y = left + (index % 2) * half_w, top + (index // 2) * half_h
                    image.paste(0, (x, y, x + half_w, y + half_h))
    return image


def decode(text: str, surround: int = 0) -> list[str]:
    """The QR codes a reader finds in the terminal text (only QR codes: a linear barcode
    "found" in a QR code's modules is no reading)."""
    found = zxingcpp.read_barcodes(picture(text, surround), formats=zxingcpp.BarcodeFormat.QRCode)
    return [result.text for result in found]


def main(argv: list[str]) -> None:
    from tests.helpers import run_cli

    source, out, *size = argv
    env = {"COLUMNS": size[0], "LINES": size[1]} if size else {}
    result = run_cli("score", source, "--qr", env=env)
    picture(result.stdout, 0).save(out)
    print(f"{out}: {len(cells_of(result.stdout))} lines; decoded: {decode(result.stdout) != []}")


if __name__ == "__main__":
    main(sys.argv[1:])
