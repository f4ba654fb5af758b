"""Logging a play in BG Stats: the play as JSON, its import link, and that link as a QR code.

BG Stats imports a play from ``https://app.bgstatsapp.com/createPlay.html?data=`` followed
by the play's JSON, URL-encoded. No one working on scorecalc could reach the app, so the
shape follows BG Stats' published description as SPEC section 7 quotes it.

The QR code is drawn only for ``--qr``/``--qr-file``, and only then is ``segno`` imported.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import UsageError
from .sheet import ScoreSheet

LINK_PREFIX = "https://app.bgstatsapp.com/createPlay.html?data="
URL_SAFE = ":,"
"""Kept as they are in the link: both may stand in a URL's query unencoded (RFC 3986
``pchar``), decode the same with ``decodeURIComponent`` and ``URLSearchParams``, and are the
JSON's most frequent punctuation: a two-player play's link is 15% shorter, which keeps its
QR code within 80 columns. Everything else but letters, digits and ``_.-~`` is encoded
(``"``, braces, brackets, spaces, ``+``, ``&``, ``=``, ``%`` and non-ASCII bytes included)."""


def play_date(date: str | None) -> str | None:
    """``2026-11-28T20:30`` -> ``2026-11-28 20:30:00``; a date alone is read as its midnight."""
    if date is None:
        return None
    day, _, time = date.partition("T")
    return f"{day} {time or '00:00'}:00"


def to_bgstats(sheet: ScoreSheet) -> dict[str, Any]:
    """The play as BG Stats imports it (start player = first in turn order).

    ``playDate``, ``location`` and ``comments`` appear only when the YAML gives them
    (without ``playDate`` BG Stats asks for the date).
    """
    start = sheet.start_player or (sheet.players[0].name if sheet.players else None)
    play: dict[str, Any] = {
        "sourceName": "scorecalc",
        "game": {
            "name": sheet.title or sheet.game,
            "bggId": sheet.bgg_id,
            "highestWins": True,
            "noPoints": False,
        },
        "players": [
            {"name": player.name, "score": player.total, "winner": sheet.won(player.name),
             "startPlayer": player.name == start, "rank": player.rank, "sourcePlayerId": player.name}
            for player in sheet.players
        ],
    }
    when = play_date(sheet.date)
    if when is not None:
        play["playDate"] = when
    if sheet.location:
        play["location"] = sheet.location
    if sheet.play_notes:
        play["comments"] = sheet.play_notes
    return play


def render_bgstats(sheets: Sequence[ScoreSheet]) -> str:
    if len(sheets) == 1:
        return json.dumps(to_bgstats(sheets[0]), ensure_ascii=False, indent=2) + "\n"
    return "".join(json.dumps(to_bgstats(sheet), ensure_ascii=False) + "\n" for sheet in sheets)


def bgstats_link(sheet: ScoreSheet) -> str:
    """BG Stats' import link for the play: the JSON compact (no spaces), then URL-encoded.

    Non-ASCII text stays UTF-8 (``ensure_ascii=False``): ``é`` costs 6 characters encoded,
    where ``\\u00e9`` would cost 8.
    """
    from urllib.parse import quote

    data = json.dumps(to_bgstats(sheet), ensure_ascii=False, separators=(",", ":"))
    return LINK_PREFIX + quote(data, safe=URL_SAFE)


# --- QR codes ---------------------------------------------------------------------------

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


def terminal_width() -> int:
    """``COLUMNS`` when set, else the terminal's when standard output is one, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.strip().isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if os.isatty(1):
            return os.get_terminal_size(1).columns
    except (OSError, ValueError):
        pass
    return 80


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
    return draw_qr(qr_code(link), terminal_width() if width is None else width,
                   color=not os.environ.get("NO_COLOR"))


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
