"""A place in the table as a phone's request names it, read back: ``players[2].money``; a Caracas
board row as ``players[0].grid.row3`` (``row`` parts are the pad's own, never the table's). The
file's form, written by ``errors.path_text`` as the ``tally:`` block writes it: what a phone
sends, never what it shows (a label or a message names a place in the players' words,
``scorecalc.places``)."""

from __future__ import annotations

import re

from ..errors import Path

_PART = re.compile(r"\[(\d{1,4})\]|\.?([A-Za-z_][A-Za-z0-9_]{0,40})")
MOST = 200
"""Characters of a place: more is no place of any table."""


def parse_place(text: str) -> Path | None:
    """The path a place names, or ``None`` when it names none."""
    if not text or len(text) > MOST or text[0] in ".[":
        return None
    parts: list[str | int] = []
    at = 0
    while at < len(text):
        found = _PART.match(text, at)
        if found is None:
            return None
        parts.append(int(found.group(1)) if found.group(1) is not None else found.group(2))
        at = found.end()
    return tuple(parts)
